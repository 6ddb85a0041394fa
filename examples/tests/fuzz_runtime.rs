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
//! ended and of errors, per model, are printed (`--nocapture`; `MB_FUZZ_DEBUG=1` prints every
//! typed error with its inputs).
//!
//! A second campaign starts from admissible states only (mild parameters, starts near a
//! configuration with the contacts closed, projected onto the constraints) and checks the
//! invariants of the runs after every report (see `admissible_campaign`): no penetration beyond
//! the tolerance, no energy created by an impact.
//!
//! `MB_FUZZ_CASES` sets the number of cases per model (default 24 in the test command; the long
//! campaign of BENCHMARKS.md runs 125 000, 10⁶ per integrator), `MB_FUZZ_MODEL` restricts the
//! campaigns to one model (to replay a finding).

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::event_models::hinged_bar::HingedBar;
use mb_examples::friction_event_models::pushed_box::PushedBox;
use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mb_examples::rheonomic_models::telescopic_double_pendulum::TelescopicDoublePendulum;
use mb_examples::rolling_models::chaplygin_sleigh::ChaplyginSleigh;
use mb_examples::tree_models::tree_mix::TreeMix;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{all_finite, fuzz_cases, fuzz_model_parameters, fuzz_vector, on_constraints};
use mbruntime::event::{Event, EventDriven, EventError, EventKind, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Constraints, Dynamics, Matrix, Mechanism, Vector};
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

/// One case through the event-driven integrator from (q0, u0) to [`HORIZON`], `check` seeing
/// every report (its first complaint is a broken property): `Ok(false)` if the start is
/// refused, `Ok(true)` if the run ended, `Err("error: …")` for a typed error, `Err(complaint)`;
/// a panic of the integrator panics naming `inputs`.
fn event_driven_case<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    options: EventOptions,
    (q0, u0): (Vector<NQ>, Vector<NQ>),
    inputs: &str,
    mut check: impl FnMut(Report<'_, NQ, NB, NU>) -> Option<String>,
) -> Result<bool, String>
where
    M: Mechanism<NQ, NB, NU> + Clone,
{
    catch_unwind(AssertUnwindSafe(|| {
        let Ok(mut sim) = EventDriven::new(model.clone(), options, 0.0, q0, u0) else {
            return Ok(false);
        };
        let mut broken = None;
        let run = sim.run(HORIZON, |r| {
            if broken.is_none() {
                broken = check(r);
            }
        });
        match broken {
            Some(b) => Err(b),
            None => run.map(|()| true).map_err(|e| format!("error: {e}")),
        }
    }))
    .unwrap_or_else(|_| panic!("event-driven integrator panicked: {inputs}"))
}

/// One case through the time-stepper with steps `h` (see [`event_driven_case`]).
fn time_stepping_case<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    (scheme, settings, h): (Scheme, Settings, f64),
    (q0, u0): (Vector<NQ>, Vector<NQ>),
    inputs: &str,
    mut check: impl FnMut(&StepRecord<NQ, NB, NU>) -> Option<String>,
) -> Result<bool, String>
where
    M: Mechanism<NQ, NB, NU> + Clone,
{
    catch_unwind(AssertUnwindSafe(|| {
        let Ok(mut ts) = TimeStepper::new(model.clone(), scheme, settings, 0.0, q0, u0) else {
            return Ok(false);
        };
        let mut broken = None;
        let run = ts.run(h, HORIZON, |r| {
            if broken.is_none() {
                broken = check(r);
            }
        });
        match broken {
            Some(b) => Err(b),
            None => run.map(|_| true).map_err(|e| format!("error: {e}")),
        }
    }))
    .unwrap_or_else(|_| panic!("time-stepper panicked: {inputs}"))
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
            (q0, u0) = on_constraints(&model, q0, u0).unwrap_or((q0, u0));
        }
        let inputs = format!("{name} case {case}: q0 = {q0}, u0 = {u0}, h = {h}");
        let ran = event_driven_case(&model, options, (q0, u0), &inputs, |r| match r {
            Report::Step { q, u, .. } => all_finite("q", q).and_then(|()| all_finite("u", u)).err(),
            Report::Event(_) => None,
        });
        event.count(ran, "event-driven", &inputs);
        let stepping_options = (scheme, Settings::default(), h);
        let stepped = time_stepping_case(&model, stepping_options, (q0, u0), &inputs, |r| {
            all_finite("q", &r.q)
                .and_then(|()| all_finite("u", &r.u))
                .err()
        });
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

/// For an impact event: T(u⁻), T(u⁺) and the largest T(u⁺) that does not create energy
/// (see [`admissible_campaign`]), from the model's kinetic energy at the reported velocities.
fn impact_energies<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    options: &EventOptions,
    e: &Event<NQ, NB, NU>,
) -> Option<(f64, f64, f64)>
where
    M: Mechanism<NQ, NB, NU>,
{
    if !matches!(e.kind, EventKind::Impact | EventKind::Accumulation { .. }) {
        return None;
    }
    let pre = model.kinetic_energy(&e.q, &e.u_pre, e.t);
    let post = model.kinetic_energy(&e.q, &e.u_post, e.t);
    let work_at_rest = 0.5 * options.velocity_tolerance * e.impulse.abs().sum();
    Some((
        pre,
        post,
        (1.0 + options.impact_energy_gain) * pre + work_at_rest,
    ))
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
        (q, u) = on_constraints(&model, q, u).unwrap_or((q, u));
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
///   projection onto the active set, Lötstedt 1982); no reported impact creates kinetic energy,
///   T(u⁺) ≤ (1 + `impact_energy_gain`)·T(u⁻) + ½·`velocity_tolerance`·Σ|Λ_N| with T evaluated
///   here from the reported velocities (Lötstedt 1982, (3.11): Newton's law dissipates without
///   friction; with Coulomb friction it can create energy, and the run must then end with
///   `EventError::ImpactEnergyGain`, a typed error);
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
    if std::env::var("MB_FUZZ_MODEL").is_ok_and(|only| only != name) {
        return;
    }
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
        let parameters: Vec<f64> = (0..model.parameter_names().len())
            .map(|k| model.parameter(k).expect("a listed parameter"))
            .collect();
        let inputs = format!(
            "{name} case {case}: parameters {parameters:?}, q0 = {:?}, u0 = {:?}, h = {h}, rtol = {}, atol = {}",
            q0.as_slice(),
            u0.as_slice(),
            options.rtol,
            options.atol
        );
        let ran = event_driven_case(&model, options, (q0, u0), &inputs, |r| {
            let (t, q, energy) = match r {
                Report::Step { t, q, .. } => (t, q, None),
                Report::Event(e) => (e.t, &e.q, impact_energies(&model, &options, e)),
            };
            let depth = penetration(&model, q, t);
            deepest_event = deepest_event.min(depth);
            if depth < -options.gap_tolerance {
                return Some(format!(
                    "gap {depth:e} at t = {t} below -{:e}",
                    options.gap_tolerance
                ));
            }
            let (pre, post, bound) = energy?;
            (post > bound).then(|| {
                format!("an impact at t = {t} raised T from {pre:e} to {post:e} (bound {bound:e})")
            })
        });
        event.count(ran, "event-driven", &inputs);
        let settings = Settings {
            gap_projection_iterations: 3,
            ..Settings::default()
        };
        let stepping_options = (Scheme::MoreauJean { theta: 0.5 }, settings, h);
        let stepped = time_stepping_case(&model, stepping_options, (q0, u0), &inputs, |r| {
            let mut g = Vector::<NU>::zeros();
            model.gaps(&r.q, r.t, &mut g);
            let mut broken = None;
            for i in (0..NU).filter(|&i| r.impulses.active[i]) {
                deepest_step = deepest_step.min(g[i]);
                if broken.is_none() && g[i] < -settings.gap_projection_tolerance {
                    broken = Some(format!(
                        "closed contact {i} ends step {} with gap {:e}",
                        r.step, g[i]
                    ));
                }
            }
            broken
        });
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

/// Found by the long admissible campaign (seed 12, case 29 828): a woodpecker with its sleeve
/// and beak moved (l_S > l_M + l_G − r_O) whose beak impact (e_N = 0.596, μ = 0.297) at
/// t = 0.005394 s leaves the beak slipping backwards against the friction impulse at the cone's
/// edge: Newton's law with Coulomb friction (Glocker & Studer 2005, (6)–(12)) then raises T by
/// 5 % (Kane's example; Stronge 1991). It used to be reported as an ordinary impact. Now the run
/// stops there, typed, its state left before the impact; with `impact_energy_gain` = ∞ it goes
/// on, and the impact it reports obeys the law: γ_N⁺ = −e_N γ_N⁻, |Λ_T| = μΛ_N with Λ_T
/// opposite to γ_T⁺, and T⁺ − T⁻ = ½(Λ_N(γ_N⁺ + γ_N⁻) + Λ_T(γ_T⁺ + γ_T⁻)) > 0 (the work of the
/// impulses, Lötstedt 1982, (3.11)).
#[test]
fn an_impact_that_creates_energy_is_refused() {
    let parameters = [
        0.0026950756131015907,
        0.003470360351912864,
        0.005786347932599256,
        0.010281484388653488,
        0.015253165619403927,
        0.017282273655343183,
        0.023063607344304817,
        0.00024886994483505983,
        0.004836591712685925,
        5.3608753483725105e-9,
        6.792745124242587e-7,
        0.005115128157288053,
        8.116748509293403,
        0.5959935101796667,
        0.0,
        0.2965494264764318,
    ];
    let mut model = Woodpecker::default();
    for (k, &v) in parameters.iter().enumerate() {
        model.set_parameter(k, v).expect("a finite value");
    }
    let q0 = Vector::<3>::new(
        0.08708995954680998,
        0.08368669056620766,
        -0.029263454309777306,
    );
    let u0 = Vector::<3>::new(
        0.038519654722818736,
        -0.09130949654426682,
        0.05677586605717466,
    );
    let options = EventOptions {
        rtol: 1e-10,
        atol: 1e-12,
        ..EventOptions::default()
    };
    let mut sim = EventDriven::new(model, options, 0.0, q0, u0).expect("admissible");
    let refused = sim
        .run(HORIZON, |_| {})
        .expect_err("the impact creates energy");
    let EventError::ImpactEnergyGain {
        t,
        contact,
        pre,
        post,
        ..
    } = refused
    else {
        panic!("{refused}");
    };
    assert_eq!(contact, "beak");
    let message = refused.to_string();
    assert!(
        message.contains("contact `beak` (index 0)")
            && message.contains(&format!("kinetic energy from {pre:e} to {post:e}")),
        "{message}"
    );
    assert!(
        (t - 0.0053936).abs() < 1e-6 && post > 1.05 * pre,
        "{refused}"
    );
    assert!(sim.t() <= t, "the state is left before the impact");
    let accepting = EventOptions {
        impact_energy_gain: f64::INFINITY,
        ..options
    };
    let mut sim = EventDriven::new(model, accepting, 0.0, q0, u0).expect("admissible");
    let mut first = None;
    sim.run(HORIZON, |r| {
        if let Report::Event(e) = r
            && first.is_none()
        {
            first = Some(*e);
        }
    })
    .expect("every impact accepted");
    let e = first.expect("the beak impact");
    assert_eq!((e.kind, e.contact, e.t), (EventKind::Impact, 0, t));
    let (mut w_n, mut w_t, mut zero) = (
        Matrix::<3, 3>::zeros(),
        Matrix::<3, 3>::zeros(),
        Vector::<3>::zeros(),
    );
    model.gap_jacobian(&e.q, t, &mut w_n, &mut zero);
    model.slip_jacobian(&e.q, t, &mut w_t, &mut zero);
    let (gn_pre, gn_post) = (w_n.column(0).dot(&e.u_pre), w_n.column(0).dot(&e.u_post));
    let (gt_pre, gt_post) = (w_t.column(0).dot(&e.u_pre), w_t.column(0).dot(&e.u_post));
    let (e_n, mu) = (parameters[13], parameters[15]);
    let (l_n, l_t) = (e.impulse[0], e.tangential_impulse[0]);
    assert!(
        (gn_post + e_n * gn_pre).abs() < 1e-12 * gn_pre.abs(),
        "{gn_pre} {gn_post}"
    );
    assert!(
        (l_t.abs() - mu * l_n).abs() < 1e-12 * l_n && l_t * gt_post < 0.0,
        "{l_t} {gt_post}"
    );
    let work = 0.5 * (l_n * (gn_post + gn_pre) + l_t * (gt_post + gt_pre));
    let gain = e.kinetic_energy_post - e.kinetic_energy_pre;
    assert!(
        gain > 0.05 * pre && (work - gain).abs() < 1e-9 * pre,
        "{work} {gain}"
    );
}

/// Found by the bindings' long campaign (`test_event_driven_returns_or_raises`): a bouncing ball
/// run to t_end = ∞ came to rest and then stepped with sizes doubling until its time overflowed,
/// reporting t = ∞; a NaN horizon ended at once with nothing done. Both are refused now, typed,
/// before any step (the time-stepper refused them already).
#[test]
fn a_horizon_that_is_not_finite_is_refused() {
    let (q0, u0) = (Vector::<1>::new(0.0), Vector::<1>::new(1e-3));
    let mut sim = EventDriven::new(
        BouncingBall::default(),
        EventOptions::default(),
        0.0,
        q0,
        u0,
    )
    .expect("admissible");
    for t_end in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
        let mut reports = 0;
        let refused = sim.run(t_end, |_| reports += 1).expect_err("refused");
        assert!(
            matches!(refused, EventError::NonFiniteHorizon { t, .. } if t == 0.0),
            "{refused}"
        );
        assert!(
            refused.to_string().contains(&format!("t_end = {t_end}")),
            "{refused}"
        );
        assert_eq!((reports, sim.t()), (0, 0.0));
    }
    sim.run(0.05, |_| {}).expect("a finite horizon runs");
    assert_eq!(sim.t(), 0.05);
}
