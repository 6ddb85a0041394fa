//! Building assembled expressions ([`Scalar`]): sums, products and powers that drop zeros and
//! ones, dot products, and the 3×3 rotation matrices of elementary rotations, of rotations about
//! an axis (Rodrigues) and of their products.

use super::ast::{Axis, BinOp, Function, Vector};
use super::expr::decimal;
use super::scalar::{Scalar, ScalarKind, Wrt};
use proc_macro2::Span;

/// 3×3 matrix of expressions.
pub type M3 = Vec<Vec<Scalar>>;

/// An expression of `kind` at `span`.
pub fn node(kind: ScalarKind, span: Span) -> Scalar {
    Scalar::new(kind, span)
}

/// The integer `k`.
pub fn int(k: i64, span: Span) -> Scalar {
    Scalar::written(&super::ast::Expr::int(k, span))
}

/// Whether `e` is the literal integer `k`.
pub fn is_int(e: &Scalar, k: i64) -> bool {
    matches!(&e.kind, ScalarKind::Number(n) if n.exponent == 0 && n.digits == k.to_string())
}

/// a + b (a zero term dropped).
pub fn add(a: Scalar, b: Scalar) -> Scalar {
    if is_int(&a, 0) {
        return b;
    }
    if is_int(&b, 0) {
        return a;
    }
    let span = a.span;
    node(
        ScalarKind::Binary(BinOp::Add, Box::new(a), Box::new(b)),
        span,
    )
}

/// a − b (a zero b dropped).
pub fn sub(a: Scalar, b: Scalar) -> Scalar {
    if is_int(&b, 0) {
        return a;
    }
    let span = a.span;
    node(
        ScalarKind::Binary(BinOp::Sub, Box::new(a), Box::new(b)),
        span,
    )
}

/// a · b (zero and one factors simplified).
pub fn mul(a: Scalar, b: Scalar) -> Scalar {
    if is_int(&a, 0) || is_int(&b, 0) {
        return int(0, a.span);
    }
    if is_int(&a, 1) {
        return b;
    }
    if is_int(&b, 1) {
        return a;
    }
    let span = a.span;
    node(
        ScalarKind::Binary(BinOp::Mul, Box::new(a), Box::new(b)),
        span,
    )
}

/// a / b.
pub fn div(a: Scalar, b: Scalar) -> Scalar {
    let span = a.span;
    node(
        ScalarKind::Binary(BinOp::Div, Box::new(a), Box::new(b)),
        span,
    )
}

/// −a.
pub fn neg(a: Scalar) -> Scalar {
    let span = a.span;
    node(ScalarKind::Neg(Box::new(a)), span)
}

/// a².
pub fn square(a: Scalar) -> Scalar {
    let span = a.span;
    node(ScalarKind::Powi(Box::new(a), 2), span)
}

/// f(a) for a function of the language.
pub fn call(f: Function, a: Scalar) -> Scalar {
    let span = a.span;
    node(ScalarKind::Call(f, Box::new(a)), span)
}

/// √a.
pub fn sqrt(a: Scalar) -> Scalar {
    call(Function::Sqrt, a)
}

/// a / 2.
pub fn half(a: Scalar) -> Scalar {
    let span = a.span;
    div(a, int(2, span))
}

/// The total time derivative of a function of (q, t).
pub fn rate(a: &Scalar) -> Scalar {
    node(ScalarKind::Rate(Box::new(a.clone())), a.span)
}

/// ∂a/∂(coordinate or velocity).
pub fn partial(a: &Scalar, wrt: Wrt) -> Scalar {
    node(ScalarKind::Partial(Box::new(a.clone()), wrt), a.span)
}

/// Σ terms (0 when empty).
pub fn sum(terms: impl IntoIterator<Item = Scalar>, span: Span) -> Scalar {
    terms.into_iter().fold(int(0, span), add)
}

/// a·b.
pub fn dot(a: &[Scalar], b: &[Scalar], span: Span) -> Scalar {
    sum(
        a.iter().zip(b).map(|(x, y)| mul(x.clone(), y.clone())),
        span,
    )
}

/// The rotation by angle `a` about a coordinate axis.
pub fn elementary(axis: Axis, a: &Scalar) -> M3 {
    let s = a.span;
    let (c, sn) = (
        node(ScalarKind::Call(Function::Cos, Box::new(a.clone())), s),
        node(ScalarKind::Call(Function::Sin, Box::new(a.clone())), s),
    );
    let (o, z) = (int(1, s), int(0, s));
    match axis {
        Axis::X => vec![
            vec![o, z.clone(), z.clone()],
            vec![z.clone(), c.clone(), neg(sn.clone())],
            vec![z, sn, c],
        ],
        Axis::Y => vec![
            vec![c.clone(), z.clone(), sn.clone()],
            vec![z.clone(), o, z.clone()],
            vec![neg(sn), z, c],
        ],
        Axis::Z => vec![
            vec![c.clone(), neg(sn.clone()), z.clone()],
            vec![sn, c, z.clone()],
            vec![z.clone(), z, o],
        ],
    }
}

/// a·b of 3×3 matrices.
pub fn matmul(a: &M3, b: &M3, span: Span) -> M3 {
    (0..3)
        .map(|i| {
            (0..3)
                .map(|j| sum((0..3).map(|k| mul(a[i][k].clone(), b[k][j].clone())), span))
                .collect()
        })
        .collect()
}

/// The product of a sequence of matrices (`None` when empty).
pub fn product(factors: impl IntoIterator<Item = M3>, span: Span) -> Option<M3> {
    let mut r: Option<M3> = None;
    for e in factors {
        r = Some(match r {
            None => e,
            Some(r) => matmul(&r, &e, span),
        });
    }
    r
}

/// The value of a literal number (possibly negated), if `e` is one.
fn literal(e: &Scalar) -> Option<f64> {
    match &e.kind {
        ScalarKind::Number(n) => Some(n.value),
        ScalarKind::Neg(a) => literal(a).map(|v| -v),
        _ => None,
    }
}

/// A literal axis along a coordinate axis: the axis and whether it points backwards.
fn coordinate_axis(axis: &[Scalar]) -> Option<(Axis, bool)> {
    let v: Vec<f64> = axis.iter().map(literal).collect::<Option<_>>()?;
    let nonzero: Vec<usize> = (0..v.len()).filter(|&k| v[k] != 0.0).collect();
    match (v.len(), nonzero.as_slice()) {
        (3, [k]) => Some(([Axis::X, Axis::Y, Axis::Z][*k], v[*k] < 0.0)),
        _ => None,
    }
}

/// The components of a vector of the block (parameter expressions) as scalars.
fn written(v: &Vector) -> Vec<Scalar> {
    v.components.iter().map(Scalar::written).collect()
}

/// The rows of a matrix of the block (parameter expressions, or rotations written by hand) as
/// scalars.
pub fn written_rows(rows: &[Vec<super::ast::Expr>]) -> M3 {
    rows.iter()
        .map(|row| row.iter().map(Scalar::written).collect())
        .collect()
}

/// The unit vector along `axis`: axis/|axis| (the literal unit vector for a literal coordinate
/// axis).
pub fn unit(axis: &Vector) -> Vec<Scalar> {
    let s = axis.span;
    let components = written(axis);
    if let Some((e, backwards)) = coordinate_axis(&components) {
        let k = [Axis::X, Axis::Y, Axis::Z].iter().position(|a| *a == e);
        return (0..3)
            .map(|i| match (Some(i) == k, backwards) {
                (false, _) => int(0, s),
                (true, false) => int(1, s),
                (true, true) => int(-1, s),
            })
            .collect();
    }
    if let Some(unit) = decimal_unit(&components, s) {
        return unit;
    }
    let len = sqrt(dot(&components, &components, s));
    components
        .iter()
        .map(|x| div(x.clone(), len.clone()))
        .collect()
}

/// The unit vector of an axis written with decimal (non-integer) literals, normalised in f64.
///
/// Robot descriptions carry axes such as (0, 1, 6.12323e-17), a rotation's round-off. The exact
/// norm of such an axis is the square root of a rational with 40-digit numerator, which the
/// simplifier tries to reduce by factoring it (more than five minutes for one axis of the iCub's
/// description). An axis whose squared norm is 1 in f64 is therefore used as written (it differs
/// from the exact unit vector by less than f64's rounding of its components), and any other
/// decimal axis is divided by its f64 norm (one rounding per component, as the generated code's
/// constants would carry anyway). Axes of integers, such as (2, 1, 2) or (0, 1, 1), stay exact.
fn decimal_unit(components: &[Scalar], s: Span) -> Option<Vec<Scalar>> {
    let values: Vec<(f64, bool)> = components
        .iter()
        .map(|c| {
            let whole = |e: &Scalar| matches!(&e.kind, ScalarKind::Number(n) if n.exponent >= 0);
            let integer = match &c.kind {
                ScalarKind::Neg(a) => whole(a),
                _ => whole(c),
            };
            literal(c).map(|v| (v, integer))
        })
        .collect::<Option<_>>()?;
    if values.iter().all(|&(_, integer)| integer) {
        return None;
    }
    let squared: f64 = values.iter().map(|(v, _)| v * v).sum();
    if squared == 1.0 {
        return Some(components.to_vec());
    }
    let norm = squared.sqrt();
    if !norm.is_normal() {
        return None;
    }
    values
        .iter()
        .map(|(v, _)| {
            let n = node(
                ScalarKind::Number(decimal(&format!("{:e}", (v / norm).abs()))?),
                s,
            );
            Some(if *v < 0.0 { neg(n) } else { n })
        })
        .collect()
}

/// The rotation by angle `a` about `axis` (normalised): R = c I + s [k]× + (1 − c) k kᵀ with
/// k = axis/|axis| (Rodrigues); an elementary rotation when the axis is a literal coordinate
/// axis.
pub fn about(axis: &Vector, a: &Scalar) -> M3 {
    if let Some((e, backwards)) = coordinate_axis(&written(axis)) {
        return elementary(e, &if backwards { neg(a.clone()) } else { a.clone() });
    }
    let s = a.span;
    let k = unit(axis);
    let c = call(Function::Cos, a.clone());
    let sn = call(Function::Sin, a.clone());
    let versine = sub(int(1, s), c.clone());
    // [k]× v = k × v.
    let cross = [
        [None, Some((2, true)), Some((1, false))],
        [Some((2, false)), None, Some((0, true))],
        [Some((1, true)), Some((0, false)), None],
    ];
    (0..3)
        .map(|i| {
            (0..3)
                .map(|j| {
                    let mut e = mul(versine.clone(), mul(k[i].clone(), k[j].clone()));
                    if i == j {
                        e = add(c.clone(), e);
                    }
                    if let Some((l, minus)) = cross[i][j] {
                        let t = mul(sn.clone(), k[l].clone());
                        e = if minus { sub(e, t) } else { add(e, t) };
                    }
                    e
                })
                .collect()
        })
        .collect()
}

/// The planar rotation by angle θ: [[cos θ, −sin θ], [sin θ, cos θ]].
pub fn planar(theta: &Scalar) -> M3 {
    let c = call(Function::Cos, theta.clone());
    let s = call(Function::Sin, theta.clone());
    vec![vec![c.clone(), neg(s.clone())], vec![s, c]]
}
