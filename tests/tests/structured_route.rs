//! The structured route against the expanded route on one kinematic tree.
//!
//! Invariant: `TreeMix` and `TreeMixExpanded` are the same `mechanism!` block except for
//! `generate { expansion: full }`, so they describe the same Lagrangian system and every generated
//! quantity must agree at every state. The structured route builds M by the composite-rigid-body
//! recursion and h by the recursive Newton–Euler algorithm over named intermediates (Featherstone
//! 2008, "Rigid Body Dynamics Algorithms", Sect. 6.2 and 5.3) and derives everything else by
//! forward-mode derivatives of these intermediates; the expanded route forms T(q, q̇) and V(q)
//! and applies Lagrange's equations symbolically (M = ∂²T/∂q̇², h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ −
//! ∂V/∂q + Q), an independent derivation. The two are compared at eight pseudo-random states
//! (q, q̇, a ∈ [−1, 1]ⁿ, t ∈ [−1, 1]) in every function of the contract: Dynamics,
//! Constraints, Rates, Statics and Jacobians (every parameter index for the parameter
//! derivatives), each to 1e-13 of the largest entry of the quantity (the parameter derivatives
//! ∂h/∂p_k, ∂(M a)/∂p_k, ∂∇V/∂p_k each as one quantity over all k, since some p_k enter
//! identically not at all; floor 1e-16 absolute for a quantity that vanishes identically).

use mb_examples::tree_models::tree_mix::TreeMix;
use mb_examples::tree_models::tree_mix_expanded::TreeMixExpanded;
use mb_testsupport::{PolynomialPath, SplitMix};
use mbruntime::{Constraints, Dynamics, Jacobians, Jet, Matrix, Rates, Statics, Vector};

const NQ: usize = 4;
const NB: usize = 1;
const NU: usize = 1;
const TOL: f64 = 1e-13;

/// |a − b|_max ≤ TOL · max(|a|_max, |b|_max), with an absolute floor of 1e-16 for quantities that
/// vanish identically (rounding noise of a zero).
#[track_caller]
fn agree<const R: usize, const C: usize>(what: &str, a: &Matrix<R, C>, b: &Matrix<R, C>) {
    let scale = a.amax().max(b.amax());
    let err = (a - b).amax();
    assert!(
        err <= (TOL * scale).max(1e-16),
        "{what}: structured {a} expanded {b}: |difference| {err:e} > {TOL:e} · {scale:e}"
    );
}

/// As `agree` for a family of quantities indexed by k (∂h/∂p_k for every parameter, the Hessian of
/// every gap, …), compared as one quantity: relative to the largest entry of the whole family.
#[track_caller]
fn agree_family<const R: usize, const C: usize>(
    what: &str,
    pairs: &[(Matrix<R, C>, Matrix<R, C>)],
) {
    let scale = pairs
        .iter()
        .map(|(a, b)| a.amax().max(b.amax()))
        .fold(0.0, f64::max);
    for (k, (a, b)) in pairs.iter().enumerate() {
        let err = (a - b).amax();
        assert!(
            err <= (TOL * scale).max(1e-16),
            "{what}, k = {k}: structured {a} expanded {b}: |difference| {err:e} > {TOL:e} · {scale:e}"
        );
    }
}

struct State {
    q: Vector<NQ>,
    qd: Vector<NQ>,
    a: Vector<NQ>,
    t: f64,
}

fn states() -> Vec<State> {
    let mut r = SplitMix(20_240_611);
    (0..8)
        .map(|_| {
            let (q, qd) = (r.vector(), r.vector());
            // Three more draws keep the states of the earlier rate comparisons.
            let _: [Vector<NQ>; 3] = [r.vector(), r.vector(), r.vector()];
            State {
                q,
                qd,
                a: r.vector(),
                t: r.next_f64(),
            }
        })
        .collect()
}

/// M, h, C, T, V: the Dynamics capability.
#[test]
fn dynamics_agree() {
    let (s, e) = (TreeMix::default(), TreeMixExpanded::default());
    for x in states() {
        let (mut ms, mut me) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        let (mut hs, mut he) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
        s.dynamics(&x.q, &x.qd, x.t, &mut ms, &mut hs);
        e.dynamics(&x.q, &x.qd, x.t, &mut me, &mut he);
        agree("M (dynamics)", &ms, &me);
        agree("h (dynamics)", &hs, &he);
        s.mass_matrix(&x.q, x.t, &mut ms);
        e.mass_matrix(&x.q, x.t, &mut me);
        agree("M", &ms, &me);
        s.forces(&x.q, &x.qd, x.t, &mut hs);
        e.forces(&x.q, &x.qd, x.t, &mut he);
        agree("h", &hs, &he);
        s.coriolis(&x.q, &x.qd, x.t, &mut ms);
        e.coriolis(&x.q, &x.qd, x.t, &mut me);
        agree("C", &ms, &me);
        let t = |m: &dyn Fn() -> f64| Vector::<1>::new(m());
        agree(
            "T",
            &t(&|| s.kinetic_energy(&x.q, &x.qd, x.t)),
            &t(&|| e.kinetic_energy(&x.q, &x.qd, x.t)),
        );
        agree(
            "V",
            &t(&|| s.potential_energy(&x.q, x.t)),
            &t(&|| e.potential_energy(&x.q, x.t)),
        );
    }
}

/// The armature a of a joint is the inertia of a rotor turned by that coordinate alone: T gains
/// ½ a q̇², so M gains a in its diagonal entry and nothing else, and h, which holds no q̈, does not
/// change (Featherstone 2008, §9.3). Checked on both routes by setting the slider's and the arm's
/// armatures to zero at run time: the difference of M is diag(0, a_s, a_c, 0) to rounding and h is
/// unchanged.
#[test]
fn armature_adds_to_the_diagonal_of_m_only() {
    fn without<M: Dynamics<NQ>>(mut m: M, x: &State) -> (Matrix<NQ, NQ>, Vector<NQ>, [f64; 2]) {
        let names = m.parameter_names();
        let index = |n: &str| names.iter().position(|p| *p == n).expect("a parameter");
        let (s, c) = (index("a_s"), index("a_c"));
        let values = [m.parameter(s).expect("a_s"), m.parameter(c).expect("a_c")];
        let (mut with_m, mut with_h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
        m.dynamics(&x.q, &x.qd, x.t, &mut with_m, &mut with_h);
        m.set_parameter(s, 0.0).expect("a_s");
        m.set_parameter(c, 0.0).expect("a_c");
        let (mut bare_m, mut bare_h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
        m.dynamics(&x.q, &x.qd, x.t, &mut bare_m, &mut bare_h);
        (with_m - bare_m, with_h - bare_h, values)
    }
    for x in states() {
        for (route, (dm, dh, [a_s, a_c])) in [
            ("structured", without(TreeMix::default(), &x)),
            ("expanded", without(TreeMixExpanded::default(), &x)),
        ] {
            assert!((a_s, a_c) == (0.05, 0.02), "the block's armatures");
            let expected = Matrix::<NQ, NQ>::from_diagonal(&Vector::<NQ>::new(0.0, a_s, a_c, 0.0));
            let err = (dm - expected).amax();
            assert!(
                err <= 1e-14,
                "{route}: M(a) − M(0) = {dm}, expected diag(0, a_s, a_c, 0)"
            );
            assert!(dh.amax() <= 1e-13, "{route}: h changed by {dh}");
        }
    }
}

/// g, G, its time partial and drift; g_N, W_N, W_T, their drifts; the contact laws.
#[test]
fn constraints_agree() {
    let (s, e) = (TreeMix::default(), TreeMixExpanded::default());
    assert_eq!(s.contact_laws(), e.contact_laws());
    assert_eq!(TreeMix::TANGENT_PLANES, TreeMixExpanded::TANGENT_PLANES);
    for x in states() {
        let (mut bs, mut be) = (Vector::<NB>::zeros(), Vector::<NB>::zeros());
        s.bilateral(&x.q, x.t, &mut bs);
        e.bilateral(&x.q, x.t, &mut be);
        agree("g", &bs, &be);
        let (mut js, mut je) = (Matrix::<NQ, NB>::zeros(), Matrix::<NQ, NB>::zeros());
        let (mut ts, mut te) = (Vector::<NB>::zeros(), Vector::<NB>::zeros());
        s.bilateral_jacobian(&x.q, x.t, &mut js, &mut ts);
        e.bilateral_jacobian(&x.q, x.t, &mut je, &mut te);
        agree("G", &js, &je);
        agree("∂g/∂t", &ts, &te);
        s.bilateral_drift(&x.q, &x.qd, x.t, &mut bs);
        e.bilateral_drift(&x.q, &x.qd, x.t, &mut be);
        agree("bilateral drift", &bs, &be);

        let (mut gs, mut ge) = (Vector::<NU>::zeros(), Vector::<NU>::zeros());
        s.gaps(&x.q, x.t, &mut gs);
        e.gaps(&x.q, x.t, &mut ge);
        agree("g_N", &gs, &ge);
        let (mut ws, mut we) = (Matrix::<NQ, NU>::zeros(), Matrix::<NQ, NU>::zeros());
        let (mut ps, mut pe) = (Vector::<NU>::zeros(), Vector::<NU>::zeros());
        s.gap_jacobian(&x.q, x.t, &mut ws, &mut ps);
        e.gap_jacobian(&x.q, x.t, &mut we, &mut pe);
        agree("W_N", &ws, &we);
        agree("ŵ_N", &ps, &pe);
        s.gap_drift(&x.q, &x.qd, x.t, &mut gs);
        e.gap_drift(&x.q, &x.qd, x.t, &mut ge);
        agree("gap drift", &gs, &ge);
        s.slip_jacobian(&x.q, x.t, &mut ws, &mut ps);
        e.slip_jacobian(&x.q, x.t, &mut we, &mut pe);
        agree("W_T", &ws, &we);
        agree("ŵ_T", &ps, &pe);
        s.slip_drift(&x.q, &x.qd, x.t, &mut gs);
        e.slip_drift(&x.q, &x.qd, x.t, &mut ge);
        agree("slip drift", &gs, &ge);
        s.second_slip_jacobian(&x.q, x.t, &mut ws, &mut ps);
        e.second_slip_jacobian(&x.q, x.t, &mut we, &mut pe);
        assert!(ws.amax() > 0.0, "the table contact has a tangent plane");
        agree("W_T2", &ws, &we);
        agree("ŵ_T2", &ps, &pe);
        s.second_slip_drift(&x.q, &x.qd, x.t, &mut gs);
        e.second_slip_drift(&x.q, &x.qd, x.t, &mut ge);
        agree("second slip drift", &gs, &ge);
    }
}

/// The jets of `Rates` (the residual M q̈ − h − Gλ_B − W_Nλ_N and the constraint functions on
/// Taylor series, coefficients 0..6 along random polynomial trajectories with random
/// multipliers), coefficient by coefficient over all entries.
#[test]
fn rates_agree() {
    let (s, e) = (TreeMix::default(), TreeMixExpanded::default());
    let mut rng = SplitMix(17);
    for x in states() {
        let path = PolynomialPath::<NQ, NB, NU>::random(&mut rng, x.t, &x.q, 1.0);
        let (jet, lb, ln) = path.jets(0.0);
        let mut r = [[Jet::ZERO; NQ]; 2];
        s.motion_residual_jet(&jet, &lb, &ln, &mut r[0]);
        e.motion_residual_jet(&jet, &lb, &ln, &mut r[1]);
        let (mut gb, mut gn) = ([[Jet::ZERO; NB]; 2], [[Jet::ZERO; NU]; 2]);
        s.constraint_jet(&jet, &mut gb[0], &mut gn[0]);
        e.constraint_jet(&jet, &mut gb[1], &mut gn[1]);
        for k in 0..6 {
            let column = |jets: &[Jet<6>]| {
                nalgebra::DVector::from_iterator(jets.len(), jets.iter().map(|j| j.coefficient(k)))
            };
            let pairs = [
                ("residual", column(&r[0]), column(&r[1])),
                ("bilateral", column(&gb[0]), column(&gb[1])),
                ("gaps", column(&gn[0]), column(&gn[1])),
            ];
            for (what, a, b) in pairs {
                let scale = a.amax().max(b.amax());
                let err = (&a - &b).amax();
                assert!(
                    err <= (TOL * scale).max(1e-16),
                    "{what}, coefficient {k}: structured {a} expanded {b}: {err:e}"
                );
            }
        }
    }
}

/// ∇V, ∇²V, ∂∇V/∂p_k for every parameter, constraint and gap Hessians.
#[test]
fn statics_agree() {
    let (s, e) = (TreeMix::default(), TreeMixExpanded::default());
    let np = s.parameter_names().len();
    assert_eq!(s.parameter_names(), e.parameter_names());
    for x in states() {
        let (mut gs, mut ge) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
        s.potential_gradient(&x.q, x.t, &mut gs);
        e.potential_gradient(&x.q, x.t, &mut ge);
        agree("∇V", &gs, &ge);
        let (mut hs, mut he) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        s.potential_hessian(&x.q, x.t, &mut hs);
        e.potential_hessian(&x.q, x.t, &mut he);
        agree("∇²V", &hs, &he);
        let mut family = Vec::new();
        for k in 0..=np {
            let fs = s.potential_gradient_parameter(&x.q, x.t, k, &mut gs);
            let fe = e.potential_gradient_parameter(&x.q, x.t, k, &mut ge);
            assert_eq!((fs, fe), (k < np, k < np), "∂∇V/∂p_{k} defined");
            family.push((gs, ge));
        }
        agree_family("∂∇V/∂p_k", &family);
        for i in 0..=NB {
            let fs = s.bilateral_hessian(&x.q, x.t, i, &mut hs);
            let fe = e.bilateral_hessian(&x.q, x.t, i, &mut he);
            assert_eq!((fs, fe), (i < NB, i < NB));
            agree(&format!("∇²g_{i}"), &hs, &he);
        }
        for i in 0..=NU {
            let fs = s.gap_hessian(&x.q, x.t, i, &mut hs);
            let fe = e.gap_hessian(&x.q, x.t, i, &mut he);
            assert_eq!((fs, fe), (i < NU, i < NU));
            agree(&format!("∇²g_N{i}"), &hs, &he);
        }
    }
}

/// ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q, ∂h/∂p_k, ∂(M a)/∂p_k, the parameters in the constraints,
/// the drift Jacobians.
#[test]
fn jacobians_agree() {
    let (s, e) = (TreeMix::default(), TreeMixExpanded::default());
    let np = s.parameter_names().len();
    for k in 0..=np {
        assert_eq!(
            s.parameter_enters_constraints(k),
            e.parameter_enters_constraints(k),
            "parameter {k} in the constraints"
        );
    }
    for x in states() {
        let mut j = [Matrix::<NQ, NQ>::zeros(); 4];
        let [j0, j1, j2, j3] = &mut j;
        s.force_jacobians(&x.q, &x.qd, x.t, j0, j1);
        e.force_jacobians(&x.q, &x.qd, x.t, j2, j3);
        agree("∂h/∂q", j0, j2);
        agree("∂h/∂q̇", j1, j3);
        let (mut vs, mut ve) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
        s.force_time_partial(&x.q, &x.qd, x.t, &mut vs);
        e.force_time_partial(&x.q, &x.qd, x.t, &mut ve);
        agree("∂h/∂t", &vs, &ve);
        s.mass_action_jacobian(&x.q, x.t, &x.a, j0);
        e.mass_action_jacobian(&x.q, x.t, &x.a, j2);
        agree("∂(M a)/∂q", j0, j2);
        let (mut forces, mut mass_action) = (Vec::new(), Vec::new());
        for k in 0..=np {
            let fs = s.force_parameter_derivative(&x.q, &x.qd, x.t, k, &mut vs);
            let fe = e.force_parameter_derivative(&x.q, &x.qd, x.t, k, &mut ve);
            assert_eq!((fs, fe), (k < np, k < np));
            forces.push((vs, ve));
            let fs = s.mass_action_parameter_derivative(&x.q, x.t, &x.a, k, &mut vs);
            let fe = e.mass_action_parameter_derivative(&x.q, x.t, &x.a, k, &mut ve);
            assert_eq!((fs, fe), (k < np, k < np));
            mass_action.push((vs, ve));
        }
        agree_family("∂h/∂p_k", &forces);
        agree_family("∂(M a)/∂p_k", &mass_action);
        let mut b = [Matrix::<NB, NQ>::zeros(); 4];
        let [b0, b1, b2, b3] = &mut b;
        s.bilateral_drift_jacobians(&x.q, &x.qd, x.t, b0, b1);
        e.bilateral_drift_jacobians(&x.q, &x.qd, x.t, b2, b3);
        agree("∂(bilateral drift)/∂q", b0, b2);
        agree("∂(bilateral drift)/∂q̇", b1, b3);
        let mut u = [Matrix::<NU, NQ>::zeros(); 4];
        let [u0, u1, u2, u3] = &mut u;
        s.gap_drift_jacobians(&x.q, &x.qd, x.t, u0, u1);
        e.gap_drift_jacobians(&x.q, &x.qd, x.t, u2, u3);
        agree("∂(gap drift)/∂q", u0, u2);
        agree("∂(gap drift)/∂q̇", u1, u3);
    }
}
