//! The `Jacobians` of hand-written test models whose forces are constant (gravity, a constant
//! load) and that have no parameters: ∂h/∂q = ∂h/∂u = 0, ∂h/∂t = 0, no parameter derivatives,
//! and a zero mass-action Jacobian (the tests use them for the time-stepping schemes, which
//! read only the force tangents). The drift Jacobians are zero too, unless the model gives
//! them: `constant_force_jacobians!(Model, NQ, NB, NU)` for fixed contact and constraint
//! directions, `constant_force_jacobians!(Model, NQ, NB, NU, drifts)` for a model with the
//! inherent methods `bilateral_drift_partials(&self, q, u, d_dq, d_du)` and
//! `gap_drift_partials(&self, q, u, d_dq, d_du)` (Matrix<NB, NQ> and Matrix<NU, NQ> outputs).

/// See the [module documentation](self).
#[macro_export]
macro_rules! constant_force_jacobians {
    ($model:ty, $nq:expr, $nb:expr, $nu:expr) => {
        $crate::constant_force_jacobians!(@impl $model, $nq, $nb, $nu,
            |_m: &$model, _q: &::mbruntime::Vector<$nq>, _u: &::mbruntime::Vector<$nq>,
             d_dq: &mut ::mbruntime::Matrix<$nb, $nq>, d_du: &mut ::mbruntime::Matrix<$nb, $nq>| {
                d_dq.fill(0.0);
                d_du.fill(0.0);
            },
            |_m: &$model, _q: &::mbruntime::Vector<$nq>, _u: &::mbruntime::Vector<$nq>,
             d_dq: &mut ::mbruntime::Matrix<$nu, $nq>, d_du: &mut ::mbruntime::Matrix<$nu, $nq>| {
                d_dq.fill(0.0);
                d_du.fill(0.0);
            });
    };
    ($model:ty, $nq:expr, $nb:expr, $nu:expr, gap_drift) => {
        $crate::constant_force_jacobians!(@impl $model, $nq, $nb, $nu,
            |_m: &$model, _q: &::mbruntime::Vector<$nq>, _u: &::mbruntime::Vector<$nq>,
             d_dq: &mut ::mbruntime::Matrix<$nb, $nq>, d_du: &mut ::mbruntime::Matrix<$nb, $nq>| {
                d_dq.fill(0.0);
                d_du.fill(0.0);
            },
            |m: &$model, q: &::mbruntime::Vector<$nq>, u: &::mbruntime::Vector<$nq>,
             d_dq: &mut ::mbruntime::Matrix<$nu, $nq>, d_du: &mut ::mbruntime::Matrix<$nu, $nq>| {
                m.gap_drift_partials(q, u, d_dq, d_du)
            });
    };
    ($model:ty, $nq:expr, $nb:expr, $nu:expr, bilateral_drift) => {
        $crate::constant_force_jacobians!(@impl $model, $nq, $nb, $nu,
            |m: &$model, q: &::mbruntime::Vector<$nq>, u: &::mbruntime::Vector<$nq>,
             d_dq: &mut ::mbruntime::Matrix<$nb, $nq>, d_du: &mut ::mbruntime::Matrix<$nb, $nq>| {
                m.bilateral_drift_partials(q, u, d_dq, d_du)
            },
            |_m: &$model, _q: &::mbruntime::Vector<$nq>, _u: &::mbruntime::Vector<$nq>,
             d_dq: &mut ::mbruntime::Matrix<$nu, $nq>, d_du: &mut ::mbruntime::Matrix<$nu, $nq>| {
                d_dq.fill(0.0);
                d_du.fill(0.0);
            });
    };
    (@impl $model:ty, $nq:expr, $nb:expr, $nu:expr, $bilateral:expr, $gap:expr) => {
        impl ::mbruntime::Jacobians<$nq, $nb, $nu> for $model {
            fn force_jacobians(
                &self,
                _: &::mbruntime::Vector<$nq>,
                _: &::mbruntime::Vector<$nq>,
                _: f64,
                dh_dq: &mut ::mbruntime::Matrix<$nq, $nq>,
                dh_du: &mut ::mbruntime::Matrix<$nq, $nq>,
            ) {
                dh_dq.fill(0.0);
                dh_du.fill(0.0);
            }
            fn force_time_partial(
                &self,
                _: &::mbruntime::Vector<$nq>,
                _: &::mbruntime::Vector<$nq>,
                _: f64,
                d: &mut ::mbruntime::Vector<$nq>,
            ) {
                d.fill(0.0);
            }
            fn mass_action_jacobian(
                &self,
                _: &::mbruntime::Vector<$nq>,
                _: f64,
                _: &::mbruntime::Vector<$nq>,
                out: &mut ::mbruntime::Matrix<$nq, $nq>,
            ) {
                out.fill(0.0);
            }
            $crate::no_parameter_derivatives!($nq);
            fn bilateral_drift_jacobians(
                &self,
                q: &::mbruntime::Vector<$nq>,
                u: &::mbruntime::Vector<$nq>,
                _: f64,
                d_dq: &mut ::mbruntime::Matrix<$nb, $nq>,
                d_du: &mut ::mbruntime::Matrix<$nb, $nq>,
            ) {
                ($bilateral)(self, q, u, d_dq, d_du)
            }
            fn gap_drift_jacobians(
                &self,
                q: &::mbruntime::Vector<$nq>,
                u: &::mbruntime::Vector<$nq>,
                _: f64,
                d_dq: &mut ::mbruntime::Matrix<$nu, $nq>,
                d_du: &mut ::mbruntime::Matrix<$nu, $nq>,
            ) {
                ($gap)(self, q, u, d_dq, d_du)
            }
        }
    };
}
