//! The equilibrium equations of a conservative model with a load parameter, their Jacobian,
//! a Newton corrector and the reduced Hessian (Schulz & Pellegrino 2000, Sects. 2–3).
//!
//! Unknowns z = (q, λ_B, λ_N, p) ∈ ℝⁿ⁺ⁿᵇ⁺ⁿᵘ⁺¹. With 𝒜 the set of enforced contacts:
//!
//! ```text
//! ∇V(q, p) − G λ_B − W_N λ_N = 0        (2.4), (3.3): ∇_q 𝓛 = 0
//! g(q) = 0                              (2.5)
//! g_N,j(q) = 0   (j ∈ 𝒜),   λ_j = 0   (j ∉ 𝒜)     (3.4) on the current active set
//! ```
//!
//! Its Jacobian with respect to z is `[K  −G  −W_N  ∂∇V/∂p ; Gᵀ 0 0 0 ; rows of W_Nᵀ or e_λⱼ]`,
//! with K = ∇²V − Σ λ_B,i ∇²g_i − Σ λ_j ∇²g_N,j the Hessian of the Lagrangian (2.10), (3.8).
//! The path tangent ż solves J ż = 0, i.e. (2.8)–(2.9) / (3.7), (3.11).
//!
//! # Allocation
//!
//! z is the fixed-size [`PathVector`] (its parts are const-generic nalgebra vectors); the only
//! dynamically sized objects are the bordered Jacobian `[J; cᵀ]` (DIM × DIM, DIM = n + n_b + n_u + 1
//! is not a const-generic expression on stable Rust) and its right-hand side, which live in a
//! workspace allocated once in [`PathSystem::new`]. Newton steps, tangents, null bases and
//! reduced Hessians then run without heap allocation.

use std::ops::{Add, AddAssign, Div, Index, IndexMut, Mul, Neg, Sub};

use crate::linalg::lu::solve_once;
use crate::linalg::{RANK_RELATIVE_TOLERANCE, leading_block_eigen, leading_inertia};
use crate::mechanism::{Constraints, Matrix, Statics, Vector};

/// A point z = (q, λ_B, λ_N, p) of the extended space of the equilibrium equations, or a
/// direction in it; indexable as one vector of length n + n_b + n_u + 1 (q first, p last).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct PathVector<const NQ: usize, const NB: usize, const NU: usize> {
    pub q: Vector<NQ>,
    pub lambda_b: Vector<NB>,
    pub lambda_n: Vector<NU>,
    pub p: f64,
}

impl<const NQ: usize, const NB: usize, const NU: usize> PathVector<NQ, NB, NU> {
    /// Length of z.
    pub const DIM: usize = NQ + NB + NU + 1;
    /// Index of p.
    pub const P: usize = NQ + NB + NU;

    pub fn zeros() -> Self {
        Self {
            q: Vector::<NQ>::zeros(),
            lambda_b: Vector::<NB>::zeros(),
            lambda_n: Vector::<NU>::zeros(),
            p: 0.0,
        }
    }

    /// The unit vector e_i.
    pub fn unit(i: usize) -> Self {
        let mut e = Self::zeros();
        e[i] = 1.0;
        e
    }

    pub fn iter(&self) -> impl Iterator<Item = f64> + '_ {
        (0..Self::DIM).map(move |i| self[i])
    }

    /// max |z_i|.
    pub fn amax(&self) -> f64 {
        self.iter().fold(0.0_f64, |m, x| m.max(x.abs()))
    }

    pub fn dot(&self, other: &Self) -> f64 {
        (0..Self::DIM).map(|i| self[i] * other[i]).sum()
    }

    pub fn is_finite(&self) -> bool {
        self.iter().all(f64::is_finite)
    }

    /// Euclidean norm of the (q, p) part: the arc-length metric of the path.
    pub fn qp_norm(&self) -> f64 {
        self.q.norm().hypot(self.p)
    }

    /// Inner product of the (q, p) parts.
    pub fn qp_dot(&self, other: &Self) -> f64 {
        self.q.dot(&other.q) + self.p * other.p
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> Index<usize> for PathVector<NQ, NB, NU> {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        if i < NQ {
            &self.q[i]
        } else if i < NQ + NB {
            &self.lambda_b[i - NQ]
        } else if i < NQ + NB + NU {
            &self.lambda_n[i - NQ - NB]
        } else {
            assert!(i == Self::P, "PathVector index {i} out of range");
            &self.p
        }
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> IndexMut<usize> for PathVector<NQ, NB, NU> {
    fn index_mut(&mut self, i: usize) -> &mut f64 {
        if i < NQ {
            &mut self.q[i]
        } else if i < NQ + NB {
            &mut self.lambda_b[i - NQ]
        } else if i < NQ + NB + NU {
            &mut self.lambda_n[i - NQ - NB]
        } else {
            assert!(i == Self::P, "PathVector index {i} out of range");
            &mut self.p
        }
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> Add for PathVector<NQ, NB, NU> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Self {
            q: self.q + o.q,
            lambda_b: self.lambda_b + o.lambda_b,
            lambda_n: self.lambda_n + o.lambda_n,
            p: self.p + o.p,
        }
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> AddAssign for PathVector<NQ, NB, NU> {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> Sub for PathVector<NQ, NB, NU> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self + (-o)
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> Neg for PathVector<NQ, NB, NU> {
    type Output = Self;
    fn neg(self) -> Self {
        self * -1.0
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> Mul<f64> for PathVector<NQ, NB, NU> {
    type Output = Self;
    fn mul(self, s: f64) -> Self {
        Self {
            q: self.q * s,
            lambda_b: self.lambda_b * s,
            lambda_n: self.lambda_n * s,
            p: self.p * s,
        }
    }
}

impl<const NQ: usize, const NB: usize, const NU: usize> Div<f64> for PathVector<NQ, NB, NU> {
    type Output = Self;
    fn div(self, s: f64) -> Self {
        self * (1.0 / s)
    }
}

/// Result of evaluating the model at one z.
pub(crate) struct Evaluation<const NQ: usize, const NB: usize, const NU: usize> {
    pub grad: Vector<NQ>,
    pub grad_p: Vector<NQ>,
    pub hess_lagrangian: Matrix<NQ, NQ>,
    pub g: Vector<NB>,
    pub g_jac: Matrix<NQ, NB>,
    pub gaps: Vector<NU>,
    pub w_n: Matrix<NQ, NU>,
}

/// Reduced Hessian H_+ = T_+ᵀ (∇²𝓛) T_+ (2.13), (3.14) in fixed-size storage: `basis` holds
/// T_+ in its first `dim` columns (orthonormal, zero elsewhere), `hessian` holds H_+ in its
/// leading `dim × dim` block, `eigenvalues[0..dim]` (ascending) and `eigenvectors` (first `dim`
/// columns) diagonalise it as in (2.18).
#[derive(Debug, Clone, Copy)]
pub(crate) struct ReducedHessian<const NQ: usize> {
    pub dim: usize,
    pub basis: Matrix<NQ, NQ>,
    pub hessian: Matrix<NQ, NQ>,
    pub eigenvalues: Vector<NQ>,
    pub eigenvectors: Matrix<NQ, NQ>,
}

impl<const NQ: usize> ReducedHessian<NQ> {
    /// (positive, negative, zero) eigenvalue counts of H_+ (Schulz & Pellegrino (5.9)).
    pub fn inertia(&self) -> (usize, usize, usize) {
        leading_inertia(&self.eigenvalues, self.dim)
    }

    /// P = T_+ H_+⁻¹ T_+ᵀ = Σ (T_+ wᵢ)(T_+ wᵢ)ᵀ / dᵢ for a regular H_+: the map of the path
    /// derivatives (4.3)–(4.5), G = E₀ᵀ P E₀ and ĝ = −E₀ᵀ P ∇U'.
    pub fn inverse_in_coordinates(&self) -> Matrix<NQ, NQ> {
        let mut proj = Matrix::<NQ, NQ>::zeros();
        for i in 0..self.dim {
            let tw = self.basis * self.eigenvectors.column(i);
            proj += tw * tw.transpose() / self.eigenvalues[i];
        }
        proj
    }

    /// The reduced Hessian of `hessian` (∇²𝓛) over the orthonormal columns `basis[.., 0..dim]`.
    #[cfg(test)]
    pub fn over(hessian: &Matrix<NQ, NQ>, basis: Matrix<NQ, NQ>, dim: usize) -> Self {
        let h = basis.transpose() * hessian * basis;
        let (eigenvalues, eigenvectors) = leading_block_eigen(&h, dim);
        ReducedHessian {
            dim,
            basis,
            hessian: h,
            eigenvalues,
            eigenvectors,
        }
    }
}

/// The equilibrium system of a model for parameter `k` at time `t`, with its solver workspace.
pub(crate) struct PathSystem<'m, M, const NQ: usize, const NB: usize, const NU: usize> {
    pub model: &'m mut M,
    pub parameter: usize,
    pub t: f64,
    /// Enforced contacts (g_N,j = 0 with free λ_j).
    pub active: [bool; NU],
    /// Bordered Jacobian [J; cᵀ], DIM × DIM column-major (allocated once).
    matrix: Vec<f64>,
    /// Right-hand side / solution, length DIM (allocated once).
    rhs: Vec<f64>,
}

impl<
    'm,
    M: Constraints<NQ, NB, NU> + Statics<NQ>,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
> PathSystem<'m, M, NQ, NB, NU>
{
    /// Size of z.
    pub const DIM: usize = NQ + NB + NU + 1;
    /// Index of p in z.
    pub const P: usize = NQ + NB + NU;

    /// The system with its workspace (the only allocation of a path trace besides its output).
    pub fn new(model: &'m mut M, parameter: usize, t: f64) -> Self {
        Self {
            model,
            parameter,
            t,
            active: [false; NU],
            matrix: vec![0.0; Self::DIM * Self::DIM],
            rhs: vec![0.0; Self::DIM],
        }
    }

    /// Evaluates the model at z (sets parameter k to p). `None` if the parameter cannot be
    /// set or an output is not finite.
    pub fn evaluate(&mut self, z: &PathVector<NQ, NB, NU>) -> Option<Evaluation<NQ, NB, NU>> {
        if !z.is_finite() {
            return None;
        }
        self.model.set_parameter(self.parameter, z.p).ok()?;
        let q = z.q;
        let t = self.t;
        let mut grad = Vector::<NQ>::zeros();
        self.model.potential_gradient(&q, t, &mut grad);
        let mut grad_p = Vector::<NQ>::zeros();
        if !self
            .model
            .potential_gradient_parameter(&q, t, self.parameter, &mut grad_p)
        {
            return None;
        }
        let mut hess = Matrix::<NQ, NQ>::zeros();
        self.model.potential_hessian(&q, t, &mut hess);
        let mut scratch = Matrix::<NQ, NQ>::zeros();
        for i in 0..NB {
            if z.lambda_b[i] != 0.0 && self.model.bilateral_hessian(&q, t, i, &mut scratch) {
                hess -= scratch * z.lambda_b[i];
            }
        }
        for j in 0..NU {
            if z.lambda_n[j] != 0.0 && self.model.gap_hessian(&q, t, j, &mut scratch) {
                hess -= scratch * z.lambda_n[j];
            }
        }
        let mut g = Vector::<NB>::zeros();
        self.model.bilateral(&q, t, &mut g);
        let mut g_jac = Matrix::<NQ, NB>::zeros();
        let mut tmp_b = Vector::<NB>::zeros();
        self.model.bilateral_jacobian(&q, t, &mut g_jac, &mut tmp_b);
        let mut gaps = Vector::<NU>::zeros();
        self.model.gaps(&q, t, &mut gaps);
        let mut w_n = Matrix::<NQ, NU>::zeros();
        let mut tmp_u = Vector::<NU>::zeros();
        self.model.gap_jacobian(&q, t, &mut w_n, &mut tmp_u);
        let e = Evaluation {
            grad,
            grad_p,
            hess_lagrangian: hess,
            g,
            g_jac,
            gaps,
            w_n,
        };
        let finite = e.grad.iter().all(|x| x.is_finite())
            && e.grad_p.iter().all(|x| x.is_finite())
            && e.hess_lagrangian.iter().all(|x| x.is_finite())
            && e.g.iter().all(|x| x.is_finite())
            && e.g_jac.iter().all(|x| x.is_finite())
            && e.gaps.iter().all(|x| x.is_finite())
            && e.w_n.iter().all(|x| x.is_finite());
        finite.then_some(e)
    }

    /// Residual F(z) (length DIM − 1) into `f`, and, if `with_jacobian`, the Jacobian J
    /// (DIM − 1 × DIM) into the first DIM − 1 rows of the workspace matrix.
    fn residual_jacobian(
        &mut self,
        z: &PathVector<NQ, NB, NU>,
        f: &mut PathVector<NQ, NB, NU>,
        with_jacobian: bool,
    ) -> Option<Evaluation<NQ, NB, NU>> {
        let e = self.evaluate(z)?;
        let n = Self::DIM;
        let force = e.grad - e.g_jac * z.lambda_b - e.w_n * z.lambda_n;
        *f = PathVector::zeros();
        let j = &mut self.matrix;
        if with_jacobian {
            j.iter_mut().for_each(|x| *x = 0.0);
        }
        let mut set = |r: usize, c: usize, v: f64| {
            if with_jacobian {
                j[r + c * n] = v;
            }
        };
        for i in 0..NQ {
            f[i] = force[i];
            for c in 0..NQ {
                set(i, c, e.hess_lagrangian[(i, c)]);
            }
            for b in 0..NB {
                set(i, NQ + b, -e.g_jac[(i, b)]);
            }
            for u in 0..NU {
                set(i, NQ + NB + u, -e.w_n[(i, u)]);
            }
            set(i, Self::P, e.grad_p[i]);
        }
        for b in 0..NB {
            f[NQ + b] = e.g[b];
            for c in 0..NQ {
                set(NQ + b, c, e.g_jac[(c, b)]);
            }
        }
        for u in 0..NU {
            let r = NQ + NB + u;
            if self.active[u] {
                f[r] = e.gaps[u];
                for c in 0..NQ {
                    set(r, c, e.w_n[(c, u)]);
                }
            } else {
                f[r] = z.lambda_n[u];
                set(r, NQ + NB + u, 1.0);
            }
        }
        Some(e)
    }

    /// Writes cᵀ into the last row of the workspace matrix.
    fn border(&mut self, c: &PathVector<NQ, NB, NU>) {
        let n = Self::DIM;
        for col in 0..n {
            self.matrix[(n - 1) + col * n] = c[col];
        }
    }

    /// Solves the bordered system in the workspace for the right-hand side `rhs`.
    fn solve_bordered(&mut self, rhs: &PathVector<NQ, NB, NU>) -> Option<PathVector<NQ, NB, NU>> {
        let n = Self::DIM;
        for i in 0..n {
            self.rhs[i] = rhs[i];
        }
        solve_once(n, &mut self.matrix, &mut self.rhs).ok()?;
        let mut x = PathVector::zeros();
        for i in 0..n {
            x[i] = self.rhs[i];
        }
        Some(x)
    }

    /// ‖F(z)‖_∞ relative to 1 + ‖z‖_∞ (`None` if the model cannot be evaluated at z).
    pub fn relative_residual(&mut self, z: &PathVector<NQ, NB, NU>) -> Option<f64> {
        let mut f = PathVector::zeros();
        self.residual_jacobian(z, &mut f, false)?;
        Some(f.amax() / (1.0 + z.amax()))
    }

    /// Newton's method on F(z) = 0 together with cᵀz = v, from `z0`.
    pub fn correct(
        &mut self,
        z0: &PathVector<NQ, NB, NU>,
        c: &PathVector<NQ, NB, NU>,
        v: f64,
        tolerance: f64,
        max_iterations: usize,
    ) -> Option<PathVector<NQ, NB, NU>> {
        let mut z = *z0;
        let mut f = PathVector::zeros();
        for _ in 0..max_iterations {
            self.residual_jacobian(&z, &mut f, true)?;
            self.border(c);
            f[Self::P] = c.dot(&z) - v;
            let dz = self.solve_bordered(&(-f))?;
            z += dz;
            if dz.amax() <= tolerance * (1.0 + z.amax()) {
                self.residual_jacobian(&z, &mut f, false)?;
                let scale = 1.0 + z.amax();
                return (f.amax() <= 1e3 * tolerance * scale).then_some(z);
            }
        }
        None
    }

    /// Tangent ż with J ż = 0 and referenceᵀ ż = 1, normalised to ‖(q̇, ṗ)‖ = 1.
    pub fn tangent(
        &mut self,
        z: &PathVector<NQ, NB, NU>,
        reference: &PathVector<NQ, NB, NU>,
    ) -> Option<PathVector<NQ, NB, NU>> {
        let mut f = PathVector::zeros();
        self.residual_jacobian(z, &mut f, true)?;
        self.border(reference);
        let t = self.solve_bordered(&PathVector::unit(Self::P))?;
        let norm = t.qp_norm();
        (norm > 0.0 && norm.is_finite()).then(|| t / norm)
    }

    /// Orthonormal basis T_+ of Ker E_+ᵀ, E_+ = [G, W_N,j (j ∈ `strong`)] (2.11), (3.12), in the
    /// first columns of the result (zero elsewhere), and its dimension n − rank E_+.
    ///
    /// Rank-revealing Gram–Schmidt with column pivoting (two orthogonalisation passes): the
    /// column of E_+ with the largest residual joins the range basis until that residual is
    /// ≤ [`RANK_RELATIVE_TOLERANCE`] · max(n, m) · (largest column norm); the unit vectors with
    /// the largest residuals then complete the basis of ℝⁿ, and those complement vectors are T_+.
    pub fn null_basis(e: &Evaluation<NQ, NB, NU>, strong: &[bool; NU]) -> (Matrix<NQ, NQ>, usize) {
        let column = |k: usize| -> Option<Vector<NQ>> {
            if k < NB {
                Some(e.g_jac.column(k).into_owned())
            } else {
                let u = k - NB;
                strong[u].then(|| e.w_n.column(u).into_owned())
            }
        };
        let m = NB + strong.iter().filter(|s| **s).count();
        let mut q = Matrix::<NQ, NQ>::zeros();
        let mut rank = 0;
        let residual = |q: &Matrix<NQ, NQ>, rank: usize, v: &Vector<NQ>| {
            let mut r = *v;
            for _pass in 0..2 {
                for c in 0..rank {
                    let qc = q.column(c);
                    let d = qc.dot(&r);
                    r -= qc * d;
                }
            }
            r
        };
        let max_norm = (0..NB + NU)
            .filter_map(column)
            .fold(0.0_f64, |a, v| a.max(v.norm()));
        let tol = RANK_RELATIVE_TOLERANCE * NQ.max(m) as f64 * max_norm;
        while rank < NQ {
            let mut best: Option<(f64, Vector<NQ>)> = None;
            for k in 0..NB + NU {
                if let Some(v) = column(k) {
                    let r = residual(&q, rank, &v);
                    let nr = r.norm();
                    if best.as_ref().is_none_or(|(b, _)| nr > *b) {
                        best = Some((nr, r));
                    }
                }
            }
            match best {
                Some((nr, r)) if nr > tol && nr.is_finite() => {
                    q.set_column(rank, &(r / nr));
                    rank += 1;
                }
                _ => break,
            }
        }
        let mut basis = Matrix::<NQ, NQ>::zeros();
        let mut dim = 0;
        while rank + dim < NQ {
            let mut best: Option<(f64, Vector<NQ>)> = None;
            for i in 0..NQ {
                let mut ei = Vector::<NQ>::zeros();
                ei[i] = 1.0;
                let r = residual(&q, rank + dim, &ei);
                let nr = r.norm();
                if best.as_ref().is_none_or(|(b, _)| nr > *b) {
                    best = Some((nr, r));
                }
            }
            let Some((nr, r)) = best else { break };
            let r = r / nr;
            q.set_column(rank + dim, &r);
            basis.set_column(dim, &r);
            dim += 1;
        }
        (basis, dim)
    }

    /// Reduced Hessian H_+ over the contacts `strong` (and all bilateral constraints), with its
    /// eigen-decomposition.
    pub fn reduced_hessian(e: &Evaluation<NQ, NB, NU>, strong: &[bool; NU]) -> ReducedHessian<NQ> {
        let (basis, dim) = Self::null_basis(e, strong);
        let hessian = basis.transpose() * e.hess_lagrangian * basis;
        let (eigenvalues, eigenvectors) = leading_block_eigen(&hessian, dim);
        ReducedHessian {
            dim,
            basis,
            hessian,
            eigenvalues,
            eigenvectors,
        }
    }

    /// (degree of instability, number of zero eigenvalues) of H_+ (Schulz & Pellegrino (5.9)).
    pub fn stability(e: &Evaluation<NQ, NB, NU>, strong: &[bool; NU]) -> (usize, usize) {
        let (_, neg, zero) = Self::reduced_hessian(e, strong).inertia();
        (neg, zero)
    }
}

#[cfg(test)]
mod tests {
    //! The path LCP's matrix against Schulz & Pellegrino's closed forms: G by the Schur
    //! complement (5.8) with the inertia formula (5.9), and Sect. 4(a): a positive definite H_+
    //! gives exactly one branch for each sign of ṗ.

    use super::super::path_lcp::for_each_lcp_solution;
    use super::*;
    use mb_testsupport::SplitMix;

    fn orthonormal(next: &mut impl FnMut() -> f64) -> Matrix<4, 4> {
        Matrix::<4, 4>::from_fn(|_, _| next()).qr().q()
    }

    /// Counts (positive, negative, zero) of an independent symmetric eigensolver.
    fn inertia(a: &nalgebra::DMatrix<f64>) -> (usize, usize, usize) {
        let d = a.clone().symmetric_eigen().eigenvalues;
        let tol = 1e-12 * d.amax();
        let pos = d.iter().filter(|x| **x > tol).count();
        let neg = d.iter().filter(|x| **x < -tol).count();
        (pos, neg, d.len() - pos - neg)
    }

    #[test]
    fn g_is_the_schur_complement_formula_5_8_and_inertia_adds_up_5_9() {
        let mut rng = SplitMix(7);
        let mut next = || rng.next_f64();
        for _ in 0..20 {
            let l = Matrix::<4, 4>::from_fn(|_, _| next());
            let l = l + l.transpose();
            let q = orthonormal(&mut next);
            // One strongly active constraint along q₃: T_+ = [q₀ q₁ q₂], T = [q₀ q₁] spans
            // Ker [E_+ E₀]ᵀ and t₀ = q₂, with E₀ = c t₀ + d q₃ so that TᵀE₀ = 0, t₀ᵀE₀ = c (5.7).
            let (c, d) = (0.5 + next().abs(), next());
            let e0 = q.column(2) * c + q.column(3) * d;
            let basis = Matrix::<4, 4>::from_fn(|i, j| if j < 3 { q[(i, j)] } else { 0.0 });
            let rh = ReducedHessian::over(&l, basis, 3);
            let g = (e0.transpose() * rh.inverse_in_coordinates() * e0)[0];
            let t = q.columns(0, 2).into_owned();
            let t0 = q.column(2).into_owned();
            let h = t.transpose() * l * &t;
            let coupling = t.transpose() * l * t0;
            let h_inv = h.clone().try_inverse().expect("H regular for these draws");
            let schur = (t0.transpose() * l * t0)[0] - (coupling.transpose() * h_inv * coupling)[0];
            let g_formula = c * c / schur;
            assert!(
                (g - g_formula).abs() <= 1e-10 * g.abs().max(1.0),
                "G = {g}, (t₀ᵀE₀)²/(H_+/H) = {g_formula}"
            );
            let h_plus = nalgebra::DMatrix::from_fn(3, 3, |i, j| rh.hessian[(i, j)]);
            let h_only = nalgebra::DMatrix::from_fn(2, 2, |i, j| h[(i, j)]);
            let (hp, hn, hz) = inertia(&h_only);
            let (sp, sn) = (usize::from(schur > 0.0), usize::from(schur < 0.0));
            assert_eq!(inertia(&h_plus), (hp + sp, hn + sn, hz), "(5.9)");
            assert_eq!(rh.inertia(), inertia(&h_plus));
        }
    }

    #[test]
    fn a_positive_definite_reduced_hessian_gives_one_branch_each_way() {
        let mut rng = SplitMix(11);
        let mut next = || rng.next_f64();
        for _ in 0..50 {
            let a = Matrix::<4, 4>::from_fn(|_, _| next());
            let l = a.transpose() * a + Matrix::<4, 4>::identity() * 0.1;
            let rh = ReducedHessian::over(&l, Matrix::<4, 4>::identity(), 4);
            let e0 = nalgebra::Matrix4x3::<f64>::from_fn(|_, _| next());
            let g = e0.transpose() * rh.inverse_in_coordinates() * e0;
            let ghat = nalgebra::Vector3::<f64>::from_fn(|_, _| next());
            for s in [1.0, -1.0] {
                let mut count = 0;
                for_each_lcp_solution(&g, &(ghat * s), &[true; 3], 1e-9, |z, w| {
                    count += 1;
                    assert!(z.min() >= 0.0 && w.min() >= 0.0 && z.dot(w).abs() < 1e-12);
                    let residual = g * z + ghat * s - w;
                    assert!(residual.amax() < 1e-9, "ġ₀ = G λ̇₀ + ṗ ĝ: {residual}");
                });
                assert_eq!(count, 1, "Sect. 4(a): one solution for ṗ = {s}");
            }
        }
    }
}
