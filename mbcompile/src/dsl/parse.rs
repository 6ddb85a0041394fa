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
//!              | "velocity_constraint" Ident "=" expr ";"    (linear in the velocities)
//!              | "rolling" Ident "{" (rolling_field ":" value),* "}"
//!              | "contact" Ident "{" (field ":" value),* "}"
//!              | "generate" "{" ("capabilities" ":" "[" Ident,* "]" | "expansion" ":" ("full" | "none")
//!                               | "targets" ":" "[" Ident,* "]"),* "}"
//!              | kinematic items (points, bodies, …: see `parse_kinematics`, `parse_body`)
//! field       := "gap" | "restitution" | "tangential_restitution" | "friction"
//!              | "slip" | "tangential_velocity"             (one expression, or a pair `(a, b)`:
//!                                                              the two directions of a tangent plane)
//!              | "point" | "normal" | "through"              (a point against a line or plane)
//!              | "tangent" | "tangents"                      (`t`, or `(t1, t2)` of a plane)
//!              | "distance" | "max" | "min"                  (a distance limit between points)
//! rolling_field := "body" | "radius" | "axis" | "normal" | "through" | "tangent"
//!              | "surface_velocity" | "touch"
//! ```
//!
//! A `let` whose value is a vector (see `values`) is a vector `let`. Comments are ignored; `///`
//! comments document the mechanism and its parameters. Parsing checks the grammar (and whether
//! each value is a scalar or a vector); names and dependencies are checked by
//! [`super::validate()`].

use super::ast::{
    Constraint, Contact, Expansion, Expr, Force, Gap, Generate, Model, Name, Parameter, Point,
    Tangent, Vector,
};
use super::components::substitute_components;
use super::expr::{convert, number, strip};
use super::fields::{Field, fields, name, set_once};
use super::parse_body;
use super::parse_kinematics as kinematics;
use super::values::{Deferred, Slot};
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Attribute, Error, Ident, Token, braced};

/// The message for a block with nothing in it.
pub const EMPTY_MODEL: &str = "empty model: a mechanism starts with `struct Name;` and declares coordinates and a kinetic energy";

const ITEMS: &str = "parameters, coordinates, time, let, kinetic, potential, forces, \
                     constraint, velocity_constraint, contact, rolling, point, body, gravity, spring, damper, load, torque, \
                     generate";

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

fn parse_expr(input: ParseStream) -> syn::Result<Expr> {
    let e: syn::Expr = input.parse()?;
    convert(&e)
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

/// The fields of a contact as given, before the kind of gap is known.
#[derive(Default)]
struct ContactFields {
    gap: Option<Expr>,
    normal_restitution: Option<Expr>,
    tangential_restitution: Option<Expr>,
    friction: Option<Expr>,
    tangent: Option<Tangent>,
    tangent_direction: Option<Vector>,
    second_tangent_direction: Option<Vector>,
    point: Option<Name>,
    normal: Option<Vector>,
    through: Option<Vector>,
    distance: Option<[Name; 2]>,
    max: Option<Expr>,
    min: Option<Expr>,
}

impl ContactFields {
    /// Stores one field of contact number `k`, reporting unknown and repeated keys.
    fn read(&mut self, f: &Field, k: usize, d: &mut Deferred) -> syn::Result<()> {
        let key = f.key.to_string();
        let span = f.key.span();
        let v = &f.value;
        let tangent = "slip or tangential_velocity";
        match key.as_str() {
            "gap" => f.store(&mut self.gap, convert(v)?),
            "restitution" => f.store(&mut self.normal_restitution, convert(v)?),
            "tangential_restitution" => f.store(&mut self.tangential_restitution, convert(v)?),
            "friction" => f.store(&mut self.friction, convert(v)?),
            "slip" => {
                let t = one_or_pair(v, "slip", Tangent::Slip, Tangent::Slips)?;
                set_once(&mut self.tangent, t, span, tangent)
            }
            "tangential_velocity" => {
                let t = one_or_pair(v, &key, Tangent::Velocity, Tangent::Velocities)?;
                set_once(&mut self.tangent, t, span, tangent)
            }
            "point" => f.store(&mut self.point, kinematics::name_ref(v)?),
            "normal" => f.store(&mut self.normal, d.vector(Slot::ContactNormal(k), v)),
            "through" => f.store(&mut self.through, d.vector(Slot::ContactThrough(k), v)),
            "tangent" | "tangents" => self.tangent_directions(f, k, d),
            "distance" => f.store(&mut self.distance, kinematics::pair(v)?),
            "max" => f.store(&mut self.max, convert(v)?),
            "min" => f.store(&mut self.min, convert(v)?),
            _ => Err(Error::new(
                span,
                format!(
                    "unknown contact field `{key}`; expected gap (or point with normal and \
                     through, or distance with max or min), restitution, \
                     tangential_restitution, friction, slip, tangential_velocity, tangent or \
                     tangents"
                ),
            )),
        }
    }

    /// `tangent: t` or `tangents: (t1, t2)`, at most one of them, once.
    fn tangent_directions(&mut self, f: &Field, k: usize, d: &mut Deferred) -> syn::Result<()> {
        if self.tangent_direction.is_some() {
            return Err(Error::new(
                f.key.span(),
                "the tangent is given twice: give either `tangent: t` (the second tangent is then \
                 n̂ × t̂) or `tangents: (t1, t2)`, once",
            ));
        }
        if f.key == "tangent" {
            self.tangent_direction = Some(d.vector(Slot::ContactTangent(k), &f.value));
            return Ok(());
        }
        match strip(&f.value) {
            syn::Expr::Tuple(t) if t.elems.len() == 2 => {
                self.tangent_direction = Some(d.vector(Slot::ContactTangent(k), &t.elems[0]));
                self.second_tangent_direction =
                    Some(d.vector(Slot::ContactSecondTangent(k), &t.elems[1]));
                Ok(())
            }
            _ => Err(Error::new(
                f.value.span(),
                "`tangents` takes the two tangents of a contact plane as a pair of vectors \
                 `(t1, t2)`, e.g. `tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))`",
            )),
        }
    }

    /// The gap: a function, a point against a line or plane, or a distance limit.
    fn gap(&mut self, id: &Ident) -> syn::Result<Gap> {
        let kinds = [
            self.gap.is_some(),
            self.point.is_some(),
            self.distance.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() > 1 {
            return Err(Error::new(
                id.span(),
                format!(
                    "contact `{id}` gives its gap more than once: use one of `gap`, `point` or `distance`"
                ),
            ));
        }
        if let Some(g) = self.gap.take() {
            return Ok(Gap::Expr(g));
        }
        if let Some(point) = self.point.take() {
            let normal = self.normal.take().ok_or_else(|| {
                Error::new(
                    id.span(),
                    format!("contact `{id}` of a point needs the `normal` of its line or plane"),
                )
            })?;
            return Ok(Gap::Plane {
                point,
                normal,
                through: self.through.take(),
            });
        }
        if let Some(between) = self.distance.take() {
            let (limit, maximum) = match (self.max.take(), self.min.take()) {
                (Some(l), None) => (l, true),
                (None, Some(l)) => (l, false),
                _ => {
                    return Err(Error::new(
                        id.span(),
                        format!("contact `{id}` on a distance needs exactly one of `max` or `min`"),
                    ));
                }
            };
            return Ok(Gap::Distance {
                between,
                limit,
                maximum,
            });
        }
        Err(Error::new(
            id.span(),
            format!("contact `{id}` is missing its required field `gap`"),
        ))
    }
}

/// A slip or tangential velocity: one expression (`one`), or a pair `(a, b)` giving the two
/// directions of a tangent plane (`two`).
fn one_or_pair(
    v: &syn::Expr,
    key: &str,
    one: fn(Expr) -> Tangent,
    two: fn([Expr; 2]) -> Tangent,
) -> syn::Result<Tangent> {
    match strip(v) {
        syn::Expr::Tuple(t) if t.elems.len() == 2 => {
            Ok(two([convert(&t.elems[0])?, convert(&t.elems[1])?]))
        }
        syn::Expr::Tuple(t) => Err(Error::new(
            v.span(),
            format!(
                "`{key}` takes one expression, or a pair `(a, b)` for the two directions of a \
                 tangent plane; this has {} elements",
                t.elems.len()
            ),
        )),
        _ => Ok(one(convert(v)?)),
    }
}

/// `contact c { … }` after the keyword and name; `k` is the contact's number.
fn contact(input: ParseStream, id: Ident, k: usize, d: &mut Deferred) -> syn::Result<Contact> {
    let (fields, close) = fields(input)?;
    let mut given = ContactFields::default();
    for f in &fields {
        given.read(f, k, d)?;
    }
    let whole = id.span().join(close).unwrap_or(id.span());
    let gap = given.gap(&id)?;
    let normal_restitution = given.normal_restitution.ok_or_else(|| {
        Error::new(
            id.span(),
            format!("contact `{id}` is missing its required field `restitution`"),
        )
    })?;
    Ok(Contact {
        name: name(&id),
        gap,
        normal_restitution,
        tangential_restitution: given.tangential_restitution,
        friction: given.friction,
        tangent: given.tangent,
        tangent_direction: given.tangent_direction,
        second_tangent_direction: given.second_tangent_direction,
        span: whole,
    })
}

impl Parse for Model {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let mut m = header(input)?;
        let mut seen = Sections::default();
        let mut deferred = Deferred::default();
        while !input.is_empty() {
            // Plain comments vanish in tokens; `///` before items is allowed and ignored.
            let _ = input.call(Attribute::parse_outer)?;
            if input.peek(Token![let]) {
                input.parse::<Token![let]>()?;
                let id: Ident = input.parse()?;
                input.parse::<Token![=]>()?;
                let value: syn::Expr = input.parse()?;
                input.parse::<Token![;]>()?;
                deferred.definition(id, value);
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
            item(input, &key, &mut m, &mut seen, &mut deferred)?;
        }
        deferred.resolve(&mut m)?;
        substitute_components(&mut m)?;
        Ok(m)
    }
}

/// The documentation and `struct Name;` that open a block: a model with nothing else yet.
fn header(input: ParseStream) -> syn::Result<Model> {
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
    Ok(Model {
        doc,
        name: name(&struct_name),
        parameters: Vec::new(),
        coordinates: Vec::new(),
        time: None,
        definitions: Vec::new(),
        vectors: Vec::new(),
        kinetic: None,
        potential: None,
        forces: Vec::new(),
        constraints: Vec::new(),
        contacts: Vec::new(),
        rollings: Vec::new(),
        points: Vec::new(),
        bodies: Vec::new(),
        gravity: None,
        springs: Vec::new(),
        dampers: Vec::new(),
        loads: Vec::new(),
        torques: Vec::new(),
        generate: None,
        span: block_span,
    })
}

/// The sections that may appear once each.
#[derive(Default)]
struct Sections {
    parameters: bool,
    coordinates: bool,
    forces: bool,
}

/// A comma-separated list in braces.
fn braced_list<T: Parse>(input: ParseStream) -> syn::Result<Punctuated<T, Token![,]>> {
    let content;
    braced!(content in input);
    Punctuated::parse_terminated(&content)
}

/// `name = expr;` after the keyword.
fn named_value(input: ParseStream) -> syn::Result<(Ident, Expr)> {
    let id: Ident = input.parse()?;
    input.parse::<Token![=]>()?;
    let value = parse_expr(input)?;
    input.parse::<Token![;]>()?;
    Ok((id, value))
}

/// One item after its keyword `key`.
fn item(
    input: ParseStream,
    key: &Ident,
    m: &mut Model,
    seen: &mut Sections,
    d: &mut Deferred,
) -> syn::Result<()> {
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
            once(&mut seen.parameters)?;
            let ps: Punctuated<ParamDecl, Token![,]> = braced_list(input)?;
            m.parameters.extend(ps.into_iter().map(|p| p.0));
        }
        "coordinates" => {
            once(&mut seen.coordinates)?;
            let cs: Punctuated<Ident, Token![,]> = braced_list(input)?;
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
            once(&mut seen.forces)?;
            let fs: Punctuated<ForceDecl, Token![,]> = braced_list(input)?;
            m.forces.extend(fs.into_iter().map(|f| f.0));
        }
        "constraint" | "velocity_constraint" => {
            let (id, value) = named_value(input)?;
            m.constraints.push(Constraint {
                name: name(&id),
                value,
                velocity: ks == "velocity_constraint",
            });
        }
        "rolling" => {
            let id: Ident = input.parse()?;
            let k = m.rollings.len();
            m.rollings
                .push(super::parse_rolling::rolling(input, id, k, d)?);
        }
        "contact" => {
            let id: Ident = input.parse()?;
            let k = m.contacts.len();
            m.contacts.push(contact(input, id, k, d)?);
        }
        "generate" => {
            let g = generate(input, key)?;
            set_once(&mut m.generate, g, key.span(), "generate")?;
        }
        _ => kinematic_item(input, key, m, d)?,
    }
    Ok(())
}

/// `= vector;` after a point's name or the keyword `gravity`, for `slot`.
fn assigned_vector(input: ParseStream, slot: Slot, d: &mut Deferred) -> syn::Result<Vector> {
    input.parse::<Token![=]>()?;
    let v: syn::Expr = input.parse()?;
    input.parse::<Token![;]>()?;
    Ok(d.vector(slot, &v))
}

/// A list of distinct names from `allowed` (`[rates, statics]`), `what` naming one of them in
/// messages (`capability`); `note` follows the list of valid names when a name is unknown.
fn name_list(
    value: &syn::Expr,
    allowed: &[&str],
    what: &str,
    note: &str,
) -> syn::Result<Vec<Name>> {
    let valid = allowed.join(", ");
    let syn::Expr::Array(a) = strip(value) else {
        return Err(Error::new(
            value.span(),
            format!("expected a list of {what} names `[{valid}]`"),
        ));
    };
    let mut names: Vec<Name> = Vec::new();
    for e in &a.elems {
        let n = kinematics::name_ref(e)
            .map_err(|_| Error::new(e.span(), format!("expected a {what}: one of {valid}")))?;
        if !allowed.contains(&n.text.as_str()) {
            return Err(Error::new(
                n.span,
                format!("unknown {what} `{}`; {note}", n.text),
            ));
        }
        if names.iter().any(|m| m.text == n.text) {
            return Err(Error::new(
                n.span,
                format!("{what} `{}` is listed twice", n.text),
            ));
        }
        names.push(n);
    }
    Ok(names)
}

/// `generate { capabilities: [rates, statics, jacobians], expansion: full, targets: [rust, c] }`
/// after its keyword.
fn generate(input: ParseStream, key: &Ident) -> syn::Result<Generate> {
    let (fs, close) = fields(input)?;
    let mut capabilities: Option<Vec<Name>> = None;
    let mut expansion: Option<Expansion> = None;
    let mut targets: Option<Vec<Name>> = None;
    for f in &fs {
        match f.key.to_string().as_str() {
            "capabilities" => {
                let note = format!(
                    "the optional capabilities are {} (Dynamics and Constraints are always generated)",
                    Generate::CAPABILITIES.join(", ")
                );
                let names = name_list(&f.value, &Generate::CAPABILITIES, "capability", &note)?;
                f.store(&mut capabilities, names)?;
            }
            "targets" => {
                let note = format!("the targets are {}", Generate::TARGETS.join(", "));
                let names = name_list(&f.value, &Generate::TARGETS, "target", &note)?;
                if !names.iter().any(|n| n.text == "rust") {
                    return Err(Error::new(
                        f.value.span(),
                        "`targets` must include `rust`: the `mechanism!` block includes its Rust module (write `[rust, c]` for C as well)",
                    ));
                }
                f.store(&mut targets, names)?;
            }
            "expansion" => {
                let choice = match kinematics::name_ref(&f.value).map(|n| n.text) {
                    Ok(t) if t == "full" => Expansion::Full,
                    Ok(t) if t == "none" => Expansion::None,
                    _ => {
                        return Err(Error::new(
                            f.value.span(),
                            "`expansion` takes `full` (derive by expanding T, even for a joint tree) or `none` (never expand T); omit it for the default",
                        ));
                    }
                };
                f.store(&mut expansion, choice)?;
            }
            _ => {
                return Err(Error::new(
                    f.key.span(),
                    format!(
                        "unknown generate field `{}`; expected capabilities, expansion or targets",
                        f.key
                    ),
                ));
            }
        }
    }
    Ok(Generate {
        capabilities,
        expansion,
        targets,
        span: key.span().join(close).unwrap_or(key.span()),
    })
}

/// A kinematic item (see `parse_kinematics`) after its keyword `key`.
fn kinematic_item(
    input: ParseStream,
    key: &Ident,
    m: &mut Model,
    d: &mut Deferred,
) -> syn::Result<()> {
    let ks = key.to_string();
    if ks == "gravity" {
        let g = assigned_vector(input, Slot::Gravity, d)?;
        return set_once(&mut m.gravity, g, key.span(), "gravity");
    }
    if !matches!(
        ks.as_str(),
        "point" | "body" | "spring" | "damper" | "load" | "torque"
    ) {
        return Err(Error::new(
            key.span(),
            format!("unknown item `{ks}`; expected one of {ITEMS}"),
        ));
    }
    let id: Ident = input.parse()?;
    match ks.as_str() {
        "point" => {
            let position = assigned_vector(input, Slot::Point(m.points.len()), d)?;
            m.points.push(Point {
                name: name(&id),
                position,
            });
        }
        "body" => {
            let k = m.bodies.len();
            m.bodies.push(parse_body::body(input, id, k, d)?);
        }
        "spring" => m.springs.push(kinematics::spring(input, id)?),
        "damper" => m.dampers.push(kinematics::damper(input, id)?),
        "load" => {
            let k = m.loads.len();
            m.loads.push(kinematics::load(input, id, k, d)?);
        }
        _ => {
            let k = m.torques.len();
            m.torques.push(kinematics::torque(input, id, k, d)?);
        }
    }
    Ok(())
}
