//! The report templates (`templates/report/`): one per [`Format`], built in, each replaceable
//! by a user's file of the same name (`mbcompile print --templates <dir>`).

use super::report::EquationsReport;
use crate::templates::{Builtin, TemplateError, Templates};
use serde::Serialize;
use std::path::Path;

/// Output format of equations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Plain text: `m*l^2*dot(theta)`.
    Text,
    /// LaTeX: `m l^{2} \dot{\theta}`.
    Latex,
    /// Markdown with LaTeX math blocks.
    Markdown,
    /// One HTML page, the equations typeset by KaTeX.
    Html,
}

/// The built-in report templates, by file name.
pub const REPORT_TEMPLATES: [Builtin; 4] = [
    (
        "report.txt",
        include_str!("../../../templates/report/report.txt"),
    ),
    (
        "report.tex",
        include_str!("../../../templates/report/report.tex"),
    ),
    (
        "report.md",
        include_str!("../../../templates/report/report.md"),
    ),
    (
        "report.html",
        include_str!("../../../templates/report/report.html"),
    ),
];

/// The version of KaTeX the HTML report loads by default.
pub const KATEX_VERSION: &str = "0.16.22";

/// Where the HTML report loads KaTeX from by default (jsDelivr's copy of the npm package):
/// `katex.min.js`, `katex.min.css` and `fonts/` under it.
pub const DEFAULT_KATEX_URL: &str = "https://cdn.jsdelivr.net/npm/katex@0.16.22/dist";

/// Subresource integrity of the default `katex.min.js` and `katex.min.css` (sha384 of the files
/// of the npm package `katex@0.16.22`), so a browser refuses altered copies.
const DEFAULT_KATEX_INTEGRITY: Integrity = Integrity {
    script: "sha384-cMkvdD8LoxVzGF/RPUKAcvmm49FQ0oxwDF3BGKtDXcEc+T1b2N+teh/OJfpU0jr6",
    stylesheet: "sha384-5TcZemv2l/9On385z///+d7MSYlvIEw9FuZTIdZ14vJLqWphw7e7ZPuOiCHJcFCP",
};

/// Subresource-integrity hashes of KaTeX's script and style sheet.
#[derive(Debug, Clone, Copy, Serialize)]
struct Integrity {
    script: &'static str,
    stylesheet: &'static str,
}

/// The template of a format.
pub fn template_name(format: Format) -> &'static str {
    match format {
        Format::Text => "report.txt",
        Format::Latex => "report.tex",
        Format::Markdown => "report.md",
        Format::Html => "report.html",
    }
}

/// What a report template sees: the report's fields at the top level, and where KaTeX is.
#[derive(Serialize)]
struct Context<'a> {
    #[serde(flatten)]
    report: &'a EquationsReport,
    /// The base URL of KaTeX, without a trailing slash.
    katex: &'a str,
    /// The integrity hashes of the default KaTeX, none for another copy.
    katex_integrity: Option<Integrity>,
}

/// The report templates, built in or overridden by a user's directory.
pub struct ReportTemplates {
    templates: Templates,
}

impl ReportTemplates {
    /// The built-in templates, each replaced by the file of the same name in `user_dir` (a file
    /// there that names no report template, or one that does not parse, is an error).
    pub fn load(user_dir: Option<&Path>) -> Result<ReportTemplates, TemplateError> {
        Ok(ReportTemplates {
            templates: Templates::load(&REPORT_TEMPLATES, user_dir)?,
        })
    }

    /// `report` in `format`; the HTML report loads KaTeX from `katex_url` (the directory of
    /// `katex.min.js`, `katex.min.css` and `fonts/`).
    pub fn render(
        &self,
        report: &EquationsReport,
        format: Format,
        katex_url: &str,
    ) -> Result<String, TemplateError> {
        let katex = katex_url.trim_end_matches('/');
        let context = Context {
            report,
            katex,
            katex_integrity: (katex == DEFAULT_KATEX_URL).then_some(DEFAULT_KATEX_INTEGRITY),
        };
        self.templates.render(template_name(format), &context)
    }
}
