//! Projected nonsmooth Gauss–Seidel (NSGS) with an exact one-contact solve.
//!
//! One sweep visits the contacts in order (Jean 1999, "The non-smooth contact dynamics
//! method", Comput. Methods Appl. Mech. Engrg. 177; Acary & Brogliato 2008, ch. 13). For
//! contact `i` the other contacts' current reactions are frozen:
//!
//! ```text
//! q_i^loc = q_i + Σ_{j≠i} W_ij r_j = u_i − W_ii r_i,
//! r_i* = the exact solution of  u_i = W_ii r_i + q_i^loc,  K_i ∋ r_i ⊥ ũ_i ∈ K_i*
//! ```
//!
//! ([`local`](super::local): open, stick or slip, De Saxcé's modified velocity included), then
//! `r_i ← proj_{K_i}(ω r_i* + (1 − ω) r_i)` (ω = 1: no relaxation and no projection needed) and
//! the running velocity `u ← u + W_{·i} Δr_i` is updated with the three columns of contact `i`
//! (`O(m)` per contact, `O(m²)` per sweep). A contact without local solution keeps its
//! reaction; a local reaction that overflows ends the run as a non-finite iterate. After each
//! sweep the certified residual is tested (`outcome::check`, which recomputes `u` from the data
//! before accepting); `u` is also recomputed every 32 sweeps so that incremental round-off
//! cannot accumulate.

use super::local::{Local, solve_one_contact};
use super::natural_map::contact;
use super::outcome::{Check, Outcome, check};
use super::problem::ConeProblem;
use super::projection::project_onto_cone;

/// Sweeps between recomputations of `u = W r + q` from the data.
const REFRESH_PERIOD: usize = 32;

/// At most `budget` sweeps from `r` (`u = W r + q` on entry; both are updated).
pub(crate) fn run(
    problem: &ConeProblem,
    r: &mut [f64],
    u: &mut [f64],
    tolerance: f64,
    budget: usize,
    relaxation: f64,
) -> Outcome {
    let mut sweeps = 0;
    loop {
        match check(problem, r, u, tolerance) {
            Check::Certified(residual) => {
                return Outcome::Converged {
                    iterations: sweeps,
                    residual,
                };
            }
            Check::NonFinite => return Outcome::NonFinite { iterations: sweeps },
            Check::Above(_) => {}
        }
        if sweeps == budget {
            return Outcome::Stopped { iterations: sweeps };
        }
        if !sweep(problem, r, u, relaxation) {
            return Outcome::NonFinite { iterations: sweeps };
        }
        sweeps += 1;
        if sweeps % REFRESH_PERIOD == 0 {
            problem.velocity(r, u);
        }
    }
}

/// One Gauss–Seidel sweep over the contacts; false (with `r`, `u` unchanged at the contact
/// concerned) if a local reaction overflows.
fn sweep(problem: &ConeProblem, r: &mut [f64], u: &mut [f64], relaxation: f64) -> bool {
    let m = problem.dimension();
    for (i, &mu) in problem.friction().iter().enumerate() {
        let w = problem.block(i, i);
        let (ri, ui) = (contact(r, i), contact(u, i));
        let q_local: [f64; 3] =
            std::array::from_fn(|a| ui[a] - (w[a][0] * ri[0] + w[a][1] * ri[1] + w[a][2] * ri[2]));
        let mut new = match solve_one_contact(&w, q_local, mu, ri) {
            Local::Solved(new) => new,
            Local::NoSolution => continue,
            Local::Overflow => return false,
        };
        if relaxation != 1.0 {
            new = project_onto_cone(
                std::array::from_fn(|a| relaxation * new[a] + (1.0 - relaxation) * ri[a]),
                mu,
            );
        }
        let delta: [f64; 3] = std::array::from_fn(|a| new[a] - ri[a]);
        if delta == [0.0; 3] {
            continue;
        }
        let cols = problem.columns(i);
        for (a, &d) in delta.iter().enumerate() {
            if d != 0.0 {
                for (uk, wk) in u[..m].iter_mut().zip(&cols[a * m..(a + 1) * m]) {
                    *uk += wk * d;
                }
            }
        }
        r[3 * i..3 * i + 3].copy_from_slice(&new);
    }
    true
}
