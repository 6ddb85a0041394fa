//! Vector values: what a vector field, a point or a vector `let` may be written as, and its
//! lowering to components once the whole block is known.
//!
//! ```text
//! vector := "(" expr "," expr ("," expr)? ")"     a literal
//!         | Ident                                  a vector `let`, a point, or a body (its centre of mass)
//!         | Ident "*" vector                       the point with these body-axes coordinates fixed in a body
//!         | vector ("+" | "-") vector | "-" vector
//!         | expr "*" vector | vector "*" expr | vector "/" expr
//! ```
//!
//! A `let` is a vector `let` when its value is a vector. Values refer to each other by name in
//! any order (a `let` sees the `let`s before it), but not in a loop. `body * v` becomes
//! [`ExprKind::BodyPoint`] nodes (origin + R·v, resolved by assembly), and so does a joint body
//! used as a point (`body * com`); any other body used as a point is its `position`.

use super::ast::{BinOp, JointKind, VectorDefinition};
use super::ast::{Definition, Expr, ExprKind, Gap, Model, Orientation, RotationFactor, Vector};
use super::expr::{convert, strip};
use super::fields::name;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};
use syn::spanned::Spanned;
use syn::{Error, Ident};

/// Where a vector value goes in the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Vector `let` number k.
    Let(usize),
    /// The position of point k.
    Point(usize),
    /// The gravity vector.
    Gravity,
    /// The position of body k.
    BodyPosition(usize),
    /// The centre of mass (body axes) of body k.
    BodyCom(usize),
    /// The joint axis of body k.
    JointAxis(usize),
    /// The joint offset of body k.
    JointOffset(usize),
    /// The axis of `rot(axis, a)`, factor `factor` of the rotation of body `body`.
    RotationAxis {
        /// The body.
        body: usize,
        /// The factor.
        factor: usize,
    },
    /// The axis of `rot(axis, a)`, factor `factor` of the joint offset rotation of `body`.
    OffsetRotationAxis {
        /// The body.
        body: usize,
        /// The factor.
        factor: usize,
    },
    /// The force of load k.
    LoadForce(usize),
    /// The value of torque k (a scalar is allowed: the planar torque).
    TorqueValue(usize),
    /// The normal of contact k.
    ContactNormal(usize),
    /// The point `through` of contact k.
    ContactThrough(usize),
    /// The tangent of contact k.
    ContactTangent(usize),
    /// The second tangent of contact k (`tangents: (t1, t2)`).
    ContactSecondTangent(usize),
    /// A vector field of rolling item k.
    Rolling(usize, RollingField),
}

/// The vector fields of a `rolling` item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RollingField {
    /// `axis`.
    Axis,
    /// `normal`.
    Normal,
    /// `through`.
    Through,
    /// `tangent`.
    Tangent,
    /// `surface_velocity`.
    SurfaceVelocity,
}

/// Values whose kind (scalar or vector) is known only once the whole block is parsed.
#[derive(Default)]
pub struct Deferred {
    lets: Vec<(Ident, syn::Expr)>,
    vectors: Vec<(Slot, syn::Expr)>,
}

impl Deferred {
    /// A `let`, scalar or vector.
    pub fn definition(&mut self, id: Ident, value: syn::Expr) {
        self.lets.push((id, value));
    }

    /// A vector value for `slot`: a placeholder until [`Deferred::resolve`] fills it in.
    pub fn vector(&mut self, slot: Slot, value: &syn::Expr) -> Vector {
        let span = value.span();
        self.vectors.push((slot, value.clone()));
        Vector {
            components: Vec::new(),
            span,
        }
    }

    /// Lowers every deferred value and writes it into `m`.
    pub fn resolve(self, m: &mut Model) -> syn::Result<()> {
        let mut r = Resolver::new(m);
        let mut definitions = Vec::new();
        let mut order = Vec::new();
        for (k, (id, e)) in self.lets.iter().enumerate() {
            if r.kind(e, k)? == Kind::Scalar {
                r.scalar_lets.insert(id.to_string(), k);
                order.push(None);
            } else {
                let j = r.vector_lets.len();
                r.vector_lets.push((id.to_string(), k));
                r.exprs.insert(Slot::Let(j), (e.clone(), k));
                order.push(Some(j));
            }
        }
        for (slot, e) in &self.vectors {
            r.exprs.insert(*slot, (e.clone(), usize::MAX));
        }
        let mut vectors = Vec::new();
        for ((id, e), o) in self.lets.iter().zip(&order) {
            match o {
                None => definitions.push(Definition {
                    name: name(id),
                    value: convert(e)?,
                }),
                Some(j) => vectors.push(VectorDefinition {
                    name: name(id),
                    value: r.get(Slot::Let(*j), id.span())?,
                }),
            }
        }
        let mut done = Vec::new();
        for (slot, e) in &self.vectors {
            done.push((*slot, r.get(*slot, e.span())?));
        }
        drop(r);
        m.definitions = definitions;
        m.vectors = vectors;
        for (slot, v) in done {
            if let Some(target) = slot_mut(m, slot) {
                *target = v;
            }
        }
        Ok(())
    }
}

/// What a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Scalar,
    Vector,
    /// A body name: a point (its centre of mass) or, before `*`, a frame.
    Body(usize),
}

/// Lowers vector values, each once, following names in any order and reporting loops.
struct Resolver<'m> {
    model: &'m Model,
    scalars: HashSet<String>,
    scalar_lets: HashMap<String, usize>,
    /// (name, position among all `let`s).
    vector_lets: Vec<(String, usize)>,
    points: HashMap<String, usize>,
    bodies: HashMap<String, usize>,
    /// The value of each slot and the position of the `let`s it sees (all for items).
    exprs: HashMap<Slot, (syn::Expr, usize)>,
    done: HashMap<Slot, Vector>,
    stack: Vec<Slot>,
}

impl<'m> Resolver<'m> {
    fn new(model: &'m Model) -> Self {
        let mut scalars = HashSet::new();
        for n in model.parameters.iter().map(|p| &p.name) {
            scalars.insert(n.text.clone());
        }
        for n in model.coordinates.iter().chain(model.time.iter()) {
            scalars.insert(n.text.clone());
        }
        let mut points = HashMap::new();
        for (k, p) in model.points.iter().enumerate() {
            points.entry(p.name.text.clone()).or_insert(k);
        }
        let mut bodies = HashMap::new();
        for (k, b) in model.bodies.iter().enumerate() {
            bodies.entry(b.name.text.clone()).or_insert(k);
        }
        Resolver {
            model,
            scalars,
            scalar_lets: HashMap::new(),
            vector_lets: Vec::new(),
            points,
            bodies,
            exprs: HashMap::new(),
            done: HashMap::new(),
            stack: Vec::new(),
        }
    }

    /// What a name denotes for a value that sees the `let`s before position `sees`.
    fn name_kind(&self, n: &str, sees: usize) -> Option<NameKind> {
        if self.scalars.contains(n) || self.scalar_lets.get(n).is_some_and(|&k| k < sees) {
            return None;
        }
        if let Some(j) = self
            .vector_lets
            .iter()
            .rposition(|(v, k)| v == n && *k < sees)
        {
            return Some(NameKind::Let(j));
        }
        if let Some(&k) = self.points.get(n) {
            return Some(NameKind::Point(k));
        }
        self.bodies.get(n).map(|&k| NameKind::Body(k))
    }

    /// The kind of a value (checking that scalars and vectors combine).
    fn kind(&self, e: &syn::Expr, sees: usize) -> syn::Result<Kind> {
        Ok(match strip(e) {
            syn::Expr::Tuple(_) => Kind::Vector,
            syn::Expr::Path(p) => match p.path.get_ident() {
                Some(id) => match self.name_kind(&id.to_string(), sees) {
                    None => Kind::Scalar,
                    Some(NameKind::Body(k)) => Kind::Body(k),
                    Some(_) => Kind::Vector,
                },
                None => Kind::Scalar,
            },
            syn::Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                match self.kind(&u.expr, sees)? {
                    Kind::Scalar => Kind::Scalar,
                    _ => Kind::Vector,
                }
            }
            syn::Expr::Binary(b) => {
                let (l, r) = (self.kind(&b.left, sees)?, self.kind(&b.right, sees)?);
                binary_kind(b, l, r)?
            }
            _ => Kind::Scalar,
        })
    }

    /// The lowered vector of `slot` (`used` is where it is asked for, for loops).
    fn get(&mut self, slot: Slot, used: Span) -> syn::Result<Vector> {
        if let Some(v) = self.done.get(&slot) {
            return Ok(v.clone());
        }
        if let Some(start) = self.stack.iter().position(|s| *s == slot) {
            return Err(self.cycle(start, slot, used));
        }
        let Some((e, sees)) = self.exprs.get(&slot).cloned() else {
            return Err(Error::new(used, "this value is not defined"));
        };
        self.stack.push(slot);
        let kind = self.kind(&e, sees)?;
        let v = if kind == Kind::Scalar {
            if !matches!(slot, Slot::TorqueValue(_)) {
                return Err(scalar_for_vector(&e));
            }
            let c = convert(&e)?;
            Vector {
                span: c.span,
                components: vec![c],
            }
        } else {
            Vector {
                components: self.lower(&e, sees)?,
                span: e.span(),
            }
        };
        self.stack.pop();
        self.done.insert(slot, v.clone());
        Ok(v)
    }

    /// A loop of values: the names on it, reported where it closes.
    fn cycle(&self, start: usize, slot: Slot, used: Span) -> Error {
        let names: Vec<String> = self.stack[start..]
            .iter()
            .chain(std::iter::once(&slot))
            .filter_map(|s| self.slot_name(*s))
            .collect();
        Error::new(
            used,
            format!(
                "`{}` is defined through itself ({}): points, bodies and vector `let`s must not refer to each other in a loop",
                names.last().cloned().unwrap_or_default(),
                names.join(" → ")
            ),
        )
    }

    /// The name a slot is known by in messages.
    fn slot_name(&self, s: Slot) -> Option<String> {
        let m = self.model;
        match s {
            Slot::Let(j) => self.vector_lets.get(j).map(|(n, _)| n.clone()),
            Slot::Point(k) => m.points.get(k).map(|p| p.name.text.clone()),
            Slot::BodyPosition(k) | Slot::BodyCom(k) => {
                m.bodies.get(k).map(|b| b.name.text.clone())
            }
            _ => None,
        }
    }

    /// The components of a vector value.
    fn lower(&mut self, e: &syn::Expr, sees: usize) -> syn::Result<Vec<Expr>> {
        let span = e.span();
        match strip(e) {
            syn::Expr::Tuple(t) if t.elems.len() == 2 || t.elems.len() == 3 => {
                t.elems.iter().map(convert).collect()
            }
            syn::Expr::Tuple(_) => Err(Error::new(span, VECTOR_FORMS)),
            syn::Expr::Path(p) => {
                let id = p
                    .path
                    .get_ident()
                    .map(|i| i.to_string())
                    .unwrap_or_default();
                self.named(&id, sees, span)
            }
            syn::Expr::Unary(u) => Ok(self
                .lower(&u.expr, sees)?
                .into_iter()
                .map(|c| Expr::new(ExprKind::Neg(Box::new(c)), span))
                .collect()),
            syn::Expr::Binary(b) => self.binary(b, sees),
            _ => Err(scalar_for_vector(e)),
        }
    }

    /// The components of a named vector, point or body.
    fn named(&mut self, n: &str, sees: usize, span: Span) -> syn::Result<Vec<Expr>> {
        Ok(match self.name_kind(n, sees) {
            Some(NameKind::Let(j)) => self.get(Slot::Let(j), span)?.components,
            Some(NameKind::Point(k)) => self.get(Slot::Point(k), span)?.components,
            Some(NameKind::Body(k)) if self.model.bodies[k].joint.is_some() => {
                let com = if self.exprs.contains_key(&Slot::BodyCom(k)) {
                    self.get(Slot::BodyCom(k), span)?.components
                } else {
                    (0..3).map(|_| zero(span)).collect()
                };
                self.body_point(k, com, span)
            }
            Some(NameKind::Body(k)) => self.get(Slot::BodyPosition(k), span)?.components,
            None => {
                return Err(Error::new(
                    span,
                    format!("`{n}` is not a vector, point or body"),
                ));
            }
        })
    }

    /// `BodyPoint` nodes of body k at body-axes coordinates `local`.
    fn body_point(&self, k: usize, local: Vec<Expr>, span: Span) -> Vec<Expr> {
        let dim = if local.len() == 2 { 2 } else { 3 };
        (0..dim)
            .map(|component| {
                Expr::new(
                    ExprKind::BodyPoint {
                        body: self.model.bodies[k].name.text.clone(),
                        local: local.clone(),
                        component,
                    },
                    span,
                )
            })
            .collect()
    }

    /// Sums, differences, scalings and frame applications.
    fn binary(&mut self, b: &syn::ExprBinary, sees: usize) -> syn::Result<Vec<Expr>> {
        let span = b.span();
        let (l, r) = (self.kind(&b.left, sees)?, self.kind(&b.right, sees)?);
        let op = match b.op {
            syn::BinOp::Add(_) => BinOp::Add,
            syn::BinOp::Sub(_) => BinOp::Sub,
            syn::BinOp::Mul(_) => BinOp::Mul,
            _ => BinOp::Div,
        };
        let pair =
            |a: Expr, c: Expr| Expr::new(ExprKind::Binary(op, Box::new(a), Box::new(c)), span);
        match (op, l, r) {
            (BinOp::Add | BinOp::Sub, _, _) => {
                let (x, y) = (self.lower(&b.left, sees)?, self.lower(&b.right, sees)?);
                if x.len() != y.len() {
                    return Err(Error::new(
                        b.op.span(),
                        format!(
                            "these vectors have {} and {} components: a model is planar (2) or spatial (3) throughout",
                            x.len(),
                            y.len()
                        ),
                    ));
                }
                Ok(x.into_iter().zip(y).map(|(x, y)| pair(x, y)).collect())
            }
            (BinOp::Mul, Kind::Body(k), Kind::Vector | Kind::Body(_)) => self.frame(k, b, sees),
            (_, Kind::Scalar, _) => {
                let s = convert(&b.left)?;
                let v = self.lower(&b.right, sees)?;
                Ok(v.into_iter().map(|c| pair(s.clone(), c)).collect())
            }
            _ => {
                let v = self.lower(&b.left, sees)?;
                let s = convert(&b.right)?;
                Ok(v.into_iter().map(|c| pair(c, s.clone())).collect())
            }
        }
    }

    /// `body * v`: the point with body-axes coordinates v fixed in the body.
    fn frame(&mut self, k: usize, b: &syn::ExprBinary, sees: usize) -> syn::Result<Vec<Expr>> {
        if let syn::Expr::Path(p) = strip(&b.right)
            && let Some(id) = p.path.get_ident()
            && matches!(
                self.name_kind(&id.to_string(), sees),
                Some(NameKind::Point(_) | NameKind::Body(_))
            )
        {
            return Err(Error::new(
                b.right.span(),
                format!(
                    "`{id}` is a point: `body * (x, y, z)` takes coordinates in the body's axes, a vector"
                ),
            ));
        }
        let body = &self.model.bodies[k];
        let local = self.lower(&b.right, sees)?;
        let dim = match (&body.joint, &body.orientation) {
            (Some(_), _) => 3,
            (None, Some(Orientation::Angle(_))) => 2,
            (None, Some(_)) => 3,
            (None, None) => {
                return Err(Error::new(
                    b.left.span(),
                    format!(
                        "body `{}` has no frame: `{0} * (…)` needs a body with a `joint`, an `angle` or a `rotation`",
                        body.name.text
                    ),
                ));
            }
        };
        if local.len() != dim {
            return Err(Error::new(
                b.right.span(),
                format!(
                    "body `{}` is {}: give the point's coordinates in its axes as {}",
                    body.name.text,
                    if dim == 2 { "planar" } else { "spatial" },
                    if dim == 2 { "`(x, y)`" } else { "`(x, y, z)`" }
                ),
            ));
        }
        if body.joint.is_none() {
            // The point moves with the body's position: follow it, reporting loops.
            self.get(Slot::BodyPosition(k), b.left.span())?;
        }
        Ok(self.body_point(k, local, b.span()))
    }
}

/// What a name denotes in a vector value.
#[derive(Debug, Clone, Copy)]
enum NameKind {
    Let(usize),
    Point(usize),
    Body(usize),
}

/// The accepted forms of a vector, for messages.
const VECTOR_FORMS: &str = "expected a vector: `(x, y)` (planar) or `(x, y, z)` (spatial), a vector `let`, a point, a body, `body * (x, y, z)`, or sums and scalings of these";

/// A scalar written where a vector is needed.
fn scalar_for_vector(e: &syn::Expr) -> Error {
    Error::new(
        e.span(),
        format!(
            "this is a scalar where a vector is needed (vector / scalar mismatch); {VECTOR_FORMS}"
        ),
    )
}

/// The kind of `l op r`, or an error for a mismatch.
fn binary_kind(b: &syn::ExprBinary, l: Kind, r: Kind) -> syn::Result<Kind> {
    let vector = |k: Kind| k != Kind::Scalar;
    let mismatch = |what: &str| {
        Err(Error::new(
            b.op.span(),
            format!("vector / scalar mismatch: {what}"),
        ))
    };
    match b.op {
        syn::BinOp::Add(_) | syn::BinOp::Sub(_) => match (vector(l), vector(r)) {
            (false, false) => Ok(Kind::Scalar),
            (true, true) => Ok(Kind::Vector),
            _ => mismatch("a vector and a scalar cannot be added or subtracted"),
        },
        syn::BinOp::Mul(_) => match (l, r) {
            (Kind::Scalar, Kind::Scalar) => Ok(Kind::Scalar),
            (Kind::Body(_), Kind::Vector | Kind::Body(_)) => Ok(Kind::Vector),
            (Kind::Scalar, _) | (_, Kind::Scalar) => Ok(Kind::Vector),
            _ => mismatch(
                "a vector times a vector is not defined; scale a vector by a scalar, or place a point in a body with `body * (x, y, z)`",
            ),
        },
        syn::BinOp::Div(_) => match (vector(l), vector(r)) {
            (false, false) => Ok(Kind::Scalar),
            (true, false) => Ok(Kind::Vector),
            _ => mismatch("a vector can only be divided by a scalar"),
        },
        _ if vector(l) || vector(r) => mismatch("vectors combine with + - and scalar * /"),
        _ => Ok(Kind::Scalar),
    }
}

fn zero(span: Span) -> Expr {
    Expr::int(0, span)
}

/// The vector `slot` of `m`.
fn slot_mut(m: &mut Model, slot: Slot) -> Option<&mut Vector> {
    match slot {
        Slot::Let(j) => m.vectors.get_mut(j).map(|v| &mut v.value),
        Slot::Point(k) => m.points.get_mut(k).map(|p| &mut p.position),
        Slot::Gravity => m.gravity.as_mut(),
        Slot::BodyPosition(k) => m.bodies.get_mut(k)?.position.as_mut(),
        Slot::BodyCom(k) => m.bodies.get_mut(k)?.com.as_mut(),
        Slot::JointAxis(k) => match &mut m.bodies.get_mut(k)?.joint.as_mut()?.kind {
            JointKind::Revolute { axis, .. } | JointKind::Prismatic { axis, .. } => Some(axis),
            _ => None,
        },
        Slot::JointOffset(k) => m.bodies.get_mut(k)?.joint.as_mut()?.offset.as_mut(),
        Slot::RotationAxis { body, factor } => {
            match m.bodies.get_mut(body)?.orientation.as_mut()? {
                Orientation::Sequence(seq, _) => about_axis(seq.get_mut(factor)?),
                _ => None,
            }
        }
        Slot::OffsetRotationAxis { body, factor } => {
            let joint = m.bodies.get_mut(body)?.joint.as_mut()?;
            about_axis(joint.offset_rotation.get_mut(factor)?)
        }
        Slot::LoadForce(k) => m.loads.get_mut(k).map(|l| &mut l.force),
        Slot::TorqueValue(k) => m.torques.get_mut(k).map(|t| &mut t.value),
        Slot::ContactNormal(k) => match &mut m.contacts.get_mut(k)?.gap {
            Gap::Plane { normal, .. } => Some(normal),
            _ => None,
        },
        Slot::ContactThrough(k) => match &mut m.contacts.get_mut(k)?.gap {
            Gap::Plane { through, .. } => through.as_mut(),
            _ => None,
        },
        Slot::ContactTangent(k) => m.contacts.get_mut(k)?.tangent_direction.as_mut(),
        Slot::ContactSecondTangent(k) => m.contacts.get_mut(k)?.second_tangent_direction.as_mut(),
        Slot::Rolling(k, field) => {
            let r = m.rollings.get_mut(k)?;
            match field {
                RollingField::Axis => r.axis.as_mut(),
                RollingField::Normal => Some(&mut r.normal),
                RollingField::Through => r.through.as_mut(),
                RollingField::Tangent => r.tangent.as_mut(),
                RollingField::SurfaceVelocity => r.surface_velocity.as_mut(),
            }
        }
    }
}

fn about_axis(f: &mut RotationFactor) -> Option<&mut Vector> {
    match f {
        RotationFactor::About(v, _) => Some(v),
        _ => None,
    }
}
