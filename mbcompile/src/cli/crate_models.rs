//! The models of a crate a command works on, and how the commands report them.

use mbcompile::diagnostic::Diagnostic;
use mbcompile::dsl::Validated;
use mbcompile::pipeline::{Found, find_crate_models, validate_found};
use std::path::Path;
use std::process::ExitCode;

/// Prints located errors; the exit code of a failed command.
pub fn report_errors(errors: &[Diagnostic]) -> ExitCode {
    for e in errors {
        eprint!("{e}");
    }
    ExitCode::from(1)
}

/// The `mechanism!` blocks of the crate at `crate_dir` (only the one named `only`, if given);
/// exit code 2 when there is no crate or no such block.
pub fn models(crate_dir: &Path, only: Option<&str>) -> Result<Vec<Found>, ExitCode> {
    if !crate_dir.join("Cargo.toml").exists() {
        eprintln!(
            "error: {} is not a crate directory (no Cargo.toml)",
            crate_dir.display()
        );
        return Err(ExitCode::from(2));
    }
    let found = find_crate_models(crate_dir).map_err(|e| report_errors(&e))?;
    let found: Vec<Found> = found
        .into_iter()
        .filter(|f| only.is_none_or(|m| f.model.name.text == m))
        .collect();
    if found.is_empty() {
        eprintln!(
            "error: no `mechanism!` block{} found under {}/src",
            only.map(|m| format!(" named {m}")).unwrap_or_default(),
            crate_dir.display()
        );
        return Err(ExitCode::from(2));
    }
    Ok(found)
}

/// The blocks validated, each once; every block's errors printed (exit code 1) if any has one.
pub fn validated(found: &[Found]) -> Result<Vec<Validated<'_>>, ExitCode> {
    validate_found(found).map_err(|e| report_errors(&e))
}

/// A spinner on stderr naming the model being worked on.
pub fn spinner(name: &str) -> indicatif::ProgressBar {
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_draw_target(indicatif::ProgressDrawTarget::stderr());
    pb.set_message(format!("{name}: parsing"));
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    pb
}
