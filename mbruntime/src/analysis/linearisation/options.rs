//! What a linearisation is asked for: the operating point and the options.

use crate::mechanism::Vector;

/// Default of [`LinearisationOptions::constraint_tolerance`]: bilateral constraints, the gaps
/// of closed contacts and their velocities must vanish at the operating point to 10⁻⁹ (absolute,
/// in the units of the constraint functions and of their time derivatives).
pub const CONSTRAINT_TOLERANCE: f64 = 1e-9;

/// The state (q*, q̇*, t*) about which a model is linearised.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OperatingPoint<const NQ: usize> {
    /// Coordinates q*.
    pub q: Vector<NQ>,
    /// Velocities q̇*.
    pub qd: Vector<NQ>,
    /// Time t* (a rheonomic model is linearised with time frozen at t*).
    pub t: f64,
}

/// A model parameter taken as an input u of ẋ = A x + B u, by index or by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParameterInput<'a> {
    /// Parameter number k (position in `Dynamics::parameter_names`).
    Index(usize),
    /// Parameter with this name.
    Name(&'a str),
}

impl From<usize> for ParameterInput<'_> {
    fn from(k: usize) -> Self {
        Self::Index(k)
    }
}

impl<'a> From<&'a str> for ParameterInput<'a> {
    fn from(name: &'a str) -> Self {
        Self::Name(name)
    }
}

impl std::fmt::Display for ParameterInput<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Index(k) => write!(f, "{k}"),
            Self::Name(name) => write!(f, "`{name}`"),
        }
    }
}

/// How to linearise (see the [module documentation](super)).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinearisationOptions<'a> {
    /// Unilateral contacts (model indices) that are closed at the operating point and are
    /// treated as bilateral constraints g_N,i(q, t) = 0.
    pub closed_contacts: &'a [usize],
    /// Parameters taken as inputs: column j of B is ∂ẋ/∂p for `inputs[j]`.
    pub inputs: &'a [ParameterInput<'a>],
    /// The independent coordinates y ⊂ q (model indices, n − rank F_h of them: the holonomic
    /// constraints and closed contacts only), or `None` to let a column-pivoted QR
    /// factorisation of the constraint Jacobian choose them.
    pub independent: Option<&'a [usize]>,
    /// The independent speeds u = q̇\[independent_speeds\] (model indices, n − rank C of them:
    /// every active constraint at velocity level, velocity constraints included), or `None`:
    /// the velocities of the independent coordinates, of which a column-pivoted QR makes one
    /// dependent per velocity constraint. Without velocity constraints `None` gives u = ẏ.
    pub independent_speeds: Option<&'a [usize]>,
    /// Absolute tolerance on the constraint values and constraint velocities at the operating
    /// point ([`CONSTRAINT_TOLERANCE`] by default).
    pub constraint_tolerance: f64,
}

impl Default for LinearisationOptions<'_> {
    fn default() -> Self {
        Self {
            closed_contacts: &[],
            inputs: &[],
            independent: None,
            independent_speeds: None,
            constraint_tolerance: CONSTRAINT_TOLERANCE,
        }
    }
}
