//! The generated articulated-body algorithm against the factorised mass matrix.
//!
//! Invariant: for a model on a kinematic tree the structured route generates q̈ = M⁻¹ h by the
//! articulated-body algorithm (Featherstone 2008, "Rigid Body Dynamics Algorithms", Sect. 7.3:
//! articulated inertias and bias forces inwards, accelerations outwards, O(n)), which shares
//! nothing with the composite-rigid-body M and the Newton–Euler h but the link kinematics. So at
//! every state its q̈ must solve M q̈ = h with M and h from `dynamics`: the residual
//! ‖M q̈ − h‖∞ must be within 1e-12 of ‖M‖∞ ‖q̈‖∞ + ‖h‖∞ (a backward-stable solve of an SPD
//! system leaves a residual of order n ε of that scale, Higham 2002, "Accuracy and Stability of
//! Numerical Algorithms", Thm. 10.4), and the two solutions must agree to 1e-12 of cond(M)‖q̈‖ (cond(M) bounded above by
//! n max|M_ij| / λ_min).
//! Checked on the 7-joint iiwa-like arm, the 22-DoF floating quadruped, the mixed tree
//! (prismatic, revolute and fixed joints) and the universal-joint rod (two frames without mass
//! between joints) at eight pseudo-random states each. The benchmark arms
//! are checked against Pinocchio's own ABA in `pinocchio_reference.rs`.
//!
//! Translation invariance (a rigid-body system in a uniform gravity field, with no force
//! depending on where it is): M, h and q̈ of the floating quadruped do not depend on the base
//! position (x, y, z). Moving the base 10 m (and 1 km) from the origin must leave them as they are
//! to round-off of their own size (1e-14 of the largest entry); spatial vectors taken about the
//! world origin lost 1e-10 of q̈ at 10 m to cancelling m r² terms.
//!
//! With a non-physical parameter (a negative link mass) a pivot D_k = S_kᵀ I^A_k S_k is not
//! positive: the generated code must say so (return `false`) and `mechanism::acceleration` must
//! return the Cholesky path's typed error rather than a number.

use mb_examples::tree_models::iiwa::Iiwa;
use mb_examples::tree_models::quadruped::Quadruped;
use mb_examples::tree_models::tree_mix::TreeMix;
use mb_examples::tree_models::universal_rod::UniversalRod;
use mb_testsupport::SplitMix;
use mbruntime::linalg::{SpdError, smallest_eigenvalue};
use mbruntime::mechanism::acceleration;
use mbruntime::{Dynamics, Matrix, Vector};

fn agrees_with_cholesky<M: Dynamics<N>, const N: usize>(model: &M, seed: u64) {
    let mut rng = SplitMix(seed);
    for state in 0..8 {
        let q = rng.vector::<N>() * 2.0;
        let qd = rng.vector::<N>();
        let t = rng.next_f64();
        let mut qdd = Vector::<N>::zeros();
        assert!(
            model.articulated_acceleration(&q, &qd, t, &mut qdd),
            "{}: the articulated-body algorithm refused state {state}",
            M::NAME
        );
        let (mut m, mut h) = (Matrix::<N, N>::zeros(), Vector::<N>::zeros());
        model.dynamics(&q, &qd, t, &mut m, &mut h);
        let residual = (m * qdd - h).amax();
        let scale = m.amax() * qdd.amax() + h.amax();
        assert!(
            residual <= 1e-12 * scale,
            "{} state {state}: ‖M q̈ − h‖ = {residual:e} > 1e-12 · {scale:e}",
            M::NAME
        );
        let reference = m.cholesky().expect("M positive definite").solve(&h);
        // cond(M) ≤ n ‖M‖_max / λ_min (‖M‖₂ ≤ n max|M_ij|).
        let condition = N as f64 * m.amax() / smallest_eigenvalue(&m);
        let error = (qdd - reference).amax();
        assert!(
            error <= 1e-12 * condition * reference.amax(),
            "{} state {state}: |q̈_ABA − q̈_Cholesky| = {error:e}, cond(M) = {condition:e}",
            M::NAME
        );
        let mut via = Vector::<N>::zeros();
        acceleration(model, &q, &qd, t, &mut via).expect("acceleration");
        assert_eq!(
            via, qdd,
            "mechanism::acceleration uses the generated algorithm"
        );
    }
}

#[test]
fn iiwa_articulated_body_solves_the_dynamics() {
    agrees_with_cholesky(&Iiwa::default(), 11);
}

#[test]
fn quadruped_articulated_body_solves_the_dynamics() {
    agrees_with_cholesky(&Quadruped::default(), 12);
}

#[test]
fn tree_mix_articulated_body_solves_the_dynamics() {
    agrees_with_cholesky(&TreeMix::default(), 13);
}

#[test]
fn universal_rod_articulated_body_solves_the_dynamics() {
    agrees_with_cholesky(&UniversalRod::default(), 2718);
}

#[test]
fn quadruped_dynamics_do_not_depend_on_where_the_base_is() {
    let model = Quadruped::default();
    let mut rng = SplitMix(71);
    let relative = |a: &[f64], b: &[f64]| {
        let scale = b.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        let err = a
            .iter()
            .zip(b)
            .fold(0.0_f64, |m, (x, y)| m.max((x - y).abs()));
        err / scale
    };
    for _ in 0..8 {
        let q = rng.vector::<22>() * 2.0;
        let qd = rng.vector::<22>();
        let at = |shift: f64| {
            let mut moved = q;
            for k in 0..3 {
                moved[k] += shift * (1.0 + k as f64);
            }
            let (mut m, mut h, mut a) = (
                Matrix::<22, 22>::zeros(),
                Vector::<22>::zeros(),
                Vector::<22>::zeros(),
            );
            model.dynamics(&moved, &qd, 0.0, &mut m, &mut h);
            assert!(model.articulated_acceleration(&moved, &qd, 0.0, &mut a));
            (m, h, a)
        };
        let (m0, h0, a0) = at(0.0);
        for shift in [10.0, 1000.0] {
            let (m, h, a) = at(shift);
            for (what, x, y) in [
                ("M", m.as_slice(), m0.as_slice()),
                ("h", h.as_slice(), h0.as_slice()),
                ("q̈", a.as_slice(), a0.as_slice()),
            ] {
                let e = relative(x, y);
                assert!(
                    e <= 1e-14,
                    "{what} changed by {e:e} (relative) with the base moved {shift} m"
                );
            }
        }
    }
}

#[test]
fn non_physical_mass_is_refused() {
    let mut model = Iiwa::default();
    let k = model
        .parameter_names()
        .iter()
        .position(|&n| n == "m7")
        .expect("parameter m7");
    model.set_parameter(k, -50.0).expect("finite value");
    let (q, qd) = (Vector::<7>::zeros(), Vector::<7>::zeros());
    let mut qdd = Vector::<7>::zeros();
    assert!(!model.articulated_acceleration(&q, &qd, 0.0, &mut qdd));
    match acceleration(&model, &q, &qd, 0.0, &mut qdd) {
        Err(SpdError::NotPositiveDefinite {
            smallest_eigenvalue,
        }) => assert!(smallest_eigenvalue < 0.0),
        other => panic!("expected NotPositiveDefinite, got {other:?}"),
    }
}
