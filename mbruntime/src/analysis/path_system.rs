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
//! This evaluator works on dynamically sized nalgebra matrices (allocated per call): path
//! following is an offline analysis, see the crate docs of [`super::equilibrium_path`].

use nalgebra::{DMatrix, DVector, SymmetricEigen};

use super::linalg::SymmetricSpectrum;
use crate::mechanism::{Matrix, Mechanism, Vector};

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

/// The equilibrium system of a model for parameter `k` at time `t`.
pub(crate) struct PathSystem<'m, M, const NQ: usize, const NB: usize, const NU: usize> {
    pub model: &'m mut M,
    pub parameter: usize,
    pub t: f64,
    /// Enforced contacts (g_N,j = 0 with free λ_j).
    pub active: [bool; NU],
}

impl<M: Mechanism<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>
    PathSystem<'_, M, NQ, NB, NU>
{
    /// Size of z.
    pub const DIM: usize = NQ + NB + NU + 1;
    /// Index of p in z.
    pub const P: usize = NQ + NB + NU;

    pub fn q(z: &DVector<f64>) -> Vector<NQ> {
        Vector::<NQ>::from_fn(|i, _| z[i])
    }
    pub fn lambda_b(z: &DVector<f64>) -> Vector<NB> {
        Vector::<NB>::from_fn(|i, _| z[NQ + i])
    }
    pub fn lambda_n(z: &DVector<f64>) -> Vector<NU> {
        Vector::<NU>::from_fn(|i, _| z[NQ + NB + i])
    }

    /// Evaluates the model at z (sets parameter k to p). `None` if the parameter cannot be
    /// set or an output is not finite.
    pub fn evaluate(&mut self, z: &DVector<f64>) -> Option<Evaluation<NQ, NB, NU>> {
        if z.iter().any(|x| !x.is_finite()) {
            return None;
        }
        self.model.set_parameter(self.parameter, z[Self::P]).ok()?;
        let q = Self::q(z);
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
        let lb = Self::lambda_b(z);
        let ln = Self::lambda_n(z);
        for i in 0..NB {
            if lb[i] != 0.0 && self.model.bilateral_hessian(&q, t, i, &mut scratch) {
                hess -= scratch * lb[i];
            }
        }
        for j in 0..NU {
            if ln[j] != 0.0 && self.model.gap_hessian(&q, t, j, &mut scratch) {
                hess -= scratch * ln[j];
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

    /// Residual F(z) (length DIM − 1) and Jacobian J (DIM − 1 × DIM).
    pub fn residual_jacobian(
        &mut self,
        z: &DVector<f64>,
    ) -> Option<(DVector<f64>, DMatrix<f64>, Evaluation<NQ, NB, NU>)> {
        let e = self.evaluate(z)?;
        let rows = Self::DIM - 1;
        let mut f = DVector::zeros(rows);
        let mut j = DMatrix::zeros(rows, Self::DIM);
        let lb = Self::lambda_b(z);
        let ln = Self::lambda_n(z);
        let force = e.grad - e.g_jac * lb - e.w_n * ln;
        for i in 0..NQ {
            f[i] = force[i];
            for c in 0..NQ {
                j[(i, c)] = e.hess_lagrangian[(i, c)];
            }
            for b in 0..NB {
                j[(i, NQ + b)] = -e.g_jac[(i, b)];
            }
            for u in 0..NU {
                j[(i, NQ + NB + u)] = -e.w_n[(i, u)];
            }
            j[(i, Self::P)] = e.grad_p[i];
        }
        for b in 0..NB {
            f[NQ + b] = e.g[b];
            for c in 0..NQ {
                j[(NQ + b, c)] = e.g_jac[(c, b)];
            }
        }
        for u in 0..NU {
            let r = NQ + NB + u;
            if self.active[u] {
                f[r] = e.gaps[u];
                for c in 0..NQ {
                    j[(r, c)] = e.w_n[(c, u)];
                }
            } else {
                f[r] = ln[u];
                j[(r, NQ + NB + u)] = 1.0;
            }
        }
        Some((f, j, e))
    }

    /// Newton's method on F(z) = 0 together with cᵀz = v, from `z0`.
    pub fn correct(
        &mut self,
        z0: &DVector<f64>,
        c: &DVector<f64>,
        v: f64,
        tolerance: f64,
        max_iterations: usize,
    ) -> Option<DVector<f64>> {
        let mut z = z0.clone();
        for _ in 0..max_iterations {
            let (f, j, _) = self.residual_jacobian(&z)?;
            let mut a = j.insert_row(Self::DIM - 1, 0.0);
            a.row_mut(Self::DIM - 1).copy_from(&c.transpose());
            let mut r = f.insert_row(Self::DIM - 1, c.dot(&z) - v);
            r.neg_mut();
            let dz = a.lu().solve(&r)?;
            if dz.iter().any(|x| !x.is_finite()) {
                return None;
            }
            z += &dz;
            if dz.amax() <= tolerance * (1.0 + z.amax()) {
                let (f, _, _) = self.residual_jacobian(&z)?;
                let scale = 1.0 + z.amax();
                return (f.amax() <= 1e3 * tolerance * scale).then_some(z);
            }
        }
        None
    }

    /// Tangent ż with J ż = 0 and referenceᵀ ż = 1, normalised to ‖(q̇, ṗ)‖ = 1.
    pub fn tangent(&mut self, z: &DVector<f64>, reference: &DVector<f64>) -> Option<DVector<f64>> {
        let (_, j, _) = self.residual_jacobian(z)?;
        let mut a = j.insert_row(Self::DIM - 1, 0.0);
        a.row_mut(Self::DIM - 1).copy_from(&reference.transpose());
        let mut rhs = DVector::zeros(Self::DIM);
        rhs[Self::DIM - 1] = 1.0;
        let t = a.lu().solve(&rhs)?;
        let norm = (0..NQ)
            .map(|i| t[i] * t[i])
            .sum::<f64>()
            .sqrt()
            .hypot(t[Self::P]);
        (norm > 0.0 && norm.is_finite()).then(|| t / norm)
    }

    /// Orthonormal basis T of Ker E_+ᵀ, E_+ = [G, W_N,j (j ∈ `strong`)] (2.11), (3.12).
    pub fn null_basis(e: &Evaluation<NQ, NB, NU>, strong: &[bool; NU]) -> DMatrix<f64> {
        let m = NB + strong.iter().filter(|s| **s).count();
        let mut ep = DMatrix::zeros(NQ, m);
        for b in 0..NB {
            ep.set_column(b, &e.g_jac.column(b));
        }
        let mut c = NB;
        for (u, &is_strong) in strong.iter().enumerate() {
            if is_strong {
                ep.set_column(c, &e.w_n.column(u));
                c += 1;
            }
        }
        if m == 0 {
            return DMatrix::identity(NQ, NQ);
        }
        let eet = &ep * ep.transpose();
        let eig = SymmetricEigen::new(eet);
        let mut order: Vec<usize> = (0..NQ).collect();
        order.sort_by(|&a, &b| eig.eigenvalues[a].total_cmp(&eig.eigenvalues[b]));
        let rank = super::linalg::numerical_rank(&ep);
        let r = NQ - rank;
        DMatrix::from_fn(NQ, r, |i, k| eig.eigenvectors[(i, order[k])])
    }

    /// Reduced Hessian H_+ = T_+ᵀ (∇²𝓛) T_+ (2.13), (3.14) and its basis T_+.
    pub fn reduced_hessian(
        e: &Evaluation<NQ, NB, NU>,
        strong: &[bool; NU],
    ) -> (DMatrix<f64>, DMatrix<f64>) {
        let t = Self::null_basis(e, strong);
        let k = DMatrix::from_column_slice(NQ, NQ, e.hess_lagrangian.as_slice());
        let h = t.transpose() * k * &t;
        (h, t)
    }

    /// (degree of instability, number of zero eigenvalues) of H_+ (Schulz & Pellegrino (5.9)).
    pub fn stability(e: &Evaluation<NQ, NB, NU>, strong: &[bool; NU]) -> (usize, usize) {
        let (h, _) = Self::reduced_hessian(e, strong);
        match SymmetricSpectrum::of_dynamic(&h) {
            Ok(s) => {
                let (_, neg, zero) = s.inertia();
                (neg, zero)
            }
            Err(_) => (0, h.nrows()),
        }
    }
}
