//! The planar impact law with friction (`mbruntime::event::friction_impact`): Newton's
//! restitution ε_N on the normal, tangential restitution ε_T and Coulomb friction μ at impulse
//! level in the arrangement of Glocker & Studer 2005 ("Formulation and preparation for
//! numerical evaluation of linear complementarity systems in dynamics", Multibody Syst. Dyn.
//! 13, (11)–(12), (24)–(33)), ξ_N = γ_N⁺ + ε_N γ_N⁻, ξ_T = γ_T⁺ + ε_T γ_T⁻,
//! 0 ≤ Λ_N ⟂ ξ_N ≥ 0, −Λ_T ∈ μΛ_N Sgn(ξ_T), with the bilateral impulses condensed (Brogliato
//! 2013, (71)–(77)). Every expected value is a closed form of the impulse–momentum balance
//! M(u⁺ − u⁻) = W_N Λ_N + W_T Λ_T + G Λ_B of the hand-written models `Disk` and `LandingBox` of
//! `mb_testsupport::models`:
//!
//! * a uniform disk (mass m, radius r, I = ½ m r²), q = (x, y, φ) with φ clockwise, on the
//!   floor y = r: W_N = (0, 1, 0), W_T = (1, 0, −r), so the contact-point slip is
//!   γ_T = v_x − r ω. Normal and tangential directions decouple (W_Nᵀ M⁻¹ W_T = 0):
//!   Λ_N = (1 + e) m |v_y|, v_y⁺ = −e v_y. With D_T = 1/m + r²/I = 3/m the sticking impulse
//!   Λ_T* = −(1 + ε_T) γ_T⁻ / D_T (γ_T⁺ = −ε_T γ_T⁻) is taken if |Λ_T*| ≤ μΛ_N; otherwise the
//!   disk slides through the impact with Λ_T = −μΛ_N sign γ_T⁻ (then ξ_T =
//!   (1 + ε_T)γ_T⁻ − D_T μΛ_N sign γ_T⁻ keeps the sign of γ_T⁻, as Sgn demands). Then
//!   v_x⁺ = v_x + Λ_T/m, ω⁺ = ω − rΛ_T/I, and the kinetic energy never increases for
//!   e, ε_T ∈ [0, 1] (|γ_N⁺| ≤ |γ_N⁻|, |γ_T⁺| ≤ |γ_T⁻|);
//! * the same disk with its rotation locked by a bilateral constraint φ = const (G = e_φ):
//!   D_T = 1/m and the locking impulse is Λ_B = rΛ_T (angular momentum balance);
//! * a box (mass m, half width a, half height b, J = m(a² + b²)/3), q = (x, y, θ), landing flat
//!   on its two lower corners (∓a, −b): W_N,i = (0, 1, s_i a), W_T,i = (1, 0, b), s = (−1, +1).
//!   Landing with ω = 0 both corners keep γ_N⁺ = −e v_y, so ω⁺ = 0, v_y⁺ = −e v_y and
//!   Λ_N,1 + Λ_N,2 = S = (1 + e) m |v_y|. Vertically (v_x = 0) Λ_N,i = S/2 and
//!   Λ_T,1 + Λ_T,2 = 0 (the corners share W_T, so only the sum is unique); sliding
//!   ((1 + ε_T)|v_x| > μ(1 + e)|v_y|, μb < a) the friction torque balance
//!   a(Λ_N,2 − Λ_N,1) = μσbS gives Λ_N,1,2 = S(1 ∓ μσb/a)/2 and v_x⁺ = v_x − μσS/m; sticking
//!   v_x⁺ = −ε_T v_x.
//!
//! Frictionless contacts (μ = 0 or no tangent) reduce to Newton's law γ_N⁺ = −e γ_N⁻ with the
//! tangential velocities unchanged. `solve` performs no heap allocation after the workspace is
//! built (runtime contract: no allocation in a per-event path).

use mb_testsupport::models::{Disk, LandingBox};
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::event::{FrictionalImpactError, FrictionalImpactLcp, ImpactMode};
use mbruntime::{ContactLaw, ContactLawError, Dynamics, Vector};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

fn law(e: f64, et: f64, mu: f64) -> ContactLaw {
    ContactLaw {
        normal_restitution: e,
        tangential_restitution: et,
        friction: mu,
        has_tangent: true,
    }
}

type FreeDisk = Disk<false, 0>;

/// The sides s of the two corners (∓a, −b).
const SIDES: [f64; 2] = LandingBox::SIDES;

/// The disk's closed form (module docs): (v_x⁺, v_y⁺, ω⁺), Λ_N, Λ_T, sticks.
fn disk_closed_form(disk: &FreeDisk, u: &Vector<3>) -> (Vector<3>, f64, f64, bool) {
    let (m, r, i) = (disk.m, disk.r, disk.inertia());
    let ContactLaw {
        normal_restitution: e,
        tangential_restitution: et,
        friction: mu,
        ..
    } = disk.law;
    let lambda_n = (1.0 + e) * m * (-u[1]);
    let slip = u[0] - r * u[2];
    let stick = -(1.0 + et) * slip / (1.0 / m + r * r / i);
    let sticks = stick.abs() <= mu * lambda_n;
    let lambda_t = if sticks {
        stick
    } else {
        -mu * lambda_n * slip.signum()
    };
    let post = Vector::<3>::new(u[0] + lambda_t / m, -e * u[1], u[2] - r * lambda_t / i);
    (post, lambda_n, lambda_t, sticks)
}

const Q_DISK: [f64; 3] = [0.0, 0.3, 0.0];

#[test]
fn disk_hitting_the_floor_matches_the_closed_form_in_both_regimes_and_signs() {
    let mut ws = FrictionalImpactLcp::<3, 1>::default();
    let q = Vector::<3>::from(Q_DISK);
    let (mut sticking, mut sliding) = (0, 0);
    for (e, et) in [(0.5, 0.0), (0.8, 0.4), (0.0, 1.0), (1.0, 0.3)] {
        for mu in [0.1, 0.3, 0.8] {
            for (vx, omega) in [
                (1.0, 0.0),
                (-1.0, 0.0),
                (0.2, 2.0),
                (-0.3, -4.0),
                (2.5, 10.0),
            ] {
                let disk = FreeDisk {
                    m: 2.0,
                    r: 0.3,
                    law: law(e, et, mu),
                };
                let u = Vector::<3>::new(vx, -2.0, omega);
                let (post, ln, lt, sticks) = disk_closed_form(&disk, &u);
                let imp = ws.solve(&disk, &[true], 0.0, &q, &u).unwrap();
                let case = format!("e {e} εT {et} μ {mu} u⁻ {u:?}: {imp:?}");
                for k in 0..3 {
                    assert!(close(imp.u_post[k], post[k], 1e-10), "{case}");
                }
                assert!(close(imp.lambda_n[0], ln, 1e-10), "{case}");
                assert!(close(imp.lambda_t[0], lt, 1e-10), "{case}");
                let slip = vx - disk.r * omega;
                if sticks {
                    sticking += 1;
                    assert_eq!(imp.modes[0], ImpactMode::Sticking, "{case}");
                    let slip_post = imp.u_post[0] - disk.r * imp.u_post[2];
                    assert!(close(slip_post, -et * slip, 1e-10), "{case}");
                } else {
                    sliding += 1;
                    let sigma = slip.signum();
                    assert_eq!(imp.modes[0], ImpactMode::Sliding { sigma }, "{case}");
                    assert!(imp.xi_t[0] * sigma > 0.0, "{case}");
                }
                let before = disk.kinetic_energy(&q, &u, 0.0);
                let after = disk.kinetic_energy(&q, &imp.u_post, 0.0);
                assert!(after <= before * (1.0 + 1e-12), "{case}: energy grew");
            }
        }
    }
    assert!(sticking >= 10 && sliding >= 10, "{sticking} / {sliding}");
}

#[test]
fn frictionless_and_zero_friction_reduce_to_newtons_law() {
    let mut ws = FrictionalImpactLcp::<3, 1>::default();
    let q = Vector::<3>::from(Q_DISK);
    let u = Vector::<3>::new(1.5, -3.0, 4.0);
    let no_tangent = ContactLaw {
        has_tangent: false,
        ..law(0.7, 0.5, 0.0)
    };
    // Friction on a contact without a tangent is not dropped silently: the one contact-law
    // rule (`ContactLaw::validate`) refuses it here as in both integrators.
    let friction_without_tangent = FreeDisk {
        m: 2.0,
        r: 0.3,
        law: ContactLaw {
            friction: 0.6,
            ..no_tangent
        },
    };
    assert_eq!(
        ws.solve(&friction_without_tangent, &[true], 0.0, &q, &u)
            .err(),
        Some(FrictionalImpactError::ContactLaw(
            ContactLawError::FrictionWithoutTangent {
                contact: "floor",
                index: 0,
                friction: 0.6
            }
        ))
    );
    for law in [law(0.7, 0.5, 0.0), no_tangent] {
        let disk = FreeDisk {
            m: 2.0,
            r: 0.3,
            law,
        };
        let imp = ws.solve(&disk, &[true], 0.0, &q, &u).unwrap();
        let expected = Vector::<3>::new(1.5, 0.7 * 3.0, 4.0);
        assert!((imp.u_post - expected).norm() < 1e-12, "{law:?}: {imp:?}");
        assert!(close(imp.lambda_n[0], 1.7 * 2.0 * 3.0, 1e-12));
        assert_eq!(imp.lambda_t[0], 0.0);
        assert_eq!(imp.modes[0], ImpactMode::Frictionless);
        assert_eq!(imp.lcp_size, 1);
    }
}

#[test]
fn a_separating_contact_and_an_empty_set_receive_no_impulse() {
    let mut ws = FrictionalImpactLcp::<3, 1>::default();
    let q = Vector::<3>::from(Q_DISK);
    let disk = FreeDisk {
        m: 2.0,
        r: 0.3,
        law: law(0.9, 0.5, 0.5),
    };
    let u = Vector::<3>::new(1.0, 0.5, 0.0);
    let imp = ws.solve(&disk, &[true], 0.0, &q, &u).unwrap();
    assert_eq!(imp.u_post, u);
    assert_eq!((imp.lambda_n[0], imp.lambda_t[0]), (0.0, 0.0));
    assert_eq!(imp.modes[0], ImpactMode::Separating);
    let u = Vector::<3>::new(1.0, -0.5, 0.0);
    let imp = ws.solve(&disk, &[false], 0.0, &q, &u).unwrap();
    assert_eq!(imp.u_post, u);
    assert_eq!(imp.modes[0], ImpactMode::NotInvolved);
    assert_eq!(imp.lcp_size, 0);
}

#[test]
fn locked_rotation_is_condensed_and_the_lock_takes_the_friction_torque() {
    let mut ws = FrictionalImpactLcp::<3, 1>::default();
    let q = Vector::<3>::from(Q_DISK);
    let (m, r, e, et) = (2.0, 0.3, 0.5, 0.2);
    for (mu, vx) in [(0.9, 0.6), (0.1, 0.6), (0.1, -0.6)] {
        let disk = Disk::<false, 1> {
            m,
            r,
            law: law(e, et, mu),
        };
        let u = Vector::<3>::new(vx, -2.0, 0.0);
        let lambda_n = (1.0 + e) * m * 2.0;
        let stick = -(1.0 + et) * vx * m;
        let lambda_t = if stick.abs() <= mu * lambda_n {
            stick
        } else {
            -mu * lambda_n * vx.signum()
        };
        let imp = ws.solve(&disk, &[true], 0.0, &q, &u).unwrap();
        let expected = Vector::<3>::new(vx + lambda_t / m, e * 2.0, 0.0);
        assert!((imp.u_post - expected).norm() < 1e-12, "μ {mu}: {imp:?}");
        assert!(close(imp.lambda_t[0], lambda_t, 1e-12), "μ {mu}: {imp:?}");
        assert!(
            close(imp.lambda_b[0], r * lambda_t, 1e-12),
            "μ {mu}: {imp:?}"
        );
    }
}

#[test]
fn box_landing_flat_on_two_corners_matches_the_symmetric_closed_form() {
    let mut ws = FrictionalImpactLcp::<3, 2>::default();
    let (m, a, b, e, et, mu, vy) = (3.0, 0.5, 0.2, 0.6, 0.3, 0.4, -2.0);
    let boxed = LandingBox {
        m,
        a,
        b,
        law: law(e, et, mu),
    };
    let q = Vector::<3>::new(0.0, b, 0.0);
    let s = (1.0 + e) * m * (-vy);
    // Vertical landing: symmetric normal impulses, no friction.
    let imp = ws
        .solve(
            &boxed,
            &[true, true],
            0.0,
            &q,
            &Vector::<3>::new(0.0, vy, 0.0),
        )
        .unwrap();
    assert!((imp.u_post - Vector::<3>::new(0.0, -e * vy, 0.0)).norm() < 1e-12);
    // Both corners share the tangent column W_T = (1, 0, b): only Λ_T,1 + Λ_T,2 is unique
    // (zero here); each Λ_T,i must lie in its own friction interval.
    assert!((imp.lambda_t[0] + imp.lambda_t[1]).abs() < 1e-12, "{imp:?}");
    for i in 0..2 {
        assert!(close(imp.lambda_n[i], s / 2.0, 1e-12), "{imp:?}");
        let bound = mu * imp.lambda_n[i];
        assert!(imp.lambda_t[i].abs() <= bound * (1.0 + 1e-12), "{imp:?}");
        assert_eq!(imp.modes[i], ImpactMode::Sticking);
    }
    // Sliding landing, both directions: (1 + ε_T)|v_x| > μ(1 + e)|v_y|.
    for vx in [3.0, -3.0] {
        let sigma = f64::signum(vx);
        let u = Vector::<3>::new(vx, vy, 0.0);
        let imp = ws.solve(&boxed, &[true, true], 0.0, &q, &u).unwrap();
        let expected = Vector::<3>::new(vx - mu * sigma * s / m, -e * vy, 0.0);
        assert!((imp.u_post - expected).norm() < 1e-12, "{imp:?}");
        for (i, side) in SIDES.iter().enumerate() {
            let ln = 0.5 * s * (1.0 + side * mu * sigma * b / a);
            assert!(close(imp.lambda_n[i], ln, 1e-12), "{imp:?}");
            assert!(close(imp.lambda_t[i], -mu * sigma * ln, 1e-12), "{imp:?}");
            assert_eq!(imp.modes[i], ImpactMode::Sliding { sigma });
        }
    }
    // Sticking landing: v_x⁺ = −ε_T v_x, total tangential impulse −m(1 + ε_T)v_x.
    let vx = 0.5;
    let imp = ws
        .solve(
            &boxed,
            &[true, true],
            0.0,
            &q,
            &Vector::<3>::new(vx, vy, 0.0),
        )
        .unwrap();
    let expected = Vector::<3>::new(-et * vx, -e * vy, 0.0);
    assert!((imp.u_post - expected).norm() < 1e-12, "{imp:?}");
    let total_t = imp.lambda_t[0] + imp.lambda_t[1];
    assert!(close(total_t, -m * (1.0 + et) * vx, 1e-12), "{imp:?}");
    assert!(
        close(imp.lambda_n[0] + imp.lambda_n[1], s, 1e-12),
        "{imp:?}"
    );
}

/// A contact declaring a tangent plane whose second tangent is zero (the disk moves in its
/// plane) goes through the cone complementarity problem (`friction_cone_impact`): its impact
/// must be the planar LCP's, in the sliding and in the sticking regime, with tangential
/// restitution, and with the rotation locked by a bilateral constraint.
#[test]
fn the_cone_impact_law_agrees_with_the_planar_lcp_where_the_motion_is_planar() {
    let q = Vector::<3>::from(Q_DISK);
    for (u, l) in [
        (Vector::<3>::new(1.0, -1.0, 0.0), law(0.5, 0.0, 0.3)),
        (Vector::<3>::new(0.2, -2.0, 3.0), law(0.3, 0.0, 0.8)),
        (Vector::<3>::new(-0.4, -1.5, 1.0), law(0.7, 0.5, 0.9)),
    ] {
        let (m, r) = (1.0, 0.3);
        let spatial = FrictionalImpactLcp::<3, 1>::default()
            .solve(&Disk::<true, 0> { m, r, law: l }, &[true], 0.0, &q, &u)
            .expect("cone impact");
        let planar = FrictionalImpactLcp::<3, 1>::default()
            .solve(&Disk::<false, 0> { m, r, law: l }, &[true], 0.0, &q, &u)
            .expect("planar impact");
        assert!(
            (spatial.u_post - planar.u_post).norm() <= 1e-12,
            "{spatial:?} vs {planar:?}"
        );
        assert!(close(spatial.lambda_n[0], planar.lambda_n[0], 1e-12));
        assert!(close(spatial.lambda_t[0], planar.lambda_t[0], 1e-12));
        assert_eq!(spatial.lambda_t2[0], 0.0);
        let mode = match planar.modes[0] {
            ImpactMode::Sliding { sigma } => ImpactMode::SlidingPlane {
                direction: [sigma, 0.0],
            },
            other => other,
        };
        assert_eq!(spatial.modes[0], mode);
        let locked = FrictionalImpactLcp::<3, 1>::default()
            .solve(&Disk::<true, 1> { m, r, law: l }, &[true], 0.0, &q, &u)
            .expect("cone impact, rotation locked");
        let locked_planar = FrictionalImpactLcp::<3, 1>::default()
            .solve(&Disk::<false, 1> { m, r, law: l }, &[true], 0.0, &q, &u)
            .expect("planar impact, rotation locked");
        assert!((locked.u_post - locked_planar.u_post).norm() <= 1e-12);
        assert!(close(locked.lambda_b[0], locked_planar.lambda_b[0], 1e-12));
    }
}

#[test]
fn invalid_laws_and_non_finite_states_are_refused() {
    let q = Vector::<3>::from(Q_DISK);
    let u = Vector::<3>::new(1.0, -1.0, 0.0);
    let mut ws = FrictionalImpactLcp::<3, 1>::default();
    for (bad, parameter, value) in [
        (law(1.5, 0.0, 0.3), "ε_N", 1.5),
        (law(0.5, -0.1, 0.3), "ε_T", -0.1),
        (law(0.5, 0.0, f64::NAN), "μ", f64::NAN),
    ] {
        let disk = FreeDisk {
            m: 1.0,
            r: 0.3,
            law: bad,
        };
        match ws.solve(&disk, &[true], 0.0, &q, &u) {
            Err(FrictionalImpactError::ContactLaw(ContactLawError::OutOfRange {
                contact: "floor",
                index: 0,
                parameter: p,
                value: v,
            })) => {
                assert_eq!(p, parameter);
                assert!(v == value || (v.is_nan() && value.is_nan()));
            }
            other => panic!("{parameter}: {other:?}"),
        }
    }
    let disk = FreeDisk {
        m: 1.0,
        r: 0.3,
        law: law(0.5, 0.0, 0.3),
    };
    let nan = Vector::<3>::new(f64::NAN, -1.0, 0.0);
    let e = ws.solve(&disk, &[true], 0.0, &q, &nan).unwrap_err();
    assert!(
        matches!(e, FrictionalImpactError::NonFinite { what: "state (q, then u⁻, then t)", entry }
            if entry.index == 3 && entry.value.is_nan()),
        "{e:?}"
    );
    assert!(e.to_string().contains("entry 3 is NaN"), "{e}");
    let heavy = FreeDisk { m: -1.0, ..disk };
    assert!(matches!(
        ws.solve(&heavy, &[true], 0.0, &q, &u).unwrap_err(),
        FrictionalImpactError::MassMatrixNotPositiveDefinite { .. }
    ));
}

#[test]
fn solve_does_not_allocate() {
    let mut disk_ws = FrictionalImpactLcp::<3, 1>::default();
    let mut box_ws = FrictionalImpactLcp::<3, 2>::default();
    let disk = FreeDisk {
        m: 2.0,
        r: 0.3,
        law: law(0.5, 0.2, 0.3),
    };
    let locked = Disk::<false, 1> {
        m: 2.0,
        r: 0.3,
        law: law(0.5, 0.2, 0.3),
    };
    let boxed = LandingBox {
        m: 3.0,
        a: 0.5,
        b: 0.2,
        law: law(0.6, 0.3, 0.4),
    };
    let q = Vector::<3>::from(Q_DISK);
    let q_box = Vector::<3>::new(0.0, 0.2, 0.0);
    let mut checksum = 0.0;
    let before = allocations_on_this_thread();
    for k in 0..50 {
        let vx = -3.0 + 0.12 * k as f64;
        let u = Vector::<3>::new(vx, -2.0, 1.0 - 0.05 * k as f64);
        checksum += disk_ws.solve(&disk, &[true], 0.0, &q, &u).unwrap().u_post[0];
        checksum += disk_ws.solve(&locked, &[true], 0.0, &q, &u).unwrap().u_post[0];
        let u_box = Vector::<3>::new(vx, -2.0, 0.0);
        let imp = box_ws.solve(&boxed, &[true, true], 0.0, &q_box, &u_box);
        checksum += imp.unwrap().u_post[0];
    }
    let after = allocations_on_this_thread();
    assert_eq!(after - before, 0, "solve allocated");
    assert!(checksum.is_finite());
}
