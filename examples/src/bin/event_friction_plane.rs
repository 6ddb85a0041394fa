//! Spatial Coulomb friction under the event-driven integrator, two motions with closed forms:
//!
//! * a uniform ball (`RollingBall`, μ = 0.05) dropped 5 cm onto a rough floor with restitution
//!   0.6 (e_T = 0), moving and spinning about an arbitrary axis: its bounces follow Newton's and
//!   Coulomb's laws in the tangent plane, accumulate, and the ball slides until its slip stops
//!   and then rolls at the velocity fixed by the angular momentum about the contact point;
//! * a block (`InclineBlock`, μ = 0.3 tan α) launched at 2 m/s across a 30° incline: it curves
//!   downhill along the closed form v sin φ / tan(φ/2)^k = const (k = μ / tan α);
//! * a block (`PushedBlock`) on a rough incline pushed along it by a rotating force of pulsing
//!   magnitude: it sticks, slips in the direction of the load and sticks again, twice.
//!
//! Prints the events and the rolling velocity and path against the closed forms; writes
//! `ball.csv`, `ball_events.csv`, `ball_slip.png` (slip speed and height), `incline.csv`,
//! `incline_path.png` (the path on the slope against the closed form), `push.csv` and
//! `push_speed.png` (the slip speed, zero while it sticks).
//!
//! ```text
//! cargo run --release -p mb-examples --bin event_friction_plane -- [OUT_DIR]
//! ```

use mb_examples::friction3d_models::incline_block::InclineBlock;
use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mb_examples::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions, Report};
use std::error::Error;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_friction_plane".into()),
    );
    std::fs::create_dir_all(&out)?;
    ball(&out)?;
    incline(&out)?;
    push(&out)?;
    println!("CSV and PNG written to {}", out.display());
    Ok(())
}

/// The dropped spinning ball, sampled every millisecond over 1 s.
fn ball(out: &Path) -> Result<(), Box<dyn Error>> {
    let p = RollingBall {
        e: 0.6,
        mu: 0.05,
        ..RollingBall::default()
    };
    let q0 = Vector::<6>::new(0.0, 0.0, p.r + 0.05, 0.0, 0.0, 0.0);
    let u0 = Vector::<6>::new(0.4, -0.25, 0.0, 12.0, -20.0, 5.0);
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, q0, u0)?;
    let mut csv = csv::Writer::from_path(out.join("ball.csv"))?;
    csv.write_record([
        "t", "x", "y", "z", "x_dot", "y_dot", "omega_x", "omega_y", "slip",
    ])?;
    let mut events = csv::Writer::from_path(out.join("ball_events.csv"))?;
    events.write_record([
        "t",
        "kind",
        "impulse_n",
        "impulse_t1",
        "impulse_t2",
        "modes",
    ])?;
    let (mut slip, mut height) = (Vec::new(), Vec::new());
    for k in 0..=1000 {
        let mut failed = None;
        sim.run(k as f64 * 1e-3, |r| {
            if let Report::Event(ev) = r {
                println!(
                    "ball: t = {:.12} s  {:?}  modes {:?}",
                    ev.t, ev.kind, ev.modes
                );
                let row = (
                    ev.t,
                    format!("{:?}", ev.kind),
                    ev.impulse[0],
                    ev.tangential_impulse[0],
                    ev.second_tangential_impulse[0],
                    format!("{:?}", ev.modes),
                );
                if let Err(e) = events.serialize(row) {
                    failed.get_or_insert(e);
                }
            }
        })?;
        if let Some(e) = failed {
            return Err(e.into());
        }
        let (t, q, u) = (sim.t(), sim.q(), sim.u());
        let s = (u[0] - p.r * u[4]).hypot(u[1] + p.r * u[3]);
        csv.serialize((t, q[0], q[1], q[2], u[0], u[1], u[3], u[4], s))?;
        slip.push((t, s));
        height.push((t, 10.0 * (q[2] - p.r)));
    }
    csv.flush()?;
    events.flush()?;
    // Rolling at the conserved angular momentum about the contact point.
    let inertia = 0.4 * p.m * p.r * p.r;
    let lx = inertia * u0[3] - p.m * p.r * u0[1];
    let ly = inertia * u0[4] + p.m * p.r * u0[0];
    let (wx, wy) = (
        lx / (inertia + p.m * p.r * p.r),
        ly / (inertia + p.m * p.r * p.r),
    );
    let u = sim.u();
    println!(
        "ball rolls at (ẋ, ẏ) = ({:.12}, {:.12}) m/s, closed form ({:.12}, {:.12})",
        u[0],
        u[1],
        p.r * wy,
        -p.r * wx
    );
    line_plot(
        &out.join("ball_slip.png"),
        "Spinning ball on a rough floor (event-driven, spatial friction)",
        "t [s]",
        "slip speed [m/s], 10 × height [m]",
        &[
            Series {
                label: "slip speed ‖γ_T‖",
                points: &slip,
                markers: false,
            },
            Series {
                label: "10 × height of the centre above r",
                points: &height,
                markers: false,
            },
        ],
    )
}

/// The block launched across the incline, with the closed-form path in u = tan(φ/2).
fn incline(out: &Path) -> Result<(), Box<dyn Error>> {
    let mut p = InclineBlock::default();
    p.mu = 0.3 * p.alpha.tan();
    let (a, k, c) = (p.g * p.alpha.sin(), p.mu / p.alpha.tan(), 2.0);
    let g =
        |u: f64| u.powf(2.0 * k - 1.0) / (2.0 * k - 1.0) + u.powf(2.0 * k + 1.0) / (2.0 * k + 1.0);
    let h =
        |u: f64| u.powf(2.0 * k - 2.0) / (2.0 * k - 2.0) - u.powf(2.0 * k + 2.0) / (2.0 * k + 2.0);
    let (s, cs) = p.alpha.sin_cos();
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<3>::zeros(),
        Vector::<3>::new(0.0, c, 0.0),
    )?;
    let mut csv = csv::Writer::from_path(out.join("incline.csv"))?;
    csv.write_record([
        "t",
        "down",
        "across",
        "speed",
        "closed_form_down",
        "closed_form_across",
    ])?;
    let (mut path, mut exact, mut worst) = (Vec::new(), Vec::new(), 0.0_f64);
    for n in 1..=150 {
        sim.run(n as f64 * 1e-2, |_| {})?;
        let (t, q, u) = (sim.t(), sim.q(), sim.u());
        let (down, across) = (-(cs * q[0] + s * q[2]), q[1]);
        let (v_down, v_across) = (-(cs * u[0] + s * u[2]), u[1]);
        let w = (0.5 * v_across.atan2(v_down)).tan();
        let (e_down, e_across) = (
            c * c / (4.0 * a) * (h(1.0) - h(w)),
            c * c / (2.0 * a) * (g(1.0) - g(w)),
        );
        worst = worst.max((down - e_down).abs().max((across - e_across).abs()));
        csv.serialize((t, down, across, v_down.hypot(v_across), e_down, e_across))?;
        path.push((across, -down));
        exact.push((e_across, -e_down));
    }
    csv.flush()?;
    println!("incline: largest distance from the closed-form path {worst:.3e} m over 1.5 s");
    line_plot(
        &out.join("incline_path.png"),
        "Block launched across a 30° incline (μ = 0.3 tan α)",
        "across the slope [m]",
        "up the slope [m]",
        &[
            Series {
                label: "event-driven",
                points: &path,
                markers: true,
            },
            Series {
                label: "closed form",
                points: &exact,
                markers: false,
            },
        ],
    )
}

/// The pushed block from rest, sampled every 10 ms over 7 s.
fn push(out: &Path) -> Result<(), Box<dyn Error>> {
    let zero = Vector::<3>::zeros();
    let mut sim = EventDriven::new(
        PushedBlock::default(),
        EventOptions::default(),
        0.0,
        zero,
        zero,
    )?;
    let mut csv = csv::Writer::from_path(out.join("push.csv"))?;
    csv.write_record(["t", "x", "y", "z", "speed", "mode"])?;
    let mut speed = Vec::new();
    for k in 0..=700 {
        sim.run(k as f64 * 1e-2, |r| {
            if let Report::Event(ev) = r {
                println!(
                    "push: t = {:.12} s  {:?}  modes {:?}",
                    ev.t, ev.kind, ev.modes
                );
            }
        })?;
        let (t, q, u) = (sim.t(), sim.q(), sim.u());
        let mode = format!("{:?}", sim.contact_modes()[0]);
        csv.serialize((t, q[0], q[1], q[2], u.norm(), mode))?;
        speed.push((t, u.norm()));
    }
    csv.flush()?;
    line_plot(
        &out.join("push_speed.png"),
        "Block pushed on a rough incline by a rotating force (event-driven)",
        "t [s]",
        "slip speed [m/s]",
        &[Series {
            label: "slip speed",
            points: &speed,
            markers: false,
        }],
    )
}
