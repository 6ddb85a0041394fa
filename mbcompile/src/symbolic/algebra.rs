//! Small symbolic operations the derivation stages share: normal forms of derived entries,
//! gradients and Hessians in q, the total time derivative and the drift.

// Index loops mirror the index notation of the formulas (H_ij).
#![allow(clippy::needless_range_loop)]

use super::program::Program;
use super::rate::Rates;
use super::symbols::pool;
use symbolica::atom::{Atom, AtomCore, Symbol};
use symbolica::{parse, symbol};

/// A row-major matrix of atoms.
pub type AtomMatrix = Vec<Vec<Atom>>;

/// The atom 0.
pub fn zero() -> Atom {
    Atom::num(0)
}

/// sin(x)^n → sin(x)^(n-2) (1 − cos(x)^2) for n ≥ 2, then expand: lets sin² + cos² cancel.
pub fn trig_reduce(e: &Atom) -> Atom {
    let n = symbol!("n_");
    e.replace(parse!("sin(x_)^n_"))
        .when(n.filter(|v| i64::try_from(v).is_ok_and(|k| k >= 2)))
        .repeat()
        .with(parse!("sin(x_)^(n_-2)*(1-cos(x_)^2)"))
        .expand()
}

/// Compact form of one derived entry: expanded, then factored (keeps chain models near O(n²)).
/// An entry over intermediates of the structured route is only expanded: its factors are the
/// intermediates.
pub fn compact(prog: &Program, e: &Atom) -> Atom {
    let x = e.expand();
    if x.is_zero() || prog.mentions_intermediates(&x) {
        x
    } else {
        x.factor()
    }
}

/// ∂f/∂x, through the intermediates of the structured route by the chain rule (symbolica's own
/// derivative when f mentions none); 0 without work when f does not depend on x.
pub fn partial(prog: &Program, f: &Atom, x: Symbol) -> Atom {
    if prog.mentions_intermediates(f) {
        if prog.depends_on(f, x) {
            Rates::partial(prog, x).of(f)
        } else {
            zero()
        }
    } else if f.contains_symbol(x) {
        f.derivative(x)
    } else {
        zero()
    }
}

/// Expanded and collected in the velocities, with factored coefficients.
pub fn collect_velocities(e: &Atom, qd: &[Atom]) -> Atom {
    let x = e.expand();
    if x.is_zero() {
        return x;
    }
    x.collect_multiple_mapped::<u8>(
        qd,
        |key, out| **out = key.to_owned(),
        |coeff, out| **out = coeff.to_owned().factor(),
    )
}

/// ∇f = (∂f/∂q_i), expanded.
pub fn gradient(prog: &Program, f: &Atom, nq: usize) -> Vec<Atom> {
    let p = pool();
    (0..nq).map(|i| partial(prog, f, p.q[i]).expand()).collect()
}

/// The velocity-dependent part of D(γ) for γ(q, q̇, t) linear in q̇: D(γ) with q̈ = 0.
pub fn drift(prog: &Program, gamma: &Atom, nq: usize, rheonomic: bool) -> Atom {
    Rates::positions(prog, nq, rheonomic).of(gamma).expand()
}

/// Index of the first of `syms` that occurs in `e`.
pub fn uses_any(prog: &Program, e: &Atom, syms: &[Symbol]) -> Option<usize> {
    syms.iter().position(|s| prog.depends_on(e, *s))
}
