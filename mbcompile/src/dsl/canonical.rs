//! The canonical form of a parsed model and its fingerprint.
//!
//! The canonical form is a fully parenthesised prefix rendering of everything that has meaning
//! (names, numbers as exact decimals, expressions) and nothing that does not (layout, comments,
//! doc comments, `1.0` versus `1`). Its SHA-256 is the model fingerprint recorded in generated
//! code: a semantic change changes it, a formatting change does not.

use super::ast::{
    Axis, BinOp, Body, Contact, Expansion, Expr, ExprKind, Gap, Inertia, Joint, JointKind, Matrix3,
    Model, Number, Orientation, Rolling, RotationFactor, Tangent, Vector,
};
use sha2::{Digest, Sha256};
use std::fmt::Write;

/// Version of the canonical form; bump when its rendering changes.
const CANONICAL_VERSION: &str = "mb-model-1";

fn number(n: &Number) -> String {
    if n.exponent == 0 {
        n.digits.clone()
    } else {
        format!("{}e{}", n.digits, n.exponent)
    }
}

/// Canonical rendering of an expression.
pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Number(n) => number(n),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Dot(n) => format!("(dot {n})"),
        ExprKind::Neg(a) => format!("(neg {})", expr(a)),
        ExprKind::Binary(op, a, b) => {
            let o = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mul => "*",
                BinOp::Div => "/",
            };
            format!("({o} {} {})", expr(a), expr(b))
        }
        ExprKind::Call(f, a) => format!("({} {})", f.name(), expr(a)),
        ExprKind::Powi(a, n) => format!("(powi {} {n})", expr(a)),
        ExprKind::Powf(a, b) => format!("(powf {} {})", expr(a), expr(b)),
        ExprKind::BodyPoint {
            body,
            local,
            component,
        } => {
            let l: Vec<String> = local.iter().map(expr).collect();
            format!("(body_point {body} {component} {})", l.join(" "))
        }
        ExprKind::Component { name, component } => format!("(component {name} {component})"),
        ExprKind::BodyVelocity {
            body,
            point: Some(point),
            component,
        } => format!("(velocity {body} {point} {component})"),
        ExprKind::BodyVelocity {
            body,
            point: None,
            component,
        } => format!("(angular_velocity {body} {component})"),
    }
}

fn rolling(r: &Rolling) -> String {
    let optional = |v: &Option<Vector>| v.as_ref().map_or("none".to_string(), vector);
    format!(
        "rolling {} body {} radius {} axis {} normal {} through {} tangent {} surface {} touch {}",
        r.name.text,
        r.body.text,
        expr(&r.radius),
        optional(&r.axis),
        vector(&r.normal),
        optional(&r.through),
        optional(&r.tangent),
        optional(&r.surface_velocity),
        r.touch
    )
}

fn vector(v: &Vector) -> String {
    let c: Vec<String> = v.components.iter().map(expr).collect();
    format!("(vector {})", c.join(" "))
}

fn matrix(m: &Matrix3) -> String {
    let rows: Vec<String> = m
        .rows
        .iter()
        .map(|r| format!("({})", r.iter().map(expr).collect::<Vec<_>>().join(" ")))
        .collect();
    format!("(matrix {})", rows.join(" "))
}

/// Canonical rendering of a whole model (one line per declaration).
pub fn model(m: &Model) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{CANONICAL_VERSION}");
    let _ = writeln!(s, "struct {}", m.name.text);
    for p in &m.parameters {
        let _ = writeln!(s, "parameter {} {}", p.name.text, number(&p.default));
    }
    for c in &m.coordinates {
        let _ = writeln!(s, "coordinate {}", c.text);
    }
    if let Some(t) = &m.time {
        let _ = writeln!(s, "time {}", t.text);
    }
    for d in &m.definitions {
        let _ = writeln!(s, "let {} {}", d.name.text, expr(&d.value));
    }
    for v in &m.vectors {
        let _ = writeln!(s, "let_vector {} {}", v.name.text, vector(&v.value));
    }
    if let Some(t) = &m.kinetic {
        let _ = writeln!(s, "kinetic {}", expr(t));
    }
    if let Some(v) = &m.potential {
        let _ = writeln!(s, "potential {}", expr(v));
    }
    for f in &m.forces {
        let _ = writeln!(s, "force {} {}", f.coordinate.text, expr(&f.value));
    }
    for c in &m.constraints {
        let item = if c.velocity {
            "velocity_constraint"
        } else {
            "constraint"
        };
        let _ = writeln!(s, "{item} {} {}", c.name.text, expr(&c.value));
    }
    for c in &m.contacts {
        let _ = writeln!(s, "{}", contact(c));
    }
    for r in &m.rollings {
        let _ = writeln!(s, "{}", rolling(r));
    }
    for p in &m.points {
        let _ = writeln!(s, "point {} {}", p.name.text, vector(&p.position));
    }
    for b in &m.bodies {
        let _ = writeln!(s, "{}", body(b));
    }
    kinematic_items(m, &mut s);
    // The languages (`targets`) do not change the derivation: not part of the canonical form.
    if let Some(g) = m
        .generate
        .as_ref()
        .filter(|g| g.capabilities.is_some() || g.expansion.is_some())
    {
        let _ = write!(s, "generate");
        if let Some(c) = &g.capabilities {
            let names: Vec<&str> = c.iter().map(|n| n.text.as_str()).collect();
            let _ = write!(s, " capabilities ({})", names.join(" "));
        }
        match g.expansion {
            Some(Expansion::Full) => {
                let _ = write!(s, " expansion full");
            }
            Some(Expansion::None) => {
                let _ = write!(s, " expansion none");
            }
            None => {}
        }
        s.push('\n');
    }
    s
}

/// Gravity, springs, dampers, loads and torques, one line each.
fn kinematic_items(m: &Model, s: &mut String) {
    if let Some(g) = &m.gravity {
        let _ = writeln!(s, "gravity {}", vector(g));
    }
    for sp in &m.springs {
        let _ = write!(
            s,
            "spring {} {} {} stiffness {}",
            sp.name.text,
            sp.between[0].text,
            sp.between[1].text,
            expr(&sp.stiffness)
        );
        if let Some(r) = &sp.rest {
            let _ = write!(s, " rest {}", expr(r));
        }
        s.push('\n');
    }
    for d in &m.dampers {
        let _ = writeln!(
            s,
            "damper {} {} {} coefficient {}",
            d.name.text,
            d.between[0].text,
            d.between[1].text,
            expr(&d.coefficient)
        );
    }
    for l in &m.loads {
        let _ = writeln!(
            s,
            "load {} at {} force {}",
            l.name.text,
            l.at.text,
            vector(&l.force)
        );
    }
    for t in &m.torques {
        let _ = writeln!(
            s,
            "torque {} on {} value {}",
            t.name.text,
            t.on.text,
            vector(&t.value)
        );
    }
}

/// The gap of a contact.
fn gap(g: &Gap) -> String {
    match g {
        Gap::Expr(e) => format!("gap {}", expr(e)),
        Gap::Plane {
            point,
            normal,
            through,
        } => {
            let mut g = format!("point {} normal {}", point.text, vector(normal));
            if let Some(t) = through {
                let _ = write!(g, " through {}", vector(t));
            }
            g
        }
        Gap::Distance {
            between,
            limit,
            maximum,
        } => format!(
            "distance {} {} {} {}",
            between[0].text,
            between[1].text,
            if *maximum { "max" } else { "min" },
            expr(limit)
        ),
    }
}

/// One contact (without the line end).
fn contact(c: &Contact) -> String {
    let mut s = format!(
        "contact {} {} restitution {}",
        c.name.text,
        gap(&c.gap),
        expr(&c.normal_restitution)
    );
    if let Some(e) = &c.tangential_restitution {
        let _ = write!(s, " tangential_restitution {}", expr(e));
    }
    if let Some(e) = &c.friction {
        let _ = write!(s, " friction {}", expr(e));
    }
    match &c.tangent {
        Some(Tangent::Slip(e)) => {
            let _ = write!(s, " slip {}", expr(e));
        }
        Some(Tangent::Velocity(e)) => {
            let _ = write!(s, " tangential_velocity {}", expr(e));
        }
        Some(Tangent::Slips([a, b])) => {
            let _ = write!(s, " slips {} {}", expr(a), expr(b));
        }
        Some(Tangent::Velocities([a, b])) => {
            let _ = write!(s, " tangential_velocities {} {}", expr(a), expr(b));
        }
        None => {}
    }
    match (&c.tangent_direction, &c.second_tangent_direction) {
        (Some(t1), Some(t2)) => {
            let _ = write!(s, " tangents {} {}", vector(t1), vector(t2));
        }
        (Some(t), None) => {
            let _ = write!(s, " tangent {}", vector(t));
        }
        _ => {}
    }
    // A point against a plane in space with friction has a tangent plane, which its generated
    // code carries (W_T2): it is part of the meaning even when written as before.
    if c.has_tangent_plane() && matches!(c.gap, Gap::Plane { .. }) {
        s.push_str(" tangent_plane");
    }
    s
}

/// A rotation sequence.
fn sequence(seq: &[RotationFactor]) -> String {
    let r: Vec<String> = seq
        .iter()
        .map(|f| match f {
            RotationFactor::Elementary(a, e) => {
                let a = match a {
                    Axis::X => "rotx",
                    Axis::Y => "roty",
                    Axis::Z => "rotz",
                };
                format!("({a} {})", expr(e))
            }
            RotationFactor::About(axis, e) => format!("(rot {} {})", vector(axis), expr(e)),
            RotationFactor::Body(n) => format!("(frame {})", n.text),
            RotationFactor::Matrix(mx) => matrix(mx),
        })
        .collect();
    format!("(sequence {})", r.join(" "))
}

/// A joint: kind, coordinates, axis, parent, offset, offset rotation and armature.
fn joint(j: &Joint) -> String {
    let coordinates: Vec<&str> = j
        .kind
        .coordinates()
        .iter()
        .map(|n| n.text.as_str())
        .collect();
    let mut s = format!(" joint ({} {})", j.kind.keyword(), coordinates.join(" "));
    if let JointKind::Revolute { axis, .. } | JointKind::Prismatic { axis, .. } = &j.kind {
        let _ = write!(s, " axis {}", vector(axis));
    }
    if let Some(p) = &j.parent {
        let _ = write!(s, " parent {}", p.text);
    }
    if let Some(o) = &j.offset {
        let _ = write!(s, " offset {}", vector(o));
    }
    if !j.offset_rotation.is_empty() {
        let _ = write!(s, " offset_rotation {}", sequence(&j.offset_rotation));
    }
    if let Some(a) = &j.armature {
        let _ = write!(s, " armature {}", expr(a));
    }
    s
}

/// One body (without the line end).
fn body(b: &Body) -> String {
    let mut s = format!("body {} mass {}", b.name.text, expr(&b.mass));
    if let Some(p) = &b.position {
        let _ = write!(s, " position {}", vector(p));
    }
    if let Some(j) = &b.joint {
        s.push_str(&joint(j));
    }
    if let Some(c) = &b.com {
        let _ = write!(s, " com {}", vector(c));
    }
    match &b.orientation {
        Some(Orientation::Angle(e)) => {
            let _ = write!(s, " angle {}", expr(e));
        }
        Some(Orientation::Sequence(seq, _)) => {
            let _ = write!(s, " rotation {}", sequence(seq));
        }
        Some(Orientation::Matrix(mx)) => {
            let _ = write!(s, " rotation {}", matrix(mx));
        }
        None => {}
    }
    match &b.inertia {
        Some(Inertia::Scalar(e)) => {
            let _ = write!(s, " inertia {}", expr(e));
        }
        Some(Inertia::Matrix(mx)) => {
            let _ = write!(s, " inertia {}", matrix(mx));
        }
        None => {}
    }
    s
}

/// The model fingerprint: hex SHA-256 of the canonical form, first 32 hex digits.
pub fn fingerprint(m: &Model) -> String {
    let digest = Sha256::digest(model(m).as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::fingerprint;
    use crate::dsl::Model;

    const BASE: &str = "
        struct Arm;
        parameters { m: 1.0, l: 0.5, c: 0.2, a: 0.3 }
        coordinates { q1, q2, q3 }
        let up = (0.0, 0.0, l);
        body link1 { joint: revolute(q1), axis: (0.0, 0.0, 1.0), mass: m, inertia: (c, c, a) }
        body link2 {
            parent: link1,
            joint: revolute(q2),
            axis: (0.0, 1.0, 0.0),
            offset: up,
            offset_rotation: [rotx(a)],
            mass: m,
            com: (c, 0.0, 0.0),
        }
        body hand { mass: m, position: link2 * (l, 0.0, 0.0), rotation: [link2, rot((1.0, 1.0, 0.0), q3)] }
        generate { capabilities: [rates, statics], expansion: full }
    ";

    fn print(src: &str) -> String {
        let m: Model = syn::parse_str(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        fingerprint(&m)
    }

    /// Every part of a joint, a vector value, a rotation factor and the `generate` item is
    /// meaning: changing any one changes the fingerprint; layout is not.
    #[test]
    fn every_new_item_and_field_is_in_the_fingerprint() {
        let base = print(BASE);
        let changes = [
            ("parent: link1,", ""),
            ("joint: revolute(q2)", "joint: prismatic(q2)"),
            ("joint: revolute(q2)", "joint: revolute(q3)"),
            ("axis: (0.0, 1.0, 0.0)", "axis: (1.0, 0.0, 0.0)"),
            ("offset: up,", ""),
            ("offset: up", "offset: 2.0 * up"),
            ("[rotx(a)]", "[roty(a)]"),
            ("[rotx(a)]", "[rotx(c)]"),
            ("com: (c, 0.0, 0.0)", "com: (0.0, c, 0.0)"),
            ("inertia: (c, c, a)", "inertia: (c, a, c)"),
            ("(0.0, 0.0, l)", "(0.0, l, 0.0)"),
            ("link2 * (l, 0.0, 0.0)", "link2 * (c, 0.0, 0.0)"),
            ("link2 * (l, 0.0, 0.0)", "link1 * (l, 0.0, 0.0)"),
            ("[link2, rot(", "[link1, rot("),
            ("rot((1.0, 1.0, 0.0), q3)", "rot((1.0, 0.0, 1.0), q3)"),
            ("capabilities: [rates, statics]", "capabilities: [rates]"),
            ("capabilities: [rates, statics], ", ""),
            (", expansion: full", ""),
            (
                "generate { capabilities: [rates, statics], expansion: full }",
                "",
            ),
        ];
        for (from, to) in changes {
            assert!(BASE.contains(from), "{from}");
            let changed = print(&BASE.replacen(from, to, 1));
            assert_ne!(changed, base, "`{from}` → `{to}` kept the fingerprint");
        }
        let relaid = BASE
            .replace(",\n", ",\n\n    // a comment\n")
            .replace("  ", " ");
        assert_eq!(print(&relaid), base);
        // The languages a block is written in do not change what is derived.
        let in_c = BASE.replace(
            ", expansion: full }",
            ", expansion: full, targets: [rust, c] }",
        );
        assert_ne!(in_c, BASE);
        assert_eq!(print(&in_c), base);
        let bare = BASE.replace(
            "generate { capabilities: [rates, statics], expansion: full }",
            "",
        );
        let bare_in_c = BASE.replace(
            "generate { capabilities: [rates, statics], expansion: full }",
            "generate { targets: [rust, c] }",
        );
        assert_eq!(print(&bare_in_c), print(&bare));
    }

    const CONTACTS: &str = "
        struct Puck;
        parameters { m: 1.0, mu: 0.3 }
        coordinates { x, y, z }
        body puck { mass: m, position: (x, y, z) }
        contact floor {
            point: puck,
            normal: (0.0, 0.0, 1.0),
            restitution: 0.0,
            friction: mu,
            tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),
        }
        contact rail { gap: z, restitution: 0.0, friction: mu, slip: (x, y) }
        contact skid { gap: z, restitution: 0.0, friction: mu, tangential_velocity: (dot(x), dot(y)) }
    ";

    /// The tangents of a tangent plane, in every form, are meaning: changing any changes the
    /// fingerprint.
    #[test]
    fn tangent_plane_fields_are_in_the_fingerprint() {
        let base = print(CONTACTS);
        let changes = [
            ("(0.0, 1.0, 0.0)),", "(0.0, -1.0, 0.0)),"),
            (
                "tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))",
                "tangent: (1.0, 0.0, 0.0)",
            ),
            ("tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0)),", ""),
            (
                "tangents: ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0))",
                "tangents: ((0.0, 1.0, 0.0), (1.0, 0.0, 0.0))",
            ),
            ("slip: (x, y)", "slip: (y, x)"),
            ("slip: (x, y)", "slip: x"),
            ("slip: (x, y)", "tangential_velocity: (dot(x), dot(y))"),
            ("(dot(x), dot(y))", "(dot(y), dot(x))"),
            ("(dot(x), dot(y))", "dot(x)"),
        ];
        for (from, to) in changes {
            assert!(CONTACTS.contains(from), "{from}");
            let changed = print(&CONTACTS.replacen(from, to, 1));
            assert_ne!(changed, base, "`{from}` → `{to}` kept the fingerprint");
        }
    }

    /// A point against a plane in space with friction is marked as having a tangent plane (its
    /// generated code carries W_T2); a point against a line, or a frictionless plane, is not.
    #[test]
    fn spatial_friction_is_marked_as_a_tangent_plane() {
        let canonical = |src: &str| {
            let m: Model = syn::parse_str(src).unwrap_or_else(|e| panic!("{e}\n{src}"));
            super::model(&m)
        };
        let spatial = "struct S; parameters { m: 1.0 } coordinates { x, y, z }
            body b { mass: m, position: (x, y, z) }
            contact c { point: b, normal: (0.0, 0.0, 1.0), restitution: 0.0, friction: 0.2 }";
        assert!(canonical(spatial).contains(" tangent_plane"));
        let frictionless = spatial.replace(", friction: 0.2", "");
        assert!(!canonical(&frictionless).contains("tangent_plane"));
        let planar = "struct P; parameters { m: 1.0 } coordinates { x, y }
            body b { mass: m, position: (x, y) }
            contact c { point: b, normal: (0.0, 1.0), restitution: 0.0, friction: 0.2 }";
        assert!(!canonical(planar).contains("tangent_plane"));
    }

    /// `(a, b, c)` is diag(a, b, c): the same inertia as the matrix written out.
    #[test]
    fn diagonal_inertia_is_the_diagonal_matrix() {
        let diag = BASE.replace(
            "inertia: (c, c, a)",
            "inertia: [[c, 0.0, 0.0], [0.0, c, 0.0], [0.0, 0.0, a]]",
        );
        assert_eq!(print(&diag), print(BASE));
    }
}
