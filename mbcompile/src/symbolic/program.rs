//! Named intermediates: the straight-line program behind the structured route.
//!
//! Expanding the kinetic energy of a spatial chain in q before differentiating makes the
//! expressions grow by a factor of 3–4 per joint. The structured route instead keeps the tree's
//! structure: every rotation entry, joint axis, velocity, composite inertia and force of the
//! recursions is an intermediate z_k with a small defining expression over earlier
//! intermediates and the model's symbols (q, q̇, q̈, …, t, p, a). Derived quantities are atoms
//! over these intermediates.
//!
//! A derivation δ (a partial derivative, or the total time derivative D) extends to an
//! intermediate by the chain rule: δz is the intermediate defined by δ(definition of z), made
//! once per (δ, z) and reused; δz = 0 without any work when z does not depend on a symbol δ
//! moves. This is forward-mode differentiation of the straight-line program, so a first
//! derivative of an O(n) recursion stays O(n) per direction instead of expanding it.
//!
//! While a model is derived, its program is the working area of this thread (symbolica itself
//! runs on one thread here): cleared at the start of the derivation (`reset`) and moved out at its
//! end (`take`) into the [`Derived`](super::derive::Derived) it belongs to, which owns it from then
//! on — emission reads the intermediates from there, never from this thread. With no intermediates
//! every function here falls back to symbolica's own operations, so models derived by expansion
//! give exactly the output they always gave.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};
use symbolica::symbol;

/// One intermediate: its symbol, definition and the model symbols it depends on.
struct Intermediate {
    symbol: Symbol,
    value: Atom,
    depends: HashSet<Symbol>,
}

/// The straight-line program of one derivation: its intermediates in order of definition.
#[derive(Default)]
pub struct Program {
    list: Vec<Intermediate>,
    index: HashMap<Symbol, usize>,
    /// Hash-consing: one intermediate per distinct definition.
    by_value: HashMap<Atom, Symbol>,
    /// δz for (derivation key, z).
    derivatives: HashMap<(u64, Symbol), Atom>,
    /// Symbols created so far (reused across models: symbol names are global in symbolica).
    symbols: Vec<Symbol>,
}

thread_local! {
    static PROGRAM: RefCell<Program> = RefCell::new(Program::default());
}

/// Clears the program (start of a model's derivation). Symbols are kept for reuse.
pub(crate) fn reset() {
    PROGRAM.with(|p| {
        let mut p = p.borrow_mut();
        let symbols = std::mem::take(&mut p.symbols);
        *p = Program {
            symbols,
            ..Program::default()
        };
    });
}

/// Moves the program of the derivation just made out of this thread (which keeps only the symbol
/// names, for reuse), for the `Derived` that owns it.
pub(crate) fn take() -> Program {
    PROGRAM.with(|p| {
        let mut p = p.borrow_mut();
        let symbols = p.symbols.clone();
        std::mem::replace(
            &mut *p,
            Program {
                symbols,
                ..Program::default()
            },
        )
    })
}

/// Whether the program has no intermediates (the expanded route).
pub(crate) fn is_empty() -> bool {
    PROGRAM.with(|p| p.borrow().list.is_empty())
}

/// Number of intermediates defined so far.
#[cfg(test)]
fn len() -> usize {
    PROGRAM.with(|p| p.borrow().list.len())
}

/// The position of an intermediate in the program, if `s` is one.
pub(crate) fn position(s: Symbol) -> Option<usize> {
    PROGRAM.with(|p| p.borrow().position(s))
}

/// Whether an atom is cheap enough to be used in place (a number, a symbol, or a number times a
/// symbol): such values are never named.
fn is_trivial(a: &Atom) -> bool {
    match a.as_view() {
        AtomView::Num(_) | AtomView::Var(_) => true,
        AtomView::Mul(m) => {
            m.get_nargs() == 2
                && m.iter().any(|f| matches!(f, AtomView::Num(_)))
                && m.iter().any(|f| matches!(f, AtomView::Var(_)))
        }
        _ => false,
    }
}

/// Calls `f` with every symbol of an atom (with repetitions).
fn for_each_symbol(v: AtomView<'_>, f: &mut impl FnMut(Symbol)) {
    match v {
        AtomView::Num(_) => {}
        AtomView::Var(x) => f(x.get_symbol()),
        AtomView::Fun(g) => g.iter().for_each(|a| for_each_symbol(a, f)),
        AtomView::Pow(pw) => {
            let (b, e) = pw.get_base_exp();
            for_each_symbol(b, f);
            for_each_symbol(e, f);
        }
        AtomView::Mul(m) => m.iter().for_each(|a| for_each_symbol(a, f)),
        AtomView::Add(a) => a.iter().for_each(|t| for_each_symbol(t, f)),
    }
}

/// The model symbols (not intermediates) an atom depends on, directly or through
/// intermediates.
fn dependencies(p: &Program, v: AtomView<'_>, out: &mut HashSet<Symbol>) {
    for_each_symbol(v, &mut |s| match p.index.get(&s) {
        Some(&k) => out.extend(p.list[k].depends.iter().copied()),
        None => {
            out.insert(s);
        }
    });
}

/// Names a value: a new intermediate for a non-trivial definition (or the existing one with the
/// same definition), the value itself when it is trivial.
pub(crate) fn define(value: Atom) -> Atom {
    if is_trivial(&value) {
        return value;
    }
    PROGRAM.with(|p| {
        let mut p = p.borrow_mut();
        if let Some(s) = p.by_value.get(&value) {
            return Atom::var(*s);
        }
        let k = p.list.len();
        if p.symbols.len() <= k {
            let s = symbol!(format!("mbc::z{k}"));
            p.symbols.push(s);
        }
        let symbol = p.symbols[k];
        let mut depends = HashSet::new();
        dependencies(&p, value.as_view(), &mut depends);
        p.index.insert(symbol, k);
        p.by_value.insert(value.clone(), symbol);
        p.list.push(Intermediate {
            symbol,
            value,
            depends,
        });
        Atom::var(symbol)
    })
}

/// The intermediate already defined by `value`, else `value` itself (never makes one): lets a
/// derivative reuse cos q and sin q where the recursion named them.
pub(crate) fn existing(value: Atom) -> Atom {
    PROGRAM.with(|p| match p.borrow().by_value.get(&value) {
        Some(s) => Atom::var(*s),
        None => value,
    })
}

/// The definition of intermediate `s`.
pub(crate) fn definition(s: Symbol) -> Option<Atom> {
    PROGRAM.with(|p| {
        let p = p.borrow();
        p.index.get(&s).map(|&k| p.list[k].value.clone())
    })
}

/// `f` with every intermediate replaced by its definition, recursively: an atom over the
/// model's symbols only (for quantities that are read off by substitution, like a velocity
/// constraint's offset a = γ|_{q̇=0}).
pub(crate) fn inline(f: &Atom) -> Atom {
    let mut out = f.clone();
    while mentions_intermediates(&out) {
        let mut mentioned = Vec::new();
        PROGRAM.with(|p| {
            let p = p.borrow();
            for_each_symbol(out.as_view(), &mut |s| {
                if p.index.contains_key(&s) && !mentioned.contains(&s) {
                    mentioned.push(s);
                }
            });
        });
        for s in mentioned {
            if let Some(value) = definition(s) {
                out = out.replace(Atom::var(s)).with(value);
            }
        }
    }
    out
}

/// Whether an intermediate depends on any of `symbols`.
pub(crate) fn depends_on_any(s: Symbol, symbols: &HashSet<Symbol>) -> bool {
    PROGRAM.with(|p| {
        let p = p.borrow();
        match p.index.get(&s) {
            Some(&k) => !p.list[k].depends.is_disjoint(symbols),
            None => symbols.contains(&s),
        }
    })
}

/// Whether atom `f` depends on symbol `x`, directly or through intermediates.
pub(crate) fn depends_on(f: &Atom, x: Symbol) -> bool {
    if f.contains_symbol(x) {
        return true;
    }
    if is_empty() {
        return false;
    }
    PROGRAM.with(|p| {
        let p = p.borrow();
        let mut out = HashSet::new();
        dependencies(&p, f.as_view(), &mut out);
        out.contains(&x)
    })
}

/// Whether atom `f` mentions any intermediate.
pub(crate) fn mentions_intermediates(f: &Atom) -> bool {
    if is_empty() {
        return false;
    }
    PROGRAM.with(|p| {
        let p = p.borrow();
        let mut found = false;
        for_each_symbol(f.as_view(), &mut |s| found |= p.index.contains_key(&s));
        found
    })
}

/// The memoised δz for the derivation with key `key`, if already made.
pub(crate) fn derivative_made(key: u64, z: Symbol) -> Option<Atom> {
    PROGRAM.with(|p| p.borrow().derivatives.get(&(key, z)).cloned())
}

/// Records δz for the derivation with key `key`.
pub(crate) fn record_derivative(key: u64, z: Symbol, value: Atom) {
    PROGRAM.with(|p| {
        p.borrow_mut().derivatives.insert((key, z), value);
    });
}

/// The image of intermediate z under a transformation of the program (a derivation, a
/// substitution) identified by `key`: for every intermediate z needs that depends on a symbol in
/// `moves`, in program order, the intermediate defined by `image(definition)`, made once per
/// (key, intermediate) and reused; `None` when z depends on nothing in `moves` (its image is then
/// what the transformation makes of a constant, which the caller knows). Program order means each
/// definition meets only images already made: no recursion as deep as the program.
pub(crate) fn transformed(
    key: u64,
    moves: &HashSet<Symbol>,
    z: Symbol,
    image: impl Fn(&Atom) -> Atom,
) -> Option<Atom> {
    if !depends_on_any(z, moves) {
        return None;
    }
    if let Some(made) = derivative_made(key, z) {
        return Some(made);
    }
    for (s, definition) in closure(&[&Atom::var(z)]) {
        if depends_on_any(s, moves) && derivative_made(key, s).is_none() {
            let value = define(image(&definition));
            record_derivative(key, s, value);
        }
    }
    derivative_made(key, z)
}

/// The intermediates the atoms need (directly or through other intermediates), in program
/// order, with their definitions.
pub(crate) fn closure(atoms: &[&Atom]) -> Vec<(Symbol, Atom)> {
    PROGRAM.with(|p| p.borrow().closure(atoms))
}

/// Indices of the intermediates mentioned directly in `v`.
fn collect_intermediates(p: &Program, v: AtomView<'_>, out: &mut Vec<usize>) {
    for_each_symbol(v, &mut |s| {
        if let Some(&k) = p.index.get(&s) {
            out.push(k);
        }
    });
}

/// A state extended with the value of every intermediate of the derivation under way (see
/// [`Program::with_values`]).
pub fn with_values(state: &HashMap<Atom, f64>) -> HashMap<Atom, f64> {
    PROGRAM.with(|p| p.borrow().with_values(state))
}

impl Program {
    /// The position of an intermediate in the program, if `s` is one.
    pub(crate) fn position(&self, s: Symbol) -> Option<usize> {
        self.index.get(&s).copied()
    }

    /// The intermediates the atoms need (directly or through other intermediates), in program
    /// order, with their definitions.
    pub(crate) fn closure(&self, atoms: &[&Atom]) -> Vec<(Symbol, Atom)> {
        if self.list.is_empty() {
            return Vec::new();
        }
        let mut needed = vec![false; self.list.len()];
        let mut stack: Vec<usize> = Vec::new();
        let mark = |v: AtomView<'_>, stack: &mut Vec<usize>, needed: &mut Vec<bool>| {
            let mut found = Vec::new();
            collect_intermediates(self, v, &mut found);
            for k in found {
                if !needed[k] {
                    needed[k] = true;
                    stack.push(k);
                }
            }
        };
        for a in atoms {
            mark(a.as_view(), &mut stack, &mut needed);
        }
        while let Some(k) = stack.pop() {
            mark(self.list[k].value.as_view(), &mut stack, &mut needed);
        }
        (0..self.list.len())
            .filter(|&k| needed[k])
            .map(|k| (self.list[k].symbol, self.list[k].value.clone()))
            .collect()
    }

    /// A state extended with the value of every intermediate (evaluated in program order), for
    /// numeric checks of derived atoms. Intermediates whose value is not a finite real are left
    /// out (an atom using them then fails to evaluate, which the checks report).
    pub fn with_values(&self, state: &HashMap<Atom, f64>) -> HashMap<Atom, f64> {
        let mut out = state.clone();
        for z in &self.list {
            if let Ok(v) = z.value.evaluate(&out)
                && v.is_finite()
            {
                out.insert(Atom::var(z.symbol), v);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    //! The chain rule through intermediates against symbolica's derivative of the same
    //! expression written out (the independent route), evaluated at a numeric state.

    use super::*;
    use crate::symbolic::rate::Rates;
    use crate::symbolic::symbols::pool;

    fn state() -> HashMap<Atom, f64> {
        let p = pool();
        HashMap::from([
            (Atom::var(p.q[0]), 0.7),
            (Atom::var(p.q[1]), -0.4),
            (Atom::var(p.qd[0]), 1.3),
            (Atom::var(p.qd[1]), -0.9),
            (Atom::var(p.qdd[0]), 0.2),
            (Atom::var(p.qdd[1]), 0.5),
            (Atom::var(p.qddd[0]), -0.3),
            (Atom::var(p.qddd[1]), 0.8),
            (Atom::var(p.p[0]), 2.5),
        ])
    }

    fn value(a: &Atom) -> f64 {
        a.evaluate(&with_values(&state())).expect("finite")
    }

    #[test]
    fn partial_and_total_derivatives_follow_the_chain_rule() {
        let p = pool();
        reset();
        let (q0, q1, qd0, p0) = (
            Atom::var(p.q[0]),
            Atom::var(p.q[1]),
            Atom::var(p.qd[0]),
            Atom::var(p.p[0]),
        );
        // Written out: f = ((sin q0 · p0)² + q1 cos q0) · q̇0.
        let z1_value = q0.sin() * &p0;
        let z2_value = &z1_value * &z1_value + &q1 * q0.cos();
        let written = &z2_value * &qd0;
        let z1 = define(z1_value.clone());
        let z2 = define(&z1 * &z1 + &q1 * q0.cos());
        let f = &z2 * &qd0;
        assert_eq!(len(), 2);
        // The same definition names the same intermediate.
        assert_eq!(define(z1_value), z1);
        for x in [p.q[0], p.q[1], p.qd[0], p.p[0]] {
            let chain = Rates::partial(x).of(&f);
            let direct = written.derivative(x);
            assert!((value(&chain) - value(&direct)).abs() < 1e-13, "∂/∂{x:?}");
        }
        let along = Rates::trajectory(2, false);
        let chain = along.of(&along.of(&f));
        let direct = along.of(&along.of(&written));
        assert!((value(&chain) - value(&direct)).abs() < 1e-12);
        // Nothing to do along a symbol no intermediate depends on.
        let before = len();
        assert!(Rates::partial(p.qd[1]).of(&z2).is_zero());
        assert_eq!(len(), before);
        assert!(depends_on(&f, p.p[0]) && !depends_on(&f, p.qd[1]));
    }

    #[test]
    fn closure_lists_what_an_atom_needs_in_program_order() {
        let p = pool();
        reset();
        let q0 = Atom::var(p.q[0]);
        let a = define(q0.sin() + Atom::num(1));
        let b = define(q0.cos() * Atom::num(3) + Atom::num(2));
        let c = define(&a * &a + Atom::num(7));
        let needed: Vec<Symbol> = closure(&[&c]).into_iter().map(|(s, _)| s).collect();
        let symbol = |x: &Atom| match x.as_view() {
            AtomView::Var(v) => v.get_symbol(),
            _ => unreachable!("an intermediate is a symbol"),
        };
        assert_eq!(needed, vec![symbol(&a), symbol(&c)]);
        assert!(!needed.contains(&symbol(&b)));
        reset();
        assert!(is_empty());
    }
}
