//! Cost and accuracy of the event-driven integrator with planar Coulomb friction against
//! Moreau–Jean time-stepping, on `SpringDraggedBlock` (Den Hartog 1931, the motion with stops:
//! a block on a rough floor tied by a spring to the point x0 sin Ωt; default parameters),
//! released at rest at the origin and run over its first 12 stick–slip transitions (three
//! periods of the drive).
//!
//! The accuracy measure of every run is the largest |t − t_closed| over the 12 transitions,
//! the closed form being `driven_spring::phases` (exact harmonic slips between stops, roots
//! bracketed down to adjacent floating-point numbers). A run whose transitions differ in
//! number or kind from the closed form's has no error value (printed "missed").
//!
//! * Event-driven (`EventDriven`, Dormand–Prince with event location) at rtol = 1e-6, 1e-8,
//!   1e-10, 1e-12 with atol = rtol·1e-2: the transitions are its `StickEnds` (slip starts) and
//!   `SlipStops` (slip ends) events.
//! * Time-stepping, Moreau–Jean θ = 1 and θ = ½ (`Settings::default()`), at
//!   h = 1e-2, 3e-3, 1e-3, … down to the first h whose error is at most the sweep's target, and
//!   one level below: the transitions are read from the step ends (see [`stepping_run`]). The
//!   target is 1e-4 s for θ = 1 (first order here); θ = ½ is of second order in this measure,
//!   so its sweep goes on to 1e-9 s, to compare the two methods at equal accuracy too.
//!
//! Timing: CPU time of the process (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`, one thread), the
//! median of `--runs` (default 21) whole runs after one untimed warm-up run, with empty report
//! callbacks; building the integrator is outside the timed region (the event-driven
//! `initialize`, which decides the initial contact mode, is inside).
//!
//! ```text
//! mb-bench-stick-slip [--runs N] [--out DIR] [--min-h H]
//! ```
//!
//! Prints the Markdown table, the observed orders and the headline; writes
//! DIR/error_vs_cost.csv and DIR/error_vs_cost.png (default DIR: the current directory).
//! `--min-h` (default 1e-7 s) bounds the sweeps from below.

mod cpu;
mod event_run;
mod plot;
mod reference;
mod report;
mod stepping_run;

use mb_examples::friction_event_models::spring_dragged_block::SpringDraggedBlock;
use reference::Reference;
use report::Row;
use std::error::Error;
use std::path::PathBuf;

/// Transitions compared: three periods of the drive.
const TRANSITIONS: usize = 12;
/// Event-driven relative tolerances.
const RTOLS: [f64; 4] = [1e-6, 1e-8, 1e-10, 1e-12];
/// Coarsest time step [s].
const H_START: f64 = 1e-2;
/// Time-stepping sweeps: (θ, target error [s]); each goes one level past its target.
const SWEEPS: [(f64, f64); 2] = [(1.0, 1e-4), (0.5, 1e-9)];
/// Errors below this are drawn at this value on the log axis [s].
const PLOT_FLOOR: f64 = 1e-16;

struct Options {
    runs: usize,
    out: PathBuf,
    min_h: f64,
}

fn options() -> Result<Options, Box<dyn Error>> {
    let mut o = Options {
        runs: 21,
        out: PathBuf::from("."),
        min_h: 1e-7,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--runs" => o.runs = value()?.parse()?,
            "--out" => o.out = PathBuf::from(value()?),
            "--min-h" => o.min_h = value()?.parse()?,
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    if o.runs < 1 {
        return Err("--runs must be at least 1".into());
    }
    Ok(o)
}

fn event_rows(
    p: &SpringDraggedBlock,
    r: &Reference,
    runs: usize,
) -> Result<Vec<Row>, Box<dyn Error>> {
    let mut rows = Vec::new();
    for rtol in RTOLS {
        let level = event_run::measure(p, rtol, r.t_end, runs)?;
        if level.other_events > 0 {
            eprintln!(
                "rtol {rtol:e}: {} events of other kinds",
                level.other_events
            );
        }
        let row = Row {
            method: report::EVENT_DRIVEN.into(),
            parameter: rtol,
            errors: r.max_time_errors(&level.transitions),
            found: level.transitions.len(),
            cpu_us: level.cpu * 1e6,
            steps: level.steps,
            rejected: level.rejected,
            events: level.events,
        };
        eprintln!("[event-driven rtol {rtol:.0e}] error {:?}", row.error());
        rows.push(row);
    }
    Ok(rows)
}

/// Levels h = H_START·10^(−k/2) (rounded to one digit) down to one below the first with error
/// ≤ `target`, or to `min_h`.
fn stepping_rows(
    p: &SpringDraggedBlock,
    r: &Reference,
    (theta, target): (f64, f64),
    o: &Options,
) -> Result<Vec<Row>, Box<dyn Error>> {
    let mut rows = Vec::new();
    let mut reached = false;
    for k in 0.. {
        let h = round_one_digit(H_START * 10f64.powf(-0.5 * k as f64));
        if h < o.min_h {
            eprintln!(
                "θ = {theta}: stopped at h ≥ {:e} before one level past {target:e} s",
                o.min_h
            );
            break;
        }
        let level = stepping_run::measure(p, theta, h, r.t_end, o.runs)?;
        let row = Row {
            method: format!("Moreau–Jean θ = {theta}"),
            parameter: h,
            errors: r.max_time_errors(&level.transitions),
            found: level.transitions.len(),
            cpu_us: level.cpu * 1e6,
            steps: level.steps as usize,
            rejected: 0,
            events: 0,
        };
        eprintln!("[θ = {theta} h {h:.0e}] error {:?}", row.error());
        let within = row.error().is_some_and(|e| e <= target);
        rows.push(row);
        if reached {
            break;
        }
        reached = within;
    }
    Ok(rows)
}

/// `x` rounded to one significant digit (1e-2, 3e-3, 1e-3, …).
fn round_one_digit(x: f64) -> f64 {
    let scale = 10f64.powf(x.log10().floor());
    (x / scale).round() * scale
}

fn main() -> Result<(), Box<dyn Error>> {
    let o = options()?;
    let p = SpringDraggedBlock::default();
    let r = Reference::new(&p, TRANSITIONS)?;
    println!(
        "SpringDraggedBlock (defaults) from rest, {TRANSITIONS} transitions, runs to t = {:.6} s; \
         CPU time: median of {} runs\n",
        r.t_end, o.runs
    );
    let event = event_rows(&p, &r, o.runs)?;
    let mut stepping = Vec::new();
    for sweep in SWEEPS {
        stepping.push(stepping_rows(&p, &r, sweep, &o)?);
    }
    let all: Vec<Row> = event
        .iter()
        .chain(stepping.iter().flatten())
        .cloned()
        .collect();
    print!("{}", report::table(&all));
    println!();
    for rows in &stepping {
        print!("{}", report::orders(rows));
    }
    println!();
    print!("{}", report::headline(&event, &stepping, &SWEEPS));
    std::fs::create_dir_all(&o.out)?;
    report::write_csv(&o.out.join("error_vs_cost.csv"), &all)?;
    let mut curves = vec![plot::Curve {
        label: "event-driven, rtol 1e-6 … 1e-12".into(),
        points: report::points(&event),
    }];
    for rows in &stepping {
        let (first, last) = (&rows[0], &rows[rows.len() - 1]);
        curves.push(plot::Curve {
            label: format!(
                "{}, h {:.0e} … {:.0e} s",
                first.method, first.parameter, last.parameter
            ),
            points: report::points(rows),
        });
    }
    plot::error_vs_cost(&o.out.join("error_vs_cost.png"), &curves, PLOT_FLOOR)?;
    Ok(())
}
