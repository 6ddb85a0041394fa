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
//!   located by bisection on the step and polished by Newton with g_N,j = 0 and λ_j = 0 together.
//! * **Weakly active points**: with T_+ a basis of Ker E_+ᵀ, the reduced Hessian
//!   H_+ = T_+ᵀ ∇²𝓛 T_+ (3.14) and, if H_+ is regular, the path-derivative LCP (4.1)–(4.4)
//!   ġ₀ = G λ̇₀ + ṗ ĝ, 0 ≤ λ̇₀ ⟂ ġ₀ ≥ 0, G = E₀ᵀ T_+ H_+⁻¹ T_+ᵀ E₀, ĝ = −E₀ᵀ T_+ H_+⁻¹ T_+ᵀ ∇U',
//!   is solved by enumeration for ṗ = +1 and ṗ = −1; each solution gives a branch with
//!   q̇ = T_+ H_+⁻¹ T_+ᵀ (E₀ λ̇₀ − ∇U' ṗ) (4.5). The branch that leads back is discarded and the
//!   path continues on the remaining one. Counting solutions classifies the point (Sect. 4):
//!   two solutions on one side and none on the other: **corner limit point**; one and none:
//!   **end point**; more than one on both sides in total more than two: **bifurcation point**;
//!   one each: a regular change of contact state. At a weakly active point with singular H_+ the
//!   coefficients c₁ (7.4), c₂ (7.5) classify it (c₁ = 0: bifurcation; c₂ = 0: common limit
//!   point; else corner limit point) and tracing stops there (higher-order analysis not
//!   implemented).
//! * **Limit and bifurcation points on smooth segments**: a sign change of ṗ marks a common limit
//!   point ((2.22), H_+ singular with w₁ᵀ T ∇U' ≠ 0); a change of the number of negative
//!   eigenvalues of H_+ without one marks a bifurcation point ((2.21), w₁ᵀ T ∇U' = 0). Both are
//!   located by bisection; branch switching at bifurcations is not attempted.
//! * **Stability**: the degree of instability is the number of negative eigenvalues of H_+
//!   (Thompson & Hunt; (5.9)), reported at every point.
//!
//! # Allocation
//!
//! Path following is an offline analysis: it uses dynamically sized nalgebra matrices (the size
//! of z, n + n_b + n_u + 1, is not expressible as a const generic on stable Rust) and allocates
//! in every step. The per-step simulation paths of the crate are unaffected.

use nalgebra::DVector;

use super::linalg::SymmetricSpectrum;
use super::path_system::PathSystem;
use crate::mechanism::{Mechanism, ParameterError, Vector};

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

/// Kinds of special points (Schulz & Pellegrino Sects. 2(a), 4, 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialPointKind {
    /// Smooth maximum/minimum of p: ṗ = 0, H_+ singular (2.22).
    CommonLimitPoint,
    /// Several branches cross (2.21) or the path LCP has more than two solutions (Sect. 4b).
    BifurcationPoint,
    /// Non-smooth maximum/minimum of p at a weakly active contact: two LCP solutions for one
    /// sign of ṗ, none for the other (Sect. 4b, Fig. 4b).
    CornerLimitPoint,
    /// The path ends: one LCP solution for one sign of ṗ, none for the other (Fig. 4a).
    EndPoint,
    /// A contact changes state (one LCP solution for each sign of ṗ).
    ContactChange,
}

impl std::fmt::Display for SpecialPointKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SpecialPointKind::CommonLimitPoint => "common limit point",
            SpecialPointKind::BifurcationPoint => "bifurcation point",
            SpecialPointKind::CornerLimitPoint => "corner limit point",
            SpecialPointKind::EndPoint => "end point",
            SpecialPointKind::ContactChange => "contact change",
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
    /// Set if this point is a special point.
    pub special: Option<SpecialPointKind>,
}

impl<const NQ: usize, const NB: usize, const NU: usize> PathPoint<NQ, NB, NU> {
    /// Whether the equilibrium is stable (H_+ positive definite).
    pub fn stable(&self) -> bool {
        self.unstable_directions == 0 && self.singular_directions == 0
    }
}

/// A special point found on the path.
#[derive(Debug, Clone, PartialEq)]
pub struct SpecialPoint {
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
    /// The equilibrium equations are singular at the start (no tangent).
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
    pub special_points: Vec<SpecialPoint>,
    /// Why tracing stopped.
    pub termination: Termination,
}

/// Path-derivative LCP branch at a weakly active point.
struct Branch<const NQ: usize> {
    q_dot: Vector<NQ>,
    p_dot: f64,
    lambda_dot: Vec<f64>,
    g_dot: Vec<f64>,
}

/// All solutions of LCP(A, b) for a small A (n ≤ 16, none reported above) by enumeration of complementary bases,
/// deduplicated; `tol` is the feasibility tolerance.
pub(crate) fn all_lcp_solutions(
    a: &nalgebra::DMatrix<f64>,
    b: &DVector<f64>,
    tol: f64,
) -> Vec<(DVector<f64>, DVector<f64>)> {
    let n = a.nrows();
    let mut out: Vec<(DVector<f64>, DVector<f64>)> = Vec::new();
    if n > 16 {
        // More than 16 simultaneously weakly active contacts: not enumerated (reported as an
        // end point by the caller).
        return out;
    }
    for mask in 0usize..(1 << n) {
        let idx: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let k = idx.len();
        let sub = nalgebra::DMatrix::from_fn(k, k, |r, c| a[(idx[r], idx[c])]);
        let rhs = DVector::from_fn(k, |r, _| -b[idx[r]]);
        let zs = if k == 0 {
            Some(DVector::zeros(0))
        } else {
            let lu = sub.lu();
            if lu.determinant().abs() <= 1e-14 * (1.0 + a.amax()).powi(k as i32) {
                None
            } else {
                lu.solve(&rhs)
            }
        };
        let Some(zs) = zs else { continue };
        let mut z = DVector::zeros(n);
        for (r, &i) in idx.iter().enumerate() {
            z[i] = zs[r];
        }
        let w = a * &z + b;
        let scale = tol * (1.0 + b.amax() + z.amax());
        if z.iter().all(|x| *x >= -scale) && w.iter().all(|x| *x >= -scale) {
            let z = z.map(|x| x.max(0.0));
            let w = w.map(|x| if x.abs() <= scale { 0.0 } else { x.max(0.0) });
            if !out
                .iter()
                .any(|(zz, ww)| (zz - &z).amax() <= scale && (ww - &w).amax() <= scale)
            {
                out.push((z, w));
            }
        }
    }
    out
}

/// Traces the equilibrium path of `model` from configuration `q0` at the current value of
/// parameter `options.parameter` (see the module docs). The parameter is restored on return.
pub fn trace_equilibrium_path<
    M: Mechanism<NQ, NB, NU>,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
>(
    model: &mut M,
    q0: &Vector<NQ>,
    options: &PathOptions,
) -> Result<EquilibriumPath<NQ, NB, NU>, PathError> {
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
    let result = {
        let mut tracer = Tracer {
            sys: PathSystem {
                model: &mut *model,
                parameter: k,
                t: options.time,
                active: [false; NU],
            },
            opts: options,
            points: Vec::new(),
            special: Vec::new(),
            pending_after: Vec::new(),
            arc: 0.0,
        };
        tracer.run(q0, p0)
    };
    model.set_parameter(k, p0)?;
    result
}

struct Tracer<'a, 'm, M, const NQ: usize, const NB: usize, const NU: usize> {
    sys: PathSystem<'m, M, NQ, NB, NU>,
    opts: &'a PathOptions,
    points: Vec<PathPoint<NQ, NB, NU>>,
    special: Vec<SpecialPoint>,
    pending_after: Vec<usize>,
    arc: f64,
}

impl<M: Mechanism<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>
    Tracer<'_, '_, M, NQ, NB, NU>
{
    const DIM: usize = NQ + NB + NU + 1;
    const P: usize = NQ + NB + NU;

    fn unit(i: usize) -> DVector<f64> {
        let mut e = DVector::zeros(Self::DIM);
        e[i] = 1.0;
        e
    }

    fn qp_norm(v: &DVector<f64>) -> f64 {
        (0..NQ)
            .map(|i| v[i] * v[i])
            .sum::<f64>()
            .sqrt()
            .hypot(v[Self::P])
    }

    fn qp_dot(a: &DVector<f64>, b: &DVector<f64>) -> f64 {
        (0..NQ).map(|i| a[i] * b[i]).sum::<f64>() + a[Self::P] * b[Self::P]
    }

    fn lambda_tol(&self) -> f64 {
        1e3 * self.opts.tolerance
    }

    /// Records a point; stability from H_+ over the enforced contacts.
    fn push(
        &mut self,
        z: &DVector<f64>,
        tangent: &DVector<f64>,
        special: Option<SpecialPointKind>,
    ) {
        let e = self.sys.evaluate(z);
        let ln = PathSystem::<M, NQ, NB, NU>::lambda_n(z);
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
        if let Some(last) = self.points.last() {
            let dq = (PathSystem::<M, NQ, NB, NU>::q(z) - last.q).norm();
            self.arc += dq.hypot(z[Self::P] - last.p);
        }
        self.points.push(PathPoint {
            arc_length: self.arc,
            p: z[Self::P],
            q: PathSystem::<M, NQ, NB, NU>::q(z),
            bilateral_multipliers: PathSystem::<M, NQ, NB, NU>::lambda_b(z),
            contact_multipliers: ln,
            states,
            tangent_q: Vector::<NQ>::from_fn(|i, _| tangent[i]),
            tangent_p: tangent[Self::P],
            unstable_directions: unstable,
            singular_directions: singular,
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
        branches: Option<(usize, usize)>,
    ) {
        let index = self.points.len() - 1;
        self.special.push(SpecialPoint {
            kind,
            index,
            instability_before: before,
            instability_after: None,
            branches,
        });
        self.pending_after.push(self.special.len() - 1);
    }

    fn last_instability(&self) -> usize {
        self.points.last().map_or(0, |p| p.unstable_directions)
    }

    fn run(&mut self, q0: &Vector<NQ>, p0: f64) -> Result<EquilibriumPath<NQ, NB, NU>, PathError> {
        let opts = self.opts;
        let mut z = DVector::zeros(Self::DIM);
        for i in 0..NQ {
            z[i] = q0[i];
        }
        z[Self::P] = p0;
        // Initial active set: closed gaps.
        let e0 = self.sys.evaluate(&z).ok_or(PathError::NonFinite)?;
        let gap_tol = 1e-9 * (1.0 + q0.amax());
        for j in 0..NU {
            self.sys.active[j] = e0.gaps[j] <= gap_tol;
        }
        let ep = Self::unit(Self::P);
        z = self
            .sys
            .correct(&z, &ep, p0, opts.tolerance, opts.max_newton)
            .ok_or(PathError::NotEquilibrium { p: p0 })?;
        let ln = PathSystem::<M, NQ, NB, NU>::lambda_n(&z);
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
        let mut tau;
        if weak_start {
            match self.branch(&z, None)? {
                Ok(t) => tau = t,
                Err(stop) => return Ok(self.finish(stop)),
            }
        } else {
            tau = self
                .sys
                .tangent(&z, &(ep.clone() * opts.direction.signum()))
                .ok_or(PathError::SingularStart)?;
            self.push(&z, &tau, None);
        }
        let mut h = opts.step;
        let mut steps = 0usize;
        loop {
            if steps >= opts.max_steps {
                return Ok(self.finish(Termination::MaxSteps));
            }
            steps += 1;
            let i = self.local_index(&tau);
            let Some(z1) = self.step_to(&z, &tau, i, h) else {
                h *= 0.5;
                if h < opts.min_step {
                    return Ok(self.finish(Termination::StepTooSmall));
                }
                continue;
            };
            // Events: gap closing or multiplier vanishing.
            if self.first_event(&z1).is_some() {
                let (zl, j) = self.locate_event(&z, &tau, i, h);
                // Polish: g_N,j = 0 and λ_j = 0 together.
                self.sys.active[j] = true;
                let c = Self::unit(NQ + NB + j);
                let mut zs = zl.clone();
                zs[NQ + NB + j] = 0.0;
                let zw = self
                    .sys
                    .correct(&zs, &c, 0.0, opts.tolerance, opts.max_newton)
                    .unwrap_or(zs);
                match self.branch(&zw, Some(&tau))? {
                    Ok(t) => {
                        tau = t;
                        z = zw;
                        h = opts.step;
                    }
                    Err(stop) => return Ok(self.finish(stop)),
                }
                if let Some(t) = self.out_of_range(&z) {
                    return Ok(self.finish(t));
                }
                continue;
            }
            let Some(tau1) = self.sys.tangent(&z1, &tau) else {
                h *= 0.5;
                if h < opts.min_step {
                    return Ok(self.finish(Termination::StepTooSmall));
                }
                continue;
            };
            let before = self.last_instability();
            let (after, _) = self.stability_at(&z1);
            let pd0 = tau[Self::P];
            let pd1 = tau1[Self::P];
            let scale = 1e-12;
            if (pd0 > scale && pd1 < -scale) || (pd0 < -scale && pd1 > scale) {
                let (zl, tl) = self.bisect(&z, &tau, i, h, |_, _, tt| {
                    (tt[Self::P] > 0.0) == (pd0 > 0.0)
                });
                self.push(&zl, &tl, Some(SpecialPointKind::CommonLimitPoint));
                self.mark_special(SpecialPointKind::CommonLimitPoint, before, None);
            } else if after != before {
                let (zl, tl) =
                    self.bisect(&z, &tau, i, h, |tr, zz, _| tr.stability_at(zz).0 == before);
                self.push(&zl, &tl, Some(SpecialPointKind::BifurcationPoint));
                self.mark_special(SpecialPointKind::BifurcationPoint, before, None);
            }
            self.push(&z1, &tau1, None);
            z = z1;
            tau = tau1;
            h = (h * 1.5).min(opts.step);
            if let Some(t) = self.out_of_range(&z) {
                return Ok(self.finish(t));
            }
        }
    }

    fn out_of_range(&self, z: &DVector<f64>) -> Option<Termination> {
        let p = z[Self::P];
        if p < self.opts.parameter_range.0 || p > self.opts.parameter_range.1 {
            return Some(Termination::ParameterRange);
        }
        let qmax = (0..NQ).fold(0.0_f64, |m, i| m.max(z[i].abs()));
        (qmax > self.opts.coordinate_bound).then_some(Termination::CoordinateBound)
    }

    fn finish(&mut self, termination: Termination) -> EquilibriumPath<NQ, NB, NU> {
        EquilibriumPath {
            points: std::mem::take(&mut self.points),
            special_points: std::mem::take(&mut self.special),
            termination,
        }
    }

    fn stability_at(&mut self, z: &DVector<f64>) -> (usize, usize) {
        match self.sys.evaluate(z) {
            Some(e) => PathSystem::<M, NQ, NB, NU>::stability(&e, &self.sys.active),
            None => (0, 0),
        }
    }

    /// Component of q or p with the largest tangent component (2.26).
    fn local_index(&self, tau: &DVector<f64>) -> usize {
        let mut best = Self::P;
        let mut val = tau[Self::P].abs();
        for i in 0..NQ {
            if tau[i].abs() > val {
                val = tau[i].abs();
                best = i;
            }
        }
        best
    }

    /// Predictor–corrector step of length h with local parameter i; rejects a corrector that
    /// lands far from the predictor (another branch).
    fn step_to(
        &mut self,
        z: &DVector<f64>,
        tau: &DVector<f64>,
        i: usize,
        h: f64,
    ) -> Option<DVector<f64>> {
        let zp = z + tau * h;
        let c = Self::unit(i);
        let z1 = self
            .sys
            .correct(&zp, &c, zp[i], self.opts.tolerance, self.opts.max_newton)?;
        (Self::qp_norm(&(&z1 - &zp)) <= 0.5 * h.max(1e-300)).then_some(z1)
    }

    /// Most negative event function at z: inactive gaps (g_N,j) and enforced multipliers (λ_j).
    fn first_event(&mut self, z: &DVector<f64>) -> Option<(usize, f64)> {
        let e = self.sys.evaluate(z)?;
        let ln = PathSystem::<M, NQ, NB, NU>::lambda_n(z);
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
        z: &DVector<f64>,
        tau: &DVector<f64>,
        i: usize,
        h: f64,
    ) -> (DVector<f64>, usize) {
        let (mut lo, mut hi) = (0.0, h);
        let mut z_lo = z.clone();
        let mut j_hi = self.first_event(&(z + tau * h)).map_or(0, |e| e.0);
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
        z: &DVector<f64>,
        tau: &DVector<f64>,
        i: usize,
        h: f64,
        same: impl Fn(&mut Self, &DVector<f64>, &DVector<f64>) -> bool,
    ) -> (DVector<f64>, DVector<f64>) {
        let (mut lo, mut hi) = (0.0, h);
        let mut best = (z.clone(), tau.clone());
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
                best = (zm, tau.clone());
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

    /// Path-derivative LCP (4.1)–(4.4) at a weakly active point: records the point, classifies
    /// it and returns the tangent to continue with (`None`: stop).
    fn branch(
        &mut self,
        z: &DVector<f64>,
        incoming: Option<&DVector<f64>>,
    ) -> Result<Result<DVector<f64>, Termination>, PathError> {
        let tol = self.lambda_tol();
        let ln = PathSystem::<M, NQ, NB, NU>::lambda_n(z);
        let weak: Vec<usize> = (0..NU)
            .filter(|&j| self.sys.active[j] && ln[j].abs() <= tol)
            .collect();
        let mut strong = self.sys.active;
        for &j in &weak {
            strong[j] = false;
        }
        let before = self.last_instability();
        let Some(e) = self.sys.evaluate(z) else {
            return Ok(Err(Termination::StepTooSmall));
        };
        let (h, t) = PathSystem::<M, NQ, NB, NU>::reduced_hessian(&e, &strong);
        let e0 = nalgebra::DMatrix::from_fn(NQ, weak.len(), |r, c| e.w_n[(r, weak[c])]);
        let u_p = DVector::from_fn(NQ, |r, _| e.grad_p[r]);
        let spectrum = SymmetricSpectrum::of_dynamic(&h).ok();
        let hmax = spectrum
            .as_ref()
            .map_or(0.0, |s| s.max().abs().max(s.min().abs()));
        let singular = spectrum.as_ref().is_none_or(|s| {
            s.eigenvalues
                .iter()
                .any(|x| x.abs() <= 1e-10 * hmax.max(1e-300))
        }) || h.nrows() == 0 && weak.is_empty();
        if singular && h.nrows() > 0 {
            // Sect. 7: c₁ = w₁ᵀ T_+ᵀ ∇U', c₂ = E₀ᵀ T_+ w₁ for the null eigenvector w₁.
            let eig = nalgebra::SymmetricEigen::new(h.clone());
            let mut k0 = 0;
            for r in 0..eig.eigenvalues.len() {
                if eig.eigenvalues[r].abs() < eig.eigenvalues[k0].abs() {
                    k0 = r;
                }
            }
            let w1 = eig.eigenvectors.column(k0).into_owned();
            let tw = &t * &w1;
            let c1 = tw.dot(&u_p);
            let c2 = (e0.transpose() * &tw).amax();
            let s1 = u_p.amax().max(1e-300);
            let kind = if c1.abs() <= 1e-9 * s1 {
                SpecialPointKind::BifurcationPoint
            } else if c2 <= 1e-9 * e0.amax().max(1e-300) {
                SpecialPointKind::CommonLimitPoint
            } else {
                SpecialPointKind::CornerLimitPoint
            };
            let tz = incoming.cloned().unwrap_or_else(|| Self::unit(Self::P));
            self.push(z, &tz, Some(kind));
            self.mark_special(kind, before, None);
            return Ok(Err(Termination::SingularWeaklyActive));
        }
        // Regular H_+: P = T H⁻¹ Tᵀ.
        let hinv = h
            .clone()
            .try_inverse()
            .unwrap_or_else(|| nalgebra::DMatrix::zeros(h.nrows(), h.ncols()));
        let proj = &t * hinv * t.transpose();
        let g = e0.transpose() * &proj * &e0;
        let ghat = -(e0.transpose() * &proj * &u_p);
        let mut branches: Vec<Branch<NQ>> = Vec::new();
        let mut counts = (0usize, 0usize);
        for s in [1.0, -1.0] {
            for (lam, gd) in all_lcp_solutions(&g, &(&ghat * s), 1e-9) {
                let qd = &proj * (&e0 * &lam - &u_p * s);
                branches.push(Branch {
                    q_dot: Vector::<NQ>::from_fn(|i, _| qd[i]),
                    p_dot: s,
                    lambda_dot: lam.iter().copied().collect(),
                    g_dot: gd.iter().copied().collect(),
                });
                if s > 0.0 {
                    counts.0 += 1;
                } else {
                    counts.1 += 1;
                }
            }
        }
        let kind = match counts {
            (0, 0) => SpecialPointKind::EndPoint,
            (0, 1) | (1, 0) => SpecialPointKind::EndPoint,
            (0, 2) | (2, 0) => SpecialPointKind::CornerLimitPoint,
            (1, 1) => SpecialPointKind::ContactChange,
            _ => SpecialPointKind::BifurcationPoint,
        };
        let dir = |b: &Branch<NQ>| {
            let mut v = DVector::zeros(Self::DIM);
            for i in 0..NQ {
                v[i] = b.q_dot[i];
            }
            v[Self::P] = b.p_dot;
            let n = Self::qp_norm(&v);
            v / n
        };
        // Discard the branch leading back along the incoming tangent.
        let mut candidates: Vec<usize> = (0..branches.len()).collect();
        match incoming {
            Some(tin) => {
                let back = candidates.iter().copied().max_by(|&a, &b| {
                    let da = -Self::qp_dot(&dir(&branches[a]), tin);
                    let db = -Self::qp_dot(&dir(&branches[b]), tin);
                    da.total_cmp(&db)
                });
                if let Some(bk) = back
                    && -Self::qp_dot(&dir(&branches[bk]), tin) > 0.9
                {
                    candidates.retain(|&c| c != bk);
                }
            }
            None => candidates.retain(|&c| branches[c].p_dot * self.opts.direction > 0.0),
        }
        let chosen = match incoming {
            Some(tin) => candidates.iter().copied().max_by(|&a, &b| {
                Self::qp_dot(&dir(&branches[a]), tin)
                    .total_cmp(&Self::qp_dot(&dir(&branches[b]), tin))
            }),
            None => candidates.first().copied(),
        };
        let Some(c) = chosen else {
            let tz = incoming.cloned().unwrap_or_else(|| Self::unit(Self::P));
            self.push(z, &tz, Some(SpecialPointKind::EndPoint));
            self.mark_special(SpecialPointKind::EndPoint, before, Some(counts));
            return Ok(Err(Termination::EndPoint));
        };
        let b = &branches[c];
        for (r, &j) in weak.iter().enumerate() {
            let (ld, gd) = (b.lambda_dot[r], b.g_dot[r]);
            self.sys.active[j] = !(gd > 1e-9 && ld <= 1e-9);
        }
        let reference = dir(b);
        let tangent = self.sys.tangent(z, &reference).unwrap_or(reference);
        self.push(z, &tangent, Some(kind));
        self.mark_special(kind, before, Some(counts));
        Ok(Ok(tangent))
    }
}
