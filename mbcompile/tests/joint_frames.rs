//! A robot written with joints is the same mechanism as the same robot written by hand.
//!
//! Invariant: the frame of a joint body is R = R_parent R_offset R_motion with origin
//! o_parent + R_parent d + R_parent R_offset t_motion, and its centre of mass is o + R·com; T and
//! V of bodies depend only on the centre of mass r and the rotation R (T = ½ m ṙ·ṙ + ½ ωᵀ I ω,
//! ω̃ = RᵀṘ; V = −m g·r). So a joint model and a model whose positions and rotation sequences are
//! written out by hand (the independent route: r and R multiplied out on paper) have the same T,
//! V, M and h at every state. Each pair below is derived by the whole generator and evaluated at
//! deterministic states (q, q̇ in [−1, 1]) at the parameter defaults.
//! Symbolic work shares one symbolica permit: run with `--test-threads=1`.

mod support;

use mbcompile::dsl::Model;
use mbcompile::pipeline::derive_model;
use mbcompile::symbolic::derive::Derived;
use mbcompile::symbolic::numeric::value;
use mbcompile::symbolic::symbols::pool;
use std::collections::HashMap;
use symbolica::atom::Atom;

fn derive(src: &str) -> (Model, Derived) {
    let model: Model = syn::parse_str(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let derived = derive_model(&model, &mut |_| {}).unwrap_or_else(|e| panic!("{e}\n{src}"));
    (model, derived)
}

/// T, V, every h_i and every M_ij of a derived model at each state (a joint model is derived by
/// the structured route: its atoms are over the intermediates of the derivation's program).
fn evaluate(d: &Derived, states: &[HashMap<Atom, f64>]) -> Vec<Vec<f64>> {
    states
        .iter()
        .map(|state| {
            let state = d.program.with_values(state);
            let mut atoms = vec![&d.kinetic, &d.potential];
            atoms.extend(&d.forces);
            atoms.extend(d.mass.iter().flatten());
            atoms
                .into_iter()
                .map(|a| value(a, &state).expect("finite value"))
                .collect()
        })
        .collect()
}

/// T, V, M and h of the two forms agree at several states.
fn same_mechanism(joints: &str, by_hand: &str) {
    let (model, a) = derive(joints);
    let states = support::states(&model, 5, 12345);
    let with_joints = evaluate(&a, &states);
    let (_, b) = derive(by_hand);
    assert_eq!(a.nq, b.nq);
    let written = evaluate(&b, &states);
    for (x, y) in with_joints.iter().flatten().zip(written.iter().flatten()) {
        assert!(
            (x - y).abs() <= 1e-12 * (1.0 + x.abs().max(y.abs())),
            "T, V, h or M: joints give {x}, by hand {y}"
        );
    }
}

const ARM_PARAMETERS: &str = "
    parameters {
        m1: 1.3, m2: 0.7, l1: 0.5, d1: 0.05, c1: 0.22, c2: 0.31, e2: 0.04, alpha: 0.3,
        a1: 0.011, b1: 0.012, k1: 0.005, a2: 0.004, b2: 0.009, k2: 0.007, g: 9.81,
    }
    coordinates { q1, q2 }
    gravity = (0.0, 0.0, -g);
";

/// A 2-joint arm: a waist turning about the vertical, a shoulder on top of it (offset l1 up the
/// waist, its joint frame tilted by α about x) turning about its y axis.
#[test]
fn two_joint_arm_matches_the_hand_written_arm() {
    let joints = format!(
        "struct ArmJoints;
        {ARM_PARAMETERS}
        body link1 {{
            joint: revolute(q1),
            axis: (0.0, 0.0, 1.0),
            mass: m1,
            com: (d1, 0.0, c1),
            inertia: (a1, b1, k1),
        }}
        body link2 {{
            parent: link1,
            joint: revolute(q2),
            axis: (0.0, 2.0, 0.0),
            offset: (0.0, 0.0, l1),
            offset_rotation: [rotx(alpha)],
            mass: m2,
            com: (c2, 0.0, e2),
            inertia: [[a2, 0.0, 0.0], [0.0, b2, 0.0], [0.0, 0.0, k2]],
        }}"
    );
    // r1 = R_z(q1) (d1, 0, c1); r2 = R_z(q1) [(0, 0, l1) + R_x(α) R_y(q2) (c2, 0, e2)], with
    // R_y(q2) (c2, 0, e2) = (c2 cos q2 + e2 sin q2, 0, −c2 sin q2 + e2 cos q2) =: (u, 0, w) and
    // R_x(α) (u, 0, w) = (u, −w sin α, w cos α).
    let by_hand = format!(
        "struct ArmByHand;
        {ARM_PARAMETERS}
        let u = c2 * cos(q2) + e2 * sin(q2);
        let w = -c2 * sin(q2) + e2 * cos(q2);
        let v = -w * sin(alpha);
        body link1 {{
            mass: m1,
            position: (d1 * cos(q1), d1 * sin(q1), c1),
            rotation: [rotz(q1)],
            inertia: [[a1, 0.0, 0.0], [0.0, b1, 0.0], [0.0, 0.0, k1]],
        }}
        body link2 {{
            mass: m2,
            position: (u * cos(q1) - v * sin(q1), u * sin(q1) + v * cos(q1), l1 + w * cos(alpha)),
            rotation: [rotz(q1), rotx(alpha), roty(q2)],
            inertia: [[a2, 0.0, 0.0], [0.0, b2, 0.0], [0.0, 0.0, k2]],
        }}"
    );
    same_mechanism(&joints, &by_hand);
}

const SLIDER_PARAMETERS: &str = "
    parameters { m1: 0.9, m2: 0.4, m3: 0.3, h: 0.2, s: 0.15, a: 0.01, b: 0.02, c: 0.03, g: 9.81 }
    coordinates { x, th }
    gravity = (0.0, -g, 0.0);
";

/// A carriage sliding along the non-unit direction (1, 1, 0) (normalised), a pendulum on it
/// turning about (1, 1, 1) (normalised: Rodrigues), and a lamp welded to the pendulum with its
/// frame turned by a constant rotation matrix.
#[test]
fn prismatic_revolute_and_fixed_joints_match_the_hand_written_chain() {
    let joints = format!(
        "struct SliderJoints;
        {SLIDER_PARAMETERS}
        body carriage {{ joint: prismatic(x), axis: (3.0, 3.0, 0.0), mass: m1 }}
        body bob {{
            parent: carriage,
            joint: revolute(th),
            axis: (1.0, 1.0, 1.0),
            mass: m2,
            com: (0.0, -h, 0.0),
            inertia: (a, b, c),
        }}
        body lamp {{
            parent: bob,
            joint: fixed,
            offset: (0.0, -h, 0.0),
            offset_rotation: [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
            mass: m3,
            com: (s, 0.0, 0.0),
        }}"
    );
    // k = (1, 1, 1)/√3: R = cos θ I + sin θ [k]× + (1 − cos θ) k kᵀ, so R_ij = C δ_ij + D ± S
    // with C = cos θ, D = (1 − cos θ)/3, S = sin θ/√3. r_carriage = x (1, 1, 0)/√2,
    // r_bob = r_carriage + R (0, −h, 0); the lamp's origin is the bob frame's origin moved by
    // the offset, its axes the bob's turned by R_z(90°), so r_lamp = r_carriage + R (0, −h, 0)
    // + R R_z(90°) (s, 0, 0) = r_carriage + (s − h) R e_y.
    let by_hand = format!(
        "struct SliderByHand;
        {SLIDER_PARAMETERS}
        let cc = cos(th);
        let dd = (1.0 - cos(th)) / 3.0;
        let ss = sin(th) / sqrt(3.0);
        let p = x / sqrt(2.0);
        body carriage {{ mass: m1, position: (p, p, 0.0) }}
        body bob {{
            mass: m2,
            position: (p - h * (dd - ss), p - h * (cc + dd), -h * (dd + ss)),
            rotation: [[cc + dd, dd - ss, dd + ss], [dd + ss, cc + dd, dd - ss], [dd - ss, dd + ss, cc + dd]],
            inertia: [[a, 0.0, 0.0], [0.0, b, 0.0], [0.0, 0.0, c]],
        }}
        body lamp {{
            mass: m3,
            position: (
                p + (s - h) * (dd - ss),
                p + (s - h) * (cc + dd),
                (s - h) * (dd + ss)
            ),
        }}"
    );
    same_mechanism(&joints, &by_hand);
}

/// A floating body: translation (x, y, z) then R_z(a) R_y(b) R_x(c), against the hand-written
/// rotation sequence.
#[test]
fn floating_joint_matches_the_hand_written_body() {
    let params = "
        parameters { m: 0.8, d: 0.1, i1: 0.01, i2: 0.02, i3: 0.025, g: 9.81 }
        coordinates { x, y, z, a, b, c }
        gravity = (0.0, 0.0, -g);";
    let joints = format!(
        "struct FloatJoints;
        {params}
        body drone {{ joint: floating(x, y, z, a, b, c), mass: m, com: (0.0, 0.0, d), inertia: (i1, i2, i3) }}"
    );
    // R_z(a) R_y(b) R_x(c) e_z = (cos a sin b cos c + sin a sin c, sin a sin b cos c − cos a sin c,
    // cos b cos c).
    let by_hand = format!(
        "struct FloatByHand;
        {params}
        body drone {{
            mass: m,
            position: (
                x + d * (cos(a) * sin(b) * cos(c) + sin(a) * sin(c)),
                y + d * (sin(a) * sin(b) * cos(c) - cos(a) * sin(c)),
                z + d * cos(b) * cos(c)
            ),
            rotation: [rotz(a), roty(b), rotx(c)],
            inertia: [[i1, 0.0, 0.0], [0.0, i2, 0.0], [0.0, 0.0, i3]],
        }}"
    );
    same_mechanism(&joints, &by_hand);
}

/// Two joints at one point through a frame without mass (`mass: 0.0`, no inertia): a universal
/// joint, R = R_z(q1) R_y(q2), carrying a rod whose centre of mass lies d along its x axis, i.e.
/// at d (cos q1 cos q2, sin q1 cos q2, −sin q2).
#[test]
fn a_massless_frame_composes_two_joints_at_one_point() {
    let params = "
        parameters { m: 0.8, d: 0.3, i1: 0.01, i2: 0.02, i3: 0.025, g: 9.81 }
        coordinates { q1, q2 }
        gravity = (0.0, 0.0, -g);";
    let joints = format!(
        "struct UniversalJoints;
        {params}
        body cross {{ joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: 0.0 }}
        body rod {{
            parent: cross, joint: revolute(q2), axis: (0.0, 1.0, 0.0),
            mass: m, com: (d, 0.0, 0.0), inertia: (i1, i2, i3),
        }}"
    );
    let by_hand = format!(
        "struct UniversalByHand;
        {params}
        body rod {{
            mass: m,
            position: (d * cos(q1) * cos(q2), d * sin(q1) * cos(q2), -d * sin(q2)),
            rotation: [rotz(q1), roty(q2)],
            inertia: [[i1, 0.0, 0.0], [0.0, i2, 0.0], [0.0, 0.0, i3]],
        }}"
    );
    same_mechanism(&joints, &by_hand);
}

/// Axes written with decimals are normalised in f64 (`dsl::build::unit`): an axis carrying a
/// rotation's round-off, (0, 1, 6.12323e-17) as robot descriptions write it, is the unit axis it
/// rounds to (its exact norm, a surd of 40-digit integers, is never formed: that took minutes), and
/// (0, 0.3, −0.4) is the same axis as the integer (0, 3, −4), normalised exactly, (0, 0.6, −0.8).
#[test]
fn decimal_axes_are_the_unit_axes_they_round_to() {
    let params = "
        parameters { m1: 0.6, m2: 0.8, d: 0.3, i1: 0.01, i2: 0.02, i3: 0.025, g: 9.81 }
        coordinates { q1, q2 }
        gravity = (0.0, 0.0, -g);";
    let arm = |name: &str, first: &str, second: &str| {
        format!(
            "struct {name};
            {params}
            body upper {{
                joint: revolute(q1), axis: {first}, offset: (0.0, 0.0, 0.2),
                mass: m1, com: (d, 0.0, 0.1), inertia: (i1, i2, i3),
            }}
            body lower {{
                parent: upper, joint: revolute(q2), axis: {second}, offset: (d, 0.0, 0.0),
                mass: m2, com: (d, 0.1, 0.0), inertia: (i3, i1, i2),
            }}"
        )
    };
    same_mechanism(
        &arm(
            "RoundOffAxes",
            "(0.0, 1.0, 6.12323e-17)",
            "(0.0, 0.3, -0.4)",
        ),
        &arm("ExactAxes", "(0.0, 1.0, 0.0)", "(0.0, 3.0, -4.0)"),
    );
}

/// The arm of the README: its tool point `link2 * (l2, 0, 0)` sits at height
/// l1 − l2 sin q2 (R_z(q1) R_y(q2) (l2, 0, 0) has z component −l2 sin q2), which is the gap of
/// its contact with the table z = 0.
#[test]
fn readme_arm_tool_height_is_the_table_gap() {
    let (model, d) = derive(
        "struct Arm;
        parameters { m1: 2.0, m2: 1.0, l1: 0.4, l2: 0.5, g: 9.81 }
        coordinates { q1, q2 }
        body link1 {
            joint: revolute(q1),
            axis: (0.0, 0.0, 1.0),
            mass: m1,
            com: (0.0, 0.0, 0.5 * l1),
            inertia: (0.02, 0.02, 0.01),
        }
        body link2 {
            parent: link1,
            joint: revolute(q2),
            axis: (0.0, 1.0, 0.0),
            offset: (0.0, 0.0, l1),
            mass: m2,
            com: (0.5 * l2, 0.0, 0.0),
            inertia: (0.001, 0.02, 0.02),
        }
        point tool = link2 * (l2, 0.0, 0.0);
        gravity = (0.0, 0.0, -g);
        contact table { point: tool, normal: (0.0, 0.0, 1.0), restitution: 0.0 }",
    );
    let q2 = Atom::var(pool().q[1]);
    for state in support::states(&model, 5, 12345) {
        let height = 0.4 - 0.5 * state[&q2].sin();
        let gap = value(&d.gaps[0], &d.program.with_values(&state)).unwrap();
        assert!((gap - height).abs() < 1e-14, "gap {gap}, height {height}");
    }
}

/// A point fixed in a body placed by hand (no joint), used in expressions written in the block:
/// the tip `b * (l, 0)` of a planar body at (x, y) turned by θ is at (x + l cos θ, y + l sin θ)
/// (R(θ) (l, 0) = l (cos θ, sin θ)), so the constraint `tip.x - d`, the gap `tip.y` and the force
/// `tip.x` on θ are x + l cos θ − d, y + l sin θ and x + l cos θ, and the constraint's Jacobian
/// is (1, 0, −l sin θ).
#[test]
fn written_expressions_see_points_fixed_in_bodies_without_a_joint() {
    let (model, d) = derive(
        "struct Slider;
        parameters { m: 1.0, i: 0.1, l: 0.5, d: 0.2, g: 9.81 }
        coordinates { x, y, th }
        body b { mass: m, inertia: i, position: (x, y), angle: th }
        point tip = b * (l, 0.0);
        constraint c = tip.x - d;
        contact floor { gap: tip.y, restitution: 0.5 }
        forces { th: tip.x }
        gravity = (0.0, -g);",
    );
    let p = pool();
    let (l, dist) = (0.5, 0.2);
    for state in support::states(&model, 5, 2468) {
        let q = |k: usize| state[&Atom::var(p.q[k])];
        let (x, y, th) = (q(0), q(1), q(2));
        let values = d.program.with_values(&state);
        let at = |a: &Atom| value(a, &values).unwrap();
        let expected = [
            (at(&d.bilateral[0]), x + l * th.cos() - dist),
            (at(&d.gaps[0]), y + l * th.sin()),
            (at(&d.kinematics.bilateral.jacobian[0][0]), 1.0),
            (at(&d.kinematics.bilateral.jacobian[0][1]), 0.0),
            (at(&d.kinematics.bilateral.jacobian[0][2]), -l * th.sin()),
        ];
        for (k, (got, want)) in expected.into_iter().enumerate() {
            assert!(
                (got - want).abs() < 1e-14,
                "quantity {k}: {got} against {want}"
            );
        }
    }
    // The force on θ enters h: h_θ(q, q̇ = 0) = Q_θ − ∂V/∂θ = x + l cos θ (V does not depend on θ).
    let mut state = support::states(&model, 1, 1357).remove(0);
    for k in 0..3 {
        state.insert(Atom::var(p.qd[k]), 0.0);
    }
    let (x, th) = (state[&Atom::var(p.q[0])], state[&Atom::var(p.q[2])]);
    let h = value(&d.forces[2], &d.program.with_values(&state)).unwrap();
    assert!((h - (x + l * th.cos())).abs() < 1e-14, "h_θ {h}");
}

/// `let` definitions through points fixed in bodies, with and without a joint: `let h = tip.x;`
/// of the slider above is x + l cos θ, so the constraint `h - d` is x + l cos θ − d; a rotor on a
/// revolute joint about z with its tool at `link1 * (l1, 0, 0)` and `let h = tool.y;` as the
/// force on q1 has h = Q = l1 sin q1 at q̇ = 0 (M is constant and nothing else acts).
#[test]
fn let_definitions_see_points_fixed_in_bodies() {
    let (model, d) = derive(
        "struct Slider;
        parameters { m: 1.0, i: 0.1, l: 0.5, d: 0.2 }
        coordinates { x, y, th }
        body b { mass: m, inertia: i, position: (x, y), angle: th }
        point tip = b * (l, 0.0);
        let h = tip.x;
        constraint c = h - d;",
    );
    let p = pool();
    for state in support::states(&model, 5, 97531) {
        let (x, th) = (state[&Atom::var(p.q[0])], state[&Atom::var(p.q[2])]);
        let g = value(&d.bilateral[0], &d.program.with_values(&state)).unwrap();
        assert!((g - (x + 0.5 * th.cos() - 0.2)).abs() < 1e-14, "g {g}");
    }
    let (model, d) = derive(
        "struct Rotor;
        parameters { m1: 2.0, l1: 0.4 }
        coordinates { q1 }
        body link1 { joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: m1, com: (0.5 * l1, 0.0, 0.0), inertia: (0.02, 0.02, 0.01) }
        point tool = link1 * (l1, 0.0, 0.0);
        let h = tool.y;
        forces { q1: h }",
    );
    for mut state in support::states(&model, 5, 86420) {
        state.insert(Atom::var(p.qd[0]), 0.0);
        let q1 = state[&Atom::var(p.q[0])];
        let h = value(&d.forces[0], &d.program.with_values(&state)).unwrap();
        assert!((h - 0.4 * q1.sin()).abs() < 1e-14, "h {h}");
    }
}

/// Vector values (a vector `let`, sums and scalings, points fixed in bodies with and without a
/// joint, a rotation composed from a joint body's) against the same chain written out: a waist
/// link, an arm turning on its tip (rotation [link1, roty(q2)]), a bead sliding along the arm, a
/// spring from the bead to a fixed anchor.
#[test]
fn vector_values_match_the_written_out_chain() {
    let params = "
        parameters { m1: 1.0, m2: 0.5, m3: 0.3, l1: 0.6, l2: 0.4, k: 3.0, a: 0.01, b: 0.02, c: 0.03, g: 9.81 }
        coordinates { q1, q2, s }
        point anchor = (0.0, 0.0, -l1);
        spring pull { between: (bead, anchor), stiffness: k, rest: l2 }";
    let values = format!(
        "struct Values;
        {params}
        let down = (0.0, 0.0, -1.0);
        let tip = link1 * (l1, 0.0, 0.0);
        body link1 {{ joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: m1, com: (0.5 * l1, 0.0, 0.0), inertia: (a, b, c) }}
        body arm {{
            mass: m2,
            position: link1 * ((l1, 0.0, 0.0) + 0.5 * l2 * (cos(q2), 0.0, -sin(q2))),
            rotation: [link1, roty(q2)],
            inertia: (a, b, c),
        }}
        body bead {{ mass: m3, position: arm * (s, 0.0, 0.0) - arm + arm }}
        point unused = tip;
        gravity = g * down;"
    );
    // arm: R_z(q1) (l1 + ½ l2 cos q2, 0, −½ l2 sin q2), R = R_z(q1) R_y(q2);
    // bead: arm + R_z(q1) R_y(q2) (s, 0, 0) = arm + (s cos q2 cos q1, s cos q2 sin q1, −s sin q2).
    let by_hand = format!(
        "struct ByHand;
        {params}
        let r = l1 + 0.5 * l2 * cos(q2);
        body link1 {{
            mass: m1,
            position: (0.5 * l1 * cos(q1), 0.5 * l1 * sin(q1), 0.0),
            rotation: [rotz(q1)],
            inertia: [[a, 0.0, 0.0], [0.0, b, 0.0], [0.0, 0.0, c]],
        }}
        body arm {{
            mass: m2,
            position: (r * cos(q1), r * sin(q1), -0.5 * l2 * sin(q2)),
            rotation: [rotz(q1), roty(q2)],
            inertia: [[a, 0.0, 0.0], [0.0, b, 0.0], [0.0, 0.0, c]],
        }}
        body bead {{
            mass: m3,
            position: (
                (r + s * cos(q2)) * cos(q1),
                (r + s * cos(q2)) * sin(q1),
                -(0.5 * l2 + s) * sin(q2)
            ),
        }}
        gravity = (0.0, 0.0, -g);"
    );
    same_mechanism(&values, &by_hand);
}

/// Planar point arithmetic and a point fixed in a planar body: a bar turning by θ₁ about the
/// origin, its end `bar * (0, −l1/2)` carrying a pendulum bob at `elbow + l2 (sin θ₂, −cos θ₂)`.
#[test]
fn planar_point_arithmetic_matches_the_written_out_pendulum() {
    let params = "
        parameters { m1: 1.0, m2: 0.6, l1: 0.8, l2: 0.5, g: 9.81 }
        coordinates { th1, th2 }
        gravity = (0.0, -g);";
    let values = format!(
        "struct Values;
        {params}
        body bar {{ mass: m1, position: 0.5 * l1 * (sin(th1), -cos(th1)), angle: th1, inertia: m1 * l1.powi(2) / 12.0 }}
        point elbow = bar * (0.0, -0.5 * l1);
        body bob {{ mass: m2, position: elbow + l2 * (sin(th2), -cos(th2)) }}"
    );
    // R(θ₁) (0, −l1/2) = (l1/2 sin θ₁, −l1/2 cos θ₁): the elbow is at l1 (sin θ₁, −cos θ₁).
    let by_hand = format!(
        "struct ByHand;
        {params}
        body bar {{ mass: m1, position: (0.5 * l1 * sin(th1), -0.5 * l1 * cos(th1)), angle: th1, inertia: m1 * l1.powi(2) / 12.0 }}
        body bob {{ mass: m2, position: (l1 * sin(th1) + l2 * sin(th2), -l1 * cos(th1) - l2 * cos(th2)) }}"
    );
    same_mechanism(&values, &by_hand);
}
