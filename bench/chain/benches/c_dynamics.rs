//! Time per call of `dynamics` (M and h, M q̈ = h) of the planar n-link pendulum, n = 2, 4, 8, 10:
//! the generated Rust module against the generated C (`c/chain{n}.c`, compiled by `build.rs` with
//! the optimisation level of `MB_C_OPT`), both from the same evaluator, on the same 1024
//! precomputed pseudo-random states (q_i uniform in [−π, π], q̇_i uniform in [−2, 2]), inputs and
//! outputs through `black_box`; one thread each.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use mb_bench_chain::{chain2::Chain2, chain4::Chain4, chain8::Chain8, chain10::Chain10};
use mbruntime::{Matrix, Mechanism, Vector};

#[path = "common/states.rs"]
mod states;
use states::{STATES, states};

/// `<chain>_dynamics(p, q, qd, t, m, h)` of the C target (parameters as a struct of doubles in
/// the block's order, M row by row).
type CDynamics = unsafe extern "C" fn(*const f64, *const f64, *const f64, f64, *mut f64, *mut f64);

unsafe extern "C" {
    fn chain2_dynamics(
        p: *const f64,
        q: *const f64,
        qd: *const f64,
        t: f64,
        m: *mut f64,
        h: *mut f64,
    );
    fn chain4_dynamics(
        p: *const f64,
        q: *const f64,
        qd: *const f64,
        t: f64,
        m: *mut f64,
        h: *mut f64,
    );
    fn chain8_dynamics(
        p: *const f64,
        q: *const f64,
        qd: *const f64,
        t: f64,
        m: *mut f64,
        h: *mut f64,
    );
    fn chain10_dynamics(
        p: *const f64,
        q: *const f64,
        qd: *const f64,
        t: f64,
        m: *mut f64,
        h: *mut f64,
    );
}

/// Registers `rust/chain{N}` and `c/chain{N}`, after checking that both give the same M and h.
fn bench_chain<const N: usize, Model: Mechanism<N, 0, 0> + Default>(
    c: &mut Criterion,
    c_dynamics: CDynamics,
) {
    let model = Model::default();
    let p: Vec<f64> = (0..model.parameter_names().len())
        .map(|k| model.parameter(k).expect("a parameter"))
        .collect();
    let inputs = states::<N>();
    let (mut m, mut h) = (Matrix::<N, N>::zeros(), Vector::<N>::zeros());
    let (mut cm, mut ch) = (vec![0.0; N * N], vec![0.0; N]);
    for (q, qd) in &inputs {
        model.dynamics(q, qd, 0.0, &mut m, &mut h);
        // SAFETY: the C target's signature; buffers of N × N and N doubles.
        unsafe {
            c_dynamics(
                p.as_ptr(),
                q.as_ptr(),
                qd.as_ptr(),
                0.0,
                cm.as_mut_ptr(),
                ch.as_mut_ptr(),
            )
        };
        let same_m = (0..N).all(|i| (0..N).all(|j| cm[i * N + j].to_bits() == m[(i, j)].to_bits()));
        let same_h = (0..N).all(|i| ch[i].to_bits() == h[i].to_bits());
        assert!(same_m && same_h, "C and Rust differ for chain{N}");
    }
    let mut k = 0usize;
    c.bench_function(&format!("rust/chain{N}"), |b| {
        b.iter(|| {
            let (q, qd) = &inputs[k & (STATES - 1)];
            k = k.wrapping_add(1);
            model.dynamics(black_box(q), black_box(qd), black_box(0.0), &mut m, &mut h);
            black_box((&m, &h));
        })
    });
    c.bench_function(&format!("c/chain{N}"), |b| {
        b.iter(|| {
            let (q, qd) = &inputs[k & (STATES - 1)];
            k = k.wrapping_add(1);
            // SAFETY: as above.
            unsafe {
                c_dynamics(
                    black_box(p.as_ptr()),
                    black_box(q.as_ptr()),
                    black_box(qd.as_ptr()),
                    black_box(0.0),
                    cm.as_mut_ptr(),
                    ch.as_mut_ptr(),
                )
            };
            black_box((&cm, &ch));
        })
    });
}

fn dynamics(c: &mut Criterion) {
    bench_chain::<2, Chain2>(c, chain2_dynamics);
    bench_chain::<4, Chain4>(c, chain4_dynamics);
    bench_chain::<8, Chain8>(c, chain8_dynamics);
    bench_chain::<10, Chain10>(c, chain10_dynamics);
}

criterion_group!(benches, dynamics);
criterion_main!(benches);
