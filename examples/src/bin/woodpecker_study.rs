//! The woodpecker's descent speed and period over a grid of friction μ and spring stiffness c_φ,
//! and a Monte Carlo over ±5 % parameter uncertainty (Glocker & Studer 2005, Sect. 4, Table I,
//! as the base point), run as ensembles on every core.
//!
//! ```text
//! cargo run --release -p mb-examples --bin woodpecker_study -- [OUT_DIR] [--n N] [--samples S]
//!     [--h H] [--t-end T] [--threads K] [--timing]
//! ```
//!
//! Writes into `examples/out/woodpecker_study/` (or OUT_DIR): `grid.csv` and the heat maps
//! `descent_speed.png`, `period.png` (N × N runs, default 32 × 32, μ ∈ [0.1, 0.5], c_φ ∈ [0.003,
//! 0.009] N m/rad); `monte_carlo.csv` and the histograms `monte_carlo_speed.png`,
//! `monte_carlo_period.png` (S runs, default 500). Cells without a whole cycle are grey; failed
//! runs are listed with their parameters. `--timing` runs the grid on 1 and on 2 threads, checks
//! that both give bit-identical figures and prints the wall times (BENCHMARKS.md).

use indicatif::{ProgressBar, ProgressStyle};
use mb_examples::heat_map::{GridValues, heat_map, histogram};
use mb_examples::woodpecker::Woodpecker;
use mb_examples::woodpecker_study::{Figures, Q0, StudyRun, U0, descent_speed};
use mbruntime::Dynamics;
use mbruntime::ensemble::{Design, Ensemble, Outcome};
use mbruntime::timestepping::TimeSteppingError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::error::Error;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

type StudyOutcome = Outcome<Figures, TimeSteppingError>;

/// Parameters drawn in the Monte Carlo. The sleeve's radii and half-height (r_O, r_M, h_M) stay
/// at Table I: the initial state has the sleeve jammed on the pole, and perturbing them would
/// start the run in penetration. Restitution e_N23 = 0 and g are exact.
const UNCERTAIN: [&str; 11] = [
    "l_M", "l_G", "h_S", "l_S", "m_M", "m_S", "J_M", "J_S", "c_phi", "mu", "e_N1",
];

struct Options {
    out: PathBuf,
    n: usize,
    samples: usize,
    run: StudyRun,
    threads: Option<usize>,
    timing: bool,
}

fn parse_options() -> Result<Options, Box<dyn Error>> {
    let mut o = Options {
        out: PathBuf::from("examples/out/woodpecker_study"),
        n: 32,
        samples: 500,
        run: StudyRun::default(),
        threads: None,
        timing: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> Result<String, Box<dyn Error>> {
            Ok(args.next().ok_or(format!("{name} needs a value"))?)
        };
        match a.as_str() {
            "--n" => o.n = value("--n")?.parse()?,
            "--samples" => o.samples = value("--samples")?.parse()?,
            "--h" => o.run.h = value("--h")?.parse()?,
            "--t-end" => o.run.t_end = value("--t-end")?.parse()?,
            "--threads" => o.threads = Some(value("--threads")?.parse()?),
            "--timing" => o.timing = true,
            other if !other.starts_with("--") => o.out = PathBuf::from(other),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    if o.n < 2 || o.samples < 2 {
        return Err("--n and --samples must be at least 2".into());
    }
    Ok(o)
}

fn linspace(lo: f64, hi: f64, n: usize) -> Vec<f64> {
    (0..n)
        .map(|k| lo + (hi - lo) * k as f64 / (n - 1) as f64)
        .collect()
}

fn run_design(
    design: &Design,
    run: StudyRun,
    threads: Option<usize>,
    label: &str,
) -> Result<(StudyOutcome, f64), Box<dyn Error>> {
    let mut ensemble = Ensemble::new(Woodpecker::default(), Q0.into(), U0.into());
    if let Some(k) = threads {
        ensemble = ensemble.threads(k);
    }
    let bar = ProgressBar::new(design.len() as u64).with_message(label.to_owned());
    bar.set_style(ProgressStyle::with_template(
        "{msg:>12} [{bar:40}] {pos}/{len} runs, {elapsed} elapsed, eta {eta}",
    )?);
    let start = Instant::now();
    let outcome = ensemble.run_observed(design, |m| run.run(m), |_| bar.inc(1))?;
    let seconds = start.elapsed().as_secs_f64();
    bar.finish();
    for failure in outcome.failures().take(10) {
        eprintln!("failed: {failure}");
    }
    Ok((outcome, seconds))
}

fn write_csv(path: &Path, outcome: &StudyOutcome) -> Result<(), Box<dyn Error>> {
    let mut w = csv::Writer::from_path(path)?;
    let mut header: Vec<&str> = outcome.design.names().iter().map(String::as_str).collect();
    header.extend([
        "crossings",
        "cycles",
        "period",
        "period_min",
        "period_max",
        "descent_speed",
        "error",
    ]);
    w.write_record(&header)?;
    let opt = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    for (i, run) in outcome.runs.iter().enumerate() {
        let mut row: Vec<String> = outcome.design.row(i).iter().map(f64::to_string).collect();
        match run {
            Ok(f) => row.extend([
                f.crossings.to_string(),
                f.cycles.to_string(),
                opt(f.period),
                opt(f.period_range.map(|r| r.0)),
                opt(f.period_range.map(|r| r.1)),
                opt(descent_speed(f)),
                String::new(),
            ]),
            Err(e) => {
                row.extend(std::iter::repeat_n(String::new(), 6));
                row.push(e.to_string());
            }
        }
        w.write_record(&row)?;
    }
    w.flush()?;
    Ok(())
}

fn column(outcome: &StudyOutcome, pick: fn(&Figures) -> Option<f64>) -> Vec<Option<f64>> {
    outcome
        .runs
        .iter()
        .map(|r| r.as_ref().ok().and_then(pick))
        .collect()
}

fn grid_study(o: &Options) -> Result<(), Box<dyn Error>> {
    let (mus, stiffnesses) = (linspace(0.1, 0.5, o.n), linspace(0.003, 0.009, o.n));
    let design = Design::grid(&[("mu", &mus), ("c_phi", &stiffnesses)])?;
    let (outcome, seconds) = run_design(&design, o.run, o.threads, "grid")?;
    println!(
        "grid: {} runs of {} s at h = {:e} in {seconds:.2} s wall ({} failed, {} without a whole cycle)",
        design.len(),
        o.run.t_end,
        o.run.h,
        design.len() - outcome.successes(),
        column(&outcome, |f| f.period)
            .iter()
            .filter(|v| v.is_none())
            .count()
    );
    write_csv(&o.out.join("grid.csv"), &outcome)?;
    let labels = (
        "friction coefficient mu",
        "spring stiffness c_phi [N m/rad]",
    );
    let speed = column(&outcome, descent_speed);
    let grid = |values| GridValues {
        x: &mus,
        y: &stiffnesses,
        values,
    };
    heat_map(
        &o.out.join("descent_speed.png"),
        "Woodpecker descent speed",
        (labels.0, labels.1, "speed [m/s]"),
        &grid(&speed),
    )?;
    let period = column(&outcome, |f| f.period);
    heat_map(
        &o.out.join("period.png"),
        "Woodpecker limit-cycle period",
        (labels.0, labels.1, "period [s]"),
        &grid(&period),
    )?;
    Ok(())
}

fn monte_carlo(o: &Options) -> Result<(), Box<dyn Error>> {
    let base = Woodpecker::default();
    let index = |name: &str| base.parameter_names().iter().position(|p| *p == name);
    let nominal: Vec<f64> = UNCERTAIN
        .iter()
        .map(|n| {
            index(n)
                .and_then(|k| base.parameter(k))
                .ok_or("unknown parameter")
        })
        .collect::<Result<_, _>>()?;
    let mut rng = ChaCha8Rng::seed_from_u64(2005);
    let rows: Vec<f64> = (0..o.samples)
        .flat_map(|_| nominal.clone())
        .map(|p| p * rng.gen_range(0.95..=1.05))
        .collect();
    let design = Design::samples(&UNCERTAIN, rows)?;
    let (outcome, seconds) = run_design(&design, o.run, o.threads, "monte carlo")?;
    write_csv(&o.out.join("monte_carlo.csv"), &outcome)?;
    let speed: Vec<f64> = column(&outcome, descent_speed)
        .into_iter()
        .flatten()
        .collect();
    let period: Vec<f64> = column(&outcome, |f| f.period)
        .into_iter()
        .flatten()
        .collect();
    let stats = |v: &[f64]| {
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let var = v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (v.len() as f64 - 1.0);
        (mean, var.sqrt())
    };
    let ((sm, ss), (pm, ps)) = (stats(&speed), stats(&period));
    println!(
        "monte carlo: {} runs in {seconds:.2} s wall, {} with a whole cycle: descent speed {sm:.5} ± {ss:.5} m/s, period {pm:.5} ± {ps:.5} s",
        design.len(),
        period.len()
    );
    histogram(
        &o.out.join("monte_carlo_speed.png"),
        "Descent speed under ±5 % parameter uncertainty",
        "descent speed [m/s]",
        &speed,
        30,
    )?;
    histogram(
        &o.out.join("monte_carlo_period.png"),
        "Limit-cycle period under ±5 % parameter uncertainty",
        "period [s]",
        &period,
        30,
    )?;
    Ok(())
}

fn timing(o: &Options) -> Result<(), Box<dyn Error>> {
    let (mus, stiffnesses) = (linspace(0.1, 0.5, o.n), linspace(0.003, 0.009, o.n));
    let design = Design::grid(&[("mu", &mus), ("c_phi", &stiffnesses)])?;
    let (one, t1) = run_design(&design, o.run, Some(1), "1 thread")?;
    let (two, t2) = run_design(&design, o.run, Some(2), "2 threads")?;
    let same = one.runs.iter().zip(&two.runs).all(|(a, b)| match (a, b) {
        (Ok(a), Ok(b)) => format!("{a:?}") == format!("{b:?}"),
        (Err(a), Err(b)) => a.to_string() == b.to_string(),
        _ => false,
    });
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "TIMING runs={} h={:e} t_end={} one_thread_s={t1:.3} two_threads_s={t2:.3} speedup={:.3} identical={same}",
        design.len(),
        o.run.h,
        o.run.t_end,
        t1 / t2
    )?;
    if !same {
        return Err("the two thread counts gave different figures".into());
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let o = parse_options()?;
    if o.timing {
        return timing(&o);
    }
    std::fs::create_dir_all(&o.out)?;
    grid_study(&o)?;
    monte_carlo(&o)?;
    println!("wrote {}", o.out.display());
    Ok(())
}
