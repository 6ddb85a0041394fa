//! A uniform ball dropped with horizontal velocity and spin about an arbitrary axis onto a rough
//! floor with restitution ([`RollingBall`], tangent plane (e_x, e_y)), under the event-driven
//! integrator: frictional impacts with the Coulomb cone, the accumulation of the bounces, the
//! slip phase on the floor and rolling.
//!
//! Closed forms. The ball's normal and tangent plane are decoupled in the kinetic metric, so an
//! impact with normal velocity v_z⁻ < 0 and slip s⁻ = (ẋ − r ω_y, ẏ + r ω_x) has
//! Λ_N = (1 + e) m |v_z⁻| (Newton) and, with D_T = 1/m + r²/I = 7/(2m) and ε_T = 0, the sticking
//! impulse Λ_T* = −s⁻/D_T if ‖Λ_T*‖ ≤ μΛ_N, else Λ_T = −μΛ_N s⁻/‖s⁻‖ (Glocker 2001, ch. 8, the
//! law in the tangent plane); then Δv = Λ_T/m, Δω = (r/I)(Λ_T,y, −Λ_T,x, 0). The flights
//! between bounces are parabolas with constant spin, so the bounces accumulate at
//! t∞ = t₁ + 2e|v_z,1⁻|/(g(1 − e)) (t₁ the first impact). Every force (the normal ones through
//! the centre and the contact point, friction at the contact point, gravity at the centre)
//! has zero moment about the contact point, so the horizontal angular momentum about it,
//! L = I ω + m r e_z × v, is conserved; rolling (ẋ = r ω_y, ẏ = −r ω_x)
//! then moves at ω_x = L_x/(I + m r²), ω_y = L_y/(I + m r²).
//!
//! With every impact sliding (small μ) the slip keeps its direction and falls by (7/2)μ/m per
//! unit normal impulse, whose total up to t is m g t: the slip stops at 2‖s₀‖/(7μg) as if the
//! ball had slid on the floor from the start.
//!
//! Checked: every impact before the accumulation (time 1e-12 s, velocities, both tangential
//! impulses 1e-12 relative), that no impact creates kinetic energy, t∞, the stop of the slip
//! (1e-10 s), and the rolling
//! velocity at the end (1e-10); and that none of it allocates once the integrator exists
//! (the cone problems of the impacts and of the modes run on preallocated workspaces).

use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::event::{ContactMode, Event, EventDriven, EventKind, EventOptions, Report};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Velocities (ẋ, ẏ, ż, ω_x, ω_y, ω_z) after the closed-form impact law.
fn impact(p: &RollingBall, u: &[f64; 6]) -> ([f64; 6], [f64; 3]) {
    let inertia = 0.4 * p.m * p.r * p.r;
    let ln = (1.0 + p.e) * p.m * u[2].abs();
    let s = [u[0] - p.r * u[4], u[1] + p.r * u[3]];
    let d_t = 1.0 / p.m + p.r * p.r / inertia;
    let stick = [-s[0] / d_t, -s[1] / d_t];
    let lt = if stick[0].hypot(stick[1]) <= p.mu * ln {
        stick
    } else {
        let n = s[0].hypot(s[1]);
        [-p.mu * ln * s[0] / n, -p.mu * ln * s[1] / n]
    };
    let mut v = *u;
    v[0] += lt[0] / p.m;
    v[1] += lt[1] / p.m;
    v[2] = -p.e * u[2];
    v[3] += p.r * lt[1] / inertia;
    v[4] -= p.r * lt[0] / inertia;
    (v, [ln, lt[0], lt[1]])
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * (1.0 + b.abs())
}

#[test]
fn a_spinning_ball_bounces_with_the_cone_law_accumulates_and_rolls() {
    // μ = 0.3: the first impact sticks; μ = 0.05: every impact slides, and so does the ball on
    // the floor after t∞ until its slip stops.
    for mu in [0.3, 0.05] {
        bounce_accumulate_and_roll(mu);
    }
}

fn bounce_accumulate_and_roll(mu: f64) {
    let p = RollingBall {
        e: 0.6,
        mu,
        ..RollingBall::default()
    };
    let h0 = 0.05;
    let u0 = [0.4, -0.25, 0.0, 12.0, -20.0, 5.0];
    let q0 = Vector::<6>::new(0.0, 0.0, p.r + h0, 0.0, 0.0, 0.0);
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, q0, Vector::from(u0))
        .expect("released in flight");
    let mut events: Vec<Event<6, 0, 1>> = Vec::new();
    sim.run(1.5, |r| {
        if let Report::Event(ev) = r {
            events.push(*ev);
        }
    })
    .expect("bounces, slides and rolls");
    // The closed-form bounces up to the accumulation.
    let t1 = (2.0 * h0 / p.g).sqrt();
    let mut t = t1;
    let mut u = u0;
    u[2] = -p.g * t1;
    let t_inf = t1 + 2.0 * p.e * p.g * t1 / (p.g * (1.0 - p.e));
    let mut impacts = 0;
    for ev in &events {
        assert!(
            ev.kinetic_energy_post <= ev.kinetic_energy_pre * (1.0 + 1e-14),
            "energy created at t = {}",
            ev.t
        );
        if ev.kind != EventKind::Impact {
            continue;
        }
        let (after, [ln, lt1, lt2]) = impact(&p, &u);
        assert!(
            (ev.t - t).abs() <= 1e-12,
            "impact {impacts}: t = {} vs {t}",
            ev.t
        );
        for (k, want) in after.iter().enumerate() {
            assert!(
                close(ev.u_post[k], *want, 1e-12),
                "impact {impacts}: u⁺[{k}]"
            );
        }
        assert!(close(ev.impulse[0], ln, 1e-12), "impact {impacts}: Λ_N");
        assert!(
            close(ev.tangential_impulse[0], lt1, 1e-12),
            "impact {impacts}: Λ_T1"
        );
        assert!(
            close(ev.second_tangential_impulse[0], lt2, 1e-12),
            "impact {impacts}: Λ_T2"
        );
        // The next flight: up and down at e|v_z|.
        u = after;
        t += 2.0 * u[2] / p.g;
        u[2] = -u[2];
        impacts += 1;
    }
    assert!(impacts >= 3, "{impacts} impacts before the accumulation");
    let accumulation = events
        .iter()
        .find_map(|ev| match ev.kind {
            EventKind::Accumulation { t_limit } => Some(t_limit),
            _ => None,
        })
        .expect("the bounces accumulate");
    assert!(
        (accumulation - t_inf).abs() <= 1e-12,
        "t∞ = {accumulation} vs {t_inf}"
    );
    // Rolling at the conserved angular momentum about the contact point.
    let inertia = 0.4 * p.m * p.r * p.r;
    let lx = inertia * u0[3] - p.m * p.r * u0[1];
    let ly = inertia * u0[4] + p.m * p.r * u0[0];
    let (wx, wy) = (
        lx / (inertia + p.m * p.r * p.r),
        ly / (inertia + p.m * p.r * p.r),
    );
    if mu < 0.1 {
        let t_stop = events
            .iter()
            .find(|ev| ev.kind == EventKind::SlipStops)
            .map(|ev| ev.t)
            .expect("the slip stops on the floor");
        assert!(
            t_stop > accumulation,
            "slides on the floor from t∞ to {t_stop}"
        );
        // The slip keeps its direction through every sliding impact and on the floor, and falls
        // by D_T μ = (7/2) μ/m per unit normal impulse; the normal impulse up to t is m g t (no
        // vertical momentum at the release and at rest), so it stops at 2‖s₀‖/(7 μ g).
        let s0 = (u0[0] - p.r * u0[4]).hypot(u0[1] + p.r * u0[3]);
        let t_closed = 2.0 * s0 / (7.0 * mu * p.g);
        assert!(
            (t_stop - t_closed).abs() <= 1e-10,
            "slip stops at {t_stop} vs {t_closed}"
        );
    }
    // Rolling at the end (the slip stopped at an impact, at t∞ or on the floor).
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking]);
    let v = *sim.u();
    for (k, want) in [(0, p.r * wy), (1, -p.r * wx), (3, wx), (4, wy), (5, u0[5])] {
        assert!(
            close(v[k], want, 1e-10),
            "rolling u[{k}] = {} vs {want}",
            v[k]
        );
    }
}

#[test]
fn bounces_slip_and_roll_in_a_tangent_plane_do_not_allocate() {
    let p = RollingBall {
        e: 0.6,
        mu: 0.3,
        ..RollingBall::default()
    };
    let q0 = Vector::<6>::new(0.0, 0.0, p.r + 0.05, 0.0, 0.0, 0.0);
    let u0 = Vector::<6>::new(0.4, -0.25, 0.0, 12.0, -20.0, 5.0);
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, q0, u0).expect("in flight");
    let (mut events, mut steps) = (0usize, 0usize);
    let before = allocations_on_this_thread();
    sim.set_state(0.0, q0, u0).expect("restart");
    sim.run(1.5, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .expect("bounces, slides and rolls");
    assert_eq!(allocations_on_this_thread() - before, 0);
    assert!(events >= 5 && steps >= 5, "{events} events, {steps} steps");
}
