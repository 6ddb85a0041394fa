//! Well-posedness of the contact problem with sliding Coulomb friction (Lötstedt 1982,
//! (6.4)–(6.5); Blumentals, Brogliato & Bertails-Descoubes 2016).
//!
//! For closed contacts i ∈ 𝒮 that slide with tangential velocity γ_T,i = W_T,iᵀ q̇ ≠ 0, Coulomb's
//! law (6.4)–(6.5) with λ^L = −μλ_N, λ^U = μλ_N fixes the friction force at a bound:
//! λ_T,i = −μ_i σ_i λ_N,i with σ_i = sign γ_T,i. Inserting it into M q̈ = h + G λ_B + W_N λ_N +
//! W_T λ_T, eliminating the (frictionless) bilateral multipliers with M_c⁻¹ (Brogliato 2013,
//! (17)) and writing g̈_N = W_Nᵀ q̈ + … gives the contact LCP 0 ≤ λ_N ⟂ g̈_N ≥ 0 with matrix
//!
//! ```text
//! A(μ) = W_Nᵀ M_c⁻¹ (W_N − W_T diag(μ_i σ_i)) = A₀ − B diag(μ),
//! A₀ = W_Nᵀ M_c⁻¹ W_N  (frictionless, symmetric PSD),   B = W_Nᵀ M_c⁻¹ W_T diag(σ).
//! ```
//!
//! Because the drift terms (ẆᵀQ̇, h) take arbitrary values, the problem has a unique solution for
//! every state iff A(μ) is a P-matrix ([`p_matrix_test`]). Friction is a perturbation of the
//! frictionless problem (Blumentals et al. 2016): along the ray μ = s·d (d = (1,…,1) for a common
//! coefficient, d = e_k for contact k alone) two bounds on the critical s are computed:
//!
//! * **sufficient** (singular values; App. D, Corollary 3): A₀ + C stays positive definite while
//!   ‖C‖₂ < λ_min(A₀), so the problem is well posed for s < λ_min(A₀) / ‖B diag(d)‖₂;
//! * **exact** (n ≤ [`P_MATRIX_EXACT_MAX_N`]): A(0) = A₀ is positive definite, so the P property
//!   is first lost where a principal minor det(A₀,αα − s (B diag d)_αα) vanishes, i.e. at
//!   s = 1/ν for a real eigenvalue ν > 0 of A₀,αα⁻¹ (B diag d)_αα. The smallest such s over all α
//!   is the exact threshold (`+∞` if there is none: friction never destroys uniqueness).
//!
//! For Painlevé's rod (one contact) both coincide with μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ).
//! The matrices here are dynamically sized (one row per sliding contact) and allocate.

use nalgebra::DMatrix;

use super::couplings::InertialCouplings;
use super::error::AnalysisError;
use super::p_matrix::{P_MATRIX_EXACT_MAX_N, PMatrixVerdict, p_matrix_test};
use crate::linalg::{SymmetricSpectrum, spectral_norm};
use crate::mechanism::{Constraints, Vector};

/// Relative threshold under which a tangential velocity counts as zero (contact not sliding):
/// |γ_T| ≤ `SLIDING_TOLERANCE` · (‖W_T,i‖ ‖q̇‖ + 10⁻³⁰⁰).
pub const SLIDING_TOLERANCE: f64 = 1e-12;

/// Upper bounds on the friction coefficient below which the sliding contact problem is
/// guaranteed to be well posed (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrictionBound {
    /// λ_min(A₀) / ‖B diag(d)‖₂ (`+∞` when friction does not couple into the normal problem).
    pub sufficient: f64,
    /// The exact threshold (`+∞` if never lost), `None` above [`P_MATRIX_EXACT_MAX_N`] contacts.
    pub exact: Option<f64>,
}

/// The frictional contact LCP of a set of sliding contacts at one state.
#[derive(Debug, Clone, PartialEq)]
pub struct SlidingContactProblem {
    /// Model indices of the sliding contacts (row/column order of the matrices).
    pub contacts: Vec<usize>,
    /// Sliding directions σ_i = sign(W_T,iᵀ q̇) ∈ {−1, +1}.
    pub directions: Vec<f64>,
    /// A₀ = W_Nᵀ M_c⁻¹ W_N restricted to the sliding contacts.
    pub frictionless: DMatrix<f64>,
    /// B = W_Nᵀ M_c⁻¹ W_T diag(σ) restricted to the sliding contacts.
    pub coupling: DMatrix<f64>,
}

impl SlidingContactProblem {
    /// Assembles the problem for `model` at (q, q̇, t) for the contacts listed in `sliding`,
    /// with σ_i from the sign of the tangential velocity W_T,iᵀ q̇ (+ ŵ_T,i).
    ///
    /// Errors: [`AnalysisError::NotSliding`] if a listed contact has (numerically) zero
    /// tangential velocity, [`AnalysisError::SpatialFriction`] if it has a tangent plane,
    /// index / finiteness / mass-matrix errors as in [`InertialCouplings`].
    pub fn at<M: Constraints<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        sliding: &[usize],
    ) -> Result<Self, AnalysisError> {
        if qd.iter().any(|x| !x.is_finite()) {
            return Err(AnalysisError::NonFinite {
                what: "velocity q̇"
            });
        }
        let mut w_t = nalgebra::SMatrix::<f64, NQ, NU>::zeros();
        let mut w_t_hat = Vector::<NU>::zeros();
        model.slip_jacobian(q, t, &mut w_t, &mut w_t_hat);
        let mut with_dirs = Vec::with_capacity(sliding.len());
        for &i in sliding {
            if i >= NU {
                return Err(AnalysisError::IndexOutOfRange {
                    what: "contact",
                    index: i,
                    len: NU,
                });
            }
            refuse_tangent_plane::<M, NQ, NB, NU>(i)?;
            let col = w_t.column(i);
            let v = col.dot(qd) + w_t_hat[i];
            let tol = SLIDING_TOLERANCE * (col.norm() * qd.norm() + w_t_hat[i].abs() + 1e-300);
            if v.abs().partial_cmp(&tol) != Some(std::cmp::Ordering::Greater) {
                return Err(AnalysisError::NotSliding {
                    contact: i,
                    velocity: v,
                });
            }
            with_dirs.push((i, v.signum()));
        }
        Self::with_directions(model, q, t, &with_dirs)
    }

    /// Assembles the problem with explicitly given sliding directions `(contact, σ)`, σ = ±1
    /// (planar friction only: [`AnalysisError::SpatialFriction`] for a contact with a tangent
    /// plane).
    pub fn with_directions<
        M: Constraints<NQ, NB, NU>,
        const NQ: usize,
        const NB: usize,
        const NU: usize,
    >(
        model: &M,
        q: &Vector<NQ>,
        t: f64,
        sliding: &[(usize, f64)],
    ) -> Result<Self, AnalysisError> {
        let couplings = InertialCouplings::at(model, q, t)?;
        let mc = couplings.constrained_inverse_mass()?;
        let mut w_t = nalgebra::SMatrix::<f64, NQ, NU>::zeros();
        let mut w_t_hat = Vector::<NU>::zeros();
        model.slip_jacobian(q, t, &mut w_t, &mut w_t_hat);
        let k = sliding.len();
        let mut a0 = DMatrix::zeros(k, k);
        let mut b = DMatrix::zeros(k, k);
        for (r, &(i, _)) in sliding.iter().enumerate() {
            if i >= NU {
                return Err(AnalysisError::IndexOutOfRange {
                    what: "contact",
                    index: i,
                    len: NU,
                });
            }
            refuse_tangent_plane::<M, NQ, NB, NU>(i)?;
            let ni = mc * couplings.normals.column(i);
            for (c, &(j, sigma)) in sliding.iter().enumerate() {
                if j >= NU {
                    return Err(AnalysisError::IndexOutOfRange {
                        what: "contact",
                        index: j,
                        len: NU,
                    });
                }
                if !sigma.is_finite() || sigma == 0.0 {
                    return Err(AnalysisError::NotSliding {
                        contact: j,
                        velocity: sigma,
                    });
                }
                a0[(r, c)] = ni.dot(&couplings.normals.column(j));
                b[(r, c)] = ni.dot(&w_t.column(j)) * sigma.signum();
            }
        }
        Ok(Self {
            contacts: sliding.iter().map(|c| c.0).collect(),
            directions: sliding.iter().map(|c| c.1.signum()).collect(),
            frictionless: a0,
            coupling: b,
        })
    }

    /// Number of sliding contacts.
    pub fn len(&self) -> usize {
        self.contacts.len()
    }

    /// Whether no contact slides.
    pub fn is_empty(&self) -> bool {
        self.contacts.is_empty()
    }

    /// The LCP matrix A(μ) = A₀ − B diag(μ) for friction coefficients `mu` (one per sliding contact).
    pub fn matrix(&self, mu: &[f64]) -> Result<DMatrix<f64>, AnalysisError> {
        if mu.len() != self.len() {
            return Err(AnalysisError::Dimension {
                what: "friction coefficients",
                expected: self.len(),
                got: mu.len(),
            });
        }
        for (contact, &value) in mu.iter().enumerate() {
            if !value.is_finite() {
                return Err(AnalysisError::NonFinite {
                    what: "friction coefficient",
                });
            }
            if value < 0.0 {
                return Err(AnalysisError::NegativeFriction { contact, value });
            }
        }
        let mut a = self.frictionless.clone();
        for (c, &m) in mu.iter().enumerate() {
            for r in 0..self.len() {
                a[(r, c)] -= self.coupling[(r, c)] * m;
            }
        }
        Ok(a)
    }

    /// P-matrix test of A(μ): whether the sliding contact problem has a unique solution for
    /// every right-hand side.
    pub fn well_posedness(&self, mu: &[f64]) -> Result<PMatrixVerdict, AnalysisError> {
        p_matrix_test(&self.matrix(mu)?)
    }

    /// Largest common friction coefficient μ (all contacts) below which the problem is
    /// guaranteed well posed.
    pub fn common_friction_bound(&self) -> Result<FrictionBound, AnalysisError> {
        self.bound_along(&vec![1.0; self.len()])
    }

    /// Largest friction coefficient of the `k`-th sliding contact (the others frictionless)
    /// below which the problem is guaranteed well posed.
    pub fn contact_friction_bound(&self, k: usize) -> Result<FrictionBound, AnalysisError> {
        if k >= self.len() {
            return Err(AnalysisError::IndexOutOfRange {
                what: "sliding contact",
                index: k,
                len: self.len(),
            });
        }
        let mut d = vec![0.0; self.len()];
        d[k] = 1.0;
        self.bound_along(&d)
    }

    fn bound_along(&self, d: &[f64]) -> Result<FrictionBound, AnalysisError> {
        let n = self.len();
        let spectrum = SymmetricSpectrum::of_dynamic(&self.frictionless)?;
        if spectrum.rank < n || spectrum.min() <= 0.0 {
            return Err(AnalysisError::FrictionlessSingular {
                smallest_eigenvalue: spectrum.min(),
            });
        }
        let mut bd = self.coupling.clone();
        for (c, &dc) in d.iter().enumerate() {
            bd.column_mut(c).scale_mut(dc);
        }
        let norm = spectral_norm(&bd);
        let sufficient = if norm > 0.0 {
            spectrum.min() / norm
        } else {
            f64::INFINITY
        };
        let exact = if n <= P_MATRIX_EXACT_MAX_N {
            Some(exact_threshold(&self.frictionless, &bd))
        } else {
            None
        };
        Ok(FrictionBound { sufficient, exact })
    }
}

/// [`AnalysisError::SpatialFriction`] for a contact (index < NU) with a tangent plane: its
/// friction force slides along a direction of the plane, which the single W_T here cannot carry.
fn refuse_tangent_plane<M, const NQ: usize, const NB: usize, const NU: usize>(
    contact: usize,
) -> Result<(), AnalysisError>
where
    M: Constraints<NQ, NB, NU>,
{
    if M::TANGENT_PLANES[contact] {
        return Err(AnalysisError::SpatialFriction { contact });
    }
    Ok(())
}

/// Smallest s > 0 with det(A₀,αα − s C_αα) = 0 for some α (A₀ symmetric positive definite):
/// s = 1/ν over the real positive eigenvalues ν of A₀,αα⁻¹ C_αα.
fn exact_threshold(a0: &DMatrix<f64>, c: &DMatrix<f64>) -> f64 {
    let n = a0.nrows();
    let mut best = f64::INFINITY;
    for mask in 1usize..(1 << n) {
        let idx: Vec<usize> = (0..n).filter(|i| mask & (1 << i) != 0).collect();
        let k = idx.len();
        let sub_a = DMatrix::from_fn(k, k, |r, s| a0[(idx[r], idx[s])]);
        let sub_c = DMatrix::from_fn(k, k, |r, s| c[(idx[r], idx[s])]);
        let Some(chol) = sub_a.cholesky() else {
            continue;
        };
        let m = chol.solve(&sub_c);
        let eig = m.complex_eigenvalues();
        let scale = eig.iter().fold(0.0_f64, |s, z| s.max(z.norm()));
        for z in eig.iter() {
            if z.im.abs() <= 1e-10 * scale && z.re > 1e-14 * scale.max(f64::MIN_POSITIVE) {
                best = best.min(1.0 / z.re);
            }
        }
    }
    best
}
