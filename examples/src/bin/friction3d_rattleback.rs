//! The rattleback's spin reversal: the generated `Rattleback` (Kane & Levinson's 1982 data,
//! μ = 1) on a rough plane under Moreau's midpoint rule with the spatial friction cone and the
//! gap projection, against the same body under the ideal rolling constraint
//! (`mb_examples::rattleback_rolling`, hand-written Newton–Euler equations, fourth-order
//! Runge–Kutta).
//!
//! Spun at 5 rad/s clockwise (seen from above) from a tilt of 0.01 rad in pitch and roll, the
//! body rocks, the rocking grows and reverses the spin within 3 s; spun counter-clockwise it
//! keeps its sense far longer. There is no dissipation in the rolling model, so the motion then
//! swings back. Prints the reversal times of both routes, the energy error of the time-stepping
//! run (the scheme's O(Δt) loss at a persistent contact) and the largest friction ratio
//! ‖λ_T‖/λ_N, and writes `rattleback.csv` (the time-stepping records), `rolling.csv` (the
//! reference: t, u, ω, ω·u), `spin.png` (ω·u of both routes and both senses) and `energy.png`
//! (the relative energy error of the time-stepping runs).
//!
//! ```text
//! cargo run --release -p mb-examples --bin friction3d_rattleback -- [OUT_DIR] [--h H]
//!     [--t-end T] [--scheme midpoint|jean]
//! ```

use mb_examples::plot::{Series, line_plot};
use mb_examples::rattleback::rattleback::Rattleback;
use mb_examples::rattleback_rolling::{RollingRattleback, RollingState, rolling_state};
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Dynamics, Vector};
use nalgebra::Vector3;
use std::error::Error;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

const SPIN: f64 = 5.0;
const TILT: f64 = 0.01;
const DT_REF: f64 = 1e-4;

/// Command-line options.
struct Options {
    out: PathBuf,
    h: f64,
    t_end: f64,
    scheme: Scheme,
}

fn options() -> Result<Options, Box<dyn Error>> {
    let mut o = Options {
        out: PathBuf::from("examples/out/friction3d_rattleback"),
        h: 1e-5,
        t_end: 20.0,
        scheme: Scheme::MoreauMidpoint,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--h" => o.h = args.next().ok_or("--h needs a value")?.parse()?,
            "--t-end" => o.t_end = args.next().ok_or("--t-end needs a value")?.parse()?,
            "--scheme" => {
                if args.next().as_deref() == Some("jean") {
                    o.scheme = Scheme::MoreauJean { theta: 0.5 };
                }
            }
            other if !other.starts_with("--") => o.out = PathBuf::from(other),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    for (name, v) in [("--h", o.h), ("--t-end", o.t_end)] {
        if !(v.is_finite() && v > 0.0) {
            return Err(format!("{name} must be positive, got {v}").into());
        }
    }
    Ok(o)
}

fn model() -> Rattleback {
    Rattleback {
        mu: 1.0,
        ..Rattleback::default()
    }
}

/// The rolling reference from spin `spin`, every DT_REF up to `t_end`.
fn reference(spin: f64, t_end: f64) -> Result<Vec<RollingState>, Box<dyn Error>> {
    let body = RollingRattleback::of(&model());
    let (q, qd) = body.coordinates([0.0, TILT, TILT], &Vector3::new(0.0, 0.0, spin));
    let mut s = rolling_state(&q, &qd);
    let mut out = vec![s];
    for _ in 0..(t_end / DT_REF).round() as usize {
        s = body
            .rk4_step(&s, DT_REF)
            .ok_or("singular reduced inertia")?;
        out.push(s);
    }
    Ok(out)
}

/// What the program reports of a time-stepping run.
#[derive(Default)]
struct Summary {
    spins: Vec<(f64, f64)>,
    /// (t, E(t)/E(0) − 1).
    energy: Vec<(f64, f64)>,
    energy_error: f64,
    friction_ratio: f64,
}

/// Runs the time-stepping model from spin `spin`, writing every record to `csv` if given.
fn simulate(
    o: &Options,
    spin: f64,
    mut csv: Option<&mut RecordCsv<BufWriter<AtomicFile>>>,
) -> Result<Summary, Box<dyn Error>> {
    let body = RollingRattleback::of(&model());
    let (q, qd) = body.coordinates([0.0, TILT, TILT], &Vector3::new(0.0, 0.0, spin));
    let (q0, u0) = (Vector::<6>::from(q), Vector::<6>::from(qd));
    let m = model();
    let e0 = m.kinetic_energy(&q0, &u0, 0.0) + m.potential_energy(&q0, 0.0);
    let settings = Settings {
        gap_projection_iterations: 3,
        ..Settings::default()
    };
    let mut ts = TimeStepper::new(m, o.scheme, settings, 0.0, q0, u0)?;
    let mut summary = Summary::default();
    let mut csv_error = None;
    let every = (1e-3 / o.h).round().max(1.0) as u64;
    ts.run(o.h, o.t_end, |r: &StepRecord<6, 0, 1>| {
        if r.impulses.lambda_n[0] > 0.0 {
            let ratio =
                r.impulses.lambda_t[0].hypot(r.impulses.lambda_t2[0]) / r.impulses.lambda_n[0];
            summary.friction_ratio = summary.friction_ratio.max(ratio);
        }
        if r.step.is_multiple_of(every) {
            let q: [f64; 6] = r.q.as_slice().try_into().expect("6 coordinates");
            let u: [f64; 6] = r.u.as_slice().try_into().expect("6 velocities");
            summary
                .spins
                .push((r.t, rolling_state(&q, &u).vertical_spin()));
            let e = m.kinetic_energy(&r.q, &r.u, r.t) + m.potential_energy(&r.q, r.t);
            summary.energy.push((r.t, e / e0 - 1.0));
            if let Some(Err(e)) = csv.as_mut().map(|c| c.write(r)) {
                csv_error.get_or_insert(e);
            }
        }
    })?;
    if let Some(e) = csv_error {
        return Err(e.into());
    }
    let e = m.kinetic_energy(ts.q(), ts.u(), ts.t()) + m.potential_energy(ts.q(), ts.t());
    summary.energy_error = e / e0 - 1.0;
    Ok(summary)
}

/// First sign change of the second component (linear interpolation).
fn reversal(points: &[(f64, f64)]) -> Option<f64> {
    points
        .windows(2)
        .find(|w| w[0].1 * w[1].1 < 0.0)
        .map(|w| w[0].0 + (w[1].0 - w[0].0) * w[0].1 / (w[0].1 - w[1].1))
}

fn main() -> Result<(), Box<dyn Error>> {
    let o = options()?;
    std::fs::create_dir_all(&o.out)?;
    let file = BufWriter::new(AtomicFile::create(o.out.join("rattleback.csv"))?);
    let mut csv = RecordCsv::for_model::<Rattleback, 6, 0, 1>(file)?;
    let clockwise = simulate(&o, -SPIN, Some(&mut csv))?;
    AtomicFile::commit_buffered(csv.into_inner()?)?;
    let counter = simulate(&o, SPIN, None)?;
    let (ref_cw, ref_ccw) = (reference(-SPIN, o.t_end)?, reference(SPIN, o.t_end)?);
    write_reference(&o.out.join("rolling.csv"), &ref_cw)?;
    let spins = |states: &[RollingState]| -> Vec<(f64, f64)> {
        let step = (1e-3 / DT_REF).round() as usize;
        let at = |k: usize| (k as f64 * DT_REF, states[k].vertical_spin());
        (0..states.len()).step_by(step).map(at).collect()
    };
    let (ref_cw, ref_ccw) = (spins(&ref_cw), spins(&ref_ccw));
    println!(
        "rattleback, Δt = {:e} s, {:?}, spin ∓{SPIN} rad/s, tilt {TILT} rad",
        o.h, o.scheme
    );
    println!(
        "| start | reversal, rolling reference [s] | reversal, time-stepping [s] | E(T)/E(0) − 1 | max ‖λ_T‖/λ_N |"
    );
    println!("|---|---|---|---|---|");
    for (name, ts, rf) in [
        ("clockwise", &clockwise, &ref_cw),
        ("counter-clockwise", &counter, &ref_ccw),
    ] {
        let show = |t: Option<f64>| t.map_or("none".to_string(), |t| format!("{t:.4}"));
        println!(
            "| {name} | {} | {} | {:.2e} | {:.3} |",
            show(reversal(rf)),
            show(reversal(&ts.spins)),
            ts.energy_error,
            ts.friction_ratio
        );
    }
    plot(
        &o.out.join("spin.png"),
        &clockwise.spins,
        &counter.spins,
        &ref_cw,
        &ref_ccw,
    )?;
    plot_energy(
        &o.out.join("energy.png"),
        &clockwise.energy,
        &counter.energy,
    )?;
    println!("CSV and PNG written to {}", o.out.display());
    Ok(())
}

/// `rolling.csv`: the reference every millisecond.
fn write_reference(path: &Path, states: &[RollingState]) -> Result<(), Box<dyn Error>> {
    let mut w = BufWriter::new(File::create(path)?);
    writeln!(w, "t,u_x,u_y,u_z,omega_x,omega_y,omega_z,vertical_spin")?;
    let step = (1e-3 / DT_REF).round() as usize;
    for (k, s) in states.iter().enumerate().step_by(step) {
        let (u, w_) = (s.up, s.omega);
        writeln!(
            w,
            "{},{},{},{},{},{},{},{}",
            k as f64 * DT_REF,
            u[0],
            u[1],
            u[2],
            w_[0],
            w_[1],
            w_[2],
            s.vertical_spin()
        )?;
    }
    w.flush()?;
    Ok(())
}

/// `spin.png`: ω·u against time for both starts, time-stepping over the rolling reference.
fn plot(
    path: &Path,
    cw: &[(f64, f64)],
    ccw: &[(f64, f64)],
    ref_cw: &[(f64, f64)],
    ref_ccw: &[(f64, f64)],
) -> Result<(), Box<dyn Error>> {
    let series = [
        ("rolling reference, clockwise start", ref_cw, false),
        ("time-stepping, clockwise start", cw, false),
        ("rolling reference, counter-clockwise start", ref_ccw, false),
        ("time-stepping, counter-clockwise start", ccw, false),
    ];
    let series: Vec<Series> = series
        .iter()
        .map(|&(label, points, markers)| Series {
            label,
            points,
            markers,
        })
        .collect();
    line_plot(
        path,
        "Rattleback on a rough plane: spin about the vertical",
        "t [s]",
        "ω·e_z [rad/s]",
        &series,
    )
}

/// `energy.png`: E(t)/E(0) − 1 of both time-stepping runs.
fn plot_energy(path: &Path, cw: &[(f64, f64)], ccw: &[(f64, f64)]) -> Result<(), Box<dyn Error>> {
    line_plot(
        path,
        "Rattleback, time-stepping: relative energy error (rolling conserves E)",
        "t [s]",
        "E(t)/E(0) − 1",
        &[
            Series {
                label: "clockwise start",
                points: cw,
                markers: false,
            },
            Series {
                label: "counter-clockwise start",
                points: ccw,
                markers: false,
            },
        ],
    )
}
