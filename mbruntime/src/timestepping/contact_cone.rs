//! The spatial contact problem of one time step: the velocity-level cone complementarity
//! problem of Moreau–Jean with Newton's impact law (Acary & Brogliato 2008, "Numerical Methods
//! for Nonsmooth Dynamical Systems", ch. 13; De Saxcé & Feng 1991, "New inequality and
//! functional for contact with friction: the implicit standard material approach").
//!
//! For the closed contacts i₁, …, i_k of a step (the active set H), their directions
//! D = [w_N w_T w_T2] (3 columns per contact, ordered (N, T1, T2)), the constrained inverse `P`
//! of the iteration matrix (see [`velocity_operator`](super::velocity_operator)) and the free
//! velocity `u_free = u^E(Λ = 0)`:
//!
//! ```text
//! ξ = W_c Λ + q,   W_c = Dᵀ P D,
//! q_i = (γ_N(u_free) + ε_N γ_N^A,  γ_T1(u_free) + ε_T γ_T1^A,  γ_T2(u_free) + ε_T γ_T2^A)_i,
//! K_i ∋ Λ_i ⊥ ξ_i + μ_i ‖ξ_Ti‖ e_N ∈ K_i*,   K_i = { ‖Λ_Ti‖ ≤ μ_i Λ_Ni }
//! ```
//!
//! — Newton's law ξ_N = γ_N^E + ε_N γ_N^A ≥ 0 ⊥ Λ_N ≥ 0 and Coulomb's law in the tangent plane
//! with De Saxcé's modified velocity, the planar laws (11)–(12) of Glocker & Studer (2005) with
//! the interval Sgn replaced by the disk. It is solved by [`ConeSolver`] (every returned
//! solution certified by its natural-map residual), warm started from the previous step's
//! impulses of the same contacts (zero for contacts that were open). W_c is symmetric positive
//! semidefinite for Moreau's midpoint rule (P is the constrained inverse of M); for Moreau–Jean
//! with non-symmetric force tangents C, K the iteration matrix and so W_c are not symmetric,
//! which the solver's certificate does not need (it may then need more iterations, and a
//! failure is reported, never a wrong solution).
//!
//! # Contacts without a tangent plane in the same step
//!
//! Every closed contact of such a step enters the same problem, as a 3-D contact:
//!
//! * **frictionless** (μ = 0 or no tangent): columns (w_N, 0, 0) and μ = 0, so K is the normal
//!   ray and Λ_T = 0 exactly;
//! * **planar friction** (one tangent w_T, μ > 0): columns (w_N, w_T, 0), and the missing second
//!   tangent gets a decoupled self-compliance d > 0 on its diagonal (its row is ξ_T2 = d Λ_T2,
//!   q_T2 = 0). Then Λ_T2 = 0 in every solution: open gives Λ = 0, stick gives d Λ_T2 = ξ_T2 = 0,
//!   and slip gives Λ_T2 = −μ Λ_N ξ_T2/‖ξ_T‖ = −(μ Λ_N d/‖ξ_T‖) Λ_T2, i.e. Λ_T2 = 0. With
//!   ξ_T2 = Λ_T2 = 0 the disk law on (Λ_T1, Λ_T2) is the interval law on Λ_T1 (slip:
//!   Λ_T1 = −μ Λ_N sign ξ_T1), so the planar contact obeys exactly its own law (12); conversely
//!   every solution of the planar law extended by zero solves the 3-D problem. A zero column
//!   *without* d would leave Λ_T2 free inside the disk whenever the contact sticks (it moves
//!   nothing): the problem would have a continuum of solutions and a singular Newton Jacobian.
//!   d is the contact's own first-tangent Delassus entry (its normal one if that vanishes), so
//!   the Alart–Curnier parameter ρ_T = 2/(W_T1T1 + W_T2T2) is the planar contact's 1/W_T1T1.
//!
//! The Λ_T2 a certified solution leaves on a planar contact (of the order of the tolerance) acts
//! on nothing and is not reported.

use super::contact_kinematics::ContactKinematics;
use super::contact_lcp::is_frictional;
use super::velocity_operator::VelocityOperator;
use crate::cone::{ConeError, ConeOptions, ConeProblem, ConeSolver};
use crate::mechanism::{ContactLaw, Matrix, Vector};

/// How a closed contact enters the cone problem of a step (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ConeRole {
    /// A tangent plane and μ > 0: columns (w_N, w_T, w_T2).
    Spatial,
    /// One tangent and μ > 0: columns (w_N, w_T, 0) and the decoupled diagonal d.
    Planar,
    /// μ = 0 or no tangent: columns (w_N, 0, 0), μ = 0.
    Frictionless,
}

impl ConeRole {
    fn of(plane: bool, law: &ContactLaw) -> Self {
        match (is_frictional(law), plane) {
            (true, true) => Self::Spatial,
            (true, false) => Self::Planar,
            (false, _) => Self::Frictionless,
        }
    }

    /// Whether component `c` (0 normal, 1 first tangent, 2 second tangent) has a column.
    fn has_column(self, c: usize) -> bool {
        match self {
            Self::Spatial => true,
            Self::Planar => c < 2,
            Self::Frictionless => c == 0,
        }
    }
}

/// Whether a closed contact needs the cone problem: a tangent plane and friction.
pub(crate) fn is_spatial(plane: bool, law: &ContactLaw) -> bool {
    plane && is_frictional(law)
}

/// The previous step's impulses of every contact (the warm start).
#[derive(Debug, Clone, Copy)]
pub(crate) struct PreviousImpulses<'a, const NU: usize> {
    pub lambda_n: &'a Vector<NU>,
    pub lambda_t: &'a Vector<NU>,
    pub lambda_t2: &'a Vector<NU>,
}

/// The data of one step's cone problem that the workspace does not own.
pub(crate) struct ConeStep<'a, const NQ: usize, const NB: usize, const NU: usize> {
    pub op: &'a VelocityOperator<NQ, NB>,
    pub kin: &'a ContactKinematics<NQ, NU>,
    pub laws: &'a [ContactLaw; NU],
    pub planes: &'a [bool; NU],
    pub active: &'a [bool; NU],
    pub u_a: &'a Vector<NQ>,
    pub u_free: &'a Vector<NQ>,
    pub previous: PreviousImpulses<'a, NU>,
    pub options: &'a ConeOptions,
}

/// Result of one cone problem: impulses of every contact (zero outside H and on components a
/// contact does not have), the number of contacts solved for and the solver's iterations.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ConeImpulses<const NU: usize> {
    pub lambda_n: Vector<NU>,
    pub lambda_t: Vector<NU>,
    pub lambda_t2: Vector<NU>,
    pub contacts: usize,
    pub iterations: usize,
}

/// Why a cone problem was not solved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum ConeFailure {
    /// The budget ran out above the tolerance: the model index of the contact with the largest
    /// natural-map residual, the residual reached and the iterations spent.
    NotConverged {
        contact: usize,
        residual: f64,
        iterations: usize,
    },
    /// Any other solver error.
    Solver(ConeError),
}

/// Preallocated workspace of the cone problem for up to `nu` contacts.
#[derive(Debug, Clone)]
pub(crate) struct ContactCone {
    solver: ConeSolver,
    /// Model indices of the contacts of the current problem, in order, and their roles.
    contacts: Vec<usize>,
    roles: Vec<ConeRole>,
    delassus: Vec<f64>,
    q: Vec<f64>,
    mu: Vec<f64>,
    r: Vec<f64>,
    u: Vec<f64>,
}

impl ContactCone {
    /// Workspace for up to `nu` contacts (dimension ≤ 3·nu; nothing is allocated for 0).
    pub(crate) fn with_contacts(nu: usize) -> Self {
        let m = 3 * nu;
        Self {
            solver: ConeSolver::with_capacity(nu),
            contacts: vec![0; nu],
            roles: vec![ConeRole::Frictionless; nu],
            delassus: vec![0.0; m * m],
            q: vec![0.0; m],
            mu: vec![0.0; nu],
            r: vec![0.0; m],
            u: vec![0.0; m],
        }
    }

    /// Assembles and solves the cone problem of the closed contacts of `step`. Never
    /// allocates.
    pub(crate) fn solve<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        step: &ConeStep<'_, NQ, NB, NU>,
    ) -> Result<ConeImpulses<NU>, ConeFailure> {
        let nc = self.select(step);
        let m = 3 * nc;
        self.assemble_delassus(step, nc);
        self.assemble_free_velocity(step, nc);
        self.warm_start(step, nc);
        let problem = ConeProblem::new(&self.delassus[..m * m], &self.q[..m], &self.mu[..nc])
            .map_err(ConeFailure::Solver)?;
        let report = self
            .solver
            .solve(&problem, &mut self.r[..m], &mut self.u[..m], step.options)
            .map_err(|e| match e {
                ConeError::NotConverged {
                    residual,
                    worst_contact,
                    iterations,
                    ..
                } => ConeFailure::NotConverged {
                    contact: self.contacts[worst_contact],
                    residual,
                    iterations,
                },
                other => ConeFailure::Solver(other),
            })?;
        let mut out = ConeImpulses {
            lambda_n: Vector::zeros(),
            lambda_t: Vector::zeros(),
            lambda_t2: Vector::zeros(),
            contacts: nc,
            iterations: report.iterations,
        };
        for a in 0..nc {
            let (i, role) = (self.contacts[a], self.roles[a]);
            out.lambda_n[i] = self.r[3 * a];
            if role.has_column(1) {
                out.lambda_t[i] = self.r[3 * a + 1];
            }
            if role.has_column(2) {
                out.lambda_t2[i] = self.r[3 * a + 2];
            }
        }
        Ok(out)
    }

    /// The closed contacts, their roles and friction coefficients; returns their number.
    fn select<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        step: &ConeStep<'_, NQ, NB, NU>,
    ) -> usize {
        let mut nc = 0;
        for i in (0..NU).filter(|&i| step.active[i]) {
            let role = ConeRole::of(step.planes[i], &step.laws[i]);
            self.contacts[nc] = i;
            self.roles[nc] = role;
            self.mu[nc] = match role {
                ConeRole::Frictionless => 0.0,
                _ => step.laws[i].friction,
            };
            nc += 1;
        }
        nc
    }

    /// W_c = Dᵀ P D, column-major `3nc × 3nc`, with the decoupled diagonal of planar contacts.
    fn assemble_delassus<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        step: &ConeStep<'_, NQ, NB, NU>,
        nc: usize,
    ) {
        let kin = step.kin;
        let directions = [&kin.w_n, &kin.w_t, &kin.w_t2];
        let mut applied: [Matrix<NQ, NU>; 3] = [kin.w_n, kin.w_t, kin.w_t2];
        for p_w in &mut applied {
            step.op.apply(p_w);
        }
        let m = 3 * nc;
        for b in 0..nc {
            let (j, role_j) = (self.contacts[b], self.roles[b]);
            for (cb, p_w) in applied.iter().enumerate() {
                let col = &mut self.delassus[(3 * b + cb) * m..(3 * b + cb + 1) * m];
                if !role_j.has_column(cb) {
                    col.fill(0.0);
                    continue;
                }
                let p_h = p_w.column(j);
                for a in 0..nc {
                    let (i, role_i) = (self.contacts[a], self.roles[a]);
                    for ca in 0..3 {
                        col[3 * a + ca] = if role_i.has_column(ca) {
                            directions[ca].column(i).dot(&p_h)
                        } else {
                            0.0
                        };
                    }
                }
            }
        }
        for a in (0..nc).filter(|&a| self.roles[a] == ConeRole::Planar) {
            let diagonal = |c: usize| self.delassus[(3 * a + c) * (m + 1)];
            let d = [diagonal(1), diagonal(0), 1.0]
                .into_iter()
                .find(|&x| x.is_finite() && x > 0.0)
                .unwrap_or(1.0);
            self.delassus[(3 * a + 2) * (m + 1)] = d;
        }
    }

    /// q: the local velocities of `u_free` plus the restitution terms, per contact (N, T1, T2).
    fn assemble_free_velocity<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        step: &ConeStep<'_, NQ, NB, NU>,
        nc: usize,
    ) {
        let kin = step.kin;
        let (gn_a, gt_a) = kin.relative_velocities(step.u_a);
        let (gn_f, gt_f) = kin.relative_velocities(step.u_free);
        let gt2_a = kin.second_tangent_velocities(step.u_a);
        let gt2_f = kin.second_tangent_velocities(step.u_free);
        for a in 0..nc {
            let (i, role) = (self.contacts[a], self.roles[a]);
            let law = &step.laws[i];
            let q = &mut self.q[3 * a..3 * a + 3];
            q[0] = gn_f[i] + law.normal_restitution * gn_a[i];
            q[1] = if role.has_column(1) {
                gt_f[i] + law.tangential_restitution * gt_a[i]
            } else {
                0.0
            };
            q[2] = if role.has_column(2) {
                gt2_f[i] + law.tangential_restitution * gt2_a[i]
            } else {
                0.0
            };
        }
    }

    /// r from the previous step's impulses of the same contacts (zero where they were open or
    /// the component does not exist).
    fn warm_start<const NQ: usize, const NB: usize, const NU: usize>(
        &mut self,
        step: &ConeStep<'_, NQ, NB, NU>,
        nc: usize,
    ) {
        let prev = &step.previous;
        for a in 0..nc {
            let (i, role) = (self.contacts[a], self.roles[a]);
            let r = &mut self.r[3 * a..3 * a + 3];
            r[0] = prev.lambda_n[i];
            r[1] = if role.has_column(1) {
                prev.lambda_t[i]
            } else {
                0.0
            };
            r[2] = if role.has_column(2) {
                prev.lambda_t2[i]
            } else {
                0.0
            };
        }
    }
}
