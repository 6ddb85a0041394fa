//! Quasi-static equilibrium paths with bilateral and unilateral constraints
//! (Schulz & Pellegrino 2000, Sects. 2–7).
//!
//! A conservative model V(q, p) with bilateral g(q) = 0 and unilateral g_N(q) ≥ 0 is in
//! equilibrium when ∇V = G λ_B + W_N λ_N, g = 0, 0 ≤ λ_N ⟂ g_N ≥ 0 (Kuhn–Tucker conditions
//! (3.3)–(3.4)); the load parameter p is model parameter `k` (∂∇V/∂p_k is generated). Each
//! contact is *inactive* (g_N > 0), *strongly active* (g_N = 0, λ > 0) or *weakly active*
//! (g_N = 0 = λ).
//!
//! # Algorithm
//!
//! * **Smooth segments** (fixed active set, strongly active contacts treated as bilateral): the
//!   first-order equations (2.8)–(2.9) / (3.7), (3.11) say J ż = 0 for the Jacobian J of the
//!   equilibrium equations in z = (q, λ_B, λ_N, p). The tangent is the solution of
//!   [J; τ_prevᵀ] ż = e (oriented like the previous one). Each step predicts z + h ż and corrects
//!   by Newton with one extra equation z_i = (z + h ż)_i, where i is the component of q or p
//!   with the largest |ż_i|. This is the paper's parameter switching (2.26)–(2.27): away from
//!   limit points i is p (s = p, (2.16)–(2.17)); near a limit point ṗ → 0 and the coordinate with
//!   the largest component of T w₁ takes over (2.25), so the bordered matrix stays regular.
//! * **Events**: an inactive gap crossing zero or a strongly active multiplier crossing zero is
//!   located by bisection on the step and polished by Newton with g_N,j = 0 and λ_j = 0 together;
//!   every other contact whose gap is zero there is made weakly active too (an end point needs
//!   two at once).
//! * **Weakly active points**: with T_+ a basis of Ker E_+ᵀ, the reduced Hessian
//!   H_+ = T_+ᵀ ∇²𝓛 T_+ (3.14) and, if H_+ is regular, the path-derivative LCP (4.1)–(4.4)
//!   ġ₀ = G λ̇₀ + ṗ ĝ, 0 ≤ λ̇₀ ⟂ ġ₀ ≥ 0, G = E₀ᵀ T_+ H_+⁻¹ T_+ᵀ E₀, ĝ = −E₀ᵀ T_+ H_+⁻¹ T_+ᵀ ∇U',
//!   is solved by enumeration for ṗ = +1 and ṗ = −1; each solution gives a branch with
//!   q̇ = T_+ H_+⁻¹ T_+ᵀ (E₀ λ̇₀ − ∇U' ṗ) (4.5). The branch that leads back is discarded and the
//!   path continues on the remaining one. The solutions with ṗ = 0 (horizontal tangents: on a
//!   support α, a positive kernel vector of G_αα) are enumerated too. Counting solutions
//!   classifies the point (Sect. 4): any solution with ṗ = 0 — the path may turn horizontal,
//!   which only a higher-order analysis decides (Sect. 4(b)) — or one solution on one side and
//!   none on the other at a single weakly active constraint (possible only at G = 0):
//!   **higher order needed**, tracing stops; two solutions on one side and none on the other:
//!   **corner limit point** (Fig. 4b); one and none at two or more weakly active constraints:
//!   **end point** (Fig. 4a, Sect. 8); more than one on both sides or more than two on one:
//!   **bifurcation point**; one each: a regular change of contact state.
//! * **Singular H_+ at a weakly active point** (Sect. 7): with one weakly active constraint and a
//!   simple zero eigenvalue, [`classify_singular_weakly_active`] evaluates c₁–c₄ (7.4)–(7.9)
//!   (bifurcation / common limit point / corner limit point of shape Fig. 7(a)–(d)), recorded in
//!   [`SpecialPoint::singular`]; tracing stops there ([`Termination::SingularWeaklyActive`];
//!   higher-order analysis is not implemented). With two or more weakly active constraints the
//!   first-order equations (3.16)–(3.18) are solved without H_+⁻¹, by enumerating which of them
//!   stay closed (`singular_branches`, Fig. 1): a family of path derivatives (Fig. 1b) is a
//!   **bifurcation point** where tracing stops; otherwise the branches are counted and the point
//!   classified as at a regular H_+ (Fig. 1c: one each way, the path continues).
//! * **Limit and bifurcation points on smooth segments**: a sign change of ṗ or a change of the
//!   number of negative eigenvalues of H_+ is located by bisection. At the located point the
//!   eigenvector w₁ of the smallest |eigenvalue| of H_+ gives c₁ = w₁ᵀ T_+ᵀ ∇U' (2.21): c₁ ≠ 0 is a
//!   **common limit point** ((2.22), ṗ = 0), c₁ = 0 a **bifurcation point** — zero relative to
//!   ‖∇U'‖ ([`BIFURCATION_C1_TOLERANCE`]) or changing sign across the bisection bracket, since a
//!   branch crossing a bifurcation has J ≈ 0 there and locates it only to O(√ε). The critical
//!   mode T_+ w₁ is recorded in [`SpecialPoint::critical_direction`]. Branch switching is not
//!   attempted: the path continues on the branch it arrived on.
//! * **Stability**: the degree of instability is the number of negative eigenvalues of H_+
//!   (Thompson & Hunt; (5.9)), reported at every point; at a point with weakly active contacts
//!   the verdict is positivity on the cone of admissible directions (3.19)–(3.20), a
//!   copositivity test (`cone_stability.rs`, [`PathPoint::stable_on_cone`]).
//!
//! # Allocation
//!
//! [`EquilibriumPathTracer::new`] allocates everything once: the DIM × DIM bordered-Jacobian
//! workspace (DIM = n + n_b + n_u + 1 is not a const-generic expression on stable Rust), the
//! branch list of the path LCP (2 · 2^min(n_u, 8) entries) and the output buffers, sized for the
//! worst case of [`PathOptions::max_steps`] (≤ 2 points and 1 special point per step, capped at
//! [`MAX_PREALLOCATED_POINTS`]). All other quantities are fixed-size nalgebra types, so
//! [`EquilibriumPathTracer::step`] does not touch the heap.

use super::cone_stability::stable_on_cone;
use super::path_lcp::{MAX_ENUMERATED_WEAK, for_each_horizontal_solution, for_each_lcp_solution};
use super::path_system::{Evaluation, PathSystem, PathVector};
use super::singular_branches::{SingularEnumeration, for_each_singular_branch};
use super::singular_weakly_active::{
    SingularWeakOutcome, SingularWeaklyActive, classify_singular_weakly_active,
};
use crate::linalg::leading_block_eigen;
use crate::mechanism::{Constraints, Matrix, ParameterError, Statics, Vector};

/// Upper bound on the number of points reserved up front by [`EquilibriumPathTracer::new`];
/// paths with more points than this grow their buffer (and then allocate).
pub const MAX_PREALLOCATED_POINTS: usize = 1 << 16;

/// State of a unilateral contact on the path (Schulz & Pellegrino (3.5)–(3.6)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactState {
    /// g_N > 0, λ = 0.
    Inactive,
    /// g_N = 0 and λ = 0: the contact may switch state here.
    WeaklyActive,
    /// g_N = 0 and λ > 0: behaves like a bilateral constraint.
    StronglyActive,
}

/// Stability on the cone of admissible directions at a point whose `weak` contacts are weakly
/// active: H_+ over the bilateral and the other active contacts, A = E₀ᵀ T_+.
fn cone_verdict<M, const NQ: usize, const NB: usize, const NU: usize>(
    e: &Evaluation<NQ, NB, NU>,
    active: &[bool; NU],
    weak: &[bool; NU],
) -> Option<bool>
where
    M: Statics<NQ> + Constraints<NQ, NB, NU>,
{
    let strong: [bool; NU] = std::array::from_fn(|j| active[j] && !weak[j]);
    let rh = PathSystem::<M, NQ, NB, NU>::reduced_hessian(e, &strong);
    let mut a = Matrix::<NQ, NQ>::zeros();
    let mut m = 0;
    for j in (0..NU).filter(|&j| weak[j]) {
        if m == NQ {
            return None;
        }
        let row = e.w_n.column(j).transpose() * rh.basis;
        for c in 0..rh.dim {
            a[(m, c)] = row[c];
        }
        m += 1;
    }
    stable_on_cone(&rh.hessian, rh.dim, &a, m)
}

/// The branches with ṗ = 0 of the path LCP at a weakly active point (see
/// [`for_each_horizontal_solution`]): how many, and the unit q̇ = P E₀ λ̇₀ of the first.
fn horizontal_branches<const NQ: usize, const NU: usize>(
    g: &Matrix<NU, NU>,
    weak: &[bool; NU],
    proj: &Matrix<NQ, NQ>,
    e0: &Matrix<NQ, NU>,
) -> (usize, Option<Vector<NQ>>) {
    let (mut count, mut first) = (0, None);
    for_each_horizontal_solution(g, weak, 1e-9, |lambda, _| {
        count += 1;
        let q_dot = proj * (e0 * lambda);
        if first.is_none() && q_dot.norm() > 0.0 {
            first = Some(q_dot.normalize());
        }
    });
    (count, first)
}

/// Kinds of special points (Schulz & Pellegrino Sects. 2(a), 4, 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialPointKind {
    /// Smooth maximum/minimum of p: ṗ = 0, H_+ singular, c₁ = w₁ᵀ T ∇U' ≠ 0 (2.22).
    CommonLimitPoint,
    /// H_+ singular with c₁ = w₁ᵀ T ∇U' = 0 (2.21), (7.6), or the path LCP has more than two
    /// solutions (Sect. 4b).
    BifurcationPoint,
    /// Non-smooth maximum/minimum of p at a weakly active contact: two LCP solutions for one
    /// sign of ṗ, none for the other (Sect. 4b, Fig. 4b), or c₁ ≠ 0 ≠ c₂ at singular H_+ (Sect. 7).
    CornerLimitPoint,
    /// The path ends: one LCP solution for one sign of ṗ, none for the other and none with
    /// ṗ = 0, at two or more weakly active constraints (Fig. 4a, Sect. 8).
    EndPoint,
    /// A contact changes state (one LCP solution for each sign of ṗ).
    ContactChange,
    /// First order does not decide: the path LCP has a solution with ṗ = 0 (a branch with a
    /// horizontal tangent, recorded in [`SpecialPoint::critical_direction`]), or one solution for
    /// one sign of ṗ and none for the other at a single weakly active constraint, which happens
    /// only where G = 0 (H₊ regular but indefinite, ĝ ≠ 0): the path may have reached a maximum
    /// or minimum of p or may go on horizontally, which only a higher-order analysis decides
    /// (Schulz & Pellegrino 2000, Sect. 4(b)). Tracing stops ([`Termination::HigherOrderNeeded`]).
    HigherOrderNeeded,
}

impl std::fmt::Display for SpecialPointKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SpecialPointKind::CommonLimitPoint => "common limit point",
            SpecialPointKind::BifurcationPoint => "bifurcation point",
            SpecialPointKind::CornerLimitPoint => "corner limit point",
            SpecialPointKind::EndPoint => "end point",
            SpecialPointKind::ContactChange => "contact change",
            SpecialPointKind::HigherOrderNeeded => "higher order needed",
        })
    }
}

/// One equilibrium on the path.
#[derive(Debug, Clone, PartialEq)]
pub struct PathPoint<const NQ: usize, const NB: usize, const NU: usize> {
    /// Arc length in (q, p) space from the start.
    pub arc_length: f64,
    /// Load parameter p.
    pub p: f64,
    /// Configuration q.
    pub q: Vector<NQ>,
    /// Bilateral multipliers λ_B.
    pub bilateral_multipliers: Vector<NB>,
    /// Contact multipliers λ_N (≥ 0).
    pub contact_multipliers: Vector<NU>,
    /// State of every contact.
    pub states: [ContactState; NU],
    /// Unit tangent (q̇, ṗ) in the direction of travel (right-hand derivative at kinks).
    pub tangent_q: Vector<NQ>,
    /// ṗ of the tangent.
    pub tangent_p: f64,
    /// Number of negative eigenvalues of the reduced Hessian H_+: 0 means stable.
    pub unstable_directions: usize,
    /// Number of zero eigenvalues of H_+ (tolerance [`super::RANK_RELATIVE_TOLERANCE`]).
    pub singular_directions: usize,
    /// At a point with weakly active contacts: whether yᵀ H_+ y > 0 on the cone of admissible
    /// directions (Schulz & Pellegrino (3.19)–(3.20): H_+ over the bilateral and strongly active
    /// constraints, y leaving no weakly active contact inwards), decided by a copositivity test
    /// (see `cone_stability.rs`); `None` where no contact is weakly active, or where the weakly
    /// active normals are dependent in Ker E_+ᵀ (not decided; [`PathPoint::stable`] then says
    /// `false`).
    pub stable_on_cone: Option<bool>,
    /// Set if this point is a special point.
    pub special: Option<SpecialPointKind>,
}

impl<const NQ: usize, const NB: usize, const NU: usize> PathPoint<NQ, NB, NU> {
    /// Whether the equilibrium is stable: H_+ positive definite, or at a point with weakly active
    /// contacts positive on the cone of admissible directions ([`PathPoint::stable_on_cone`];
    /// `false` when that is not decided).
    pub fn stable(&self) -> bool {
        if self.states.contains(&ContactState::WeaklyActive) {
            return self.stable_on_cone == Some(true);
        }
        self.unstable_directions == 0 && self.singular_directions == 0
    }
}

/// A special point found on the path.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecialPoint<const NQ: usize> {
    /// What it is.
    pub kind: SpecialPointKind,
    /// Index into [`EquilibriumPath::points`].
    pub index: usize,
    /// Degree of instability just before the point.
    pub instability_before: usize,
    /// Degree of instability just after the point (`None` if the path ends there).
    pub instability_after: Option<usize>,
    /// Number of path-derivative LCP solutions with ṗ > 0 and ṗ < 0 at a weakly active point.
    pub branches: Option<(usize, usize)>,
    /// Number of path-derivative LCP solutions with ṗ = 0 (horizontal tangents) at a weakly
    /// active point with regular H_+.
    pub horizontal_branches: usize,
    /// At a limit or bifurcation point with singular H_+: the critical mode T_+ w₁ (unit, in
    /// q-space), where w₁ spans the kernel of H_+ (2.24)–(2.25); the tangent of a crossing
    /// branch at a bifurcation. Where higher order is needed: q̇ of the first branch with ṗ = 0.
    pub critical_direction: Option<Vector<NQ>>,
    /// At a weakly active point with singular H_+: the Sect. 7 coefficients and outcome.
    pub singular: Option<SingularWeaklyActive<NQ>>,
}

/// Why tracing stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Termination {
    /// p left [`PathOptions::parameter_range`].
    ParameterRange,
    /// ‖q‖_∞ exceeded [`PathOptions::coordinate_bound`].
    CoordinateBound,
    /// [`PathOptions::max_steps`] reached.
    MaxSteps,
    /// An end point, or no branch continues.
    EndPoint,
    /// A weakly active point with singular H_+ (Sect. 7): classified, not continued.
    SingularWeaklyActive,
    /// A weakly active point that first order does not decide
    /// ([`SpecialPointKind::HigherOrderNeeded`]): not continued.
    HigherOrderNeeded,
    /// The corrector failed even at [`PathOptions::min_step`].
    StepTooSmall,
}

/// Options of [`trace_equilibrium_path`].
#[derive(Debug, Clone, PartialEq)]
pub struct PathOptions {
    /// Index of the load parameter p in the model's parameter list.
    pub parameter: usize,
    /// Step length in (q, p) space.
    pub step: f64,
    /// Smallest step before giving up.
    pub min_step: f64,
    /// Maximum number of steps.
    pub max_steps: usize,
    /// Stop when p leaves this interval.
    pub parameter_range: (f64, f64),
    /// Stop when ‖q‖_∞ exceeds this.
    pub coordinate_bound: f64,
    /// Initial sign of ṗ (+1: increasing load, −1: decreasing).
    pub direction: f64,
    /// Newton tolerance (relative step size) and threshold for zero gaps / multipliers.
    pub tolerance: f64,
    /// Newton iteration limit.
    pub max_newton: usize,
    /// Time at which the (scleronomic) model is evaluated.
    pub time: f64,
}

impl Default for PathOptions {
    fn default() -> Self {
        Self {
            parameter: 0,
            step: 0.02,
            min_step: 1e-9,
            max_steps: 2000,
            parameter_range: (f64::NEG_INFINITY, f64::INFINITY),
            coordinate_bound: 1e6,
            direction: 1.0,
            tolerance: 1e-12,
            max_newton: 30,
            time: 0.0,
        }
    }
}

/// Why a path could not be traced.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PathError {
    /// The model has no parameter with this index (or no ∂∇V/∂p for it).
    #[error("model has no load parameter {0}")]
    NoParameter(usize),
    /// Invalid options.
    #[error("invalid path options: {0}")]
    InvalidOptions(&'static str),
    /// Non-finite start.
    #[error("non-finite starting configuration")]
    NonFinite,
    /// Newton could not find an equilibrium at the start.
    #[error("no equilibrium found near the starting configuration at p = {p}")]
    NotEquilibrium {
        /// The load parameter.
        p: f64,
    },
    /// A closed contact pulls at the start (λ < 0): the start is not an admissible equilibrium.
    #[error("contact {contact} pulls at the start (λ = {value:e} < 0)")]
    NegativeMultiplier {
        /// Contact index.
        contact: usize,
        /// Its multiplier.
        value: f64,
    },
    /// The equilibrium equations are singular at the start (no unique tangent).
    #[error("the equilibrium equations are singular at the start (no unique tangent)")]
    SingularStart,
    /// Setting the parameter failed.
    #[error(transparent)]
    Parameter(#[from] ParameterError),
}

/// A traced equilibrium path.
#[derive(Debug, Clone, PartialEq)]
pub struct EquilibriumPath<const NQ: usize, const NB: usize, const NU: usize> {
    /// Points in the order of travel.
    pub points: Vec<PathPoint<NQ, NB, NU>>,
    /// Special points (indices into `points`).
    pub special_points: Vec<SpecialPoint<NQ>>,
    /// Why tracing stopped.
    pub termination: Termination,
}

type Z<const NQ: usize, const NB: usize, const NU: usize> = PathVector<NQ, NB, NU>;

/// Path-derivative LCP branch at a weakly active point (fixed size).
#[derive(Debug, Clone, Copy)]
struct Branch<const NQ: usize, const NU: usize> {
    q_dot: Vector<NQ>,
    p_dot: f64,
    lambda_dot: Vector<NU>,
    g_dot: Vector<NU>,
}

/// Traces the equilibrium path of `model` from configuration `q0` at the current value of
/// parameter `options.parameter` (see the module docs) to its end. The parameter is restored
/// on return. Equivalent to [`EquilibriumPathTracer::new`], [`EquilibriumPathTracer::run`] and
/// [`EquilibriumPathTracer::into_path`].
pub fn trace_equilibrium_path<
    M: Constraints<NQ, NB, NU> + Statics<NQ>,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
>(
    model: &mut M,
    q0: &Vector<NQ>,
    options: &PathOptions,
) -> Result<EquilibriumPath<NQ, NB, NU>, PathError> {
    let mut tracer = EquilibriumPathTracer::new(model, q0, options)?;
    tracer.run();
    Ok(tracer.into_path())
}

/// Step-by-step equilibrium path continuation with all workspace allocated in
/// [`EquilibriumPathTracer::new`] (see the module docs, "Allocation"). It holds the model
/// mutably and restores the load parameter when dropped.
pub struct EquilibriumPathTracer<'m, M, const NQ: usize, const NB: usize, const NU: usize>
where
    M: Constraints<NQ, NB, NU> + Statics<NQ>,
{
    sys: PathSystem<'m, M, NQ, NB, NU>,
    opts: PathOptions,
    p0: f64,
    points: Vec<PathPoint<NQ, NB, NU>>,
    special: Vec<SpecialPoint<NQ>>,
    pending_after: Vec<usize>,
    branches: Vec<Branch<NQ, NU>>,
    arc: f64,
    z: Z<NQ, NB, NU>,
    tau: Z<NQ, NB, NU>,
    h: f64,
    steps: usize,
    termination: Option<Termination>,
}

impl<M: Constraints<NQ, NB, NU> + Statics<NQ>, const NQ: usize, const NB: usize, const NU: usize>
    Drop for EquilibriumPathTracer<'_, M, NQ, NB, NU>
{
    fn drop(&mut self) {
        // p0 was read from the model, so setting it back cannot fail.
        let _ = self.sys.model.set_parameter(self.opts.parameter, self.p0);
    }
}

impl<
    'm,
    M: Constraints<NQ, NB, NU> + Statics<NQ>,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
> EquilibriumPathTracer<'m, M, NQ, NB, NU>
{
    const P: usize = NQ + NB + NU;

    /// Validates the options, allocates the workspace and output buffers, corrects the start
    /// `q0` at the model's current value of parameter `options.parameter` to an equilibrium,
    /// and records the first point (classifying it if a contact is weakly active there).
    pub fn new(
        model: &'m mut M,
        q0: &Vector<NQ>,
        options: &PathOptions,
    ) -> Result<Self, PathError> {
        let k = options.parameter;
        let p0 = model.parameter(k).ok_or(PathError::NoParameter(k))?;
        if !(options.step > 0.0 && options.min_step > 0.0 && options.min_step <= options.step) {
            return Err(PathError::InvalidOptions("need 0 < min_step ≤ step"));
        }
        if !(options.tolerance > 0.0 && options.direction != 0.0 && options.direction.is_finite()) {
            return Err(PathError::InvalidOptions(
                "need tolerance > 0 and a nonzero direction",
            ));
        }
        if q0.iter().any(|x| !x.is_finite()) {
            return Err(PathError::NonFinite);
        }
        let mut probe = Vector::<NQ>::zeros();
        if !model.potential_gradient_parameter(q0, options.time, k, &mut probe) {
            return Err(PathError::NoParameter(k));
        }
        let reserve = options
            .max_steps
            .saturating_mul(2)
            .saturating_add(2)
            .min(MAX_PREALLOCATED_POINTS);
        let mut tracer = Self {
            sys: PathSystem::new(model, k, options.time),
            opts: options.clone(),
            p0,
            points: Vec::with_capacity(reserve),
            special: Vec::with_capacity(reserve / 2 + 1),
            pending_after: Vec::with_capacity(reserve / 2 + 1),
            branches: Vec::with_capacity(2 << NU.min(8)),
            arc: 0.0,
            z: Z::zeros(),
            tau: Z::zeros(),
            h: options.step,
            steps: 0,
            termination: None,
        };
        tracer.start(q0, p0)?;
        Ok(tracer)
    }

    /// The points traced so far.
    pub fn points(&self) -> &[PathPoint<NQ, NB, NU>] {
        &self.points
    }

    /// The special points found so far.
    pub fn special_points(&self) -> &[SpecialPoint<NQ>] {
        &self.special
    }

    /// Why tracing stopped, once it has.
    pub fn termination(&self) -> Option<Termination> {
        self.termination
    }

    /// One continuation step (predictor, corrector, event / special-point handling); returns
    /// `Some(termination)` once the path has ended (and keeps returning it). Allocation-free as
    /// long as the output buffers reserved by [`Self::new`] suffice.
    pub fn step(&mut self) -> Option<Termination> {
        if self.termination.is_none() {
            self.termination = self.advance();
        }
        self.termination
    }

    /// Steps until the path ends.
    pub fn run(&mut self) -> Termination {
        loop {
            if let Some(t) = self.step() {
                return t;
            }
        }
    }

    /// The traced path (termination [`Termination::MaxSteps`] if it has not ended yet); the
    /// load parameter is restored.
    pub fn into_path(mut self) -> EquilibriumPath<NQ, NB, NU> {
        EquilibriumPath {
            points: std::mem::take(&mut self.points),
            special_points: std::mem::take(&mut self.special),
            termination: self.termination.unwrap_or(Termination::MaxSteps),
        }
    }

    fn lambda_tol(&self) -> f64 {
        1e3 * self.opts.tolerance
    }

    fn gap_tol(&self, z: &Z<NQ, NB, NU>) -> f64 {
        1e-9 * (1.0 + z.q.amax())
    }

    /// Records a point; stability from H_+ over the enforced contacts.
    fn push(
        &mut self,
        z: &Z<NQ, NB, NU>,
        tangent: &Z<NQ, NB, NU>,
        special: Option<SpecialPointKind>,
    ) {
        let e = self.sys.evaluate(z);
        let ln = z.lambda_n;
        let tol = self.lambda_tol();
        let mut states = [ContactState::Inactive; NU];
        for (j, s) in states.iter_mut().enumerate() {
            if self.sys.active[j] {
                *s = if ln[j] > tol {
                    ContactState::StronglyActive
                } else {
                    ContactState::WeaklyActive
                };
            }
        }
        let (unstable, singular) = match &e {
            Some(e) => PathSystem::<M, NQ, NB, NU>::stability(e, &self.sys.active),
            None => (0, 0),
        };
        let weak = states.map(|s| s == ContactState::WeaklyActive);
        let stable_on_cone = match &e {
            Some(e) if weak.contains(&true) => {
                cone_verdict::<M, NQ, NB, NU>(e, &self.sys.active, &weak)
            }
            _ => None,
        };
        if let Some(last) = self.points.last() {
            let dq = (z.q - last.q).norm();
            self.arc += dq.hypot(z.p - last.p);
        }
        self.points.push(PathPoint {
            arc_length: self.arc,
            p: z.p,
            q: z.q,
            bilateral_multipliers: z.lambda_b,
            contact_multipliers: ln,
            states,
            tangent_q: tangent.q,
            tangent_p: tangent.p,
            unstable_directions: unstable,
            singular_directions: singular,
            stable_on_cone,
            special,
        });
        // Fill "instability after" of special points waiting for a regular successor.
        if special.is_none() {
            for s in self.pending_after.drain(..) {
                self.special[s].instability_after = Some(unstable);
            }
        }
    }

    fn mark_special(
        &mut self,
        kind: SpecialPointKind,
        before: usize,
        branches: Option<(usize, usize, usize)>,
        critical_direction: Option<Vector<NQ>>,
        singular: Option<SingularWeaklyActive<NQ>>,
    ) {
        let index = self.points.len() - 1;
        self.special.push(SpecialPoint {
            kind,
            index,
            instability_before: before,
            instability_after: None,
            branches: branches.map(|(up, down, _)| (up, down)),
            horizontal_branches: branches.map_or(0, |(_, _, flat)| flat),
            critical_direction,
            singular,
        });
        self.pending_after.push(self.special.len() - 1);
    }

    fn last_instability(&self) -> usize {
        self.points.last().map_or(0, |p| p.unstable_directions)
    }

    fn start(&mut self, q0: &Vector<NQ>, p0: f64) -> Result<(), PathError> {
        let mut z = Z::zeros();
        z.q = *q0;
        z.p = p0;
        // Initial active set: closed gaps.
        let e0 = self.sys.evaluate(&z).ok_or(PathError::NonFinite)?;
        let gap_tol = self.gap_tol(&z);
        for j in 0..NU {
            self.sys.active[j] = e0.gaps[j] <= gap_tol;
        }
        let ep = Z::unit(Self::P);
        let (tol, max_newton) = (self.opts.tolerance, self.opts.max_newton);
        // Newton finds the multipliers of the closed contacts. A start that already is an
        // equilibrium with λ = 0 (residual at rounding level) is kept as it is: the Jacobian
        // may be singular there (the Sect. 7 points).
        let already = self
            .sys
            .relative_residual(&z)
            .is_some_and(|r| r <= 1e3 * tol);
        if !already {
            z = self
                .sys
                .correct(&z, &ep, p0, tol, max_newton)
                .ok_or(PathError::NotEquilibrium { p: p0 })?;
        }
        let ln = z.lambda_n;
        let tol = self.lambda_tol();
        for j in 0..NU {
            if self.sys.active[j] && ln[j] < -tol {
                return Err(PathError::NegativeMultiplier {
                    contact: j,
                    value: ln[j],
                });
            }
        }
        let weak_start = (0..NU).any(|j| self.sys.active[j] && ln[j].abs() <= tol);
        self.z = z;
        if weak_start {
            match self.branch(&z, None) {
                Ok(t) => self.tau = t,
                Err(stop) => self.termination = Some(stop),
            }
        } else {
            self.tau = self
                .sys
                .tangent(&z, &(ep * self.opts.direction.signum()))
                .ok_or(PathError::SingularStart)?;
            self.push(&z, &self.tau.clone(), None);
        }
        Ok(())
    }

    /// Halves the step after a failure; `Some` when it became too small.
    fn shrink(&mut self) -> Option<Termination> {
        self.h *= 0.5;
        (self.h < self.opts.min_step).then_some(Termination::StepTooSmall)
    }

    /// One iteration of the continuation loop.
    fn advance(&mut self) -> Option<Termination> {
        if self.steps >= self.opts.max_steps {
            return Some(Termination::MaxSteps);
        }
        self.steps += 1;
        let (z, tau, h) = (self.z, self.tau, self.h);
        let i = Self::local_index(&tau);
        let Some(z1) = self.step_to(&z, &tau, i, h) else {
            return self.shrink();
        };
        // Events: gap closing or multiplier vanishing.
        if self.first_event(&z1).is_some() {
            let (zl, j) = self.locate_event(&z, &tau, i, h);
            // Polish: g_N,j = 0 and λ_j = 0 together.
            self.sys.active[j] = true;
            let c = Z::unit(NQ + NB + j);
            let mut zs = zl;
            zs[NQ + NB + j] = 0.0;
            let (tol, max_newton) = (self.opts.tolerance, self.opts.max_newton);
            let zw = self
                .sys
                .correct(&zs, &c, 0.0, tol, max_newton)
                .unwrap_or(zs);
            // Other contacts closing at the same point are weakly active too.
            if let Some(e) = self.sys.evaluate(&zw) {
                let gap_tol = self.gap_tol(&zw);
                for k in 0..NU {
                    if !self.sys.active[k] && e.gaps[k].abs() <= gap_tol {
                        self.sys.active[k] = true;
                    }
                }
            }
            match self.branch(&zw, Some(&tau)) {
                Ok(t) => {
                    self.tau = t;
                    self.z = zw;
                    self.h = self.opts.step;
                }
                Err(stop) => return Some(stop),
            }
            return self.out_of_range(&self.z);
        }
        let Some(tau1) = self.sys.tangent(&z1, &tau) else {
            return self.shrink();
        };
        let before = self.last_instability();
        let (after, _) = self.stability_at(&z1);
        let pd0 = tau.p;
        let pd1 = tau1.p;
        let scale = 1e-12;
        let fold = (pd0 > scale && pd1 < -scale) || (pd0 < -scale && pd1 > scale);
        if fold || after != before {
            let (zl, tl) = if fold {
                self.bisect(&z, &tau, i, h, |_, _, tt| (tt.p > 0.0) == (pd0 > 0.0))
            } else {
                self.bisect(&z, &tau, i, h, |tr, zz, _| tr.stability_at(zz).0 == before)
            };
            let (kind, direction) = self.classify_singular_smooth(&zl, &[z, z1]);
            self.push(&zl, &tl, Some(kind));
            self.mark_special(kind, before, None, direction, None);
        }
        self.push(&z1, &tau1, None);
        self.z = z1;
        self.tau = tau1;
        self.h = (h * 1.5).min(self.opts.step);
        self.out_of_range(&z1)
    }

    /// Critical mode T_+ w₁ (w₁: eigenvector of the smallest |eigenvalue| of H_+ over the
    /// enforced contacts) at z, and ∇U' there.
    fn critical_mode(&mut self, z: &Z<NQ, NB, NU>) -> Option<(Vector<NQ>, Vector<NQ>)> {
        let e = self.sys.evaluate(z)?;
        let rh = PathSystem::<M, NQ, NB, NU>::reduced_hessian(&e, &self.sys.active);
        let k0 = (0..rh.dim)
            .min_by(|&a, &b| rh.eigenvalues[a].abs().total_cmp(&rh.eigenvalues[b].abs()))?;
        Some((rh.basis * rh.eigenvectors.column(k0), e.grad_p))
    }

    /// Limit or bifurcation point on a smooth segment located between `neighbours`:
    /// c₁ = w₁ᵀ T_+ᵀ ∇U' (2.21)–(2.22). It is a bifurcation if c₁ vanishes at z (relative to
    /// the largest ‖∇U'‖ at z and the neighbours: ∇U' itself may vanish, e.g. on a trivial
    /// path) or changes sign between the neighbours (w₁ oriented continuously). The sign test
    /// matters because a bifurcation is located only to O(√ε) along a branch that crosses it
    /// (J ≈ 0 there), where |c₁| is small but not at rounding level; at a limit point c₁ keeps
    /// its sign. Returns the kind and the critical mode T_+ w₁ (largest component positive).
    fn classify_singular_smooth(
        &mut self,
        z: &Z<NQ, NB, NU>,
        neighbours: &[Z<NQ, NB, NU>; 2],
    ) -> (SpecialPointKind, Option<Vector<NQ>>) {
        let Some((mut mode, grad_p)) = self.critical_mode(z) else {
            return (SpecialPointKind::CommonLimitPoint, None);
        };
        if let Some(m) = (0..NQ).max_by(|&a, &b| mode[a].abs().total_cmp(&mode[b].abs()))
            && mode[m] < 0.0
        {
            mode = -mode;
        }
        let c1 = mode.dot(&grad_p);
        let mut scale = grad_p.norm();
        let mut signs = [0.0; 2];
        for (sign, zn) in signs.iter_mut().zip(neighbours) {
            if let Some((mn, gn)) = self.critical_mode(zn) {
                scale = scale.max(gn.norm());
                let oriented = if mn.dot(&mode) < 0.0 { -mn } else { mn };
                *sign = oriented.dot(&gn).signum();
            }
        }
        let crosses_zero = signs[0] * signs[1] < 0.0;
        let kind = if crosses_zero || c1.abs() <= BIFURCATION_C1_TOLERANCE * scale {
            SpecialPointKind::BifurcationPoint
        } else {
            SpecialPointKind::CommonLimitPoint
        };
        (kind, Some(mode))
    }

    fn out_of_range(&self, z: &Z<NQ, NB, NU>) -> Option<Termination> {
        let p = z.p;
        if p < self.opts.parameter_range.0 || p > self.opts.parameter_range.1 {
            return Some(Termination::ParameterRange);
        }
        (z.q.amax() > self.opts.coordinate_bound).then_some(Termination::CoordinateBound)
    }

    fn stability_at(&mut self, z: &Z<NQ, NB, NU>) -> (usize, usize) {
        match self.sys.evaluate(z) {
            Some(e) => PathSystem::<M, NQ, NB, NU>::stability(&e, &self.sys.active),
            None => (0, 0),
        }
    }

    /// Component of q or p with the largest tangent component (2.26).
    fn local_index(tau: &Z<NQ, NB, NU>) -> usize {
        let mut best = Self::P;
        let mut val = tau.p.abs();
        for i in 0..NQ {
            if tau.q[i].abs() > val {
                val = tau.q[i].abs();
                best = i;
            }
        }
        best
    }

    /// Predictor–corrector step of length h with local parameter i; rejects a corrector that
    /// lands far from the predictor (another branch).
    fn step_to(
        &mut self,
        z: &Z<NQ, NB, NU>,
        tau: &Z<NQ, NB, NU>,
        i: usize,
        h: f64,
    ) -> Option<Z<NQ, NB, NU>> {
        let zp = *z + *tau * h;
        let c = Z::unit(i);
        let (tol, max_newton) = (self.opts.tolerance, self.opts.max_newton);
        let z1 = self.sys.correct(&zp, &c, zp[i], tol, max_newton)?;
        ((z1 - zp).qp_norm() <= 0.5 * h.max(1e-300)).then_some(z1)
    }

    /// Most negative event function at z: inactive gaps (g_N,j) and enforced multipliers (λ_j).
    fn first_event(&mut self, z: &Z<NQ, NB, NU>) -> Option<(usize, f64)> {
        let e = self.sys.evaluate(z)?;
        let ln = z.lambda_n;
        let tol = self.lambda_tol();
        let mut worst: Option<(usize, f64)> = None;
        for j in 0..NU {
            let v = if self.sys.active[j] { ln[j] } else { e.gaps[j] };
            if v < -tol && worst.is_none_or(|(_, w)| v < w) {
                worst = Some((j, v));
            }
        }
        worst
    }

    /// Bisection on the step length for the first event; returns the point just before it and
    /// the event's contact.
    fn locate_event(
        &mut self,
        z: &Z<NQ, NB, NU>,
        tau: &Z<NQ, NB, NU>,
        i: usize,
        h: f64,
    ) -> (Z<NQ, NB, NU>, usize) {
        let (mut lo, mut hi) = (0.0, h);
        let mut z_lo = *z;
        let mut j_hi = self.first_event(&(*z + *tau * h)).map_or(0, |e| e.0);
        if let Some(z1) = self.step_to(z, tau, i, h)
            && let Some((j, _)) = self.first_event(&z1)
        {
            j_hi = j;
        }
        for _ in 0..200 {
            if hi - lo <= 1e-13 * h {
                break;
            }
            let mid = 0.5 * (lo + hi);
            match self.step_to(z, tau, i, mid) {
                Some(zm) => match self.first_event(&zm) {
                    Some((j, _)) => {
                        hi = mid;
                        j_hi = j;
                    }
                    None => {
                        lo = mid;
                        z_lo = zm;
                    }
                },
                None => hi = mid,
            }
        }
        (z_lo, j_hi)
    }

    /// Bisection on the step length for the first point where `same(z)` turns false; returns
    /// the midpoint of the final bracket and its tangent.
    fn bisect(
        &mut self,
        z: &Z<NQ, NB, NU>,
        tau: &Z<NQ, NB, NU>,
        i: usize,
        h: f64,
        same: impl Fn(&mut Self, &Z<NQ, NB, NU>, &Z<NQ, NB, NU>) -> bool,
    ) -> (Z<NQ, NB, NU>, Z<NQ, NB, NU>) {
        let (mut lo, mut hi) = (0.0, h);
        let mut best = (*z, *tau);
        for _ in 0..200 {
            if hi - lo <= 1e-14 * h {
                break;
            }
            let mid = 0.5 * (lo + hi);
            let Some(zm) = self.step_to(z, tau, i, mid) else {
                hi = mid;
                continue;
            };
            let Some(tm) = self.sys.tangent(&zm, tau) else {
                best = (zm, *tau);
                hi = mid;
                continue;
            };
            if same(self, &zm, &tm) {
                lo = mid;
            } else {
                hi = mid;
            }
            best = (zm, tm);
        }
        best
    }

    /// Unit (q, p) direction of an LCP branch, as a path vector.
    fn branch_direction(b: &Branch<NQ, NU>) -> Z<NQ, NB, NU> {
        let mut v = Z::zeros();
        v.q = b.q_dot;
        v.p = b.p_dot;
        let n = v.qp_norm();
        v / n
    }

    /// Path-derivative LCP (4.1)–(4.4) at a weakly active point: records the point, classifies
    /// it and returns the tangent to continue with (`Err`: stop).
    fn branch(
        &mut self,
        z: &Z<NQ, NB, NU>,
        incoming: Option<&Z<NQ, NB, NU>>,
    ) -> Result<Z<NQ, NB, NU>, Termination> {
        let tol = self.lambda_tol();
        let ln = z.lambda_n;
        let mut weak = [false; NU];
        for (j, w) in weak.iter_mut().enumerate() {
            *w = self.sys.active[j] && ln[j].abs() <= tol;
        }
        let n_weak = weak.iter().filter(|w| **w).count();
        let mut strong = self.sys.active;
        for j in 0..NU {
            if weak[j] {
                strong[j] = false;
            }
        }
        let before = self.last_instability();
        let Some(e) = self.sys.evaluate(z) else {
            return Err(Termination::StepTooSmall);
        };
        let rh = PathSystem::<M, NQ, NB, NU>::reduced_hessian(&e, &strong);
        let mut e0 = Matrix::<NQ, NU>::zeros();
        for (j, _) in weak.iter().enumerate().filter(|(_, w)| **w) {
            e0.set_column(j, &e.w_n.column(j));
        }
        let u_p = e.grad_p;
        let r = rh.dim;
        let hmax = (0..r).fold(0.0_f64, |m, i| m.max(rh.eigenvalues[i].abs()));
        let singular = (0..r).any(|i| rh.eigenvalues[i].abs() <= 1e-10 * hmax.max(1e-300));
        let incoming_or_p = incoming.copied().unwrap_or_else(|| Z::unit(Self::P));
        let several_weak = (2..=MAX_ENUMERATED_WEAK).contains(&n_weak);
        let (counts, flat, flat_direction) = if singular && r > 0 && several_weak {
            let found = self.enumerate_singular_branches(&e, &strong, &weak, &u_p);
            if found.1.non_unique {
                let kind = SpecialPointKind::BifurcationPoint;
                self.push(z, &incoming_or_p, Some(kind));
                self.mark_special(kind, before, None, None, None);
                return Err(Termination::SingularWeaklyActive);
            }
            (found.0, found.1.horizontal, None)
        } else if singular && r > 0 {
            let (kind, direction, detail) = self.classify_singular_weak(&rh, &e0, &weak, &u_p);
            self.push(z, &incoming_or_p, Some(kind));
            self.mark_special(kind, before, None, direction, detail);
            return Err(Termination::SingularWeaklyActive);
        } else {
            let proj = rh.inverse_in_coordinates();
            let g = e0.transpose() * proj * e0;
            let ghat = -(e0.transpose() * proj * u_p);
            let counts = self.enumerate_branches(&g, &ghat, &weak, &proj, &e0, &u_p);
            let (flat, flat_direction) = horizontal_branches(&g, &weak, &proj, &e0);
            (counts, flat, flat_direction)
        };
        let all = Some((counts.0, counts.1, flat));
        let kind = match counts {
            _ if n_weak > MAX_ENUMERATED_WEAK => SpecialPointKind::EndPoint,
            _ if flat > 0 => SpecialPointKind::HigherOrderNeeded,
            (0, 0) => SpecialPointKind::EndPoint,
            (0, 1) | (1, 0) if n_weak >= 2 => SpecialPointKind::EndPoint,
            (0, 1) | (1, 0) => SpecialPointKind::HigherOrderNeeded,
            (0, 2) | (2, 0) => SpecialPointKind::CornerLimitPoint,
            (1, 1) => SpecialPointKind::ContactChange,
            _ => SpecialPointKind::BifurcationPoint,
        };
        if kind == SpecialPointKind::HigherOrderNeeded {
            self.push(z, &incoming_or_p, Some(kind));
            self.mark_special(kind, before, all, flat_direction, None);
            return Err(Termination::HigherOrderNeeded);
        }
        let chosen = self.choose_branch(incoming);
        let Some(c) = chosen else {
            self.push(z, &incoming_or_p, Some(SpecialPointKind::EndPoint));
            self.mark_special(SpecialPointKind::EndPoint, before, all, None, None);
            return Err(Termination::EndPoint);
        };
        let b = self.branches[c];
        for (j, _) in weak.iter().enumerate().filter(|(_, w)| **w) {
            let (ld, gd) = (b.lambda_dot[j], b.g_dot[j]);
            self.sys.active[j] = !(gd > 1e-9 && ld <= 1e-9);
        }
        let reference = Self::branch_direction(&b);
        let tangent = self.sys.tangent(z, &reference).unwrap_or(reference);
        self.push(z, &tangent, Some(kind));
        self.mark_special(kind, before, all, None, None);
        Ok(tangent)
    }

    /// Every solution of the path-derivative LCP (4.1)–(4.2) for ṗ = +1 and ṗ = −1 into
    /// `self.branches` (duplicates dropped); returns how many there are for each sign.
    fn enumerate_branches(
        &mut self,
        g: &Matrix<NU, NU>,
        ghat: &Vector<NU>,
        weak: &[bool; NU],
        proj: &Matrix<NQ, NQ>,
        e0: &Matrix<NQ, NU>,
        u_p: &Vector<NQ>,
    ) -> (usize, usize) {
        self.branches.clear();
        let mut counts = (0usize, 0usize);
        for s in [1.0, -1.0] {
            let branches = &mut self.branches;
            for_each_lcp_solution(g, &(ghat * s), weak, 1e-9, |lam, gd| {
                let dup = branches.iter().any(|b| {
                    b.p_dot == s
                        && (b.lambda_dot - lam).amax() <= 1e-9
                        && (b.g_dot - gd).amax() <= 1e-9
                });
                if dup {
                    return;
                }
                if s > 0.0 {
                    counts.0 += 1;
                } else {
                    counts.1 += 1;
                }
                if branches.len() < branches.capacity() {
                    branches.push(Branch {
                        q_dot: proj * (e0 * lam - u_p * s),
                        p_dot: s,
                        lambda_dot: *lam,
                        g_dot: *gd,
                    });
                }
            });
        }
        counts
    }

    /// Every path derivative for ṗ = ±1 at a weakly active point with singular H_+ and several
    /// weakly active contacts (`singular_branches`) into `self.branches` (duplicates dropped):
    /// how many there are for each sign, and whether the derivative is not unique or horizontal.
    fn enumerate_singular_branches(
        &mut self,
        e: &Evaluation<NQ, NB, NU>,
        strong: &[bool; NU],
        weak: &[bool; NU],
        u_p: &Vector<NQ>,
    ) -> ((usize, usize), SingularEnumeration) {
        self.branches.clear();
        let mut counts = (0usize, 0usize);
        let branches = &mut self.branches;
        let found = for_each_singular_branch::<M, NQ, NB, NU>(e, strong, weak, u_p, 1e-9, |d| {
            let dup = branches.iter().any(|b| {
                b.p_dot == d.p_dot
                    && (b.lambda_dot - d.lambda_dot).amax() <= 1e-9
                    && (b.g_dot - d.g_dot).amax() <= 1e-9
            });
            if dup {
                return;
            }
            if d.p_dot > 0.0 {
                counts.0 += 1;
            } else {
                counts.1 += 1;
            }
            if branches.len() < branches.capacity() {
                branches.push(Branch {
                    q_dot: d.q_dot,
                    p_dot: d.p_dot,
                    lambda_dot: d.lambda_dot,
                    g_dot: d.g_dot,
                });
            }
        });
        (counts, found)
    }

    /// The branch to follow: the one closest to the incoming tangent, other than the one leading
    /// back along it; without an incoming tangent, the first in the traced direction.
    fn choose_branch(&self, incoming: Option<&Z<NQ, NB, NU>>) -> Option<usize> {
        let n_branches = self.branches.len();
        let mut back: Option<usize> = None;
        if let Some(tin) = incoming {
            let mut best = f64::NEG_INFINITY;
            for c in 0..n_branches {
                let d = -Self::branch_direction(&self.branches[c]).qp_dot(tin);
                if d > best {
                    best = d;
                    back = Some(c);
                }
            }
            if best <= 0.9 {
                back = None;
            }
        }
        let mut chosen: Option<usize> = None;
        let mut best = f64::NEG_INFINITY;
        for c in 0..n_branches {
            if Some(c) == back {
                continue;
            }
            let b = &self.branches[c];
            match incoming {
                Some(tin) => {
                    let d = Self::branch_direction(b).qp_dot(tin);
                    if d > best {
                        best = d;
                        chosen = Some(c);
                    }
                }
                None => {
                    if chosen.is_none() && b.p_dot * self.opts.direction > 0.0 {
                        chosen = Some(c);
                    }
                }
            }
        }
        chosen
    }

    /// Weakly active point with singular H_+ (Sect. 7).
    fn classify_singular_weak(
        &self,
        rh: &super::path_system::ReducedHessian<NQ>,
        e0: &Matrix<NQ, NU>,
        weak: &[bool; NU],
        u_p: &Vector<NQ>,
    ) -> (
        SpecialPointKind,
        Option<Vector<NQ>>,
        Option<SingularWeaklyActive<NQ>>,
    ) {
        let n_weak = weak.iter().filter(|w| **w).count();
        if n_weak == 1
            && let Some(j) = (0..NU).find(|&j| weak[j])
            && let Ok(s) = classify_singular_weakly_active(
                &rh.hessian,
                &rh.basis,
                rh.dim,
                &e0.column(j).into_owned(),
                u_p,
                SINGULAR_CLASSIFICATION_TOLERANCE,
            )
        {
            let kind = match s.outcome {
                SingularWeakOutcome::BifurcationPoint => SpecialPointKind::BifurcationPoint,
                SingularWeakOutcome::CommonLimitPoint => SpecialPointKind::CommonLimitPoint,
                SingularWeakOutcome::CornerLimitPoint(_) => SpecialPointKind::CornerLimitPoint,
            };
            return (kind, Some(s.critical_direction), Some(s));
        }
        // Several weakly active constraints or a multiple zero eigenvalue: c₁ and max|c₂| only.
        let (d, w) = leading_block_eigen(&rh.hessian, rh.dim);
        let k0 = (0..rh.dim)
            .min_by(|&a, &b| d[a].abs().total_cmp(&d[b].abs()))
            .unwrap_or(0);
        let tw = rh.basis * w.column(k0);
        let c1 = tw.dot(u_p);
        let c2 = (e0.transpose() * tw).amax();
        let s1 = u_p.amax().max(1e-300);
        let kind = if c1.abs() <= 1e-9 * s1 {
            SpecialPointKind::BifurcationPoint
        } else if c2 <= 1e-9 * e0.amax().max(1e-300) {
            SpecialPointKind::CommonLimitPoint
        } else {
            SpecialPointKind::CornerLimitPoint
        };
        (kind, Some(tw), None)
    }
}

/// Relative threshold below which c₁ = w₁ᵀ T_+ᵀ ∇U' counts as zero at a located singular point of
/// a smooth segment (bifurcation (2.21) rather than limit point (2.22)), relative to the largest
/// ‖∇U'‖ at the point and its bracket; a sign change of c₁ across the bracket also marks a
/// bifurcation (see the module docs).
pub const BIFURCATION_C1_TOLERANCE: f64 = 1e-6;

/// Relative tolerance passed to [`classify_singular_weakly_active`] by the tracer.
pub const SINGULAR_CLASSIFICATION_TOLERANCE: f64 = 1e-8;
