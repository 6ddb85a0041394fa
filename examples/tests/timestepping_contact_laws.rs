//! The discrete impact-contact laws hold at every step of the woodpecker.
//!
//! Invariant (Glocker & Studer 2005, (11)–(12) as imposed by (17) and the LCP (27), (33)): for
//! every contact i in the active set H of a step,
//! Λ_Ni ≥ 0, ξ_Ni ≥ 0, Λ_Ni ξ_Ni = 0 (Upr), |Λ_Ti| ≤ μ Λ_Ni, and ξ_Ti > 0 ⇒ Λ_Ti = −μΛ_Ni,
//! ξ_Ti < 0 ⇒ Λ_Ti = +μΛ_Ni (Sgn), with ξ = γ^E + ε γ^A. Checked to 1e-10 relative to the step's
//! impulse scale max(‖Λ‖_∞, (m_M + m_S) g Δt) and velocity scale ‖γ‖_∞. The ξ are recomputed here from the model's own
//! Jacobians at the recorded evaluation point and the recorded u^A, u^E (not taken from the
//! integrator), and the impulses are checked against the momentum balance (19),
//! M(u^E − u^A) − hΔt − W_N Λ_N − W_T Λ_T = 0 — an independent route from the LCP unknowns
//! back to the velocities. Both schemes, 0.6 s from Table I (four cycles, every phase); the
//! LCPs are solved both by the warm start from the previous step's basis and by Lemke's method,
//! and both paths are checked.

use mb_examples::woodpecker::Woodpecker;
use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Constraints, Dynamics, Matrix, Vector};

const TOL: f64 = 1e-10;

fn check_step(model: &Woodpecker, scheme: Scheme, r: &StepRecord<3, 0, 3>, worst: &mut [f64; 3]) {
    let laws = model.contact_laws();
    let dt = r.h;
    let t_eval = match scheme {
        Scheme::MoreauMidpoint => r.t - 0.5 * dt,
        Scheme::MoreauJean { .. } => r.t - dt,
    };
    let (mut w_n, mut w_t) = (Matrix::<3, 3>::zeros(), Matrix::<3, 3>::zeros());
    let (mut wh_n, mut wh_t) = (Vector::<3>::zeros(), Vector::<3>::zeros());
    model.gap_jacobian(&r.q_eval, t_eval, &mut w_n, &mut wh_n);
    model.slip_jacobian(&r.q_eval, t_eval, &mut w_t, &mut wh_t);
    let gn_a = w_n.transpose() * r.u_start + wh_n;
    let gt_a = w_t.transpose() * r.u_start + wh_t;
    let gn_e = w_n.transpose() * r.u + wh_n;
    let gt_e = w_t.transpose() * r.u + wh_t;
    // Impulse scale: the largest impulse of the step, at least the weight impulse (m_M + m_S) g Δt.
    let weight = (model.m_M + model.m_S) * model.g * dt;
    let lam_scale = r
        .impulses
        .lambda_n
        .amax()
        .max(r.impulses.lambda_t.amax())
        .max(weight);
    let xi_scale = gn_a
        .amax()
        .max(gt_a.amax())
        .max(gn_e.amax())
        .max(gt_e.amax())
        .max(1e-300);

    for i in 0..3 {
        if !r.impulses.active[i] {
            assert_eq!(
                (r.impulses.lambda_n[i], r.impulses.lambda_t[i]),
                (0.0, 0.0),
                "impulse on an open contact"
            );
            continue;
        }
        let (mu, e_n, e_t) = (
            laws[i].friction,
            laws[i].normal_restitution,
            laws[i].tangential_restitution,
        );
        let (ln, lt) = (
            r.impulses.lambda_n[i] / lam_scale,
            r.impulses.lambda_t[i] / lam_scale,
        );
        let xn = (gn_e[i] + e_n * gn_a[i]) / xi_scale;
        let xt = (gt_e[i] + e_t * gt_a[i]) / xi_scale;
        assert!(
            (xn - r.impulses.xi_n[i] / xi_scale).abs() <= TOL
                && (xt - r.impulses.xi_t[i] / xi_scale).abs() <= TOL
        );
        let upr = (-ln).max(-xn).max(ln.min(xn).max(0.0));
        let cone = (lt.abs() - mu * ln).max(0.0);
        let sgn = if xt > TOL {
            (lt + mu * ln).abs()
        } else if xt < -TOL {
            (lt - mu * ln).abs()
        } else {
            0.0
        };
        worst[0] = worst[0].max(upr);
        worst[1] = worst[1].max(cone);
        worst[2] = worst[2].max(sgn);
        assert!(
            upr <= TOL && cone <= TOL && sgn <= TOL,
            "step {} t = {}: contact {i}: Λ_N {ln:e} ξ_N {xn:e} Λ_T {lt:e} ξ_T {xt:e} (scales {lam_scale:e}, {xi_scale:e})",
            r.step,
            r.t
        );
    }

    // Momentum balance (19) with M, h at the evaluation point.
    if let Scheme::MoreauMidpoint = scheme {
        let (mut m, mut h) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
        model.dynamics(&r.q_eval, &r.u_start, t_eval, &mut m, &mut h);
        let lhs = m * (r.u - r.u_start);
        let rhs = h * dt + w_n * r.impulses.lambda_n + w_t * r.impulses.lambda_t;
        let scale = lhs
            .amax()
            .max((h * dt).amax())
            .max((w_n * r.impulses.lambda_n).amax());
        assert!(
            (lhs - rhs).amax() <= TOL * scale,
            "momentum balance violated at step {}",
            r.step
        );
    }
}

#[test]
fn impact_contact_laws_hold_at_every_step() {
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let model = Woodpecker::default();
        let q0 = Vector::<3>::new(0.0, -0.1036, -0.2788);
        let u0 = Vector::<3>::new(-0.3411, 0.0, -7.4583);
        let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut worst = [0.0; 3];
        let mut steps_with_contact = [0usize; 3];
        let mut sliding = 0usize;
        // LCP steps solved by the warm start from the previous basis / by Lemke.
        let (mut warm, mut lemke) = (0usize, 0usize);
        ts.run(1e-5, 0.6, |r| {
            check_step(&model, scheme, r, &mut worst);
            if r.impulses.lcp_size > 0 {
                // A warm start replaces Lemke's pivoting entirely.
                assert!(
                    !r.impulses.warm_started || r.impulses.lcp_pivots == 0,
                    "step {}",
                    r.step
                );
                warm += usize::from(r.impulses.warm_started);
                lemke += usize::from(!r.impulses.warm_started);
            }
            for (i, n) in steps_with_contact.iter_mut().enumerate() {
                *n += usize::from(r.impulses.active[i]);
                sliding += usize::from(
                    r.impulses.active[i]
                        && r.impulses.xi_t[i].abs() > 1e-6
                        && r.impulses.lambda_n[i] > 0.0,
                );
            }
        })
        .unwrap();
        // The check was not vacuous: every contact closed, and sliding occurred.
        assert!(
            steps_with_contact.iter().all(|&n| n > 0),
            "{steps_with_contact:?}"
        );
        assert!(sliding > 0);
        // Both LCP paths were checked: warm-started steps (the common case once a contact
        // pattern persists) and Lemke solves (pattern changes, rejected guesses).
        assert!(warm > lemke && lemke > 0, "warm {warm}, Lemke {lemke}");
        println!(
            "{scheme:?}: worst Upr {:.1e}, cone {:.1e}, Sgn {:.1e}; steps in H {steps_with_contact:?}; LCPs warm-started {warm}, by Lemke {lemke}",
            worst[0], worst[1], worst[2]
        );
    }
}
