//! 3-vectors and 3×3 matrices of atoms, and naming their entries as intermediates.

use super::program::Program;
use symbolica::atom::{Atom, AtomCore};

/// A 3-vector of atoms.
pub type V3 = [Atom; 3];
/// A 3×3 matrix of atoms, row-major.
pub type M3 = [[Atom; 3]; 3];

/// The zero vector.
pub fn zero3() -> V3 {
    std::array::from_fn(|_| Atom::num(0))
}

/// The identity matrix.
pub fn identity() -> M3 {
    std::array::from_fn(|i| std::array::from_fn(|j| Atom::num(i64::from(i == j))))
}

/// a + b.
pub fn add(a: &V3, b: &V3) -> V3 {
    std::array::from_fn(|i| &a[i] + &b[i])
}

/// a − b.
pub fn sub(a: &V3, b: &V3) -> V3 {
    std::array::from_fn(|i| &a[i] - &b[i])
}

/// s a.
pub fn scale(s: &Atom, a: &V3) -> V3 {
    std::array::from_fn(|i| s * &a[i])
}

/// a · b.
pub fn dot(a: &V3, b: &V3) -> Atom {
    &a[0] * &b[0] + &a[1] * &b[1] + &a[2] * &b[2]
}

/// a × b.
pub fn cross(a: &V3, b: &V3) -> V3 {
    [
        &a[1] * &b[2] - &a[2] * &b[1],
        &a[2] * &b[0] - &a[0] * &b[2],
        &a[0] * &b[1] - &a[1] * &b[0],
    ]
}

/// A v.
pub fn mat_vec(a: &M3, v: &V3) -> V3 {
    std::array::from_fn(|i| &a[i][0] * &v[0] + &a[i][1] * &v[1] + &a[i][2] * &v[2])
}

/// A B.
pub fn mat_mul(a: &M3, b: &M3) -> M3 {
    std::array::from_fn(|i| {
        std::array::from_fn(|j| &a[i][0] * &b[0][j] + &a[i][1] * &b[1][j] + &a[i][2] * &b[2][j])
    })
}

/// A B Aᵀ for a symmetric B (the result is symmetric; each entry is computed once).
pub fn congruence(a: &M3, b: &M3) -> M3 {
    let ab = mat_mul(a, b);
    let mut out = identity();
    for i in 0..3 {
        for j in i..3 {
            let e = &ab[i][0] * &a[j][0] + &ab[i][1] * &a[j][1] + &ab[i][2] * &a[j][2];
            out[i][j] = e.clone();
            out[j][i] = e;
        }
    }
    out
}

/// Every entry named as an intermediate (expanded first, so that constant factors fold).
pub fn named(prog: &Program, v: &V3) -> V3 {
    std::array::from_fn(|i| prog.define(v[i].expand()))
}

/// Every entry of a matrix named.
pub fn named_matrix(prog: &Program, m: &M3) -> M3 {
    std::array::from_fn(|i| named(prog, &m[i]))
}

/// A symmetric matrix named once per upper-triangle entry.
pub fn named_symmetric(prog: &Program, m: &M3) -> M3 {
    let mut out = identity();
    for i in 0..3 {
        for j in i..3 {
            let e = prog.define(m[i][j].expand());
            out[i][j] = e.clone();
            out[j][i] = e;
        }
    }
    out
}

/// Rodrigues' rotation by the angle whose cosine and sine are `c`, `s` about the unit axis `u`:
/// R = c 1 + s [u]× + (1 − c) u uᵀ.
pub fn rotation_about(u: &V3, c: &Atom, s: &Atom) -> M3 {
    let one_minus_c = Atom::num(1) - c;
    let skew = [
        [Atom::num(0), -&u[2], u[1].clone()],
        [u[2].clone(), Atom::num(0), -&u[0]],
        [-&u[1], u[0].clone(), Atom::num(0)],
    ];
    std::array::from_fn(|i| {
        std::array::from_fn(|j| {
            let diagonal = if i == j { c.clone() } else { Atom::num(0) };
            diagonal + s * &skew[i][j] + &one_minus_c * &u[i] * &u[j]
        })
    })
}
