//! The recursive algorithms over the tree, each step a named intermediate:
//!
//! - inverse dynamics by the recursive Newton–Euler algorithm (Featherstone 2008, *Rigid Body
//!   Dynamics Algorithms*, §5.3, here with spatial vectors about the reference point of
//!   `kinematics`, called the origin below): the link
//!   accelerations A = A_p + (V ×m S) q̇ + S q̈ outwards, each body's force about the origin
//!   F = m (ẍ_c − g), N = c × F + I ω̇ + ω × I ω with ẍ_c = a_O + ω̇ × c + ω × v_c, the forces
//!   summed inwards, and τ_k = S_kᵀ f_k for every joint;
//! - the generalised momenta p = M q̇ = ∂T/∂q̇: p_k = S_kᵀ Σ_{subtree} (L_O, m v_c) with the
//!   angular momentum about the origin L_O = c × m v_c + I ω;
//! - the mass matrix by the composite-rigid-body algorithm (Featherstone 2008, §6.2): composite
//!   mass, first moment h = Σ m c and rotational inertia about the origin
//!   Σ (I + m (|c|² 1 − c cᵀ)) summed inwards; then M_ij = S_jᵀ I_i^c S_i for j an ancestor of
//!   i (or i itself), with I^c (ω, v) = (h × v + I_O ω, m v + ω × h).

use super::super::program::Program;
use super::super::symbols::pool;
use super::super::vec3::{V3, add, cross, mat_vec, named, named_symmetric, scale, sub, zero3};
use super::kinematics::{
    BodyInertia, LinkFrame, Spatial, TreeParts, is_zero, motion_cross, pairing, zero6,
};
use super::links::Link;
use symbolica::atom::{Atom, AtomCore};

/// What an inverse-dynamics pass includes.
pub struct Pass<'a> {
    /// Use the link velocities (otherwise q̇ = 0).
    pub velocity: bool,
    /// q̈ per coordinate (otherwise 0).
    pub acceleration: Option<&'a [Atom]>,
    /// The gravity vector g (acceleration), if it acts.
    pub gravity: Option<&'a V3>,
}

pub(super) fn named6(prog: &Program, v: &Spatial) -> Spatial {
    [named(prog, &v[0]), named(prog, &v[1])]
}

fn add6(a: &Spatial, b: &Spatial) -> Spatial {
    [add(&a[0], &b[0]), add(&a[1], &b[1])]
}

fn scale6(s: &Atom, a: &Spatial) -> Spatial {
    [scale(s, &a[0]), scale(s, &a[1])]
}

/// The links' spatial accelerations, outwards.
fn accelerations(
    prog: &Program,
    links: &[Link],
    frames: &[LinkFrame],
    pass: &Pass,
) -> Vec<Spatial> {
    let mut out: Vec<Spatial> = Vec::with_capacity(links.len());
    for (link, f) in links.iter().zip(frames) {
        let mut a = link.parent.map_or_else(zero6, |p| out[p].clone());
        if let Some(i) = f.coordinate {
            if pass.velocity {
                let qd = Atom::var(super::super::symbols::pool().qd[i]);
                let sdot = motion_cross(&f.velocity, &f.motion);
                a = add6(&a, &scale6(&qd, &sdot));
            }
            if let Some(qdd) = pass.acceleration {
                a = add6(&a, &scale6(&qdd[i], &f.motion));
            }
        }
        out.push(if is_zero(&a) { a } else { named6(prog, &a) });
    }
    out
}

/// The force (N about the origin, F) a body needs for acceleration `acc` and velocity `vel`.
pub(super) fn body_force(
    prog: &Program,
    b: &BodyInertia,
    vel: &Spatial,
    acc: &Spatial,
    gravity: Option<&V3>,
) -> Spatial {
    let (w, v) = (&vel[0], &vel[1]);
    let (wd, ad) = (&acc[0], &acc[1]);
    let vc = named(prog, &add(v, &cross(w, &b.com)));
    let mut xdd = add(&add(ad, &cross(wd, &b.com)), &cross(w, &vc));
    if let Some(g) = gravity {
        xdd = sub(&xdd, g);
    }
    let f = named(prog, &scale(&b.mass, &xdd));
    let iw = mat_vec(&b.inertia, w);
    let n = add(
        &add(&cross(&b.com, &f), &mat_vec(&b.inertia, wd)),
        &cross(w, &named(prog, &iw)),
    );
    [named(prog, &n), f]
}

/// Sums per-link spatial vectors inwards (each link gets its subtree's sum), named.
fn inwards(prog: &Program, links: &[Link], mut own: Vec<Spatial>) -> Vec<Spatial> {
    for k in (0..links.len()).rev() {
        if !is_zero(&own[k]) {
            own[k] = named6(prog, &own[k]);
        }
        if let Some(p) = links[k].parent {
            let s = add6(&own[p], &own[k]);
            own[p] = s;
        }
    }
    own
}

/// S_kᵀ f_k for every coordinate.
fn joint_forces(prog: &Program, frames: &[LinkFrame], f: &[Spatial], nq: usize) -> Vec<Atom> {
    let mut tau = vec![Atom::num(0); nq];
    for (frame, fk) in frames.iter().zip(f) {
        if let Some(i) = frame.coordinate {
            tau[i] = prog.define(pairing(&frame.motion, fk).expand());
        }
    }
    tau
}

/// τ = M q̈ + C q̇ + ∇V_gravity for the parts `pass` includes.
pub fn inverse_dynamics(tree: TreeParts, pass: &Pass) -> Vec<Atom> {
    let TreeParts {
        prog,
        links,
        frames,
        bodies,
        armature,
        nq,
    } = tree;
    let acc = accelerations(prog, links, frames, pass);
    let mut own = vec![zero6(); links.len()];
    for b in bodies {
        let vel = if pass.velocity {
            frames[b.link].velocity.clone()
        } else {
            zero6()
        };
        let f = body_force(prog, b, &vel, &acc[b.link], pass.gravity);
        own[b.link] = add6(&own[b.link], &f);
    }
    let mut tau = joint_forces(prog, frames, &inwards(prog, links, own), nq);
    if let Some(qdd) = pass.acceleration {
        for ((t, a), qdd) in tau.iter_mut().zip(armature).zip(qdd) {
            if !a.is_zero() {
                *t = prog.define((&*t + a * qdd).expand());
            }
        }
    }
    tau
}

/// Every link's subtree momentum (L_O, Σ m v_c) about the origin, named.
pub fn subtree_momenta(tree: TreeParts) -> Vec<Spatial> {
    let TreeParts {
        prog,
        links,
        frames,
        bodies,
        ..
    } = tree;
    let mut own = vec![zero6(); links.len()];
    for b in bodies {
        let [w, v] = &frames[b.link].velocity;
        let vc = named(prog, &add(v, &cross(w, &b.com)));
        let p = scale(&b.mass, &vc);
        let l = add(&cross(&b.com, &p), &mat_vec(&b.inertia, w));
        own[b.link] = add6(&own[b.link], &[l, p]);
    }
    inwards(prog, links, own)
}

/// The generalised momenta p = M q̇.
pub fn momenta(tree: TreeParts) -> Vec<Atom> {
    let mut p = joint_forces(tree.prog, tree.frames, &subtree_momenta(tree), tree.nq);
    for (i, a) in tree.armature.iter().enumerate() {
        if !a.is_zero() {
            p[i] = tree
                .prog
                .define((&p[i] + a * Atom::var(pool().qd[i])).expand());
        }
    }
    p
}

/// A composite inertia: mass, first moment about the origin, rotational inertia about it (or the
/// rate of one, of mass 0).
#[derive(Clone)]
pub(super) struct Composite {
    pub(super) mass: Atom,
    pub(super) moment: V3,
    pub(super) rotational: [[Atom; 3]; 3],
}

impl Composite {
    pub(super) fn zero() -> Composite {
        Composite {
            mass: Atom::num(0),
            moment: zero3(),
            rotational: std::array::from_fn(|_| zero3()),
        }
    }

    /// The action on a motion (ω, v): the force (h × v + J ω, m v + ω × h).
    pub(super) fn action(&self, m: &Spatial) -> Spatial {
        let [w, v] = m;
        [
            add(&cross(&self.moment, v), &mat_vec(&self.rotational, w)),
            add(&scale(&self.mass, v), &cross(w, &self.moment)),
        ]
    }

    pub(super) fn plus(&self, other: &Composite) -> Composite {
        Composite {
            mass: &self.mass + &other.mass,
            moment: add(&self.moment, &other.moment),
            rotational: std::array::from_fn(|i| {
                std::array::from_fn(|j| &self.rotational[i][j] + &other.rotational[i][j])
            }),
        }
    }
}

/// Sums per-link composites inwards (each link gets its subtree's sum), named.
pub(super) fn composite_sums(
    prog: &Program,
    links: &[Link],
    mut c: Vec<Composite>,
) -> Vec<Composite> {
    for k in (0..links.len()).rev() {
        c[k] = Composite {
            mass: prog.define(c[k].mass.expand()),
            moment: named(prog, &c[k].moment),
            rotational: named_symmetric(prog, &c[k].rotational),
        };
        if let Some(p) = links[k].parent {
            c[p] = c[p].plus(&c[k]);
        }
    }
    c
}

/// The composite inertias of every link's subtree, named.
pub(super) fn composites(prog: &Program, links: &[Link], bodies: &[BodyInertia]) -> Vec<Composite> {
    let mut c = vec![Composite::zero(); links.len()];
    for b in bodies {
        let own = Composite {
            mass: b.mass.clone(),
            moment: scale(&b.mass, &b.com),
            rotational: b.about_origin(),
        };
        c[b.link] = c[b.link].plus(&own);
    }
    composite_sums(prog, links, c)
}

/// M by the composite-rigid-body algorithm.
pub fn mass_matrix(tree: TreeParts) -> Vec<Vec<Atom>> {
    let TreeParts {
        prog,
        links,
        frames,
        bodies,
        armature,
        nq,
    } = tree;
    let c = composites(prog, links, bodies);
    let mut m = vec![vec![Atom::num(0); nq]; nq];
    for (k, frame) in frames.iter().enumerate() {
        let Some(i) = frame.coordinate else { continue };
        let force = named6(prog, &c[k].action(&frame.motion));
        let mut ancestor = Some(k);
        while let Some(a) = ancestor {
            if let Some(j) = frames[a].coordinate {
                let mut mij = pairing(&frames[a].motion, &force);
                if a == k {
                    mij = &mij + &armature[i];
                }
                let mij = prog.define(mij.expand());
                m[i][j] = mij.clone();
                m[j][i] = mij;
            }
            ancestor = links[a].parent;
        }
    }
    m
}
