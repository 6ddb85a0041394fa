//! The symbol pool: every symbol the derivation uses, registered once, up front, in one order.
//!
//! symbolica orders terms by symbol creation order, so the same model would print and compile
//! differently depending on what was derived before it in the same process. Models therefore
//! use generic, model-independent symbols (`mbc::q0`, `mbc::qd0`, …, `mbc::p0`, …) created in a
//! fixed order before anything else: the output depends on the model alone.

use crate::dsl::ast::Name;
use crate::error::DerivationError;
use std::sync::OnceLock;
use symbolica::atom::{Atom, Symbol};
use symbolica::symbol;

/// Largest number of coordinates (and, separately, parameters) a model may have.
const MAX_SYMBOLS: usize = 512;

/// The registered symbols.
pub struct Pool {
    /// Time.
    pub t: Symbol,
    /// Coordinates q_i.
    pub q: Vec<Symbol>,
    /// Velocities q̇_i.
    pub qd: Vec<Symbol>,
    /// Accelerations q̈_i.
    pub qdd: Vec<Symbol>,
    /// Jerks q⃛_i.
    pub qddd: Vec<Symbol>,
    /// Fourth derivatives q⁗_i.
    pub qdddd: Vec<Symbol>,
    /// Parameters p_k.
    pub p: Vec<Symbol>,
    /// Entries a_i of the vector a of the mass action M a (an input of its Jacobians).
    pub a: Vec<Symbol>,
    /// Parameter tangents ṗ_k: a derivative along ṗ = e_k is the derivative by p_k.
    pub dp: Vec<Symbol>,
    /// Bilateral multipliers λ_B,j (inputs of the residual of the equations of motion).
    pub lambda_b: Vec<Symbol>,
    /// Contact multipliers λ_N,j.
    pub lambda_n: Vec<Symbol>,
}

static POOL: OnceLock<Pool> = OnceLock::new();

/// The pool, registering it on first use (call it before any other symbolic work).
pub fn pool() -> &'static Pool {
    POOL.get_or_init(|| {
        let t = symbol!("mbc::t");
        let mk = |prefix: &str| -> Vec<Symbol> {
            (0..MAX_SYMBOLS)
                .map(|i| symbol!(format!("mbc::{prefix}{i}")))
                .collect()
        };
        let q = mk("q");
        let qd = mk("qd");
        let qdd = mk("qdd");
        let qddd = mk("qddd");
        let p = mk("p");
        // Created after the families above, each new family after the previous ones, so that
        // adding one leaves the order of the older ones (and so every older output) unchanged.
        let qdddd = mk("qdddd");
        let a = mk("a");
        let dp = mk("dp");
        let lambda_b = mk("lb");
        let lambda_n = mk("ln");
        // The wildcards of the rewriting rules, registered now: a symbol created later, between
        // two models' intermediates (`mbc::zK`, made in order as a derivation needs them), would
        // give those intermediates other identities depending on what was generated before in
        // the same process, and with them another (equivalent) order of the evaluator's work.
        let _ = symbol!("x_", "n_");
        Pool {
            t,
            q,
            qd,
            qdd,
            qddd,
            qdddd,
            p,
            a,
            dp,
            lambda_b,
            lambda_n,
        }
    })
}

/// Atoms of the first `n` symbols of a family.
pub(crate) fn vars(family: &[Symbol], n: usize) -> Vec<Atom> {
    family[..n].iter().map(|s| Atom::var(*s)).collect()
}

/// Error (located at the mechanism's `name`) unless the pool holds `counts`: the numbers of
/// coordinates, parameters, constraints and contacts.
pub(crate) fn check_capacity(name: &Name, counts: [usize; 4]) -> Result<(), DerivationError> {
    if counts.iter().any(|&n| n > MAX_SYMBOLS) {
        return Err(DerivationError::TooManySymbols {
            span: name.span,
            max: MAX_SYMBOLS,
        });
    }
    Ok(())
}
