//! `mbcompile import`: a robot description into a source file holding its `mechanism!` block.

use super::files::write_if_changed;
use mbcompile::import::{Options, description as import_description};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Imports `description` and writes the block to `out` (default `src/<module>.rs` of the current
/// directory); an existing file is replaced only with `force`. Nothing is written on an error.
pub fn import_command(
    description: &Path,
    out: Option<PathBuf>,
    force: bool,
    options: &Options,
) -> Result<ExitCode, ExitCode> {
    let known = description
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("urdf") || e.eq_ignore_ascii_case("xml"));
    if !known {
        eprintln!(
            "error: {}: not a `.urdf` or `.xml` file (`mbcompile import` reads URDF and MJCF)",
            description.display()
        );
        return Err(ExitCode::from(2));
    }
    let imported = import_description(description, options).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(1)
    })?;
    let out = out.unwrap_or_else(|| {
        Path::new("src").join(format!("{}.rs", snake_case(&imported.struct_name)))
    });
    if out.exists() && !force {
        eprintln!("error: {} exists; --force replaces it", out.display());
        return Err(ExitCode::from(2));
    }
    write_if_changed(&out, &imported.source).map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(1)
    })?;
    for n in &imported.notes {
        eprintln!(
            "note: {}:{}: {}: {}",
            description.display(),
            n.line,
            n.path,
            n.what
        );
    }
    let module = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    eprintln!(
        "wrote {} ({} with {} coordinates); next: `mod {module};` in the crate's lib.rs, then `mbcompile gen`",
        out.display(),
        imported.struct_name,
        imported.coordinates.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// `Ur5Robot` → `ur5_robot`.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (k, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && k > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}
