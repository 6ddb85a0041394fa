//! The names of points and bodies, and the position vector each one denotes.

use super::ast::{Model, Name, Vector};
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
    /// The position vector of the place in `m`.
    pub fn position(self, m: &Model) -> &Vector {
        match self {
            Place::Point(k) => &m.points[k].position,
            Place::Body(k) => &m.bodies[k].position,
        }
    }
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
            if scope.lookup(&n.text).is_some() {
                return Err(Error::new(
                    n.span,
                    format!(
                        "`{}` already names a parameter, coordinate or definition",
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
