//! The Rust reference of the batched evaluation benchmark: `Chain3::dynamics` (M and h of the
//! planar 3-link pendulum) over N states held in flat arrays, the loop a Python call
//! `Chain3().dynamics(q, qd)` runs over numpy arrays (bench/python/overhead.py compares them).
//!
//! ```text
//! cargo run --release -p mb-examples --bin batched_dynamics -- [OUT_DIR] [--n N] [--repeats R]
//! ```
//!
//! Prints `BATCHED n=N best_ns_per_state=…` (the best of R passes over N states, defaults 5 and
//! 10⁶; each pass allocates its output arrays, as the Python call does), and writes that line to
//! `OUT_DIR/batched_dynamics.txt` when a directory is given.

use mb_examples::chain3::Chain3;
use mbruntime::{Dynamics, Matrix, Vector};
use std::error::Error;
use std::hint::black_box;
use std::time::Instant;

fn states(n: usize) -> (Vec<f64>, Vec<f64>) {
    // A fixed linear congruential sequence: the values only need to be ordinary angles and rates.
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = || {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (x >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let q = (0..3 * n).map(|_| 3.0 * next()).collect();
    let qd = (0..3 * n).map(|_| 2.0 * next()).collect();
    (q, qd)
}

fn pass(model: &Chain3, q: &[f64], qd: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let n = q.len() / 3;
    let (mut ms, mut hs) = (vec![0.0; 9 * n], vec![0.0; 3 * n]);
    let (mut m, mut h) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
    for k in 0..n {
        let qk = Vector::<3>::from_column_slice(&q[3 * k..3 * k + 3]);
        let qdk = Vector::<3>::from_column_slice(&qd[3 * k..3 * k + 3]);
        model.dynamics(&qk, &qdk, 0.0, &mut m, &mut h);
        // Row-major, as numpy's C order.
        for i in 0..3 {
            for j in 0..3 {
                ms[9 * k + 3 * i + j] = m[(i, j)];
            }
        }
        hs[3 * k..3 * k + 3].copy_from_slice(h.as_slice());
    }
    (ms, hs)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (mut n, mut repeats, mut out) = (1_000_000usize, 5usize, None);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--n" => n = value("--n")?.parse()?,
            "--repeats" => repeats = value("--repeats")?.parse()?,
            other if !other.starts_with("--") => out = Some(std::path::PathBuf::from(other)),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let (q, qd) = states(n);
    let model = Chain3::default();
    let mut best = f64::INFINITY;
    for _ in 0..repeats.max(1) {
        let start = Instant::now();
        black_box(pass(&model, black_box(&q), black_box(&qd)));
        best = best.min(start.elapsed().as_secs_f64());
    }
    let line = format!(
        "BATCHED n={n} best_ns_per_state={:.2}",
        best * 1e9 / n as f64
    );
    println!("{line}");
    if let Some(dir) = out {
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join("batched_dynamics.txt"), line + "\n")?;
    }
    Ok(())
}
