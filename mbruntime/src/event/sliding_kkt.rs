//! The normal forces of sliding contacts in a smooth phase, condensed onto the KKT solve of the
//! other constraints.
//!
//! A sliding contact i (slip velocity of sign σᵢ, friction μᵢ) keeps its normal constraint
//! g̈_N,i = W_N,iᵀq̈ + ẇ_N,i = 0 but acts through the column fᵢ = W_N,i − μᵢσᵢW_T,i
//! (λ_T,i = −μᵢσᵢλ_N,i; Lötstedt 1982, "Mechanical systems of rigid bodies subject to
//! unilateral constraints", SIAM J. Appl. Math. 42, (6.4)). The system is not symmetric, so the
//! sliding columns are not put into the kinetic-metric factor of the equality columns
//! (bilateral constraints, frictionless and sticking contacts). With q̈₀ the solution of that
//! factor for the applied forces alone and M_c⁻¹ = L⁻ᵀ(I − QQᵀ)L⁻¹ its constrained inverse
//! (Brogliato 2013, (16)–(19)),
//!
//! ```text
//! q̈ = q̈₀ + M_c⁻¹ Σⱼ fⱼ λ_N,j,    A(μ) λ_N = −(W_Nᵀ q̈₀ + ẇ_N),
//! A(μ)ᵢⱼ = W_N,iᵀ M_c⁻¹ fⱼ = zᵢ · (zⱼ − μⱼσⱼ yⱼ),   z = (I − QQᵀ)L⁻¹W_N,  y = (I − QQᵀ)L⁻¹W_T,
//! ```
//!
//! over the sliding set. A(μ) is the matrix of
//! [`SlidingContactProblem`](crate::contact_problem::SlidingContactProblem): its determinant, scaled by
//! Π zᵢ·zᵢ (the determinant of A(0) for orthogonal columns), is returned so that the integrator
//! can watch it; it crosses zero where μ reaches the Painlevé bound of the current
//! configuration (for Painlevé's rod μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ)).

use crate::linalg::{ConstraintFactor, NonFiniteEntry, first_non_finite};
use crate::mechanism::{Matrix, Vector};

/// The sliding contacts of a smooth phase: (contact index, σ, μ) for the first `len` entries.
#[derive(Debug, Clone, Copy)]
pub(super) struct SlidingSet<const NU: usize> {
    pub contacts: [(usize, f64, f64); NU],
    pub len: usize,
}

impl<const NU: usize> SlidingSet<NU> {
    /// No sliding contact.
    pub fn empty() -> Self {
        Self {
            contacts: [(0, 0.0, 0.0); NU],
            len: 0,
        }
    }

    /// Adds a contact.
    pub fn push(&mut self, contact: usize, sigma: f64, friction: f64) {
        if self.len < NU {
            self.contacts[self.len] = (contact, sigma, friction);
            self.len += 1;
        }
    }

    /// The listed contacts.
    pub fn as_slice(&self) -> &[(usize, f64, f64)] {
        &self.contacts[..self.len]
    }
}

/// Normal forces of the sliding contacts and the scaled determinant of A(μ).
#[derive(Debug, Clone, Copy)]
pub(super) struct SlidingForces<const NU: usize> {
    /// λ_N of the sliding contacts, at their contact indices (zero elsewhere).
    pub lambda_n: Vector<NU>,
    /// det A(μ) / Π zᵢ·zᵢ (1 without sliding contact).
    pub scaled_determinant: f64,
    /// Whether A(μ) could be solved (not numerically singular) to finite forces.
    pub solved: bool,
    /// When A(μ) was solved but a force is not finite: the first such force (by sliding
    /// contact, in the order of the set).
    pub non_finite: Option<NonFiniteEntry>,
}

/// Solves A(μ) λ_N = −(W_Nᵀ q̈₀ + ẇ_N) over `sliding` (see the module docs); `factor` holds M
/// and the equality columns, `qdd0` their solution without sliding forces.
pub(super) fn sliding_normal_forces<const NQ: usize, const NU: usize>(
    factor: &ConstraintFactor<NQ>,
    w_n: &Matrix<NQ, NU>,
    w_t: &Matrix<NQ, NU>,
    drift_n: &Vector<NU>,
    sliding: &SlidingSet<NU>,
    qdd0: &Vector<NQ>,
) -> SlidingForces<NU> {
    let set = sliding.as_slice();
    let k = set.len();
    let mut a = Matrix::<NU, NU>::identity();
    let mut rhs = Vector::<NU>::zeros();
    let mut z = Matrix::<NQ, NU>::zeros();
    let mut f = Matrix::<NQ, NU>::zeros();
    let mut scale = 1.0;
    for (r, &(i, sigma, mu)) in set.iter().enumerate() {
        let zi = factor.project_out(&factor.whiten(&w_n.column(i).into_owned()));
        let yi = factor.project_out(&factor.whiten(&w_t.column(i).into_owned()));
        f.set_column(r, &(zi - yi * (mu * sigma)));
        scale *= zi.norm_squared();
        z.set_column(r, &zi);
        rhs[r] = -(w_n.column(i).dot(qdd0) + drift_n[i]);
    }
    for r in 0..k {
        for c in 0..k {
            a[(r, c)] = z.column(r).dot(&f.column(c));
        }
    }
    let (determinant, solution) = signed_determinant_and_solve(k, &mut a, &mut rhs);
    let mut forces = SlidingForces {
        lambda_n: Vector::zeros(),
        scaled_determinant: if scale > 0.0 {
            determinant / scale
        } else {
            0.0
        },
        solved: false,
        non_finite: None,
    };
    if solution {
        forces.non_finite = first_non_finite(&rhs.as_slice()[..k]);
    }
    if solution && forces.non_finite.is_none() {
        for (r, &(i, _, _)) in set.iter().enumerate() {
            forces.lambda_n[i] = rhs[r];
        }
        forces.solved = true;
    }
    forces
}

/// Gaussian elimination with partial pivoting of the leading k × k block of `a`: returns the
/// signed determinant and whether `b` was overwritten with the solution (every pivot nonzero).
///
/// Written here rather than with [`crate::linalg::lu`] because the event function needs the
/// *signed* determinant, continuous through zero, where that module refuses near-singular
/// matrices and reports |det A| only.
fn signed_determinant_and_solve<const NU: usize>(
    k: usize,
    a: &mut Matrix<NU, NU>,
    b: &mut Vector<NU>,
) -> (f64, bool) {
    let mut determinant = 1.0;
    for c in 0..k {
        let p = (c..k)
            .max_by(|&i, &j| a[(i, c)].abs().total_cmp(&a[(j, c)].abs()))
            .unwrap_or(c);
        if p != c {
            a.swap_rows(p, c);
            b.swap_rows(p, c);
            determinant = -determinant;
        }
        let pivot = a[(c, c)];
        determinant *= pivot;
        if pivot == 0.0 || !pivot.is_finite() {
            return (if pivot.is_finite() { 0.0 } else { f64::NAN }, false);
        }
        for r in c + 1..k {
            let factor = a[(r, c)] / pivot;
            for j in c..k {
                a[(r, j)] -= factor * a[(c, j)];
            }
            b[r] -= factor * b[c];
        }
    }
    for c in (0..k).rev() {
        let mut x = b[c];
        for j in c + 1..k {
            x -= a[(c, j)] * b[j];
        }
        b[c] = x / a[(c, c)];
    }
    (determinant, true)
}
