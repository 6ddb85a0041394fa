//! The per-step output of the time-stepping integrators.

use crate::mechanism::{Segment, Vector};

/// Everything one time step produced: the end state and the impulses of the step.
///
/// Impulses and relative velocities are those of Glocker & Studer (2005), (10)–(12), (17):
/// for contact i in the active set H,
///
/// ```text
/// γ_Ni^A = w_Niᵀ u^A + ŵ_Ni,   γ_Ni^E = w_Niᵀ u^E + ŵ_Ni     (10), at the evaluation point
/// ξ_Ni = γ_Ni^E + ε_Ni γ_Ni^A,  ξ_Ti = γ_Ti^E + ε_Ti γ_Ti^A    (11)
/// −Λ_Ni ∈ Upr(ξ_Ni),  −Λ_Ti ∈ μ_i Λ_Ni Sgn(ξ_Ti)                (12)
/// ```
///
/// A contact with a tangent plane has a second tangential impulse Λ_T2 and velocity ξ_T2
/// (along W_T2) besides Λ_T, ξ_T (along W_T), and Coulomb's law in the disk,
/// ‖(Λ_T, Λ_T2)‖ ≤ μ Λ_N with De Saxcé's modified velocity (see the [module
/// documentation](super)); Λ_T2 and ξ_T2 are zero for contacts without one.
///
/// Entries of contacts not in H are zero (impulses and ξ). The Jacobians are evaluated at the
/// scheme's evaluation point `q_eval` (q_M = q^A + ½Δt u^A for Moreau's midpoint rule, q^A for
/// Moreau–Jean); the active set always comes from the gaps at the predicted midpoint
/// q^A + ½Δt u^A.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepRecord<const NQ: usize, const NB: usize, const NU: usize> {
    /// Step number (1 for the first step after the initial state).
    pub step: u64,
    /// Time at the end of the step, t^E.
    pub t: f64,
    /// Step size Δt used (the last step of `TimeStepper::run` may be shorter, so that it ends
    /// at t_end).
    pub h: f64,
    /// Coordinates at the end of the step, q^E (after the bilateral projection, if any).
    pub q: Vector<NQ>,
    /// Velocities at the end of the step, u^E.
    pub u: Vector<NQ>,
    /// Coordinates at the start of the step, q^A.
    pub q_start: Vector<NQ>,
    /// Velocities at the start of the step, u^A.
    pub u_start: Vector<NQ>,
    /// Point at which M, h, gaps and Jacobians were evaluated.
    pub q_eval: Vector<NQ>,
    /// The impulses of the step and how they were found (the velocity jump of (b)–(e)).
    pub impulses: ContactImpulses<NB, NU>,
    /// ‖g(q^E)‖_∞ over the holonomic bilateral constraints after the position projection (0
    /// without any).
    pub constraint_residual: f64,
    /// max |A_i(q^E, t^E) u^E + a_i(q^E, t^E)| over the velocity (nonholonomic) constraints at the
    /// end state (0 without any). The step imposes them at `q_eval`, where they hold to
    /// round-off; at the end state the residual is O(Δt).
    pub velocity_constraint_residual: f64,
}

/// What the contact stage of a time step produced: the active set, the impulses and the
/// velocities ξ of (11) of the contacts in it, the bilateral impulses, and the size and work of
/// the problem solved for them. Part of every [`StepRecord`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactImpulses<const NB: usize, const NU: usize> {
    /// Gaps g_N(q^A + ½Δt u^A, t^A + ½Δt) that decided the active set H = {i : g_Ni ≤ 0}.
    pub gaps_eval: Vector<NU>,
    /// Membership in H.
    pub active: [bool; NU],
    /// Normal impulses Λ_N over the step.
    pub lambda_n: Vector<NU>,
    /// Tangential impulses Λ_T over the step (along W_T: the first tangent of a contact with a
    /// tangent plane).
    pub lambda_t: Vector<NU>,
    /// Impulses Λ_T2 along the second tangent W_T2 (zero for a contact without tangent plane).
    pub lambda_t2: Vector<NU>,
    /// ξ_N of (11).
    pub xi_n: Vector<NU>,
    /// ξ_T of (11).
    pub xi_t: Vector<NU>,
    /// ξ_T2 = γ_T2^E + ε_T γ_T2^A along the second tangent (zero for a contact without tangent
    /// plane).
    pub xi_t2: Vector<NU>,
    /// Impulses of the bilateral constraints over the step (G Λ_B enters the momentum balance).
    pub lambda_b: Vector<NB>,
    /// Dimension of the LCP solved in this step (0: no active contact, or the step solved the
    /// spatial contact problem instead: see [`cone_size`](Self::cone_size)).
    pub lcp_size: usize,
    /// Lemke pivots of this step: 0 if no LCP was solved, if it was warm-started (see
    /// [`warm_started`](Self::warm_started)), or if Lemke found the trivial solution z = 0
    /// of an LCP with b ≥ 0 (e.g. every closed contact separating).
    pub lcp_pivots: usize,
    /// Whether this step's contact LCP was solved by the warm start from the previous step's
    /// complementary basis ([`crate::lcp::WarmStart`]: one small LU, no Lemke call); false if
    /// no LCP was solved or Lemke solved it (including its pivot-free case b ≥ 0).
    pub warm_started: bool,
    /// Dimension 3k of the spatial contact problem solved in this step (k closed contacts), 0
    /// if none was solved: it replaces the LCP in steps in which a contact with a tangent plane
    /// and μ > 0 is closed.
    pub cone_size: usize,
    /// Iterations (Newton steps plus Gauss–Seidel sweeps) of the spatial contact problem.
    pub cone_iterations: usize,
}

impl<const NB: usize, const NU: usize> ContactImpulses<NB, NU> {
    /// No contact in H, every impulse zero, no problem solved.
    pub fn none() -> Self {
        Self {
            gaps_eval: Vector::zeros(),
            active: [false; NU],
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            xi_n: Vector::zeros(),
            xi_t: Vector::zeros(),
            xi_t2: Vector::zeros(),
            lambda_b: Vector::zeros(),
            lcp_size: 0,
            lcp_pivots: 0,
            warm_started: false,
            cone_size: 0,
            cone_iterations: 0,
        }
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> StepRecord<NQ, NB, NU> {
    /// An empty record (all zeros) at time `t` with state (q, u).
    pub fn at_state(t: f64, q: Vector<NQ>, u: Vector<NQ>) -> Self {
        Self {
            step: 0,
            t,
            h: 0.0,
            q,
            u,
            q_start: q,
            u_start: u,
            q_eval: q,
            impulses: ContactImpulses::none(),
            constraint_residual: 0.0,
            velocity_constraint_residual: 0.0,
        }
    }

    /// Active set as a bitmask (bit i set when contact i ∈ H); contacts beyond 64 are ignored.
    pub fn active_mask(&self) -> u64 {
        self.impulses
            .active
            .iter()
            .take(64)
            .enumerate()
            .fold(0, |m, (i, &a)| if a { m | (1 << i) } else { m })
    }

    /// Number of contacts in H.
    pub fn active_count(&self) -> usize {
        self.impulses.active.iter().filter(|&&a| a).count()
    }
}

/// The step from (t − h, q_start) to (t, q).
impl<const NQ: usize, const NB: usize, const NU: usize> Segment<NQ> for StepRecord<NQ, NB, NU> {
    fn start(&self) -> (f64, &Vector<NQ>) {
        (self.t - self.h, &self.q_start)
    }

    fn end(&self) -> (f64, &Vector<NQ>) {
        (self.t, &self.q)
    }
}
