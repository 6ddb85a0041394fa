//! The validate stage: every check of a parsed model that needs no symbolic engine.
//!
//! Every name must be declared exactly once; each quantity may use only what the theory allows
//! (V, g, g_N and s_T depend on (q, t) only; restitution and friction on parameters only); the
//! restitution and friction values at the parameter defaults must lie in their ranges. The
//! kinematic items (points, bodies, …) are checked by [`super::validate_kinematics`].

use super::ast::{Contact, Gap, Model, Name, Tangent};
use super::places::Places;
use super::scope::{Binding, Scope, constant, no_velocity};
use super::validate_kinematics::validate_kinematics;
use super::validate_rolling;
use proc_macro2::Span;
use std::collections::{HashMap, HashSet};
use syn::Error;

/// A parsed model whose every check passed, with its name tables built once: the scalar names
/// (parameters, coordinates, time, `let`s) and the places (points and bodies). What assembly
/// starts from.
pub struct Validated<'m> {
    /// The parsed model.
    pub model: &'m Model,
    /// Its scalar and vector names.
    pub scope: Scope<'m>,
    /// Its points and bodies.
    pub places: Places,
}

/// Checks a parsed model (all checks that need no symbolic engine).
pub fn validate(m: &Model) -> syn::Result<Validated<'_>> {
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
    for v in &m.vectors {
        for e in &v.value.components {
            scope.dependencies(e)?;
        }
    }
    if let Some(kinetic) = &m.kinetic {
        scope.dependencies(kinetic)?;
    }
    let places = Places::new(m, &scope)?;
    validate_kinematics(m, &scope, &places)?;
    if let Some(v) = &m.potential {
        no_velocity(scope.dependencies(v)?, "the potential energy")?;
    }
    forces(m, &scope)?;
    let mut constraint_names = HashSet::new();
    for c in &m.constraints {
        unique_constraint(&mut constraint_names, &c.name)?;
        if c.velocity {
            validate_rolling::velocity_constraint(c, m, &scope, &places)?;
        } else {
            no_velocity(scope.dependencies(&c.value)?, "a bilateral constraint")?;
        }
    }
    let spatial = super::validate_kinematics::dimension(m)? == Some(3);
    let mut rolling_names = Vec::new();
    for r in &m.rollings {
        validate_rolling::rolling(r, m, &scope, &places)?;
        for n in validate_rolling::rolling_constraint_names(r, spatial) {
            rolling_names.push(Name {
                text: n,
                span: r.name.span,
            });
        }
    }
    for n in &rolling_names {
        unique_constraint(&mut constraint_names, n)?;
    }
    for c in &m.contacts {
        unique_constraint(&mut constraint_names, &c.name)?;
        contact(c, m, &scope, &places)?;
    }
    Ok(Validated {
        model: m,
        scope,
        places,
    })
}

/// Generalised forces: one per coordinate, at most once each.
fn forces(m: &Model, scope: &Scope) -> syn::Result<()> {
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
    Ok(())
}

/// Constraints and contacts share one name space.
fn unique_constraint<'m>(names: &mut HashSet<&'m str>, name: &'m Name) -> syn::Result<()> {
    if names.insert(&name.text) {
        Ok(())
    } else {
        Err(Error::new(
            name.span,
            format!("duplicate constraint or contact name `{}`", name.text),
        ))
    }
}

/// The value of a parameter-only contact law at the defaults lies in [lo, hi].
fn in_range(scope: &Scope, e: &super::ast::Expr, what: &str, lo: f64, hi: f64) -> syn::Result<()> {
    let v = constant(scope, e, what)?;
    if v >= lo && v <= hi {
        return Ok(());
    }
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

/// A contact's gap, contact laws and tangential direction.
fn contact(c: &Contact, m: &Model, scope: &Scope, places: &Places) -> syn::Result<()> {
    if let Gap::Expr(gap) = &c.gap {
        no_velocity(
            scope.dependencies(gap)?,
            &format!("the gap of contact `{}`", c.name.text),
        )?;
    }
    in_range(scope, &c.normal_restitution, "restitution", 0.0, 1.0)?;
    if let Some(e) = &c.tangential_restitution {
        in_range(scope, e, "tangential restitution", 0.0, 1.0)?;
    }
    if let Some(e) = &c.friction {
        in_range(scope, e, "the friction coefficient", 0.0, f64::INFINITY)?;
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
    for (e, slip) in c.tangent.iter().flat_map(Tangent::directions) {
        if slip {
            no_velocity(scope.dependencies(e)?, "a slip function")?;
        } else {
            validate_rolling::tangential_velocity(e, m, scope, places)?;
        }
    }
    Ok(())
}
