//! Ensembles are deterministic and robust.
//!
//! Invariants (the contract of `mbruntime::ensemble`): (1) the outcome of a woodpecker grid
//! (Glocker & Studer 2005, Sect. 4, Table I) is bit-for-bit the same on 1 and 2 threads, cut into
//! chunks, and equal to a plain sequential loop written here without the ensemble; (2) a failed
//! run (a penetrating initial state, a panic) is reported with its design values and the other
//! runs complete; (3) a design that cannot run is refused before anything runs, with a message
//! naming the column; (4) the integrator inside a run allocates nothing per step.

use mb_examples::bouncing_ball::BouncingBall;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{CountingAllocator, allocations_during};
use mbruntime::ensemble::{
    Crossing, CycleSummary, Design, Ensemble, EnsembleError, Member, RunError, Section,
    SectionObserver,
};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Dynamics, Vector};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const Q0: [f64; 3] = [0.0, -0.1036, -0.2788];
const U0: [f64; 3] = [-0.3411, 0.0, -7.4583];
const SECTION: Section = Section {
    coordinate: 2,
    level: -0.2788,
    direction: Crossing::Down,
};

fn woodpecker_run(
    model: Woodpecker,
    q0: Vector<3>,
    u0: Vector<3>,
) -> Result<(CycleSummary<3>, usize), TimeSteppingError> {
    let mut ts = TimeStepper::new(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )?;
    let mut observer = SectionObserver::new(SECTION, 1);
    let (allocations, steps) = allocations_during(|| ts.run(1e-4, 0.6, |r| observer.observe(r)));
    steps?;
    Ok((observer.finish(), allocations))
}

fn member_run(m: Member<'_, Woodpecker, 3>) -> Result<(CycleSummary<3>, usize), TimeSteppingError> {
    woodpecker_run(m.model, m.q0, m.u0)
}

fn bits(s: &CycleSummary<3>) -> Vec<u64> {
    let mut out = vec![s.crossings as u64, s.cycles as u64];
    out.extend(s.period.map(f64::to_bits));
    out.extend(
        s.period_range
            .iter()
            .flat_map(|(a, b)| [a.to_bits(), b.to_bits()]),
    );
    out.extend(
        s.mean_rates
            .iter()
            .flat_map(|r| r.iter().map(|x| x.to_bits())),
    );
    out
}

#[test]
fn woodpecker_grid_is_bitwise_independent_of_threads_and_chunks() {
    let mus = [0.3, 0.4, 0.5];
    let stiffnesses = [0.0045, 0.0056, 0.007];
    let design = Design::grid(&[("mu", &mus), ("c_phi", &stiffnesses)]).unwrap();
    let ensemble = Ensemble::new(Woodpecker::default(), Q0.into(), U0.into());
    let digest = |runs: &[Result<(CycleSummary<3>, usize), RunError<TimeSteppingError>>]| {
        runs.iter()
            .map(|r| {
                let (s, allocations) = r.as_ref().unwrap();
                assert_eq!(*allocations, 0, "steps allocated inside an ensemble run");
                bits(s)
            })
            .collect::<Vec<_>>()
    };
    let one = ensemble
        .clone()
        .threads(1)
        .run(&design, member_run)
        .unwrap();
    let two = ensemble
        .clone()
        .threads(2)
        .run(&design, member_run)
        .unwrap();
    let mut chunked = Vec::new();
    for range in [0..4, 4..5, 5..9] {
        let chunk = design.rows(range).unwrap();
        chunked.extend(ensemble.run(&chunk, member_run).unwrap().runs);
    }
    // The same runs without the ensemble: parameters set through the public fields.
    let sequential: Vec<_> = (0..design.len())
        .map(|i| {
            let (mu, c_phi) = (mus[i / 3], stiffnesses[i % 3]);
            let model = Woodpecker {
                mu,
                c_phi,
                ..Woodpecker::default()
            };
            woodpecker_run(model, Q0.into(), U0.into()).map_err(RunError::Failed)
        })
        .collect();
    let reference = digest(&sequential);
    assert_eq!(digest(&one.runs), reference);
    assert_eq!(digest(&two.runs), reference);
    assert_eq!(digest(&chunked), reference);
    // The runs differ from one another (the design took effect) and have whole cycles.
    let periods: Vec<f64> = sequential
        .iter()
        .map(|r| r.as_ref().unwrap().0.period.unwrap())
        .collect();
    assert!(periods.windows(2).any(|w| w[0] != w[1]));
    assert!(periods.iter().all(|&p| p > 0.05 && p < 0.2), "{periods:?}");
}

#[test]
fn failed_runs_are_reported_with_their_values_and_the_rest_complete() {
    let design = Design::samples(
        &["q0.y", "e"],
        vec![1.0, 0.5, -0.5, 0.5, 2.0, 0.8, 1.5, 0.9],
    )
    .unwrap();
    let ensemble = Ensemble::new(
        BouncingBall::default(),
        Vector::<1>::zeros(),
        Vector::<1>::zeros(),
    );
    let outcome = ensemble
        .run(&design, |m| {
            assert!(m.index != 3, "run three refuses to run");
            let e = m.model.e;
            let mut ts = TimeStepper::new(
                m.model,
                Scheme::MoreauMidpoint,
                Settings::default(),
                0.0,
                m.q0,
                m.u0,
            )?;
            ts.run(1e-4, 0.1, |_| {})?;
            Ok::<_, TimeSteppingError>((e, ts.q()[0]))
        })
        .unwrap();
    assert_eq!(outcome.successes(), 2);
    // Free fall for 0.1 s from y₀, with the run's own restitution set.
    for i in [0, 2] {
        let (e, y) = *outcome.runs[i].as_ref().unwrap();
        assert_eq!(e, design.row(i)[1]);
        let exact = design.row(i)[0] - 0.5 * 9.81 * 0.1f64.powi(2);
        assert!((y - exact).abs() < 1e-12, "run {i}: {y} vs {exact}");
    }
    let failures: Vec<String> = outcome.failures().map(|f| f.to_string()).collect();
    assert_eq!(failures.len(), 2);
    assert!(
        failures[0]
            .starts_with("run 1 (q0.y = -0.5, e = 0.5): initial state penetrates contact `floor`"),
        "{}",
        failures[0]
    );
    assert_eq!(
        failures[1],
        "run 3 (q0.y = 1.5, e = 0.9): the run panicked: run three refuses to run"
    );
}

#[test]
fn designs_that_cannot_run_are_refused_before_any_run() {
    let ensemble = Ensemble::new(
        BouncingBall::default(),
        Vector::<1>::zeros(),
        Vector::<1>::zeros(),
    );
    let never = |_: Member<'_, BouncingBall, 1>| -> Result<(), ()> { panic!("must not run") };
    let unknown = Design::grid(&[("restitution", &[0.5])]).unwrap();
    let message = ensemble.run(&unknown, never).unwrap_err().to_string();
    assert_eq!(
        message,
        "column `restitution` is neither a parameter of BouncingBall (m, g, e) nor an \
         initial-state entry `q0.<coordinate>` / `u0.<coordinate>` with a coordinate of y"
    );
    assert!(matches!(
        ensemble.run(&Design::grid(&[("q0.x", &[0.5])]).unwrap(), never),
        Err(EnsembleError::UnknownColumn { .. })
    ));
    assert_eq!(
        Design::grid(&[("e", &[0.5, f64::NAN])])
            .unwrap_err()
            .to_string(),
        "design value of `e` in run 1 must be finite, got NaN"
    );
    assert_eq!(
        Design::samples(&["e", "m"], vec![0.5, 1.0, 0.2]).unwrap_err(),
        EnsembleError::RaggedSamples {
            values: 3,
            columns: 2
        }
    );
    assert_eq!(
        Design::grid(&[("e", &[0.5]), ("e", &[0.1])]).unwrap_err(),
        EnsembleError::DuplicateColumn { name: "e".into() }
    );
    assert!(matches!(
        Design::grid(&[("e", &[])]),
        Err(EnsembleError::EmptyAxis { .. })
    ));
    let design = Design::grid(&[("e", &[0.5, 0.6])]).unwrap();
    assert!(matches!(
        design.rows(1..3),
        Err(EnsembleError::RowsOutOfRange { len: 2, .. })
    ));
    let nan_start = Ensemble::new(
        BouncingBall::default(),
        Vector::<1>::new(f64::NAN),
        Vector::<1>::zeros(),
    );
    assert_eq!(
        nan_start.run(&design, never).unwrap_err().to_string(),
        "initial q0[0] of the ensemble must be finite, got NaN"
    );
    assert_eq!(BouncingBall::default().parameter_names(), ["m", "g", "e"]);
}
