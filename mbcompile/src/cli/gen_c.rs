//! `mbcompile gen --target c`: derives each model and writes `<module>.h` and `<module>.c` into
//! the output directory, then checks that each source compiles.
//!
//! The templates are loaded (and a user's broken template reported) before anything is derived
//! or written; a file whose content is unchanged is not rewritten; a source the C compiler
//! rejects stays on disk, and the compiler's messages are shown.

use super::files::write_if_changed;
use mbcompile::codegen::c::check::check_compiles;
use mbcompile::codegen::c::{CError, TEMPLATES, c_sources};
use mbcompile::pipeline::{Found, derive_model};
use mbcompile::templates::Templates;
use std::path::PathBuf;

/// Options of the C target.
pub struct CTarget {
    /// Where the files go.
    pub out: PathBuf,
    /// A directory of templates overriding the built-in ones.
    pub templates: Option<PathBuf>,
    /// Whether to compile each source after writing it.
    pub compile_check: bool,
    /// Horner-scheme search iterations.
    pub horner: usize,
}

/// An error message as the command prints it.
fn error(message: impl std::fmt::Display) -> String {
    format!("error: {message}\n")
}

/// Generates the C of every model of `found`; the messages of what failed (each ending in a
/// newline).
pub fn gen_c(found: &[Found], target: &CTarget) -> Result<(), Vec<String>> {
    let templates =
        Templates::load(TEMPLATES, target.templates.as_deref()).map_err(|e| vec![error(e)])?;
    std::fs::create_dir_all(&target.out).map_err(|e| {
        vec![error(format!(
            "cannot create {}: {e}",
            target.out.display()
        ))]
    })?;
    let mut errors = Vec::new();
    for f in found {
        let derived = match derive_model(&f.model, &mut |_| {}) {
            Ok(d) => d,
            Err(e) => {
                errors.push(f.diagnostic(&e).to_string());
                continue;
            }
        };
        let sources = match c_sources(&f.model, &derived, target.horner, &templates) {
            Ok(s) => s,
            Err(CError::Emission(e)) => {
                errors.push(error(format!("{}: {e}", f.model.name.text)));
                continue;
            }
            Err(e) => return Err(vec![error(e)]),
        };
        let module = f.model.module_name();
        let header = target.out.join(format!("{module}.h"));
        let source = target.out.join(format!("{module}.c"));
        for (path, text) in [(&header, &sources.header), (&source, &sources.source)] {
            let written = write_if_changed(path, text).map_err(|e| vec![error(e)])?;
            let verb = if written { "wrote" } else { "unchanged" };
            eprintln!("{verb} {}", path.display());
        }
        if target.compile_check
            && let Err(e) = check_compiles(&source)
        {
            errors.push(error(e));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}
