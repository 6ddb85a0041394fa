//! Assembly of a model written with points and bodies into the scalar form the derivation
//! works on: T, V, generalised forces Q and contact gaps/slips as expressions of (q, q̇, t).
//!
//! - T = T_written + Σ_bodies ½ m ṙ·ṙ + ½ ωᵀ I ω, with ω = θ̇ (planar) or, for a spatial body
//!   with rotation R (body axes → world), the body-axis angular velocity from ω̃ = Rᵀ Ṙ;
//! - V = V_written − Σ_bodies m g·r + Σ_springs ½ k (|r_a − r_b| − l₀)²;
//! - Q_j += Σ_loads F·∂r/∂q_j + Σ_torques τ ∂θ/∂q_j (planar) or τ·∂(Rω)/∂q̇_j (spatial, τ in
//!   world axes) − Σ_dampers c ḋ ∂d/∂q_j with d = |r_a − r_b|;
//! - a point against a line or plane: g_N = n̂·(r − r₀) and, with friction, the slip s_T = t̂·r
//!   with t̂ the line's direction (n̂ turned by −90°: t̂ = (n̂_y, −n̂_x)) or the given tangent; a
//!   distance limit:
//!   g_N = l − |r_a − r_b| (`max`) or |r_a − r_b| − l (`min`).
//!
//! Velocities are written as the internal node [`ExprKind::Rate`] (the total time derivative of a
//! function of (q, t)) and partial derivatives as [`ExprKind::Partial`]; the symbolic stage
//! evaluates both. Runs after validation, so every name resolves.

use super::ast::{
    Axis, BinOp, Body, Contact, Expr, ExprKind, Force, Gap, Inertia, Model, Name, Number,
    Orientation, Tangent, Wrt,
};
use super::places::{Place, Places};
use super::scope::Scope;
use proc_macro2::Span;

fn node(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

fn int(k: i64, span: Span) -> Expr {
    node(
        ExprKind::Number(Number {
            value: k as f64,
            digits: k.to_string(),
            exponent: 0,
        }),
        span,
    )
}

fn is_int(e: &Expr, k: i64) -> bool {
    matches!(&e.kind, ExprKind::Number(n) if n.exponent == 0 && n.digits == k.to_string())
}

fn add(a: Expr, b: Expr) -> Expr {
    if is_int(&a, 0) {
        return b;
    }
    if is_int(&b, 0) {
        return a;
    }
    let span = a.span;
    node(ExprKind::Binary(BinOp::Add, Box::new(a), Box::new(b)), span)
}

fn sub(a: Expr, b: Expr) -> Expr {
    if is_int(&b, 0) {
        return a;
    }
    let span = a.span;
    node(ExprKind::Binary(BinOp::Sub, Box::new(a), Box::new(b)), span)
}

fn mul(a: Expr, b: Expr) -> Expr {
    if is_int(&a, 0) || is_int(&b, 0) {
        return int(0, a.span);
    }
    if is_int(&a, 1) {
        return b;
    }
    if is_int(&b, 1) {
        return a;
    }
    let span = a.span;
    node(ExprKind::Binary(BinOp::Mul, Box::new(a), Box::new(b)), span)
}

fn div(a: Expr, b: Expr) -> Expr {
    let span = a.span;
    node(ExprKind::Binary(BinOp::Div, Box::new(a), Box::new(b)), span)
}

fn neg(a: Expr) -> Expr {
    let span = a.span;
    node(ExprKind::Neg(Box::new(a)), span)
}

fn square(a: Expr) -> Expr {
    let span = a.span;
    node(ExprKind::Powi(Box::new(a), 2), span)
}

fn sqrt(a: Expr) -> Expr {
    let span = a.span;
    node(
        ExprKind::Call(super::ast::Function::Sqrt, Box::new(a)),
        span,
    )
}

fn half(a: Expr) -> Expr {
    let span = a.span;
    div(a, int(2, span))
}

fn rate(a: &Expr) -> Expr {
    node(ExprKind::Rate(Box::new(a.clone())), a.span)
}

fn partial(a: &Expr, wrt: Wrt) -> Expr {
    node(ExprKind::Partial(Box::new(a.clone()), wrt), a.span)
}

fn sum(terms: impl IntoIterator<Item = Expr>, span: Span) -> Expr {
    terms.into_iter().fold(int(0, span), add)
}

fn dot(a: &[Expr], b: &[Expr], span: Span) -> Expr {
    sum(
        a.iter().zip(b).map(|(x, y)| mul(x.clone(), y.clone())),
        span,
    )
}

/// 3×3 matrix of expressions.
type M3 = Vec<Vec<Expr>>;

fn elementary(axis: Axis, a: &Expr) -> M3 {
    let s = a.span;
    let (c, sn) = (
        node(
            ExprKind::Call(super::ast::Function::Cos, Box::new(a.clone())),
            s,
        ),
        node(
            ExprKind::Call(super::ast::Function::Sin, Box::new(a.clone())),
            s,
        ),
    );
    let (o, z) = (int(1, s), int(0, s));
    match axis {
        Axis::X => vec![
            vec![o, z.clone(), z.clone()],
            vec![z.clone(), c.clone(), neg(sn.clone())],
            vec![z, sn, c],
        ],
        Axis::Y => vec![
            vec![c.clone(), z.clone(), sn.clone()],
            vec![z.clone(), o, z.clone()],
            vec![neg(sn), z, c],
        ],
        Axis::Z => vec![
            vec![c.clone(), neg(sn.clone()), z.clone()],
            vec![sn, c, z.clone()],
            vec![z.clone(), z, o],
        ],
    }
}

fn matmul(a: &M3, b: &M3, span: Span) -> M3 {
    (0..3)
        .map(|i| {
            (0..3)
                .map(|j| sum((0..3).map(|k| mul(a[i][k].clone(), b[k][j].clone())), span))
                .collect()
        })
        .collect()
}

/// R (body axes → world) of a spatial body.
pub fn rotation(b: &Body) -> Option<M3> {
    match b.orientation.as_ref()? {
        Orientation::Angle(_) => None,
        Orientation::Sequence(seq, span) => {
            let mut r: Option<M3> = None;
            for (axis, a) in seq {
                let e = elementary(*axis, a);
                r = Some(match r {
                    None => e,
                    Some(r) => matmul(&r, &e, *span),
                });
            }
            r
        }
        Orientation::Matrix(m) => Some(m.rows.clone()),
    }
}

/// Body-axis angular velocity ω from ω̃ = Rᵀ Ṙ.
fn body_angular_velocity(r: &M3, span: Span) -> Vec<Expr> {
    let rd: M3 = r.iter().map(|row| row.iter().map(rate).collect()).collect();
    let entry =
        |i: usize, j: usize| sum((0..3).map(|k| mul(r[k][i].clone(), rd[k][j].clone())), span);
    vec![entry(2, 1), entry(0, 2), entry(1, 0)]
}

/// Resolves a point or body name to the components of its position.
type Resolve<'a> = dyn Fn(&Name) -> syn::Result<Vec<Expr>> + 'a;

/// The scalar model equivalent to `m` (unchanged when `m` has no kinematic items).
pub fn assemble(m: &Model) -> syn::Result<Model> {
    let scope = Scope::new(m)?;
    let places = Places::new(m, &scope)?;
    let resolve = |n: &Name| places.resolve(n).map(|p| p.position(m).components.clone());
    let mut out = m.clone();
    out.points.clear();
    out.bodies.clear();
    out.gravity = None;
    out.springs.clear();
    out.dampers.clear();
    out.loads.clear();
    out.torques.clear();
    let (kinetic, potential) = energies(m, &resolve)?;
    out.kinetic = kinetic;
    out.potential = potential;
    let extra = generalised_forces(m, &places, &resolve)?;
    add_forces(&mut out, m, extra);
    out.contacts = m
        .contacts
        .iter()
        .map(|c| contact(c, &resolve))
        .collect::<syn::Result<_>>()?;
    Ok(out)
}

/// The squared distance and the distance between two points or bodies.
fn separation(pair: &[Name; 2], span: Span, resolve: &Resolve) -> syn::Result<(Expr, Expr)> {
    let (a, b) = (resolve(&pair[0])?, resolve(&pair[1])?);
    let d2 = sum(
        a.iter()
            .zip(&b)
            .map(|(x, y)| square(sub(x.clone(), y.clone()))),
        span,
    );
    Ok((d2.clone(), sqrt(d2)))
}

/// T and V with the bodies' kinetic energies, gravity and springs added.
fn energies(m: &Model, resolve: &Resolve) -> syn::Result<(Option<Expr>, Option<Expr>)> {
    let mut kinetic = m.kinetic.clone();
    let mut potential = m.potential.clone();
    let more = |slot: &mut Option<Expr>, e: Expr| {
        *slot = Some(match slot.take() {
            Some(t) => add(t, e),
            None => e,
        });
    };
    for b in &m.bodies {
        let s = b.span;
        let v: Vec<Expr> = b.position.components.iter().map(rate).collect();
        let mut t = half(mul(b.mass.clone(), dot(&v, &v, s)));
        match (&b.orientation, &b.inertia) {
            (Some(Orientation::Angle(th)), Some(Inertia::Scalar(i))) => {
                t = add(t, half(mul(i.clone(), square(rate(th)))));
            }
            (Some(_), Some(Inertia::Matrix(i))) => {
                if let Some(r) = rotation(b) {
                    let w = body_angular_velocity(&r, s);
                    let iw: Vec<Expr> = (0..3).map(|k| dot(&i.rows[k], &w, s)).collect();
                    t = add(t, half(dot(&w, &iw, s)));
                }
            }
            _ => {}
        }
        more(&mut kinetic, t);
        if let Some(g) = &m.gravity {
            more(
                &mut potential,
                neg(mul(
                    b.mass.clone(),
                    dot(&g.components, &b.position.components, s),
                )),
            );
        }
    }
    for sp in &m.springs {
        let span = sp.name.span;
        let (d2, d) = separation(&sp.between, span, resolve)?;
        let e = match &sp.rest {
            Some(l0) => half(mul(sp.stiffness.clone(), square(sub(d, l0.clone())))),
            None => half(mul(sp.stiffness.clone(), d2)),
        };
        more(&mut potential, e);
    }
    Ok((kinetic, potential))
}

/// The terms of Q_j from loads, torques and dampers, per coordinate.
fn generalised_forces(
    m: &Model,
    places: &Places,
    resolve: &Resolve,
) -> syn::Result<Vec<Vec<Expr>>> {
    let mut extra: Vec<Vec<Expr>> = vec![Vec::new(); m.coordinates.len()];
    for l in &m.loads {
        let r = resolve(&l.at)?;
        for (j, q) in extra.iter_mut().enumerate() {
            let dr: Vec<Expr> = r.iter().map(|x| partial(x, Wrt::Coordinate(j))).collect();
            q.push(dot(&l.force.components, &dr, l.name.span));
        }
    }
    for t in &m.torques {
        let Place::Body(k) = places.resolve(&t.on)? else {
            continue;
        };
        let b = &m.bodies[k];
        match (&b.orientation, rotation(b)) {
            (Some(Orientation::Angle(th)), _) => {
                for (j, q) in extra.iter_mut().enumerate() {
                    q.push(mul(
                        t.value.components[0].clone(),
                        partial(th, Wrt::Coordinate(j)),
                    ));
                }
            }
            (_, Some(r)) => {
                let w = body_angular_velocity(&r, t.name.span);
                let world: Vec<Expr> = (0..3).map(|i| dot(&r[i], &w, t.name.span)).collect();
                for (j, q) in extra.iter_mut().enumerate() {
                    let dw: Vec<Expr> =
                        world.iter().map(|x| partial(x, Wrt::Velocity(j))).collect();
                    q.push(dot(&t.value.components, &dw, t.name.span));
                }
            }
            _ => {}
        }
    }
    for d in &m.dampers {
        let (_, dist) = separation(&d.between, d.name.span, resolve)?;
        let force = neg(mul(d.coefficient.clone(), rate(&dist)));
        for (j, q) in extra.iter_mut().enumerate() {
            q.push(mul(force.clone(), partial(&dist, Wrt::Coordinate(j))));
        }
    }
    Ok(extra)
}

/// Adds the assembled terms to the written forces of `out`.
fn add_forces(out: &mut Model, m: &Model, extra: Vec<Vec<Expr>>) {
    for (j, terms) in extra.into_iter().enumerate() {
        if terms.is_empty() {
            continue;
        }
        let span = terms[0].span;
        let total = sum(terms, span);
        match out
            .forces
            .iter_mut()
            .find(|f| f.coordinate.text == m.coordinates[j].text)
        {
            Some(f) => f.value = add(f.value.clone(), total),
            None => out.forces.push(Force {
                coordinate: m.coordinates[j].clone(),
                value: total,
            }),
        }
    }
}

fn contact(c: &Contact, resolve: &Resolve) -> syn::Result<Contact> {
    let mut out = c.clone();
    out.tangent_direction = None;
    let span = c.name.span;
    match &c.gap {
        Gap::Expr(_) => {}
        Gap::Plane {
            point,
            normal,
            through,
        } => {
            let r = resolve(point)?;
            let n = &normal.components;
            let len = sqrt(dot(n, n, span));
            let rel: Vec<Expr> = match through {
                Some(r0) => r
                    .iter()
                    .zip(&r0.components)
                    .map(|(x, y)| sub(x.clone(), y.clone()))
                    .collect(),
                None => r.clone(),
            };
            out.gap = Gap::Expr(div(dot(n, &rel, span), len.clone()));
            if c.tangent.is_none() && c.friction.is_some() {
                let t: Option<Vec<Expr>> = match &c.tangent_direction {
                    Some(t) => Some(t.components.clone()),
                    None if n.len() == 2 => Some(vec![n[1].clone(), neg(n[0].clone())]),
                    None => None,
                };
                if let Some(t) = t {
                    let tl = sqrt(dot(&t, &t, span));
                    out.tangent = Some(Tangent::Slip(div(dot(&t, &r, span), tl)));
                }
            }
        }
        Gap::Distance {
            between,
            limit,
            maximum,
        } => {
            let (_, d) = separation(between, span, resolve)?;
            out.gap = Gap::Expr(if *maximum {
                sub(limit.clone(), d)
            } else {
                sub(d, limit.clone())
            });
        }
    }
    Ok(out)
}
