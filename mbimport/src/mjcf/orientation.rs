//! Frame orientations as MJCF writes them — `quat`, `axisangle`, `euler`, `xyaxes`, `zaxis` —
//! as rotation matrices mapping the element's axes to its parent's (MuJoCo XML reference,
//! "Frame orientations"), and `fromto` segments as frames.

use super::document::Document;
use crate::error::ImportError;
use crate::spatial::{IDENTITY, Mat3, Vec3, cross, dot, norm, scale};

/// The unit quaternion (w, x, y, z) as a rotation matrix.
pub fn quaternion(q: [f64; 4]) -> Mat3 {
    let n = q.iter().map(|x| x * x).sum::<f64>().sqrt();
    let [w, x, y, z] = q.map(|c| c / n);
    [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y - w * z),
            2.0 * (x * z + w * y),
        ],
        [
            2.0 * (x * y + w * z),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z - w * x),
        ],
        [
            2.0 * (x * z - w * y),
            2.0 * (y * z + w * x),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ]
}

/// Rotation by `angle` about the unit `axis` (Rodrigues).
pub fn about(axis: Vec3, angle: f64) -> Mat3 {
    let (s, c) = angle.sin_cos();
    let [x, y, z] = axis;
    let t = 1.0 - c;
    [
        [c + x * x * t, x * y * t - z * s, x * z * t + y * s],
        [y * x * t + z * s, c + y * y * t, y * z * t - x * s],
        [z * x * t - y * s, z * y * t + x * s, c + z * z * t],
    ]
}

/// The smallest rotation taking e_z to the direction `v` (MuJoCo's `mju_quatZ2Vec`: a half
/// turn about x when `v` points along −z).
pub fn z_to(v: Vec3) -> Mat3 {
    let v = scale(v, 1.0 / norm(v));
    let axis = cross([0.0, 0.0, 1.0], v);
    let s = norm(axis);
    let c = v[2];
    if s < 1e-14 {
        return if c > 0.0 {
            IDENTITY
        } else {
            about([1.0, 0.0, 0.0], std::f64::consts::PI)
        };
    }
    about(scale(axis, 1.0 / s), s.atan2(c))
}

fn columns(x: Vec3, y: Vec3, z: Vec3) -> Mat3 {
    [[x[0], y[0], z[0]], [x[1], y[1], z[1]], [x[2], y[2], z[2]]]
}

/// The orientation of element `k` (identity when it gives none); two ways at once is an error.
pub fn orientation(doc: &Document, k: usize) -> Result<Mat3, ImportError> {
    let given: Vec<&str> = ["quat", "axisangle", "euler", "xyaxes", "zaxis"]
        .into_iter()
        .filter(|key| doc.element(k).attribute(key).is_some())
        .collect();
    if given.len() > 1 {
        return Err(doc.error(
            k,
            format!("the orientation is given twice: `{}`", given.join("`, `")),
        ));
    }
    let degenerate = |what: &str| doc.error(k, format!("`{what}` is degenerate (a zero vector)"));
    // Each form is read from the element itself; a default class gives no frame.
    match given.first().copied() {
        None => Ok(IDENTITY),
        Some("quat") => {
            let q = doc.fixed::<4>(k, "quat")?.unwrap_or([1.0, 0.0, 0.0, 0.0]);
            if q.iter().all(|x| *x == 0.0) {
                return Err(degenerate("quat"));
            }
            Ok(quaternion(q))
        }
        Some("axisangle") => {
            let [x, y, z, a] = doc
                .fixed::<4>(k, "axisangle")?
                .unwrap_or([0.0, 0.0, 1.0, 0.0]);
            let n = norm([x, y, z]);
            if n == 0.0 {
                return Err(degenerate("axisangle"));
            }
            Ok(about([x / n, y / n, z / n], doc.angle(a)))
        }
        Some("euler") => {
            let angles = doc.fixed::<3>(k, "euler")?.unwrap_or([0.0; 3]);
            let mut r = IDENTITY;
            for (axis, a) in doc.compiler.euler_sequence.iter().zip(angles) {
                let e = match axis.to_ascii_lowercase() {
                    'x' => [1.0, 0.0, 0.0],
                    'y' => [0.0, 1.0, 0.0],
                    _ => [0.0, 0.0, 1.0],
                };
                let turn = about(e, doc.angle(a));
                // Lower case: about the rotating (new) axes, post-multiplied; upper case: about
                // the fixed axes, pre-multiplied.
                r = if axis.is_ascii_lowercase() {
                    crate::spatial::mul(&r, &turn)
                } else {
                    crate::spatial::mul(&turn, &r)
                };
            }
            Ok(r)
        }
        Some("xyaxes") => {
            let v = doc
                .fixed::<6>(k, "xyaxes")?
                .unwrap_or([1.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
            let x = [v[0], v[1], v[2]];
            let nx = norm(x);
            if nx == 0.0 {
                return Err(degenerate("xyaxes"));
            }
            let x = scale(x, 1.0 / nx);
            let y = [v[3], v[4], v[5]];
            let d = dot(x, y);
            let y = [y[0] - d * x[0], y[1] - d * x[1], y[2] - d * x[2]];
            let ny = norm(y);
            if ny == 0.0 {
                return Err(degenerate("xyaxes"));
            }
            let y = scale(y, 1.0 / ny);
            Ok(columns(x, y, cross(x, y)))
        }
        _ => {
            let z = doc.fixed::<3>(k, "zaxis")?.unwrap_or([0.0, 0.0, 1.0]);
            if norm(z) == 0.0 {
                return Err(degenerate("zaxis"));
            }
            Ok(z_to(z))
        }
    }
}

/// A segment `fromto` as a frame: its midpoint, the rotation taking e_z along it, and half its
/// length.
pub fn segment(
    doc: &Document,
    k: usize,
    fromto: [f64; 6],
) -> Result<(Vec3, Mat3, f64), ImportError> {
    let (a, b) = (
        [fromto[0], fromto[1], fromto[2]],
        [fromto[3], fromto[4], fromto[5]],
    );
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let length = norm(d);
    if length == 0.0 {
        return Err(doc.error(k, "`fromto` has zero length".into()));
    }
    let mid = [
        0.5 * (a[0] + b[0]),
        0.5 * (a[1] + b[1]),
        0.5 * (a[2] + b[2]),
    ];
    Ok((mid, z_to(d), 0.5 * length))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spatial::apply;

    fn close(a: Vec3, b: Vec3) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-15)
    }

    #[test]
    fn quaternion_of_a_quarter_turn_about_z_takes_x_to_y() {
        let h = std::f64::consts::FRAC_1_SQRT_2;
        let r = quaternion([h, 0.0, 0.0, h]);
        assert!(close(apply(&r, [1.0, 0.0, 0.0]), [0.0, 1.0, 0.0]));
        // Rodrigues gives the same rotation.
        let s = about([0.0, 0.0, 1.0], std::f64::consts::FRAC_PI_2);
        assert!(close(
            apply(&s, [0.3, 0.2, 0.1]),
            apply(&r, [0.3, 0.2, 0.1])
        ));
    }

    #[test]
    fn z_to_takes_e_z_to_the_direction_and_handles_the_opposite_one() {
        for v in [
            [1.0, 2.0, -0.5],
            [0.0, 0.0, -3.0],
            [0.0, 0.0, 2.0],
            [-1.0, 0.0, 0.0],
        ] {
            let n = norm(v);
            assert!(
                close(apply(&z_to(v), [0.0, 0.0, 1.0]), scale(v, 1.0 / n)),
                "{v:?}"
            );
        }
    }
}
