//! The closed-form stick–slip references of `mb_examples::stick_slip_reference`, checked by
//! routes that do not share their formulas.
//!
//! Invariants: (i) every transition satisfies its defining condition — a slip starts where the
//! tangential force demanded at rest reaches the Coulomb bound μ λ_N, ends where the slip
//! velocity returns to zero (a sign change within 1e-14 of the time), and no earlier zero lies
//! inside the phase; (ii) the piecewise solutions satisfy their equations of motion (Coulomb's
//! law with the normal force of the flat contact; Den Hartog 1931 for the driven spring) by
//! fourth-order finite differences; (iii) energy balance over each slip from rest to rest: the
//! work of the driving force, computed by Gauss–Legendre quadrature of the closed-form velocity,
//! equals the potential energy gained plus μ λ_N |Δx| dissipated; (iv) for the ball, Newton's and
//! Coulomb's impact laws as stated by Glocker & Studer (2005), (11)–(12), the balance of momentum
//! at each impact, the conservation of I φ̇ − m r ẋ (the angular momentum about the contact
//! point, on which neither contact force nor gravity has a moment) that fixes the rolling speed,
//! and the impulse–time equivalence of sliding (the normal impulses of a bouncing ball released
//! at rest sum to m g t, so sliding at every impact and on the floor ends at
//! γ_T0/(μ g m D_T), D_T = 1/m + r²/I).

use mb_examples::friction_event_models::{
    ramp_block::RampBlock, spinning_ball::SpinningBall, spring_dragged_block::SpringDraggedBlock,
};
use mb_examples::stick_slip_reference::driven_spring::{self, SpringSlip};
use mb_examples::stick_slip_reference::ramp::{self, RampSlip};
use mb_examples::stick_slip_reference::spinning_ball::{self as ball, BallState};
use mb_examples::stick_slip_reference::{Motion, Phase};
use mb_testsupport::{derivative, second_derivative};
use std::f64::consts::PI;

/// ∫_a^b f by 5-point Gauss–Legendre on `n` equal subintervals.
fn integrate(f: impl Fn(f64) -> f64, a: f64, b: f64, n: usize) -> f64 {
    const X: [f64; 5] = [
        0.0,
        0.538_469_310_105_683,
        -0.538_469_310_105_683,
        0.906_179_845_938_664,
        -0.906_179_845_938_664,
    ];
    const W: [f64; 5] = [
        0.568_888_888_888_889,
        0.478_628_670_499_366,
        0.478_628_670_499_366,
        0.236_926_885_056_189,
        0.236_926_885_056_189,
    ];
    let h = (b - a) / n as f64;
    (0..n)
        .map(|i| {
            let c = a + (i as f64 + 0.5) * h;
            X.iter()
                .zip(W)
                .map(|(x, w)| w * f(c + 0.5 * h * x))
                .sum::<f64>()
                * 0.5
                * h
        })
        .sum()
}

/// The slip velocity changes sign at `t_end` (within 1e-14 relative) and keeps the sign σ on a
/// grid of 2000 interior points: the root is the first one and found to rounding.
fn assert_first_return_to_zero(v: impl Fn(f64) -> f64, ph: &Phase, sigma: f64) {
    let (a, b) = (ph.t_start, ph.t_end);
    let eps = 1e-14 * b;
    assert!(
        sigma * v(b - eps) > 0.0 && sigma * v(b + eps) < 0.0,
        "no sign change at t = {b}: {} {}",
        v(b - eps),
        v(b + eps)
    );
    for i in 1..2000 {
        let t = a + (b - a) * i as f64 / 2000.0;
        assert!(
            sigma * v(t) > 0.0,
            "slip velocity zero inside the phase at {t}"
        );
    }
}

#[test]
fn ramp_transitions_satisfy_coulomb_and_the_motion_is_periodic() {
    let p = RampBlock::default();
    let phases = ramp::phases(&p, 0.0, 0.0, 6).unwrap();
    let kinds: Vec<Motion> = phases.iter().map(|ph| ph.motion).collect();
    let (up, down) = (Motion::Slip { sigma: 1.0 }, Motion::Slip { sigma: -1.0 });
    assert_eq!(
        kinds,
        [Motion::Stick, up, Motion::Stick, down, Motion::Stick, up]
    );
    let normal = p.m * p.g * p.alpha.cos();
    for ph in &phases {
        println!(
            "ramp {:?} until {:.15} s at s = {:.15} m",
            ph.motion, ph.t_end, ph.x_end
        );
        match ph.motion {
            Motion::Stick => {
                // Leaves the band where F − m g sin α = ±μ m g cos α.
                let excess = ramp::push(&p, ph.t_end) - p.m * p.g * p.alpha.sin();
                assert!((excess.abs() - p.mu * normal).abs() <= 1e-14 * p.f0);
                assert_eq!(ph.x_end, ph.x_start);
            }
            Motion::Slip { sigma } => {
                let slip = RampSlip::new(&p, ph.t_start, ph.x_start, sigma);
                assert_first_return_to_zero(|t| slip.velocity(t), ph, sigma);
                // Sticks afterwards: the push at rest is back inside the band.
                let excess = ramp::push(&p, ph.t_end) - p.m * p.g * p.alpha.sin();
                assert!(excess.abs() < p.mu * normal);
            }
        }
    }
    // From rest at a slip start the motion repeats one period of the push later, shifted.
    let period = 2.0 * PI / p.omega;
    assert!((phases[5].t_start - phases[1].t_start - period).abs() <= 1e-14);
    let rise = |ph: &Phase| ph.x_end - ph.x_start;
    assert!((rise(&phases[5]) - rise(&phases[1])).abs() <= 1e-14);
    assert!((phases[5].t_end - phases[1].t_end - period).abs() <= 1e-13);
}

#[test]
fn ramp_slips_solve_the_sliding_equation_and_balance_energy() {
    let p = RampBlock::default();
    let phases = ramp::phases(&p, 0.0, 0.0, 6).unwrap();
    let normal = p.m * p.g * p.alpha.cos();
    for ph in &phases {
        let Motion::Slip { sigma } = ph.motion else {
            continue;
        };
        let slip = RampSlip::new(&p, ph.t_start, ph.x_start, sigma);
        for i in 1..20 {
            let t = ph.t_start + (ph.t_end - ph.t_start) * i as f64 / 20.0;
            let x = |d: f64| slip.position(t + d);
            let a = (ramp::push(&p, t) - p.m * p.g * p.alpha.sin() - sigma * p.mu * normal) / p.m;
            assert!((second_derivative(x, 1e-3) - a).abs() <= 1e-8 * p.f0 / p.m);
            assert!((derivative(x, 1e-3) - slip.velocity(t)).abs() <= 1e-10);
        }
        // Work of the push = potential gain + friction loss (kinetic energy zero at both ends).
        let work = integrate(
            |t| ramp::push(&p, t) * slip.velocity(t),
            ph.t_start,
            ph.t_end,
            200,
        );
        let ds = ph.x_end - ph.x_start;
        let expected = p.m * p.g * p.alpha.sin() * ds + p.mu * normal * ds.abs();
        assert!(
            (work - expected).abs() <= 1e-12 * expected.abs(),
            "{work} vs {expected}"
        );
        assert_eq!(ds.signum(), sigma);
    }
}

#[test]
fn driven_spring_transitions_satisfy_coulomb_and_the_slips_balance_energy() {
    let p = SpringDraggedBlock::default();
    let phases = driven_spring::phases(&p, 0.0, 0.0, 10).unwrap();
    let friction = p.mu * p.m * p.g;
    for ph in &phases {
        println!(
            "spring {:?} until {:.15} s at x = {:.15} m",
            ph.motion, ph.t_end, ph.x_end
        );
        let spring = |t: f64, x: f64| p.k * (driven_spring::driven_end(&p, t) - x);
        match ph.motion {
            Motion::Stick => {
                assert!((spring(ph.t_end, ph.x_start).abs() - friction).abs() <= 1e-13 * friction);
                assert_eq!(ph.x_end, ph.x_start);
            }
            Motion::Slip { sigma } => {
                let slip = SpringSlip::new(&p, ph.t_start, ph.x_start, sigma).unwrap();
                assert_first_return_to_zero(|t| slip.velocity(t), ph, sigma);
                assert!(
                    spring(ph.t_end, ph.x_end).abs() < friction,
                    "stops, no reversal"
                );
                for i in 1..20 {
                    let t = ph.t_start + (ph.t_end - ph.t_start) * i as f64 / 20.0;
                    let x = |d: f64| slip.position(t + d);
                    // m ẍ + k x = k x_d(t) − σ μ m g.
                    let a = (spring(t, slip.position(t)) - sigma * friction) / p.m;
                    assert!((second_derivative(x, 1e-3) - a).abs() <= 1e-8 * p.k * p.x0 / p.m);
                    assert!((derivative(x, 1e-3) - slip.velocity(t)).abs() <= 1e-10);
                }
                // Work of the spring on the block = friction loss.
                let work = integrate(
                    |t| spring(t, slip.position(t)) * slip.velocity(t),
                    ph.t_start,
                    ph.t_end,
                    200,
                );
                let loss = friction * (ph.x_end - ph.x_start).abs();
                assert!((work - loss).abs() <= 1e-12 * loss, "{work} vs {loss}");
            }
        }
    }
}

#[test]
fn driven_spring_settles_to_two_symmetric_stops_per_period() {
    let p = SpringDraggedBlock::default();
    // The transient decays by a factor of about 1.7 per period of the drive: 60 periods.
    let phases = driven_spring::phases(&p, 0.0, 0.0, 240).unwrap();
    // Stick and slip alternate (every slip ends in a stop), slips alternating in sign.
    for (i, ph) in phases.iter().enumerate() {
        let expected = match i % 4 {
            0 | 2 => Motion::Stick,
            1 => Motion::Slip { sigma: 1.0 },
            _ => Motion::Slip { sigma: -1.0 },
        };
        assert_eq!(ph.motion, expected, "phase {i}");
    }
    // Den Hartog's steady motion with stops: symmetric stops ±a, one period of the drive per
    // four phases.
    let period = 2.0 * PI / p.omega;
    let n = phases.len();
    let (last, before) = (&phases[n - 1], &phases[n - 3]);
    assert!(
        (last.x_end + before.x_end).abs() <= 1e-13,
        "stops {} {}",
        last.x_end,
        before.x_end
    );
    assert!((phases[n - 1].t_end - phases[n - 5].t_end - period).abs() <= 1e-12);
    assert!((phases[n - 1].t_end - phases[n - 3].t_end - 0.5 * period).abs() <= 1e-12);
    println!(
        "steady stops ±{:.9} m, slips of {:.9} s per half period of {:.9} s",
        last.x_end.abs(),
        last.t_end - last.t_start,
        0.5 * period
    );
}

/// The ball of the examples released at rest in flight 0.5 m above the floor with horizontal
/// speed `vx` and spin `omega`.
fn released(p: &SpinningBall, vx: f64, omega: f64) -> BallState {
    BallState {
        t: 0.0,
        x: 0.0,
        y: p.r + 0.5,
        phi: 0.0,
        vx,
        vy: 0.0,
        omega,
    }
}

/// Newton's and Coulomb's impact laws, Glocker & Studer (2005) (11)–(12), and the momentum
/// balance at one impact.
fn assert_impact_laws(p: &SpinningBall, hit: &ball::Impact) {
    let (b, a) = (&hit.before, &hit.after);
    let scale = b.vy.abs() + b.vx.abs() + p.r * b.omega.abs();
    assert!((b.y - p.r).abs() <= 1e-15 && b.vy < 0.0);
    assert!(
        (a.vy + p.e_N * b.vy).abs() <= 1e-15 * scale,
        "γ_N⁺ = −e_N γ_N⁻"
    );
    assert!((p.m * (a.vy - b.vy) - hit.lambda_n).abs() <= 1e-15 * scale);
    assert!((p.m * (a.vx - b.vx) - hit.lambda_t).abs() <= 1e-15 * scale);
    let inertia = ball::inertia(p);
    assert!((inertia * (a.omega - b.omega) - p.r * hit.lambda_t).abs() <= 1e-15 * scale);
    let xi_t = a.slip_velocity(p) + p.e_T * b.slip_velocity(p);
    if hit.sticking {
        assert!(xi_t.abs() <= 1e-14 * scale, "sticking: γ_T⁺ = −e_T γ_T⁻");
        assert!(hit.lambda_t.abs() <= p.mu * hit.lambda_n);
    } else {
        assert!((hit.lambda_t.abs() - p.mu * hit.lambda_n).abs() <= 1e-15 * scale);
        assert!(hit.lambda_t * xi_t < 0.0, "sliding: −Λ_T ∈ μ Λ_N Sgn(ξ_T)");
    }
    let energy =
        |s: &BallState| 0.5 * p.m * (s.vx * s.vx + s.vy * s.vy) + 0.5 * inertia * s.omega * s.omega;
    assert!(
        energy(a) <= energy(b) * (1.0 + 1e-15),
        "an impact dissipates"
    );
    let conserved = b.contact_angular_momentum(p);
    assert!((a.contact_angular_momentum(p) - conserved).abs() <= 1e-15 * conserved.abs().max(1e-3));
}

#[test]
fn ball_with_backspin_slides_at_every_impact_then_rolls_back() {
    let p = SpinningBall::default();
    let start = released(&p, 1.0, 3.0 / p.r);
    let hits = ball::bounces(&p, &start, 40);
    let v1 = (2.0 * p.g * 0.5).sqrt();
    for (k, hit) in hits.iter().enumerate() {
        assert_impact_laws(&p, hit);
        assert!(!hit.sticking, "impact {k} slides");
        // Flights between impacts: impact speeds e_N^k v1 (parabolas from y = r to y = r).
        let expected = p.e_N.powi(k as i32) * v1;
        assert!((hit.before.vy + expected).abs() <= 1e-14 * v1);
    }
    let settled = ball::settle(&p, &start).unwrap();
    assert!(settled.sliding_tail);
    // Impulse–time equivalence: every impact and the floor sliding apply −μ × the normal
    // impulse, which sums to m g t from the release at rest.
    let gamma0 = start.slip_velocity(&p);
    let t_roll = gamma0 / (p.mu * p.g * p.m * ball::tangential_delassus(&p));
    let rolling = settled.rolling;
    assert!(
        (rolling.t - t_roll).abs() <= 1e-14,
        "{} vs {t_roll}",
        rolling.t
    );
    // Accumulation point: t1 + 2 e v1 / (g (1 − e)), t1 = v1 / g.
    let t_acc = v1 / p.g + 2.0 * p.e_N * v1 / (p.g * (1.0 - p.e_N));
    assert!((settled.accumulation.t - t_acc).abs() <= 1e-14);
    assert!(
        settled.accumulation.t < rolling.t,
        "slides on the floor after the bounces"
    );
    // Rolling speed from the conserved I φ̇ − m r ẋ: (m r² v − I r ω)/(I + m r²) = −1/7 m/s.
    assert!(rolling.slip_velocity(&p).abs() <= 1e-15);
    assert!((rolling.vx - ball::rolling_speed(&p, &start)).abs() <= 1e-15);
    assert!((rolling.vx + 1.0 / 7.0).abs() <= 1e-15, "{}", rolling.vx);
    // The closed-form tail against the brute sum of the bounces: position and angle at the
    // accumulation point.
    let last = hits.last().unwrap().after;
    let brute = ball::flight(&p, &last, ball::landing_time(&p, &last));
    let acc = settled.accumulation;
    assert!((acc.x - brute.x).abs() <= 1e-12 && (acc.phi - brute.phi).abs() <= 1e-10);
    println!(
        "impacts at {:.12} {:.12} {:.12} s; accumulation {:.12} s; rolling from {:.12} s at {:.12} m/s",
        hits[0].before.t, hits[1].before.t, hits[2].before.t, acc.t, rolling.t, rolling.vx
    );
}

#[test]
fn ball_without_spin_sticks_at_every_impact_and_rolls_at_five_sevenths() {
    let p = SpinningBall::default();
    let vx = 0.5;
    let start = released(&p, vx, 0.0);
    let hits = ball::bounces(&p, &start, 20);
    let gamma0 = start.slip_velocity(&p);
    for (k, hit) in hits.iter().enumerate() {
        assert_impact_laws(&p, hit);
        assert!(hit.sticking, "impact {k} sticks");
        // γ_T after impact k: (−e_T)^(k+1) γ_T0.
        let expected = (-p.e_T).powi(k as i32 + 1) * gamma0;
        assert!((hit.after.slip_velocity(&p) - expected).abs() <= 1e-15 * gamma0);
    }
    let settled = ball::settle(&p, &start).unwrap();
    let v1 = (2.0 * p.g * 0.5).sqrt();
    let t_acc = v1 / p.g + 2.0 * p.e_N * v1 / (p.g * (1.0 - p.e_N));
    assert!((settled.accumulation.t - t_acc).abs() <= 1e-14);
    // Rolls from the accumulation point at 5/7 of the launch speed (I = 2/5 m r², Routh).
    assert!((settled.rolling.t - settled.accumulation.t).abs() <= 1e-14);
    assert!((settled.rolling.vx - 5.0 / 7.0 * vx).abs() <= 1e-15);
}
