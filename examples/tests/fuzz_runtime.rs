//! The runtime on inputs no test chose: a short fuzzing campaign of both integrators over
//! generated models of every kind (planar contact with restitution, planar and spatial Coulomb
//! friction, bilateral constraints with contacts, a spatial tree, velocity constraints, a
//! rheonomic model).
//!
//! Each case draws, from a seeded generator: parameter values (kept, slightly changed, zero,
//! negated, tiny, huge — and NaN or ±∞, which `set_parameter` must refuse with a typed error),
//! an initial state (around the origin or far from it: penetrating, violating constraints, with
//! huge velocities), and options (tolerances, step sizes, schemes). It then builds and runs the
//! event-driven integrator and the time-stepper for a short time; for models with bilateral or
//! velocity constraints half the starts are first projected onto them by the integrator's own
//! projection (which must not panic either). The property: no call panics;
//! every run ends (the events are bounded by `max_events`, the event-driven steps by
//! `max_steps`, the time steps by the horizon);
//! every state a run reports is finite — or the call returns an error. The counts of runs that
//! ended and of errors, per model, are printed (`--nocapture`). `MB_FUZZ_CASES` sets the number
//! of cases per model (default 24 in the test command); the long campaign runs it with 10⁵.

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::event_models::hinged_bar::HingedBar;
use mb_examples::friction_event_models::pushed_box::PushedBox;
use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mb_examples::rheonomic_models::telescopic_double_pendulum::TelescopicDoublePendulum;
use mb_examples::rolling_models::chaplygin_sleigh::ChaplyginSleigh;
use mb_examples::tree_models::tree_mix::TreeMix;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{all_finite, fuzz_cases, fuzz_model_parameters, fuzz_vector};
use mbruntime::Mechanism;
use mbruntime::event::{ActiveSet, EventDriven, EventOptions, KktSystem, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Simulated time per run [s].
const HORIZON: f64 = 0.05;

/// Per integrator: runs refused at construction, runs that reached the horizon, runs that
/// stopped with an error.
#[derive(Default)]
struct Outcomes {
    refused: usize,
    ended: usize,
    failed: usize,
}

impl Outcomes {
    fn count(&mut self, outcome: Result<bool, String>, what: &str, inputs: &str) {
        match outcome {
            Ok(true) => self.ended += 1,
            Ok(false) => self.refused += 1,
            Err(msg) if msg.starts_with("error: ") => self.failed += 1,
            Err(msg) => panic!("{what}: {msg}: {inputs}"),
        }
    }
}

impl std::fmt::Display for Outcomes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} refused, {} ended, {} typed errors",
            self.refused, self.ended, self.failed
        )
    }
}

/// One model's campaign: `fuzz_cases(24)` draws, each through both integrators.
fn campaign<M, const NQ: usize, const NB: usize, const NU: usize>(name: &str, seed: u64)
where
    M: Mechanism<NQ, NB, NU> + Default + Clone,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut event, mut stepping, mut refused_parameters) =
        (Outcomes::default(), Outcomes::default(), 0);
    for case in 0..fuzz_cases(24) {
        let mut model = M::default();
        refused_parameters += fuzz_model_parameters(&mut model, &mut rng);
        let (mut q0, mut u0) = (fuzz_vector::<NQ>(&mut rng), fuzz_vector::<NQ>(&mut rng));
        let options = EventOptions {
            rtol: [1e-3, 1e-6, 1e-10][rng.gen_range(0..3)],
            atol: [1e-6, 1e-9, 1e-12][rng.gen_range(0..3)],
            max_events: 200,
            max_steps: 20_000,
            ..EventOptions::default()
        };
        let h = [1e-2, 1e-3, 1e-4][rng.gen_range(0..3)];
        let scheme = if rng.gen_bool(0.5) {
            Scheme::MoreauMidpoint
        } else {
            Scheme::MoreauJean {
                theta: rng.gen_range(0.5..1.0),
            }
        };
        // Half the starts made consistent with the bilateral and velocity constraints first (by
        // the integrator's own projection; a start it cannot project stays as drawn).
        if NB > 0 && rng.gen_bool(0.5) {
            let (mut q, mut u) = (q0, u0);
            let mut kkt = KktSystem::<NQ, NB, NU>::new(options.column_tolerances());
            let projected = catch_unwind(AssertUnwindSafe(|| {
                kkt.project(&model, &ActiveSet::default(), 0.0, &mut q, &mut u, true)
            }))
            .unwrap_or_else(|_| panic!("projection panicked: {name} case {case}: q0 = {q0}"));
            if projected.is_ok() {
                (q0, u0) = (q, u);
            }
        }
        let inputs = format!("{name} case {case}: q0 = {q0}, u0 = {u0}, h = {h}");
        let ran = catch_unwind(AssertUnwindSafe(|| -> Result<bool, String> {
            let Ok(mut sim) = EventDriven::new(model.clone(), options, 0.0, q0, u0) else {
                return Ok(false);
            };
            let mut bad = None;
            let run = sim.run(HORIZON, |r| {
                if let Report::Step { q, u, .. } = r
                    && bad.is_none()
                {
                    bad = all_finite("q", q).and_then(|()| all_finite("u", u)).err();
                }
            });
            if let Some(b) = bad {
                return Err(b);
            }
            run.map(|()| true).map_err(|e| format!("error: {e}"))
        }));
        let ran = ran.unwrap_or_else(|_| panic!("event-driven integrator panicked: {inputs}"));
        event.count(ran, "event-driven", &inputs);
        let stepped = catch_unwind(AssertUnwindSafe(|| -> Result<bool, String> {
            let Ok(mut ts) =
                TimeStepper::new(model.clone(), scheme, Settings::default(), 0.0, q0, u0)
            else {
                return Ok(false);
            };
            let mut bad = None;
            let run = ts.run(h, HORIZON, |r| {
                if bad.is_none() {
                    bad = all_finite("q", &r.q)
                        .and_then(|()| all_finite("u", &r.u))
                        .err();
                }
            });
            if let Some(b) = bad {
                return Err(b);
            }
            run.map(|_| true).map_err(|e| format!("error: {e}"))
        }));
        let stepped = stepped.unwrap_or_else(|_| panic!("time-stepper panicked: {inputs}"));
        stepping.count(stepped, "time-stepping", &inputs);
    }
    println!(
        "{name:<26} event-driven: {event}; time-stepping: {stepping}; {refused_parameters} non-finite parameters refused"
    );
}

#[test]
fn both_integrators_end_or_fail_typed_on_random_inputs() {
    campaign::<BouncingBall, 1, 0, 1>("BouncingBall", 1);
    campaign::<Woodpecker, 3, 0, 3>("Woodpecker", 2);
    campaign::<HingedBar, 3, 2, 1>("HingedBar", 3);
    campaign::<PushedBox, 3, 0, 2>("PushedBox", 4);
    campaign::<PushedBlock, 3, 0, 1>("PushedBlock", 5);
    campaign::<TreeMix, 4, 1, 1>("TreeMix", 6);
    campaign::<ChaplyginSleigh, 3, 1, 0>("ChaplyginSleigh", 7);
    campaign::<TelescopicDoublePendulum, 2, 0, 0>("TelescopicDoublePendulum", 8);
}
