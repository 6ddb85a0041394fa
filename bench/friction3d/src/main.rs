//! The spatial-friction examples of `mb_examples::friction3d_models` (`InclineBlock`,
//! `SlidingBlock`, `RollingBall`, parameters their `Default`) under mb's time-stepping, for the
//! side-by-side comparison with Siconos' `FrictionContact(3)` (`bench/compare_friction3d.sh`,
//! Siconos side `bench/siconos/friction3d.py`).
//!
//! Initial states (the same in the Siconos script), every contact 1 nm inside its plane (within
//! the penetration tolerance) so that it is closed from the first step:
//!
//! * `incline`: q₀ = −10⁻⁹ n̂, at rest; slides down with a = g (sin α − μ cos α);
//! * `sliding`: q₀ = (0, 0, −10⁻⁹), u₀ = 2 m/s at 30° to the x axis; stops at t* = v₀/(μ g);
//! * `ball`: q₀ = (0, 0, r − 10⁻⁹, 0, 0, 0), centre velocity 1.5 m/s at 30° to the x axis, no
//!   spin; slips until t_s = 2 v₀/(7 μ g), then rolls at 5 v₀/7.
//!
//! Timing: one untimed warm-up run, then whole runs `TimeStepper::run(h, t_end)` with an empty
//! callback (at least `--repeats`, default 7, until 0.5 s of CPU time or 200 runs), each timed
//! with `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)` (CPU time of the process, one thread) and with
//! the wall clock; building the stepper is outside the timed region. The medians per step are
//! printed. A separate recorded run writes the trajectory CSV.
//!
//! ```text
//! mb-bench-friction3d MODEL [--scheme jean|midpoint] [--h H] [--t-end T] [--csv PATH]
//!     [--repeats N] [--cone auto|newton|gauss-seidel] [--describe]
//! ```
//!
//! Prints `TIMING model scheme h steps cpu_us_per_step wall_us_per_step runs threads`;
//! `--describe` prints the model's M, h(q₀, u₀), the rows (w_N, w_T1, w_T2) at q₀, the gap offset,
//! μ, ε_N, q₀ and u₀ instead (for the check against the Siconos script's data).

use mb_examples::friction3d_models::incline_block::InclineBlock;
use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mb_examples::friction3d_models::sliding_block::SlidingBlock;
use mbruntime::cone::{ConeMethod, ConeOptions};
use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Jacobians, Matrix, Vector};
use std::error::Error;
use std::io::Write;
use std::time::Instant;

/// Depth of the initial state inside the contact plane.
const DEPTH: f64 = 1e-9;
/// Launch angle to the x axis of the sliding block and the ball [deg].
const LAUNCH_DEG: f64 = 30.0;

struct Options {
    model: String,
    scheme: Scheme,
    h: f64,
    t_end: Option<f64>,
    csv: Option<String>,
    repeats: usize,
    cone: ConeMethod,
    describe: bool,
}

fn options() -> Result<Options, Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let model = args
        .next()
        .ok_or("usage: MODEL (incline|sliding|ball) [options]")?;
    let mut o = Options {
        model,
        scheme: Scheme::MoreauJean { theta: 0.5 },
        h: 1e-3,
        t_end: None,
        csv: None,
        repeats: 7,
        cone: ConeMethod::Auto,
        describe: false,
    };
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--scheme" => {
                o.scheme = match value()?.as_str() {
                    "jean" => Scheme::MoreauJean { theta: 0.5 },
                    "midpoint" => Scheme::MoreauMidpoint,
                    other => return Err(format!("unknown scheme {other}").into()),
                }
            }
            "--h" => o.h = value()?.parse()?,
            "--t-end" => o.t_end = Some(value()?.parse()?),
            "--csv" => o.csv = Some(value()?),
            "--repeats" => o.repeats = value()?.parse()?,
            "--cone" => {
                o.cone = match value()?.as_str() {
                    "auto" => ConeMethod::Auto,
                    "newton" => ConeMethod::Newton,
                    "gauss-seidel" => ConeMethod::GaussSeidel,
                    other => return Err(format!("unknown cone method {other}").into()),
                }
            }
            "--describe" => o.describe = true,
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    if !(o.h.is_finite() && o.h > 0.0) {
        return Err(format!("--h must be a positive step, got {}", o.h).into());
    }
    Ok(o)
}

fn main() -> Result<(), Box<dyn Error>> {
    let o = options()?;
    let launch = |v0: f64| {
        let a = LAUNCH_DEG.to_radians();
        (v0 * a.cos(), v0 * a.sin())
    };
    match o.model.as_str() {
        "incline" => {
            let m = InclineBlock::default();
            let n = Vector::<3>::new(-m.alpha.sin(), 0.0, m.alpha.cos());
            run(&o, m, -n * DEPTH, Vector::zeros(), 1.0)
        }
        "sliding" => {
            let (vx, vy) = launch(2.0);
            let q0 = Vector::<3>::new(0.0, 0.0, -DEPTH);
            run(
                &o,
                SlidingBlock::default(),
                q0,
                Vector::<3>::new(vx, vy, 0.0),
                0.7,
            )
        }
        "ball" => {
            let m = RollingBall::default();
            let (vx, vy) = launch(1.5);
            let q0 = Vector::<6>::from_column_slice(&[0.0, 0.0, m.r - DEPTH, 0.0, 0.0, 0.0]);
            let u0 = Vector::<6>::from_column_slice(&[vx, vy, 0.0, 0.0, 0.0, 0.0]);
            run(&o, m, q0, u0, 0.4)
        }
        other => Err(format!("unknown model {other} (incline, sliding, ball)").into()),
    }
}

/// Describes, times and records one model from (q₀, u₀) up to `--t-end` (default `t_end`).
fn run<M, const NQ: usize>(
    o: &Options,
    model: M,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    t_end: f64,
) -> Result<(), Box<dyn Error>>
where
    M: Jacobians<NQ, 0, 1> + Copy,
{
    if o.describe {
        describe(&model, &q0, &u0);
        return Ok(());
    }
    let t_end = o.t_end.unwrap_or(t_end);
    let settings = Settings {
        friction_cone: ConeOptions::with_method(o.cone),
        ..Settings::default()
    };
    let fresh = || TimeStepper::new(model, o.scheme, settings, 0.0, q0, u0);
    let steps = fresh()?.run(o.h, t_end, |_| {})?; // warm-up
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    let budget = cpu_seconds();
    while cpu.len() < o.repeats.max(1) || (cpu_seconds() - budget < 0.5 && cpu.len() < 200) {
        let mut ts = fresh()?;
        let (c0, w0) = (cpu_seconds(), Instant::now());
        ts.run(o.h, t_end, |_| {})?;
        cpu.push(cpu_seconds() - c0);
        wall.push(w0.elapsed().as_secs_f64());
    }
    let scheme = match o.scheme {
        Scheme::MoreauJean { .. } => "jean",
        Scheme::MoreauMidpoint => "midpoint",
    };
    println!(
        "TIMING\t{}\t{scheme}\t{:e}\t{steps}\t{:.4}\t{:.4}\t{}\t1",
        o.model,
        o.h,
        median(&mut cpu) * 1e6 / steps as f64,
        median(&mut wall) * 1e6 / steps as f64,
        cpu.len()
    );
    if let Some(path) = &o.csv {
        let mut ts = fresh()?;
        let mut rows = vec![row(ts.last())];
        ts.run(o.h, t_end, |r| rows.push(row(r)))?;
        write_csv(path, NQ, &rows)?;
    }
    Ok(())
}

/// CPU time of this process [s] (`CLOCK_PROCESS_CPUTIME_ID`).
fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant libc provides.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn median(x: &mut [f64]) -> f64 {
    x.sort_by(f64::total_cmp);
    x[x.len() / 2]
}

/// One CSV row: step, t, q, u, Λ_N, Λ_T1, Λ_T2, cone iterations.
fn row<const NQ: usize>(r: &StepRecord<NQ, 0, 1>) -> Vec<f64> {
    let mut v = vec![r.step as f64, r.t];
    v.extend(r.q.iter());
    v.extend(r.u.iter());
    v.extend([
        r.impulses.lambda_n[0],
        r.impulses.lambda_t[0],
        r.impulses.lambda_t2[0],
    ]);
    v.push(r.impulses.cone_iterations as f64);
    v
}

fn write_csv(path: &str, nq: usize, rows: &[Vec<f64>]) -> Result<(), Box<dyn Error>> {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut head = vec!["step".to_string(), "t".to_string()];
    head.extend((0..nq).map(|i| format!("q{i}")));
    head.extend((0..nq).map(|i| format!("v{i}")));
    head.extend(["lambda_n", "lambda_t1", "lambda_t2", "iterations"].map(String::from));
    writeln!(f, "{}", head.join(","))?;
    for r in rows {
        let cells: Vec<String> = r.iter().map(|x| format!("{x:.17e}")).collect();
        writeln!(f, "{}", cells.join(","))?;
    }
    f.flush()?;
    Ok(())
}

/// Prints the data the Siconos script must reproduce (one `key values…` line each).
fn describe<M, const NQ: usize>(model: &M, q0: &Vector<NQ>, u0: &Vector<NQ>)
where
    M: Jacobians<NQ, 0, 1>,
{
    let mut mass = Matrix::<NQ, NQ>::zeros();
    model.mass_matrix(q0, 0.0, &mut mass);
    let mut h = Vector::<NQ>::zeros();
    model.forces(q0, u0, 0.0, &mut h);
    let (mut w_n, mut w_t, mut w_t2) = (
        Matrix::<NQ, 1>::zeros(),
        Matrix::<NQ, 1>::zeros(),
        Matrix::<NQ, 1>::zeros(),
    );
    let mut partial = Vector::<1>::zeros();
    model.gap_jacobian(q0, 0.0, &mut w_n, &mut partial);
    model.slip_jacobian(q0, 0.0, &mut w_t, &mut partial);
    model.second_slip_jacobian(q0, 0.0, &mut w_t2, &mut partial);
    let mut gap = Vector::<1>::zeros();
    model.gaps(q0, 0.0, &mut gap);
    let law = model.contact_laws()[0];
    let line = |key: &str, x: &[f64]| {
        let cells: Vec<String> = x.iter().map(|v| format!("{v:.17e}")).collect();
        println!("{key} {}", cells.join(" "));
    };
    line("M", mass.transpose().as_slice()); // row-major
    line("F", h.as_slice());
    line(
        "H",
        &[w_n.as_slice(), w_t.as_slice(), w_t2.as_slice()].concat(),
    );
    line("b_n", &[gap[0] - w_n.column(0).dot(q0)]);
    line("mu", &[law.friction]);
    line("e_n", &[law.normal_restitution]);
    line("q0", q0.as_slice());
    line("u0", u0.as_slice());
}
