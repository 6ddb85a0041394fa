//! Evaluates imported robots for bench/import/check_pinocchio.py (copied into the bench crate as
//! `examples/dump.rs` by bench/import/compare_pinocchio.sh).
//!
//! stdin, one state per line: `<robot> q_1 … q_n q̇_1 … q̇_n`; stdout, one line per state:
//! M (row by row), h, then q̈ of the articulated-body algorithm (`nan`s if it declined).
//! Joint damping and friction are set to zero: Pinocchio's crba, nle and aba leave them out.
//! `time <robot> <reps>`: ns per call of `dynamics` (M and h together) and of the
//! articulated-body algorithm at one fixed state, single thread.

use mbruntime::{Dynamics, Matrix, Vector};
use std::io::{BufRead, Write};
use std::time::Instant;

fn without_joint_losses<M: Dynamics<N>, const N: usize>(mut m: M) -> M {
    let names = m.parameter_names();
    for (k, name) in names.iter().enumerate() {
        if name.starts_with("d_") || name.starts_with("f_") {
            m.set_parameter(k, 0.0).expect("a damping or friction parameter");
        }
    }
    m
}

fn evaluate<M: Dynamics<N>, const N: usize>(m: &M, x: &[f64], out: &mut impl Write) {
    assert_eq!(x.len(), 2 * N, "a state has 2 × {N} numbers");
    let q = Vector::<N>::from_column_slice(&x[..N]);
    let qd = Vector::<N>::from_column_slice(&x[N..]);
    let mut mass = Matrix::<N, N>::zeros();
    let mut h = Vector::<N>::zeros();
    let mut a = Vector::<N>::zeros();
    m.mass_matrix(&q, 0.0, &mut mass);
    m.forces(&q, &qd, 0.0, &mut h);
    if !m.articulated_acceleration(&q, &qd, 0.0, &mut a) {
        a.fill(f64::NAN);
    }
    let row: Vec<String> = mass
        .transpose()
        .iter()
        .chain(h.iter())
        .chain(a.iter())
        .map(|v| format!("{v:e}"))
        .collect();
    writeln!(out, "{}", row.join(" ")).expect("stdout");
}

/// ns per call of `f`: the minimum over 7 batches of `reps` calls (as the Pinocchio harness).
fn ns_per_call(reps: usize, mut f: impl FnMut()) -> f64 {
    (0..7)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..reps {
                f();
            }
            start.elapsed().as_nanos() as f64 / reps as f64
        })
        .fold(f64::INFINITY, f64::min)
}

fn time<M: Dynamics<N>, const N: usize>(m: &M, reps: usize) {
    let q = Vector::<N>::from_fn(|i, _| 0.3 + 0.1 * i as f64);
    let qd = Vector::<N>::from_fn(|i, _| 0.5 - 0.05 * i as f64);
    let (mut mass, mut h, mut a) = (Matrix::<N, N>::zeros(), Vector::<N>::zeros(), Vector::<N>::zeros());
    let dynamics = ns_per_call(reps, || {
        m.dynamics(std::hint::black_box(&q), &qd, 0.0, &mut mass, &mut h);
        std::hint::black_box((&mass, &h));
    });
    let aba = ns_per_call(reps, || {
        m.articulated_acceleration(std::hint::black_box(&q), &qd, 0.0, &mut a);
        std::hint::black_box(&a);
    });
    println!("{dynamics:.1} {aba:.1}");
}

macro_rules! robots {
    ($($name:literal => $ty:ty),* $(,)?) => {
        fn dispatch(robot: &str, x: &[f64], out: &mut impl Write) {
            match robot {
                $($name => evaluate(&without_joint_losses(<$ty>::default()), x, out),)*
                _ => panic!("unknown robot {robot}"),
            }
        }
        fn dispatch_time(robot: &str, reps: usize) {
            match robot {
                $($name => time(&without_joint_losses(<$ty>::default()), reps),)*
                _ => panic!("unknown robot {robot}"),
            }
        }
    };
}

include!(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/robots.in"));

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("time") {
        dispatch_time(&args[2], args[3].parse().expect("repetitions"));
        return;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let mut words = line.split_whitespace();
        let Some(robot) = words.next() else { continue };
        let x: Vec<f64> = words.map(|w| w.parse().expect("a number")).collect();
        dispatch(robot, &x, &mut out);
    }
}
