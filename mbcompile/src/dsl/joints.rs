//! The motion of one joint as expressions: the constant rotation of the joint frame relative to
//! the parent's axes, and the rotation and translation the joint coordinates produce in the
//! joint frame. The frame of a joint body is then
//! R = R_parent · R_offset · R_motion and origin = origin_parent + R_parent · offset
//! + R_parent · R_offset · t_motion (composed by the symbolic stage).

use super::ast::{Axis, Joint, JointKind, Name, RotationFactor};
use super::build::{M3, about, elementary, mul, node, product, unit, written_rows};
use super::scalar::{Scalar, ScalarKind};

/// A coordinate as an expression.
fn coordinate(q: &Name) -> Scalar {
    node(ScalarKind::Name(q.text.clone()), q.span)
}

/// R_offset: the product of the offset rotation factors (`None`: the identity).
pub fn offset_rotation(j: &Joint) -> Option<M3> {
    let factors = j.offset_rotation.iter().filter_map(|f| match f {
        RotationFactor::Elementary(axis, a) => Some(elementary(*axis, &Scalar::written(a))),
        RotationFactor::About(axis, a) => Some(about(axis, &Scalar::written(a))),
        RotationFactor::Matrix(m) => Some(written_rows(&m.rows)),
        // Rejected by validation: an offset rotation is constant.
        RotationFactor::Body(_) => None,
    });
    product(factors.collect::<Vec<_>>(), j.span)
}

/// R_motion: about the axis by the angle of a revolute joint; R_z(a) R_y(b) R_x(c) of a
/// floating joint (`None`: the identity).
pub fn motion_rotation(kind: &JointKind) -> Option<M3> {
    match kind {
        JointKind::Revolute {
            coordinate: q,
            axis,
        } => Some(about(axis, &coordinate(q))),
        JointKind::Floating { coordinates } if coordinates.len() == 6 => {
            let r = [Axis::Z, Axis::Y, Axis::X]
                .iter()
                .zip(&coordinates[3..])
                .map(|(axis, q)| elementary(*axis, &coordinate(q)))
                .collect::<Vec<_>>();
            product(r, coordinates[3].span)
        }
        _ => None,
    }
}

/// t_motion in joint-frame axes: k̂ q of a prismatic joint (k̂ the unit axis), (x, y, z) of a
/// floating joint (`None`: no translation).
pub fn motion_translation(kind: &JointKind) -> Option<Vec<Scalar>> {
    match kind {
        JointKind::Prismatic {
            coordinate: q,
            axis,
        } => Some(
            unit(axis)
                .into_iter()
                .map(|k| mul(k, coordinate(q)))
                .collect(),
        ),
        JointKind::Floating { coordinates } if coordinates.len() == 6 => {
            Some(coordinates[..3].iter().map(coordinate).collect())
        }
        _ => None,
    }
}
