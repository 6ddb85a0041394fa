//! Linearises the generated planar n-link pendulum (n ∈ {4, 8, 12}) with
//! `Linearisation::at` about th_i = 0.1 i rad, th'_i = 0 (i = 1..n; not an equilibrium: gravity
//! accelerates the chain there), for the comparison with SymPy's linearizer in
//! `bench/compare_linearisation.sh`.
//!
//! Usage: `linearise N`. Output lines:
//! - `CPU_FIRST s`: process CPU time of the first `Linearisation::at` call of the process;
//! - `CPU_MEDIAN s`: median CPU time per call over 15 batches of repeated calls;
//! - `RESIDUAL v`: |ÿ*|∞ (non-zero: the operating point is not an equilibrium);
//! - `INDEPENDENT i …`: the independent coordinates (the state is x = (δq[independent], δq̇[…]));
//! - `A …`: the 2n rows of A in `{:.17e}`.

use mb_bench_linearisation::{chain4::Chain4, chain8::Chain8, chain12::Chain12};
use mbruntime::analysis::linearisation::{Linearisation, LinearisationOptions, OperatingPoint};
use mbruntime::{Jacobians, Statics, Vector};

/// Process CPU time in seconds (user + system of all threads), from `CLOCK_PROCESS_CPUTIME_ID`.
fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant of the platform.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    ts.tv_sec as f64 + 1e-9 * ts.tv_nsec as f64
}

/// Linearises `Model` at the operating point and prints the figures listed in the crate docs.
fn run<const N: usize, Model>() -> Result<(), String>
where
    Model: Jacobians<N, 0, 0> + Statics<N> + Default,
{
    let model = Model::default();
    let op = OperatingPoint {
        q: Vector::<N>::from_fn(|i, _| 0.1 * (i + 1) as f64),
        qd: Vector::<N>::zeros(),
        t: 0.0,
    };
    let options = LinearisationOptions::default();
    let start = cpu_seconds();
    let lin = Linearisation::at(&model, &op, &options).map_err(|e| e.to_string())?;
    let first = cpu_seconds() - start;

    let mut calls = 1usize;
    loop {
        let t0 = cpu_seconds();
        for _ in 0..calls {
            std::hint::black_box(
                Linearisation::at(&model, &op, &options).map_err(|e| e.to_string())?,
            );
        }
        if cpu_seconds() - t0 > 0.02 {
            break;
        }
        calls *= 2;
    }
    let mut batches = Vec::with_capacity(15);
    for _ in 0..15 {
        let t0 = cpu_seconds();
        for _ in 0..calls {
            std::hint::black_box(
                Linearisation::at(&model, &op, &options).map_err(|e| e.to_string())?,
            );
        }
        batches.push((cpu_seconds() - t0) / calls as f64);
    }
    batches.sort_by(f64::total_cmp);

    println!("CPU_FIRST {first:.9e}");
    println!("CPU_MEDIAN {:.9e}", batches[7]);
    println!("RESIDUAL {:.17e}", lin.residual());
    let independent: Vec<String> = lin.independent.iter().map(|i| i.to_string()).collect();
    println!("INDEPENDENT {}", independent.join(" "));
    for r in 0..lin.a.nrows() {
        let row: Vec<String> = lin.a.row(r).iter().map(|v| format!("{v:.17e}")).collect();
        println!("A {}", row.join(" "));
    }
    Ok(())
}

fn main() {
    let result = match std::env::args().nth(1).as_deref() {
        Some("4") => run::<4, Chain4>(),
        Some("8") => run::<8, Chain8>(),
        Some("12") => run::<12, Chain12>(),
        other => Err(format!(
            "usage: linearise N with N in {{4, 8, 12}}, got {other:?}"
        )),
    };
    if let Err(message) = result {
        eprintln!("{message}");
        std::process::exit(2);
    }
}
