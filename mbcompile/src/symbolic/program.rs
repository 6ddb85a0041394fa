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
//! A model's derivation makes one [`Program`] and passes it to every stage (no global or
//! thread-local state); the [`Derived`](super::derive::Derived) it belongs to owns it afterwards,
//! and emission reads the intermediates from there. With no intermediates every method here falls
//! back to symbolica's own operations, so models derived by expansion give exactly the output
//! they always gave.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};
use symbolica::coefficient::CoefficientView;
use symbolica::symbol;

/// One intermediate: its symbol, definition and the model symbols it depends on.
struct Intermediate {
    symbol: Symbol,
    value: Atom,
    depends: HashSet<Symbol>,
}

/// The intermediates of one derivation, in order of definition.
#[derive(Default)]
struct Intermediates {
    list: Vec<Intermediate>,
    index: HashMap<Symbol, usize>,
    /// Hash-consing: one intermediate per distinct definition.
    by_value: HashMap<Atom, Symbol>,
    /// δz for (derivation key, z).
    derivatives: HashMap<(u64, Symbol), Atom>,
}

/// The straight-line program of one derivation: its intermediates in order of definition.
///
/// The derivation of a model creates one and lends it, shared, to every stage (the recursions,
/// the chain rule and the substitutions extend it while they read it: hence the cell); the
/// `Derived` it belongs to owns it from then on. Intermediates are named
/// `mbc::z0`, `mbc::z1`, … in symbolica's symbol table (the same names in every program: one
/// derivation runs at a time on a thread, and a program's symbols mean something only with it).
#[derive(Default)]
pub struct Program {
    cell: RefCell<Intermediates>,
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

impl Intermediates {
    /// The model symbols (not intermediates) an atom depends on, directly or through
    /// intermediates.
    fn dependencies(&self, v: AtomView<'_>, out: &mut HashSet<Symbol>) {
        for_each_symbol(v, &mut |s| match self.index.get(&s) {
            Some(&k) => out.extend(self.list[k].depends.iter().copied()),
            None => {
                out.insert(s);
            }
        });
    }

    /// Indices of the intermediates mentioned directly in `v`.
    fn mentioned(&self, v: AtomView<'_>, out: &mut Vec<usize>) {
        for_each_symbol(v, &mut |s| {
            if let Some(&k) = self.index.get(&s) {
                out.push(k);
            }
        });
    }
}

impl Program {
    /// An empty program (the start of a model's derivation).
    pub(crate) fn new() -> Program {
        Program::default()
    }

    /// Whether the program has no intermediates (the expanded route).
    pub(crate) fn is_empty(&self) -> bool {
        self.cell.borrow().list.is_empty()
    }

    /// Number of intermediates defined so far.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.cell.borrow().list.len()
    }

    /// The position of an intermediate in the program, if `s` is one.
    pub(crate) fn position(&self, s: Symbol) -> Option<usize> {
        self.cell.borrow().index.get(&s).copied()
    }

    /// Names a value: a new intermediate for a non-trivial definition (or the existing one with
    /// the same definition), the value itself when it is trivial.
    pub(crate) fn define(&self, value: Atom) -> Atom {
        let value = self.name_calls(value);
        if is_trivial(&value) {
            return value;
        }
        let mut p = self.cell.borrow_mut();
        if let Some(s) = p.by_value.get(&value) {
            return Atom::var(*s);
        }
        let k = p.list.len();
        let symbol = symbol!(format!("mbc::z{k}"));
        let mut depends = HashSet::new();
        p.dependencies(value.as_view(), &mut depends);
        p.index.insert(symbol, k);
        p.by_value.insert(value.clone(), symbol);
        p.list.push(Intermediate {
            symbol,
            value,
            depends,
        });
        Atom::var(symbol)
    }

    /// `value` with every function call and every power with a non-integer exponent inside it
    /// (not `value` itself) named: `√(1 − z²)` written once and shared by every definition that
    /// uses it — the derivatives of a definition repeat such factors (d√u = ½ u^(−1/2) du) in
    /// each of their terms.
    fn name_calls(&self, value: Atom) -> Atom {
        let worth_naming = |v: AtomView<'_>| match v {
            AtomView::Fun(_) => true,
            AtomView::Pow(p) => match p.get_base_exp().1 {
                AtomView::Num(n) => {
                    !matches!(n.get_coeff_view(), CoefficientView::Natural(_, 1, 0, _))
                }
                _ => true,
            },
            _ => false,
        };
        let mut found = false;
        let root = value.as_view();
        value.visitor(&mut |v| {
            found |= v != root && worth_naming(v);
            !found
        });
        if !found {
            return value;
        }
        value.replace_map_bottom_up(|v, context, out| {
            if context.parent_type.is_some() && worth_naming(v) {
                **out = self.define(v.to_owned());
            }
        })
    }

    /// The intermediate already defined by `value`, else `value` itself (never makes one): lets a
    /// derivative reuse cos q and sin q where the recursion named them.
    pub(crate) fn existing(&self, value: Atom) -> Atom {
        match self.cell.borrow().by_value.get(&value) {
            Some(s) => Atom::var(*s),
            None => value,
        }
    }

    /// The definition of intermediate `s`.
    pub(crate) fn definition(&self, s: Symbol) -> Option<Atom> {
        let p = self.cell.borrow();
        p.index.get(&s).map(|&k| p.list[k].value.clone())
    }

    /// `f` with every intermediate replaced by its definition, recursively: an atom over the
    /// model's symbols only (for quantities that are read off by substitution, like a velocity
    /// constraint's offset a = γ|_{q̇=0}).
    pub(crate) fn inline(&self, f: &Atom) -> Atom {
        let mut out = f.clone();
        while self.mentions_intermediates(&out) {
            let mut mentioned = Vec::new();
            {
                let p = self.cell.borrow();
                for_each_symbol(out.as_view(), &mut |s| {
                    if p.index.contains_key(&s) && !mentioned.contains(&s) {
                        mentioned.push(s);
                    }
                });
            }
            for s in mentioned {
                if let Some(value) = self.definition(s) {
                    out = out.replace(Atom::var(s)).with(value);
                }
            }
        }
        out
    }

    /// The model symbols intermediate `s` depends on (directly or through other
    /// intermediates), and the intermediates its definition mentions; `None` if `s` is not one.
    pub(crate) fn dependencies_of(&self, s: Symbol) -> Option<(HashSet<Symbol>, Vec<Symbol>)> {
        let p = self.cell.borrow();
        let &k = p.index.get(&s)?;
        let mut mentioned = Vec::new();
        p.mentioned(p.list[k].value.as_view(), &mut mentioned);
        let mentioned = mentioned.into_iter().map(|j| p.list[j].symbol).collect();
        Some((p.list[k].depends.clone(), mentioned))
    }

    /// Whether an intermediate depends on any of `symbols`.
    pub(crate) fn depends_on_any(&self, s: Symbol, symbols: &HashSet<Symbol>) -> bool {
        let p = self.cell.borrow();
        match p.index.get(&s) {
            Some(&k) => !p.list[k].depends.is_disjoint(symbols),
            None => symbols.contains(&s),
        }
    }

    /// Whether atom `f` depends on symbol `x`, directly or through intermediates.
    pub(crate) fn depends_on(&self, f: &Atom, x: Symbol) -> bool {
        if f.contains_symbol(x) {
            return true;
        }
        if self.is_empty() {
            return false;
        }
        let mut out = HashSet::new();
        self.cell.borrow().dependencies(f.as_view(), &mut out);
        out.contains(&x)
    }

    /// Whether atom `f` mentions any intermediate.
    pub(crate) fn mentions_intermediates(&self, f: &Atom) -> bool {
        if self.is_empty() {
            return false;
        }
        let p = self.cell.borrow();
        let mut found = false;
        for_each_symbol(f.as_view(), &mut |s| found |= p.index.contains_key(&s));
        found
    }

    /// The memoised δz for the derivation with key `key`, if already made.
    fn derivative_made(&self, key: u64, z: Symbol) -> Option<Atom> {
        self.cell.borrow().derivatives.get(&(key, z)).cloned()
    }

    /// The image of intermediate z under a transformation of the program (a derivation, a
    /// substitution) identified by `key`: for every intermediate z needs that depends on a symbol
    /// in `moves`, in program order, the intermediate defined by `image(definition)`, made once
    /// per (key, intermediate) and reused; `None` when z depends on nothing in `moves` (its image
    /// is then what the transformation makes of a constant, which the caller knows). Program
    /// order means each definition meets only images already made: no recursion as deep as the
    /// program.
    pub(crate) fn transformed(
        &self,
        key: u64,
        moves: &HashSet<Symbol>,
        z: Symbol,
        image: impl Fn(&Atom) -> Atom,
    ) -> Option<Atom> {
        if !self.depends_on_any(z, moves) {
            return None;
        }
        if let Some(made) = self.derivative_made(key, z) {
            return Some(made);
        }
        for (s, definition) in self.closure(&[&Atom::var(z)]) {
            if self.depends_on_any(s, moves) && self.derivative_made(key, s).is_none() {
                let value = self.define(image(&definition));
                self.cell.borrow_mut().derivatives.insert((key, s), value);
            }
        }
        self.derivative_made(key, z)
    }

    /// The intermediates the atoms need (directly or through other intermediates), in program
    /// order, with their definitions.
    pub(crate) fn closure(&self, atoms: &[&Atom]) -> Vec<(Symbol, Atom)> {
        self.closure_within(atoms, |_| false)
    }

    /// [`closure`](Self::closure), not looking into the definitions of the intermediates
    /// `known` accepts (listed themselves, but not what they need): those whose values are at
    /// hand already.
    pub(crate) fn closure_within(
        &self,
        atoms: &[&Atom],
        known: impl Fn(Symbol) -> bool,
    ) -> Vec<(Symbol, Atom)> {
        let p = self.cell.borrow();
        if p.list.is_empty() {
            return Vec::new();
        }
        let mut needed = vec![false; p.list.len()];
        let mut stack: Vec<usize> = Vec::new();
        let mark = |v: AtomView<'_>, stack: &mut Vec<usize>, needed: &mut Vec<bool>| {
            let mut found = Vec::new();
            p.mentioned(v, &mut found);
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
            if !known(p.list[k].symbol) {
                mark(p.list[k].value.as_view(), &mut stack, &mut needed);
            }
        }
        (0..p.list.len())
            .filter(|&k| needed[k])
            .map(|k| (p.list[k].symbol, p.list[k].value.clone()))
            .collect()
    }

    /// A state extended with the value of every intermediate (evaluated in program order), for
    /// numeric checks of derived atoms. Intermediates whose value is not a finite real are left
    /// out (an atom using them then fails to evaluate, which the checks report).
    pub fn with_values(&self, state: &HashMap<Atom, f64>) -> HashMap<Atom, f64> {
        let mut out = state.clone();
        for z in &self.cell.borrow().list {
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

    fn value(z: &Program, a: &Atom) -> f64 {
        a.evaluate(&z.with_values(&state())).expect("finite")
    }

    #[test]
    fn partial_and_total_derivatives_follow_the_chain_rule() {
        let p = pool();
        let z = Program::new();
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
        let z1 = z.define(z1_value.clone());
        let z2 = z.define(&z1 * &z1 + &q1 * q0.cos());
        let f = &z2 * &qd0;
        // z1, z2, and sin q0 and cos q0 named inside their definitions.
        assert_eq!(z.len(), 4);
        // The same definition names the same intermediate.
        assert_eq!(z.define(z1_value), z1);
        for x in [p.q[0], p.q[1], p.qd[0], p.p[0]] {
            let chain = Rates::partial(&z, x).of(&f);
            let direct = written.derivative(x);
            assert!(
                (value(&z, &chain) - value(&z, &direct)).abs() < 1e-13,
                "∂/∂{x:?}"
            );
        }
        let along = Rates::trajectory(&z, 2, false);
        let chain = along.of(&along.of(&f));
        let direct = along.of(&along.of(&written));
        assert!((value(&z, &chain) - value(&z, &direct)).abs() < 1e-12);
        // Nothing to do along a symbol no intermediate depends on.
        let before = z.len();
        assert!(Rates::partial(&z, p.qd[1]).of(&z2).is_zero());
        assert_eq!(z.len(), before);
        assert!(z.depends_on(&f, p.p[0]) && !z.depends_on(&f, p.qd[1]));
    }

    #[test]
    fn closure_lists_what_an_atom_needs_in_program_order() {
        let p = pool();
        let z = Program::new();
        let q0 = Atom::var(p.q[0]);
        let a = z.define(&q0 * &q0 * Atom::num(2) + Atom::num(1));
        let b = z.define(&q0 * Atom::num(3) + Atom::num(2));
        let c = z.define(&a * &a + Atom::num(7));
        let needed: Vec<Symbol> = z.closure(&[&c]).into_iter().map(|(s, _)| s).collect();
        let symbol = |x: &Atom| match x.as_view() {
            AtomView::Var(v) => v.get_symbol(),
            _ => unreachable!("an intermediate is a symbol"),
        };
        assert_eq!(needed, vec![symbol(&a), symbol(&c)]);
        assert!(!needed.contains(&symbol(&b)));
        assert!(Program::new().is_empty());
    }

    #[test]
    fn calls_and_roots_inside_a_definition_are_named_once() {
        // Invariant: naming a subterm changes no value, and one √(1 − z²) serves every
        // definition that uses it (hash-consing), while integer powers stay in place.
        let p = pool();
        let z = Program::new();
        let q0 = Atom::var(p.q[0]);
        let u = z.define(q0.sin() / Atom::num(2) + Atom::num(1) / Atom::num(3));
        let one_minus = Atom::num(1) - &u * &u;
        let root = one_minus.clone().pow(Atom::num(1) / Atom::num(2));
        let inverse_cube = one_minus.pow(Atom::num(-3) / Atom::num(2));
        let a = z.define(&root * Atom::var(p.qd[0]) + Atom::num(3));
        let b = z.define(&root * Atom::num(5) + &inverse_cube * Atom::var(p.qd[0]));
        let named: Vec<Atom> = z
            .closure(&[&a, &b])
            .into_iter()
            .map(|(_, value)| value)
            .collect();
        assert_eq!(
            named.iter().filter(|v| **v == root).count(),
            1,
            "one shared root"
        );
        let calls = |v: &Atom| matches!(v.as_view(), AtomView::Pow(_) | AtomView::Fun(_));
        // sin q0, √(1 − u²), (1 − u²)^(−3/2): three named calls, each once.
        assert_eq!(named.iter().filter(|v| calls(v)).count(), 3, "{named:?}");
        // The independent route: the same values written out in q0 and qd0.
        let written = |x: &Atom| {
            let x = x.replace(u.clone()).with(z.inline(&u));
            x.evaluate(&state()).expect("finite")
        };
        let qd0 = Atom::var(p.qd[0]);
        let a_written = &root * &qd0 + Atom::num(3);
        let b_written = &root * Atom::num(5) + &inverse_cube * &qd0;
        assert!((value(&z, &a) - written(&a_written)).abs() < 1e-14);
        assert!((value(&z, &b) - written(&b_written)).abs() < 1e-13);
    }
}
