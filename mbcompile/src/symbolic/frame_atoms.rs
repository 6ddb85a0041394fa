//! The frame of a body as atoms (rotation and origin), and frames by body name: what the
//! expression converter and the kinematic tree read body points and rotations from.

use super::vec3::{identity, zero3};
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
    pub fn world() -> FrameAtoms {
        FrameAtoms {
            rotation: identity(),
            origin: zero3(),
        }
    }
}
