//! A block launched at 2 m/s at 30° to the x axis on the floor z = 0 with spatial Coulomb
//! friction (the generated `SlidingBlock`, μ = 0.4, g = 9.81 m/s²) under Moreau's midpoint rule
//! (Glocker & Studer 2005, (17)) with the cone complementarity problem of Acary & Brogliato
//! (2008, ch. 13) at the contact.
//!
//! Closed form: the friction force −μ m g v̂ is parallel to the velocity, so the block keeps its
//! direction, decelerates at μ g, stops at t* = v₀/(μ g) after v₀²/(2 μ g) and stays at rest.
//! Prints the stopping time and distance against the closed form and the largest distance from
//! the launch line, and writes `sliding_block.csv` (with the λ_T2 columns of the tangent plane)
//! and `speed.png` (speed and distance along the launch line against the closed form).
//!
//! ```text
//! cargo run --release -p mb-examples --bin friction3d_sliding -- [OUT_DIR] [--h H]
//!     [--scheme midpoint|jean]
//! ```

use mb_examples::friction3d_models::sliding_block::SlidingBlock;
use mb_examples::plot::{Series, line_plot};
use mb_examples::step_options::step_options;
use mbruntime::Vector;
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, TimeStepper};
use std::error::Error;
use std::io::BufWriter;
use std::path::Path;

const V0: f64 = 2.0;
const ANGLE_DEG: f64 = 30.0;

fn main() -> Result<(), Box<dyn Error>> {
    let (out, h, jean) = step_options("examples/out/friction3d_sliding")?;
    let scheme = if jean {
        Scheme::MoreauJean { theta: 0.5 }
    } else {
        Scheme::MoreauMidpoint
    };
    let block = SlidingBlock::default();
    let (mu, g) = (block.mu, block.g);
    let t_stop = V0 / (mu * g);
    let distance = V0 * V0 / (2.0 * mu * g);
    let dir = Vector::<3>::new(
        ANGLE_DEG.to_radians().cos(),
        ANGLE_DEG.to_radians().sin(),
        0.0,
    );
    // 1 nm inside the floor (within the penetration tolerance): the contact is closed from the
    // first step.
    let q0 = Vector::<3>::new(0.0, 0.0, -1e-9);
    let mut ts = TimeStepper::new(block, scheme, Settings::default(), 0.0, q0, dir * V0)?;

    std::fs::create_dir_all(&out)?;
    let mut csv = RecordCsv::for_model::<SlidingBlock, 3, 0, 1>(BufWriter::new(
        AtomicFile::create(out.join("sliding_block.csv"))?,
    ))?;
    let (mut speed, mut along) = (Vec::new(), Vec::new());
    let (mut stopped_at, mut lateral) = (None, 0.0f64);
    let mut csv_error = None;
    ts.run(h, 1.25 * t_stop, |r| {
        let d = r.q - q0;
        lateral = lateral.max((d - dir * dir.dot(&d)).amax());
        let v = r.u.norm();
        if stopped_at.is_none() && v <= 1e-12 {
            stopped_at = Some(r.t);
        }
        speed.push((r.t, v));
        along.push((r.t, dir.dot(&d)));
        if let Err(err) = csv.write(r) {
            csv_error.get_or_insert(err);
        }
    })?;
    if let Some(err) = csv_error {
        return Err(err.into());
    }
    AtomicFile::commit_buffered(csv.into_inner()?)?;

    let s = dir.dot(&(ts.q() - q0));
    println!(
        "sliding block, v0 = {V0} m/s at {ANGLE_DEG}°, μ = {mu}, g = {g}, Δt = {h:e} s ({})",
        if jean {
            "Moreau–Jean θ = 0.5"
        } else {
            "Moreau midpoint"
        }
    );
    println!("| quantity | closed form | time-stepping |");
    println!("|---|---|---|");
    match stopped_at {
        Some(t) => println!("| stopping time [s] | {t_stop:.6} | {t:.6} |"),
        None => println!("| stopping time [s] | {t_stop:.6} | not stopped |"),
    }
    println!("| distance [m] | {distance:.9} | {s:.9} |");
    println!("| distance from the launch line [m] | 0 | {lateral:.2e} |");

    plot(&out, &speed, &along, mu * g, t_stop)?;
    println!("CSV and PNG written to {}", out.display());
    Ok(())
}

/// `speed.png`: speed and distance along the launch line, time-stepping as markers over the
/// closed forms with deceleration `decel` = μ g, at rest after `t_stop`.
fn plot(
    out: &Path,
    speed: &[(f64, f64)],
    along: &[(f64, f64)],
    decel: f64,
    t_stop: f64,
) -> Result<(), Box<dyn Error>> {
    let exact_speed: Vec<(f64, f64)> = speed
        .iter()
        .map(|&(t, _)| (t, (V0 - decel * t).max(0.0)))
        .collect();
    let exact_along: Vec<(f64, f64)> = speed
        .iter()
        .map(|&(t, _)| {
            let moving = t.min(t_stop);
            (t, V0 * moving - 0.5 * decel * moving * moving)
        })
        .collect();
    // The time-stepping values as markers every 20 steps over the closed-form lines.
    let every_20th =
        |points: &[(f64, f64)]| -> Vec<(f64, f64)> { points.iter().copied().step_by(20).collect() };
    let (speed, along) = (every_20th(speed), every_20th(along));
    line_plot(
        &out.join("speed.png"),
        "Block sliding on a plane with Coulomb friction: speed and distance",
        "t [s]",
        "speed [m/s], distance [m]",
        &[
            Series {
                label: "time-stepping speed",
                points: &speed,
                markers: true,
            },
            Series {
                label: "closed form v0 − μ g t",
                points: &exact_speed,
                markers: false,
            },
            Series {
                label: "time-stepping distance",
                points: &along,
                markers: true,
            },
            Series {
                label: "closed form v0 t − ½ μ g t²",
                points: &exact_along,
                markers: false,
            },
        ],
    )?;
    Ok(())
}
