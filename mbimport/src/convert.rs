//! URDF links and joints into joint bodies, frame points, coordinates and mimic constraints.
//!
//! URDF (ROS wiki, "urdf/XML"): a joint's `<origin>` places the child link's frame in the parent
//! link's frame (xyz, then R_z(yaw) R_y(pitch) R_x(roll)); `<axis>` is in that joint frame; a
//! link's `<inertial>` gives the centre of mass and the axes of its inertia tensor in the link
//! frame. The language's joint bodies say the same (`offset`, `offset_rotation`, `axis`, `com`,
//! `inertia` in body axes), so each link with mass becomes one body on its joint. A link without
//! mass welded by a `fixed` joint is a frame, not a body: its transform is carried into the joints
//! below it and its origin becomes a point.

use crate::error::ImportError;
use crate::model::{
    Body, Coordinate, FrameRotation, Mimic, Motion, Point, Robot, Turn, turns as turns_of,
};
use crate::names::Names;
use crate::spatial::{self, IDENTITY, Mat3, Vec3};
use crate::tree::{Tree, place};
use crate::xml_index::XmlIndex;
use crate::{Note, Options};
use std::collections::HashMap;
use std::path::Path;
use urdf_rs::{Joint, JointType, Link};

/// Where a link's frame is: fixed in a body (or the world) at a transform from that body's frame.
#[derive(Clone)]
struct Anchor {
    body: Option<String>,
    turns: Vec<Turn>,
    /// How many non-identity rotations `turns` composes.
    rotations: usize,
    rotation: Mat3,
    origin: Vec3,
}

impl Anchor {
    const WORLD: Anchor = Anchor {
        body: None,
        turns: Vec::new(),
        rotations: 0,
        rotation: IDENTITY,
        origin: [0.0; 3],
    };

    fn body(name: &str) -> Anchor {
        Anchor {
            body: Some(name.to_string()),
            ..Anchor::WORLD
        }
    }

    /// This frame moved by a joint origin (xyz, rpy) given in it.
    fn then(&self, xyz: Vec3, rpy: Vec3) -> Anchor {
        let mut turns = self.turns.clone();
        turns.extend(turns_of(rpy));
        Anchor {
            body: self.body.clone(),
            turns,
            rotations: self.rotations + usize::from(!spatial::is_zero(rpy)),
            rotation: spatial::mul(&self.rotation, &spatial::rpy(rpy)),
            origin: spatial::add(self.origin, spatial::apply(&self.rotation, xyz)),
        }
    }
}

/// A link's mass properties in link axes, checked: (mass, centre of mass, inertia).
type MassProperties = (f64, Vec3, Mat3);

/// Line and path of element `tag` inside a link's `<inertial>` (the inertial itself for `None`),
/// else of the link.
fn inertial_place(index: &XmlIndex, link: &str, tag: Option<&str>) -> (usize, String) {
    let found = index.top_index("link", link).and_then(|l| {
        let inertial = index.child(l, "inertial")?;
        match tag {
            None => Some(&index.elements[inertial]),
            Some(t) => index.child(inertial, t).map(|k| &index.elements[k]),
        }
    });
    match found {
        Some(e) => (e.line, e.path.clone()),
        None => place(index, "link", link),
    }
}

fn mass_properties(
    link: &Link,
    index: &XmlIndex,
    file: &Path,
    point_mass_allowed: bool,
    notes: &mut Vec<Note>,
) -> Result<MassProperties, ImportError> {
    let fail = |tag: Option<&str>, message: String| {
        let (line, path) = inertial_place(index, &link.name, tag);
        Err(ImportError::at(file, line, &path, message))
    };
    let i = &link.inertial;
    let m = i.mass.value;
    let tensor = [
        [i.inertia.ixx, i.inertia.ixy, i.inertia.ixz],
        [i.inertia.ixy, i.inertia.iyy, i.inertia.iyz],
        [i.inertia.ixz, i.inertia.iyz, i.inertia.izz],
    ];
    let numbers = [m]
        .into_iter()
        .chain(i.origin.xyz.0)
        .chain(i.origin.rpy.0)
        .chain(tensor.iter().flatten().copied());
    if let Some(x) = numbers.into_iter().find(|x| !x.is_finite()) {
        return fail(None, format!("a value is not finite: {x}"));
    }
    if m < 0.0 {
        return fail(Some("mass"), format!("negative mass {m}"));
    }
    // A point mass (all moments zero) is a particle; any other tensor must be positive definite.
    let point_mass = tensor.iter().flatten().all(|x| *x == 0.0);
    if m > 0.0 && !point_mass && !spatial::positive_definite(&tensor) {
        let what = format!(
            "the inertia tensor of a link with mass {m} is not positive definite: ixx {} ixy {} ixz {} iyy {} iyz {} izz {}",
            i.inertia.ixx,
            i.inertia.ixy,
            i.inertia.ixz,
            i.inertia.iyy,
            i.inertia.iyz,
            i.inertia.izz
        );
        if !point_mass_allowed {
            return fail(
                Some("inertia"),
                format!(
                    "{what} (--point-mass-for-invalid-inertia writes such a link as a point mass)"
                ),
            );
        }
        let (line, path) = inertial_place(index, &link.name, Some("inertia"));
        notes.push(Note {
            line,
            path,
            what: format!("{what}: written as a point mass"),
        });
        return Ok((m, i.origin.xyz.0, [[0.0; 3]; 3]));
    }
    let inertia = match spatial::is_zero(i.origin.rpy.0) {
        true => tensor,
        false => spatial::rotate_inertia(&spatial::rpy(i.origin.rpy.0), &tensor),
    };
    Ok((m, i.origin.xyz.0, inertia))
}

/// The conversion's running state.
struct Converter<'a> {
    urdf: &'a urdf_rs::Robot,
    tree: &'a Tree,
    index: &'a XmlIndex,
    file: &'a Path,
    options: &'a Options,
    names: Names,
    anchors: HashMap<usize, Anchor>,
    coordinate_of_joint: HashMap<String, String>,
    robot: Robot,
    notes: Vec<Note>,
}

/// The robot in the language's terms, with what was left out or changed noted.
pub fn convert(
    urdf: &urdf_rs::Robot,
    tree: &Tree,
    index: &XmlIndex,
    file: &Path,
    options: &Options,
) -> Result<(Robot, Vec<Note>), ImportError> {
    let mut names = Names::default();
    for reserved in ["g", "e_limit", "v_friction"] {
        names.reserve(reserved);
    }
    let mut c = Converter {
        urdf,
        tree,
        index,
        file,
        options,
        names,
        anchors: HashMap::new(),
        coordinate_of_joint: HashMap::new(),
        robot: Robot::new(&urdf.name, "URDF"),
        notes: Vec::new(),
    };
    c.root(tree.root)?;
    for &j in &tree.joints {
        let child = tree.link[&urdf.joints[j].child.link];
        c.joint(&urdf.joints[j], child)?;
    }
    for &j in &tree.joints {
        c.mimic(&urdf.joints[j])?;
    }
    c.moving_mass()?;
    Ok((c.robot, c.notes))
}

impl Converter<'_> {
    fn note(&mut self, line: usize, path: &str, what: String) {
        self.notes.push(Note {
            line,
            path: path.to_string(),
            what,
        });
    }

    /// The root link: fixed to the world, or the free body of a floating base.
    fn root(&mut self, root: usize) -> Result<(), ImportError> {
        let link = &self.urdf.links[root];
        let (line, path) = place(self.index, "link", &link.name);
        let (mass, com, inertia) = mass_properties(
            link,
            self.index,
            self.file,
            self.options.point_mass_for_invalid_inertia,
            &mut self.notes,
        )?;
        if !self.options.floating_base {
            if mass > 0.0 {
                self.note(line, &path, format!(
                    "the root link `{}` is fixed to the world, so its mass {mass} kg does not act (--floating-base frees it)",
                    link.name
                ));
            }
            self.anchors.insert(root, Anchor::WORLD);
            return Ok(());
        }
        // A root without mass floats as a frame carrying the links welded or jointed to it (the
        // check that every moving joint moves some mass covers it).
        let name = self.names.fresh(&link.name);
        let coords = self.floating_coordinates(&name);
        self.robot.bodies.push(Body {
            name: name.clone(),
            link: link.name.clone(),
            joint: "floating base".to_string(),
            line,
            parent: None,
            motion: Motion::Floating(coords),
            offset: [0.0; 3],
            offset_rotation: FrameRotation::Factors(Vec::new()),
            mass,
            com,
            inertia,
        });
        self.anchors.insert(root, Anchor::body(&name));
        Ok(())
    }

    /// One joint and its child link: a body, or a frame carried into the joints below.
    fn joint(&mut self, joint: &Joint, child: usize) -> Result<(), ImportError> {
        let (line, path) = place(self.index, "joint", &joint.name);
        let fail = |message: String| ImportError::at(self.file, line, &path, message);
        let parent = self.anchors[&self.tree.link[&joint.parent.link]].clone();
        let origin = parent.then(joint.origin.xyz.0, joint.origin.rpy.0);
        if let Some(x) = joint
            .origin
            .xyz
            .0
            .iter()
            .chain(&joint.origin.rpy.0)
            .find(|x| !x.is_finite())
        {
            return Err(fail(format!("its origin is not finite: {x}")));
        }
        let link = &self.urdf.links[child];
        let (mass, com, inertia) = mass_properties(
            link,
            self.index,
            self.file,
            self.options.point_mass_for_invalid_inertia,
            &mut self.notes,
        )?;
        let motion = match joint.joint_type {
            JointType::Revolute | JointType::Continuous | JointType::Prismatic => {
                let axis = joint.axis.xyz.0;
                if axis.iter().any(|x| !x.is_finite()) || spatial::is_zero(axis) {
                    return Err(fail(format!(
                        "its axis ({} {} {}) is zero or not finite",
                        axis[0], axis[1], axis[2]
                    )));
                }
                let q = self.coordinate(joint, line, &path)?;
                match joint.joint_type {
                    JointType::Prismatic => Motion::Prismatic(q, axis),
                    _ => Motion::Revolute(q, axis),
                }
            }
            JointType::Fixed => Motion::Fixed,
            JointType::Floating => Motion::Floating(self.floating_coordinates(&joint.name)),
            JointType::Planar | JointType::Spherical => {
                return Err(fail(format!(
                    "{} joints are not supported: write one as revolute and prismatic joints between links with mass",
                    format!("{:?}", joint.joint_type).to_lowercase()
                )));
            }
        };
        if motion == Motion::Fixed && (mass == 0.0 || parent.body.is_none()) {
            if mass > 0.0 {
                self.note(
                    line,
                    &path,
                    format!(
                        "link `{}` is welded to the world, so its mass {mass} kg does not act",
                        link.name
                    ),
                );
            }
            let name = self.names.fresh(&link.name);
            self.robot.points.push(Point {
                name,
                link: link.name.clone(),
                body: origin.body.clone(),
                at: origin.origin,
            });
            self.anchors.insert(child, origin);
            return Ok(());
        }
        let name = self.names.fresh(&link.name);
        self.robot.bodies.push(Body {
            name: name.clone(),
            link: link.name.clone(),
            joint: joint.name.clone(),
            line,
            parent: origin.body,
            motion,
            offset: origin.origin,
            // Two or more frames' rotations composed: one matrix, multiplied out here (as factors
            // the language would multiply the product out entry by entry, 3^(k−1) terms for k).
            offset_rotation: match origin.rotations {
                0 | 1 => FrameRotation::Factors(origin.turns),
                _ => FrameRotation::Matrix(origin.rotation),
            },
            mass,
            com,
            inertia,
        });
        self.anchors.insert(child, Anchor::body(&name));
        Ok(())
    }

    /// The six coordinates of a floating joint, `<prefix>_x` … `<prefix>_roll`, added to the
    /// robot's.
    fn floating_coordinates(&mut self, prefix: &str) -> [String; 6] {
        let coords = Coordinate::floating(&mut self.names, prefix);
        let names = coords.each_ref().map(|c| c.name.clone());
        self.robot.coordinates.extend(coords);
        names
    }

    /// Every moving joint must move some mass: a link without mass on a moving joint (a frame
    /// between two joints at one point) needs a link with mass below it, or its coordinate has
    /// no inertia and M is singular.
    fn moving_mass(&self) -> Result<(), ImportError> {
        let bodies = &self.robot.bodies;
        let mut carries: Vec<bool> = bodies.iter().map(|b| b.mass > 0.0).collect();
        for k in (0..bodies.len()).rev() {
            if let Some(p) = &bodies[k].parent
                && let Some(pk) = bodies.iter().position(|b| &b.name == p)
            {
                carries[pk] |= carries[k];
            }
        }
        match bodies.iter().zip(&carries).find(|(_, c)| !**c) {
            None => Ok(()),
            Some((b, _)) => {
                let (line, path) = place(self.index, "joint", &b.joint);
                Err(ImportError::at(
                    self.file,
                    line,
                    &path,
                    format!(
                        "it moves no mass: its child link `{}` and every link below it have none, so its coordinate would have no inertia",
                        b.link
                    ),
                ))
            }
        }
    }

    /// The coordinate of a revolute, continuous or prismatic joint, with its dynamics and limits.
    fn coordinate(
        &mut self,
        joint: &Joint,
        line: usize,
        path: &str,
    ) -> Result<String, ImportError> {
        let fail = |message: String| ImportError::at(self.file, line, path, message);
        let name = self.names.fresh(&joint.name);
        let (damping, friction) = joint
            .dynamics
            .as_ref()
            .map_or((0.0, 0.0), |d| (d.damping, d.friction));
        for (what, x) in [("damping", damping), ("friction", friction)] {
            if !x.is_finite() || x < 0.0 {
                return Err(fail(format!("its {what} {x} is negative or not finite")));
            }
        }
        let has_limit = self
            .index
            .top_index("joint", &joint.name)
            .is_some_and(|k| self.index.child(k, "limit").is_some());
        let limits = match joint.joint_type {
            JointType::Continuous => None,
            _ if !has_limit => None,
            _ => {
                let (lower, upper) = (joint.limit.lower, joint.limit.upper);
                if !lower.is_finite() || !upper.is_finite() || lower > upper {
                    return Err(fail(format!(
                        "its limits lower {lower} upper {upper} are not an interval"
                    )));
                }
                (lower < upper).then_some((lower, upper))
            }
        };
        self.coordinate_of_joint
            .insert(joint.name.clone(), name.clone());
        self.robot.coordinates.push(Coordinate {
            name: name.clone(),
            damping,
            friction,
            limits,
            armature: 0.0,
            spring: None,
        });
        Ok(name)
    }

    /// A mimic joint as a constraint on its coordinate.
    fn mimic(&mut self, joint: &Joint) -> Result<(), ImportError> {
        let Some(m) = &joint.mimic else {
            return Ok(());
        };
        let (line, path) = place(self.index, "joint", &joint.name);
        let fail =
            |message: String| ImportError::at(self.file, line, &format!("{path}/mimic"), message);
        if joint.joint_type == JointType::Fixed {
            self.note(
                line,
                &format!("{path}/mimic"),
                "a mimic element on a fixed joint: nothing moves, so nothing to constrain"
                    .to_string(),
            );
            return Ok(());
        }
        let follower = self
            .coordinate_of_joint
            .get(&joint.name)
            .cloned()
            .ok_or_else(|| {
                fail("a mimic joint must be revolute, continuous or prismatic".to_string())
            })?;
        let leader = self
            .coordinate_of_joint
            .get(&m.joint)
            .cloned()
            .ok_or_else(|| fail(format!("it mimics `{}`, which is not a revolute, continuous or prismatic joint of the robot", m.joint)))?;
        let (multiplier, offset) = (m.multiplier.unwrap_or(1.0), m.offset.unwrap_or(0.0));
        if !multiplier.is_finite() || !offset.is_finite() {
            return Err(fail(format!(
                "multiplier {multiplier} and offset {offset} must be finite"
            )));
        }
        self.robot.mimics.push(Mimic {
            follower,
            leader,
            multiplier,
            offset,
        });
        Ok(())
    }
}
