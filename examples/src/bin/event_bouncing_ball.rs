//! Event-driven bouncing ball (h₀ = 1 m, e = 0.5, g = 9.81): impact times against the closed
//! form tₖ₊₁ = tₖ + 2eᵏ√(2gh₀)/g and the accumulation time t_∞ = √(2h₀/g)(1 + e)/(1 − e).
//! Writes `trajectory.csv`, `impacts.csv` and `height.png` into `examples/out/event_bouncing_ball/`
//! (or the directory given as first argument).

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_bouncing_ball".into()),
    );
    std::fs::create_dir_all(&out)?;
    let (h0, e, g) = (1.0, 0.5, 9.81);
    let mut sim = EventDriven::new(BouncingBall { m: 1.0, g, e }, EventOptions::default());
    sim.initialize(0.0, Vector::<1>::new(h0), Vector::<1>::zeros())?;
    let mut traj = vec![(0.0, h0, 0.0, 0.0)];
    let mut impacts = Vec::new();
    let mut t_limit = None;
    sim.advance_to(2.0, |r| match r {
        Report::Step { t, q, u, lambda } => traj.push((t, q[0], u[0], lambda[0])),
        Report::Event(ev) => {
            traj.push((ev.t, ev.q[0], ev.u_post[0], 0.0));
            if let EventKind::Accumulation { t_limit: tl } = ev.kind {
                t_limit = Some(tl);
            }
            impacts.push((ev.t, ev.u_pre[0], ev.u_post[0], ev.impulse[0]));
        }
    })?;
    let mut w = csv::Writer::from_path(out.join("trajectory.csv"))?;
    w.write_record(["t", "y", "v", "lambda"])?;
    for (t, y, v, l) in &traj {
        w.serialize((t, y, v, l))?;
    }
    let v1 = (2.0 * g * h0).sqrt();
    let mut tk = (2.0 * h0 / g).sqrt();
    let mut w = csv::Writer::from_path(out.join("impacts.csv"))?;
    w.write_record([
        "k",
        "t",
        "t_closed_form",
        "error",
        "v_pre",
        "v_post",
        "impulse",
    ])?;
    let mut max_err: f64 = 0.0;
    for (k, (t, vm, vp, p)) in impacts.iter().enumerate() {
        w.serialize((k + 1, t, tk, t - tk, vm, vp, p))?;
        max_err = max_err.max((t - tk).abs());
        tk += 2.0 * e.powi(k as i32 + 1) * v1 / g;
    }
    let t_inf = (2.0 * h0 / g).sqrt() * (1.0 + e) / (1.0 - e);
    let s = sim.stats();
    println!(
        "impacts: {}, max |t_k − closed form| = {max_err:.2e} s",
        impacts.len()
    );
    println!(
        "accumulation: predicted {:?}, closed form {t_inf}, rest from {}",
        t_limit,
        impacts.last().map_or(f64::NAN, |x| x.0)
    );
    println!(
        "at t = 2: y = {:.3e}, λ = {} (mg = {g})",
        sim.positions()[0],
        sim.contact_multipliers()[0]
    );
    println!(
        "work: {} steps, {} rejected, {} events, {} acceleration evaluations",
        s.steps, s.rejected, s.events, s.evaluations
    );
    // The error control takes very long (exact) steps on the parabolic flights; for a smooth
    // curve the plot comes from a second run with steps of at most 5 ms.
    let opts = EventOptions {
        max_step: 5e-3,
        ..EventOptions::default()
    };
    let mut fine = EventDriven::new(BouncingBall { m: 1.0, g, e }, opts);
    fine.initialize(0.0, Vector::<1>::new(h0), Vector::<1>::zeros())?;
    let mut pts = vec![(0.0, h0)];
    fine.advance_to(2.0, |r| match r {
        Report::Step { t, q, .. } => pts.push((t, q[0])),
        Report::Event(ev) => pts.push((ev.t, ev.q[0])),
    })?;
    let imp: Vec<(f64, f64)> = impacts.iter().map(|p| (p.0, 0.0)).collect();
    line_plot(
        &out.join("height.png"),
        "Bouncing ball, e = 0.5 (event-driven)",
        "t [s]",
        "y [m]",
        &[
            Series {
                label: "y(t)",
                points: &pts,
                markers: false,
            },
            Series {
                label: "impacts",
                points: &imp,
                markers: true,
            },
        ],
    )?;
    Ok(())
}
