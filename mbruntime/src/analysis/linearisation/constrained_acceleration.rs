//! The constrained acceleration q̈* and the constraint forces λ* at the operating point, from
//! the index-1 system M q̈ = h + F λ, Fᵀ q̈ + d = 0 on a maximal independent subset of F
//! (holonomic columns first, so that the kept holonomic ones span those of F_h).

use super::error::{LinearisationError, check_index_list};
use super::options::OperatingPoint;
use crate::analysis::ConstraintRef;
use crate::linalg::{ConstraintFactor, DEPENDENCE_TOLERANCE, SpdError, first_non_finite};
use crate::mechanism::{Constraints, Matrix, Vector};

/// Relative tolerance for the acceleration-level equation of a constraint dropped as dependent:
/// |∇f_iᵀ q̈* + d_i| ≤ 10⁻⁸ (‖∇f_i‖ (‖q̈*‖ + ‖M⁻¹h‖) + |d_i|). For a consistent redundancy
/// (Lötstedt 1982, Lemma 5.3) the residual is rounding, ~10⁻¹⁵ of that scale. A velocity
/// constraint dropped as dependent must also stay dependent nearby:
/// ‖(∂γ_i/∂q + A_i V) N‖_max ≤ 10⁻⁸ (‖∂γ_i/∂q‖ ‖N‖ + ‖A_i‖ ‖V N‖) (Frobenius norms; V = ∂q̇/∂q
/// at fixed independent speeds, N = ∂q/∂y, see the [module documentation](super)).
pub const REDUNDANCY_CONSISTENCY_TOLERANCE: f64 = 1e-8;

/// The index-1 system at (q*, q̇*, t*): M, h, the active constraint columns F = [G W_N(closed)]
/// (velocity constraints included) with their drifts d, the kept (independent) columns, q̈* and
/// λ*.
#[derive(Debug, Clone)]
pub(super) struct ConstrainedAcceleration<const NQ: usize> {
    /// Factor of M with the kept columns of F (kinetic-metric Gram–Schmidt).
    pub factor: ConstraintFactor<NQ>,
    /// Every active constraint, in column order: bilateral ones, then the closed contacts.
    pub constraints: Vec<ConstraintRef>,
    /// Whether each active constraint is holonomic (a closed contact is; a bilateral one as
    /// `Constraints::HOLONOMIC` says).
    pub holonomic: Vec<bool>,
    /// Column i of F: ∇f_i, or A_iᵀ for a velocity constraint.
    pub columns: Vec<Vector<NQ>>,
    /// Positions (in `constraints`) of the kept columns, in the factor's order: the holonomic
    /// ones first, then the velocity constraints.
    pub kept: Vec<usize>,
    /// Positions of the columns dropped as dependent (Lötstedt 1982, Lemma 5.2).
    pub dropped: Vec<usize>,
    /// q̈* = f(q*, q̇*).
    pub acceleration: Vector<NQ>,
    /// λ* per constraint (zero on dropped ones: the basic solution, Lemma 5.2, part 3).
    pub multipliers: Vec<f64>,
}

impl<const NQ: usize> ConstrainedAcceleration<NQ> {
    /// Evaluates and checks the operating point and solves the index-1 system there.
    pub fn at<M: Constraints<NQ, NB, NU>, const NB: usize, const NU: usize>(
        model: &M,
        op: &OperatingPoint<NQ>,
        closed: &[usize],
        tolerance: f64,
    ) -> Result<Self, LinearisationError> {
        check_inputs::<NQ, NU>(op, closed, tolerance)?;
        let (mut m, mut h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
        model.dynamics(&op.q, &op.qd, op.t, &mut m, &mut h);
        finite(m.iter().chain(h.iter()), "mass matrix or forces")?;
        let mut factor = ConstraintFactor::<NQ>::default();
        factor.set_mass(&m).map_err(|e| match e {
            SpdError::NonFinite { entry } => LinearisationError::NonFinite {
                what: "mass matrix",
                entry,
            },
            SpdError::NotPositiveDefinite {
                smallest_eigenvalue,
            } => LinearisationError::MassNotPositiveDefinite {
                smallest_eigenvalue,
            },
        })?;
        let active = ActiveConstraints::evaluate(model, op, closed)?;
        active.check_satisfied(tolerance)?;
        let (kept, dropped) = active.factor_columns(&mut factor)?;
        let mut c_kept = Vector::<NQ>::zeros();
        for (k, &i) in kept.iter().enumerate() {
            c_kept[k] = -active.drift[i];
        }
        let (acceleration, mu) = factor.solve_kkt(&h, &c_kept);
        let mut multipliers = vec![0.0; active.constraints.len()];
        for (k, &i) in kept.iter().enumerate() {
            multipliers[i] = mu[k];
        }
        finite(
            acceleration.iter().chain(multipliers.iter()),
            "acceleration or constraint force",
        )?;
        // Rounding in q̈* is relative to the size of its parts M⁻¹h and M⁻¹Fλ = q̈* − M⁻¹h.
        let free = factor.unwhiten(&factor.whiten(&h)).norm();
        for &i in &dropped {
            let residual = (active.columns[i].dot(&acceleration) + active.drift[i]).abs();
            let scale =
                active.columns[i].norm() * (acceleration.norm() + free) + active.drift[i].abs();
            if residual > REDUNDANCY_CONSISTENCY_TOLERANCE * scale {
                return Err(LinearisationError::InconsistentRedundancy {
                    constraint: active.constraints[i],
                    residual,
                });
            }
        }
        Ok(Self {
            factor,
            constraints: active.constraints,
            holonomic: active.holonomic,
            columns: active.columns,
            kept,
            dropped,
            acceleration,
            multipliers,
        })
    }

    /// The kept columns as an n × r matrix (column k: kept constraint k), of every active
    /// constraint (`holonomic_only == false`: the velocity-level matrix Cᵀ) or of the holonomic
    /// ones only (F_h, which the position chart uses). The kept holonomic columns come first.
    pub fn kept_jacobian(&self, holonomic_only: bool) -> nalgebra::DMatrix<f64> {
        let count = if holonomic_only {
            self.kept.iter().filter(|&&i| self.holonomic[i]).count()
        } else {
            self.kept.len()
        };
        nalgebra::DMatrix::from_fn(NQ, count, |i, k| self.columns[self.kept[k]][i])
    }
}

/// Values, gradients, velocities and drifts d_i (the part of f̈_i that does not multiply q̈) of
/// the active constraints at the operating point (for a velocity constraint: value 0, column
/// A_iᵀ, velocity γ_i = A_i q̇ + a_i and drift the part of γ̇_i without q̈).
struct ActiveConstraints<const NQ: usize> {
    constraints: Vec<ConstraintRef>,
    holonomic: Vec<bool>,
    values: Vec<f64>,
    columns: Vec<Vector<NQ>>,
    velocities: Vec<f64>,
    drift: Vec<f64>,
}

impl<const NQ: usize> ActiveConstraints<NQ> {
    fn evaluate<M: Constraints<NQ, NB, NU>, const NB: usize, const NU: usize>(
        model: &M,
        op: &OperatingPoint<NQ>,
        closed: &[usize],
    ) -> Result<Self, LinearisationError> {
        let (q, qd, t) = (&op.q, &op.qd, op.t);
        let (mut g, mut g_jac, mut g_t, mut g_d) = (
            Vector::<NB>::zeros(),
            Matrix::<NQ, NB>::zeros(),
            Vector::<NB>::zeros(),
            Vector::<NB>::zeros(),
        );
        model.bilateral(q, t, &mut g);
        model.bilateral_jacobian(q, t, &mut g_jac, &mut g_t);
        model.bilateral_drift(q, qd, t, &mut g_d);
        let (mut gn, mut wn, mut wn_t, mut gn_d) = (
            Vector::<NU>::zeros(),
            Matrix::<NQ, NU>::zeros(),
            Vector::<NU>::zeros(),
            Vector::<NU>::zeros(),
        );
        model.gaps(q, t, &mut gn);
        model.gap_jacobian(q, t, &mut wn, &mut wn_t);
        model.gap_drift(q, qd, t, &mut gn_d);
        let mut active = Self {
            constraints: Vec::with_capacity(NB + closed.len()),
            holonomic: Vec::with_capacity(NB + closed.len()),
            values: Vec::new(),
            columns: Vec::new(),
            velocities: Vec::new(),
            drift: Vec::new(),
        };
        let bilateral = (0..NB).map(|i| {
            (
                ConstraintRef::Bilateral(i),
                g[i],
                g_jac.column(i),
                g_t[i],
                g_d[i],
            )
        });
        let contacts = closed.iter().map(|&i| {
            (
                ConstraintRef::Unilateral(i),
                gn[i],
                wn.column(i),
                wn_t[i],
                gn_d[i],
            )
        });
        for (c, value, column, time_partial, drift) in bilateral.chain(contacts) {
            let column = column.into_owned();
            active.holonomic.push(match c {
                ConstraintRef::Bilateral(i) => M::HOLONOMIC[i],
                ConstraintRef::Unilateral(_) => true,
            });
            active.constraints.push(c);
            active.values.push(value);
            active.velocities.push(column.dot(qd) + time_partial);
            active.columns.push(column);
            active.drift.push(drift);
        }
        let columns = active.columns.iter().flat_map(|c| c.iter());
        let scalars = active
            .values
            .iter()
            .chain(&active.velocities)
            .chain(&active.drift);
        finite(
            scalars.chain(columns),
            "constraint values, gradients or drifts",
        )?;
        Ok(active)
    }

    /// Constraint values (of the holonomic ones) and velocities within the tolerance.
    fn check_satisfied(&self, tolerance: f64) -> Result<(), LinearisationError> {
        for (i, &constraint) in self.constraints.iter().enumerate() {
            if self.holonomic[i] && self.values[i].abs() > tolerance {
                return Err(LinearisationError::ConstraintViolated {
                    constraint,
                    value: self.values[i],
                    tolerance,
                });
            }
            if self.velocities[i].abs() > tolerance {
                return Err(LinearisationError::VelocityViolated {
                    constraint,
                    value: self.velocities[i],
                    tolerance,
                });
            }
        }
        Ok(())
    }

    /// Pushes the columns into the kinetic-metric factor, the holonomic ones first (each group
    /// in order); returns (kept, dropped). A velocity constraint is thus dropped when it depends
    /// on the holonomic ones, never the reverse.
    fn factor_columns(
        &self,
        factor: &mut ConstraintFactor<NQ>,
    ) -> Result<(Vec<usize>, Vec<usize>), LinearisationError> {
        let (mut kept, mut dropped) = (Vec::new(), Vec::new());
        let n = self.columns.len();
        let order = (0..n)
            .filter(|&i| self.holonomic[i])
            .chain((0..n).filter(|&i| !self.holonomic[i]));
        for i in order {
            let column = &self.columns[i];
            if factor.whiten(column).norm() == 0.0 {
                return Err(LinearisationError::VanishingGradient {
                    constraint: self.constraints[i],
                });
            }
            if factor.push_column(i, column, DEPENDENCE_TOLERANCE) {
                kept.push(i);
            } else {
                dropped.push(i);
            }
        }
        dropped.sort_unstable();
        Ok((kept, dropped))
    }
}

/// Finite operating point and tolerance, closed contacts in range and distinct.
fn check_inputs<const NQ: usize, const NU: usize>(
    op: &OperatingPoint<NQ>,
    closed: &[usize],
    tolerance: f64,
) -> Result<(), LinearisationError> {
    let state =
        op.q.iter()
            .chain(op.qd.iter())
            .chain(std::iter::once(&op.t));
    finite(state, "operating point (q, q̇, t)")?;
    if !(tolerance.is_finite() && tolerance >= 0.0) {
        return Err(LinearisationError::InvalidTolerance {
            what: "constraint tolerance",
            value: tolerance,
        });
    }
    check_index_list(closed, NU, "closed contact")?;
    Ok(())
}

/// [`LinearisationError::NonFinite`] unless every value is finite.
pub(super) fn finite<'a>(
    values: impl Iterator<Item = &'a f64>,
    what: &'static str,
) -> Result<(), LinearisationError> {
    match first_non_finite(values) {
        None => Ok(()),
        Some(entry) => Err(LinearisationError::NonFinite { what, entry }),
    }
}
