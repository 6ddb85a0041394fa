//! Checks of joint bodies and of composed rotations that need no symbolic engine: parents that
//! exist, have joints and form a tree; joint coordinates that are coordinates, each moved by one
//! joint; constant three-component axes (non-zero at the parameter defaults), offsets, offset
//! rotations and centres of mass; spatial inertias; rotation factors naming bodies with a
//! spatial frame, composed without loops.

use super::ast::{Body, Inertia, Joint, Model, Name, Orientation, RotationFactor, Vector};
use super::default_values::{check_inertia, constant_vector, norm, positive};
use super::parse_body::INERTIA_FORMS;
use super::places::{Place, Places};
use super::scope::{Binding, Scope, parameters_only};
use std::collections::HashMap;
use syn::Error;

/// Checks every joint body and every rotation composed from other bodies' rotations.
pub fn validate_joints(m: &Model, scope: &Scope, places: &Places) -> syn::Result<()> {
    let mut moved: HashMap<&str, &str> = HashMap::new();
    for b in &m.bodies {
        let Some(j) = &b.joint else { continue };
        joint_body(b, j, scope)?;
        parent(m, j, places)?;
        for q in j.kind.coordinates() {
            joint_coordinate(b, q, scope, &mut moved)?;
        }
    }
    parent_loops(m)?;
    for b in &m.bodies {
        if let Some(Orientation::Sequence(seq, _)) = &b.orientation {
            for f in seq {
                if let RotationFactor::Body(n) = f {
                    composed_frame(m, n, places)?;
                }
            }
        }
    }
    rotation_loops(m)
}

/// The constant parts of one joint body: axis, offset, offset rotation, centre of mass,
/// armature, mass and inertia.
fn joint_body(b: &Body, j: &Joint, scope: &Scope) -> syn::Result<()> {
    let who = format!("body `{}`", b.name.text);
    // Mass 0 without inertia: a frame between joints (two joints at one link, as a universal
    // joint), carrying the bodies below it.
    let frame = b.inertia.is_none()
        && super::scope::constant(scope, &b.mass, "a mass").is_ok_and(|m| m == 0.0);
    if !frame {
        positive(
            scope,
            &b.mass,
            &format!("the mass of {who} (0 only for a frame without inertia)"),
        )?;
    }
    if let Some(axis) = j.kind.axis() {
        constant_axis(scope, axis, &format!("the joint axis of {who}"))?;
    }
    if let Some(o) = &j.offset {
        constant_vector3(scope, o, &format!("the joint offset of {who}"))?;
    }
    if let Some(c) = &b.com {
        constant_vector3(scope, c, &format!("the centre of mass `com` of {who}"))?;
    }
    if let Some(a) = &j.armature {
        let v = super::scope::constant(scope, a, &format!("the armature of {who}"))?;
        if !(v >= 0.0 && v.is_finite()) {
            return Err(Error::new(
                a.span,
                format!(
                    "the armature of {who} must be zero or positive; it is {v} at the parameter defaults"
                ),
            ));
        }
    }
    let what = format!("the offset rotation of {who}");
    for f in &j.offset_rotation {
        match f {
            RotationFactor::Elementary(_, a) => parameters_only(scope, a, &what)?,
            RotationFactor::About(axis, a) => {
                constant_axis(scope, axis, &format!("a rotation axis in {what}"))?;
                parameters_only(scope, a, &what)?;
            }
            RotationFactor::Matrix(mx) => {
                for e in mx.rows.iter().flatten() {
                    parameters_only(scope, e, &what)?;
                }
            }
            RotationFactor::Body(n) => {
                return Err(Error::new(
                    n.span,
                    format!(
                        "{what} is constant: it cannot contain the rotation of body `{}` (a joint body's frame already follows its parent's)",
                        n.text
                    ),
                ));
            }
        }
    }
    match &b.inertia {
        None => Ok(()),
        Some(Inertia::Matrix(mx)) => check_inertia(scope, &mx.rows, mx.span),
        Some(Inertia::Scalar(e)) => Err(Error::new(
            e.span,
            format!("{who} has a joint and is spatial; unsupported inertia: {INERTIA_FORMS}"),
        )),
    }
}

/// Three components, parameters only.
fn constant_vector3(scope: &Scope, v: &Vector, what: &str) -> syn::Result<Vec<f64>> {
    if v.components.len() != 3 {
        return Err(Error::new(
            v.span,
            format!(
                "{what} has {} components: joint bodies are spatial, write `(x, y, z)`",
                v.components.len()
            ),
        ));
    }
    for e in &v.components {
        parameters_only(scope, e, what)?;
    }
    constant_vector(scope, v, what)
}

/// A constant axis: three components, non-zero at the parameter defaults.
pub fn constant_axis(scope: &Scope, axis: &Vector, what: &str) -> syn::Result<()> {
    let v = constant_vector3(scope, axis, what)?;
    if norm(&v) == 0.0 || !norm(&v).is_finite() {
        return Err(Error::new(
            axis.span,
            format!(
                "{what} is zero at the parameter defaults: give a non-zero direction `(x, y, z)`"
            ),
        ));
    }
    Ok(())
}

/// The parent is a joint body (or absent: the world).
fn parent(m: &Model, j: &Joint, places: &Places) -> syn::Result<()> {
    let Some(p) = &j.parent else { return Ok(()) };
    match places.resolve(p) {
        Ok(Place::Body(k)) if m.bodies[k].joint.is_some() => Ok(()),
        Ok(Place::Body(_)) => Err(Error::new(
            p.span,
            format!(
                "body `{}` has no joint, so it cannot be a parent: a parent is a body with a `joint` (omit `parent` to attach to the world)",
                p.text
            ),
        )),
        _ => Err(Error::new(
            p.span,
            format!(
                "unknown parent `{}`: a parent is a body with a `joint` (omit `parent` to attach to the world)",
                p.text
            ),
        )),
    }
}

/// A joint coordinate is a declared coordinate moved by this joint only.
fn joint_coordinate<'m>(
    b: &'m Body,
    q: &'m Name,
    scope: &Scope,
    moved: &mut HashMap<&'m str, &'m str>,
) -> syn::Result<()> {
    if !matches!(scope.lookup(&q.text), Some(Binding::Coordinate(_))) {
        return Err(Error::new(
            q.span,
            format!(
                "`{}` is not a coordinate: a joint moves coordinates declared in `coordinates {{ … }}`",
                q.text
            ),
        ));
    }
    if let Some(other) = moved.insert(&q.text, &b.name.text) {
        return Err(Error::new(
            q.span,
            format!(
                "coordinate `{}` already moves the joint of body `{other}`: each joint has its own coordinates",
                q.text
            ),
        ));
    }
    Ok(())
}

/// The parents form a tree: following parents from any body reaches the world.
fn parent_loops(m: &Model) -> syn::Result<()> {
    let index: HashMap<&str, usize> = m
        .bodies
        .iter()
        .enumerate()
        .map(|(k, b)| (b.name.text.as_str(), k))
        .collect();
    let parent_of = |k: usize| -> Option<usize> {
        let p = m.bodies[k].joint.as_ref()?.parent.as_ref()?;
        index.get(p.text.as_str()).copied()
    };
    for start in 0..m.bodies.len() {
        let mut path = vec![start];
        let mut k = start;
        while let Some(p) = parent_of(k) {
            if p == start {
                let names: Vec<String> = path
                    .iter()
                    .chain(std::iter::once(&start))
                    .map(|&i| format!("`{}`", m.bodies[i].name.text))
                    .collect();
                let at = m.bodies[start]
                    .joint
                    .as_ref()
                    .and_then(|j| j.parent.as_ref());
                return Err(Error::new(
                    at.map_or(m.bodies[start].name.span, |n| n.span),
                    format!(
                        "the parents of bodies {} form a closed loop: joints form a tree; write a closed loop as a tree plus a bilateral `constraint` closing it",
                        names.join(" → ")
                    ),
                ));
            }
            if path.contains(&p) || path.len() > m.bodies.len() {
                break;
            }
            path.push(p);
            k = p;
        }
    }
    Ok(())
}

/// A rotation factor naming a body: a body with a spatial frame (a joint or a rotation).
fn composed_frame(m: &Model, n: &Name, places: &Places) -> syn::Result<()> {
    match places.resolve(n)? {
        Place::Body(k) => {
            let b = &m.bodies[k];
            let spatial = b.joint.is_some()
                || matches!(
                    b.orientation,
                    Some(Orientation::Sequence(..) | Orientation::Matrix(_))
                );
            if spatial {
                Ok(())
            } else {
                Err(Error::new(
                    n.span,
                    format!(
                        "body `{}` has no spatial rotation to compose: a rotation factor names a body with a `joint` or a `rotation`",
                        n.text
                    ),
                ))
            }
        }
        Place::Point(_) => Err(Error::new(
            n.span,
            format!(
                "`{}` is a point: a rotation factor names a body (its rotation)",
                n.text
            ),
        )),
    }
}

/// Rotations of bodies without a joint compose other bodies' rotations without a loop.
fn rotation_loops(m: &Model) -> syn::Result<()> {
    let index: HashMap<&str, usize> = m
        .bodies
        .iter()
        .enumerate()
        .map(|(k, b)| (b.name.text.as_str(), k))
        .collect();
    let uses = |k: usize| -> Vec<(usize, &Name)> {
        match (&m.bodies[k].joint, &m.bodies[k].orientation) {
            (None, Some(Orientation::Sequence(seq, _))) => seq
                .iter()
                .filter_map(|f| match f {
                    RotationFactor::Body(n) => index.get(n.text.as_str()).map(|&i| (i, n)),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    // Depth-first search with colours: 0 unvisited, 1 on the path, 2 done.
    let mut colour = vec![0u8; m.bodies.len()];
    fn visit<'a>(
        k: usize,
        colour: &mut [u8],
        path: &mut Vec<usize>,
        uses: &dyn Fn(usize) -> Vec<(usize, &'a Name)>,
        m: &Model,
    ) -> syn::Result<()> {
        colour[k] = 1;
        path.push(k);
        for (i, n) in uses(k) {
            if colour[i] == 1 {
                let start = path.iter().position(|&p| p == i).unwrap_or(0);
                let names: Vec<String> = path[start..]
                    .iter()
                    .chain(std::iter::once(&i))
                    .map(|&p| format!("`{}`", m.bodies[p].name.text))
                    .collect();
                return Err(Error::new(
                    n.span,
                    format!(
                        "the rotations of bodies {} are defined through each other in a loop",
                        names.join(" → ")
                    ),
                ));
            }
            if colour[i] == 0 {
                visit(i, colour, path, uses, m)?;
            }
        }
        path.pop();
        colour[k] = 2;
        Ok(())
    }
    for k in 0..m.bodies.len() {
        if colour[k] == 0 {
            visit(k, &mut colour, &mut Vec::new(), &uses, m)?;
        }
    }
    Ok(())
}
