//! Time per call of the generated `Dynamics::dynamics` (mass matrix M and forces h, M q̈ = h) of
//! the arms arm(n), at the fixed timing state of the Pinocchio harness (`pinocchio_arm state N`,
//! [`mb_bench_tree::timing_state`]); compared with Pinocchio's `crba` + `nonLinearEffects`.
//! Inputs and outputs pass through `black_box`. Benchmark names: `dynamics/arm{N}`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mb_bench_tree::{for_each_arm, timing_state::timing_state};
use mbruntime::{Dynamics, Matrix, Vector};

/// Registers the benchmark `dynamics/arm{N}`.
fn bench_arm<const N: usize, Model: Dynamics<N> + Default>(c: &mut Criterion) {
    let model = Model::default();
    let (q, v) = timing_state::<N>();
    let mut m = Matrix::<N, N>::zeros();
    let mut h = Vector::<N>::zeros();
    c.bench_function(&format!("dynamics/arm{N}"), |b| {
        b.iter(|| {
            model.dynamics(black_box(&q), black_box(&v), black_box(0.0), &mut m, &mut h);
            black_box((&m, &h));
        })
    });
}

fn dynamics(c: &mut Criterion) {
    macro_rules! bench {
        ($n:literal, $arm:path) => {
            bench_arm::<$n, $arm>(c);
        };
    }
    for_each_arm!(bench);
}

criterion_group!(benches, dynamics);
criterion_main!(benches);
