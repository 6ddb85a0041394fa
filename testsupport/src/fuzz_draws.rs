//! The draws of the runtime's fuzzing campaigns (`examples/tests/fuzz_*.rs`): the number of
//! cases, parameter values at the edges, states at every scale, and the finiteness check of what
//! a call returns.

use mbruntime::event::{ActiveSet, EventOptions, KktSystem};
use mbruntime::{Constraints, Dynamics, Vector};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Cases per model: `MB_FUZZ_CASES`, else `default` (the test command's short campaign).
pub fn fuzz_cases(default: usize) -> usize {
    std::env::var("MB_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A parameter value: mostly near the default, sometimes an edge (zero, negated, tiny, huge).
pub fn fuzz_parameter(rng: &mut ChaCha8Rng, default: f64) -> f64 {
    match rng.gen_range(0..10) {
        0 => 0.0,
        1 => -default,
        2 => 1e-12,
        3 => 1e12,
        4 => default * rng.gen_range(0.0..10.0),
        _ => default * (1.0 + rng.gen_range(-0.2..0.2)),
    }
}

/// Redraws `model`'s parameters: each, with probability 1/12, set to a non-finite value, which
/// must be refused with a message naming the parameter and the value (panics otherwise); with probability 3/12 set to a
/// [`fuzz_parameter`] draw, which must be accepted; else left at its value. Returns the number of
/// refused values.
pub fn fuzz_model_parameters<M: Dynamics<NQ>, const NQ: usize>(
    model: &mut M,
    rng: &mut ChaCha8Rng,
) -> usize {
    let mut refused = 0;
    for k in 0..model.parameter_names().len() {
        let value = model.parameter(k).expect("a listed parameter");
        let name = model.parameter_names()[k];
        match rng.gen_range(0..12) {
            0 => {
                let bad = fuzz_non_finite(rng);
                let Err(refusal) = model.set_parameter(k, bad) else {
                    panic!("{name} = {bad} accepted");
                };
                let message = refusal.to_string();
                assert!(
                    message.contains(name) && message.contains(&bad.to_string()),
                    "the refusal of {name} = {bad} does not name both: {message}"
                );
                refused += 1;
            }
            1..=3 => {
                let v = fuzz_parameter(rng, value);
                if let Err(e) = model.set_parameter(k, v) {
                    panic!("{name} = {v} (finite) refused: {e}");
                }
            }
            _ => {}
        }
    }
    refused
}

/// (q, u) moved onto the bilateral constraints and their velocity form by the event-driven
/// integrator's own projection (no contact closed); `None` where the projection fails, which it
/// reports typed. Panics, naming q and u, if the projection panics.
pub fn on_constraints<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    q: Vector<NQ>,
    u: Vector<NQ>,
) -> Option<(Vector<NQ>, Vector<NQ>)>
where
    M: Constraints<NQ, NB, NU>,
{
    let mut kkt = KktSystem::<NQ, NB, NU>::new(EventOptions::default().column_tolerances());
    let (mut q_on, mut u_on) = (q, u);
    let projected = catch_unwind(AssertUnwindSafe(|| {
        kkt.project(
            model,
            &ActiveSet::default(),
            0.0,
            &mut q_on,
            &mut u_on,
            true,
        )
    }))
    .unwrap_or_else(|_| panic!("projection panicked: q = {q}, u = {u}"));
    projected.ok().map(|_| (q_on, u_on))
}

/// A non-finite value: NaN, +∞ or −∞.
pub fn fuzz_non_finite(rng: &mut ChaCha8Rng) -> f64 {
    [f64::NAN, f64::INFINITY, f64::NEG_INFINITY][rng.gen_range(0..3)]
}

/// A vector at one of several scales around zero (0, 10⁻³, 0.3, 1, 30, 10⁶).
pub fn fuzz_vector<const N: usize>(rng: &mut ChaCha8Rng) -> Vector<N> {
    let scale = [0.0, 1e-3, 0.3, 1.0, 30.0, 1e6][rng.gen_range(0..6)];
    Vector::<N>::from_fn(|_, _| scale * rng.gen_range(-1.0..1.0))
}

/// Every value finite, or what is not (named `what`, with its values).
pub fn all_finite<'a>(
    what: &str,
    values: impl IntoIterator<Item = &'a f64> + std::fmt::Debug + Copy,
) -> Result<(), String> {
    if values.into_iter().all(|x| x.is_finite()) {
        Ok(())
    } else {
        Err(format!("{what} = {values:?} is not finite"))
    }
}
