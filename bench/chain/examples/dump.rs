//! Prints the generated model's M and h (M q̈ = h) of the n-link chain at the fixed state
//! q_i = 0.3 + 0.17 i, q̇_i = 0.5 − 0.13 i (i = 1..n), for the cross-check against SymPy in
//! `bench/sympy/chain_sympy.py`. Usage: `dump N` with N ∈ {2, 4, 8, 10}. Output lines:
//! `q …`, `qd …`, `M <row> …` (n rows), `h …`, numbers in `{:.17e}`.

use mb_bench_chain::{chain2::Chain2, chain4::Chain4, chain8::Chain8, chain10::Chain10};
use mbruntime::{Matrix, Mechanism, Vector};

fn join(values: impl Iterator<Item = f64>) -> String {
    values
        .map(|v| format!("{v:.17e}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn dump<const N: usize, Model: Mechanism<N, 0, 0> + Default>() {
    let q = Vector::<N>::from_fn(|i, _| 0.3 + 0.17 * (i + 1) as f64);
    let qd = Vector::<N>::from_fn(|i, _| 0.5 - 0.13 * (i + 1) as f64);
    let mut m = Matrix::<N, N>::zeros();
    let mut h = Vector::<N>::zeros();
    Model::default().dynamics(&q, &qd, 0.0, &mut m, &mut h);
    println!("q {}", join(q.iter().copied()));
    println!("qd {}", join(qd.iter().copied()));
    for r in 0..N {
        println!("M {r} {}", join(m.row(r).iter().copied()));
    }
    println!("h {}", join(h.iter().copied()));
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("2") => dump::<2, Chain2>(),
        Some("4") => dump::<4, Chain4>(),
        Some("8") => dump::<8, Chain8>(),
        Some("10") => dump::<10, Chain10>(),
        other => {
            eprintln!("usage: dump N with N in {{2, 4, 8, 10}}, got {other:?}");
            std::process::exit(2);
        }
    }
}
