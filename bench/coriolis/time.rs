//! ns per `coriolis` call of the iiwa arm and the quadruped, the minimum over 7 batches of 200 000
//! calls at one fixed state (`bench/coriolis/ab.sh`).
use mbruntime::{Dynamics, Matrix, Vector};
use std::hint::black_box;
use std::time::Instant;

fn time<M: Dynamics<N>, const N: usize>(name: &str, m: &M) {
    let q = Vector::<N>::from_fn(|i, _| 0.1 + 0.05 * i as f64);
    let qd = Vector::<N>::from_fn(|i, _| 0.3 - 0.04 * i as f64);
    let mut c = Matrix::<N, N>::zeros();
    let n = 200_000;
    let mut best = f64::INFINITY;
    for _ in 0..7 {
        let t = Instant::now();
        for _ in 0..n {
            m.coriolis(black_box(&q), black_box(&qd), 0.0, &mut c);
            black_box(&c);
        }
        best = best.min(t.elapsed().as_secs_f64() / n as f64 * 1e9);
    }
    println!("{name}: coriolis {best:.1} ns (C[0][1] = {:e})", c[(0, 1)]);
}

fn main() {
    time("iiwa", &modules_new::iiwa::Iiwa::default());
    time("quadruped", &modules_new::quadruped::Quadruped::default());
}
