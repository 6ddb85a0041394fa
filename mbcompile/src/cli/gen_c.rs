//! `mbcompile gen --target c`: derives each model and writes `<module>.h` and `<module>.c` into
//! the output directory, then checks that each source compiles.
//!
//! The templates are loaded (and a user's broken template reported) before anything is derived
//! or written; a file whose content is unchanged is not rewritten; a source the C compiler
//! rejects stays on disk, and the compiler's messages are shown.

use mbcompile::codegen::c::check::check_compiles;
use mbcompile::codegen::c::{CError, TEMPLATES, c_sources};
use mbcompile::pipeline::{Found, derive_model};
use mbcompile::templates::Templates;
use std::path::{Path, PathBuf};

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

/// Writes `text` to `path` unless the file already holds it; says which.
fn write_file(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).ok().as_deref() == Some(text) {
        eprintln!("unchanged {}", path.display());
        return Ok(());
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
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
            write_file(path, text).map_err(|e| vec![error(e)])?;
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
