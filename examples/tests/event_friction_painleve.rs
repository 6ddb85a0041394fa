//! Painlevé's rod in the event-driven integrator with Coulomb friction.
//!
//! A uniform rod (mass m, half length l, J = m l²/3) whose lower end slides on a rough floor
//! (`PainleveRod`: gap y − l sin θ, slip x − l cos θ, so γ_T = ẋ + l sin θ θ̇). Sliding with slip
//! sign σ, the normal force solves a λ_N + b = 0 with (Newton–Euler by hand, Génot & Brogliato
//! 1999, "New results on Painlevé paradoxes", Eur. J. Mech. A 18, (3)–(5))
//!
//! ```text
//! a(θ) = (1 + 3cos²θ + 3μσ sinθ cosθ)/m,   b = −g + l sinθ θ̇²,
//! ```
//!
//! so for σ = −1 the sliding problem loses its solution where μ reaches
//! μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ) (minimum 4/3 at tan θ = 2). Checked here:
//!
//! * starting to slide with σ = −1 at an angle where μ > μ*(θ): the start is refused with the
//!   typed error naming the contact, μ and the bound μ*(θ₀) of the closed form;
//! * the refusal starts exactly at the critical angles θ₁ < θ₂ where μ*(θ) = μ (roots of the
//!   closed form, found here by bisection): accepted at θ₁ − 10⁻⁶ and θ₂ + 10⁻⁶, refused at
//!   θ₁ + 10⁻⁶ and θ₂ − 10⁻⁶;
//! * a rod sliding with σ = −1 towards θ₁ keeps a(θ) > 0 in every sliding step and lifts off
//!   before θ₁, where its normal force vanishes: b = 0, i.e. l sinθ θ̇² = g;
//! * below the bound everywhere (μ < 4/3) the same motion runs through, and in every sliding
//!   step the integrator's normal and friction forces equal −b/a and −μσλ_N of the closed form;
//! * μ < 0 is refused.

use mb_examples::analysis_models::painleve_rod::PainleveRod;
use mb_examples::stick_slip_reference::painleve::{
    critical_angle, free_normal_acceleration, painleve_bound, sliding_delassus,
};
use mbruntime::event::{ContactMode, FrictionModeError};
use mbruntime::event::{EventDriven, EventError, EventKind, EventOptions, Report};
use mbruntime::{ContactLawError, Vector};

const G: f64 = 9.81;

/// The rod at angle θ₀, lower end `height` above the floor, moving with ẋ = v₀.
fn dropped(mu: f64, theta0: f64, height: f64, v0: f64) -> (PainleveRod, Vector<3>, Vector<3>) {
    let model = PainleveRod {
        mu,
        ..PainleveRod::default()
    };
    let q0 = Vector::<3>::new(0.0, model.l * theta0.sin() + height, theta0);
    (model, q0, Vector::<3>::new(v0, 0.0, 0.0))
}

#[test]
fn starting_to_slide_above_the_bound_is_refused_with_the_closed_form_bound() {
    for (theta0, mu) in [(0.9, 2.0), (1.2, 1.5), (1.0, 1.4)] {
        let bound = painleve_bound(theta0);
        assert!(mu > bound, "the case must lie above the bound");
        let (model, q0, u0) = dropped(mu, theta0, 0.0, -3.0);
        let err = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0)
            .err()
            .expect("above μ*(θ₀)");
        let culprit = match &err {
            EventError::FrictionModes {
                source:
                    FrictionModeError::Inconsistent { culprit, .. }
                    | FrictionModeError::NonUnique { culprit, .. },
                ..
            } => culprit.as_deref().copied().expect("the culprit is named"),
            other => panic!("θ₀ = {theta0}: expected a Painlevé error, got {other:?}"),
        };
        assert_eq!(
            (culprit.contact, culprit.friction, culprit.sigma),
            ("tip", mu, -1.0)
        );
        let computed = culprit.bound.expect("bound");
        assert!(
            (computed - bound).abs() <= 1e-10 * bound,
            "θ₀ = {theta0}: bound {computed} vs closed form {bound}"
        );
        let message = err.to_string();
        assert!(
            message.contains("`tip`") && message.contains("μ* = "),
            "{message}"
        );
        // Just below the bound the same start is accepted, sliding with σ = −1.
        let (model, q0, u0) = dropped(0.99 * bound, theta0, 0.0, -3.0);
        let sim =
            EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).expect("below μ*(θ₀)");
        assert_eq!(sim.contact_modes(), [ContactMode::Sliding { sigma: -1.0 }]);
    }
}

#[test]
fn the_start_is_refused_exactly_beyond_the_critical_angles() {
    // μ*(θ) falls to 4/3 at tan θ = 2 and rises again: μ = 1.45 exceeds it on (θ₁, θ₂).
    let mu = 1.45;
    let theta_min = 2.0_f64.atan();
    let lower = critical_angle(mu, 0.3, theta_min);
    let upper = critical_angle(mu, 1.5, theta_min);
    assert!(lower < theta_min && theta_min < upper);
    for (theta0, refused) in [
        (lower - 1e-6, false),
        (lower + 1e-6, true),
        (upper - 1e-6, true),
        (upper + 1e-6, false),
    ] {
        let (model, q0, u0) = dropped(mu, theta0, 0.0, -3.0);
        match EventDriven::new(model, EventOptions::default(), 0.0, q0, u0) {
            Ok(sim) => {
                assert!(
                    !refused,
                    "θ₀ = {theta0} inside ({lower}, {upper}) was accepted"
                );
                assert_eq!(sim.contact_modes(), [ContactMode::Sliding { sigma: -1.0 }]);
            }
            Err(EventError::FrictionModes { .. }) => {
                assert!(
                    refused,
                    "θ₀ = {theta0} outside ({lower}, {upper}) was refused"
                )
            }
            Err(other) => panic!("unexpected {other:?}"),
        }
    }
}

#[test]
fn a_rod_sliding_towards_the_critical_angle_lifts_off_before_it() {
    // Sliding with σ = −1 from θ₀ = 0.7 with μ = 1.45, θ grows towards θ₁ where a(θ) = 0. A
    // sliding phase cannot cross a = 0 with b < 0 (λ_N = −b/a would blow up; Génot & Brogliato
    // 1999): here the normal force vanishes first, at b = 0, i.e. l sinθ θ̇² = g.
    let mu = 1.45;
    let theta_c = critical_angle(mu, 0.3, 2.0_f64.atan());
    let (model, q0, u0) = dropped(mu, 0.7, 0.0, -10.0);
    let mut sim =
        EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).expect("below μ*(θ₀)");
    let mut lift_off = None;
    let mut smallest_a = f64::INFINITY;
    for k in 1..=3000 {
        sim.run(k as f64 * 1e-4, |r| {
            if let Report::Event(ev) = r
                && ev.kind == EventKind::MultiplierZero
                && !ev.closed[0]
                && lift_off.is_none()
            {
                lift_off = Some((ev.q, ev.u_post));
            }
        })
        .expect("no Painlevé error: the rod lifts off before the critical angle");
        if let [ContactMode::Sliding { sigma }] = sim.contact_modes() {
            let theta = sim.q()[2];
            smallest_a = smallest_a.min(sliding_delassus(&model, theta, sigma));
        }
    }
    let (q, u) = lift_off.expect("the rod lifts off");
    assert!(
        smallest_a > 0.0,
        "a sliding step with a(θ) = {smallest_a} ≤ 0"
    );
    assert!(
        q[2] < theta_c,
        "lift-off at θ = {} beyond θ₁ = {theta_c}",
        q[2]
    );
    let b = free_normal_acceleration(&model, q[2], u[2]);
    assert!(b.abs() < 1e-6 * G, "lift-off where b = {b:e} ≠ 0");
}

#[test]
fn below_the_bound_the_sliding_forces_follow_the_closed_form() {
    let mu = 1.3;
    let (model, q0, u0) = dropped(mu, 0.8, 0.01, -10.0);
    let mut sim =
        EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).expect("start in flight");
    let (mut checked, mut worst) = (0, 0.0_f64);
    // Every millisecond (μ = 1.3 < 4/3: well posed at every angle, so the run goes through).
    for k in 1..=1000 {
        sim.run(k as f64 * 1e-3, |_| {})
            .expect("μ below every Painlevé bound");
        if let [ContactMode::Sliding { sigma }] = sim.contact_modes() {
            let (q, u) = (sim.q(), sim.u());
            let a = sliding_delassus(&model, q[2], sigma);
            let lambda_n = -free_normal_acceleration(&model, q[2], u[2]) / a;
            let (ln, lt) = (
                sim.contact_multipliers()[0],
                sim.tangential_multipliers()[0],
            );
            worst = worst
                .max((ln - lambda_n).abs() / lambda_n.abs())
                .max((lt + mu * sigma * lambda_n).abs() / lambda_n.abs());
            checked += 1;
        }
    }
    assert!(checked > 100, "sliding samples {checked}");
    assert!(worst < 1e-9, "relative force error {worst:e}");
}

#[test]
fn negative_friction_is_refused() {
    let (model, q0, u0) = dropped(-0.2, 0.8, 0.01, 0.0);
    let err = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0)
        .err()
        .expect("μ < 0");
    assert!(
        matches!(
            err,
            EventError::ContactLaw(ContactLawError::OutOfRange {
                contact: "tip",
                parameter: "μ",
                ..
            })
        ),
        "{err:?}"
    );
}
