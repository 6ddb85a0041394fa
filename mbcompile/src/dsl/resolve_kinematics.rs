//! Checks of the kinematic items (points, bodies, springs, dampers, loads, torques and geometric
//! contacts) that need no symbolic engine: names, dimensions, what each value may depend on, and
//! the values at the parameter defaults (positive mass, symmetric positive definite inertia,
//! non-zero normals, tangents perpendicular to their normals).

use super::ast::{Expr, Gap, Inertia, Model, Name, Orientation, Vector};
use super::resolve::{Scope, no_velocity, parameters_only};
use proc_macro2::Span;
use std::collections::HashMap;
use syn::Error;

/// What a point-like name denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Point number k.
    Point(usize),
    /// The centre of mass of body number k.
    Body(usize),
}

/// The names of points and bodies.
pub struct Places {
    names: HashMap<String, Place>,
}

impl Places {
    /// Builds the table, reporting duplicates and clashes with the scalar names.
    pub fn new(m: &Model, scope: &Scope) -> syn::Result<Places> {
        let mut names = HashMap::new();
        let mut add = |n: &Name, p: Place| -> syn::Result<()> {
            if scope.lookup(&n.text).is_some() {
                return Err(Error::new(
                    n.span,
                    format!(
                        "`{}` already names a parameter, coordinate or definition",
                        n.text
                    ),
                ));
            }
            if names.insert(n.text.clone(), p).is_some() {
                return Err(Error::new(
                    n.span,
                    format!("duplicate point or body name `{}`", n.text),
                ));
            }
            Ok(())
        };
        for (k, p) in m.points.iter().enumerate() {
            add(&p.name, Place::Point(k))?;
        }
        for (k, b) in m.bodies.iter().enumerate() {
            add(&b.name, Place::Body(k))?;
        }
        Ok(Places { names })
    }

    /// What `n` denotes, or a located error.
    pub fn resolve(&self, n: &Name) -> syn::Result<Place> {
        self.names
            .get(&n.text)
            .copied()
            .ok_or_else(|| Error::new(n.span, format!("unknown point or body `{}`", n.text)))
    }
}

/// The dimension of the model's vectors (2 or 3), checking they all agree.
pub fn dimension(m: &Model) -> syn::Result<Option<usize>> {
    let mut vectors: Vec<&Vector> = Vec::new();
    vectors.extend(m.points.iter().map(|p| &p.position));
    vectors.extend(m.bodies.iter().map(|b| &b.position));
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

fn positive(scope: &Scope, e: &Expr, what: &str) -> syn::Result<f64> {
    parameters_only(scope, e, what)?;
    match scope.default_value(e) {
        Some(v) if v > 0.0 && v.is_finite() => Ok(v),
        Some(v) => Err(Error::new(
            e.span,
            format!("{what} must be positive; it is {v} at the parameter defaults"),
        )),
        None => Err(Error::new(
            e.span,
            format!("{what} cannot be evaluated at the parameter defaults"),
        )),
    }
}

/// Values of a parameter-only vector at the defaults.
fn constant_vector(scope: &Scope, v: &Vector, what: &str) -> syn::Result<Vec<f64>> {
    v.components
        .iter()
        .map(|e| {
            parameters_only(scope, e, what)?;
            scope.default_value(e).ok_or_else(|| {
                Error::new(
                    e.span,
                    format!("{what} cannot be evaluated at the parameter defaults"),
                )
            })
        })
        .collect()
}

fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// Symmetric positive definite at the defaults (Cholesky of the 3×3 matrix).
fn check_inertia(scope: &Scope, rows: &[Vec<Expr>], span: Span) -> syn::Result<()> {
    let mut a = [[0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            let e = &rows[i][j];
            parameters_only(scope, e, "an inertia entry")?;
            a[i][j] = scope.default_value(e).ok_or_else(|| {
                Error::new(
                    e.span,
                    "an inertia entry cannot be evaluated at the parameter defaults",
                )
            })?;
        }
    }
    for i in 0..3 {
        for j in 0..i {
            if (a[i][j] - a[j][i]).abs() > 1e-12 * (a[i][j].abs() + a[j][i].abs() + 1.0) {
                return Err(Error::new(
                    rows[i][j].span,
                    format!(
                        "the inertia matrix is not symmetric: entry ({}, {}) is {} but ({}, {}) is {}",
                        i + 1,
                        j + 1,
                        a[i][j],
                        j + 1,
                        i + 1,
                        a[j][i]
                    ),
                ));
            }
        }
    }
    // Cholesky: every pivot must be positive.
    let mut l = [[0.0; 3]; 3];
    for j in 0..3 {
        let d = a[j][j] - (0..j).map(|k| l[j][k] * l[j][k]).sum::<f64>();
        if d <= 0.0 || !d.is_finite() {
            return Err(Error::new(
                span,
                "the inertia matrix is not positive definite at the parameter defaults",
            ));
        }
        l[j][j] = d.sqrt();
        for i in j + 1..3 {
            l[i][j] = (a[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>()) / l[j][j];
        }
    }
    Ok(())
}

/// Checks every kinematic item of `m`.
pub fn validate_kinematics(m: &Model, scope: &Scope) -> syn::Result<()> {
    let places = Places::new(m, scope)?;
    let dim = dimension(m)?;
    let positions = |v: &Vector, what: &str| -> syn::Result<()> {
        for e in &v.components {
            no_velocity(scope.dependencies(e)?, what)?;
        }
        Ok(())
    };
    for p in &m.points {
        positions(
            &p.position,
            &format!("the position of point `{}`", p.name.text),
        )?;
    }
    for b in &m.bodies {
        let what = format!("body `{}`", b.name.text);
        positive(scope, &b.mass, &format!("the mass of {what}"))?;
        positions(&b.position, &format!("the position of {what}"))?;
        let spatial = dim == Some(3);
        match (&b.orientation, spatial) {
            (Some(Orientation::Angle(e)), false) => {
                no_velocity(scope.dependencies(e)?, &format!("the angle of {what}"))?
            }
            (Some(Orientation::Angle(e)), true) => {
                return Err(Error::new(
                    e.span,
                    format!("{what} is spatial: give its orientation as `rotation`, not `angle`"),
                ));
            }
            (Some(Orientation::Sequence(seq, span)), s) => {
                if !s {
                    return Err(Error::new(
                        *span,
                        format!("{what} is planar: give its orientation as `angle`"),
                    ));
                }
                for (_, e) in seq {
                    no_velocity(scope.dependencies(e)?, &format!("the rotation of {what}"))?;
                }
            }
            (Some(Orientation::Matrix(mx)), s) => {
                if !s {
                    return Err(Error::new(
                        mx.span,
                        format!("{what} is planar: give its orientation as `angle`"),
                    ));
                }
                for e in mx.rows.iter().flatten() {
                    no_velocity(scope.dependencies(e)?, &format!("the rotation of {what}"))?;
                }
            }
            (None, _) => {}
        }
        match (&b.inertia, spatial) {
            (None, _) => {}
            (Some(_), _) if b.orientation.is_none() => {
                return Err(Error::new(
                    b.name.span,
                    format!("{what} has an inertia but no orientation (`angle` or `rotation`)"),
                ));
            }
            (Some(Inertia::Scalar(e)), false) => {
                positive(scope, e, &format!("the moment of inertia of {what}"))?;
            }
            (Some(Inertia::Matrix(mx)), true) => check_inertia(scope, &mx.rows, mx.span)?,
            (Some(Inertia::Scalar(e)), true) => {
                return Err(Error::new(
                    e.span,
                    format!("{what} is spatial: its inertia is a 3×3 matrix in body axes"),
                ));
            }
            (Some(Inertia::Matrix(mx)), false) => {
                return Err(Error::new(
                    mx.span,
                    format!("{what} is planar: its inertia is one number"),
                ));
            }
        }
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
        let Place::Body(k) = places.resolve(&t.on)? else {
            return Err(Error::new(
                t.on.span,
                format!("`{}` is a point: a torque acts on a body", t.on.text),
            ));
        };
        if m.bodies[k].orientation.is_none() {
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
    }
    for c in &m.contacts {
        let what = format!("contact `{}`", c.name.text);
        match &c.gap {
            Gap::Expr(_) => {
                if let Some(t) = &c.tangent_direction {
                    return Err(Error::new(
                        t.span,
                        "`tangent` belongs to a point-against-plane contact; with `gap` give `slip`",
                    ));
                }
            }
            Gap::Plane {
                point,
                normal,
                through,
            } => {
                places.resolve(point)?;
                let n = constant_vector(scope, normal, "a contact normal")?;
                if norm(&n) == 0.0 {
                    return Err(Error::new(
                        normal.span,
                        format!("the normal of {what} is zero at the parameter defaults"),
                    ));
                }
                if let Some(th) = through {
                    for e in &th.components {
                        no_velocity(scope.dependencies(e)?, "a contact plane's point")?;
                    }
                }
                if let Some(t) = &c.tangent_direction {
                    let tv = constant_vector(scope, t, "a contact tangent")?;
                    let dot: f64 = tv.iter().zip(&n).map(|(a, b)| a * b).sum();
                    if norm(&tv) == 0.0 || dot.abs() > 1e-9 * norm(&tv) * norm(&n) {
                        return Err(Error::new(
                            t.span,
                            format!(
                                "the tangent of {what} must be non-zero and perpendicular to its normal"
                            ),
                        ));
                    }
                }
                if c.friction.is_some()
                    && c.tangent.is_none()
                    && n.len() == 3
                    && c.tangent_direction.is_none()
                {
                    return Err(Error::new(
                        c.name.span,
                        format!(
                            "{what} is spatial and has friction: give its slip direction with `tangent: (…)` (friction is planar: one tangent per contact)"
                        ),
                    ));
                }
            }
            Gap::Distance { between, limit, .. } => {
                for n in between {
                    places.resolve(n)?;
                }
                positive(scope, limit, &format!("the distance limit of {what}"))?;
                if let Some(t) = &c.tangent_direction {
                    return Err(Error::new(
                        t.span,
                        "`tangent` belongs to a point-against-plane contact",
                    ));
                }
            }
        }
    }
    Ok(())
}
