//! Jacobians of functions over the straight-line program, by forward or reverse mode, whichever
//! gives the smaller program.
//!
//! Forward mode (the chain rule of [`Rates::partial`]) makes one tangent δz per direction x and
//! intermediate z depending on x, shared by all functions. Reverse mode makes, per function f,
//! one adjoint z̄ = ∂f/∂z for every intermediate f uses that depends on some x, in reverse
//! program order (z̄_j = Σ_{k uses j} z̄_k ∂def_k/∂z_j, each local partial ∂def_k/∂z_j taken by
//! symbolica on the small definition), and reads ∂f/∂x off the definitions that mention x. For
//! a few functions of many variables (the drifts of a handful of constraints against 2n
//! coordinates and velocities) reverse mode is the cheaper (Griewank & Walther 2008,
//! *Evaluating Derivatives*, §3.2–3.3: the cost of a gradient is a small multiple of the cost of
//! the function, whatever the number of variables); for as many functions as variables forward
//! mode is, since many tangents vanish or are trivial (δ cos q = −sin q q̇). Both are made and
//! the one whose outputs need fewer intermediates is kept (the other's intermediates stay in the
//! program unused: emission takes only what a function's outputs need).
//!
//! [`Rates::partial`]: super::rate::Rates::partial

use super::algebra::{AtomMatrix, compact, partial, zero};
use super::program::Program;
use super::rate::sum;
use super::symbols::pool;
use std::collections::{HashMap, HashSet};
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};

/// The matrix (∂f_i/∂x_j).
pub fn jacobian(prog: &Program, f: &[Atom], x: &[Symbol]) -> Vec<Vec<Atom>> {
    let forward: Vec<Vec<Atom>> = f
        .iter()
        .map(|fi| x.iter().map(|&xj| partial(prog, fi, xj)).collect())
        .collect();
    if !f.iter().any(|fi| prog.mentions_intermediates(fi)) {
        return forward;
    }
    let wrt: HashSet<Symbol> = x.iter().copied().collect();
    let reverse: Vec<Vec<Atom>> = f
        .iter()
        .map(|fi| gradient(prog, fi, &prog.closure(&[fi]), x, &wrt))
        .collect();
    match smaller_program(prog, &reverse) < smaller_program(prog, &forward) {
        true => reverse,
        false => forward,
    }
}

/// The symmetric matrix ∂(grad_i)/∂q_j, compacted (the upper triangle, mirrored), by forward or
/// reverse mode through the program.
pub fn hessian(prog: &Program, grad: &[Atom], nq: usize) -> AtomMatrix {
    let p = pool();
    let full = jacobian(prog, grad, &p.q[..nq]);
    let mut h = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let v = compact(prog, &full[i][j]);
            h[j][i] = v.clone();
            h[i][j] = v;
        }
    }
    h
}

/// The size (expression nodes) of a matrix of atoms with the intermediates it needs: what the
/// generated function will compute.
fn smaller_program(prog: &Program, m: &[Vec<Atom>]) -> usize {
    let atoms: Vec<&Atom> = m.iter().flatten().collect();
    size(&prog.closure(&atoms), &atoms)
}

/// The expression nodes of `atoms` and of the intermediates of `program` they need.
pub fn program_size(program: &Program, atoms: &[&Atom]) -> usize {
    size(&program.closure(atoms), atoms)
}

/// The expression nodes of `atoms` and of the definitions in `closure`.
fn size(closure: &[(Symbol, Atom)], atoms: &[&Atom]) -> usize {
    let definitions: usize = closure.iter().map(|(_, d)| nodes(d.as_view())).sum();
    definitions + atoms.iter().map(|a| nodes(a.as_view())).sum::<usize>()
}

/// The number of nodes of an expression tree.
fn nodes(v: AtomView<'_>) -> usize {
    1 + match v {
        AtomView::Num(_) | AtomView::Var(_) => 0,
        AtomView::Fun(f) => f.iter().map(nodes).sum(),
        AtomView::Pow(p) => {
            let (b, e) = p.get_base_exp();
            nodes(b) + nodes(e)
        }
        AtomView::Mul(m) => m.iter().map(nodes).sum(),
        AtomView::Add(a) => a.iter().map(nodes).sum(),
    }
}

/// ∂f/∂x_j for every j by one reverse sweep over the intermediates f uses (`closure`, in
/// program order).
fn gradient(
    prog: &Program,
    f: &Atom,
    closure: &[(Symbol, Atom)],
    x: &[Symbol],
    wrt: &HashSet<Symbol>,
) -> Vec<Atom> {
    let mut adjoint: HashMap<Symbol, Vec<Atom>> = HashMap::new();
    let mut out: HashMap<Symbol, Vec<Atom>> = HashMap::new();
    spread(prog, f, &Atom::num(1), wrt, &mut adjoint, &mut out);
    for (z, definition) in closure.iter().rev() {
        let Some(terms) = adjoint.remove(z) else {
            continue;
        };
        let bar = prog.define(sum(terms).expand());
        if !bar.is_zero() {
            spread(prog, definition, &bar, wrt, &mut adjoint, &mut out);
        }
    }
    x.iter()
        .map(|xj| match out.remove(xj) {
            Some(terms) => sum(terms).expand(),
            None => zero(),
        })
        .collect()
}

/// Adds bar · ∂e/∂s to the adjoint of every intermediate s of e that depends on a variable, and
/// to the result of every variable s in e.
fn spread(
    prog: &Program,
    e: &Atom,
    bar: &Atom,
    wrt: &HashSet<Symbol>,
    adjoint: &mut HashMap<Symbol, Vec<Atom>>,
    out: &mut HashMap<Symbol, Vec<Atom>>,
) {
    let mut symbols: Vec<Symbol> = e.get_all_symbols(false).into_iter().collect();
    symbols.sort_by_key(|s| s.get_name().to_string());
    for s in symbols {
        let target = if wrt.contains(&s) {
            &mut *out
        } else if prog.position(s).is_some() && prog.depends_on_any(s, wrt) {
            &mut *adjoint
        } else {
            continue;
        };
        let local = e.derivative(s);
        if !local.is_zero() {
            target.entry(s).or_default().push(bar * &local);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Reverse mode against forward mode (the chain rule through the program) on a program
    //! where reverse mode is the cheaper, at a numeric state.

    use super::*;
    use crate::symbolic::symbols::pool;

    #[test]
    fn reverse_mode_agrees_with_forward_mode() {
        let p = pool();
        let prog = &Program::new();
        let q: Vec<Atom> = (0..4).map(|i| Atom::var(p.q[i])).collect();
        // One function of four variables through a chain of shared intermediates.
        let mut z = prog.define(q[0].sin() * &q[1]);
        for (i, qi) in q.iter().enumerate().skip(1) {
            z = prog.define(&z * qi.cos() + &z * &z * Atom::num(i as i64));
        }
        let f = vec![&z * &q[3] + q[2].clone()];
        let x: Vec<Symbol> = p.q[..4].to_vec();
        let by_reverse = jacobian(prog, &f, &x);
        let by_forward: Vec<Atom> = x.iter().map(|&xj| partial(prog, &f[0], xj)).collect();
        let state: HashMap<Atom, f64> = q.iter().cloned().zip([0.7, -0.4, 1.3, 0.2]).collect();
        let values = prog.with_values(&state);
        for (r, d) in by_reverse[0].iter().zip(&by_forward) {
            let (r, d) = (r.evaluate(&values).unwrap(), d.evaluate(&values).unwrap());
            assert!((r - d).abs() <= 1e-13 * d.abs().max(1.0), "{r} vs {d}");
        }
    }
}
