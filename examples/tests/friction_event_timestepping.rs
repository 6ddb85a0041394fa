//! The planar stick–slip examples of `friction_event_models` under time-stepping, against the
//! closed forms of `stick_slip_reference`, at Δt = 1e-3, 5e-4, 2.5e-4.
//!
//! Invariant: the Moreau–Jean scheme with θ = 1 (Jean 1999; backward Euler in the velocities,
//! q_E = q_A + Δt u_E) is of first order in Δt for these forces, so its errors halve with Δt.
//! Asserted, each against the closed form (Coulomb's law with the constant normal force of the
//! flat contact; Den Hartog 1931 for the driven spring; Glocker & Studer 2005, (24)–(33) for the
//! ball's impacts):
//!
//! - error ratios in [1.9, 2.1] when Δt halves for: the slip-end times (zero of the line through
//!   the last two sliding velocities), the slip-start times of the driven spring (zero of the
//!   line through the first two discrete accelerations), its stop positions, the largest
//!   position and velocity errors over the run at the step ends, the ball's first impact time
//!   (zero of the gap extrapolated from the start of the impact step; the right-endpoint
//!   position sum of θ = 1 lags by g Δt t/2, so the error is −Δt/2) and its position after
//!   rolling for 0.2 s;
//! - the ramp's slip starts exactly within the first sliding step: θ = 1 tests the stick from
//!   rest with the push at the step end, f0 sin ωt_E against F_σ = m g (sin α + σ μ cos α),
//!   whatever the position;
//! - the ramp's stop positions at least as accurate as the trajectory (the first-order error of
//!   the right-endpoint sum, Δt (ṡ_end − ṡ_start)/2, cancels over a slip from rest to rest);
//! - the ball's rebound velocities after its first three impacts within the bound
//!   (1 + e_N) g Δt / (1 − e_N): an impact step replaces the exact e_N |ẏ⁻| − g τ by e_N |ẏ_A|,
//!   an error of at most (1 + e_N) g Δt, and carries e_N times the error of the previous
//!   rebound; the slip velocities within μ m D_T times that bound (sliding impulses are μ times
//!   the normal ones);
//! - exact to rounding, for both schemes: the ball's rolling speed (the discrete impulses act
//!   at the contact point, so I φ̇ − m r ẋ is conserved step by step) and, with backspin, the
//!   onset of rolling (every closed step slides, so the friction impulses are μ times the
//!   normal ones, whose sum from the release at rest is m g t: the discrete slip velocity falls
//!   exactly as the closed form's, and the zero of the line through the last two sliding slip
//!   velocities is the closed-form onset).

use mb_examples::friction_event_models::{
    ramp_block::RampBlock, spinning_ball::SpinningBall, spring_dragged_block::SpringDraggedBlock,
};
use mb_examples::stick_slip_reference::spinning_ball::{self as ball, BallState};
use mb_examples::stick_slip_reference::{Motion, Phase, driven_spring, ramp};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Jacobians, Vector};

/// Step sizes, halved twice.
const LEVELS: [f64; 3] = [1e-3, 5e-4, 2.5e-4];
/// First-order scheme: Moreau–Jean, θ = 1.
const BACKWARD_EULER: Scheme = Scheme::MoreauJean { theta: 1.0 };
/// A step whose slip velocity is at most this is sticking (exactly zero up to rounding).
const STICK: f64 = 1e-12;

/// (t, x, ẋ) of the slip coordinate (index 0) at every step end of a two-coordinate block
/// started at rest at the origin.
fn slip_history<M: Jacobians<2, 0, 1>>(model: M, h: f64, t_end: f64) -> Vec<[f64; 3]> {
    let zero = Vector::<2>::zeros();
    let mut ts = TimeStepper::new(model, BACKWARD_EULER, Settings::default(), 0.0, zero, zero)
        .expect("valid model and state");
    let mut out = vec![[0.0, 0.0, 0.0]];
    ts.run(h, t_end, |r| out.push([r.t, r.q[0], r.u[0]]))
        .expect("every step solves");
    out
}

/// Transitions read from a run: slip starts (raw: end of the first sliding step; interpolated:
/// zero of the line through the first two discrete accelerations), slip ends (zero of the line
/// through the last two sliding velocities) and the stop positions that follow.
#[derive(Debug, Default)]
struct Observed {
    first_sliding_step_end: Vec<f64>,
    starts: Vec<f64>,
    ends: Vec<f64>,
    stops: Vec<f64>,
}

fn observe(run: &[[f64; 3]], h: f64) -> Observed {
    let slides = |k: usize| run[k][2].abs() > STICK;
    let mut o = Observed::default();
    for k in 1..run.len() - 1 {
        if !slides(k - 1) && slides(k) && slides(k + 1) {
            let a1 = (run[k][2] - run[k - 1][2]) / h;
            let a2 = (run[k + 1][2] - run[k][2]) / h;
            o.first_sliding_step_end.push(run[k][0]);
            o.starts.push(run[k][0] - h * a1 / (a2 - a1));
        }
        if k >= 2 && slides(k - 1) && slides(k) && !slides(k + 1) {
            let (u1, u2) = (run[k - 1][2], run[k][2]);
            o.ends.push(run[k][0] + h * u2 / (u1 - u2));
            o.stops.push(run[k + 1][1]);
        }
    }
    o
}

/// The closed form's slip starts, slip ends and stop positions before `t_end`.
fn expected(phases: &[Phase], t_end: f64) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let within = phases.iter().filter(|ph| ph.t_end < t_end);
    let starts = within
        .clone()
        .filter(|ph| ph.motion == Motion::Stick)
        .map(|ph| ph.t_end)
        .collect();
    let slips: Vec<&Phase> = within.filter(|ph| ph.motion != Motion::Stick).collect();
    let ends = slips.iter().map(|ph| ph.t_end).collect();
    let stops = slips.iter().map(|ph| ph.x_end).collect();
    (starts, ends, stops)
}

/// Largest |a − b| over two lists of equal length.
fn worst(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len(), "{a:?} against {b:?}");
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

/// Errors of one level: [slip starts, slip ends, stops, sup |x − x_ref|, sup |ẋ − ẋ_ref|].
fn level_errors(
    run: &[[f64; 3]],
    h: f64,
    phases: &[Phase],
    t_end: f64,
    reference: impl Fn(f64) -> (f64, f64),
) -> ([f64; 5], Observed) {
    let o = observe(run, h);
    let (starts, ends, stops) = expected(phases, t_end);
    let (mut sup_x, mut sup_u) = (0.0f64, 0.0f64);
    for [t, x, u] in run {
        let (xr, ur) = reference(*t);
        sup_x = sup_x.max((x - xr).abs());
        sup_u = sup_u.max((u - ur).abs());
    }
    let errors = [
        worst(&o.starts, &starts),
        worst(&o.ends, &ends),
        worst(&o.stops, &stops),
        sup_x,
        sup_u,
    ];
    (errors, o)
}

/// Asserts that the error `name` halves with Δt: ratios in [1.9, 2.1]; prints them.
fn assert_first_order(name: &str, errors: &[f64]) {
    let ratios: Vec<f64> = errors.windows(2).map(|w| w[0] / w[1]).collect();
    let shown: Vec<String> = errors.iter().map(|e| format!("{e:.3e}")).collect();
    println!("{name}: errors {shown:?}, ratios {ratios:.3?}");
    for r in ratios {
        assert!((1.9..=2.1).contains(&r), "{name}: ratio {r} for {shown:?}");
    }
}

#[test]
fn ramp_block_stick_slip_converges_at_first_order() {
    let p = RampBlock::default();
    let t_end = 2.6;
    let phases = ramp::phases(&p, 0.0, 0.0, 7).unwrap();
    let (starts, ends, _) = expected(&phases, t_end);
    assert_eq!((starts.len(), ends.len()), (3, 2));
    let mut table = Vec::new();
    for h in LEVELS {
        let run = slip_history(p, h, t_end);
        let (e, o) = level_errors(&run, h, &phases, t_end, |t| {
            ramp::state(&p, &phases, t).unwrap()
        });
        // The stick test of the step from rest samples the push at the step end.
        for (t_e, t_start) in o.first_sliding_step_end.iter().zip(&starts) {
            assert!(
                t_e - h < *t_start && t_start <= t_e,
                "h {h}: slip start {t_start} outside the step ending at {t_e}"
            );
        }
        assert!(e[2] <= e[3], "stops {:e} vs trajectory {:e}", e[2], e[3]);
        println!("h {h:e}: slip starts {:.3e} s, stops {:.3e} m", e[0], e[2]);
        table.push(e);
    }
    let column = |i: usize| table.iter().map(|e| e[i]).collect::<Vec<_>>();
    assert_first_order("ramp slip ends [s]", &column(1));
    assert_first_order("ramp sup |s − s_ref| [m]", &column(3));
    assert_first_order("ramp sup |ṡ − ṡ_ref| [m/s]", &column(4));
}

#[test]
fn spring_dragged_block_stick_slip_converges_at_first_order() {
    let p = SpringDraggedBlock::default();
    let t_end = 4.0;
    let phases = driven_spring::phases(&p, 0.0, 0.0, 8).unwrap();
    let (starts, ends, _) = expected(&phases, t_end);
    assert_eq!((starts.len(), ends.len()), (3, 3));
    let mut table = Vec::new();
    for h in LEVELS {
        let run = slip_history(p, h, t_end);
        let (e, _) = level_errors(&run, h, &phases, t_end, |t| {
            driven_spring::state(&p, &phases, t).unwrap()
        });
        table.push(e);
    }
    let column = |i: usize| table.iter().map(|e| e[i]).collect::<Vec<_>>();
    assert_first_order("spring slip starts [s]", &column(0));
    assert_first_order("spring slip ends [s]", &column(1));
    assert_first_order("spring stops [m]", &column(2));
    assert_first_order("spring sup |x − x_ref| [m]", &column(3));
    assert_first_order("spring sup |ẋ − ẋ_ref| [m/s]", &column(4));
}

/// What a time-stepping run of the ball shows: the first three impacts (time estimated from
/// the gap and velocity at the start of the impact step; the record at its end), the onset of
/// rolling, and the final state.
#[derive(Debug, Default)]
struct BallRun {
    impacts: Vec<(f64, f64, [f64; 3])>,
    rolling_onset: Option<f64>,
    sliding_steps: usize,
    sticking_steps: usize,
    q: [f64; 3],
    u: [f64; 3],
}

fn run_ball(p: &SpinningBall, start: &BallState, scheme: Scheme, h: f64, t_end: f64) -> BallRun {
    let q0 = Vector::<3>::new(start.x, start.y, start.phi);
    let u0 = Vector::<3>::new(start.vx, start.vy, start.omega);
    let mut ts = TimeStepper::new(*p, scheme, Settings::default(), start.t, q0, u0).unwrap();
    let mut out = BallRun::default();
    let (mut in_contact, mut slips) = (false, [0.0, start.slip_velocity(p)]);
    ts.run(h, t_end, |r| {
        let pushed = r.impulses.lambda_n[0] > 0.0;
        if pushed && !in_contact && out.impacts.len() < 3 {
            let t_hit = r.t - r.h + (r.q_start[1] - p.r) / -r.u_start[1];
            out.impacts.push((t_hit, r.t, [r.u[0], r.u[1], r.u[2]]));
        }
        in_contact = pushed;
        let sticks =
            pushed && r.impulses.lambda_t[0].abs() < p.mu * r.impulses.lambda_n[0] * (1.0 - 1e-12);
        out.sticking_steps += usize::from(sticks);
        out.sliding_steps += usize::from(pushed && !sticks);
        if sticks && out.rolling_onset.is_none() && out.impacts.len() == 3 {
            let [g1, g2] = slips;
            out.rolling_onset = Some(r.t - r.h + r.h * g2 / (g1 - g2));
        }
        slips = [slips[1], r.u[0] + p.r * r.u[2]];
    })
    .unwrap();
    let (q, u) = (ts.q(), ts.u());
    out.q = [q[0], q[1], q[2]];
    out.u = [u[0], u[1], u[2]];
    out
}

/// Released at rest 0.5 m above the floor with ẋ = 1 m/s and backspin r φ̇ = 3 m/s.
fn backspin(p: &SpinningBall) -> BallState {
    BallState {
        t: 0.0,
        x: 0.0,
        y: p.r + 0.5,
        phi: 0.0,
        vx: 1.0,
        vy: 0.0,
        omega: 3.0 / p.r,
    }
}

#[test]
fn spinning_ball_impacts_sliding_and_rolling_against_the_closed_forms() {
    let p = SpinningBall::default();
    let start = backspin(&p);
    let hits = ball::bounces(&p, &start, 3);
    let settled = ball::settle(&p, &start).unwrap();
    let roll = settled.rolling;
    let t_end = roll.t + 0.2;
    let x_end = roll.x + roll.vx * 0.2;
    let rebound_bound = |h: f64| (1.0 + p.e_N) * p.g * h / (1.0 - p.e_N);
    let slip_bound = |h: f64| p.mu * p.m * ball::tangential_delassus(&p) * rebound_bound(h);
    let (mut first_impact, mut final_x) = (Vec::new(), Vec::new());
    for h in LEVELS {
        for scheme in [BACKWARD_EULER, Scheme::MoreauMidpoint] {
            let run = run_ball(&p, &start, scheme, h, t_end);
            assert_eq!(run.impacts.len(), 3);
            assert!(run.sliding_steps > 0 && run.sticking_steps > 0);
            let onset = run.rolling_onset.expect("rolls");
            assert!(
                (onset - roll.t).abs() <= 1e-12,
                "{scheme:?} {h}: rolls from {onset}"
            );
            assert!(
                (run.u[0] - roll.vx).abs() <= 1e-12,
                "{scheme:?} {h}: {:?}",
                run.u
            );
            for (k, (t_hit, t_e, u)) in run.impacts.iter().enumerate() {
                let exact = ball::flight(&p, &hits[k].after, *t_e);
                let slip = u[0] + p.r * u[2] - exact.slip_velocity(&p);
                let rebound = u[1] - exact.vy;
                assert!(rebound.abs() <= rebound_bound(h), "impact {k}: {u:?}");
                assert!(
                    slip.abs() <= slip_bound(h),
                    "impact {k}: slip error {slip:e}"
                );
                println!(
                    "{scheme:?} h {h:e}: impact {k} at {:+.3e} s, rebound {:+.3e} m/s \
                     (bound {:.3e}), slip {:+.3e} m/s",
                    t_hit - hits[k].before.t,
                    rebound,
                    rebound_bound(h),
                    slip
                );
            }
            if scheme == BACKWARD_EULER {
                first_impact.push((run.impacts[0].0 - hits[0].before.t).abs());
                final_x.push((run.q[0] - x_end).abs());
            }
        }
    }
    assert_first_order("ball first impact time [s]", &first_impact);
    assert_first_order("ball position after rolling [m]", &final_x);
}

#[test]
fn spinning_ball_without_spin_sticks_and_rolls_at_the_conserved_speed() {
    let p = SpinningBall::default();
    let start = BallState {
        vx: 0.5,
        omega: 0.0,
        ..backspin(&p)
    };
    let settled = ball::settle(&p, &start).unwrap();
    let t_end = settled.rolling.t + 0.2;
    for h in LEVELS {
        for scheme in [BACKWARD_EULER, Scheme::MoreauMidpoint] {
            let run = run_ball(&p, &start, scheme, h, t_end);
            assert_eq!(
                run.sliding_steps, 0,
                "{scheme:?} {h}: every closed step sticks"
            );
            assert!((run.u[0] - settled.rolling.vx).abs() <= 1e-12);
            assert!((run.u[0] + p.r * run.u[2]).abs() <= 1e-12, "rolls");
        }
    }
}
