//! The robot written as a source file holding one `mechanism!` block, commented so that its
//! owner can read and edit it: every body says which link and joint it came from.

use crate::model::{Body, Connect, FrameRotation, Motion, Robot, Turn, WeldAxes};
use crate::names::Names;
use crate::{JointFriction, Note, Options};
use std::fmt::Write;

/// A number as the language reads it: the shortest decimal that reads back as the same f64.
fn num(x: f64) -> String {
    let x = if x == 0.0 { 0.0 } else { x };
    format!("{x:?}")
}

fn vector(v: [f64; 3]) -> String {
    format!("({}, {}, {})", num(v[0]), num(v[1]), num(v[2]))
}

fn rotation(turns: &[Turn]) -> String {
    let factors: Vec<String> = turns
        .iter()
        .map(|t| format!("rot{}({})", t.axis, num(t.angle)))
        .collect();
    format!("[{}]", factors.join(", "))
}

fn matrix(m: &[[f64; 3]; 3]) -> String {
    let rows: Vec<String> = m
        .iter()
        .map(|r| format!("[{}, {}, {}]", num(r[0]), num(r[1]), num(r[2])))
        .collect();
    format!("[{}]", rows.join(", "))
}

fn inertia(i: &[[f64; 3]; 3]) -> String {
    if i[0][1] == 0.0 && i[0][2] == 0.0 && i[1][2] == 0.0 {
        return vector([i[0][0], i[1][1], i[2][2]]);
    }
    matrix(i)
}

fn body(out: &mut String, b: &Body, armatures: &ForceNames) {
    let joint = match &b.motion {
        Motion::Revolute(q, _) => format!("revolute({q})"),
        Motion::Prismatic(q, _) => format!("prismatic({q})"),
        Motion::Fixed => "fixed".to_string(),
        Motion::Floating(c) => format!("floating({})", c.join(", ")),
    };
    let _ = writeln!(
        out,
        "    // Link `{}` on joint `{}` (line {}).",
        b.link, b.joint, b.line
    );
    let _ = writeln!(out, "    body {} {{", b.name);
    if let Some(p) = &b.parent {
        let _ = writeln!(out, "        parent: {p},");
    }
    let _ = writeln!(out, "        joint: {joint},");
    if let Motion::Revolute(q, axis) | Motion::Prismatic(q, axis) = &b.motion {
        let _ = writeln!(out, "        axis: {},", vector(*axis));
        if let Some((_, a)) = armatures.iter().find(|(c, _)| c == q) {
            let _ = writeln!(out, "        armature: {a},");
        }
    }
    if b.offset.iter().any(|x| *x != 0.0) {
        let _ = writeln!(out, "        offset: {},", vector(b.offset));
    }
    match &b.offset_rotation {
        FrameRotation::Factors(t) if t.is_empty() => {}
        FrameRotation::Factors(t) => {
            let _ = writeln!(out, "        offset_rotation: {},", rotation(t));
        }
        FrameRotation::Matrix(m) => {
            let _ = writeln!(out, "        offset_rotation: {},", matrix(m));
        }
    }
    let _ = writeln!(out, "        mass: {},", num(b.mass));
    if b.mass == 0.0 {
        // A frame between joints: the language's joint body without mass or inertia.
        let _ = writeln!(out, "    }}");
        return;
    }
    if b.com.iter().any(|x| *x != 0.0) {
        let _ = writeln!(out, "        com: {},", vector(b.com));
    }
    if b.inertia.iter().flatten().any(|x| *x != 0.0) {
        let _ = writeln!(out, "        inertia: {},", inertia(&b.inertia));
    }
    let _ = writeln!(out, "    }}");
}

/// Parameter names of the joint forces: (coordinate, damping name, friction name).
type JointForces = Vec<(String, Option<String>, Option<String>)>;

/// Parameter names per coordinate: (coordinate, parameter) for armatures, springs.
type ForceNames = Vec<(String, String)>;

/// The parameters a block writes for its joints.
#[derive(Default)]
struct JointParameters {
    forces: JointForces,
    armatures: ForceNames,
    /// (coordinate, stiffness name, reference).
    springs: Vec<(String, String, f64)>,
}

fn parameters(out: &mut String, r: &Robot, o: &Options, names: &mut Names) -> JointParameters {
    let _ = writeln!(out, "    parameters {{");
    let _ = writeln!(out, "        /// Gravity along −z [m/s²].");
    let _ = writeln!(out, "        g: {},", num(r.gravity));
    let mut joints = JointParameters::default();
    let mut forces = Vec::new();
    let friction = o.joint_friction == JointFriction::Regularised;
    for c in &r.coordinates {
        let d = (c.damping > 0.0).then(|| names.fresh(&format!("d_{}", c.name)));
        let f = (friction && c.friction > 0.0).then(|| names.fresh(&format!("f_{}", c.name)));
        if let Some(d) = &d {
            let _ = writeln!(
                out,
                "        /// Viscous damping of `{}` [N m s/rad or N s/m].",
                c.name
            );
            let _ = writeln!(out, "        {d}: {},", num(c.damping));
        }
        if let Some(f) = &f {
            let _ = writeln!(
                out,
                "        /// Coulomb friction of `{}` [N m or N].",
                c.name
            );
            let _ = writeln!(out, "        {f}: {},", num(c.friction));
        }
        if c.armature > 0.0 {
            let a = names.fresh(&format!("a_{}", c.name));
            let _ = writeln!(
                out,
                "        /// Armature of `{}`: rotor inertia turned by it alone [kg m² or kg].",
                c.name
            );
            let _ = writeln!(out, "        {a}: {},", num(c.armature));
            joints.armatures.push((c.name.clone(), a));
        }
        if let Some((k, reference)) = c.spring {
            let name = names.fresh(&format!("k_{}", c.name));
            let _ = writeln!(
                out,
                "        /// Joint spring of `{}`, V = ½ k ({})² [N m/rad or N/m].",
                c.name,
                minus(&c.name, reference)
            );
            let _ = writeln!(out, "        {name}: {},", num(k));
            joints.springs.push((c.name.clone(), name, reference));
        }
        if d.is_some() || f.is_some() {
            forces.push((c.name.clone(), d, f));
        }
    }
    if forces.iter().any(|(_, _, f)| f.is_some()) {
        let _ = writeln!(
            out,
            "        /// Velocity below which joint friction is regularised (linear) [rad/s or m/s]."
        );
        let _ = writeln!(
            out,
            "        v_friction: {},",
            num(crate::FRICTION_VELOCITY)
        );
    }
    if let Some(e) = o.limit_restitution
        && r.coordinates.iter().any(|c| c.limits.is_some())
    {
        let _ = writeln!(out, "        /// Restitution of the joint limits.");
        let _ = writeln!(out, "        e_limit: {},", num(e));
    }
    if let Some(e) = o.contact_restitution
        && !r.contacts.is_empty()
    {
        let _ = writeln!(out, "        /// Restitution of the contacts with planes.");
        let _ = writeln!(out, "        e_contact: {},", num(e));
    }
    for (mu, value) in &r.frictions {
        let _ = writeln!(
            out,
            "        /// Coulomb friction of a geom against the planes it touches."
        );
        let _ = writeln!(out, "        {mu}: {},", num(*value));
    }
    let _ = writeln!(out, "    }}");
    joints.forces = forces;
    joints
}

/// `term + c` written plainly (`x - 0.5`, `x`).
fn plus(term: String, c: f64) -> String {
    match c {
        0.0 => term,
        c if c < 0.0 => format!("{term} - {}", num(-c)),
        c => format!("{term} + {}", num(c)),
    }
}

/// Σ c_i · terms_i with the zero coefficients left out (`2.0 * a - b`).
fn combination(terms: &[(f64, String)]) -> String {
    let mut out = String::new();
    for (c, t) in terms.iter().filter(|(c, _)| *c != 0.0) {
        let (sign, magnitude) = if *c < 0.0 { ("-", -c) } else { ("+", *c) };
        let term = if magnitude == 1.0 {
            t.clone()
        } else {
            format!("{} * {t}", num(magnitude))
        };
        if out.is_empty() {
            out = if sign == "-" {
                format!("-{term}")
            } else {
                term
            };
        } else {
            let _ = write!(out, " {sign} {term}");
        }
    }
    if out.is_empty() {
        "0.0".to_string()
    } else {
        out
    }
}

/// Each point connection: its two points and one constraint per direction.
fn connects(out: &mut String, r: &Robot, names: &mut Names) {
    for c in &r.connects {
        let first = names.fresh(&format!("{}_1", c.name));
        let _ = writeln!(
            out,
            "    point {first} = {} * {};",
            c.first.0,
            vector(c.first.1)
        );
        let second = names.fresh(&format!("{}_2", c.name));
        let at = match &c.second.0 {
            Some(b) => format!("{b} * {}", vector(c.second.1)),
            None => vector(c.second.1),
        };
        let _ = writeln!(out, "    point {second} = {at};");
        for (i, d) in c.directions.iter().enumerate() {
            // A world axis names its constraint (`_x`), another direction its number.
            let axis = match d.iter().position(|x| *x == 1.0) {
                Some(k) => ["x", "y", "z"][k].to_string(),
                None => format!("d{i}"),
            };
            let terms: Vec<(f64, String)> = ["x", "y", "z"]
                .iter()
                .zip(d)
                .flat_map(|(k, dk)| {
                    [
                        (*dk, format!("{first}.{k}")),
                        (-dk, format!("{second}.{k}")),
                    ]
                })
                .collect();
            let name = names.fresh(&format!("{}_{axis}", c.name));
            let _ = writeln!(out, "    constraint {name} = {};", combination(&terms));
        }
        if let Some(w) = &c.weld {
            weld(out, c, w, (&first, &second), names);
        }
    }
}

/// A weld's orientation constraints: the skew part of E_ij = (P₁ᵢ − P₁)·(P₂ⱼ − P₂), weighed by
/// each row of `about`.
fn weld(out: &mut String, c: &Connect, w: &WeldAxes, (p1, p2): (&str, &str), names: &mut Names) {
    let axes = ["x", "y", "z"];
    let mut firsts = Vec::new();
    let mut seconds = Vec::new();
    for (i, axis) in axes.iter().enumerate() {
        let a = names.fresh(&format!("{}_1{axis}", c.name));
        let _ = writeln!(
            out,
            "    point {a} = {} * {};",
            c.first.0,
            vector(w.first[i])
        );
        let b = names.fresh(&format!("{}_2{axis}", c.name));
        let at = match &c.second.0 {
            Some(body) => format!("{body} * {}", vector(w.second[i])),
            None => vector(w.second[i]),
        };
        let _ = writeln!(out, "    point {b} = {at};");
        firsts.push(a);
        seconds.push(b);
    }
    let e = |i: usize, j: usize| {
        let products: Vec<String> = axes
            .iter()
            .map(|k| {
                format!(
                    "({}.{k} - {p1}.{k}) * ({}.{k} - {p2}.{k})",
                    firsts[i], seconds[j]
                )
            })
            .collect();
        products.join(" + ")
    };
    let skew = [(1, 2), (2, 0), (0, 1)].map(|(i, j)| format!("({} - ({}))", e(i, j), e(j, i)));
    for (r, about) in w.about.iter().enumerate() {
        let terms: Vec<(f64, String)> = about.iter().copied().zip(skew.iter().cloned()).collect();
        let label = match (w.about.len(), about.iter().position(|x| *x == 1.0)) {
            (3, Some(k)) => axes[k].to_string(),
            _ => format!("{r}"),
        };
        let name = names.fresh(&format!("{}_r{label}", c.name));
        let _ = writeln!(out, "    constraint {name} = {};", combination(&terms));
    }
}

/// Each contact with a plane: the sphere's centre as a point of its body, its touching point,
/// the gap and the slip velocities of the body's material point there.
fn plane_contacts(out: &mut String, r: &Robot, names: &mut Names) {
    for c in &r.contacts {
        let centre = names.fresh(&format!("{}_centre", c.name));
        let _ = writeln!(
            out,
            "    point {centre} = {} * {};",
            c.body,
            vector(c.local)
        );
        let touch = if c.radius > 0.0 {
            let touch = names.fresh(&format!("{}_touch", c.name));
            let parts: Vec<String> = ["x", "y", "z"]
                .iter()
                .zip(c.normal)
                .map(|(k, n)| plus(format!("{centre}.{k}"), -c.radius * n))
                .collect();
            let _ = writeln!(out, "    point {touch} = ({});", parts.join(", "));
            touch
        } else {
            centre.clone()
        };
        let gap_terms: Vec<(f64, String)> = ["x", "y", "z"]
            .iter()
            .zip(c.normal)
            .map(|(k, n)| (n, format!("{centre}.{k}")))
            .collect();
        let offset: f64 = c
            .normal
            .iter()
            .zip(c.through)
            .map(|(n, p)| n * p)
            .sum::<f64>()
            + c.radius;
        let gap = plus(combination(&gap_terms), -offset);
        let slip = |t: [f64; 3]| {
            let terms: Vec<(f64, String)> = ["x", "y", "z"]
                .iter()
                .zip(t)
                .map(|(k, tk)| (tk, format!("velocity({}, {touch}).{k}", c.body)))
                .collect();
            combination(&terms)
        };
        let _ = writeln!(out, "    contact {} {{", c.name);
        let _ = writeln!(out, "        gap: {gap},");
        let _ = writeln!(out, "        restitution: e_contact,");
        let _ = writeln!(out, "        friction: {},", c.friction);
        let slips: Vec<String> = c.tangents.iter().map(|t| slip(*t)).collect();
        match slips.as_slice() {
            [one] => {
                let _ = writeln!(out, "        tangential_velocity: {one},");
            }
            many => {
                let _ = writeln!(out, "        tangential_velocity: ({}),", many.join(", "));
            }
        }
        let _ = writeln!(out, "    }}");
    }
}

/// The joint springs as one written potential.
fn springs(out: &mut String, springs: &[(String, String, f64)]) {
    if springs.is_empty() {
        return;
    }
    let terms: Vec<String> = springs
        .iter()
        .map(|(q, k, reference)| format!("0.5 * {k} * ({}).powi(2)", minus(q, *reference)))
        .collect();
    let _ = writeln!(out, "    potential = {};", terms.join("\n        + "));
}

fn forces(out: &mut String, forces: &JointForces) {
    if forces.is_empty() {
        return;
    }
    let _ = writeln!(out, "    forces {{");
    for (q, d, f) in forces {
        let mut terms = Vec::new();
        if let Some(d) = d {
            terms.push(format!("{d} * dot({q})"));
        }
        if let Some(f) = f {
            terms.push(format!(
                "{f} * dot({q}) / sqrt(dot({q}).powi(2) + v_friction.powi(2))"
            ));
        }
        let _ = writeln!(out, "        {q}: -{},", terms.join(" - "));
    }
    let _ = writeln!(out, "    }}");
}

/// `q − c` written plainly (`q + 1.5`, `q`).
fn minus(q: &str, c: f64) -> String {
    match c {
        0.0 => q.to_string(),
        c if c < 0.0 => format!("{q} + {}", num(-c)),
        c => format!("{q} - {}", num(c)),
    }
}

/// `c − q` written plainly (`1.5 - q`, `-q`).
fn from(c: f64, q: &str) -> String {
    match c {
        0.0 => format!("-{q}"),
        c => format!("{} - {q}", num(c)),
    }
}

fn constraints_and_limits(out: &mut String, r: &Robot, o: &Options, names: &mut Names) {
    for m in &r.mimics {
        let name = names.fresh(&format!("{}_mimic", m.follower));
        let leader = match m.multiplier {
            1.0 => m.leader.clone(),
            k => format!("{} * {}", num(k), m.leader),
        };
        let _ = writeln!(
            out,
            "    constraint {name} = {};",
            minus(&format!("{} - {leader}", m.follower), m.offset)
        );
    }
    if o.limit_restitution.is_none() {
        return;
    }
    for c in &r.coordinates {
        let Some((lower, upper)) = c.limits else {
            continue;
        };
        let q = &c.name;
        let low = names.fresh(&format!("{q}_lower"));
        let up = names.fresh(&format!("{q}_upper"));
        let _ = writeln!(
            out,
            "    contact {low} {{ gap: {}, restitution: e_limit }}",
            minus(q, lower)
        );
        let _ = writeln!(
            out,
            "    contact {up} {{ gap: {}, restitution: e_limit }}",
            from(upper, q)
        );
    }
}

/// The whole source file: a header naming the description and what was not imported, then the
/// block.
pub fn source_file(
    r: &Robot,
    struct_name: &str,
    file_name: &str,
    o: &Options,
    notes: &[Note],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! `{struct_name}`: the robot `{}` of `{file_name}` ({}), written by `mbcompile import`;",
        r.name, r.format
    );
    let _ = writeln!(
        out,
        "//! edit it freely, `mbcompile gen` derives the model from this block."
    );
    if !notes.is_empty() {
        let _ = writeln!(out, "//!\n//! Not imported (line: element: why):");
        for n in notes {
            let _ = writeln!(out, "//! - {}: `{}`: {}", n.line, n.path, n.what);
        }
    }
    let _ = writeln!(out, "\nuse mbmacros::mechanism;\n\nmechanism! {{");
    let _ = writeln!(
        out,
        "    /// The robot `{}` ({} coordinates, {} bodies), imported from `{file_name}`.",
        r.name,
        r.coordinates.len(),
        r.bodies.len()
    );
    if r.bodies
        .iter()
        .any(|b| matches!(b.motion, Motion::Floating(_)))
    {
        let _ = writeln!(
            out,
            "    /// A floating joint's coordinates are the translation (x, y, z) in its parent's frame, then"
        );
        let _ = writeln!(
            out,
            "    /// R = R_z(yaw) R_y(pitch) R_x(roll): singular at pitch = ±π/2."
        );
    }
    let _ = writeln!(out, "    struct {struct_name};");
    let mut names = Names::default();
    for n in r
        .bodies
        .iter()
        .map(|b| &b.name)
        .chain(r.points.iter().map(|p| &p.name))
        .chain(r.coordinates.iter().map(|c| &c.name))
    {
        names.reserve(n);
    }
    for n in ["g", "v_friction", "e_limit", "e_contact"] {
        names.reserve(n);
    }
    for c in &r.contacts {
        names.reserve(&c.name);
    }
    for c in &r.connects {
        names.reserve(&c.name);
    }
    for (mu, _) in &r.frictions {
        names.reserve(mu);
    }
    let joints = parameters(&mut out, r, o, &mut names);
    let coords: Vec<&str> = r.coordinates.iter().map(|c| c.name.as_str()).collect();
    let _ = writeln!(out, "    coordinates {{ {} }}", coords.join(", "));
    for b in &r.bodies {
        body(&mut out, b, &joints.armatures);
    }
    for p in &r.points {
        let at = match &p.body {
            Some(b) => format!("{b} * {}", vector(p.at)),
            None => vector(p.at),
        };
        let _ = writeln!(out, "    // The frame of link `{}`.", p.link);
        let _ = writeln!(out, "    point {} = {at};", p.name);
    }
    let _ = writeln!(out, "    gravity = (0.0, 0.0, -g);");
    springs(&mut out, &joints.springs);
    forces(&mut out, &joints.forces);
    constraints_and_limits(&mut out, r, o, &mut names);
    connects(&mut out, r, &mut names);
    plane_contacts(&mut out, r, &mut names);
    if o.dynamics_only {
        let _ = writeln!(out, "    generate {{ capabilities: [] }}");
    }
    let _ = writeln!(out, "}}");
    out
}
