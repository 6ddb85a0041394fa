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
use mbruntime::event::{ActiveSet, EventDriven, EventKind, EventOptions, KktSystem, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Mechanism, Vector};
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
            Err(msg) if msg.starts_with("error: ") => {
                if std::env::var_os("MB_FUZZ_DEBUG").is_some() {
                    println!("{what}: {msg}: {inputs}");
                }
                self.failed += 1;
            }
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

/// The deepest penetration min(0, min_i g_N,i(q, t)) of a state (zero when every gap is open).
fn penetration<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    q: &Vector<NQ>,
    t: f64,
) -> f64
where
    M: Mechanism<NQ, NB, NU>,
{
    let mut g = Vector::<NU>::zeros();
    model.gaps(q, t, &mut g);
    g.iter().fold(0.0, |deepest: f64, &gi| deepest.min(gi))
}

/// Mild parameters (each kept or changed by up to ±20 %) and a start near `q_ref` (a
/// configuration with the contacts closed at the default parameters, so that draws close and
/// open them) with a moderate velocity, projected onto the bilateral and velocity constraints.
fn admissible_draw<M, const NQ: usize, const NB: usize, const NU: usize>(
    rng: &mut ChaCha8Rng,
    q_ref: [f64; NQ],
) -> (M, Vector<NQ>, Vector<NQ>)
where
    M: Mechanism<NQ, NB, NU> + Default,
{
    let mut model = M::default();
    for k in 0..model.parameter_names().len() {
        let value = model.parameter(k).expect("a listed parameter");
        let changed = value * (1.0 + rng.gen_range(-0.2..0.2));
        model.set_parameter(k, changed).expect("a finite value");
    }
    let q_scale = [0.0, 1e-3, 1e-2, 0.1][rng.gen_range(0..4)];
    let u_scale = [0.0, 0.1, 1.0, 3.0][rng.gen_range(0..4)];
    let mut q = Vector::<NQ>::from_fn(|i, _| q_ref[i] + q_scale * rng.gen_range(-1.0..1.0));
    let mut u = Vector::<NQ>::from_fn(|_, _| u_scale * rng.gen_range(-1.0..1.0));
    if NB > 0 {
        let mut kkt = KktSystem::<NQ, NB, NU>::new(EventOptions::default().column_tolerances());
        let _ = kkt.project(&model, &ActiveSet::default(), 0.0, &mut q, &mut u, true);
    }
    (model, q, u)
}

/// The invariants of runs from admissible starts (gaps open or closed without approaching
/// velocity, constraints satisfied — the integrators refuse other starts, typed; up to 16 draws
/// per case until the event-driven integrator accepts one): `fuzz_cases(24)` cases per model
/// through both integrators, checking after every report:
///
/// - event-driven: no gap below −`gap_tolerance` after a step or event (impacts are located on
///   the dense output and closed contacts held at g_N = 0 by the index-reduced dynamics and the
///   projection onto the active set, Lötstedt 1982); no impact creates kinetic energy,
///   T⁺ ≤ T⁻ (1 + 10⁻¹⁰) (Newton's law with restitution e ≤ 1 and Coulomb friction dissipates:
///   Glocker 2004, "Energetic consistency conditions for standard impacts", Multibody Syst.
///   Dyn. 32, Theorem 1; the 10⁻¹⁰ is round-off of the impact LCP);
/// - time-stepping with the gap projection on (3 iterations, `gap_projection_tolerance` 10⁻¹²):
///   every contact closed in the step ends with g_N ≥ −10⁻¹² (Acary 2013, Sect. 4.2).
fn admissible_campaign<M, const NQ: usize, const NB: usize, const NU: usize>(
    name: &str,
    seed: u64,
    q_ref: [f64; NQ],
) where
    M: Mechanism<NQ, NB, NU> + Default + Clone,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut event, mut stepping) = (Outcomes::default(), Outcomes::default());
    let (mut deepest_event, mut deepest_step) = (0.0_f64, 0.0_f64);
    for case in 0..fuzz_cases(24) {
        let (mut model, mut q0, mut u0) = admissible_draw::<M, NQ, NB, NU>(&mut rng, q_ref);
        for _ in 1..16 {
            let start = EventDriven::new(model.clone(), EventOptions::default(), 0.0, q0, u0);
            if start.is_ok() {
                break;
            }
            (model, q0, u0) = admissible_draw::<M, NQ, NB, NU>(&mut rng, q_ref);
        }
        let options = EventOptions {
            rtol: [1e-6, 1e-8, 1e-10][rng.gen_range(0..3)],
            atol: [1e-9, 1e-12][rng.gen_range(0..2)],
            max_events: 200,
            max_steps: 20_000,
            ..EventOptions::default()
        };
        let h = [1e-3, 1e-4][rng.gen_range(0..2)];
        let inputs = format!("{name} case {case}: q0 = {q0}, u0 = {u0}, h = {h}");
        let ran = catch_unwind(AssertUnwindSafe(|| -> Result<bool, String> {
            let Ok(mut sim) = EventDriven::new(model.clone(), options, 0.0, q0, u0) else {
                return Ok(false);
            };
            let mut broken = None;
            let run = sim.run(HORIZON, |r| {
                let (t, q, energy) = match r {
                    Report::Step { t, q, .. } => (t, q, None),
                    Report::Event(e) => {
                        let impact =
                            matches!(e.kind, EventKind::Impact | EventKind::Accumulation { .. });
                        (
                            e.t,
                            &e.q,
                            impact.then_some((e.kinetic_energy_pre, e.kinetic_energy_post)),
                        )
                    }
                };
                let depth = penetration(&model, q, t);
                deepest_event = deepest_event.min(depth);
                if broken.is_none() && depth < -options.gap_tolerance {
                    broken = Some(format!(
                        "gap {depth:e} at t = {t} below -{:e}",
                        options.gap_tolerance
                    ));
                }
                if let Some((pre, post)) = energy
                    && broken.is_none()
                    && post > pre * (1.0 + 1e-10)
                {
                    broken = Some(format!(
                        "an impact at t = {t} raised T from {pre:e} to {post:e}"
                    ));
                }
            });
            if let Some(b) = broken {
                return Err(b);
            }
            run.map(|()| true).map_err(|e| format!("error: {e}"))
        }));
        let ran = ran.unwrap_or_else(|_| panic!("event-driven integrator panicked: {inputs}"));
        event.count(ran, "event-driven", &inputs);
        let settings = Settings {
            gap_projection_iterations: 3,
            ..Settings::default()
        };
        let stepped = catch_unwind(AssertUnwindSafe(|| -> Result<bool, String> {
            let scheme = Scheme::MoreauJean { theta: 0.5 };
            let Ok(mut ts) = TimeStepper::new(model.clone(), scheme, settings, 0.0, q0, u0) else {
                return Ok(false);
            };
            let mut broken = None;
            let run = ts.run(h, HORIZON, |r| {
                let mut g = Vector::<NU>::zeros();
                model.gaps(&r.q, r.t, &mut g);
                for i in (0..NU).filter(|&i| r.impulses.active[i]) {
                    deepest_step = deepest_step.min(g[i]);
                    if broken.is_none() && g[i] < -settings.gap_projection_tolerance {
                        broken = Some(format!(
                            "closed contact {i} ends step {} with gap {:e}",
                            r.step, g[i]
                        ));
                    }
                }
            });
            if let Some(b) = broken {
                return Err(b);
            }
            run.map(|_| true).map_err(|e| format!("error: {e}"))
        }));
        let stepped = stepped.unwrap_or_else(|_| panic!("time-stepper panicked: {inputs}"));
        stepping.count(stepped, "time-stepping", &inputs);
    }
    println!(
        "{name:<26} admissible; event-driven: {event} (deepest gap {deepest_event:e}); time-stepping: {stepping} (deepest closed gap {deepest_step:e})"
    );
}

/// The starts are drawn around: the ball on the floor, the woodpecker upright (sleeve open), the
/// hinged bar's end on the floor (cos θ = d/(2l)), the box standing on both corners, the block
/// on the slope; the others at the origin (TreeMix's tip far above its floor, so its contact
/// stays open within the horizon).
#[test]
fn admissible_runs_keep_the_invariants() {
    admissible_campaign::<BouncingBall, 1, 0, 1>("BouncingBall", 11, [0.0]);
    admissible_campaign::<Woodpecker, 3, 0, 3>("Woodpecker", 12, [0.0; 3]);
    admissible_campaign::<HingedBar, 3, 2, 1>("HingedBar", 13, [0.3, -0.4, 0.8_f64.acos()]);
    admissible_campaign::<PushedBox, 3, 0, 2>("PushedBox", 14, [0.0, 0.1, 0.0]);
    admissible_campaign::<PushedBlock, 3, 0, 1>("PushedBlock", 15, [0.0; 3]);
    admissible_campaign::<TreeMix, 4, 1, 1>("TreeMix", 16, [0.0; 4]);
    admissible_campaign::<ChaplyginSleigh, 3, 1, 0>("ChaplyginSleigh", 17, [0.0; 3]);
    admissible_campaign::<TelescopicDoublePendulum, 2, 0, 0>(
        "TelescopicDoublePendulum",
        18,
        [0.0; 2],
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
