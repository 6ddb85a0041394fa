//! Assembly of a model written with points and bodies into the scalar form the derivation
//! works on: T, V, generalised forces Q and contact gaps/slips as expressions of (q, q̇, t).
//!
//! - T = T_written + Σ_bodies ½ m ṙ·ṙ + ½ ωᵀ I ω, with ω = θ̇ (planar) or, for a spatial body
//!   with rotation R (body axes → world), the body-axis angular velocity from ω̃ = Rᵀ Ṙ; a joint
//!   body's r and R are the [`ExprKind::BodyPoint`] and [`ExprKind::BodyRotation`] nodes of its
//!   frame (see `body_frames`), resolved by the joint bodies that [`Assembled`] keeps as its tree;
//! - V = V_written − Σ_bodies m g·r + Σ_springs ½ k (|r_a − r_b| − l₀)²;
//! - Q_j += Σ_loads F·∂r/∂q_j + Σ_torques τ ∂θ/∂q_j (planar) or τ·∂(Rω)/∂q̇_j (spatial, τ in
//!   world axes) − Σ_dampers c ḋ ∂d/∂q_j with d = |r_a − r_b|;
//! - a point against a line or plane: g_N = n̂·(r − r₀) and, with friction, the slip s_T = t̂·r
//!   with t̂ the line's direction (n̂ turned by −90°: t̂ = (n̂_y, −n̂_x)) or the given tangent, or
//!   for a plane in space the two slips of its tangent plane (see `tangent_basis`); a distance
//!   limit:
//!   g_N = l − |r_a − r_b| (`max`) or |r_a − r_b| − l (`min`);
//! - body velocities in velocity constraints and `rolling` items: see `assemble_rolling`.
//!
//! Velocities are written as the internal node [`ExprKind::Rate`] (the total time derivative of a
//! function of (q, t)) and partial derivatives as [`ExprKind::Partial`]; the symbolic stage
//! evaluates both, and the frames of joint bodies. Runs after validation, so every name resolves.

use super::assemble_rolling::Velocities;
use super::ast::{
    Body, Constraint, Contact, Expr, ExprKind, Force, Gap, Inertia, Model, Name, Orientation,
    Parameter, Tangent, Vector, Wrt,
};
use super::body_frames::BodyFrames;
use super::build::{
    M3, add, div, dot, half, mul, neg, node, partial, rate, sqrt, square, sub, sum,
};
use super::default_values::constant_vector;
use super::places::{Place, Places};
use super::scope::Scope;
use super::tangent_basis::contact_slips;
use super::validate::Validated;
use proc_macro2::Span;

/// Body-axis angular velocity ω from ω̃ = Rᵀ Ṙ.
fn body_angular_velocity(r: &M3, span: Span) -> Vec<Expr> {
    let rd: M3 = r.iter().map(|row| row.iter().map(rate).collect()).collect();
    let entry =
        |i: usize, j: usize| sum((0..3).map(|k| mul(r[k][i].clone(), rd[k][j].clone())), span);
    vec![entry(2, 1), entry(0, 2), entry(1, 0)]
}

/// Resolves a point or body name to the components of its position.
type Resolve<'a> = dyn Fn(&Name) -> syn::Result<Vec<Expr>> + 'a;

/// A validated model in scalar form, the derive stage's input: T, V and Q as expressions of
/// (q, q̇, t) with the points, hand-placed bodies, gravity, springs, dampers, loads and torques
/// written into them; the bilateral constraints (holonomic, velocity, and the `rolling` items
/// lowered to velocity constraints) and the contacts with their gaps and slips as such
/// expressions; the joint bodies as the kinematic tree. Not the user's block: the names these
/// expressions use (parameters, coordinates, time, `let`s) are the validated block's, read
/// through it.
pub struct Assembled<'v> {
    /// T(q, q̇, t).
    pub kinetic: Option<Expr>,
    /// V(q, t).
    pub potential: Option<Expr>,
    /// Generalised forces Q, at most one per coordinate.
    pub forces: Vec<Force>,
    /// Bilateral constraints: holonomic, then velocity constraints in block order, then those
    /// of the `rolling` items.
    pub constraints: Vec<Constraint>,
    /// Unilateral contacts, gaps and slips in (q, t).
    pub contacts: Vec<Contact>,
    /// The bodies on joints (their frames resolve the `BodyPoint` and `BodyRotation` nodes),
    /// in block order.
    pub tree: Vec<Body>,
    /// The gravity vector, kept as a record: V already contains its potential −Σ m g·c (the
    /// expanded route differentiates that), and the structured route subtracts it again to run
    /// gravity through the Newton–Euler recursion instead of differentiating V along the tree.
    pub gravity: Option<Vector>,
    /// The validated block whose names these use.
    pub validated: &'v Validated<'v>,
}

impl<'v> Assembled<'v> {
    /// The user's block.
    pub fn block(&self) -> &'v Model {
        self.validated.model
    }

    /// The generalised coordinates, in order.
    pub fn coordinates(&self) -> &'v [Name] {
        &self.validated.model.coordinates
    }

    /// The parameters, in order.
    pub fn parameters(&self) -> &'v [Parameter] {
        &self.validated.model.parameters
    }
}

/// The scalar model equivalent to a validated model.
pub fn assemble<'v>(v: &'v Validated<'v>) -> syn::Result<Assembled<'v>> {
    let (m, scope, places) = (v.model, &v.scope, &v.places);
    let frames = BodyFrames::new(m);
    let resolve = |n: &Name| {
        places.resolve(n).map(|p| match p {
            Place::Body(k) => frames.position(k),
            Place::Point(_) => frames.lower_all(&p.position(m)),
        })
    };
    let (kinetic, potential) = energies(m, &frames, &resolve)?;
    let mut forces = m.forces.clone();
    let extra = generalised_forces(m, &frames, places, &resolve)?;
    add_forces(&mut forces, m, extra);
    let velocities = Velocities::new(m, &frames, places);
    let mut contacts: Vec<Contact> = m
        .contacts
        .iter()
        .map(|c| contact(c, scope, &frames, &resolve))
        .collect::<syn::Result<_>>()?;
    for c in &mut contacts {
        // Body velocities in a tangential velocity (a sphere's material point at its contact).
        match &mut c.tangent {
            Some(Tangent::Velocity(e)) => *e = velocities.resolve(e)?,
            Some(Tangent::Velocities(pair)) => {
                for e in pair {
                    *e = velocities.resolve(e)?;
                }
            }
            _ => {}
        }
    }
    let mut constraints = m.constraints.clone();
    for c in constraints.iter_mut().filter(|c| c.velocity) {
        c.value = velocities.resolve(&c.value)?;
    }
    for r in &m.rollings {
        constraints.extend(velocities.rolling(r, scope)?);
    }
    Ok(Assembled {
        kinetic,
        potential,
        forces,
        constraints,
        contacts,
        tree: m
            .bodies
            .iter()
            .filter(|b| b.joint.is_some())
            .cloned()
            .collect(),
        gravity: m.gravity.as_ref().map(|g| Vector {
            components: frames.lower_all(&g.components),
            span: g.span,
        }),
        validated: v,
    })
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

/// T and V with the bodies' kinetic energies (a joint's armature a adding ½ a q̇²), gravity and
/// springs added.
fn energies(
    m: &Model,
    frames: &BodyFrames,
    resolve: &Resolve,
) -> syn::Result<(Option<Expr>, Option<Expr>)> {
    let mut kinetic = m.kinetic.clone();
    let mut potential = m.potential.clone();
    let more = |slot: &mut Option<Expr>, e: Expr| {
        *slot = Some(match slot.take() {
            Some(t) => add(t, e),
            None => e,
        });
    };
    for (k, b) in m.bodies.iter().enumerate() {
        let s = b.span;
        let position = frames.position(k);
        let v: Vec<Expr> = position.iter().map(rate).collect();
        let mut t = half(mul(b.mass.clone(), dot(&v, &v, s)));
        match (&b.orientation, &b.inertia) {
            (Some(Orientation::Angle(th)), Some(Inertia::Scalar(i))) => {
                t = add(t, half(mul(i.clone(), square(rate(th)))));
            }
            (_, Some(Inertia::Matrix(i))) => {
                if let Some(r) = frames.rotation(k) {
                    let w = body_angular_velocity(&r, s);
                    let iw: Vec<Expr> = (0..3).map(|k| dot(&i.rows[k], &w, s)).collect();
                    t = add(t, half(dot(&w, &iw, s)));
                }
            }
            _ => {}
        }
        if let Some(j) = &b.joint
            && let (Some(a), [q]) = (&j.armature, j.kind.coordinates().as_slice())
        {
            let qd = node(ExprKind::Dot(q.text.clone()), q.span);
            t = add(t, half(mul(a.clone(), square(qd))));
        }
        more(&mut kinetic, t);
        if let Some(g) = &m.gravity {
            let g = frames.lower_all(&g.components);
            more(
                &mut potential,
                neg(mul(b.mass.clone(), dot(&g, &position, s))),
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
    frames: &BodyFrames,
    places: &Places,
    resolve: &Resolve,
) -> syn::Result<Vec<Vec<Expr>>> {
    let mut extra: Vec<Vec<Expr>> = vec![Vec::new(); m.coordinates.len()];
    for l in &m.loads {
        let r = resolve(&l.at)?;
        let force = frames.lower_all(&l.force.components);
        for (j, q) in extra.iter_mut().enumerate() {
            let dr: Vec<Expr> = r.iter().map(|x| partial(x, Wrt::Coordinate(j))).collect();
            q.push(dot(&force, &dr, l.name.span));
        }
    }
    for t in &m.torques {
        let Place::Body(k) = places.resolve(&t.on)? else {
            continue;
        };
        let value = frames.lower_all(&t.value.components);
        match (&m.bodies[k].orientation, frames.rotation(k)) {
            (Some(Orientation::Angle(th)), _) => {
                for (j, q) in extra.iter_mut().enumerate() {
                    q.push(mul(value[0].clone(), partial(th, Wrt::Coordinate(j))));
                }
            }
            (_, Some(r)) => {
                let w = body_angular_velocity(&r, t.name.span);
                let world: Vec<Expr> = (0..3).map(|i| dot(&r[i], &w, t.name.span)).collect();
                for (j, q) in extra.iter_mut().enumerate() {
                    let dw: Vec<Expr> =
                        world.iter().map(|x| partial(x, Wrt::Velocity(j))).collect();
                    q.push(dot(&value, &dw, t.name.span));
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

/// Adds the assembled terms `extra` (per coordinate of `m`) to the generalised `forces`.
fn add_forces(forces: &mut Vec<Force>, m: &Model, extra: Vec<Vec<Expr>>) {
    for (j, terms) in extra.into_iter().enumerate() {
        if terms.is_empty() {
            continue;
        }
        let span = terms[0].span;
        let total = sum(terms, span);
        match forces
            .iter_mut()
            .find(|f| f.coordinate.text == m.coordinates[j].text)
        {
            Some(f) => f.value = add(f.value.clone(), total),
            None => forces.push(Force {
                coordinate: m.coordinates[j].clone(),
                value: total,
            }),
        }
    }
}

/// A contact with its gap (and slip) written as functions of (q, t).
fn contact(
    c: &Contact,
    scope: &Scope,
    frames: &BodyFrames,
    resolve: &Resolve,
) -> syn::Result<Contact> {
    let mut out = c.clone();
    out.tangent_direction = None;
    out.second_tangent_direction = None;
    let span = c.name.span;
    match &c.gap {
        Gap::Expr(_) => {}
        Gap::Plane {
            point,
            normal,
            through,
        } => {
            let r = resolve(point)?;
            let n = &frames.lower_all(&normal.components);
            let len = sqrt(dot(n, n, span));
            let rel: Vec<Expr> = match through {
                Some(r0) => r
                    .iter()
                    .zip(&frames.lower_all(&r0.components))
                    .map(|(x, y)| sub(x.clone(), y.clone()))
                    .collect(),
                None => r.clone(),
            };
            out.gap = Gap::Expr(div(dot(n, &rel, span), len.clone()));
            if c.tangent.is_none() && c.friction.is_some() {
                let lower =
                    |t: &Option<_>| t.as_ref().map(|t: &Vector| frames.lower_all(&t.components));
                let given = [
                    lower(&c.tangent_direction),
                    lower(&c.second_tangent_direction),
                ];
                let values = constant_vector(scope, normal, "a contact normal")?;
                out.tangent = Some(contact_slips(n, &values, given, &r, span));
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
