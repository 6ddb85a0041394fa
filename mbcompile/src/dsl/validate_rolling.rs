//! Checks of velocity constraints and `rolling` items that need no symbolic engine: what a
//! velocity constraint may use (velocities, and the body velocities `velocity(B, P).x`,
//! `angular_velocity(B).z` of existing bodies and points), and a rolling item's body, radius,
//! axis, normal and optional fields. Linearity in q̇ is checked by the derivation.

use super::ast::{Constraint, Expr, ExprKind, Model, Name, Orientation, Rolling, Vector};
use super::default_values::{constant_vector, norm, positive};
use super::places::{Place, Places};
use super::scope::{Dependencies, Scope, no_velocity, parameters_only};
use super::validate_kinematics::dimension;
use syn::Error;

/// What a velocity constraint's expression depends on, resolving body velocities.
pub fn velocity_constraint(
    c: &Constraint,
    m: &Model,
    scope: &Scope,
    places: &Places,
) -> syn::Result<()> {
    let deps = dependencies(&c.value, m, scope, places)?;
    if deps.velocity.is_none() {
        return Err(Error::new(
            c.value.span,
            format!(
                "velocity constraint `{}` does not use any velocity: a condition on q and t \
                 alone is a holonomic `constraint`",
                c.name.text
            ),
        ));
    }
    Ok(())
}

/// What a contact's tangential velocity depends on, resolving body velocities (the velocity of
/// the material point of a body at the contact point, as a sphere's: ṙ_c + ω × (r_P − r_c)).
pub fn tangential_velocity(
    e: &Expr,
    m: &Model,
    scope: &Scope,
    places: &Places,
) -> syn::Result<Dependencies> {
    dependencies(e, m, scope, places)
}

/// `Scope::dependencies` with `velocity(B, P)` and `angular_velocity(B)` allowed.
fn dependencies(e: &Expr, m: &Model, scope: &Scope, places: &Places) -> syn::Result<Dependencies> {
    let each = |a: &Expr| dependencies(a, m, scope, places);
    Ok(match &e.kind {
        ExprKind::BodyVelocity { body, point, .. } => {
            spinning_body(
                m,
                places,
                &Name {
                    text: body.clone(),
                    span: e.span,
                },
            )?;
            if let Some(p) = point {
                places.resolve(&Name {
                    text: p.clone(),
                    span: e.span,
                })?;
            }
            Dependencies {
                velocity: Some(e.span),
                coordinate: Some(e.span),
                time: None,
            }
        }
        ExprKind::Neg(a) | ExprKind::Call(_, a) | ExprKind::Powi(a, _) => each(a)?,
        ExprKind::Binary(_, a, b) | ExprKind::Powf(a, b) => each(a)?.merge(each(b)?),
        _ => scope.dependencies(e)?,
    })
}

/// The body a body velocity or a rolling item names: a body (not a point) with an orientation.
fn spinning_body(m: &Model, places: &Places, n: &Name) -> syn::Result<usize> {
    match places.resolve(n)? {
        Place::Body(k) => {
            let b = &m.bodies[k];
            if b.orientation.is_none() && b.joint.is_none() {
                return Err(Error::new(
                    n.span,
                    format!(
                        "body `{}` is a particle (it has no `angle` or `rotation`): it has no \
                         angular velocity",
                        n.text
                    ),
                ));
            }
            Ok(k)
        }
        Place::Point(_) => Err(Error::new(
            n.span,
            format!("`{}` is a point; a body is needed here", n.text),
        )),
    }
}

/// A rolling item: an existing spinning body, a positive parameter radius, a constant normal
/// (and axis, for a disk in space), vectors of the model's dimension.
pub fn rolling(r: &Rolling, m: &Model, scope: &Scope, places: &Places) -> syn::Result<()> {
    let k = spinning_body(m, places, &r.body)?;
    parameters_only(scope, &r.radius, "a rolling radius")?;
    positive(scope, &r.radius, "a rolling radius")?;
    let spatial = dimension(m)? == Some(3);
    let planar_body = matches!(m.bodies[k].orientation, Some(Orientation::Angle(_)));
    let n = constant_vector(scope, &r.normal, "a rolling normal")?;
    if norm(&n) == 0.0 {
        return Err(Error::new(r.normal.span, "the rolling normal is zero"));
    }
    let want = if spatial { 3 } else { 2 };
    let vectors = [
        Some(&r.normal),
        r.axis.as_ref(),
        r.through.as_ref(),
        r.tangent.as_ref(),
    ];
    for v in vectors
        .into_iter()
        .flatten()
        .chain(r.surface_velocity.as_ref())
    {
        dimension_of(v, want)?;
    }
    match (&r.axis, spatial, planar_body) {
        (Some(a), true, false) => {
            let a = constant_vector(scope, a, "a rolling axis")?;
            if norm(&a) == 0.0 {
                return Err(Error::new(r.span, "the rolling axis is zero"));
            }
        }
        (Some(a), false, _) => {
            return Err(Error::new(
                a.span,
                "a planar body rolls as a disk in its plane: drop `axis`",
            ));
        }
        (_, false, true) | (None, true, false) => {}
        _ => {
            return Err(Error::new(
                r.body.span,
                "the rolling body must match the model's dimension (a planar body with `angle` \
                 in a planar model, a body with `rotation` or a joint in space)",
            ));
        }
    }
    if let Some(t) = &r.tangent {
        constant_vector(scope, t, "a rolling tangent")?;
    }
    if let Some(t) = &r.through {
        constant_vector(scope, t, "the point `through` of a rolling plane")?;
    }
    if let Some(v) = &r.surface_velocity {
        for e in &v.components {
            no_velocity(scope.dependencies(e)?, "a surface velocity")?;
        }
    }
    Ok(())
}

/// A vector with `want` components.
fn dimension_of(v: &Vector, want: usize) -> syn::Result<()> {
    if v.components.len() == want {
        return Ok(());
    }
    Err(Error::new(
        v.span,
        format!("expected a vector with {want} components, as the model's points"),
    ))
}

/// The names of the constraints a rolling item adds: the no-slip conditions along the tangents
/// (`name_t1`, `name_t2` on a plane in space, `name_t` on a line) and, with `touch: true`, the
/// touching condition `name_touch`.
pub fn rolling_constraint_names(r: &Rolling, spatial: bool) -> Vec<String> {
    let n = &r.name.text;
    let mut out = if spatial {
        vec![format!("{n}_t1"), format!("{n}_t2")]
    } else {
        vec![format!("{n}_t")]
    };
    if r.touch {
        out.push(format!("{n}_touch"));
    }
    out
}
