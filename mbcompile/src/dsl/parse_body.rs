//! The grammar of a `body` item: a body placed by hand (position and orientation) or attached
//! to its parent (or the world) by a joint.
//!
//! ```text
//! item     += "body" Ident "{" (bfield ":" value),* "}"
//! bfield   := "mass" | "position" | "angle" | "rotation" | "inertia"          (placed by hand)
//!           | "mass" | "parent" | "joint" | "axis" | "offset" | "offset_rotation" | "com" | "inertia"
//!           | "armature"                                                          (joint body)
//! joint    := "revolute" "(" Ident ")" | "prismatic" "(" Ident ")" | "fixed"
//!           | "floating" "(" Ident "," Ident "," Ident "," Ident "," Ident "," Ident ")"
//! rotation := "[" factor,* "]" | matrix
//! factor   := ("rotx" | "roty" | "rotz") "(" expr ")" | "rot" "(" vector "," expr ")" | Ident
//! inertia  := expr (planar) | "(" expr "," expr "," expr ")" (diagonal) | matrix
//! ```
//!
//! A joint body is spatial; its frame follows from its parent's frame, the joint offset and
//! rotation and the joint motion, so it has no `position`, `angle` or `rotation`; its centre of
//! mass is `com` in body axes.

use super::ast::{
    Axis, Body, Expr, Inertia, Joint, JointKind, Matrix3, Name, Orientation, RotationFactor,
};
use super::expr::{convert, strip};
use super::fields::{Field, fields, name};
use super::parse_kinematics::{matrix3, name_ref};
use super::values::{Deferred, Slot};
use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Error, Ident};

/// The fields of a body as given (each with its key, for messages).
#[derive(Default)]
struct BodyFields {
    mass: Option<Expr>,
    position: Option<(Ident, super::ast::Vector)>,
    orientation: Option<(Ident, Orientation)>,
    inertia: Option<Inertia>,
    parent: Option<(Ident, Name)>,
    joint: Option<(Ident, JointKindSyntax)>,
    axis: Option<(Ident, super::ast::Vector)>,
    offset: Option<(Ident, super::ast::Vector)>,
    offset_rotation: Option<(Ident, Vec<RotationFactor>)>,
    com: Option<(Ident, super::ast::Vector)>,
    armature: Option<(Ident, Expr)>,
}

/// A joint kind before its axis is known.
enum JointKindSyntax {
    Revolute(Name),
    Prismatic(Name),
    Fixed,
    Floating(Vec<Name>),
}

const FIELDS: &str = "mass, position, angle, rotation, inertia (a body placed by hand) or mass, \
                      parent, joint, axis, offset, offset_rotation, com, inertia, armature (a joint body)";

impl BodyFields {
    /// Stores one field of body number `k`.
    fn read(&mut self, f: &Field, k: usize, d: &mut Deferred) -> syn::Result<()> {
        let key = f.key.clone();
        let v = &f.value;
        match key.to_string().as_str() {
            "mass" => f.store(&mut self.mass, convert(v)?),
            "position" => f.store(
                &mut self.position,
                (key, d.vector(Slot::BodyPosition(k), v)),
            ),
            "angle" => f.store(
                &mut self.orientation,
                (key, Orientation::Angle(convert(v)?)),
            ),
            "rotation" => f.store(&mut self.orientation, (key, rotation(v, k, d)?)),
            "inertia" => f.store(&mut self.inertia, inertia(v)?),
            "parent" => f.store(&mut self.parent, (key, ident(v, "the parent body")?)),
            "joint" => f.store(&mut self.joint, (key, joint_kind(v)?)),
            "axis" => f.store(&mut self.axis, (key, d.vector(Slot::JointAxis(k), v))),
            "offset" => f.store(&mut self.offset, (key, d.vector(Slot::JointOffset(k), v))),
            "offset_rotation" => {
                f.store(&mut self.offset_rotation, (key, offset_rotation(v, k, d)?))
            }
            "com" => f.store(&mut self.com, (key, d.vector(Slot::BodyCom(k), v))),
            "armature" => f.store(&mut self.armature, (key, convert(v)?)),
            _ => Err(Error::new(
                key.span(),
                format!("unknown body field `{key}`; expected {FIELDS}"),
            )),
        }
    }
}

/// `body B { … }` after the keyword and name; `k` is the body's number.
pub fn body(input: ParseStream, id: Ident, k: usize, d: &mut Deferred) -> syn::Result<Body> {
    let (fs, close) = fields(input)?;
    let mut given = BodyFields::default();
    for f in &fs {
        given.read(f, k, d)?;
    }
    let span = id.span().join(close).unwrap_or(id.span());
    let mass = given.mass.take().ok_or_else(|| missing(&id, "mass", ""))?;
    let joint = joint(&mut given, &id, span)?;
    let position = match (&joint, given.position.take()) {
        (None, None) => return Err(missing(&id, "position", "")),
        (_, p) => p.map(|(_, v)| v),
    };
    Ok(Body {
        mass,
        position,
        orientation: given.orientation.take().map(|(_, o)| o),
        inertia: given.inertia.take(),
        joint,
        com: given.com.take().map(|(_, v)| v),
        span,
        name: name(&id),
    })
}

/// The joint of a body, checking which fields go with it.
fn joint(given: &mut BodyFields, id: &Ident, span: Span) -> syn::Result<Option<Joint>> {
    let Some((joint_key, kind)) = given.joint.take() else {
        let joint_only = [
            given.parent.as_ref().map(|f| &f.0),
            given.axis.as_ref().map(|f| &f.0),
            given.offset.as_ref().map(|f| &f.0),
            given.offset_rotation.as_ref().map(|f| &f.0),
            given.com.as_ref().map(|f| &f.0),
            given.armature.as_ref().map(|f| &f.0),
        ];
        if let Some(key) = joint_only.into_iter().flatten().next() {
            return Err(Error::new(
                key.span(),
                format!(
                    "`{key}` belongs to a body with a joint: add `joint: revolute(q)` (or `prismatic(q)`, `fixed`, `floating(x, y, z, a, b, c)`), or remove `{key}`"
                ),
            ));
        }
        return Ok(None);
    };
    let placed = [
        given.position.as_ref().map(|f| &f.0),
        given.orientation.as_ref().map(|f| &f.0),
    ];
    if let Some(key) = placed.into_iter().flatten().next() {
        return Err(Error::new(
            key.span(),
            format!(
                "body `{id}` has a joint: its frame follows from the joint, so it takes no `{key}` \
                 (give its centre of mass in body axes with `com`, a constant rotation of the \
                 joint frame with `offset_rotation`)"
            ),
        ));
    }
    let axis = given.axis.take();
    let kind = match (kind, axis) {
        (JointKindSyntax::Revolute(coordinate), Some((_, axis))) => {
            JointKind::Revolute { coordinate, axis }
        }
        (JointKindSyntax::Prismatic(coordinate), Some((_, axis))) => {
            JointKind::Prismatic { coordinate, axis }
        }
        (JointKindSyntax::Revolute(_) | JointKindSyntax::Prismatic(_), None) => {
            return Err(missing(
                id,
                "axis",
                " (a revolute joint turns, a prismatic joint slides, along an axis `(x, y, z)`)",
            ));
        }
        (JointKindSyntax::Fixed, None) => JointKind::Fixed,
        (JointKindSyntax::Floating(coordinates), None) => JointKind::Floating { coordinates },
        (_, Some((key, _))) => {
            return Err(Error::new(
                key.span(),
                "only revolute and prismatic joints have an `axis`: remove it",
            ));
        }
    };
    let armature = match (&kind, given.armature.take()) {
        (JointKind::Revolute { .. } | JointKind::Prismatic { .. }, a) => a.map(|(_, e)| e),
        (_, None) => None,
        (_, Some((key, _))) => {
            return Err(Error::new(
                key.span(),
                "only revolute and prismatic joints have an `armature` (the inertia of a rotor \
                 turned by one coordinate): remove it",
            ));
        }
    };
    Ok(Some(Joint {
        parent: given.parent.take().map(|(_, n)| n),
        armature,
        kind,
        offset: given.offset.take().map(|(_, v)| v),
        offset_rotation: given
            .offset_rotation
            .take()
            .map(|(_, r)| r)
            .unwrap_or_default(),
        span: joint_key.span().join(span).unwrap_or(span),
    }))
}

const JOINTS: &str =
    "expected a joint: `revolute(q)`, `prismatic(q)`, `fixed` or `floating(x, y, z, a, b, c)`";

/// `revolute(q)`, `prismatic(q)`, `fixed` or `floating(x, y, z, a, b, c)`.
fn joint_kind(e: &syn::Expr) -> syn::Result<JointKindSyntax> {
    let (head, args): (String, Vec<&syn::Expr>) = match strip(e) {
        syn::Expr::Path(p) => (
            p.path
                .get_ident()
                .map(|i| i.to_string())
                .unwrap_or_default(),
            Vec::new(),
        ),
        syn::Expr::Call(c) => match strip(&c.func) {
            syn::Expr::Path(p) => (
                p.path
                    .get_ident()
                    .map(|i| i.to_string())
                    .unwrap_or_default(),
                c.args.iter().collect(),
            ),
            _ => return Err(Error::new(e.span(), JOINTS)),
        },
        _ => return Err(Error::new(e.span(), JOINTS)),
    };
    let coordinates = || {
        args.iter()
            .map(|a| ident(a, "a coordinate"))
            .collect::<syn::Result<Vec<_>>>()
    };
    let one = |what: &str| -> syn::Result<Name> {
        match coordinates()?.as_slice() {
            [q] => Ok(q.clone()),
            _ => Err(Error::new(
                e.span(),
                format!("a {what} joint moves one coordinate: write `{what}(q)`"),
            )),
        }
    };
    Ok(match (head.as_str(), args.len()) {
        ("revolute", _) => JointKindSyntax::Revolute(one("revolute")?),
        ("prismatic", _) => JointKindSyntax::Prismatic(one("prismatic")?),
        ("fixed", 0) if matches!(strip(e), syn::Expr::Path(_)) => JointKindSyntax::Fixed,
        ("fixed", _) => {
            return Err(Error::new(
                e.span(),
                "a fixed joint moves no coordinate: write `fixed`",
            ));
        }
        ("floating", 6) => JointKindSyntax::Floating(coordinates()?),
        ("floating", n) => {
            return Err(Error::new(
                e.span(),
                format!(
                    "a floating joint moves six coordinates, `floating(x, y, z, a, b, c)` (translation, then R_z(a) R_y(b) R_x(c)); {n} given"
                ),
            ));
        }
        _ => return Err(Error::new(e.span(), JOINTS)),
    })
}

/// A name, or an error saying what was expected.
fn ident(e: &syn::Expr, what: &str) -> syn::Result<Name> {
    name_ref(e).map_err(|_| Error::new(e.span(), format!("expected the name of {what}")))
}

fn missing(id: &Ident, field: &str, why: &str) -> Error {
    Error::new(
        id.span(),
        format!("body `{id}` is missing its required field `{field}`{why}"),
    )
}

/// The accepted inertia forms, for messages.
pub const INERTIA_FORMS: &str = "a planar body's inertia is one number `J`; a spatial body's is \
    `(a, b, c)` (principal moments: diag(a, b, c)) or a matrix `[[…], […], […]]` in body axes";

/// `J`, `(a, b, c)` or a matrix.
fn inertia(e: &syn::Expr) -> syn::Result<Inertia> {
    match strip(e) {
        syn::Expr::Array(_) => Ok(Inertia::Matrix(matrix3(e)?)),
        syn::Expr::Tuple(t) if t.elems.len() == 3 => {
            let d: Vec<Expr> = t.elems.iter().map(convert).collect::<syn::Result<_>>()?;
            let rows = (0..3)
                .map(|i| {
                    (0..3)
                        .map(|j| {
                            if i == j {
                                d[i].clone()
                            } else {
                                Expr::int(0, d[i].span)
                            }
                        })
                        .collect()
                })
                .collect();
            Ok(Inertia::Matrix(Matrix3 {
                rows,
                span: e.span(),
            }))
        }
        syn::Expr::Tuple(_) => Err(Error::new(
            e.span(),
            format!("unsupported inertia: {INERTIA_FORMS}"),
        )),
        _ => Ok(Inertia::Scalar(convert(e)?)),
    }
}

const ROTATION_FORMS: &str = "expected a rotation: a sequence `[rotz(a), rotx(b), …]` of \
    `rotx(a)`, `roty(a)`, `rotz(a)`, `rot((x, y, z), a)` and body names, or a matrix `[[…], […], […]]`";

/// `[factor, …]` or a matrix, for the `rotation` of body number `k`.
fn rotation(e: &syn::Expr, k: usize, d: &mut Deferred) -> syn::Result<Orientation> {
    let syn::Expr::Array(a) = strip(e) else {
        return Err(Error::new(e.span(), ROTATION_FORMS));
    };
    if a.elems.is_empty() {
        return Err(Error::new(e.span(), ROTATION_FORMS));
    }
    if a.elems
        .iter()
        .any(|x| matches!(strip(x), syn::Expr::Array(_)))
    {
        return Ok(Orientation::Matrix(
            matrix3(e).map_err(|_| Error::new(e.span(), ROTATION_FORMS))?,
        ));
    }
    let factors = a
        .elems
        .iter()
        .enumerate()
        .map(|(i, x)| factor(x, d, Slot::RotationAxis { body: k, factor: i }))
        .collect::<syn::Result<_>>()?;
    Ok(Orientation::Sequence(factors, e.span()))
}

/// `[factor, …]` or a matrix, for the `offset_rotation` of body number `k`.
fn offset_rotation(e: &syn::Expr, k: usize, d: &mut Deferred) -> syn::Result<Vec<RotationFactor>> {
    let syn::Expr::Array(a) = strip(e) else {
        return Err(Error::new(e.span(), ROTATION_FORMS));
    };
    if a.elems
        .iter()
        .any(|x| matches!(strip(x), syn::Expr::Array(_)))
    {
        let m = matrix3(e).map_err(|_| Error::new(e.span(), ROTATION_FORMS))?;
        return Ok(vec![RotationFactor::Matrix(m)]);
    }
    a.elems
        .iter()
        .enumerate()
        .map(|(i, x)| factor(x, d, Slot::OffsetRotationAxis { body: k, factor: i }))
        .collect()
}

/// One factor: `rotx(a)`, `roty(a)`, `rotz(a)`, `rot(axis, a)` or a body name.
fn factor(e: &syn::Expr, d: &mut Deferred, axis_slot: Slot) -> syn::Result<RotationFactor> {
    let c = match strip(e) {
        syn::Expr::Path(_) => return Ok(RotationFactor::Body(ident(e, "a body")?)),
        syn::Expr::Call(c) => c,
        _ => return Err(Error::new(e.span(), ROTATION_FORMS)),
    };
    let fname = match strip(&c.func) {
        syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    };
    let axis = match fname.as_deref() {
        Some("rotx") => Axis::X,
        Some("roty") => Axis::Y,
        Some("rotz") => Axis::Z,
        Some("rot") => {
            if c.args.len() != 2 {
                return Err(Error::new(
                    c.span(),
                    "a rotation about an axis takes the axis and the angle: `rot((x, y, z), a)`",
                ));
            }
            let axis = d.vector(axis_slot, &c.args[0]);
            return Ok(RotationFactor::About(axis, convert(&c.args[1])?));
        }
        _ => {
            return Err(Error::new(
                c.func.span(),
                "expected a rotation `rotx(a)`, `roty(a)`, `rotz(a)` or `rot((x, y, z), a)`, or a body name",
            ));
        }
    };
    if c.args.len() != 1 {
        return Err(Error::new(
            c.span(),
            "an elementary rotation takes one angle",
        ));
    }
    Ok(RotationFactor::Elementary(axis, convert(&c.args[0])?))
}
