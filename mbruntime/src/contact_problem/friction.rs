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
//! A contact with a tangent plane (spatial Coulomb friction, tangents W_T1 = W_T and W_T2) slides
//! with the slip velocity γ_i = (γ_T1, γ_T2), γ_Tk = W_Tk,iᵀ q̇ + ŵ_Tk,i. Coulomb's law in the
//! plane, ‖λ_T‖ ≤ μ λ_N with the force opposite to the slip (Moreau 1988; De Saxcé & Feng 1991),
//! puts it at λ_T,i = −μ_i λ_N,i ŝ_i with the unit slip direction ŝ_i = γ_i/‖γ_i‖, i.e. the
//! force −μ_i λ_N,i (W_T1 ŝ_i1 + W_T2 ŝ_i2). The same elimination gives the same LCP with the
//! effective tangent column W_T1 ŝ_i1 + W_T2 ŝ_i2 in place of W_T σ_i:
//!
//! ```text
//! B = W_Nᵀ M_c⁻¹ [W_T1 ŝ_1 + W_T2 ŝ_2]   (column i: contact i; ŝ_i = (σ_i, 0) for planar friction)
//! ```
//!
//! and everything below holds unchanged for both kinds of contact.
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
//! For Painlevé's rod (one contact) both coincide with μ*(θ) = (1 + 3cos²θ)/(3 sinθ cosθ)
//! (Painlevé 1895). A rod that may also translate sideways and slides at the angle β to its own
//! plane has B scaled by cos β (the sideways component W_T2 moves no normal), hence the bound
//! μ*(θ)/cos β for cos β > 0 and `+∞` when the slip is sideways or backwards.
//! Above the bound the acceleration-level problem may have no solution (Painlevé's paradox);
//! the time-stepping integrators solve the velocity-level problem instead, which then has an
//! impulsive solution (a tangential impact; Génot & Brogliato 1999, "New results on Painlevé
//! paradoxes").
//! The matrices here are dynamically sized (one row per sliding contact) and allocate.

use nalgebra::DMatrix;

use super::couplings::InertialCouplings;
use super::error::AnalysisError;
use super::p_matrix::{P_MATRIX_EXACT_MAX_N, PMatrixVerdict, p_matrix_test};
use crate::linalg::{NonFiniteEntry, SymmetricSpectrum, first_non_finite, spectral_norm};
use crate::mechanism::{Constraints, Matrix, Vector};

/// Relative threshold under which a slip velocity counts as zero (contact not sliding):
/// ‖γ_i‖ ≤ `SLIDING_TOLERANCE` · (‖[W_T1,i W_T2,i]‖_F ‖q̇‖ + ‖(ŵ_T1,i, ŵ_T2,i)‖ + 10⁻³⁰⁰), i.e.
/// |γ_T| ≤ `SLIDING_TOLERANCE` · (‖W_T,i‖ ‖q̇‖ + |ŵ_T,i| + 10⁻³⁰⁰) for planar friction.
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
///
/// Each contact slides along the unit direction ŝ_i = (`directions[i]`, `second_directions[i]`)
/// of its tangent basis (W_T1, W_T2): (σ_i, 0) with σ_i = ±1 for planar friction.
#[derive(Debug, Clone, PartialEq)]
pub struct SlidingContactProblem {
    /// Model indices of the sliding contacts (row/column order of the matrices).
    pub contacts: Vec<usize>,
    /// First components ŝ_i1 of the unit slip directions, along W_T,i: for planar friction the
    /// sliding direction σ_i = sign(W_T,iᵀ q̇) ∈ {−1, +1}.
    pub directions: Vec<f64>,
    /// Second components ŝ_i2 of the unit slip directions, along W_T2,i (0 for planar friction).
    pub second_directions: Vec<f64>,
    /// A₀ = W_Nᵀ M_c⁻¹ W_N restricted to the sliding contacts.
    pub frictionless: DMatrix<f64>,
    /// B = W_Nᵀ M_c⁻¹ [W_T1 ŝ_1 + W_T2 ŝ_2] restricted to the sliding contacts (W_T diag(σ) for
    /// planar friction).
    pub coupling: DMatrix<f64>,
}

impl SlidingContactProblem {
    /// Assembles the problem for `model` at (q, q̇, t) for the contacts listed in `sliding`,
    /// with the slip directions from the tangential velocities: σ_i = sign(W_T,iᵀ q̇ + ŵ_T,i)
    /// for planar friction, ŝ_i = γ_i/‖γ_i‖ for a contact with a tangent plane.
    ///
    /// Errors: [`AnalysisError::NotSliding`] if a listed contact has (numerically, see
    /// [`SLIDING_TOLERANCE`]) zero slip velocity, [`AnalysisError::NonFinite`] for a non-finite
    /// q̇ or tangent direction, index / finiteness / mass-matrix errors as in
    /// [`InertialCouplings`].
    pub fn at<M: Constraints<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        q: &Vector<NQ>,
        qd: &Vector<NQ>,
        t: f64,
        sliding: &[usize],
    ) -> Result<Self, AnalysisError> {
        if let Some(entry) = first_non_finite(qd.iter()) {
            return Err(AnalysisError::NonFinite {
                what: "velocity q̇",
                entry,
            });
        }
        let tangents = Tangents::at(model, q, t);
        let mut with_dirs = Vec::with_capacity(sliding.len());
        for &i in sliding {
            check_index::<NU>(i)?;
            let plane = M::TANGENT_PLANES[i];
            tangents.check_finite(i, plane)?;
            let gamma = tangents.slip(i, plane, qd);
            let speed = gamma[0].hypot(gamma[1]);
            let tol = SLIDING_TOLERANCE * tangents.scale(i, plane, qd.norm());
            if speed.partial_cmp(&tol) != Some(std::cmp::Ordering::Greater) {
                let velocity = if plane { speed } else { gamma[0] };
                return Err(AnalysisError::NotSliding {
                    contact: i,
                    velocity,
                });
            }
            let unit = if plane {
                [gamma[0] / speed, gamma[1] / speed]
            } else {
                [gamma[0].signum(), 0.0]
            };
            with_dirs.push((i, unit));
        }
        Self::assemble(model, q, t, &tangents, &with_dirs)
    }

    /// Assembles the problem with explicitly given sliding directions `(contact, σ)`, σ = ±1
    /// (planar friction; a contact with a tangent plane needs a direction in its plane:
    /// [`with_slip_directions`](Self::with_slip_directions), else
    /// [`AnalysisError::SpatialFriction`]).
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
        let mut planar = Vec::with_capacity(sliding.len());
        for &(i, sigma) in sliding {
            check_index::<NU>(i)?;
            if M::TANGENT_PLANES[i] {
                return Err(AnalysisError::SpatialFriction { contact: i });
            }
            planar.push((i, [sigma, 0.0]));
        }
        Self::with_slip_directions(model, q, t, &planar)
    }

    /// Assembles the problem with explicitly given slip directions `(contact, (s1, s2))` in the
    /// contacts' tangent bases (W_T1, W_T2), normalised here: any nonzero finite vector for a
    /// contact with a tangent plane, (σ, 0) with σ ≠ 0 for planar friction.
    ///
    /// Errors: [`AnalysisError::NotSliding`] for a zero or non-finite direction,
    /// [`AnalysisError::NoTangentPlane`] for a second component on a contact without tangent
    /// plane, [`AnalysisError::NonFinite`] for a non-finite tangent direction, index /
    /// finiteness / mass-matrix errors as in [`InertialCouplings`].
    pub fn with_slip_directions<
        M: Constraints<NQ, NB, NU>,
        const NQ: usize,
        const NB: usize,
        const NU: usize,
    >(
        model: &M,
        q: &Vector<NQ>,
        t: f64,
        sliding: &[(usize, [f64; 2])],
    ) -> Result<Self, AnalysisError> {
        let mut unit = Vec::with_capacity(sliding.len());
        for &(i, s) in sliding {
            check_index::<NU>(i)?;
            unit.push((i, unit_slip_direction(i, M::TANGENT_PLANES[i], s)?));
        }
        let tangents = Tangents::at(model, q, t);
        Self::assemble(model, q, t, &tangents, &unit)
    }

    /// A₀ and B for unit slip directions (contact indices checked, directions normalised).
    fn assemble<M: Constraints<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        q: &Vector<NQ>,
        t: f64,
        tangents: &Tangents<NQ, NU>,
        sliding: &[(usize, [f64; 2])],
    ) -> Result<Self, AnalysisError> {
        let couplings = InertialCouplings::at(model, q, t)?;
        let mc = couplings.constrained_inverse_mass()?;
        let mut columns = Vec::with_capacity(sliding.len());
        for &(j, s) in sliding {
            tangents.check_finite(j, M::TANGENT_PLANES[j])?;
            columns.push(tangents.effective_column(j, M::TANGENT_PLANES[j], s));
        }
        let k = sliding.len();
        let mut a0 = DMatrix::zeros(k, k);
        let mut b = DMatrix::zeros(k, k);
        for (r, &(i, _)) in sliding.iter().enumerate() {
            let ni = mc * couplings.normals.column(i);
            for (c, &(j, _)) in sliding.iter().enumerate() {
                a0[(r, c)] = ni.dot(&couplings.normals.column(j));
                b[(r, c)] = ni.dot(&columns[c]);
            }
        }
        Ok(Self {
            contacts: sliding.iter().map(|c| c.0).collect(),
            directions: sliding.iter().map(|c| c.1[0]).collect(),
            second_directions: sliding.iter().map(|c| c.1[1]).collect(),
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
                    what: "friction coefficient (entry: its contact)",
                    entry: NonFiniteEntry {
                        index: contact,
                        value,
                    },
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

/// [`AnalysisError::IndexOutOfRange`] unless `contact` < NU.
fn check_index<const NU: usize>(contact: usize) -> Result<(), AnalysisError> {
    if contact >= NU {
        return Err(AnalysisError::IndexOutOfRange {
            what: "contact",
            index: contact,
            len: NU,
        });
    }
    Ok(())
}

/// The unit slip direction of contact `i` from a given one: s/‖s‖ for a contact with a tangent
/// plane, (sign s1, 0) for planar friction.
fn unit_slip_direction(i: usize, plane: bool, s: [f64; 2]) -> Result<[f64; 2], AnalysisError> {
    if let Some(&bad) = s.iter().find(|x| !x.is_finite()) {
        return Err(AnalysisError::NotSliding {
            contact: i,
            velocity: bad,
        });
    }
    if plane {
        let n = s[0].hypot(s[1]);
        if n == 0.0 || !n.is_finite() {
            return Err(AnalysisError::NotSliding {
                contact: i,
                velocity: n,
            });
        }
        return Ok([s[0] / n, s[1] / n]);
    }
    if s[1] != 0.0 {
        return Err(AnalysisError::NoTangentPlane {
            contact: i,
            component: s[1],
        });
    }
    if s[0] == 0.0 {
        return Err(AnalysisError::NotSliding {
            contact: i,
            velocity: s[0],
        });
    }
    Ok([s[0].signum(), 0.0])
}

/// The tangent directions of every contact at one state: W_T, ŵ_T and W_T2, ŵ_T2 (zero columns
/// for contacts without tangent plane).
struct Tangents<const NQ: usize, const NU: usize> {
    w_t: Matrix<NQ, NU>,
    what_t: Vector<NU>,
    w_t2: Matrix<NQ, NU>,
    what_t2: Vector<NU>,
}

impl<const NQ: usize, const NU: usize> Tangents<NQ, NU> {
    fn at<M: Constraints<NQ, NB, NU>, const NB: usize>(model: &M, q: &Vector<NQ>, t: f64) -> Self {
        let mut out = Self {
            w_t: Matrix::zeros(),
            what_t: Vector::zeros(),
            w_t2: Matrix::zeros(),
            what_t2: Vector::zeros(),
        };
        model.slip_jacobian(q, t, &mut out.w_t, &mut out.what_t);
        if M::TANGENT_PLANES.contains(&true) {
            model.second_slip_jacobian(q, t, &mut out.w_t2, &mut out.what_t2);
        }
        out
    }

    /// [`AnalysisError::NonFinite`] unless the tangent directions of contact `i` are finite.
    fn check_finite(&self, i: usize, plane: bool) -> Result<(), AnalysisError> {
        let column = |w: &Matrix<NQ, NU>, p: &Vector<NU>| {
            first_non_finite(w.column(i).iter().chain(std::iter::once(&p[i])))
        };
        if let Some(entry) = column(&self.w_t, &self.what_t) {
            return Err(AnalysisError::NonFinite {
                what: "tangent direction W_T (its column, then ŵ_T)",
                entry,
            });
        }
        if let Some(entry) = plane.then(|| column(&self.w_t2, &self.what_t2)).flatten() {
            return Err(AnalysisError::NonFinite {
                what: "second tangent direction W_T2 (its column, then ŵ_T2)",
                entry,
            });
        }
        Ok(())
    }

    /// The slip velocity (γ_T1, γ_T2) of contact `i` at q̇ (γ_T2 = 0 for planar friction).
    fn slip(&self, i: usize, plane: bool, qd: &Vector<NQ>) -> [f64; 2] {
        let first = self.w_t.column(i).dot(qd) + self.what_t[i];
        if plane {
            [first, self.w_t2.column(i).dot(qd) + self.what_t2[i]]
        } else {
            [first, 0.0]
        }
    }

    /// The scale of the slip velocity of contact `i` (see [`SLIDING_TOLERANCE`]).
    fn scale(&self, i: usize, plane: bool, qd_norm: f64) -> f64 {
        let (w1, p1) = (self.w_t.column(i).norm(), self.what_t[i].abs());
        if plane {
            let w = w1.hypot(self.w_t2.column(i).norm());
            w * qd_norm + p1.hypot(self.what_t2[i]) + 1e-300
        } else {
            w1 * qd_norm + p1 + 1e-300
        }
    }

    /// The effective tangent column W_T1 s1 + W_T2 s2 of contact `i` (W_T σ for planar
    /// friction).
    fn effective_column(&self, i: usize, plane: bool, s: [f64; 2]) -> Vector<NQ> {
        if plane {
            self.w_t.column(i) * s[0] + self.w_t2.column(i) * s[1]
        } else {
            self.w_t.column(i) * s[0]
        }
    }
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
