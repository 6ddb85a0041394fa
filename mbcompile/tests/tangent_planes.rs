//! Spatial contacts with a tangent plane: the frame (n̂, t̂1, t̂2) of a point against a plane is
//! orthonormal, and the generated tangential kinematics are the contact point's velocity
//! projected on the tangents.
//!
//! Invariant (Acary & Brogliato 2008, "Numerical Methods for Nonsmooth Dynamical Systems",
//! ch. 13: the cone complementarity problem is posed in the local frame (n, t1, t2) of each
//! contact): for a contact point r(q), W_Tᵀq̇ = t̂1·ṙ and W_T2ᵀq̇ = t̂2·ṙ, so W_T = (∂r/∂q)ᵀ t̂1,
//! W_T2 = (∂r/∂q)ᵀ t̂2, and along q(s) = q + s q̇ (q̈ = 0) the drifts are t̂1·r̈ and t̂2·r̈.
//! Independent routes: for a point mass r = (x, y, z), so W_N, W_T and W_T2 are n̂, t̂1 and t̂2
//! themselves, compared with the basis rule of the README evaluated here in f64 (t̂1 = the
//! coordinate axis with the smallest |n_k| projected on the plane, t̂2 = n̂ × t̂1; `tangent: t`
//! gives t̂1 = t̂; `tangents: (t1, t2)` gives both); for a block with Cardan angles (expanded
//! route) and the same block on a floating joint (structured route), central differences of the
//! contact point's position written out here by hand, r = (x, y, z) + R_z(a) R_y(b) R_x(c) ℓ.
//! Symbolic work shares one symbolica permit: run with `--test-threads=1`.

mod support;

use mbcompile::dsl::Model;
use mbcompile::pipeline::{DEFAULT_HORNER_ITERATIONS, Generated, generate};
use mbcompile::symbolic::derive::Derived;
use mbcompile::symbolic::numeric::value;
use mbcompile::symbolic::symbols::pool;
use std::collections::HashMap;
use symbolica::atom::Atom;

type State = HashMap<Atom, f64>;

fn generated(src: &str) -> (Model, Generated) {
    let model: Model = syn::parse_str(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
    let g = generate(&model, DEFAULT_HORNER_ITERATIONS, &mut |_| {})
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    (model, g)
}

/// q and q̇ of a state.
fn coordinates(state: &State, nq: usize) -> (Vec<f64>, Vec<f64>) {
    let p = pool();
    let q = (0..nq).map(|i| state[&Atom::var(p.q[i])]).collect();
    let qd = (0..nq).map(|i| state[&Atom::var(p.qd[i])]).collect();
    (q, qd)
}

/// The values of some atoms in a state (intermediates of the structured route included).
fn values(d: &Derived, atoms: &[Atom], state: &State) -> Vec<f64> {
    let state = d.program.with_values(state);
    atoms
        .iter()
        .map(|a| value(a, &state).expect("finite value"))
        .collect()
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn cross(a: &[f64], b: &[f64]) -> Vec<f64> {
    vec![
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn unit(a: &[f64]) -> Vec<f64> {
    let l = dot(a, a).sqrt();
    a.iter().map(|x| x / l).collect()
}

/// The documented basis rule, in f64: t̂1 = e_k − (n̂·e_k) n̂ normalised, with k the smallest
/// |n_k| (the first of equal ones), and t̂2 = n̂ × t̂1.
fn basis_rule(n: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let n = unit(n);
    let mut k = 0;
    for i in 1..3 {
        if n[i].abs() < n[k].abs() {
            k = i;
        }
    }
    let t1: Vec<f64> = (0..3)
        .map(|i| f64::from(u8::from(i == k)) - n[k] * n[i])
        .collect();
    let t1 = unit(&t1);
    let t2 = cross(&n, &t1);
    (t1, t2)
}

#[track_caller]
fn assert_close(a: &[f64], b: &[f64], tol: f64, what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for (x, y) in a.iter().zip(b) {
        assert!(
            (x - y).abs() <= tol * (1.0 + x.abs().max(y.abs())),
            "{what}: {a:?} against {b:?}"
        );
    }
}

/// Orthonormal and right-handed when `right_handed`: |n̂| = |t̂1| = |t̂2| = 1, pairwise
/// perpendicular, t̂1 × t̂2 = ±n̂.
#[track_caller]
fn assert_orthonormal(n: &[f64], t1: &[f64], t2: &[f64], right_handed: bool, what: &str) {
    for (v, name) in [(n, "n"), (t1, "t1"), (t2, "t2")] {
        assert!((dot(v, v) - 1.0).abs() < 1e-14, "{what}: |{name}| ≠ 1");
    }
    for (a, b) in [(n, t1), (n, t2), (t1, t2)] {
        assert!(dot(a, b).abs() < 1e-14, "{what}: {a:?}·{b:?} ≠ 0");
    }
    let sign = if right_handed { 1.0 } else { -1.0 };
    let m: Vec<f64> = n.iter().map(|x| sign * x).collect();
    assert_close(&cross(t1, t2), &m, 1e-14, what);
}

const PUCK: &str = "
    struct Puck;
    parameters { m: 1.0, nx: 0.3, ny: -0.4, nz: 1.2, mu: 0.5, g: 9.81 }
    coordinates { x, y, z }
    body puck { mass: m, position: (x, y, z) }
    gravity = (0.0, 0.0, -g);
    contact floor { point: puck, normal: (0.0, 0.0, 1.0), restitution: 0.0, friction: mu }
    contact slope {
        point: puck,
        normal: (nx, ny, nz),
        through: (0.0, 0.0, 0.1),
        restitution: 0.0,
        friction: mu,
    }
    contact wall {
        point: puck,
        normal: (-2.0, 0.0, 0.0),
        tangent: (0.0, 3.0, 3.0),
        restitution: 0.0,
        friction: mu,
    }
    contact post {
        point: puck,
        normal: (0.0, 1.0, 0.0),
        tangents: ((0.0, 0.0, 5.0), (-1.0, 0.0, 0.0)),
        restitution: 0.0,
        friction: mu,
    }
    contact lid { gap: 2.0 - z, restitution: 0.0 }
    contact rail { gap: z + 1.0, restitution: 0.0, friction: mu, slip: x }
";

/// The expected frame of one contact.
struct Frame {
    name: &'static str,
    n: Vec<f64>,
    t1: Vec<f64>,
    t2: Vec<f64>,
    /// t̂1 × t̂2 = n̂ (else −n̂).
    right_handed: bool,
}

/// The columns W_N, W_T and W_T2 of contact c at one state.
fn columns(d: &Derived, c: usize, state: &State) -> [Vec<f64>; 3] {
    let k = &d.kinematics;
    [
        values(d, &k.gaps.jacobian[c], state),
        values(d, &k.slips.jacobian[c], state),
        values(d, &k.second_slips.jacobian[c], state),
    ]
}

/// For a point mass W_N, W_T and W_T2 are n̂, t̂1 and t̂2: the basis rule for `floor` (the
/// floor gets t̂1 = x̂, t̂2 = ŷ) and for the tilted `slope`, t̂1 = t̂ and t̂2 = n̂ × t̂ for `wall`,
/// both given tangents for `post` (its t̂2 = −n̂ × t̂1: taken as given, left-handed); each frame
/// orthonormal; `lid` (no friction) and `rail` (one slip) have no tangent plane.
#[test]
fn point_mass_frames_follow_the_basis_rule_and_the_given_tangents() {
    let (model, g) = generated(PUCK);
    let d = &g.derived;
    assert_eq!(
        d.kinematics.tangent_planes,
        [true, true, true, true, false, false]
    );
    assert_eq!(
        d.kinematics.has_tangent,
        [true, true, true, true, false, true]
    );
    let slope_normal = unit(&[0.3, -0.4, 1.2]);
    let (slope_t1, slope_t2) = basis_rule(&slope_normal);
    let s = 1.0 / 2f64.sqrt();
    let frame = |name, n: &[f64], t1: &[f64], t2: &[f64], right_handed| Frame {
        name,
        n: n.to_vec(),
        t1: t1.to_vec(),
        t2: t2.to_vec(),
        right_handed,
    };
    let expected = [
        frame(
            "floor",
            &[0.0, 0.0, 1.0],
            &[1.0, 0.0, 0.0],
            &[0.0, 1.0, 0.0],
            true,
        ),
        frame("slope", &slope_normal, &slope_t1, &slope_t2, true),
        // n̂ × t̂ = (−1, 0, 0) × (0, 1, 1)/√2 = (0, 1, −1)/√2.
        frame("wall", &[-1.0, 0.0, 0.0], &[0.0, s, s], &[0.0, s, -s], true),
        frame(
            "post",
            &[0.0, 1.0, 0.0],
            &[0.0, 0.0, 1.0],
            &[-1.0, 0.0, 0.0],
            false,
        ),
    ];
    for state in support::states(&model, 3, 2024) {
        for (c, f) in expected.iter().enumerate() {
            let [w_n, w_t, w_t2] = columns(d, c, &state);
            assert_close(&w_n, &f.n, 1e-14, &format!("{}: W_N", f.name));
            assert_close(&w_t, &f.t1, 1e-14, &format!("{}: W_T", f.name));
            assert_close(&w_t2, &f.t2, 1e-14, &format!("{}: W_T2", f.name));
            assert_orthonormal(&w_n, &w_t, &w_t2, f.right_handed, f.name);
        }
        let [_, rail_t, rail_t2] = columns(d, 5, &state);
        assert_eq!(rail_t, [1.0, 0.0, 0.0]);
        assert_eq!(rail_t2, [0.0, 0.0, 0.0], "rail: no second tangent");
        let [_, lid_t, lid_t2] = columns(d, 4, &state);
        assert_eq!((lid_t, lid_t2), (vec![0.0; 3], vec![0.0; 3]));
        // A point mass's slips are linear in q: no offset, no drift.
        let k = &d.kinematics;
        assert!(
            values(d, &k.second_slips.time, &state)
                .iter()
                .all(|v| *v == 0.0)
        );
        assert!(
            values(d, &k.second_slips.drift, &state)
                .iter()
                .all(|v| *v == 0.0)
        );
    }
    let src = &g.source;
    assert!(
        src.contains("const TANGENT_PLANES: [bool; 6] = [true, true, true, true, false, false];"),
        "{src}"
    );
    assert!(src.contains("fn second_slip_jacobian("), "{src}");
    assert!(src.contains("fn second_slip_drift("), "{src}");
}

/// A model without a tangent plane keeps the trait's defaults: no `TANGENT_PLANES`, no second
/// slip functions (a point against a line keeps its one tangent).
#[test]
fn planar_contacts_generate_no_tangent_plane() {
    let (_, g) = generated(
        "struct Slab;
        parameters { m: 1.0, mu: 0.4, g: 9.81 }
        coordinates { x, y }
        body slab { mass: m, position: (x, y) }
        gravity = (0.0, -g);
        contact floor { point: slab, normal: (0.0, 1.0), restitution: 0.0, friction: mu }",
    );
    assert_eq!(g.derived.kinematics.tangent_planes, [false]);
    assert_eq!(g.derived.kinematics.has_tangent, [true]);
    for absent in ["TANGENT_PLANES", "second_slip"] {
        assert!(!g.source.contains(absent), "{absent} in\n{}", g.source);
    }
}

/// Energy form: `slip: (s1, s2)` and `tangential_velocity: (γ1, γ2)` give W_T and W_T2 as the
/// pair's gradients and velocity coefficients (closed forms here: ∇(x, k y) = (e_x, k e_y); γ =
/// (cos z ẋ + sin z ẏ, −sin z ẋ + cos z ẏ) has W_T = (cos z, sin z, 0), W_T2 = (−sin z, cos z,
/// 0) and drift Ẇ_T2ᵀq̇ = −ż (cos z ẋ + sin z ẏ)). A parameter that occurs only in a second
/// direction enters the constraints.
#[test]
fn energy_form_pairs_give_both_directions() {
    let (model, g) = generated(
        "struct Sled;
        parameters { m: 1.0, k: 2.0, mu: 0.3 }
        coordinates { x, y, z }
        kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2) + dot(z).powi(2));
        contact ground { gap: z, restitution: 0.0, friction: mu, slip: (x, k * y) }
        contact skid {
            gap: z + 1.0,
            restitution: 0.0,
            friction: mu,
            tangential_velocity: (cos(z) * dot(x) + sin(z) * dot(y), -sin(z) * dot(x) + cos(z) * dot(y)),
        }",
    );
    let d = &g.derived;
    assert_eq!(d.kinematics.tangent_planes, [true, true]);
    assert_eq!(d.jacobians.parameter_in_constraints, [false, true, false]);
    for state in support::states(&model, 3, 2024) {
        let (q, qd) = coordinates(&state, 3);
        let [_, w_t, w_t2] = columns(d, 0, &state);
        assert_close(&w_t, &[1.0, 0.0, 0.0], 1e-15, "ground: W_T");
        assert_close(&w_t2, &[0.0, 2.0, 0.0], 1e-15, "ground: W_T2");
        let (c, s) = (q[2].cos(), q[2].sin());
        let [_, w_t, w_t2] = columns(d, 1, &state);
        assert_close(&w_t, &[c, s, 0.0], 1e-15, "skid: W_T");
        assert_close(&w_t2, &[-s, c, 0.0], 1e-15, "skid: W_T2");
        let drift = values(d, &d.kinematics.second_slips.drift, &state);
        let expected = -qd[2] * (c * qd[0] + s * qd[1]);
        assert_close(&drift, &[0.0, expected], 1e-14, "second drifts");
    }
}

/// R_z(a) R_y(b) R_x(c) ℓ + (x, y, z): the contact point of the block, written out.
fn corner(q: &[f64], l: [f64; 3]) -> Vec<f64> {
    let (x, y, z, a, b, c) = (q[0], q[1], q[2], q[3], q[4], q[5]);
    let rx = [
        l[0],
        c.cos() * l[1] - c.sin() * l[2],
        c.sin() * l[1] + c.cos() * l[2],
    ];
    let ry = [
        b.cos() * rx[0] + b.sin() * rx[2],
        rx[1],
        -b.sin() * rx[0] + b.cos() * rx[2],
    ];
    let rz = [
        a.cos() * ry[0] - a.sin() * ry[1],
        a.sin() * ry[0] + a.cos() * ry[1],
        ry[2],
    ];
    vec![x + rz[0], y + rz[1], z + rz[2]]
}

const L: [f64; 3] = [0.2, 0.1, -0.05];

const BLOCK_PARAMETERS: &str = "
    parameters {
        m: 1.0, a1: 0.02, b1: 0.03, c1: 0.04, lx: 0.2, ly: 0.1, lz: 0.05,
        nx: 0.3, ny: -0.4, nz: 1.2, mu: 0.5, g: 9.81,
    }
    coordinates { x, y, z, a, b, c }
    gravity = (0.0, 0.0, -g);
    point corner = block * (lx, ly, -lz);
    contact slope { point: corner, normal: (nx, ny, nz), restitution: 0.0, friction: mu }
    contact wall {
        point: corner,
        normal: (1.0, 0.0, 0.0),
        tangent: (0.0, 1.0, 1.0),
        restitution: 0.0,
        friction: mu,
    }
";

/// W_T, W_T2 against central differences of t̂_i·r (h = 1e-6: error O(h²) + O(ε/h)), the
/// drifts against second differences of t̂_i·r along q + s q̇ (h = 1e-3: O(h²) + O(ε/h²)).
fn check_block(src: &str) {
    let (model, g) = generated(src);
    let d = &g.derived;
    let k = &d.kinematics;
    assert_eq!(k.tangent_planes, [true, true]);
    let (slope_t1, slope_t2) = basis_rule(&[0.3, -0.4, 1.2]);
    let s = 1.0 / 2f64.sqrt();
    let tangents = [[slope_t1, slope_t2], [vec![0.0, s, s], vec![0.0, -s, s]]];
    let project = |t: &[f64], q: &[f64]| dot(t, &corner(q, L));
    for state in support::states(&model, 4, 2024) {
        let (q, qd) = coordinates(&state, 6);
        let drifts = [
            values(d, &k.slips.drift, &state),
            values(d, &k.second_slips.drift, &state),
        ];
        for (c, pair) in tangents.iter().enumerate() {
            let [_, w_t, w_t2] = columns(d, c, &state);
            for (i, (t, w)) in pair.iter().zip([w_t, w_t2]).enumerate() {
                let what = format!("contact {c}, tangent {}", i + 1);
                let h = 1e-6;
                let fd: Vec<f64> = (0..6)
                    .map(|j| {
                        let (mut up, mut down) = (q.clone(), q.clone());
                        up[j] += h;
                        down[j] -= h;
                        (project(t, &up) - project(t, &down)) / (2.0 * h)
                    })
                    .collect();
                assert_close(&w, &fd, 1e-8, &format!("{what}: W against differences"));
                let h = 1e-3;
                let along =
                    |s: f64| -> Vec<f64> { q.iter().zip(&qd).map(|(x, v)| x + s * v).collect() };
                let second = (project(t, &along(h)) - 2.0 * project(t, &q)
                    + project(t, &along(-h)))
                    / (h * h);
                assert_close(&[drifts[i][c]], &[second], 1e-6, &format!("{what}: drift"));
            }
        }
    }
    assert!(
        g.source
            .contains("const TANGENT_PLANES: [bool; 2] = [true, true];")
    );
}

/// A block with Cardan angles (expanded route).
#[test]
fn block_tangents_are_the_projected_point_velocity_expanded() {
    check_block(&format!(
        "struct Block;
        {BLOCK_PARAMETERS}
        body block {{
            mass: m,
            position: (x, y, z),
            rotation: [rotz(a), roty(b), rotx(c)],
            inertia: (a1, b1, c1),
        }}"
    ));
}

/// The same block on a floating joint (structured route: the same position and rotation).
#[test]
fn block_tangents_are_the_projected_point_velocity_structured() {
    check_block(&format!(
        "struct FloatingBlock;
        {BLOCK_PARAMETERS}
        body block {{ joint: floating(x, y, z, a, b, c), mass: m, inertia: (a1, b1, c1) }}"
    ));
}
