//! The frames of the joint bodies of a kinematic tree as atoms, composed explicitly from the
//! world outwards.
//!
//! For a joint body with parent frame (R_p, o_p) (the world: (I, 0)), joint offset d, offset
//! rotation R_off and joint motion (R_m, t_m) in joint-frame axes (see `dsl::joints`):
//!
//! R = R_p · R_off · R_m,  o = o_p + R_p · d + R_p · R_off · t_m,
//!
//! with R_m the rotation about the normalised axis by q (revolute), R_z(a) R_y(b) R_x(c)
//! (floating), the identity otherwise, and t_m = k̂ q (prismatic), (x, y, z) (floating), zero
//! otherwise. Atoms are left unexpanded: consumers expand what they need.

use super::convert::Converter;
use crate::dsl::ast::Model;
use crate::dsl::build::M3;
use crate::dsl::joints::{motion_rotation, motion_translation, offset_rotation};
use std::collections::HashMap;
use symbolica::atom::Atom;

/// The frame of one body: body axes → world, and the world position of its origin.
#[derive(Debug, Clone)]
pub struct FrameAtoms {
    /// R (body axes → world).
    pub rotation: [[Atom; 3]; 3],
    /// The world position of the frame origin.
    pub origin: [Atom; 3],
}

/// Frames by body name.
pub type Frames = HashMap<String, FrameAtoms>;

impl FrameAtoms {
    /// The world frame.
    fn world() -> FrameAtoms {
        FrameAtoms {
            rotation: std::array::from_fn(|i| {
                std::array::from_fn(|j| Atom::num(if i == j { 1 } else { 0 }))
            }),
            origin: std::array::from_fn(|_| Atom::num(0)),
        }
    }
}

/// a·b of 3×3 atom matrices.
fn matmul(a: &[[Atom; 3]; 3], b: &[[Atom; 3]; 3]) -> [[Atom; 3]; 3] {
    std::array::from_fn(|i| std::array::from_fn(|j| sum((0..3).map(|k| &a[i][k] * &b[k][j]))))
}

/// a·v of a 3×3 atom matrix and a 3-vector.
fn matvec(a: &[[Atom; 3]; 3], v: &[Atom; 3]) -> [Atom; 3] {
    std::array::from_fn(|i| sum((0..3).map(|k| &a[i][k] * &v[k])))
}

fn sum(terms: impl Iterator<Item = Atom>) -> Atom {
    let mut s = Atom::num(0);
    for t in terms {
        s += t;
    }
    s
}

/// A 3×3 matrix of expressions as atoms.
fn atoms(m: &M3, conv: &Converter) -> [[Atom; 3]; 3] {
    std::array::from_fn(|i| std::array::from_fn(|j| conv.atom(&m[i][j])))
}

/// A 3-vector of expressions as atoms (zero where missing).
fn vector(v: &[crate::dsl::ast::Expr], conv: &Converter) -> [Atom; 3] {
    std::array::from_fn(|i| v.get(i).map_or_else(|| Atom::num(0), |e| conv.atom(e)))
}

/// The frames of every joint body of `model`, composed explicitly in tree order.
pub fn expanded_frames(model: &Model, conv: &Converter) -> Frames {
    let mut frames = Frames::new();
    for b in &model.bodies {
        frame_of(model, &b.name.text, conv, &mut frames, 0);
    }
    frames
}

/// The frame of body `name` (its parents' first), or `None` for a body without a joint.
fn frame_of(
    model: &Model,
    name: &str,
    conv: &Converter,
    frames: &mut Frames,
    depth: usize,
) -> Option<FrameAtoms> {
    if let Some(f) = frames.get(name) {
        return Some(f.clone());
    }
    // Validation rejects loops of parents; the depth bound keeps an unvalidated model finite.
    if depth > model.bodies.len() {
        return None;
    }
    let b = model.bodies.iter().find(|b| b.name.text == name)?;
    let j = b.joint.as_ref()?;
    let parent = match &j.parent {
        Some(p) => frame_of(model, &p.text, conv, frames, depth + 1)?,
        None => FrameAtoms::world(),
    };
    let joint_frame = match offset_rotation(j) {
        Some(r) => matmul(&parent.rotation, &atoms(&r, conv)),
        None => parent.rotation.clone(),
    };
    let mut origin = parent.origin.clone();
    if let Some(d) = &j.offset {
        let shift = matvec(&parent.rotation, &vector(&d.components, conv));
        origin = std::array::from_fn(|i| &origin[i] + &shift[i]);
    }
    if let Some(t) = motion_translation(&j.kind) {
        let shift = matvec(&joint_frame, &vector(&t, conv));
        origin = std::array::from_fn(|i| &origin[i] + &shift[i]);
    }
    let rotation = match motion_rotation(&j.kind) {
        Some(r) => matmul(&joint_frame, &atoms(&r, conv)),
        None => joint_frame,
    };
    let f = FrameAtoms { rotation, origin };
    frames.insert(name.to_string(), f.clone());
    Some(f)
}
