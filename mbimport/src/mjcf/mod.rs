//! MJCF (MuJoCo's XML) into the same robot model as URDF.
//!
//! No maintained Rust crate reads MJCF with its default classes and compiler settings, so this
//! is a small reader over the crate's XML index (`quick-xml`), with the subset it reads stated
//! here and everything else reported, or refused when leaving it out would change the dynamics.
//!
//! Read (MuJoCo XML reference): `<compiler>` angle, eulerseq, inertiafromgeom,
//! inertiagrouprange, autolimits, settotalmass; `<option>` gravity (along −z) and the gravity
//! flag; `<default>` classes, nested, with `class` and `childclass`; `<body>` pos and every
//! orientation form; `<inertial>` (diaginertia or fullinertia); geom-implied inertia of sphere,
//! capsule, cylinder, box and ellipsoid geoms (`size`, `fromto`, `pos`, orientation, `mass` or
//! `density`, groups in `inertiagrouprange`) as MuJoCo's compiler computes it; `hinge` and
//! `slide` joints, several per body, with `pos`, `axis`, `range`/`limited`, `damping`,
//! `frictionloss` (as regularised Coulomb friction, like URDF friction), `armature`,
//! `stiffness`/`springref` (a written potential) and `ref` (the coordinate is qpos − ref); `ball`
//! joints as three hinges (yaw, pitch, roll about the anchor); `free` joints and `<freejoint>` on
//! bodies of the world body; `<equality><joint>` with a linear `polycoef`, `<equality><connect>`
//! (body1, anchor, body2) and `<equality><weld>` (body1, body2; `connect.rs`) as bilateral
//! constraints; with `--contact-restitution`, the contacts of sphere, capsule and box geoms with
//! the world's planes (`contacts.rs`); `<include>` of files that hold only assets and visual
//! settings.
//!
//! Refused with the element's line: meshes, planes or height fields as the source of a body's
//! inertia, `shellinertia`, mocap bodies, `gravcomp`, `<frame>`, a weld's `relpose`, equalities
//! between sites, nonlinear `polycoef`, tendons with stiffness, damping, friction or limits, fluid
//! forces (`density`, `viscosity`), compiler settings that rescale masses by rules the import
//! does not follow (`boundmass`, `boundinertia`, `balanceinertia`), gravity not along −z, damping,
//! armature, springs, friction or cone limits on a ball joint, explicit contact pairs when contacts
//! are imported. Reported and not imported: other contacts (all of them without the flag),
//! actuators, sensors, keyframes, assets, visual settings, sites, cameras, lights.

mod bodies;
mod connect;
mod contacts;
mod document;
mod mass;
mod orientation;
mod unsupported;

use crate::error::ImportError;
use crate::model::{Mimic, Robot};
use crate::names::Names;
use crate::xml_index::XmlIndex;
use crate::{Imported, Note, Options};
use document::Document;
use std::path::Path;

/// Imports an MJCF document; `file` names it in errors and in the written header, and locates
/// its `<include>`s.
pub fn mjcf_text(text: &str, file: &Path, options: &Options) -> Result<Imported, ImportError> {
    let index = XmlIndex::read(text, file)?;
    if index.elements[0].tag != "mujoco" {
        return Err(ImportError::at(
            file,
            index.elements[0].line,
            &index.elements[0].path,
            format!(
                "the root element is `<{}>`, not `<mujoco>`",
                index.elements[0].tag
            ),
        ));
    }
    if options.floating_base {
        return Err(ImportError::in_file(
            file,
            "an MJCF model frees its bodies with free joints: --floating-base is for URDF".into(),
        ));
    }
    let mut notes = unsupported::includes(&index, file)?;
    let doc = Document::new(&index, file)?;
    notes.extend(unsupported::refused_and_reported(&doc)?);
    let gravity = gravity(&doc)?;
    let world = doc
        .all("worldbody")
        .next()
        .ok_or_else(|| ImportError::in_file(file, "no `<worldbody>`: nothing to import".into()))?;
    let mut names = Names::default();
    for reserved in ["g", "e_limit", "v_friction"] {
        names.reserve(reserved);
    }
    let mut walk = bodies::Walk::new(&doc, names, options.point_mass_for_invalid_inertia);
    walk.world(world)?;
    let name = index.elements[0]
        .attribute("model")
        .unwrap_or("mjcf_model")
        .to_string();
    let mut robot = Robot::new(&name, "MJCF");
    robot.gravity = gravity;
    robot.mimics = joint_equalities(&doc, &walk.joint_coordinates)?;
    robot.bodies = walk.bodies;
    if let Some(total) = doc.compiler.total_mass {
        // `settotalmass`: every body's mass and inertia scaled by one factor.
        let sum: f64 = robot.bodies.iter().map(|b| b.mass).sum();
        if sum > 0.0 {
            let s = total / sum;
            for b in &mut robot.bodies {
                b.mass *= s;
                b.inertia = b.inertia.map(|r| r.map(|x| x * s));
            }
        }
    }
    robot.coordinates = walk.coordinates;
    let planar = contacts::planar_direction(&robot.bodies);
    robot.connects = connect::connects(
        &doc,
        &robot.bodies,
        &walk.placed,
        &walk.free_starts,
        planar,
        &mut walk.names,
    )?;
    if options.contact_restitution.is_some() {
        if let Some(k) = doc.all("contact").next() {
            return Err(doc.error(
                k,
                "explicit contact pairs and exclusions are not followed: remove `<contact>` or import without --contact-restitution".into(),
            ));
        }
        let (contacts, frictions) =
            contacts::plane_contacts(&doc, world, &walk.touchers, &mut walk.names, planar)?;
        robot.contacts = contacts;
        robot.frictions = frictions;
    }
    notes.extend(walk.notes);
    if robot.coordinates.is_empty() {
        return Err(ImportError::in_file(
            file,
            "the model has no joint: nothing to simulate".into(),
        ));
    }
    moving_mass(&robot, file)?;
    let first = |what: crate::Limited| {
        let key = match what {
            crate::Limited::Limits => "range",
            crate::Limited::Friction => "frictionloss",
        };
        doc.all("joint")
            .find(|&k| !doc.element(k).path.contains("default") && doc.attribute(k, key).is_some())
            .map(|k| (doc.element(k).line, doc.element(k).path.clone()))
    };
    Ok(crate::finish(robot, notes, file, options, &first))
}

/// `<option gravity>` (default 0 0 −9.81) as g along −z; `<flag gravity="disable">` gives 0.
fn gravity(doc: &Document) -> Result<f64, ImportError> {
    let Some(k) = doc.all("option").next() else {
        return Ok(9.81);
    };
    let disabled = doc.children(k).any(|c| {
        doc.element(c).tag == "flag" && doc.element(c).attribute("gravity") == Some("disable")
    });
    let g = doc.fixed::<3>(k, "gravity")?.unwrap_or([0.0, 0.0, -9.81]);
    if g[0] != 0.0 || g[1] != 0.0 || g[2] > 0.0 {
        return Err(doc.error(
            k,
            format!("gravity {g:?} is not along −z: the block's gravity is (0, 0, −g)"),
        ));
    }
    Ok(if disabled { 0.0 } else { -g[2] })
}

/// `<equality><joint joint1 joint2 polycoef>`: q₁ = c₀ + c₁ q₂, as a mimic constraint.
fn joint_equalities(
    doc: &Document,
    coordinates: &[bodies::JointCoordinate],
) -> Result<Vec<Mimic>, ImportError> {
    let mut out = Vec::new();
    let coordinate = |k: usize, key: &str| -> Result<&bodies::JointCoordinate, ImportError> {
        let joint = doc
            .element(k)
            .attribute(key)
            .ok_or_else(|| doc.error(k, format!("a joint equality needs `{key}`")))?;
        coordinates
            .iter()
            .find(|c| c.joint == joint)
            .ok_or_else(|| {
                doc.error(
                    k,
                    format!(
                        "`{key}` names `{joint}`, which is not a hinge or slide joint of the model"
                    ),
                )
            })
    };
    for k in doc.all("equality") {
        for c in doc.children(k).collect::<Vec<_>>() {
            if doc.element(c).tag != "joint" {
                continue;
            }
            if doc.element(c).attribute("active") == Some("false") {
                continue;
            }
            let follower = coordinate(c, "joint1")?;
            let leader = coordinate(c, "joint2")?;
            let p = doc
                .numbers(c, "polycoef")?
                .unwrap_or_else(|| vec![0.0, 1.0, 0.0, 0.0, 0.0]);
            if p.len() != 5 || p[2..].iter().any(|x| *x != 0.0) {
                return Err(doc.error(
                    c,
                    format!("only a linear `polycoef` (c₀ c₁ 0 0 0) is imported; it is {p:?}"),
                ));
            }
            // qpos₁ = c₀ + c₁ qpos₂ with qpos = q + ref.
            out.push(Mimic {
                follower: follower.coordinate.clone(),
                leader: leader.coordinate.clone(),
                multiplier: p[1],
                offset: p[0] + p[1] * leader.reference - follower.reference,
            });
        }
    }
    Ok(out)
}

/// Every coordinate must have inertia: a joint body whose subtree has no mass needs an armature,
/// or M is singular.
fn moving_mass(robot: &Robot, file: &Path) -> Result<(), ImportError> {
    let bodies = &robot.bodies;
    let mut carries: Vec<bool> = bodies.iter().map(|b| b.mass > 0.0).collect();
    for k in (0..bodies.len()).rev() {
        if let Some(p) = &bodies[k].parent
            && let Some(pk) = bodies.iter().position(|b| &b.name == p)
        {
            carries[pk] |= carries[k];
        }
    }
    for (b, carries) in bodies.iter().zip(carries) {
        let coordinates: Vec<&str> = match &b.motion {
            crate::model::Motion::Revolute(q, _) | crate::model::Motion::Prismatic(q, _) => vec![q],
            crate::model::Motion::Floating(c) => c.iter().map(String::as_str).collect(),
            crate::model::Motion::Fixed => Vec::new(),
        };
        let armature = |q: &str| {
            robot
                .coordinates
                .iter()
                .any(|c| c.name == q && c.armature > 0.0)
        };
        if !carries && coordinates.iter().any(|q| !armature(q)) {
            return Err(ImportError::at(
                file,
                b.line,
                &format!("joint[name={}]", b.joint),
                format!(
                    "joint `{}` moves no mass: body `{}` and every body below it have none, so its coordinate would have no inertia",
                    b.joint, b.link
                ),
            ));
        }
    }
    Ok(())
}

/// A note at element `k`.
fn note(doc: &Document, k: usize, what: String) -> Note {
    let e = doc.element(k);
    Note {
        line: e.line,
        path: e.path.clone(),
        what,
    }
}
