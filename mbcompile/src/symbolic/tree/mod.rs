//! The structured route: M, h and everything derived from them for bodies on a kinematic tree,
//! from recursions over named intermediates instead of an expanded T.
//!
//! Expanding T(q, q̇) of a spatial chain in q before differentiating makes the expressions grow
//! 3–4× per joint. Here the tree's structure is kept: rotations, joint axes, velocities, composite
//! inertias and forces are intermediates computed once in tree order ([`kinematics`]), M comes
//! from the composite-rigid-body algorithm and h from the recursive Newton–Euler algorithm
//! ([`recursions`]); every other quantity (C, time derivatives, Jacobians, Hessians, contact
//! kinematics) is the chain rule through the same intermediates (forward-mode differentiation
//! of the straight-line program, see `symbolic::program`).
//!
//! - M: composite-rigid-body algorithm, a joint's armature added to its diagonal entry;
//! - h = −RNEA(q, q̇, q̈ = 0; gravity) + Q − ∇V_other, V_other being V without gravity
//!   (springs, written potentials);
//! - p = M q̇ by one pass over the subtree momenta, T = ½ q̇ᵀ p;
//! - C, the Christoffel form C_ij = Σ_k ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i) q̇_k, by the
//!   O(n·d) recursion of Echeandia & Wensing over composite inertias, their rates and the
//!   subtree momenta ([`coriolis`]);
//! - ∇V = RNEA(q, 0, 0; gravity) + ∇V_other;
//! - M a = RNEA(q, 0, a; no gravity), so ∂(M a)/∂q costs one forward-mode pass per coordinate;
//! - q̈ = M⁻¹ h by the articulated-body algorithm in O(n) ([`articulated`]).

pub(crate) mod articulated;
pub(crate) mod coriolis;
pub(crate) mod kinematics;
pub(crate) mod links;
pub(crate) mod recursions;

use super::algebra::{AtomMatrix, partial};
use super::convert::Converter;
use super::frame_atoms::{FrameAtoms, Frames};
use super::program::Program;
use super::symbols::{pool, vars};
use super::vec3::{M3, V3, add, dot, mat_vec, zero3};
use crate::dsl::assembled::Assembled;
use crate::dsl::ast::{Inertia, Vector};
use articulated::{Articulated, articulated};
use kinematics::{BodyInertia, LinkFrame, TreeParts, body_inertia, link_frames};
use links::{Link, links};
use recursions::{Pass, inverse_dynamics, mass_matrix, momenta};
use symbolica::atom::{Atom, AtomCore};

pub use links::structured;

/// The tree of a model: links, their frames and velocities, and the bodies' world inertias.
pub struct Tree<'p> {
    /// The derivation's program, which the recursions extend.
    prog: &'p Program,
    links: Vec<Link>,
    frames: Vec<LinkFrame>,
    bodies: Vec<BodyInertia>,
    gravity: Option<V3>,
    /// Each coordinate's armature (0 without one).
    armature: Vec<Atom>,
    nq: usize,
}

/// What the structured route derives for the dynamics.
pub struct TreeDynamics {
    /// M.
    pub mass: AtomMatrix,
    /// h.
    pub forces: Vec<Atom>,
    /// C.
    pub coriolis: AtomMatrix,
    /// ∇V.
    pub potential_gradient: Vec<Atom>,
    /// M a for the symbolic vector a.
    pub mass_action: Vec<Atom>,
    /// ∂(M a)/∂q.
    pub mass_action_q: AtomMatrix,
    /// The applied generalised forces Q − ∇V_other (not named: see [`Tree::articulated`]).
    pub applied: Vec<Atom>,
}

/// A body's optional centre of mass (or other vector) as atoms; zero when not given.
fn optional_vector(v: Option<&Vector>, conv: &Converter) -> V3 {
    v.map_or_else(zero3, |v| conv.vector3(&v.components))
}

/// A body's inertia about its centre of mass in body axes; zero for a particle.
fn inertia(i: Option<&Inertia>, conv: &Converter) -> M3 {
    match i {
        Some(Inertia::Matrix(m)) => conv.matrix3(&m.rows),
        _ => std::array::from_fn(|_| zero3()),
    }
}

impl<'p> Tree<'p> {
    /// Builds the tree's intermediates for an assembled model whose bodies all hang on joints.
    pub fn build(model: &Assembled, conv: &Converter<'p>) -> Tree<'p> {
        let prog = conv.program();
        let links = links(model, conv);
        let frames = link_frames(prog, &links);
        let mut bodies = Vec::new();
        for (k, link) in links.iter().enumerate() {
            let Some(b) = link.body else { continue };
            let body = &model.tree[b];
            bodies.push(body_inertia(
                prog,
                k,
                &frames[k],
                conv.atom(&body.mass),
                &optional_vector(body.com.as_ref(), conv),
                &inertia(body.inertia.as_ref(), conv),
            ));
        }
        let mut armature = vec![Atom::num(0); model.coordinates().len()];
        for j in model.tree.iter().filter_map(|b| b.joint.as_ref()) {
            if let (Some(a), [q]) = (&j.armature, j.kind.coordinates().as_slice()) {
                let i = model.coordinates().iter().position(|c| c.text == q.text);
                if let Some(i) = i {
                    armature[i] = conv.atom(a);
                }
            }
        }
        Tree {
            prog,
            links,
            frames,
            bodies,
            armature,
            gravity: model.gravity.as_ref().map(|g| conv.vector3(g)),
            nq: model.coordinates().len(),
        }
    }

    /// The frame of every joint body (for the conversion of points and rotations on bodies).
    pub fn body_frames(&self, model: &Assembled) -> Frames {
        let mut out = Frames::new();
        for (link, frame) in self.links.iter().zip(&self.frames) {
            if let Some(b) = link.body {
                out.insert(
                    model.tree[b].name.text.clone(),
                    FrameAtoms {
                        rotation: frame.rotation.clone(),
                        origin: frame.world_origin(self.prog),
                    },
                );
            }
        }
        out
    }

    /// V of gravity, −Σ m g·c, in the same (unnamed) form as the assembled potential.
    fn gravity_potential(&self, model: &Assembled, conv: &Converter) -> Atom {
        let Some(g) = &self.gravity else {
            return Atom::num(0);
        };
        let mut v = Atom::num(0);
        for b in &self.bodies {
            let link = &self.links[b.link];
            let body = &model.tree[link.body.unwrap_or(0)];
            let frame = &self.frames[b.link];
            let com = optional_vector(body.com.as_ref(), conv);
            let c = add(
                &frame.world_origin(self.prog),
                &mat_vec(&frame.rotation, &com),
            );
            v -= &b.mass * dot(g, &c);
        }
        v
    }

    fn parts(&self) -> TreeParts<'_> {
        TreeParts {
            prog: self.prog,
            links: &self.links,
            frames: &self.frames,
            bodies: &self.bodies,
            armature: &self.armature,
            nq: self.nq,
        }
    }

    fn pass<'a>(
        &'a self,
        velocity: bool,
        acceleration: Option<&'a [Atom]>,
        gravity: bool,
    ) -> Pass<'a> {
        Pass {
            velocity,
            acceleration,
            gravity: if gravity { self.gravity.as_ref() } else { None },
        }
    }

    /// q̈ = M⁻¹ h by the articulated-body algorithm for the applied forces of
    /// [`TreeDynamics::applied`]. Made after everything else, so that its intermediates come
    /// last in the program and leave the numbering of the others as it is.
    pub fn articulated(&self, applied: &[Atom]) -> Articulated {
        articulated(self.parts(), applied, self.gravity.as_ref())
    }

    /// T = ½ q̇ᵀ p with the momenta of one pass over the tree.
    pub fn kinetic(&self) -> Atom {
        let qd = vars(&pool().qd, self.nq);
        let p = momenta(self.parts());
        self.prog.define((dot_n(&qd, &p) / Atom::num(2)).expand())
    }

    /// M, h, C, ∇V and M a with its q-Jacobian; `potential` is the assembled V and
    /// `generalised` the assembled Q.
    pub fn dynamics(
        &self,
        model: &Assembled,
        conv: &Converter,
        potential: &Atom,
        generalised: &[Atom],
    ) -> TreeDynamics {
        let p = pool();
        let (prog, nq, parts) = (self.prog, self.nq, self.parts());
        let mass = mass_matrix(parts);
        let other = (potential - self.gravity_potential(model, conv)).expand();
        let other_gradient: Vec<Atom> = (0..nq)
            .map(|i| partial(prog, &other, p.q[i]).expand())
            .collect();
        let bias = inverse_dynamics(parts, &self.pass(true, None, true));
        let gravity = inverse_dynamics(parts, &self.pass(false, None, true));
        let forces = (0..nq)
            .map(|i| prog.define((&generalised[i] - &bias[i] - &other_gradient[i]).expand()))
            .collect();
        let potential_gradient = (0..nq)
            .map(|i| prog.define((&gravity[i] + &other_gradient[i]).expand()))
            .collect();
        let coriolis = coriolis::coriolis(parts);
        let a = vars(&p.a, nq);
        let mass_action = inverse_dynamics(parts, &self.pass(false, Some(&a), false));
        let mass_action_q = mass_action
            .iter()
            .map(|f| (0..nq).map(|j| partial(prog, f, p.q[j])).collect())
            .collect();
        let applied = (0..nq)
            .map(|i| (&generalised[i] - &other_gradient[i]).expand())
            .collect();
        TreeDynamics {
            mass,
            forces,
            coriolis,
            potential_gradient,
            mass_action,
            mass_action_q,
            applied,
        }
    }
}

/// Σ a_i b_i.
fn dot_n(a: &[Atom], b: &[Atom]) -> Atom {
    let mut s = Atom::num(0);
    for (x, y) in a.iter().zip(b) {
        if !y.is_zero() {
            s += x * y;
        }
    }
    s
}
