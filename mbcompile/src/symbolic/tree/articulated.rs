//! The unconstrained acceleration q̈ = M⁻¹ h by the articulated-body algorithm (Featherstone
//! 2008, *Rigid Body Dynamics Algorithms*, §7.3, Table 7.1), in O(n) named intermediates.
//!
//! Every spatial quantity is in Plücker coordinates about the reference point of `kinematics`
//! (the origin of the root joint frame after a floating base's translations), as in the rest of
//! the tree, so nothing is transformed between links: a parent receives its children's
//! articulated inertias and bias forces by plain sums.
//!
//! - outwards (already in the link frames): the velocity-product accelerations
//!   c_k = q̇_k (V_k ×m S_k) (the rate of the world-axes motion subspace is Ṡ = V ×m S) and every
//!   body's bias force p = V ×f (I V), the Newton–Euler force of the body at zero spatial
//!   acceleration;
//! - inwards: U = I^A S, D = Sᵀ U, u = τ − Sᵀ p^A, and the parent receives
//!   I^a = I^A − U Uᵀ/D and p^a = p^A + I^A c + U (u − Uᵀ c)/D (= p^A + I^a c + U u/D);
//! - outwards: a = a_parent + c, q̈ = (u − Uᵀ a)/D, a ← a + S q̈, from the base acceleration
//!   a_root = (0, −g), which replaces gravity (Featherstone 2008, §5.3).
//!
//! τ are the generalised forces that are not inertial or gravitational (Q − ∇V_other), so that
//! q̈ = M⁻¹ h. The pivots D are returned too: the generated code checks that they are positive
//! (a parameter set at run time may make an inertia non-physical).

use super::super::program::Program;
use super::super::symbols::pool;
use super::super::vec3::V3;
use super::kinematics::{
    BodyInertia, LinkFrame, Spatial, TreeParts, motion_cross, zero6 as zero_spatial,
};
use super::links::Link;
use super::recursions::body_force;
use symbolica::atom::{Atom, AtomCore};

/// A spatial vector as six scalars (angular part first).
type Six = [Atom; 6];
/// A symmetric 6 × 6 spatial inertia.
type Inertia6 = [[Atom; 6]; 6];

/// q̈ and the articulated pivots D_k of every joint.
pub struct Articulated {
    /// q̈_i per coordinate.
    pub acceleration: Vec<Atom>,
    /// D_k = S_kᵀ I^A_k S_k per joint, in inward order.
    pub pivots: Vec<Atom>,
}

fn zero6() -> Six {
    std::array::from_fn(|_| Atom::num(0))
}

fn zero66() -> Inertia6 {
    std::array::from_fn(|_| zero6())
}

fn flat(v: &Spatial) -> Six {
    std::array::from_fn(|i| v[i / 3][i % 3].clone())
}

fn named6(prog: &Program, v: &Six) -> Six {
    std::array::from_fn(|i| prog.define(v[i].expand()))
}

/// Every upper-triangle entry named once.
fn named66(prog: &Program, m: &Inertia6) -> Inertia6 {
    let mut out = zero66();
    for i in 0..6 {
        for j in i..6 {
            let e = prog.define(m[i][j].expand());
            out[i][j] = e.clone();
            out[j][i] = e;
        }
    }
    out
}

fn dot6(a: &Six, b: &Six) -> Atom {
    let mut s = Atom::num(0);
    for (x, y) in a.iter().zip(b) {
        if !x.is_zero() && !y.is_zero() {
            s += x * y;
        }
    }
    s
}

fn apply(m: &Inertia6, v: &Six) -> Six {
    std::array::from_fn(|i| dot6(&m[i], v))
}

/// The spatial inertia about the origin: I (ω, v) = (I_O ω + h × v, m v − h × ω) with the
/// first moment h = m c and I_O = I_c + m (|c|² 1 − c cᵀ).
fn spatial_inertia(b: &BodyInertia) -> Inertia6 {
    let h: V3 = std::array::from_fn(|i| &b.mass * &b.com[i]);
    let origin = b.about_origin();
    let mut m = zero66();
    for (row, rotational) in m.iter_mut().zip(&origin) {
        row[..3].clone_from_slice(rotational);
    }
    for (i, row) in m.iter_mut().enumerate().skip(3) {
        row[i] = b.mass.clone();
    }
    // [h]× in the upper right, its transpose in the lower left.
    let skew = [(0, 1, 2), (1, 2, 0), (2, 0, 1)];
    for (i, j, k) in skew {
        m[i][j + 3] = -h[k].clone();
        m[j][i + 3] = h[k].clone();
        m[j + 3][i] = -h[k].clone();
        m[i + 3][j] = h[k].clone();
    }
    m
}

/// What the inward pass leaves at a joint for the outward pass.
struct Joint {
    coordinate: usize,
    motion: Six,
    u_vector: Six,
    inverse_pivot: Atom,
    u: Atom,
}

/// The inward pass: articulated inertias and bias forces, and each joint's U, 1/D and u.
fn inwards(
    prog: &Program,
    (links, frames, bodies, armature): (&[Link], &[LinkFrame], &[BodyInertia], &[Atom]),
    tau: &[Atom],
    bias: &[Six],
) -> (Vec<Option<Joint>>, Vec<Atom>) {
    let n = links.len();
    let mut ia = vec![zero66(); n];
    let mut pa = vec![zero6(); n];
    for b in bodies {
        let i6 = named66(prog, &spatial_inertia(b));
        // The bias force V ×f (I V): the force the body needs at zero spatial acceleration.
        let p = flat(&body_force(
            prog,
            b,
            &frames[b.link].velocity,
            &zero_spatial(),
            None,
        ));
        let k = b.link;
        ia[k] = std::array::from_fn(|r| std::array::from_fn(|c| &ia[k][r][c] + &i6[r][c]));
        pa[k] = std::array::from_fn(|r| &pa[k][r] + &p[r]);
    }
    let mut joints: Vec<Option<Joint>> = (0..n).map(|_| None).collect();
    let mut pivots = Vec::new();
    for k in (0..n).rev() {
        let iak = named66(prog, &ia[k]);
        let pak = named6(prog, &pa[k]);
        let (up_inertia, up_force) = match frames[k].coordinate {
            Some(i) => {
                let s = flat(&frames[k].motion);
                let u_vector = named6(prog, &apply(&iak, &s));
                // D = Sᵀ U + armature: a rotor turned by q_i alone adds its inertia to the
                // joint's pivot only (Featherstone 2008, "Rigid Body Dynamics Algorithms", §9.3).
                let d = prog.define((dot6(&s, &u_vector) + &armature[i]).expand());
                let inverse_pivot = prog.define(d.pow(Atom::num(-1)));
                let u = prog.define((&tau[i] - dot6(&s, &pak)).expand());
                pivots.push(d);
                let w: Six = named6(
                    prog,
                    &std::array::from_fn(|r| &u_vector[r] * &inverse_pivot),
                );
                let inertia: Inertia6 = std::array::from_fn(|r| {
                    std::array::from_fn(|c| &iak[r][c] - &u_vector[r] * &w[c])
                });
                let residual = prog.define((&u - dot6(&u_vector, &bias[k])).expand());
                let ic = apply(&iak, &bias[k]);
                let force: Six = std::array::from_fn(|r| &pak[r] + &ic[r] + &w[r] * &residual);
                joints[k] = Some(Joint {
                    coordinate: i,
                    motion: s,
                    u_vector,
                    inverse_pivot,
                    u,
                });
                (inertia, force)
            }
            None => (iak, pak),
        };
        if let Some(p) = links[k].parent {
            ia[p] =
                std::array::from_fn(|r| std::array::from_fn(|c| &ia[p][r][c] + &up_inertia[r][c]));
            pa[p] = std::array::from_fn(|r| &pa[p][r] + &up_force[r]);
        }
    }
    (joints, pivots)
}

/// q̈ = M⁻¹ τ_total by the articulated-body algorithm; `tau` per coordinate, `gravity` the
/// gravitational acceleration if it acts.
pub fn articulated(tree: TreeParts, tau: &[Atom], gravity: Option<&V3>) -> Articulated {
    let TreeParts {
        prog,
        links,
        frames,
        bodies,
        armature,
        nq,
    } = tree;
    let p = pool();
    let bias: Vec<Six> = frames
        .iter()
        .map(|f| match f.coordinate {
            Some(i) => {
                let qd = Atom::var(p.qd[i]);
                let c = named6(prog, &flat(&motion_cross(&f.velocity, &f.motion)));
                named6(prog, &std::array::from_fn(|r| &qd * &c[r]))
            }
            None => zero6(),
        })
        .collect();
    let (joints, pivots) = inwards(prog, (links, frames, bodies, armature), tau, &bias);
    let root: Six = match gravity {
        Some(g) => std::array::from_fn(|i| {
            if i < 3 {
                Atom::num(0)
            } else {
                -g[i - 3].clone()
            }
        }),
        None => zero6(),
    };
    let mut acceleration = vec![Atom::num(0); nq];
    let mut acc: Vec<Six> = Vec::with_capacity(links.len());
    for (k, link) in links.iter().enumerate() {
        let parent = link.parent.map_or_else(|| root.clone(), |q| acc[q].clone());
        let mut a: Six = std::array::from_fn(|r| &parent[r] + &bias[k][r]);
        if let Some(j) = &joints[k] {
            let numerator = prog.define((&j.u - dot6(&j.u_vector, &a)).expand());
            let qdd = prog.define(numerator * &j.inverse_pivot);
            a = std::array::from_fn(|r| &a[r] + &j.motion[r] * &qdd);
            acceleration[j.coordinate] = qdd;
        }
        acc.push(named6(prog, &a));
    }
    Articulated {
        acceleration,
        pivots,
    }
}
