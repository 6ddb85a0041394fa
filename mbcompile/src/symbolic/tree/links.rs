//! The joint bodies of a model as a list of links in tree order (every parent before its
//! children), each with one elementary motion: a floating joint becomes three prismatic and
//! three revolute links, of which only the last carries the body.

use super::super::convert::Converter;
use super::super::vec3::{M3, V3, named, zero3};
use crate::dsl::assembled::Assembled;
use crate::dsl::ast::{Expr, JointKind, Model, Name, Vector};
use crate::dsl::build::unit;
use crate::dsl::joints::offset_rotation;
use proc_macro2::Span;

/// The elementary motion of a link relative to its joint frame.
#[derive(Clone)]
pub enum Motion {
    /// Rotation by coordinate `coordinate` about the unit axis (joint-frame axes).
    Revolute { coordinate: usize, axis: V3 },
    /// Translation by coordinate `coordinate` along the unit axis (joint-frame axes).
    Prismatic { coordinate: usize, axis: V3 },
    /// None.
    Fixed,
}

/// One link of the tree.
pub struct Link {
    /// The parent link (`None`: the world).
    pub parent: Option<usize>,
    /// The joint frame's origin in the parent's axes.
    pub offset: V3,
    /// The joint frame's constant rotation relative to the parent's axes (`None`: identity).
    pub offset_rotation: Option<M3>,
    /// The motion.
    pub motion: Motion,
    /// The body it carries (index into the model's bodies), if any.
    pub body: Option<usize>,
}

/// Whether the structured route can derive a parsed (not yet assembled) model: every body hangs
/// on a joint and T is not written by hand (whether the block asks for expansion instead is
/// `Route::of`'s decision).
pub fn structured(parsed: &Model) -> bool {
    !parsed.bodies.is_empty()
        && parsed.bodies.iter().all(|b| b.joint.is_some())
        && parsed.kinetic.is_none()
}

fn coordinate_index(model: &Assembled, q: &Name) -> usize {
    model
        .coordinates()
        .iter()
        .position(|c| c.text == q.text)
        .unwrap_or(0)
}

/// The unit axis, each component that is not a number named once (an axis given by parameters,
/// like a steer axis tilted by λ, is then normalised once instead of in every entry that uses it).
fn unit_atoms(axis: &Vector, conv: &Converter) -> V3 {
    named(conv.program(), &conv.vector3(&unit(axis)))
}

/// The coordinate axes e_x, e_y, e_z as written vectors (for the parts of a floating joint).
fn basis(k: usize, span: Span) -> Vector {
    Vector {
        components: (0..3).map(|i| Expr::int(i64::from(i == k), span)).collect(),
        span,
    }
}

/// The elementary motions of one joint kind, in order.
fn motions(model: &Assembled, kind: &JointKind, conv: &Converter) -> Vec<Motion> {
    match kind {
        JointKind::Revolute { coordinate, axis } => vec![Motion::Revolute {
            coordinate: coordinate_index(model, coordinate),
            axis: unit_atoms(axis, conv),
        }],
        JointKind::Prismatic { coordinate, axis } => vec![Motion::Prismatic {
            coordinate: coordinate_index(model, coordinate),
            axis: unit_atoms(axis, conv),
        }],
        JointKind::Fixed => vec![Motion::Fixed],
        JointKind::Floating { coordinates } => {
            let span = coordinates.first().map_or_else(Span::call_site, |c| c.span);
            let mut out = Vec::new();
            for (k, q) in coordinates.iter().take(3).enumerate() {
                out.push(Motion::Prismatic {
                    coordinate: coordinate_index(model, q),
                    axis: unit_atoms(&basis(k, span), conv),
                });
            }
            for (k, q) in [2, 1, 0].into_iter().zip(coordinates.iter().skip(3)) {
                out.push(Motion::Revolute {
                    coordinate: coordinate_index(model, q),
                    axis: unit_atoms(&basis(k, span), conv),
                });
            }
            out
        }
    }
}

/// The links of a model whose bodies all hang on joints (validation guarantees a tree).
pub fn links(model: &Assembled, conv: &Converter) -> Vec<Link> {
    let mut out: Vec<Link> = Vec::new();
    // The last link of each body, once placed.
    let mut placed: Vec<Option<usize>> = vec![None; model.tree.len()];
    let index = |name: &str| model.tree.iter().position(|b| b.name.text == name);
    let mut progress = true;
    while progress {
        progress = false;
        for (b, body) in model.tree.iter().enumerate() {
            let Some(joint) = &body.joint else { continue };
            if placed[b].is_some() {
                continue;
            }
            let parent = match &joint.parent {
                None => None,
                Some(p) => match index(&p.text).and_then(|k| placed[k]) {
                    Some(l) => Some(l),
                    None => continue,
                },
            };
            let offset = joint
                .offset
                .as_ref()
                .map_or_else(zero3, |d| conv.vector3(&d.components));
            let rotation = offset_rotation(joint).map(|m| conv.matrix3(&m));
            let mut parent = parent;
            let ms = motions(model, &joint.kind, conv);
            let last = ms.len() - 1;
            for (k, motion) in ms.into_iter().enumerate() {
                out.push(Link {
                    parent,
                    offset: if k == 0 { offset.clone() } else { zero3() },
                    offset_rotation: if k == 0 { rotation.clone() } else { None },
                    motion,
                    body: (k == last).then_some(b),
                });
                parent = Some(out.len() - 1);
            }
            placed[b] = parent;
            progress = true;
        }
    }
    out
}
