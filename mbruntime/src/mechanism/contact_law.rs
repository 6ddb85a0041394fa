//! Per-contact impact and friction data, and the error of setting a parameter.

/// Impact and friction data of one unilateral contact (Glocker & Studer 2005, "Formulation and
/// preparation for numerical evaluation of linear complementarity systems in dynamics",
/// (11)–(12)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactLaw {
    /// Normal restitution ε_N ∈ [0, 1].
    pub normal_restitution: f64,
    /// Tangential restitution ε_T ∈ [0, 1].
    pub tangential_restitution: f64,
    /// Coulomb friction coefficient μ ≥ 0 (zero: frictionless).
    pub friction: f64,
    /// Whether the contact declares a tangential direction at all.
    pub has_tangent: bool,
}

/// Error from setting a model parameter.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ParameterError {
    /// No parameter has this index or name.
    #[error("model has no parameter {0}")]
    Unknown(String),
    /// The value is NaN or infinite.
    #[error("parameter `{name}` must be finite, got {value}")]
    NonFinite {
        /// Parameter name.
        name: &'static str,
        /// Offending value.
        value: f64,
    },
}
