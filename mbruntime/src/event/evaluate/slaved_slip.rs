//! The slaved slip direction of a contact sliding slowly in its tangent plane.
//!
//! With the slip γ_T = ρŝ the tangential acceleration of a sliding contact splits into
//! ρ̇ = ŝ·γ̇_T and ρ (dŝ/dt) = (I − ŝŝᵀ)γ̇_T(ŝ). Across the slip direction the friction force
//! −μλ_N ŝ pulls ŝ towards the direction along which the contact accelerates, at the rate
//! μλ_N b/ρ (b the largest eigenvalue of W_TᵀM_c⁻¹W_T, the tangential inverse inertia): as
//! ρ → 0 the direction is slaved to the zero of
//!
//! ```text
//! g(ŝ) = ŝ⊥ · γ̇_T(ŝ),     ŝ = (cos θ, sin θ),  ŝ⊥ = (−sin θ, cos θ),
//! ```
//!
//! the direction along which the slip accelerates (or decelerates) — the direction of a start
//! of slip of the acceleration-level problem, and the limit direction of a stop (Tikhonov's
//! slow manifold of the fast relaxation, at zeroth order). The explicit Dormand–Prince method is
//! stable only for steps below about 3ρ/(μλ_N b), so where a slip starts from the cone boundary
//! with zero acceleration (ρ ∝ (t − t₀)²) it would need ever more, ever smaller steps. Where the
//! relaxation time ρ/(μλ_N b) is below `slip_relaxation_time` τ, or ρ itself below 100·atol
//! (where the integration error of the velocities decides γ_T/‖γ_T‖), the direction is the
//! zero of g nearest to the step's reference direction, found by the secant method on θ (each
//! evaluation one condensed solve of the sliding forces), provided the slip accelerates along
//! it (ŝ·γ̇_T ≥ 0: a slip that slows down keeps γ_T/‖γ_T‖, its stop being approached with
//! steps ∝ ρ in a number that grows only like log ρ, and its direction relaxing at the rate of
//! the applied force along ŝ, which may be far smaller than μλ_N b); above τ, γ_T/‖γ_T‖. The
//! difference at the switch is the slow manifold's first-order term, about the rotation rate of
//! ŝ times τ, over a window of a few τ-relaxations: for the default τ = 1e-8 s the stick–slip
//! times of the tests' examples stay within 1e-10 s of their references. Several slowly sliding
//! contacts are slaved one after the other (two sweeps).

use super::super::active_set::TangentialMode;
use super::super::error::EventError;
use super::{KktSystem, SlidingSystem};
use crate::mechanism::{Constraints, Matrix, Vector};

/// Secant iterations on θ at most.
const MAX_SECANT: usize = 60;

/// A solution (q̈, multipliers of the kept columns, λ_N of the sliding contacts).
type Solution<const NQ: usize, const NU: usize> = (Vector<NQ>, Vector<NQ>, Vector<NU>);

impl<const NQ: usize, const NB: usize, const NU: usize> KktSystem<NQ, NB, NU> {
    /// Slaves the directions of the contacts of `system` sliding slowly in their tangent planes
    /// (see the module docs), updating `w_slide` and `slip_direction`; returns the solution
    /// with the slaved directions, or `None` if no contact is slow. `drifts`: ẇ_T1, ẇ_T2;
    /// `lambda_n`: the normal forces with the directions of the state, which decide which
    /// contacts are slow.
    pub(super) fn slave_slow_slips<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        system: &SlidingSystem<'_, NQ, NU>,
        w_slide: &mut Matrix<NQ, NU>,
        (drifts, lambda_n): ([&Vector<NU>; 2], &Vector<NU>),
        u: &Vector<NQ>,
    ) -> Result<Option<Solution<NQ, NU>>, EventError> {
        if self.slip_relaxation_time <= 0.0 && self.slaved_slip_speed <= 0.0 {
            return Ok(None);
        }
        let laws = model.contact_laws();
        let mut slow = [None::<[f64; 2]>; NU];
        let mut any = false;
        for &(j, _, _) in system.sliding.as_slice() {
            let TangentialMode::SlidingPlane { direction } = system.active.tangential(j) else {
                continue;
            };
            let rho = (self.w_t.column(j).dot(u) + self.wt_tp[j])
                .hypot(self.w_t2.column(j).dot(u) + self.wt2_tp[j]);
            let rate = laws[j].friction * lambda_n[j] * self.tangential_inverse_inertia(j);
            let below = rho < self.slip_relaxation_time * rate || rho < self.slaved_slip_speed;
            if rate > 0.0 && below {
                slow[j] = Some(direction);
                any = true;
            }
        }
        if !any {
            return Ok(None);
        }
        let sweeps = if slow.iter().flatten().count() > 1 {
            2
        } else {
            1
        };
        let (state_columns, state_directions) = (*w_slide, self.slip_direction);
        let mut decelerating = [false; NU];
        for _ in 0..sweeps {
            for j in 0..NU {
                if let Some(reference) = slow[j] {
                    let kappa =
                        self.slave_direction(model, system, w_slide, drifts, j, reference)?;
                    decelerating[j] = kappa < 0.0;
                }
            }
        }
        // A slip that slows down keeps the direction of the state: its stop is approached with
        // steps ∝ ρ, and the slaved direction is not its limit there (the direction relaxes at
        // the rate of the applied force along ŝ, which may be small).
        for j in (0..NU).filter(|&j| decelerating[j]) {
            w_slide.set_column(j, &state_columns.column(j));
            self.slip_direction[j] = state_directions[j];
        }
        self.with_sliding_forces(system, w_slide).map(Some)
    }

    /// The largest eigenvalue of W_TᵀM_c⁻¹W_T of contact j (its tangential inverse inertia).
    fn tangential_inverse_inertia(&self, j: usize) -> f64 {
        let y = |w: &Matrix<NQ, NU>| {
            let col = w.column(j).into_owned();
            self.factor.project_out(&self.factor.whiten(&col))
        };
        let (y1, y2) = (y(&self.w_t), y(&self.w_t2));
        let (a, b, c) = (y1.dot(&y1), y1.dot(&y2), y2.dot(&y2));
        0.5 * (a + c) + (0.25 * (a - c) * (a - c) + b * b).sqrt()
    }

    /// The zero of g(θ) (module docs) for contact j nearest to `reference`, by the secant
    /// method; leaves `w_slide` and `slip_direction[j]` at it and returns the slip acceleration
    /// ŝ·γ̇_T there.
    fn slave_direction<Mo: Constraints<NQ, NB, NU>>(
        &mut self,
        model: &Mo,
        system: &SlidingSystem<'_, NQ, NU>,
        w_slide: &mut Matrix<NQ, NU>,
        drifts: [&Vector<NU>; 2],
        j: usize,
        reference: [f64; 2],
    ) -> Result<f64, EventError> {
        let g = |this: &mut Self, w: &mut Matrix<NQ, NU>, theta: f64| {
            let s = [theta.cos(), theta.sin()];
            this.slip_direction[j] = s;
            w.set_column(j, &(this.w_t.column(j) * s[0] + this.w_t2.column(j) * s[1]));
            let (x, _, _) = this.with_sliding_forces(system, w)?;
            let a1 = this.w_t.column(j).dot(&x) + drifts[0][j];
            let a2 = this.w_t2.column(j).dot(&x) + drifts[1][j];
            Ok::<_, EventError>((-s[1] * a1 + s[0] * a2, s[0] * a1 + s[1] * a2))
        };
        let mut t0 = reference[1].atan2(reference[0]);
        let mut t1 = t0 + 1e-6;
        let (mut g0, _) = g(self, w_slide, t0)?;
        let (mut g1, mut along) = g(self, w_slide, t1)?;
        for _ in 0..MAX_SECANT {
            if g1 == 0.0 || (t1 - t0).abs() <= 4.0 * f64::EPSILON * (1.0 + t1.abs()) {
                return Ok(along);
            }
            let next = t1 - g1 * (t1 - t0) / (g1 - g0);
            if !next.is_finite() {
                break;
            }
            (t0, g0) = (t1, g1);
            t1 = next;
            (g1, along) = g(self, w_slide, t1)?;
        }
        if g1.abs() <= 1e-12 * (1.0 + along.abs()) {
            return Ok(along);
        }
        Err(EventError::SlipDirectionUnresolved {
            t: system.t,
            contact: Mo::CONTACTS[j],
            index: j,
            friction: model.contact_laws()[j].friction,
            residual: g1,
        })
    }
}
