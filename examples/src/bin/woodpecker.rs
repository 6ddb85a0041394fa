//! The woodpecker toy of Glocker & Studer (2005), Sect. 4, Table I, under time-stepping.
//!
//! Runs Moreau's midpoint rule (default) or the Moreau–Jean θ-method from the Table I initial
//! state, writes a CSV of the run and PNG plots (cf. the paper's Figures 4–6) into
//! `examples/out/woodpecker/` (or the directory given as first free argument), and prints the
//! limit-cycle figures of the last complete cycles.
//!
//! ```text
//! cargo run --release -p mb-examples --bin woodpecker -- [OUT_DIR] [--h H] [--t-end T]
//!     [--scheme midpoint|jean] [--theta θ] [--csv-every N] [--study] [--timing]
//! ```
//!
//! `--study` prints the figures for h = 1e-4, 5e-5, 1e-5, 5e-6 (both schemes) instead;
//! `--timing` prints one machine-readable line `TIMING scheme h steps us_per_step` plus the
//! figures (used by `bench/compare_timestepping.sh`).

use mb_examples::plot::{Series, line_plot};
use mb_examples::woodpecker::Woodpecker;
use mbruntime::Vector;
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, StepRecord, TimeStepper};
use std::error::Error;
use std::io::BufWriter;
use std::path::PathBuf;
use std::time::Instant;

/// Table I initial state: q = (y, φ_M, φ_S), u = (v, ω_M, ω_S).
const Q0: [f64; 3] = [0.0, -0.1036, -0.2788];
const U0: [f64; 3] = [-0.3411, 0.0, -7.4583];

type Rec = StepRecord<3, 0, 3>;

/// Statistics of one cycle, from one beak impact to the next.
#[derive(Debug, Clone, Copy)]
struct Cycle {
    t_start: f64,
    y_start: f64,
    t_end: f64,
    y_end: f64,
    beak_impacts: usize,
    phi_s: (f64, f64),
    phi_m: (f64, f64),
    omega_s: (f64, f64),
    closed: [f64; 3],
}

impl Cycle {
    fn start(t: f64, y: f64) -> Self {
        Self {
            t_start: t,
            y_start: y,
            t_end: t,
            y_end: y,
            beak_impacts: 0,
            phi_s: (f64::INFINITY, f64::NEG_INFINITY),
            phi_m: (f64::INFINITY, f64::NEG_INFINITY),
            omega_s: (f64::INFINITY, f64::NEG_INFINITY),
            closed: [0.0; 3],
        }
    }
}

/// Cycle detection. A beak impact is a step whose active set newly contains the beak (contact
/// 0) with a positive normal impulse; a new cycle starts at a beak impact that follows a
/// downward passage of φ_S through the Table I value −0.2788 (so rebounds of the beak within
/// one cycle count as several impacts of that cycle).
#[derive(Debug, Default)]
struct CycleAnalysis {
    cycles: Vec<Cycle>,
    current: Option<Cycle>,
    armed: bool,
    beak_was_active: bool,
    /// (t, v, ω_S, φ_M) where φ_S passes −0.2788 going down (linear interpolation).
    section: Vec<(f64, f64, f64, f64)>,
}

impl CycleAnalysis {
    fn push(&mut self, r: &Rec) {
        let (phi_s0, phi_s1) = (r.q_start[2], r.q[2]);
        if phi_s0 > Q0[2] && phi_s1 <= Q0[2] && r.u[2] < 0.0 {
            let s = (phi_s0 - Q0[2]) / (phi_s0 - phi_s1);
            let lerp = |a: f64, b: f64| a + s * (b - a);
            self.section.push((
                lerp(r.t - r.h, r.t),
                lerp(r.u_start[0], r.u[0]),
                lerp(r.u_start[2], r.u[2]),
                lerp(r.q_start[1], r.q[1]),
            ));
            self.armed = true;
        }
        let impact = r.impulses.active[0] && !self.beak_was_active && r.impulses.lambda_n[0] > 0.0;
        self.beak_was_active = r.impulses.active[0];
        if impact && self.armed {
            if let Some(mut c) = self.current.take() {
                c.t_end = r.t;
                c.y_end = r.q[0];
                self.cycles.push(c);
            }
            self.current = Some(Cycle::start(r.t, r.q[0]));
            self.armed = false;
        }
        if let Some(c) = self.current.as_mut() {
            c.beak_impacts += usize::from(impact);
            let widen = |(lo, hi): (f64, f64), x: f64| (lo.min(x), hi.max(x));
            c.phi_s = widen(c.phi_s, r.q[2]);
            c.phi_m = widen(c.phi_m, r.q[1]);
            c.omega_s = widen(c.omega_s, r.u[2]);
            for i in 0..3 {
                if r.impulses.active[i] {
                    c.closed[i] += r.h;
                }
            }
        }
    }
}

/// Limit-cycle figures averaged over the complete cycles after the first.
#[derive(Debug, Clone, Copy)]
struct Figures {
    cycles: usize,
    period: f64,
    mean_velocity: f64,
    impacts_per_cycle: f64,
    last: Cycle,
    section: (f64, f64, f64),
}

fn figures(a: &CycleAnalysis) -> Option<Figures> {
    let settled = a.cycles.get(1..).filter(|c| !c.is_empty())?;
    let (first, last) = (settled[0], *settled.last()?);
    let span = last.t_end - first.t_start;
    let &(_, v, w, p) = a.section.last()?;
    Some(Figures {
        cycles: settled.len(),
        period: span / settled.len() as f64,
        mean_velocity: (last.y_end - first.y_start) / span,
        impacts_per_cycle: settled.iter().map(|c| c.beak_impacts).sum::<usize>() as f64
            / settled.len() as f64,
        last,
        section: (v, w, p),
    })
}

fn print_figures(label: &str, f: &Figures) {
    let c = &f.last;
    println!(
        "limit-cycle figures ({label}; {} complete cycles after the first):",
        f.cycles
    );
    println!("  period (beak impact to beak impact)   {:.5} s", f.period);
    println!(
        "  mean sleeve velocity                  {:.5} m/s",
        f.mean_velocity
    );
    println!(
        "  beak impacts per cycle                {:.2}",
        f.impacts_per_cycle
    );
    println!(
        "  last cycle  phi_S  min/max            {:+.4} / {:+.4} rad",
        c.phi_s.0, c.phi_s.1
    );
    println!(
        "  last cycle  phi_M  min/max            {:+.4} / {:+.4} rad",
        c.phi_m.0, c.phi_m.1
    );
    println!(
        "  last cycle  omega_S min/max           {:+.3} / {:+.3} rad/s",
        c.omega_s.0, c.omega_s.1
    );
    println!(
        "  closed time per cycle  beak / lower sleeve / upper sleeve   {:.5} / {:.5} / {:.5} s",
        c.closed[0], c.closed[1], c.closed[2]
    );
    let (v, w, p) = f.section;
    println!(
        "  at phi_S = -0.2788 going down: v = {v:+.4} m/s, omega_S = {w:+.4} rad/s, phi_M = {p:+.4} rad \
         (Table I: -0.3411, -7.4583, -0.1036)"
    );
}

struct Run {
    analysis: CycleAnalysis,
    steps: u64,
    seconds: f64,
    samples: Vec<[f64; 7]>,
}

fn simulate(
    scheme: Scheme,
    h: f64,
    t_end: f64,
    sample_every: u64,
    mut csv: Option<&mut RecordCsv<BufWriter<AtomicFile>>>,
) -> Result<Run, Box<dyn Error>> {
    let mut ts = TimeStepper::new(
        Woodpecker::default(),
        scheme,
        Settings::default(),
        0.0,
        Vector::<3>::from(Q0),
        Vector::<3>::from(U0),
    )?;
    let mut analysis = CycleAnalysis::default();
    let mut samples = Vec::new();
    let mut csv_error = None;
    let start = Instant::now();
    let steps = ts.run(h, t_end, |r| {
        analysis.push(r);
        if sample_every > 0 && r.step % sample_every == 0 {
            samples.push([r.t, r.q[0], r.q[1], r.q[2], r.u[0], r.u[1], r.u[2]]);
            if let Some(w) = csv.as_deref_mut()
                && let Err(e) = w.write(r)
            {
                csv_error.get_or_insert(e);
            }
        }
    })?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(e) = csv_error {
        return Err(e.into());
    }
    Ok(Run {
        analysis,
        steps,
        seconds,
        samples,
    })
}

fn scheme_name(s: Scheme) -> String {
    match s {
        Scheme::MoreauMidpoint => "midpoint".into(),
        Scheme::MoreauJean { theta } => format!("jean(theta={theta})"),
    }
}

fn study(t_end: f64) -> Result<(), Box<dyn Error>> {
    println!("step-size study, t_end = {t_end} s, figures over complete cycles after the first");
    println!(
        "| scheme | h | period [s] | mean v [m/s] | beak impacts/cycle | phi_S min/max | phi_M min/max | omega_S min/max | closed beak/lower/upper [ms] | section v, omega_S, phi_M |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        for h in [1e-4, 5e-5, 1e-5, 5e-6] {
            let run = simulate(scheme, h, t_end, 0, None)?;
            let f = figures(&run.analysis).ok_or("fewer than two complete cycles")?;
            let c = f.last;
            println!(
                "| {} | {h:.0e} | {:.5} | {:.5} | {:.2} | {:+.4} / {:+.4} | {:+.4} / {:+.4} | {:+.3} / {:+.3} | {:.2} / {:.2} / {:.2} | {:+.4}, {:+.4}, {:+.4} |",
                scheme_name(scheme),
                f.period,
                f.mean_velocity,
                f.impacts_per_cycle,
                c.phi_s.0,
                c.phi_s.1,
                c.phi_m.0,
                c.phi_m.1,
                c.omega_s.0,
                c.omega_s.1,
                c.closed[0] * 1e3,
                c.closed[1] * 1e3,
                c.closed[2] * 1e3,
                f.section.0,
                f.section.1,
                f.section.2
            );
        }
    }
    Ok(())
}

fn plots(dir: &std::path::Path, samples: &[[f64; 7]]) -> Result<(), Box<dyn Error>> {
    let col = |k: usize| -> Vec<(f64, f64)> { samples.iter().map(|s| (s[0], s[k])).collect() };
    let single = |file: &str, title: &str, y: &str, k: usize| {
        let pts = col(k);
        line_plot(
            &dir.join(file),
            title,
            "t [s]",
            y,
            &[Series {
                label: y,
                points: &pts,
                markers: false,
            }],
        )
    };
    single("phi_s.png", "Woodpecker angle phi_S(t)", "phi_S [rad]", 3)?;
    single(
        "omega_s.png",
        "Woodpecker angular velocity omega_S(t)",
        "omega_S [rad/s]",
        6,
    )?;
    single("phi_m.png", "Sleeve angle phi_M(t)", "phi_M [rad]", 2)?;
    single(
        "omega_m.png",
        "Sleeve angular velocity omega_M(t)",
        "omega_M [rad/s]",
        5,
    )?;
    single(
        "y.png",
        "Sleeve height y(t): moving down the pole",
        "y [m]",
        1,
    )?;
    let phase: Vec<(f64, f64)> = samples.iter().map(|s| (s[3], s[6])).collect();
    line_plot(
        &dir.join("phase_woodpecker.png"),
        "Limit cycle of the woodpecker: omega_S(phi_S)",
        "phi_S [rad]",
        "omega_S [rad/s]",
        &[Series {
            label: "omega_S(phi_S)",
            points: &phase,
            markers: false,
        }],
    )?;
    let phase: Vec<(f64, f64)> = samples.iter().map(|s| (s[2], s[5])).collect();
    line_plot(
        &dir.join("phase_sleeve.png"),
        "Limit cycle of the sleeve: omega_M(phi_M)",
        "phi_M [rad]",
        "omega_M [rad/s]",
        &[Series {
            label: "omega_M(phi_M)",
            points: &phase,
            markers: false,
        }],
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut out = PathBuf::from("examples/out/woodpecker");
    let (mut h, mut t_end, mut theta, mut every) = (1e-5, 1.0, 0.5, 10u64);
    let (mut jean, mut do_study, mut timing) = (false, false, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> Result<f64, Box<dyn Error>> {
            Ok(args
                .next()
                .ok_or(format!("{name} needs a value"))?
                .parse()?)
        };
        match a.as_str() {
            "--h" => h = value("--h")?,
            "--t-end" => t_end = value("--t-end")?,
            "--theta" => theta = value("--theta")?,
            "--csv-every" => every = value("--csv-every")? as u64,
            "--scheme" => {
                jean = match args.next().as_deref() {
                    Some("midpoint") => false,
                    Some("jean") => true,
                    other => return Err(format!("unknown scheme {other:?}").into()),
                }
            }
            "--study" => do_study = true,
            "--timing" => timing = true,
            other if !other.starts_with("--") => out = PathBuf::from(other),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    if do_study {
        return study(t_end);
    }
    let scheme = if jean {
        Scheme::MoreauJean { theta }
    } else {
        Scheme::MoreauMidpoint
    };
    if timing {
        let run = simulate(scheme, h, t_end, 0, None)?;
        let us = run.seconds * 1e6 / run.steps as f64;
        println!("TIMING {} {h:e} {} {us:.4}", scheme_name(scheme), run.steps);
        if let Some(f) = figures(&run.analysis) {
            println!(
                "FIGURES period={:.5} mean_v={:.5} impacts_per_cycle={:.2} phiS={:+.4}/{:+.4} phiM={:+.4}/{:+.4} omegaS={:+.3}/{:+.3}",
                f.period,
                f.mean_velocity,
                f.impacts_per_cycle,
                f.last.phi_s.0,
                f.last.phi_s.1,
                f.last.phi_m.0,
                f.last.phi_m.1,
                f.last.omega_s.0,
                f.last.omega_s.1
            );
        }
        return Ok(());
    }

    std::fs::create_dir_all(&out)?;
    let file = BufWriter::new(AtomicFile::create(out.join("woodpecker.csv"))?);
    let names = (
        ["y", "phi_M", "phi_S"],
        ["beak", "sleeve_lower", "sleeve_upper"],
    );
    let mut csv = RecordCsv::new(file, &names.0, &names.1, &[])?;
    let run = simulate(scheme, h, t_end, every.max(1), Some(&mut csv))?;
    AtomicFile::commit_buffered(csv.into_inner()?)?;
    plots(&out, &run.samples)?;
    println!(
        "woodpecker: {} steps of h = {h:e} s with {} to t = {t_end} s ({:.3} µs/step wall clock)",
        run.steps,
        scheme_name(scheme),
        run.seconds * 1e6 / run.steps as f64
    );
    match figures(&run.analysis) {
        Some(f) => print_figures(&scheme_name(scheme), &f),
        None => println!("fewer than two complete cycles: no limit-cycle figures"),
    }
    println!("CSV and PNG plots written to {}", out.display());
    Ok(())
}
