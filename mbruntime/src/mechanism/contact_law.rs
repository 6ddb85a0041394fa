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

impl ContactLaw {
    /// Checks the law of contact `contact` (index `index`), the one rule both integrators, the
    /// ensembles and the Python bindings apply: ε_N, ε_T ∈ [0, 1], μ finite and ≥ 0, and μ > 0
    /// only on a contact that declares a tangent (friction without a direction would be
    /// dropped silently).
    pub fn validate(&self, contact: &'static str, index: usize) -> Result<(), ContactLawError> {
        for (parameter, value, upper) in [
            ("ε_N", self.normal_restitution, 1.0),
            ("ε_T", self.tangential_restitution, 1.0),
            ("μ", self.friction, f64::INFINITY),
        ] {
            if !(value >= 0.0 && value <= upper && value.is_finite()) {
                return Err(ContactLawError::OutOfRange {
                    contact,
                    index,
                    parameter,
                    value,
                });
            }
        }
        if self.friction != 0.0 && !self.has_tangent {
            return Err(ContactLawError::FrictionWithoutTangent {
                contact,
                index,
                friction: self.friction,
            });
        }
        Ok(())
    }
}

/// Checks every contact law of a model ([`ContactLaw::validate`]); `contacts` are the contact
/// names in the same order.
pub fn validate_contact_laws(
    laws: &[ContactLaw],
    contacts: &[&'static str],
) -> Result<(), ContactLawError> {
    for (index, law) in laws.iter().enumerate() {
        let contact = contacts.get(index).copied().unwrap_or("?");
        law.validate(contact, index)?;
    }
    Ok(())
}

/// A contact law no integrator can honour.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum ContactLawError {
    /// A restitution coefficient outside [0, 1], or a friction coefficient that is negative or
    /// not finite.
    #[error(
        "contact `{contact}` (index {index}) has {parameter} = {value}: restitution must lie in \
         [0, 1], friction must be finite and non-negative"
    )]
    OutOfRange {
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// "ε_N", "ε_T" or "μ".
        parameter: &'static str,
        /// The offending value.
        value: f64,
    },
    /// Friction μ > 0 on a contact that declares no tangential direction.
    #[error(
        "contact `{contact}` (index {index}) has Coulomb friction μ = {friction} but no tangent: \
         give its slip (`slip:` or `tangent:`) or set μ = 0"
    )]
    FrictionWithoutTangent {
        /// Name of the contact.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Its friction coefficient μ.
        friction: f64,
    },
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
