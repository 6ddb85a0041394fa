//! A uniform ball rolling on a turntable (`TurntableBall`: r = 0.05 m, table at Ω = 2 rad/s)
//! under the event-driven integrator (rtol 1e-10). From m v̇ = F, I ω̇ = −r ẑ × F and the
//! rolling condition the centre obeys v̇ = (2/7)(Ω ẑ × v + α ẑ × ρ): on a steady table
//! (α = 0) it runs a circle at 2Ω/7, here of radius 0.2 r, over two and a quarter
//! revolutions; on a table spinning up at α = 0.5 rad/s² (Ω from 2 to 7 rad/s in 10 s) it
//! follows the solution of that linear equation (`mb_examples::rolling_reference`).
//!
//! Prints the largest distance from the closed forms and the range of the chart angle b;
//! writes `steady.csv`, `spinning_up.csv`, `path.png` and `path_spinning_up.png` (the centre's
//! path over the floor with the closed form) into `examples/out/rolling_turntable/` (or the
//! directory given as first argument).
//!
//! ```text
//! cargo run --release -p mb-examples --bin rolling_turntable -- [OUT_DIR]
//! ```

use mb_examples::plot::{Series, line_plot};
use mb_examples::rolling_models::turntable_ball::TurntableBall;
use mb_examples::rolling_reference::{
    TurntableCentre, rolling_ball_velocity, zyx_angular_velocity,
};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions};
use std::f64::consts::PI;
use std::path::{Path, PathBuf};

/// Sampling interval [s].
const SAMPLE: f64 = 0.01;

/// One sample: t, x, y, closed-form x, y, angles a, b, c, spin ω_z.
type Row = [f64; 9];

/// Runs the ball from the centre (0.25 r, 0.02 r) moving along +y at 0.2 r · 2Ω/7, spinning
/// about the vertical at 3Ω (which keeps its tilt small), to `t_end`; `expected(t)` is the
/// closed-form centre.
fn simulate(
    ball: TurntableBall,
    t_end: f64,
    expected: impl Fn(f64) -> (f64, f64),
) -> Result<(Vec<Row>, usize), Box<dyn std::error::Error>> {
    let r = ball.r;
    let q0 = [0.25 * r, 0.02 * r, 0.1, -0.05, 0.08];
    let v0 = (0.0, 0.2 * r * 2.0 * ball.omega / 7.0);
    let qd0 = rolling_ball_velocity(r, ball.omega, &q0, v0, 3.0 * ball.omega);
    let (q0, qd0) = (Vector::<5>::from(q0), Vector::<5>::from(qd0));
    let mut sim = EventDriven::new(ball, EventOptions::default(), 0.0, q0, qd0)?;
    let row = |t: f64, q: &Vector<5>, qd: &Vector<5>| -> Row {
        let (xr, yr) = expected(t);
        let spin = zyx_angular_velocity([q[2], q[3], q[4]], [qd[2], qd[3], qd[4]])[2];
        [t, q[0], q[1], xr, yr, q[2], q[3], q[4], spin]
    };
    let mut rows = vec![row(0.0, &q0, &qd0)];
    let samples = (t_end / SAMPLE).round() as usize;
    for k in 1..=samples {
        sim.run(k as f64 * SAMPLE, |_| {})?;
        rows.push(row(sim.t(), sim.q(), sim.u()));
    }
    Ok((rows, sim.stats().steps))
}

fn write_csv(path: &Path, rows: &[Row]) -> Result<(), Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_path(path)?;
    w.write_record([
        "t", "x", "y", "x_closed", "y_closed", "a", "b", "c", "spin_z",
    ])?;
    for r in rows {
        w.serialize(r)?;
    }
    w.flush()?;
    Ok(())
}

/// Plots the path in millimetres with the closed form, and prints the deviations.
fn report(
    path: &Path,
    title: &str,
    rows: &[Row],
    steps: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let mm = |i: usize, j: usize, every: usize| -> Vec<(f64, f64)> {
        rows.iter()
            .step_by(every)
            .map(|r| (1e3 * r[i], 1e3 * r[j]))
            .collect()
    };
    line_plot(
        path,
        title,
        "x [mm]",
        "y [mm]",
        &[
            Series {
                label: "centre of the ball",
                points: &mm(1, 2, 1),
                markers: false,
            },
            Series {
                label: "closed form",
                points: &mm(3, 4, 40),
                markers: true,
            },
            Series {
                label: "axis of the table",
                points: &[(0.0, 0.0)],
                markers: true,
            },
        ],
    )?;
    let worst = rows
        .iter()
        .map(|r| (r[1] - r[3]).abs().max((r[2] - r[4]).abs()))
        .fold(0.0, f64::max);
    let max_b = rows.iter().map(|r| r[6].abs()).fold(0.0, f64::max);
    let spin = rows
        .iter()
        .map(|r| (r[8] - rows[0][8]).abs())
        .fold(0.0, f64::max);
    let t_end = rows.last().map_or(0.0, |r| r[0]);
    println!(
        "{title}: {t_end:.3} s, {steps} steps, largest distance from the closed form {worst:.1e} m, ω_z drift {spin:.1e} rad/s, |b| ≤ {max_b:.3} rad"
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("out/rolling_turntable"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&out)?;

    let steady = TurntableBall::default();
    let r = steady.r;
    let centre = |alpha: f64| TurntableCentre {
        omega: steady.omega,
        alpha,
        position0: (0.25 * r, 0.02 * r),
        velocity0: (0.0, 0.2 * r * 2.0 * steady.omega / 7.0),
    };
    let reference = centre(0.0);
    let circle = reference.circle();
    let t_end = 2.25 * 2.0 * PI / circle.rate;
    let (rows, steps) = simulate(steady, t_end, |t| circle.point(reference.position0, t))?;
    write_csv(&out.join("steady.csv"), &rows)?;
    report(
        &out.join("path.png"),
        "Ball on a steady turntable",
        &rows,
        steps,
    )?;
    println!(
        "circle: centre ({:.4}, {:.4}) mm, radius {:.4} mm, rate 2Ω/7 = {:.6} rad/s, period {:.4} s",
        1e3 * circle.centre.0,
        1e3 * circle.centre.1,
        1e3 * circle.radius,
        circle.rate,
        2.0 * PI / circle.rate
    );

    let spinning_up = TurntableBall {
        alpha: 0.5,
        ..steady
    };
    let reference = centre(spinning_up.alpha);
    let (rows, steps) = simulate(spinning_up, 10.0, |t| reference.position(t))?;
    write_csv(&out.join("spinning_up.csv"), &rows)?;
    report(
        &out.join("path_spinning_up.png"),
        "Ball on a turntable spinning up (α = 0.5 rad/s²)",
        &rows,
        steps,
    )?;
    println!("wrote {}", out.display());
    Ok(())
}
