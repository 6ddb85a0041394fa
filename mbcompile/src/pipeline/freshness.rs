//! Whether a model's generated module is up to date (by fingerprint).

use crate::dsl::ast::Model;
use crate::dsl::fingerprint;
use crate::dsl::source::{generated_path, recorded_fingerprint};
use std::path::Path;

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
