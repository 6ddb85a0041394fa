//! Transition times as roots of explicit functions: bisection down to adjacent floating-point
//! numbers inside a bracket found by scanning, and the closed-form instants at which a sinusoid
//! leaves a band.

use super::ReferenceError;
use std::f64::consts::PI;

/// The root of `f` in the bracket [a, b] (f(a) and f(b) of opposite signs, or one of them zero),
/// by bisection until a and b are adjacent floating-point numbers: f changes sign within one
/// ulp of the returned point, which is the end of the final bracket with the smaller |f|.
pub fn bisect(f: impl Fn(f64) -> f64, a: f64, b: f64) -> f64 {
    let (mut a, mut b) = (a, b);
    let (mut fa, mut fb) = (f(a), f(b));
    if fa == 0.0 {
        return a;
    }
    if fb == 0.0 {
        return b;
    }
    loop {
        let c = 0.5 * (a + b);
        if c <= a.min(b) || c >= a.max(b) {
            return if fa.abs() <= fb.abs() { a } else { b };
        }
        let fc = f(c);
        if fc == 0.0 {
            return c;
        }
        if (fc > 0.0) == (fa > 0.0) {
            (a, fa) = (c, fc);
        } else {
            (b, fb) = (c, fc);
        }
    }
}

/// The first zero after `t0` of a function that is zero at `t0` and has the sign `sign` just
/// after it (a slip velocity leaving rest): samples at t0 + dt, t0 + 2dt, … up to `t_max`
/// bracket the first sign change, which [`bisect`] then refines.
pub fn first_return_to_zero(
    f: impl Fn(f64) -> f64,
    sign: f64,
    t0: f64,
    dt: f64,
    t_max: f64,
) -> Result<f64, ReferenceError> {
    let mut previous = t0 + dt;
    if sign * f(previous) <= 0.0 {
        return Err(ReferenceError::PhaseShorterThanScan { t: t0 });
    }
    let mut k = 2.0;
    loop {
        let t = t0 + k * dt;
        if t > t_max {
            return Err(ReferenceError::NoTransition { t: t0 });
        }
        if sign * f(t) <= 0.0 {
            return Ok(bisect(&f, previous, t));
        }
        previous = t;
        k += 1.0;
    }
}

/// The first instant after `t0` at which a sin(ω t) (a, ω > 0), inside the band [lo, hi] at
/// `t0`, leaves it, and on which side (+1 above `hi`, −1 below `lo`); `None` if the band holds
/// the whole sinusoid. Closed form: the sinusoid crosses `hi` upwards at ωt = arcsin(hi/a) + 2πj
/// and `lo` downwards at ωt = π − arcsin(lo/a) + 2πj.
pub fn sine_band_exit(a: f64, omega: f64, lo: f64, hi: f64, t0: f64) -> Option<(f64, f64)> {
    let next = |phase: f64| {
        let mut j = ((omega * t0 - phase) / (2.0 * PI)).floor();
        let mut t = (phase + 2.0 * PI * j) / omega;
        while t <= t0 {
            j += 1.0;
            t = (phase + 2.0 * PI * j) / omega;
        }
        t
    };
    let up = (hi < a).then(|| next((hi / a).asin()));
    let down = (lo > -a).then(|| next(PI - (lo / a).asin()));
    match (up, down) {
        (Some(u), Some(d)) if d < u => Some((d, -1.0)),
        (Some(u), _) => Some((u, 1.0)),
        (None, Some(d)) => Some((d, -1.0)),
        (None, None) => None,
    }
}
