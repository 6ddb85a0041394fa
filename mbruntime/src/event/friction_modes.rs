//! The acceleration-level planar frictional contact problem: consistent accelerations, contact
//! forces and the mode (lift-off, sticking, sliding, starting to slide) of every closed contact.
//!
//! At a state (q, q̇, t) with a given set of closed contacts (gap zero, normal velocity zero),
//! each with at most one tangent W_T (planar Coulomb friction, coefficient μᵢ), the equations of
//! motion with the bilateral constraints condensed by the constrained inverse inertia
//! M_c⁻¹ = L⁻ᵀ(I − QQᵀ)L⁻¹ ([`ConstraintFactor`]; Brogliato 2013, (16)–(19)) read
//!
//! ```text
//! q̈ = q̈_free + M_c⁻¹ Σᵢ (W_N,i λ_N,i + W_T,i λ_T,i),   Gᵀq̈_free + ġ = 0,
//! g̈_N,i = W_N,iᵀ q̈ + ẇ_N,i,   γ̇_T,i = W_T,iᵀ q̈ + ẇ_T,i,
//! ```
//!
//! with the drifts ẇ_N (`gap_drift`), ẇ_T (`slip_drift`), ġ (`bilateral_drift`). Coulomb's law
//! at acceleration level (Lötstedt 1982, "Mechanical systems of rigid bodies subject to
//! unilateral constraints", SIAM J. Appl. Math. 42, (6.4)–(6.5); Pfeiffer & Glocker 1996,
//! "Multibody Dynamics with Unilateral Contacts", ch. 7) splits the closed contacts by their slip
//! velocity γ_T,i = W_T,iᵀq̇ + ŵ_T,i:
//!
//! * **sliding**, |γ_T,i| > `slip_tolerance`: σᵢ = sign γ_T,i and λ_T,i = −μᵢσᵢλ_N,i, so the
//!   contact acts through the single column W_N,i − μᵢσᵢW_T,i (as in
//!   [`SlidingContactProblem`]) and only 0 ≤ λ_N,i ⟂ g̈_N,i ≥ 0 remains;
//! * **at rest**, |γ_T,i| ≤ `slip_tolerance` and μᵢ > 0: sticking (γ̇_T,i = 0, |λ_T,i| ≤ μᵢλ_N,i)
//!   or starting to slide along the tangential acceleration with λ_T,i at the opposite bound of
//!   the friction interval. With λ_R = λ_T + μλ_N this is the complementarity of Pfeiffer &
//!   Glocker in the arrangement of Glocker & Studer (2005), (24)–(27), at acceleration level
//!   (unknowns λ_N, λ_R, ξ_L; the same as the time-stepping LCP, with velocities replaced by
//!   g̈_N, γ̇_T and the right-hand sides by the free accelerations):
//!
//! ```text
//! ⎛g̈_N⎞   ⎛ W_Nᵀ M_c⁻¹ (W_N − W_T μ)   W_Nᵀ M_c⁻¹ W_T   0 ⎞ ⎛λ_N⎞   ⎛ W_Nᵀ q̈_free + ẇ_N ⎞
//! ⎜ξ_R⎟ = ⎜ W_Tᵀ M_c⁻¹ (W_N − W_T μ)   W_Tᵀ M_c⁻¹ W_T   E ⎟ ⎜λ_R⎟ + ⎜ W_Tᵀ q̈_free + ẇ_T ⎟
//! ⎝Λ_L⎠   ⎝ 2μ                         −E               0 ⎠ ⎝ξ_L⎠   ⎝ 0                 ⎠
//!
//! 0 ≤ (g̈_N, ξ_R, Λ_L) ⟂ (λ_N, λ_R, ξ_L) ≥ 0,   λ_T = λ_R − μλ_N,   γ̇_T = ξ_R − ξ_L,
//! ```
//!
//!   so λ_R = 0 gives λ_T = −μλ_N with γ̇_T ≥ 0, λ_R = 2μλ_N gives λ_T = μλ_N with γ̇_T ≤ 0,
//!   and in between γ̇_T = 0;
//! * **frictionless** (μᵢ = 0 or no tangent): only 0 ≤ λ_N,i ⟂ g̈_N,i ≥ 0.
//!
//! Every contact may lift off (λ_N,i = 0 < g̈_N,i). The sliding columns and the stick–slip
//! blocks together form one LCP of dimension k + 2k_f (k closed contacts, k_f of them at rest
//! with friction), solved by the certified [`Lemke`](crate::lcp::Lemke) method; the slack pair (ξ_L, Λ_L) is
//! scaled by the largest Delassus diagonal as in the time-stepping LCP. The bilateral
//! multipliers follow from the KKT solve with the contact forces.
//!
//! **Existence and uniqueness.** With sliding contacts the normal problem has the matrix
//! A(μ) = A₀ − B diag(μ) of [`SlidingContactProblem`], which is not positive definite above the
//! Painlevé bound (for Painlevé's rod μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ); Blumentals, Brogliato &
//! Bertails-Descoubes 2016, "The contact problem in Lagrangian systems subject to bilateral and
//! unilateral constraints, with or without sliding Coulomb's friction: a tutorial", Multibody
//! Syst. Dyn. 38). Two failures are reported, never resolved by a silent choice:
//!
//! * Lemke's method ends on a secondary ray: no consistent acceleration was found
//!   ([`FrictionModeError::Inconsistent`], Painlevé's inconsistent case). For a copositive-plus
//!   matrix (e.g. a negative 1 × 1 A(μ) with a pressing free acceleration) this proves that no
//!   solution exists (Cottle, Pang & Stone 1992, Sect. 4.4);
//! * a solution was found but A(μ) of the contacts that slide or start to slide is not a
//!   P-matrix ([`SlidingContactProblem::well_posedness`]), so the solution need not be unique
//!   (e.g. both lift-off and a contact force solve it): [`FrictionModeError::NonUnique`].
//!
//! Both name the contact whose μ exceeds its own Painlevé bound
//! ([`SlidingContactProblem::contact_friction_bound`]) the most, with that bound and the bound
//! for a common μ of the whole sliding set. A contact at rest enters that set with the
//! direction of its free tangential acceleration. Redundant sliding contacts (singular A₀) are
//! reported as not unique as well.
//!
//! **Allocation.** [`FrictionalContactLcp::default`] allocates the workspace (LCP of dimension
//! up to 3·NU); [`solve`](FrictionalContactLcp::solve) then does not allocate, except on the
//! failure paths: the P-matrix screen of A(μ) (the exact criterion of
//! [`p_matrix_test`](crate::contact_problem::p_matrix_test), on that workspace) covers up to
//! [`P_MATRIX_EXACT_MAX_N`](crate::contact_problem::P_MATRIX_EXACT_MAX_N) contacts that slide, and only a failed screen, a larger sliding set
//! or an LCP failure builds the allocating [`SlidingContactProblem`] to confirm the verdict and
//! to compute the bounds.
//!
//! The event-driven integrator calls this after every event of a model with friction
//! (`friction_decision`). Where a closed contact has a tangent plane (spatial friction) the
//! problem is solved as a cone complementarity problem instead (`friction_cone_modes`). Not
//! done here: the higher-derivative iteration of Lötstedt's
//! Theorem 5.4 for degenerate modes (λ_N = g̈_N = 0, or a sticking contact exactly at the
//! cone boundary) is not carried out: such contacts are reported by their acceleration-level
//! mode.

use super::cone_workspace::ConeWorkspace;
use super::contact_columns::contact_columns;
pub use super::friction_mode_error::{FrictionModeError, PainleveBound};
use super::stick_slip_lcp::{StickSlipRows, StickSlipWorkspace, stick_slip_matrix};
use crate::contact_problem::{FrictionBound, SlidingContactProblem};
use crate::lcp::LcpError;
use crate::linalg::{ConstraintFactor, DEPENDENCE_TOLERANCE, SpdError, first_non_finite};
use crate::mechanism::{Constraints, ContactLaw, Matrix, Vector};

/// Tolerances of [`FrictionalContactLcp::solve`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ModeTolerances {
    /// A closed contact needs |g_N| at most this (units of the gap).
    pub gap: f64,
    /// A closed contact needs |W_Nᵀq̇ + ŵ_N| at most this (units of γ_N).
    pub normal_velocity: f64,
    /// A contact slides when |γ_T| exceeds this (units of γ_T).
    pub slip_velocity: f64,
    /// Relative threshold under which a normal or tangential acceleration counts as zero in the
    /// mode decision, scaled by 1 + the largest free contact acceleration.
    pub zero: f64,
    /// Relative threshold of the rank-revealing factor for dependent bilateral columns.
    pub rank: f64,
}

impl Default for ModeTolerances {
    /// The event-driven integrator's defaults (`EventOptions`).
    fn default() -> Self {
        Self {
            gap: 1e-10,
            normal_velocity: 1e-10,
            slip_velocity: 1e-10,
            zero: 1e-9,
            rank: DEPENDENCE_TOLERANCE,
        }
    }
}

/// What a contact does at the solved state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ContactMode {
    /// Not in the given set of closed contacts.
    Open,
    /// Closed, but leaves: λ_N = 0 < g̈_N.
    LiftingOff,
    /// Stays closed without a tangent (no tangential mode).
    Closed,
    /// At rest and stays so: γ_T = γ̇_T = 0, |λ_T| ≤ μλ_N.
    Sticking,
    /// Slides with γ_T of sign `sigma` (±1); λ_T = −μσλ_N.
    Sliding {
        /// Sign of the slip velocity.
        sigma: f64,
    },
    /// At rest but accelerates tangentially with γ̇_T of sign `sigma` (±1); λ_T = −μσλ_N.
    StartsSliding {
        /// Sign of the tangential acceleration.
        sigma: f64,
    },
    /// Slides in its tangent plane in the unit direction (ŝ₁, ŝ₂) = γ_T/‖γ_T‖ of the basis
    /// (W_T1, W_T2); λ_T = −μλ_N ŝ.
    SlidingPlane {
        /// Unit slip direction.
        direction: [f64; 2],
    },
    /// At rest in its tangent plane but accelerates tangentially in the unit direction
    /// ŝ = γ̇_T/‖γ̇_T‖; λ_T = −μλ_N ŝ.
    StartsSlidingPlane {
        /// Unit direction of the tangential acceleration.
        direction: [f64; 2],
    },
}

/// The solution at one state.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrictionalAcceleration<const NQ: usize, const NB: usize, const NU: usize> {
    /// The consistent accelerations q̈.
    pub qdd: Vector<NQ>,
    /// Normal forces λ_N (zero on open contacts).
    pub lambda_n: Vector<NU>,
    /// Tangential forces λ_T along W_T (zero on open and frictionless contacts).
    pub lambda_t: Vector<NU>,
    /// Friction forces along the second tangent W_T2 (contacts with a tangent plane; zero
    /// elsewhere).
    pub lambda_t2: Vector<NU>,
    /// Bilateral multipliers (zero on dependent bilateral columns).
    pub lambda_b: Vector<NB>,
    /// Normal accelerations g̈_N = W_Nᵀq̈ + ẇ_N of the closed contacts (zero elsewhere).
    pub normal_acceleration: Vector<NU>,
    /// Tangential accelerations γ̇_T = W_Tᵀq̈ + ẇ_T of the closed contacts (zero elsewhere).
    pub slip_acceleration: Vector<NU>,
    /// Second tangential accelerations γ̇_T2 = W_T2ᵀq̈ + ẇ_T2 (contacts with a tangent plane;
    /// zero elsewhere).
    pub second_slip_acceleration: Vector<NU>,
    /// Mode of every contact.
    pub modes: [ContactMode; NU],
    /// Lemke pivots of the LCP (0 without closed contact or for a trivial solution).
    pub pivots: usize,
}

/// Role of a closed contact in the LCP.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Role {
    /// Normal row only, force column W_N (no tangent, or at rest with μ = 0).
    Frictionless,
    /// Normal row only, force column W_N − μσW_T.
    Sliding { sigma: f64 },
    /// Rows λ_N, λ_R, ξ_L (at rest, μ > 0).
    AtRest,
}

/// Model data at the state, with the contact columns in the kinetic metric.
struct Kinematics<const NQ: usize, const NU: usize> {
    w_n: Matrix<NQ, NU>,
    w_t: Matrix<NQ, NU>,
    /// ŵ_T = ∂γ_T/∂t.
    what_t: Vector<NU>,
    /// ẇ_N and ẇ_T.
    drift_n: Vector<NU>,
    drift_t: Vector<NU>,
    /// (I − QQᵀ) L⁻¹ W_N and (I − QQᵀ) L⁻¹ W_T of the closed contacts.
    zn: Matrix<NQ, NU>,
    zt: Matrix<NQ, NU>,
}

/// Workspace of the acceleration-level planar frictional contact problem (see the module
/// docs). Allocated once by [`Default`]; [`solve`](Self::solve) does not allocate on success.
#[derive(Debug, Clone)]
pub struct FrictionalContactLcp<const NQ: usize, const NU: usize> {
    lcp: StickSlipWorkspace,
    pub(super) factor: ConstraintFactor<NQ>,
    /// A(μ) of the sliding set and the LU buffer of its principal minors (NU² each).
    pub(super) sliding_matrix: Vec<f64>,
    pub(super) minor: Vec<f64>,
    /// The cone problem of contacts with tangent planes (`friction_cone_modes`).
    pub(super) cone: ConeWorkspace,
}

impl<const NQ: usize, const NU: usize> Default for FrictionalContactLcp<NQ, NU> {
    fn default() -> Self {
        Self {
            lcp: StickSlipWorkspace::for_contacts(NU),
            factor: ConstraintFactor::default(),
            sliding_matrix: vec![0.0; NU * NU],
            minor: vec![0.0; NU * NU],
            cone: ConeWorkspace::for_contacts(NU),
        }
    }
}

/// [`FrictionModeError::NonFinite`] unless every entry is finite.
pub(super) fn finite<'a>(
    values: impl IntoIterator<Item = &'a f64>,
    what: &'static str,
) -> Result<(), FrictionModeError> {
    match first_non_finite(values) {
        None => Ok(()),
        Some(entry) => Err(FrictionModeError::NonFinite { what, entry }),
    }
}

impl<const NQ: usize, const NU: usize> FrictionalContactLcp<NQ, NU> {
    /// Solves the problem at (q, q̇, t) for the contacts with `closed[i]` (see the module docs;
    /// where a closed contact has a tangent plane, the cone problem of
    /// [`friction_cone_modes`](super::friction_cone_modes)).
    ///
    /// Errors: [`FrictionModeError`]. Allocates only on the failure paths described in the
    /// module docs (and for more than [`P_MATRIX_EXACT_MAX_N`](crate::contact_problem::P_MATRIX_EXACT_MAX_N) sliding contacts).
    pub fn solve<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        closed: &[bool; NU],
        tol: &ModeTolerances,
        t: f64,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
    ) -> Result<FrictionalAcceleration<NQ, NB, NU>, FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        self.solve_at_rest(model, closed, &[false; NU], tol, t, q, qd)
    }

    /// [`solve`](Self::solve) with the contacts of `at_rest` treated as at rest whatever their
    /// slip (contacts with a tangent plane; see `friction_cone_modes`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solve_at_rest<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        closed: &[bool; NU],
        at_rest: &[bool; NU],
        tol: &ModeTolerances,
        t: f64,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
    ) -> Result<FrictionalAcceleration<NQ, NB, NU>, FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        finite(
            q.iter().chain(qd.iter()).chain([t].iter()),
            "state (q, then q̇, then t)",
        )?;
        let laws = model.contact_laws();
        check_contacts(model, &laws, closed, tol, t, q, qd)?;
        if (0..NU).any(|i| closed[i] && Mo::TANGENT_PLANES[i] && laws[i].has_tangent) {
            return self.solve_with_planes(model, &laws, closed, at_rest, tol, t, q, qd);
        }
        let (h, c) = self.factor_with_bilateral(model, tol, t, q, qd)?;
        let (qdd_free, _) = self.factor.solve_kkt(&h, &c);
        let kin = self.kinematics(model, &laws, closed, t, q, qd)?;
        let (roles, mu) = contact_roles(&laws, closed, tol, &kin, qd);
        let mut sol: FrictionalAcceleration<NQ, NB, NU> = FrictionalAcceleration {
            qdd: qdd_free,
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            lambda_b: Vector::zeros(),
            normal_acceleration: Vector::zeros(),
            slip_acceleration: Vector::zeros(),
            second_slip_acceleration: Vector::zeros(),
            modes: [ContactMode::Open; NU],
            pivots: 0,
        };
        let (n, k, free_scale) = self.assemble(&kin, &roles, &mu, &qdd_free);
        if k > 0 {
            let lemke = self.lcp.solve(n);
            match lemke {
                Ok(s) => sol.pivots = s.pivots,
                Err(source) => {
                    let free = |i: usize| kin.w_t.column(i).dot(&qdd_free) + kin.drift_t[i];
                    let (set, len) = failure_set(&roles, &mu, free);
                    let culprit = painleve_bound(model, &mu, t, q, &set[..len]);
                    return Err(match source {
                        LcpError::RayTermination { .. } => {
                            FrictionModeError::Inconsistent { culprit, source }
                        }
                        _ => FrictionModeError::LcpFailed { culprit, source },
                    });
                }
            }
        }
        self.forces(&roles, &mu, &mut sol);
        let mut f = h;
        f += kin.w_n * sol.lambda_n + kin.w_t * sol.lambda_t;
        self.accelerate(&f, &c, &mut sol)?;
        classify_modes(
            &kin,
            &roles,
            closed,
            tol.zero * (1.0 + free_scale),
            &mut sol,
        );
        self.check_uniqueness(model, &kin, &roles, &mu, t, q, &sol)?;
        Ok(sol)
    }

    /// q̈ and the bilateral multipliers of `sol` for the applied and contact forces `f`
    /// (bilateral right-hand sides `c`), all forces checked finite.
    pub(super) fn accelerate<const NB: usize>(
        &self,
        f: &Vector<NQ>,
        c: &Vector<NQ>,
        sol: &mut FrictionalAcceleration<NQ, NB, NU>,
    ) -> Result<(), FrictionModeError> {
        let (qdd, mult) = self.factor.solve_kkt(f, c);
        for j in 0..self.factor.rank() {
            sol.lambda_b[self.factor.kept_tag(j)] = mult[j];
        }
        sol.qdd = qdd;
        let what = "acceleration or contact force";
        finite(qdd.iter().chain(sol.lambda_n.iter()), what)?;
        let tangential = sol.lambda_t.iter().chain(sol.lambda_t2.iter());
        finite(tangential.chain(sol.lambda_b.iter()), what)
    }

    /// Factors M and the bilateral columns; returns h and the bilateral right-hand sides
    /// −(Ġᵀq̇ + d/dt ĝ) in kept order.
    pub(super) fn factor_with_bilateral<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        tol: &ModeTolerances,
        t: f64,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
    ) -> Result<(Vector<NQ>, Vector<NQ>), FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let mut m = Matrix::<NQ, NQ>::zeros();
        let mut h = Vector::<NQ>::zeros();
        model.dynamics(q, qd, t, &mut m, &mut h);
        finite(m.iter().chain(h.iter()), "mass matrix or force")?;
        self.factor.set_mass(&m).map_err(|e| match e {
            SpdError::NotPositiveDefinite {
                smallest_eigenvalue,
            } => FrictionModeError::MassMatrixNotPositiveDefinite {
                smallest_eigenvalue,
            },
            SpdError::NonFinite { entry } => FrictionModeError::NonFinite {
                what: "mass matrix",
                entry,
            },
        })?;
        let mut g_jac = Matrix::<NQ, NB>::zeros();
        let mut g_tp = Vector::<NB>::zeros();
        let mut drift_b = Vector::<NB>::zeros();
        model.bilateral_jacobian(q, t, &mut g_jac, &mut g_tp);
        model.bilateral_drift(q, qd, t, &mut drift_b);
        finite(
            g_jac.iter().chain(drift_b.iter()),
            "bilateral Jacobian or drift",
        )?;
        for i in 0..NB {
            self.factor
                .push_column(i, &g_jac.column(i).into_owned(), tol.rank);
        }
        let mut c = Vector::<NQ>::zeros();
        for j in 0..self.factor.rank() {
            c[j] = -drift_b[self.factor.kept_tag(j)];
        }
        Ok((h, c))
    }

    /// The contact Jacobians, drifts and their kinetic-metric columns at the state (tangent
    /// data zeroed for contacts whose law declares no tangent).
    fn kinematics<Mo, const NB: usize>(
        &self,
        model: &Mo,
        laws: &[ContactLaw; NU],
        closed: &[bool; NU],
        t: f64,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
    ) -> Result<Kinematics<NQ, NU>, FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let cols = contact_columns(model, laws, &self.factor, closed, t, q).map_err(|entry| {
            FrictionModeError::NonFinite {
                what: "contact Jacobian (W_N, W_T, ŵ_N, ŵ_T)",
                entry,
            }
        })?;
        let mut kin = Kinematics {
            w_n: cols.w_n,
            w_t: cols.w_t,
            what_t: cols.what_t,
            drift_n: Vector::zeros(),
            drift_t: Vector::zeros(),
            zn: cols.zn,
            zt: cols.zt,
        };
        model.gap_drift(q, qd, t, &mut kin.drift_n);
        model.slip_drift(q, qd, t, &mut kin.drift_t);
        finite(
            kin.drift_n.iter().chain(kin.drift_t.iter()),
            "contact Jacobian or drift",
        )?;
        for i in (0..NU).filter(|&i| !laws[i].has_tangent) {
            kin.drift_t[i] = 0.0;
        }
        Ok(kin)
    }

    /// Writes the LCP (see the module docs) into the workspace: rows λ_N of every closed
    /// contact, then λ_R and ξ_L of the contacts at rest with friction. Returns (dimension,
    /// closed contacts, largest |free contact acceleration|).
    fn assemble(
        &mut self,
        kin: &Kinematics<NQ, NU>,
        roles: &[Option<Role>; NU],
        mu: &[f64; NU],
        qdd_free: &Vector<NQ>,
    ) -> (usize, usize, f64) {
        let (rows, k, kf) = LcpRows::of(roles);
        let n = k + 2 * kf;
        // The force column of λ_N in the kinetic metric: zn − μ s zt.
        let mut zf = kin.zn;
        for &i in rows.normal() {
            let s = match roles[i] {
                Some(Role::Sliding { sigma }) => sigma,
                Some(Role::AtRest) => 1.0,
                _ => 0.0,
            };
            if s != 0.0 {
                zf.set_column(i, &(kin.zn.column(i) - kin.zt.column(i) * (mu[i] * s)));
            }
        }
        let stick_slip = StickSlipRows {
            normal: rows.normal(),
            frictional: rows.frictional(),
        };
        stick_slip_matrix(&kin.zn, &kin.zt, &zf, mu, stick_slip, &mut self.lcp.a);
        let (r0, l0) = (k, k + kf);
        let mut largest = 0.0_f64;
        for (ra, &i) in rows.normal().iter().enumerate() {
            self.lcp.b[ra] = kin.w_n.column(i).dot(qdd_free) + kin.drift_n[i];
            largest = largest.max(self.lcp.b[ra].abs());
        }
        for (fi, &i) in rows.frictional().iter().enumerate() {
            self.lcp.b[r0 + fi] = kin.w_t.column(i).dot(qdd_free) + kin.drift_t[i];
            self.lcp.b[l0 + fi] = 0.0;
            largest = largest.max(self.lcp.b[r0 + fi].abs());
        }
        (n, k, largest)
    }

    /// λ_N and λ_T from the LCP solution in `z`.
    fn forces<const NB: usize>(
        &self,
        roles: &[Option<Role>; NU],
        mu: &[f64; NU],
        sol: &mut FrictionalAcceleration<NQ, NB, NU>,
    ) {
        let (rows, k, _) = LcpRows::of(roles);
        for (ra, &i) in rows.normal().iter().enumerate() {
            sol.lambda_n[i] = self.lcp.z[ra];
            if let Some(Role::Sliding { sigma }) = roles[i] {
                sol.lambda_t[i] = -mu[i] * sigma * self.lcp.z[ra];
            }
        }
        for (fi, &i) in rows.frictional().iter().enumerate() {
            sol.lambda_t[i] = self.lcp.z[k + fi] - mu[i] * sol.lambda_n[i];
        }
    }

    /// [`FrictionModeError::NonUnique`] unless A(μ) of the contacts that slide or start to
    /// slide (μ > 0, direction (σ, 0)) is a P-matrix (`sliding_uniqueness`).
    #[allow(clippy::too_many_arguments)]
    fn check_uniqueness<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        kin: &Kinematics<NQ, NU>,
        roles: &[Option<Role>; NU],
        mu: &[f64; NU],
        t: f64,
        q: &Vector<NQ>,
        sol: &FrictionalAcceleration<NQ, NB, NU>,
    ) -> Result<(), FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let mut set = [(0usize, [0.0f64; 2]); NU];
        let mut ks = 0;
        for i in 0..NU {
            let sigma = match (roles[i], sol.modes[i]) {
                (Some(Role::Sliding { sigma }), _) | (_, ContactMode::StartsSliding { sigma }) => {
                    sigma
                }
                _ => continue,
            };
            if mu[i] > 0.0 {
                set[ks] = (i, [sigma, 0.0]);
                ks += 1;
            }
        }
        let column =
            |j: usize, [sj, _]: [f64; 2]| kin.zn.column(j) - kin.zt.column(j) * (mu[j] * sj);
        self.check_sliding_uniqueness(model, mu, t, q, &set[..ks], &kin.zn, column)
    }
}

/// Index sets of the LCP rows: every closed contact (normal rows, in index order) and the
/// contacts at rest with friction (λ_R and ξ_L rows).
struct LcpRows<const NU: usize> {
    normal: [usize; NU],
    k: usize,
    frictional: [usize; NU],
    kf: usize,
}

impl<const NU: usize> LcpRows<NU> {
    fn of(roles: &[Option<Role>; NU]) -> (Self, usize, usize) {
        let mut rows = Self {
            normal: [0; NU],
            k: 0,
            frictional: [0; NU],
            kf: 0,
        };
        for (i, role) in roles.iter().enumerate() {
            if let Some(role) = role {
                rows.normal[rows.k] = i;
                rows.k += 1;
                if *role == Role::AtRest {
                    rows.frictional[rows.kf] = i;
                    rows.kf += 1;
                }
            }
        }
        let (k, kf) = (rows.k, rows.kf);
        (rows, k, kf)
    }

    fn normal(&self) -> &[usize] {
        &self.normal[..self.k]
    }

    fn frictional(&self) -> &[usize] {
        &self.frictional[..self.kf]
    }
}

/// Checks the closed contacts: valid μ, gap and normal velocity zero.
fn check_contacts<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    laws: &[ContactLaw; NU],
    closed: &[bool; NU],
    tol: &ModeTolerances,
    t: f64,
    q: &Vector<NQ>,
    qd: &Vector<NQ>,
) -> Result<(), FrictionModeError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let mut gaps = Vector::<NU>::zeros();
    let mut w_n = Matrix::<NQ, NU>::zeros();
    let mut tp = Vector::<NU>::zeros();
    model.gaps(q, t, &mut gaps);
    model.gap_jacobian(q, t, &mut w_n, &mut tp);
    for i in (0..NU).filter(|&i| closed[i]) {
        let contact = Mo::CONTACTS[i];
        let friction = laws[i].friction;
        if !(friction.is_finite() && friction >= 0.0) {
            return Err(FrictionModeError::InvalidFriction {
                contact,
                index: i,
                friction,
            });
        }
        let normal_velocity = w_n.column(i).dot(qd) + tp[i];
        finite([gaps[i], normal_velocity].iter(), "gap or normal velocity")?;
        if gaps[i].abs() > tol.gap || normal_velocity.abs() > tol.normal_velocity {
            return Err(FrictionModeError::NotClosed {
                contact,
                index: i,
                gap: gaps[i],
                normal_velocity,
            });
        }
    }
    Ok(())
}

/// The role and μ of every closed contact (`None`: open), from its slip velocity. A contact
/// without tangent is frictionless; one with a tangent slides (whatever μ, λ_T = −μσλ_N) when
/// its slip velocity exceeds the tolerance, else it is at rest (frictionless if μ = 0).
fn contact_roles<const NQ: usize, const NU: usize>(
    laws: &[ContactLaw; NU],
    closed: &[bool; NU],
    tol: &ModeTolerances,
    kin: &Kinematics<NQ, NU>,
    qd: &Vector<NQ>,
) -> ([Option<Role>; NU], [f64; NU]) {
    let mut roles = [None; NU];
    let mut mu = [0.0; NU];
    for i in (0..NU).filter(|&i| closed[i]) {
        let law = &laws[i];
        if !has_tangent(kin, i) {
            roles[i] = Some(Role::Frictionless);
            continue;
        }
        mu[i] = law.friction;
        let slip = kin.w_t.column(i).dot(qd) + kin.what_t[i];
        roles[i] = Some(if slip.abs() > tol.slip_velocity {
            Role::Sliding {
                sigma: slip.signum(),
            }
        } else if mu[i] == 0.0 {
            Role::Frictionless
        } else {
            Role::AtRest
        });
    }
    (roles, mu)
}

/// Whether contact `i` has a nonzero tangent column W_T,i.
fn has_tangent<const NQ: usize, const NU: usize>(kin: &Kinematics<NQ, NU>, i: usize) -> bool {
    kin.w_t.column(i).iter().any(|&x| x != 0.0)
}

/// The modes of all contacts from g̈_N, γ̇_T of the solution (`zero`: acceleration threshold).
fn classify_modes<const NQ: usize, const NB: usize, const NU: usize>(
    kin: &Kinematics<NQ, NU>,
    roles: &[Option<Role>; NU],
    closed: &[bool; NU],
    zero: f64,
    sol: &mut FrictionalAcceleration<NQ, NB, NU>,
) {
    for i in (0..NU).filter(|&i| closed[i]) {
        let gdd = kin.w_n.column(i).dot(&sol.qdd) + kin.drift_n[i];
        let tangent = has_tangent(kin, i);
        let slip_acc = if tangent {
            kin.w_t.column(i).dot(&sol.qdd) + kin.drift_t[i]
        } else {
            0.0
        };
        sol.normal_acceleration[i] = gdd;
        sol.slip_acceleration[i] = slip_acc;
        sol.modes[i] = if gdd > zero {
            ContactMode::LiftingOff
        } else if let Some(Role::Sliding { sigma }) = roles[i] {
            ContactMode::Sliding { sigma }
        } else if !tangent {
            ContactMode::Closed
        } else if slip_acc.abs() > zero {
            ContactMode::StartsSliding {
                sigma: slip_acc.signum(),
            }
        } else {
            ContactMode::Sticking
        };
    }
}

/// The sliding set of a failed LCP: the sliding contacts with friction, and the contacts at
/// rest with friction in the direction of their free tangential acceleration `free(i)`.
fn failure_set<const NU: usize>(
    roles: &[Option<Role>; NU],
    mu: &[f64; NU],
    free: impl Fn(usize) -> f64,
) -> ([(usize, f64); NU], usize) {
    let mut set = [(0usize, 0.0f64); NU];
    let mut n = 0;
    for i in 0..NU {
        let sigma = match roles[i] {
            Some(Role::Sliding { sigma }) => sigma,
            Some(Role::AtRest) if free(i) != 0.0 => free(i).signum(),
            _ => continue,
        };
        if mu[i] > 0.0 {
            set[n] = (i, sigma);
            n += 1;
        }
    }
    (set, n)
}

/// The Painlevé data of a sliding set (allocates: failure path only).
pub(super) fn painleve_bound<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    mu: &[f64; NU],
    t: f64,
    q: &Vector<NQ>,
    set: &[(usize, f64)],
) -> Option<Box<PainleveBound>>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let mut directions = [(0usize, [0.0; 2]); NU];
    for (d, &(i, sigma)) in directions.iter_mut().zip(set) {
        *d = (i, [sigma, 0.0]);
    }
    painleve_bound_in_directions(model, mu, t, q, &directions[..set.len().min(NU)])
}

/// [`painleve_bound`] with unit slip directions (ŝ₁, ŝ₂) in the tangent bases ((σ, 0) for
/// planar friction).
pub(super) fn painleve_bound_in_directions<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    mu: &[f64; NU],
    t: f64,
    q: &Vector<NQ>,
    set: &[(usize, [f64; 2])],
) -> Option<Box<PainleveBound>>
where
    Mo: Constraints<NQ, NB, NU>,
{
    if set.is_empty() {
        return None;
    }
    let problem = SlidingContactProblem::with_slip_directions(model, q, t, set).ok();
    let value = |b: FrictionBound| b.exact.unwrap_or(b.sufficient);
    let common_bound = problem
        .as_ref()
        .and_then(|p| p.common_friction_bound().ok())
        .map(value);
    let mut worst = (0usize, None::<f64>, -1.0_f64);
    for (k, &(i, _)) in set.iter().enumerate() {
        let bound = problem
            .as_ref()
            .and_then(|p| p.contact_friction_bound(k).ok())
            .map(value);
        let ratio = match bound {
            Some(b) if b > 0.0 => mu[i] / b,
            Some(_) => f64::INFINITY,
            None => f64::INFINITY,
        };
        if ratio > worst.2 {
            worst = (k, bound, ratio);
        }
    }
    let (index, direction) = set[worst.0];
    Some(Box::new(PainleveBound {
        contact: Mo::CONTACTS[index],
        index,
        friction: mu[index],
        sigma: direction[0],
        in_plane: Mo::TANGENT_PLANES[index].then_some(direction),
        bound: worst.1,
        common_bound,
        sliding_contacts: set.len(),
    }))
}
