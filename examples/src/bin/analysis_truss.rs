//! A shallow von Mises truss with a stop under the apex: on one equilibrium path a common limit
//! point (snap-through at y = h/√3) and a corner limit point (the unstable branch meets the
//! stop), the degree of instability changing by one at each. Writes `path.csv`, `path.png` into
//! `examples/out/analysis_truss/` (or the first argument).

use mb_examples::analysis_models::von_mises_truss_stop::VonMisesTrussStop;
use mb_examples::plot::equilibrium_path_plot;
use mbruntime::analysis::{PathOptions, trace_equilibrium_path};
use mbruntime::{Dynamics, Vector};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("examples/out/analysis_truss".into()),
    );
    std::fs::create_dir_all(&out)?;
    let mut truss = VonMisesTrussStop {
        k: 3.0,
        a: 1.0,
        h: 0.5,
        y_stop: 0.1,
        p: 0.0,
    };
    let (h, c) = (
        truss.h,
        truss.k / (8.0 * (truss.a * truss.a + truss.h * truss.h)),
    );
    let opts = PathOptions {
        parameter: 4,
        step: 0.01,
        parameter_range: (-1.0, 0.4),
        max_steps: 2000,
        ..Default::default()
    };
    let path = trace_equilibrium_path(&mut truss, &Vector::<2>::new(0.0, h), &opts)?;
    path.write_csv(
        std::fs::File::create(out.join("path.csv"))?,
        &VonMisesTrussStop::COORDINATES,
    )?;
    equilibrium_path_plot(
        &out.join("path.png"),
        &path,
        1,
        "limit points (common, corner)",
        "Von Mises truss with a stop: load against apex height",
        "apex height y",
        "load p",
    )?;
    println!(
        "closed form: snap-through at y = h/√3 = {:.12}, p = {:.12}",
        h / 3f64.sqrt(),
        16.0 * c * h.powi(3) / (3.0 * 3f64.sqrt())
    );
    for s in &path.special_points {
        let pt = &path.points[s.index];
        println!(
            "{} at y = {:.12}, p = {:.12}; instability {} → {:?}",
            s.kind, pt.q[1], pt.p, s.instability_before, s.instability_after
        );
    }
    println!(
        "{} points, termination: {:?}; wrote {}",
        path.points.len(),
        path.termination,
        out.display()
    );
    Ok(())
}
