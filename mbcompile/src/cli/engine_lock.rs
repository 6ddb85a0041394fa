//! One run of the symbolic engine at a time for this user on this machine.
//!
//! The unlicensed symbolic engine allows one thread per user at a time and aborts a second
//! process that starts it. Every command that derives (`gen`, `print`, `check --exact`) first
//! takes an exclusive lock on `<temp dir>/mbcompile-<user>.lock` (an advisory lock the system
//! releases when the process ends, however it ends), so that concurrent runs — two `gen` on one
//! crate, or Python's `compile_model` beside a terminal — wait for each other, saying so, instead
//! of one of them crashing.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;

/// The lock file of this user.
fn lock_path() -> PathBuf {
    let user = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .unwrap_or_else(|_| "user".into());
    let user: String = user
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    std::env::temp_dir().join(format!("mbcompile-{user}.lock"))
}

/// Takes the engine lock, waiting (and saying so on stderr) while another run holds it. The lock
/// lasts as long as the returned file. Without a usable lock file the run goes on, with a warning.
pub fn hold_engine() -> Option<File> {
    let path = lock_path();
    let file = match OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!(
                "warning: cannot open the lock file {}: {e}; runs of the symbolic engine are not serialised",
                path.display()
            );
            return None;
        }
    };
    match file.try_lock() {
        Ok(()) => Some(file),
        Err(TryLockError::WouldBlock) => {
            eprintln!(
                "waiting for another mbcompile run to finish with the symbolic engine (lock {})",
                path.display()
            );
            file.lock().ok().map(|()| file)
        }
        Err(TryLockError::Error(e)) => {
            eprintln!(
                "warning: cannot lock {}: {e}; runs of the symbolic engine are not serialised",
                path.display()
            );
            None
        }
    }
}
