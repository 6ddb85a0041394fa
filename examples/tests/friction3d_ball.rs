//! The generated `RollingBall` (a uniform ball on the plane z = 0, spatial Coulomb friction)
//! launched sliding without spin, under the time-stepping integrators.
//!
//! Invariant (Routh 1905, "Dynamics of a System of Rigid Bodies", elementary part,
//! §§ 243–246): a ball of radius r, mass m and I = 2/5 m r², launched with speed v₀ and no
//! spin on a floor with friction μ, slips while the friction force −μ m g ŝ decelerates the
//! centre and spins the ball up; the contact point's velocity falls at (1 + m r²/I) μ g =
//! 7/2 μ g, so slipping ends at t_s = 2 v₀/(7 μ g), after which the ball rolls at 5 v₀/7 along
//! the launch direction (the angular momentum about the contact point, m r v + I ω, is
//! conserved because the contact force passes through that point). In the time-stepping
//! schemes each step's impulse also passes through the contact point, so the discrete
//! velocities conserve m r v + I ω exactly and the rolling speed is 5 v₀/7 up to the cone
//! solver's certificate (10⁻¹² relative); slipping ends at the first step end at or after t_s,
//! within one step of it. The ball starts 10⁻⁹ inside the floor (within the penetration
//! tolerance) so that the contact never opens.

use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

const SCHEMES: [Scheme; 3] = [
    Scheme::MoreauMidpoint,
    Scheme::MoreauJean { theta: 0.5 },
    Scheme::MoreauJean { theta: 1.0 },
];

#[test]
fn sliding_ball_starts_rolling_at_two_sevenths_and_keeps_five_sevenths_of_its_speed() {
    let model = RollingBall::default();
    let (m, r, mu, g) = (model.m, model.r, model.mu, model.g);
    let inertia = 0.4 * m * r * r;
    let (v0, dt) = (1.5, 1e-4);
    let t_s = 2.0 * v0 / (7.0 * mu * g);
    let dir = Vector::<3>::new(30f64.to_radians().cos(), 30f64.to_radians().sin(), 0.0);
    for scheme in SCHEMES {
        let mut q0 = Vector::<6>::zeros();
        q0[2] = r - 1e-9;
        let mut u0 = Vector::<6>::zeros();
        u0.fixed_rows_mut::<3>(0).copy_from(&(dir * v0));
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut roll_start = None;
        ts.run(dt, 2.0 * t_s, |s| {
            assert_eq!(s.impulses.cone_size, 3, "the contact stays closed: {s:?}");
            let v = s.u.fixed_rows::<3>(0).into_owned();
            let w = s.u.fixed_rows::<3>(3).into_owned();
            // The contact point's velocity v + ω × (−r e_z), written out.
            let slip = Vector::<3>::new(v[0] - r * w[1], v[1] + r * w[0], v[2]);
            // m r v + I ω about the contact point, in the launch plane.
            let l = m * r * v + inertia * Vector::<3>::new(w[1], -w[0], 0.0);
            let l0 = m * r * v0;
            assert!((l - dir * l0).amax() <= 1e-12 * l0, "t = {}: {l:?}", s.t);
            if roll_start.is_none() && slip.norm() <= 1e-12 * v0 {
                roll_start = Some(s.t);
            }
            if let Some(t0) = roll_start {
                assert!(
                    slip.norm() <= 1e-12 * v0,
                    "rolls after {t0}: slip {slip:?} at {}",
                    s.t
                );
                assert!(
                    (v - dir * (5.0 * v0 / 7.0)).amax() <= 1e-12 * v0,
                    "{scheme:?}, t = {}: v = {v:?}, expected 5/7 v₀ = {}",
                    s.t,
                    5.0 * v0 / 7.0
                );
                if s.t > t0 {
                    // Rolling on: gravity has no tangential component, so no friction acts.
                    let friction = s.impulses.lambda_t[0].abs() + s.impulses.lambda_t2[0].abs();
                    assert!(
                        friction <= 1e-12 * s.impulses.lambda_n[0],
                        "t = {}: {friction:e}",
                        s.t
                    );
                }
            } else {
                // Slipping along the launch direction: the slip velocity keeps its direction
                // and falls at 7/2 μ g.
                assert!((slip - dir * slip.norm()).amax() <= 1e-12 * v0, "{slip:?}");
                let expected = v0 - 3.5 * mu * g * s.t;
                assert!(
                    (slip.norm() - expected).abs() <= 1e-12 * v0,
                    "{scheme:?}, t = {}: slip speed {} vs {expected}",
                    s.t,
                    slip.norm()
                );
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
