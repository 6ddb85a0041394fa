//! The names of points and bodies, and the position vector each one denotes.

use super::ast::{Expr, ExprKind, Model, Name};
use super::scope::Scope;
use std::collections::HashMap;
use syn::Error;

/// What a point-like name denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Point number k.
    Point(usize),
    /// The centre of mass of body number k.
    Body(usize),
}

impl Place {
    /// The components of the place's position in `m` (a joint body's centre of mass is the
    /// point `com` fixed in the body).
    pub fn position(self, m: &Model) -> Vec<Expr> {
        match self {
            Place::Point(k) => m.points[k].position.components.clone(),
            Place::Body(k) => match &m.bodies[k].position {
                Some(p) => p.components.clone(),
                None => body_centre(m, k),
            },
        }
    }
}

/// The centre of mass of joint body number k: `BodyPoint` nodes at its `com` (zero when not
/// given).
pub fn body_centre(m: &Model, k: usize) -> Vec<Expr> {
    let b = &m.bodies[k];
    let local = match &b.com {
        Some(c) => c.components.clone(),
        None => (0..3).map(|_| Expr::int(0, b.name.span)).collect(),
    };
    (0..3)
        .map(|component| {
            Expr::new(
                ExprKind::BodyPoint {
                    body: b.name.text.clone(),
                    local: local.clone(),
                    component,
                },
                b.name.span,
            )
        })
        .collect()
}

/// The names of points and bodies.
pub struct Places {
    names: HashMap<String, Place>,
}

impl Places {
    /// Builds the table, reporting duplicates and clashes with the scalar names.
    pub fn new(m: &Model, scope: &Scope) -> syn::Result<Places> {
        let mut names = HashMap::new();
        let mut add = |n: &Name, p: Place| -> syn::Result<()> {
            if scope.lookup(&n.text).is_some() || scope.is_vector(&n.text) {
                return Err(Error::new(
                    n.span,
                    format!(
                        "`{}` already names a parameter, coordinate or `let` definition",
                        n.text
                    ),
                ));
            }
            if names.insert(n.text.clone(), p).is_some() {
                return Err(Error::new(
                    n.span,
                    format!("duplicate point or body name `{}`", n.text),
                ));
            }
            Ok(())
        };
        for (k, p) in m.points.iter().enumerate() {
            add(&p.name, Place::Point(k))?;
        }
        for (k, b) in m.bodies.iter().enumerate() {
            add(&b.name, Place::Body(k))?;
        }
        Ok(Places { names })
    }

    /// What `n` denotes, or a located error.
    pub fn resolve(&self, n: &Name) -> syn::Result<Place> {
        self.names
            .get(&n.text)
            .copied()
            .ok_or_else(|| Error::new(n.span, format!("unknown point or body `{}`", n.text)))
    }
}
