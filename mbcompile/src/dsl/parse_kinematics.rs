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
use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Error, Ident, Token, braced};

/// `key: value` with the value kept as syn syntax until the key says what it must be.
pub struct Field {
    /// The key.
    pub key: Ident,
    /// The value as written.
    pub value: syn::Expr,
}

impl Parse for Field {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        Ok(Field {
            key,
            value: input.parse()?,
        })
    }
}

/// The fields of a braced item, in order.
pub fn fields(input: ParseStream) -> syn::Result<(Vec<Field>, Span)> {
    let content;
    let brace = braced!(content in input);
    let fs: Punctuated<Field, Token![,]> = Punctuated::parse_terminated(&content)?;
    Ok((fs.into_iter().collect(), brace.span.close()))
}

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
        syn::Expr::Path(p) if p.path.get_ident().is_some() && p.qself.is_none() => {
            let i = p.path.get_ident().expect("checked");
            Ok(Name {
                text: i.to_string(),
                span: i.span(),
            })
        }
        _ => Err(Error::new(e.span(), "expected the name of a point or body")),
    }
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

/// `[rotz(a), rotx(b), …]` or a matrix.
fn rotation(e: &syn::Expr) -> syn::Result<Orientation> {
    if let syn::Expr::Array(a) = strip(e)
        && a.elems
            .iter()
            .all(|x| matches!(strip(x), syn::Expr::Call(_)))
        && !a.elems.is_empty()
    {
        let mut seq = Vec::new();
        for x in &a.elems {
            let syn::Expr::Call(c) = strip(x) else {
                unreachable!("checked above")
            };
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
            seq.push((axis, convert(&c.args[0])?));
        }
        return Ok(Orientation::Sequence(seq, e.span()));
    }
    Ok(Orientation::Matrix(matrix3(e).map_err(|_| {
        Error::new(
            e.span(),
            "expected a rotation: a sequence `[rotz(a), rotx(b), …]` or a matrix `[[…], […], […]]`",
        )
    })?))
}

fn once<T>(slot: &mut Option<T>, v: T, key: &Ident) -> syn::Result<()> {
    if slot.is_some() {
        return Err(Error::new(
            key.span(),
            format!("duplicate `{key}`: it may be given only once"),
        ));
    }
    *slot = Some(v);
    Ok(())
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

fn name_of(i: &Ident) -> Name {
    Name {
        text: i.to_string(),
        span: i.span(),
    }
}

/// `body B { … }` after the keyword and name.
pub fn body(input: ParseStream, id: Ident) -> syn::Result<Body> {
    let (fs, close) = fields(input)?;
    let (mut mass, mut position, mut orientation, mut inertia) = (None, None, None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "mass" => once(&mut mass, convert(&f.value)?, &f.key)?,
            "position" => once(&mut position, vector(&f.value)?, &f.key)?,
            "angle" => once(
                &mut orientation,
                Orientation::Angle(convert(&f.value)?),
                &f.key,
            )?,
            "rotation" => once(&mut orientation, rotation(&f.value)?, &f.key)?,
            "inertia" => {
                let v = if matches!(strip(&f.value), syn::Expr::Array(_)) {
                    Inertia::Matrix(matrix3(&f.value)?)
                } else {
                    Inertia::Scalar(convert(&f.value)?)
                };
                once(&mut inertia, v, &f.key)?
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
        name: name_of(&id),
    })
}

/// `spring s { … }` after the keyword and name.
pub fn spring(input: ParseStream, id: Ident) -> syn::Result<Spring> {
    let (fs, _) = fields(input)?;
    let (mut between, mut stiffness, mut rest) = (None, None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "between" => once(&mut between, pair(&f.value)?, &f.key)?,
            "stiffness" => once(&mut stiffness, convert(&f.value)?, &f.key)?,
            "rest" => once(&mut rest, convert(&f.value)?, &f.key)?,
            _ => return Err(unknown(&f.key, "spring", "between, stiffness or rest")),
        }
    }
    Ok(Spring {
        between: between.ok_or_else(|| missing(&id, "spring", "between"))?,
        stiffness: stiffness.ok_or_else(|| missing(&id, "spring", "stiffness"))?,
        rest,
        name: name_of(&id),
    })
}

/// `damper d { … }` after the keyword and name.
pub fn damper(input: ParseStream, id: Ident) -> syn::Result<Damper> {
    let (fs, _) = fields(input)?;
    let (mut between, mut coefficient) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "between" => once(&mut between, pair(&f.value)?, &f.key)?,
            "coefficient" => once(&mut coefficient, convert(&f.value)?, &f.key)?,
            _ => return Err(unknown(&f.key, "damper", "between or coefficient")),
        }
    }
    Ok(Damper {
        between: between.ok_or_else(|| missing(&id, "damper", "between"))?,
        coefficient: coefficient.ok_or_else(|| missing(&id, "damper", "coefficient"))?,
        name: name_of(&id),
    })
}

/// `load f { … }` after the keyword and name.
pub fn load(input: ParseStream, id: Ident) -> syn::Result<Load> {
    let (fs, _) = fields(input)?;
    let (mut at, mut force) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "at" => once(&mut at, name_ref(&f.value)?, &f.key)?,
            "force" => once(&mut force, vector(&f.value)?, &f.key)?,
            _ => return Err(unknown(&f.key, "load", "at or force")),
        }
    }
    Ok(Load {
        at: at.ok_or_else(|| missing(&id, "load", "at"))?,
        force: force.ok_or_else(|| missing(&id, "load", "force"))?,
        name: name_of(&id),
    })
}

/// `torque tau { … }` after the keyword and name.
pub fn torque(input: ParseStream, id: Ident) -> syn::Result<Torque> {
    let (fs, _) = fields(input)?;
    let (mut on, mut value) = (None, None);
    for f in fs {
        match f.key.to_string().as_str() {
            "on" => once(&mut on, name_ref(&f.value)?, &f.key)?,
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
                once(&mut value, v, &f.key)?
            }
            _ => return Err(unknown(&f.key, "torque", "on or value")),
        }
    }
    Ok(Torque {
        on: on.ok_or_else(|| missing(&id, "torque", "on"))?,
        value: value.ok_or_else(|| missing(&id, "torque", "value"))?,
        name: name_of(&id),
    })
}
