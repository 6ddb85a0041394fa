//! The planar impact law with Coulomb friction: post-impact velocities, normal and tangential
//! impulses and the tangential mode (sticking or sliding through the impact) of every contact
//! of an instantaneous impact.
//!
//! At an impact time (t, q) with pre-impact velocities u⁻ and a given set H of closed or
//! impacting contacts, each with at most one tangent W_T (planar Coulomb friction, coefficient
//! μᵢ), the velocity jump is (Glocker & Studer 2005, "Formulation and preparation for numerical
//! evaluation of linear complementarity systems in dynamics", Multibody Syst. Dyn. 13, (17)
//! with the smooth impulse zero; Brogliato 2013, (71))
//!
//! ```text
//! M (u⁺ − u⁻) = W_N Λ_N + W_T Λ_T + G Λ_B,   Gᵀu⁺ + ĝ = 0,
//! γ_N = W_Nᵀu + ŵ_N,   γ_T = W_Tᵀu + ŵ_T.
//! ```
//!
//! The bilateral impulses Λ_B are condensed by the constrained inverse
//! M_c⁻¹ = L⁻ᵀ(I − QQᵀ)L⁻¹ ([`ConstraintFactor`]; Brogliato 2013, (72)–(77)):
//! u⁺ = u_free + M_c⁻¹(W_N Λ_N + W_T Λ_T), with u_free the velocities projected onto the
//! bilateral constraints without contact impulse. G holds every bilateral row, holonomic or
//! velocity (nonholonomic, its column Aᵀ), so u⁺ satisfies all of them. The impact law of Glocker & Studer (11)–(12)
//! on H reads
//!
//! ```text
//! ξ_N = γ_N⁺ + ε_N γ_N⁻,   ξ_T = γ_T⁺ + ε_T γ_T⁻,
//! −Λ_N ∈ Upr(ξ_N)  (0 ≤ Λ_N ⟂ ξ_N ≥ 0),   −Λ_T ∈ μ Λ_N Sgn(ξ_T),
//! ```
//!
//! Newton's restitution on the normal (ε_N), tangential restitution ε_T and Coulomb's law at
//! impulse level. With Λ_R = Λ_T + μΛ_N (24), Λ_L = μΛ_N − Λ_T (25), ξ_T = ξ_R − ξ_L (26) it
//! is the LCP (27), (33) — the one the time-stepping step solves, with the smooth impulse zero:
//!
//! ```text
//! ⎛ξ_N⎞   ⎛ W_Nᵀ M_c⁻¹ (W_N − W_T μ)   W_Nᵀ M_c⁻¹ W_T   0 ⎞ ⎛Λ_N⎞   ⎛ γ_N(u_free) + ε_N γ_N⁻ ⎞
//! ⎜ξ_R⎟ = ⎜ W_Tᵀ M_c⁻¹ (W_N − W_T μ)   W_Tᵀ M_c⁻¹ W_T   E ⎟ ⎜Λ_R⎟ + ⎜ γ_T(u_free) + ε_T γ_T⁻ ⎟
//! ⎝Λ_L⎠   ⎝ 2μ                         −E               0 ⎠ ⎝ξ_L⎠   ⎝ 0                      ⎠
//!
//! 0 ≤ (ξ_N, ξ_R, Λ_L) ⟂ (Λ_N, Λ_R, ξ_L) ≥ 0.
//! ```
//!
//! Contacts with μ = 0 or without a tangent contribute only their normal row, so the dimension
//! is k + 2k_f ≤ 3·NU. The slack pair (ξ_L, Λ_L) is scaled by the largest Delassus diagonal of
//! H, as in the time-stepping LCP (a positive diagonal scaling maps solutions one-to-one). The
//! LCP is solved by the certified [`Lemke`](crate::lcp::Lemke) method.
//!
//! **Normal restitution of separating contacts.** Newton's law is applied to approaching
//! contacts only: the offset is ε_N·min(γ_N⁻, 0), as in the frictionless event impact
//! (Lötstedt 1982, "Mechanical systems of rigid bodies subject to unilateral constraints",
//! SIAM J. Appl. Math. 42, (3.9)–(3.10)). For the intended H (contacts with γ_N⁻ ≤ 0) this is
//! exactly ξ_N = γ_N⁺ + ε_N γ_N⁻; for a contact of H that already separates it keeps
//! ξ_N = γ_N⁺ ≥ 0 instead of admitting γ_N⁺ = −ε_N γ_N⁻ < 0.
//!
//! **Single disk (the closed form the tests check).** Where W_Nᵀ M_c⁻¹ W_T = 0 the normal and
//! tangential problems decouple: Λ_N = −(1 + ε_N)γ_N⁻ / D_N and, with D_T = W_Tᵀ M_c⁻¹ W_T, the
//! sticking impulse Λ_T* = −(1 + ε_T)γ_T⁻ / D_T (ξ_T = 0, i.e. γ_T⁺ = −ε_T γ_T⁻) is taken if
//! |Λ_T*| ≤ μΛ_N; otherwise the contact slides through the impact with Λ_T = −μΛ_N sign γ_T⁻
//! (then ξ_T = (1 + ε_T)γ_T⁻ − D_T μ Λ_N sign γ_T⁻ has the sign of γ_T⁻, as Sgn demands).
//!
//! **Energy.** For the decoupled single contact above with ε_N, ε_T ∈ [0, 1] the kinetic
//! energy never increases (|γ_N⁺| ≤ |γ_N⁻| and |γ_T⁺| ≤ |γ_T⁻|). In general, with coupled
//! normal and tangential directions or several contacts and ε_T > 0, the law need not be
//! dissipative; this module reports the impulses and does not check energy.
//!
//! **Allocation.** [`FrictionalImpactLcp::default`] allocates the workspace (LCP of dimension
//! up to 3·NU); [`solve`](FrictionalImpactLcp::solve) does not allocate.
//!
//! The event-driven integrator uses this law for the impacts of a model with friction; it
//! chooses H and adds a contact at g_N = 0 that the impulses drive into the obstacle (see
//! [`jump`](super::jump)). Where a contact of H has a tangent plane (spatial friction) the law
//! is solved as a cone complementarity problem (`friction_cone_impact`). Not done here: H is
//! taken as given; uniqueness of the impulses is not checked (for redundant contacts only u⁺
//! is unique).

use super::cone_workspace::ConeWorkspace;
use super::contact_columns::contact_columns;
use super::stick_slip_lcp::{StickSlipRows, StickSlipWorkspace, stick_slip_matrix};
use crate::cone::ConeError;
use crate::lcp::LcpError;
use crate::linalg::{
    ConstraintFactor, DEPENDENCE_TOLERANCE, NonFiniteEntry, SpdError, first_non_finite,
};
use crate::mechanism::{Constraints, ContactLaw, ContactLawError, Matrix, Vector};

/// Relative threshold under which ξ_N, ξ_T count as zero in the mode decision, scaled by
/// 1 + the largest |γ_N⁻|, |γ_T⁻| of H.
pub const ZERO_VELOCITY_RELATIVE: f64 = 1e-9;

/// What a contact does at the impact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ImpactMode {
    /// Not in H.
    NotInvolved,
    /// In H but receives no impulse: ξ_N > 0, Λ_N = Λ_T = 0.
    Separating,
    /// Receives a normal impulse, without friction (no tangent or μ = 0).
    Frictionless,
    /// ξ_T = 0: γ_T⁺ = −ε_T γ_T⁻ with |Λ_T| ≤ μΛ_N (tangential restitution; sticking for
    /// ε_T = 0).
    Sticking,
    /// ξ_T of sign `sigma` (±1): slides through the impact with Λ_T = −μσΛ_N.
    Sliding {
        /// Sign of ξ_T.
        sigma: f64,
    },
    /// In a tangent plane, ξ_T ≠ 0 in the unit direction `direction` = ξ_T/‖ξ_T‖: slides through
    /// the impact with Λ_T = −μΛ_N ξ_T/‖ξ_T‖.
    SlidingPlane {
        /// Unit direction of ξ_T in the basis (W_T1, W_T2).
        direction: [f64; 2],
    },
}

/// The result of one impact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrictionalImpact<const NQ: usize, const NB: usize, const NU: usize> {
    /// Post-impact velocities u⁺.
    pub u_post: Vector<NQ>,
    /// Normal impulses Λ_N (zero outside H).
    pub lambda_n: Vector<NU>,
    /// Tangential impulses Λ_T along W_T (zero outside H and on frictionless contacts).
    pub lambda_t: Vector<NU>,
    /// Tangential impulses along the second tangent W_T2 (contacts with a tangent plane; zero
    /// elsewhere).
    pub lambda_t2: Vector<NU>,
    /// Bilateral impulses Λ_B (zero on dependent bilateral columns).
    pub lambda_b: Vector<NB>,
    /// ξ_N = γ_N⁺ + ε_N min(γ_N⁻, 0) on H (zero elsewhere).
    pub xi_n: Vector<NU>,
    /// ξ_T = γ_T⁺ + ε_T γ_T⁻ on H (zero elsewhere and without tangent).
    pub xi_t: Vector<NU>,
    /// Its second component along W_T2 (contacts with a tangent plane; zero elsewhere).
    pub xi_t2: Vector<NU>,
    /// Mode of every contact.
    pub modes: [ImpactMode; NU],
    /// Dimension of the LCP (0: no contact in H).
    pub lcp_size: usize,
    /// Lemke pivots (0 without contact in H or for a trivial solution).
    pub pivots: usize,
}

impl<const NQ: usize, const NB: usize, const NU: usize> FrictionalImpact<NQ, NB, NU> {
    /// No contact involved, no impulse: u⁺ = `u_free`.
    pub(super) fn without_impulse(u_free: Vector<NQ>) -> Self {
        Self {
            u_post: u_free,
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            lambda_b: Vector::zeros(),
            xi_n: Vector::zeros(),
            xi_t: Vector::zeros(),
            xi_t2: Vector::zeros(),
            modes: [ImpactMode::NotInvolved; NU],
            lcp_size: 0,
            pivots: 0,
        }
    }
}

/// Why [`FrictionalImpactLcp::solve`] gave no result.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FrictionalImpactError {
    /// A contact of H has a law out of range ([`ContactLaw::validate`](crate::ContactLaw::validate)).
    #[error(transparent)]
    ContactLaw(#[from] ContactLawError),
    /// The state, a model output or the result is NaN or infinite.
    #[error("non-finite {what}: {entry}")]
    NonFinite {
        /// Which quantity.
        what: &'static str,
        /// Its first entry that is NaN or infinite.
        entry: NonFiniteEntry,
    },
    /// The mass matrix is not positive definite.
    #[error("mass matrix not positive definite (smallest eigenvalue {smallest_eigenvalue:e})")]
    MassMatrixNotPositiveDefinite {
        /// Smallest eigenvalue of (M + Mᵀ)/2.
        smallest_eigenvalue: f64,
    },
    /// The cone complementarity problem of an impact with tangent planes was not solved to its
    /// certificate.
    #[error(
        "the frictional impact cone problem of {contacts} contact(s) was not solved ({source}); \
         the largest friction is μ = {friction} at contact `{contact}` (index {index})"
    )]
    ConeFailed {
        /// Number of contacts in H.
        contacts: usize,
        /// The contact of H with the largest μ.
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Its friction coefficient.
        friction: f64,
        /// The cone solver's error (residual reached, budget used).
        source: ConeError,
    },
    /// Lemke's method did not solve the impact LCP.
    #[error(
        "the frictional impact LCP of {contacts} contact(s) was not solved ({source}); the \
         largest friction is μ = {friction} at contact `{contact}` (index {index})"
    )]
    LcpFailed {
        /// Number of contacts in H.
        contacts: usize,
        /// The contact of H with the largest μ (the first of H if all are frictionless).
        contact: &'static str,
        /// Its index.
        index: usize,
        /// Its friction coefficient.
        friction: f64,
        /// The LCP layer's error.
        source: LcpError,
    },
}

/// Workspace of the frictional impact law (see the module docs). Allocated once by
/// [`Default`]; [`solve`](Self::solve) does not allocate.
#[derive(Debug, Clone)]
pub struct FrictionalImpactLcp<const NQ: usize, const NU: usize> {
    lcp: StickSlipWorkspace,
    pub(super) factor: ConstraintFactor<NQ>,
    /// The cone problem of impacts with tangent planes (`friction_cone_impact`).
    pub(super) cone: ConeWorkspace,
}

impl<const NQ: usize, const NU: usize> Default for FrictionalImpactLcp<NQ, NU> {
    fn default() -> Self {
        Self {
            lcp: StickSlipWorkspace::for_contacts(NU),
            factor: ConstraintFactor::default(),
            cone: ConeWorkspace::for_contacts(NU),
        }
    }
}

/// Contact data at the impact: Jacobians, pre-impact and free relative velocities, the
/// contact columns in the kinetic metric, and the rows of the LCP.
struct ImpactKinematics<const NQ: usize, const NU: usize> {
    w_n: Matrix<NQ, NU>,
    w_t: Matrix<NQ, NU>,
    what_n: Vector<NU>,
    what_t: Vector<NU>,
    /// (I − QQᵀ) L⁻¹ W_N and (I − QQᵀ) L⁻¹ W_T of the contacts of H.
    zn: Matrix<NQ, NU>,
    zt: Matrix<NQ, NU>,
    /// μ of the contacts with friction rows, 0 otherwise.
    mu: [f64; NU],
    /// H (normal rows) and its frictional part (rows Λ_R, ξ_L).
    normal: [usize; NU],
    k: usize,
    frictional: [usize; NU],
    kf: usize,
}

impl<const NQ: usize, const NU: usize> ImpactKinematics<NQ, NU> {
    fn normal(&self) -> &[usize] {
        &self.normal[..self.k]
    }

    fn frictional(&self) -> &[usize] {
        &self.frictional[..self.kf]
    }

    /// (γ_N, γ_T) at velocities u.
    fn relative_velocities(&self, u: &Vector<NQ>) -> (Vector<NU>, Vector<NU>) {
        (
            self.w_n.tr_mul(u) + self.what_n,
            self.w_t.tr_mul(u) + self.what_t,
        )
    }
}

/// [`FrictionalImpactError::NonFinite`] unless every entry is finite.
pub(super) fn finite<'a>(
    values: impl IntoIterator<Item = &'a f64>,
    what: &'static str,
) -> Result<(), FrictionalImpactError> {
    match first_non_finite(values) {
        None => Ok(()),
        Some(entry) => Err(FrictionalImpactError::NonFinite { what, entry }),
    }
}

impl<const NQ: usize, const NU: usize> FrictionalImpactLcp<NQ, NU> {
    /// The impact law at (t, q, u⁻) for the contacts with `contacts[i]` (H; see the module
    /// docs). Errors: [`FrictionalImpactError`]. Does not allocate.
    pub fn solve<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        contacts: &[bool; NU],
        t: f64,
        q: &Vector<NQ>,
        u_pre: &Vector<NQ>,
    ) -> Result<FrictionalImpact<NQ, NB, NU>, FrictionalImpactError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        self.solve_with_inelastic(model, contacts, &[false; NU], t, q, u_pre)
    }

    /// As [`solve`](Self::solve), with ε_N = ε_T = 0 on the contacts with `inelastic[i]` (the
    /// event-driven integrator's contacts that become persistent at an accumulation point, and
    /// those at rest in the normal direction that take part in another contact's impact).
    pub fn solve_with_inelastic<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        contacts: &[bool; NU],
        inelastic: &[bool; NU],
        t: f64,
        q: &Vector<NQ>,
        u_pre: &Vector<NQ>,
    ) -> Result<FrictionalImpact<NQ, NB, NU>, FrictionalImpactError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        finite(
            q.iter().chain(u_pre.iter()).chain([t].iter()),
            "state (q, then u⁻, then t)",
        )?;
        let mut laws = model.contact_laws();
        check_laws::<Mo, NQ, NB, NU>(&laws, contacts)?;
        for (law, _) in laws.iter_mut().zip(inelastic).filter(|(_, inel)| **inel) {
            law.normal_restitution = 0.0;
            law.tangential_restitution = 0.0;
        }
        let c = self.factor_with_bilateral(model, t, q, u_pre)?;
        let (x0, _) = self.factor.solve_kkt(&Vector::zeros(), &c);
        let u_free = u_pre + x0;
        if (0..NU).any(|i| contacts[i] && Mo::TANGENT_PLANES[i] && laws[i].has_tangent) {
            return self.solve_with_planes(model, &laws, contacts, &c, t, q, u_pre, &u_free);
        }
        let kin = self.kinematics(model, &laws, contacts, t, q)?;
        let (gn_pre, gt_pre) = kin.relative_velocities(u_pre);
        let mut sol: FrictionalImpact<NQ, NB, NU> = FrictionalImpact::without_impulse(u_free);
        if kin.k > 0 {
            let n = self.assemble(&kin, &laws, &gn_pre, &gt_pre, &u_free);
            let solved = self.lcp.solve(n);
            sol.pivots = solved
                .map_err(|source| lcp_failure::<Mo, NQ, NB, NU>(&kin, source))?
                .pivots;
            sol.lcp_size = n;
            for (ra, &i) in kin.normal().iter().enumerate() {
                sol.lambda_n[i] = self.lcp.z[ra];
            }
            for (fi, &i) in kin.frictional().iter().enumerate() {
                sol.lambda_t[i] = self.lcp.z[kin.k + fi] - kin.mu[i] * sol.lambda_n[i];
            }
        }
        let f = kin.w_n * sol.lambda_n + kin.w_t * sol.lambda_t;
        let (x, mult) = self.factor.solve_kkt(&f, &c);
        for j in 0..self.factor.rank() {
            sol.lambda_b[self.factor.kept_tag(j)] = mult[j];
        }
        sol.u_post = u_pre + x;
        let what = "post-impact velocity or impulse";
        finite(sol.u_post.iter().chain(sol.lambda_n.iter()), what)?;
        finite(sol.lambda_t.iter().chain(sol.lambda_b.iter()), what)?;
        classify(&kin, &laws, &gn_pre, &gt_pre, &mut sol);
        Ok(sol)
    }

    /// Factors M and the bilateral columns; returns the right-hand sides −(Gᵀu⁻ + ĝ) of the
    /// kept bilateral constraints (so that Gᵀu⁺ + ĝ = 0).
    fn factor_with_bilateral<Mo, const NB: usize>(
        &mut self,
        model: &Mo,
        t: f64,
        q: &Vector<NQ>,
        u_pre: &Vector<NQ>,
    ) -> Result<Vector<NQ>, FrictionalImpactError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let mut m = Matrix::<NQ, NQ>::zeros();
        model.mass_matrix(q, t, &mut m);
        finite(m.iter(), "mass matrix")?;
        self.factor.set_mass(&m).map_err(|e| match e {
            SpdError::NotPositiveDefinite {
                smallest_eigenvalue,
            } => FrictionalImpactError::MassMatrixNotPositiveDefinite {
                smallest_eigenvalue,
            },
            SpdError::NonFinite { entry } => FrictionalImpactError::NonFinite {
                what: "mass matrix",
                entry,
            },
        })?;
        let mut g_jac = Matrix::<NQ, NB>::zeros();
        let mut g_tp = Vector::<NB>::zeros();
        model.bilateral_jacobian(q, t, &mut g_jac, &mut g_tp);
        finite(g_jac.iter().chain(g_tp.iter()), "bilateral Jacobian")?;
        for i in 0..NB {
            self.factor
                .push_column(i, &g_jac.column(i).into_owned(), DEPENDENCE_TOLERANCE);
        }
        let mut c = Vector::<NQ>::zeros();
        for j in 0..self.factor.rank() {
            let i = self.factor.kept_tag(j);
            c[j] = -(g_jac.column(i).dot(u_pre) + g_tp[i]);
        }
        Ok(c)
    }

    /// The contact Jacobians at (t, q), their kinetic-metric columns on H and the LCP rows
    /// (tangent data zeroed for contacts whose law declares no tangent).
    fn kinematics<Mo, const NB: usize>(
        &self,
        model: &Mo,
        laws: &[ContactLaw; NU],
        contacts: &[bool; NU],
        t: f64,
        q: &Vector<NQ>,
    ) -> Result<ImpactKinematics<NQ, NU>, FrictionalImpactError>
    where
        Mo: Constraints<NQ, NB, NU>,
    {
        let cols = contact_columns(model, laws, &self.factor, contacts, t, q).map_err(|entry| {
            FrictionalImpactError::NonFinite {
                what: "contact Jacobian (W_N, W_T, ŵ_N, ŵ_T)",
                entry,
            }
        })?;
        let mut kin = ImpactKinematics {
            w_n: cols.w_n,
            w_t: cols.w_t,
            what_n: cols.what_n,
            what_t: cols.what_t,
            zn: cols.zn,
            zt: cols.zt,
            mu: [0.0; NU],
            normal: [0; NU],
            k: 0,
            frictional: [0; NU],
            kf: 0,
        };
        for i in (0..NU).filter(|&i| contacts[i]) {
            kin.normal[kin.k] = i;
            kin.k += 1;
            if laws[i].has_tangent && laws[i].friction > 0.0 {
                kin.mu[i] = laws[i].friction;
                kin.frictional[kin.kf] = i;
                kin.kf += 1;
            }
        }
        Ok(kin)
    }

    /// Writes the LCP (see the module docs) into the workspace: rows Λ_N of H, then Λ_R and
    /// ξ_L of its frictional contacts. Returns the dimension.
    fn assemble(
        &mut self,
        kin: &ImpactKinematics<NQ, NU>,
        laws: &[ContactLaw; NU],
        gn_pre: &Vector<NU>,
        gt_pre: &Vector<NU>,
        u_free: &Vector<NQ>,
    ) -> usize {
        let (k, kf) = (kin.k, kin.kf);
        let n = k + 2 * kf;
        // The impulse column of Λ_N in the kinetic metric: zn − μ zt.
        let mut zf = kin.zn;
        for &i in kin.frictional() {
            zf.set_column(i, &(kin.zn.column(i) - kin.zt.column(i) * kin.mu[i]));
        }
        let rows = StickSlipRows {
            normal: kin.normal(),
            frictional: kin.frictional(),
        };
        stick_slip_matrix(&kin.zn, &kin.zt, &zf, &kin.mu, rows, &mut self.lcp.a);
        let (r0, l0) = (k, k + kf);
        let (gn_free, gt_free) = kin.relative_velocities(u_free);
        for (ra, &i) in kin.normal().iter().enumerate() {
            self.lcp.b[ra] = gn_free[i] + laws[i].normal_restitution * gn_pre[i].min(0.0);
        }
        for (fi, &i) in kin.frictional().iter().enumerate() {
            self.lcp.b[r0 + fi] = gt_free[i] + laws[i].tangential_restitution * gt_pre[i];
            self.lcp.b[l0 + fi] = 0.0;
        }
        n
    }
}

/// Checks the laws of H (`ContactLaw::validate`).
fn check_laws<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    laws: &[ContactLaw; NU],
    contacts: &[bool; NU],
) -> Result<(), FrictionalImpactError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    for i in (0..NU).filter(|&i| contacts[i]) {
        laws[i].validate(Mo::CONTACTS[i], i)?;
    }
    Ok(())
}

/// [`FrictionalImpactError::LcpFailed`] naming the contact of H with the largest μ.
fn lcp_failure<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    kin: &ImpactKinematics<NQ, NU>,
    source: LcpError,
) -> FrictionalImpactError
where
    Mo: Constraints<NQ, NB, NU>,
{
    let mut index = kin.normal[0];
    for &i in kin.frictional() {
        if kin.mu[i] > kin.mu[index] {
            index = i;
        }
    }
    FrictionalImpactError::LcpFailed {
        contacts: kin.k,
        contact: Mo::CONTACTS[index],
        index,
        friction: kin.mu[index],
        source,
    }
}

/// ξ_N, ξ_T on H and the mode of every contact.
fn classify<const NQ: usize, const NB: usize, const NU: usize>(
    kin: &ImpactKinematics<NQ, NU>,
    laws: &[ContactLaw; NU],
    gn_pre: &Vector<NU>,
    gt_pre: &Vector<NU>,
    sol: &mut FrictionalImpact<NQ, NB, NU>,
) {
    let (gn_post, gt_post) = kin.relative_velocities(&sol.u_post);
    let largest = kin
        .normal()
        .iter()
        .map(|&i| gn_pre[i].abs().max(gt_pre[i].abs()))
        .fold(0.0_f64, f64::max);
    let zero = ZERO_VELOCITY_RELATIVE * (1.0 + largest);
    for &i in kin.normal() {
        let law = &laws[i];
        sol.xi_n[i] = gn_post[i] + law.normal_restitution * gn_pre[i].min(0.0);
        sol.xi_t[i] = gt_post[i] + law.tangential_restitution * gt_pre[i];
        sol.modes[i] = if sol.xi_n[i] > zero {
            ImpactMode::Separating
        } else if kin.mu[i] == 0.0 {
            ImpactMode::Frictionless
        } else if sol.xi_t[i].abs() <= zero {
            ImpactMode::Sticking
        } else {
            ImpactMode::Sliding {
                sigma: sol.xi_t[i].signum(),
            }
        };
    }
}
