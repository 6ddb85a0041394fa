//! Name resolution: what each name of a model denotes, what an expression depends on (q̇, q, t),
//! and the value of a parameter-only expression at the parameter defaults.

use super::ast::{BinOp, Expr, ExprKind, Function, Model, Name};
use proc_macro2::Span;
use std::collections::HashMap;
use syn::Error;

/// What a name denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding {
    /// Parameter number k.
    Parameter(usize),
    /// Coordinate number k.
    Coordinate(usize),
    /// The time.
    Time,
    /// `let` definition number k.
    Definition(usize),
}

/// What an expression depends on (following `let` definitions).
#[derive(Debug, Clone, Copy, Default)]
pub struct Dependencies {
    /// First place a velocity is used.
    pub velocity: Option<Span>,
    /// First place a coordinate is used.
    pub coordinate: Option<Span>,
    /// First place the time is used.
    pub time: Option<Span>,
}

impl Dependencies {
    pub fn merge(self, o: Dependencies) -> Dependencies {
        Dependencies {
            velocity: self.velocity.or(o.velocity),
            coordinate: self.coordinate.or(o.coordinate),
            time: self.time.or(o.time),
        }
    }
}

/// The name table of a model.
pub struct Scope<'m> {
    model: &'m Model,
    names: HashMap<String, Binding>,
    definition_deps: Vec<Dependencies>,
    /// Vector `let`s by name.
    vectors: HashMap<String, usize>,
}

/// Adds `n` to a name table, reporting function names and duplicates.
fn declare(names: &mut HashMap<String, Binding>, n: &Name, b: Binding) -> syn::Result<()> {
    if Function::from_name(&n.text).is_some() || matches!(n.text.as_str(), "dot" | "powi" | "powf")
    {
        return Err(Error::new(
            n.span,
            format!("`{}` is a function name and cannot name a quantity", n.text),
        ));
    }
    if names.insert(n.text.clone(), b).is_some() {
        return Err(Error::new(n.span, format!("duplicate name `{}`", n.text)));
    }
    Ok(())
}

impl<'m> Scope<'m> {
    /// The model whose names these are.
    pub fn model(&self) -> &'m Model {
        self.model
    }

    /// Builds the table, reporting duplicate names.
    pub fn new(model: &'m Model) -> syn::Result<Self> {
        let mut names: HashMap<String, Binding> = HashMap::new();
        for (k, p) in model.parameters.iter().enumerate() {
            declare(&mut names, &p.name, Binding::Parameter(k))?;
        }
        for (k, c) in model.coordinates.iter().enumerate() {
            declare(&mut names, c, Binding::Coordinate(k))?;
        }
        if let Some(t) = &model.time {
            declare(&mut names, t, Binding::Time)?;
        }
        let mut scope = Scope {
            model,
            names: HashMap::new(),
            definition_deps: Vec::new(),
            vectors: HashMap::new(),
        };
        for (k, v) in model.vectors.iter().enumerate() {
            // The same checks as for scalar names, in a table of its own.
            let mut alone = names.clone();
            declare(&mut alone, &v.name, Binding::Definition(k))?;
            if scope.vectors.insert(v.name.text.clone(), k).is_some() {
                return Err(Error::new(
                    v.name.span,
                    format!("duplicate name `{}`", v.name.text),
                ));
            }
        }
        // Definitions are resolved in order: each may use the ones before it.
        for (k, d) in model.definitions.iter().enumerate() {
            scope.names = names.clone();
            let deps = scope.dependencies(&d.value)?;
            scope.definition_deps.push(deps);
            if scope.vectors.contains_key(&d.name.text) {
                return Err(Error::new(
                    d.name.span,
                    format!("duplicate name `{}`", d.name.text),
                ));
            }
            declare(&mut names, &d.name, Binding::Definition(k))?;
        }
        scope.names = names;
        Ok(scope)
    }

    /// Whether `name` is a vector `let`.
    pub fn is_vector(&self, name: &str) -> bool {
        self.vectors.contains_key(name)
    }

    /// What `name` denotes.
    pub fn lookup(&self, name: &str) -> Option<Binding> {
        self.names.get(name).copied()
    }

    fn unknown(&self, name: &str, span: Span) -> Error {
        let m = self.model;
        let vector = if self.is_vector(name) {
            Some("a vector `let`")
        } else if m.points.iter().any(|p| p.name.text == name) {
            Some("a point")
        } else if m.bodies.iter().any(|b| b.name.text == name) {
            Some("a body (a point: its centre of mass)")
        } else {
            None
        };
        if let Some(what) = vector {
            return Error::new(
                span,
                format!(
                    "`{name}` is {what}, a vector where a scalar is needed (vector / scalar mismatch): use it where a vector goes (a position, `offset`, `com`, a point, a vector `let`)"
                ),
            );
        }
        let hint = if name == "t" && self.model.time.is_none() {
            " (declare the time with `time t;`)"
        } else {
            ""
        };
        Error::new(span, format!("unknown name `{name}`{hint}"))
    }

    /// Resolves every name in `e` and reports what it depends on.
    pub fn dependencies(&self, e: &Expr) -> syn::Result<Dependencies> {
        Ok(match &e.kind {
            ExprKind::Number(_) => Dependencies::default(),
            ExprKind::Name(n) => self.name_dependencies(n, e.span)?,
            ExprKind::Dot(n) => match self.lookup(n) {
                Some(Binding::Coordinate(_)) => Dependencies {
                    velocity: Some(e.span),
                    coordinate: Some(e.span),
                    ..Default::default()
                },
                Some(Binding::Parameter(_)) => {
                    return Err(Error::new(
                        e.span,
                        format!("`{n}` is a parameter, not a coordinate: it has no velocity"),
                    ));
                }
                Some(_) => {
                    return Err(Error::new(
                        e.span,
                        format!("`dot` takes a coordinate; `{n}` is not one"),
                    ));
                }
                None => return Err(self.unknown(n, e.span)),
            },
            ExprKind::Neg(a) | ExprKind::Call(_, a) | ExprKind::Powi(a, _) => {
                self.dependencies(a)?
            }
            ExprKind::Binary(_, a, b) | ExprKind::Powf(a, b) => {
                self.dependencies(a)?.merge(self.dependencies(b)?)
            }
            // A point fixed in a body moves with it: conservatively, it depends on coordinates.
            ExprKind::BodyPoint { local, .. } => {
                let mut d = Dependencies {
                    coordinate: Some(e.span),
                    ..Default::default()
                };
                for x in local {
                    d = d.merge(self.dependencies(x)?);
                }
                d
            }
            ExprKind::BodyVelocity { .. } => {
                return Err(Error::new(
                    e.span,
                    "`velocity(B, P)` and `angular_velocity(B)` may be used in velocity \
                     constraints (`velocity_constraint name = velocity(B, P).x;`) and contacts' \
                     `tangential_velocity` only",
                ));
            }
            // Written out when the block is parsed (`components`); none is left to validate.
            ExprKind::Component { name, .. } => {
                return Err(Error::new(
                    e.span,
                    format!("the component of `{name}` was not resolved"),
                ));
            }
        })
    }

    /// What a name used at `span` depends on.
    fn name_dependencies(&self, n: &str, span: Span) -> syn::Result<Dependencies> {
        Ok(match self.lookup(n) {
            Some(Binding::Parameter(_)) => Dependencies::default(),
            Some(Binding::Coordinate(_)) => Dependencies {
                coordinate: Some(span),
                ..Default::default()
            },
            Some(Binding::Time) => Dependencies {
                time: Some(span),
                ..Default::default()
            },
            Some(Binding::Definition(k)) => {
                // Point at the use, keep the kinds from the definition.
                let d = self.definition_deps[k];
                Dependencies {
                    velocity: d.velocity.map(|_| span),
                    coordinate: d.coordinate.map(|_| span),
                    time: d.time.map(|_| span),
                }
            }
            None => return Err(self.unknown(n, span)),
        })
    }

    /// Value of a parameter-only expression at the parameter defaults (None if not constant).
    pub fn default_value(&self, e: &Expr) -> Option<f64> {
        Some(match &e.kind {
            ExprKind::Number(n) => n.value,
            ExprKind::Name(n) => match self.lookup(n)? {
                Binding::Parameter(k) => self.model.parameters[k].default.value,
                Binding::Definition(k) => self.default_value(&self.model.definitions[k].value)?,
                _ => return None,
            },
            ExprKind::Dot(_) => return None,
            ExprKind::Neg(a) => -self.default_value(a)?,
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.default_value(a)?, self.default_value(b)?);
                match op {
                    BinOp::Add => a + b,
                    BinOp::Sub => a - b,
                    BinOp::Mul => a * b,
                    BinOp::Div => a / b,
                }
            }
            ExprKind::Call(f, a) => f.eval(self.default_value(a)?),
            ExprKind::Powi(a, n) => self.default_value(a)?.powi(*n as i32),
            ExprKind::Powf(a, b) => self.default_value(a)?.powf(self.default_value(b)?),
            ExprKind::BodyPoint { .. }
            | ExprKind::Component { .. }
            | ExprKind::BodyVelocity { .. } => return None,
        })
    }

    /// Value of `e` at the parameter defaults, or an error naming `what`.
    pub fn value_at_defaults(&self, e: &Expr, what: &str) -> syn::Result<f64> {
        self.default_value(e).ok_or_else(|| {
            Error::new(
                e.span,
                format!("{what} cannot be evaluated at the parameter defaults"),
            )
        })
    }
}

/// Error at the first velocity `deps` records.
pub fn no_velocity(deps: Dependencies, what: &str) -> syn::Result<()> {
    match deps.velocity {
        Some(s) => Err(Error::new(
            s,
            format!("{what} must not depend on velocities (it is a function of q and t)"),
        )),
        None => Ok(()),
    }
}

/// Error unless `e` depends on parameters only.
pub fn parameters_only(scope: &Scope, e: &Expr, what: &str) -> syn::Result<()> {
    let d = scope.dependencies(e)?;
    if let Some(s) = d.velocity.or(d.coordinate) {
        return Err(Error::new(
            s,
            format!("{what} may depend on parameters only, not on coordinates or velocities"),
        ));
    }
    if let Some(s) = d.time {
        return Err(Error::new(
            s,
            format!("{what} may depend on parameters only, not on time"),
        ));
    }
    Ok(())
}

/// The value at the parameter defaults of an expression that may depend on parameters only.
pub fn constant(scope: &Scope, e: &Expr, what: &str) -> syn::Result<f64> {
    parameters_only(scope, e, what)?;
    scope.value_at_defaults(e, what)
}
