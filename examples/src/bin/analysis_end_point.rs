//! The situation of an end point of an equilibrium path (Schulz & Pellegrino 2000, Sect. 4b,
//! Fig. 4a) with two weakly active stops (`TwoStopEndPoint`, V = k(xy − ½x²) + p(2x − y),
//! x ≥ 0, y ≥ 0): the path x = 2p/k, y = 0 (λ_y = p) comes down to the origin at p = 0, where
//! the path LCP (4.1) has one solution for ṗ > 0, none for ṗ < 0, and one with ṗ = 0 — the
//! half-line x = 0, y ≥ 0 of equilibria at p = 0 — so the tracer stops there with
//! `HigherOrderNeeded` rather than calling it an end point. Writes `path.csv` and `path.png` into
//! `examples/out/analysis_end_point/` (or the first argument).

use mb_examples::analysis_models::two_stop_end_point::TwoStopEndPoint;
use mb_examples::plot::{Series, line_plot};
use mbruntime::analysis::{PathOptions, trace_equilibrium_path};
use mbruntime::{Dynamics, Vector};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("examples/out/analysis_end_point".into()),
    );
    std::fs::create_dir_all(&out)?;
    let k = 2.0;
    let mut model = TwoStopEndPoint { k, p: 1.0 };
    let path = trace_equilibrium_path(
        &mut model,
        &Vector::<2>::new(1.0, 0.0),
        &PathOptions {
            parameter: 1,
            step: 0.02,
            direction: -1.0,
            ..Default::default()
        },
    )?;
    path.write_csv(
        std::fs::File::create(out.join("path.csv"))?,
        &TwoStopEndPoint::COORDINATES,
    )?;
    let traced: Vec<(f64, f64)> = path.points.iter().map(|pt| (pt.q[0], pt.p)).collect();
    let closed: Vec<(f64, f64)> = (0..=50)
        .map(|i| {
            let p = i as f64 / 50.0;
            (2.0 * p / k, p)
        })
        .collect();
    let ends: Vec<(f64, f64)> = path
        .special_points
        .iter()
        .map(|s| (path.points[s.index].q[0], path.points[s.index].p))
        .collect();
    line_plot(
        &out.join("path.png"),
        "Two stops: the path turns horizontal at the origin (first order cannot decide)",
        "x",
        "load p",
        &[
            Series {
                label: "traced (unstable: dots)",
                points: &traced,
                markers: true,
            },
            Series {
                label: "closed form x = 2p/k",
                points: &closed,
                markers: false,
            },
            Series {
                label: "higher order needed",
                points: &ends,
                markers: true,
            },
        ],
    )?;
    for s in &path.special_points {
        let pt = &path.points[s.index];
        println!(
            "{} at (x, y) = ({:.3e}, {:.3e}), p = {:.3e}; LCP solutions (ṗ>0, ṗ<0) = {:?}, with ṗ = 0: {}",
            s.kind, pt.q[0], pt.q[1], pt.p, s.branches, s.horizontal_branches
        );
    }
    println!(
        "{} points, termination {:?}; wrote {}",
        path.points.len(),
        path.termination,
        out.display()
    );
    Ok(())
}
