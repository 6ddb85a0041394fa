//! The iiwa-like arm (`Iiwa`, 7 revolute joints, damping 1 N m s/rad at every joint) released
//! at rest from a bent pose falls under gravity until its flange lands on the table z = 0.2 m
//! (restitution 0, frictionless: the equilibrium is then the constrained minimum of V), slides
//! and settles (Moreau–Jean, θ = 1, Δt = 1e-3 s, 40 s). At rest the normal contact force
//! λ_N = Λ_N/Δt balances gravity: ∇V(q*) = W_N λ_N; the program prints both sides (the least
//! squares λ_N from the generated ∇V and W_N, and the integrator's), as
//! `examples/tests/tree_iiwa.rs` checks.
//!
//! ```text
//! cargo run --release -p mb-examples --bin tree_iiwa_table -- [OUT_DIR]
//! ```

use mb_examples::plot::{Series, line_plot};
use mb_examples::tree_models::iiwa::Iiwa;
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Dynamics, Matrix, Statics, Vector};
use std::error::Error;
use std::io::BufWriter;
use std::path::PathBuf;

/// A figure: file name, title, y-axis label, points.
type Plot<'a> = (&'a str, &'a str, &'a str, &'a [(f64, f64)]);

fn main() -> Result<(), Box<dyn Error>> {
    let out = std::env::args().nth(1).map_or_else(
        || PathBuf::from("examples/out/tree_iiwa_table"),
        PathBuf::from,
    );
    let model = Iiwa {
        d: 1.0,
        mu: 0.0,
        ..Default::default()
    };
    let (h, t_end) = (1e-3, 40.0);
    let q0 = Vector::<7>::from_column_slice(&[0.3, 0.7, -0.4, -1.1, 0.5, 0.9, 0.2]);
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauJean { theta: 1.0 },
        Settings::default(),
        0.0,
        q0,
        Vector::zeros(),
    )?;
    std::fs::create_dir_all(&out)?;
    let mut csv = RecordCsv::new(
        BufWriter::new(AtomicFile::create(out.join("iiwa_table.csv"))?),
        &Iiwa::COORDINATES,
        &Iiwa::CONTACTS,
        &[],
    )?;
    let (mut gap, mut force, mut speed) = (Vec::new(), Vec::new(), Vec::new());
    let mut csv_error = None;
    let mut last = (0.0, 0.0);
    ts.run(h, t_end, |r| {
        let mut g = Vector::<1>::zeros();
        model.gaps(&r.q, r.t, &mut g);
        last = (r.impulses.lambda_n[0], r.impulses.lambda_t[0]);
        if r.step % 10 == 0 {
            gap.push((r.t, g[0]));
            force.push((r.t, r.impulses.lambda_n[0] / r.h));
            speed.push((r.t, r.u.amax().max(1e-12).log10()));
            if let Err(err) = csv.write(r) {
                csv_error.get_or_insert(err);
            }
        }
    })?;
    if let Some(err) = csv_error {
        return Err(err.into());
    }
    AtomicFile::commit_buffered(csv.into_inner()?)?;

    let q = *ts.q();
    let mut grad = Vector::<7>::zeros();
    model.potential_gradient(&q, 0.0, &mut grad);
    let (mut w_n, mut partial) = (Matrix::<7, 1>::zeros(), Vector::<1>::zeros());
    model.gap_jacobian(&q, 0.0, &mut w_n, &mut partial);
    let w = w_n.column(0);
    let lambda = w.dot(&grad) / w.dot(&w);
    println!(
        "iiwa-like arm on the table: Δt = {h:e} s, t_end = {t_end} s, damping {} N m s/rad",
        model.d
    );
    println!("rest pose q* = {:.5?}", q.as_slice());
    println!("max |u| at t_end = {:.3e} rad/s", ts.u().amax());
    println!(
        "contact force from the integrator: λ_N = Λ_N/Δt = {:.9} N",
        last.0 / h
    );
    println!(
        "least squares ∇V(q*) = W_N λ_N: λ_N = {lambda:.9} N, residual {:.2e} (|∇V| = {:.3e})",
        (grad - w * lambda).amax(),
        grad.amax()
    );
    let total_weight =
        model.g * (model.m1 + model.m2 + model.m3 + model.m4 + model.m5 + model.m6 + model.m7);
    println!("(total weight of the arm: {total_weight:.3} N)");

    let plots: [Plot; 3] = [
        ("gap.png", "Flange height above the table", "g_N [m]", &gap),
        (
            "force.png",
            "Normal contact force Λ_N/Δt",
            "λ_N [N]",
            &force,
        ),
        (
            "speed.png",
            "Largest joint speed",
            "log10 max|u| [rad/s]",
            &speed,
        ),
    ];
    for (file, title, y_label, points) in plots {
        line_plot(
            &out.join(file),
            title,
            "t [s]",
            y_label,
            &[Series {
                label: y_label,
                points,
                markers: false,
            }],
        )?;
    }
    println!("CSV and PNG written to {}", out.display());
    Ok(())
}
