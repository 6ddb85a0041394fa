//! Model expressions → symbolica atoms.

use super::algebra::partial;
use super::frame_atoms::Frames;
use super::program::Program;
use super::rate::Rates;
use super::symbols::pool;
use super::vec3::{M3, V3};
use crate::dsl::ast::{BinOp, Function, Number};
use crate::dsl::scalar::{AsScalar, Scalar, ScalarKind, Wrt};
use crate::dsl::scope::{Binding, Scope};
use symbolica::atom::{Atom, AtomCore};

/// An exact rational atom for a decimal literal.
pub fn number(n: &Number) -> Atom {
    let (neg, digits) = match n.digits.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, n.digits.as_str()),
    };
    let mut a = match digits.parse::<i64>() {
        Ok(v) => Atom::num(v),
        Err(_) => symbolica::try_parse!(digits).unwrap_or_else(|_| Atom::num(0)),
    };
    if n.exponent != 0 {
        a *= Atom::num(10).pow(Atom::num(n.exponent));
    }
    if neg { -a } else { a }
}

/// Converts every expression of one model, with `let` definitions substituted.
///
/// A lifting converter (the program route) names every compound value it makes as an
/// intermediate of the program (`Program::define`, which finds a value already named): a block's
/// expressions become a straight-line program whose size is that of the written block, with
/// every repeated subexpression (a `let`, a rotation entry used by a position and an angular
/// velocity) computed once, instead of trees that repeat them.
pub struct Converter<'m> {
    scope: &'m Scope<'m>,
    /// The derivation's program (named values, and the chain rule through them).
    prog: &'m Program,
    lift: bool,
    definitions: Vec<Atom>,
    /// D restricted to positions (q → q̇, t → 1), for the `Rate` nodes of assembled models.
    position_rates: Rates<'m>,
    /// The frames of joint bodies, for `BodyPoint` and `BodyRotation` nodes (empty until set).
    frames: Frames,
}

impl<'m> Converter<'m> {
    /// Converts the expressions of a model whose names `scope` holds (the validated block's:
    /// assembly keeps its parameters, coordinates and `let`s), with the definitions made once, in
    /// order.
    pub fn new(scope: &'m Scope<'m>, prog: &'m Program) -> Self {
        Converter::with_lifting(scope, prog, false)
    }

    /// A converter that names every compound value as an intermediate (see [`Converter`]).
    pub fn lifting(scope: &'m Scope<'m>, prog: &'m Program) -> Self {
        Converter::with_lifting(scope, prog, true)
    }

    fn with_lifting(scope: &'m Scope<'m>, prog: &'m Program, lift: bool) -> Self {
        let model = scope.model();
        let mut c = Converter {
            scope,
            prog,
            lift,
            definitions: Vec::new(),
            position_rates: Rates::positions(prog, model.coordinates.len(), true),
            frames: Frames::new(),
        };
        for d in &model.definitions {
            let a = c.atom(&d.value);
            c.definitions.push(a);
        }
        c
    }

    /// The derivation's program.
    pub fn program(&self) -> &'m Program {
        self.prog
    }

    /// The frames of the joint bodies, which `BodyPoint` and `BodyRotation` nodes refer to, and
    /// the block's `let` definitions in their assembled form (in order), converted again with
    /// them: a definition may use a point fixed in a body. Until then the definitions are the
    /// block's as written, which is what the parameter expressions of the joints (converted to
    /// compose the frames) may use.
    pub fn set_frames(&mut self, frames: Frames, definitions: &[Scalar]) {
        self.frames = frames;
        self.definitions.clear();
        for d in definitions {
            let a = self.scalar(d);
            self.definitions.push(a);
        }
    }

    /// A 3-vector of expressions as atoms (zero where a component is missing).
    pub fn vector3<E: AsScalar>(&self, v: &[E]) -> V3 {
        std::array::from_fn(|i| v.get(i).map_or_else(|| Atom::num(0), |e| self.atom(e)))
    }

    /// A 3×3 matrix of expressions (rows) as atoms (zero where an entry is missing).
    pub fn matrix3<E: AsScalar>(&self, rows: &[Vec<E>]) -> M3 {
        std::array::from_fn(|i| self.vector3(rows.get(i).map_or(&[][..], |r| &r[..])))
    }

    /// The atom of an assembled expression, or of an expression of the block (names were
    /// checked by validation).
    pub fn atom<E: AsScalar + ?Sized>(&self, e: &E) -> Atom {
        self.scalar(&e.as_scalar())
    }

    fn scalar(&self, e: &Scalar) -> Atom {
        let a = self.value(e);
        match self.lift && !matches!(e.kind, ScalarKind::Number(_) | ScalarKind::Name(_)) {
            true => self.prog.define(a),
            false => a,
        }
    }

    fn value(&self, e: &Scalar) -> Atom {
        let p = pool();
        match &e.kind {
            ScalarKind::Number(n) => number(n),
            ScalarKind::Name(n) => match self.scope.lookup(n) {
                Some(Binding::Parameter(k)) => Atom::var(p.p[k]),
                Some(Binding::Coordinate(k)) => Atom::var(p.q[k]),
                Some(Binding::Time) => Atom::var(p.t),
                Some(Binding::Definition(k)) => self.definitions[k].clone(),
                None => Atom::num(0),
            },
            ScalarKind::Dot(n) => match self.scope.lookup(n) {
                Some(Binding::Coordinate(k)) => Atom::var(p.qd[k]),
                _ => Atom::num(0),
            },
            ScalarKind::Neg(a) => -self.scalar(a),
            ScalarKind::Binary(op, a, b) => {
                let (a, b) = (self.scalar(a), self.scalar(b));
                match op {
                    BinOp::Add => a + b,
                    BinOp::Sub => a - b,
                    BinOp::Mul => a * b,
                    BinOp::Div => a / b,
                }
            }
            ScalarKind::Call(f, a) => {
                let a = self.scalar(a);
                match f {
                    Function::Sin => a.sin(),
                    Function::Cos => a.cos(),
                    Function::Tan => a.sin() / a.cos(),
                    Function::Exp => a.exp(),
                    Function::Ln => a.log(),
                    Function::Sqrt => a.pow(Atom::num(1) / Atom::num(2)),
                    // |a| = (a²)^(1/2): differentiable away from 0 with d|a| = a/|a| da.
                    Function::Abs => (&a * &a).pow(Atom::num(1) / Atom::num(2)),
                }
            }
            ScalarKind::Powi(a, n) => self.scalar(a).pow(Atom::num(*n)),
            ScalarKind::Powf(a, b) => self.scalar(a).pow(self.scalar(b)),
            ScalarKind::Rate(a) => self.position_rates.of(&self.scalar(a)),
            ScalarKind::Partial(a, Wrt::Coordinate(k)) => {
                partial(self.prog, &self.scalar(a), p.q[*k])
            }
            ScalarKind::Partial(a, Wrt::Velocity(k)) => {
                partial(self.prog, &self.scalar(a), p.qd[*k])
            }
            // origin + R·local of a point fixed in a joint body.
            ScalarKind::BodyPoint {
                body,
                local,
                component,
            } => match (self.frames.get(body), *component < 3) {
                (Some(f), true) => {
                    let mut a = f.origin[*component].clone();
                    for (r, x) in f.rotation[*component].iter().zip(local) {
                        a += r * &self.scalar(x);
                    }
                    a
                }
                _ => Atom::num(0),
            },
            ScalarKind::BodyRotation { body, row, column } => self
                .frames
                .get(body)
                .and_then(|f| f.rotation.get(*row)?.get(*column).cloned())
                .unwrap_or_else(|| Atom::num(0)),
        }
    }
}
