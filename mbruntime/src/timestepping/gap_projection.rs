//! Position projection of the closed contacts onto g_N ≥ 0 after a step (opt-in,
//! [`Settings::gap_projection_iterations`](super::Settings::gap_projection_iterations)).
//!
//! Both schemes impose the unilateral constraints at velocity level only: a contact that stays
//! closed gets γ_N^E ≥ 0, but its gap drifts at O(Δt²) per step wherever g_N is curved along
//! the motion. A body rocking on a curved surface (a rattleback, a rolling disk) is the typical
//! case: along a rolling motion d²g_N/dt² = 0 while the linearised update misses the
//! centripetal term, so the body sinks into the floor by O(Δt) over a fixed time. Acary (2013,
//! "Projected event-capturing time-stepping schemes for nonsmooth mechanical systems with
//! unilateral contact and Coulomb's friction", Comput. Methods Appl. Mech. Engrg. 256,
//! Sect. 4.2) adds a position projection for the contacts of the step's index set: Gauss–Newton
//! iterations of
//!
//! ```text
//! min ½ ‖Δq‖²_M  s.t.  g_N,i(q) + W_N,iᵀ Δq ≥ 0  (i ∈ H)
//!   ⇒  Δq = P W_N Π,   0 ≤ Π ⟂ g_N(q) + W_Nᵀ P W_N Π ≥ 0,
//! ```
//!
//! with P = M_c⁻¹ the constrained inverse of M (holonomic bilateral constraints held to first
//! order; the bilateral projection runs afterwards; velocity constraints do not restrict a
//! position correction and are left out, see [`projection`](super::projection)) and the LCP
//! solved by [`Lemke`]. Velocities are not
//! changed, so the step's velocity-level complementarity (and Coulomb's law) is untouched; only
//! the penetration is removed. Iterations stop when every contact of H has
//! g_N ≥ −tolerance. The LCP workspace is allocated once with the stepper.

use super::error::TimeSteppingError;
use super::projection::push_holonomic_columns;
use crate::lcp::Lemke;
use crate::linalg::{ConstraintFactor, cholesky};
use crate::mechanism::{Constraints, Matrix, Vector};

/// Workspace of the gap projection: Lemke's method and the LCP of up to NU contacts.
#[derive(Debug, Clone)]
pub(crate) struct GapProjection {
    lemke: Lemke,
    a: Vec<f64>,
    b: Vec<f64>,
    z: Vec<f64>,
    w: Vec<f64>,
    rows: Vec<usize>,
}

impl GapProjection {
    /// Allocates the workspace for `contacts` unilateral contacts.
    pub(crate) fn with_contacts(contacts: usize) -> Self {
        Self {
            lemke: Lemke::with_capacity(contacts),
            a: vec![0.0; contacts * contacts],
            b: vec![0.0; contacts],
            z: vec![0.0; contacts],
            w: vec![0.0; contacts],
            rows: vec![0; contacts],
        }
    }

    /// Moves `q` so that every contact in `active` has g_N(q, t) ≥ −`tolerance` (at most
    /// `iterations` Gauss–Newton steps); returns the smallest such gap afterwards.
    pub(crate) fn project<Model, const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        model: &Model,
        q: &mut Vector<NQ>,
        t: f64,
        active: &[bool; NU],
        iterations: usize,
        tolerance: f64,
    ) -> Result<f64, TimeSteppingError>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        let mut gaps = Vector::<NU>::zeros();
        for _ in 0..iterations {
            model.gaps(q, t, &mut gaps);
            if smallest_active(&gaps, active) >= -tolerance {
                break;
            }
            let (p_wn, k) = self.assemble::<Model, NQ, NB, NU>(model, q, t, &gaps, active)?;
            self.lemke
                .solve(
                    k,
                    &self.a[..k * k],
                    &self.b[..k],
                    &mut self.z[..k],
                    &mut self.w[..k],
                )
                .map_err(|source| TimeSteppingError::Lcp { t, size: k, source })?;
            for (slot, &i) in self.rows[..k].iter().enumerate() {
                *q += p_wn.column(i) * self.z[slot];
            }
        }
        model.gaps(q, t, &mut gaps);
        Ok(smallest_active(&gaps, active))
    }

    /// Writes the LCP (A = W_Nᵀ P W_N, b = g_N) of the active contacts into the workspace;
    /// returns P W_N (all NU columns) and the LCP size.
    fn assemble<Model, const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        model: &Model,
        q: &Vector<NQ>,
        t: f64,
        gaps: &Vector<NU>,
        active: &[bool; NU],
    ) -> Result<(Matrix<NQ, NU>, usize), TimeSteppingError>
    where
        Model: Constraints<NQ, NB, NU>,
    {
        let mut m = Matrix::<NQ, NQ>::zeros();
        model.mass_matrix(q, t, &mut m);
        let chol = cholesky(&m).map_err(|e| TimeSteppingError::mass_factor(e, t))?;
        let mut g = Matrix::<NQ, NB>::zeros();
        let mut g_hat = Vector::<NB>::zeros();
        model.bilateral_jacobian(q, t, &mut g, &mut g_hat);
        // P = M_c⁻¹ of the holonomic columns (as `ConstrainedInverse` with a Cholesky factor).
        let mut inverse = ConstraintFactor::<NQ, NB>::from_cholesky(chol);
        push_holonomic_columns::<Model, NQ, NB, NU>(&mut inverse, &g)
            .map_err(|_| TimeSteppingError::DependentBilateralConstraints { t })?;
        let mut w_n = Matrix::<NQ, NU>::zeros();
        let mut w_hat = Vector::<NU>::zeros();
        model.gap_jacobian(q, t, &mut w_n, &mut w_hat);
        let mut p_wn = w_n;
        inverse.constrained_inverse_apply(&mut p_wn);
        let mut k = 0;
        for i in (0..NU).filter(|&i| active[i]) {
            self.rows[k] = i;
            k += 1;
        }
        for (col, &j) in self.rows[..k].iter().enumerate() {
            self.b[col] = gaps[j];
            for (row, &i) in self.rows[..k].iter().enumerate() {
                self.a[col * k + row] = w_n.column(i).dot(&p_wn.column(j));
            }
        }
        Ok((p_wn, k))
    }
}

/// min over the active contacts of g_N,i (+∞ if none is active).
fn smallest_active<const NU: usize>(gaps: &Vector<NU>, active: &[bool; NU]) -> f64 {
    (0..NU)
        .filter(|&i| active[i])
        .map(|i| gaps[i])
        .fold(f64::INFINITY, f64::min)
}
