//! The tangential directions of a point against a line or plane with friction, as slip
//! functions s_T = t̂·r of the contact point r (W_T = ∇s_T):
//!
//! - a line (planar) has one tangent: the given `tangent: t`, or else the line's direction
//!   t = (n_y, −n_x) (n turned by −90°);
//! - a plane (spatial) has two, a tangent plane: t̂1 is the given `tangent: t` (or the first of
//!   `tangents: (t1, t2)`), or else the coordinate axis e_k least aligned with the normal (the
//!   smallest |n_k| at the parameter defaults, the first of equal ones) projected on the plane,
//!   t1 = e_k − (n_k / n·n) n; t̂2 is the given second tangent, or else n̂ × t̂1. Without given
//!   tangents (t̂1, t̂2, n̂) is thus a right-handed orthonormal basis; a floor with normal
//!   (0, 0, 1) gets t̂1 = (1, 0, 0), t̂2 = (0, 1, 0).
//!
//! The axis is chosen once, at the parameter defaults: a normal depending on parameters keeps its
//! axis when they change (the basis stays orthonormal as long as the normal does not turn onto
//! that axis).

use super::ast::Tangent;
use super::build::{div, dot, int, mul, neg, sqrt, sub};
use super::scalar::Scalar;
use proc_macro2::Span;

/// The slip t̂·r = t·r / |t| along a direction t that need not be unit.
fn slip_along(t: &[Scalar], r: &[Scalar], span: Span) -> Scalar {
    let length = sqrt(dot(t, t, span));
    div(dot(t, r, span), length)
}

/// a × b of 3-vectors.
pub fn cross(a: &[Scalar], b: &[Scalar]) -> Vec<Scalar> {
    let term = |i: usize, j: usize| {
        sub(
            mul(a[i].clone(), b[j].clone()),
            mul(a[j].clone(), b[i].clone()),
        )
    };
    vec![term(1, 2), term(2, 0), term(0, 1)]
}

/// The index of the coordinate axis least aligned with a normal whose values are `n`: the
/// smallest |n_k|, the first of equal ones.
pub fn least_aligned_axis(n: &[f64]) -> usize {
    let mut best = 0;
    for (k, x) in n.iter().enumerate() {
        if x.abs() < n[best].abs() {
            best = k;
        }
    }
    best
}

/// e_k − (n_k / n·n) n: the coordinate axis k projected on the plane with normal n.
fn projected_axis(n: &[Scalar], k: usize, span: Span) -> Vec<Scalar> {
    let along = div(n[k].clone(), dot(n, n, span));
    n.iter()
        .enumerate()
        .map(|(i, ni)| sub(int(i64::from(i == k), span), mul(along.clone(), ni.clone())))
        .collect()
}

/// The tangential directions (not unit) of a line or plane with normal `n` (components as
/// expressions, `normal_values` at the parameter defaults), with the tangents `given` (`tangent`,
/// then the second of `tangents`), as the rules of this module say: one for a line, two for a
/// plane.
pub fn tangent_directions(
    n: &[Scalar],
    normal_values: &[f64],
    given: [Option<Vec<Scalar>>; 2],
    span: Span,
) -> Vec<Vec<Scalar>> {
    let [first, second] = given;
    if n.len() == 2 {
        return vec![first.unwrap_or_else(|| vec![n[1].clone(), neg(n[0].clone())])];
    }
    let t1 = first.unwrap_or_else(|| projected_axis(n, least_aligned_axis(normal_values), span));
    let t2 = second.unwrap_or_else(|| cross(n, &t1));
    vec![t1, t2]
}

/// The slip functions of a point at `r` against a line or plane with normal `n`: t̂·r along
/// each of [`tangent_directions`].
pub fn contact_slips(
    n: &[Scalar],
    normal_values: &[f64],
    given: [Option<Vec<Scalar>>; 2],
    r: &[Scalar],
    span: Span,
) -> Tangent<Scalar> {
    let slips: Vec<Scalar> = tangent_directions(n, normal_values, given, span)
        .iter()
        .map(|t| slip_along(t, r, span))
        .collect();
    match <[Scalar; 2]>::try_from(slips) {
        Ok(pair) => Tangent::Slips(pair),
        Err(mut one) => Tangent::Slip(one.remove(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::least_aligned_axis;

    /// The axis with the smallest |n_k| wins; ties go to the first.
    #[test]
    fn least_aligned_axis_is_the_smallest_component() {
        assert_eq!(least_aligned_axis(&[0.0, 0.0, 1.0]), 0);
        assert_eq!(least_aligned_axis(&[1.0, 0.0, 0.0]), 1);
        assert_eq!(least_aligned_axis(&[0.6, -0.8, 0.1]), 2);
        assert_eq!(least_aligned_axis(&[-0.5, 0.5, 0.7]), 0);
    }
}
