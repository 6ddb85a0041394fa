//! Brogliato (2013) Example 1: a block on three aligned contacts. The Delassus matrix
//! (1/m)·𝟙𝟙ᵀ has rank 1; the system is hyperstatic: the acceleration is unique, the contact
//! multipliers are not. Plots the Delassus eigenvalues against the mass and writes
//! `eigenvalues.csv`, `eigenvalues.png` into `examples/out/analysis_block/` (or the first argument).

use mb_examples::analysis_models::block_three_contacts::BlockThreeContacts;
use mb_examples::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::analysis::{ConstraintRankReport, InertialCouplings};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("examples/out/analysis_block".into()),
    );
    std::fs::create_dir_all(&out)?;
    let mut csv = csv::Writer::from_path(out.join("eigenvalues.csv"))?;
    csv.write_record(["m", "lambda1", "lambda2", "lambda3", "rank", "three_over_m"])?;
    let mut series: [Vec<(f64, f64)>; 3] = Default::default();
    let mut closed = Vec::new();
    for k in 1..=60 {
        let m = 0.25 * k as f64;
        let block = BlockThreeContacts {
            m,
            ..Default::default()
        };
        let c = InertialCouplings::at(&block, &Vector::<2>::new(block.l, 0.0), 0.0)?;
        let s = c.delassus_spectrum()?;
        for (i, v) in s.eigenvalues.iter().enumerate() {
            series[i].push((m, *v));
        }
        closed.push((m, 3.0 / m));
        csv.write_record(
            [
                m,
                s.eigenvalues[0],
                s.eigenvalues[1],
                s.eigenvalues[2],
                s.rank as f64,
                3.0 / m,
            ]
            .map(|x| x.to_string()),
        )?;
    }
    csv.flush()?;
    line_plot(
        &out.join("eigenvalues.png"),
        "Block on three contacts: eigenvalues of the Delassus matrix",
        "mass m [kg]",
        "eigenvalue [1/kg]",
        &[
            Series {
                label: "closed form 3/m",
                points: &closed,
                markers: false,
            },
            Series {
                label: "λ₃ (computed)",
                points: &series[2],
                markers: true,
            },
            Series {
                label: "λ₁, λ₂ (computed, zero)",
                points: &series[0],
                markers: true,
            },
        ],
    )?;
    let block = BlockThreeContacts::default();
    let q = Vector::<2>::new(block.l, 0.0);
    let c = InertialCouplings::at(&block, &q, 0.0)?;
    println!("Delassus matrix A = W_Nᵀ M⁻¹ W_N:{}", c.delassus());
    println!("numerical rank: {}", c.delassus_spectrum()?.rank);
    println!("{}", ConstraintRankReport::at(&block, &q, 0.0, &[0, 1, 2])?);
    println!("wrote {}", out.display());
    Ok(())
}
