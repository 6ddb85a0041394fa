//! `mbcompile print`: the equations reports of a crate's blocks, rendered by the report
//! templates (built in, or a user's with `--templates`), written to stdout only once every
//! report has rendered.

use super::crate_models::models;
use mbcompile::pipeline::{Found, derive_model};
use mbcompile::symbolic::print::{Format, ReportTemplates, Sections, render_report};
use std::path::Path;
use std::path::PathBuf;
use std::process::ExitCode;

/// What `print` was asked for.
pub struct PrintOptions {
    /// The report format.
    pub format: Format,
    /// The optional sections.
    pub sections: Sections,
    /// A directory of templates replacing built-in ones (report.txt, report.tex, report.md,
    /// report.html).
    pub templates: Option<PathBuf>,
    /// The base URL of KaTeX for the HTML report.
    pub katex: String,
}

/// Why `print` failed: the messages to show and the exit code.
pub struct PrintError {
    /// Messages for stderr, each complete (a diagnostic ends with its own newline).
    pub messages: Vec<String>,
    /// 1 for a template or derivation error, 2 for a usage error.
    pub code: u8,
}

impl PrintError {
    fn new(message: String, code: u8) -> PrintError {
        PrintError {
            messages: vec![message],
            code,
        }
    }
}

/// The reports of `found`, concatenated; nothing is returned unless every one rendered. The
/// templates are read before anything is derived, so a broken one fails at once.
pub fn print_reports(found: &[Found], options: &PrintOptions) -> Result<String, PrintError> {
    let templates = ReportTemplates::load(options.templates.as_deref())
        .map_err(|e| PrintError::new(format!("error: {e}\n"), 1))?;
    if options.format == Format::Html && found.len() > 1 {
        let names: Vec<&str> = found.iter().map(|f| f.model.name.text.as_str()).collect();
        return Err(PrintError::new(
            format!(
                "error: the HTML report is one page per mechanism: choose one with --model ({})\n",
                names.join(", ")
            ),
            2,
        ));
    }
    let mut out = String::new();
    for f in found {
        let d = derive_model(&f.model, &mut |_| {}).map_err(|e| PrintError {
            messages: vec![f.diagnostic(&e).to_string()],
            code: 1,
        })?;
        let text = render_report(
            &templates,
            &f.model,
            &d,
            options.format,
            options.sections,
            &options.katex,
        )
        .map_err(|e| PrintError::new(format!("error: {}: {e}\n", f.model.name.text), 1))?;
        out.push_str(&text);
    }
    Ok(out)
}

/// `mbcompile print`.
pub fn print_command(
    crate_dir: &Path,
    only: Option<&str>,
    options: &PrintOptions,
) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, only)?;
    match print_reports(&found, options) {
        Ok(text) => {
            print!("{text}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            e.messages.iter().for_each(|m| eprint!("{m}"));
            Ok(ExitCode::from(e.code))
        }
    }
}
