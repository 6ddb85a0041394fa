//! A uniform ball launched sliding with spin about an arbitrary axis on a rough horizontal
//! plane, under the event-driven integrator with spatial Coulomb friction (contact `floor` of
//! [`RollingBall`], tangent plane (e_x, e_y)).
//!
//! Closed form (Routh 1905, "Dynamics of a System of Rigid Bodies", elementary part,
//! §§ 243–246, in the plane): with the contact point's slip s = (ẋ − r ω_y, ẏ + r ω_x) and the
//! friction force F = −μ m g ŝ, m v̇ = F and I ω̇ = (−r e_z) × F give ṡ = F (1/m + r²/I) =
//! −(7/2) μ g ŝ for I = 2/5 m r²: the slip keeps its direction ŝ₀ and its speed falls linearly,
//! slipping ends at t_s = 2‖s₀‖/(7 μ g), with v(t_s) = v₀ − (2/7) s₀ and
//! ω(t_s) = ω₀ + (5/(7r)) (s₀,y, −s₀,x, 0); ω_z never changes. The ball then rolls at that
//! velocity (no force acts: rolling on a horizontal plane needs no friction).
//!
//! Checked: the stop of the slip to 1e-10 s, the rolling velocity and spin to 1e-10, the
//! sliding-phase friction force (−μ m g ŝ₀, from the integrator's multipliers) and the
//! trajectory of the sliding phase against the closed form.

use mb_examples::friction3d_models::rolling_ball::RollingBall;
use mbruntime::Vector;
use mbruntime::event::{ContactMode, Event, EventDriven, EventKind, EventOptions, Report};

/// A reported step: (t, q, u).
type Sample = (f64, [f64; 6], [f64; 6]);

/// The closed-form state (position, velocity, spin) at time t ≤ t_s.
struct Launch {
    v0: [f64; 2],
    omega0: [f64; 3],
}

impl Launch {
    fn slip(&self, p: &RollingBall) -> [f64; 2] {
        [
            self.v0[0] - p.r * self.omega0[1],
            self.v0[1] + p.r * self.omega0[0],
        ]
    }

    fn slip_end(&self, p: &RollingBall) -> f64 {
        let s = self.slip(p);
        2.0 * s[0].hypot(s[1]) / (7.0 * p.mu * p.g)
    }

    /// (x, y, ẋ, ẏ, ω_x, ω_y, ω_z) at t ≤ t_s.
    fn sliding(&self, p: &RollingBall, t: f64) -> [f64; 7] {
        let s = self.slip(p);
        let n = s[0].hypot(s[1]);
        let d = [s[0] / n, s[1] / n];
        let a = p.mu * p.g;
        let inertia = 0.4 * p.m * p.r * p.r;
        let f = [-p.mu * p.m * p.g * d[0], -p.mu * p.m * p.g * d[1]];
        [
            self.v0[0] * t - 0.5 * a * d[0] * t * t,
            self.v0[1] * t - 0.5 * a * d[1] * t * t,
            self.v0[0] - a * d[0] * t,
            self.v0[1] - a * d[1] * t,
            self.omega0[0] + p.r * f[1] / inertia * t,
            self.omega0[1] - p.r * f[0] / inertia * t,
            self.omega0[2],
        ]
    }
}

fn run(p: RollingBall, launch: &Launch, t_end: f64) -> (Vec<Event<6, 0, 1>>, Vec<Sample>) {
    let q0 = Vector::<6>::new(0.0, 0.0, p.r, 0.0, 0.0, 0.0);
    let [vx, vy] = launch.v0;
    let [wx, wy, wz] = launch.omega0;
    let u0 = Vector::<6>::new(vx, vy, 0.0, wx, wy, wz);
    let mut sim =
        EventDriven::new(p, EventOptions::default(), 0.0, q0, u0).expect("starts sliding");
    let modes = sim.contact_modes();
    assert!(
        matches!(modes[0], ContactMode::SlidingPlane { .. }),
        "launched sliding: {modes:?}"
    );
    // The friction force of the sliding phase, −μ m g ŝ₀ (W_T1, W_T2 act on x and y with
    // coefficient 1), and the normal force m g.
    let s = launch.slip(&p);
    let n = s[0].hypot(s[1]);
    let weight = p.m * p.g;
    let (ln, lt1, lt2) = (
        sim.contact_multipliers()[0],
        sim.tangential_multipliers()[0],
        sim.second_tangential_multipliers()[0],
    );
    assert!((ln - weight).abs() <= 1e-12 * weight, "λ_N = {ln}");
    assert!(
        (lt1 + p.mu * weight * s[0] / n).abs() <= 1e-12 * weight,
        "λ_T1 = {lt1}"
    );
    assert!(
        (lt2 + p.mu * weight * s[1] / n).abs() <= 1e-12 * weight,
        "λ_T2 = {lt2}"
    );
    let mut events = Vec::new();
    let mut steps = Vec::new();
    sim.run(t_end, |r| match r {
        Report::Event(ev) => events.push(*ev),
        Report::Step { t, q, u, .. } => steps.push((
            t,
            std::array::from_fn(|i| q[i]),
            std::array::from_fn(|i| u[i]),
        )),
    })
    .expect("the ball slides, then rolls");
    (events, steps)
}

#[test]
fn a_ball_launched_with_spin_stops_slipping_at_the_closed_form_time_and_rolls() {
    let p = RollingBall::default();
    let launch = Launch {
        v0: [1.2, -0.4],
        omega0: [25.0, 40.0, 7.0],
    };
    let ts = launch.slip_end(&p);
    let (events, steps) = run(p, &launch, 2.0 * ts);
    let stop = events
        .iter()
        .find(|ev| ev.kind == EventKind::SlipStops)
        .expect("the slip stops");
    assert!((stop.t - ts).abs() <= 1e-10, "t_s = {} vs {ts}", stop.t);
    assert_eq!(stop.modes, [ContactMode::Sticking], "rolls after the stop");
    let expected = launch.sliding(&p, ts);
    let u = &stop.u_post;
    let got = [u[0], u[1], u[3], u[4], u[5]];
    let want = [
        expected[2],
        expected[3],
        expected[4],
        expected[5],
        expected[6],
    ];
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            (g - w).abs() <= 1e-10 * (1.0 + w.abs()),
            "component {k}: {g} vs {w}"
        );
    }
    let sliding_steps = steps.iter().filter(|s| s.0 < stop.t).count();
    assert!(
        sliding_steps >= 1 && steps.len() > sliding_steps,
        "steps in both phases"
    );
    for (t, q, u) in &steps {
        if *t <= stop.t {
            let e = launch.sliding(&p, *t);
            for (k, (g, w)) in [q[0], q[1], u[0], u[1], u[3], u[4], u[5]]
                .iter()
                .zip(e)
                .enumerate()
            {
                assert!(
                    (g - w).abs() <= 1e-9 * (1.0 + w.abs()),
                    "t = {t}, entry {k}: {g} vs {w}"
                );
            }
        } else {
            // Rolling: the velocity and spin of the stop, no slip.
            for k in [0, 1, 3, 4, 5] {
                assert!(
                    (u[k] - stop.u_post[k]).abs() <= 1e-10,
                    "t = {t}: u[{k}] = {}",
                    u[k]
                );
            }
        }
    }
}
