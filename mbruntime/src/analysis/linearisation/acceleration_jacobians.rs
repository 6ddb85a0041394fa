//! First derivatives of the constrained acceleration f(q, q̇) (and of f with respect to a
//! parameter) from the generated Jacobians, one KKT solve per column.

use super::constrained_acceleration::{ConstrainedAcceleration, finite};
use super::error::LinearisationError;
use super::options::OperatingPoint;
use crate::analysis::ConstraintRef;
use crate::mechanism::{Jacobians, Matrix, Statics, Vector};

/// ∂f/∂q and ∂f/∂q̇ of the constrained acceleration at the operating point, and the Jacobians
/// ∂γ_i/∂q of the velocity-level constraint functions (the speed chart needs them).
#[derive(Debug, Clone)]
pub(super) struct AccelerationJacobians<const NQ: usize> {
    /// ∂f/∂q.
    pub df_dq: Matrix<NQ, NQ>,
    /// ∂f/∂q̇.
    pub df_dqd: Matrix<NQ, NQ>,
    /// Entry i (one per active constraint, in the order of `constraints`): ∂γ_i/∂q at fixed q̇
    /// of γ_i = ∇f_iᵀq̇ + ∂f_i/∂t (A_i q̇ + a_i for a velocity constraint):
    /// `Jacobians::bilateral_velocity_jacobian` for a bilateral constraint, ½ ∂d_i/∂q̇ for a
    /// closed contact.
    pub velocity_jacobian: Vec<Vector<NQ>>,
}

impl<const NQ: usize> AccelerationJacobians<NQ> {
    /// Linearises M δq̈ = δh + δF λ + F δλ, δ(Fᵀ) q̈ + Fᵀ δq̈ + δd = 0 (see the
    /// [module documentation](super)).
    pub fn at<M, const NB: usize, const NU: usize>(
        model: &M,
        op: &OperatingPoint<NQ>,
        sys: &ConstrainedAcceleration<NQ>,
    ) -> Result<Self, LinearisationError>
    where
        M: Jacobians<NQ, NB, NU> + Statics<NQ>,
    {
        let (q, qd, t, a) = (&op.q, &op.qd, op.t, &sys.acceleration);
        let (mut dh_dq, mut dh_dqd, mut dma_dq) =
            (Matrix::zeros(), Matrix::zeros(), Matrix::zeros());
        model.force_jacobians(q, qd, t, &mut dh_dq, &mut dh_dqd);
        model.mass_action_jacobian(q, t, a, &mut dma_dq);
        let (mut dg_dq, mut dg_dqd) = (Matrix::<NB, NQ>::zeros(), Matrix::<NB, NQ>::zeros());
        model.bilateral_drift_jacobians(q, qd, t, &mut dg_dq, &mut dg_dqd);
        let (mut dn_dq, mut dn_dqd) = (Matrix::<NU, NQ>::zeros(), Matrix::<NU, NQ>::zeros());
        model.gap_drift_jacobians(q, qd, t, &mut dn_dq, &mut dn_dqd);
        let drift_row = |c: ConstraintRef, wrt_velocity: bool| -> Vector<NQ> {
            match (c, wrt_velocity) {
                (ConstraintRef::Bilateral(i), false) => dg_dq.row(i).transpose(),
                (ConstraintRef::Bilateral(i), true) => dg_dqd.row(i).transpose(),
                (ConstraintRef::Unilateral(i), false) => dn_dq.row(i).transpose(),
                (ConstraintRef::Unilateral(i), true) => dn_dqd.row(i).transpose(),
            }
        };
        // Position right-hand sides: ∂h/∂q − ∂(Ma)/∂q + Σ λ_i H_i and −(H_iᵀ a + ∂d_i/∂q)ᵀ, with
        // H_i = ∂(column i of F)/∂q (entry (k, j) = ∂F_ki/∂q_j, not symmetric for a velocity
        // constraint): δ(F λ) = Σ λ_i H_i δq and δ(F_iᵀ a) = Σ_k a_k δF_ki = (H_iᵀ a)ᵀ δq.
        let mut force_q = dh_dq - dma_dq;
        let mut constraint_q = Vec::with_capacity(sys.kept.len());
        let mut drift_velocity_jacobian = Vec::with_capacity(sys.kept.len());
        for &i in &sys.kept {
            let c = sys.constraints[i];
            let hess = constraint_hessian(model, q, t, c)?;
            force_q += hess * sys.multipliers[i];
            constraint_q.push(-(hess.tr_mul(a) + drift_row(c, false)));
            drift_velocity_jacobian.push(drift_row(c, true));
        }
        let matrices = [&force_q, &dh_dqd];
        finite(
            matrices.iter().flat_map(|m| m.iter()),
            "force or mass Jacobians",
        )?;
        let rows = constraint_q.iter().chain(&drift_velocity_jacobian);
        finite(
            rows.flat_map(|r| r.iter()),
            "drift Jacobians or constraint Hessians",
        )?;
        let mut df_dq = Matrix::<NQ, NQ>::zeros();
        let mut df_dqd = Matrix::<NQ, NQ>::zeros();
        for j in 0..NQ {
            let (mut c_q, mut c_qd) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
            for k in 0..sys.kept.len() {
                c_q[k] = constraint_q[k][j];
                c_qd[k] = -drift_velocity_jacobian[k][j];
            }
            let force_column = force_q.column(j).into_owned();
            df_dq.set_column(j, &sys.factor.solve_kkt(&force_column, &c_q).0);
            let force_column = dh_dqd.column(j).into_owned();
            df_dqd.set_column(j, &sys.factor.solve_kkt(&force_column, &c_qd).0);
        }
        finite(df_dq.iter().chain(df_dqd.iter()), "acceleration Jacobians")?;
        let velocity_jacobian = velocity_jacobians(model, op, sys, &dn_dqd)?;
        Ok(Self {
            df_dq,
            df_dqd,
            velocity_jacobian,
        })
    }
}

/// ∂γ_i/∂q at fixed q̇ of every active constraint: the model's `bilateral_velocity_jacobian`
/// (which must be finite: its default is NaN for a velocity constraint) and ½ ∂d_i/∂q̇ for a
/// closed contact (d_i = q̇ᵀ∇²g_Ni q̇ + 2 ∇(∂_t g_Ni)ᵀq̇ + ∂²_t g_Ni, so ½ ∂d_i/∂q̇ = ∂ġ_Ni/∂q).
fn velocity_jacobians<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    op: &OperatingPoint<NQ>,
    sys: &ConstrainedAcceleration<NQ>,
    gap_drift_velocity_jacobian: &Matrix<NU, NQ>,
) -> Result<Vec<Vector<NQ>>, LinearisationError>
where
    M: Jacobians<NQ, NB, NU>,
{
    let mut gamma_q = Matrix::<NB, NQ>::zeros();
    model.bilateral_velocity_jacobian(&op.q, &op.qd, op.t, &mut gamma_q);
    sys.constraints
        .iter()
        .map(|&c| match c {
            ConstraintRef::Bilateral(i) => {
                let row = gamma_q.row(i).transpose();
                if row.iter().all(|x| x.is_finite()) {
                    Ok(row)
                } else {
                    Err(LinearisationError::NonFiniteVelocityJacobian { constraint: c })
                }
            }
            ConstraintRef::Unilateral(i) => {
                let row = gap_drift_velocity_jacobian.row(i).transpose() * 0.5;
                finite(row.iter(), "gap drift Jacobians")?;
                Ok(row)
            }
        })
        .collect()
}

/// ∂f/∂p_k: M δq̈ = ∂h/∂p_k − ∂(M q̈*)/∂p_k + F δλ, Fᵀ δq̈ = 0 (the constraints, and hence F
/// and d, do not depend on p_k: the caller has checked `parameter_enters_constraints`).
pub(super) fn parameter_derivative<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    op: &OperatingPoint<NQ>,
    sys: &ConstrainedAcceleration<NQ>,
    k: usize,
) -> Result<Vector<NQ>, LinearisationError>
where
    M: Jacobians<NQ, NB, NU>,
{
    let (mut dh_dp, mut dma_dp) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
    let known = model.force_parameter_derivative(&op.q, &op.qd, op.t, k, &mut dh_dp)
        && model.mass_action_parameter_derivative(&op.q, op.t, &sys.acceleration, k, &mut dma_dp);
    if !known {
        return Err(LinearisationError::UnknownParameter {
            parameter: k.to_string(),
            known: model.parameter_names(),
        });
    }
    let rhs = dh_dp - dma_dp;
    finite(rhs.iter(), "parameter derivative of the forces")?;
    let df_dp = sys.factor.solve_kkt(&rhs, &Vector::<NQ>::zeros()).0;
    finite(df_dp.iter(), "parameter derivative of the acceleration")?;
    Ok(df_dp)
}

/// ∇²f_i of an active constraint (bilateral or closed contact).
fn constraint_hessian<M: Statics<NQ>, const NQ: usize>(
    model: &M,
    q: &Vector<NQ>,
    t: f64,
    c: ConstraintRef,
) -> Result<Matrix<NQ, NQ>, LinearisationError> {
    let mut hess = Matrix::<NQ, NQ>::zeros();
    let found = match c {
        ConstraintRef::Bilateral(i) => model.bilateral_hessian(q, t, i, &mut hess),
        ConstraintRef::Unilateral(i) => model.gap_hessian(q, t, i, &mut hess),
    };
    if found {
        Ok(hess)
    } else {
        Err(LinearisationError::MissingHessian { constraint: c })
    }
}
