//! Event-driven ball on a string (Lötstedt 1982, Sect. 1; unilateral distance constraint
//! ℓ − √(x² + y²) ≥ 0, ℓ = 1, e = 0.5): started at the bottom with v₀² = 3.5gℓ it swings up
//! on the taut string, goes slack where the tension vanishes (cos θ_s = (2gℓ − v₀²)/(3gℓ),
//! θ from the downward vertical), flies on a parabola and tightens again with an impact.
//! Writes `trajectory.csv` (t, x, y, u, v, |r|, gap, tension, energy), `events.csv` and
//! `trajectory.png`, `tension_gap.png` into `examples/out/event_ball_on_string/` (or the
//! directory given as first argument). An optional second argument sets the restitution e;
//! with e = 1 the run goes to t = 8 s: the elastic reflection at the bottom sends the ball back
//! tangentially to the circle, where the string becomes taut without an impulse (grazing
//! closing), and the motion repeats (`event_ball_on_string examples/out/ball_e1 1`).

use mb_examples::event_models::ball_on_string::BallOnString;
use mb_examples::plot::{Series, line_plot};
use mbruntime::event::Event;
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::{Dynamics, Vector};
use std::path::{Path, PathBuf};

/// One output row: t, q, u, string tension.
type Row = (f64, Vector<2>, Vector<2>, f64);

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_ball_on_string".into()),
    );
    std::fs::create_dir_all(&out)?;
    let e: f64 = match std::env::args().nth(2) {
        Some(arg) => arg.parse()?,
        None => 0.5,
    };
    if !(0.0..=1.0).contains(&e) {
        return Err(format!("restitution e = {e} is not in [0, 1]").into());
    }
    let t_end = if e == 1.0 { 8.0 } else { 4.0 };
    let model = BallOnString {
        e,
        ..BallOnString::default()
    };
    let (g, ell) = (model.g, model.ell);
    let v0 = (3.5 * g * ell).sqrt();
    let q0 = Vector::<2>::new(0.0, -ell);
    let u0 = Vector::<2>::new(v0, 0.0);
    let energy = |q: &Vector<2>, u: &Vector<2>| {
        model.kinetic_energy(q, u, 0.0) + model.potential_energy(q, 0.0)
    };
    // Steps of at most 5 ms for smooth curves (the free flights are exact polynomials and the
    // error control would otherwise take one step per flight).
    let opts = EventOptions {
        max_step: 5e-3,
        ..EventOptions::default()
    };
    let mut sim = EventDriven::new(model, opts, 0.0, q0, u0)?;
    let mut rows = vec![(0.0, q0, u0, sim.contact_multipliers()[0])];
    let mut events = Vec::new();
    sim.run(t_end, |r| match r {
        Report::Step {
            t, q, u, lambda, ..
        } => rows.push((t, *q, *u, lambda[0])),
        Report::Event(ev) => {
            rows.push((ev.t, ev.q, ev.u_post, 0.0));
            events.push(*ev);
        }
    })?;

    write_csv(&out, &rows, &events, ell, energy)?;
    let cos_s = (2.0 * g * ell - v0 * v0) / (3.0 * g * ell);
    println!("slack angle, closed form: cos θ_s = {cos_s:.12}");
    for ev in &events {
        println!(
            "t = {:.9} s  {:?}  cos θ = {:.12}  T: {:.6} → {:.6} J",
            ev.t,
            ev.kind,
            -ev.q[1] / ev.q.norm(),
            ev.kinetic_energy_pre,
            ev.kinetic_energy_post
        );
    }
    let s = sim.stats();
    println!(
        "max |r| = {:.15}, work: {} steps, {} rejected, {} events",
        rows.iter().map(|r| r.1.norm()).fold(0.0, f64::max),
        s.steps,
        s.rejected,
        s.events
    );

    plot(&out, &rows, &events, e, ell, model.m * g)?;
    Ok(())
}

/// `trajectory.csv` and `events.csv`.
fn write_csv(
    out: &Path,
    rows: &[Row],
    events: &[Event<2, 0, 1>],
    ell: f64,
    energy: impl Fn(&Vector<2>, &Vector<2>) -> f64,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_path(out.join("trajectory.csv"))?;
    w.write_record(["t", "x", "y", "u", "v", "r", "gap", "tension", "energy"])?;
    for (t, q, u, lam) in rows {
        w.serialize((
            t,
            q[0],
            q[1],
            u[0],
            u[1],
            q.norm(),
            ell - q.norm(),
            lam,
            energy(q, u),
        ))?;
    }
    let mut w = csv::Writer::from_path(out.join("events.csv"))?;
    w.write_record(["t", "kind", "x", "y", "T_pre", "T_post", "impulse"])?;
    for ev in events {
        w.serialize((
            ev.t,
            format!("{:?}", ev.kind),
            ev.q[0],
            ev.q[1],
            ev.kinetic_energy_pre,
            ev.kinetic_energy_post,
            ev.impulse[0],
        ))?;
    }
    Ok(())
}

/// `trajectory.png` (path, circle, events) and `tension_gap.png`.
fn plot(
    out: &Path,
    rows: &[Row],
    events: &[Event<2, 0, 1>],
    e: f64,
    ell: f64,
    weight: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    let path: Vec<(f64, f64)> = rows.iter().map(|r| (r.1[0], r.1[1])).collect();
    let circle: Vec<(f64, f64)> = (0..=360)
        .map(|k| {
            let a = (k as f64).to_radians();
            (ell * a.sin(), -ell * a.cos())
        })
        .collect();
    let ev_pts: Vec<(f64, f64)> = events.iter().map(|e| (e.q[0], e.q[1])).collect();
    line_plot(
        &out.join("trajectory.png"),
        &format!("Ball on a string, e = {e} (event-driven)"),
        "x [m]",
        "y [m]",
        &[
            Series {
                label: "string length circle",
                points: &circle,
                markers: false,
            },
            Series {
                label: "trajectory",
                points: &path,
                markers: false,
            },
            Series {
                label: "events (slack / impact / grazing)",
                points: &ev_pts,
                markers: true,
            },
        ],
    )?;
    let tension: Vec<(f64, f64)> = rows.iter().map(|r| (r.0, r.3 / weight)).collect();
    let gap: Vec<(f64, f64)> = rows
        .iter()
        .map(|r| (r.0, 10.0 * (ell - r.1.norm())))
        .collect();
    line_plot(
        &out.join("tension_gap.png"),
        "String tension and gap",
        "t [s]",
        "λ/(mg), 10·gap/ℓ",
        &[
            Series {
                label: "tension λ/(mg)",
                points: &tension,
                markers: false,
            },
            Series {
                label: "10 × gap ℓ − |r| [m]",
                points: &gap,
                markers: false,
            },
        ],
    )?;
    Ok(())
}
