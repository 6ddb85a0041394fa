//! Event-driven cost: whole runs of the bouncing ball (h₀ = 1 m, e = 0.5, to t = 2 s, i.e.
//! through the accumulation point t_∞ = √(2h₀/g)(1 + e)/(1 − e) ≈ 1.355 s and into rest) and of
//! the hinged bar of Lötstedt (1982), Sect. 1 (released horizontally, to t = 3 s) and of the
//! elastic ball on a string (e = 1, v₀² = 3.5gℓ from the bottom, to t = 8 s: three cycles of
//! slack flight, impact, grazing return and taut swing), measured by criterion; a summary after the criterion groups divides the time per run by the integrator's
//! own counters (`stats().steps`, `stats().events`) to give the cost per accepted smooth step and
//! per event. A second group times one active-set decision at t₀ (`initialize`) that needs
//! the derivative iteration of Lötstedt's Theorem 5.4 up to level 1 (`RampForce`) and up to
//! level 2 (`QuadraticForce`).
//!
//! `cargo bench -p mb-examples --bench event`

use criterion::{Criterion, criterion_group, criterion_main};
use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::event_models::ball_on_string::BallOnString;
use mb_examples::event_models::hinged_bar::HingedBar;
use mb_examples::event_models::quadratic_force::QuadraticForce;
use mb_examples::event_models::ramp_force::RampForce;
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions, Stats};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One bouncing-ball run from rest at h₀ = 1 m to t = 2 s; returns the work counters.
fn bouncing_ball_run() -> Stats {
    let ball = BouncingBall {
        m: 1.0,
        g: 9.81,
        e: 0.5,
    };
    let mut sim = EventDriven::new(
        ball,
        EventOptions::default(),
        0.0,
        Vector::<1>::new(1.0),
        Vector::<1>::zeros(),
    )
    .unwrap();
    sim.run(2.0, |r| {
        black_box(r);
    })
    .unwrap();
    sim.stats()
}

/// One hinged-bar run: released from θ = π/2 at rest, to t = 3 s (as in
/// `tests/event_hinged_bar.rs`); returns the work counters.
fn hinged_bar_run() -> Stats {
    let bar = HingedBar::default();
    let theta = std::f64::consts::FRAC_PI_2;
    let (s, c) = theta.sin_cos();
    let q0 = Vector::<3>::new(bar.l * s, -bar.l * c, theta);
    let u0 = Vector::<3>::zeros();
    let mut sim = EventDriven::new(bar, EventOptions::default(), 0.0, q0, u0).unwrap();
    sim.run(3.0, |r| {
        black_box(r);
    })
    .unwrap();
    sim.stats()
}

/// One elastic ball-on-string run: from the bottom with v₀² = 3.5gℓ, e = 1, to t = 8 s (as in
/// `tests/event_ball_on_string.rs`); returns the work counters.
fn elastic_ball_on_string_run() -> Stats {
    let model = BallOnString {
        e: 1.0,
        ..BallOnString::default()
    };
    let q0 = Vector::<2>::new(0.0, -model.ell);
    let u0 = Vector::<2>::new((3.5 * model.g * model.ell).sqrt(), 0.0);
    let mut sim = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).unwrap();
    sim.run(8.0, |r| {
        black_box(r);
    })
    .unwrap();
    sim.stats()
}

/// A benchmarked case: its name and one full run returning the work counters.
type Case = (&'static str, fn() -> Stats);

/// Median over `batches` of the mean wall time of one run in a batch of `runs` runs.
fn median_run_time(run: fn() -> Stats, batches: usize, runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..batches)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..runs {
                black_box(run());
            }
            start.elapsed() / runs as u32
        })
        .collect();
    times.sort();
    times[batches / 2]
}

fn bench(c: &mut Criterion) {
    let cases: [Case; 3] = [
        ("bouncing_ball_e0.5_to_2s", bouncing_ball_run),
        ("hinged_bar_to_3s", hinged_bar_run),
        ("ball_on_string_e1_to_8s", elastic_ball_on_string_run),
    ];
    let mut g = c.benchmark_group("event_driven_run");
    for (name, run) in cases {
        g.bench_function(name, |b| b.iter(|| black_box(run())));
    }
    g.finish();

    // One active-set decision at rest on the floor with λ = δ = 0 (construction excluded).
    let mut g = c.benchmark_group("event_active_set_decision");
    g.bench_function("theorem54_level1_ramp_force", |b| {
        b.iter(|| {
            let ramp = EventDriven::new(
                RampForce::default(),
                EventOptions::default(),
                0.0,
                Vector::<1>::zeros(),
                Vector::<1>::zeros(),
            )
            .unwrap();
            black_box(ramp.closed()[0])
        })
    });
    g.bench_function("theorem54_level2_quadratic_force", |b| {
        b.iter(|| {
            let quad = EventDriven::new(
                QuadraticForce::default(),
                EventOptions::default(),
                0.0,
                Vector::<1>::zeros(),
                Vector::<1>::zeros(),
            )
            .unwrap();
            black_box(quad.closed()[0])
        })
    });
    g.finish();

    println!();
    println!(
        "| case | steps | rejected | events | impacts | µs per run | µs per step | µs per event |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (name, run) in cases {
        let s = run();
        let per_run = median_run_time(run, 21, 200).as_secs_f64() * 1e6;
        println!(
            "| {name} | {} | {} | {} | {} | {per_run:.2} | {:.3} | {:.2} |",
            s.steps,
            s.rejected,
            s.events,
            s.impacts,
            per_run / s.steps.max(1) as f64,
            per_run / s.events.max(1) as f64,
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
