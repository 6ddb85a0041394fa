//! The solver: preallocated workspaces, method dispatch, certification and the report.

use super::error::{ConeError, ConeSlice};
use super::gauss_seidel;
use super::natural_map::{ContactStatus, contact, contact_status, natural_map_residual};
use super::newton::Newton;
use super::options::{ConeMethod, ConeOptions};
use super::outcome::Outcome;
use super::problem::ConeProblem;
use super::projection::project_onto_cone;
use crate::linalg::first_non_finite;

/// Gauss–Seidel sweeps per fallback round of [`ConeMethod::Auto`].
const FALLBACK_SWEEPS: usize = 64;

/// What a successful [`ConeSolver::solve`] did; the reaction and velocity are in the caller's
/// slices, the per-contact states in [`ConeSolver::statuses`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConeReport {
    /// Newton steps plus Gauss–Seidel sweeps.
    pub iterations: usize,
    /// Newton steps.
    pub newton_iterations: usize,
    /// Gauss–Seidel sweeps.
    pub gauss_seidel_sweeps: usize,
    /// Certified normalised natural-map residual (≤ the tolerance).
    pub residual: f64,
    /// Method that produced the returned iterate ([`ConeMethod::Newton`] or
    /// [`ConeMethod::GaussSeidel`]).
    pub method: ConeMethod,
    /// Contacts open (`r = 0`).
    pub open: usize,
    /// Contacts sticking.
    pub stick: usize,
    /// Contacts slipping.
    pub slip: usize,
}

/// Solver of the frictional contact problem for up to `capacity` contacts; every workspace is
/// allocated in [`ConeSolver::with_capacity`], [`ConeSolver::solve`] never allocates.
#[derive(Debug, Clone)]
pub struct ConeSolver {
    capacity: usize,
    newton: Newton,
    statuses: Vec<ContactStatus>,
    contacts: usize,
}

/// Iterations spent so far, per method, and the method of the latest run.
#[derive(Debug, Clone, Copy)]
struct Spent {
    newton: usize,
    sweeps: usize,
    last: ConeMethod,
}

impl Spent {
    fn total(&self) -> usize {
        self.newton + self.sweeps
    }
}

impl ConeSolver {
    /// Allocates the workspaces for problems of up to `contacts` contacts (a dense `3nc × 3nc`
    /// Jacobian and its LU among them).
    pub fn with_capacity(contacts: usize) -> Self {
        Self {
            capacity: contacts,
            newton: Newton::with_capacity(contacts),
            statuses: vec![ContactStatus::Open; contacts],
            contacts: 0,
        }
    }

    /// Largest number of contacts accepted.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Per-contact states of the last successful solve.
    pub fn statuses(&self) -> &[ContactStatus] {
        &self.statuses[..self.contacts]
    }

    /// Solves `problem`: `r` holds the warm start on entry (any finite vector, e.g. zeros or
    /// the previous step's reaction) and the certified solution on return, `u` receives
    /// `W r + q`. On [`ConeError::NotConverged`] `r` and `u` hold the last iterate. Never
    /// allocates.
    pub fn solve(
        &mut self,
        problem: &ConeProblem,
        r: &mut [f64],
        u: &mut [f64],
        options: &ConeOptions,
    ) -> Result<ConeReport, ConeError> {
        self.check_input(problem, r, u, options)?;
        problem.velocity(r, u);
        let tol = options.tolerance;
        let mut spent = Spent {
            newton: 0,
            sweeps: 0,
            last: options.method,
        };
        let mut newton_turn = options.method != ConeMethod::GaussSeidel;
        loop {
            let remaining = options.max_iterations - spent.total();
            let (outcome, method) = if newton_turn {
                let o = self.newton.run(problem, r, u, tol, remaining);
                (o, ConeMethod::Newton)
            } else {
                let budget = match options.method {
                    ConeMethod::Auto => remaining.min(FALLBACK_SWEEPS),
                    _ => remaining,
                };
                let o = gauss_seidel::run(problem, r, u, tol, budget, options.relaxation);
                (o, ConeMethod::GaussSeidel)
            };
            let used = match outcome {
                Outcome::Converged { iterations, .. } => {
                    if let Some(residual) = admissible_and_certified(problem, r, u, tol) {
                        spent.add(method, iterations);
                        return Ok(self.report(problem, r, u, spent, residual, tol));
                    }
                    // Certified only outside the cones: go on from the projected iterate (the
                    // other method under `Auto`), or report the residual it has.
                    iterations
                }
                Outcome::NonFinite { iterations } => {
                    spent.add(method, iterations);
                    return Err(ConeError::NonFiniteIterate {
                        method: options.method,
                        iterations: spent.total(),
                    });
                }
                Outcome::Stopped { iterations } => iterations,
            };
            spent.add(method, used);
            if options.method != ConeMethod::Auto || spent.total() >= options.max_iterations {
                return Err(self.not_converged(problem, r, u, options.method, spent));
            }
            newton_turn = !newton_turn;
        }
    }

    /// Options, capacity, slice lengths and a finite warm start.
    fn check_input(
        &self,
        problem: &ConeProblem,
        r: &[f64],
        u: &[f64],
        options: &ConeOptions,
    ) -> Result<(), ConeError> {
        options.validate()?;
        let nc = problem.contacts();
        if nc > self.capacity {
            return Err(ConeError::CapacityExceeded {
                contacts: nc,
                capacity: self.capacity,
            });
        }
        problem.check_lengths(r, u)?;
        match first_non_finite(r) {
            Some(e) => Err(ConeError::NonFinite {
                what: ConeSlice::Reaction,
                index: e.index,
                contact: e.index / 3,
                value: e.value,
            }),
            None => Ok(()),
        }
    }

    /// The report of a certified solution; records the contact states, with `r_N` and
    /// `‖u_T‖` below `tolerance · (1 + ‖q‖)` (the accuracy the certificate guarantees)
    /// counting as zero.
    fn report(
        &mut self,
        problem: &ConeProblem,
        r: &[f64],
        u: &[f64],
        spent: Spent,
        residual: f64,
        tolerance: f64,
    ) -> ConeReport {
        let nc = problem.contacts();
        let threshold = tolerance * (1.0 + problem.free_velocity_norm());
        let (mut open, mut stick, mut slip) = (0, 0, 0);
        for i in 0..nc {
            let s = contact_status(contact(r, i), contact(u, i), threshold);
            match s {
                ContactStatus::Open => open += 1,
                ContactStatus::Stick => stick += 1,
                ContactStatus::Slip => slip += 1,
            }
            self.statuses[i] = s;
        }
        self.contacts = nc;
        ConeReport {
            iterations: spent.total(),
            newton_iterations: spent.newton,
            gauss_seidel_sweeps: spent.sweeps,
            residual,
            method: spent.last,
            open,
            stick,
            slip,
        }
    }

    /// [`ConeError::NotConverged`] for the last iterate, evaluated on exact data.
    fn not_converged(
        &self,
        problem: &ConeProblem,
        r: &[f64],
        u: &mut [f64],
        method: ConeMethod,
        spent: Spent,
    ) -> ConeError {
        problem.velocity(r, u);
        let res = natural_map_residual(r, u, problem.friction(), problem.free_velocity_norm());
        if !res.value.is_finite() {
            return ConeError::NonFiniteIterate {
                method,
                iterations: spent.total(),
            };
        }
        ConeError::NotConverged {
            method,
            residual: res.value,
            worst_contact: res.worst_contact,
            iterations: spent.total(),
        }
    }
}

/// Each contact's reaction projected onto its cone, `u = W r + q` recomputed, and the residual if
/// it is still within `tolerance`. The certificate is relative to the data (`1 + ‖q‖`), which
/// lets a converged iterate leave its cone by up to `tolerance · (1 + ‖q‖)` — more than the
/// reaction itself when W is large and the reaction small (found by the solver fuzzing: a
/// reaction with ‖r_T‖ = 0.39 against μ r_N = 0.0036, certified at 9e-13 with ‖q‖ = 2e12). A
/// returned reaction is therefore admissible as well as certified.
fn admissible_and_certified(
    problem: &ConeProblem,
    r: &mut [f64],
    u: &mut [f64],
    tolerance: f64,
) -> Option<f64> {
    for (i, &mu) in problem.friction().iter().enumerate() {
        let projected = project_onto_cone(contact(r, i), mu);
        r[3 * i..3 * i + 3].copy_from_slice(&projected);
    }
    problem.velocity(r, u);
    let res = natural_map_residual(r, u, problem.friction(), problem.free_velocity_norm());
    (res.value <= tolerance).then_some(res.value)
}

impl Spent {
    fn add(&mut self, method: ConeMethod, iterations: usize) {
        self.last = method;
        match method {
            ConeMethod::Newton => self.newton += iterations,
            _ => self.sweeps += iterations,
        }
    }
}
