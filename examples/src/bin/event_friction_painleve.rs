//! Painlevé's rod in the event-driven integrator with Coulomb friction. The rod (half length
//! l = 0.5) stands at θ₀ with its lower end on the rough floor, sliding with ẋ = −10 m/s
//! (σ = −1). The sliding problem a λ_N + b = 0, a = 1 + 3cos²θ − 3μ sinθ cosθ (m = 1), loses its
//! solution where μ reaches μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ), whose minimum is 4/3.
//! * With μ = 1.45 a start inside the region μ > μ*(θ) is refused with the typed error naming the
//!   bound; the start just outside it is accepted (printed at θ₁ ± 10⁻⁶, θ₁ the closed-form
//!   critical angle).
//! * From θ₀ = 0.7 the rod slides towards θ₁ and lifts off just before it, where b = 0.
//! * With μ = 1.3 < 4/3 the same start is well posed at every angle.
//!
//! Writes `trajectory_mu1.45.csv`, `trajectory_mu1.3.csv` (t, θ, slip velocity, λ_N, λ_T) and
//! `angle.png`, `normal_force.png`.

use mb_examples::analysis_models::painleve_rod::PainleveRod;
use mb_examples::plot::{Series, line_plot};
use mb_examples::stick_slip_reference::painleve::critical_angle;
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventError, EventOptions};
use std::path::PathBuf;

type Sample = (f64, f64, f64, f64, f64);

/// The rod at θ₀ on the floor, sliding with ẋ = −10 m/s.
fn start(mu: f64, theta0: f64) -> Result<EventDriven<PainleveRod, 3, 0, 1>, EventError> {
    let model = PainleveRod {
        mu,
        ..PainleveRod::default()
    };
    let q0 = Vector::<3>::new(0.0, model.l * theta0.sin(), theta0);
    EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        q0,
        Vector::<3>::new(-10.0, 0.0, 0.0),
    )
}

/// Runs the rod from θ₀ = 0.7 with friction μ to t = 1 s, sampling every 0.5 ms; returns the
/// samples and the error that stopped it, if any.
fn run(mu: f64) -> (Vec<Sample>, Option<EventError>) {
    let mut sim = match start(mu, 0.7) {
        Ok(sim) => sim,
        Err(e) => return (Vec::new(), Some(e)),
    };
    let l = sim.model().l;
    let mut samples = Vec::new();
    for k in 1..=2000 {
        let outcome = sim.run(k as f64 * 5e-4, |_| {});
        let (q, u) = (sim.q(), sim.u());
        let slip = u[0] + l * q[2].sin() * u[2];
        samples.push((
            sim.t(),
            q[2],
            slip,
            sim.contact_multipliers()[0],
            sim.tangential_multipliers()[0],
        ));
        if let Err(e) = outcome {
            return (samples, Some(e));
        }
    }
    (samples, None)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/event_friction_painleve".into()),
    );
    std::fs::create_dir_all(&out)?;
    let theta_c = critical_angle(1.45, 0.3, 2.0_f64.atan());
    println!("μ = 1.45: critical angle θ₁ = {theta_c:.12} rad (μ*(θ₁) = μ, closed form)");
    for theta0 in [theta_c - 1e-6, theta_c + 1e-6] {
        match start(1.45, theta0).map(|_| ()) {
            Ok(()) => println!("  start at θ₀ = {theta0:.9}: accepted, sliding"),
            Err(e) => println!("  start at θ₀ = {theta0:.9}: refused: {e}"),
        }
    }
    let mut angle = Vec::new();
    let mut force = Vec::new();
    for mu in [1.45, 1.3] {
        let (samples, error) = run(mu);
        let mut w = csv::Writer::from_path(out.join(format!("trajectory_mu{mu}.csv")))?;
        w.write_record(["t", "theta", "slip_velocity", "lambda_n", "lambda_t"])?;
        for s in &samples {
            w.serialize(s)?;
        }
        if let Some(error) = error {
            return Err(error.into());
        }
        let lift_off = samples.windows(2).find(|w| w[0].3 > 0.0 && w[1].3 == 0.0);
        match lift_off {
            Some(w) => println!(
                "μ = {mu}: slides from θ₀ = 0.7 and lifts off between t = {:.4} and {:.4} s at \
                 θ ≈ {:.6} rad (θ₁ = {theta_c:.6} for μ = 1.45)",
                w[0].0, w[1].0, w[1].1
            ),
            None => println!("μ = {mu}: ran to t = 1 s without lift-off"),
        }
        angle.push((mu, samples.iter().map(|s| (s.0, s.1)).collect::<Vec<_>>()));
        force.push((mu, samples.iter().map(|s| (s.0, s.3)).collect::<Vec<_>>()));
    }
    let labels = ["μ = 1.45", "μ = 1.3"];
    let series = |data: &[(f64, Vec<(f64, f64)>)]| -> Vec<(String, Vec<(f64, f64)>)> {
        data.iter()
            .zip(labels)
            .map(|((_, p), l)| (l.to_string(), p.clone()))
            .collect()
    };
    for (file, title, y, data) in [
        (
            "angle.png",
            "Painlevé's rod: angle θ",
            "θ [rad]",
            series(&angle),
        ),
        (
            "normal_force.png",
            "Painlevé's rod: normal force",
            "λ_N [N]",
            series(&force),
        ),
    ] {
        let s: Vec<Series> = data
            .iter()
            .map(|(label, points)| Series {
                label,
                points,
                markers: false,
            })
            .collect();
        line_plot(&out.join(file), title, "t [s]", y, &s)?;
    }
    Ok(())
}
