//! Writing generated files: a file that already holds its text is left alone, so that
//! timestamps (and the builds that watch them) move only on a real change.

use std::path::Path;

/// Writes `text` to `path` (creating its directory) unless the file already holds it; true when
/// written. The error names the file.
///
/// A regular file is written beside itself and renamed over the old one: an interrupted run
/// leaves the old file or the new one, never half of one — and at most a `.partial`, which the
/// next run removes. A symbolic link is followed (the file it points to is replaced, the link
/// stays). A destination that exists and is not a regular file (`--out /dev/null`, a FIFO, a
/// terminal) is written in place: a file renamed over it would replace the device itself.
pub fn write_if_changed(path: &Path, text: &str) -> Result<bool, String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let resolved = std::fs::canonicalize(path).ok();
    if let Some(real) = &resolved
        && !std::fs::metadata(real).is_ok_and(|m| m.is_file())
    {
        std::fs::write(real, text).map_err(fail)?;
        return Ok(true);
    }
    let path = resolved.as_deref().unwrap_or(path);
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let _ = std::fs::remove_file(&partial);
    if std::fs::read_to_string(path).ok().as_deref() == Some(text) {
        return Ok(false);
    }
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    std::fs::write(&partial, text).map_err(fail)?;
    std::fs::rename(&partial, path).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        fail(e)
    })?;
    Ok(true)
}
