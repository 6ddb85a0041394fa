//! Stage 1 over a crate: every `mechanism!` block under `<crate>/src` (generated modules
//! excluded), parsed, then validated so that a crate's models can be listed and checked before
//! anything is derived.

use crate::diagnostic::Diagnostic;
use crate::dsl::ast::Model;
use crate::dsl::source::{GENERATED_DIR, find_models};
use crate::dsl::validate::{Validated, validate};
use crate::error::CompileError;
use std::path::{Path, PathBuf};

/// A model found in a crate, with the file it came from.
pub struct Found {
    /// The source file.
    pub file: PathBuf,
    /// Its text (for locating errors).
    pub text: String,
    /// The parsed model.
    pub model: Model,
}

impl Found {
    /// A located diagnostic for an error in this model.
    pub fn diagnostic(&self, e: &CompileError) -> Diagnostic {
        Diagnostic::from_error(&self.file.display().to_string(), &self.text, e)
    }

    /// Whether the block asks for the C target as well (`generate { targets: [rust, c] }`).
    pub fn wants_c(&self) -> bool {
        self.model.generate.as_ref().is_some_and(|g| g.wants_c())
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if !p.ends_with(GENERATED_DIR.rsplit('/').next().unwrap_or("generated")) {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Every `mechanism!` block under `<crate_dir>/src` (generated modules excluded), in path order,
/// parsed (two blocks generating the same module are an error); [`validate_found`] validates
/// them.
pub fn find_crate_models(crate_dir: &Path) -> Result<Vec<Found>, Vec<Diagnostic>> {
    let mut files = Vec::new();
    rust_files(&crate_dir.join("src"), &mut files);
    let mut found = Vec::new();
    let mut errors = Vec::new();
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        if !text.contains("mechanism!") {
            continue;
        }
        match find_models(&text) {
            Ok(ms) => {
                for model in ms {
                    found.push(Found {
                        file: f.clone(),
                        text: text.clone(),
                        model,
                    });
                }
            }
            Err(e) => errors.push(Diagnostic::from_error(
                &f.display().to_string(),
                &text,
                &CompileError::Syntax(e),
            )),
        }
    }
    let mut seen = std::collections::HashMap::new();
    for m in &found {
        if let Some(prev) = seen.insert(m.model.module_name(), m.file.display().to_string()) {
            errors.push(m.diagnostic(&CompileError::Validation(syn::Error::new(
                m.model.name.span,
                format!(
                    "another mechanism in {prev} already generates module `{}`",
                    m.model.module_name()
                ),
            ))));
        }
    }
    if errors.is_empty() {
        Ok(found)
    } else {
        Err(errors)
    }
}

/// Stage 2 for every block found: each validated once, every block's errors reported together
/// (located in its file) before anything is derived.
pub fn validate_found(found: &[Found]) -> Result<Vec<Validated<'_>>, Vec<Diagnostic>> {
    let mut validated = Vec::with_capacity(found.len());
    let mut errors = Vec::new();
    for f in found {
        match validate(&f.model) {
            Ok(v) => validated.push(v),
            Err(e) => errors.push(f.diagnostic(&CompileError::Validation(e))),
        }
    }
    match errors.is_empty() {
        true => Ok(validated),
        false => Err(errors),
    }
}
