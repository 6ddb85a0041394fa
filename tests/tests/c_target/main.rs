//! The C99 target against the Rust modules: the C of every example whose block asks for it
//! (`generate { targets: [rust, c] }`; `examples/src/generated/c/`, written by `mbcompile gen examples`)
//! compiles with `cc -std=c99 -Wall -Wextra -Werror -O2`, is as fresh as the Rust module (same
//! fingerprint), and every C function agrees with the Rust method it mirrors to 1e-14 relative per
//! entry at 1 000 random states. The examples written in C cover every kind of block (planar and
//! spatial contacts with friction, bilateral and velocity constraints, rheonomic, expanded,
//! structured and dynamics-only trees, the rolling bicycle) and every capability of the target.

#[path = "../every_example/mod.rs"]
#[macro_use]
mod every_example;

mod compare;
mod derivatives;
mod dynamics;
mod library;

use compare::{Comparison, State, states};
use every_example::{
    DYNAMICS_ONLY_EXAMPLES, RATELESS_EXAMPLES, RATES_ONLY_EXAMPLES, assert_every_block_listed,
};
use library::{
    CLibrary, all_compiled, c_directory, c_modules, declared_c_modules, end_marker, fingerprint,
    library,
};
use mbruntime::{Constraints, Dynamics, Jacobians, Mechanism, Statics};

/// Random states per model.
const STATES: usize = 1000;

/// The modules compared so far.
static COMPARED: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// The example's module (`mb_examples::…::pendulum::Pendulum` → `pendulum`).
fn module_of<M>() -> String {
    let path: Vec<&str> = std::any::type_name::<M>().split("::").collect();
    path[path.len() - 2].to_string()
}

/// The model's parameters in the block's order: the C parameter struct's layout (doubles
/// only), or one unused double for a model without parameters.
fn parameters<const N: usize>(model: &impl Dynamics<N>) -> Vec<f64> {
    let mut p: Vec<f64> = (0..model.parameter_names().len())
        .map(|k| model.parameter(k).expect("a parameter of the model"))
        .collect();
    if p.is_empty() {
        p.push(0.0);
    }
    p
}

/// The library, parameters, states and comparison of one model; `None` for a model whose block
/// does not ask for C.
fn setup<M: Dynamics<NQ>, const NQ: usize>(
    model: &M,
    seed: u64,
) -> Option<(&'static CLibrary, Vec<f64>, Vec<State<NQ>>, Comparison)> {
    let module = module_of::<M>();
    c_modules().contains(&module).then(|| {
        (
            library(&module),
            parameters(model),
            states(STATES, seed),
            Comparison::new(&module),
        )
    })
}

/// Prints what was compared and the largest difference, and records the module.
fn report(cmp: &Comparison) {
    println!(
        "{:<28} {:>9} entries, {:>7} not bitwise equal, largest relative difference {:.1e} ({}), {:.1} s",
        cmp.module,
        cmp.entries,
        cmp.differing,
        cmp.worst.0,
        cmp.worst.1,
        cmp.started.elapsed().as_secs_f64()
    );
    COMPARED
        .lock()
        .expect("no panic holds the lock")
        .push(cmp.module.clone());
}

/// A model with every capability.
fn every_function<M, const NQ: usize, const NB: usize, const NU: usize>(model: &M, seed: u64)
where
    M: Mechanism<NQ, NB, NU>,
{
    let Some((lib, p, states, mut cmp)) = setup(model, seed) else {
        return;
    };
    let np = model.parameter_names().len();
    dynamics::dynamics(lib, model, p.as_ptr(), &states, &mut cmp);
    dynamics::constraints(lib, model, p.as_ptr(), &states, &mut cmp);
    derivatives::statics(lib, model, (p.as_ptr(), np, NB, NU), &states, &mut cmp);
    derivatives::jacobians(lib, model, (p.as_ptr(), np), &states, &mut cmp);
    report(&cmp);
}

/// A model generated with `Dynamics` and `Constraints` only (or with `Rates` as well, which the
/// C target has not): the C has nothing more.
fn dynamics_only<M, const NQ: usize, const NB: usize, const NU: usize>(model: &M, seed: u64)
where
    M: Dynamics<NQ> + Constraints<NQ, NB, NU>,
{
    let Some((lib, p, states, mut cmp)) = setup(model, seed) else {
        return;
    };
    dynamics::dynamics(lib, model, p.as_ptr(), &states, &mut cmp);
    dynamics::constraints(lib, model, p.as_ptr(), &states, &mut cmp);
    // SAFETY: only the symbol's presence is asked.
    let statics = unsafe { lib.optional::<unsafe extern "C" fn()>("potential_hessian") };
    assert!(
        statics.is_none(),
        "{}: the C has Statics the Rust has not",
        cmp.module
    );
    report(&cmp);
}

/// A model generated without `Rates`.
fn rateless<M, const NQ: usize, const NB: usize, const NU: usize>(model: &M, seed: u64)
where
    M: Statics<NQ> + Jacobians<NQ, NB, NU>,
{
    let Some((lib, p, states, mut cmp)) = setup(model, seed) else {
        return;
    };
    let np = model.parameter_names().len();
    dynamics::dynamics(lib, model, p.as_ptr(), &states, &mut cmp);
    dynamics::constraints(lib, model, p.as_ptr(), &states, &mut cmp);
    derivatives::statics(lib, model, (p.as_ptr(), np, NB, NU), &states, &mut cmp);
    derivatives::jacobians(lib, model, (p.as_ptr(), np), &states, &mut cmp);
    report(&cmp);
}

/// Every example's C against its Rust module; the lists cover every block of the examples (those
/// without C are skipped).
#[test]
fn c_of_every_example_matches_rust() {
    let all = every_example!(every_function, 7000);
    // The C has no `Rates`: a rates-only model's C is its Dynamics and Constraints.
    let rates_only = every_rates_only_example!(dynamics_only, 7300);
    let dynamics_only = every_dynamics_only_example!(dynamics_only, 7100);
    let rateless = every_rateless_example!(rateless, 7200);
    let checks: Vec<fn()> = all
        .iter()
        .chain(&dynamics_only)
        .chain(&rateless)
        .chain(&rates_only)
        .copied()
        .collect();
    // Two at a time: the models are independent.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(check) =
                    checks.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    check();
                }
            });
        }
    });
    assert_eq!(dynamics_only.len(), DYNAMICS_ONLY_EXAMPLES);
    assert_eq!(rateless.len(), RATELESS_EXAMPLES);
    assert_eq!(rates_only.len(), RATES_ONLY_EXAMPLES);
    assert_every_block_listed(checks.len());
    all_compiled();
    let mut compared = COMPARED.lock().expect("no panic holds the lock").clone();
    compared.sort();
    assert_eq!(
        compared,
        c_modules(),
        "every example's C in examples/src/generated/c is compared"
    );
    assert_eq!(
        c_modules(),
        declared_c_modules(),
        "examples/src/generated/c holds the C of exactly the blocks that ask for it"
    );
}

/// The C of every example was generated from the same block as its Rust module, and every file
/// ends with its end marker (none was cut short).
#[test]
fn c_of_every_example_is_fresh() {
    let generated =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/src/generated");
    for module in c_modules() {
        let rust_path = generated.join(format!("{module}.rs"));
        let rust = fingerprint(&rust_path);
        assert_eq!(
            end_marker(&rust_path).as_deref(),
            Some(rust.as_str()),
            "{module}.rs is cut short"
        );
        for ext in ["h", "c"] {
            let path = c_directory().join(format!("{module}.{ext}"));
            let c = fingerprint(&path);
            assert_eq!(
                c, rust,
                "examples/src/generated/c/{module}.{ext} is stale: run `mbcompile gen examples`"
            );
            assert_eq!(
                end_marker(&path),
                Some(c),
                "examples/src/generated/c/{module}.{ext} is cut short"
            );
        }
    }
}
