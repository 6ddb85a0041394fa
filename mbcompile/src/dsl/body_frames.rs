//! The frames of bodies as expressions, for assembly: the rotation R (body axes → world) of
//! every body, and points fixed in bodies without a joint written out as origin + R·local.
//!
//! A joint body's frame is left symbolic: its rotation entries are [`ScalarKind::BodyRotation`]
//! nodes and its points [`ScalarKind::BodyPoint`] nodes, which the symbolic stage resolves from
//! the composed frames of the tree. Lowering an expression of the block here gives its scalar
//! form ([`Scalar`]).

use super::ast::{Expr, ExprKind, Model, Orientation, RotationFactor};
use super::build::{M3, about, add, dot, elementary, node, planar, product, written_rows};
use super::places::body_centre;
use super::scalar::{Scalar, ScalarKind};
use std::collections::HashMap;
use std::convert::Infallible;

/// The bodies of a validated model, by name.
pub struct BodyFrames<'m> {
    model: &'m Model,
    index: HashMap<&'m str, usize>,
}

impl<'m> BodyFrames<'m> {
    /// The frames of the bodies of `model`.
    pub fn new(model: &'m Model) -> Self {
        let mut index = HashMap::new();
        for (k, b) in model.bodies.iter().enumerate() {
            index.entry(b.name.text.as_str()).or_insert(k);
        }
        BodyFrames { model, index }
    }

    /// R (body axes → world) of spatial body number k (`None` for planar bodies and particles).
    pub fn rotation(&self, k: usize) -> Option<M3> {
        let b = &self.model.bodies[k];
        if b.joint.is_some() {
            return Some(joint_rotation(&b.name.text, b.name.span));
        }
        match b.orientation.as_ref()? {
            Orientation::Angle(_) => None,
            Orientation::Sequence(seq, span) => {
                let factors: Vec<M3> = seq.iter().filter_map(|f| self.factor(f)).collect();
                product(factors, *span)
            }
            Orientation::Matrix(m) => Some(written_rows(&m.rows)),
        }
    }

    /// The matrix of one rotation factor.
    fn factor(&self, f: &RotationFactor) -> Option<M3> {
        match f {
            RotationFactor::Elementary(axis, a) => Some(elementary(*axis, &self.lower(a))),
            RotationFactor::About(axis, a) => Some(about(axis, &self.lower(a))),
            RotationFactor::Body(n) => self.rotation(*self.index.get(n.text.as_str())?),
            RotationFactor::Matrix(m) => Some(written_rows(&m.rows)),
        }
    }

    /// The position of body number k: its centre of mass (for a joint body, `BodyPoint` nodes at
    /// `com`), with points of bodies without a joint written out.
    pub fn position(&self, k: usize) -> Vec<Scalar> {
        match &self.model.bodies[k].position {
            Some(p) => self.lower_all(&p.components),
            None => self.lower_all(&body_centre(self.model, k)),
        }
    }

    /// `lower` of every component.
    pub fn lower_all(&self, v: &[Expr]) -> Vec<Scalar> {
        v.iter().map(|e| self.lower(e)).collect()
    }

    /// The scalar form of `e` (see [`Scalar::lowered`]), every point fixed in a body without a
    /// joint written out as origin + R·local.
    pub fn lower(&self, e: &Expr) -> Scalar {
        let written_out = |e: &Expr| {
            let ExprKind::BodyPoint {
                body,
                local,
                component,
            } = &e.kind
            else {
                return Ok::<_, Infallible>(None);
            };
            Ok(match self.index.get(body.as_str()) {
                Some(&k) if self.model.bodies[k].joint.is_none() => {
                    Some(self.point_in(k, &self.lower_all(local), *component))
                }
                _ => None,
            })
        };
        match Scalar::lowered(e, &written_out) {
            Ok(s) => s,
            Err(never) => match never {},
        }
    }

    /// Component c of origin + R·local for body number k without a joint.
    fn point_in(&self, k: usize, local: &[Scalar], c: usize) -> Scalar {
        let b = &self.model.bodies[k];
        let origin = self.position(k);
        let r = match &b.orientation {
            Some(Orientation::Angle(th)) => Some(planar(&self.lower(th))),
            _ => self.rotation(k),
        };
        let span = b.name.span;
        match (origin.get(c), r) {
            (Some(o), Some(r)) => add(o.clone(), dot(&r[c], local, span)),
            (Some(o), None) => o.clone(),
            (None, _) => super::build::int(0, span),
        }
    }
}

/// The rotation of a joint body as `BodyRotation` nodes.
fn joint_rotation(body: &str, span: proc_macro2::Span) -> M3 {
    (0..3)
        .map(|row| {
            (0..3)
                .map(|column| {
                    node(
                        ScalarKind::BodyRotation {
                            body: body.to_string(),
                            row,
                            column,
                        },
                        span,
                    )
                })
                .collect()
        })
        .collect()
}
