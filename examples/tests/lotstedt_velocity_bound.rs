//! Lötstedt (1982), "Mechanical systems of rigid bodies subject to unilateral constraints",
//! (3.4)–(3.8) and (3.11): the velocity bound that does not depend on the constraints.
//!
//! With M = C Cᵀ and S = ‖Cᵀq̇‖ = √(q̇ᵀMq̇), a‖q̇‖ ≤ S ≤ b‖q̇‖ (3.5) with a² and b² the extreme
//! eigenvalues of M; the constraint forces do no work (q̇ᵀGλ = 0 by complementarity), so
//! dS²/dt = 2q̇ᵀf + q̇ᵀṀq̇ and, with ‖f‖ ≤ c and ‖Ṁ‖ ≤ d′ on the region the motion visits,
//! Gronwall's lemma gives (3.7):
//!
//! ```text
//! S(t) ≤ (S(0) + 2ac/d′) exp(½d′t/a²) − 2ac/d′,
//! ```
//!
//! and impacts with restitution e ≤ 1 do not increase S (3.11, F = 0). The test runs the
//! event-driven integrator on `TreeMix` — a spatial tree whose M depends on q, with a bilateral
//! constraint, a spring, a torque, a velocity-dependent load and a frictionless floor contact
//! with restitution 0.4 — records every step and event, takes a, b, c = max‖h(q, q̇)‖ (every
//! force but the constraint forces, Coriolis terms included) and d′ = max‖Ṁ‖₂ (Ṁ by central
//! differences of M along q̇) over the recorded states, and checks (3.5) at every state, (3.7)
//! at every time and S⁺ ≤ S⁻ at every impact. The bound is far from tight (Gronwall); what it
//! checks is that neither the active-set changes nor the impacts, nor the projections onto the
//! constraints, ever make the velocity grow faster than the applied forces allow.

use mb_examples::tree_models::tree_mix::TreeMix;
use mbruntime::analysis::SymmetricSpectrum;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use mbruntime::{Dynamics, Matrix, Vector};

#[test]
fn velocity_stays_below_lotstedts_bound_through_impacts() {
    let model = TreeMix {
        mu: 0.0,
        ..TreeMix::default()
    };
    let (q1, q3, q4) = (0.3, 0.5, 0.2);
    let q0 = Vector::<4>::new(q1, 0.2 * f64::sin(q1) + 0.1 * q4, q3, q4);
    let (w1, w3, w4) = (1.0, -2.0, 1.5);
    let u0 = Vector::<4>::new(w1, 0.2 * f64::cos(q1) * w1 + 0.1 * w4, w3, w4);
    let mut sim = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).unwrap();
    let mut states: Vec<(f64, Vector<4>, Vector<4>)> = vec![(0.0, q0, u0)];
    let mut impacts: Vec<(f64, f64)> = Vec::new();
    sim.run(2.0, |r| match r {
        Report::Step { t, q, u, .. } => states.push((t, *q, *u)),
        Report::Event(ev) => {
            if ev.kind == EventKind::Impact {
                impacts.push((ev.kinetic_energy_pre, ev.kinetic_energy_post));
            }
        }
    })
    .unwrap();
    assert!(!impacts.is_empty(), "the tip hits the floor");
    let mass = |q: &Vector<4>| {
        let mut m = Matrix::<4, 4>::zeros();
        model.mass_matrix(q, 0.0, &mut m);
        m
    };
    let (mut a2, mut b2, mut c, mut d) = (f64::INFINITY, 0.0_f64, 0.0_f64, 0.0_f64);
    for (t, q, u) in &states {
        let spectrum = SymmetricSpectrum::of(&mass(q)).unwrap();
        a2 = a2.min(spectrum.min());
        b2 = b2.max(*spectrum.eigenvalues.last().unwrap());
        let mut h = Vector::<4>::zeros();
        model.forces(q, u, *t, &mut h);
        c = c.max(h.norm());
        let eps = 1e-6 / (1.0 + u.norm());
        let m_dot = (mass(&(q + u * eps)) - mass(&(q - u * eps))) / (2.0 * eps);
        d = d.max(m_dot.svd(false, false).singular_values.max());
    }
    let (a, b) = (a2.sqrt(), b2.sqrt());
    let s = |q: &Vector<4>, u: &Vector<4>| u.dot(&(mass(q) * u)).sqrt();
    let s0 = s(&q0, &u0);
    for (t, q, u) in &states {
        let st = s(q, u);
        assert!(
            a * u.norm() <= st * (1.0 + 1e-12) && st <= b * u.norm() * (1.0 + 1e-12),
            "(3.5)"
        );
        // (S(0) + 2ac/d′) e^{kt} − 2ac/d′ written as S(0) e^{kt} + (2ac/d′)(e^{kt} − 1), which
        // is S(0) exactly at t = 0 (no cancellation of 2ac/d′ against itself).
        let k = 0.5 * d * t / a2;
        let bound = s0 * k.exp() + 2.0 * a * c / d * k.exp_m1();
        assert!(st <= bound, "(3.7) at t = {t}: S = {st} > {bound}");
    }
    for (pre, post) in impacts {
        assert!(
            post <= pre * (1.0 + 1e-12),
            "(3.11): T⁺ = {post} > T⁻ = {pre}"
        );
    }
}
