//! The faceted-pyramid approximation of the Coulomb cone as an LCP, for comparison only.
//!
//! The disk `‖r_T‖ ≤ μ r_N` is replaced by the inscribed polygon with vertices `μ r_N d_j`,
//! `d_j = cos(2πj/k) t1 + sin(2πj/k) t2`, `j = 0 … k−1` (k ≥ 3 facets; for k = 4 the square
//! with vertices on ±t1, ±t2). With `r_T = Σ_j β_j d_j` and the slack `λ` (an approximation
//! of the sliding speed) maximal dissipation on the polygon is the LCP of Stewart & Trinkle
//! (1996), "An implicit time-stepping scheme for rigid body dynamics with inelastic collisions
//! and Coulomb friction", Int. J. Numer. Methods Eng. 39:
//!
//! ```text
//! 0 ≤ r_N  ⊥  u_N = (W r + q)_N                    ≥ 0
//! 0 ≤ β_j  ⊥  d_jᵀ (W r + q)_T + λ                 ≥ 0     (j = 0 … k−1)
//! 0 ≤ λ    ⊥  μ r_N − Σ_j β_j                      ≥ 0
//! ```
//!
//! Its matrix is copositive (`zᵀAz = rᵀW r + Σ μ λ r_N ≥ 0` for `z ≥ 0`), so Lemke's method
//! ([`crate::lcp::Lemke`]) processes it. As in the planar contact LCP of the time-stepping
//! integrators, the slack pair `(λ, μ r_N − Σβ)` is rescaled by the largest diagonal entry of
//! `W` so that all entries have the Delassus magnitude. Contacts with μ = 0 contribute only
//! their normal row. Unlike the cone, the polygon biases the friction direction: for an
//! isotropic `W_TT` the cone's `r_T` is anti-parallel to the sliding velocity, the pyramid's
//! only when the velocity points to a vertex or a facet normal (see
//! `tests/cone_pyramid.rs`).

use super::error::ConeError;
use super::natural_map::natural_map_residual;
use super::problem::ConeProblem;
use crate::lcp::Lemke;

/// Result of [`PyramidSolver::solve`]; the reaction and velocity are in the caller's slices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PyramidReport {
    /// Lemke pivots.
    pub pivots: usize,
    /// Dimension of the LCP, `nc + (k + 1) · #{μ > 0}`.
    pub lcp_dimension: usize,
    /// Normalised natural-map residual of the pyramid's reaction for the exact cone (a
    /// measure of the faceting error, not of the LCP's accuracy, which Lemke certifies).
    pub cone_residual: f64,
}

/// Workspace of the pyramid LCP for up to `capacity` contacts and `facets` facets.
#[derive(Debug, Clone)]
pub struct PyramidSolver {
    capacity: usize,
    directions: Vec<[f64; 2]>,
    lemke: Lemke,
    frictional: Vec<usize>,
    a: Vec<f64>,
    b: Vec<f64>,
    z: Vec<f64>,
    w: Vec<f64>,
    column: Vec<f64>,
}

impl PyramidSolver {
    /// Allocates the LCP and Lemke workspaces (dimension up to `contacts · (facets + 2)`).
    pub fn with_capacity(contacts: usize, facets: usize) -> Result<Self, ConeError> {
        if facets < 3 {
            return Err(ConeError::TooFewFacets { facets });
        }
        let n = contacts * (facets + 2);
        let directions = (0..facets)
            .map(|j| {
                let angle = std::f64::consts::TAU * j as f64 / facets as f64;
                [angle.cos(), angle.sin()]
            })
            .collect();
        Ok(Self {
            capacity: contacts,
            directions,
            lemke: Lemke::with_capacity(n),
            frictional: vec![0; contacts],
            a: vec![0.0; n * n],
            b: vec![0.0; n],
            z: vec![0.0; n],
            w: vec![0.0; n],
            column: vec![0.0; 3 * contacts],
        })
    }

    /// The facet generators `d_j` in the tangent basis `(t1, t2)`.
    pub fn directions(&self) -> &[[f64; 2]] {
        &self.directions
    }

    /// Solves the pyramid LCP; writes the reaction `r` (with `r_T = Σ β_j d_j`) and
    /// `u = W r + q`.
    pub fn solve(
        &mut self,
        problem: &ConeProblem,
        r: &mut [f64],
        u: &mut [f64],
    ) -> Result<PyramidReport, ConeError> {
        let nc = problem.contacts();
        if nc > self.capacity {
            return Err(ConeError::CapacityExceeded {
                contacts: nc,
                capacity: self.capacity,
            });
        }
        problem.check_lengths(r, u)?;
        let n = self.assemble(problem);
        let solution = self.lemke.solve(
            n,
            &self.a[..n * n],
            &self.b[..n],
            &mut self.z[..n],
            &mut self.w[..n],
        )?;
        self.reaction(problem, r);
        problem.velocity(r, u);
        let residual = natural_map_residual(r, u, problem.friction(), problem.free_velocity_norm());
        Ok(PyramidReport {
            pivots: solution.pivots,
            lcp_dimension: n,
            cone_residual: residual.value,
        })
    }

    /// Number of frictional contacts and LCP dimension.
    fn layout(&mut self, problem: &ConeProblem) -> (usize, usize) {
        let mut nf = 0;
        for (c, &mu) in problem.friction().iter().enumerate() {
            if mu > 0.0 {
                self.frictional[nf] = c;
                nf += 1;
            }
        }
        let k = self.directions.len();
        (nf, problem.contacts() + nf * (k + 1))
    }

    /// Writes the LCP (column-major `a`, `b`); returns its dimension. Unknowns: `r_N` of every
    /// contact (`0..nc`), `β` of the frictional contacts (`nc + f k + j`), their `λ`
    /// (`nc + nf k + f`).
    fn assemble(&mut self, problem: &ConeProblem) -> usize {
        let (nc, k) = (problem.contacts(), self.directions.len());
        let (nf, n) = self.layout(problem);
        let m = problem.dimension();
        let scale = (0..m)
            .map(|i| problem.w(i, i))
            .fold(0.0_f64, f64::max)
            .max(f64::MIN_POSITIVE);
        self.a[..n * n].fill(0.0);
        // Columns of r_N and β: A_{·,col} = Gᵀ W g_col.
        for col in 0..nc + nf * k {
            self.column.fill(0.0);
            let (idx, weights) = self.generator(nc, col);
            for (&i, &g) in idx.iter().zip(&weights) {
                for (v, wi) in self
                    .column
                    .iter_mut()
                    .zip(&problem.delassus()[i * m..(i + 1) * m])
                {
                    *v += g * wi;
                }
            }
            for row in 0..nc + nf * k {
                let (ridx, rweights) = self.generator(nc, row);
                self.a[row + col * n] = ridx
                    .iter()
                    .zip(&rweights)
                    .map(|(&i, &g)| g * self.column[i])
                    .sum();
            }
        }
        let q = problem.free_velocity();
        for row in 0..nc + nf * k {
            let (ridx, rweights) = self.generator(nc, row);
            self.b[row] = ridx.iter().zip(&rweights).map(|(&i, &g)| g * q[i]).sum();
        }
        for f in 0..nf {
            let lambda = nc + nf * k + f;
            let c = self.frictional[f];
            self.b[lambda] = 0.0;
            self.a[lambda + c * n] = scale * problem.friction()[c];
            for j in 0..k {
                let beta = nc + f * k + j;
                self.a[beta + lambda * n] = scale;
                self.a[lambda + beta * n] = -scale;
            }
        }
        n
    }

    /// The reaction direction `g` of LCP unknown `index` (`r_N` or `β`) as at most two
    /// entries of `r`: indices and weights.
    fn generator(&self, nc: usize, index: usize) -> ([usize; 2], [f64; 2]) {
        if index < nc {
            return ([3 * index, 3 * index], [1.0, 0.0]);
        }
        let k = self.directions.len();
        let (f, j) = ((index - nc) / k, (index - nc) % k);
        let c = self.frictional[f];
        ([3 * c + 1, 3 * c + 2], self.directions[j])
    }

    /// `r` from the LCP solution.
    fn reaction(&self, problem: &ConeProblem, r: &mut [f64]) {
        let (nc, k) = (problem.contacts(), self.directions.len());
        r[..3 * nc].fill(0.0);
        // Lemke's z is non-negative up to round-off relative to the data; that round-off is cut
        // here (found by the long solver campaign: μ = 1e3, r_N = −1.7e-9 with β < 0 gave a
        // reaction mirrored out of the cone, ‖r_T‖ = μ |r_N|).
        for c in 0..nc {
            r[3 * c] = self.z[c].max(0.0);
        }
        let nf = problem.friction().iter().filter(|&&mu| mu > 0.0).count();
        for f in 0..nf {
            let c = self.frictional[f];
            let betas = self.z[nc + f * k..nc + (f + 1) * k]
                .iter()
                .map(|b| b.max(0.0));
            // Admissible: Σβ ≤ μ r_N. The LCP certificate is relative to its largest entry, so a
            // badly scaled problem (found by the solver fuzzing: μ = 1e3, r_N = 0, Σβ = 5e-5)
            // can return Σβ above μ r_N by round-off of that size; β is scaled back onto the
            // pyramid, which the returned cone residual then measures.
            let (sum, bound) = (betas.clone().sum::<f64>(), problem.friction()[c] * r[3 * c]);
            let shrink = if sum > bound {
                bound.max(0.0) / sum
            } else {
                1.0
            };
            for (beta, d) in betas.zip(&self.directions) {
                r[3 * c + 1] += shrink * beta * d[0];
                r[3 * c + 2] += shrink * beta * d[1];
            }
        }
    }
}
