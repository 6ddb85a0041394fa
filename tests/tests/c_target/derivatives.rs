//! The C functions of `Statics` and `Jacobians` against the Rust methods (the C target has no
//! `Rates`: its functions run on jets of any length, which C has no generic form for).

use crate::compare::{Comparison, State};
use crate::dynamics::{O, P, V};
use crate::library::CLibrary;
use mbruntime::{Jacobians, Matrix, Statics, Vector};

/// ∇V, ∇²V, ∂∇V/∂p_k and the Hessians of the constraints and gaps, each index one past the
/// last included (both must report it missing).
pub fn statics<M: Statics<NQ>, const NQ: usize>(
    lib: &CLibrary,
    model: &M,
    (p, np, nb, nu): (P, usize, usize, usize),
    states: &[State<NQ>],
    cmp: &mut Comparison,
) {
    type Indexed = unsafe extern "C" fn(P, V, f64, i32, O) -> i32;
    // SAFETY: the signatures of the C target's functions; buffers of the sizes they write.
    unsafe {
        let gradient = lib.function::<unsafe extern "C" fn(P, V, f64, O)>("potential_gradient");
        let hessian = lib.function::<unsafe extern "C" fn(P, V, f64, O)>("potential_hessian");
        let by_parameter = lib.function::<Indexed>("potential_gradient_parameter");
        let bilateral = lib.function::<Indexed>("bilateral_hessian");
        let gap = lib.function::<Indexed>("gap_hessian");
        let (mut cv, mut cm) = (vec![0.0; NQ], vec![0.0; NQ * NQ]);
        let (mut v, mut m) = (Vector::<NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        for s in states {
            let (q, t) = (s.q.as_ptr(), s.t);
            gradient(p, q, t, cv.as_mut_ptr());
            model.potential_gradient(&s.q, t, &mut v);
            cmp.vector("potential_gradient", &cv, &v);
            hessian(p, q, t, cm.as_mut_ptr());
            model.potential_hessian(&s.q, t, &mut m);
            cmp.matrix("potential_hessian", &cm, &m);
            for k in 0..=np {
                let c_has = by_parameter(p, q, t, k as i32, cv.as_mut_ptr()) != 0;
                let has = model.potential_gradient_parameter(&s.q, t, k, &mut v);
                assert_eq!((c_has, has), (k < np, k < np), "{}: ∂∇V/∂p_{k}", cmp.module);
                if has {
                    cmp.vector("potential_gradient_parameter", &cv, &v);
                }
            }
            for (name, f, count) in [
                ("bilateral_hessian", &bilateral, nb),
                ("gap_hessian", &gap, nu),
            ] {
                for i in 0..=count {
                    let c_has = f(p, q, t, i as i32, cm.as_mut_ptr()) != 0;
                    let has = match name {
                        "bilateral_hessian" => model.bilateral_hessian(&s.q, t, i, &mut m),
                        _ => model.gap_hessian(&s.q, t, i, &mut m),
                    };
                    assert_eq!(c_has, has, "{}: {name}({i})", cmp.module);
                    if has {
                        cmp.matrix(name, &cm, &m);
                    }
                }
            }
        }
    }
}

/// ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q, ∂h/∂p_k, ∂(M a)/∂p_k, the parameters in the constraints and
/// the drift Jacobians.
pub fn jacobians<M: Jacobians<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    lib: &CLibrary,
    model: &M,
    (p, np): (P, usize),
    states: &[State<NQ>],
    cmp: &mut Comparison,
) {
    type Pair = unsafe extern "C" fn(P, V, V, f64, O, O);
    // SAFETY: the signatures of the C target's functions; buffers of the sizes they write.
    unsafe {
        let forces = lib.function::<Pair>("force_jacobians");
        let time = lib.function::<unsafe extern "C" fn(P, V, V, f64, O)>("force_time_partial");
        let action = lib.function::<unsafe extern "C" fn(P, V, f64, V, O)>("mass_action_jacobian");
        let dh_dp = lib.function::<unsafe extern "C" fn(P, V, V, f64, i32, O) -> i32>(
            "force_parameter_derivative",
        );
        let dma_dp = lib.function::<unsafe extern "C" fn(P, V, f64, V, i32, O) -> i32>(
            "mass_action_parameter_derivative",
        );
        let enters =
            lib.function::<unsafe extern "C" fn(i32) -> i32>("parameter_enters_constraints");
        let bilateral = lib.function::<Pair>("bilateral_drift_jacobians");
        let velocity =
            lib.optional::<unsafe extern "C" fn(P, V, V, f64, O)>("bilateral_velocity_jacobian");
        let gap = lib.function::<Pair>("gap_drift_jacobians");
        let size = NQ.max(NB).max(NU).pow(2);
        let (mut c1, mut c2) = (vec![0.0; size], vec![0.0; size]);
        let (mut m1, mut m2) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        let mut v = Vector::<NQ>::zeros();
        for s in states {
            let (q, qd, a, t) = (s.q.as_ptr(), s.qd.as_ptr(), s.a.as_ptr(), s.t);
            forces(p, q, qd, t, c1.as_mut_ptr(), c2.as_mut_ptr());
            model.force_jacobians(&s.q, &s.qd, t, &mut m1, &mut m2);
            cmp.matrix("force_jacobians (q)", &c1[..NQ * NQ], &m1);
            cmp.matrix("force_jacobians (qd)", &c2[..NQ * NQ], &m2);
            time(p, q, qd, t, c1.as_mut_ptr());
            model.force_time_partial(&s.q, &s.qd, t, &mut v);
            cmp.vector("force_time_partial", &c1[..NQ], &v);
            action(p, q, t, a, c1.as_mut_ptr());
            model.mass_action_jacobian(&s.q, t, &s.a, &mut m1);
            cmp.matrix("mass_action_jacobian", &c1[..NQ * NQ], &m1);
            for k in 0..=np {
                let c_has = dh_dp(p, q, qd, t, k as i32, c1.as_mut_ptr()) != 0;
                let has = model.force_parameter_derivative(&s.q, &s.qd, t, k, &mut v);
                assert_eq!((c_has, has), (k < np, k < np), "{}: ∂h/∂p_{k}", cmp.module);
                if has {
                    cmp.vector("force_parameter_derivative", &c1[..NQ], &v);
                }
                let c_has = dma_dp(p, q, t, a, k as i32, c1.as_mut_ptr()) != 0;
                let has = model.mass_action_parameter_derivative(&s.q, t, &s.a, k, &mut v);
                assert_eq!(
                    (c_has, has),
                    (k < np, k < np),
                    "{}: ∂(M a)/∂p_{k}",
                    cmp.module
                );
                if has {
                    cmp.vector("mass_action_parameter_derivative", &c1[..NQ], &v);
                }
            }
            let (mut b1, mut b2) = (Matrix::<NB, NQ>::zeros(), Matrix::<NB, NQ>::zeros());
            bilateral(p, q, qd, t, c1.as_mut_ptr(), c2.as_mut_ptr());
            model.bilateral_drift_jacobians(&s.q, &s.qd, t, &mut b1, &mut b2);
            cmp.matrix("bilateral_drift_jacobians (q)", &c1[..NB * NQ], &b1);
            cmp.matrix("bilateral_drift_jacobians (qd)", &c2[..NB * NQ], &b2);
            if let Some(f) = &velocity {
                f(p, q, qd, t, c1.as_mut_ptr());
                model.bilateral_velocity_jacobian(&s.q, &s.qd, t, &mut b1);
                cmp.matrix("bilateral_velocity_jacobian", &c1[..NB * NQ], &b1);
            }
            let (mut u1, mut u2) = (Matrix::<NU, NQ>::zeros(), Matrix::<NU, NQ>::zeros());
            gap(p, q, qd, t, c1.as_mut_ptr(), c2.as_mut_ptr());
            model.gap_drift_jacobians(&s.q, &s.qd, t, &mut u1, &mut u2);
            cmp.matrix("gap_drift_jacobians (q)", &c1[..NU * NQ], &u1);
            cmp.matrix("gap_drift_jacobians (qd)", &c2[..NU * NQ], &u2);
        }
        for k in 0..np {
            let c = enters(k as i32) != 0;
            assert_eq!(
                c,
                model.parameter_enters_constraints(k),
                "{}: p_{k} in constraints",
                cmp.module
            );
        }
    }
}
