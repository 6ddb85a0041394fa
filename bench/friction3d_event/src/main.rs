//! Cost and accuracy of the event-driven integrator with spatial Coulomb friction against
//! Moreau's midpoint time-stepping, on two motions whose transition times are known:
//!
//! * **ball**: `RollingBall` (μ = 0.2) launched on the floor with v₀ = (1.2, −0.4) m/s and
//!   ω₀ = (25, 40, 7) rad/s; its slip stops at 2‖s₀‖/(7μg) (closed form);
//! * **push**: `PushedBlock` (defaults: on a 0.2 rad incline) from rest over 7 s: two stick
//!   ends and two stops from the 40-digit reference of `pushed_block_reference.py`.
//!
//! Accuracy: the largest |t − t_ref| over the transitions. Event-driven: the `StickEnds` and
//! `SlipStops` events at rtol = 1e-6 … 1e-12 (atol = rtol·1e-2). Time-stepping: read from the
//! step ends (slip speed s_k): a slip end is the zero of the line through the last two sliding
//! step ends; a slip start, whose speed grows like (t − t₀)², the zero of the line through
//! (t_k, √s_k) of the first two sliding ones; a step end with s ≤ 1e-8 m/s sticks (the cone
//! solver certifies the impulses to a relative residual of 1e-10).
//!
//! Timing: CPU time of the process (one thread), the median of `--runs` (default 11) whole runs
//! after one untimed warm-up run; building the integrator is outside the timed region.
//!
//! ```text
//! mb-bench-friction3d-event [--runs N] [--out DIR]
//! ```
//! Prints a Markdown table per motion; writes DIR/error_vs_cost.csv and
//! DIR/error_vs_cost.png (log₁₀ of the error against log₁₀ of the CPU time).

#[path = "../../stick_slip/src/cpu.rs"]
mod cpu;

use cpu::median_cpu;
use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mb_examples::plot::{Series, line_plot};
use mbruntime::event::{EventDriven, EventKind, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Jacobians, Rates, Vector};
use std::error::Error;
use std::path::PathBuf;

/// The reference slip starts and stops of the pushed block
/// (bench/friction3d_event/pushed_block_reference.py).
const PUSH_TRANSITIONS: [f64; 4] = [
    0.893_883_835_803_519,
    3.944_508_253_804_871,
    4.300_508_718_262_257,
    6.303_244_304_521_141,
];
/// A step end with slip speed at most this sticks [m/s].
const STICK: f64 = 1e-8;

/// One motion: the model, its start, the end time, the reference transition times and the
/// slip speed of a state.
struct Motion<Mo, const NQ: usize> {
    name: &'static str,
    model: Mo,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    t_end: f64,
    reference: Vec<f64>,
    slip: fn(&Mo, &Vector<NQ>) -> f64,
    /// Time-stepping starts at q0 + this: 1 nm inside the floor (within its penetration
    /// tolerance), so that the contact is closed from its first step.
    inside: Vector<NQ>,
}

/// One measured level: (method, parameter, error, CPU µs, steps).
type Row = (String, f64, Option<f64>, f64, usize);

fn error(found: &[f64], reference: &[f64]) -> Option<f64> {
    (found.len() == reference.len()).then(|| {
        found
            .iter()
            .zip(reference)
            .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()))
    })
}

fn event_driven<Mo, const NQ: usize>(m: &Motion<Mo, NQ>, rtol: f64, runs: usize) -> Result<Row, Box<dyn Error>>
where
    Mo: Rates<NQ, 0, 1> + Copy,
{
    let opts = EventOptions {
        rtol,
        atol: rtol * 1e-2,
        ..EventOptions::default()
    };
    let fresh = || EventDriven::new(m.model, opts, 0.0, m.q0, m.u0);
    let mut sim = fresh()?;
    let mut found = Vec::new();
    sim.run(m.t_end, |r| {
        if let Report::Event(ev) = r
            && matches!(ev.kind, EventKind::StickEnds | EventKind::SlipStops)
        {
            found.push(ev.t);
        }
    })?;
    let steps = sim.stats().steps;
    let cpu = median_cpu(runs, fresh, |mut s| s.run(m.t_end, |_| {}))?;
    Ok(("event-driven".into(), rtol, error(&found, &m.reference), cpu * 1e6, steps))
}

fn time_stepping<Mo, const NQ: usize>(m: &Motion<Mo, NQ>, h: f64, runs: usize) -> Result<Row, Box<dyn Error>>
where
    Mo: Jacobians<NQ, 0, 1> + Copy,
{
    let q0 = m.q0 + m.inside;
    let fresh = || TimeStepper::new(m.model, Scheme::MoreauMidpoint, Settings::default(), 0.0, q0, m.u0);
    let mut found = Vec::new();
    let mut window = [(0.0, (m.slip)(&m.model, &m.u0)); 2];
    let mut rising = None::<(f64, f64)>;
    let steps = fresh()?.run(h, m.t_end, |r| {
        let s = (m.slip)(&m.model, &r.u);
        let [(_, s0), (t1, s1)] = window;
        if s1 > STICK && s <= STICK && s0 > STICK {
            // The zero of the line through the last two sliding step ends.
            found.push(t1 + (r.t - t1).min(h * s1 / (s0 - s1).max(f64::MIN_POSITIVE)));
        }
        if s1 <= STICK && s > STICK {
            rising = Some((r.t, s.sqrt()));
        } else if let Some((ta, ra)) = rising.take() {
            let rb = s.sqrt();
            found.push(ta - ra * (r.t - ta) / (rb - ra));
        }
        window = [window[1], (r.t, s)];
    })?;
    let cpu = median_cpu(runs, fresh, |mut ts| ts.run(h, m.t_end, |_| {}).map(|_| ()))?;
    Ok(("Moreau midpoint".into(), h, error(&found, &m.reference), cpu * 1e6, steps as usize))
}

fn sweep<Mo, const NQ: usize>(m: &Motion<Mo, NQ>, runs: usize) -> Result<Vec<Row>, Box<dyn Error>>
where
    Mo: Rates<NQ, 0, 1> + Jacobians<NQ, 0, 1> + Copy,
{
    let mut rows = Vec::new();
    for rtol in [1e-6, 1e-8, 1e-10, 1e-12] {
        rows.push(event_driven(m, rtol, runs)?);
    }
    for h in [1e-2, 1e-3, 1e-4, 1e-5] {
        rows.push(time_stepping(m, h, runs)?);
    }
    println!("\n{}: {} transitions, to t = {} s\n", m.name, m.reference.len(), m.t_end);
    println!("| method | rtol or h | max transition-time error [s] | CPU per run [µs] | steps |");
    println!("|---|---|---|---|---|");
    for (method, p, e, cpu, steps) in &rows {
        let e = e.map_or("missed".to_string(), |e| format!("{e:.2e}"));
        println!("| {method} | {p:.0e} | {e} | {cpu:.1} | {steps} |");
    }
    Ok(rows)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (mut runs, mut out) = (11usize, PathBuf::from("."));
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--runs" => runs = args.next().ok_or("--runs needs a value")?.parse()?,
            "--out" => out = PathBuf::from(args.next().ok_or("--out needs a value")?),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    let ball = RollingBall::default();
    let (v0, w0) = ([1.2, -0.4], [25.0, 40.0, 7.0]);
    let s0 = (v0[0] - ball.r * w0[1]).hypot(v0[1] + ball.r * w0[0]);
    let t_s = 2.0 * s0 / (7.0 * ball.mu * ball.g);
    let ball_motion = Motion {
        name: "ball (RollingBall, launched with spin)",
        model: ball,
        q0: Vector::<6>::new(0.0, 0.0, ball.r, 0.0, 0.0, 0.0),
        u0: Vector::<6>::new(v0[0], v0[1], 0.0, w0[0], w0[1], w0[2]),
        t_end: 2.0 * t_s,
        reference: vec![t_s],
        slip: |p, u| (u[0] - p.r * u[4]).hypot(u[1] + p.r * u[3]),
        inside: Vector::<6>::new(0.0, 0.0, -1e-9, 0.0, 0.0, 0.0),
    };
    let push = PushedBlock::default();
    let push_motion = Motion {
        name: "push (PushedBlock on its incline, from rest)",
        model: push,
        q0: Vector::<3>::zeros(),
        u0: Vector::<3>::zeros(),
        t_end: 7.0,
        reference: PUSH_TRANSITIONS.to_vec(),
        slip: |_, u| u.norm(),
        inside: Vector::<3>::new(push.alpha.sin(), 0.0, -push.alpha.cos()) * 1e-9,
    };
    let rows = [sweep(&ball_motion, runs)?, sweep(&push_motion, runs)?];
    std::fs::create_dir_all(&out)?;
    let mut csv = String::from("motion,method,parameter,max_error_s,cpu_us,steps\n");
    let mut curves = Vec::new();
    for (name, rows) in ["ball", "push"].iter().zip(&rows) {
        for (method, p, e, cpu, steps) in rows {
            let e = e.map_or(String::new(), |e| e.to_string());
            csv += &format!("{name},{method},{p},{e},{cpu},{steps}\n");
        }
        for method in ["event-driven", "Moreau midpoint"] {
            let points: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.0 == method)
                .filter_map(|r| r.2.map(|e| (r.3.log10(), e.max(1e-16).log10())))
                .collect();
            curves.push((format!("{name}, {method}"), points));
        }
    }
    std::fs::write(out.join("error_vs_cost.csv"), csv)?;
    let series: Vec<Series> = curves
        .iter()
        .map(|(label, points)| Series { label, points, markers: false })
        .collect();
    line_plot(
        &out.join("error_vs_cost.png"),
        "Spatial friction: transition-time error versus cost",
        "log10 CPU time per run [µs]",
        "log10 max transition-time error [s]",
        &series,
    )?;
    println!("\nCSV and PNG written to {}", out.display());
    Ok(())
}
