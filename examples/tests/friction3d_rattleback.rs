//! The generated `Rattleback` (an ellipsoid with turned principal axes of inertia on a rough
//! plane: unilateral contact and spatial Coulomb friction) against an independent reference:
//! the same body under the ideal rolling constraint, integrated by hand-written Newton–Euler
//! equations and the classical Runge–Kutta method (`mb_examples::rattleback_rolling`).
//!
//! Invariants and sources:
//! * the rolling body conserves its energy (the contact force does no work) — the reference
//!   must show it up to its fourth-order truncation error (≤ 1e-8, and more than 10 times
//!   smaller at half the step), which checks its derivation;
//! * the rattleback's asymmetry (Walker 1896; Kane & Levinson 1982, "Realistic mathematical
//!   modeling of the rattleback", Int. J. Non-Linear Mech. 17, whose data the model uses):
//!   spun at 5 rad/s clockwise seen from above (ω·e_z = −5) it rocks and reverses its spin
//!   within 3 s; spun counter-clockwise its rocking builds up far more slowly and the spin
//!   stays above 4.5 rad/s over the same time;
//! * with friction large enough, the contact sticks (the post-step slip velocity vanishes) and
//!   never opens, so the time-stepping solution converges to the rolling one. Both schemes are
//!   of first order: the spin error and the energy error (a persistent contact on a curved
//!   surface loses O(Δt) of normal velocity per unit time, Acary 2013, Sect. 4) halve with Δt.
//!   The steps use the gap projection (`Settings::gap_projection_iterations`), without which
//!   the body would sink into the floor by O(Δt).

use mb_examples::rattleback::rattleback::Rattleback;
use mb_examples::rattleback_rolling::{RollingRattleback, RollingState, rolling_state};
use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Dynamics, Vector};
use nalgebra::Vector3;
use std::sync::OnceLock;

/// Reference step; the time-stepping steps divide it.
const DT_REF: f64 = 1e-4;
/// Initial pitch and roll [rad].
const TILT: f64 = 0.01;
const T_END: f64 = 3.0;

fn model() -> Rattleback {
    Rattleback {
        mu: 1.0,
        ..Rattleback::default()
    }
}

/// The initial state of a body spinning at `spin` about the vertical, rolling.
fn start(spin: f64) -> ([f64; 6], [f64; 6]) {
    RollingRattleback::of(&model()).coordinates([0.0, TILT, TILT], &Vector3::new(0.0, 0.0, spin))
}

/// The rolling reference sampled every `dt` over [0, `t_end`].
fn reference(spin: f64, dt: f64, t_end: f64) -> Vec<RollingState> {
    let body = RollingRattleback::of(&model());
    let (q, qd) = start(spin);
    let mut s = rolling_state(&q, &qd);
    let mut out = vec![s];
    for _ in 0..(t_end / dt).round() as usize {
        s = body.rk4_step(&s, dt).expect("regular reduced inertia");
        out.push(s);
    }
    out
}

/// The rolling reference at the reference step over [0, T_END] for the spins the tests use
/// (±5 rad/s), computed once per test binary and shared by every test that compares with it.
fn shared_reference(spin: f64) -> &'static [RollingState] {
    static CLOCKWISE: OnceLock<Vec<RollingState>> = OnceLock::new();
    static COUNTER_CLOCKWISE: OnceLock<Vec<RollingState>> = OnceLock::new();
    let cell = match spin {
        -5.0 => &CLOCKWISE,
        5.0 => &COUNTER_CLOCKWISE,
        _ => panic!("no shared reference for the spin {spin}"),
    };
    cell.get_or_init(|| reference(spin, DT_REF, T_END))
}

/// First time at which the vertical spin changes sign (linear interpolation).
fn reversal(times_and_spins: impl Iterator<Item = (f64, f64)>) -> Option<f64> {
    let mut prev: Option<(f64, f64)> = None;
    for (t, w) in times_and_spins {
        if let Some((t0, w0)) = prev
            && w0 * w < 0.0
        {
            return Some(t0 + (t - t0) * w0 / (w0 - w));
        }
        prev = Some((t, w));
    }
    None
}

/// What a time-stepping run shows against the reference.
struct Run {
    /// max |ω·u − ω_ref·u_ref| over the reference grid.
    spin_error: f64,
    /// E(T)/E(0) − 1.
    energy_error: f64,
    /// (t, ω·u) at every step end.
    spins: Vec<(f64, f64)>,
}

fn state(r: &StepRecord<6, 0, 1>) -> RollingState {
    let q: [f64; 6] = r.q.as_slice().try_into().unwrap();
    let u: [f64; 6] = r.u.as_slice().try_into().unwrap();
    rolling_state(&q, &u)
}

/// Runs `scheme` at step `h` with the gap projection and checks, at every step, that the
/// contact is closed and pushing, that the body rolls (post-step slip ≤ 1e-9 of the speed of
/// the centre of mass) and that the end gap is not negative.
fn simulate(scheme: Scheme, h: f64, spin: f64, reference: &[RollingState]) -> Run {
    let settings = Settings {
        gap_projection_iterations: 3,
        ..Settings::default()
    };
    let (q, qd) = start(spin);
    let (q0, u0) = (Vector::<6>::from(q), Vector::<6>::from(qd));
    let m = model();
    let e0 = m.kinetic_energy(&q0, &u0, 0.0) + m.potential_energy(&q0, 0.0);
    let mut ts = TimeStepper::new(m, scheme, settings, 0.0, q0, u0).unwrap();
    let mut run = Run {
        spin_error: 0.0,
        energy_error: 0.0,
        spins: vec![],
    };
    let per_ref = (DT_REF / h).round() as u64;
    let mut gaps = Vector::<1>::zeros();
    ts.run(h, T_END, |r| {
        assert!(
            r.impulses.active[0] && r.impulses.lambda_n[0] > 0.0,
            "{scheme:?} h {h}: contact open at {}",
            r.t
        );
        let slip = r.impulses.xi_t[0].hypot(r.impulses.xi_t2[0]);
        let speed = r.u.fixed_rows::<3>(0).norm();
        assert!(
            slip <= 1e-9 * speed,
            "{scheme:?} h {h}: slip {slip:e} at {}",
            r.t
        );
        mbruntime::Constraints::gaps(&m, &r.q, r.t, &mut gaps);
        assert!(
            gaps[0] >= -1e-12,
            "{scheme:?} h {h}: gap {:e} at {}",
            gaps[0],
            r.t
        );
        let s = state(r);
        run.spins.push((r.t, s.vertical_spin()));
        if r.step.is_multiple_of(per_ref) {
            let k = (r.step / per_ref) as usize;
            let e = (s.vertical_spin() - reference[k].vertical_spin()).abs();
            run.spin_error = run.spin_error.max(e);
        }
    })
    .unwrap();
    let e = m.kinetic_energy(ts.q(), ts.u(), T_END) + m.potential_energy(ts.q(), T_END);
    run.energy_error = e / e0 - 1.0;
    run
}

#[test]
fn the_rolling_reference_conserves_energy_and_reverses_one_spin_only() {
    let body = RollingRattleback::of(&model());
    for spin in [-5.0, 5.0] {
        let fine = shared_reference(spin);
        let half = reference(spin, 0.5 * DT_REF, T_END);
        let drift = |states: &[RollingState]| {
            let e0 = body.energy(&states[0]);
            states
                .iter()
                .map(|s| (body.energy(s) / e0 - 1.0).abs())
                .fold(0.0, f64::max)
        };
        let (coarse_drift, fine_drift) = (drift(fine), drift(&half));
        assert!(
            coarse_drift < 1e-8 && fine_drift < coarse_drift / 10.0,
            "spin {spin}: energy drift {coarse_drift:e}, {fine_drift:e} at half the step"
        );
        let last = fine.last().unwrap().vertical_spin();
        let halved = half.last().unwrap().vertical_spin();
        assert!(
            (last - halved).abs() < 1e-7,
            "spin {spin}: RK4 not converged, {last} vs {halved}"
        );
        let spins = fine
            .iter()
            .enumerate()
            .map(|(k, s)| (k as f64 * DT_REF, s.vertical_spin()));
        match reversal(spins) {
            Some(t) => assert!(spin < 0.0 && t > 1.0, "spin {spin} reversed at {t}"),
            None => {
                assert!(spin > 0.0, "spin {spin} did not reverse by {T_END} s");
                let slowest = fine
                    .iter()
                    .map(|s| s.vertical_spin())
                    .fold(f64::INFINITY, f64::min);
                assert!(slowest > 4.5, "spin {spin} fell to {slowest}");
            }
        }
    }
}

#[test]
fn time_stepping_converges_to_the_rolling_motion_at_first_order() {
    let rolling = shared_reference(5.0);
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let coarse = simulate(scheme, 1e-4, 5.0, rolling);
        let fine = simulate(scheme, 5e-5, 5.0, rolling);
        assert!(
            coarse.spin_error < 0.1,
            "{scheme:?}: spin error {}",
            coarse.spin_error
        );
        let ratio = coarse.spin_error / fine.spin_error;
        assert!(
            (1.6..=2.4).contains(&ratio),
            "{scheme:?}: spin errors ratio {ratio}"
        );
        let ratio = coarse.energy_error / fine.energy_error;
        assert!(
            coarse.energy_error.abs() < 1e-2 && (1.6..=2.4).contains(&ratio),
            "{scheme:?}: energy errors {:e}, {:e}",
            coarse.energy_error,
            fine.energy_error
        );
    }
}

#[test]
fn time_stepping_reverses_the_clockwise_spin_when_the_rolling_body_does() {
    let rolling = shared_reference(-5.0);
    let spins = rolling
        .iter()
        .enumerate()
        .map(|(k, s)| (k as f64 * DT_REF, s.vertical_spin()));
    let t_ref = reversal(spins).expect("the rolling rattleback reverses");
    let mut errors = vec![];
    for h in [5e-5, 2.5e-5] {
        let run = simulate(Scheme::MoreauMidpoint, h, -5.0, rolling);
        let t = reversal(run.spins.iter().copied()).expect("the spin reverses");
        errors.push((t - t_ref).abs());
    }
    assert!(
        errors[1] < errors[0] && errors[1] < 0.1,
        "reversal time errors {errors:?} (reference {t_ref} s)"
    );
}

/// The rattleback under the event-driven integrator (rtol 1e-10) from the rolling start with
/// `spin`: (t, vertical spin) at every step, the largest relative energy drift, the number of
/// events.
fn event_driven(spin: f64) -> (Vec<(f64, f64)>, f64, usize) {
    use mbruntime::event::{ContactMode, EventDriven, EventOptions, Report};
    let (q, qd) = start(spin);
    let (q0, u0) = (Vector::<6>::from(q), Vector::<6>::from(qd));
    let m = model();
    let energy =
        |q: &Vector<6>, u: &Vector<6>| m.kinetic_energy(q, u, 0.0) + m.potential_energy(q, 0.0);
    let e0 = energy(&q0, &u0);
    let opts = EventOptions {
        rtol: 1e-10,
        atol: 1e-12,
        ..EventOptions::default()
    };
    let mut sim = EventDriven::new(m, opts, 0.0, q0, u0).expect("rolling start");
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking]);
    let mut spins = vec![(0.0, rolling_state(&q, &qd).vertical_spin())];
    let mut worst_energy = 0.0_f64;
    let mut events = 0;
    sim.run(T_END, |r| match r {
        Report::Step { t, q, u, .. } => {
            let qa: [f64; 6] = q.as_slice().try_into().unwrap();
            let ua: [f64; 6] = u.as_slice().try_into().unwrap();
            spins.push((t, rolling_state(&qa, &ua).vertical_spin()));
            worst_energy = worst_energy.max((energy(q, u) / e0 - 1.0).abs());
        }
        Report::Event(_) => events += 1,
    })
    .expect("rolls");
    (spins, worst_energy, events)
}

/// The event-driven integrator with spatial friction: the rattleback sticks at its contact
/// throughout (both tangential velocities are constraints), so it follows the rolling reference
/// to the reference's own accuracy, conserves energy to the integration tolerance (the contact
/// force does no work), never lifts off or slips (no event), and reverses its clockwise spin at
/// the reference's time; time-stepping converges to it at first order (the error of its spin at
/// the end, against the event-driven one, halves with the step).
#[test]
fn the_event_driven_rattleback_rolls_as_the_reference_and_time_stepping_converges_to_it() {
    for spin in [-5.0, 5.0] {
        let rolling = shared_reference(spin);
        let (spins, drift, events) = event_driven(spin);
        assert_eq!(events, 0, "spin {spin}: no lift-off, no slip");
        assert!(drift <= 1e-8, "spin {spin}: energy drift {drift:e}");
        let end = rolling.last().unwrap().vertical_spin();
        let got = spins.last().unwrap().1;
        assert!(
            (got - end).abs() <= 1e-6,
            "spin {spin}: {got} vs {end} at T"
        );
        let reference_spins = rolling
            .iter()
            .enumerate()
            .map(|(k, s)| (k as f64 * DT_REF, s.vertical_spin()));
        match (reversal(spins.iter().copied()), reversal(reference_spins)) {
            (Some(t), Some(t_ref)) => assert!((t - t_ref).abs() <= 1e-5, "{t} vs {t_ref}"),
            (None, None) => assert!(spin > 0.0),
            other => panic!("spin {spin}: reversals {other:?}"),
        }
        if spin > 0.0 {
            let errors: Vec<f64> = [1e-4, 5e-5]
                .iter()
                .map(|&h| {
                    let run = simulate(Scheme::MoreauMidpoint, h, spin, rolling);
                    (run.spins.last().unwrap().1 - got).abs()
                })
                .collect();
            let ratio = errors[0] / errors[1];
            assert!(
                (1.6..=2.4).contains(&ratio),
                "errors {errors:?}, ratio {ratio}"
            );
        }
    }
}
