//! Why a target (Rust, C) could not emit a derived model.

use crate::error::EmissionError;
use crate::templates::TemplateError;

/// Why a target could not emit a derived model.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    /// A function body could not be built.
    #[error(transparent)]
    Emission(#[from] EmissionError),
    /// A template failed to render.
    #[error(transparent)]
    Template(#[from] TemplateError),
}
