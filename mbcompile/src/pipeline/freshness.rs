//! Whether a model's generated module is up to date (by fingerprint).

use crate::dsl::ast::Model;
use crate::dsl::fingerprint;
use crate::dsl::source::{
    EQUATIONS_LATEX_EXTENSION, EQUATIONS_TEXT_EXTENSION, equations_path, generated_path,
    recorded_end, recorded_fingerprint,
};
use std::path::Path;

/// Freshness of a model's generated module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Freshness {
    /// The module records this model's fingerprint.
    Fresh,
    /// No module file, or no equations report beside it.
    Missing,
    /// The module records another fingerprint.
    Stale {
        /// What the file records.
        recorded: String,
    },
    /// The module records this model's fingerprint but does not end with its end marker: the
    /// file was cut short.
    Truncated,
}

/// Compares a model with its generated module (by fingerprint, in its header and in its end
/// marker); the equations reports the module includes must exist too.
pub fn freshness(crate_dir: &Path, model: &Model) -> Freshness {
    let module = model.module_name();
    let reports_exist = [EQUATIONS_TEXT_EXTENSION, EQUATIONS_LATEX_EXTENSION]
        .iter()
        .all(|extension| equations_path(crate_dir, &module, extension).is_file());
    if !reports_exist {
        return Freshness::Missing;
    }
    match std::fs::read_to_string(generated_path(crate_dir, &module)) {
        Err(_) => Freshness::Missing,
        Ok(text) => match recorded_fingerprint(&text) {
            Some(f) if f == fingerprint(model) && recorded_end(&text) == Some(f) => {
                Freshness::Fresh
            }
            Some(f) if f == fingerprint(model) => Freshness::Truncated,
            other => Freshness::Stale {
                recorded: other.unwrap_or("nothing").to_string(),
            },
        },
    }
}
