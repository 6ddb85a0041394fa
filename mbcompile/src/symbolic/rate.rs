//! The total time derivative along a trajectory, in one pass over the expression tree.
//!
//! D f = ∂f/∂t + Σ q̇_i ∂f/∂q_i + q̈_i ∂f/∂q̇_i + q⃛_i ∂f/∂q̈_i + q⁗_i ∂f/∂q⃛_i is a derivation: it
//! obeys the sum, product (Leibniz) and chain rules. Applying those rules once, top-down, costs
//! one traversal of f, where the sum of partial derivatives costs one traversal per symbol
//! present (3n of them for a force vector of an n-coordinate model). The result is the same
//! expression up to symbolica's normal form.
//!
//! The same one-pass derivation with parameters mapped to tangents (p_k → ṗ_k) gives the
//! directional derivative Σ_k ∂f/∂p_k ṗ_k of the parameter Jacobians.

use super::program::Program;
use super::symbols::pool;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};

/// What D does to each symbol: a symbol not in the map is constant. Intermediates of the
/// derivation's [`Program`] are differentiated by the chain rule, once per derivation and
/// intermediate.
pub struct Rates<'p> {
    /// The program whose intermediates D goes through (and extends).
    program: &'p Program,
    map: HashMap<Symbol, Atom>,
    /// The symbols D moves (the keys of `map`).
    moves: HashSet<Symbol>,
    /// Identifies the derivation for the memo of intermediate derivatives.
    key: u64,
}

impl<'p> Rates<'p> {
    /// The derivation with the given action on symbols.
    fn from_map(program: &'p Program, map: HashMap<Symbol, Atom>) -> Rates<'p> {
        let mut entries: Vec<(String, String)> = map
            .iter()
            .map(|(s, a)| (s.get_name().to_string(), a.to_string()))
            .collect();
        entries.sort();
        let mut h = DefaultHasher::new();
        entries.hash(&mut h);
        Rates {
            program,
            moves: map.keys().copied().collect(),
            map,
            key: h.finish(),
        }
    }

    /// The partial derivative ∂/∂x.
    pub fn partial(program: &'p Program, x: Symbol) -> Rates<'p> {
        Rates::from_map(program, HashMap::from([(x, Atom::num(1))]))
    }

    /// D along a trajectory: q → q̇ → q̈ → q⃛ → q⁗, and t → 1 for rheonomic models.
    #[cfg(test)]
    pub fn trajectory(program: &'p Program, nq: usize, rheonomic: bool) -> Rates<'p> {
        let p = pool();
        let mut map = HashMap::new();
        for i in 0..nq {
            map.insert(p.q[i], Atom::var(p.qd[i]));
            map.insert(p.qd[i], Atom::var(p.qdd[i]));
            map.insert(p.qdd[i], Atom::var(p.qddd[i]));
            map.insert(p.qddd[i], Atom::var(p.qdddd[i]));
        }
        if rheonomic {
            map.insert(p.t, Atom::num(1));
        }
        Rates::from_map(program, map)
    }

    /// The part of D that moves the coordinates only (q → q̇, and t → 1 for rheonomic models):
    /// D with q̈ = 0 for a function of (q, q̇, t) linear in q̇, i.e. the drift Ẇᵀq̇ + dŵ/dt.
    pub fn positions(program: &'p Program, nq: usize, rheonomic: bool) -> Rates<'p> {
        let p = pool();
        let mut map = HashMap::new();
        for i in 0..nq {
            map.insert(p.q[i], Atom::var(p.qd[i]));
        }
        if rheonomic {
            map.insert(p.t, Atom::num(1));
        }
        Rates::from_map(program, map)
    }

    /// The derivative along the parameter tangents ṗ_k of the parameters `ks` (p_k → ṗ_k, all
    /// else constant): Σ_k ∂f/∂p_k ṗ_k, so that ṗ = e_k gives ∂f/∂p_k.
    pub fn parameters(program: &'p Program, ks: &[usize]) -> Rates<'p> {
        let p = pool();
        let map = ks.iter().map(|&k| (p.p[k], Atom::var(p.dp[k]))).collect();
        Rates::from_map(program, map)
    }

    /// D f.
    pub fn of(&self, f: &Atom) -> Atom {
        self.view(f.as_view())
    }

    fn view(&self, v: AtomView<'_>) -> Atom {
        match v {
            AtomView::Num(_) => Atom::num(0),
            AtomView::Var(x) => {
                let s = x.get_symbol();
                match self.map.get(&s) {
                    Some(d) => d.clone(),
                    None if self.program.position(s).is_some() => self.intermediate(s),
                    None => Atom::num(0),
                }
            }
            AtomView::Add(a) => sum(a.iter().map(|t| self.view(t)).collect()),
            AtomView::Mul(m) => {
                let factors: Vec<AtomView> = m.iter().collect();
                let mut terms = Vec::new();
                for (k, f) in factors.iter().enumerate() {
                    let df = self.view(*f);
                    if df.is_zero() {
                        continue;
                    }
                    let mut t = df;
                    for (l, g) in factors.iter().enumerate() {
                        if l != k {
                            t *= *g;
                        }
                    }
                    terms.push(t);
                }
                sum(terms)
            }
            AtomView::Pow(p) => {
                let (b, e) = p.get_base_exp();
                let db = self.view(b);
                let de = self.view(e);
                match (db.is_zero(), de.is_zero()) {
                    (true, true) => Atom::num(0),
                    // d(b^e) = e b^(e−1) Db for a constant exponent.
                    (false, true) => e.to_owned() * b.to_owned().pow(e.to_owned() - 1) * db,
                    // d(b^e) = b^e (De ln b + e Db / b) in general.
                    _ => {
                        v.to_owned() * (de * b.to_owned().log() + e.to_owned() * db / b.to_owned())
                    }
                }
            }
            AtomView::Fun(f) => {
                let sym = f.get_symbol();
                let args: Vec<AtomView> = f.iter().collect();
                if let [u] = args[..]
                    && [Symbol::SIN, Symbol::COS, Symbol::EXP, Symbol::LOG].contains(&sym)
                {
                    let du = self.view(u);
                    if du.is_zero() {
                        return du;
                    }
                    let u = u.to_owned();
                    return match sym {
                        s if s == Symbol::SIN => self.program.existing(u.cos()) * du,
                        s if s == Symbol::COS => -self.program.existing(u.sin()) * du,
                        s if s == Symbol::EXP => v.to_owned() * du,
                        _ => du / u,
                    };
                }
                // Any other function: the chain rule through symbolica's partial derivatives.
                let whole = v.to_owned();
                let present = whole.get_all_symbols(false);
                let mut present: Vec<Symbol> = present.into_iter().collect();
                present.sort_by_key(|s| s.get_name().to_string());
                let mut terms = Vec::new();
                for s in present {
                    let ds = match self.map.get(&s) {
                        Some(ds) => ds.clone(),
                        None if self.program.position(s).is_some() => self.intermediate(s),
                        None => continue,
                    };
                    if ds.is_zero() {
                        continue;
                    }
                    let d = whole.derivative(s);
                    if !d.is_zero() {
                        terms.push(d * ds);
                    }
                }
                sum(terms)
            }
        }
    }

    /// δz for an intermediate z: the intermediate defined by δ(definition of z), made once per
    /// derivation; 0 when z does not depend on anything δ moves.
    fn intermediate(&self, z: Symbol) -> Atom {
        self.program
            .transformed(self.key, &self.moves, z, |definition| self.of(definition))
            .unwrap_or_else(|| Atom::num(0))
    }
}

/// Sum of many atoms, added pairwise (a running sum would renormalise a growing sum each time).
pub fn sum(mut terms: Vec<Atom>) -> Atom {
    terms.retain(|t| !t.is_zero());
    while terms.len() > 1 {
        let mut next = Vec::with_capacity(terms.len().div_ceil(2));
        let mut it = terms.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => a + b,
                None => a,
            });
        }
        terms = next;
    }
    terms.pop().unwrap_or_else(|| Atom::num(0))
}
