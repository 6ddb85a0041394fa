//! Every expression of a model, for passes that rewrite expressions wherever they stand: each
//! field of every item that holds an [`Expr`] (scalars, the components of vectors and matrices)
//! is replaced by what the pass makes of it.

use super::ast::{
    Contact, Expr, Gap, Inertia, JointKind, Matrix3, Model, Orientation, RotationFactor, Tangent,
    Vector,
};

/// A rewrite of one expression (it sees the whole expression, not its sub-expressions).
pub type Rewrite<'a> = dyn FnMut(&Expr) -> syn::Result<Expr> + 'a;

/// Replaces every expression of `m` by `f` of it.
pub fn rewrite_model(m: &mut Model, f: &mut Rewrite) -> syn::Result<()> {
    for d in &mut m.definitions {
        d.value = f(&d.value)?;
    }
    for v in &mut m.vectors {
        vector(&mut v.value, f)?;
    }
    for e in m.kinetic.iter_mut().chain(m.potential.iter_mut()) {
        *e = f(e)?;
    }
    for force in &mut m.forces {
        force.value = f(&force.value)?;
    }
    for c in &mut m.constraints {
        c.value = f(&c.value)?;
    }
    for c in &mut m.contacts {
        contact(c, f)?;
    }
    for r in &mut m.rollings {
        r.radius = f(&r.radius)?;
        for v in [
            &mut r.axis,
            &mut r.through,
            &mut r.tangent,
            &mut r.surface_velocity,
        ] {
            optional_vector(v, f)?;
        }
        vector(&mut r.normal, f)?;
    }
    for p in &mut m.points {
        vector(&mut p.position, f)?;
    }
    for b in &mut m.bodies {
        b.mass = f(&b.mass)?;
        optional_vector(&mut b.position, f)?;
        optional_vector(&mut b.com, f)?;
        match &mut b.orientation {
            Some(Orientation::Angle(e)) => *e = f(e)?,
            Some(Orientation::Sequence(factors, _)) => rotation(factors, f)?,
            Some(Orientation::Matrix(mat)) => matrix(mat, f)?,
            None => {}
        }
        match &mut b.inertia {
            Some(Inertia::Scalar(e)) => *e = f(e)?,
            Some(Inertia::Matrix(mat)) => matrix(mat, f)?,
            None => {}
        }
        if let Some(j) = &mut b.joint {
            optional_vector(&mut j.offset, f)?;
            rotation(&mut j.offset_rotation, f)?;
            if let Some(a) = &mut j.armature {
                *a = f(a)?;
            }
            if let JointKind::Revolute { axis, .. } | JointKind::Prismatic { axis, .. } =
                &mut j.kind
            {
                vector(axis, f)?;
            }
        }
    }
    optional_vector(&mut m.gravity, f)?;
    for s in &mut m.springs {
        s.stiffness = f(&s.stiffness)?;
        if let Some(r) = &mut s.rest {
            *r = f(r)?;
        }
    }
    for d in &mut m.dampers {
        d.coefficient = f(&d.coefficient)?;
    }
    for l in &mut m.loads {
        vector(&mut l.force, f)?;
    }
    for t in &mut m.torques {
        vector(&mut t.value, f)?;
    }
    Ok(())
}

fn contact(c: &mut Contact, f: &mut Rewrite) -> syn::Result<()> {
    match &mut c.gap {
        Gap::Expr(e) => *e = f(e)?,
        Gap::Plane {
            normal, through, ..
        } => {
            vector(normal, f)?;
            optional_vector(through, f)?;
        }
        Gap::Distance { limit, .. } => *limit = f(limit)?,
    }
    c.normal_restitution = f(&c.normal_restitution)?;
    for e in [&mut c.tangential_restitution, &mut c.friction]
        .into_iter()
        .flatten()
    {
        *e = f(e)?;
    }
    match &mut c.tangent {
        Some(Tangent::Slip(e) | Tangent::Velocity(e)) => *e = f(e)?,
        Some(Tangent::Slips(pair) | Tangent::Velocities(pair)) => {
            for e in pair {
                *e = f(e)?;
            }
        }
        None => {}
    }
    optional_vector(&mut c.tangent_direction, f)?;
    optional_vector(&mut c.second_tangent_direction, f)
}

fn vector(v: &mut Vector, f: &mut Rewrite) -> syn::Result<()> {
    for e in &mut v.components {
        *e = f(e)?;
    }
    Ok(())
}

fn optional_vector(v: &mut Option<Vector>, f: &mut Rewrite) -> syn::Result<()> {
    match v {
        Some(v) => vector(v, f),
        None => Ok(()),
    }
}

fn matrix(mat: &mut Matrix3, f: &mut Rewrite) -> syn::Result<()> {
    for e in mat.rows.iter_mut().flatten() {
        *e = f(e)?;
    }
    Ok(())
}

fn rotation(factors: &mut [RotationFactor], f: &mut Rewrite) -> syn::Result<()> {
    for factor in factors {
        match factor {
            RotationFactor::Elementary(_, e) => *e = f(e)?,
            RotationFactor::About(axis, e) => {
                vector(axis, f)?;
                *e = f(e)?;
            }
            RotationFactor::Body(_) => {}
            RotationFactor::Matrix(mat) => matrix(mat, f)?,
        }
    }
    Ok(())
}
