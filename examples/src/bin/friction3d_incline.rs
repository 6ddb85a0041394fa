//! A block released at rest on a plane inclined by α = 30° with spatial Coulomb friction (the
//! generated `InclineBlock`, g = 9.81 m/s²) under Moreau's midpoint rule (Glocker & Studer
//! 2005, (17)) with the cone complementarity problem of Acary & Brogliato (2008, ch. 13) at the
//! contact, once with the model's μ = ½ tan α and once with μ = 2 tan α.
//!
//! Closed form: released at rest the block sticks iff μ ≥ tan α (the static impulse
//! m g Δt (sin α, cos α) then lies in the cone); otherwise it slides down the line of steepest
//! descent with a = g (sin α − μ cos α) and covers ½ a t². Prints the measured acceleration
//! along the slope against a and the sticking block's largest displacement, and writes
//! `incline_sliding.csv`, `incline_sticking.csv` (with the λ_T2 columns of the tangent plane)
//! and `distance.png` (distance down the slope of both blocks against ½ a t²).
//!
//! ```text
//! cargo run --release -p mb-examples --bin friction3d_incline -- [OUT_DIR] [--h H]
//!     [--scheme midpoint|jean]
//! ```

use mb_examples::friction3d_models::incline_block::InclineBlock;
use mb_examples::plot::{Series, line_plot};
use mb_examples::step_options::step_options;
use mbruntime::Vector;
use mbruntime::timestepping::{AtomicFile, RecordCsv, Scheme, Settings, TimeStepper};
use std::error::Error;
use std::io::BufWriter;
use std::path::Path;

const T_END: f64 = 1.0;

/// The closed-form acceleration down the slope: g (sin α − μ cos α), or 0 if μ ≥ tan α.
fn coulomb_acceleration(block: &InclineBlock) -> f64 {
    (block.g * (block.alpha.sin() - block.mu * block.alpha.cos())).max(0.0)
}

/// One run: the distance down the slope against time and the speed down the slope at the end.
struct Slide {
    distance: Vec<(f64, f64)>,
    end_speed: f64,
}

/// Runs `block` from rest to `T_END` and writes every record to `csv`.
fn slide(block: InclineBlock, scheme: Scheme, h: f64, csv: &Path) -> Result<Slide, Box<dyn Error>> {
    let (sa, ca) = (block.alpha.sin(), block.alpha.cos());
    let normal = Vector::<3>::new(-sa, 0.0, ca);
    let down = Vector::<3>::new(-ca, 0.0, -sa);
    // 1 nm inside the plane (within the penetration tolerance): the contact is closed from the
    // first step.
    let q0 = -normal * 1e-9;
    let mut ts = TimeStepper::new(block, scheme, Settings::default(), 0.0, q0, Vector::zeros())?;
    let mut writer =
        RecordCsv::for_model::<InclineBlock, 3, 0, 1>(BufWriter::new(AtomicFile::create(csv)?))?;
    let mut distance = vec![(0.0, 0.0)];
    let mut csv_error = None;
    ts.run(h, T_END, |r| {
        distance.push((r.t, down.dot(&(r.q - q0))));
        if let Err(err) = writer.write(r) {
            csv_error.get_or_insert(err);
        }
    })?;
    if let Some(err) = csv_error {
        return Err(err.into());
    }
    AtomicFile::commit_buffered(writer.into_inner()?)?;
    Ok(Slide {
        distance,
        end_speed: down.dot(ts.u()),
    })
}

fn main() -> Result<(), Box<dyn Error>> {
    let (out, h, jean) = step_options("examples/out/friction3d_incline")?;
    let scheme = if jean {
        Scheme::MoreauJean { theta: 0.5 }
    } else {
        Scheme::MoreauMidpoint
    };
    std::fs::create_dir_all(&out)?;
    let sliding = InclineBlock::default();
    let sticking = InclineBlock {
        mu: 2.0 * sliding.alpha.tan(),
        ..sliding
    };
    let (a, a_stick) = (
        coulomb_acceleration(&sliding),
        coulomb_acceleration(&sticking),
    );
    let slid = slide(sliding, scheme, h, &out.join("incline_sliding.csv"))?;
    let stuck = slide(sticking, scheme, h, &out.join("incline_sticking.csv"))?;
    let moved = stuck.distance.iter().fold(0.0f64, |m, p| m.max(p.1.abs()));

    println!(
        "block on a {:.0}° incline released at rest, g = {}, Δt = {h:e} s ({})",
        sliding.alpha.to_degrees(),
        sliding.g,
        if jean {
            "Moreau–Jean θ = 0.5"
        } else {
            "Moreau midpoint"
        }
    );
    println!("| case | quantity | closed form | time-stepping |");
    println!("|---|---|---|---|");
    println!(
        "| μ = {:.4} < tan α | acceleration down the slope [m/s²] | {a:.12} | {:.12} |",
        sliding.mu,
        slid.end_speed / T_END
    );
    println!(
        "| μ = {:.4} ≥ tan α | acceleration down the slope [m/s²] | {a_stick} | {:.3e} |",
        sticking.mu,
        stuck.end_speed / T_END
    );
    println!(
        "| μ = {:.4} ≥ tan α | largest displacement [m] | 0 | {moved:.3e} |",
        sticking.mu
    );
    plot(&out, &slid.distance, &stuck.distance, a, a_stick)?;
    println!("CSV and PNG written to {}", out.display());
    Ok(())
}

/// `distance.png`: distance down the slope of the sliding and the sticking block, time-stepping
/// as markers over the closed forms ½ a t² with accelerations `a` and `a_stick` (= 0).
fn plot(
    out: &Path,
    sliding: &[(f64, f64)],
    sticking: &[(f64, f64)],
    a: f64,
    a_stick: f64,
) -> Result<(), Box<dyn Error>> {
    let closed = |acc: f64| -> Vec<(f64, f64)> {
        sliding
            .iter()
            .map(|&(t, _)| (t, 0.5 * acc * t * t))
            .collect()
    };
    let (exact_slide, exact_stick) = (closed(a), closed(a_stick));
    // The time-stepping values as markers every 20 steps over the closed-form lines.
    let every_20th =
        |points: &[(f64, f64)]| -> Vec<(f64, f64)> { points.iter().copied().step_by(20).collect() };
    let (sliding, sticking) = (every_20th(sliding), every_20th(sticking));
    line_plot(
        &out.join("distance.png"),
        "Block released on an incline with Coulomb friction: distance down the slope",
        "t [s]",
        "distance [m]",
        &[
            Series {
                label: "time-stepping, μ = ½ tan α (slides)",
                points: &sliding,
                markers: true,
            },
            Series {
                label: "closed form ½ g (sin α − μ cos α) t²",
                points: &exact_slide,
                markers: false,
            },
            Series {
                label: "time-stepping, μ = 2 tan α (sticks)",
                points: &sticking,
                markers: true,
            },
            Series {
                label: "closed form: at rest",
                points: &exact_stick,
                markers: false,
            },
        ],
    )?;
    Ok(())
}
