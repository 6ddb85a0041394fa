//! The grammar of the kinematic items of a `mechanism!` block: points, gravity, springs,
//! dampers, loads and torques (bodies: `parse_body`; vector values: `values`), and the names
//! and matrices of geometric fields.
//!
//! ```text
//! item   += "point" Ident "=" vector ";"
//!         | "gravity" "=" vector ";"
//!         | "spring" Ident "{" "between" ":" "(" Ident "," Ident ")" "," "stiffness" ":" expr ("," "rest" ":" expr)? "}"
//!         | "damper" Ident "{" "between" ":" "(" Ident "," Ident ")" "," "coefficient" ":" expr "}"
//!         | "load" Ident "{" "at" ":" Ident "," "force" ":" vector "}"
//!         | "torque" Ident "{" "on" ":" Ident "," "value" ":" (expr | vector) "}"
//! matrix := "[" "[" expr "," expr "," expr "]" "," … "]"      (three rows)
//! ```

use super::ast::{Damper, Load, Matrix3, Name, Spring, Torque};
use super::expr::{convert, strip};
use super::fields::{fields, name};
use super::values::{Deferred, Slot};
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Error, Ident};

/// A point or body name.
pub fn name_ref(e: &syn::Expr) -> syn::Result<Name> {
    match strip(e) {
        syn::Expr::Path(p) if p.qself.is_none() => p.path.get_ident().map(name),
        _ => None,
    }
    .ok_or_else(|| Error::new(e.span(), "expected the name of a point or body"))
}

/// `(A, B)`: two point or body names.
pub fn pair(e: &syn::Expr) -> syn::Result<[Name; 2]> {
    match strip(e) {
        syn::Expr::Tuple(t) if t.elems.len() == 2 => {
            Ok([name_ref(&t.elems[0])?, name_ref(&t.elems[1])?])
        }
        _ => Err(Error::new(e.span(), "expected two points `(A, B)`")),
    }
}

/// `[[a, b, c], [d, e, f], [g, h, i]]`.
pub fn matrix3(e: &syn::Expr) -> syn::Result<Matrix3> {
    let bad = || {
        Error::new(
            e.span(),
            "expected a 3×3 matrix written as rows `[[a, b, c], [d, e, f], [g, h, i]]`",
        )
    };
    let syn::Expr::Array(a) = strip(e) else {
        return Err(bad());
    };
    if a.elems.len() != 3 {
        return Err(bad());
    }
    let mut rows = Vec::new();
    for r in &a.elems {
        let syn::Expr::Array(r) = strip(r) else {
            return Err(bad());
        };
        if r.elems.len() != 3 {
            return Err(bad());
        }
        rows.push(
            r.elems
                .iter()
                .map(convert)
                .collect::<syn::Result<Vec<_>>>()?,
        );
    }
    Ok(Matrix3 {
        rows,
        span: e.span(),
    })
}

fn unknown(key: &Ident, what: &str, expected: &str) -> Error {
    Error::new(
        key.span(),
        format!("unknown {what} field `{key}`; expected {expected}"),
    )
}

fn missing(id: &Ident, what: &str, field: &str) -> Error {
    Error::new(
        id.span(),
        format!("{what} `{id}` is missing its required field `{field}`"),
    )
}

/// `spring s { … }` after the keyword and name.
pub fn spring(input: ParseStream, id: Ident) -> syn::Result<Spring> {
    let (fs, _) = fields(input)?;
    let (mut between, mut stiffness, mut rest) = (None, None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "between" => f.store(&mut between, pair(&f.value)?)?,
            "stiffness" => f.store(&mut stiffness, convert(&f.value)?)?,
            "rest" => f.store(&mut rest, convert(&f.value)?)?,
            _ => return Err(unknown(&f.key, "spring", "between, stiffness or rest")),
        }
    }
    Ok(Spring {
        between: between.ok_or_else(|| missing(&id, "spring", "between"))?,
        stiffness: stiffness.ok_or_else(|| missing(&id, "spring", "stiffness"))?,
        rest,
        name: name(&id),
    })
}

/// `damper d { … }` after the keyword and name.
pub fn damper(input: ParseStream, id: Ident) -> syn::Result<Damper> {
    let (fs, _) = fields(input)?;
    let (mut between, mut coefficient) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "between" => f.store(&mut between, pair(&f.value)?)?,
            "coefficient" => f.store(&mut coefficient, convert(&f.value)?)?,
            _ => return Err(unknown(&f.key, "damper", "between or coefficient")),
        }
    }
    Ok(Damper {
        between: between.ok_or_else(|| missing(&id, "damper", "between"))?,
        coefficient: coefficient.ok_or_else(|| missing(&id, "damper", "coefficient"))?,
        name: name(&id),
    })
}

/// `load f { … }` after the keyword and name; `k` is the load's number.
pub fn load(input: ParseStream, id: Ident, k: usize, d: &mut Deferred) -> syn::Result<Load> {
    let (fs, _) = fields(input)?;
    let (mut at, mut force) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "at" => f.store(&mut at, name_ref(&f.value)?)?,
            "force" => f.store(&mut force, d.vector(Slot::LoadForce(k), &f.value))?,
            _ => return Err(unknown(&f.key, "load", "at or force")),
        }
    }
    Ok(Load {
        at: at.ok_or_else(|| missing(&id, "load", "at"))?,
        force: force.ok_or_else(|| missing(&id, "load", "force"))?,
        name: name(&id),
    })
}

/// `torque tau { … }` after the keyword and name; `k` is the torque's number.
pub fn torque(input: ParseStream, id: Ident, k: usize, d: &mut Deferred) -> syn::Result<Torque> {
    let (fs, _) = fields(input)?;
    let (mut on, mut value) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "on" => f.store(&mut on, name_ref(&f.value)?)?,
            "value" => f.store(&mut value, d.vector(Slot::TorqueValue(k), &f.value))?,
            _ => return Err(unknown(&f.key, "torque", "on or value")),
        }
    }
    Ok(Torque {
        on: on.ok_or_else(|| missing(&id, "torque", "on"))?,
        value: value.ok_or_else(|| missing(&id, "torque", "value"))?,
        name: name(&id),
    })
}
