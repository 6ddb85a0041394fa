//! ∂f/∂p_k of a vector f for every parameter k, in the form the generated function evaluates.
//!
//! One expression per parameter would make the generated code grow like (parameters) × (size of
//! f): for an n-link chain every mass enters every row of h, so n³ terms. Instead the
//! parameters share one directional derivative Σ_j ∂f/∂p_j ṗ_j (one pass over f, see
//! [`Rates::parameters`]), evaluated with the tangent ṗ = e_k. That is exact, but a term
//! ∂f/∂p_j ṗ_j with an infinite ∂f/∂p_j would turn 0·∞ into NaN for every k. So a parameter
//! that occurs where its derivative can be infinite while f is finite (in the base of a
//! negative or fractional power, the argument of a logarithm or of |·|, an exponent) keeps an
//! expression of its own; the others, which occur only polynomially or inside sin, cos and exp,
//! have finite derivatives wherever f is finite and share the directional one.

use super::super::algebra::partial;
use super::super::program::Program;
use super::super::rate::Rates;
use super::super::symbols::pool;
use std::collections::HashSet;
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};

/// ∂f/∂p_k for every parameter k of a vector f.
#[derive(Default)]
pub struct ParameterDerivatives {
    /// (k, ∂f/∂p_k) for the parameters whose derivative may be infinite where f is finite.
    pub separate: Vec<(usize, Vec<Atom>)>,
    /// The other parameters (increasing).
    pub seeded: Vec<usize>,
    /// Σ_{j seeded} ∂f/∂p_j ṗ_j per entry of f.
    pub directional: Vec<Atom>,
}

impl ParameterDerivatives {
    /// The derivatives of `f` by the first `np` parameters.
    pub fn of(prog: &Program, f: &[Atom], np: usize) -> ParameterDerivatives {
        let p = pool();
        let mut singular = HashSet::new();
        for e in f {
            singular_symbols(e.as_view(), &mut singular);
        }
        let mut out = ParameterDerivatives::default();
        for k in 0..np {
            let x = p.p[k];
            if singular.contains(&x) {
                out.separate
                    .push((k, f.iter().map(|e| partial(prog, e, x)).collect()));
            } else {
                out.seeded.push(k);
            }
        }
        let along = Rates::parameters(prog, &out.seeded);
        out.directional = f.iter().map(|e| along.of(e)).collect();
        out
    }

    /// ∂f/∂p_k as expressions (for printing): its own, or the directional one at ṗ = e_k.
    pub fn member(&self, k: usize) -> Option<Vec<Atom>> {
        if let Some((_, d)) = self.separate.iter().find(|(j, _)| *j == k) {
            return Some(d.clone());
        }
        self.seeded.contains(&k).then(|| {
            let p = pool();
            self.directional
                .iter()
                .map(|e| {
                    let mut e = e.clone();
                    for &j in &self.seeded {
                        let tangent = Atom::num(i64::from(j == k));
                        e = e.replace(Atom::var(p.dp[j])).with(tangent);
                    }
                    e
                })
                .collect()
        })
    }
}

/// Collects into `out` the symbols of `e` that occur where the derivative by them can be
/// infinite while e is finite: in the base of a power whose exponent is not a natural number, in
/// an exponent, or in the argument of a function other than sin, cos and exp.
fn singular_symbols(e: AtomView<'_>, out: &mut HashSet<Symbol>) {
    match e {
        AtomView::Num(_) | AtomView::Var(_) => {}
        AtomView::Add(a) => a.iter().for_each(|t| singular_symbols(t, out)),
        AtomView::Mul(m) => m.iter().for_each(|f| singular_symbols(f, out)),
        AtomView::Pow(pw) => {
            let (base, exponent) = pw.get_base_exp();
            if i64::try_from(exponent).is_ok_and(|n| n >= 0) {
                singular_symbols(base, out);
            } else {
                out.extend(e.get_all_symbols(false));
            }
        }
        AtomView::Fun(f) => {
            if [Symbol::SIN, Symbol::COS, Symbol::EXP].contains(&f.get_symbol()) {
                f.iter().for_each(|a| singular_symbols(a, out));
            } else {
                out.extend(e.get_all_symbols(false));
            }
        }
    }
}
