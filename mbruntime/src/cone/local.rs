//! Exact solution of the one-contact problem `u = W r + q`, `K ∋ r ⊥ ũ ∈ K*` (3 × 3 `W`).
//!
//! The three cases are tried in turn (Acary & Brogliato 2008, §13.3):
//!
//! * **open** `r = 0`: a solution exactly when `q_N ≥ 0` (then `ũ = (q_N + μ‖q_T‖, q_T) ∈ K*`);
//! * **stick** `u = 0`: `r = −W⁻¹ q`, a solution when it lies in `K` (`r_N > 0`,
//!   `‖r_T‖ ≤ μ r_N`); for `μ = 0` the frictionless `r = (−q_N / W_NN, 0, 0)`;
//! * **slip** `u_N = 0`, `u_T = α e` with `‖e‖ = 1`, `α ≥ 0`, `r = r_N (1, −μ e)`. With
//!   `W = [[a, cᵀ], [b, C]]` (normal row `(a, cᵀ)`, tangential rows `(b, C)`) the normal row
//!   gives `r_N = −q_N / (a − μ cᵀe)` and the tangential rows require `r_N (b − μ C e) + q_T`
//!   to be parallel to `e`. Multiplying the cross product with `e` by `a − μ cᵀe` leaves the
//!   trigonometric polynomial in the sliding angle θ (`e = (cos θ, sin θ)`, `e⊥ = (−sin θ, cos θ)`)
//!
//!   ```text
//!   G(θ) = −q_N e⊥ᵀ(b − μ C e) + (a − μ cᵀe) e⊥ᵀ q_T = 0,
//!   ```
//!
//!   whose roots with `a − μ cᵀe > 0` and `α = eᵀ(r_N (b − μ C e) + q_T) ≥ 0` are the sliding
//!   solutions (multiplied out, `G` is the quartic of Bonnefon's one-contact solver). Newton's
//!   method on `G(θ)` from the current sliding direction (or from the direction of `q_T + b r_N⁰`,
//!   `r_N⁰ = −q_N/a`, the tangential velocity under the normal reaction alone — exact for an
//!   isotropic `C` with `c = b = 0`) converges in a few steps; if it does not, `G` is sampled at
//!   32 angles and every sign change bisected to machine precision, and the admissible root
//!   closest to the starting direction is taken.
//!
//! `Local::NoSolution` means that no case applies (`q_N < 0` with `W_NN = 0`, a singular
//! stick system with no sliding root, or a local problem without solution for a large μ);
//! `Local::Overflow` that the reaction of a closed case is not representable (e.g.
//! `−q_N / W_NN` overflows).

use super::alart_curnier::Block;
use super::projection::project_onto_cone;
use crate::linalg::lu::{LuError, solve_once};

/// Newton steps on `G(θ)` before the sampling fallback.
const ANGLE_NEWTON_STEPS: usize = 30;
/// Samples of `G` in the fallback.
const SAMPLES: usize = 32;

/// Result of the one-contact solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Local {
    /// The exact reaction.
    Solved([f64; 3]),
    /// No case applies.
    NoSolution,
    /// A closed case has a non-finite reaction.
    Overflow,
}

impl Local {
    fn finite(r: [f64; 3]) -> Self {
        if r.iter().all(|x| x.is_finite()) {
            Self::Solved(r)
        } else {
            Self::Overflow
        }
    }
}

/// The exact solution of one contact (see the [module docs](self)); `warm` is the current
/// reaction, whose sliding direction seeds the slip case.
pub(crate) fn solve_one_contact(w: &Block, q: [f64; 3], mu: f64, warm: [f64; 3]) -> Local {
    if q[0] >= 0.0 {
        return Local::Solved([0.0; 3]);
    }
    if w[0][0] <= 0.0 {
        return Local::NoSolution;
    }
    if mu == 0.0 {
        return Local::finite([-q[0] / w[0][0], 0.0, 0.0]);
    }
    match stick(w, q, mu) {
        Ok(Some(r)) => return Local::Solved(r),
        Ok(None) => {}
        Err(()) => return Local::Overflow,
    }
    if !(-q[0] / w[0][0]).is_finite() {
        return Local::Overflow;
    }
    Slip::new(w, q, mu)
        .solve(warm)
        .map_or(Local::NoSolution, Local::finite)
}

/// `r = −W⁻¹ q` if it lies in `K_μ` with `r_N > 0`; `Err` if the solution overflows.
fn stick(w: &Block, q: [f64; 3], mu: f64) -> Result<Option<[f64; 3]>, ()> {
    let mut a = [0.0; 9];
    for (col, chunk) in a.chunks_exact_mut(3).enumerate() {
        for (row, x) in chunk.iter_mut().enumerate() {
            *x = w[row][col];
        }
    }
    let mut r = [-q[0], -q[1], -q[2]];
    match solve_once(3, &mut a, &mut r) {
        Ok(_) => Ok((r[0] > 0.0 && r[1].hypot(r[2]) <= mu * r[0]).then_some(r)),
        Err(LuError::NonFinite) => Err(()),
        Err(LuError::Singular { .. }) => Ok(None),
    }
}

/// The sliding equation `G(θ) = 0` of one contact.
struct Slip {
    a: f64,
    b: [f64; 2],
    c: [f64; 2],
    cc: [[f64; 2]; 2],
    q: [f64; 3],
    mu: f64,
}

impl Slip {
    fn new(w: &Block, q: [f64; 3], mu: f64) -> Self {
        Self {
            a: w[0][0],
            b: [w[1][0], w[2][0]],
            c: [w[0][1], w[0][2]],
            cc: [[w[1][1], w[1][2]], [w[2][1], w[2][2]]],
            q,
            mu,
        }
    }

    fn solve(&self, warm: [f64; 3]) -> Option<[f64; 3]> {
        let start = self.start(warm);
        if let Some(e) = self.newton(start)
            && let Some(r) = self.reaction(e)
        {
            return Some(r);
        }
        self.sample(start)
    }

    /// Starting direction: the warm start's sliding direction `−r_T/‖r_T‖`, else that of
    /// `q_T + b r_N⁰`, else `t1`.
    fn start(&self, warm: [f64; 3]) -> [f64; 2] {
        let nt = warm[1].hypot(warm[2]);
        if warm[0] > 0.0 && nt > 0.0 {
            return [-warm[1] / nt, -warm[2] / nt];
        }
        let rn = -self.q[0] / self.a;
        let v = [self.q[1] + self.b[0] * rn, self.q[2] + self.b[1] * rn];
        let nv = v[0].hypot(v[1]);
        if nv > 0.0 && nv.is_finite() {
            [v[0] / nv, v[1] / nv]
        } else {
            [1.0, 0.0]
        }
    }

    /// `(G, dG/dθ)` at direction `e`.
    fn g(&self, e: [f64; 2]) -> (f64, f64) {
        let (mu, qn, qt) = (self.mu, self.q[0], [self.q[1], self.q[2]]);
        let ep = [-e[1], e[0]];
        let ce = mul(self.cc, e);
        let cep = mul(self.cc, ep);
        let den = self.a - mu * dot(self.c, e);
        let g = -qn * (dot(ep, self.b) - mu * dot(ep, ce)) + den * dot(ep, qt);
        let dg = -qn * (-dot(e, self.b) - mu * (-dot(e, ce) + dot(ep, cep)))
            - mu * dot(self.c, ep) * dot(ep, qt)
            - den * dot(e, qt);
        (g, dg)
    }

    /// Newton's method on `G(θ)`, the angle updated as `e ← (e + δ e⊥)/‖e + δ e⊥‖` (a rotation
    /// by `atan δ`, which keeps the quadratic convergence).
    fn newton(&self, mut e: [f64; 2]) -> Option<[f64; 2]> {
        for _ in 0..ANGLE_NEWTON_STEPS {
            let (g, dg) = self.g(e);
            if g == 0.0 {
                return Some(e);
            }
            let delta = (-g / dg).clamp(-0.5, 0.5);
            if !delta.is_finite() {
                return None;
            }
            e = normalize([e[0] - delta * e[1], e[1] + delta * e[0]]);
            if delta.abs() <= 1e-15 {
                return Some(e);
            }
        }
        None
    }

    /// The slip reaction for a root `e` if admissible (`a − μ cᵀe > 0`, `α ≥ 0` up to
    /// round-off), projected onto `K` to remove round-off.
    fn reaction(&self, e: [f64; 2]) -> Option<[f64; 3]> {
        let den = self.a - self.mu * dot(self.c, e);
        if den <= 0.0 {
            return None;
        }
        let rn = -self.q[0] / den;
        let ce = mul(self.cc, e);
        let v = [
            rn * (self.b[0] - self.mu * ce[0]) + self.q[1],
            rn * (self.b[1] - self.mu * ce[1]) + self.q[2],
        ];
        let alpha = dot(e, v);
        let scale = self.q[1].hypot(self.q[2])
            + rn * (self.b[0].hypot(self.b[1]) + self.mu * (ce[0].hypot(ce[1])));
        if !(rn.is_finite() && alpha >= -1e-12 * scale) {
            return None;
        }
        Some(project_onto_cone(
            [rn, -self.mu * rn * e[0], -self.mu * rn * e[1]],
            self.mu,
        ))
    }

    /// Samples `G` at [`SAMPLES`] angles from `start`, bisects every sign change and returns
    /// the admissible root closest to `start`.
    fn sample(&self, start: [f64; 2]) -> Option<[f64; 3]> {
        let angle = std::f64::consts::TAU / SAMPLES as f64;
        let (cos, sin) = (angle.cos(), angle.sin());
        let mut best: Option<(f64, [f64; 3])> = None;
        let mut consider = |e: [f64; 2]| {
            if let Some(r) = self.reaction(e) {
                let score = dot(e, start);
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, r));
                }
            }
        };
        let (mut prev, mut g_prev) = (start, self.g(start).0);
        for _ in 0..SAMPLES {
            let next = normalize([cos * prev[0] - sin * prev[1], sin * prev[0] + cos * prev[1]]);
            let g_next = self.g(next).0;
            if g_prev == 0.0 {
                consider(prev);
            } else if g_prev * g_next < 0.0 {
                consider(self.bisect(prev, g_prev, next));
            }
            (prev, g_prev) = (next, g_next);
        }
        best.map(|(_, r)| r)
    }

    /// Bisection in angle between `lo` and `hi` (`G(lo) G(hi) < 0`, less than π apart).
    fn bisect(&self, mut lo: [f64; 2], g_lo: f64, mut hi: [f64; 2]) -> [f64; 2] {
        for _ in 0..64 {
            let mid = normalize([lo[0] + hi[0], lo[1] + hi[1]]);
            let g = self.g(mid).0;
            if g == 0.0 {
                return mid;
            }
            if (g < 0.0) == (g_lo < 0.0) {
                lo = mid;
            } else {
                hi = mid;
            }
            if (lo[0] - hi[0]).hypot(lo[1] - hi[1]) <= 1e-16 {
                break;
            }
        }
        lo
    }
}

#[inline]
fn dot(x: [f64; 2], y: [f64; 2]) -> f64 {
    x[0] * y[0] + x[1] * y[1]
}

#[inline]
fn mul(m: [[f64; 2]; 2], x: [f64; 2]) -> [f64; 2] {
    [dot(m[0], x), dot(m[1], x)]
}

#[inline]
fn normalize(x: [f64; 2]) -> [f64; 2] {
    let n = x[0].hypot(x[1]);
    [x[0] / n, x[1] / n]
}
