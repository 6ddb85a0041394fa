//! Time-stepping cost: woodpecker steps per second at Δt = 1e-5 (Glocker & Studer 2005, Table
//! I), the cost of one step with 0, 1 and 2 closed contacts (from a fresh stepper: Lemke) and
//! with 1 closed contact after a step with the same contact (warm-started LCP), and the
//! bouncing ball per step. The Moreau–Jean cycle is measured twice in one run: with the
//! generated, exact tangents K, C and with the forward differences the runtime used before
//! (A/B, `woodpecker_cycle_tangents`).
//!
//! `cargo bench -p mb-examples --bench timestepping`

#[path = "support/fd_tangents.rs"]
mod fd_tangents;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use fd_tangents::FdTangents;
use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::woodpecker::Woodpecker;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use std::hint::black_box;

const Q0: [f64; 3] = [0.0, -0.1036, -0.2788];
const U0: [f64; 3] = [-0.3411, 0.0, -7.4583];

fn woodpecker(scheme: Scheme, q: [f64; 3], u: [f64; 3]) -> TimeStepper<Woodpecker, 3, 0, 3> {
    TimeStepper::new(
        Woodpecker::default(),
        scheme,
        Settings::default(),
        0.0,
        Vector::<3>::from(q),
        Vector::<3>::from(u),
    )
    .unwrap()
}

fn bench(c: &mut Criterion) {
    let schemes = [
        ("midpoint", Scheme::MoreauMidpoint),
        ("jean_theta_0.5", Scheme::MoreauJean { theta: 0.5 }),
    ];

    // A full limit cycle (0.146 s = 14 600 steps) from Table I: the mix of phases.
    let mut g = c.benchmark_group("woodpecker_cycle_h1e-5");
    g.throughput(Throughput::Elements(14_600));
    g.sample_size(20);
    for (name, scheme) in schemes {
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                || woodpecker(scheme, Q0, U0),
                |ts| {
                    for _ in 0..14_600 {
                        black_box(ts.step(1e-5).unwrap());
                    }
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();

    // A/B: Moreau–Jean with exact tangents (generated Jacobians) and with forward differences.
    let mut g = c.benchmark_group("woodpecker_cycle_tangents");
    g.throughput(Throughput::Elements(14_600));
    g.sample_size(20);
    let jean = Scheme::MoreauJean { theta: 0.5 };
    let (q0, u0) = (Vector::<3>::from(Q0), Vector::<3>::from(U0));
    g.bench_function("exact", |b| {
        b.iter_batched_ref(
            || woodpecker(jean, Q0, U0),
            |ts| {
                for _ in 0..14_600 {
                    black_box(ts.step(1e-5).unwrap());
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("forward_differences", |b| {
        b.iter_batched_ref(
            || {
                let model = FdTangents(Woodpecker::default());
                TimeStepper::new(model, jean, Settings::default(), 0.0, q0, u0).unwrap()
            },
            |ts| {
                for _ in 0..14_600 {
                    black_box(ts.step(1e-5).unwrap());
                }
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();

    // One step from a state with 0, 1 or 2 contacts in the active set.
    let states = [
        ("0_closed", [-0.005, 0.0, 0.0], [-0.05, 0.1, 15.0]),
        ("1_closed", Q0, U0),
        // Beak (φ_S ≥ 0.12) and upper sleeve edge (φ_M ≥ 0.10345) both closed.
        ("2_closed", [-0.007, 0.1035, 0.1201], [-0.09, 0.0, 8.0]),
    ];
    let mut g = c.benchmark_group("woodpecker_step");
    for (name, scheme) in schemes {
        for (label, q, u) in states {
            let mut probe = woodpecker(scheme, q, u);
            let closed = probe.step(1e-5).unwrap().active_count();
            assert_eq!(closed, label[..1].parse::<usize>().unwrap(), "{label}");
            g.bench_function(format!("{name}/{label}"), |b| {
                b.iter_batched_ref(
                    || woodpecker(scheme, q, u),
                    |ts| black_box(ts.step(1e-5).unwrap().impulses.lcp_pivots),
                    BatchSize::SmallInput,
                )
            });
        }
    }
    // One step with the contact pattern of the previous step (jam phase, 1 closed contact):
    // the LCP is solved by the warm start from the previous complementary basis.
    for (name, scheme) in schemes {
        g.bench_function(format!("{name}/1_closed_warm"), |b| {
            b.iter_batched_ref(
                || {
                    let mut ts = woodpecker(scheme, Q0, U0);
                    ts.step(1e-5).unwrap();
                    ts
                },
                |ts| black_box(ts.step(1e-5).unwrap().impulses.lcp_pivots),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();

    // Bouncing ball: 1000 steps of Δt = 1e-3 from the drop (flight, impacts, rest).
    let mut g = c.benchmark_group("bouncing_ball");
    g.throughput(Throughput::Elements(1000));
    for (name, scheme) in schemes {
        g.bench_function(name, |b| {
            b.iter_batched_ref(
                || {
                    TimeStepper::new(
                        BouncingBall::default(),
                        scheme,
                        Settings::default(),
                        0.0,
                        Vector::<1>::new(1.0),
                        Vector::<1>::zeros(),
                    )
                    .unwrap()
                },
                |ts| {
                    for _ in 0..1000 {
                        black_box(ts.step(1e-3).unwrap());
                    }
                },
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
