//! How one run of an iterative method ended, and the convergence test it shares.

use super::natural_map::{NaturalMapResidual, natural_map_residual};
use super::problem::ConeProblem;

/// End of a run of [`Newton`](super::newton) or [`Gauss–Seidel`](super::gauss_seidel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Outcome {
    /// The iterate is certified: its residual, with `u = W r + q` recomputed, is ≤ tolerance.
    Converged {
        iterations: usize,
        residual: NaturalMapResidual,
    },
    /// The budget ran out or the method stalled; `r`, `u` hold the last iterate.
    Stopped { iterations: usize },
    /// An iterate became NaN or infinite.
    NonFinite { iterations: usize },
}

/// The convergence test of both methods.
pub(crate) enum Check {
    /// Certified on exact data.
    Certified(NaturalMapResidual),
    /// Residual above the tolerance.
    Above(f64),
    /// Non-finite iterate.
    NonFinite,
}

/// Evaluates the residual of `r` with the running velocity `u`; if it is below `tolerance`,
/// recomputes `u = W r + q` from the data (removing the drift of incremental updates) and
/// tests again, so that [`Check::Certified`] always refers to exact data.
pub(crate) fn check(problem: &ConeProblem, r: &[f64], u: &mut [f64], tolerance: f64) -> Check {
    let mu = problem.friction();
    let q_norm = problem.free_velocity_norm();
    let running = natural_map_residual(r, u, mu, q_norm);
    if !running.value.is_finite() {
        return Check::NonFinite;
    }
    if running.value > tolerance {
        return Check::Above(running.value);
    }
    problem.velocity(r, u);
    let exact = natural_map_residual(r, u, mu, q_norm);
    if exact.value <= tolerance {
        Check::Certified(exact)
    } else if exact.value.is_finite() {
        Check::Above(exact.value)
    } else {
        Check::NonFinite
    }
}
