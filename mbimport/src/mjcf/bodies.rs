//! The body tree of an MJCF world body as joint bodies of the language.
//!
//! A body with joints J₁ … J_m becomes a chain: a frame without mass per joint but the last,
//! the last carrying the body's mass. MuJoCo applies a body's joints in order, each about the
//! axes the previous ones left (`mj_kinematics`): a hinge turns the body about the line through
//! its anchor `pos` along its `axis`, a slide moves it along its axis. So joint frame k sits at
//! anchor p_k of the frame before it, offset p_k − p_{k−1} (p₀ = 0, a slide keeping the anchor
//! before it), and the body's own frame is the last joint frame shifted by −p_m: its centre of
//! mass and its children's positions are written relative to that joint frame. A body without
//! joints is welded (`fixed`); a free joint is `floating(x, y, z, yaw, pitch, roll)` about the
//! world's axes, the body's `pos` and orientation being only where MuJoCo starts it (`qpos0`).

use super::contacts::{Toucher, touching_points};
use super::document::Document;
use super::mass::{MassProperties, body_mass, placement};
use crate::Note;
use crate::error::ImportError;
use crate::model::{Body, Coordinate, FrameRotation, Motion};
use crate::names::Names;
use crate::spatial::{IDENTITY, Mat3, Vec3, add, apply, positive_definite};

/// What the walk builds.
pub struct Walk<'d, 'a> {
    doc: &'d Document<'a>,
    /// Write a body whose inertia is not positive definite as a point mass (noted).
    point_mass_allowed: bool,
    /// Identifiers handed out.
    pub names: Names,
    /// Joint bodies in tree order.
    pub bodies: Vec<Body>,
    /// Coordinates in MuJoCo's order (bodies in document order, joints in order).
    pub coordinates: Vec<Coordinate>,
    /// The coordinate of each hinge and slide.
    pub joint_coordinates: Vec<JointCoordinate>,
    /// What was left out.
    pub notes: Vec<Note>,
    /// The geoms of moving bodies that can touch a plane.
    pub touchers: Vec<Toucher>,
    /// Each MJCF body's name, the joint body carrying it and its frame's origin there.
    pub placed: Vec<(String, String, Vec3)>,
    /// Where MuJoCo starts each free body (its `pos` and orientation): its qpos0.
    pub free_starts: Vec<(String, Vec3, Mat3)>,
}

/// A joint's coordinate: MuJoCo's qpos − ref.
pub struct JointCoordinate {
    /// The joint's name in the description.
    pub joint: String,
    /// The coordinate.
    pub coordinate: String,
    /// Its `ref` [rad or m].
    pub reference: f64,
}

/// Where a body's children attach: the identifier of its last joint body (`None`: the world)
/// and the body frame's origin in that joint frame.
#[derive(Clone)]
struct Attach {
    body: Option<String>,
    shift: Vec3,
}

fn minus(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn rotation(r: &Mat3) -> FrameRotation {
    if *r == IDENTITY {
        FrameRotation::Factors(Vec::new())
    } else {
        FrameRotation::Matrix(*r)
    }
}

/// One joint of a body as read.
struct JointSpec {
    element: usize,
    name: String,
    kind: &'static str,
    pos: Vec3,
    axis: Vec3,
}

/// A ball joint as three hinges about its anchor: z, then y, then x of the frames they leave,
/// R = R_z(yaw) R_y(pitch) R_x(roll) (singular at pitch = ±π/2). Damping, armature, springs,
/// friction and cone limits act on MuJoCo's angular velocity in body axes, which these
/// coordinates do not have: refused.
fn ball(doc: &Document, c: usize, name: &str, pos: Vec3) -> Result<Vec<JointSpec>, ImportError> {
    for key in ["damping", "armature", "stiffness", "frictionloss"] {
        if doc.number(c, key, 0.0)? != 0.0 {
            return Err(doc.error(
                c,
                format!("`{key}` on a ball joint acts on MuJoCo's angular velocity in body axes, which the coordinates (yaw, pitch, roll) do not have: not imported (set it to 0)"),
            ));
        }
    }
    if doc.flag(c, "limited")? == Some(true) {
        return Err(doc.error(c, "a ball joint's cone limit is not imported".into()));
    }
    Ok([
        ("yaw", [0.0, 0.0, 1.0]),
        ("pitch", [0.0, 1.0, 0.0]),
        ("roll", [1.0, 0.0, 0.0]),
    ]
    .into_iter()
    .map(|(part, axis)| JointSpec {
        element: c,
        name: format!("{name}_{part}"),
        kind: "ball",
        pos,
        axis,
    })
    .collect())
}

impl<'d, 'a> Walk<'d, 'a> {
    /// Walks the world body's bodies.
    pub fn new(doc: &'d Document<'a>, names: Names, point_mass_allowed: bool) -> Walk<'d, 'a> {
        Walk {
            doc,
            point_mass_allowed,
            names,
            bodies: Vec::new(),
            coordinates: Vec::new(),
            joint_coordinates: Vec::new(),
            notes: Vec::new(),
            touchers: Vec::new(),
            placed: Vec::new(),
            free_starts: Vec::new(),
        }
    }

    /// Every body below `world`.
    pub fn world(&mut self, world: usize) -> Result<(), ImportError> {
        let root = Attach {
            body: None,
            shift: [0.0; 3],
        };
        let children: Vec<usize> = self.bodies_under(world);
        for b in children {
            self.body(b, &root, true)?;
        }
        Ok(())
    }

    fn bodies_under(&self, k: usize) -> Vec<usize> {
        self.doc
            .children(k)
            .filter(|&c| self.doc.element(c).tag == "body")
            .collect()
    }

    fn joints(&self, k: usize, body: &str) -> Result<Vec<JointSpec>, ImportError> {
        let doc = self.doc;
        let mut out = Vec::new();
        for (j, c) in doc
            .children(k)
            .filter(|&c| matches!(doc.element(c).tag.as_str(), "joint" | "freejoint"))
            .enumerate()
        {
            let e = doc.element(c);
            let kind = match (e.tag.as_str(), doc.attribute(c, "type").unwrap_or("hinge")) {
                ("freejoint", _) | (_, "free") => "free",
                (_, "hinge") => "hinge",
                (_, "slide") => "slide",
                (_, "ball") => "ball",
                (_, t) => return Err(doc.error(c, format!("unknown joint type `{t}`"))),
            };
            let name = e
                .attribute("name")
                .map_or_else(|| format!("{body}_joint{j}"), str::to_string);
            let axis = doc.fixed::<3>(c, "axis")?.unwrap_or([0.0, 0.0, 1.0]);
            if kind != "free" && axis.iter().all(|x| *x == 0.0) {
                return Err(doc.error(c, "the joint axis is zero".into()));
            }
            let pos = doc.fixed::<3>(c, "pos")?.unwrap_or([0.0; 3]);
            if kind == "ball" {
                out.extend(ball(doc, c, &name, pos)?);
                continue;
            }
            out.push(JointSpec {
                element: c,
                name,
                kind,
                pos,
                axis,
            });
        }
        Ok(out)
    }

    /// Body `k` and everything below it.
    fn body(&mut self, k: usize, parent: &Attach, top: bool) -> Result<(), ImportError> {
        let doc = self.doc;
        let e = doc.element(k);
        if e.attribute("mocap") == Some("true") {
            return Err(doc.error(
                k,
                "a mocap body is moved by the user, not by the dynamics: not imported".into(),
            ));
        }
        if doc.number(k, "gravcomp", 0.0)? != 0.0 {
            return Err(doc.error(
                k,
                "gravity compensation (`gravcomp`) is not imported".into(),
            ));
        }
        let label = e
            .attribute("name")
            .map_or_else(|| format!("body{k}"), str::to_string);
        let (pos, r) = placement(doc, k)?;
        let mass = self.checked(k, body_mass(doc, k)?)?;
        let joints = self.joints(k, &label)?;
        let origin = add(parent.shift, pos);
        let attach = if joints.iter().any(|j| j.kind == "free") {
            let a = self.free(&label, &joints, top, parent, mass)?;
            if let Some(b) = &a.body {
                self.free_starts.push((b.clone(), pos, r));
            }
            a
        } else {
            self.chain(k, &label, &joints, (origin, r), parent, mass)?
        };
        if let Some(b) = &attach.body {
            self.placed.push((label.clone(), b.clone(), attach.shift));
        }
        self.touchers(k, &label, &attach)?;
        for c in self.bodies_under(k) {
            self.body(c, &attach, false)?;
        }
        Ok(())
    }

    /// The geoms of body `k` that can touch a plane, in its last joint's frame.
    fn touchers(&mut self, k: usize, label: &str, attach: &Attach) -> Result<(), ImportError> {
        let doc = self.doc;
        let Some(body) = &attach.body else {
            return Ok(());
        };
        let geoms: Vec<usize> = doc
            .children(k)
            .filter(|&c| doc.element(c).tag == "geom")
            .collect();
        for (i, g) in geoms.into_iter().enumerate() {
            if let Some((points, radius)) = touching_points(doc, g, attach.shift)? {
                let name = doc.element(g).attribute("name");
                self.touchers.push(Toucher {
                    element: g,
                    label: name.map_or_else(|| format!("{label}_geom{i}"), str::to_string),
                    body: body.clone(),
                    points,
                    radius,
                });
            }
        }
        Ok(())
    }

    /// Mass properties a body of the language can have: a point mass, or a positive definite
    /// inertia (else an error, or with the option a point mass, noted).
    fn checked(&mut self, k: usize, m: MassProperties) -> Result<MassProperties, ImportError> {
        // Products of inertia below 1e-14 of the largest moment are the rounding of a rotation
        // (a geom along an axis): written as the zeros they are.
        let largest = (0..3).map(|i| m.inertia[i][i]).fold(0.0, f64::max);
        let inertia = m
            .inertia
            .map(|r| r.map(|x| if x.abs() <= 1e-14 * largest { 0.0 } else { x }));
        let m = MassProperties { inertia, ..m };
        let point = m.inertia.iter().flatten().all(|x| *x == 0.0);
        if m.mass == 0.0 || point || positive_definite(&m.inertia) {
            return Ok(m);
        }
        let what = format!(
            "the inertia of a body of mass {} is not positive definite: {:?}",
            m.mass, m.inertia
        );
        if !self.point_mass_allowed {
            return Err(self.doc.error(
                k,
                format!("{what} (--point-mass-for-invalid-inertia writes it as a point mass)"),
            ));
        }
        self.notes.push(super::note(
            self.doc,
            k,
            format!("{what}: written as a point mass"),
        ));
        Ok(MassProperties {
            inertia: [[0.0; 3]; 3],
            ..m
        })
    }

    /// A body on a free joint: six coordinates about the world's axes.
    fn free(
        &mut self,
        label: &str,
        joints: &[JointSpec],
        top: bool,
        parent: &Attach,
        mass: MassProperties,
    ) -> Result<Attach, ImportError> {
        let doc = self.doc;
        let j = &joints[0];
        if joints.len() > 1 || !top || parent.body.is_some() {
            return Err(doc.error(
                j.element,
                "a free joint must be the only joint of a body of the world body".into(),
            ));
        }
        if doc.element(j.element).tag == "joint" {
            for key in ["damping", "armature", "stiffness", "frictionloss"] {
                if doc.number(j.element, key, 0.0)? != 0.0 {
                    return Err(doc.error(
                        j.element,
                        format!("`{key}` on a free joint acts on MuJoCo's angular velocity in body axes, which the coordinates (x, y, z, yaw, pitch, roll) do not have: not imported (set it to 0)"),
                    ));
                }
            }
        }
        let name = self.names.fresh(label);
        let prefix = self.names.fresh(&j.name);
        let floating = Coordinate::floating(&mut self.names, &prefix);
        let coords = floating.each_ref().map(|c| c.name.clone());
        self.coordinates.extend(floating);
        self.bodies.push(Body {
            name: name.clone(),
            link: label.to_string(),
            joint: j.name.clone(),
            line: doc.element(j.element).line,
            parent: None,
            motion: Motion::Floating(coords),
            offset: [0.0; 3],
            offset_rotation: FrameRotation::Factors(Vec::new()),
            mass: mass.mass,
            com: mass.com,
            inertia: mass.inertia,
        });
        Ok(Attach {
            body: Some(name),
            shift: [0.0; 3],
        })
    }

    /// A body welded to its parent or moved by hinges and slides, as a chain of joint bodies.
    fn chain(
        &mut self,
        k: usize,
        label: &str,
        joints: &[JointSpec],
        (origin, r): (Vec3, Mat3),
        parent: &Attach,
        mass: MassProperties,
    ) -> Result<Attach, ImportError> {
        let doc = self.doc;
        let line = doc.element(k).line;
        if joints.is_empty() {
            let name = self.names.fresh(label);
            self.bodies.push(Body {
                name: name.clone(),
                link: label.to_string(),
                joint: "(welded)".to_string(),
                line,
                parent: parent.body.clone(),
                motion: Motion::Fixed,
                offset: origin,
                offset_rotation: rotation(&r),
                mass: mass.mass,
                com: mass.com,
                inertia: mass.inertia,
            });
            return Ok(Attach {
                body: Some(name),
                shift: [0.0; 3],
            });
        }
        let mut anchor = [0.0; 3];
        let mut previous = parent.body.clone();
        for (i, j) in joints.iter().enumerate() {
            let last = i + 1 == joints.len();
            let here = if j.kind == "slide" { anchor } else { j.pos };
            let offset = if i == 0 {
                add(origin, apply(&r, here))
            } else {
                minus(here, anchor)
            };
            anchor = here;
            let q = self.coordinate(j)?;
            let name = if last {
                self.names.fresh(label)
            } else {
                self.names.fresh(&format!("{}_frame", j.name))
            };
            let motion = match j.kind {
                "slide" => Motion::Prismatic(q, j.axis),
                _ => Motion::Revolute(q, j.axis),
            };
            let m = if last { mass } else { MassProperties::NONE };
            self.bodies.push(Body {
                name: name.clone(),
                link: label.to_string(),
                joint: j.name.clone(),
                line: doc.element(j.element).line,
                parent: previous.clone(),
                motion,
                offset,
                offset_rotation: if i == 0 {
                    rotation(&r)
                } else {
                    FrameRotation::Factors(Vec::new())
                },
                mass: m.mass,
                com: minus(m.com, anchor),
                inertia: m.inertia,
            });
            previous = Some(name);
        }
        Ok(Attach {
            body: previous,
            shift: minus([0.0; 3], anchor),
        })
    }

    /// The coordinate of a hinge or slide with its damping, friction, armature, spring and
    /// limits.
    fn coordinate(&mut self, j: &JointSpec) -> Result<String, ImportError> {
        let doc = self.doc;
        let c = j.element;
        if j.kind == "ball" {
            let [q] = Coordinate::named(&mut self.names, &[&j.name]);
            let name = q.name.clone();
            self.coordinates.push(q);
            return Ok(name);
        }
        let hinge = j.kind == "hinge";
        let angle = |x: f64| if hinge { doc.angle(x) } else { x };
        // MuJoCo turns a hinge by qpos − ref (qpos0 = ref): the coordinate is that difference,
        // and every position of the joint (limits, spring reference) is shifted by ref.
        let reference = angle(doc.number(c, "ref", 0.0)?);
        let value = |key: &str| -> Result<f64, ImportError> {
            let x = doc.number(c, key, 0.0)?;
            if x < 0.0 {
                return Err(doc.error(c, format!("its `{key}` {x} is negative")));
            }
            Ok(x)
        };
        let (damping, friction, armature, stiffness) = (
            value("damping")?,
            value("frictionloss")?,
            value("armature")?,
            value("stiffness")?,
        );
        let range = doc.fixed::<2>(c, "range")?;
        let limited = match doc.flag(c, "limited")? {
            Some(l) => l,
            None => doc.compiler.auto_limits && range.is_some(),
        };
        let limits = match (limited, range) {
            (false, _) => None,
            (true, None) => return Err(doc.error(c, "a limited joint needs a `range`".into())),
            (true, Some([lo, hi])) if lo < hi => {
                Some((angle(lo) - reference, angle(hi) - reference))
            }
            (true, Some([lo, hi])) => {
                return Err(doc.error(c, format!("its range {lo} {hi} is not an interval")));
            }
        };
        let spring = (stiffness > 0.0).then(|| -> Result<(f64, f64), ImportError> {
            Ok((
                stiffness,
                angle(doc.number(c, "springref", 0.0)?) - reference,
            ))
        });
        let spring = spring.transpose()?;
        let name = self.names.fresh(&j.name);
        if reference != 0.0 {
            self.notes.push(super::note(
                doc,
                c,
                format!("joint `ref` {reference}: the coordinate `{name}` is MuJoCo's qpos − ref, its limits and spring reference shifted alike"),
            ));
        }
        self.joint_coordinates.push(JointCoordinate {
            joint: j.name.clone(),
            coordinate: name.clone(),
            reference,
        });
        self.coordinates.push(Coordinate {
            name: name.clone(),
            damping,
            friction,
            limits,
            armature,
            spring,
        });
        Ok(name)
    }
}
