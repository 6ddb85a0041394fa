//! Central finite differences of scalar functions of one variable.

use mbruntime::Vector;

/// f′(0) by the fourth-order central difference with step `h`:
/// (−f(2h) + 8f(h) − 8f(−h) + f(−2h)) / 12h. Truncation error h⁴ f⁽⁵⁾/30, round-off about
/// ε |f| / h.
pub fn derivative(f: impl Fn(f64) -> f64, h: f64) -> f64 {
    (-f(2.0 * h) + 8.0 * f(h) - 8.0 * f(-h) + f(-2.0 * h)) / (12.0 * h)
}

/// f″(0) by the fourth-order five-point central difference with step `h`. Round-off about
/// ε |f| / h².
pub fn second_derivative(f: impl Fn(f64) -> f64, h: f64) -> f64 {
    second_derivative_of_samples([f(-2.0 * h), f(-h), f(0.0), f(h), f(2.0 * h)], h)
}

/// The five-point second difference of samples f(−2h), f(−h), f(0), f(h), f(2h):
/// (−f₋₂ + 16f₋₁ − 30f₀ + 16f₁ − f₂) / 12h².
pub fn second_derivative_of_samples(f: [f64; 5], h: f64) -> f64 {
    (-f[0] + 16.0 * f[1] - 30.0 * f[2] + 16.0 * f[3] - f[4]) / (12.0 * h * h)
}

/// Unit vector number `i` (a finite-difference direction).
pub fn unit<const N: usize>(i: usize) -> Vector<N> {
    let mut v = Vector::<N>::zeros();
    v[i] = 1.0;
    v
}
