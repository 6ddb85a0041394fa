//! Brogliato (2013) Sect. 4.3 and Example 3: constrained Delassus matrix A_c(θ) of the rod with
//! a wall contact and a horizontal-tip bilateral constraint, against the closed form
//! 1/m + 3 sin²θ/(m(1 + 3cos²θ)); the kinetic angle of the orthogonal guide family and the
//! percussion p_b = −α/(α² + β²) p_u in a slanted guide. Writes `a_c.csv` and `a_c.png` into
//! `examples/out/analysis_rod_wall/` (or the directory given as first argument).

use mb_examples::event_models::rod_line::RodLine;
use mb_examples::plot::{Series, line_plot};
use mb_examples::rod_wall::RodWall;
use mbruntime::Vector;
use mbruntime::analysis::{ConstraintRef, InertialCouplings};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("examples/out/analysis_rod_wall".into()),
    );
    std::fs::create_dir_all(&out)?;
    let rod = RodWall::default();
    let mut csv = csv::Writer::from_path(out.join("a_c.csv"))?;
    csv.write_record(["theta", "a_c_computed", "a_c_closed_form", "delassus"])?;
    let (mut computed, mut closed) = (Vec::new(), Vec::new());
    let mut worst = 0.0_f64;
    for k in 0..=200 {
        let theta = -1.5 + 3.0 * k as f64 / 200.0;
        let q = Vector::<3>::new(0.3, rod.H + rod.l * theta.sin(), theta);
        let c = InertialCouplings::at(&rod, &q, 0.0)?;
        let a_c = c.constrained_delassus()?[(0, 0)];
        let exact =
            1.0 / rod.m + 3.0 * theta.sin().powi(2) / (rod.m * (1.0 + 3.0 * theta.cos().powi(2)));
        worst = worst.max((a_c - exact).abs());
        csv.write_record([theta, a_c, exact, c.delassus()[(0, 0)]].map(|x| x.to_string()))?;
        computed.push((theta, a_c));
        closed.push((theta, exact));
    }
    csv.flush()?;
    line_plot(
        &out.join("a_c.png"),
        "Rod with wall and bilateral tip: constrained Delassus A_c(θ)",
        "θ [rad]",
        "A_c [1/kg]",
        &[
            Series {
                label: "closed form 1/m + 3sin²θ/(m(1+3cos²θ))",
                points: &closed,
                markers: false,
            },
            Series {
                label: "computed W_Nᵀ M_c⁻¹ W_N",
                points: &computed,
                markers: true,
            },
        ],
    )?;
    println!("max |A_c − closed form| over θ ∈ [−1.5, 1.5]: {worst:.3e}");
    let q = Vector::<3>::new(0.3, rod.H + rod.l * 0.6f64.sin(), 0.6);
    let c = InertialCouplings::at(&rod, &q, 0.0)?;
    println!(
        "M_c⁻¹ at θ = 0.6 (eq. 39):{}",
        c.constrained_inverse_mass()?
    );
    let guide = RodLine {
        alpha: 0.0,
        beta: 1.0,
        gamma: -1.0,
        ..Default::default()
    };
    let q = Vector::<3>::new(guide.l * 0.6f64.cos(), 1.0, 0.6);
    let c = InertialCouplings::at(&guide, &q, 0.0)?;
    let angle = c.kinetic_angle(ConstraintRef::Unilateral(0), ConstraintRef::Bilateral(0))?;
    println!(
        "guide g = βy + δ: kinetic angle {:.15} (π/2 = {:.15}), orthogonal: {}",
        angle.angle,
        std::f64::consts::FRAC_PI_2,
        angle.orthogonal
    );
    let slanted = RodLine {
        alpha: 1.0,
        beta: 2.0,
        gamma: -1.0,
        ..Default::default()
    };
    let x = slanted.l * 0.6f64.cos();
    let q = Vector::<3>::new(x, (1.0 - x) / 2.0, 0.6);
    let c = InertialCouplings::at(&slanted, &q, 0.0)?;
    let p_b = c.bilateral_percussion(&Vector::<1>::new(1.0))?[0];
    println!(
        "guide x + 2y − 1 = 0, p_u = 1: p_b = {p_b:.15} (−α/(α²+β²) = {:.15})",
        -1.0 / 5.0
    );
    println!("wrote {}", out.display());
    Ok(())
}
