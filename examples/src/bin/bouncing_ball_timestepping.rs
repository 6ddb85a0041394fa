//! A ball dropped from h₀ = 1 m onto the floor (restitution e = 0.5, g = 9.81 m/s²) under
//! Moreau's midpoint rule (Glocker & Studer 2005, (17)); impact times against the closed form.
//!
//! Closed form: the first impact is at t₁ = √(2h₀/g) with speed v₁ = √(2gh₀); after impact k
//! the ball leaves with e^k v₁ and flies for 2e^k v₁/g, so t_{k+1} = t_k + 2e^k v₁/g and the
//! impacts accumulate at t_∞ = t₁(1 + e)/(1 − e). A numerical impact is a step whose active
//! set newly contains the floor; its time estimate is the step's midpoint t_M, within Δt of the
//! true impact time.
//!
//! ```text
//! cargo run --release -p mb-examples --bin bouncing_ball_timestepping -- [OUT_DIR] [--h H]
//!     [--scheme midpoint|jean] [--timing]
//! ```

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, TimeStepper};
use std::error::Error;
use std::io::BufWriter;
use std::path::PathBuf;
use std::time::Instant;

const H0: f64 = 1.0;

/// Closed-form impact times t_1 … t_n.
fn closed_form_impacts(g: f64, e: f64, n: usize) -> Vec<f64> {
    let v1 = (2.0 * g * H0).sqrt();
    let mut t = (2.0 * H0 / g).sqrt();
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        out.push(t);
        t += 2.0 * e.powi(k as i32 + 1) * v1 / g;
    }
    out
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut out = PathBuf::from("examples/out/bouncing_ball_timestepping");
    let (mut h, mut jean, mut timing) = (1e-4, false, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--h" => h = args.next().ok_or("--h needs a value")?.parse()?,
            "--scheme" => jean = args.next().as_deref() == Some("jean"),
            "--timing" => timing = true,
            other if !other.starts_with("--") => out = PathBuf::from(other),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let scheme = if jean {
        Scheme::MoreauJean { theta: 0.5 }
    } else {
        Scheme::MoreauMidpoint
    };
    let ball = BouncingBall::default();
    let (g, e) = (ball.g, ball.e);
    let t_inf = (2.0 * H0 / g).sqrt() * (1.0 + e) / (1.0 - e);
    let t_end = 1.5 * t_inf;
    let mut ts = TimeStepper::new(
        ball,
        scheme,
        Settings::default(),
        0.0,
        Vector::<1>::new(H0),
        Vector::<1>::zeros(),
    )?;

    if timing {
        let start = Instant::now();
        let steps = ts.run(h, t_end, |_| {})?;
        let us = start.elapsed().as_secs_f64() * 1e6 / steps as f64;
        println!(
            "TIMING {} {h:e} {steps} {us:.4}",
            if jean { "jean" } else { "midpoint" }
        );
        return Ok(());
    }

    std::fs::create_dir_all(&out)?;
    let mut csv = RecordCsv::new(
        BufWriter::new(AtomicFile::create(out.join("bouncing_ball.csv"))?),
        &["y"],
        &["floor"],
        &[],
    )?;
    let mut impacts = Vec::new();
    let mut was_active = false;
    let mut traj = Vec::new();
    let mut csv_error = None;
    ts.run(h, t_end, |r| {
        if r.impulses.active[0] && !was_active && r.impulses.lambda_n[0] > 0.0 {
            impacts.push(r.t - 0.5 * r.h);
        }
        was_active = r.impulses.active[0];
        if r.step % 10 == 0 {
            traj.push((r.t, r.q[0]));
            if let Err(err) = csv.write(r) {
                csv_error.get_or_insert(err);
            }
        }
    })?;
    if let Some(err) = csv_error {
        return Err(err.into());
    }
    AtomicFile::commit_buffered(csv.into_inner()?)?;

    let exact = closed_form_impacts(g, e, impacts.len());
    println!(
        "bouncing ball, h0 = {H0} m, e = {e}, g = {g}, Δt = {h:e} s ({}); t_inf = {t_inf:.6} s",
        if jean {
            "Moreau–Jean θ = 0.5"
        } else {
            "Moreau midpoint"
        }
    );
    println!("| k | t_k closed form [s] | t_k time-stepping [s] | error [s] | error / Δt |");
    println!("|---|---|---|---|---|");
    for (k, (te, tn)) in exact.iter().zip(&impacts).enumerate().take(12) {
        println!(
            "| {} | {te:.6} | {tn:.6} | {:+.2e} | {:+.2} |",
            k + 1,
            tn - te,
            (tn - te) / h
        );
    }
    println!(
        "{} impacts detected; final state y = {:.3e} m, v = {:.3e} m/s at t = {:.3} s",
        impacts.len(),
        ts.q()[0],
        ts.u()[0],
        ts.t()
    );
    let marks: Vec<(f64, f64)> = exact.iter().take(12).map(|&t| (t, 0.0)).collect();
    line_plot(
        &out.join("height.png"),
        "Bouncing ball (e = 0.5): height and closed-form impact times",
        "t [s]",
        "y [m]",
        &[
            Series {
                label: "time-stepping y(t)",
                points: &traj,
                markers: false,
            },
            Series {
                label: "closed-form t_k",
                points: &marks,
                markers: true,
            },
        ],
    )?;
    println!("CSV and PNG written to {}", out.display());
    Ok(())
}
