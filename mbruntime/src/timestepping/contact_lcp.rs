//! The contact LCP of one time step in the standard form of Glocker & Studer (2005), Sect. 6.
//!
//! For the k contacts of the active set H = {i₁, …, i_k}, with the constrained inverse `P` of
//! the iteration matrix (see [`velocity_operator`](super::velocity_operator); `P = M⁻¹` for
//! Moreau's midpoint rule without bilateral constraints) and the free velocity
//! `u_free = u^E(Λ_N = Λ_T = 0)`, eqs (19)–(33) give
//!
//! ```text
//! ⎛ξ_N⎞   ⎛ W_Nᵀ P (W_N − W_T μ)   W_Nᵀ P W_T   0 ⎞ ⎛Λ_N⎞   ⎛ γ_N(u_free) + ε_N γ_N^A ⎞
//! ⎜ξ_R⎟ = ⎜ W_Tᵀ P (W_N − W_T μ)   W_Tᵀ P W_T   E ⎟ ⎜Λ_R⎟ + ⎜ γ_T(u_free) + ε_T γ_T^A ⎟   (33)
//! ⎝Λ_L⎠   ⎝ 2μ                     −E           0 ⎠ ⎝ξ_L⎠   ⎝ 0                       ⎠
//!
//! 0 ≤ (ξ_N, ξ_R, Λ_L) ⊥ (Λ_N, Λ_R, ξ_L) ≥ 0                                           (27)
//! Λ_T = Λ_R − μ Λ_N (24),  Λ_L = μ Λ_N − Λ_T (25),  ξ_T = ξ_R − ξ_L (26)
//! ```
//!
//! (for `P = M⁻¹` the right-hand side is exactly (33)'s `W_Nᵀ M⁻¹ h Δt + (E + ε_N) γ_N^A`,
//! since `γ_N(u_free) = γ_N^A + W_Nᵀ M⁻¹ h Δt`). Contacts with μ = 0 or without a tangent
//! contribute only their normal row (their Λ_R, ξ_L rows would be void), so the dimension is
//! `k + 2 k_f` ≤ 3k with k_f the frictional contacts in H. The slack pair (ξ_L, Λ_L) is scaled
//! by c = max Delassus diagonal on H (ξ_L = c ξ'_L, Λ'_L = c Λ_L: a positive diagonal scaling,
//! which maps LCP solutions one-to-one) so that all entries have the Delassus magnitude; this
//! keeps Lemke's pivots and the polishing solve accurate when ‖W ᵀM⁻¹W‖ ≫ 1. The matrix is written column-major
//! into a workspace of capacity (3·NU)² allocated once.
//!
//! Solution: if the closed-contact pattern (the index set H and its frictional part) is that
//! of the previous solve, the previous complementary basis is tried first with
//! [`WarmStart::solve_with_basis`] (one small LU; accepted only if feasible and certified);
//! otherwise, or if it is rejected, [`Lemke`] solves the LCP. The basis of every solution is
//! recorded for the next step. With no closed contact (k = 0) no LCP is built.

use super::contact_kinematics::ContactKinematics;
use super::velocity_operator::VelocityOperator;
use crate::lcp::{BasisGuess, LcpError, Lemke, WarmStart};
use crate::mechanism::{ContactLaw, Vector};

/// Result of one contact LCP.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ContactImpulses<const NU: usize> {
    pub lambda_n: Vector<NU>,
    pub lambda_t: Vector<NU>,
    pub size: usize,
    /// Lemke pivots (0 for a warm-started solve and for Lemke's trivial case b ≥ 0).
    pub pivots: usize,
    /// Whether the previous step's complementary basis solved the LCP (no Lemke call).
    pub warm_started: bool,
}

/// Preallocated workspace of the contact LCP (33) and its Lemke solver.
#[derive(Debug, Clone)]
pub(crate) struct ContactLcp {
    lemke: Lemke,
    warm: WarmStart,
    /// Complementary basis of the last solution and the contact pattern it belongs to
    /// (`pattern[i]`: 0 open, 1 closed frictionless, 2 closed frictional).
    guess: BasisGuess,
    pattern: Vec<u8>,
    a: Vec<f64>,
    b: Vec<f64>,
    z: Vec<f64>,
    w: Vec<f64>,
}

/// Whether contact `law` gets the friction rows Λ_R, ξ_L.
pub(crate) fn is_frictional(law: &ContactLaw) -> bool {
    law.has_tangent && law.friction > 0.0
}

/// Role of a contact in the LCP: 0 open, 1 closed without friction rows, 2 closed with them.
fn contact_class(active: bool, law: &ContactLaw) -> u8 {
    u8::from(active) + u8::from(active && is_frictional(law))
}

/// μ of a contact with friction rows, 0 otherwise.
fn row_friction(law: &ContactLaw) -> f64 {
    if is_frictional(law) {
        law.friction
    } else {
        0.0
    }
}

/// The rows of one LCP: H = {idx[0..k]} (normal rows 0..k) and its frictional part
/// {fr[0..kf]} (R rows k..k+kf, L rows k+kf..k+2kf).
struct RowSets<const NU: usize> {
    idx: [usize; NU],
    k: usize,
    fr: [usize; NU],
    kf: usize,
}

impl<const NU: usize> RowSets<NU> {
    fn new(active: &[bool; NU], laws: &[ContactLaw; NU]) -> Self {
        let mut rows = Self {
            idx: [0; NU],
            k: 0,
            fr: [0; NU],
            kf: 0,
        };
        for i in 0..NU {
            if active[i] {
                rows.idx[rows.k] = i;
                rows.k += 1;
                if is_frictional(&laws[i]) {
                    rows.fr[rows.kf] = i;
                    rows.kf += 1;
                }
            }
        }
        rows
    }

    /// LCP dimension k + 2 k_f.
    fn dim(&self) -> usize {
        self.k + 2 * self.kf
    }

    fn normal(&self) -> &[usize] {
        &self.idx[..self.k]
    }

    fn frictional(&self) -> &[usize] {
        &self.fr[..self.kf]
    }
}

impl ContactLcp {
    /// Workspace for up to `nu` contacts (LCP dimension ≤ 3·nu).
    pub(crate) fn with_contacts(nu: usize) -> Self {
        let n = 3 * nu;
        Self {
            lemke: Lemke::with_capacity(n),
            warm: WarmStart::with_capacity(n),
            guess: BasisGuess::with_capacity(n),
            pattern: vec![0; nu],
            a: vec![0.0; n * n],
            b: vec![0.0; n],
            z: vec![0.0; n],
            w: vec![0.0; n],
        }
    }

    /// Assembles and solves (33), (27) for the contacts with `active[i]`, returning Λ_N and
    /// Λ_T (zero outside H). Never allocates.
    pub(crate) fn solve<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        op: &VelocityOperator<NQ, NB>,
        kin: &ContactKinematics<NQ, NU>,
        laws: &[ContactLaw; NU],
        active: &[bool; NU],
        u_a: &Vector<NQ>,
        u_free: &Vector<NQ>,
    ) -> Result<ContactImpulses<NU>, LcpError> {
        let rows = RowSets::new(active, laws);
        let mut out = ContactImpulses {
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            size: 0,
            pivots: 0,
            warm_started: false,
        };
        if rows.k == 0 {
            return Ok(out);
        }
        self.assemble(op, kin, laws, &rows, u_a, u_free);
        let n = rows.dim();
        let (pivots, warm_started) = self.solve_assembled(n, active, laws)?;
        let r0 = rows.k;
        for (ra, &i) in rows.normal().iter().enumerate() {
            out.lambda_n[i] = self.z[ra];
        }
        for (f, &i) in rows.frictional().iter().enumerate() {
            out.lambda_t[i] = self.z[r0 + f] - row_friction(&laws[i]) * out.lambda_n[i];
        }
        out.size = n;
        out.pivots = pivots;
        out.warm_started = warm_started;
        Ok(out)
    }

    /// Writes A and b of (33) for `rows` into the workspace (A column-major, n × n).
    fn assemble<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        op: &VelocityOperator<NQ, NB>,
        kin: &ContactKinematics<NQ, NU>,
        laws: &[ContactLaw; NU],
        rows: &RowSets<NU>,
        u_a: &Vector<NQ>,
        u_free: &Vector<NQ>,
    ) {
        // Delassus blocks [W_N W_T]ᵀ P [W_N W_T] of all contacts (fixed size, cheap for small NU).
        let mut p_wn = kin.w_n;
        op.apply(&mut p_wn);
        let mut p_wt = kin.w_t;
        op.apply(&mut p_wt);
        let g_nn = kin.w_n.transpose() * p_wn;
        let g_nt = kin.w_n.transpose() * p_wt;
        let g_tn = kin.w_t.transpose() * p_wn;
        let g_tt = kin.w_t.transpose() * p_wt;
        let (gn_a, gt_a) = kin.relative_velocities(u_a);
        let (gn_f, gt_f) = kin.relative_velocities(u_free);
        let (idx, fr) = (rows.normal(), rows.frictional());

        // Balance the slack rows/columns: ξ_L = c ξ'_L and Λ'_L = c Λ_L with c the largest
        // Delassus diagonal of H (a positive diagonal scaling maps LCP solutions one-to-one),
        // so that E and 2μ, −E enter at the magnitude of the Delassus blocks.
        let c = idx
            .iter()
            .map(|&i| g_nn[(i, i)].max(g_tt[(i, i)]))
            .fold(0.0_f64, f64::max);
        let c = if c.is_finite() && c > 0.0 { c } else { 1.0 };
        let n = rows.dim();
        let (r0, l0) = (rows.k, rows.k + rows.kf); // first R row/column, first L row/column
        let a = &mut self.a[..n * n];
        a.fill(0.0);
        let mu = |i: usize| row_friction(&laws[i]);
        // Columns Λ_N.
        for (cb, &j) in idx.iter().enumerate() {
            let col = &mut a[cb * n..(cb + 1) * n];
            for (ra, &i) in idx.iter().enumerate() {
                col[ra] = g_nn[(i, j)] - g_nt[(i, j)] * mu(j);
            }
            for (f, &i) in fr.iter().enumerate() {
                col[r0 + f] = g_tn[(i, j)] - g_tt[(i, j)] * mu(j);
                if i == j {
                    col[l0 + f] = 2.0 * mu(j) * c;
                }
            }
        }
        // Columns Λ_R and ξ_L.
        for (g, &j) in fr.iter().enumerate() {
            let col = &mut a[(r0 + g) * n..(r0 + g + 1) * n];
            for (ra, &i) in idx.iter().enumerate() {
                col[ra] = g_nt[(i, j)];
            }
            for (f, &i) in fr.iter().enumerate() {
                col[r0 + f] = g_tt[(i, j)];
            }
            col[l0 + g] = -c;
            a[(l0 + g) * n + r0 + g] = c;
        }
        let b = &mut self.b[..n];
        for (ra, &i) in idx.iter().enumerate() {
            b[ra] = gn_f[i] + laws[i].normal_restitution * gn_a[i];
        }
        for (f, &i) in fr.iter().enumerate() {
            b[r0 + f] = gt_f[i] + laws[i].tangential_restitution * gt_a[i];
            b[l0 + f] = 0.0;
        }
    }

    /// Solves the assembled LCP of dimension `n` into `z`, `w`: by the warm start if the
    /// contact pattern is the previous solve's and its basis is accepted, else by Lemke.
    /// Records the basis and pattern for the next step; returns (Lemke pivots, warm-started).
    fn solve_assembled<const NU: usize>(
        &mut self,
        n: usize,
        active: &[bool; NU],
        laws: &[ContactLaw; NU],
    ) -> Result<(usize, bool), LcpError> {
        let (a, b) = (&self.a[..n * n], &self.b[..n]);
        let (z, w) = (&mut self.z[..n], &mut self.w[..n]);
        let same_pattern = self.guess.len() == n
            && (0..NU).all(|i| self.pattern[i] == contact_class(active[i], &laws[i]));
        let warm = if same_pattern {
            self.warm.solve_with_basis(n, a, b, &self.guess, z, w)?
        } else {
            None
        };
        // The next step's guess: the basis that just worked (Lemke's final basis keeps the side
        // of degenerate pairs, e.g. a separating contact, that makes its A_αα nonsingular).
        let result = match warm {
            Some(sol) => (sol.pivots, true),
            None => {
                let sol = self.lemke.solve(n, a, b, z, w);
                if sol.is_err() {
                    self.guess.clear();
                }
                let sol = sol?;
                self.guess.record_basis(n, &self.lemke);
                (sol.pivots, false)
            }
        };
        for i in 0..NU {
            self.pattern[i] = contact_class(active[i], &laws[i]);
        }
        Ok(result)
    }
}
