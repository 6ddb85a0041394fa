//! The acceleration-level frictional contact problem with tangent planes (spatial Coulomb
//! friction), as a cone complementarity problem.
//!
//! At a state where some closed contact has a tangent plane (W_T1, W_T2), Coulomb's law at
//! acceleration level for a contact at rest (g_N = γ_N = 0, γ_T = 0) is Coulomb's law with the
//! velocities replaced by the accelerations (Glocker 2001, "Set-Valued Force Laws", ch. 7: the
//! law moves to the next kinematic level where the lower ones vanish; Pfeiffer & Glocker 1996,
//! ch. 7): λ_N ≥ 0 ⟂ g̈_N ≥ 0, and either γ̇_T = 0 with ‖λ_T‖ ≤ μλ_N (sticking) or
//! λ_T = −μλ_N γ̇_T/‖γ̇_T‖ (starting to slide along the tangential acceleration). With
//! u = (g̈_N, γ̇_T1, γ̇_T2) and r = (λ_N, λ_T1, λ_T2) per contact this is the cone complementarity
//! problem of [`crate::cone`] (De Saxcé & Feng 1991),
//!
//! ```text
//! u = W r + b,   K ∋ r ⟂ u + μ‖u_T‖e_N ∈ K*,
//! W = [W_Nᵢ W_T1ᵢ W_T2ᵢ]ᵀ M_c⁻¹ [f_Nⱼ f_T1ⱼ f_T2ⱼ],   b = [W_Nᵢ W_T1ᵢ W_T2ᵢ]ᵀ q̈_free + (ẇ_N, ẇ_T1, ẇ_T2),
//! ```
//!
//! with M_c⁻¹ the constrained inverse inertia of the bilateral constraints (Brogliato 2013,
//! (16)–(19)) and q̈_free their accelerations without contact forces. Every closed contact
//! enters with three rows:
//!
//! * **at rest with friction** (‖γ_T‖ ≤ `slip_velocity`, μ > 0): its own columns, its μ (a
//!   planar contact has a zero second tangent row and column, so λ_T2 = 0 is a solution and the
//!   one reported);
//! * **sliding** (‖γ_T‖ > `slip_velocity`, direction ŝ = γ_T/‖γ_T‖, or σ for planar friction):
//!   λ_T = −μλ_N ŝ is known, so the contact acts through the single column
//!   f_N = W_N − μ(ŝ₁W_T1 + ŝ₂W_T2) with μ = 0 in the cone problem (its tangential rows and
//!   columns are zero): W is then not symmetric, as A(μ) of the planar problem;
//! * **frictionless** (μ = 0 or no tangent): the normal row and column only.
//!
//! The problem is solved by [`ConeSolver`] to its natural-map certificate; a failure is
//! [`FrictionModeError::ConeFailed`] with the residual reached. The modes follow from the
//! solution as in the planar problem (lift-off where g̈_N > 0, sticking where γ̇_T = 0, starting
//! to slide in the direction of γ̇_T), and the contacts that slide or start to slide must have a
//! P-matrix A(μ) (with their directions), else [`FrictionModeError::NonUnique`] names the
//! contact and its Painlevé bound, as in the planar problem.
//!
//! **At rest by decision.** A contact listed in `at_rest` is treated as at rest whatever its
//! slip: the event-driven integrator lists the contact whose slip has just stopped, where the
//! two components of γ_T vanish to the accuracy of the located root only.

use super::cone_workspace::members;
pub use super::friction_mode_error::FrictionModeError;
use super::friction_modes::{
    ContactMode, FrictionalAcceleration, FrictionalContactLcp, ModeTolerances, finite,
    painleve_bound_in_directions,
};
use super::sliding_uniqueness::sliding_verdict;
use crate::cone::{ConeOptions, ConeProblem};
use crate::mechanism::{Constraints, ContactLaw, Matrix, Vector};

/// Role of a closed contact in the cone problem.
#[derive(Debug, Clone, Copy, PartialEq)]
enum ConeRole {
    /// Normal row and column only.
    Frictionless,
    /// Normal row, force column W_N − μ(ŝ₁W_T1 + ŝ₂W_T2).
    Sliding { direction: [f64; 2] },
    /// Three rows and columns, cone of slope μ.
    AtRest,
}

/// The contact columns at the state, in the kinetic metric with the bilateral constraints
/// condensed (zᵢ = (I − QQᵀ)L⁻¹Wᵢ, so that Wᵢᵀ M_c⁻¹ Wⱼ = zᵢ·zⱼ).
struct PlaneKinematics<const NQ: usize, const NU: usize> {
    /// W_N, W_T1, W_T2 (tangent columns zero where the contact has none).
    w: [Matrix<NQ, NU>; 3],
    /// ẇ_N, ẇ_T1, ẇ_T2.
    drift: [Vector<NU>; 3],
    /// Slip velocities γ_T1, γ_T2.
    slip: [Vector<NU>; 2],
    /// Their kinetic-metric columns.
    z: [Matrix<NQ, NU>; 3],
}

impl<const NQ: usize, const NU: usize> FrictionalContactLcp<NQ, NU> {
    /// The problem of the module docs for the contacts with `closed[i]`, `at_rest[i]` forcing
    /// contact i to be treated as at rest. Called by [`solve`](Self::solve) when a closed
    /// contact has a tangent plane.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solve_with_planes<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        laws: &[ContactLaw; NU],
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
        let (h, c) = self.factor_with_bilateral(model, tol, t, q, qd)?;
        let (qdd_free, _) = self.factor.solve_kkt(&h, &c);
        let kin = self.plane_kinematics(model, laws, closed, t, q, qd)?;
        let mut roles = [None; NU];
        let mut mu = [0.0; NU];
        for i in (0..NU).filter(|&i| closed[i]) {
            (roles[i], mu[i]) = (
                Some(plane_role(laws, &kin, at_rest, tol, i)),
                laws[i].friction,
            );
        }
        let (members, nc) = members::<NU>(|i| roles[i].is_some());
        let members = &members[..nc];
        let free_scale = self.assemble_cone(&kin, members, &roles, &mu, &qdd_free);
        self.screen_sliding_diagonals(model, members, &roles, &mu, t, q)?;
        let m = 3 * nc;
        self.cone.r[..m].fill(0.0);
        let problem = ConeProblem::new(
            &self.cone.w[..m * m],
            &self.cone.b[..m],
            &self.cone.mu[..nc],
        )
        .map_err(|source| FrictionModeError::ConeFailed {
            culprit: None,
            source,
        })?;
        let report = self
            .cone
            .solver
            .solve(
                &problem,
                &mut self.cone.r[..m],
                &mut self.cone.u[..m],
                &ConeOptions::default(),
            )
            .map_err(|source| FrictionModeError::ConeFailed {
                culprit: sliding_culprit(model, &roles, &mu, t, q),
                source,
            })?;
        let mut sol = FrictionalAcceleration {
            qdd: qdd_free,
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            lambda_b: Vector::zeros(),
            normal_acceleration: Vector::zeros(),
            slip_acceleration: Vector::zeros(),
            second_slip_acceleration: Vector::zeros(),
            modes: [ContactMode::Open; NU],
            pivots: report.iterations,
        };
        for (a, &i) in members.iter().enumerate() {
            let r = [
                self.cone.r[3 * a],
                self.cone.r[3 * a + 1],
                self.cone.r[3 * a + 2],
            ];
            sol.lambda_n[i] = r[0];
            match roles[i] {
                Some(ConeRole::Sliding {
                    direction: [s1, s2],
                }) => {
                    sol.lambda_t[i] = -mu[i] * s1 * r[0];
                    sol.lambda_t2[i] = -mu[i] * s2 * r[0];
                }
                Some(ConeRole::AtRest) => (sol.lambda_t[i], sol.lambda_t2[i]) = (r[1], r[2]),
                _ => {}
            }
        }
        let mut f = h;
        f += kin.w[0] * sol.lambda_n + kin.w[1] * sol.lambda_t + kin.w[2] * sol.lambda_t2;
        self.accelerate(&f, &c, &mut sol)?;
        classify_plane_modes(
            &kin,
            &roles,
            closed,
            tol.zero * (1.0 + free_scale),
            &mut sol,
        );
        self.check_plane_uniqueness(model, &kin, &roles, &mu, t, q, &sol)?;
        Ok(sol)
    }

    /// W_N, W_T1, W_T2 with drifts, slips and kinetic-metric columns of the closed contacts.
    fn plane_kinematics<Mo, const NB: usize>(
        &self,
        model: &Mo,
        laws: &[ContactLaw; NU],
        closed: &[bool; NU],
        t: f64,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
    ) -> Result<PlaneKinematics<NQ, NU>, FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let mut kin = PlaneKinematics {
            w: [Matrix::zeros(); 3],
            drift: [Vector::zeros(); 3],
            slip: [Vector::zeros(); 2],
            z: [Matrix::zeros(); 3],
        };
        let mut tp = [Vector::<NU>::zeros(); 3];
        let [w_n, w_t1, w_t2] = &mut kin.w;
        model.gap_jacobian(q, t, w_n, &mut tp[0]);
        model.slip_jacobian(q, t, w_t1, &mut tp[1]);
        model.second_slip_jacobian(q, t, w_t2, &mut tp[2]);
        let [d_n, d_t1, d_t2] = &mut kin.drift;
        model.gap_drift(q, qd, t, d_n);
        model.slip_drift(q, qd, t, d_t1);
        model.second_slip_drift(q, qd, t, d_t2);
        for i in 0..NU {
            let plane = Mo::TANGENT_PLANES[i] && laws[i].has_tangent;
            for (k, keep) in [(1, laws[i].has_tangent), (2, plane)] {
                if !keep {
                    kin.w[k].column_mut(i).fill(0.0);
                    kin.drift[k][i] = 0.0;
                    tp[k][i] = 0.0;
                }
            }
        }
        let entries = kin.w.iter().flat_map(|m| m.iter());
        let rates = kin.drift.iter().chain(tp.iter()).flat_map(|v| v.iter());
        finite(entries.chain(rates), "contact Jacobian or drift")?;
        for k in 0..2 {
            kin.slip[k] = kin.w[k + 1].tr_mul(qd) + tp[k + 1];
        }
        for i in (0..NU).filter(|&i| closed[i]) {
            for k in 0..3 {
                let col = kin.w[k].column(i).into_owned();
                let z = self.factor.project_out(&self.factor.whiten(&col));
                kin.z[k].set_column(i, &z);
            }
        }
        Ok(kin)
    }

    /// Writes W, b and μ of the cone problem (see the module docs) into the workspace; returns
    /// the largest |free contact acceleration|.
    fn assemble_cone(
        &mut self,
        kin: &PlaneKinematics<NQ, NU>,
        members: &[usize],
        roles: &[Option<ConeRole>; NU],
        mu: &[f64; NU],
        qdd_free: &Vector<NQ>,
    ) -> f64 {
        // The rows (constraint directions) and the force columns of every member.
        let zero = Vector::<NQ>::zeros();
        let rows = |i: usize, k: usize| match (roles[i], k) {
            (_, 0) | (Some(ConeRole::AtRest), _) => kin.z[k].column(i).into_owned(),
            _ => zero,
        };
        let column = |i: usize, k: usize| match (roles[i], k) {
            (Some(ConeRole::Sliding { direction }), 0) => effective_column(kin, mu, i, direction),
            _ => rows(i, k),
        };
        self.cone.write_delassus(members, rows, column);
        let mut largest = 0.0_f64;
        for (b, &j) in members.iter().enumerate() {
            self.cone.mu[b] = match roles[j] {
                Some(ConeRole::AtRest) => mu[j],
                _ => 0.0,
            };
            for k in 0..3 {
                let active = k == 0 || roles[j] == Some(ConeRole::AtRest);
                let value = kin.w[k].column(j).dot(qdd_free) + kin.drift[k][j];
                self.cone.b[3 * b + k] = if active { value } else { 0.0 };
                largest = largest.max(self.cone.b[3 * b + k].abs());
            }
        }
        largest
    }

    /// A sliding contact whose normal Delassus entry z·(z − μ yŝ) is not positive has no
    /// P-matrix A(μ): reported as not unique before the cone solver sees a negative diagonal.
    fn screen_sliding_diagonals<Mo, const NB: usize>(
        &self,
        model: &Mo,
        members: &[usize],
        roles: &[Option<ConeRole>; NU],
        mu: &[f64; NU],
        t: f64,
        q: &Vector<NQ>,
    ) -> Result<(), FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let m = 3 * members.len();
        for (a, &i) in members.iter().enumerate() {
            if matches!(roles[i], Some(ConeRole::Sliding { .. }))
                && self.cone.w[3 * a + 3 * a * m] <= 0.0
            {
                let (set, len) = sliding_set(roles, mu, &[None; NU]);
                return sliding_verdict(model, mu, t, q, &set[..len]);
            }
        }
        Ok(())
    }

    /// [`FrictionModeError::NonUnique`] unless A(μ) of the contacts that slide or start to
    /// slide (μ > 0, with their directions) is a P-matrix (`sliding_uniqueness`).
    #[allow(clippy::too_many_arguments)]
    fn check_plane_uniqueness<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        kin: &PlaneKinematics<NQ, NU>,
        roles: &[Option<ConeRole>; NU],
        mu: &[f64; NU],
        t: f64,
        q: &Vector<NQ>,
        sol: &FrictionalAcceleration<NQ, NB, NU>,
    ) -> Result<(), FrictionModeError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let starting: [Option<[f64; 2]>; NU] = std::array::from_fn(|i| match sol.modes[i] {
            ContactMode::StartsSliding { sigma } => Some([sigma, 0.0]),
            ContactMode::StartsSlidingPlane { direction } => Some(direction),
            _ => None,
        });
        let (set, ks) = sliding_set(roles, mu, &starting);
        let column = |j: usize, s: [f64; 2]| effective_column(kin, mu, j, s);
        self.check_sliding_uniqueness(model, mu, t, q, &set[..ks], &kin.z[0], column)
    }
}

/// The kinetic-metric force column of sliding contact j in direction ŝ:
/// z_N − μ(ŝ₁z_T1 + ŝ₂z_T2).
fn effective_column<const NQ: usize, const NU: usize>(
    kin: &PlaneKinematics<NQ, NU>,
    mu: &[f64; NU],
    j: usize,
    [s1, s2]: [f64; 2],
) -> Vector<NQ> {
    kin.z[0].column(j) - (kin.z[1].column(j) * s1 + kin.z[2].column(j) * s2) * mu[j]
}

/// The role of closed contact i from its slip (see the module docs).
fn plane_role<const NQ: usize, const NU: usize>(
    laws: &[ContactLaw; NU],
    kin: &PlaneKinematics<NQ, NU>,
    at_rest: &[bool; NU],
    tol: &ModeTolerances,
    i: usize,
) -> ConeRole {
    if !laws[i].has_tangent {
        return ConeRole::Frictionless;
    }
    let gamma = [kin.slip[0][i], kin.slip[1][i]];
    let speed = gamma[0].hypot(gamma[1]);
    if !at_rest[i] && speed > tol.slip_velocity {
        return ConeRole::Sliding {
            direction: [gamma[0] / speed, gamma[1] / speed],
        };
    }
    if laws[i].friction == 0.0 {
        ConeRole::Frictionless
    } else {
        ConeRole::AtRest
    }
}

/// The contacts that slide (their role) or start to slide (`starting`), with μ > 0, and their
/// unit directions.
fn sliding_set<const NU: usize>(
    roles: &[Option<ConeRole>; NU],
    mu: &[f64; NU],
    starting: &[Option<[f64; 2]>; NU],
) -> ([(usize, [f64; 2]); NU], usize) {
    let mut set = [(0usize, [0.0; 2]); NU];
    let mut n = 0;
    for i in (0..NU).filter(|&i| mu[i] > 0.0) {
        let direction = match (roles[i], starting[i]) {
            (Some(ConeRole::Sliding { direction }), _) | (_, Some(direction)) => direction,
            _ => continue,
        };
        set[n] = (i, direction);
        n += 1;
    }
    (set, n)
}

/// The Painlevé data of the sliding contacts, for a failed solve (allocates).
fn sliding_culprit<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    roles: &[Option<ConeRole>; NU],
    mu: &[f64; NU],
    t: f64,
    q: &Vector<NQ>,
) -> Option<Box<super::friction_mode_error::PainleveBound>>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let (set, n) = sliding_set(roles, mu, &[None; NU]);
    painleve_bound_in_directions(model, mu, t, q, &set[..n])
}

/// The modes of the closed contacts from g̈_N and γ̇_T of the solution (`zero`: acceleration
/// threshold).
fn classify_plane_modes<const NQ: usize, const NB: usize, const NU: usize>(
    kin: &PlaneKinematics<NQ, NU>,
    roles: &[Option<ConeRole>; NU],
    closed: &[bool; NU],
    zero: f64,
    sol: &mut FrictionalAcceleration<NQ, NB, NU>,
) {
    for i in (0..NU).filter(|&i| closed[i]) {
        let acc = |k: usize| kin.w[k].column(i).dot(&sol.qdd) + kin.drift[k][i];
        let (gdd, a1, a2) = (acc(0), acc(1), acc(2));
        sol.normal_acceleration[i] = gdd;
        sol.slip_acceleration[i] = a1;
        sol.second_slip_acceleration[i] = a2;
        let tangent = kin.w[1].column(i).iter().any(|&x| x != 0.0);
        let plane = kin.w[2].column(i).iter().any(|&x| x != 0.0);
        let size = a1.hypot(a2);
        sol.modes[i] = match roles[i] {
            _ if gdd > zero => ContactMode::LiftingOff,
            Some(ConeRole::Sliding { direction }) if plane => {
                ContactMode::SlidingPlane { direction }
            }
            Some(ConeRole::Sliding { direction }) => ContactMode::Sliding {
                sigma: direction[0].signum(),
            },
            _ if !tangent => ContactMode::Closed,
            _ if size > zero && plane => ContactMode::StartsSlidingPlane {
                direction: [a1 / size, a2 / size],
            },
            _ if size > zero => ContactMode::StartsSliding { sigma: a1.signum() },
            _ => ContactMode::Sticking,
        };
    }
}
