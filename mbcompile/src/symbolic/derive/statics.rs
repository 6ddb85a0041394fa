//! Equilibrium analysis: ∇²V, ∂∇V/∂p_k, and the Hessians ∂²g/∂q² of bilateral constraints
//! (the Jacobians ∂A_iᵀ/∂q of velocity constraints' columns) and gaps (Schulz & Pellegrino 2000, (2.8)–(2.17), (3.7)–(3.8)).

use super::super::algebra::{AtomMatrix, compact, partial};
use super::super::program::Program;
use super::super::reverse::{hessian, jacobian};
use super::super::symbols::pool;
use super::kinematics::ConstraintKinematics;
use symbolica::atom::Atom;

/// What the path tracer needs besides ∇V.
#[derive(Default)]
pub struct Statics {
    /// ∇²V.
    pub potential_hessian: AtomMatrix,
    /// ∂∇V/∂p_k stored as `[k][i]`.
    pub potential_gradient_parameter: AtomMatrix,
    /// ∂(G column j)/∂q per constraint, entry (k, l) = ∂G_kj/∂q_l: the Hessian ∂²g_j/∂q² of a
    /// holonomic one, the (non-symmetric) Jacobian of the column A_jᵀ of a velocity constraint.
    pub bilateral_hessians: Vec<AtomMatrix>,
    /// ∂²g_Nc/∂q² per contact.
    pub gap_hessians: Vec<AtomMatrix>,
}

/// ∂w_k/∂q_l of a column w(q, t) (not symmetric in general), by forward or reverse mode.
fn column_jacobian(prog: &Program, w: &[Atom], nq: usize) -> AtomMatrix {
    let p = pool();
    jacobian(prog, w, &p.q[..nq])
        .iter()
        .map(|row| row.iter().map(|e| compact(prog, e)).collect())
        .collect()
}

/// The second derivatives of V and of the constraint functions, from their gradients.
pub fn statics(
    prog: &Program,
    potential_gradient: &[Atom],
    k: &ConstraintKinematics,
    holonomic: &[bool],
    np: usize,
) -> Statics {
    let p = pool();
    let nq = potential_gradient.len();
    let potential_hessian = hessian(prog, potential_gradient, nq);
    let potential_gradient_parameter: AtomMatrix = (0..np)
        .map(|k| {
            potential_gradient
                .iter()
                .map(|g| compact(prog, &partial(prog, g, p.p[k])))
                .collect()
        })
        .collect();
    let bilateral_hessians = k
        .bilateral
        .jacobian
        .iter()
        .zip(holonomic)
        .map(|(g, &holonomic)| match holonomic {
            true => hessian(prog, g, nq),
            false => column_jacobian(prog, g, nq),
        })
        .collect();
    let gap_hessians = k
        .gaps
        .jacobian
        .iter()
        .map(|g| hessian(prog, g, nq))
        .collect();
    Statics {
        potential_hessian,
        potential_gradient_parameter,
        bilateral_hessians,
        gap_hessians,
    }
}
