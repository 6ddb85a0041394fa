//! The grammar of the kinematic items of a `mechanism!` block: points, bodies, gravity,
//! springs, dampers, loads and torques, and the values of geometric contact fields.
//!
//! ```text
//! item   += "point" Ident "=" vector ";"
//!         | "body" Ident "{" (bfield ":" value),* "}"
//!         | "gravity" "=" vector ";"
//!         | "spring" Ident "{" "between" ":" "(" Ident "," Ident ")" "," "stiffness" ":" expr ("," "rest" ":" expr)? "}"
//!         | "damper" Ident "{" "between" ":" "(" Ident "," Ident ")" "," "coefficient" ":" expr "}"
//!         | "load" Ident "{" "at" ":" Ident "," "force" ":" vector "}"
//!         | "torque" Ident "{" "on" ":" Ident "," "value" ":" (expr | vector) "}"
//! bfield := "mass" | "position" | "angle" | "rotation" | "inertia"
//! vector := "(" expr "," expr ("," expr)? ")"
//! rotation := "[" (("rotx" | "roty" | "rotz") "(" expr ")"),* "]" | matrix
//! matrix := "[" "[" expr "," expr "," expr "]" "," … "]"      (three rows)
//! ```

use super::ast::{
    Axis, Body, Damper, Expr, Inertia, Load, Matrix3, Name, Orientation, Spring, Torque, Vector,
};
use super::expr::convert;
use super::fields::{fields, name};
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Error, Ident};

fn strip(e: &syn::Expr) -> &syn::Expr {
    match e {
        syn::Expr::Paren(p) => strip(&p.expr),
        syn::Expr::Group(g) => strip(&g.expr),
        other => other,
    }
}

/// `(x, y)` or `(x, y, z)`.
pub fn vector(e: &syn::Expr) -> syn::Result<Vector> {
    match strip(e) {
        syn::Expr::Tuple(t) if t.elems.len() == 2 || t.elems.len() == 3 => Ok(Vector {
            components: t.elems.iter().map(convert).collect::<syn::Result<_>>()?,
            span: e.span(),
        }),
        _ => Err(Error::new(
            e.span(),
            "expected a vector `(x, y)` (planar) or `(x, y, z)` (spatial)",
        )),
    }
}

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

/// `rotx(a)`, `roty(a)` or `rotz(a)`.
fn elementary_rotation(c: &syn::ExprCall) -> syn::Result<(Axis, Expr)> {
    let fname = match &*c.func {
        syn::Expr::Path(p) => p.path.get_ident().map(|i| i.to_string()),
        _ => None,
    };
    let axis = match fname.as_deref() {
        Some("rotx") => Axis::X,
        Some("roty") => Axis::Y,
        Some("rotz") => Axis::Z,
        _ => {
            return Err(Error::new(
                c.func.span(),
                "expected an elementary rotation `rotx(a)`, `roty(a)` or `rotz(a)`",
            ));
        }
    };
    if c.args.len() != 1 {
        return Err(Error::new(
            c.span(),
            "an elementary rotation takes one angle",
        ));
    }
    Ok((axis, convert(&c.args[0])?))
}

/// `[rotz(a), rotx(b), …]` or a matrix.
fn rotation(e: &syn::Expr) -> syn::Result<Orientation> {
    if let syn::Expr::Array(a) = strip(e) {
        let calls: Vec<&syn::ExprCall> = a
            .elems
            .iter()
            .filter_map(|x| match strip(x) {
                syn::Expr::Call(c) => Some(c),
                _ => None,
            })
            .collect();
        if !calls.is_empty() && calls.len() == a.elems.len() {
            let seq = calls
                .into_iter()
                .map(elementary_rotation)
                .collect::<syn::Result<_>>()?;
            return Ok(Orientation::Sequence(seq, e.span()));
        }
    }
    Ok(Orientation::Matrix(matrix3(e).map_err(|_| {
        Error::new(
            e.span(),
            "expected a rotation: a sequence `[rotz(a), rotx(b), …]` or a matrix `[[…], […], […]]`",
        )
    })?))
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

/// `body B { … }` after the keyword and name.
pub fn body(input: ParseStream, id: Ident) -> syn::Result<Body> {
    let (fs, close) = fields(input)?;
    let (mut mass, mut position, mut orientation, mut inertia) = (None, None, None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "mass" => f.store(&mut mass, convert(&f.value)?)?,
            "position" => f.store(&mut position, vector(&f.value)?)?,
            "angle" => f.store(&mut orientation, Orientation::Angle(convert(&f.value)?))?,
            "rotation" => f.store(&mut orientation, rotation(&f.value)?)?,
            "inertia" => {
                let v = if matches!(strip(&f.value), syn::Expr::Array(_)) {
                    Inertia::Matrix(matrix3(&f.value)?)
                } else {
                    Inertia::Scalar(convert(&f.value)?)
                };
                f.store(&mut inertia, v)?
            }
            _ => {
                return Err(unknown(
                    &f.key,
                    "body",
                    "mass, position, angle, rotation or inertia",
                ));
            }
        }
    }
    Ok(Body {
        mass: mass.ok_or_else(|| missing(&id, "body", "mass"))?,
        position: position.ok_or_else(|| missing(&id, "body", "position"))?,
        orientation,
        inertia,
        span: id.span().join(close).unwrap_or(id.span()),
        name: name(&id),
    })
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

/// `load f { … }` after the keyword and name.
pub fn load(input: ParseStream, id: Ident) -> syn::Result<Load> {
    let (fs, _) = fields(input)?;
    let (mut at, mut force) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "at" => f.store(&mut at, name_ref(&f.value)?)?,
            "force" => f.store(&mut force, vector(&f.value)?)?,
            _ => return Err(unknown(&f.key, "load", "at or force")),
        }
    }
    Ok(Load {
        at: at.ok_or_else(|| missing(&id, "load", "at"))?,
        force: force.ok_or_else(|| missing(&id, "load", "force"))?,
        name: name(&id),
    })
}

/// `torque tau { … }` after the keyword and name.
pub fn torque(input: ParseStream, id: Ident) -> syn::Result<Torque> {
    let (fs, _) = fields(input)?;
    let (mut on, mut value) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "on" => f.store(&mut on, name_ref(&f.value)?)?,
            "value" => {
                let v = if matches!(strip(&f.value), syn::Expr::Tuple(_)) {
                    vector(&f.value)?
                } else {
                    let e: Expr = convert(&f.value)?;
                    Vector {
                        span: e.span,
                        components: vec![e],
                    }
                };
                f.store(&mut value, v)?
            }
            _ => return Err(unknown(&f.key, "torque", "on or value")),
        }
    }
    Ok(Torque {
        on: on.ok_or_else(|| missing(&id, "torque", "on"))?,
        value: value.ok_or_else(|| missing(&id, "torque", "value"))?,
        name: name(&id),
    })
}
