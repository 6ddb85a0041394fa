//! Solves the problems of `bench/fc3d/gen_problems.py` with `mbruntime::cone` and prints, per
//! problem and method, the wall time per solve, the iterations and the certified residual;
//! writes each solution for the independent check on the Siconos side.
//!
//! Timing: one untimed warm-up solve, then repeats (at least 5, until 0.3 s have passed, at
//! most 2000) of `ConeProblem::new` (validation) plus `ConeSolver::solve` from a zero start,
//! each timed with `std::time::Instant` (wall clock, single thread); the median is reported.
//!
//! Usage: `fc3d PROBLEMS SOLUTIONS` — prints tab-separated lines
//! `RESULT id family nc method iterations median_seconds residual max_abs_error repeats`.

use mbruntime::cone::{ConeMethod, ConeOptions, ConeProblem, ConeSolver};
use std::io::Write;
use std::time::{Duration, Instant};

struct Problem {
    id: usize,
    family: String,
    nc: usize,
    mu: Vec<f64>,
    q: Vec<f64>,
    w: Vec<f64>,
    rstar: Vec<f64>,
}

fn numbers(line: &str, key: &str) -> Result<Vec<f64>, String> {
    let rest = line.strip_prefix(key).ok_or_else(|| {
        format!(
            "expected a `{key}` line, got `{}`",
            line.chars().take(40).collect::<String>()
        )
    })?;
    rest.split_whitespace()
        .map(|x| x.parse::<f64>().map_err(|e| format!("`{x}`: {e}")))
        .collect()
}

fn read(path: &str) -> Result<Vec<Problem>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let mut problems = Vec::new();
    while let Some(head) = lines.next() {
        let f: Vec<&str> = head.split_whitespace().collect();
        if f.len() != 4 || f[0] != "problem" {
            return Err(format!("bad header `{head}`"));
        }
        let parse = |s: &str| s.parse::<usize>().map_err(|e| format!("`{s}`: {e}"));
        let mut next = |key: &str| numbers(lines.next().unwrap_or(""), key);
        problems.push(Problem {
            id: parse(f[1])?,
            family: f[2].to_string(),
            nc: parse(f[3])?,
            mu: next("mu ")?,
            q: next("q ")?,
            w: next("w ")?,
            rstar: next("rstar ")?,
        });
    }
    Ok(problems)
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        return Err("usage: fc3d PROBLEMS SOLUTIONS".into());
    }
    let problems = read(&args[1])?;
    let mut out = std::fs::File::create(&args[2]).map_err(|e| e.to_string())?;
    let capacity = problems.iter().map(|p| p.nc).max().unwrap_or(0);
    let mut solver = ConeSolver::with_capacity(capacity);
    for p in &problems {
        let m = 3 * p.nc;
        let (mut r, mut u) = (vec![0.0; m], vec![0.0; m]);
        for (method, name) in [
            (ConeMethod::Newton, "newton"),
            (ConeMethod::GaussSeidel, "gauss_seidel"),
        ] {
            let opts = ConeOptions {
                max_iterations: 100_000,
                ..ConeOptions::with_method(method)
            };
            let mut solve = |r: &mut [f64], u: &mut [f64]| {
                r.fill(0.0);
                let problem = ConeProblem::new(&p.w, &p.q, &p.mu).map_err(|e| e.to_string())?;
                solver
                    .solve(&problem, r, u, &opts)
                    .map_err(|e| format!("problem {} {name}: {e}", p.id))
            };
            let report = solve(&mut r, &mut u)?; // warm-up
            let mut times = Vec::new();
            let start = Instant::now();
            while times.len() < 5
                || (start.elapsed() < Duration::from_millis(300) && times.len() < 2000)
            {
                let t = Instant::now();
                solve(&mut r, &mut u)?;
                times.push(t.elapsed().as_secs_f64());
            }
            times.sort_by(f64::total_cmp);
            let median = times[times.len() / 2];
            let err = r
                .iter()
                .zip(&p.rstar)
                .fold(0.0_f64, |e, (a, b)| e.max((a - b).abs()));
            println!(
                "RESULT\t{}\t{}\t{}\tmb_{name}\t{}\t{median:.6e}\t{:.3e}\t{err:.3e}\t{}",
                p.id,
                p.family,
                p.nc,
                report.iterations,
                report.residual,
                times.len()
            );
            let line: Vec<String> = r.iter().map(|x| format!("{x:e}")).collect();
            writeln!(out, "solution {} mb_{name} {}", p.id, line.join(" "))
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}
