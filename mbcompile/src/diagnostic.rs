//! Located, readable messages for user errors: `file:line:col`, the source line and a caret.

use std::fmt::Write;

/// A user-facing error with its place in a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Path of the file as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// Number of characters the caret underlines (at least 1).
    pub width: usize,
    /// The message.
    pub message: String,
    /// The source line, if known.
    pub source_line: Option<String>,
}

impl Diagnostic {
    /// Locates a `syn::Error` (spans from parsing `text` with span locations) in `file`.
    pub fn from_syn(file: &str, text: &str, e: &syn::Error) -> Diagnostic {
        let span = e.span();
        Self::at(file, text, span.start(), span.end(), e.to_string())
    }

    /// Locates an error of any stage of the pipeline in `file`.
    #[cfg(feature = "symbolic")]
    pub fn from_error(file: &str, text: &str, e: &crate::error::CompileError) -> Diagnostic {
        let span = e.span();
        Self::at(file, text, span.start(), span.end(), e.to_string())
    }

    /// A message at a span's start/end positions (proc-macro2 line/column, 1-based lines,
    /// 0-based columns).
    pub fn at(
        file: &str,
        text: &str,
        start: proc_macro2::LineColumn,
        end: proc_macro2::LineColumn,
        message: String,
    ) -> Diagnostic {
        let source_line = text
            .lines()
            .nth(start.line.saturating_sub(1))
            .map(str::to_string);
        let width = if end.line == start.line && end.column > start.column {
            end.column - start.column
        } else {
            source_line
                .as_ref()
                .map(|l| l.chars().count().saturating_sub(start.column).max(1))
                .unwrap_or(1)
        };
        Diagnostic {
            file: file.to_string(),
            line: start.line,
            column: start.column + 1,
            width: width.max(1),
            message,
            source_line,
        }
    }

    /// `file:line:col: error: message`, the source line and a caret under the span.
    pub fn render(&self) -> String {
        let mut s = format!(
            "{}:{}:{}: error: {}\n",
            self.file, self.line, self.column, self.message
        );
        if let Some(src) = &self.source_line {
            let gutter = self.line.to_string();
            let pad = " ".repeat(gutter.len());
            let _ = writeln!(s, "{pad} |");
            let _ = writeln!(s, "{gutter} | {src}");
            let lead: String = src
                .chars()
                .take(self.column - 1)
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let _ = writeln!(s, "{pad} | {lead}{}", "^".repeat(self.width));
        }
        s
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}
