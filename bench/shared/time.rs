//! ns per call of the main generated functions of three trees and the bicycle, the minimum over
//! 7 batches at one fixed state, one thread (`bench/shared/ab.sh`).
use mbruntime::{Dynamics, Jacobians, Matrix, Vector};
use std::hint::black_box;
use std::time::Instant;

/// The minimum over 7 batches of `n` calls of `f`, in ns per call.
fn best(n: usize, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..n {
            f();
        }
        best = best.min(t.elapsed().as_secs_f64() / n as f64 * 1e9);
    }
    best
}

fn state<const N: usize>() -> (Vector<N>, Vector<N>) {
    let q = Vector::<N>::from_fn(|i, _| 0.1 + 0.05 * i as f64);
    let qd = Vector::<N>::from_fn(|i, _| 0.3 - 0.04 * i as f64);
    (q, qd)
}

fn dynamics<M: Dynamics<N>, const N: usize>(name: &str, m: &M) {
    let (q, qd) = state::<N>();
    let (mut mm, mut h, mut qdd) = (
        Matrix::<N, N>::zeros(),
        Vector::<N>::zeros(),
        Vector::<N>::zeros(),
    );
    let n = 100_000;
    let d = best(n, || {
        m.dynamics(black_box(&q), black_box(&qd), 0.0, &mut mm, &mut h);
        black_box((&mm, &h));
    });
    let f = best(n, || {
        m.forces(black_box(&q), black_box(&qd), 0.0, &mut h);
        black_box(&h);
    });
    let mass = best(n, || {
        m.mass_matrix(black_box(&q), 0.0, &mut mm);
        black_box(&mm);
    });
    let a = best(n, || {
        black_box(m.articulated_acceleration(black_box(&q), black_box(&qd), 0.0, &mut qdd));
    });
    println!(
        "{name}: dynamics {d:.1} ns, forces {f:.1} ns, mass_matrix {mass:.1} ns, articulated_acceleration {a:.1} ns (h[0] = {:e})",
        h[0]
    );
}

fn jacobians<M: Jacobians<N, NB, NU>, const N: usize, const NB: usize, const NU: usize>(
    name: &str,
    m: &M,
) {
    let (q, qd) = state::<N>();
    let (mut a, mut b) = (Matrix::<N, N>::zeros(), Matrix::<N, N>::zeros());
    let j = best(20_000, || {
        m.force_jacobians(black_box(&q), black_box(&qd), 0.0, &mut a, &mut b);
        black_box((&a, &b));
    });
    println!(
        "{name}: force_jacobians {j:.1} ns (dh/dq[0][0] = {:e})",
        a[(0, 0)]
    );
}

fn main() {
    use modules_new::*;
    dynamics("iiwa", &iiwa::Iiwa::default());
    jacobians("iiwa", &iiwa::Iiwa::default());
    dynamics("quadruped", &quadruped::Quadruped::default());
    dynamics("tree_mix", &tree_mix::TreeMix::default());
    jacobians("tree_mix", &tree_mix::TreeMix::default());
}
