//! `mbcompile check`: which generated modules are missing, stale or truncated (and, with
//! `--exact`, which differ from what the generator writes now).

use super::crate_models::{models, validated};
use mbcompile::dsl::source::{
    EQUATIONS_LATEX_EXTENSION, EQUATIONS_TEXT_EXTENSION, equations_path, generated_path,
};
use mbcompile::pipeline::{
    DEFAULT_HORNER_ITERATIONS, Freshness, Generated, freshness, generate_validated,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// True when the module and equations reports on disk are byte-identical to `g`.
fn files_match(crate_dir: &Path, module: &str, g: &Generated) -> bool {
    let holds =
        |path: PathBuf, text: &str| std::fs::read_to_string(path).ok().as_deref() == Some(text);
    holds(generated_path(crate_dir, module), &g.source)
        && holds(
            equations_path(crate_dir, module, EQUATIONS_TEXT_EXTENSION),
            &g.equations,
        )
        && holds(
            equations_path(crate_dir, module, EQUATIONS_LATEX_EXTENSION),
            &g.equations_latex,
        )
}

/// `mbcompile check`.
pub fn check_command(crate_dir: &Path, exact: bool) -> Result<ExitCode, ExitCode> {
    let found = models(crate_dir, None)?;
    let blocks = validated(&found)?;
    let mut bad = 0;
    for (f, block) in found.iter().zip(&blocks) {
        let module = f.model.module_name();
        let shown = format!(
            "{} (src/generated/{module}.rs, from {})",
            f.model.name.text,
            f.file.display()
        );
        let verdict = match freshness(crate_dir, &f.model) {
            Freshness::Fresh if exact => {
                match generate_validated(block, DEFAULT_HORNER_ITERATIONS, &mut |_| {}) {
                    Ok(g) if files_match(crate_dir, &module, &g) => Some("fresh"),
                    Ok(_) => Some("differs"),
                    Err(e) => {
                        eprint!("{}", f.diagnostic(&e));
                        None
                    }
                }
            }
            Freshness::Fresh => Some("fresh"),
            Freshness::Missing => Some("missing"),
            Freshness::Stale { .. } => Some("stale"),
            Freshness::Truncated => Some("truncated"),
        };
        if verdict != Some("fresh") {
            bad += 1;
        }
        if let Some(v) = verdict {
            println!("{v:<8} {shown}");
        }
    }
    if bad > 0 {
        eprintln!(
            "{bad} module(s) need `mbcompile gen {}`",
            crate_dir.display()
        );
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::SUCCESS)
    }
}
