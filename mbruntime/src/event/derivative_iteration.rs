//! The active set after an event: Lötstedt (1982), Sect. 5, Theorem 5.4.
//!
//! Candidates are the contacts with g_Nᵢ = 0 and γᵢ = 0 (set J of Theorem 5.4). Lötstedt shows
//! that neither naive rule "closed = {λᵢ > 0}" nor "closed = {δᵢ = 0}" is right when
//! λᵢ = δᵢ = 0 at t₀: then higher time derivatives decide. With x⁽ʲ⁾ = dʲx/dtʲ at t₀ and
//!
//! ```text
//! J_λk = {i | ∃p ≤ k: λᵢ⁽ʲ⁾ = 0 (j < p), λᵢ⁽ᵖ⁾ > 0},   J_δk = {i | ∃p ≤ k: δᵢ⁽ʲ⁾ = 0 (j < p), δᵢ⁽ᵖ⁾ > 0},
//! ```
//!
//! level k (k = 0, 1, 2) solves, for the still undecided contacts J_k \ J_λ,k−1 with
//! J_k = J \ J_δ,k−1, the (k)-th derivative of the equations of motion and of the constraints
//! ((5.10)–(5.12)), with the bilateral constraints and the contacts of J_λ,k−1 as equalities
//! (their δ vanishes identically near t₀) and the undecided ones complementary:
//!
//! ```text
//! k = 0:  M q̈   = h + G λ_B + W λ                                          (2.5b)
//! k = 1:  M q⃛   = ḣ − Ṁ q̈ + Ġ λ_B + Ẇ λ + G λ̇_B + W λ̇
//! k = 2:  M q⁗   = ḧ − 2Ṁ q⃛ − M̈ q̈ + G̈ λ_B + 2Ġ λ̇_B + Ẅ λ + 2Ẇ λ̇ + G λ̈_B + W λ̈
//! g⁽ᵏ⁺²⁾ = Gᵀ q⁽ᵏ⁺²⁾ + ρ_B,k = 0,   δᵢ⁽ᵏ⁾ = wᵢᵀ q⁽ᵏ⁺²⁾ + ρᵢ,k = 0   (i ∈ J_λ,k−1),
//! 0 ≤ λᵢ⁽ᵏ⁾ ⊥ δᵢ⁽ᵏ⁾ = wᵢᵀ q⁽ᵏ⁺²⁾ + ρᵢ,k ≥ 0                              (i undecided),
//! ```
//!
//! where ρ_k is the part of the (k+2)-th time derivative of the constraint not multiplying
//! q⁽ᵏ⁺²⁾ (generated `gap_time_derivatives` / `bilateral_time_derivatives`, column k+1,
//! evaluated with q⁽ᵏ⁺²⁾ = 0), Ṁ, M̈ from `mass_matrix_rates`, ḣ, ḧ from `force_rates`, and
//! Ẇ, Ẅ, Ġ, G̈ from `gap_jacobian_rates` / `bilateral_jacobian_rates` (rheonomic terms
//! included). Every level is the same condensed mixed LCP ([`MixedLcp`](super::mixed_lcp)):
//! δ⁽ᵏ⁾ and q⁽ᵏ⁺²⁾ are unique (Lemma 5.2 and the uniqueness step of the proof), λ⁽ᵏ⁾ is the
//! basic solution; the equality multipliers λ⁽ᵏ⁾ of J_λ,k−1 and λ_B⁽ᵏ⁾ (whose sign is of no
//! importance, proof of Theorem 5.4) come from the KKT solve and feed the next level. After
//! level k an undecided contact with λᵢ⁽ᵏ⁾ > 0 joins J_λk (stays closed), one with δᵢ⁽ᵏ⁾ > 0
//! joins J_δk (opens: δᵢ(t) = δᵢ⁽ᵏ⁾(t − t₀)ᵏ/k! + …), and one with λᵢ⁽ᵏ⁾ = δᵢ⁽ᵏ⁾ = 0 goes on
//! to level k + 1 with λᵢ⁽ᵏ⁾ = 0.
//!
//! A velocity (nonholonomic) constraint γ = A q̇ + a = 0 enters every level as a bilateral
//! equality like a holonomic one, through its column Aᵀ: since γ vanishes identically, so does
//! γ⁽ᵏ⁺¹⁾ = A q⁽ᵏ⁺²⁾ + ρ, which is its level-k equation. The contract stores d^(j−1)γ/dt^(j−1)
//! in column j − 1 of `bilateral_time_derivatives`, where a holonomic row has dʲg/dtʲ. Column
//! k + 1, read at level k, is therefore g⁽ᵏ⁺²⁾ for a holonomic row and γ⁽ᵏ⁺¹⁾ for a velocity
//! constraint: in both cases the row's level-k equation, the one in which q⁽ᵏ⁺²⁾ enters through
//! the row's column of G (and Ġ, G̈ of `bilateral_jacobian_rates` are Ȧᵀ, Äᵀ for it).
//!
//! Termination (Lötstedt's criteria after (5.15)):
//! 1. no undecided contact is left (J_k \\ J_λk = ∅);
//! 2. an undecided column is a linear combination of the equality columns (its remainder
//!    after the kinetic-metric projection is below `rank_tolerance`): by Lemma 5.3 its δ
//!    vanishes identically, so it is kept closed with λᵢ = 0 (redundant contact);
//! 3. λ₂⁽ᵏ⁾ = 0: Lötstedt continues with λ₂ = 0 until a δ derivative is non-zero, which happens
//!    at a finite level for analytic data unless δ vanishes identically. The iteration runs
//!    level after level up to `max_derivative_order` ≤ [`MAX_DERIVATIVE_ORDER`]; a contact still
//!    undecided there (λᵢ⁽ʲ⁾ = δᵢ⁽ʲ⁾ = 0 for every j up to that level) is not kept closed
//!    silently but reported ([`EventError::UndecidedContact`], with the contact and the level):
//!    whether it opens is decided by derivatives the iteration did not reach.
//!
//! **Derivatives of any order.** Level k needs the k-th time derivative of the equations of
//! motion and the (k+2)-th of the constraints along the motion known so far. They are the
//! Taylor coefficients of the model's functions evaluated on jets ([`Rates`],
//! [`crate::taylor`]): with the normalised coefficients Qⱼ = q⁽ʲ⁾/j!, Lⱼ = λ⁽ʲ⁾/j!,
//! Bⱼ = λ_B⁽ʲ⁾/j! found so far and the unknowns of level k (Q_{k+2}, L_k, B_k) set to zero,
//! the residual r(s) = M q̈ − h − Gλ_B − Wλ has r_k = [r]_k with the unknowns entering as
//! M (k+2)! Q_{k+2}/k! − G B_k − W L_k, so the level-k force is f = −k! r_k; and the
//! remainder of the constraint is ρ_k = (k+2)! [g]_{k+2} (for a velocity constraint
//! (k+1)! [γ]_{k+1}). Level 0 uses M, h and the drifts directly.
//!
//! Everything is fixed size (arrays of NU indices, SVector/SMatrix); nothing allocates.
//!
//! The decision is a function of the state: it receives the model, the options and the
//! workspaces, and returns the new [`ActiveSet`] with the LCP solutions that led to it; the
//! integrator commits it.

use super::active_set::ActiveSet;
use super::error::{EventError, LcpStage};
use super::evaluate::KktSystem;
use super::mixed_lcp::MixedLcp;
use super::options::{ActiveSetRule, EventOptions};
use crate::linalg::first_non_finite;
use crate::mechanism::{Matrix, Rates, State, StateJet, Vector};
use crate::taylor::Jet;

pub(crate) use super::options::MAX_DERIVATIVE_ORDER;

/// Length of the jets the levels are evaluated on: coefficient k + 2 of the constraints at the
/// highest level.
const JET: usize = MAX_DERIVATIVE_ORDER + 3;

/// (λ, δ) of one complementarity problem, indexed by contact (zero outside the problem).
pub type LcpSolution<const NU: usize> = (Vector<NU>, Vector<NU>);

/// The active set decided at one state, with the LCP solutions that led to it.
#[derive(Debug, Clone, Copy)]
pub(super) struct ActiveSetDecision<const NU: usize> {
    /// The closed contacts: J_λ of the last level reached, then the truncated undecided ones.
    pub active: ActiveSet<NU>,
    /// (λ, δ) of the acceleration LCP (2.5b), if some contact was a candidate.
    pub acceleration_lcp: Option<LcpSolution<NU>>,
    /// (λ⁽ᵏ⁾, δ⁽ᵏ⁾) of level k = 1, 2 ((5.12)), where that level was reached.
    pub derivative_lcps: [Option<LcpSolution<NU>>; MAX_DERIVATIVE_ORDER],
}

/// The Taylor coefficients at t₀ found level by level: Qⱼ = q⁽ʲ⁾/j! (j ≤ k + 1 after level
/// k − 1; the acceleration jet reads two beyond the position jet), Lⱼ = λ_N⁽ʲ⁾/j!,
/// Bⱼ = λ_B⁽ʲ⁾/j!; unknown coefficients are zero.
#[derive(Clone, Copy)]
struct Series<const NQ: usize, const NB: usize, const NU: usize> {
    q: [Vector<NQ>; JET + 2],
    lambda_n: [Vector<NU>; JET],
    lambda_b: [Vector<NB>; JET],
}

impl<const NQ: usize, const NB: usize, const NU: usize> Series<NQ, NB, NU> {
    /// The known start: q, q̇, q̈ and the level-0 multipliers.
    fn start(at: At<'_, NQ>, qdd: &Vector<NQ>) -> Self {
        let mut s = Series {
            q: [Vector::zeros(); JET + 2],
            lambda_n: [Vector::zeros(); JET],
            lambda_b: [Vector::zeros(); JET],
        };
        s.q[0] = *at.q;
        s.q[1] = *at.u;
        s.q[2] = qdd * 0.5;
        s
    }

    /// The trajectory jet through the known coefficients (time t₀ + s).
    fn state_jet(&self, t: f64) -> StateJet<JET, NQ> {
        let mut x = StateJet::<JET, NQ> {
            t: Jet::variable(t, 1.0),
            ..Default::default()
        };
        for i in 0..NQ {
            let (mut q, mut qd, mut qdd) = ([0.0; JET], [0.0; JET], [0.0; JET]);
            for k in 0..JET {
                let kf = k as f64;
                q[k] = self.q[k][i];
                qd[k] = (kf + 1.0) * self.q[k + 1][i];
                qdd[k] = (kf + 1.0) * (kf + 2.0) * self.q[k + 2][i];
            }
            x.q[i] = Jet::from_coefficients(q);
            x.qd[i] = Jet::from_coefficients(qd);
            x.qdd[i] = Jet::from_coefficients(qdd);
        }
        x
    }

    /// The multiplier jets through the known coefficients.
    fn multiplier_jets(&self) -> ([Jet<JET>; NB], [Jet<JET>; NU]) {
        let mut lb = [Jet::ZERO; NB];
        let mut ln = [Jet::ZERO; NU];
        for k in 0..JET {
            for (j, l) in lb.iter_mut().enumerate() {
                l.set_coefficient(k, self.lambda_b[k][j]);
            }
            for (j, l) in ln.iter_mut().enumerate() {
                l.set_coefficient(k, self.lambda_n[k][j]);
            }
        }
        (lb, ln)
    }
}

/// k! as a float.
fn factorial(k: usize) -> f64 {
    (1..=k).fold(1.0, |f, i| f * i as f64)
}

/// Contacts sorted by the iteration so far: J_λ (closed, in the order they were decided) and
/// the still undecided ones (λ⁽ʲ⁾ = δ⁽ʲ⁾ = 0 at every level j so far).
#[derive(Clone, Copy)]
struct Sorting<const NU: usize> {
    closed: ActiveSet<NU>,
    undecided: [usize; NU],
    n_undecided: usize,
}

/// The state at which the active set is decided.
#[derive(Clone, Copy)]
struct At<'a, const NQ: usize> {
    t: f64,
    q: &'a Vector<NQ>,
    u: &'a Vector<NQ>,
}

/// Decides which contacts are closed at (t, q, u) (see the module docs); `opened` names a
/// contact that must open (its multiplier was found pulling from this state on), which is then
/// no candidate.
pub(super) fn decide_active_set<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    opts: &EventOptions,
    kkt: &mut KktSystem<NQ, NB, NU>,
    lcp: &mut MixedLcp<NQ, NU>,
    state: &State<NQ>,
    opened: Option<usize>,
) -> Result<ActiveSetDecision<NU>, EventError>
where
    Mo: Rates<NQ, NB, NU>,
{
    let (t, q, u) = (state.t, &state.q, &state.u);
    let mut decision = ActiveSetDecision {
        active: ActiveSet::empty(),
        acceleration_lcp: None,
        derivative_lcps: [None; MAX_DERIVATIVE_ORDER],
    };
    let at = At { t, q, u };
    let (cand, nc) = candidates(model, opts, kkt, at, opened);
    if nc == 0 {
        return Ok(decision);
    }
    // Level 0: acceleration LCP (2.5b) with bilateral constraints condensed.
    let mut m = Matrix::<NQ, NQ>::zeros();
    let mut h = Vector::<NQ>::zeros();
    model.dynamics(q, u, t, &mut m, &mut h);
    kkt.factor_at(model, &ActiveSet::empty(), q, t, &m)?;
    let mut drift_b = Vector::<NB>::zeros();
    let mut drift_n = Vector::<NU>::zeros();
    model.bilateral_drift(q, u, t, &mut drift_b);
    model.gap_drift(q, u, t, &mut drift_n);
    let factor = kkt.factor();
    let mut c = Vector::<NQ>::zeros();
    for k in 0..factor.rank() {
        c[k] = -drift_b[factor.kept_tag(k)];
    }
    let (mut lambda, mut delta) = (Vector::<NU>::zeros(), Vector::<NU>::zeros());
    let w_n = *kkt.gap_jacobian().0;
    let qdd = lcp
        .solve(
            factor,
            &h,
            &c,
            &w_n,
            &cand[..nc],
            &drift_n,
            &mut lambda,
            &mut delta,
        )
        .map_err(|source| EventError::Lcp {
            t,
            stage: LcpStage::Acceleration,
            source,
        })?;
    decision.acceleration_lcp = Some((lambda, delta));
    let lam_tol = opts.zero_tolerance * (1.0 + lambda.amax() + h.amax());
    let del_tol = opts.zero_tolerance * (1.0 + qdd.amax() + drift_n.amax());
    let mut sorting = sort_by_acceleration_lcp(
        opts.active_set_rule,
        &cand[..nc],
        (&lambda, lam_tol),
        (&delta, del_tol),
    );
    if sorting.n_undecided > 0 {
        // Level-0 coefficients: q̈, λ (zero on undecided contacts) and λ_B from the KKT solve.
        let mut series = Series::start(at, &qdd);
        let mut f0 = h;
        for &i in sorting.closed.priority() {
            series.lambda_n[0][i] = lambda[i];
            f0.axpy(lambda[i], &w_n.column(i), 1.0);
        }
        let (_, mu) = factor.solve_kkt(&f0, &c);
        for k in 0..factor.rank() {
            series.lambda_b[0][factor.kept_tag(k)] = mu[k];
        }
        let levels = opts.max_derivative_order.min(MAX_DERIVATIVE_ORDER);
        for level in 1..=levels {
            if sorting.n_undecided == 0 {
                break; // criterion 1
            }
            let cx = (model, opts, &mut *kkt, &mut *lcp);
            let solution = derivative_level(cx, at, level, &m, &mut series, &mut sorting)?;
            decision.derivative_lcps[level - 1] = Some(solution);
        }
        // Criterion 3 not reached: the contact's fate lies beyond the highest level.
        if let Some(&index) = sorting.undecided[..sorting.n_undecided].first() {
            return Err(EventError::UndecidedContact {
                t,
                contact: <Mo as crate::mechanism::Constraints<NQ, NB, NU>>::CONTACTS[index],
                index,
                level: levels,
            });
        }
    }
    decision.active = sorting.closed;
    Ok(decision)
}

/// The candidates J of Theorem 5.4: contacts with g_Nᵢ = 0 and γᵢ = 0 (to the tolerances) but
/// `opened`, as a list and its length.
fn candidates<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    opts: &EventOptions,
    kkt: &mut KktSystem<NQ, NB, NU>,
    at: At<'_, NQ>,
    opened: Option<usize>,
) -> ([usize; NU], usize)
where
    Mo: Rates<NQ, NB, NU>,
{
    let At { t, q, u } = at;
    let mut gn = Vector::<NU>::zeros();
    model.gaps(q, t, &mut gn);
    let gamma = kkt.normal_velocities(model, q, u, t);
    let mut cand = [0usize; NU];
    let mut nc = 0;
    for i in 0..NU {
        let touching = gn[i] <= opts.gap_tolerance && gamma[i].abs() <= opts.velocity_tolerance;
        if touching && opened != Some(i) {
            cand[nc] = i;
            nc += 1;
        }
    }
    (cand, nc)
}

/// Level 0 of the decision: a candidate with λᵢ above `lam_tol` is closed (J_λ0); with the
/// derivative iteration one with λᵢ and δᵢ both at most their tolerance is undecided, the others
/// open (J_δ0). The naive rules close {λᵢ > 0} or {δᵢ = 0} and leave nothing undecided.
fn sort_by_acceleration_lcp<const NU: usize>(
    rule: ActiveSetRule,
    cand: &[usize],
    (lambda, lam_tol): (&Vector<NU>, f64),
    (delta, del_tol): (&Vector<NU>, f64),
) -> Sorting<NU> {
    let mut sorting = Sorting {
        closed: ActiveSet::empty(),
        undecided: [0; NU],
        n_undecided: 0,
    };
    for &i in cand {
        let (pos_l, pos_d) = (lambda[i] > lam_tol, delta[i] > del_tol);
        let closed = match rule {
            ActiveSetRule::NaiveMultiplier => pos_l,
            ActiveSetRule::NaiveAcceleration => !pos_d,
            ActiveSetRule::DerivativeIteration => {
                if !pos_l && !pos_d {
                    sorting.undecided[sorting.n_undecided] = i;
                    sorting.n_undecided += 1;
                }
                pos_l
            }
        };
        if closed {
            sorting.closed.close(i);
        }
    }
    sorting
}

/// Right-hand side of the level-k equations of motion (5.10) without the level-k multipliers,
/// f = −k! [r]_k, and the remainders ρ_B,k, ρ_N,k of the (k+2)-th constraint derivatives, from
/// the model on the jets of the coefficients known so far (see the module docs).
fn derivative_rhs<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    at: At<'_, NQ>,
    level: usize,
    series: &Series<NQ, NB, NU>,
) -> Result<(Vector<NQ>, Vector<NB>, Vector<NU>), EventError>
where
    Mo: Rates<NQ, NB, NU>,
{
    let x = series.state_jet(at.t);
    let (lb, ln) = series.multiplier_jets();
    let mut r = [Jet::<JET>::ZERO; NQ];
    model.motion_residual_jet(&x, &lb, &ln, &mut r);
    let mut gb = [Jet::<JET>::ZERO; NB];
    let mut gn = [Jet::<JET>::ZERO; NU];
    model.constraint_jet(&x, &mut gb, &mut gn);
    let f = Vector::<NQ>::from_fn(|i, _| -factorial(level) * r[i].coefficient(level));
    let rho_b = Vector::<NB>::from_fn(|j, _| {
        if Mo::HOLONOMIC[j] {
            factorial(level + 2) * gb[j].coefficient(level + 2)
        } else {
            factorial(level + 1) * gb[j].coefficient(level + 1)
        }
    });
    let rho_n = Vector::<NU>::from_fn(|j, _| factorial(level + 2) * gn[j].coefficient(level + 2));
    if let Some(entry) = first_non_finite(f.iter().chain(rho_b.iter()).chain(rho_n.iter())) {
        return Err(EventError::NonFinite {
            t: at.t,
            what: "time derivative of the equations of motion or of a constraint (forces, \
                   then bilateral, then normal rows)",
            entry,
        });
    }
    Ok((f, rho_b, rho_n))
}

/// The model, options and workspaces a derivative level works with.
type LevelContext<'a, Mo, const NQ: usize, const NB: usize, const NU: usize> = (
    &'a Mo,
    &'a EventOptions,
    &'a mut KktSystem<NQ, NB, NU>,
    &'a mut MixedLcp<NQ, NU>,
);

/// Level k ≥ 1 of the iteration: solves (5.10)–(5.12) with the equality set J_λ,k−1 =
/// `sorting.closed` and the undecided contacts of `sorting`; stores the coefficients of q⁽ᵏ⁺²⁾,
/// λ⁽ᵏ⁾, λ_B⁽ᵏ⁾ in `series`, closes the new members of J_λk and keeps the still undecided ones.
/// Returns (λ⁽ᵏ⁾, δ⁽ᵏ⁾).
fn derivative_level<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    (model, opts, kkt, lcp): LevelContext<'_, Mo, NQ, NB, NU>,
    at: At<'_, NQ>,
    level: usize,
    m: &Matrix<NQ, NQ>,
    series: &mut Series<NQ, NB, NU>,
    sorting: &mut Sorting<NU>,
) -> Result<LcpSolution<NU>, EventError>
where
    Mo: Rates<NQ, NB, NU>,
{
    let (f, rho_b, rho_n) = derivative_rhs(model, at, level, series)?;
    let equalities = sorting.closed;
    kkt.factor_at(model, &equalities, at.q, at.t, m)?;
    let factor = kkt.factor();
    let mut c = Vector::<NQ>::zeros();
    for k in 0..factor.rank() {
        let tag = factor.kept_tag(k);
        c[k] = if tag < NB {
            -rho_b[tag]
        } else {
            -rho_n[tag - NB]
        };
    }
    // Criterion 2: undecided columns dependent on the equality columns stay closed.
    let mut unil = [0usize; NU];
    let mut nl = 0;
    let w_n = *kkt.gap_jacobian().0;
    for &i in &sorting.undecided[..sorting.n_undecided] {
        let b = factor.whiten(&w_n.column(i).into_owned());
        if factor.project_out(&b).norm() <= opts.rank_tolerance * b.norm() {
            sorting.closed.close(i);
        } else {
            unil[nl] = i;
            nl += 1;
        }
    }
    let (mut lam, mut del) = (Vector::<NU>::zeros(), Vector::<NU>::zeros());
    let x = lcp
        .solve(
            factor,
            &f,
            &c,
            &w_n,
            &unil[..nl],
            &rho_n,
            &mut lam,
            &mut del,
        )
        .map_err(|source| EventError::Lcp {
            t: at.t,
            stage: LcpStage::DerivativeIteration { order: level },
            source,
        })?;
    // Equality multipliers of this level (bilateral and J_λ,k−1) from the KKT solve.
    let mut f_all = f;
    for &i in &unil[..nl] {
        f_all.axpy(lam[i], &w_n.column(i), 1.0);
    }
    let (_, mu) = factor.solve_kkt(&f_all, &c);
    let scale = 1.0 / factorial(level);
    for k in 0..factor.rank() {
        let tag = factor.kept_tag(k);
        if tag < NB {
            series.lambda_b[level][tag] = mu[k] * scale;
        } else {
            series.lambda_n[level][tag - NB] = mu[k] * scale;
        }
    }
    series.q[level + 2] = x / factorial(level + 2);
    let lam_tol = opts.zero_tolerance * (1.0 + lam.amax() + f.amax());
    let del_tol = opts.zero_tolerance * (1.0 + x.amax() + rho_n.amax());
    let mut still = 0;
    for &i in &unil[..nl] {
        if lam[i] > lam_tol {
            // J_λk: stays closed.
            series.lambda_n[level][i] = lam[i] * scale;
            sorting.closed.close(i);
        } else if del[i] <= del_tol {
            // λ⁽ᵏ⁾ = δ⁽ᵏ⁾ = 0: on to the next level with λ⁽ᵏ⁾ = 0.
            sorting.undecided[still] = i;
            still += 1;
        }
        // Otherwise J_δk: opens (λ ≡ 0 from here on).
    }
    sorting.n_undecided = still;
    Ok((lam, del))
}
