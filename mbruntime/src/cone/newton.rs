//! Semismooth Newton on the Alart–Curnier function with a nonmonotone Armijo line search.
//!
//! Unknown `r ∈ ℝᵐ`, `u(r) = W r + q`, `Φ(r)` stacks the [Alart–Curnier
//! function](super::alart_curnier) of every contact. Step `k`:
//!
//! 1. `J = A + B W` (an element of the generalised Jacobian). Rows `F` of `J` that are rows of
//!    the identity (open contacts, tangential rows without friction: see
//!    [`alart_curnier`](super::alart_curnier)) give `d_F = −Φ_F` directly; the remaining rows
//!    `R` solve `J_RR d_R = −Φ_R − J_RF d_F` (`J_RF d_F = B_R (W d_F)_R`, the `A` blocks of the
//!    other rows vanish on `F`) by a dense LU with partial pivoting ([`crate::linalg::lu`]) of
//!    order `|R|` only. If `J_RR` is singular to working precision, `J_RR + δ I` with
//!    `δ = 10⁻⁸ max |J_ij|` is factorised instead (a Levenberg-type shift: an inexact Newton
//!    step);
//! 2. `W d` once, so that a trial point costs `O(m)`: `u(r + t d) = u + t W d`;
//! 3. nonmonotone Armijo rule on `ψ = ½ ‖Φ‖²` (Grippo, Lampariello & Lucidi 1986, "A
//!    nonmonotone line search technique for Newton's method", SIAM J. Numer. Anal. 23): the
//!    largest `t ∈ {1, ½, ¼, …}` with `ψ(r + t d) ≤ max_{0≤j<M} ψ(r_{k−j}) − 2σ t ψ(r_k)`
//!    (`σ = 10⁻⁴`, `M = 5`; `−2ψ` is the directional derivative of `ψ` along the Newton
//!    direction).
//!
//! The iteration stops when the normalised natural-map residual is certified below the
//! tolerance (`outcome::check`), and reports a stall when `J` stays singular,
//! the line search fails after 40 halvings, or the best residual has not dropped by 10 % for
//! 30 steps.

use super::alart_curnier::{Block, parameters, value, value_and_jacobian};
use super::natural_map::contact;
use super::outcome::{Check, Outcome, check};
use super::problem::ConeProblem;
use crate::linalg::lu::{factor_in_place, solve_in_place};

/// Length `M` of the nonmonotone memory.
const MEMORY: usize = 5;
/// Armijo constant σ.
const ARMIJO: f64 = 1e-4;
/// Step halvings before the line search gives up.
const MAX_HALVINGS: usize = 40;
/// Steps without a 10 % improvement of the best residual that count as a stall.
const STALL_WINDOW: usize = 30;
/// Relative diagonal shift applied when `J` is singular.
const SHIFT: f64 = 1e-8;

/// Workspace of the semismooth Newton method for up to `capacity` contacts.
#[derive(Debug, Clone)]
pub(crate) struct Newton {
    jacobian: Vec<f64>,
    pivots: Vec<usize>,
    phi: Vec<f64>,
    direction: Vec<f64>,
    w_direction: Vec<f64>,
    r_trial: Vec<f64>,
    u_trial: Vec<f64>,
    /// Rows of `J` that are rows of the identity.
    free: Vec<bool>,
    /// The other rows, in order (`R`).
    reduced: Vec<usize>,
    /// Right-hand side of the reduced system.
    rhs: Vec<f64>,
    a: Vec<Block>,
    b: Vec<Block>,
    rho: Vec<[f64; 2]>,
}

impl Newton {
    pub(crate) fn with_capacity(contacts: usize) -> Self {
        let m = 3 * contacts;
        Self {
            jacobian: vec![0.0; m * m],
            pivots: vec![0; m],
            phi: vec![0.0; m],
            direction: vec![0.0; m],
            w_direction: vec![0.0; m],
            r_trial: vec![0.0; m],
            u_trial: vec![0.0; m],
            free: vec![false; m],
            reduced: vec![0; m],
            rhs: vec![0.0; m],
            a: vec![[[0.0; 3]; 3]; contacts],
            b: vec![[[0.0; 3]; 3]; contacts],
            rho: vec![[1.0; 2]; contacts],
        }
    }

    /// At most `budget` Newton steps from `r` (`u = W r + q` on entry; both are updated).
    pub(crate) fn run(
        &mut self,
        problem: &ConeProblem,
        r: &mut [f64],
        u: &mut [f64],
        tolerance: f64,
        budget: usize,
    ) -> Outcome {
        for i in 0..problem.contacts() {
            let w = problem.block(i, i);
            self.rho[i] = parameters([w[0][0], w[1][1], w[2][2]]);
        }
        let mut history = [f64::NEG_INFINITY; MEMORY];
        let (mut best, mut since_best) = (f64::INFINITY, 0);
        let mut iterations = 0;
        loop {
            match check(problem, r, u, tolerance) {
                Check::Certified(residual) => {
                    return Outcome::Converged {
                        iterations,
                        residual,
                    };
                }
                Check::NonFinite => return Outcome::NonFinite { iterations },
                Check::Above(residual) if residual < 0.9 * best => {
                    (best, since_best) = (residual, 0)
                }
                Check::Above(_) => since_best += 1,
            }
            if iterations == budget || since_best >= STALL_WINDOW {
                return Outcome::Stopped { iterations };
            }
            let psi = self.linearise(problem, r, u);
            history[iterations % MEMORY] = psi;
            let reference = history.iter().fold(psi, |m, &h| m.max(h));
            if !self.direction(problem) || !self.line_search(problem, r, u, psi, reference) {
                return Outcome::Stopped { iterations };
            }
            iterations += 1;
        }
    }

    /// Fills `Φ` and the Jacobian blocks at `(r, u)`; returns `ψ = ½ ‖Φ‖²`.
    fn linearise(&mut self, problem: &ConeProblem, r: &[f64], u: &[f64]) -> f64 {
        let mut psi = 0.0;
        for (i, &mu) in problem.friction().iter().enumerate() {
            let (phi, a, b) = value_and_jacobian(contact(r, i), contact(u, i), mu, self.rho[i]);
            self.phi[3 * i..3 * i + 3].copy_from_slice(&phi);
            for k in 0..3 {
                let identity_a = (0..3).all(|c| a[k][c] == f64::from(u8::from(c == k)));
                self.free[3 * i + k] = identity_a && b[k] == [0.0; 3];
            }
            self.a[i] = a;
            self.b[i] = b;
            psi += 0.5 * (phi[0] * phi[0] + phi[1] * phi[1] + phi[2] * phi[2]);
        }
        psi
    }

    /// Solves `J d = −Φ` by elimination of the identity rows (with the diagonal shift if
    /// `J_RR` is singular) and sets `W d`; false if no finite direction was found.
    fn direction(&mut self, problem: &ConeProblem) -> bool {
        let m = problem.dimension();
        let mut nr = 0;
        for k in 0..m {
            if self.free[k] {
                self.direction[k] = -self.phi[k];
            } else {
                self.direction[k] = 0.0;
                self.reduced[nr] = k;
                nr += 1;
            }
        }
        // v = W d_F (in w_direction), then rhs_R = −Φ_R − B_R v_R.
        problem.apply_delassus(&self.direction, &mut self.w_direction);
        for (p, &k) in self.reduced[..nr].iter().enumerate() {
            let (i, row) = (k / 3, k % 3);
            let b = self.b[i][row];
            let v = &self.w_direction[3 * i..3 * i + 3];
            self.rhs[p] = -self.phi[k] - (b[0] * v[0] + b[1] * v[1] + b[2] * v[2]);
        }
        let mut solved = false;
        for shift in [0.0, SHIFT] {
            self.assemble_reduced(problem, nr, shift);
            if factor_in_place(nr, &mut self.jacobian, &mut self.pivots).is_ok() {
                solved = true;
                break;
            }
        }
        if !solved {
            return false;
        }
        solve_in_place(nr, &self.jacobian, &self.pivots, &mut self.rhs);
        for (p, &k) in self.reduced[..nr].iter().enumerate() {
            self.direction[k] = self.rhs[p];
        }
        if !self.direction[..m].iter().all(|x| x.is_finite()) {
            return false;
        }
        problem.apply_delassus(&self.direction, &mut self.w_direction);
        true
    }

    /// `J_RR = (A + B W)_RR (+ δ I)`, column-major with leading dimension `nr`; `shift` is
    /// relative to `max |J_ij|`.
    fn assemble_reduced(&mut self, problem: &ConeProblem, nr: usize, shift: f64) {
        let m = problem.dimension();
        let w = problem.delassus();
        let mut scale = 0.0_f64;
        for (pc, &col) in self.reduced[..nr].iter().enumerate() {
            let wcol = &w[col * m..(col + 1) * m];
            let jcol = &mut self.jacobian[pc * nr..(pc + 1) * nr];
            let (ci, c) = (col / 3, col % 3);
            for (x, &k) in jcol.iter_mut().zip(&self.reduced[..nr]) {
                let (i, row) = (k / 3, k % 3);
                let b = self.b[i][row];
                *x = b[0] * wcol[3 * i] + b[1] * wcol[3 * i + 1] + b[2] * wcol[3 * i + 2];
                if i == ci {
                    *x += self.a[i][row][c];
                }
                scale = scale.max(x.abs());
            }
        }
        if shift > 0.0 {
            let delta = shift * scale.max(f64::MIN_POSITIVE);
            for p in 0..nr {
                self.jacobian[p + p * nr] += delta;
            }
        }
    }

    /// Nonmonotone Armijo backtracking along the direction; on success `r`, `u` move.
    fn line_search(
        &mut self,
        problem: &ConeProblem,
        r: &mut [f64],
        u: &mut [f64],
        psi: f64,
        reference: f64,
    ) -> bool {
        let m = problem.dimension();
        let mut t = 1.0;
        for _ in 0..MAX_HALVINGS {
            for k in 0..m {
                self.r_trial[k] = r[k] + t * self.direction[k];
                self.u_trial[k] = u[k] + t * self.w_direction[k];
            }
            let mut trial = 0.0;
            for (i, &mu) in problem.friction().iter().enumerate() {
                let phi = value(
                    contact(&self.r_trial, i),
                    contact(&self.u_trial, i),
                    mu,
                    self.rho[i],
                );
                trial += 0.5 * (phi[0] * phi[0] + phi[1] * phi[1] + phi[2] * phi[2]);
            }
            if trial.is_finite() && trial <= reference - 2.0 * ARMIJO * t * psi {
                r[..m].copy_from_slice(&self.r_trial[..m]);
                u[..m].copy_from_slice(&self.u_trial[..m]);
                return true;
            }
            t *= 0.5;
        }
        false
    }
}
