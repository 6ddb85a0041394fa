//! Prints M, h (M q̈ = h) and q̈ = M⁻¹ h of the generated arm(N) at a given state, in the format
//! of `pinocchio_arm dump` (bench/tree/README.md), for the cross-check of bench/tree/check_mb.py.
//!
//! Usage: `dump N` (the timing state of the benchmark) or `dump N q0 … q(N−1) v0 … v(N−1)`.
//! Output: tab-separated lines `q …`, `v …`, N lines `M M_i0 … M_i(N−1)`, `h …`, `qdd …`, every
//! number with 17 significant digits.

use std::process::ExitCode;

use mb_bench_tree::{ARM_SIZES, for_each_arm, timing_state::timing_state};
use mbruntime::linalg::cholesky;
use mbruntime::{Dynamics, Matrix, Vector};

fn print_row(label: &str, values: impl Iterator<Item = f64>) {
    let mut line = label.to_string();
    for x in values {
        line.push_str(&format!("\t{x:.16e}"));
    }
    println!("{line}");
}

/// The state from the command line (2N numbers) or the timing state (none).
fn state<const N: usize>(numbers: &[String]) -> Result<(Vector<N>, Vector<N>), String> {
    if numbers.is_empty() {
        return Ok(timing_state::<N>());
    }
    if numbers.len() != 2 * N {
        return Err(format!(
            "dump {N} needs {} numbers (q then v) or none, got {}",
            2 * N,
            numbers.len()
        ));
    }
    let parsed: Result<Vec<f64>, String> = numbers
        .iter()
        .map(|s| match s.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(format!("expected a finite number, got `{s}`")),
        })
        .collect();
    let parsed = parsed?;
    Ok((
        Vector::<N>::from_fn(|i, _| parsed[i]),
        Vector::<N>::from_fn(|i, _| parsed[N + i]),
    ))
}

fn dump<const N: usize, Model: Dynamics<N> + Default>(numbers: &[String]) -> Result<(), String> {
    let (q, v) = state::<N>(numbers)?;
    let mut m = Matrix::<N, N>::zeros();
    let mut h = Vector::<N>::zeros();
    Model::default().dynamics(&q, &v, 0.0, &mut m, &mut h);
    let qdd = cholesky(&m)
        .map_err(|e| format!("M has no Cholesky factor: {e}"))?
        .solve(&h);
    print_row("q", q.iter().copied());
    print_row("v", v.iter().copied());
    for r in 0..N {
        print_row("M", m.row(r).iter().copied());
    }
    print_row("h", h.iter().copied());
    print_row("qdd", qdd.iter().copied());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: Option<usize> = args.first().and_then(|s| s.parse().ok());
    let numbers = args.get(1..).unwrap_or(&[]);
    let mut result = Err(format!(
        "usage: dump N [q0 … q(N−1) v0 … v(N−1)] with N in {ARM_SIZES:?}, got {:?}",
        args.first()
    ));
    macro_rules! run {
        ($n:literal, $arm:path) => {
            if n == Some($n) {
                result = dump::<$n, $arm>(numbers);
            }
        };
    }
    for_each_arm!(run);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
