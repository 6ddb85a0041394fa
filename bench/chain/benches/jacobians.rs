//! Time per call of the generated Jacobians of the planar 8-link pendulum next to `dynamics`
//! (M and h, M q̈ = h) on the same inputs: `force_jacobians` (∂h/∂q and ∂h/∂q̇),
//! `mass_action_jacobian` (∂(M a)/∂q) and `dynamics`. Inputs cycle through 1024 precomputed
//! pseudo-random states (q_i uniform in [−π, π], q̇_i and a_i uniform in [−2, 2]) so that no call
//! sees the previous call's arguments; inputs and outputs pass through `black_box`. The target
//! of the Jacobians: `force_jacobians` at most three times the cost of `dynamics`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mb_bench_chain::chain8::Chain8;
use mbruntime::{Dynamics, Jacobians, Matrix, Vector};

#[path = "common/states.rs"]
mod states;
use states::{STATES, SplitMix64};

/// Coordinates of the chain.
const N: usize = 8;

/// Precomputed (q, q̇, a) triples.
fn states() -> Vec<[Vector<N>; 3]> {
    let mut rng = SplitMix64::for_chain(N);
    (0..STATES)
        .map(|_| {
            let q = rng.position::<N>();
            let qd = rng.velocity::<N>();
            [q, qd, rng.velocity::<N>()]
        })
        .collect()
}

fn jacobians(c: &mut Criterion) {
    let model = Chain8::default();
    let inputs = states();
    let mut k = 0usize;
    let mut next = || {
        k = k.wrapping_add(1);
        &inputs[k & (STATES - 1)]
    };
    let (mut m, mut h) = (Matrix::<N, N>::zeros(), Vector::<N>::zeros());
    c.bench_function("dynamics/chain8", |b| {
        b.iter(|| {
            let [q, qd, _] = next();
            model.dynamics(black_box(q), black_box(qd), black_box(0.0), &mut m, &mut h);
            black_box((&m, &h));
        })
    });
    let (mut dh_dq, mut dh_dqd) = (Matrix::<N, N>::zeros(), Matrix::<N, N>::zeros());
    c.bench_function("force_jacobians/chain8", |b| {
        b.iter(|| {
            let [q, qd, _] = next();
            model.force_jacobians(
                black_box(q),
                black_box(qd),
                black_box(0.0),
                &mut dh_dq,
                &mut dh_dqd,
            );
            black_box((&dh_dq, &dh_dqd));
        })
    });
    let mut dma_dq = Matrix::<N, N>::zeros();
    c.bench_function("mass_action_jacobian/chain8", |b| {
        b.iter(|| {
            let [q, _, a] = next();
            model.mass_action_jacobian(black_box(q), black_box(0.0), black_box(a), &mut dma_dq);
            black_box(&dma_dq);
        })
    });
}

criterion_group!(benches, jacobians);
criterion_main!(benches);
