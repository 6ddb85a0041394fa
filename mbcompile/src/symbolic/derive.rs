//! Derivation of every quantity the runtime contract needs, from T, V, Q and the constraints.
//!
//! Notation (DESIGN.md "Derivation"): q, q̇, q̈, q⃛ coordinates and their time derivatives, t time.
//!
//! - M = ∂²T/∂q̇², h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q (so M q̈ = h + W λ);
//! - C_ij = Σ_k Γ_ijk q̇_k with Γ_ijk = ½(∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i), so Ṁ − 2C is
//!   skew-symmetric;
//! - for every constraint function f(q, t) (bilateral g, gap g_N, slip s_T): the Jacobian
//!   column ∇f, the time partial ∂f/∂t, and the drift D(γ)|_{q̈=0} with γ = D(f), where
//!   D = ∂/∂t + Σ q̇_i ∂/∂q_i + q̈_i ∂/∂q̇_i + q⃛_i ∂/∂q̈_i + q⁗_i ∂/∂q⃛_i is the total time derivative along a
//!   trajectory; a tangential velocity γ_T given directly must be linear in q̇;
//! - D¹, …, D⁴ of gaps and bilateral constraints, Ẇ = D(W), Ẅ = D²(W) of their Jacobians;
//!   Ṁ = D(M), M̈ = D²(M), ḣ = D(h), ḧ = D²(h) (Lötstedt 1982, Theorem 5.4, (5.10)–(5.13): the
//!   iteration up to its second level differentiates M q̈ = h + Wλ and the constraints twice);
//! - ∇V, ∇²V, ∂∇V/∂p_k, and the Hessians ∂²g/∂q² of bilateral constraints and gaps
//!   (Schulz & Pellegrino 2000, (2.8)–(2.17), (3.7)–(3.8)).
//!
//! Checks made here, each reported at the place in the block it concerns: T quadratic in q̇ (M
//! free of q̇), M symmetric positive definite at sample states, tangential velocities linear in
//! q̇, constraints and gaps that actually depend on q.

// Index loops mirror the index notation of the formulas (M_ij, Γ_ijk).
#![allow(clippy::needless_range_loop)]

use super::convert::Converter;
use super::numeric::Sampler;
use super::rate::{Rates, sum};
use super::symbols::{pool, vars};
use crate::dsl::ast::{Gap, Model, Orientation, Tangent};
use symbolica::atom::{Atom, AtomCore};
use symbolica::{parse, symbol};
use syn::Error;

/// A row-major matrix of atoms.
pub type AtomMatrix = Vec<Vec<Atom>>;

/// Everything derived from one model.
pub struct Derived {
    /// Coordinates.
    pub nq: usize,
    /// Bilateral constraints.
    pub nb: usize,
    /// Contacts.
    pub nu: usize,
    /// Parameters.
    pub np: usize,
    /// Whether anything depends on time explicitly.
    pub rheonomic: bool,
    /// T, as written (for evaluation: the written form is the cheapest to compute).
    pub kinetic: Atom,
    /// V.
    pub potential: Atom,
    /// M (nq × nq, symmetric).
    pub mass: AtomMatrix,
    /// h.
    pub forces: Vec<Atom>,
    /// C.
    pub coriolis: AtomMatrix,
    /// g.
    pub bilateral: Vec<Atom>,
    /// ∂g_j/∂q_i stored as `[j][i]` (column j of G).
    pub bilateral_jacobian: AtomMatrix,
    /// ∂g_j/∂t.
    pub bilateral_time: Vec<Atom>,
    /// Ġᵀq̇ + d/dt ĝ.
    pub bilateral_drift: Vec<Atom>,
    /// g_N.
    pub gaps: Vec<Atom>,
    /// ∂g_Nc/∂q_i stored as `[c][i]`.
    pub gap_jacobian: AtomMatrix,
    /// ∂g_N/∂t.
    pub gap_time: Vec<Atom>,
    /// Ẇ_Nᵀq̇ + d/dt ŵ_N.
    pub gap_drift: Vec<Atom>,
    /// W_T stored as `[c][i]` (zero for contacts without tangent).
    pub slip_jacobian: AtomMatrix,
    /// ŵ_T.
    pub slip_time: Vec<Atom>,
    /// Ẇ_Tᵀq̇ + d/dt ŵ_T.
    pub slip_drift: Vec<Atom>,
    /// Whether each contact has a tangent.
    pub has_tangent: Vec<bool>,
    /// d^k g_N/dt^k, k = 1, …, 4, stored as `[c][k-1]`.
    pub gap_rates: AtomMatrix,
    /// d^k g/dt^k, k = 1, …, 4, stored as `[j][k-1]`.
    pub bilateral_rates: AtomMatrix,
    /// Ẇ_N and Ẅ_N columns per contact: `[c] = [Ẇ_N column, Ẅ_N column]`.
    pub gap_jacobian_rates: Vec<[Vec<Atom>; 2]>,
    /// Ġ and G̈ columns per bilateral constraint.
    pub bilateral_jacobian_rates: Vec<[Vec<Atom>; 2]>,
    /// Ṁ.
    pub mass_dot: AtomMatrix,
    /// M̈.
    pub mass_ddot: AtomMatrix,
    /// ḣ.
    pub forces_dot: Vec<Atom>,
    /// ḧ.
    pub forces_ddot: Vec<Atom>,
    /// ∇V.
    pub potential_gradient: Vec<Atom>,
    /// ∇²V.
    pub potential_hessian: AtomMatrix,
    /// ∂∇V/∂p_k stored as `[k][i]`.
    pub potential_gradient_parameter: AtomMatrix,
    /// ∂²g_j/∂q² per constraint.
    pub bilateral_hessians: Vec<AtomMatrix>,
    /// ∂²g_Nc/∂q² per contact.
    pub gap_hessians: Vec<AtomMatrix>,
    /// (ε_N, ε_T, μ) per contact, expressions of the parameters.
    pub contact_laws: Vec<[Atom; 3]>,
}

/// Progress reporting: called with a stage name before each stage.
pub type Progress<'a> = &'a mut dyn FnMut(&str);

fn zero() -> Atom {
    Atom::num(0)
}

/// sin(x)^n → sin(x)^(n-2) (1 − cos(x)^2) for n ≥ 2, then expand: lets sin² + cos² cancel.
fn trig_reduce(e: &Atom) -> Atom {
    let n = symbol!("n_");
    e.replace(parse!("sin(x_)^n_"))
        .when(n.filter(|v| i64::try_from(v).is_ok_and(|k| k >= 2)))
        .repeat()
        .with(parse!("sin(x_)^(n_-2)*(1-cos(x_)^2)"))
        .expand()
}

/// Compact form of one derived entry: expanded, then factored (keeps chain models near O(n²)).
fn compact(e: &Atom) -> Atom {
    let x = e.expand();
    if x.is_zero() { x } else { x.factor() }
}

/// Expanded and collected in the velocities, with factored coefficients.
fn collect_velocities(e: &Atom, qd: &[Atom]) -> Atom {
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

/// ∂T/∂q̇_i for every i.
fn momenta(kinetic: &Atom, nq: usize) -> Vec<Atom> {
    let p = pool();
    (0..nq).map(|i| kinetic.derivative(p.qd[i])).collect()
}

/// Whether a velocity q̇_i (i < nq) occurs anywhere in `v`.
fn has_velocity(v: symbolica::atom::AtomView, nq: usize) -> bool {
    use symbolica::atom::AtomView;
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

/// Reads M off an expanded T = Σ_ij ½ M_ij q̇_i q̇_j + (terms of degree 0 and 1 in q̇).
///
/// Every term must be a product of q̇-free factors and at most two velocity factors (q̇_i,
/// q̇_i²); then M_ij is the coefficient of q̇_i q̇_j (i ≠ j) and M_ii twice that of q̇_i²,
/// compacted. Returns the matrix and whether terms of degree 0 or 1 occur, or `None` if some
/// term is not of that form (a velocity inside a function, a power or degree above two): the
/// caller then differentiates, which locates the problem. One pass over T instead of n² second
/// derivatives.
fn quadratic_form(kinetic: &Atom, nq: usize) -> Option<(AtomMatrix, bool)> {
    use symbolica::atom::AtomView;
    let p = pool();
    let velocity = |v: AtomView| -> Option<usize> {
        match v {
            AtomView::Var(x) => p.qd[..nq].iter().position(|s| *s == x.get_symbol()),
            _ => None,
        }
    };
    let two = Atom::num(2);
    let mut terms: Vec<Vec<Vec<Atom>>> = vec![vec![Vec::new(); nq]; nq];
    let mut lower = false;
    let mut term = |t: AtomView<'_>| -> Option<()> {
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
            lower = true;
            return Some(());
        }
        let (i, j) = (vel[0].min(vel[1]), vel[0].max(vel[1]));
        let mut coeff = if i == j { two.clone() } else { Atom::num(1) };
        for f in rest {
            coeff *= f;
        }
        terms[i][j].push(coeff);
        Some(())
    };
    match kinetic.as_view() {
        AtomView::Add(a) => {
            for t in a.iter() {
                term(t)?;
            }
        }
        other => term(other)?,
    }
    let mut mass = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let m = compact(&sum(std::mem::take(&mut terms[i][j])));
            mass[j][i] = m.clone();
            mass[i][j] = m;
        }
    }
    Some((mass, lower))
}

/// Total time derivative along a trajectory:
/// D f = ∂f/∂t + Σ q̇_i ∂f/∂q_i + q̈_i ∂f/∂q̇_i + q⃛_i ∂f/∂q̈_i + q⁗_i ∂f/∂q⃛_i (see [`Rates`]).
pub fn total_derivative(f: &Atom, nq: usize, rheonomic: bool) -> Atom {
    Rates::trajectory(nq, rheonomic).of(f)
}

/// The velocity-dependent part of D(γ) for γ(q, q̇, t) linear in q̇: D(γ) with q̈ = 0.
fn drift(gamma: &Atom, nq: usize, rheonomic: bool) -> Atom {
    Rates::positions(nq, rheonomic).of(gamma).expand()
}

fn gradient(f: &Atom, nq: usize) -> Vec<Atom> {
    let p = pool();
    (0..nq).map(|i| f.derivative(p.q[i]).expand()).collect()
}

fn hessian(grad: &[Atom], nq: usize) -> AtomMatrix {
    let p = pool();
    let mut h = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let v = compact(&grad[i].derivative(p.q[j]));
            h[j][i] = v.clone();
            h[i][j] = v;
        }
    }
    h
}

/// Jacobian column, time partial and drift of a constraint function f(q, t).
struct Kinematics {
    jacobian: Vec<Atom>,
    time: Atom,
    drift: Atom,
}

fn kinematics(f: &Atom, nq: usize, rheonomic: bool) -> Kinematics {
    let p = pool();
    let jacobian = gradient(f, nq);
    let time = if rheonomic {
        f.derivative(p.t).expand()
    } else {
        zero()
    };
    let qd = vars(&p.qd, nq);
    let mut gamma = time.clone();
    for i in 0..nq {
        gamma += &jacobian[i] * &qd[i];
    }
    let d = drift(&gamma, nq, rheonomic);
    Kinematics {
        jacobian,
        time,
        drift: d,
    }
}

fn rates(f: &Atom, nq: usize, rheonomic: bool) -> Vec<Atom> {
    let d1 = total_derivative(f, nq, rheonomic).expand();
    let d2 = total_derivative(&d1, nq, rheonomic).expand();
    let d3 = total_derivative(&d2, nq, rheonomic).expand();
    let d4 = total_derivative(&d3, nq, rheonomic).expand();
    vec![d1, d2, d3, d4]
}

/// Ẇ = D(∇f) and Ẅ = D²(∇f) of a Jacobian column ∇f(q, t), entry by entry: `[Ẇ, Ẅ]`.
fn jacobian_rates(column: &[Atom], nq: usize, rheonomic: bool) -> [Vec<Atom>; 2] {
    let first: Vec<Atom> = column
        .iter()
        .map(|w| total_derivative(w, nq, rheonomic).expand())
        .collect();
    let second = first
        .iter()
        .map(|w| total_derivative(w, nq, rheonomic).expand())
        .collect();
    [first, second]
}

fn uses_any(e: &Atom, syms: &[symbolica::atom::Symbol]) -> Option<usize> {
    syms.iter().position(|s| e.contains_symbol(*s))
}

/// A rotation matrix written by hand must be orthonormal with determinant +1: checked at the
/// sample states (|RᵀR − I| ≤ 1e-9, det R > 0), reported at the matrix.
fn check_rotations(model: &Model) -> syn::Result<()> {
    let conv = Converter::new(model)?;
    let sampler = Sampler::new(model);
    for b in &model.bodies {
        let Some(Orientation::Matrix(mx)) = &b.orientation else {
            continue;
        };
        let r: Vec<Vec<Atom>> = mx
            .rows
            .iter()
            .map(|row| row.iter().map(|e| conv.atom(e)).collect())
            .collect();
        for (s, state) in sampler.states().iter().enumerate() {
            let mut v = [[0.0; 3]; 3];
            for i in 0..3 {
                for j in 0..3 {
                    v[i][j] = super::numeric::value(&r[i][j], state).unwrap_or(f64::NAN);
                }
            }
            let mut err: f64 = 0.0;
            for i in 0..3 {
                for j in 0..3 {
                    let rtr: f64 = (0..3).map(|k| v[k][i] * v[k][j]).sum();
                    err = err.max((rtr - if i == j { 1.0 } else { 0.0 }).abs());
                }
            }
            let det = v[0][0] * (v[1][1] * v[2][2] - v[1][2] * v[2][1])
                - v[0][1] * (v[1][0] * v[2][2] - v[1][2] * v[2][0])
                + v[0][2] * (v[1][0] * v[2][1] - v[1][1] * v[2][0]);
            if err.is_nan() || err > 1e-9 || det <= 0.0 {
                return Err(Error::new(
                    mx.span,
                    format!(
                        "the rotation of body `{}` is not a rotation matrix at sample state {} (max |RᵀR − I| = {err:.3e}, det R = {det:.3})",
                        b.name.text,
                        s + 1
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Derives everything for a validated model.
pub fn derive(written: &Model, progress: Progress) -> syn::Result<Derived> {
    let p = pool();
    check_rotations(written)?;
    let assembled = crate::dsl::assemble::assemble(written)?;
    let model = &assembled;
    let nq = model.coordinates.len();
    let nb = model.constraints.len();
    let nu = model.contacts.len();
    let np = model.parameters.len();
    if nq > super::symbols::MAX_SYMBOLS || np > super::symbols::MAX_SYMBOLS {
        return Err(Error::new(
            model.name.span,
            format!(
                "a model may have at most {} coordinates and {} parameters",
                super::symbols::MAX_SYMBOLS,
                super::symbols::MAX_SYMBOLS
            ),
        ));
    }
    let conv = Converter::new(model)?;
    let qd = vars(&p.qd, nq);
    let kinetic_expr = model.kinetic.as_ref().ok_or_else(|| {
        Error::new(
            model.name.span,
            "the model has no kinetic energy and no bodies",
        )
    })?;
    let kinetic_written = conv.atom(kinetic_expr);
    let kinetic = trig_reduce(&kinetic_written.expand());
    let potential = model
        .potential
        .as_ref()
        .map(|v| conv.atom(v).expand())
        .unwrap_or_else(zero);
    let mut generalised = vec![zero(); nq];
    for f in &model.forces {
        let k = model
            .coordinates
            .iter()
            .position(|c| c.text == f.coordinate.text)
            .expect("validated");
        generalised[k] = conv.atom(&f.value);
    }
    let constraint_atoms: Vec<Atom> = model
        .constraints
        .iter()
        .map(|c| conv.atom(&c.value).expand())
        .collect();
    let gap_atoms: Vec<Atom> = model
        .contacts
        .iter()
        .map(|c| match &c.gap {
            Gap::Expr(e) => Ok(conv.atom(e).expand()),
            _ => Err(Error::new(c.span, "a geometric gap survived assembly")),
        })
        .collect::<syn::Result<_>>()?;
    let rheonomic = [&kinetic, &potential]
        .into_iter()
        .chain(generalised.iter())
        .chain(constraint_atoms.iter())
        .chain(gap_atoms.iter())
        .any(|a| a.contains_symbol(p.t))
        || model.contacts.iter().any(|c| match &c.tangent {
            Some(Tangent::Slip(e)) | Some(Tangent::Velocity(e)) => {
                conv.atom(e).contains_symbol(p.t)
            }
            None => false,
        });

    // Mass matrix and its checks.
    progress("mass matrix");
    // Fast path: T expanded is a sum of monomials of degree ≤ 2 in q̇ with q̇-free coefficients,
    // so M is read off the coefficients. Otherwise M = ∂²T/∂q̇² by differentiation, which also
    // locates what makes T not quadratic.
    // `momenta` (∂T/∂q̇) are kept when computed here: the force stage needs them too.
    let (mass, lower_degree, momenta_done) = match quadratic_form(&kinetic, nq) {
        Some((mass, lower)) => (mass, lower, None),
        None => {
            let dt_dqd = momenta(&kinetic, nq);
            let mut mass = vec![vec![zero(); nq]; nq];
            for i in 0..nq {
                for j in i..nq {
                    let m = compact(&dt_dqd[i].derivative(p.qd[j]));
                    if let Some(k) = uses_any(&m, &p.qd[..nq]) {
                        return Err(Error::new(
                            kinetic_expr.span,
                            format!(
                                "the kinetic energy is not quadratic in the velocities: ∂²T/∂q̇∂q̇ entry ({}, {}) still depends on dot({})",
                                model.coordinates[i].text,
                                model.coordinates[j].text,
                                model.coordinates[k].text
                            ),
                        ));
                    }
                    mass[j][i] = m.clone();
                    mass[i][j] = m;
                }
            }
            (mass, true, Some(dt_dqd))
        }
    };
    let sampler = Sampler::new(model);
    sampler.check_positive_definite(&mass, model, kinetic_expr.span)?;

    // Christoffel symbols → C; Ṁ from the same ∂M/∂q.
    progress("coriolis");
    let mut dm = vec![vec![vec![zero(); nq]; nq]; nq]; // dm[i][j][k] = ∂M_ij/∂q_k
    for i in 0..nq {
        for j in i..nq {
            for k in 0..nq {
                if mass[i][j].contains_symbol(p.q[k]) {
                    let d = mass[i][j].derivative(p.q[k]);
                    dm[j][i][k] = d.clone();
                    dm[i][j][k] = d;
                }
            }
        }
    }
    let mut coriolis = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in 0..nq {
            let mut c = zero();
            for k in 0..nq {
                let g = &dm[i][j][k] + &dm[i][k][j] - &dm[j][k][i];
                if !g.is_zero() {
                    c += g * &qd[k];
                }
            }
            // Kept unexpanded: the factored ∂M/∂q stay compact and the evaluator shares them.
            coriolis[i][j] = c / Atom::num(2);
        }
    }

    // h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q.
    progress("forces");
    let potential_gradient: Vec<Atom> = gradient(&potential, nq).iter().map(compact).collect();
    // For T = ½ q̇ᵀ M(q) q̇ (no explicit time, no terms of degree 0 or 1 in q̇) the velocity part of
    // h is −C q̇ with the Christoffel matrix above: this avoids differentiating the expanded T.
    let homogeneous = !lower_degree && !kinetic.contains_symbol(p.t);
    let dt_dqd = match (homogeneous, momenta_done) {
        (true, _) => Vec::new(),
        (false, Some(m)) => m,
        (false, None) => momenta(&kinetic, nq),
    };
    let mut forces = Vec::with_capacity(nq);
    for i in 0..nq {
        if homogeneous {
            let mut cq = zero();
            for j in 0..nq {
                if !coriolis[i][j].is_zero() {
                    cq -= &coriolis[i][j] * &qd[j];
                }
            }
            forces.push(cq - &potential_gradient[i] + &generalised[i]);
            continue;
        }
        let mut h = kinetic.derivative(p.q[i]);
        for (j, qdj) in qd.iter().enumerate() {
            if dt_dqd[i].contains_symbol(p.q[j]) {
                h -= dt_dqd[i].derivative(p.q[j]) * qdj;
            }
        }
        if rheonomic {
            h -= dt_dqd[i].derivative(p.t);
        }
        let velocity_part = collect_velocities(&h, &qd);
        forces.push(velocity_part - &potential_gradient[i] + &generalised[i]);
    }

    // Constraints.
    progress("constraints");
    let mut bilateral_jacobian = Vec::new();
    let mut bilateral_time = Vec::new();
    let mut bilateral_drift = Vec::new();
    for (c, g) in model.constraints.iter().zip(&constraint_atoms) {
        let k = kinematics(g, nq, rheonomic);
        sampler.check_depends_on_q(
            &k.jacobian,
            c.value.span,
            &format!("bilateral constraint `{}`", c.name.text),
        )?;
        bilateral_jacobian.push(k.jacobian);
        bilateral_time.push(k.time);
        bilateral_drift.push(k.drift);
    }
    let mut gap_jacobian = Vec::new();
    let mut gap_time = Vec::new();
    let mut gap_drift = Vec::new();
    let mut slip_jacobian = Vec::new();
    let mut slip_time = Vec::new();
    let mut slip_drift = Vec::new();
    let mut has_tangent = Vec::new();
    let mut contact_laws = Vec::new();
    for (c, g) in model.contacts.iter().zip(&gap_atoms) {
        let k = kinematics(g, nq, rheonomic);
        let gap_span = match &c.gap {
            Gap::Expr(e) => e.span,
            _ => c.span,
        };
        sampler.check_depends_on_q(
            &k.jacobian,
            gap_span,
            &format!("the gap of contact `{}`", c.name.text),
        )?;
        gap_jacobian.push(k.jacobian);
        gap_time.push(k.time);
        gap_drift.push(k.drift);
        match &c.tangent {
            Some(Tangent::Slip(e)) => {
                let s = conv.atom(e).expand();
                let k = kinematics(&s, nq, rheonomic);
                sampler.check_depends_on_q(
                    &k.jacobian,
                    e.span,
                    &format!("the slip of contact `{}`", c.name.text),
                )?;
                slip_jacobian.push(k.jacobian);
                slip_time.push(k.time);
                slip_drift.push(k.drift);
                has_tangent.push(true);
            }
            Some(Tangent::Velocity(e)) => {
                let gamma = conv.atom(e).expand();
                let w: Vec<Atom> = (0..nq)
                    .map(|i| gamma.derivative(p.qd[i]).expand())
                    .collect();
                for wi in &w {
                    if let Some(k) = uses_any(wi, &p.qd[..nq]) {
                        return Err(Error::new(
                            e.span,
                            format!(
                                "the tangential velocity of contact `{}` must be linear in the velocities; it is not linear in dot({})",
                                c.name.text, model.coordinates[k].text
                            ),
                        ));
                    }
                }
                sampler.check_depends_on_q(
                    &w,
                    e.span,
                    &format!("the tangential velocity of contact `{}`", c.name.text),
                )?;
                let mut offset = gamma.clone();
                for s in &p.qd[..nq] {
                    offset = offset.replace(Atom::var(*s)).with(zero());
                }
                let offset = offset.expand();
                slip_drift.push(drift(&gamma, nq, rheonomic));
                slip_jacobian.push(w);
                slip_time.push(offset);
                has_tangent.push(true);
            }
            None => {
                slip_jacobian.push(vec![zero(); nq]);
                slip_time.push(zero());
                slip_drift.push(zero());
                has_tangent.push(false);
            }
        }
        let law = |e: Option<&crate::dsl::Expr>| e.map(|e| conv.atom(e)).unwrap_or_else(zero);
        contact_laws.push([
            conv.atom(&c.normal_restitution),
            law(c.tangential_restitution.as_ref()),
            law(c.friction.as_ref()),
        ]);
    }

    // Time derivatives along a trajectory.
    progress("time derivatives");
    let gap_rates: AtomMatrix = gap_atoms.iter().map(|g| rates(g, nq, rheonomic)).collect();
    let bilateral_rates: AtomMatrix = constraint_atoms
        .iter()
        .map(|g| rates(g, nq, rheonomic))
        .collect();
    let gap_jacobian_rates = gap_jacobian
        .iter()
        .map(|w| jacobian_rates(w, nq, rheonomic))
        .collect();
    let bilateral_jacobian_rates = bilateral_jacobian
        .iter()
        .map(|w| jacobian_rates(w, nq, rheonomic))
        .collect();
    let mut mass_dot = vec![vec![zero(); nq]; nq];
    let mut mass_ddot = vec![vec![zero(); nq]; nq];
    for i in 0..nq {
        for j in i..nq {
            let mut d = if rheonomic {
                mass[i][j].derivative(p.t)
            } else {
                zero()
            };
            for k in 0..nq {
                if !dm[i][j][k].is_zero() {
                    d += &dm[i][j][k] * &qd[k];
                }
            }
            let dd = total_derivative(&d, nq, rheonomic);
            mass_dot[i][j] = d.clone();
            mass_dot[j][i] = d;
            mass_ddot[i][j] = dd.clone();
            mass_ddot[j][i] = dd;
        }
    }
    let forces_dot: Vec<Atom> = forces
        .iter()
        .map(|h| total_derivative(h, nq, rheonomic))
        .collect();
    let forces_ddot: Vec<Atom> = forces_dot
        .iter()
        .map(|h| total_derivative(h, nq, rheonomic))
        .collect();

    // Equilibrium analysis.
    progress("hessians");
    let potential_hessian = hessian(&potential_gradient, nq);
    let potential_gradient_parameter: AtomMatrix = (0..np)
        .map(|k| {
            potential_gradient
                .iter()
                .map(|g| compact(&g.derivative(p.p[k])))
                .collect()
        })
        .collect();
    let bilateral_hessians = bilateral_jacobian.iter().map(|g| hessian(g, nq)).collect();
    let gap_hessians = gap_jacobian.iter().map(|g| hessian(g, nq)).collect();

    Ok(Derived {
        nq,
        nb,
        nu,
        np,
        rheonomic,
        kinetic: kinetic_written,
        potential,
        mass,
        forces,
        coriolis,
        bilateral: constraint_atoms,
        bilateral_jacobian,
        bilateral_time,
        bilateral_drift,
        gaps: gap_atoms,
        gap_jacobian,
        gap_time,
        gap_drift,
        slip_jacobian,
        slip_time,
        slip_drift,
        has_tangent,
        gap_rates,
        bilateral_rates,
        gap_jacobian_rates,
        bilateral_jacobian_rates,
        mass_dot,
        mass_ddot,
        forces_dot,
        forces_ddot,
        potential_gradient,
        potential_hessian,
        potential_gradient_parameter,
        bilateral_hessians,
        gap_hessians,
        contact_laws,
    })
}
