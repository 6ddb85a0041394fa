//! The expressions of the assembled model: the scalar form that T, V, Q, the constraints and the
//! contacts take once points, bodies and body velocities are written out, and that the derive
//! stage converts.
//!
//! A [`Scalar`] has the arithmetic of the block's expressions and the nodes only assembly makes:
//! the total time derivative of a function of (q, t) ([`ScalarKind::Rate`]), a partial
//! derivative ([`ScalarKind::Partial`]), and the frame of a joint body, its points
//! ([`ScalarKind::BodyPoint`]) and rotation entries ([`ScalarKind::BodyRotation`]), which the
//! symbolic stage resolves from the composed frames of the tree. The block's own vector forms
//! (`P.x`, `velocity(B, P).x`) have no scalar form: assembly writes them out.

use super::ast::{BinOp, Expr, ExprKind, Function, Number};
use proc_macro2::Span;
#[cfg(feature = "symbolic")]
use std::borrow::Cow;
use std::convert::Infallible;

/// An expression of the assembled model.
#[derive(Debug, Clone)]
pub struct Scalar {
    /// What the expression is.
    pub kind: ScalarKind,
    /// Where in the block the quantity it belongs to was written.
    pub span: Span,
}

/// The kinds of assembled expression.
#[derive(Debug, Clone)]
pub enum ScalarKind {
    /// A numeric literal, exact.
    Number(Number),
    /// A parameter, coordinate, the time, or a `let` definition of the block.
    Name(String),
    /// The velocity of a coordinate.
    Dot(String),
    /// Unary minus.
    Neg(Box<Scalar>),
    /// `a + b`, `a - b`, `a * b`, `a / b`.
    Binary(BinOp, Box<Scalar>, Box<Scalar>),
    /// An elementary function.
    Call(Function, Box<Scalar>),
    /// Integer power.
    Powi(Box<Scalar>, i64),
    /// Real power.
    Powf(Box<Scalar>, Box<Scalar>),
    /// The total time derivative of a function of (q, t).
    Rate(Box<Scalar>),
    /// A partial derivative.
    Partial(Box<Scalar>, Wrt),
    /// Component `component` (0..3) of the world position origin + R·local of the point with
    /// body-axes coordinates `local` fixed in body `body` (in the assembled model a joint body:
    /// assembly writes the points of the other bodies out).
    BodyPoint {
        /// The body.
        body: String,
        /// Coordinates of the point in the body's axes.
        local: Vec<Scalar>,
        /// Which world component.
        component: usize,
    },
    /// Entry (row, column) of the rotation (body axes → world) of a joint body.
    BodyRotation {
        /// The joint body.
        body: String,
        /// Row (world axis).
        row: usize,
        /// Column (body axis).
        column: usize,
    },
}

/// What a [`ScalarKind::Partial`] differentiates with respect to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wrt {
    /// Coordinate number k.
    Coordinate(usize),
    /// The velocity of coordinate number k.
    Velocity(usize),
}

impl Scalar {
    /// A scalar of `kind` at `span`.
    pub fn new(kind: ScalarKind, span: Span) -> Scalar {
        Scalar { kind, span }
    }

    /// The scalar form of an expression of the block whose points are all fixed in joint bodies
    /// (a `body * (x, y, z)` of a body without a joint is written out by assembly, see
    /// `body_frames`).
    pub fn written(e: &Expr) -> Scalar {
        match Scalar::lowered(e, &|_| Ok::<_, Infallible>(None)) {
            Ok(s) => s,
            Err(never) => match never {},
        }
    }

    /// The scalar form of `e`, every node for which `special` gives a value (a point fixed in a
    /// body placed by hand, a body velocity: what needs the bodies' frames) replaced by it. A point
    /// `special` leaves is kept as a [`ScalarKind::BodyPoint`]. Vector components and body
    /// velocities `special` leaves have no value, and are 0: components are written out when the
    /// block is parsed, and validation admits body velocities only where assembly writes them
    /// out, so the derive stage's inputs never hold one.
    pub fn lowered<E>(
        e: &Expr,
        special: &dyn Fn(&Expr) -> Result<Option<Scalar>, E>,
    ) -> Result<Scalar, E> {
        if let Some(s) = special(e)? {
            return Ok(s);
        }
        let boxed = |a: &Expr| Scalar::lowered(a, special).map(Box::new);
        let kind = match &e.kind {
            ExprKind::Number(n) => ScalarKind::Number(n.clone()),
            ExprKind::Name(n) => ScalarKind::Name(n.clone()),
            ExprKind::Dot(n) => ScalarKind::Dot(n.clone()),
            ExprKind::Neg(a) => ScalarKind::Neg(boxed(a)?),
            ExprKind::Binary(op, a, b) => ScalarKind::Binary(*op, boxed(a)?, boxed(b)?),
            ExprKind::Call(f, a) => ScalarKind::Call(*f, boxed(a)?),
            ExprKind::Powi(a, n) => ScalarKind::Powi(boxed(a)?, *n),
            ExprKind::Powf(a, b) => ScalarKind::Powf(boxed(a)?, boxed(b)?),
            ExprKind::BodyPoint {
                body,
                local,
                component,
            } => ScalarKind::BodyPoint {
                body: body.clone(),
                local: local
                    .iter()
                    .map(|x| Scalar::lowered(x, special))
                    .collect::<Result<_, E>>()?,
                component: *component,
            },
            ExprKind::Component { .. } | ExprKind::BodyVelocity { .. } => {
                ScalarKind::Number(Number {
                    value: 0.0,
                    digits: "0".into(),
                    exponent: 0,
                })
            }
        };
        Ok(Scalar::new(kind, e.span))
    }
}

/// An expression the derive stage converts: a [`Scalar`] as it is, or an expression of the block
/// (a parameter expression such as a mass, an axis or a restitution coefficient) in its scalar
/// form.
#[cfg(feature = "symbolic")]
pub trait AsScalar {
    /// The scalar form.
    fn as_scalar(&self) -> Cow<'_, Scalar>;
}

#[cfg(feature = "symbolic")]
impl AsScalar for Scalar {
    fn as_scalar(&self) -> Cow<'_, Scalar> {
        Cow::Borrowed(self)
    }
}

#[cfg(feature = "symbolic")]
impl AsScalar for Expr {
    fn as_scalar(&self) -> Cow<'_, Scalar> {
        Cow::Owned(Scalar::written(self))
    }
}
