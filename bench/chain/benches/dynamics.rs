//! Time per call of the generated `dynamics` (mass matrix M and forces h, M q̈ = h) of the planar
//! n-link pendulum for n = 2, 4, 8, 10. Inputs cycle through 1024 precomputed pseudo-random states
//! (q_i uniform in [−π, π], q̇_i uniform in [−2, 2]) so that no call sees the previous call's
//! arguments; inputs and outputs pass through `black_box`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mb_bench_chain::{chain2::Chain2, chain4::Chain4, chain8::Chain8, chain10::Chain10};
use mbruntime::{Matrix, Mechanism, Vector};

#[path = "common/states.rs"]
mod states;
use states::{STATES, states};

/// Registers the benchmark `dynamics/chain{N}`.
fn bench_chain<const N: usize, Model: Mechanism<N, 0, 0> + Default>(c: &mut Criterion) {
    let model = Model::default();
    let inputs = states::<N>();
    let mut m = Matrix::<N, N>::zeros();
    let mut h = Vector::<N>::zeros();
    let mut k = 0usize;
    c.bench_function(&format!("dynamics/chain{N}"), |b| {
        b.iter(|| {
            let (q, qd) = &inputs[k & (STATES - 1)];
            k = k.wrapping_add(1);
            model.dynamics(black_box(q), black_box(qd), black_box(0.0), &mut m, &mut h);
            black_box((&m, &h));
        })
    });
}

fn dynamics(c: &mut Criterion) {
    bench_chain::<2, Chain2>(c);
    bench_chain::<4, Chain4>(c);
    bench_chain::<8, Chain8>(c);
    bench_chain::<10, Chain10>(c);
}

criterion_group!(benches, dynamics);
criterion_main!(benches);
