//! The program route (Lagrange's equations differentiated through the straight-line program of
//! the written block, `symbolic::derive::lagrange`) against two independent routes.
//!
//! Invariant: M = ∂²T/∂q̇², h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q, C from the
//! Christoffel symbols of M, and every first derivative of h and of M a are functions of the
//! mechanism alone, whatever route computes them. So a block derived by the program route
//! (`expansion: none`) must agree with the same block derived by expanding T (`expansion: full`,
//! symbolica differentiating the expanded expression: a second method), and a 7-link arm placed
//! by hand (`Arm7Bodies` in `examples/src/tree_models.rs`) with the same arm on joints (`Arm7`,
//! the structured route's recursions: Featherstone 2008, *Rigid Body Dynamics Algorithms*,
//! §5.3 and §6.2). Evaluated at deterministic states (q, q̇, a in [−1, 1]) at the parameter
//! defaults. Symbolic work shares one symbolica permit: run with `--test-threads=1`.

mod support;

use mbcompile::dsl::Model;
use mbcompile::error::{CompileError, DerivationError};
use mbcompile::pipeline::{derive_model, find_crate_models};
use mbcompile::symbolic::derive::{Derived, Route};
use mbcompile::symbolic::numeric::value;
use mbcompile::symbolic::symbols::pool;
use std::collections::HashMap;
use std::path::Path;
use symbolica::atom::Atom;

fn derive(model: &Model) -> Derived {
    derive_model(model, &mut |_| {}).unwrap_or_else(|e| panic!("{e}"))
}

fn parse(src: &str) -> Model {
    syn::parse_str(src).unwrap_or_else(|e| panic!("{e}\n{src}"))
}

/// The states of `support::states` (q, q̇ in [−1, 1], parameters at their defaults) with the
/// vector a of M a drawn in [−1, 1] too.
fn states(model: &Model, n: usize) -> Vec<HashMap<Atom, f64>> {
    let p = pool();
    let mut r = support::Lcg(123_456_789);
    let mut states = support::states(model, n, 987_654_321);
    for s in &mut states {
        for i in 0..model.coordinates.len() {
            s.insert(Atom::var(p.a[i]), r.next());
        }
    }
    states
}

/// The named quantities of a derivation, each flattened: T, V, M, h (and, with `everything`,
/// C, ∇V, ∇²V, ∂h/∂q, ∂h/∂q̇, ∂(M a)/∂q).
fn quantities(d: &Derived, everything: bool) -> Vec<(&'static str, Vec<&Atom>)> {
    let mut q = vec![
        ("T", vec![&d.kinetic]),
        ("V", vec![&d.potential]),
        ("M", d.mass.iter().flatten().collect()),
        ("h", d.forces.iter().collect()),
    ];
    if everything {
        let j = &d.jacobians;
        q.extend([
            ("C", d.coriolis.iter().flatten().collect()),
            ("∇V", d.potential_gradient.iter().collect()),
            (
                "∇²V",
                d.statics.potential_hessian.iter().flatten().collect(),
            ),
            ("∂h/∂q", j.forces_q.iter().flatten().collect()),
            ("∂h/∂q̇", j.forces_qd.iter().flatten().collect()),
            ("∂(Ma)/∂q", j.mass_action_q.iter().flatten().collect()),
        ]);
    }
    q
}

/// Every quantity of `a` and `b` agrees to 1e-12 relative at every state.
fn agree(a: &Derived, b: &Derived, states: &[HashMap<Atom, f64>], everything: bool) {
    assert_eq!(a.nq, b.nq);
    for state in states {
        let (sa, sb) = (a.program.with_values(state), b.program.with_values(state));
        for ((name, xs), (_, ys)) in quantities(a, everything)
            .into_iter()
            .zip(quantities(b, everything))
        {
            assert_eq!(xs.len(), ys.len(), "{name}");
            for (k, (x, y)) in xs.iter().zip(&ys).enumerate() {
                let (x, y) = (
                    value(x, &sa).expect("finite"),
                    value(y, &sb).expect("finite"),
                );
                assert!(
                    (x - y).abs() <= 1e-12 * (1.0 + x.abs().max(y.abs())),
                    "{name}[{k}]: {:?} route {x}, {:?} route {y}",
                    a.route,
                    b.route
                );
            }
        }
    }
}

/// A 2-link arm placed by hand (the hand-written arm of `joint_frames.rs`) with a spring to a
/// wall point, a viscous torque and an explicitly time-dependent load, so that T, V and Q all
/// reach the program.
fn arm_by_hand(expansion: &str) -> String {
    format!(
        "struct ArmByHand;
        parameters {{
            m1: 1.3, m2: 0.7, l1: 0.5, d1: 0.05, c1: 0.22, c2: 0.31, e2: 0.04, alpha: 0.3,
            a1: 0.011, b1: 0.012, k1: 0.005, a2: 0.004, b2: 0.009, k2: 0.007, g: 9.81,
            k: 40.0, c: 0.3, w: 2.0,
        }}
        coordinates {{ q1, q2 }}
        time t;
        let u = c2 * cos(q2) + e2 * sin(q2);
        let w2 = -c2 * sin(q2) + e2 * cos(q2);
        let v = -w2 * sin(alpha);
        body link1 {{
            mass: m1,
            position: (d1 * cos(q1), d1 * sin(q1), c1),
            rotation: [rotz(q1)],
            inertia: [[a1, 0.0, 0.0], [0.0, b1, 0.0], [0.0, 0.0, k1]],
        }}
        body link2 {{
            mass: m2,
            position: (u * cos(q1) - v * sin(q1), u * sin(q1) + v * cos(q1), l1 + w2 * cos(alpha)),
            rotation: [rotz(q1), rotx(alpha), roty(q2)],
            inertia: [[a2, 0.001, 0.0], [0.001, b2, 0.0], [0.0, 0.0, k2]],
        }}
        point wall = (0.4, 0.1, 0.3);
        spring s {{ between: (link2, wall), stiffness: k, rest: 0.1 }}
        forces {{ q2: -c * dot(q2) + 0.2 * sin(w * t) }}
        gravity = (0.0, 0.0, -g);
        generate {{ expansion: {expansion} }}"
    )
}

#[test]
fn program_route_agrees_with_the_expanded_route_on_every_derivative() {
    let program = parse(&arm_by_hand("none"));
    let expanded = parse(&arm_by_hand("full"));
    let (a, b) = (derive(&program), derive(&expanded));
    assert_eq!((a.route, b.route), (Route::Program, Route::Expanded));
    assert!(a.rheonomic && b.rheonomic);
    agree(&a, &b, &states(&program, 6), true);
}

#[test]
fn an_arm_placed_by_hand_takes_the_program_route_and_is_the_arm_on_joints() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let models = find_crate_models(&examples).unwrap_or_else(|_| panic!("examples parse"));
    let model = |name: &str| {
        models
            .iter()
            .find(|f| f.model.name.text == name)
            .map(|f| f.model.clone())
            .unwrap_or_else(|| panic!("{name} in examples"))
    };
    let (by_hand, joints) = (model("Arm7Bodies"), model("Arm7"));
    let (a, b) = (derive(&by_hand), derive(&joints));
    assert_eq!((a.route, b.route), (Route::Program, Route::Structured));
    agree(&a, &b, &states(&joints, 4), false);
}

#[test]
fn a_kinetic_energy_not_quadratic_in_the_velocities_is_located_on_the_program_route() {
    let model = parse(
        "struct Cubic;
        parameters { m: 1.0 }
        coordinates { x, y }
        kinetic = 0.5 * m * (dot(x).powi(2) + dot(y).powi(2)) + m * dot(x).powi(2) * dot(y);
        generate { expansion: none }",
    );
    match derive_model(&model, &mut |_| {}) {
        Err(CompileError::Derivation(DerivationError::NotQuadratic {
            row,
            column,
            velocity,
            ..
        })) => assert_eq!((row.as_str(), column.as_str()), ("x", "x"), "{velocity}"),
        other => panic!("expected NotQuadratic, got {:?}", other.err()),
    }
}
