//! The minimum-norm multipliers of a redundant set of unilateral constraints (Lötstedt 1982,
//! "Mechanical systems of rigid bodies subject to unilateral constraints", Lemma 5.2, item 4).
//!
//! Where the columns W of closed contacts are dependent (a block flat on three or four
//! supports), the force W λ and the accelerations (or, at an impact, the impulse W Λ and the
//! velocities) are unique but λ is not: every λ ≥ 0 with the same W λ and the same
//! complementarity solves the problem. Among them exactly one has the smallest Euclidean norm,
//!
//! ```text
//! λ₀ = argmin ½‖λ‖²  subject to  W λ = W λ̄,  λᵢ ≥ 0 (i ∈ S),  λᵢ = 0 (i ∉ S),
//! ```
//!
//! (strictly convex objective over a convex set), with λ̄ any solution and S the contacts that
//! may carry force. It is found by the primal active-set method for this quadratic programme
//! (Nocedal & Wright, *Numerical Optimization*, 2nd ed., 2006, Algorithm 16.3), started at the
//! feasible λ̄: on the free set F the equality-constrained minimiser is the pseudo-inverse
//! solution λ_F = W_F⁺ W λ̄ (W_F: W with the columns outside F set to zero); a step towards it
//! stops at the first multiplier that would turn negative, which joins the working set; at the
//! minimiser, a bound whose multiplier νᵢ = −(Wᵀμ)ᵢ (W_Fᵀμ = λ_F) is negative leaves it.
//!
//! Fixed-size matrices only; nothing allocates.

use super::symmetric_eigen::leading_block_eigen;
use super::{Matrix, Vector};

/// The minimum-norm λ₀ with W λ₀ = W λ̄ and λ₀ ≥ 0 on `support` (zero elsewhere), from a
/// feasible λ̄ (non-negative on `support`, zero elsewhere; see the module documentation). If the
/// iteration does not settle within its budget (it does in at most a few passes per contact),
/// λ̄ is returned: it is a solution, only not the smallest.
pub fn minimum_norm_multipliers<const NQ: usize, const NU: usize>(
    w: &Matrix<NQ, NU>,
    support: &[bool; NU],
    lambda: &Vector<NU>,
) -> Vector<NU> {
    let mut x = Vector::<NU>::from_fn(|i, _| if support[i] { lambda[i].max(0.0) } else { 0.0 });
    let y = w * x;
    let scale = 1.0 + x.amax();
    let tol = 1e-12 * scale;
    // Working set: supported multipliers held at zero.
    let mut held = [false; NU];
    for i in 0..NU {
        held[i] = support[i] && x[i] == 0.0;
    }
    for _ in 0..4 * (NU + 1) {
        let free = |i: usize| support[i] && !held[i];
        let w_free = Matrix::<NQ, NU>::from_fn(|r, c| if free(c) { w[(r, c)] } else { 0.0 });
        let gram_pinv = gram_pseudo_inverse(&w_free);
        let target = gram_pinv * (w_free.transpose() * y);
        let direction = target - x;
        // The step towards the equality-constrained minimiser, cut at the first free multiplier
        // that would cross zero.
        let mut step = 1.0;
        let mut blocking = None;
        for i in (0..NU).filter(|&i| free(i)) {
            if direction[i] < 0.0 && x[i] + direction[i] < -tol {
                let s = x[i] / -direction[i];
                if s < step {
                    step = s;
                    blocking = Some(i);
                }
            }
        }
        x += direction * step;
        if let Some(i) = blocking {
            x[i] = 0.0;
            held[i] = true;
            continue;
        }
        // At the minimiser on F: the bound multipliers of the held contacts, with μ = (W_Fᵀ)⁺ x
        // = W_F (W_FᵀW_F)⁺ x.
        let mu = w_free * (gram_pinv * x);
        let nu = -(w.transpose() * mu);
        let leaving = (0..NU)
            .filter(|&i| held[i] && nu[i] < -tol)
            .min_by(|&a, &b| nu[a].total_cmp(&nu[b]));
        match leaving {
            Some(i) => held[i] = false,
            None => {
                // One step of iterative refinement on F: the Gram matrix squares the condition
                // number of W_F, and the step restores W x = W λ̄ to the round-off of W_F itself.
                x += gram_pinv * (w_free.transpose() * (y - w * x));
                for i in 0..NU {
                    x[i] = if support[i] { x[i].max(0.0) } else { 0.0 };
                }
                return x;
            }
        }
    }
    *lambda
}

/// (AᵀA)⁺ by the Jacobi eigen-decomposition of the Gram matrix (eigenvalues below 1e-13 of the
/// largest count as zero: exactly dependent columns leave round-off, ~1e-16 of it), so that
/// A⁺ b = (AᵀA)⁺ Aᵀ b. nalgebra's SVD needs type-level dimensions a generic `Const<N>` lacks on
/// stable Rust (as its symmetric eigen-solver does, see `symmetric_eigen`).
pub(crate) fn gram_pseudo_inverse<const R: usize, const C: usize>(
    a: &Matrix<R, C>,
) -> Matrix<C, C> {
    let (d, v) = leading_block_eigen(&(a.transpose() * a), C);
    let largest = d.amax();
    let mut inverse = Matrix::<C, C>::zeros();
    for k in 0..C {
        if d[k] > 1e-13 * largest {
            let vk = v.column(k);
            inverse += vk * vk.transpose() / d[k];
        }
    }
    inverse
}

#[cfg(test)]
mod tests {
    //! Closed forms of small redundant sets, written out by hand.

    use super::*;

    #[test]
    fn equal_columns_share_the_load_equally() {
        // Three supports under a block: W = [1 1 1] (one coordinate, the height); any λ ≥ 0 with
        // λ₁ + λ₂ + λ₃ = P solves it, the smallest is P/3 each.
        let w = Matrix::<1, 3>::new(1.0, 1.0, 1.0);
        let lambda = Vector::<3>::new(0.0, 6.0, 0.0);
        let x = minimum_norm_multipliers(&w, &[true; 3], &lambda);
        assert!((x - Vector::<3>::repeat(2.0)).amax() < 1e-14, "{x}");
    }

    #[test]
    fn four_supports_under_a_planar_block() {
        // q = (y, θ) of a flat block, supports at x = −a, −a/3, a/3, a: columns (1, xᵢ). The
        // minimum-norm λ lies in the row space, λᵢ = α + β xᵢ, with Σλᵢ = P and Σλᵢxᵢ = 0 (no
        // moment): α = P/4, β = 0 when the given λ has no moment either.
        let a = 0.6;
        let xs = [-a, -a / 3.0, a / 3.0, a];
        let w = Matrix::<2, 4>::from_fn(|r, c| if r == 0 { 1.0 } else { xs[c] });
        let lambda = Vector::<4>::new(5.0, 0.0, 0.0, 5.0);
        let x = minimum_norm_multipliers(&w, &[true; 4], &lambda);
        assert!((x - Vector::<4>::repeat(2.5)).amax() < 1e-13, "{x}");
    }

    #[test]
    fn a_bound_that_would_be_violated_stays_active() {
        // W = [1 1 2]: λ₁ + λ₂ + 2λ₃ = 2 from λ̄ = (0, 0, 1). The pseudo-inverse would give
        // (1, 1, 2)/3; with λ₂ excluded from the support (a contact that opens) the minimiser
        // on {λ₁, λ₃ ≥ 0, λ₁ + 2λ₃ = 2} is (2, 4)/5.
        let w = Matrix::<1, 3>::new(1.0, 1.0, 2.0);
        let lambda = Vector::<3>::new(0.0, 0.0, 1.0);
        let x = minimum_norm_multipliers(&w, &[true, false, true], &lambda);
        assert!((x - Vector::<3>::new(0.4, 0.0, 0.8)).amax() < 1e-14, "{x}");
        // A negative pseudo-inverse entry: W = [1 −1 1], λ̄ = (1, 0, 0) (W λ = 1); the
        // pseudo-inverse (1, −1, 1)/3 has λ₂ < 0, so λ₂ = 0 and λ₁ = λ₃ = 1/2.
        let w = Matrix::<1, 3>::new(1.0, -1.0, 1.0);
        let x = minimum_norm_multipliers(&w, &[true; 3], &Vector::<3>::new(1.0, 0.0, 0.0));
        assert!((x - Vector::<3>::new(0.5, 0.0, 0.5)).amax() < 1e-14, "{x}");
    }

    #[test]
    fn independent_columns_are_left_unchanged() {
        let w = Matrix::<2, 2>::new(1.0, 0.3, 0.0, 2.0);
        let lambda = Vector::<2>::new(1.5, 0.25);
        let x = minimum_norm_multipliers(&w, &[true; 2], &lambda);
        assert!((x - lambda).amax() < 1e-14, "{x}");
    }
}
