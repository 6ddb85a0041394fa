//! Writing generated files: a file that already holds its text is left alone, so that
//! timestamps (and the builds that watch them) move only on a real change.

use std::path::Path;

/// Writes `text` to `path` (creating its directory) unless the file already holds it; true when
/// written. The error names the file.
pub fn write_if_changed(path: &Path, text: &str) -> Result<bool, String> {
    if std::fs::read_to_string(path).ok().as_deref() == Some(text) {
        return Ok(false);
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(true)
}
