//! Lötstedt (1982), Theorem 5.4 at the second level (k = 2): the active-set decision when a
//! closed contact has λ = δ = λ̇ = δ̇ = 0 at t₀. Model `QuadraticForce`: block of mass m = 1 on
//! the floor y ≥ 0 under gravity, force m g + c t², at rest on the floor at t₀ = 0. Exact
//! solutions:
//! * c < 0 (pushed down): contact persists, y ≡ 0, λ(t) = −c t² (λ̈ = −2c > 0);
//! * c > 0 (pulled up): lift-off, y(t) = c t⁴/12, λ ≡ 0 (δ̈ = 2c > 0).
//!
//! Runs the derivative iteration (5.10)–(5.13) up to k = 2, the iteration truncated at k = 1
//! and both naive rules (J₁ = {λᵢ > 0}, J₂ = {δᵢ = 0}) side by side for c = −3 and c = +3 to
//! t = 0.5 s and writes, into `examples/out/event_theorem54_second_order/` (or the directory
//! given as first argument),
//! `trajectories.csv` (case, c, rule, t, y, λ, exact y, exact λ) and `y_pushed.png`,
//! `lambda_pushed.png`, `y_pulled.png`, `lambda_pulled.png`. Prints the final y and λ of every
//! run against the exact values, and every event the integrator reports.

use mb_examples::event_models::quadratic_force::QuadraticForce;
use mb_examples::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::event::{ActiveSetRule, EventDriven, EventOptions, Report};
use std::path::PathBuf;

const T_END: f64 = 0.5;
/// Largest step [s], for smooth curves (the error control alone takes steps of up to 0.35 s
/// here, exact for these polynomials; the events and final states are the same either way).
const MAX_STEP: f64 = 5e-3;

/// Exact (y, λ) at time t for force coefficient c, m = 1 (see the module docs).
fn exact(c: f64, t: f64) -> (f64, f64) {
    if c < 0.0 {
        (0.0, -c * t * t)
    } else {
        (c * t.powi(4) / 12.0, 0.0)
    }
}

/// Samples (t, y, λ) of a run.
type Samples = Vec<(f64, f64, f64)>;

/// Samples (t, y, λ) of one run with steps of at most 5 ms (for smooth curves).
fn run(
    c: f64,
    rule: ActiveSetRule,
    max_order: usize,
) -> Result<Samples, Box<dyn std::error::Error>> {
    let opts = EventOptions {
        active_set_rule: rule,
        max_derivative_order: max_order,
        max_step: MAX_STEP,
        ..EventOptions::default()
    };
    let model = QuadraticForce {
        m: 1.0,
        g: 9.81,
        c,
        t0: 0.0,
    };
    let mut sim = EventDriven::new(model, opts);
    sim.initialize(0.0, Vector::<1>::zeros(), Vector::<1>::zeros())?;
    let mut pts = vec![(0.0, 0.0, sim.contact_multipliers()[0])];
    sim.advance_to(T_END, |r| match r {
        Report::Step { t, q, lambda, .. } => pts.push((t, q[0], lambda[0])),
        Report::Event(ev) => {
            println!("  event at t = {}: {:?}, y = {}", ev.t, ev.kind, ev.q[0]);
            pts.push((ev.t, ev.q[0], f64::NAN))
        }
    })?;
    pts.retain(|p| p.2.is_finite());
    Ok(pts)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_theorem54_second_order".into()),
    );
    std::fs::create_dir_all(&out)?;
    let rules = [
        (
            "derivative iteration k <= 2",
            ActiveSetRule::DerivativeIteration,
            2,
        ),
        (
            "iteration cut at k = 1",
            ActiveSetRule::DerivativeIteration,
            1,
        ),
        ("naive rule lambda > 0", ActiveSetRule::NaiveMultiplier, 2),
        ("naive rule delta = 0", ActiveSetRule::NaiveAcceleration, 2),
    ];
    let cases = [("pushed", -3.0), ("pulled", 3.0)];
    let mut w = csv::Writer::from_path(out.join("trajectories.csv"))?;
    w.write_record([
        "case",
        "c",
        "rule",
        "t",
        "y",
        "lambda",
        "y_exact",
        "lambda_exact",
    ])?;
    for (case, c) in cases {
        println!("c = {c:+}:");
        let mut ys = Vec::new();
        let mut lams = Vec::new();
        for (name, rule, max_order) in rules {
            let pts = run(c, rule, max_order)?;
            for &(t, y, l) in &pts {
                let (ye, le) = exact(c, t);
                w.serialize((case, c, name, t, y, l, ye, le))?;
            }
            let &(t, y, l) = pts.last().expect("at least the initial point");
            let (ye, le) = exact(c, t);
            println!(
                "c = {c:+}: {name:<28} t = {t}: y = {y:+.6e} (exact {ye:+.6e}), λ = {l:+.6e} (exact {le:+.6e})"
            );
            ys.push((name, pts.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>()));
            lams.push((name, pts.iter().map(|p| (p.0, p.2)).collect::<Vec<_>>()));
        }
        let grid: Vec<f64> = (0..=20).map(|k| T_END * k as f64 / 20.0).collect();
        let y_exact: Vec<(f64, f64)> = grid.iter().map(|&t| (t, exact(c, t).0)).collect();
        let l_exact: Vec<(f64, f64)> = grid.iter().map(|&t| (t, exact(c, t).1)).collect();
        for (what, data, ex, label) in [
            ("y", &ys, &y_exact, "y [m]"),
            ("lambda", &lams, &l_exact, "λ [N]"),
        ] {
            let mut series: Vec<Series> = data
                .iter()
                .map(|(name, pts)| Series {
                    label: name,
                    points: pts,
                    markers: false,
                })
                .collect();
            series.push(Series {
                label: "exact",
                points: ex,
                markers: true,
            });
            line_plot(
                &out.join(format!("{what}_{case}.png")),
                &format!("Theorem 5.4, k = 2: force mg + c·t² with c = {c:+}: {what}(t)"),
                "t [s]",
                label,
                &series,
            )?;
        }
    }
    w.flush()?;
    Ok(())
}
