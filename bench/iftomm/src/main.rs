//! The IFToMM multibody benchmark problems A01–A05 (González, Dopico, Lugrís & Cuadrado,
//! Multibody Syst. Dyn. 16, 2006) over the benchmark's spans, with the event-driven integrator
//! at rtol = 1e-6 … 1e-12 (atol = 1e-2 rtol) and with time-stepping at a few steps: the error of
//! the benchmark's quantity against the mpmath references of `reference/` (largest over the
//! reference's instants), the energy drift, the steps and the CPU time.
//!
//! Timing: CPU time of the process (`CLOCK_PROCESS_CPUTIME_ID`, one thread), the median of
//! `--runs` (default 5) whole runs after one warm-up, with an empty report callback (the
//! measured run that gives the error is separate and untimed); building the integrator is
//! outside the timed region, the event-driven `initialize` inside.
//!
//! ```text
//! mb-bench-iftomm [--runs N] [--only PROBLEM]
//! ```
//!
//! `--only a02` runs the problems whose name starts with `a02` (`a01`, `a02_n2`, `a02_n40`,
//! `a03`, `a04`, `a05`).
//!
//! Prints the Markdown table of BENCHMARKS.md ("IFToMM benchmark problems").

mod cpu;

use cpu::median_cpu;
use mb_examples::iftomm_runs::{
    Measured, Setup, a01, a02_n2, a02_n40, a03, a04, a05, event_driven, moreau_midpoint,
    time_stepping,
};
use mbruntime::event::{EventDriven, EventOptions};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Dynamics, Mechanism, Rates};
use std::error::Error;

const RTOLS: &[f64] = &[1e-6, 1e-8, 1e-10, 1e-12];
/// The N-four-bar adds rtol = 1e-13: its crank angle grows to ~62 rad over the 20 s, and the
/// relative tolerance applies to it.
const RTOLS_A02: &[f64] = &[1e-6, 1e-8, 1e-10, 1e-12, 1e-13];

fn row(problem: &str, method: &str, setting: &str, m: &Measured, cpu: f64) {
    println!(
        "| {problem} | {method} | {setting} | {} | {:.1e} | {} | {:.3} |",
        m.steps,
        m.error,
        m.energy_drift
            .map_or("—".to_string(), |d| format!("{d:.1e}")),
        cpu
    );
}

/// The event-driven rows of one problem.
fn event_rows<M, const NQ: usize, const NB: usize, const NU: usize>(
    s: &Setup<M, NQ>,
    rtols: &[f64],
    t_end: f64,
    runs: usize,
) -> Result<(), Box<dyn Error>>
where
    M: Rates<NQ, NB, NU> + Copy,
{
    for &rtol in rtols {
        let m = event_driven(s, rtol, t_end, false)?;
        let opts = EventOptions {
            rtol,
            atol: 1e-2 * rtol,
            ..EventOptions::default()
        };
        let cpu = median_cpu(
            runs,
            || Ok::<_, Box<dyn Error>>(EventDriven::new(s.model, opts, 0.0, s.start.0, s.start.1)?),
            |mut sim| {
                sim.set_state(0.0, s.start.0, s.start.1)?;
                sim.run(t_end, |_| {})?;
                Ok(())
            },
        )?;
        row(s.name, "event-driven", &format!("rtol {rtol:.0e}"), &m, cpu);
    }
    Ok(())
}

/// Time-stepping rows of one problem with `scheme` (Moreau's midpoint rule runs without the
/// model's `Jacobians`).
fn stepping_rows<M, const NQ: usize, const NB: usize, const NU: usize>(
    s: &Setup<M, NQ>,
    scheme: Scheme,
    steps: &[f64],
    t_end: f64,
    runs: usize,
) -> Result<(), Box<dyn Error>>
where
    M: Mechanism<NQ, NB, NU> + Copy,
{
    for &h in steps {
        let m = time_stepping(s, scheme, h, t_end)?;
        let cpu = median_cpu(
            runs,
            || {
                TimeStepper::new(
                    s.model,
                    scheme,
                    Settings::default(),
                    0.0,
                    s.start.0,
                    s.start.1,
                )
            },
            |mut ts| ts.run(h, t_end, |_| {}).map(|_| ()),
        )?;
        let name = match scheme {
            Scheme::MoreauMidpoint => "Moreau midpoint".to_string(),
            Scheme::MoreauJean { theta } => format!("Moreau–Jean θ = {theta}"),
        };
        row(s.name, &name, &format!("h {h:.0e}"), &m, cpu);
    }
    Ok(())
}

/// Moreau's midpoint rule on a model without `Jacobians` (the rates-only N = 40 chain).
fn midpoint_rows<M, const NQ: usize, const NB: usize, const NU: usize>(
    s: &Setup<M, NQ>,
    steps: &[f64],
    t_end: f64,
    runs: usize,
) -> Result<(), Box<dyn Error>>
where
    M: Dynamics<NQ> + Constraints<NQ, NB, NU> + Copy,
{
    for &h in steps {
        let m = moreau_midpoint(s, h, t_end)?;
        let cpu = median_cpu(
            runs,
            || {
                TimeStepper::without_jacobians(
                    s.model,
                    Scheme::MoreauMidpoint,
                    Settings::default(),
                    0.0,
                    s.start.0,
                    s.start.1,
                )
            },
            |mut ts| ts.run(h, t_end, |_| {}).map(|_| ()),
        )?;
        row(s.name, "Moreau midpoint", &format!("h {h:.0e}"), &m, cpu);
    }
    Ok(())
}

/// Whether the problem `name` is selected (`--only` a prefix of it, or every problem).
fn selected(only: &Option<String>, name: &str) -> bool {
    only.as_ref().is_none_or(|p| name.starts_with(p.as_str()))
}

fn run(runs: usize, only: Option<String>) -> Result<(), Box<dyn Error>> {
    println!("| problem | integrator | tolerance | steps | error | energy drift | CPU [s] |");
    println!("|---|---|---|---|---|---|---|");
    let midpoint = Scheme::MoreauMidpoint;
    if selected(&only, "a01") {
        let s = a01();
        event_rows(&s, RTOLS, 2000.0, runs)?;
        stepping_rows(&s, midpoint, &[1e-3, 1e-4], 2000.0, runs)?;
    }
    if selected(&only, "a02_n2") {
        let s = a02_n2();
        event_rows(&s, RTOLS_A02, 20.0, runs)?;
        stepping_rows(&s, midpoint, &[1e-3, 1e-4], 20.0, runs)?;
    }
    if selected(&only, "a02_n40") {
        let s = a02_n40();
        event_rows(&s, RTOLS_A02, 20.0, runs)?;
        midpoint_rows(&s, &[1e-3, 1e-4], 20.0, runs)?;
    }
    if selected(&only, "a03") {
        let s = a03();
        event_rows(&s, RTOLS, 0.05, runs)?;
        stepping_rows(&s, midpoint, &[1e-6, 1e-7], 0.05, runs)?;
    }
    if selected(&only, "a04") {
        let s = a04();
        event_rows(&s, RTOLS, 10.0, runs)?;
        stepping_rows(&s, midpoint, &[1e-3, 1e-4], 10.0, runs)?;
    }
    if selected(&only, "a05") {
        let s = a05();
        event_rows(&s, RTOLS, 10.0, runs)?;
        stepping_rows(
            &s,
            Scheme::MoreauJean { theta: 0.5 },
            &[1e-3, 1e-4],
            10.0,
            runs,
        )?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().collect();
    let runs = match args.iter().position(|a| a == "--runs") {
        Some(i) => args.get(i + 1).ok_or("--runs needs a number")?.parse()?,
        None => 5,
    };
    let only = match args.iter().position(|a| a == "--only") {
        Some(i) => Some(
            args.get(i + 1)
                .ok_or("--only needs a problem name")?
                .clone(),
        ),
        None => None,
    };
    // The N = 40 chain keeps 81 × 81 workspaces on the stack.
    std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || run(runs, only).map_err(|e| e.to_string()))?
        .join()
        .map_err(|_| "the benchmark panicked")??;
    Ok(())
}
