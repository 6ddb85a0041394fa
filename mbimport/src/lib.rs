//! mbimport: robot descriptions (URDF) into `mechanism!` blocks of the mb language.
//!
//! Robotics users describe their robots in URDF; this crate writes the same robot as a block of
//! joint bodies (the structured route of `mbcompile`), which the user owns, edits and generates
//! like any other. [`urdf`] reads a file, [`urdf_text`] a string.
//!
//! What is imported (URDF specification, ROS wiki "urdf/XML"):
//!
//! - every link with mass as a joint body: `<inertial>` mass, centre of mass and inertia (turned
//!   into link axes when its `rpy` is not zero); a link without mass welded by a `fixed` joint as a
//!   frame (its transform carried into the joints below it, its origin a `point`); a link without
//!   mass on a moving joint as a joint body of mass 0 (a frame between two joints, as in a
//!   universal joint), provided some link below it has mass;
//! - `revolute`, `continuous` and `prismatic` joints with their `<origin>` (xyz; rpy as
//!   `[rotz(yaw), roty(pitch), rotx(roll)]`) and `<axis>`; `fixed` joints; `floating` joints and,
//!   with [`Options::floating_base`], a free root link, as `floating(x, y, z, yaw, pitch, roll)`:
//!   translation in the parent's frame, then R_z(yaw) R_y(pitch) R_x(roll) (singular at pitch =
//!   ±π/2);
//! - `<dynamics damping>` as Q −= d q̇ and `<dynamics friction>` as regularised Coulomb friction
//!   Q −= f q̇ / √(q̇² + v²) ([`JointFriction`]), each a parameter of the block;
//! - `<limit lower upper>` as two unilateral contacts with the restitution the user chooses
//!   ([`Options::limit_restitution`]; without it the limits are reported, not imported);
//! - `<mimic>` as the bilateral constraint q_f = multiplier · q_l + offset;
//! - gravity (0, 0, −g), g = 9.81 a parameter.
//!
//! What is not (each kind reported once, with its place: [`Imported::notes`]): geometry and
//! materials (geometry is not inertia), transmissions, Gazebo settings, calibration and safety
//! controllers, effort and velocity limits, unknown elements. `planar` joints and moving joints
//! that move no mass are errors, since leaving them out would change the dynamics.
//!
//! ```
//! let urdf = r#"<robot name="pendulum">
//!   <link name="base"/>
//!   <link name="rod">
//!     <inertial><origin xyz="0 0 -0.5"/><mass value="1"/>
//!       <inertia ixx="0.02" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.001"/></inertial>
//!   </link>
//!   <joint name="hinge" type="continuous">
//!     <parent link="base"/><child link="rod"/><axis xyz="0 1 0"/>
//!   </joint>
//! </robot>"#;
//! let imported = mbimport::urdf_text(urdf, "pendulum.urdf".as_ref(), &Default::default()).unwrap();
//! assert!(imported.source.contains("joint: revolute(hinge)"));
//! assert_eq!(imported.struct_name, "Pendulum");
//! ```

#![deny(missing_docs)]

mod block;
mod convert;
mod error;
mod mjcf;
mod model;
mod names;
mod spatial;
mod tree;
mod unsupported;
mod xml_index;

pub use error::ImportError;
pub use mjcf::mjcf_text;

use std::path::Path;
use xml_index::XmlIndex;

/// The default regularisation velocity of joint friction [rad/s or m/s]: below it the friction
/// force grows linearly with the velocity instead of jumping.
pub const FRICTION_VELOCITY: f64 = 1e-3;

/// How `<dynamics friction>` enters the block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JointFriction {
    /// Q −= f q̇ / √(q̇² + v_friction²): Coulomb friction regularised below `v_friction`
    /// ([`FRICTION_VELOCITY`], a parameter of the block).
    #[default]
    Regularised,
    /// Left out (reported in the notes when a joint has friction).
    Omitted,
}

/// Choices of an import.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The mechanism's struct name; from the robot's name in upper camel case when `None`.
    pub name: Option<String>,
    /// Free the root link with a `floating` joint (six coordinates) instead of fixing it to the
    /// world.
    pub floating_base: bool,
    /// Joint limits as unilateral contacts with this restitution; `None`: limits not imported
    /// (reported).
    pub limit_restitution: Option<f64>,
    /// Joint friction.
    pub joint_friction: JointFriction,
    /// MJCF: contacts of sphere, capsule and box geoms with the world's planes as unilateral
    /// contacts with this restitution; `None`: not imported (reported).
    pub contact_restitution: Option<f64>,
    /// `generate { capabilities: [] }`: M, h, C and the articulated-body algorithm only.
    pub dynamics_only: bool,
    /// Write a link whose inertia tensor is not positive definite (a placeholder such as every
    /// entry 1e-6, or a thin rod's zero moment) as a point mass, noting each one; `false`: such a
    /// link is an error.
    pub point_mass_for_invalid_inertia: bool,
}

/// Something of the description the block does not carry, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    /// 1-based line of the element.
    pub line: usize,
    /// Its path (`robot[name=r]/transmission[name=t1]`).
    pub path: String,
    /// Why it is not imported.
    pub what: String,
}

/// An imported robot.
#[derive(Debug, Clone)]
pub struct Imported {
    /// The source file: a header, `use mbmacros::mechanism;` and the block.
    pub source: String,
    /// The mechanism's struct name.
    pub struct_name: String,
    /// Coordinates of the block.
    pub coordinates: Vec<String>,
    /// What was not imported (also listed in the file's header).
    pub notes: Vec<Note>,
}

/// Imports the URDF file at `path`.
pub fn urdf(path: &Path, options: &Options) -> Result<Imported, ImportError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ImportError::in_file(path, format!("cannot read it: {e}")))?;
    urdf_text(&text, path, options)
}

/// Imports a URDF document; `file` names it in errors and in the written header.
pub fn urdf_text(text: &str, file: &Path, options: &Options) -> Result<Imported, ImportError> {
    let index = XmlIndex::read(text, file)?;
    if index.elements[0].tag != "robot" {
        return Err(ImportError::at(
            file,
            index.elements[0].line,
            &index.elements[0].path,
            format!(
                "the root element is `<{}>`, not `<robot>`",
                index.elements[0].tag
            ),
        ));
    }
    restitutions(options, file)?;
    if options.contact_restitution.is_some() {
        return Err(ImportError::in_file(
            file,
            "a URDF file names no contact surfaces: --contact-restitution is for MJCF".to_string(),
        ));
    }
    // Geometry, materials, simulator and actuation settings are not imported: cut out before
    // parsing, so that a mesh or texture the parser cannot read (a missing `filename`, an
    // unknown geometry) does not stop the import of the dynamics.
    let no_geometry = index.without(text, "link", &["visual", "collision"]);
    let dynamics = XmlIndex::read(&no_geometry, file)?.without(
        &no_geometry,
        "robot",
        &["material", "gazebo", "transmission"],
    );
    let urdf = urdf_rs::read_from_string(&dynamics).map_err(|e| parse_error(&index, file, &e))?;
    let tree = tree::Tree::of(&urdf, &index, file)?;
    let (robot, mut notes) = convert::convert(&urdf, &tree, &index, file, options)?;
    if robot.coordinates.is_empty() {
        return Err(ImportError::in_file(
            file,
            "the robot has no moving joint: nothing to simulate (--floating-base frees its root)"
                .to_string(),
        ));
    }
    notes.extend(unsupported::unsupported(&index));
    let first = |what: Limited| {
        let tag = match what {
            Limited::Limits => "limit",
            Limited::Friction => "dynamics",
        };
        index
            .elements
            .iter()
            .find(|e| e.tag == tag)
            .map(|e| (e.line, e.path.clone()))
    };
    Ok(finish(robot, notes, file, options, &first))
}

/// What an option can leave out of the block.
#[derive(Debug, Clone, Copy)]
enum Limited {
    /// Position limits (without a restitution).
    Limits,
    /// Joint friction (`--joint-friction none`).
    Friction,
}

/// Where the description first says something of a kind: (line, element path).
type FirstPlace<'a> = &'a dyn Fn(Limited) -> Option<(usize, String)>;

/// Both restitutions, if given, in [0, 1].
fn restitutions(options: &Options, file: &Path) -> Result<(), ImportError> {
    for (what, e) in [
        ("limit", options.limit_restitution),
        ("contact", options.contact_restitution),
    ] {
        if let Some(e) = e
            && !(0.0..=1.0).contains(&e)
        {
            return Err(ImportError::in_file(
                file,
                format!("the {what} restitution {e} is not in [0, 1]"),
            ));
        }
    }
    Ok(())
}

/// Imports the MJCF file at `path` (its `<include>`s relative to it).
pub fn mjcf(path: &Path, options: &Options) -> Result<Imported, ImportError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ImportError::in_file(path, format!("cannot read it: {e}")))?;
    mjcf_text(&text, path, options)
}

/// Imports a description file, MJCF when its root element is `<mujoco>`, else URDF.
pub fn description(path: &Path, options: &Options) -> Result<Imported, ImportError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ImportError::in_file(path, format!("cannot read it: {e}")))?;
    match XmlIndex::read(&text, path)?.elements[0].tag.as_str() {
        "mujoco" => mjcf_text(&text, path, options),
        _ => urdf_text(&text, path, options),
    }
}

/// The written source of a converted robot, with the notes of what the options leave out.
fn finish(
    robot: model::Robot,
    mut notes: Vec<Note>,
    file: &Path,
    options: &Options,
    first: FirstPlace,
) -> Imported {
    notes.extend(left_out(&robot, options, first));
    let struct_name = options
        .name
        .clone()
        .unwrap_or_else(|| names::camel_case(&robot.name));
    let file_name = file.file_name().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Imported {
        source: block::source_file(&robot, &struct_name, &file_name, options, &notes),
        struct_name,
        coordinates: robot.coordinates.iter().map(|c| c.name.clone()).collect(),
        notes,
    }
}

/// Notes for what the options leave out: position limits without a restitution, friction when
/// omitted.
fn left_out(robot: &model::Robot, options: &Options, first: FirstPlace) -> Vec<Note> {
    let mut notes = Vec::new();
    if options.limit_restitution.is_none()
        && robot.coordinates.iter().any(|c| c.limits.is_some())
        && let Some((line, path)) = first(Limited::Limits)
    {
        notes.push(Note {
            line,
            path,
            what: "position limits: not imported without --limit-restitution".to_string(),
        });
    }
    if options.joint_friction == JointFriction::Omitted
        && robot.coordinates.iter().any(|c| c.friction > 0.0)
        && let Some((line, path)) = first(Limited::Friction)
    {
        notes.push(Note {
            line,
            path,
            what: "joint friction: left out (--joint-friction none)".to_string(),
        });
    }
    notes
}

/// The parser's error, located at the first numeric attribute that is not a number when that is
/// the cause (the parser itself gives no position).
fn parse_error(index: &XmlIndex, file: &Path, e: &urdf_rs::UrdfError) -> ImportError {
    const NUMERIC: &[&str] = &[
        "value",
        "xyz",
        "rpy",
        "ixx",
        "ixy",
        "ixz",
        "iyy",
        "iyz",
        "izz",
        "lower",
        "upper",
        "effort",
        "velocity",
        "damping",
        "friction",
        "multiplier",
        "offset",
    ];
    let bad = index.elements.iter().find_map(|el| {
        el.attributes.iter().find_map(|(k, v)| {
            let geometry = el.path.contains("/visual") || el.path.contains("/collision");
            let numeric = !geometry
                && NUMERIC.contains(&k.as_str())
                && !(el.tag == "mimic" && k == "joint")
                && matches!(
                    el.tag.as_str(),
                    "mass" | "inertia" | "origin" | "axis" | "limit" | "dynamics" | "mimic"
                );
            let parses = v.split_whitespace().all(|t| t.parse::<f64>().is_ok());
            (numeric && !parses).then_some((el, k, v))
        })
    });
    match bad {
        Some((el, k, v)) => ImportError::at(
            file,
            el.line,
            &el.path,
            format!("`{k}` is \"{v}\", not a number"),
        ),
        None => ImportError::in_file(file, format!("not a valid URDF: {e}")),
    }
}
