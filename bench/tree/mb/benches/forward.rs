//! Time per call of the forward dynamics q̈ = M⁻¹ h of the arms arm(n) as mb's integrators
//! compute it: the generated `Dynamics::dynamics` (M and h), then the Cholesky factorisation
//! M = L Lᵀ of mbruntime (`mbruntime::linalg::cholesky`: nalgebra's fixed-size `Cholesky` with
//! the finiteness checks the integrators rely on) and the solve of M q̈ = h in place. At the fixed
//! timing state of the Pinocchio harness ([`mb_bench_tree::timing_state`]); compared with
//! Pinocchio's `aba` (τ = 0). Benchmark names: `forward/arm{N}`. And the same q̈ by the generated
//! articulated-body algorithm (`Dynamics::articulated_acceleration`, O(n)), which is what
//! `mbruntime::mechanism::acceleration` uses for a tree model: `aba/arm{N}`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mb_bench_tree::{for_each_arm, timing_state::timing_state};
use mbruntime::linalg::cholesky;
use mbruntime::{Dynamics, Matrix, Vector};

/// Registers the benchmark `forward/arm{N}`.
fn bench_arm<const N: usize, Model: Dynamics<N> + Default>(c: &mut Criterion) {
    let model = Model::default();
    let (q, v) = timing_state::<N>();
    let mut m = Matrix::<N, N>::zeros();
    let mut qdd = Vector::<N>::zeros();
    c.bench_function(&format!("forward/arm{N}"), |b| {
        b.iter(|| {
            model.dynamics(
                black_box(&q),
                black_box(&v),
                black_box(0.0),
                &mut m,
                &mut qdd,
            );
            match cholesky(&m) {
                Ok(factor) => factor.solve_mut(&mut qdd),
                Err(e) => panic!("arm{N}: M at the timing state has no Cholesky factor: {e}"),
            }
            black_box(&qdd);
        })
    });
}

/// Registers the benchmark `aba/arm{N}`.
fn bench_articulated<const N: usize, Model: Dynamics<N> + Default>(c: &mut Criterion) {
    let model = Model::default();
    let (q, v) = timing_state::<N>();
    let mut qdd = Vector::<N>::zeros();
    c.bench_function(&format!("aba/arm{N}"), |b| {
        b.iter(|| {
            let ok = model.articulated_acceleration(
                black_box(&q),
                black_box(&v),
                black_box(0.0),
                &mut qdd,
            );
            assert!(ok, "arm{N}: the articulated-body algorithm refused the timing state");
            black_box(&qdd);
        })
    });
}

fn forward(c: &mut Criterion) {
    macro_rules! bench {
        ($n:literal, $arm:path) => {
            bench_arm::<$n, $arm>(c);
            bench_articulated::<$n, $arm>(c);
        };
    }
    for_each_arm!(bench);
}

criterion_group!(benches, forward);
criterion_main!(benches);
