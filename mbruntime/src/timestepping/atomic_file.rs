//! A file that appears whole or not at all (for CSV records and other outputs of runs).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file written beside its destination (`<path>.partial`) and renamed over it by
/// [`commit`](Self::commit): a run that fails, panics or is interrupted before the commit leaves
/// the previous file (or none) — dropping an uncommitted `AtomicFile` removes the partial one,
/// and a kill leaves at most the `.partial`, which the next `create` of the same path replaces.
/// A symbolic link is followed (the file it names is replaced, the link stays); a destination
/// that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is written in
/// place, since a file renamed over it would replace the device itself.
///
/// ```no_run
/// # fn main() -> std::io::Result<()> {
/// use std::io::{BufWriter, Write};
/// let mut out = BufWriter::new(mbruntime::timestepping::AtomicFile::create("run.csv")?);
/// writeln!(out, "t,x")?;
/// out.into_inner().map_err(|e| e.into_error())?.commit()?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct AtomicFile {
    file: Option<File>,
    /// The file written: `<target>.partial`, or the target itself when it is not a regular file.
    partial: PathBuf,
    target: PathBuf,
}

impl AtomicFile {
    /// Starts writing `path` (its `.partial` beside it, created or truncated).
    pub fn create(path: impl AsRef<Path>) -> io::Result<Self> {
        let given = path.as_ref();
        let target = std::fs::canonicalize(given).unwrap_or_else(|_| given.to_path_buf());
        if std::fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
            let file = std::fs::OpenOptions::new().write(true).open(&target)?;
            return Ok(Self {
                file: Some(file),
                partial: target.clone(),
                target,
            });
        }
        let mut partial = target.clone().into_os_string();
        partial.push(".partial");
        let partial = PathBuf::from(partial);
        let file = File::create(&partial)?;
        Ok(Self {
            file: Some(file),
            partial,
            target,
        })
    }

    /// Whether the destination is written in place (it is not a regular file).
    fn in_place(&self) -> bool {
        self.partial == self.target
    }

    /// Flushes the data to the disk and renames the file over its destination.
    pub fn commit(mut self) -> io::Result<()> {
        let mut file = self.file.take().expect("an uncommitted file");
        if self.in_place() {
            return file.flush();
        }
        file.sync_all()?;
        drop(file);
        std::fs::rename(&self.partial, &self.target)
    }

    /// Flushes a buffered writer of an `AtomicFile` and commits the file (the usual end of a
    /// [`RecordCsv`](super::RecordCsv) over `BufWriter<AtomicFile>`: `into_inner` first).
    pub fn commit_buffered(writer: BufWriter<AtomicFile>) -> io::Result<()> {
        writer.into_inner().map_err(|e| e.into_error())?.commit()
    }

    fn file(&mut self) -> &mut File {
        self.file.as_mut().expect("an uncommitted file")
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file().write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.file().flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() && !self.in_place() {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_destination_changes_only_at_the_commit() {
        let dir = std::env::temp_dir().join(format!("mb-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.csv");
        std::fs::write(&path, "old\n").unwrap();
        let mut f = AtomicFile::create(&path).unwrap();
        f.write_all(b"new, half").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old\n");
        drop(f);
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "old\n",
            "dropped: unchanged"
        );
        assert!(
            !dir.join("out.csv.partial").exists(),
            "dropped: no partial file"
        );
        let mut f = AtomicFile::create(&path).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new\n");
        assert!(!dir.join("out.csv.partial").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A link is followed and a device written in place: renaming over `/dev/null` would
    /// replace the null device by a regular file.
    #[test]
    fn links_are_followed_and_devices_written_in_place() {
        use std::os::unix::fs::FileTypeExt;
        let dir = std::env::temp_dir().join(format!("mb-atomic-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (real, link) = (dir.join("real.csv"), dir.join("link.csv"));
        std::fs::write(&real, "old\n").unwrap();
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let mut f = AtomicFile::create(&link).unwrap();
        f.write_all(b"new\n").unwrap();
        f.commit().unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new\n");
        std::fs::remove_dir_all(&dir).unwrap();
        let null = Path::new("/dev/null");
        assert!(
            std::fs::metadata(null)
                .unwrap()
                .file_type()
                .is_char_device()
        );
        let mut f = AtomicFile::create(null).unwrap();
        f.write_all(b"discarded\n").unwrap();
        f.commit().unwrap();
        drop(AtomicFile::create(null).unwrap());
        assert!(
            std::fs::metadata(null)
                .unwrap()
                .file_type()
                .is_char_device(),
            "the null device was replaced"
        );
    }
}
