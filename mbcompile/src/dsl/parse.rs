//! The grammar of a `mechanism!` block (syn `Parse`).
//!
//! ```text
//! block       := doc* "struct" Ident ";" item*
//! item        := "parameters" "{" (doc* Ident ":" number),* "}"
//!              | "coordinates" "{" Ident,* "}"
//!              | "time" Ident ";"
//!              | "let" Ident "=" expr ";"
//!              | "kinetic" "=" expr ";"
//!              | "potential" "=" expr ";"
//!              | "forces" "{" (Ident ":" expr),* "}"
//!              | "constraint" Ident "=" expr ";"
//!              | "contact" Ident "{" (field ":" value),* "}"
//!              | kinematic items (points, bodies, …: see `parse_kinematics`)
//! field       := "gap" | "restitution" | "tangential_restitution" | "friction"
//!              | "slip" | "tangential_velocity"
//!              | "point" | "normal" | "through" | "tangent"   (a point against a line or plane)
//!              | "distance" | "max" | "min"                   (a distance limit between points)
//! ```
//!
//! Comments are ignored; `///` comments document the mechanism and its parameters.

use super::ast::{
    Constraint, Contact, Definition, Force, Gap, Model, Name, Parameter, Point, Tangent,
};
use super::expr::{convert, number};
use super::parse_kinematics as kinematics;
use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Error, Ident, Token, braced};

/// The message for a block with nothing in it.
pub const EMPTY_MODEL: &str = "empty model: a mechanism starts with `struct Name;` and declares coordinates and a kinetic energy";

const ITEMS: &str = "parameters, coordinates, time, let, kinetic, potential, forces, \
                     constraint, contact, point, body, gravity, spring, damper, load, torque";

fn docs(attrs: &[Attribute]) -> syn::Result<Vec<String>> {
    let mut out = Vec::new();
    for a in attrs {
        if !a.path().is_ident("doc") {
            return Err(Error::new(
                a.span(),
                "only `///` doc comments are allowed here",
            ));
        }
        if let syn::Meta::NameValue(nv) = &a.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            out.push(s.value().trim().to_string());
        }
    }
    Ok(out)
}

fn name(i: &Ident) -> Name {
    Name {
        text: i.to_string(),
        span: i.span(),
    }
}

fn parse_expr(input: ParseStream) -> syn::Result<super::ast::Expr> {
    let e: syn::Expr = input.parse()?;
    convert(&e)
}

fn set_once<T>(slot: &mut Option<T>, value: T, span: Span, what: &str) -> syn::Result<()> {
    if slot.is_some() {
        return Err(Error::new(
            span,
            format!("duplicate `{what}`: it may be given only once"),
        ));
    }
    *slot = Some(value);
    Ok(())
}

struct ParamDecl(Parameter);

impl Parse for ParamDecl {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let attrs = input.call(Attribute::parse_outer)?;
        let doc = docs(&attrs)?;
        let id: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        let neg = input.peek(Token![-]);
        let neg_span = input.span();
        if neg {
            input.parse::<Token![-]>()?;
        }
        let lit: syn::Lit = input.parse().map_err(|e| {
            Error::new(
                e.span(),
                "a parameter's default must be a number, e.g. `m: 1.0`",
            )
        })?;
        let mut default = number(&lit)?;
        if neg {
            default.value = -default.value;
            default.digits.insert(0, '-');
        }
        let default_span = if neg {
            neg_span.join(lit.span()).unwrap_or(lit.span())
        } else {
            lit.span()
        };
        Ok(ParamDecl(Parameter {
            name: name(&id),
            default,
            default_span,
            doc,
        }))
    }
}

struct ForceDecl(Force);

impl Parse for ForceDecl {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let id: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        Ok(ForceDecl(Force {
            coordinate: name(&id),
            value: parse_expr(input)?,
        }))
    }
}

fn contact(input: ParseStream, id: Ident) -> syn::Result<Contact> {
    let (fields, close) = kinematics::fields(input)?;
    let mut gap = None;
    let mut normal_restitution = None;
    let mut tangential_restitution = None;
    let mut friction = None;
    let mut tangent = None;
    let mut tangent_direction = None;
    let (mut point, mut normal, mut through) = (None, None, None);
    let (mut distance, mut max, mut min) = (None, None, None);
    for f in fields {
        let key = f.key.to_string();
        let span = f.key.span();
        let v = &f.value;
        match key.as_str() {
            "gap" => set_once(&mut gap, convert(v)?, span, "gap")?,
            "restitution" => set_once(&mut normal_restitution, convert(v)?, span, "restitution")?,
            "tangential_restitution" => set_once(
                &mut tangential_restitution,
                convert(v)?,
                span,
                "tangential_restitution",
            )?,
            "friction" => set_once(&mut friction, convert(v)?, span, "friction")?,
            "slip" => set_once(
                &mut tangent,
                Tangent::Slip(convert(v)?),
                span,
                "slip or tangential_velocity",
            )?,
            "tangential_velocity" => set_once(
                &mut tangent,
                Tangent::Velocity(convert(v)?),
                span,
                "slip or tangential_velocity",
            )?,
            "point" => set_once(&mut point, kinematics::name_ref(v)?, span, "point")?,
            "normal" => set_once(&mut normal, kinematics::vector(v)?, span, "normal")?,
            "through" => set_once(&mut through, kinematics::vector(v)?, span, "through")?,
            "tangent" => set_once(
                &mut tangent_direction,
                kinematics::vector(v)?,
                span,
                "tangent",
            )?,
            "distance" => set_once(&mut distance, kinematics::pair(v)?, span, "distance")?,
            "max" => set_once(&mut max, convert(v)?, span, "max")?,
            "min" => set_once(&mut min, convert(v)?, span, "min")?,
            _ => {
                return Err(Error::new(
                    span,
                    format!(
                        "unknown contact field `{key}`; expected gap (or point with normal and \
                         through, or distance with max or min), restitution, \
                         tangential_restitution, friction, slip, tangential_velocity or tangent"
                    ),
                ));
            }
        }
    }
    let whole = id.span().join(close).unwrap_or(id.span());
    let kinds = [gap.is_some(), point.is_some(), distance.is_some()];
    if kinds.iter().filter(|k| **k).count() > 1 {
        return Err(Error::new(
            id.span(),
            format!(
                "contact `{id}` gives its gap more than once: use one of `gap`, `point` or `distance`"
            ),
        ));
    }
    let gap = if let Some(g) = gap {
        Gap::Expr(g)
    } else if let Some(point) = point {
        let normal = normal.ok_or_else(|| {
            Error::new(
                id.span(),
                format!("contact `{id}` of a point needs the `normal` of its line or plane"),
            )
        })?;
        Gap::Plane {
            point,
            normal,
            through,
        }
    } else if let Some(between) = distance {
        let (limit, maximum) = match (max, min) {
            (Some(l), None) => (l, true),
            (None, Some(l)) => (l, false),
            _ => {
                return Err(Error::new(
                    id.span(),
                    format!("contact `{id}` on a distance needs exactly one of `max` or `min`"),
                ));
            }
        };
        Gap::Distance {
            between,
            limit,
            maximum,
        }
    } else {
        return Err(Error::new(
            id.span(),
            format!("contact `{id}` is missing its required field `gap`"),
        ));
    };
    let normal_restitution = normal_restitution.ok_or_else(|| {
        Error::new(
            id.span(),
            format!("contact `{id}` is missing its required field `restitution`"),
        )
    })?;
    Ok(Contact {
        name: name(&id),
        gap,
        normal_restitution,
        tangential_restitution,
        friction,
        tangent,
        tangent_direction,
        span: whole,
    })
}

impl Parse for Model {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let block_span = input.span();
        let attrs = input.call(Attribute::parse_outer)?;
        let doc = docs(&attrs)?;
        if input.is_empty() {
            return Err(Error::new(block_span, EMPTY_MODEL));
        }
        if !input.peek(Token![struct]) {
            return Err(input.error("a mechanism starts with `struct Name;`"));
        }
        input.parse::<Token![struct]>()?;
        let struct_name: Ident = input.parse()?;
        input.parse::<Token![;]>()?;
        let mut m = Model {
            doc,
            name: name(&struct_name),
            parameters: Vec::new(),
            coordinates: Vec::new(),
            time: None,
            definitions: Vec::new(),
            kinetic: None,
            potential: None,
            forces: Vec::new(),
            constraints: Vec::new(),
            contacts: Vec::new(),
            points: Vec::new(),
            bodies: Vec::new(),
            gravity: None,
            springs: Vec::new(),
            dampers: Vec::new(),
            loads: Vec::new(),
            torques: Vec::new(),
            span: block_span,
        };
        let mut seen_parameters = false;
        let mut seen_coordinates = false;
        let mut seen_forces = false;
        while !input.is_empty() {
            // Plain comments vanish in tokens; `///` before items is allowed and ignored.
            let _ = input.call(Attribute::parse_outer)?;
            if input.peek(Token![let]) {
                input.parse::<Token![let]>()?;
                let id: Ident = input.parse()?;
                input.parse::<Token![=]>()?;
                let value = parse_expr(input)?;
                input.parse::<Token![;]>()?;
                m.definitions.push(Definition {
                    name: name(&id),
                    value,
                });
                continue;
            }
            if input.peek(Token![struct]) {
                return Err(
                    input.error("a block declares one mechanism: `struct` may appear only once")
                );
            }
            let key: Ident = input
                .parse()
                .map_err(|e| Error::new(e.span(), format!("expected an item: one of {ITEMS}")))?;
            let ks = key.to_string();
            let once = |seen: &mut bool| -> syn::Result<()> {
                if std::mem::replace(seen, true) {
                    Err(Error::new(key.span(), format!("duplicate `{ks}` section")))
                } else {
                    Ok(())
                }
            };
            match ks.as_str() {
                "parameters" => {
                    once(&mut seen_parameters)?;
                    let content;
                    braced!(content in input);
                    let ps: Punctuated<ParamDecl, Token![,]> =
                        Punctuated::parse_terminated(&content)?;
                    m.parameters.extend(ps.into_iter().map(|p| p.0));
                }
                "coordinates" => {
                    once(&mut seen_coordinates)?;
                    let content;
                    braced!(content in input);
                    let cs: Punctuated<Ident, Token![,]> = Punctuated::parse_terminated(&content)?;
                    m.coordinates.extend(cs.iter().map(name));
                }
                "time" => {
                    let id: Ident = input.parse()?;
                    input.parse::<Token![;]>()?;
                    set_once(&mut m.time, name(&id), key.span(), "time")?;
                }
                "kinetic" | "potential" => {
                    input.parse::<Token![=]>()?;
                    let e = parse_expr(input)?;
                    input.parse::<Token![;]>()?;
                    let slot = if ks == "kinetic" {
                        &mut m.kinetic
                    } else {
                        &mut m.potential
                    };
                    set_once(slot, e, key.span(), &ks)?;
                }
                "forces" => {
                    once(&mut seen_forces)?;
                    let content;
                    braced!(content in input);
                    let fs: Punctuated<ForceDecl, Token![,]> =
                        Punctuated::parse_terminated(&content)?;
                    m.forces.extend(fs.into_iter().map(|f| f.0));
                }
                "constraint" => {
                    let id: Ident = input.parse()?;
                    input.parse::<Token![=]>()?;
                    let value = parse_expr(input)?;
                    input.parse::<Token![;]>()?;
                    m.constraints.push(Constraint {
                        name: name(&id),
                        value,
                    });
                }
                "contact" => {
                    let id: Ident = input.parse()?;
                    m.contacts.push(contact(input, id)?);
                }
                "point" => {
                    let id: Ident = input.parse()?;
                    input.parse::<Token![=]>()?;
                    let v: syn::Expr = input.parse()?;
                    input.parse::<Token![;]>()?;
                    m.points.push(Point {
                        name: name(&id),
                        position: kinematics::vector(&v)?,
                    });
                }
                "gravity" => {
                    input.parse::<Token![=]>()?;
                    let v: syn::Expr = input.parse()?;
                    input.parse::<Token![;]>()?;
                    set_once(
                        &mut m.gravity,
                        kinematics::vector(&v)?,
                        key.span(),
                        "gravity",
                    )?;
                }
                "body" => {
                    let id: Ident = input.parse()?;
                    m.bodies.push(kinematics::body(input, id)?);
                }
                "spring" => {
                    let id: Ident = input.parse()?;
                    m.springs.push(kinematics::spring(input, id)?);
                }
                "damper" => {
                    let id: Ident = input.parse()?;
                    m.dampers.push(kinematics::damper(input, id)?);
                }
                "load" => {
                    let id: Ident = input.parse()?;
                    m.loads.push(kinematics::load(input, id)?);
                }
                "torque" => {
                    let id: Ident = input.parse()?;
                    m.torques.push(kinematics::torque(input, id)?);
                }
                _ => {
                    return Err(Error::new(
                        key.span(),
                        format!("unknown item `{ks}`; expected one of {ITEMS}"),
                    ));
                }
            }
        }
        super::resolve::validate(&m)?;
        Ok(m)
    }
}
