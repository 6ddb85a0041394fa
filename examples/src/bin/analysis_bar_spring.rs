//! Schulz & Pellegrino (2000) Sect. 6: equilibrium path of the bar and zero-length spring with a
//! stop. φ = 0 for p ∈ [−L, 0] (stable), corner limit point at (0, 0), unstable branch
//! p = −L tanφ. Writes `path.csv`, `path.png` into `examples/out/analysis_bar_spring/` (or the
//! first argument).

use mb_examples::analysis_models::bar_spring_stop::BarSpringStop;
use mb_examples::plot::equilibrium_path_plot;
use mbruntime::analysis::{PathOptions, trace_equilibrium_path};
use mbruntime::{Dynamics, Vector};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("examples/out/analysis_bar_spring".into()),
    );
    std::fs::create_dir_all(&out)?;
    let mut bar = BarSpringStop {
        k: 1.0,
        L: 1.0,
        p: -1.0,
    };
    let opts = PathOptions {
        parameter: 2,
        step: 0.02,
        parameter_range: (-3.0, 1.0),
        ..Default::default()
    };
    let path = trace_equilibrium_path(&mut bar, &Vector::<1>::new(0.0), &opts)?;
    path.write_csv(
        std::fs::File::create(out.join("path.csv"))?,
        &BarSpringStop::COORDINATES,
    )?;
    equilibrium_path_plot(
        &out.join("path.png"),
        &path,
        0,
        "corner limit point",
        "Bar and spring with a stop (Schulz & Pellegrino Fig. 6)",
        "φ [rad]",
        "p / L",
    )?;
    for s in &path.special_points {
        let pt = &path.points[s.index];
        println!(
            "{} at φ = {:.3e}, p = {:.3e}; LCP solutions (ṗ>0, ṗ<0) = {:?}; instability {} → {:?}",
            s.kind, pt.q[0], pt.p, s.branches, s.instability_before, s.instability_after
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
