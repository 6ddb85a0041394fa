//! The whole generator: crate sources → models → derivation → generated modules.

use crate::codegen::module::{Stats, module};
use crate::diagnostic::Diagnostic;
use crate::dsl::ast::Model;
use crate::dsl::fingerprint;
use crate::dsl::source::{GENERATED_DIR, find_models, generated_path, recorded_fingerprint};
use crate::symbolic::derive::{Derived, derive};
use std::path::{Path, PathBuf};

/// Default number of Horner-scheme search iterations in the evaluator optimiser.
pub const DEFAULT_HORNER_ITERATIONS: usize = 1;

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
    pub fn diagnostic(&self, e: &syn::Error) -> Diagnostic {
        Diagnostic::from_syn(&self.file.display().to_string(), &self.text, e)
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

/// Every `mechanism!` block under `<crate_dir>/src` (generated modules excluded), in path order.
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
            Ok(ms) => found.extend(ms.into_iter().map(|model| Found {
                file: f.clone(),
                text: text.clone(),
                model,
            })),
            Err(e) => errors.push(Diagnostic::from_syn(&f.display().to_string(), &text, &e)),
        }
    }
    let mut seen = std::collections::HashMap::new();
    for m in &found {
        if let Some(prev) = seen.insert(m.model.module_name(), m.file.display().to_string()) {
            errors.push(m.diagnostic(&syn::Error::new(
                m.model.name.span,
                format!(
                    "another mechanism in {prev} already generates module `{}`",
                    m.model.module_name()
                ),
            )));
        }
    }
    if errors.is_empty() {
        Ok(found)
    } else {
        Err(errors)
    }
}

/// The generated source of one model.
pub struct Generated {
    /// The formatted module source.
    pub source: String,
    /// Operation counts per function.
    pub stats: Stats,
    /// The derivation (for printing).
    pub derived: Derived,
}

/// Derives and emits one model. Errors are located in the block.
pub fn generate(
    model: &Model,
    horner: usize,
    progress: &mut dyn FnMut(&str),
) -> Result<Generated, syn::Error> {
    let derived = derive(model, progress)?;
    progress("code generation");
    let (source, stats) = module(model, &derived, horner)
        .map_err(|e| syn::Error::new(model.name.span, format!("code generation failed: {e}")))?;
    Ok(Generated {
        source,
        stats,
        derived,
    })
}

/// Freshness of a model's generated module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Freshness {
    /// The module records this model's fingerprint.
    Fresh,
    /// No module file.
    Missing,
    /// The module records another fingerprint.
    Stale {
        /// What the file records.
        recorded: String,
    },
}

/// Compares a model with its generated module (by fingerprint).
pub fn freshness(crate_dir: &Path, model: &Model) -> Freshness {
    match std::fs::read_to_string(generated_path(crate_dir, &model.module_name())) {
        Err(_) => Freshness::Missing,
        Ok(text) => match recorded_fingerprint(&text) {
            Some(f) if f == fingerprint(model) => Freshness::Fresh,
            other => Freshness::Stale {
                recorded: other.unwrap_or("nothing").to_string(),
            },
        },
    }
}
