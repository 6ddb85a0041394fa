//! The contact scene of bench/import/compare_mujoco.sh (copied into the bench crate as
//! `examples/scene.rs`): the ball of `scene/ball.xml`, imported with `--contact-restitution 0`,
//! launched along y at v₀ without spin, stepped by Moreau–Jean (θ = ½) at the file's time step.
//!
//! stdout, one line per 10 steps: t, y, ẏ and the contact point's slip speed ‖(W_Tᵀu, W_T2ᵀu)‖
//! (the velocity of the ball's material point at its lowest point, from the generated slip
//! directions).

use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Matrix, Vector};
use models::mj_scene_ball::mj_scene_ball::MjSceneBall;

fn main() {
    let model = MjSceneBall::default();
    let (v0, dt, t_end, r) = (2.0, 1e-4, 0.5, 0.1);
    let mut q0 = Vector::<6>::zeros();
    q0[2] = r;
    let mut u0 = Vector::<6>::zeros();
    u0[1] = v0;
    let scheme = Scheme::MoreauJean { theta: 0.5 };
    let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0)
        .expect("a valid start");
    let mut k = 0u64;
    ts.run(dt, t_end, |s| {
        k += 1;
        if k % 10 != 0 {
            return;
        }
        let (mut w1, mut w2) = (Matrix::<6, 1>::zeros(), Matrix::<6, 1>::zeros());
        let (mut p1, mut p2) = (Vector::<1>::zeros(), Vector::<1>::zeros());
        model.slip_jacobian(&s.q, s.t, &mut w1, &mut p1);
        model.second_slip_jacobian(&s.q, s.t, &mut w2, &mut p2);
        let slip = (w1.transpose() * s.u)[0].hypot((w2.transpose() * s.u)[0]);
        println!("{:.6} {:.9e} {:.9e} {:.9e}", s.t, s.q[1], s.u[1], slip);
    })
    .expect("the run");
}
