//! Impact times of the bouncing ball under time-stepping against the closed form.
//!
//! Invariant (Newton's impact law, Glocker & Studer 2005, (11)–(12) with ε_N = e; closed form
//! of free fall between impacts): a ball dropped from h₀ with restitution e hits the floor at
//! t₁ = √(2h₀/g) and then at t_{k+1} = t_k + 2e^k v₁/g, v₁ = √(2gh₀). A time-stepping scheme
//! resolves each impact within one step, and the error of the rebound velocity shifts later
//! impacts by O(Δt) as well, so the k-th numerical impact (first step whose active set holds
//! the floor, time estimate its midpoint) must lie within (k + 1)·Δt of t_k — checked for
//! every impact whose flight time exceeds 100 Δt, for two step sizes and both schemes; the
//! error must also shrink with Δt (first order).

use mb_examples::bouncing_ball::BouncingBall;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};

fn impacts(scheme: Scheme, h: f64, t_end: f64) -> Vec<f64> {
    let mut ts = TimeStepper::new(
        BouncingBall::default(),
        scheme,
        Settings::default(),
        0.0,
        Vector::<1>::new(1.0),
        Vector::<1>::zeros(),
    )
    .unwrap();
    let mut out = Vec::new();
    let mut was = false;
    ts.run(h, t_end, |r| {
        if r.impulses.active[0] && !was && r.impulses.lambda_n[0] > 0.0 {
            out.push(r.t - 0.5 * r.h);
        }
        was = r.impulses.active[0];
    })
    .unwrap();
    out
}

#[test]
fn impact_times_match_closed_form() {
    let (g, e, h0) = (9.81_f64, 0.5_f64, 1.0_f64);
    let v1 = (2.0 * g * h0).sqrt();
    let mut exact = vec![(2.0 * h0 / g).sqrt()];
    for k in 1..20 {
        let last = *exact.last().unwrap();
        exact.push(last + 2.0 * e.powi(k) * v1 / g);
    }
    for scheme in [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }] {
        let mut max_err = Vec::new();
        for h in [1e-3, 1e-4] {
            let got = impacts(scheme, h, 1.5);
            let mut worst: f64 = 0.0;
            let mut checked = 0;
            for k in 0..exact.len() - 1 {
                if exact[k + 1] - exact[k] < 100.0 * h {
                    break;
                }
                let Some(&tk) = got.get(k) else {
                    panic!("{scheme:?} h = {h}: impact {k} missing")
                };
                let err = (tk - exact[k]).abs();
                assert!(
                    err <= (k as f64 + 1.0) * h,
                    "{scheme:?} h = {h}: impact {k}: {tk} vs {}",
                    exact[k]
                );
                worst = worst.max(err);
                checked += 1;
            }
            assert!(
                checked >= 3,
                "{scheme:?} h = {h}: only {checked} impacts checked"
            );
            max_err.push(worst);
        }
        assert!(
            max_err[1] < max_err[0] / 3.0,
            "{scheme:?}: error does not decrease: {max_err:?}"
        );
    }
}
