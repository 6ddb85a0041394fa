//! The little 3-D algebra an import needs: URDF's roll–pitch–yaw rotations, frames composed
//! through massless fixed links, and inertia tensors turned into link axes.
//!
//! Small functions on `[f64; 3]` arrays; a linear-algebra crate would be a dependency for
//! less code than it takes to convert to and from it.

/// A 3×3 matrix by rows.
pub type Mat3 = [[f64; 3]; 3];
/// A 3-vector.
pub type Vec3 = [f64; 3];

/// The identity.
pub const IDENTITY: Mat3 = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

/// R_x(a).
fn rot_x(a: f64) -> Mat3 {
    let (s, c) = a.sin_cos();
    [[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]]
}

/// R_y(a).
fn rot_y(a: f64) -> Mat3 {
    let (s, c) = a.sin_cos();
    [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]]
}

/// R_z(a).
fn rot_z(a: f64) -> Mat3 {
    let (s, c) = a.sin_cos();
    [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]
}

/// URDF's fixed-axis roll, pitch, yaw: R = R_z(yaw) R_y(pitch) R_x(roll) (URDF specification,
/// `<origin rpy>`), mapping child axes to parent axes.
pub fn rpy(r: Vec3) -> Mat3 {
    mul(&mul(&rot_z(r[2]), &rot_y(r[1])), &rot_x(r[0]))
}

/// A B.
pub fn mul(a: &Mat3, b: &Mat3) -> Mat3 {
    let mut out = [[0.0; 3]; 3];
    for (i, row) in out.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = (0..3).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    out
}

/// A v.
pub fn apply(a: &Mat3, v: Vec3) -> Vec3 {
    [0, 1, 2].map(|i| (0..3).map(|k| a[i][k] * v[k]).sum())
}

/// a + b.
pub fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// a·b.
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// a × b.
pub fn cross(a: Vec3, b: Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// ‖v‖.
pub fn norm(v: Vec3) -> f64 {
    dot(v, v).sqrt()
}

/// s v.
pub fn scale(v: Vec3, s: f64) -> Vec3 {
    v.map(|x| x * s)
}

/// Aᵀ.
pub fn transpose(a: &Mat3) -> Mat3 {
    [0, 1, 2].map(|i| [0, 1, 2].map(|j| a[j][i]))
}

/// R I Rᵀ: an inertia tensor given in axes R maps to its parent's axes, symmetrised against
/// round-off.
pub fn rotate_inertia(r: &Mat3, inertia: &Mat3) -> Mat3 {
    let m = mul(&mul(r, inertia), &transpose(r));
    [0, 1, 2].map(|i| [0, 1, 2].map(|j| 0.5 * (m[i][j] + m[j][i])))
}

/// Whether a symmetric 3×3 matrix is positive definite (Sylvester's criterion: leading minors
/// positive).
pub fn positive_definite(a: &Mat3) -> bool {
    let m1 = a[0][0];
    let m2 = a[0][0] * a[1][1] - a[0][1] * a[1][0];
    let m3 = a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    m1 > 0.0 && m2 > 0.0 && m3 > 0.0
}

/// Whether every entry is zero.
pub fn is_zero(v: Vec3) -> bool {
    v.iter().all(|x| *x == 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rpy_is_yaw_pitch_roll_about_fixed_axes() {
        // Roll by π/2 takes y to z; a yaw by π/2 after it takes x to y.
        let r = rpy([
            std::f64::consts::FRAC_PI_2,
            0.0,
            std::f64::consts::FRAC_PI_2,
        ]);
        let y = apply(&r, [0.0, 1.0, 0.0]);
        let x = apply(&r, [1.0, 0.0, 0.0]);
        assert!((y[2] - 1.0).abs() < 1e-15 && (x[1] - 1.0).abs() < 1e-15);
    }

    #[test]
    fn rotated_inertia_keeps_its_invariants() {
        let i = [[2.0, 0.1, 0.0], [0.1, 3.0, 0.2], [0.0, 0.2, 4.0]];
        let j = rotate_inertia(&rpy([0.3, -0.7, 1.1]), &i);
        let trace = |m: &Mat3| m[0][0] + m[1][1] + m[2][2];
        assert!((trace(&i) - trace(&j)).abs() < 1e-14);
        assert!(positive_definite(&j));
        assert!(!positive_definite(&[
            [1.0, 0.0, 0.0],
            [0.0, -1.0, 0.0],
            [0.0, 0.0, 1.0]
        ]));
    }
}
