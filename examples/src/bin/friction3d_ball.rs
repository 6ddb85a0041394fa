//! A uniform ball (the generated `RollingBall`: m = 0.17 kg, r = 28.6 mm, I = 2/5 m r², μ = 0.2,
//! g = 9.81 m/s²) launched sliding at v₀ = 1.5 m/s at 30° to the x axis with no spin, under
//! Moreau's midpoint rule (Glocker & Studer 2005, (17)) with the cone complementarity problem
//! of Acary & Brogliato (2008, ch. 13) at the contact.
//!
//! Closed form (Routh 1905, "Dynamics of a System of Rigid Bodies", elementary part,
//! §§ 243–246): while the contact point slips, the friction force −μ m g ŝ decelerates the
//! centre, v = v₀ − μ g t, and spins the ball up, r ω = 5/2 μ g t; the slip speed v − r ω falls
//! at 7/2 μ g and vanishes at t_s = 2 v₀/(7 μ g), after which the ball rolls at 5 v₀/7 (the
//! angular momentum about the contact point, m r v + I ω, is conserved). Prints the slip-end
//! time against t_s and the final speed against 5 v₀/7, and writes `rolling_ball.csv` (with the
//! λ_T2 columns of the tangent plane) and `speed.png` (speed of the centre and r‖ω‖ against the
//! closed form).
//!
//! ```text
//! cargo run --release -p mb-examples --bin friction3d_ball -- [OUT_DIR] [--h H]
//!     [--scheme midpoint|jean]
//! ```

use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mb_examples::plot::{Series, line_plot};
use mb_examples::step_options::step_options;
use mbruntime::Vector;
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, TimeStepper};
use std::error::Error;
use std::io::BufWriter;
use std::path::Path;

const V0: f64 = 1.5;
const ANGLE_DEG: f64 = 30.0;

/// The time series of one run: speed of the centre and r‖ω‖, and when the slip ended.
struct Run {
    speed: Vec<(f64, f64)>,
    spin: Vec<(f64, f64)>,
    slip_end: Option<f64>,
}

/// Runs the ball from the launch to twice the closed-form slip-end time `t_s`, writing every
/// record to `csv`.
fn roll(
    ball: RollingBall,
    scheme: Scheme,
    h: f64,
    t_s: f64,
    csv: &Path,
) -> Result<Run, Box<dyn Error>> {
    let r = ball.r;
    let dir = Vector::<3>::new(
        ANGLE_DEG.to_radians().cos(),
        ANGLE_DEG.to_radians().sin(),
        0.0,
    );
    // The centre 1 nm below r (within the penetration tolerance): the contact is closed from
    // the first step.
    let mut q0 = Vector::<6>::zeros();
    q0[2] = r - 1e-9;
    let mut u0 = Vector::<6>::zeros();
    u0.fixed_rows_mut::<3>(0).copy_from(&(dir * V0));
    let mut ts = TimeStepper::new(ball, scheme, Settings::default(), 0.0, q0, u0)?;
    let mut writer =
        RecordCsv::for_model::<RollingBall, 6, 0, 1>(BufWriter::new(AtomicFile::create(csv)?))?;
    let mut run = Run {
        speed: vec![(0.0, V0)],
        spin: vec![(0.0, 0.0)],
        slip_end: None,
    };
    let mut csv_error = None;
    ts.run(h, 2.0 * t_s, |s| {
        let (v, w) = (s.u.fixed_rows::<3>(0), s.u.fixed_rows::<3>(3));
        // The contact point's velocity v + ω × (−r e_z), written out.
        let slip = (v[0] - r * w[1]).hypot(v[1] + r * w[0]);
        if run.slip_end.is_none() && slip <= 1e-12 * V0 {
            run.slip_end = Some(s.t);
        }
        run.speed.push((s.t, v.norm()));
        run.spin.push((s.t, r * w.norm()));
        if let Err(err) = writer.write(s) {
            csv_error.get_or_insert(err);
        }
    })?;
    if let Some(err) = csv_error {
        return Err(err.into());
    }
    AtomicFile::commit_buffered(writer.into_inner()?)?;
    Ok(run)
}

fn main() -> Result<(), Box<dyn Error>> {
    let (out, h, jean) = step_options("examples/out/friction3d_ball")?;
    let scheme = if jean {
        Scheme::MoreauJean { theta: 0.5 }
    } else {
        Scheme::MoreauMidpoint
    };
    let ball = RollingBall::default();
    let (mu, g) = (ball.mu, ball.g);
    let t_s = 2.0 * V0 / (7.0 * mu * g);
    std::fs::create_dir_all(&out)?;
    let run = roll(ball, scheme, h, t_s, &out.join("rolling_ball.csv"))?;
    let v_end = run.speed.last().map_or(V0, |p| p.1);

    println!(
        "ball launched sliding at v0 = {V0} m/s, {ANGLE_DEG}°, no spin, μ = {mu}, g = {g}, Δt = {h:e} s ({})",
        if jean {
            "Moreau–Jean θ = 0.5"
        } else {
            "Moreau midpoint"
        }
    );
    println!("| quantity | closed form | time-stepping |");
    println!("|---|---|---|");
    match run.slip_end {
        Some(t) => println!("| slip-end time [s] | {t_s:.6} | {t:.6} |"),
        None => println!("| slip-end time [s] | {t_s:.6} | still slipping |"),
    }
    println!(
        "| final speed [m/s] | {:.12} | {v_end:.12} |",
        5.0 * V0 / 7.0
    );
    plot(&out, &run, mu * g, t_s)?;
    println!("CSV and PNG written to {}", out.display());
    Ok(())
}

/// `speed.png`: speed of the centre and r‖ω‖, time-stepping as markers over the closed forms
/// v₀ − μ g t and 5/2 μ g t (`mu_g` = μ g), both 5 v₀/7 after `t_s`.
fn plot(out: &Path, run: &Run, mu_g: f64, t_s: f64) -> Result<(), Box<dyn Error>> {
    let exact_speed: Vec<(f64, f64)> = run
        .speed
        .iter()
        .map(|&(t, _)| (t, V0 - mu_g * t.min(t_s)))
        .collect();
    let exact_spin: Vec<(f64, f64)> = run
        .speed
        .iter()
        .map(|&(t, _)| (t, 2.5 * mu_g * t.min(t_s)))
        .collect();
    // The time-stepping values as markers every 10 steps over the closed-form lines.
    let every_10th =
        |points: &[(f64, f64)]| -> Vec<(f64, f64)> { points.iter().copied().step_by(10).collect() };
    let (speed, spin) = (every_10th(&run.speed), every_10th(&run.spin));
    line_plot(
        &out.join("speed.png"),
        "Ball launched sliding without spin: slipping ends at 2 v0/(7 μ g)",
        "t [s]",
        "speed [m/s]",
        &[
            Series {
                label: "time-stepping ‖v‖",
                points: &speed,
                markers: true,
            },
            Series {
                label: "closed form v0 − μ g t, then 5 v0/7",
                points: &exact_speed,
                markers: false,
            },
            Series {
                label: "time-stepping r ‖ω‖",
                points: &spin,
                markers: true,
            },
            Series {
                label: "closed form 5/2 μ g t, then 5 v0/7",
                points: &exact_spin,
                markers: false,
            },
        ],
    )?;
    Ok(())
}
