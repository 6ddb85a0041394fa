//! Rod against a wall with its centre on a line αx + βy + γ = 0 (Brogliato 2013, Sect. 4.3,
//! Example 3). At the impact M(q̇⁺ − q̇⁻) = ∇h p_u + ∇g p_b (71), and premultiplying by
//! ∇gᵀM⁻¹ with ∇gᵀq̇± = 0 gives (72): p_b = −(∇gᵀM⁻¹∇g)⁻¹∇gᵀM⁻¹∇h p_u. Here ∇g = (α, β, 0),
//! ∇h = (1, 0, l sin θ), M = diag(m, m, ml²/3), so ∇gᵀM⁻¹∇g = (α² + β²)/m, ∇gᵀM⁻¹∇h = α/m and
//! p_b = −α/(α² + β²) p_u. (The paper prints α/(α² + β²) p_u without the minus sign; the
//! derivation above fixes it.) With α = 0 (g = βy + δ) the joint takes no percussion.
//! Independent check: the reported impulses are compared with this closed form, and Newton's
//! law γ⁺ = −eγ⁻ with the gap velocity recomputed from the reported velocities.

use mb_examples::event_models::rod_line::RodLine;
use mbruntime::Vector;
use mbruntime::event::{Event, EventDriven, EventKind, EventOptions, Report};

fn first_impact(rod: RodLine) -> Event<3, 1, 1> {
    let theta: f64 = 0.6;
    let x = rod.l * theta.cos() + 0.05;
    let y = -(rod.gamma + rod.alpha * x) / rod.beta;
    let xd = -1.0;
    let q0 = Vector::<3>::new(x, y, theta);
    let u0 = Vector::<3>::new(xd, -rod.alpha * xd / rod.beta, 0.5);
    let mut sim = EventDriven::new(rod, EventOptions::default(), 0.0, q0, u0).unwrap();
    let mut first = None;
    sim.run(0.5, |r| {
        if let Report::Event(ev) = r
            && first.is_none()
            && ev.kind == EventKind::Impact
        {
            first = Some(*ev);
        }
    })
    .unwrap();
    first.expect("the rod hits the wall")
}

fn gap_velocity(rod: &RodLine, q: &Vector<3>, u: &Vector<3>) -> f64 {
    u[0] + rod.l * q[2].sin() * u[2]
}

#[test]
fn joint_percussion_follows_brogliato_72_with_the_minus_sign() {
    for (alpha, beta) in [(0.5, 1.0), (-0.8, 0.6), (1.5, 0.3)] {
        let rod = RodLine {
            alpha,
            beta,
            ..RodLine::default()
        };
        let ev = first_impact(rod);
        let p_u = ev.impulse[0];
        let expected = -alpha / (alpha * alpha + beta * beta) * p_u;
        assert!(p_u > 0.0);
        assert!(
            (ev.bilateral_impulse[0] - expected).abs() < 1e-10 * p_u,
            "α={alpha}: {} vs {expected}",
            ev.bilateral_impulse[0]
        );
        let (gm, gp) = (
            gap_velocity(&rod, &ev.q, &ev.u_pre),
            gap_velocity(&rod, &ev.q, &ev.u_post),
        );
        assert!(
            (gp + rod.e * gm).abs() < 1e-12 * gm.abs(),
            "Newton's law: {gp} vs {}",
            -rod.e * gm
        );
        assert!(ev.kinetic_energy_post <= ev.kinetic_energy_pre);
    }
}

#[test]
fn horizontal_centre_line_takes_no_percussion() {
    let rod = RodLine {
        alpha: 0.0,
        beta: 1.0,
        gamma: -1.0,
        ..RodLine::default()
    };
    let ev = first_impact(rod);
    assert!(ev.impulse[0] > 0.0);
    assert!(
        ev.bilateral_impulse[0].abs() < 1e-14 * ev.impulse[0],
        "p_b = {}",
        ev.bilateral_impulse[0]
    );
}
