//! Stick–slip under the event-driven integrator with planar Coulomb friction, against the
//! piecewise closed forms (`stick_slip_reference`):
//! * `RampBlock`: a block on a ramp pushed by f0 sin ωt (stick → slip up → stick → slip down …);
//! * `SpringDraggedBlock`: a block dragged by a spring whose end moves as x0 sin Ωt (Den Hartog
//!   1931, the motion with stops).
//!
//! Prints every transition (`StickEnds`, `SlipStops`) against the closed form; writes per model
//! `<name>_trajectory.csv` (t, slip coordinate, its velocity, friction force), `<name>_events.csv`
//! (t, kind, closed-form t, difference) and `<name>.png` (position and velocity against time).

use mb_examples::friction_event_models::{
    ramp_block::RampBlock, spring_dragged_block::SpringDraggedBlock,
};
use mb_examples::plot::{Series, line_plot};
use mb_examples::stick_slip_reference::{Phase, driven_spring, ramp};
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::{Rates, Vector};
use std::path::{Path, PathBuf};

/// Runs `model` from rest through the transitions of `phases`, writing CSV and PNG under
/// `out` with prefix `name`; returns the largest |t_event − t_closed|.
fn run<M: Rates<2, 0, 1>>(
    out: &Path,
    name: &str,
    model: M,
    phases: &[Phase],
) -> Result<f64, Box<dyn std::error::Error>> {
    let t_end = phases.last().map_or(0.0, |p| p.t_end) + 0.05;
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        Vector::<2>::zeros(),
        Vector::<2>::zeros(),
    )?;
    let mut trajectory = vec![(0.0, 0.0, 0.0, sim.tangential_multipliers()[0])];
    let mut events = Vec::new();
    let samples = 2000;
    for k in 1..=samples {
        sim.run(t_end * k as f64 / samples as f64, |r| {
            if let Report::Event(ev) = r {
                events.push((ev.t, format!("{:?}", ev.kind), ev.q[0]));
            }
        })?;
        let (q, u) = (sim.q(), sim.u());
        trajectory.push((sim.t(), q[0], u[0], sim.tangential_multipliers()[0]));
    }
    let mut w = csv::Writer::from_path(out.join(format!("{name}_trajectory.csv")))?;
    w.write_record(["t", "x", "x_dot", "lambda_t"])?;
    for p in &trajectory {
        w.serialize(p)?;
    }
    let mut w = csv::Writer::from_path(out.join(format!("{name}_events.csv")))?;
    w.write_record(["t", "kind", "x", "t_closed_form", "x_closed_form", "dt"])?;
    let mut worst: f64 = 0.0;
    for ((t, kind, x), ph) in events.iter().zip(phases) {
        let dt = t - ph.t_end;
        worst = worst.max(dt.abs());
        w.serialize((t, kind, x, ph.t_end, ph.x_end, dt))?;
        println!(
            "  {kind:9} at t = {t:.12} s (closed form {:.12}, Δ = {dt:+.1e})",
            ph.t_end
        );
    }
    let position: Vec<(f64, f64)> = trajectory.iter().map(|p| (p.0, p.1)).collect();
    let velocity: Vec<(f64, f64)> = trajectory.iter().map(|p| (p.0, p.2)).collect();
    let series = [
        Series {
            label: "position [m]",
            points: &position,
            markers: false,
        },
        Series {
            label: "velocity [m/s]",
            points: &velocity,
            markers: false,
        },
    ];
    line_plot(
        &out.join(format!("{name}.png")),
        name,
        "t [s]",
        "slip coordinate",
        &series,
    )?;
    let s = sim.stats();
    println!(
        "  {} steps, {} rejected, {} events",
        s.steps, s.rejected, s.events
    );
    Ok(worst)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_friction_stick_slip".into()),
    );
    std::fs::create_dir_all(&out)?;
    let ramp_block = RampBlock::default();
    println!("RampBlock (push f0 sin ωt):");
    let phases = ramp::phases(&ramp_block, 0.0, 0.0, 8)?;
    let worst = run(&out, "ramp", ramp_block, &phases)?;
    println!("  largest transition-time error {worst:.1e} s");
    let spring = SpringDraggedBlock::default();
    println!("SpringDraggedBlock (driven end x0 sin Ωt):");
    let phases = driven_spring::phases(&spring, 0.0, 0.0, 12)?;
    let worst = run(&out, "driven_spring", spring, &phases)?;
    println!("  largest transition-time error {worst:.1e} s");
    Ok(())
}
