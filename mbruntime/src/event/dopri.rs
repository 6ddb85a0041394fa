//! Dormand–Prince 5(4) step with error estimate and continuous extension, on the second-order
//! system q̇ = u, u̇ = a(t, q, u) with fixed-size states.
//!
//! Coefficients: Dormand & Prince (1980), J. Comput. Appl. Math. 6, Table 2 (FSAL, 7 stages,
//! order 5 propagated, embedded order 4); dense output of order 4 from Hairer, Nørsett &
//! Wanner, *Solving ODEs I*, Sect. II.6 (the `contd5` coefficients d₁ … d₇):
//!
//! ```text
//! y(t₀ + θh) = r₁ + θ(r₂ + (1−θ)(r₃ + θ(r₄ + (1−θ) r₅)))
//! r₁ = y₀, r₂ = y₁ − y₀, r₃ = h k₁ − r₂, r₄ = r₂ − h k₇ − r₃, r₅ = h Σ dᵢ kᵢ.
//! ```
//!
//! Why written here: the kept ODE crates (`ode_solvers` 0.6 — Dopri5/Dop853 store their output
//! in `Vec`s, depend on nalgebra 0.34 and have no event location; `diffsol` — dynamic
//! matrices) neither run allocation-free on the workspace's nalgebra 0.33 fixed-size types nor
//! expose a continuous extension to a root finder, which event location on gaps and multipliers
//! needs. (`cargo search` could not reach the registry index from this machine; the crates
//! were checked in their docs.rs pages.)

use crate::mechanism::{State, Vector};

const C2: f64 = 1.0 / 5.0;
const C3: f64 = 3.0 / 10.0;
const C4: f64 = 4.0 / 5.0;
const C5: f64 = 8.0 / 9.0;
const A21: f64 = 1.0 / 5.0;
const A31: f64 = 3.0 / 40.0;
const A32: f64 = 9.0 / 40.0;
const A41: f64 = 44.0 / 45.0;
const A42: f64 = -56.0 / 15.0;
const A43: f64 = 32.0 / 9.0;
const A51: f64 = 19372.0 / 6561.0;
const A52: f64 = -25360.0 / 2187.0;
const A53: f64 = 64448.0 / 6561.0;
const A54: f64 = -212.0 / 729.0;
const A61: f64 = 9017.0 / 3168.0;
const A62: f64 = -355.0 / 33.0;
const A63: f64 = 46732.0 / 5247.0;
const A64: f64 = 49.0 / 176.0;
const A65: f64 = -5103.0 / 18656.0;
const A71: f64 = 35.0 / 384.0;
const A73: f64 = 500.0 / 1113.0;
const A74: f64 = 125.0 / 192.0;
const A75: f64 = -2187.0 / 6784.0;
const A76: f64 = 11.0 / 84.0;
const E1: f64 = 71.0 / 57600.0;
const E3: f64 = -71.0 / 16695.0;
const E4: f64 = 71.0 / 1920.0;
const E5: f64 = -17253.0 / 339200.0;
const E6: f64 = 22.0 / 525.0;
const E7: f64 = -1.0 / 40.0;
/// Weights eᵢ = bᵢ − b̂ᵢ of the embedded error estimate over the stages 1 … 7 (stage 7 is the
/// end point, FSAL): h Σ eᵢ fᵢ estimates the local error of the order-5 quadrature of a
/// quantity f sampled at the stages (used for the contact forces, which the state's error
/// estimate does not see while a contact sticks).
pub const ERROR_WEIGHTS: [f64; 7] = [E1, 0.0, E3, E4, E5, E6, E7];
const D1: f64 = -12715105075.0 / 11282082432.0;
const D3: f64 = 87487479700.0 / 32700410799.0;
const D4: f64 = -10690763975.0 / 1880347072.0;
const D5: f64 = 701980252875.0 / 199316789632.0;
const D6: f64 = -1453857185.0 / 822651844.0;
const D7: f64 = 69997945.0 / 29380423.0;

/// One accepted or trial step: end state, error estimate and the continuous extension.
#[derive(Debug, Clone, Copy)]
pub struct DenseStep<const NQ: usize> {
    /// Start time t₀.
    pub t0: f64,
    /// Step size h.
    pub h: f64,
    /// End positions q₁ (order 5).
    pub q1: Vector<NQ>,
    /// End velocities u₁ (order 5).
    pub u1: Vector<NQ>,
    /// Scaled RMS error estimate ‖y₅ − y₄‖ / (atol + rtol·max|y|); accept if ≤ 1.
    pub error: f64,
    rq: [Vector<NQ>; 5],
    ru: [Vector<NQ>; 5],
}

impl<const NQ: usize> DenseStep<NQ> {
    /// Positions and velocities at t₀ + θh, θ ∈ [0, 1], from the order-4 continuous extension.
    pub fn interpolate(&self, theta: f64) -> (Vector<NQ>, Vector<NQ>) {
        let s = 1.0 - theta;
        let f =
            |r: &[Vector<NQ>; 5]| r[0] + (r[1] + (r[2] + (r[3] + r[4] * s) * theta) * s) * theta;
        (f(&self.rq), f(&self.ru))
    }
}

/// Takes one Dormand–Prince step of size `h` from the state (t₀, q₀, u₀) with
/// a₀ = a(t₀, q₀, u₀), its error scaled by the tolerances (rtol, atol).
///
/// `accel(t, q, u, &mut a)` evaluates the acceleration; its error aborts the step.
pub fn step<const NQ: usize, E>(
    start: &State<NQ>,
    a0: &Vector<NQ>,
    h: f64,
    (rtol, atol): (f64, f64),
    accel: &mut impl FnMut(f64, &Vector<NQ>, &Vector<NQ>, &mut Vector<NQ>) -> Result<(), E>,
) -> Result<DenseStep<NQ>, E> {
    let (t0, q0, u0) = (start.t, &start.q, &start.u);
    // Stage derivatives: for q they are the stage velocities, for u the stage accelerations.
    let (kq1, ku1) = (*u0, *a0);
    let mut ku2 = Vector::<NQ>::zeros();
    let q = q0 + kq1 * (h * A21);
    let kq2 = u0 + ku1 * (h * A21);
    accel(t0 + C2 * h, &q, &kq2, &mut ku2)?;
    let mut ku3 = Vector::<NQ>::zeros();
    let q = q0 + (kq1 * A31 + kq2 * A32) * h;
    let kq3 = u0 + (ku1 * A31 + ku2 * A32) * h;
    accel(t0 + C3 * h, &q, &kq3, &mut ku3)?;
    let mut ku4 = Vector::<NQ>::zeros();
    let q = q0 + (kq1 * A41 + kq2 * A42 + kq3 * A43) * h;
    let kq4 = u0 + (ku1 * A41 + ku2 * A42 + ku3 * A43) * h;
    accel(t0 + C4 * h, &q, &kq4, &mut ku4)?;
    let mut ku5 = Vector::<NQ>::zeros();
    let q = q0 + (kq1 * A51 + kq2 * A52 + kq3 * A53 + kq4 * A54) * h;
    let kq5 = u0 + (ku1 * A51 + ku2 * A52 + ku3 * A53 + ku4 * A54) * h;
    accel(t0 + C5 * h, &q, &kq5, &mut ku5)?;
    let mut ku6 = Vector::<NQ>::zeros();
    let q = q0 + (kq1 * A61 + kq2 * A62 + kq3 * A63 + kq4 * A64 + kq5 * A65) * h;
    let kq6 = u0 + (ku1 * A61 + ku2 * A62 + ku3 * A63 + ku4 * A64 + ku5 * A65) * h;
    accel(t0 + h, &q, &kq6, &mut ku6)?;
    let q1 = q0 + (kq1 * A71 + kq3 * A73 + kq4 * A74 + kq5 * A75 + kq6 * A76) * h;
    let u1 = u0 + (ku1 * A71 + ku3 * A73 + ku4 * A74 + ku5 * A75 + ku6 * A76) * h;
    let kq7 = u1;
    let mut ku7 = Vector::<NQ>::zeros();
    accel(t0 + h, &q1, &u1, &mut ku7)?;

    let eq = (kq1 * E1 + kq3 * E3 + kq4 * E4 + kq5 * E5 + kq6 * E6 + kq7 * E7) * h;
    let eu = (ku1 * E1 + ku3 * E3 + ku4 * E4 + ku5 * E5 + ku6 * E6 + ku7 * E7) * h;
    let mut sum = 0.0;
    for i in 0..NQ {
        let sq = atol + rtol * q0[i].abs().max(q1[i].abs());
        let su = atol + rtol * u0[i].abs().max(u1[i].abs());
        sum += (eq[i] / sq).powi(2) + (eu[i] / su).powi(2);
    }
    let error = if NQ == 0 {
        0.0
    } else {
        (sum / (2 * NQ) as f64).sqrt()
    };

    let dq = (kq1 * D1 + kq3 * D3 + kq4 * D4 + kq5 * D5 + kq6 * D6 + kq7 * D7) * h;
    let du = (ku1 * D1 + ku3 * D3 + ku4 * D4 + ku5 * D5 + ku6 * D6 + ku7 * D7) * h;
    let rq2 = q1 - q0;
    let rq3 = kq1 * h - rq2;
    let rq4 = rq2 - kq7 * h - rq3;
    let ru2 = u1 - u0;
    let ru3 = ku1 * h - ru2;
    let ru4 = ru2 - ku7 * h - ru3;
    Ok(DenseStep {
        t0,
        h,
        q1,
        u1,
        error,
        rq: [*q0, rq2, rq3, rq4, dq],
        ru: [*u0, ru2, ru3, ru4, du],
    })
}

#[cfg(test)]
mod tests {
    //! Dormand–Prince 5(4) on the harmonic oscillator q̈ = −q, q(0) = 1, q̇(0) = 0, with the exact
    //! solution q = cos t, u = −sin t. A method of order p has global error C hᵖ + O(hᵖ⁺¹)
    //! (Hairer, Nørsett & Wanner, *Solving ODEs I*, Theorem II.3.6), so halving h divides the
    //! error at a fixed end time by ≈ 2⁵ = 32; the local error of the embedded order-4 estimate
    //! and of the order-4 dense output scale as h⁵ (divided by 32 per halving).

    use super::*;

    type V = Vector<1>;

    fn oscillator(_: f64, q: &V, _: &V, a: &mut V) -> Result<(), ()> {
        *a = -q;
        Ok(())
    }

    /// Global error at t = 1 after `n` fixed steps (error control disabled: rtol = atol = 1).
    fn global_error(n: usize) -> f64 {
        let h = 1.0 / n as f64;
        let (mut t, mut q, mut u) = (0.0, V::new(1.0), V::new(0.0));
        let mut a = -q;
        for _ in 0..n {
            let start = State::new(t, q, u);
            let s = step(&start, &a, h, (1.0, 1.0), &mut oscillator).unwrap();
            (t, q, u, a) = (t + h, s.q1, s.u1, -s.q1);
        }
        (q[0] - t.cos()).abs().max((u[0] + t.sin()).abs())
    }

    #[test]
    fn global_error_is_fifth_order() {
        let errors: Vec<f64> = [10, 20, 40, 80].iter().map(|&n| global_error(n)).collect();
        for pair in errors.windows(2) {
            let ratio = pair[0] / pair[1];
            // 2⁵ = 32; the leading term dominates, allow 2^4.6 … 2^5.4.
            assert!(
                (24.0..43.0).contains(&ratio),
                "error ratio {ratio} (errors {errors:?})"
            );
        }
        assert!(errors[3] < 1e-11, "{errors:?}");
    }

    #[test]
    fn error_estimate_and_dense_output_have_local_order_five() {
        let (q0, u0) = (V::new(1.0), V::new(0.0));
        let mut est = Vec::new();
        let mut mid = Vec::new();
        for h in [0.4, 0.2, 0.1] {
            // atol = 1, rtol = 0: `error` is the RMS of the raw embedded difference.
            let start = State::new(0.0, q0, u0);
            let s = step(&start, &(-q0), h, (0.0, 1.0), &mut oscillator).unwrap();
            est.push(s.error);
            let (q, u) = s.interpolate(0.5);
            mid.push(
                (q[0] - (0.5 * h).cos())
                    .abs()
                    .max((u[0] + (0.5 * h).sin()).abs()),
            );
            // The continuous extension reproduces both ends.
            let (qe, ue) = s.interpolate(1.0);
            assert!((qe - s.q1).amax() <= 1e-15 && (ue - s.u1).amax() <= 1e-15);
            assert_eq!(s.interpolate(0.0), (q0, u0));
        }
        for k in 0..2 {
            let (r_est, r_mid) = (est[k] / est[k + 1], mid[k] / mid[k + 1]);
            assert!(
                (24.0..43.0).contains(&r_est),
                "estimate ratio {r_est} ({est:?})"
            );
            assert!(
                (24.0..43.0).contains(&r_mid),
                "dense output ratio {r_mid} ({mid:?})"
            );
        }
    }

    #[test]
    fn failing_acceleration_aborts_the_step() {
        let mut calls = 0;
        let mut fail_on_third = |_: f64, _: &V, _: &V, _: &mut V| {
            calls += 1;
            if calls == 3 { Err("stage 4") } else { Ok(()) }
        };
        let start = State::new(0.0, V::new(1.0), V::new(0.0));
        let r = step(&start, &V::new(-1.0), 0.1, (1e-6, 1e-6), &mut fail_on_third);
        assert_eq!(r.err(), Some("stage 4"));
    }
}
