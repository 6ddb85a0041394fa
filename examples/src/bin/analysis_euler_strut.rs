//! Euler strut (rigid bar on a rotational spring under an axial dead load, `EulerStrut`): the
//! trivial path θ = 0 loses stability at the pitchfork bifurcation p = k/L (Schulz & Pellegrino
//! 2000, (2.21): H singular with w₁ᵀ T ∇U' = 0), where the stable buckled branch
//! p = kθ/(L sin θ) crosses it. Both branches are traced; writes `trivial.csv`, `buckled.csv`
//! and `path.png` (p against θ, closed form of the buckled branch overlaid) into
//! `examples/out/analysis_euler_strut/` (or the first argument).

use mb_examples::analysis_models::euler_strut::EulerStrut;
use mb_examples::plot::{Series, line_plot};
use mbruntime::analysis::{EquilibriumPath, PathOptions, trace_equilibrium_path};
use mbruntime::{Dynamics, Vector};
use std::path::PathBuf;

fn report(name: &str, path: &EquilibriumPath<1, 0, 0>) {
    for s in &path.special_points {
        let pt = &path.points[s.index];
        println!(
            "{name}: {} at θ = {:.3e}, p = {:.12}; instability {} → {:?}; critical mode {:?}",
            s.kind,
            pt.q[0],
            pt.p,
            s.instability_before,
            s.instability_after,
            s.critical_direction.map(|m| m[0])
        );
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("examples/out/analysis_euler_strut".into()),
    );
    std::fs::create_dir_all(&out)?;
    let (k, l) = (2.0, 1.5);
    let p_c = k / l;
    let mut strut = EulerStrut { k, L: l, p: 0.0 };
    let trivial = trace_equilibrium_path(
        &mut strut,
        &Vector::<1>::new(0.0),
        &PathOptions {
            parameter: 2,
            step: 0.02,
            parameter_range: (-1.0, 2.0 * p_c),
            ..Default::default()
        },
    )?;
    let theta0: f64 = 1.3;
    strut.p = k * theta0 / (l * theta0.sin());
    let buckled = trace_equilibrium_path(
        &mut strut,
        &Vector::<1>::new(theta0),
        &PathOptions {
            parameter: 2,
            step: 0.02,
            direction: -1.0,
            coordinate_bound: theta0,
            ..Default::default()
        },
    )?;
    trivial.write_csv(
        std::fs::File::create(out.join("trivial.csv"))?,
        &EulerStrut::COORDINATES,
    )?;
    buckled.write_csv(
        std::fs::File::create(out.join("buckled.csv"))?,
        &EulerStrut::COORDINATES,
    )?;
    let closed: Vec<(f64, f64)> = (-60..=60)
        .filter(|i| *i != 0)
        .map(|i| {
            let th = theta0 * i as f64 / 60.0;
            (th, k * th / (l * th.sin()))
        })
        .collect();
    // Closed form first so that the traced points are drawn over it.
    let mut series: Vec<Series> = vec![Series {
        label: "closed form p = kθ/(L sin θ)",
        points: &closed,
        markers: false,
    }];
    let segs_t = trivial.stability_segments(0);
    let segs_b = buckled.stability_segments(0);
    for (stable, pts) in &segs_t {
        series.push(Series {
            label: if *stable {
                "trivial path θ = 0, stable"
            } else {
                "trivial path θ = 0, unstable (dots)"
            },
            points: pts,
            markers: !*stable,
        });
    }
    for (stable, pts) in &segs_b {
        series.push(Series {
            label: if *stable {
                "buckled branch (traced), stable (dots)"
            } else {
                "buckled branch (traced), unstable"
            },
            points: pts,
            markers: *stable,
        });
    }
    let specials: Vec<(f64, f64)> = trivial
        .special_points
        .iter()
        .map(|s| (trivial.points[s.index].q[0], trivial.points[s.index].p))
        .collect();
    series.push(Series {
        label: "bifurcation point p = k/L",
        points: &specials,
        markers: true,
    });
    line_plot(
        &out.join("path.png"),
        "Euler strut: pitchfork bifurcation at p = k/L",
        "angle θ [rad]",
        "load p",
        &series,
    )?;
    println!("closed form: bifurcation at p = k/L = {p_c:.12}");
    report("trivial path", &trivial);
    report("buckled branch", &buckled);
    let worst = buckled
        .points
        .iter()
        .filter(|pt| pt.q[0].abs() > 1e-6)
        .map(|pt| (pt.p - k * pt.q[0] / (l * pt.q[0].sin())).abs())
        .fold(0.0_f64, f64::max);
    println!(
        "buckled branch: max |p − kθ/(L sin θ)| = {worst:.1e} over {} points, all stable: {}",
        buckled.points.len(),
        buckled
            .points
            .iter()
            .all(|pt| pt.q[0].abs() < 1e-6 || pt.stable())
    );
    println!("wrote {}", out.display());
    Ok(())
}
