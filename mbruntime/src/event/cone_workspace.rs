//! The preallocated workspace of a cone complementarity problem at an event (the
//! acceleration-level problem and the impact law of contacts with tangent planes), and the
//! assembly both share: the contacts taking part and their Delassus-type matrix.

use crate::cone::ConeSolver;
use crate::mechanism::Vector;

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

    /// Writes W of the cone problem of `members` (3 rows and columns per contact: normal, first
    /// and second tangent): W[3a + kₐ, 3b + k_b] = row(members[a], kₐ) · column(members[b], k_b),
    /// the rows and force columns given in the kinetic metric with the bilateral constraints
    /// condensed (so that the dot product is Wᵢᵀ M_c⁻¹ Wⱼ).
    pub(super) fn write_delassus<const NQ: usize>(
        &mut self,
        members: &[usize],
        row: impl Fn(usize, usize) -> Vector<NQ>,
        column: impl Fn(usize, usize) -> Vector<NQ>,
    ) {
        let m = 3 * members.len();
        for (b, &j) in members.iter().enumerate() {
            for kb in 0..3 {
                let col = column(j, kb);
                for (a, &i) in members.iter().enumerate() {
                    for ka in 0..3 {
                        self.w[(3 * a + ka) + (3 * b + kb) * m] = row(i, ka).dot(&col);
                    }
                }
            }
        }
    }
}

/// The contacts i < NU with `member(i)` in index order (the cone problem's contacts), and their
/// number.
pub(super) fn members<const NU: usize>(member: impl Fn(usize) -> bool) -> ([usize; NU], usize) {
    let mut list = [0usize; NU];
    let mut n = 0;
    for i in (0..NU).filter(|&i| member(i)) {
        list[n] = i;
        n += 1;
    }
    (list, n)
}
