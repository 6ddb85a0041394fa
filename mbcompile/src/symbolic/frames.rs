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
use super::frame_atoms::{FrameAtoms, Frames};
use super::vec3::{add, mat_mul, mat_vec};
use crate::dsl::assembled::Assembled;
use crate::dsl::joints::{motion_rotation, motion_translation, offset_rotation};

/// The frames of every joint body of `model`, composed explicitly in tree order.
pub fn expanded_frames(model: &Assembled, conv: &Converter) -> Frames {
    let mut frames = Frames::new();
    for b in &model.tree {
        frame_of(model, &b.name.text, conv, &mut frames, 0);
    }
    frames
}

/// The frame of body `name` (its parents' first), or `None` for a body without a joint.
fn frame_of(
    model: &Assembled,
    name: &str,
    conv: &Converter,
    frames: &mut Frames,
    depth: usize,
) -> Option<FrameAtoms> {
    if let Some(f) = frames.get(name) {
        return Some(f.clone());
    }
    // Validation rejects loops of parents; the depth bound keeps an unvalidated model finite.
    if depth > model.tree.len() {
        return None;
    }
    let b = model.tree.iter().find(|b| b.name.text == name)?;
    let j = b.joint.as_ref()?;
    let parent = match &j.parent {
        Some(p) => frame_of(model, &p.text, conv, frames, depth + 1)?,
        None => FrameAtoms::world(),
    };
    let joint_frame = match offset_rotation(j) {
        Some(r) => mat_mul(&parent.rotation, &conv.matrix3(&r)),
        None => parent.rotation.clone(),
    };
    let mut origin = parent.origin.clone();
    if let Some(d) = &j.offset {
        let shift = mat_vec(&parent.rotation, &conv.vector3(&d.components));
        origin = add(&origin, &shift);
    }
    if let Some(t) = motion_translation(&j.kind) {
        let shift = mat_vec(&joint_frame, &conv.vector3(&t));
        origin = add(&origin, &shift);
    }
    let rotation = match motion_rotation(&j.kind) {
        Some(r) => mat_mul(&joint_frame, &conv.matrix3(&r)),
        None => joint_frame,
    };
    let f = FrameAtoms { rotation, origin };
    frames.insert(name.to_string(), f.clone());
    Some(f)
}
