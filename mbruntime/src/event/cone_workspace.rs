//! The preallocated workspace of a cone complementarity problem at an event (the
//! acceleration-level problem and the impact law of contacts with tangent planes).

use crate::cone::ConeSolver;

/// Solver and buffers for up to `nu` contacts: W ((3nu)², column-major), b, r, u (3nu each)
/// and μ (nu). Allocated once; the problems written into it and their solves do not allocate.
#[derive(Debug, Clone)]
pub(super) struct ConeWorkspace {
    pub solver: ConeSolver,
    pub w: Vec<f64>,
    pub b: Vec<f64>,
    pub r: Vec<f64>,
    pub u: Vec<f64>,
    pub mu: Vec<f64>,
}

impl ConeWorkspace {
    /// Allocates for up to `nu` contacts.
    pub(super) fn for_contacts(nu: usize) -> Self {
        Self {
            solver: ConeSolver::with_capacity(nu),
            w: vec![0.0; 9 * nu * nu],
            b: vec![0.0; 3 * nu],
            r: vec![0.0; 3 * nu],
            u: vec![0.0; 3 * nu],
            mu: vec![0.0; nu],
        }
    }
}
