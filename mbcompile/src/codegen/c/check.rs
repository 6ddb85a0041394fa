//! The check that generated C compiles: the C compiler (`$CC`, else `cc`) reads each written
//! source in C99 with every warning an error. A user's template that produces code that does not
//! compile is reported with the compiler's own message; the file stays on disk for inspection.

use std::path::Path;
use std::process::Command;

/// The flags of the check: C99, the usual warnings, all of them errors, no object written.
pub const FLAGS: [&str; 5] = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-fsyntax-only"];

/// Why generated C was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum CompileCheckError {
    /// No C compiler could be run.
    #[error("no C compiler could be run (`{compiler}`: {message}); set CC or pass --no-cc")]
    NoCompiler {
        /// The command tried.
        compiler: String,
        /// The system's message.
        message: String,
    },
    /// The compiler rejected the source.
    #[error("{file} does not compile (kept for inspection)\n  command: {command}\n{output}")]
    Rejected {
        /// The source.
        file: String,
        /// The command line.
        command: String,
        /// The compiler's messages.
        output: String,
    },
}

/// The C compiler: `$CC` when set, else `cc`.
fn compiler() -> String {
    std::env::var("CC")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .unwrap_or_else(|| "cc".to_string())
}

/// Compiles `source` with [`FLAGS`] (its directory on the include path, for its header).
pub fn check_compiles(source: &Path) -> Result<(), CompileCheckError> {
    let cc = compiler();
    let dir = source.parent().unwrap_or(Path::new("."));
    let mut command = Command::new(&cc);
    command.args(FLAGS).arg("-I").arg(dir).arg(source);
    let shown = format!(
        "{cc} {} -I {} {}",
        FLAGS.join(" "),
        dir.display(),
        source.display()
    );
    let output = command
        .output()
        .map_err(|e| CompileCheckError::NoCompiler {
            compiler: cc.clone(),
            message: e.to_string(),
        })?;
    if output.status.success() {
        return Ok(());
    }
    Err(CompileCheckError::Rejected {
        file: source.display().to_string(),
        command: shown,
        output: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}
