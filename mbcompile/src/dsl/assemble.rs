//! Assembly of a model written with points and bodies into the scalar form the derivation
//! works on: T, V, generalised forces Q and contact gaps/slips as expressions of (q, q̇, t).
//!
//! - T = T_written + Σ_bodies ½ m ṙ·ṙ + ½ ωᵀ I ω, with ω = θ̇ (planar) or, for a spatial body
//!   with rotation R (body axes → world), the body-axis angular velocity from ω̃ = Rᵀ Ṙ; a joint
//!   body's r and R are the [`ScalarKind::BodyPoint`] and [`ScalarKind::BodyRotation`] nodes of
//!   its frame (see `body_frames`), resolved by the joint bodies that [`Assembled`] keeps as its
//!   tree;
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
//! The result is of the scalar form ([`Scalar`]): velocities are written as [`ScalarKind::Rate`]
//! (the total time derivative of a function of (q, t)) and partial derivatives as
//! [`ScalarKind::Partial`]; the symbolic stage evaluates both, and the frames of joint bodies.
//! Runs after validation, so every name resolves.

use super::assemble_rolling::Velocities;
use super::assembled::{Assembled, AssembledContact};
use super::ast::{
    Constraint, Contact, Force, Gap, Inertia, Model, Name, Orientation, Tangent, Vector,
};
use super::body_frames::BodyFrames;
use super::build::{
    M3, add, div, dot, half, mul, neg, node, partial, rate, sqrt, square, sub, sum,
};
use super::default_values::constant_vector;
use super::places::{Place, Places};
use super::scalar::{Scalar, ScalarKind, Wrt};
use super::scope::Scope;
use super::tangent_basis::contact_slips;
use super::validate::Validated;
use proc_macro2::Span;

/// Body-axis angular velocity ω from ω̃ = Rᵀ Ṙ.
fn body_angular_velocity(r: &M3, span: Span) -> Vec<Scalar> {
    let rd: M3 = r.iter().map(|row| row.iter().map(rate).collect()).collect();
    let entry =
        |i: usize, j: usize| sum((0..3).map(|k| mul(r[k][i].clone(), rd[k][j].clone())), span);
    vec![entry(2, 1), entry(0, 2), entry(1, 0)]
}

/// Resolves a point or body name to the components of its position.
type Resolve<'a> = dyn Fn(&Name) -> syn::Result<Vec<Scalar>> + 'a;

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
    let mut forces: Vec<Force<Scalar>> = m
        .forces
        .iter()
        .map(|f| Force {
            coordinate: f.coordinate.clone(),
            value: frames.lower(&f.value),
        })
        .collect();
    let extra = generalised_forces(m, &frames, places, &resolve)?;
    add_forces(&mut forces, m, extra);
    let velocities = Velocities::new(m, &frames, places);
    let contacts: Vec<AssembledContact> = m
        .contacts
        .iter()
        .map(|c| contact(c, scope, &frames, &velocities, &resolve))
        .collect::<syn::Result<_>>()?;
    let mut constraints: Vec<Constraint<Scalar>> = m
        .constraints
        .iter()
        .map(|c| {
            Ok(Constraint {
                name: c.name.clone(),
                value: match c.velocity {
                    true => velocities.resolve(&c.value)?,
                    false => frames.lower(&c.value),
                },
                velocity: c.velocity,
            })
        })
        .collect::<syn::Result<_>>()?;
    for r in &m.rollings {
        constraints.extend(velocities.rolling(r, scope)?);
    }
    Ok(Assembled {
        definitions: m
            .definitions
            .iter()
            .map(|d| frames.lower(&d.value))
            .collect(),
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
        gravity: m.gravity.as_ref().map(|g| frames.lower_all(&g.components)),
        validated: v,
    })
}

/// The squared distance and the distance between two points or bodies.
fn separation(pair: &[Name; 2], span: Span, resolve: &Resolve) -> syn::Result<(Scalar, Scalar)> {
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
) -> syn::Result<(Option<Scalar>, Option<Scalar>)> {
    let lower = |e: &super::ast::Expr| frames.lower(e);
    let mut kinetic = m.kinetic.as_ref().map(lower);
    let mut potential = m.potential.as_ref().map(lower);
    let more = |slot: &mut Option<Scalar>, e: Scalar| {
        *slot = Some(match slot.take() {
            Some(t) => add(t, e),
            None => e,
        });
    };
    for (k, b) in m.bodies.iter().enumerate() {
        let s = b.span;
        let position = frames.position(k);
        let v: Vec<Scalar> = position.iter().map(rate).collect();
        let mass = lower(&b.mass);
        let mut t = half(mul(mass.clone(), dot(&v, &v, s)));
        match (&b.orientation, &b.inertia) {
            (Some(Orientation::Angle(th)), Some(Inertia::Scalar(i))) => {
                t = add(t, half(mul(lower(i), square(rate(&lower(th))))));
            }
            (_, Some(Inertia::Matrix(i))) => {
                if let Some(r) = frames.rotation(k) {
                    let w = body_angular_velocity(&r, s);
                    let iw: Vec<Scalar> = (0..3)
                        .map(|k| dot(&frames.lower_all(&i.rows[k]), &w, s))
                        .collect();
                    t = add(t, half(dot(&w, &iw, s)));
                }
            }
            _ => {}
        }
        if let Some(j) = &b.joint
            && let (Some(a), [q]) = (&j.armature, j.kind.coordinates().as_slice())
        {
            let qd = node(ScalarKind::Dot(q.text.clone()), q.span);
            t = add(t, half(mul(lower(a), square(qd))));
        }
        more(&mut kinetic, t);
        if let Some(g) = &m.gravity {
            let g = frames.lower_all(&g.components);
            more(&mut potential, neg(mul(mass, dot(&g, &position, s))));
        }
    }
    for sp in &m.springs {
        let span = sp.name.span;
        let (d2, d) = separation(&sp.between, span, resolve)?;
        let k = lower(&sp.stiffness);
        let e = match &sp.rest {
            Some(l0) => half(mul(k, square(sub(d, lower(l0))))),
            None => half(mul(k, d2)),
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
) -> syn::Result<Vec<Vec<Scalar>>> {
    let mut extra: Vec<Vec<Scalar>> = vec![Vec::new(); m.coordinates.len()];
    for l in &m.loads {
        let r = resolve(&l.at)?;
        let force = frames.lower_all(&l.force.components);
        for (j, q) in extra.iter_mut().enumerate() {
            let dr: Vec<Scalar> = r.iter().map(|x| partial(x, Wrt::Coordinate(j))).collect();
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
                let th = frames.lower(th);
                for (j, q) in extra.iter_mut().enumerate() {
                    q.push(mul(value[0].clone(), partial(&th, Wrt::Coordinate(j))));
                }
            }
            (_, Some(r)) => {
                let w = body_angular_velocity(&r, t.name.span);
                let world: Vec<Scalar> = (0..3).map(|i| dot(&r[i], &w, t.name.span)).collect();
                for (j, q) in extra.iter_mut().enumerate() {
                    let dw: Vec<Scalar> =
                        world.iter().map(|x| partial(x, Wrt::Velocity(j))).collect();
                    q.push(dot(&value, &dw, t.name.span));
                }
            }
            _ => {}
        }
    }
    for d in &m.dampers {
        let (_, dist) = separation(&d.between, d.name.span, resolve)?;
        let force = neg(mul(frames.lower(&d.coefficient), rate(&dist)));
        for (j, q) in extra.iter_mut().enumerate() {
            q.push(mul(force.clone(), partial(&dist, Wrt::Coordinate(j))));
        }
    }
    Ok(extra)
}

/// Adds the assembled terms `extra` (per coordinate of `m`) to the generalised `forces`.
fn add_forces(forces: &mut Vec<Force<Scalar>>, m: &Model, extra: Vec<Vec<Scalar>>) {
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

/// A contact with its gap (and slip) written as functions of (q, t), body velocities in a
/// tangential velocity (a sphere's material point at its contact) written out.
fn contact(
    c: &Contact,
    scope: &Scope,
    frames: &BodyFrames,
    velocities: &Velocities,
    resolve: &Resolve,
) -> syn::Result<AssembledContact> {
    let span = c.name.span;
    let mut tangent = match &c.tangent {
        None => None,
        Some(Tangent::Slip(e)) => Some(Tangent::Slip(frames.lower(e))),
        Some(Tangent::Slips([a, b])) => Some(Tangent::Slips([frames.lower(a), frames.lower(b)])),
        Some(Tangent::Velocity(e)) => Some(Tangent::Velocity(velocities.resolve(e)?)),
        Some(Tangent::Velocities([a, b])) => Some(Tangent::Velocities([
            velocities.resolve(a)?,
            velocities.resolve(b)?,
        ])),
    };
    let gap = match &c.gap {
        Gap::Expr(e) => frames.lower(e),
        Gap::Plane {
            point,
            normal,
            through,
        } => {
            let r = resolve(point)?;
            let n = &frames.lower_all(&normal.components);
            let len = sqrt(dot(n, n, span));
            let rel: Vec<Scalar> = match through {
                Some(r0) => r
                    .iter()
                    .zip(&frames.lower_all(&r0.components))
                    .map(|(x, y)| sub(x.clone(), y.clone()))
                    .collect(),
                None => r.clone(),
            };
            if c.tangent.is_none() && c.friction.is_some() {
                let lower =
                    |t: &Option<_>| t.as_ref().map(|t: &Vector| frames.lower_all(&t.components));
                let given = [
                    lower(&c.tangent_direction),
                    lower(&c.second_tangent_direction),
                ];
                let values = constant_vector(scope, normal, "a contact normal")?;
                tangent = Some(contact_slips(n, &values, given, &r, span));
            }
            div(dot(n, &rel, span), len)
        }
        Gap::Distance {
            between,
            limit,
            maximum,
        } => {
            let (_, d) = separation(between, span, resolve)?;
            let limit = frames.lower(limit);
            if *maximum {
                sub(limit, d)
            } else {
                sub(d, limit)
            }
        }
    };
    Ok(AssembledContact {
        name: c.name.clone(),
        gap,
        normal_restitution: frames.lower(&c.normal_restitution),
        tangential_restitution: c.tangential_restitution.as_ref().map(|e| frames.lower(e)),
        friction: c.friction.as_ref().map(|e| frames.lower(e)),
        tangent,
        span: c.span,
    })
}
