//! The analysis tools and ensembles on inputs no test chose: the companion of `fuzz_runtime.rs`
//! for linearisation (and its eigen-analysis), equilibrium-path continuation and ensembles.
//!
//! Each case draws, from a seeded generator, parameter values (kept, perturbed, zero, negated,
//! tiny, huge), an operating point or start at scales 0 … 10⁶, and options at and beyond their
//! edges (tolerances zero, negative or NaN, steps zero, negative, NaN or huge, budgets of zero or
//! one, reversed or NaN parameter ranges, unknown parameter names and contact indices out of
//! range). The property: no call panics; every call ends (continuation within `max_steps`, at
//! most two points per step; each Newton solve within `max_newton`); what returns `Ok` is
//! finite throughout (A, B, the tangent and speed maps, accelerations and multipliers,
//! eigenvalues; every point of a path; every run of an ensemble) — or the call returns its typed
//! error; an ensemble's failed runs are typed, never a caught panic. The counts are printed (`--nocapture`). `MB_FUZZ_CASES` sets the
//! number of cases per model (default 200 in the test command: well under a second);
//! `MB_FUZZ_DEBUG=1` prints every typed error of the linearisation.

use mb_examples::analysis_models::bar_spring_stop::BarSpringStop;
use mb_examples::analysis_models::von_mises_truss_stop::VonMisesTrussStop;
use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::kinematic_models::four_bar::FourBar;
use mb_examples::linearisation_models::cart_pole::CartPole;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{
    all_finite, fuzz_cases, fuzz_model_parameters, fuzz_non_finite, fuzz_vector, on_constraints,
};
use mbruntime::analysis::{
    Linearisation, LinearisationOptions, OperatingPoint, ParameterInput, PathOptions,
    trace_equilibrium_path,
};
use mbruntime::ensemble::{Design, Ensemble, RunError};
use mbruntime::event::{EventDriven, EventOptions};
use mbruntime::{Constraints, Dynamics, Jacobians, Mechanism, Statics, Vector};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Outcomes of one tool over a campaign.
#[derive(Default)]
struct Outcomes {
    ok: usize,
    typed: usize,
}

impl std::fmt::Display for Outcomes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ok, {} typed errors", self.ok, self.typed)
    }
}

impl Outcomes {
    /// Counts `Ok(true)` (a finite result) and `Ok(false)` (a typed error); a non-finite
    /// result fails the test with the inputs.
    fn count(&mut self, outcome: Result<bool, String>, inputs: &str) {
        match outcome {
            Ok(true) => self.ok += 1,
            Ok(false) => self.typed += 1,
            Err(msg) => panic!("{msg}: {inputs}"),
        }
    }
}

/// The model with random parameter values (a non-finite one must be refused, typed).
fn drawn_model<M: Dynamics<NQ> + Default, const NQ: usize>(rng: &mut ChaCha8Rng) -> M {
    let mut model = M::default();
    fuzz_model_parameters(&mut model, rng);
    model
}

/// A tolerance or step: mostly sensible, in one draw of five zero, negative, NaN or huge.
fn edgy(rng: &mut ChaCha8Rng, sensible: f64) -> f64 {
    match rng.gen_range(0..20) {
        0 => 0.0,
        1 => -sensible,
        2 => f64::NAN,
        3 => 1e6 * sensible,
        _ => sensible,
    }
}

/// Linearisation about random operating points, with random closed contacts and inputs.
fn linearisation_campaign<M, const NQ: usize, const NB: usize, const NU: usize>(
    name: &str,
    seed: u64,
) where
    M: Jacobians<NQ, NB, NU> + Statics<NQ> + Default,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut linearised, mut eigen) = (Outcomes::default(), Outcomes::default());
    for case in 0..fuzz_cases(200) {
        let model: M = drawn_model(&mut rng);
        let mut q: Vector<NQ> = fuzz_vector(&mut rng);
        let mut qd = if rng.gen_bool(0.5) {
            Vector::zeros()
        } else {
            fuzz_vector(&mut rng)
        };
        if NB > 0 && rng.gen_bool(0.5) {
            // A start near the admissible set, moved onto it (velocity included).
            let clamp = |v: Vector<NQ>| v.map(|x| x.clamp(-1.0, 1.0));
            (q, qd) = on_constraints(&model, clamp(q), clamp(qd)).unwrap_or((q, qd));
        }
        let op = OperatingPoint {
            q,
            qd,
            t: rng.gen_range(-1.0..1.0),
        };
        // Contact indices, in one case of ten one out of range.
        let mut closed: Vec<usize> = (0..NU).filter(|_| rng.gen_bool(0.3)).collect();
        if rng.gen_bool(0.1) {
            closed.push(NU);
        }
        let mut names: Vec<&str> = model.parameter_names().to_vec();
        names.push("no_such_parameter");
        let count = [0, 0, 0, 1, 2][rng.gen_range(0..5)];
        let inputs: Vec<ParameterInput> = names
            .choose_multiple(&mut rng, count)
            .map(|n| ParameterInput::Name(n))
            .collect();
        let options = LinearisationOptions {
            closed_contacts: &closed,
            inputs: &inputs,
            constraint_tolerance: edgy(&mut rng, 1e-9),
            ..Default::default()
        };
        let inputs = format!(
            "{name} case {case}: q = {}, qd = {}, {closed:?}",
            op.q, op.qd
        );
        let result = catch_unwind(AssertUnwindSafe(|| {
            Linearisation::at(&model, &op, &options)
        }))
        .unwrap_or_else(|_| panic!("linearisation panicked: {inputs}"));
        let lin = match result {
            Ok(lin) => lin,
            Err(e) => {
                if std::env::var("MB_FUZZ_DEBUG").is_ok() {
                    eprintln!("{name}: {e}");
                }
                linearised.count(Ok(false), &inputs);
                continue;
            }
        };
        let finite = all_finite("A", &lin.a)
            .and_then(|()| all_finite("B", &lin.b))
            .and_then(|()| all_finite("N", &lin.tangent))
            .and_then(|()| all_finite("N_v", &lin.speed_map))
            .and_then(|()| all_finite("q̈*", &lin.acceleration))
            .and_then(|()| all_finite("λ*", &lin.multipliers));
        linearised.count(finite.map(|()| true), &inputs);
        let analysis = catch_unwind(AssertUnwindSafe(|| lin.eigen()))
            .unwrap_or_else(|_| panic!("eigen-analysis panicked: {inputs}"));
        let outcome = match analysis {
            Ok(e) => {
                let values = e.eigenvalues();
                let parts: Vec<f64> = values.iter().flat_map(|z| [z.re, z.im]).collect();
                all_finite("eigenvalues", &parts).map(|()| true)
            }
            Err(_) => Ok(false),
        };
        eigen.count(outcome, &inputs);
    }
    println!("{name:<22} linearisation: {linearised}; eigen-analysis: {eigen}");
}

/// Equilibrium paths from random starts, with random options.
fn path_campaign<M, const NQ: usize, const NB: usize, const NU: usize>(
    name: &str,
    seed: u64,
    load: usize,
    equilibrium: Vector<NQ>,
) where
    M: Constraints<NQ, NB, NU> + Statics<NQ> + Default,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut traced = Outcomes::default();
    let mut points = 0;
    for case in 0..fuzz_cases(200) {
        let mut model: M = drawn_model(&mut rng);
        let n_parameters = model.parameter_names().len();
        let low = rng.gen_range(-5.0..1.0);
        let options = PathOptions {
            parameter: if rng.gen_bool(0.8) {
                load
            } else {
                rng.gen_range(0..=n_parameters)
            },
            step: edgy(&mut rng, 0.05),
            min_step: edgy(&mut rng, 1e-9),
            max_steps: [0, 1, 50, 300, 300][rng.gen_range(0..5)],
            parameter_range: match rng.gen_range(0..10) {
                0 => (1.0, -1.0),
                1 => (f64::NAN, 1.0),
                _ => (low, low + rng.gen_range(0.0..6.0)),
            },
            coordinate_bound: edgy(&mut rng, 1e3),
            direction: [1.0, -1.0, 1.0, -1.0, 0.0, f64::NAN][rng.gen_range(0..6)],
            tolerance: edgy(&mut rng, 1e-12),
            max_newton: [0, 1, 30, 30][rng.gen_range(0..4)],
            time: 0.0,
        };
        let q0 = if rng.gen_bool(0.5) {
            equilibrium
        } else {
            fuzz_vector(&mut rng)
        };
        let inputs = format!("{name} case {case}: q0 = {q0}, {options:?}");
        let result = catch_unwind(AssertUnwindSafe(|| {
            trace_equilibrium_path(&mut model, &q0, &options)
        }))
        .unwrap_or_else(|_| panic!("path continuation panicked: {inputs}"));
        let outcome = match result {
            Ok(path) => {
                // At most two points per step and the start (the tracer's documentation,
                // "Allocation").
                assert!(
                    path.points.len() <= 2 * options.max_steps + 2,
                    "{} points past a budget of {} steps: {inputs}",
                    path.points.len(),
                    options.max_steps
                );
                points += path.points.len();
                path.points.iter().try_for_each(|p| {
                    all_finite("p", &[p.p, p.arc_length, p.tangent_p])
                        .and_then(|()| all_finite("q", &p.q))
                        .and_then(|()| all_finite("tangent", &p.tangent_q))
                        .and_then(|()| all_finite("λ (bilateral)", &p.bilateral_multipliers))
                        .and_then(|()| all_finite("λ (contacts)", &p.contact_multipliers))
                })
            }
            .map(|()| true),
            Err(_) => Ok(false),
        };
        traced.count(outcome, &inputs);
    }
    println!("{name:<22} equilibrium paths: {traced} ({points} points)");
}

/// Ensembles of short event-driven runs over random designs: random columns (parameters,
/// initial coordinates and velocities, unknown names), values at every scale and non-finite.
fn ensemble_campaign<M, const NQ: usize, const NB: usize, const NU: usize>(name: &str, seed: u64)
where
    M: Mechanism<NQ, NB, NU> + Default + Clone + Send + Sync,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut designs, mut runs, mut failed) = (Outcomes::default(), 0, 0);
    let model = M::default();
    let mut columns: Vec<String> = model
        .parameter_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    columns.extend(M::COORDINATES.iter().map(|c| format!("q0.{c}")));
    columns.extend(M::COORDINATES.iter().map(|c| format!("u0.{c}")));
    columns.push("no_such_column".into());
    for case in 0..fuzz_cases(200).div_ceil(4) {
        let count = rng.gen_range(1..4);
        let chosen: Vec<&str> = columns
            .choose_multiple(&mut rng, count)
            .map(String::as_str)
            .collect();
        let rows = rng.gen_range(0..6);
        let values: Vec<f64> = (0..rows * chosen.len())
            .map(|_| match rng.gen_range(0..8) {
                0 => fuzz_non_finite(&mut rng),
                _ => fuzz_vector::<1>(&mut rng)[0],
            })
            .collect();
        let inputs = format!("{name} case {case}: {chosen:?} = {values:?}");
        let Ok(design) = Design::samples(&chosen, values) else {
            designs.count(Ok(false), &inputs);
            continue;
        };
        let (mut q0, u0): (Vector<NQ>, Vector<NQ>) = (fuzz_vector(&mut rng), fuzz_vector(&mut rng));
        if rng.gen_bool(0.5) {
            q0 = q0.abs();
        }
        let options = EventOptions {
            max_events: 100,
            max_steps: 5_000,
            ..EventOptions::default()
        };
        let ensemble = Ensemble::new(model.clone(), q0, u0).threads(rng.gen_range(1..3));
        let outcome = ensemble.run(&design, |m| {
            let mut sim = EventDriven::new(m.model, options, 0.0, m.q0, m.u0)?;
            sim.run(0.02, |_| {})?;
            let (q, u) = (sim.q(), sim.u());
            let end: Vec<f64> = q.iter().chain(u.iter()).copied().collect();
            Ok::<_, mbruntime::event::EventError>(end)
        });
        let result = match outcome {
            Ok(outcome) => outcome
                .runs
                .iter()
                .try_for_each(|r| match r {
                    Ok(x) => {
                        runs += 1;
                        all_finite("final state", x)
                    }
                    Err(RunError::Panicked(message)) => Err(format!("a run panicked: {message}")),
                    Err(_) => {
                        failed += 1;
                        Ok(())
                    }
                })
                .map(|()| true),
            Err(_) => Ok(false),
        };
        designs.count(result, &inputs);
    }
    println!("{name:<22} ensembles: {designs} ({runs} runs ended, {failed} typed run errors)");
}

#[test]
fn linearisation_is_finite_or_fails_typed_on_random_inputs() {
    linearisation_campaign::<CartPole, 2, 0, 0>("CartPole", 11);
    linearisation_campaign::<FourBar, 3, 2, 0>("FourBar", 12);
    linearisation_campaign::<Woodpecker, 3, 0, 3>("Woodpecker", 13);
}

#[test]
fn equilibrium_paths_are_finite_or_fail_typed_on_random_inputs() {
    path_campaign::<BarSpringStop, 1, 0, 1>("BarSpringStop", 21, 2, Vector::<1>::new(0.0));
    let truss = VonMisesTrussStop::default();
    path_campaign::<VonMisesTrussStop, 2, 0, 1>(
        "VonMisesTrussStop",
        22,
        4,
        Vector::<2>::new(0.0, truss.h),
    );
}

#[test]
fn ensembles_end_or_fail_typed_on_random_designs() {
    ensemble_campaign::<BouncingBall, 1, 0, 1>("BouncingBall", 31);
    ensemble_campaign::<Woodpecker, 3, 0, 3>("Woodpecker", 32);
}
