//! Errors of an import: always the file, and the line and element where they can be known.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a description could not be imported. Nothing is written when an import fails.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub struct ImportError {
    /// The description file.
    pub file: PathBuf,
    /// 1-based line of the offending element, when known.
    pub line: Option<usize>,
    /// The offending element's path (`robot[name=r]/joint[name=elbow]`), or `document`.
    pub element: String,
    /// What is wrong, with the offending value.
    pub message: String,
}

impl ImportError {
    /// An error at a line of the file.
    pub fn at(file: &Path, line: usize, element: &str, message: String) -> ImportError {
        ImportError {
            file: file.to_path_buf(),
            line: Some(line),
            element: element.to_string(),
            message,
        }
    }

    /// An error about the whole file (it cannot be read, or the parser gave no position).
    pub fn in_file(file: &Path, message: String) -> ImportError {
        ImportError {
            file: file.to_path_buf(),
            line: None,
            element: "document".to_string(),
            message,
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(
                f,
                "{}:{line}: {}: {}",
                self.file.display(),
                self.element,
                self.message
            ),
            None => write!(
                f,
                "{}: {}: {}",
                self.file.display(),
                self.element,
                self.message
            ),
        }
    }
}
