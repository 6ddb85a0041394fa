//! Name resolution and the checks that need no symbolic engine.
//!
//! Every name must be declared exactly once; each quantity may use only what the theory allows
//! (V, g, g_N and s_T depend on (q, t) only; restitution and friction on parameters only); the
//! restitution and friction values at the parameter defaults must lie in their ranges.

use super::ast::{BinOp, Expr, ExprKind, Function, Gap, Model, Tangent};
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
    fn merge(self, o: Dependencies) -> Dependencies {
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
}

impl<'m> Scope<'m> {
    /// Builds the table, reporting duplicate names.
    pub fn new(model: &'m Model) -> syn::Result<Self> {
        let mut names: HashMap<String, Binding> = HashMap::new();
        let mut add = |n: &super::ast::Name, b: Binding| -> syn::Result<()> {
            if Function::from_name(&n.text).is_some()
                || matches!(n.text.as_str(), "dot" | "powi" | "powf")
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
        };
        for (k, p) in model.parameters.iter().enumerate() {
            add(&p.name, Binding::Parameter(k))?;
        }
        for (k, c) in model.coordinates.iter().enumerate() {
            add(c, Binding::Coordinate(k))?;
        }
        if let Some(t) = &model.time {
            add(t, Binding::Time)?;
        }
        let mut scope = Scope {
            model,
            names: HashMap::new(),
            definition_deps: Vec::new(),
        };
        // Definitions are resolved in order: each may use the ones before it.
        let mut local = names;
        for (k, d) in model.definitions.iter().enumerate() {
            scope.names = local.clone();
            let deps = scope.dependencies(&d.value)?;
            scope.definition_deps.push(deps);
            if Function::from_name(&d.name.text).is_some()
                || matches!(d.name.text.as_str(), "dot" | "powi" | "powf")
            {
                return Err(Error::new(
                    d.name.span,
                    format!(
                        "`{}` is a function name and cannot name a quantity",
                        d.name.text
                    ),
                ));
            }
            if local
                .insert(d.name.text.clone(), Binding::Definition(k))
                .is_some()
            {
                return Err(Error::new(
                    d.name.span,
                    format!("duplicate name `{}`", d.name.text),
                ));
            }
        }
        scope.names = local;
        Ok(scope)
    }

    /// What `name` denotes.
    pub fn lookup(&self, name: &str) -> Option<Binding> {
        self.names.get(name).copied()
    }

    fn unknown(&self, name: &str, span: Span) -> Error {
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
            ExprKind::Name(n) => match self.lookup(n) {
                Some(Binding::Parameter(_)) => Dependencies::default(),
                Some(Binding::Coordinate(_)) => Dependencies {
                    coordinate: Some(e.span),
                    ..Default::default()
                },
                Some(Binding::Time) => Dependencies {
                    time: Some(e.span),
                    ..Default::default()
                },
                Some(Binding::Definition(k)) => {
                    // Point at the use, keep the kinds from the definition.
                    let d = self.definition_deps[k];
                    Dependencies {
                        velocity: d.velocity.map(|_| e.span),
                        coordinate: d.coordinate.map(|_| e.span),
                        time: d.time.map(|_| e.span),
                    }
                }
                None => return Err(self.unknown(n, e.span)),
            },
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
            // Internal nodes (made by `assemble` after validation): conservative answers.
            ExprKind::Rate(a) => {
                let d = self.dependencies(a)?;
                Dependencies {
                    velocity: d.coordinate.or(d.velocity),
                    ..d
                }
            }
            ExprKind::Partial(a, _) => self.dependencies(a)?,
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
            ExprKind::Call(f, a) => {
                let a = self.default_value(a)?;
                match f {
                    Function::Sin => a.sin(),
                    Function::Cos => a.cos(),
                    Function::Tan => a.tan(),
                    Function::Exp => a.exp(),
                    Function::Ln => a.ln(),
                    Function::Sqrt => a.sqrt(),
                    Function::Abs => a.abs(),
                }
            }
            ExprKind::Powi(a, n) => self.default_value(a)?.powi(*n as i32),
            ExprKind::Powf(a, b) => self.default_value(a)?.powf(self.default_value(b)?),
            ExprKind::Rate(_) | ExprKind::Partial(..) => return None,
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

fn in_range(scope: &Scope, e: &Expr, what: &str, lo: f64, hi: f64) -> syn::Result<()> {
    match scope.default_value(e) {
        Some(v) if v >= lo && v <= hi => Ok(()),
        Some(v) => {
            let range = if hi.is_infinite() {
                format!("≥ {lo}")
            } else {
                format!("in [{lo}, {hi}]")
            };
            Err(Error::new(
                e.span,
                format!("{what} must be {range}; it is {v} at the parameter defaults"),
            ))
        }
        None => Err(Error::new(
            e.span,
            format!("{what} cannot be evaluated at the parameter defaults"),
        )),
    }
}

/// Checks a parsed model (all checks that need no symbolic engine).
pub fn validate(m: &Model) -> syn::Result<()> {
    if m.coordinates.is_empty() {
        return Err(Error::new(
            m.name.span,
            format!(
                "mechanism `{}` declares no coordinates: add `coordinates {{ q1, q2 }}`",
                m.name.text
            ),
        ));
    }
    if m.kinetic.is_none() && m.bodies.is_empty() {
        return Err(Error::new(
            m.name.span,
            format!(
                "mechanism `{}` is missing its kinetic energy: add `kinetic = ...;` or bodies",
                m.name.text
            ),
        ));
    }
    let scope = Scope::new(m)?;
    if let Some(kinetic) = &m.kinetic {
        scope.dependencies(kinetic)?;
    }
    super::resolve_kinematics::validate_kinematics(m, &scope)?;
    if let Some(v) = &m.potential {
        no_velocity(scope.dependencies(v)?, "the potential energy")?;
    }
    let mut forced: HashMap<&str, Span> = HashMap::new();
    for f in &m.forces {
        match scope.lookup(&f.coordinate.text) {
            Some(Binding::Coordinate(_)) => {}
            _ => {
                return Err(Error::new(
                    f.coordinate.span,
                    format!(
                        "`{}` is not a coordinate: forces are given per coordinate",
                        f.coordinate.text
                    ),
                ));
            }
        }
        if forced
            .insert(&f.coordinate.text, f.coordinate.span)
            .is_some()
        {
            return Err(Error::new(
                f.coordinate.span,
                format!(
                    "duplicate force on `{}`: give the sum once",
                    f.coordinate.text
                ),
            ));
        }
        scope.dependencies(&f.value)?;
    }
    let mut constraint_names: HashMap<&str, ()> = HashMap::new();
    for c in &m.constraints {
        if constraint_names.insert(&c.name.text, ()).is_some() {
            return Err(Error::new(
                c.name.span,
                format!("duplicate constraint or contact name `{}`", c.name.text),
            ));
        }
        no_velocity(scope.dependencies(&c.value)?, "a bilateral constraint")?;
    }
    for c in &m.contacts {
        if constraint_names.insert(&c.name.text, ()).is_some() {
            return Err(Error::new(
                c.name.span,
                format!("duplicate constraint or contact name `{}`", c.name.text),
            ));
        }
        if let Gap::Expr(gap) = &c.gap {
            no_velocity(
                scope.dependencies(gap)?,
                &format!("the gap of contact `{}`", c.name.text),
            )?;
        }
        parameters_only(&scope, &c.normal_restitution, "restitution")?;
        in_range(&scope, &c.normal_restitution, "restitution", 0.0, 1.0)?;
        if let Some(e) = &c.tangential_restitution {
            parameters_only(&scope, e, "tangential restitution")?;
            in_range(&scope, e, "tangential restitution", 0.0, 1.0)?;
        }
        if let Some(e) = &c.friction {
            parameters_only(&scope, e, "the friction coefficient")?;
            in_range(&scope, e, "the friction coefficient", 0.0, f64::INFINITY)?;
            let from_geometry = matches!(c.gap, Gap::Plane { .. });
            if c.tangent.is_none() && !from_geometry {
                return Err(Error::new(
                    e.span,
                    format!(
                        "contact `{}` has friction but no tangential direction: add `slip: s(q)` or `tangential_velocity: ...`",
                        c.name.text
                    ),
                ));
            }
        }
        match &c.tangent {
            Some(Tangent::Slip(e)) => no_velocity(scope.dependencies(e)?, "a slip function")?,
            Some(Tangent::Velocity(e)) => {
                scope.dependencies(e)?;
            }
            None => {}
        }
    }
    Ok(())
}
