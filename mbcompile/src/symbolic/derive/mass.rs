//! The mass matrix M = ∂²T/∂q̇² and its checks: T quadratic in q̇, M positive definite at the
//! sample states.

// Index loops mirror the index notation of the formulas (M_ij).
#![allow(clippy::needless_range_loop)]

use super::super::algebra::{AtomMatrix, compact, uses_any, zero};
use super::super::numeric::Sampler;
use super::super::program::Program;
use super::super::rate::sum;
use super::super::symbols::pool;
use super::scalar::Scalar;
use crate::dsl::assembled::Assembled;
use crate::error::DerivationError;
use symbolica::atom::{Atom, AtomCore, AtomView};

/// M and what the force stage can reuse.
pub struct Mass {
    /// M (nq × nq, symmetric).
    pub matrix: AtomMatrix,
    /// Whether T has terms of degree 0 or 1 in q̇ (always true when M was found by
    /// differentiation).
    pub lower_degree: bool,
    /// ∂T/∂q̇, when M was found by differentiating it.
    pub momenta: Option<Vec<Atom>>,
}

/// M of the scalar model, checked positive definite at the sample states.
///
/// Fast path: T expanded is a sum of monomials of degree ≤ 2 in q̇ with q̇-free coefficients, so
/// M is read off the coefficients. Otherwise M = ∂²T/∂q̇² by differentiation, which also locates
/// what makes T not quadratic.
pub fn mass_matrix(
    model: &Assembled,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<Mass, DerivationError> {
    let mass = match quadratic_form(s.prog, &s.kinetic, s.nq) {
        Some((matrix, lower_degree)) => Mass {
            matrix,
            lower_degree,
            momenta: None,
        },
        None => by_differentiation(model, s)?,
    };
    sampler.check_positive_definite(&mass.matrix, model.block(), s.kinetic_span)?;
    Ok(mass)
}

/// ∂T/∂q̇_i for every i.
pub fn momenta(kinetic: &Atom, nq: usize) -> Vec<Atom> {
    let p = pool();
    (0..nq).map(|i| kinetic.derivative(p.qd[i])).collect()
}

/// The error for entry (i, j) of ∂²T/∂q̇² depending on q̇_k, located at T.
pub fn not_quadratic(model: &Assembled, s: &Scalar, [i, j, k]: [usize; 3]) -> DerivationError {
    let name = |c: usize| model.coordinates()[c].text.clone();
    DerivationError::NotQuadratic {
        span: s.kinetic_span,
        row: name(i),
        column: name(j),
        velocity: name(k),
    }
}

/// M = ∂(∂T/∂q̇)/∂q̇, reporting an entry that still depends on a velocity.
fn by_differentiation(model: &Assembled, s: &Scalar) -> Result<Mass, DerivationError> {
    let prog = s.prog;
    let p = pool();
    let nq = s.nq;
    let dt_dqd = momenta(&s.kinetic, nq);
    let mut mass = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let m = compact(prog, &dt_dqd[i].derivative(p.qd[j]));
            if let Some(k) = uses_any(prog, &m, &p.qd[..nq]) {
                return Err(not_quadratic(model, s, [i, j, k]));
            }
            mass[j][i] = m.clone();
            mass[i][j] = m;
        }
    }
    Ok(Mass {
        matrix: mass,
        lower_degree: true,
        momenta: Some(dt_dqd),
    })
}

/// Whether a velocity q̇_i (i < nq) occurs anywhere in `v`.
fn has_velocity(v: AtomView, nq: usize) -> bool {
    match v {
        AtomView::Num(_) => false,
        AtomView::Var(x) => pool().qd[..nq].contains(&x.get_symbol()),
        AtomView::Fun(f) => f.iter().any(|a| has_velocity(a, nq)),
        AtomView::Pow(pw) => {
            let (b, e) = pw.get_base_exp();
            has_velocity(b, nq) || has_velocity(e, nq)
        }
        AtomView::Mul(m) => m.iter().any(|a| has_velocity(a, nq)),
        AtomView::Add(a) => a.iter().any(|t| has_velocity(t, nq)),
    }
}

/// The coefficient terms of one monomial of T, sorted into `terms[i][j]` (i ≤ j) for q̇_i q̇_j;
/// `Some(false)` for a term of degree 0 or 1, `None` if the term is not of the form
/// (q̇-free factors) × (at most two velocity factors q̇_i, q̇_i²).
fn monomial(t: AtomView<'_>, nq: usize, terms: &mut [Vec<Vec<Atom>>]) -> Option<bool> {
    let p = pool();
    let velocity = |v: AtomView| -> Option<usize> {
        match v {
            AtomView::Var(x) => p.qd[..nq].iter().position(|s| *s == x.get_symbol()),
            _ => None,
        }
    };
    let two = Atom::num(2);
    let mut vel = [usize::MAX; 2];
    let mut degree = 0;
    let mut push = |i: usize, degree: &mut usize| -> Option<()> {
        *vel.get_mut(*degree)? = i;
        *degree += 1;
        Some(())
    };
    let mut rest = Vec::new();
    let mut factor = |f: AtomView<'_>, degree: &mut usize| -> Option<()> {
        if let Some(i) = velocity(f) {
            return push(i, degree);
        }
        if let AtomView::Pow(pw) = f {
            let (b, e) = pw.get_base_exp();
            if let Some(i) = velocity(b) {
                if e != two.as_view() {
                    return None;
                }
                push(i, degree)?;
                return push(i, degree);
            }
        }
        if has_velocity(f, nq) {
            return None;
        }
        rest.push(f.to_owned());
        Some(())
    };
    match t {
        AtomView::Mul(m) => {
            for f in m.iter() {
                factor(f, &mut degree)?;
            }
        }
        other => factor(other, &mut degree)?,
    }
    if degree < 2 {
        return Some(false);
    }
    let (i, j) = (vel[0].min(vel[1]), vel[0].max(vel[1]));
    let mut coeff = if i == j { two.clone() } else { Atom::num(1) };
    for f in rest {
        coeff *= f;
    }
    terms[i][j].push(coeff);
    Some(true)
}

/// Reads M off an expanded T = Σ_ij ½ M_ij q̇_i q̇_j + (terms of degree 0 and 1 in q̇).
///
/// Every term must be a product of q̇-free factors and at most two velocity factors (q̇_i,
/// q̇_i²); then M_ij is the coefficient of q̇_i q̇_j (i ≠ j) and M_ii twice that of q̇_i²,
/// compacted. Returns the matrix and whether terms of degree 0 or 1 occur, or `None` if some
/// term is not of that form (a velocity inside a function, a power or degree above two): the
/// caller then differentiates, which locates the problem. One pass over T instead of n² second
/// derivatives.
fn quadratic_form(prog: &Program, kinetic: &Atom, nq: usize) -> Option<(AtomMatrix, bool)> {
    let mut terms: Vec<Vec<Vec<Atom>>> = vec![vec![Vec::new(); nq]; nq];
    let mut lower = false;
    match kinetic.as_view() {
        AtomView::Add(a) => {
            for t in a.iter() {
                lower |= !monomial(t, nq, &mut terms)?;
            }
        }
        other => lower |= !monomial(other, nq, &mut terms)?,
    }
    let mut mass = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let m = compact(prog, &sum(std::mem::take(&mut terms[i][j])));
            mass[j][i] = m.clone();
            mass[i][j] = m;
        }
    }
    Some((mass, lower))
}
