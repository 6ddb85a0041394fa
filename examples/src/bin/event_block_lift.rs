//! Block on three aligned contacts (Brogliato 2013, Example 1) pushed up by f(t) = k t:
//! prints the rank-1 Delassus matrix A = W_NᵀM⁻¹W_N = (1/m)𝟙𝟙ᵀ, shows that the acceleration
//! M⁻¹(h + W_Nλ) is unique while the multipliers are not (any λ + c with 𝟙ᵀc = 0 gives the
//! same W_Nλ; Brogliato 2013, Proposition 2; Lötstedt 1982, Lemma 5.2), and compares the
//! lift-off time with the closed form f(t_lift) = m g ⇒ t_lift = m g / k.
//! Writes `trajectory.csv` (t, x, ẋ, λ₁, λ₂, λ₃) and `lift.png` into
//! `examples/out/event_block_lift/` (or the directory given as first argument).

use mb_examples::event_models::block_lift::BlockLift;
use mb_examples::plot::{Series, line_plot};
use mbruntime::analysis::InertialCouplings;
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::{Dynamics, Vector};
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_block_lift".into()),
    );
    std::fs::create_dir_all(&out)?;
    let model = BlockLift::default();
    let (m, g, k, l) = (model.m, model.g, model.k, model.l);
    let q0 = Vector::<2>::new(l, 0.0);
    let couplings = InertialCouplings::<2, 0, 3>::at(&model, &q0, 0.0)?;
    let spectrum = couplings.delassus_spectrum()?;
    println!("Delassus matrix W_NᵀM⁻¹W_N:{}", couplings.delassus());
    println!(
        "eigenvalues {:?}, numerical rank {} of 3 contacts",
        spectrum.eigenvalues, spectrum.rank
    );

    let opts = EventOptions {
        max_step: 1e-2,
        ..EventOptions::default()
    };
    let mut sim = EventDriven::new(model, opts, 0.0, q0, Vector::<2>::zeros())?;
    // Uniqueness of the acceleration: the integrator's λ and a second admissible solution
    // λ' ≥ 0 with the same sum (the load shared equally).
    let lambda = *sim.contact_multipliers();
    let other = Vector::<3>::repeat(lambda.sum() / 3.0);
    let mut h = Vector::<2>::zeros();
    model.forces(&q0, &Vector::<2>::zeros(), 0.0, &mut h);
    let acc = |lam: &Vector<3>| couplings.mass_inverse * (h + couplings.normals * lam);
    println!(
        "at t = 0: λ = {:?}, acceleration {:?}",
        lambda.as_slice(),
        acc(&lambda).as_slice()
    );
    println!(
        "       λ' = {:?}, acceleration {:?} (same: multipliers not unique)",
        other.as_slice(),
        acc(&other).as_slice()
    );

    let t_lift = m * g / k;
    let mut rows = vec![(0.0, q0[0], 0.0, lambda)];
    let mut lift = None;
    sim.run(t_lift + 0.6, |r| match r {
        Report::Step {
            t, q, u, lambda, ..
        } => rows.push((t, q[0], u[0], *lambda)),
        Report::Event(ev) => {
            lift.get_or_insert(ev.t);
        }
    })?;
    let t = lift.ok_or("no lift-off")?;
    println!(
        "lift-off: event-driven {t:.12} s, closed form m g / k = {t_lift:.12} s, difference {:.2e} s",
        t - t_lift
    );
    let mut w = csv::Writer::from_path(out.join("trajectory.csv"))?;
    w.write_record(["t", "x", "xdot", "lambda1", "lambda2", "lambda3"])?;
    for (t, x, v, lam) in &rows {
        w.serialize((t, x, v, lam[0], lam[1], lam[2]))?;
    }
    let height: Vec<(f64, f64)> = rows.iter().map(|r| (r.0, 100.0 * (r.1 - l))).collect();
    let sum: Vec<(f64, f64)> = rows.iter().map(|r| (r.0, r.3.sum() / (m * g))).collect();
    let closed: Vec<(f64, f64)> = rows
        .iter()
        .map(|r| (r.0, ((m * g - k * r.0) / (m * g)).max(0.0)))
        .collect();
    line_plot(
        &out.join("lift.png"),
        "Block on three contacts, f(t) = k t",
        "t [s]",
        "λ/(mg), 100·(x − l) [m]",
        &[
            Series {
                label: "(λ₁ + λ₂ + λ₃)/(mg)",
                points: &sum,
                markers: false,
            },
            Series {
                label: "closed form max(0, 1 − k t/(mg))",
                points: &closed,
                markers: false,
            },
            Series {
                label: "100 × height x − l",
                points: &height,
                markers: false,
            },
        ],
    )?;
    Ok(())
}
