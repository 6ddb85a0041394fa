//! The Coriolis matrix of the tree in O(n·d) (d the tree's depth), after Echeandia & Wensing
//! 2021, "Numerical Methods to Compute the Coriolis Matrix and Christoffel Symbols for Rigid-Body
//! Systems", J. Comput. Nonlinear Dynam. 16(9), Alg. 1, with spatial vectors about the
//! reference point of `kinematics`:
//!
//! C = Σ_b J_bᵀ (I_b J̇_b + B_b J_b), B(I, V) = ½ (V ×f I − I V ×m + (I V) ×̄f), where the columns of
//! J_b are the motion subspaces S_k of the joints that support body b, those of J̇_b their rates
//! Ṡ_k = V_k ×m S_k, and (f ×̄f) m = m ×f f. This C is the one of M's Christoffel symbols,
//! C_ij = Σ_k ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i) q̇_k (shown there; `tests/tests/derivation.rs`
//! checks it against differences of M for every example).
//!
//! A rigid body's spatial inertia about a fixed point changes at İ = V ×f I − I V ×m, so
//! B = ½ İ + ½ (I V) ×̄f, and the sum of B over a subtree is ½ İ^c + ½ (p^c ×̄f), with İ^c the rate
//! of the subtree's composite inertia and p^c its momentum: no 6 × 6 matrix is formed. For the
//! joint j of coordinate i, with F₁ = I^c Ṡ_j + B^c S_j, F₂ = I^c S_j and
//! F₃ = B^cᵀ S_j = ½ İ^c S_j − ½ S_j ×f p^c over j's subtree: C_ii = S_jᵀ F₁, and for every joint a
//! of coordinate k on the path from j to the root, C_ki = S_aᵀ F₁ and C_ik = Ṡ_aᵀ F₂ + S_aᵀ F₃.

use super::super::algebra::AtomMatrix;
use super::super::program::Program;
use super::super::vec3::{M3, V3, add, cross, dot, named, scale, sub};
use super::kinematics::{BodyInertia, Spatial, TreeParts, motion_cross, pairing, zero6};
use super::recursions::{Composite, composite_sums, composites, named6, subtree_momenta};
use symbolica::atom::{Atom, AtomCore};

/// The spatial force cross product (ω, v) ×f (n, f) = (ω × n + v × f, ω × f).
fn force_cross(m: &Spatial, f: &Spatial) -> Spatial {
    [
        add(&cross(&m[0], &f[0]), &cross(&m[1], &f[1])),
        cross(&m[0], &f[1]),
    ]
}

/// a + s b for spatial vectors.
fn add_scaled(a: &Spatial, s: &Atom, b: &Spatial) -> Spatial {
    [add(&a[0], &scale(s, &b[0])), add(&a[1], &scale(s, &b[1]))]
}

/// The rate of one body's inertia about the reference point, as a composite of mass 0: the first
/// moment's rate m ċ and the rotational inertia's rate ω × I_c − I_c ω× + m (2 (c·ċ) 1 − ċ cᵀ − c ċᵀ),
/// ċ = v + ω × c the velocity of the centre of mass.
fn inertia_rate(prog: &Program, b: &BodyInertia, vel: &Spatial) -> Composite {
    let [w, v] = vel;
    let vc = named(prog, &add(v, &cross(w, &b.com)));
    // [ω]× I_c, column by column; [ω]× I_c − I_c [ω]× = A + Aᵀ for a symmetric I_c.
    let columns: [V3; 3] =
        std::array::from_fn(|j| cross(w, &std::array::from_fn(|i| b.inertia[i][j].clone())));
    let cv = dot(&b.com, &vc);
    let rotational: M3 = std::array::from_fn(|i| {
        std::array::from_fn(|j| {
            let diagonal = if i == j {
                Atom::num(2) * &cv
            } else {
                Atom::num(0)
            };
            &columns[j][i]
                + &columns[i][j]
                + &b.mass * (diagonal - &vc[i] * &b.com[j] - &b.com[i] * &vc[j])
        })
    });
    Composite {
        mass: Atom::num(0),
        moment: scale(&b.mass, &vc),
        rotational,
    }
}

/// C by the recursion of the module documentation.
pub fn coriolis(tree: TreeParts) -> AtomMatrix {
    let TreeParts {
        prog,
        links,
        frames,
        bodies,
        nq,
        ..
    } = tree;
    let inertia = composites(prog, links, bodies);
    let mut own: Vec<Composite> = vec![Composite::zero(); links.len()];
    for b in bodies {
        let r = inertia_rate(prog, b, &frames[b.link].velocity);
        own[b.link] = own[b.link].plus(&r);
    }
    let rate = composite_sums(prog, links, own);
    let momentum = subtree_momenta(tree);
    let motion_rate: Vec<Spatial> = frames
        .iter()
        .map(|f| match f.coordinate {
            Some(_) => named6(prog, &motion_cross(&f.velocity, &f.motion)),
            None => zero6(),
        })
        .collect();
    let half = Atom::num(1) / Atom::num(2);
    let mut c = vec![vec![Atom::num(0); nq]; nq];
    for (j, frame) in frames.iter().enumerate() {
        let Some(i) = frame.coordinate else { continue };
        let s = &frame.motion;
        let rate_s = rate[j].action(s);
        let p_cross = force_cross(s, &momentum[j]);
        let f2 = named6(prog, &inertia[j].action(s));
        let f1 = add_scaled(&inertia[j].action(&motion_rate[j]), &half, &rate_s);
        let f1 = named6(prog, &add_scaled(&f1, &half, &p_cross));
        let f3 = [
            sub(&scale(&half, &rate_s[0]), &scale(&half, &p_cross[0])),
            sub(&scale(&half, &rate_s[1]), &scale(&half, &p_cross[1])),
        ];
        let f3 = named6(prog, &f3);
        c[i][i] = prog.define(pairing(s, &f1).expand());
        let mut ancestor = links[j].parent;
        while let Some(a) = ancestor {
            if let Some(k) = frames[a].coordinate {
                let (sa, sda) = (&frames[a].motion, &motion_rate[a]);
                c[k][i] = prog.define(pairing(sa, &f1).expand());
                c[i][k] = prog.define((pairing(sda, &f2) + pairing(sa, &f3)).expand());
            }
            ancestor = links[a].parent;
        }
    }
    c
}
