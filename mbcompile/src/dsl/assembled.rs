//! The assembled model: the scalar form of a validated block that the derive stage works on
//! (see `assemble`), its quantities as [`Scalar`] expressions of (q, q̇, t).

use super::ast::{Body, Constraint, Force, Model, Name, Parameter, Tangent};
use super::scalar::Scalar;
use super::validate::Validated;
use proc_macro2::Span;

/// A validated model in scalar form, the derive stage's input: T, V and Q as expressions of
/// (q, q̇, t) with the points, hand-placed bodies, gravity, springs, dampers, loads and torques
/// written into them; the bilateral constraints (holonomic, velocity, and the `rolling` items
/// lowered to velocity constraints) and the contacts with their gaps and slips as such
/// expressions; the joint bodies as the kinematic tree. Not the user's block: the names these
/// expressions use (parameters, coordinates, time, `let`s) are the validated block's, read
/// through it.
pub struct Assembled<'v> {
    /// T(q, q̇, t).
    pub kinetic: Option<Scalar>,
    /// V(q, t).
    pub potential: Option<Scalar>,
    /// Generalised forces Q, at most one per coordinate.
    pub forces: Vec<Force<Scalar>>,
    /// Bilateral constraints: holonomic, then velocity constraints in block order, then those
    /// of the `rolling` items.
    pub constraints: Vec<Constraint<Scalar>>,
    /// Unilateral contacts, gaps and slips in (q, t).
    pub contacts: Vec<AssembledContact>,
    /// The block's `let` definitions in order, points fixed in bodies written out like every
    /// other expression here (a `let h = tip.y;` of a point on a body).
    pub definitions: Vec<Scalar>,
    /// The bodies on joints (their frames resolve the `BodyPoint` and `BodyRotation` nodes),
    /// in block order.
    pub tree: Vec<Body>,
    /// The gravity vector, kept as a record: V already contains its potential −Σ m g·c (the
    /// expanded route differentiates that), and the structured route subtracts it again to run
    /// gravity through the Newton–Euler recursion instead of differentiating V along the tree.
    pub gravity: Option<Vec<Scalar>>,
    /// The validated block whose names these use.
    pub validated: &'v Validated<'v>,
}

impl<'v> Assembled<'v> {
    /// The user's block.
    pub fn block(&self) -> &'v Model {
        self.validated.model
    }

    /// The generalised coordinates, in order.
    pub fn coordinates(&self) -> &'v [Name] {
        &self.validated.model.coordinates
    }

    /// The parameters, in order.
    pub fn parameters(&self) -> &'v [Parameter] {
        &self.validated.model.parameters
    }
}

/// A unilateral contact in scalar form: its gap, and its slips or tangential velocities, as
/// functions of (q, q̇, t), with Newton restitution and Coulomb friction.
#[derive(Debug, Clone)]
pub struct AssembledContact {
    /// Its name.
    pub name: Name,
    /// The gap g_N(q, t) ≥ 0.
    pub gap: Scalar,
    /// Normal restitution ε_N ∈ [0, 1] (an expression of parameters).
    pub normal_restitution: Scalar,
    /// Tangential restitution ε_T ∈ [0, 1]; 0 when not given.
    pub tangential_restitution: Option<Scalar>,
    /// Friction coefficient μ ≥ 0; 0 when not given.
    pub friction: Option<Scalar>,
    /// The tangential direction or the two directions of a tangent plane (for a point against a
    /// line or plane with friction, made by assembly).
    pub tangent: Option<Tangent<Scalar>>,
    /// The span of the whole contact block (for messages about it as a whole).
    pub span: Span,
}
