//! A ball bouncing with backspin on a rough floor (`SpinningBall`: e_N = 0.5, e_T = 0.3,
//! μ = 0.1) under the event-driven integrator with planar Coulomb friction, against the closed
//! forms of `stick_slip_reference::spinning_ball` (Glocker & Studer 2005, (24)–(33) for one
//! decoupled contact). Released at 0.3 m moving right at 1 m/s with backspin φ̇ = 30 rad/s: the
//! impacts slide, the bounces accumulate, the ball slides on the floor and then rolls at the
//! speed fixed by the conserved I φ̇ − m r ẋ. Prints each impact and the accumulation and rolling
//! times against the closed form; writes `trajectory.csv`, `events.csv`, `height.png`,
//! `velocities.png`.

use mb_examples::friction_event_models::spinning_ball::SpinningBall;
use mb_examples::plot::{Series, line_plot};
use mb_examples::stick_slip_reference::spinning_ball::{self as reference, BallState};
use mbruntime::Vector;
use mbruntime::event::{Event, EventDriven, EventKind, EventOptions, Report};
use std::path::PathBuf;

/// One sample of the trajectory: t, x, y, ẋ, φ̇, slip velocity.
type Sample = (f64, f64, f64, f64, f64, f64);

/// Runs the ball from `start` to t = 1 s, sampling every millisecond; returns the samples and
/// the events.
#[allow(clippy::type_complexity)]
fn simulate(
    p: SpinningBall,
    start: &BallState,
) -> Result<(Vec<Sample>, Vec<Event<3, 0, 1>>), Box<dyn std::error::Error>> {
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<3>::new(start.x, start.y, start.phi),
        Vector::<3>::new(start.vx, start.vy, start.omega),
    )?;
    let slip = |u: &Vector<3>| u[0] + p.r * u[2];
    let mut trajectory = vec![(
        0.0,
        start.x,
        start.y,
        start.vx,
        start.omega,
        start.slip_velocity(&p),
    )];
    let mut events = Vec::new();
    for k in 1..=1000 {
        sim.run(k as f64 * 1e-3, |r| {
            if let Report::Event(ev) = r {
                events.push(*ev);
            }
        })?;
        let (q, u) = (sim.q(), sim.u());
        trajectory.push((sim.t(), q[0], q[1], u[0], u[2], slip(u)));
    }
    Ok((trajectory, events))
}

/// Prints the accumulation point and the onset of rolling against the closed form.
fn print_settling(
    p: &SpinningBall,
    start: &BallState,
    events: &[Event<3, 0, 1>],
) -> Result<(), Box<dyn std::error::Error>> {
    let settling = reference::settle(p, start)?;
    if let Some(ev) = events.iter().find(|ev| ev.kind == EventKind::Rest) {
        println!(
            "at rest on the floor at t∞ = {:.15} (closed form {:.15})",
            ev.t, settling.accumulation.t
        );
    }
    if let Some(ev) = events.iter().find(|ev| ev.kind == EventKind::SlipStops) {
        println!(
            "rolls from t = {:.12} (closed form {:.12}) at ẋ = {:.12} (closed form {:.12})",
            ev.t,
            settling.rolling.t,
            ev.u_post[0],
            reference::rolling_speed(p, start)
        );
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_friction_ball".into()),
    );
    std::fs::create_dir_all(&out)?;
    let p = SpinningBall::default();
    let start = BallState {
        t: 0.0,
        x: 0.0,
        y: 0.3,
        phi: 0.0,
        vx: 1.0,
        vy: 0.0,
        omega: 30.0,
    };
    let expected = reference::bounces(&p, &start, 8);
    let (trajectory, events) = simulate(p, &start)?;
    let mut w = csv::Writer::from_path(out.join("trajectory.csv"))?;
    w.write_record(["t", "x", "y", "x_dot", "phi_dot", "slip_velocity"])?;
    for s in &trajectory {
        w.serialize(s)?;
    }
    let mut w = csv::Writer::from_path(out.join("events.csv"))?;
    w.write_record([
        "t",
        "kind",
        "x_dot_post",
        "phi_dot_post",
        "impulse_n",
        "impulse_t",
    ])?;
    let mut impact = 0;
    for ev in &events {
        w.serialize((
            ev.t,
            format!("{:?}", ev.kind),
            ev.u_post[0],
            ev.u_post[2],
            ev.impulse[0],
            ev.tangential_impulse[0],
        ))?;
        if ev.kind == EventKind::Impact && impact < expected.len() {
            let hit = &expected[impact];
            println!(
                "impact {impact}: t = {:.15} (closed form {:.15}), ẋ⁺ = {:.12} ({:.12}), φ̇⁺ = {:.10} ({:.10}), {}",
                ev.t,
                hit.before.t,
                ev.u_post[0],
                hit.after.vx,
                ev.u_post[2],
                hit.after.omega,
                if hit.sticking { "sticking" } else { "sliding" }
            );
            impact += 1;
        }
    }
    print_settling(&p, &start, &events)?;
    let height: Vec<(f64, f64)> = trajectory.iter().map(|s| (s.0, s.2)).collect();
    line_plot(
        &out.join("height.png"),
        "Ball with backspin: height of the centre",
        "t [s]",
        "y [m]",
        &[Series {
            label: "y",
            points: &height,
            markers: false,
        }],
    )?;
    let vx: Vec<(f64, f64)> = trajectory.iter().map(|s| (s.0, s.3)).collect();
    let gamma: Vec<(f64, f64)> = trajectory.iter().map(|s| (s.0, s.5)).collect();
    line_plot(
        &out.join("velocities.png"),
        "Ball with backspin: velocities",
        "t [s]",
        "[m/s]",
        &[
            Series {
                label: "ẋ",
                points: &vx,
                markers: false,
            },
            Series {
                label: "slip velocity ẋ + r φ̇",
                points: &gamma,
                markers: false,
            },
        ],
    )?;
    Ok(())
}
