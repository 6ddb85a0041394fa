//! The parsed model: what a `mechanism!` block says, with the source span of every part.

use proc_macro2::Span;

/// A name with the place it was written.
#[derive(Debug, Clone)]
pub struct Name {
    /// The identifier text.
    pub text: String,
    /// Where it was written.
    pub span: Span,
}

/// Functions an expression may call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Function {
    /// sin
    Sin,
    /// cos
    Cos,
    /// tan
    Tan,
    /// exp
    Exp,
    /// natural logarithm, written `ln`
    Ln,
    /// square root
    Sqrt,
    /// absolute value
    Abs,
}

impl Function {
    /// Every supported function, for messages.
    pub const ALL: [Function; 7] = [
        Function::Sin,
        Function::Cos,
        Function::Tan,
        Function::Exp,
        Function::Ln,
        Function::Sqrt,
        Function::Abs,
    ];

    /// The name as written in the block.
    pub fn name(self) -> &'static str {
        match self {
            Function::Sin => "sin",
            Function::Cos => "cos",
            Function::Tan => "tan",
            Function::Exp => "exp",
            Function::Ln => "ln",
            Function::Sqrt => "sqrt",
            Function::Abs => "abs",
        }
    }

    /// The function's value at `x` (for values at the parameter defaults).
    pub fn eval(self, x: f64) -> f64 {
        let f: fn(f64) -> f64 = match self {
            Function::Sin => f64::sin,
            Function::Cos => f64::cos,
            Function::Tan => f64::tan,
            Function::Exp => f64::exp,
            Function::Ln => f64::ln,
            Function::Sqrt => f64::sqrt,
            Function::Abs => f64::abs,
        };
        f(x)
    }

    /// Looks a function up by the name used in the block.
    pub fn from_name(name: &str) -> Option<Function> {
        Function::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Binary arithmetic operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
}

/// An expression of the model language (a subset of Rust expression syntax).
#[derive(Debug, Clone)]
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it was written.
    pub span: Span,
}

impl Expr {
    /// An expression of `kind` at `span`.
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    /// The integer `k`.
    pub fn int(k: i64, span: Span) -> Expr {
        let n = Number {
            value: k as f64,
            digits: k.to_string(),
            exponent: 0,
        };
        Expr::new(ExprKind::Number(n), span)
    }
}

/// The kinds of expression.
#[derive(Debug, Clone)]
pub enum ExprKind {
    /// A numeric literal: its value and its exact decimal value as numerator / 10^scale · 10^exp.
    Number(Number),
    /// A parameter, coordinate, the time, or a `let` definition.
    Name(String),
    /// `dot(q)`: the velocity of coordinate q.
    Dot(String),
    /// Unary minus.
    Neg(Box<Expr>),
    /// `a + b`, `a - b`, `a * b`, `a / b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `sin(a)` or `a.sin()` and friends.
    Call(Function, Box<Expr>),
    /// `a.powi(n)` or `powi(a, n)`: integer power.
    Powi(Box<Expr>, i64),
    /// `a.powf(b)` or `powf(a, b)`: real power.
    Powf(Box<Expr>, Box<Expr>),
    /// Component `component` (0..3) of the world position of the point with body-axes
    /// coordinates `local` fixed in body `body`: origin + R·local, written `body * (x, y, z)` (and
    /// a joint body used as a point: its centre of mass).
    BodyPoint {
        /// The body.
        body: String,
        /// Coordinates of the point in the body's axes.
        local: Vec<Expr>,
        /// Which world component.
        component: usize,
    },
    /// Component `component` (0..3, world axes) of the named point, vector `let` or body (its
    /// centre of mass), written `P.x`, `P.y`, `P.z`; replaced by the component's expression
    /// when the model is assembled.
    Component {
        /// The point, vector `let` or body.
        name: String,
        /// Which world component.
        component: usize,
    },
    /// Component `component` (0..3, world axes) of `velocity(body, point)`, the velocity of the
    /// material point of `body` at `point`, ṙ_B + ω × (r_P − r_B), or, with `point` absent, of
    /// `angular_velocity(body)` (world axes); written `velocity(B, P).x` and
    /// `angular_velocity(B).z` in velocity constraints, resolved by assembly.
    BodyVelocity {
        /// The body.
        body: String,
        /// The point or body name (`None`: the angular velocity).
        point: Option<String>,
        /// Which world component.
        component: usize,
    },
}

/// A numeric literal kept exactly as written (decimal), so that symbolic work is exact.
#[derive(Debug, Clone, PartialEq)]
pub struct Number {
    /// Value as an `f64`.
    pub value: f64,
    /// Decimal digits without the point, e.g. `0.0058` → `58`.
    pub digits: String,
    /// Power of ten: value = digits · 10^exponent.
    pub exponent: i64,
}

/// A parameter with its default value.
#[derive(Debug, Clone)]
pub struct Parameter {
    /// Its name (a public field of the generated struct).
    pub name: Name,
    /// Default value.
    pub default: Number,
    /// Span of the default value.
    pub default_span: Span,
    /// Documentation (e.g. units), from `///` comments.
    pub doc: Vec<String>,
}

/// A `let` definition: a named subexpression.
#[derive(Debug, Clone)]
pub struct Definition {
    /// Its name.
    pub name: Name,
    /// Its value.
    pub value: Expr,
}

/// A vector `let` definition, e.g. `let p = (0.0, 0.0, l1);`: a named vector, substituted
/// wherever its name stands for a vector.
#[derive(Debug, Clone)]
pub struct VectorDefinition {
    /// Its name.
    pub name: Name,
    /// Its value, with points, bodies and other vector names replaced by their components.
    pub value: Vector,
}

/// A generalised force acting on one coordinate.
#[derive(Debug, Clone)]
pub struct Force<E = Expr> {
    /// The coordinate.
    pub coordinate: Name,
    /// Q_i(q, q̇, t).
    pub value: E,
}

/// A bilateral constraint: holonomic, g(q, t) = 0 (`constraint`), or a velocity constraint
/// γ = A(q, t) q̇ + a(q, t) = 0 (`velocity_constraint`, not integrable in general).
#[derive(Debug, Clone)]
pub struct Constraint<E = Expr> {
    /// Its name.
    pub name: Name,
    /// g(q, t), or γ(q, q̇, t) (linear in q̇) of a velocity constraint.
    pub value: E,
    /// Whether it is a velocity constraint.
    pub velocity: bool,
}

/// `rolling name { body: B, radius: r, axis: a, normal: n, through: r0, … }`: body B touches the
/// plane (line) through r0 with normal n at one point and rolls on it without slipping.
#[derive(Debug, Clone)]
pub struct Rolling {
    /// Its name (the velocity constraints are `name_t1`, `name_t2`; planar: `name_t`).
    pub name: Name,
    /// The rolling body.
    pub body: Name,
    /// The radius of its rim (a disk with `axis`) or of the sphere (without `axis`).
    pub radius: Expr,
    /// A disk's axis in body axes (a sphere or a planar disk has none).
    pub axis: Option<Vector>,
    /// The normal of the plane (line).
    pub normal: Vector,
    /// A point of the plane (the origin if absent).
    pub through: Option<Vector>,
    /// The given tangent t̂1 (as for contacts), if any.
    pub tangent: Option<Vector>,
    /// The velocity of the surface at the contact point (a moving plane), if any.
    pub surface_velocity: Option<Vector>,
    /// Whether the touching condition n̂·(P − r0) = 0 is added as a holonomic constraint
    /// `name_touch` (when the coordinates do not already keep the body on the plane).
    pub touch: bool,
    /// The whole item.
    pub span: Span,
}

/// How the tangential direction of a contact, or the two directions of its tangent plane, is
/// given.
#[derive(Debug, Clone)]
pub enum Tangent<E = Expr> {
    /// A slip function s_T(q, t): W_T = ∇s_T.
    Slip(E),
    /// A tangential velocity γ_T linear in q̇.
    Velocity(E),
    /// Two slip functions (s_T1, s_T2) of a tangent plane: W_T = ∇s_T1, W_T2 = ∇s_T2.
    Slips([E; 2]),
    /// Two tangential velocities (γ_T1, γ_T2) of a tangent plane, each linear in q̇.
    Velocities([E; 2]),
}

impl<E> Tangent<E> {
    /// The expressions giving the directions, and whether each is a slip function (not a
    /// velocity): one for a single tangent, two for a tangent plane.
    pub fn directions(&self) -> Vec<(&E, bool)> {
        match self {
            Tangent::Slip(e) => vec![(e, true)],
            Tangent::Velocity(e) => vec![(e, false)],
            Tangent::Slips([a, b]) => vec![(a, true), (b, true)],
            Tangent::Velocities([a, b]) => vec![(a, false), (b, false)],
        }
    }

    /// Whether this gives a tangent plane (two directions).
    pub fn is_plane(&self) -> bool {
        matches!(self, Tangent::Slips(_) | Tangent::Velocities(_))
    }
}

/// A vector of 2 (planar) or 3 (spatial) components: a position, direction or force.
#[derive(Debug, Clone)]
pub struct Vector {
    /// The components.
    pub components: Vec<Expr>,
    /// Where it was written.
    pub span: Span,
}

/// A 3×3 matrix written as rows `[[a, b, c], [d, e, f], [g, h, i]]`.
#[derive(Debug, Clone)]
pub struct Matrix3 {
    /// The rows.
    pub rows: Vec<Vec<Expr>>,
    /// Where it was written.
    pub span: Span,
}

/// A named point: its position as a function of (q, t).
#[derive(Debug, Clone)]
pub struct Point {
    /// Its name.
    pub name: Name,
    /// r(q, t).
    pub position: Vector,
}

/// An axis of an elementary rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Axis {
    /// `rotx(a)`.
    X,
    /// `roty(a)`.
    Y,
    /// `rotz(a)`.
    Z,
}

/// One factor of a rotation sequence R = R_1 R_2 ⋯.
#[derive(Debug, Clone)]
pub enum RotationFactor {
    /// rotx(a), roty(a), rotz(a).
    Elementary(Axis, Expr),
    /// rot((ax, ay, az), a): rotation by a about the (normalised) axis (Rodrigues).
    About(Vector, Expr),
    /// The rotation of another body (frame composition): `[link1, roty(q2)]`.
    Body(Name),
    /// A constant rotation matrix written by rows (the whole of an `offset_rotation`; checked
    /// orthonormal like a hand-written `rotation` matrix).
    Matrix(Matrix3),
}

/// How a body's orientation is given.
#[derive(Debug, Clone)]
pub enum Orientation {
    /// Planar: the angle of the body (ω = dθ/dt).
    Angle(Expr),
    /// Spatial: R = R_1 R_2 ⋯ (body axes to world axes), a sequence of rotation factors.
    Sequence(Vec<RotationFactor>, Span),
    /// Spatial: the rotation matrix (body axes to world axes).
    Matrix(Matrix3),
}

/// A body's inertia about its centre of mass.
#[derive(Debug, Clone)]
pub enum Inertia {
    /// Planar: the moment of inertia.
    Scalar(Expr),
    /// Spatial: the inertia tensor in body axes.
    Matrix(Matrix3),
}

/// A joint attaching a body to its parent body (or the world).
#[derive(Debug, Clone)]
pub struct Joint {
    /// The parent body; `None` for the world.
    pub parent: Option<Name>,
    /// The motion the joint allows.
    pub kind: JointKind,
    /// Origin of the joint frame in the parent's frame (parent axes); zero when not given.
    pub offset: Option<Vector>,
    /// Constant rotation of the joint frame relative to the parent's axes (identity when empty).
    pub offset_rotation: Vec<RotationFactor>,
    /// Armature a (revolute and prismatic joints; parameters only, ≥ 0): the inertia of a rotor
    /// driven by the joint coordinate alone (a motor behind a gear of ratio r: r² I_rotor), which
    /// adds ½ a q̇² to T and a to M_qq.
    pub armature: Option<Expr>,
    /// The whole joint declaration.
    pub span: Span,
}

/// The motion a joint allows.
#[derive(Debug, Clone)]
pub enum JointKind {
    /// Rotation by the coordinate about `axis` (joint-frame axes; constant, non-zero, need not be
    /// unit: it is normalised).
    Revolute {
        /// The joint coordinate (an angle).
        coordinate: Name,
        /// The axis in joint-frame axes.
        axis: Vector,
    },
    /// Translation by the coordinate along `axis` (normalised likewise).
    Prismatic {
        /// The joint coordinate (a length).
        coordinate: Name,
        /// The direction in joint-frame axes.
        axis: Vector,
    },
    /// No motion: the body is welded to its parent.
    Fixed,
    /// Six coordinates (x, y, z, a, b, c): translation (x, y, z) in the joint frame, then
    /// R_z(a) R_y(b) R_x(c).
    Floating {
        /// x, y, z, a, b, c.
        coordinates: Vec<Name>,
    },
}

impl JointKind {
    /// The coordinates the joint moves, in order.
    pub fn coordinates(&self) -> Vec<&Name> {
        match self {
            JointKind::Revolute { coordinate, .. } | JointKind::Prismatic { coordinate, .. } => {
                vec![coordinate]
            }
            JointKind::Fixed => Vec::new(),
            JointKind::Floating { coordinates } => coordinates.iter().collect(),
        }
    }

    /// The axis of a revolute or prismatic joint.
    pub fn axis(&self) -> Option<&Vector> {
        match self {
            JointKind::Revolute { axis, .. } | JointKind::Prismatic { axis, .. } => Some(axis),
            JointKind::Fixed | JointKind::Floating { .. } => None,
        }
    }

    /// The name of the kind as written.
    pub fn keyword(&self) -> &'static str {
        match self {
            JointKind::Revolute { .. } => "revolute",
            JointKind::Prismatic { .. } => "prismatic",
            JointKind::Fixed => "fixed",
            JointKind::Floating { .. } => "floating",
        }
    }
}

/// A rigid body (or a particle, without orientation and inertia).
#[derive(Debug, Clone)]
pub struct Body {
    /// Its name; as a point it stands for the centre of mass.
    pub name: Name,
    /// Mass (parameters only).
    pub mass: Expr,
    /// Centre of mass r(q, t) of a body without a joint (required there); `None` for a joint
    /// body, whose centre of mass is `frame * com`.
    pub position: Option<Vector>,
    /// Orientation, if the body rotates (bodies without a joint).
    pub orientation: Option<Orientation>,
    /// Inertia about the centre of mass (needs an orientation or a joint).
    pub inertia: Option<Inertia>,
    /// The joint attaching the body to its parent or the world.
    pub joint: Option<Joint>,
    /// Centre of mass in body axes (joint bodies only); zero when not given.
    pub com: Option<Vector>,
    /// The whole declaration.
    pub span: Span,
}

/// A linear spring between two points: V = ½ k (|r_a − r_b| − l₀)².
#[derive(Debug, Clone)]
pub struct Spring {
    /// Its name.
    pub name: Name,
    /// The two points (or bodies).
    pub between: [Name; 2],
    /// Stiffness k.
    pub stiffness: Expr,
    /// Rest length l₀ (0 when not given).
    pub rest: Option<Expr>,
}

/// A linear damper between two points: force −c ḋ along the line, d = |r_a − r_b|.
#[derive(Debug, Clone)]
pub struct Damper {
    /// Its name.
    pub name: Name,
    /// The two points (or bodies).
    pub between: [Name; 2],
    /// Damping coefficient c.
    pub coefficient: Expr,
}

/// A force applied at a point, in world axes: Q = (∂r/∂q)ᵀ F.
#[derive(Debug, Clone)]
pub struct Load {
    /// Its name.
    pub name: Name,
    /// The point (or body centre of mass).
    pub at: Name,
    /// F(q, q̇, t).
    pub force: Vector,
}

/// A torque on a body: Q = (∂ω/∂q̇)ᵀ τ (planar: τ ∂θ/∂q; spatial: τ in world axes).
#[derive(Debug, Clone)]
pub struct Torque {
    /// Its name.
    pub name: Name,
    /// The body.
    pub on: Name,
    /// τ: one component (planar) or three (spatial, world axes).
    pub value: Vector,
}

/// How the gap of a contact is given.
#[derive(Debug, Clone)]
pub enum Gap {
    /// g_N(q, t) written directly.
    Expr(Expr),
    /// A point against a fixed line (planar) or plane (spatial): g_N = n̂·(r − r₀).
    Plane {
        /// The point (or body centre of mass).
        point: Name,
        /// The normal n (parameters only, non-zero; the side it points to is free).
        normal: Vector,
        /// A point r₀ of the line or plane (the origin when not given).
        through: Option<Vector>,
    },
    /// A distance limit between two points: g_N = l − |r_a − r_b| (`max: l`) or
    /// |r_a − r_b| − l (`min: l`).
    Distance {
        /// The two points.
        between: [Name; 2],
        /// The limit l.
        limit: Expr,
        /// Whether l is a maximum (a string) or a minimum.
        maximum: bool,
    },
}

/// A unilateral contact with Newton restitution and Coulomb friction.
#[derive(Debug, Clone)]
pub struct Contact {
    /// Its name.
    pub name: Name,
    /// The gap g_N(q, t) ≥ 0.
    pub gap: Gap,
    /// Normal restitution ε_N ∈ [0, 1] (an expression of parameters).
    pub normal_restitution: Expr,
    /// Tangential restitution ε_T ∈ [0, 1]; 0 when not given.
    pub tangential_restitution: Option<Expr>,
    /// Friction coefficient μ ≥ 0; 0 when not given.
    pub friction: Option<Expr>,
    /// The tangential direction (or the two directions of a tangent plane), needed when μ is
    /// given; for a point against a line or plane it is made by assembly.
    pub tangent: Option<Tangent>,
    /// A tangent direction t for a point against a line or plane (`tangent: t`, or the first of
    /// `tangents: (t1, t2)`): slip s_T = t̂·r. Without it a line takes its own direction and a
    /// plane a basis built from its normal (see `assemble`).
    pub tangent_direction: Option<Vector>,
    /// The second tangent t2 of `tangents: (t1, t2)` (a point against a plane); n̂ × t̂ when
    /// not given.
    pub second_tangent_direction: Option<Vector>,
    /// The span of the whole contact block (for messages about it as a whole).
    pub span: Span,
}

impl Contact {
    /// Whether the contact has a tangent plane (two tangential directions, spatial Coulomb
    /// friction): a pair of slips or tangential velocities, or a point against a plane in space
    /// with friction and neither of them.
    pub fn has_tangent_plane(&self) -> bool {
        match (&self.tangent, &self.gap) {
            (Some(t), _) => t.is_plane(),
            (None, Gap::Plane { normal, .. }) => {
                self.friction.is_some() && normal.components.len() == 3
            }
            (None, _) => false,
        }
    }
}

/// What a block asks of the expansion of T.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expansion {
    /// `full`: expand T in q.
    Full,
    /// `none`: never expand T.
    None,
}

/// The `generate { … }` item: what code to generate.
#[derive(Debug, Clone)]
pub struct Generate {
    /// The optional capability traits to generate (`rates`, `statics`, `jacobians`); all of
    /// them when `None` (`Dynamics` and `Constraints` are always generated).
    pub capabilities: Option<Vec<Name>>,
    /// `expansion: full` (derive by expanding T in q, even for a joint tree) or `expansion:
    /// none` (never expand T: the program route, even for a small model); `None`: the generator
    /// chooses (see `symbolic::derive::route`).
    pub expansion: Option<Expansion>,
    /// `targets: [rust, c]`: the languages `mbcompile gen` writes for this block when its
    /// command line names none (`--target` names them for every block); `None`: Rust only. The
    /// Rust module is always among them (the `mechanism!` macro includes it). The choice does not
    /// change the derivation, so it is not part of the block's fingerprint.
    pub targets: Option<Vec<Name>>,
    /// The whole item.
    pub span: Span,
}

impl Generate {
    /// The capability names `capabilities` accepts.
    pub const CAPABILITIES: [&'static str; 3] = ["rates", "statics", "jacobians"];
    /// The language names `targets` accepts.
    pub const TARGETS: [&'static str; 2] = ["rust", "c"];

    /// Whether the block asks for the C target (`targets: [rust, c]`).
    pub fn wants_c(&self) -> bool {
        self.targets
            .as_ref()
            .is_some_and(|t| t.iter().any(|n| n.text == "c"))
    }
}

/// A parsed `mechanism!` block.
#[derive(Debug, Clone)]
pub struct Model {
    /// Documentation of the mechanism, from `///` comments.
    pub doc: Vec<String>,
    /// Name of the generated struct (the module is its snake-case form).
    pub name: Name,
    /// Parameters, in order.
    pub parameters: Vec<Parameter>,
    /// Generalised coordinates, in order.
    pub coordinates: Vec<Name>,
    /// Name of the time variable, if the model uses time explicitly.
    pub time: Option<Name>,
    /// `let` definitions of scalars, in order.
    pub definitions: Vec<Definition>,
    /// `let` definitions of vectors, in order.
    pub vectors: Vec<VectorDefinition>,
    /// Kinetic energy T(q, q̇, t).
    pub kinetic: Option<Expr>,
    /// Potential energy V(q, t).
    pub potential: Option<Expr>,
    /// Generalised forces.
    pub forces: Vec<Force>,
    /// Bilateral constraints.
    pub constraints: Vec<Constraint>,
    /// Unilateral contacts.
    pub contacts: Vec<Contact>,
    /// Rolling bodies (lowered to constraints by assembly).
    pub rollings: Vec<Rolling>,
    /// Named points.
    pub points: Vec<Point>,
    /// Bodies.
    pub bodies: Vec<Body>,
    /// The gravity vector (acceleration), if bodies weigh.
    pub gravity: Option<Vector>,
    /// Springs.
    pub springs: Vec<Spring>,
    /// Dampers.
    pub dampers: Vec<Damper>,
    /// Forces at points.
    pub loads: Vec<Load>,
    /// Torques on bodies.
    pub torques: Vec<Torque>,
    /// What code to generate (`generate { … }`), if given.
    pub generate: Option<Generate>,
    /// Span of the whole block.
    pub span: Span,
}

impl Model {
    /// The module name: the snake-case form of the struct name.
    pub fn module_name(&self) -> String {
        snake_case(&self.name.text)
    }
}

/// `DoublePendulum` → `double_pendulum`.
pub fn snake_case(s: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let prev_lower =
                i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if i > 0 && (prev_lower || (next_lower && chars[i - 1] != '_')) {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
