//! A uniform ball on a floor with spatial Coulomb friction and Newton restitution, through the
//! cone complementarity problem of the time-stepping integrators.
//!
//! Invariants: (1) a ball of radius R launched sliding with speed v₀ and no spin, friction μ,
//! slips while the friction force −μ m g ŝ decelerates the centre and spins the ball up; the
//! contact point's velocity falls at (1 + m R²/I) μ g = 7/2 μ g, so slipping ends at
//! t_s = 2 v₀/(7 μ g), after which the ball rolls at 5 v₀/7 along the launch direction (the
//! angular momentum about the contact point, m R v + I ω, is conserved because the contact
//! force passes through that point; Routh 1905, "Dynamics of a System of Rigid Bodies",
//! elementary part, §§ 243–246). In the time-stepping schemes each step's impulse also passes
//! through the contact point, so the discrete velocities conserve m R v + I ω exactly and the
//! rolling speed is 5 v₀/7 up to the solver's certificate; the end of slipping falls within one
//! step of t_s. (2) A ball dropped from height h₀ on a floor with restitution ε_N rebounds with
//! ε_N times its impact speed and rises to ε_N² h₀ (Newton's impact law, Glocker & Studer 2005,
//! (11)–(12)); in the schemes the impact is detected up to one step late, so the rebound height
//! is within O(Δt) of ε_N² h₀: the impact position is off by at most v_imp Δt and the impact
//! velocity used by at most g Δt, which changes the height by at most ε_N² v_imp Δt, so the
//! tolerance is (1 + ε_N²) v_imp Δt plus the O(Δt²) of the flight.

use mb_testsupport::models::{Ball, G};
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const SCHEMES: [Scheme; 3] = [
    Scheme::MoreauMidpoint,
    Scheme::MoreauJean { theta: 0.5 },
    Scheme::MoreauJean { theta: 1.0 },
];

fn ball(mu: f64, e_n: f64) -> Ball {
    Ball {
        m: 0.17,
        radius: 0.0286,
        mu,
        e_n,
    }
}

#[test]
fn sliding_ball_starts_rolling_at_two_sevenths_and_keeps_five_sevenths_of_its_speed() {
    let (mu, v0, dt) = (0.2, 1.5, 1e-4);
    let model = ball(mu, 0.0);
    let t_s = 2.0 * v0 / (7.0 * mu * G);
    let dir = Vector::<3>::new(30f64.to_radians().cos(), 30f64.to_radians().sin(), 0.0);
    for scheme in SCHEMES {
        let mut q0 = Vector::<6>::zeros();
        q0[2] = model.radius - 1e-9; // 1 nm inside (see the incline tests)
        let mut u0 = Vector::<6>::zeros();
        u0.fixed_rows_mut::<3>(0).copy_from(&(dir * v0));
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut roll_start = None;
        ts.run(dt, 2.0 * t_s, |r| {
            assert_eq!(r.impulses.cone_size, 3);
            let v = r.u.fixed_rows::<3>(0).into_owned();
            let w = r.u.fixed_rows::<3>(3).into_owned();
            let slip =
                Vector::<3>::new(v[0] - model.radius * w[1], v[1] + model.radius * w[0], v[2]);
            // m R v + I ω about the contact point, in the launch plane.
            let l =
                model.m * model.radius * v + model.inertia() * Vector::<3>::new(w[1], -w[0], 0.0);
            let l0 = model.m * model.radius * v0;
            assert!((l - dir * l0).amax() <= 1e-12 * l0, "t = {}: {l:?}", r.t);
            if roll_start.is_none() && slip.norm() <= 1e-12 * v0 {
                roll_start = Some(r.t);
            }
            if let Some(t0) = roll_start {
                assert!(
                    slip.norm() <= 1e-12 * v0,
                    "rolls after {t0}: slip {slip:?} at {}",
                    r.t
                );
                assert!(
                    (v - dir * (5.0 * v0 / 7.0)).amax() <= 1e-12 * v0,
                    "{scheme:?}, t = {}: v = {v:?}, expected 5/7 v₀ = {}",
                    r.t,
                    5.0 * v0 / 7.0
                );
                if r.t > t0 {
                    // Rolling on: gravity has no tangential component, so no friction acts.
                    let friction = r.impulses.lambda_t[0].abs() + r.impulses.lambda_t2[0].abs();
                    assert!(
                        friction <= 1e-12 * r.impulses.lambda_n[0],
                        "t = {}: {friction:e}",
                        r.t
                    );
                }
            } else {
                // Slipping along the launch direction: the slip velocity keeps its direction.
                assert!((slip - dir * slip.norm()).amax() <= 1e-12 * v0, "{slip:?}");
            }
        })
        .unwrap();
        let t = roll_start.expect("the ball starts rolling");
        assert!(
            t >= t_s - 1e-9 && t <= t_s + dt + 1e-9,
            "{scheme:?}: rolling from {t}, expected t_s = {t_s}"
        );
    }
}

#[test]
fn dropped_ball_rebounds_to_restitution_squared_times_its_height() {
    let (h0, e_n, dt) = (0.5, 0.6, 1e-4);
    let model = ball(0.3, e_n);
    let v_imp = (2.0 * G * h0).sqrt();
    let t_imp = v_imp / G;
    for scheme in SCHEMES {
        let mut q0 = Vector::<6>::zeros();
        q0[2] = model.radius + h0;
        let mut ts =
            TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, Vector::zeros()).unwrap();
        let (mut impacts, mut apex, mut closed_before) = (0, f64::NEG_INFINITY, false);
        let mut cone_steps = 0;
        // Up to the apex of the rebound and half-way down (landing again at ≈ t_imp(1 + 2ε)).
        ts.run(dt, t_imp * (1.0 + 1.5 * e_n), |r| {
            if r.impulses.active[0] && !closed_before {
                impacts += 1;
            }
            closed_before = r.impulses.active[0];
            cone_steps += usize::from(r.impulses.cone_size == 3);
            // Falling straight down: no tangential velocity, so no friction impulse.
            assert!(
                r.impulses.lambda_t[0].abs() + r.impulses.lambda_t2[0].abs() <= 1e-15,
                "{r:?}"
            );
            if impacts == 1 && !r.impulses.active[0] {
                apex = apex.max(r.q[2] - model.radius);
            }
        })
        .unwrap();
        assert_eq!(impacts, 1, "{scheme:?}: one impact");
        assert!(cone_steps >= 1, "the impact went through the cone problem");
        let tol = (1.0 + e_n * e_n) * v_imp * dt + G * dt * dt;
        assert!(
            (apex - e_n * e_n * h0).abs() <= tol,
            "{scheme:?}: apex {apex} vs ε² h₀ = {} (tolerance {tol:e})",
            e_n * e_n * h0
        );
    }
}
