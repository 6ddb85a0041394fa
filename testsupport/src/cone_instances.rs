//! Seeded frictional contact problems (the cone complementarity problems of `mbruntime::cone`)
//! for the cone solver's tests and bench.
//!
//! * [`delassus`]: `W = I + B Bᵀ / f` with `B ∈ ℝ^{m×f}` uniform in `[−1, 1]`, `f = 2m`:
//!   symmetric positive definite with eigenvalues in about `[1.03, 1.97]` (Marchenko–Pastur
//!   edges `(1 ± √(m/f))²/3` of `B Bᵀ/f` for uniform entries of variance 1/3, plus 1), so the
//!   problem is well posed and, for the friction coefficients used here, uniquely solvable.
//! * [`manufactured`]: a state per contact (open, stick, slip), a reaction and a velocity that
//!   satisfy the cone complementarity conditions by construction, and `q = u − W r`.
//! * [`random_q`]: the same `W` with a random `q`, solution unknown.
//! * [`dynamics`]: `W = H M⁻¹ Hᵀ` for `f` degrees of freedom (`H` uniform in `[−1, 1]`,
//!   `M⁻¹` diagonal uniform in `[0.5, 2]`), positive semidefinite of rank `min(f, 3 nc)`, a
//!   random `q` and μ uniform in `[0.1, mu_max]`: with `f < 3 nc` and large μ these problems
//!   are hard (no uniqueness, possibly no solution).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The manufactured state of a contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// `r = 0`, `u_N > 0`.
    Open,
    /// `u = 0`, `r` strictly inside the cone.
    Stick,
    /// `u_N = 0`, `u_T = α e` (α > 0), `r = r_N (1, −μ e)`.
    Slip,
}

/// A frictional contact problem, with its manufactured solution when known.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Number of contacts nc (the problem has dimension 3 nc).
    pub contacts: usize,
    /// Column-major Delassus matrix.
    pub w: Vec<f64>,
    /// Free velocity q, three entries (normal, two tangential) a contact.
    pub q: Vec<f64>,
    /// Friction coefficient of each contact.
    pub mu: Vec<f64>,
    /// Manufactured reaction (empty if unknown).
    pub r: Vec<f64>,
    /// Manufactured velocity (empty if unknown).
    pub u: Vec<f64>,
    /// Manufactured states (empty if unknown).
    pub states: Vec<State>,
}

/// `W = I + B Bᵀ / (2m)`, column-major.
pub fn delassus(rng: &mut ChaCha8Rng, contacts: usize) -> Vec<f64> {
    let m = 3 * contacts;
    let f = 2 * m;
    let b: Vec<f64> = (0..m * f).map(|_| rng.gen_range(-1.0..1.0)).collect();
    let mut w = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..=i {
            let s: f64 = (0..f).map(|k| b[i * f + k] * b[j * f + k]).sum::<f64>() / f as f64;
            w[i + j * m] = s;
            w[j + i * m] = s;
        }
        w[i + i * m] += 1.0;
    }
    w
}

/// Friction coefficient: 0 with probability 0.1, else uniform in `[0.1, mu_max]`.
fn friction(rng: &mut ChaCha8Rng, mu_max: f64) -> f64 {
    if rng.gen_bool(0.1) {
        0.0
    } else {
        rng.gen_range(0.1..mu_max)
    }
}

/// A problem with a known solution: states drawn with probabilities open 0.25, stick 0.35,
/// slip 0.4; all complementarity pairs strict (e.g. `u_N ≥ 0.1` when open, `‖r_T‖ ≤ 0.8 μ r_N`
/// when sticking, `α ≥ 0.1` when slipping).
pub fn manufactured(seed: u64, contacts: usize, mu_max: f64) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let w = delassus(&mut rng, contacts);
    let m = 3 * contacts;
    let (mut r, mut u) = (vec![0.0; m], vec![0.0; m]);
    let mut mu = Vec::with_capacity(contacts);
    let mut states = Vec::with_capacity(contacts);
    for i in 0..contacts {
        let mui = friction(&mut rng, mu_max);
        let p: f64 = rng.gen_range(0.0..1.0);
        let state = if p < 0.25 {
            State::Open
        } else if p < 0.6 {
            State::Stick
        } else {
            State::Slip
        };
        let theta = rng.gen_range(0.0..std::f64::consts::TAU);
        let e = [theta.cos(), theta.sin()];
        match state {
            State::Open => {
                u[3 * i] = rng.gen_range(0.1..1.0);
                u[3 * i + 1] = rng.gen_range(-1.0..1.0);
                u[3 * i + 2] = rng.gen_range(-1.0..1.0);
            }
            State::Stick => {
                let rn = rng.gen_range(0.5..2.0);
                let rt = rng.gen_range(0.0..0.8) * mui * rn;
                r[3 * i] = rn;
                r[3 * i + 1] = rt * e[0];
                r[3 * i + 2] = rt * e[1];
            }
            State::Slip => {
                let rn = rng.gen_range(0.5..2.0);
                let alpha = rng.gen_range(0.1..1.0);
                r[3 * i] = rn;
                r[3 * i + 1] = -mui * rn * e[0];
                r[3 * i + 2] = -mui * rn * e[1];
                u[3 * i + 1] = alpha * e[0];
                u[3 * i + 2] = alpha * e[1];
            }
        }
        mu.push(mui);
        states.push(state);
    }
    let mut q = u.clone();
    for j in 0..m {
        for i in 0..m {
            q[i] -= w[i + j * m] * r[j];
        }
    }
    Instance {
        contacts,
        w,
        q,
        mu,
        r,
        u,
        states,
    }
}

/// A problem with `q_N` uniform in `[−1, 0.5]`, `q_T` uniform in `[−1, 1]²`, solution
/// unknown.
pub fn random_q(seed: u64, contacts: usize, mu_max: f64) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let w = delassus(&mut rng, contacts);
    let mut q = Vec::with_capacity(3 * contacts);
    let mut mu = Vec::with_capacity(contacts);
    for _ in 0..contacts {
        push_random_velocity(&mut rng, &mut q);
        mu.push(friction(&mut rng, mu_max));
    }
    unsolved(contacts, w, q, mu)
}

/// `W = H M⁻¹ Hᵀ` with `f` degrees of freedom, `q_N ∈ [−1, 0.5]`, `q_T ∈ [−1, 1]²`,
/// μ uniform in `[0.1, mu_max]`; solution unknown.
pub fn dynamics(seed: u64, contacts: usize, f: usize, mu_max: f64) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let m = 3 * contacts;
    let h: Vec<f64> = (0..m * f).map(|_| rng.gen_range(-1.0..1.0)).collect();
    let minv: Vec<f64> = (0..f).map(|_| rng.gen_range(0.5..2.0)).collect();
    let mut w = vec![0.0; m * m];
    for i in 0..m {
        for j in 0..=i {
            let s: f64 = (0..f).map(|k| h[i * f + k] * minv[k] * h[j * f + k]).sum();
            w[i + j * m] = s;
            w[j + i * m] = s;
        }
    }
    let mut q = Vec::with_capacity(m);
    let mut mu = Vec::with_capacity(contacts);
    for _ in 0..contacts {
        push_random_velocity(&mut rng, &mut q);
        mu.push(rng.gen_range(0.1..mu_max));
    }
    unsolved(contacts, w, q, mu)
}

/// Appends a contact's random free velocity: `q_N` uniform in `[−1, 0.5]`, `q_T` in `[−1, 1]²`.
fn push_random_velocity(rng: &mut ChaCha8Rng, q: &mut Vec<f64>) {
    q.push(rng.gen_range(-1.0..0.5));
    q.push(rng.gen_range(-1.0..1.0));
    q.push(rng.gen_range(-1.0..1.0));
}

/// A problem without a known solution.
fn unsolved(contacts: usize, w: Vec<f64>, q: Vec<f64>, mu: Vec<f64>) -> Instance {
    Instance {
        contacts,
        w,
        q,
        mu,
        r: Vec::new(),
        u: Vec::new(),
        states: Vec::new(),
    }
}

/// `max_i |x_i − y_i|`.
pub fn max_abs_difference(x: &[f64], y: &[f64]) -> f64 {
    assert_eq!(x.len(), y.len());
    x.iter()
        .zip(y)
        .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()))
}
