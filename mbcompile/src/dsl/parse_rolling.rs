//! The grammar of the `rolling` item: a body rolling without slipping on a plane (a line in
//! the plane).
//!
//! ```text
//! item    += "rolling" Ident "{" (field ":" value),* "}"
//! field   := "body"                 the rolling body (required)
//!          | "radius"               the radius of its rim or sphere (required)
//!          | "axis"                 a disk's axis in body axes (a wheel, a coin); absent: a sphere
//!          | "normal"               the plane's normal (required, constant)
//!          | "through"              a point of the plane (default: the origin)
//!          | "tangent"              the first tangent t̂1 (as for contacts)
//!          | "surface_velocity"     the velocity of the plane at the contact point (a moving
//!                                   plane, e.g. a turntable), a vector of (q, t)
//!          | "touch"                `true`: also the holonomic constraint that the body touches
//!                                   the plane
//! ```

use super::ast::{Rolling, Vector};
use super::expr::convert;
use super::fields::{Field, fields, name};
use super::parse_kinematics::name_ref;
use super::values::{Deferred, RollingField, Slot};
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Error, Ident};

/// `rolling name { … }` after its keyword; `k` is its index among the rolling items.
pub fn rolling(input: ParseStream, id: Ident, k: usize, d: &mut Deferred) -> syn::Result<Rolling> {
    let (fields, close) = fields(input)?;
    let (mut body, mut radius, mut axis, mut normal) = (None, None, None, None);
    let (mut through, mut tangent, mut surface, mut touch) = (None, None, None, None);
    let mut vector = |field: RollingField, f: &Field, slot: &mut Option<Vector>| {
        f.store(slot, d.vector(Slot::Rolling(k, field), &f.value))
    };
    for f in &fields {
        match f.key.to_string().as_str() {
            "body" => f.store(&mut body, name_ref(&f.value)?)?,
            "radius" => f.store(&mut radius, convert(&f.value)?)?,
            "axis" => vector(RollingField::Axis, f, &mut axis)?,
            "normal" => vector(RollingField::Normal, f, &mut normal)?,
            "through" => vector(RollingField::Through, f, &mut through)?,
            "tangent" => vector(RollingField::Tangent, f, &mut tangent)?,
            "surface_velocity" => vector(RollingField::SurfaceVelocity, f, &mut surface)?,
            "touch" => f.store(&mut touch, boolean(&f.value)?)?,
            other => {
                return Err(Error::new(
                    f.key.span(),
                    format!(
                        "unknown rolling field `{other}`; expected body, radius, axis, normal, \
                         through, tangent, surface_velocity or touch"
                    ),
                ));
            }
        }
    }
    let missing = |what: &str| {
        Error::new(
            id.span(),
            format!("rolling `{id}` is missing its required field `{what}`"),
        )
    };
    Ok(Rolling {
        name: name(&id),
        body: body.ok_or_else(|| missing("body"))?,
        radius: radius.ok_or_else(|| missing("radius"))?,
        axis,
        normal: normal.ok_or_else(|| missing("normal"))?,
        through,
        tangent,
        surface_velocity: surface,
        touch: touch.unwrap_or(false),
        span: id.span().join(close).unwrap_or(id.span()),
    })
}

/// `true` or `false`.
fn boolean(e: &syn::Expr) -> syn::Result<bool> {
    match e {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Bool(b),
            ..
        }) => Ok(b.value),
        other => Err(Error::new(other.span(), "expected `true` or `false`")),
    }
}
