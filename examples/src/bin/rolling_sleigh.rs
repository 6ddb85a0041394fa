//! The Chaplygin sleigh (`ChaplyginSleigh`: a planar body on a knife edge a = 0.3 m behind its
//! centre of mass, m = 1 kg, I = 0.05 kg m²) under the event-driven integrator (rtol 1e-10),
//! against the closed form of `mb_examples::rolling_reference` (Neimark & Fufaev 1972;
//! Borisov & Mamaev 2009): started turning at θ₀ = 0.4 rad, u₀ = 0.5 m/s, ω₀ = 2 rad/s, the
//! sleigh straightens out, u → c = √(u₀² + k ω₀²), ω → 0, heading θ∞.
//!
//! Prints the largest deviations from the closed form and the final state against c and θ∞;
//! writes `trajectory.csv`, `path.png` (the centre of mass and the knife edge, with the
//! closed-form centre) and `velocities.png` (u and ω with the closed form) into
//! `examples/out/rolling_sleigh/` (or the directory given as first argument).
//!
//! ```text
//! cargo run --release -p mb-examples --bin rolling_sleigh -- [OUT_DIR]
//! ```

use mb_examples::plot::{Series, line_plot};
use mb_examples::rolling_models::chaplygin_sleigh::ChaplyginSleigh;
use mb_examples::rolling_reference::{SleighMotion, sleigh_body_velocities, sleigh_velocity};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions};
use std::path::PathBuf;

/// Simulated time [s] and sampling interval [s].
const T_END: f64 = 15.0;
const SAMPLE: f64 = 0.01;

/// One sample: t, centre (x, y), θ, knife edge (x, y), u, ω, and the closed form's u, ω, θ,
/// x, y.
type Row = [f64; 13];

fn sample(s: &ChaplyginSleigh, mo: &SleighMotion, t: f64, q: &Vector<3>, qd: &Vector<3>) -> Row {
    let (u, w) = sleigh_body_velocities(q[2], &[qd[0], qd[1], qd[2]]);
    let reference = mo.at(t);
    let (xr, yr) = mo.centre(0.0, 0.0, t);
    let (sn, cs) = q[2].sin_cos();
    [
        t,
        q[0],
        q[1],
        q[2],
        q[0] - s.a * cs,
        q[1] - s.a * sn,
        u,
        w,
        reference.u,
        reference.omega,
        reference.theta,
        xr,
        yr,
    ]
}

fn write_csv(path: &std::path::Path, rows: &[Row]) -> Result<(), Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_path(path)?;
    w.write_record([
        "t",
        "x",
        "y",
        "theta",
        "x_edge",
        "y_edge",
        "u",
        "omega",
        "u_closed",
        "omega_closed",
        "theta_closed",
        "x_closed",
        "y_closed",
    ])?;
    for r in rows {
        w.serialize(r)?;
    }
    w.flush()?;
    Ok(())
}

fn plots(out: &std::path::Path, rows: &[Row]) -> Result<(), Box<dyn std::error::Error>> {
    let pick =
        |i: usize, j: usize| -> Vec<(f64, f64)> { rows.iter().map(|r| (r[i], r[j])).collect() };
    let every = |i: usize, j: usize| -> Vec<(f64, f64)> {
        rows.iter().step_by(25).map(|r| (r[i], r[j])).collect()
    };
    line_plot(
        &out.join("path.png"),
        "Chaplygin sleigh: path of the centre of mass and of the knife edge",
        "x [m]",
        "y [m]",
        &[
            Series {
                label: "centre of mass",
                points: &pick(1, 2),
                markers: false,
            },
            Series {
                label: "knife edge",
                points: &pick(4, 5),
                markers: false,
            },
            Series {
                label: "closed form (centre)",
                points: &every(11, 12),
                markers: true,
            },
        ],
    )?;
    line_plot(
        &out.join("velocities.png"),
        "Chaplygin sleigh: forward speed u and yaw rate ω",
        "t [s]",
        "u [m/s], ω [rad/s]",
        &[
            Series {
                label: "u",
                points: &pick(0, 6),
                markers: false,
            },
            Series {
                label: "ω",
                points: &pick(0, 7),
                markers: false,
            },
            Series {
                label: "u closed form",
                points: &every(0, 8),
                markers: true,
            },
            Series {
                label: "ω closed form",
                points: &every(0, 9),
                markers: true,
            },
        ],
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("out/rolling_sleigh"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&out)?;
    let s = ChaplyginSleigh::default();
    let mo = SleighMotion {
        m: s.m,
        inertia: s.inertia,
        a: s.a,
        theta0: 0.4,
        u0: 0.5,
        omega0: 2.0,
    };
    let q0 = Vector::<3>::new(0.0, 0.0, mo.theta0);
    let qd0 = Vector::<3>::from(sleigh_velocity(s.a, mo.theta0, mo.u0, mo.omega0));
    let mut sim = EventDriven::new(s, EventOptions::default(), 0.0, q0, qd0)?;
    let mut rows = vec![sample(&s, &mo, 0.0, &q0, &qd0)];
    let samples = (T_END / SAMPLE).round() as usize;
    for k in 1..=samples {
        sim.run(k as f64 * SAMPLE, |_| {})?;
        rows.push(sample(&s, &mo, sim.t(), sim.q(), sim.u()));
    }
    write_csv(&out.join("trajectory.csv"), &rows)?;
    plots(&out, &rows)?;

    let worst = |i: usize, j: usize| rows.iter().map(|r| (r[i] - r[j]).abs()).fold(0.0, f64::max);
    let last = rows.last().expect("samples");
    println!(
        "Chaplygin sleigh, {T_END} s ({} steps): largest deviation from the closed form u {:.1e} m/s, ω {:.1e} rad/s, θ {:.1e} rad, x {:.1e} m, y {:.1e} m",
        sim.stats().steps,
        worst(6, 8),
        worst(7, 9),
        worst(3, 10),
        worst(1, 11),
        worst(2, 12)
    );
    println!(
        "final u = {:.12} m/s (c = {:.12}), ω = {:.3e} rad/s, θ = {:.12} rad (θ∞ = {:.12}; 1/β = {:.3} s)",
        last[6],
        mo.c(),
        last[7],
        last[3],
        mo.final_heading(),
        1.0 / mo.beta()
    );
    println!("wrote {}", out.display());
    Ok(())
}
