//! A robot in the language's terms: joint bodies, frame points, coordinates with their damping,
//! friction and limits, and mimic constraints — what the block will say, before it is written.

use crate::names::Names;
use crate::spatial::{Mat3, Vec3};

/// The motion of a body's joint.
#[derive(Debug, Clone, PartialEq)]
pub enum Motion {
    /// `revolute(q)` about `axis`.
    Revolute(String, Vec3),
    /// `prismatic(q)` along `axis`.
    Prismatic(String, Vec3),
    /// `fixed`.
    Fixed,
    /// `floating(x, y, z, a, b, c)`.
    Floating([String; 6]),
}

/// One elementary rotation of a joint frame: `rotx`, `roty` or `rotz` by an angle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Turn {
    /// 'x', 'y' or 'z'.
    pub axis: char,
    /// The angle [rad].
    pub angle: f64,
}

/// URDF's rpy as factors of a rotation sequence: R_z(yaw) R_y(pitch) R_x(roll), zero angles
/// left out.
pub fn turns(rpy: Vec3) -> Vec<Turn> {
    [('z', rpy[2]), ('y', rpy[1]), ('x', rpy[0])]
        .into_iter()
        .filter(|(_, a)| *a != 0.0)
        .map(|(axis, angle)| Turn { axis, angle })
        .collect()
}

/// The constant rotation of a joint frame relative to its parent body's axes.
#[derive(Debug, Clone, PartialEq)]
pub enum FrameRotation {
    /// Elementary rotations in order (one URDF rpy, or none).
    Factors(Vec<Turn>),
    /// A rotation matrix (the product of several frames' rotations).
    Matrix(Mat3),
}

/// A body on a joint.
#[derive(Debug, Clone)]
pub struct Body {
    /// Its identifier (from the link's name).
    pub name: String,
    /// The link's name in the description.
    pub link: String,
    /// The joint's name in the description.
    pub joint: String,
    /// The joint's line (the root's link line for a floating base).
    pub line: usize,
    /// The parent body, `None` for the world.
    pub parent: Option<String>,
    /// The motion.
    pub motion: Motion,
    /// The joint frame's origin in the parent body's frame.
    pub offset: Vec3,
    /// The joint frame's rotation relative to the parent body's axes.
    pub offset_rotation: FrameRotation,
    /// Mass [kg].
    pub mass: f64,
    /// Centre of mass in body axes.
    pub com: Vec3,
    /// Inertia about the centre of mass in body axes (zero for a point mass).
    pub inertia: Mat3,
}

/// A frame without mass (a link welded to a body or to the world): its origin as a point.
#[derive(Debug, Clone)]
pub struct Point {
    /// Its identifier.
    pub name: String,
    /// The link's name in the description.
    pub link: String,
    /// The body it is fixed in, `None` for the world.
    pub body: Option<String>,
    /// Its coordinates in that body's frame (world coordinates for the world).
    pub at: Vec3,
}

/// A coordinate and what acts on it.
#[derive(Debug, Clone)]
pub struct Coordinate {
    /// Its identifier (from the joint's name, with a suffix for a floating joint's six).
    pub name: String,
    /// Viscous damping: Q −= d q̇ (URDF `<dynamics damping>`), 0 when absent.
    pub damping: f64,
    /// Coulomb friction magnitude (URDF `<dynamics friction>`), 0 when absent.
    pub friction: f64,
    /// Position limits (lower, upper), for a revolute or prismatic joint with a `<limit>`.
    pub limits: Option<(f64, f64)>,
    /// Armature: the inertia of a rotor turned by this coordinate alone (MJCF `armature`), 0
    /// when absent.
    pub armature: f64,
    /// A spring on the coordinate, V = ½ k (q − q_ref)² (MJCF `stiffness`, `springref`):
    /// (k, q_ref); `None` when absent.
    pub spring: Option<(f64, f64)>,
}

impl Coordinate {
    /// Coordinates with fresh names from `labels` and nothing acting on them.
    pub fn named<const N: usize>(names: &mut Names, labels: &[&str; N]) -> [Coordinate; N] {
        labels.map(|label| Coordinate {
            name: names.fresh(label),
            damping: 0.0,
            friction: 0.0,
            limits: None,
            armature: 0.0,
            spring: None,
        })
    }

    /// The six coordinates of a floating joint, `<prefix>_x` … `<prefix>_roll` (fresh names),
    /// with nothing acting on them.
    pub fn floating(names: &mut Names, prefix: &str) -> [Coordinate; 6] {
        let labels = ["x", "y", "z", "yaw", "pitch", "roll"].map(|s| format!("{prefix}_{s}"));
        Coordinate::named(names, &labels.each_ref().map(String::as_str))
    }
}

/// A mimic joint: follower = multiplier · leader + offset.
#[derive(Debug, Clone)]
pub struct Mimic {
    /// The follower's coordinate.
    pub follower: String,
    /// The leader's coordinate.
    pub leader: String,
    /// The multiplier (1 when absent).
    pub multiplier: f64,
    /// The offset (0 when absent).
    pub offset: f64,
}

impl Robot {
    /// A robot without bodies, under standard gravity.
    pub fn new(name: &str, format: &'static str) -> Robot {
        Robot {
            name: name.to_string(),
            bodies: Vec::new(),
            points: Vec::new(),
            coordinates: Vec::new(),
            mimics: Vec::new(),
            connects: Vec::new(),
            contacts: Vec::new(),
            frictions: Vec::new(),
            gravity: 9.81,
            format,
        }
    }
}

/// A point of a body (the centre of a sphere of radius `radius`, 0 for a corner) against a plane.
#[derive(Debug, Clone)]
pub struct PlaneContact {
    /// Its identifier.
    pub name: String,
    /// The joint body the point is fixed in.
    pub body: String,
    /// The point in that body's frame.
    pub local: Vec3,
    /// The sphere's radius.
    pub radius: f64,
    /// The plane's unit normal (world axes).
    pub normal: Vec3,
    /// A point of the plane.
    pub through: Vec3,
    /// Two unit tangents with t̂₁ × t̂₂ = n̂, or one for a planar mechanism (its motion's plane
    /// meets the contact plane along it).
    pub tangents: Vec<Vec3>,
    /// The friction parameter's name.
    pub friction: String,
}

/// Two body points held together (MJCF `connect`): along each direction, d·(p₁ − p₂) = 0.
#[derive(Debug, Clone)]
pub struct Connect {
    /// Its identifier.
    pub name: String,
    /// The joint body of the first point, and the point in its frame.
    pub first: (String, Vec3),
    /// The joint body of the second (`None`: the world), and the point in its frame.
    pub second: (Option<String>, Vec3),
    /// The world directions constrained (x, y, z; the two across a planar mechanism's a).
    pub directions: Vec<Vec3>,
    /// For a weld, the relative orientation held too.
    pub weld: Option<WeldAxes>,
}

/// A weld's orientation: the points `first[i]` = body1 at its point + e_i and `second[i]` =
/// body2 at the point that meets it where the model starts; with c₁ᵢ, c₂ᵢ these points less the
/// connected ones, E_ij = c₁ᵢ·c₂ⱼ is I while the relative orientation is held, and each row of
/// `about` weighs the skew components (E₁₂ − E₂₁, E₂₀ − E₀₂, E₀₁ − E₁₀) into one constraint.
#[derive(Debug, Clone)]
pub struct WeldAxes {
    /// Body1's points, in its frame.
    pub first: [Vec3; 3],
    /// Body2's points, in its frame (world points for the world).
    pub second: [Vec3; 3],
    /// The constrained combinations of the skew components (the three, or the one about a
    /// planar mechanism's hinge direction).
    pub about: Vec<Vec3>,
}

/// The whole robot in the language's terms.
#[derive(Debug, Clone)]
pub struct Robot {
    /// The robot's name in the description.
    pub name: String,
    /// Bodies in tree order (a parent before its children).
    pub bodies: Vec<Body>,
    /// Frames without mass.
    pub points: Vec<Point>,
    /// Coordinates in tree order.
    pub coordinates: Vec<Coordinate>,
    /// Mimic constraints.
    pub mimics: Vec<Mimic>,
    /// Point connections.
    pub connects: Vec<Connect>,
    /// Contacts with planes.
    pub contacts: Vec<PlaneContact>,
    /// Friction parameters of the contacts: (name, μ).
    pub frictions: Vec<(String, f64)>,
    /// Gravity along −z [m/s²].
    pub gravity: f64,
    /// The description's format, for the written header: `URDF` or `MJCF`.
    pub format: &'static str,
}
