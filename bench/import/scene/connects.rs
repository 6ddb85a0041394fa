//! The connect check of bench/import/compare_mujoco.sh (copied into the bench crate as
//! `examples/connects.rs`): the block `mbcompile import` wrote for `scene/tether.xml`.
//!
//! stdin, one state per line: q_1 … q_n; stdout, one line per state: g (the bilateral
//! constraints, in the block's order) then ∂g/∂q row by row (the columns of the Jacobian G).

use mbruntime::{Constraints, Matrix, Vector};
use models::mj_tether::mj_tether::MjTether as Model;
use std::io::{BufRead, Write};

fn main() {
    let model = Model::default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines() {
        let x: Vec<f64> = line
            .expect("stdin")
            .split_whitespace()
            .map(|w| w.parse().expect("a number"))
            .collect();
        let q = Vector::from_column_slice(&x);
        let mut g = Vector::zeros();
        let (mut jac, mut partial) = (Matrix::zeros(), Vector::zeros());
        model.bilateral(&q, 0.0, &mut g);
        model.bilateral_jacobian(&q, 0.0, &mut jac, &mut partial);
        let row: Vec<String> = g
            .iter()
            .chain(jac.iter())
            .map(|v| format!("{v:e}"))
            .collect();
        writeln!(out, "{}", row.join(" ")).expect("stdout");
    }
}
