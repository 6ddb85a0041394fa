//! Smooth-phase evaluations: the index-1 KKT acceleration with a given active set (Lötstedt
//! (4.3)–(4.5), with rank-deficient W_A allowed: Lemma 5.2) and the projection of the state
//! onto the constraint manifold after each accepted step.
//!
//! Drift control (documented choice): after every accepted step q is projected onto
//! {g(q) = 0, g_Nᵢ(q) = 0 for closed i} by at most three Gauss–Newton corrections of minimum
//! kinetic norm (Δq = −M⁻¹W_K (W_KᵀM⁻¹W_K)⁻¹ r_K, via
//! [`ConstraintFactor::correction`](crate::linalg::ConstraintFactor::correction)), then
//! u onto {Gᵀu + ĝ = 0, W_Nᵢᵀu + ŵ_Nᵢ = 0}, which is the M-orthogonal projection. Both
//! corrections are of the size of the local error, so the order of the method is kept.
//!
//! **Velocity constraints.** A velocity (nonholonomic) constraint A q̇ + a = 0
//! ([`Constraints::HOLONOMIC`] false) is a bilateral column Aᵀ like any other in the
//! acceleration (A q̈ + Ȧq̇ + ȧ = 0 from `bilateral_drift`) and in the velocity projection
//! (A u + a = 0). It has no position value, so the position projection leaves it out: with a
//! zero residual its column would restrict the correction to A Δq = 0, which no position
//! condition asks for.
//!
//! **Friction.** With planar Coulomb friction the active set carries a tangential mode per
//! closed contact ([`TangentialMode`]): a sticking contact adds its tangential column W_T
//! (velocity constraint W_Tᵀq̇ + ŵ_T = 0, tag NB + NU + j) after the normal columns; a sliding
//! contact's normal force acts through W_N − μσW_T and is condensed onto the other columns
//! (`sliding_kkt`). The projection uses the normal columns of every closed
//! contact and the tangential columns of the sticking ones (no tangential position
//! constraint: the position correction of a sticking contact is along its normal only).
//!
//! **Spatial friction.** A contact with a tangent plane (W_T1, W_T2) sticks with both tangential
//! velocity constraints (tags NB + NU + j and NB + 2NU + j) and slides with
//! λ_T = −μλ_N ŝ, ŝ = γ_T/‖γ_T‖, γ_T = (W_T1ᵀq̇ + ŵ_T1, W_T2ᵀq̇ + ŵ_T2), evaluated at every
//! point: its force column W_N − μ(ŝ₁W_T1 + ŝ₂W_T2) is condensed like a planar sliding column
//! with σ = 1. The direction is oriented by the reference d of the active set (the direction at
//! the start of the step, [`TangentialMode::SlidingPlane`]): ŝ = sign(γ_T·d) γ_T/‖γ_T‖, and
//! ŝ = d where γ_T = 0 (to its round-off). Along a motion whose slip stops transversally, γ_T ≈ (t* − t) v(t)
//! with v(t*) ≠ 0, this continues ŝ = v/‖v‖ through the stop, as the fixed σ of a planar
//! sliding contact continues its force, so that the stop is the sign change of γ_T·d on the
//! dense output (a root of ‖γ_T‖ would be a double one) and no stage sees the direction jump.
//! Where the slip is slow (its direction's relaxation time below `slip_relaxation_time`) and
//! not slowing down, the direction is the slaved one instead (`slaved_slip`: the start of a
//! slip from the cone boundary is stiff for the explicit method otherwise).
//! Redundant sticking contacts with tangent planes are not grouped: a dependent tangential
//! column of such a contact is reported ([`dependent_sticking`](KktSystem::dependent_sticking)).
//!
//! **Redundant sticking contacts.** Two contacts of one rigid body sticking on one plane (a box
//! on two corners) have parallel tangential columns: only the first is kept, and its multiplier
//! carries the friction of the whole group. The distribution inside the group is not unique, but
//! its feasibility is: forces |λ_T,j| ≤ μⱼλ_N,j summing to the group's force T exist iff
//! |T| ≤ Σⱼ μⱼλ_N,j. The workspace records each sticking contact's group (its kept
//! representative, [`stick_group`](KktSystem::stick_group)) so that the stick-end test and the
//! transition to sliding act on the group. A sticking column dependent on columns that are not
//! parallel to it (an underdetermined friction distribution of another kind) is reported
//! ([`dependent_sticking`](KktSystem::dependent_sticking)).
//!
//! **Columns that vanish.** At a singular configuration of a closed loop rows of G vanish and
//! the mobility jumps (Lötstedt 1982, end of Sect. 5: the rank of G need not be constant along
//! the motion): the IFToMM N-four-bar with its cranks horizontal, where every x row of the loop
//! closures is ∝ sin φ. Near it the index-1 system amplifies every error of the velocities by
//! the inverse of the vanishing column (the acceleration along it is the drift divided by its
//! size), the projections do the same, and the step size collapses or the motion jumps to
//! another branch of the configuration space. A bilateral column whose kinetic norm ‖L⁻¹gᵢ‖ is
//! below `vanishing_tolerance` τ times the largest it has had at the points evaluated is
//! therefore left out of the acceleration and of both projections while it is that small. The
//! constraint then holds to second order along the motion (its value and rate vanish with the
//! column); the motion inside the short window follows the other constraints, and what it
//! gained along the left-out directions lies in the span of M⁻¹G, which the projections remove
//! when the column returns. The default τ = rtol^(1/3) (`EventOptions::vanishing_tolerance`)
//! lies inside the range that keeps the N-four-bar at the accuracy and step count of the smooth
//! one-degree-of-freedom problem for every rtol from 1e-6 to 1e-12 (a window too short lets the
//! amplification collapse the step size, one too long costs accuracy).
//!
//! **Redundant columns.** An overconstrained loop (the IFToMM Bricard mechanism: six closure
//! equations of rank five along its one-degree-of-freedom motion) has a bilateral column that
//! depends on the others only on the constraint manifold. At the integration error ε off the
//! manifold its kinetic-metric remainder is O(ε); judged against `rank_tolerance` (1e-9) it
//! then counts as independent at some stages of a step and as dependent at others, the stages
//! integrate different index-1 systems, and the error estimate rejects about every second
//! step. Bilateral columns are therefore judged against the redundancy tolerance
//! (`EventOptions::redundancy_tolerance`, √rtol by default, above the state error), contact
//! and sticking columns against `rank_tolerance`. A dependent column keeps its constraint to
//! the order of the state error: its value and rate follow those of the columns it depends on.
//!
//! [`KktSystem`] is a workspace: every evaluation takes the active set explicitly and leaves the
//! factor, the Jacobians and the multipliers of its last point in the workspace; nothing here
//! decides or stores which contacts are closed.

mod slaved_slip;

use super::active_set::{ActiveSet, TangentialMode};
use super::error::EventError;
use super::sliding_kkt::{SlidingSet, sliding_normal_forces};
use crate::linalg::{ConstraintFactor, SpdError, first_non_finite};
use crate::mechanism::{Constraints, Matrix, Vector};

/// The data of one acceleration with sliding contacts, shared by its solves.
#[derive(Clone, Copy)]
struct SlidingSystem<'a, const NQ: usize, const NU: usize> {
    active: &'a ActiveSet<NU>,
    sliding: &'a SlidingSet<NU>,
    drift_n: &'a Vector<NU>,
    /// q̈ of the equality columns without sliding forces.
    free_acceleration: &'a Vector<NQ>,
    h: &'a Vector<NQ>,
    /// Right-hand sides of the kept equality columns.
    c: &'a Vector<NQ>,
    t: f64,
}

/// Two tangential columns count as parallel when |cos ∠| is within this of 1.
const PARALLEL_TOLERANCE: f64 = 1e-10;

/// Which constraint columns a factorisation holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Columns {
    /// The columns of the acceleration: every bilateral row, the closed contacts that do not
    /// slide, the tangents of the sticking ones.
    Acceleration,
    /// The columns of the position projection: the holonomic bilateral rows (a velocity
    /// constraint has no position value), every closed contact, the sticking tangents.
    Positions,
    /// The columns of the velocity projection: every bilateral row, every closed contact, the
    /// sticking tangents.
    Velocities,
}

/// The relative thresholds by which [`KktSystem`] judges constraint columns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColumnTolerances {
    /// A contact or sticking column whose kinetic-metric remainder is at most this times its
    /// norm is dependent.
    pub rank: f64,
    /// The same for bilateral columns (see "Redundant columns").
    pub redundancy: f64,
    /// A bilateral column whose kinetic norm is below this times the largest it has had is
    /// left out (see "Columns that vanish").
    pub vanishing: f64,
}

/// The KKT system [M −W_A; W_Aᵀ 0] of the bilateral constraints and an active set at one point
/// (q, t): the kinetic-metric factor, the Jacobians G, W_N with their time partials, and the
/// multipliers of the last [`acceleration`](Self::acceleration).
#[derive(Debug, Clone, Copy)]
pub struct KktSystem<const NQ: usize, const NB: usize, const NU: usize> {
    factor: ConstraintFactor<NQ>,
    tolerances: ColumnTolerances,
    /// A bilateral column whose kinetic norm is below this fraction of its `column_scale` is
    /// left out (see the module documentation, "Columns that vanish").
    /// The largest kinetic norm ‖L⁻¹gᵢ‖ each bilateral column has had at the points evaluated.
    column_scale: [f64; NB],
    g_jac: Matrix<NQ, NB>,
    g_tp: Vector<NB>,
    w_n: Matrix<NQ, NU>,
    w_tp: Vector<NU>,
    w_t: Matrix<NQ, NU>,
    wt_tp: Vector<NU>,
    /// W_T2 and ŵ_T2 (contacts with a tangent plane; zero elsewhere).
    w_t2: Matrix<NQ, NU>,
    wt2_tp: Vector<NU>,
    lambda_b: Vector<NB>,
    lambda_n: Vector<NU>,
    lambda_t: Vector<NU>,
    /// Friction forces along W_T2 (contacts with a tangent plane).
    lambda_t2: Vector<NU>,
    /// Slip direction ŝ of every contact sliding in its tangent plane at the last acceleration.
    slip_direction: [[f64; 2]; NU],
    /// Slip relaxation time below which a sliding contact in a tangent plane takes the slaved
    /// direction (`slaved_slip`; 0: never), and the slip speed below which it always does.
    slip_relaxation_time: f64,
    slaved_slip_speed: f64,
    sliding_determinant: f64,
    /// Representative (kept) sticking contact of each sticking contact's group, with the sign
    /// of its column relative to the representative's.
    stick_group: [(usize, f64); NU],
    /// A sticking contact whose column depends on non-parallel columns, if any.
    dependent_sticking: Option<usize>,
    evaluations: usize,
}

impl<const NQ: usize, const NB: usize, const NU: usize> KktSystem<NQ, NB, NU> {
    /// An empty workspace judging dependent and vanishing columns by `tolerances`.
    pub fn new(tolerances: ColumnTolerances) -> Self {
        Self {
            factor: ConstraintFactor::default(),
            tolerances,
            column_scale: [0.0; NB],
            g_jac: Matrix::zeros(),
            g_tp: Vector::zeros(),
            w_n: Matrix::zeros(),
            w_tp: Vector::zeros(),
            w_t: Matrix::zeros(),
            wt_tp: Vector::zeros(),
            w_t2: Matrix::zeros(),
            wt2_tp: Vector::zeros(),
            lambda_b: Vector::zeros(),
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            slip_direction: [[1.0, 0.0]; NU],
            slip_relaxation_time: 0.0,
            slaved_slip_speed: 0.0,
            sliding_determinant: 1.0,
            stick_group: [(0, 1.0); NU],
            dependent_sticking: None,
            evaluations: 0,
        }
    }

    /// The workspace with slip relaxation time `tau` and slip speed `speed` below which a slow
    /// slip in a tangent plane takes the slaved direction (`slaved_slip`; the defaults 0 never
    /// slave a direction).
    pub fn with_slaved_slip(mut self, tau: f64, speed: f64) -> Self {
        self.slip_relaxation_time = tau;
        self.slaved_slip_speed = speed;
        self
    }

    /// Number of [`acceleration`](Self::acceleration) calls since the last
    /// [`reset_evaluations`](Self::reset_evaluations).
    pub fn evaluations(&self) -> usize {
        self.evaluations
    }

    /// Restarts the count of accelerations.
    pub fn reset_evaluations(&mut self) {
        self.evaluations = 0;
    }

    /// The factor of M and of the kept constraint columns (tags: bilateral i → i, contact
    /// j → NB + j).
    pub fn factor(&self) -> &ConstraintFactor<NQ> {
        &self.factor
    }

    /// G and ĝ at the last point.
    pub fn bilateral_jacobian(&self) -> (&Matrix<NQ, NB>, &Vector<NB>) {
        (&self.g_jac, &self.g_tp)
    }

    /// W_N and ŵ_N at the last point.
    pub fn gap_jacobian(&self) -> (&Matrix<NQ, NU>, &Vector<NU>) {
        (&self.w_n, &self.w_tp)
    }

    /// Contact multipliers λ_N of the last acceleration (zero for open or dropped columns).
    pub fn contact_multipliers(&self) -> &Vector<NU> {
        &self.lambda_n
    }

    /// Bilateral multipliers λ_B of the last acceleration.
    pub fn bilateral_multipliers(&self) -> &Vector<NB> {
        &self.lambda_b
    }

    /// Tangential forces λ_T along W_T of the last acceleration (sticking: the multiplier of
    /// the tangential constraint; sliding: −μσλ_N, or −μλ_N ŝ₁ in a tangent plane; zero
    /// otherwise).
    pub fn tangential_multipliers(&self) -> &Vector<NU> {
        &self.lambda_t
    }

    /// Friction forces along the second tangent W_T2 of the last acceleration (contacts with a
    /// tangent plane: the multiplier of γ_T2 = 0 when sticking, −μλ_N ŝ₂ when sliding; zero
    /// otherwise).
    pub fn second_tangential_multipliers(&self) -> &Vector<NU> {
        &self.lambda_t2
    }

    /// The slip direction ŝ of contact j at the last acceleration, if it slid in its tangent
    /// plane there (else the last one it had).
    pub fn slip_direction(&self, j: usize) -> [f64; 2] {
        self.slip_direction.get(j).copied().unwrap_or([1.0, 0.0])
    }

    /// det A(μ) / Π zᵢ·zᵢ of the sliding contacts at the last acceleration (1 without sliding
    /// contact; see `sliding_kkt`): it crosses zero at a Painlevé bound.
    pub fn sliding_determinant(&self) -> f64 {
        self.sliding_determinant
    }

    /// The group of sticking contact j at the last factorisation: (representative, sign of W_T,j
    /// relative to the representative's column); (j, 1) for a kept column.
    pub fn stick_group(&self, j: usize) -> (usize, f64) {
        self.stick_group.get(j).copied().unwrap_or((j, 1.0))
    }

    /// A sticking contact whose tangential column was dependent on columns not parallel to it
    /// at the last factorisation (its friction distribution is not determined by a group).
    pub fn dependent_sticking(&self) -> Option<usize> {
        self.dependent_sticking
    }

    /// W_T and ŵ_T at the last point with friction (zero before the first).
    pub fn slip_jacobian(&self) -> (&Matrix<NQ, NU>, &Vector<NU>) {
        (&self.w_t, &self.wt_tp)
    }

    /// Loads M(q, t) into the factor and pushes the bilateral and closed-contact columns in
    /// priority order (bilateral first, then `active.priority()`, sliding contacts left out,
    /// then the tangential columns of the sticking contacts): the columns of the acceleration.
    pub fn factor_at<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        active: &ActiveSet<NU>,
        q: &Vector<NQ>,
        t: f64,
        m: &Matrix<NQ, NQ>,
    ) -> Result<(), EventError> {
        self.factor_columns(model, active, q, t, m, Columns::Acceleration)
    }

    /// As [`factor_at`](Self::factor_at) with the columns of `columns`: the projections also push
    /// the normal columns of the sliding contacts, and the position projection leaves out the
    /// velocity constraints.
    fn factor_columns<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        active: &ActiveSet<NU>,
        q: &Vector<NQ>,
        t: f64,
        m: &Matrix<NQ, NQ>,
        columns: Columns,
    ) -> Result<(), EventError> {
        let with_sliding = columns != Columns::Acceleration;
        let holonomic_only = columns == Columns::Positions;
        if let Err(e) = self.factor.set_mass(m) {
            return Err(match e {
                SpdError::NotPositiveDefinite {
                    smallest_eigenvalue,
                } => EventError::MassMatrixNotPositiveDefinite {
                    t,
                    smallest_eigenvalue,
                },
                SpdError::NonFinite { entry } => EventError::NonFinite {
                    t,
                    what: "mass matrix",
                    entry,
                },
            });
        }
        // Time partials start from zero: a scleronomic model need not write them.
        let mut tp_b = Vector::<NB>::zeros();
        let mut tp_n = Vector::<NU>::zeros();
        model.bilateral_jacobian(q, t, &mut self.g_jac, &mut tp_b);
        model.gap_jacobian(q, t, &mut self.w_n, &mut tp_n);
        self.g_tp = tp_b;
        self.w_tp = tp_n;
        let ColumnTolerances {
            rank: tol,
            redundancy,
            vanishing,
        } = self.tolerances;
        for i in 0..NB {
            if holonomic_only && !Mo::HOLONOMIC[i] {
                continue;
            }
            let col = self.g_jac.column(i).into_owned();
            let size = self.factor.whiten(&col).norm();
            self.column_scale[i] = self.column_scale[i].max(size);
            if size < vanishing * self.column_scale[i] {
                continue;
            }
            self.factor.push_column(i, &col, redundancy);
        }
        for &j in active.priority() {
            if with_sliding || !active.is_sliding(j) {
                let col = self.w_n.column(j).into_owned();
                self.factor.push_column(NB + j, &col, tol);
            }
        }
        self.dependent_sticking = None;
        if active.has_friction() {
            self.load_tangents(model, active, q, t);
            for &j in active.priority() {
                if active.tangential(j) == TangentialMode::Sticking {
                    let col = self.w_t.column(j).into_owned();
                    self.stick_group[j] = (j, 1.0);
                    let kept = self.factor.push_column(NB + NU + j, &col, tol);
                    if !Mo::TANGENT_PLANES[j] {
                        if !kept {
                            self.join_stick_group(active, j);
                        }
                        continue;
                    }
                    let col2 = self.w_t2.column(j).into_owned();
                    let kept2 = self.factor.push_column(NB + 2 * NU + j, &col2, tol);
                    if !(kept && kept2) {
                        self.dependent_sticking = Some(j);
                    }
                }
            }
        }
        Ok(())
    }

    /// W_T, ŵ_T and, where a closed contact has a tangent plane, W_T2, ŵ_T2 at (q, t).
    fn load_tangents<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        active: &ActiveSet<NU>,
        q: &Vector<NQ>,
        t: f64,
    ) {
        let mut tp_t = Vector::<NU>::zeros();
        model.slip_jacobian(q, t, &mut self.w_t, &mut tp_t);
        self.wt_tp = tp_t;
        if active.priority().iter().any(|&j| Mo::TANGENT_PLANES[j]) {
            let mut tp_t2 = Vector::<NU>::zeros();
            model.second_slip_jacobian(q, t, &mut self.w_t2, &mut tp_t2);
            self.wt2_tp = tp_t2;
        }
    }

    /// Puts the dropped sticking column j into the group of a kept sticking column parallel to
    /// it, or records it as dependent otherwise.
    fn join_stick_group(&mut self, active: &ActiveSet<NU>, j: usize) {
        let wj = self.w_t.column(j);
        for k in 0..self.factor.rank() {
            let tag = self.factor.kept_tag(k);
            if tag < NB + NU {
                continue;
            }
            let r = tag - NB - NU;
            let wr = self.w_t.column(r);
            let cosine = wj.dot(&wr) / (wj.norm() * wr.norm());
            if active.tangential(r) == TangentialMode::Sticking
                && (cosine.abs() - 1.0).abs() <= PARALLEL_TOLERANCE
            {
                self.stick_group[j] = (r, cosine.signum());
                return;
            }
        }
        self.dependent_sticking = Some(j);
    }

    /// q̈ = a(t, q, u) with the active set `active`; the multipliers are kept (see
    /// [`contact_multipliers`](Self::contact_multipliers)).
    pub fn acceleration<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        active: &ActiveSet<NU>,
        t: f64,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        a: &mut Vector<NQ>,
    ) -> Result<(), EventError> {
        self.evaluations += 1;
        let mut m = Matrix::<NQ, NQ>::zeros();
        let mut h = Vector::<NQ>::zeros();
        model.dynamics(q, u, t, &mut m, &mut h);
        self.factor_at(model, active, q, t, &m)?;
        let mut drift_b = Vector::<NB>::zeros();
        let mut drift_n = Vector::<NU>::zeros();
        let mut drift_t = Vector::<NU>::zeros();
        let mut drift_t2 = Vector::<NU>::zeros();
        model.bilateral_drift(q, u, t, &mut drift_b);
        if !active.is_empty() {
            model.gap_drift(q, u, t, &mut drift_n);
        }
        if active.has_friction() {
            model.slip_drift(q, u, t, &mut drift_t);
            if active.priority().iter().any(|&j| Mo::TANGENT_PLANES[j]) {
                model.second_slip_drift(q, u, t, &mut drift_t2);
            }
        }
        let mut c = Vector::<NQ>::zeros();
        for k in 0..self.factor.rank() {
            let tag = self.factor.kept_tag(k);
            c[k] = if tag < NB {
                -drift_b[tag]
            } else if tag < NB + NU {
                -drift_n[tag - NB]
            } else if tag < NB + 2 * NU {
                -drift_t[tag - NB - NU]
            } else {
                -drift_t2[tag - NB - 2 * NU]
            };
        }
        let free = self.factor.solve_kkt(&h, &c);
        self.lambda_t.fill(0.0);
        self.lambda_t2.fill(0.0);
        self.sliding_determinant = 1.0;
        let (sliding, mut w_slide) = self.sliding_set(model, active, u);
        let (mut x, mut mu, mut sliding_n) = (free.0, free.1, Vector::<NU>::zeros());
        if sliding.len > 0 {
            let system = SlidingSystem {
                active,
                sliding: &sliding,
                drift_n: &drift_n,
                free_acceleration: &free.0,
                h: &h,
                c: &c,
                t,
            };
            (x, mu, sliding_n) = self.with_sliding_forces(&system, &w_slide)?;
            let data = ([&drift_t, &drift_t2], &sliding_n);
            let slaved = self.slave_slow_slips(model, &system, &mut w_slide, data, u)?;
            if let Some(solution) = slaved {
                (x, mu, sliding_n) = solution;
            }
        }
        self.lambda_b.fill(0.0);
        self.lambda_n = sliding_n;
        for k in 0..self.factor.rank() {
            let tag = self.factor.kept_tag(k);
            if tag < NB {
                self.lambda_b[tag] = mu[k];
            } else if tag < NB + NU {
                self.lambda_n[tag - NB] = mu[k];
            } else if tag < NB + 2 * NU {
                self.lambda_t[tag - NB - NU] = mu[k];
            } else {
                self.lambda_t2[tag - NB - 2 * NU] = mu[k];
            }
        }
        if let Some(entry) = first_non_finite(x.iter().chain(mu.iter())) {
            return Err(EventError::NonFinite {
                t,
                what: "acceleration or multiplier (q̈, then the multipliers)",
                entry,
            });
        }
        *a = x;
        Ok(())
    }

    /// The acceleration with the normal forces of the sliding contacts condensed (see
    /// `sliding_kkt`) for their tangent columns `w_slide` (and `slip_direction` in tangent
    /// planes): (q̈, the multipliers of the kept columns, λ_N of the sliding contacts); sets
    /// λ_T, λ_T2 of the sliding contacts and the sliding determinant.
    fn with_sliding_forces(
        &mut self,
        system: &SlidingSystem<'_, NQ, NU>,
        w_slide: &Matrix<NQ, NU>,
    ) -> Result<(Vector<NQ>, Vector<NQ>, Vector<NU>), EventError> {
        let SlidingSystem {
            active,
            sliding,
            drift_n,
            free_acceleration,
            h,
            c,
            t,
        } = *system;
        let forces = sliding_normal_forces(
            &self.factor,
            &self.w_n,
            w_slide,
            drift_n,
            sliding,
            free_acceleration,
        );
        self.sliding_determinant = forces.scaled_determinant;
        if !forces.solved {
            return Err(match forces.non_finite {
                Some(entry) => EventError::NonFinite {
                    t,
                    what: "normal force of a sliding contact",
                    entry,
                },
                // A(μ) numerically singular: μ at a Painlevé bound (the integrator's own
                // detection, which names the bound, usually stops before this).
                None => EventError::PainleveSingularity { t, culprit: None },
            });
        }
        let mut f = *h;
        let mut sliding_n = Vector::<NU>::zeros();
        for &(i, sigma, friction) in sliding.as_slice() {
            let lambda = forces.lambda_n[i];
            sliding_n[i] = lambda;
            if matches!(active.tangential(i), TangentialMode::SlidingPlane { .. }) {
                let [s1, s2] = self.slip_direction[i];
                self.lambda_t[i] = -friction * s1 * lambda;
                self.lambda_t2[i] = -friction * s2 * lambda;
                f += self.w_t2.column(i) * self.lambda_t2[i];
            } else {
                self.lambda_t[i] = -friction * sigma * lambda;
            }
            f += self.w_n.column(i) * lambda + self.w_t.column(i) * self.lambda_t[i];
        }
        let (x, mu) = self.factor.solve_kkt(&f, c);
        Ok((x, mu, sliding_n))
    }

    /// The sliding contacts of `active` with their σ and μ, and their tangent columns: W_T for
    /// planar friction, ŝ₁W_T1 + ŝ₂W_T2 with σ = 1 in a tangent plane (ŝ at `u`, recorded in
    /// `slip_direction`; see the module docs).
    fn sliding_set<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        active: &ActiveSet<NU>,
        u: &Vector<NQ>,
    ) -> (SlidingSet<NU>, Matrix<NQ, NU>) {
        let mut set = SlidingSet::empty();
        let mut columns = self.w_t;
        if !active.has_friction() {
            return (set, columns);
        }
        let laws = model.contact_laws();
        for &j in active.priority() {
            match active.tangential(j) {
                TangentialMode::Sliding { sigma } => set.push(j, sigma, laws[j].friction),
                TangentialMode::SlidingPlane { direction } => {
                    let gamma = [
                        self.w_t.column(j).dot(u) + self.wt_tp[j],
                        self.w_t2.column(j).dot(u) + self.wt2_tp[j],
                    ];
                    // The round-off of γ_T: below it the slip is zero (a slip starting from rest).
                    let floor = 16.0
                        * f64::EPSILON
                        * ((self.w_t.column(j).norm() + self.w_t2.column(j).norm()) * u.norm()
                            + self.wt_tp[j].abs()
                            + self.wt2_tp[j].abs());
                    let s = oriented_slip_direction(gamma, direction, floor);
                    self.slip_direction[j] = s;
                    columns
                        .set_column(j, &(self.w_t.column(j) * s[0] + self.w_t2.column(j) * s[1]));
                    set.push(j, 1.0, laws[j].friction);
                }
                _ => {}
            }
        }
        (set, columns)
    }

    /// Projects q onto the position constraints of the holonomic bilateral constraints and
    /// `active`, then u onto the velocity constraints of all bilateral rows and `active` (see
    /// the module documentation). `project_u = false`
    /// leaves u unchanged (before an impact, whose LCP decides the velocities).
    pub fn project<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        active: &ActiveSet<NU>,
        t: f64,
        q: &mut Vector<NQ>,
        u: &mut Vector<NQ>,
        project_u: bool,
    ) -> Result<(), EventError> {
        let mut m = Matrix::<NQ, NQ>::zeros();
        let mut g = Vector::<NB>::zeros();
        let mut gn = Vector::<NU>::zeros();
        for _ in 0..3 {
            model.mass_matrix(q, t, &mut m);
            self.factor_columns(model, active, q, t, &m, Columns::Positions)?;
            if self.factor.rank() == 0 {
                break;
            }
            model.bilateral(q, t, &mut g);
            model.gaps(q, t, &mut gn);
            let mut r = Vector::<NQ>::zeros();
            let mut rmax = 0.0_f64;
            for k in 0..self.factor.rank() {
                let tag = self.factor.kept_tag(k);
                // Tangential columns of sticking contacts have no position constraint.
                r[k] = if tag < NB {
                    g[tag]
                } else if tag < NB + NU {
                    gn[tag - NB]
                } else {
                    0.0
                };
                rmax = rmax.max(r[k].abs());
            }
            if rmax == 0.0 {
                break;
            }
            *q += self.factor.correction(&r);
            if rmax < 1e-15 {
                break;
            }
        }
        if project_u {
            model.mass_matrix(q, t, &mut m);
            self.factor_columns(model, active, q, t, &m, Columns::Velocities)?;
            let mut r = Vector::<NQ>::zeros();
            for k in 0..self.factor.rank() {
                let tag = self.factor.kept_tag(k);
                r[k] = if tag < NB {
                    self.g_jac.column(tag).dot(u) + self.g_tp[tag]
                } else if tag < NB + NU {
                    self.w_n.column(tag - NB).dot(u) + self.w_tp[tag - NB]
                } else if tag < NB + 2 * NU {
                    let j = tag - NB - NU;
                    self.w_t.column(j).dot(u) + self.wt_tp[j]
                } else {
                    let j = tag - NB - 2 * NU;
                    self.w_t2.column(j).dot(u) + self.wt2_tp[j]
                };
            }
            *u += self.factor.correction(&r);
        }
        if let Some(entry) = first_non_finite(q.iter().chain(u.iter())) {
            return Err(EventError::NonFinite {
                t,
                what: "state (q, then u)",
                entry,
            });
        }
        Ok(())
    }

    /// Slip velocities γ_T = W_Tᵀu + ŵ_T at (q, u, t) (W_T, ŵ_T are kept).
    pub fn slip_velocities<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
    ) -> Vector<NU> {
        let mut tp = Vector::<NU>::zeros();
        model.slip_jacobian(q, t, &mut self.w_t, &mut tp);
        self.wt_tp = tp;
        self.w_t.tr_mul(u) + tp
    }

    /// Slip velocities in the tangent planes, (γ_T1, γ_T2) with γ_T2 = W_T2ᵀu + ŵ_T2 (zero for
    /// contacts without tangent plane), at (q, u, t).
    pub fn plane_slip_velocities<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
    ) -> (Vector<NU>, Vector<NU>) {
        let first = self.slip_velocities(model, q, u, t);
        let mut tp = Vector::<NU>::zeros();
        model.second_slip_jacobian(q, t, &mut self.w_t2, &mut tp);
        self.wt2_tp = tp;
        (first, self.w_t2.tr_mul(u) + tp)
    }

    /// Normal velocities γ = W_Nᵀu + ŵ_N at (q, u, t) (W_N, ŵ_N are kept).
    pub fn normal_velocities<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
    ) -> Vector<NU> {
        let mut tp = Vector::<NU>::zeros();
        model.gap_jacobian(q, t, &mut self.w_n, &mut tp);
        self.w_tp = tp;
        self.w_n.tr_mul(u) + tp
    }
}

/// The unit slip direction of slip velocity γ_T oriented by the reference `d`:
/// sign(γ_T·d) γ_T/‖γ_T‖, and d where ‖γ_T‖ ≤ `floor`, the round-off of γ_T (see the module
/// docs, "Spatial friction").
pub(super) fn oriented_slip_direction(gamma: [f64; 2], d: [f64; 2], floor: f64) -> [f64; 2] {
    let speed = gamma[0].hypot(gamma[1]);
    if speed <= floor || !speed.is_finite() {
        return d;
    }
    let sign = if gamma[0] * d[0] + gamma[1] * d[1] < 0.0 {
        -1.0
    } else {
        1.0
    };
    [sign * gamma[0] / speed, sign * gamma[1] / speed]
}
