//! Checks of the kinematic items (points, bodies, springs, dampers, loads, torques and geometric
//! contacts) that need no symbolic engine: names, dimensions, what each value may depend on, and
//! the values at the parameter defaults (positive mass, symmetric positive definite inertia,
//! non-zero normals, non-zero tangents perpendicular to their normals and to each other).

use super::ast::{Body, Contact, Gap, Inertia, Model, Orientation, RotationFactor, Torque, Vector};
use super::default_values::{check_inertia, constant_vector, norm, positive};
use super::parse_body::INERTIA_FORMS;
use super::places::{Place, Places};
use super::scope::{Scope, no_velocity, parameters_only};
use super::validate_joints::{constant_axis, validate_joints};
use proc_macro2::Span;
use syn::Error;

/// The dimension of the model's vectors (2 or 3), checking they all agree (3 with joint bodies).
pub fn dimension(m: &Model) -> syn::Result<Option<usize>> {
    let mut vectors: Vec<&Vector> = Vec::new();
    vectors.extend(m.points.iter().map(|p| &p.position));
    vectors.extend(m.bodies.iter().filter_map(|b| b.position.as_ref()));
    vectors.extend(m.gravity.iter());
    vectors.extend(m.loads.iter().map(|l| &l.force));
    for c in &m.contacts {
        if let Gap::Plane {
            normal, through, ..
        } = &c.gap
        {
            vectors.push(normal);
            vectors.extend(through.iter());
        }
        vectors.extend(c.tangent_direction.iter());
        vectors.extend(c.second_tangent_direction.iter());
    }
    if m.bodies.iter().any(|b| b.joint.is_some()) {
        if let Some(v) = vectors.iter().find(|v| v.components.len() != 3) {
            return Err(Error::new(
                v.span,
                format!(
                    "this vector has {} components but the model has joint bodies, which are spatial: a model is planar (2) or spatial (3) throughout",
                    v.components.len()
                ),
            ));
        }
        return Ok(Some(3));
    }
    let Some(first) = vectors.first() else {
        return Ok(None);
    };
    let d = first.components.len();
    for v in &vectors {
        if v.components.len() != d {
            return Err(Error::new(
                v.span,
                format!(
                    "this vector has {} components but the model's first vector has {d}: a model is planar (2) or spatial (3) throughout",
                    v.components.len()
                ),
            ));
        }
    }
    Ok(Some(d))
}

/// A vector of positions: functions of (q, t).
fn positions(scope: &Scope, v: &Vector, what: &str) -> syn::Result<()> {
    for e in &v.components {
        no_velocity(scope.dependencies(e)?, what)?;
    }
    Ok(())
}

/// Checks every kinematic item of `m`.
pub fn validate_kinematics(m: &Model, scope: &Scope, places: &Places) -> syn::Result<()> {
    validate_joints(m, scope, places)?;
    let dim = dimension(m)?;
    for p in &m.points {
        positions(
            scope,
            &p.position,
            &format!("the position of point `{}`", p.name.text),
        )?;
    }
    for b in m.bodies.iter().filter(|b| b.joint.is_none()) {
        body(b, scope, dim == Some(3))?;
    }
    if let Some(g) = &m.gravity {
        constant_vector(scope, g, "gravity")?;
    }
    for s in &m.springs {
        for n in &s.between {
            places.resolve(n)?;
        }
        parameters_only(scope, &s.stiffness, "a spring stiffness")?;
        if let Some(r) = &s.rest {
            parameters_only(scope, r, "a spring's rest length")?;
        }
    }
    for d in &m.dampers {
        for n in &d.between {
            places.resolve(n)?;
        }
        parameters_only(scope, &d.coefficient, "a damping coefficient")?;
    }
    for l in &m.loads {
        places.resolve(&l.at)?;
        for e in &l.force.components {
            scope.dependencies(e)?;
        }
    }
    for t in &m.torques {
        torque(t, m, scope, places, dim)?;
    }
    for c in &m.contacts {
        geometric_contact(c, scope, places)?;
    }
    Ok(())
}

/// A body without a joint: positive mass, positions of (q, t), an orientation and inertia of
/// its dimension.
fn body(b: &Body, scope: &Scope, spatial: bool) -> syn::Result<()> {
    let what = format!("body `{}`", b.name.text);
    positive(scope, &b.mass, &format!("the mass of {what}"))?;
    if let Some(p) = &b.position {
        positions(scope, p, &format!("the position of {what}"))?;
    }
    let planar_only = |span: Span| {
        Error::new(
            span,
            format!("{what} is planar: give its orientation as `angle`"),
        )
    };
    match &b.orientation {
        Some(Orientation::Angle(e)) if !spatial => {
            no_velocity(scope.dependencies(e)?, &format!("the angle of {what}"))?
        }
        Some(Orientation::Angle(e)) => {
            return Err(Error::new(
                e.span,
                format!("{what} is spatial: give its orientation as `rotation`, not `angle`"),
            ));
        }
        Some(Orientation::Sequence(_, span)) if !spatial => return Err(planar_only(*span)),
        Some(Orientation::Matrix(mx)) if !spatial => return Err(planar_only(mx.span)),
        Some(Orientation::Sequence(seq, _)) => {
            let of = format!("the rotation of {what}");
            for f in seq {
                match f {
                    RotationFactor::Elementary(_, e) => no_velocity(scope.dependencies(e)?, &of)?,
                    RotationFactor::About(axis, e) => {
                        constant_axis(scope, axis, &format!("a rotation axis in {of}"))?;
                        no_velocity(scope.dependencies(e)?, &of)?;
                    }
                    RotationFactor::Body(_) | RotationFactor::Matrix(_) => {}
                }
            }
        }
        Some(Orientation::Matrix(mx)) => {
            for e in mx.rows.iter().flatten() {
                no_velocity(scope.dependencies(e)?, &format!("the rotation of {what}"))?;
            }
        }
        None => {}
    }
    match (&b.inertia, spatial) {
        (None, _) => Ok(()),
        (Some(_), _) if b.orientation.is_none() => Err(Error::new(
            b.name.span,
            format!("{what} has an inertia but no orientation (`angle` or `rotation`)"),
        )),
        (Some(Inertia::Scalar(e)), false) => {
            positive(scope, e, &format!("the moment of inertia of {what}")).map(|_| ())
        }
        (Some(Inertia::Matrix(mx)), true) => check_inertia(scope, &mx.rows, mx.span),
        (Some(Inertia::Scalar(e)), true) => Err(Error::new(
            e.span,
            format!("{what} is spatial; unsupported inertia: {INERTIA_FORMS}"),
        )),
        (Some(Inertia::Matrix(mx)), false) => Err(Error::new(
            mx.span,
            format!("{what} is planar: its inertia is one number"),
        )),
    }
}

/// A torque acts on a body with an orientation and has one component per rotational freedom.
fn torque(
    t: &Torque,
    m: &Model,
    scope: &Scope,
    places: &Places,
    dim: Option<usize>,
) -> syn::Result<()> {
    let Place::Body(k) = places.resolve(&t.on)? else {
        return Err(Error::new(
            t.on.span,
            format!("`{}` is a point: a torque acts on a body", t.on.text),
        ));
    };
    if m.bodies[k].orientation.is_none() && m.bodies[k].joint.is_none() {
        return Err(Error::new(
            t.on.span,
            format!(
                "body `{}` has no orientation for a torque to turn",
                t.on.text
            ),
        ));
    }
    let want = if dim == Some(3) { 3 } else { 1 };
    if t.value.components.len() != want {
        return Err(Error::new(
            t.value.span,
            format!(
                "a torque has {want} component{} in a {} model",
                if want == 1 { "" } else { "s" },
                if want == 1 { "planar" } else { "spatial" }
            ),
        ));
    }
    for e in &t.value.components {
        scope.dependencies(e)?;
    }
    Ok(())
}

/// The geometry of a contact: a gap function, a point against a line or plane, or a distance
/// limit.
fn geometric_contact(c: &Contact, scope: &Scope, places: &Places) -> syn::Result<()> {
    let misplaced = |why: &str| match &c.tangent_direction {
        Some(t) => Err(Error::new(
            t.span,
            format!("`tangent` and `tangents` belong to a point-against-plane contact{why}"),
        )),
        None => Ok(()),
    };
    match &c.gap {
        Gap::Expr(_) => misplaced("; with `gap` give `slip`"),
        Gap::Plane {
            point,
            normal,
            through,
        } => {
            places.resolve(point)?;
            plane(c, normal, through.as_ref(), scope)
        }
        Gap::Distance { between, limit, .. } => {
            for n in between {
                places.resolve(n)?;
            }
            let what = format!("contact `{}`", c.name.text);
            positive(scope, limit, &format!("the distance limit of {what}"))?;
            misplaced("")
        }
    }
}

/// A point against a line or plane: a constant non-zero normal, a point of (q, t) on it, and
/// tangents perpendicular to the normal (and to each other) where they are given.
fn plane(c: &Contact, normal: &Vector, through: Option<&Vector>, scope: &Scope) -> syn::Result<()> {
    let what = format!("contact `{}`", c.name.text);
    let n = constant_vector(scope, normal, "a contact normal")?;
    if norm(&n) == 0.0 {
        return Err(Error::new(
            normal.span,
            format!(
                "the normal of {what} is zero at the parameter defaults: give a non-zero direction, e.g. `normal: (0.0, 0.0, 1.0)`"
            ),
        ));
    }
    if let Some(th) = through {
        positions(scope, th, "a contact plane's point")?;
    }
    let Some(t1) = &c.tangent_direction else {
        return Ok(());
    };
    if c.tangent.is_some() {
        return Err(Error::new(
            t1.span,
            format!(
                "{what} gives its tangential direction twice: keep either `tangent`/`tangents` or `slip`/`tangential_velocity`"
            ),
        ));
    }
    if n.len() == 2 && c.second_tangent_direction.is_some() {
        return Err(Error::new(
            t1.span,
            format!(
                "{what} is planar and has one tangent: give `tangent: (tx, ty)` (or none: the line's direction)"
            ),
        ));
    }
    let first = tangent(scope, t1, &n, &format!("the tangent of {what}"))?;
    if let Some(t2) = &c.second_tangent_direction {
        let second = tangent(scope, t2, &n, &format!("the second tangent of {what}"))?;
        let cos = cosine(&first, &second);
        if cos.abs() > 1e-9 {
            let how = if (cos.abs() - 1.0).abs() <= 1e-9 {
                "are parallel"
            } else {
                "are not perpendicular to each other"
            };
            return Err(Error::new(
                t2.span,
                format!(
                    "the two tangents of {what} {how} (the cosine of their angle is {cos} at the parameter defaults): give t2 = n̂ × t1, or only `tangent: t1` to have it built"
                ),
            ));
        }
    }
    Ok(())
}

/// t̂·n̂ of two non-zero vectors.
fn cosine(a: &[f64], b: &[f64]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    dot / (norm(a) * norm(b))
}

/// A tangent's values at the defaults: constant, non-zero, perpendicular to the normal `n`.
fn tangent(scope: &Scope, t: &Vector, n: &[f64], what: &str) -> syn::Result<Vec<f64>> {
    let tv = constant_vector(scope, t, "a contact tangent")?;
    if norm(&tv) == 0.0 {
        return Err(Error::new(
            t.span,
            format!(
                "{what} is zero at the parameter defaults: give a non-zero direction perpendicular to the normal"
            ),
        ));
    }
    let cos = cosine(&tv, n);
    if cos.abs() > 1e-9 {
        return Err(Error::new(
            t.span,
            format!(
                "{what} is not perpendicular to its normal (the cosine of their angle is {cos} at the parameter defaults): give a direction in the contact plane, e.g. the tangent minus its component along the normal"
            ),
        ));
    }
    Ok(tv)
}
