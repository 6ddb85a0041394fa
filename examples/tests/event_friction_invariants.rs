//! Coulomb's law holds at every reported state of the event-driven integrator with friction,
//! for random ramps, pushes and boxes (property test).
//!
//! Invariants (Coulomb's law at acceleration level; Glocker & Studer 2005, (24)–(27)), checked
//! every 10 ms and at every event of `RampBlock` (random α, μ, f0, ω) and `PushedBox` (random
//! μ, push rate c):
//! * a sticking contact's friction lies in the cone: |λ_T| ≤ μλ_N — for the box, whose two
//!   corners have parallel tangents, the group's total: |Σλ_T| ≤ Σμλ_N;
//! * a sliding contact's friction is on the cone boundary against the slip: λ_T = −μσλ_N, with
//!   σγ_T ≥ 0;
//! * closed contacts push (λ_N ≥ 0) and nothing penetrates (g_N ≥ −10⁻⁹).

use mb_examples::friction_event_models::{pushed_box::PushedBox, ramp_block::RampBlock};
use mbruntime::event::ContactMode;
use mbruntime::event::{EventDriven, EventOptions};
use mbruntime::{Rates, Vector};
use proptest::prelude::*;

/// Checks the invariants at the integrator's current state; `Err` describes the first breach.
fn check<M, const NQ: usize, const NU: usize>(
    sim: &EventDriven<M, NQ, 0, NU>,
    group_total: bool,
) -> Result<(), String>
where
    M: Rates<NQ, 0, NU>,
{
    let (t, q, u) = (sim.t(), sim.q(), sim.u());
    let model = sim.model();
    let laws = model.contact_laws();
    let (ln, lt) = (sim.contact_multipliers(), sim.tangential_multipliers());
    let mut gaps = Vector::<NU>::zeros();
    model.gaps(q, t, &mut gaps);
    let mut w_t = mbruntime::Matrix::<NQ, NU>::zeros();
    let mut tp = Vector::<NU>::zeros();
    model.slip_jacobian(q, t, &mut w_t, &mut tp);
    let slip = w_t.tr_mul(u) + tp;
    let (mut capacity, mut total) = (0.0, 0.0);
    for (i, mode) in sim.contact_modes().iter().enumerate() {
        let mu = laws[i].friction;
        let scale = 1e-9 * (1.0 + ln[i].abs());
        if gaps[i] < -1e-9 {
            return Err(format!(
                "t = {t}: contact {i} penetrates, g_N = {}",
                gaps[i]
            ));
        }
        match *mode {
            ContactMode::Sticking => {
                capacity += mu * ln[i];
                total += lt[i];
                if !group_total && lt[i].abs() > mu * ln[i] + scale {
                    return Err(format!(
                        "t = {t}: |λ_T| = {} > μλ_N = {}",
                        lt[i].abs(),
                        mu * ln[i]
                    ));
                }
            }
            ContactMode::Sliding { sigma } => {
                if (lt[i] + mu * sigma * ln[i]).abs() > scale {
                    return Err(format!("t = {t}: sliding λ_T = {} ≠ −μσλ_N", lt[i]));
                }
                if sigma * slip[i] < -1e-9 {
                    return Err(format!(
                        "t = {t}: slides against σ = {sigma}: γ_T = {}",
                        slip[i]
                    ));
                }
            }
            _ => {}
        }
        if *mode != ContactMode::Open && ln[i] < -scale {
            return Err(format!("t = {t}: contact {i} pulls, λ_N = {}", ln[i]));
        }
    }
    if group_total && total.abs() > capacity + 1e-9 * (1.0 + capacity) {
        return Err(format!(
            "t = {t}: group friction {total} beyond Σμλ_N = {capacity}"
        ));
    }
    Ok(())
}

/// Runs to `t_end` in steps of 10 ms, checking the invariants after each; returns how many
/// checked states had a sticking and a sliding contact.
fn run_checked<M, const NQ: usize, const NU: usize>(
    sim: &mut EventDriven<M, NQ, 0, NU>,
    t_end: f64,
    group_total: bool,
) -> Result<(usize, usize), String>
where
    M: Rates<NQ, 0, NU>,
{
    check(sim, group_total)?;
    let (mut sticking, mut sliding) = (0, 0);
    let mut t = 0.0;
    while t < t_end {
        t += 0.01;
        sim.run(t, |_| {})
            .map_err(|e| format!("integration failed: {e}"))?;
        check(sim, group_total)?;
        let modes = sim.contact_modes();
        sticking += usize::from(modes.contains(&ContactMode::Sticking));
        sliding += usize::from(
            modes
                .iter()
                .any(|m| matches!(m, ContactMode::Sliding { .. })),
        );
    }
    Ok((sticking, sliding))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn coulombs_law_holds_on_a_pushed_ramp(
        alpha in 0.0..0.4_f64,
        mu in 0.05..1.0_f64,
        f0 in 0.0..15.0_f64,
        omega in 1.0..6.0_f64,
    ) {
        let p = RampBlock { alpha, mu, f0, omega, ..RampBlock::default() };
        let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, Vector::<2>::zeros(), Vector::<2>::zeros()).unwrap();
        let outcome = run_checked(&mut sim, 3.0, false);
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }

    #[test]
    fn coulombs_law_holds_for_the_group_of_a_pushed_box(
        mu in 0.1..0.8_f64,
        c in 6.0..20.0_f64,
    ) {
        let p = PushedBox { mu, c, ..PushedBox::default() };
        let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, Vector::<3>::new(0.0, p.b, 0.0), Vector::<3>::zeros()).unwrap();
        // c ≥ 6: the stick ends at μ m g / c ≤ 1.31 s, within the run.
        let outcome = run_checked(&mut sim, 1.5, true);
        prop_assert!(matches!(outcome, Ok((st, sl)) if st > 0 && sl > 0), "{:?}", outcome);
    }
}

#[test]
fn a_slip_that_reverses_within_a_sample_is_seen() {
    // Found by the property test: μ just above tan α, the block starts to slide down with a
    // tiny deceleration and the push reverses it within the first sample interval of a step.
    let p = RampBlock {
        alpha: 0.21563255707127654,
        mu: 0.21901452217287307,
        f0: 7.6842184598911984,
        omega: 1.0,
        ..RampBlock::default()
    };
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<2>::zeros(),
        Vector::<2>::zeros(),
    )
    .unwrap();
    let outcome = run_checked(&mut sim, 3.0, false);
    assert!(outcome.is_ok(), "{outcome:?}");
}
