//! `TimeStepper::run` ends exactly at t_end, with ⌈(t_end − t₀)/h⌉ steps, the last one shortened.
//!
//! Invariant: for a point of unit mass in free fall (constant force −g, no contact closes) both
//! schemes update the velocity exactly, u_E = u_A − gΔt, and the positions by
//! q_E = q_A + Δt u_A − θ g Δt² (Moreau's midpoint rule, Glocker & Studer 2005, Sect. 5, (17),
//! is the case θ = ½; the Moreau–Jean θ-method, Jean 1999, q_E = q_A + Δt((1−θ)u_A + θu_E)). The
//! exact flow is q_A + Δt u_A − ½gΔt², so after steps Δt_1, …, Δt_n with ΣΔt_k = T
//!
//! ```text
//! u(T) = u₀ − gT,    q(T) = q₀ + u₀T − ½gT² − (θ − ½) g ΣΔt_k²
//! ```
//!
//! (the scheme's known local error, summed). With a shortened last step Δt_n = T − (n−1)h the
//! sum is (n−1)h² + Δt_n²; a run that overshot t_end, or took a full last step, fails both the
//! end-time and this position check by orders of magnitude more than rounding.

use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper, TimeSteppingError};

use mb_testsupport::models::PointOnFloor;
use mbruntime::Vector;

const G: f64 = 9.81;
const Y0: f64 = 1.0;
const V0: f64 = 2.0;

/// A unit point mass under gravity above a floor 10 m below its start (never reached here).
const FALLING_POINT: PointOnFloor = PointOnFloor {
    m: 1.0,
    g: G,
    w_n: 1.0,
    floor_speed: 0.0,
    floor_depth: 10.0,
};

fn stepper(scheme: Scheme, t0: f64) -> TimeStepper<PointOnFloor, 1, 0, 1> {
    TimeStepper::new(
        FALLING_POINT,
        scheme,
        Settings::default(),
        t0,
        Vector::<1>::new(Y0),
        Vector::<1>::new(V0),
    )
    .unwrap()
}

/// θ of the position update: ½ for the midpoint rule.
fn theta(scheme: Scheme) -> f64 {
    match scheme {
        Scheme::MoreauMidpoint => 0.5,
        Scheme::MoreauJean { theta } => theta,
    }
}

const SCHEMES: [Scheme; 3] = [
    Scheme::MoreauMidpoint,
    Scheme::MoreauJean { theta: 0.5 },
    Scheme::MoreauJean { theta: 1.0 },
];

#[test]
fn run_to_a_non_multiple_of_h_ends_exactly_at_t_end_with_a_shortened_last_step() {
    let (t0, h, t_end): (f64, f64, f64) = (0.0, 1e-3, 0.1234);
    let expected_steps = ((t_end - t0) / h).ceil() as u64;
    assert_eq!(expected_steps, 124);
    for scheme in SCHEMES {
        let mut ts = stepper(scheme, t0);
        let mut records: Vec<StepRecord<1, 0, 1>> = Vec::new();
        let steps = ts.run(h, t_end, |r| records.push(*r)).unwrap();

        assert_eq!(steps, expected_steps, "{scheme:?}");
        assert_eq!(records.len() as u64, steps);
        assert_eq!(ts.t(), t_end, "{scheme:?}: final time");
        let last = records.last().unwrap();
        assert_eq!(last.t, t_end);
        // All steps but the last have size h; the last covers the remainder 0.4 h.
        assert!(records[..records.len() - 1].iter().all(|r| r.h == h));
        let remainder = t_end - t0 - (expected_steps - 1) as f64 * h;
        assert!(
            (last.h - remainder).abs() <= 1e-15,
            "{scheme:?}: last step {} vs remainder {remainder}",
            last.h
        );
        assert!(last.h < h);
        // Times increase and never pass t_end; each record's t is its start plus its h.
        let mut t_prev = t0;
        for r in &records {
            assert!(r.t > t_prev && r.t <= t_end);
            assert!((r.t - (t_prev + r.h)).abs() <= 1e-15);
            t_prev = r.t;
        }
        assert!(
            records
                .iter()
                .all(|r| r.impulses.lcp_size == 0 && !r.impulses.active[0])
        );

        // Closed form of the discrete flow (module documentation).
        let big_t = t_end - t0;
        let sum_dt2: f64 = records.iter().map(|r| r.h * r.h).sum();
        let u_exact = V0 - G * big_t;
        let q_scheme =
            Y0 + V0 * big_t - 0.5 * G * big_t * big_t - (theta(scheme) - 0.5) * G * sum_dt2;
        assert!(
            (ts.u()[0] - u_exact).abs() <= 1e-12,
            "{scheme:?}: u {} vs {u_exact}",
            ts.u()[0]
        );
        assert!(
            (ts.q()[0] - q_scheme).abs() <= 1e-12,
            "{scheme:?}: q {} vs {q_scheme}",
            ts.q()[0]
        );
        // The same formula with a full last step (Σ = n h²) is far off for θ ≠ ½: the check
        // above sees the size of the last step.
        if theta(scheme) != 0.5 {
            let q_full_last = Y0 + V0 * big_t
                - 0.5 * G * big_t * big_t
                - (theta(scheme) - 0.5) * G * expected_steps as f64 * h * h;
            assert!((q_full_last - q_scheme).abs() > 1e-6);
        }
    }
}

#[test]
fn run_to_a_multiple_of_h_takes_full_steps_and_ends_at_t_end() {
    // (0.55 − 0.25)/0.1 = 3.0000000000000004 and (0.1 − 0)/1e-3 = 100 in floating point: a
    // remainder of rounding size is merged, not taken as a fourth (or 101st) step.
    for (t0, h, t_end, n) in [
        (0.25, 0.1, 0.55, 3),
        (0.0, 1e-3, 0.1, 100),
        (0.1, 0.2, 0.7, 3),
    ] {
        for scheme in SCHEMES {
            let mut ts = stepper(scheme, t0);
            let mut worst_h = 0.0_f64;
            let steps = ts
                .run(h, t_end, |r| worst_h = worst_h.max((r.h - h).abs()))
                .unwrap();
            assert_eq!(steps, n, "{scheme:?} {t0} {h} {t_end}");
            assert_eq!(ts.t(), t_end);
            assert!(worst_h <= 1e-12 * h, "{worst_h:e}");
            let big_t = t_end - t0;
            let q_scheme = Y0 + V0 * big_t
                - 0.5 * G * big_t * big_t
                - (theta(scheme) - 0.5) * G * n as f64 * h * h;
            assert!((ts.q()[0] - q_scheme).abs() <= 1e-12);
        }
    }
}

#[test]
fn consecutive_runs_end_at_their_t_end_and_a_past_t_end_takes_no_step() {
    for scheme in SCHEMES {
        let mut ts = stepper(scheme, 0.0);
        assert_eq!(ts.run(1e-3, 0.0505, |_| {}).unwrap(), 51);
        assert_eq!(ts.t(), 0.0505);
        assert_eq!(ts.run(1e-3, 0.1234, |_| {}).unwrap(), 73);
        assert_eq!(ts.t(), 0.1234);
        let (q, u) = (*ts.q(), *ts.u());
        let mut called = false;
        assert_eq!(ts.run(1e-3, 0.1, |_| called = true).unwrap(), 0);
        assert_eq!(ts.run(1e-3, 0.1234, |_| called = true).unwrap(), 0);
        assert!(!called);
        assert_eq!((ts.t(), *ts.q(), *ts.u()), (0.1234, q, u));
        assert!((ts.u()[0] - (V0 - G * 0.1234)).abs() <= 1e-12);
        // A remainder below 1e-9 h is still reached, by one step of that size.
        let t_end = 0.1234 + 1e-13;
        assert_eq!(ts.run(1e-3, t_end, |_| {}).unwrap(), 1);
        assert_eq!(ts.t(), t_end);
    }
}

#[test]
fn a_long_run_is_not_extended_by_the_rounding_of_the_accumulated_time() {
    // 60 000 steps: the accumulated t = Σ h differs from k·h by far more than 1e-9 h, which
    // must neither add a 60 001st step nor move the end time.
    let (h, t_end) = (1e-5, 0.6);
    for scheme in SCHEMES {
        let mut ts = stepper(scheme, 0.0);
        let mut worst = 0.0_f64;
        let steps = ts
            .run(h, t_end, |r| worst = worst.max((r.h - h).abs()))
            .unwrap();
        assert_eq!(steps, 60_000, "{scheme:?}");
        assert_eq!(ts.t(), t_end);
        assert!(worst <= 1e-6 * h, "{scheme:?}: last step off by {worst:e}");
        assert!((ts.u()[0] - (V0 - G * t_end)).abs() <= 1e-11);
    }
}

#[test]
fn a_step_below_the_time_resolution_is_an_error_not_a_stall() {
    let mut ts = stepper(Scheme::MoreauMidpoint, 1e9);
    let err = ts.step(1e-9).expect_err("1e9 + 1e-9 rounds to 1e9");
    assert!(matches!(
        err,
        TimeSteppingError::StepBelowTimeResolution { h, t } if h == 1e-9 && t == 1e9
    ));
    assert!(err.to_string().contains("does not advance"), "{err}");
    assert!(matches!(
        ts.run(1e-9, 1e9 + 1.0, |_| {}),
        Err(TimeSteppingError::StepBelowTimeResolution { .. })
    ));
    assert_eq!((ts.t(), ts.q()[0], ts.u()[0]), (1e9, Y0, V0));
}
