//! Event-driven hinged bar (Lötstedt 1982, Sect. 1): a bar hinged to the ceiling (two bilateral
//! constraints) falls from the horizontal and its free end hits the floor. Compares the
//! kinetic energy at the first impact with m g l cos θ_c (cos θ_c = d/2l) and the energy ratio
//! across every impact with e² (single contact, Lötstedt (3.9), (3.11)).
//! Writes `trajectory.csv`, `impacts.csv`, `angle.png`, `energy.png`.
//!
//! With `--timing` it writes nothing and instead runs the simulation from θ = π/2 at rest to
//! t = 3 s 1000 times and prints the wall time per run and per event (median of 5 batches of
//! 200), twice: for `HingedBar` (x, y, θ with the hinge as two bilateral constraints) and for
//! `HingedBarAngle` below (the same bar in its single angle θ, without constraints: the
//! formulation of the Siconos comparison in `bench/event/siconos_event.py`). Machine-readable
//! lines, per model (suffix `_ANGLE` for the second): `IMPACTS t₁ t₂ …` (every impact, the
//! accumulation impact included), `REST t∞` (the predicted accumulation time) and
//! `RESULT us_per_run=… events=… impacts=… us_per_event=… steps=…` (used by
//! `bench/compare_event.sh`).

use mb_examples::event_models::hinged_bar::HingedBar;
use mb_examples::plot::{Series, line_plot};
use mbmacros::mechanism;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report, Stats};
use mbruntime::{Dynamics, Rates, Vector};
use std::path::PathBuf;
use std::time::Instant;

mechanism! {
    /// The hinged bar of `HingedBar` in its single angle θ from the downward vertical: the
    /// centre (l sin θ, −l cos θ) eliminates the hinge, I = 4/3 m l² about the hinge, and the
    /// free end's gap to the floor is d − 2l cos θ. Used by `--timing` only.
    struct HingedBarAngle;
    parameters { m: 1.0, l: 0.5, d: 0.8, g: 9.81, e: 0.5 }
    coordinates { theta }
    kinetic = 0.5 * (4.0 / 3.0 * m * l.powi(2)) * dot(theta).powi(2);
    potential = -m * g * l * cos(theta);
    contact floor { gap: d - 2.0 * l * cos(theta), restitution: e }
}

/// One run of `model` to t = 3 s from (q0, 0); impact times into `impacts`, the accumulation
/// time into `rest`.
fn timed_run<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: Mo,
    q0: Vector<NQ>,
    impacts: &mut Vec<f64>,
    rest: &mut Option<f64>,
) -> Result<Stats, Box<dyn std::error::Error>>
where
    Mo: Rates<NQ, NB, NU>,
{
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        q0,
        Vector::<NQ>::zeros(),
    )?;
    impacts.clear();
    sim.run(3.0, |r| {
        if let Report::Event(ev) = r {
            match ev.kind {
                EventKind::Impact => impacts.push(ev.t),
                EventKind::Accumulation { t_limit } => {
                    impacts.push(ev.t);
                    *rest = Some(t_limit);
                }
                _ => {}
            }
        }
    })?;
    Ok(sim.stats())
}

/// 5 batches of 200 runs of `model` from (q0, 0); prints the medians of the batch means and
/// the machine-readable lines with `suffix`.
fn time_model<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    name: &str,
    suffix: &str,
    model: Mo,
    q0: Vector<NQ>,
) -> Result<(), Box<dyn std::error::Error>>
where
    Mo: Rates<NQ, NB, NU> + Copy,
{
    let mut impacts = Vec::with_capacity(64);
    let mut rest = None;
    let stats = timed_run(model, q0, &mut impacts, &mut rest)?;
    let mut batch_means: Vec<f64> = Vec::with_capacity(5);
    let mut scratch = Vec::with_capacity(64);
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..200 {
            std::hint::black_box(timed_run(model, q0, &mut scratch, &mut None)?);
        }
        batch_means.push(start.elapsed().as_secs_f64() / 200.0 * 1e6);
    }
    batch_means.sort_by(f64::total_cmp);
    let us_run = batch_means[2];
    println!(
        "{name}: 1000 runs to t = 3 s: {} steps, {} rejected, {} events ({} impacts) per run",
        stats.steps, stats.rejected, stats.events, stats.impacts
    );
    println!(
        "{name}: µs per run {us_run:.2}, per step {:.3}, per event {:.3}",
        us_run / stats.steps.max(1) as f64,
        us_run / stats.events.max(1) as f64
    );
    let list: Vec<String> = impacts.iter().map(|t| format!("{t:.17e}")).collect();
    println!("IMPACTS{suffix} {}", list.join(" "));
    println!("REST{suffix} {:.17e}", rest.unwrap_or(f64::NAN));
    println!(
        "RESULT{suffix} us_per_run={us_run:.6} events={} impacts={} us_per_event={:.6} steps={}",
        stats.events,
        stats.impacts,
        us_run / stats.events.max(1) as f64,
        stats.steps
    );
    Ok(())
}

/// `--timing`: both formulations of the bar, released at rest from θ = π/2.
fn timing() -> Result<(), Box<dyn std::error::Error>> {
    let theta0 = std::f64::consts::FRAC_PI_2;
    let bar = HingedBar::default();
    let (s, c) = theta0.sin_cos();
    let q0 = Vector::<3>::new(bar.l * s, -bar.l * c, theta0);
    time_model("HingedBar (x, y, θ; hinge bilateral)", "", bar, q0)?;
    let angle = hinged_bar_angle::HingedBarAngle::default();
    time_model(
        "HingedBarAngle (θ)",
        "_ANGLE",
        angle,
        Vector::<1>::new(theta0),
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    if std::env::args().skip(1).any(|a| a == "--timing") {
        return timing();
    }
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_hinged_bar".into()),
    );
    std::fs::create_dir_all(&out)?;
    let bar = HingedBar::default();
    let q0 = Vector::<3>::new(bar.l, 0.0, std::f64::consts::FRAC_PI_2);
    let mut sim = EventDriven::new(bar, EventOptions::default(), 0.0, q0, Vector::<3>::zeros())?;
    let energy =
        |q: &Vector<3>, u: &Vector<3>| bar.kinetic_energy(q, u, 0.0) + bar.potential_energy(q, 0.0);
    let mut traj = vec![(0.0, q0[2], 0.0, energy(&q0, &Vector::zeros()))];
    let mut impacts = Vec::new();
    sim.run(4.0, |r| match r {
        Report::Step { t, q, u, .. } => traj.push((t, q[2], u[2], energy(q, u))),
        Report::Event(ev) => {
            traj.push((ev.t, ev.q[2], ev.u_post[2], energy(&ev.q, &ev.u_post)));
            match ev.kind {
                EventKind::Impact => impacts.push((ev.t, ev.kinetic_energy_pre, ev.kinetic_energy_post, ev.impulse[0], ev.bilateral_impulse)),
                EventKind::Accumulation { t_limit } => println!("accumulation point: contact made persistent at t = {}, predicted limit {t_limit}", ev.t),
                EventKind::Rest => println!("at rest from t = {} (the accumulation time)", ev.t),
                _ => {}
            }
        }
    })?;
    let mut w = csv::Writer::from_path(out.join("trajectory.csv"))?;
    w.write_record(["t", "theta", "theta_dot", "energy"])?;
    for p in &traj {
        w.serialize(p)?;
    }
    let mut w = csv::Writer::from_path(out.join("impacts.csv"))?;
    w.write_record([
        "t",
        "ke_pre",
        "ke_post",
        "ratio",
        "e_squared",
        "impulse",
        "hinge_px",
        "hinge_py",
    ])?;
    let mut worst: f64 = 0.0;
    for (t, a, b, p, pb) in &impacts {
        if *a > 1e-20 {
            worst = worst.max((b / a - bar.e * bar.e).abs());
        }
        w.serialize((t, a, b, b / a, bar.e * bar.e, p, pb[0], pb[1]))?;
    }
    let ke_closed = bar.m * bar.g * bar.l * bar.d / (2.0 * bar.l);
    if let Some(first) = impacts.first() {
        println!(
            "first impact at t = {:.15}: T⁻ = {:.15}, closed form m g l cos θ_c = {ke_closed:.15}",
            first.0, first.1
        );
    }
    println!(
        "{} impacts, max |T⁺/T⁻ − e²| = {worst:.2e}; final closed set {:?}",
        impacts.len(),
        sim.closed()
    );
    let s = sim.stats();
    println!(
        "work: {} steps, {} rejected, {} events",
        s.steps, s.rejected, s.events
    );
    let th: Vec<(f64, f64)> = traj.iter().map(|p| (p.0, p.1)).collect();
    let en: Vec<(f64, f64)> = traj.iter().map(|p| (p.0, p.3)).collect();
    line_plot(
        &out.join("angle.png"),
        "Hinged bar hitting the floor",
        "t [s]",
        "θ [rad]",
        &[Series {
            label: "θ(t)",
            points: &th,
            markers: false,
        }],
    )?;
    line_plot(
        &out.join("energy.png"),
        "Hinged bar: T + V (drops only at impacts)",
        "t [s]",
        "E [J]",
        &[Series {
            label: "T + V",
            points: &en,
            markers: false,
        }],
    )?;
    Ok(())
}
