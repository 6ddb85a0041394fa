//! The jet type and the arithmetic operators (+, −, ×, ÷ with jets and with reals).

use std::ops::{Add, Div, Mul, Neg, Sub};

/// A truncated Taylor series: the normalised coefficients cₖ = f⁽ᵏ⁾(0)/k!, k = 0, …, N − 1
/// (see the [module documentation](super)).
///
/// It is written like an `f64`: the operators take jets and reals on either side, and the
/// elementary functions are methods of the same names (`sin`, `cos`, `exp`, `ln`, `sqrt`, `abs`,
/// `powi`, `powf`), so that a program written for `f64` runs on jets unchanged.
///
/// ```
/// use mbruntime::taylor::Jet;
/// // x(s) = 0.3 + s: the jet of sin(x)·x² holds (sin(x)x²)⁽ᵏ⁾(0.3)/k!.
/// let x = Jet::<4>::variable(0.3, 1.0);
/// let f = x.sin() * x.powi(2);
/// let (s, c) = (0.3f64.sin(), 0.3f64.cos());
/// assert!((f.coefficient(0) - s * 0.09).abs() < 1e-15);
/// assert!((f.derivative(1) - (c * 0.09 + 2.0 * 0.3 * s)).abs() < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Jet<const N: usize>(pub(super) [f64; N]);

impl<const N: usize> Default for Jet<N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Jet<N> {
    /// The zero series.
    pub const ZERO: Self = Self([0.0; N]);

    /// The constant c (all higher coefficients zero).
    pub fn constant(c: f64) -> Self {
        let mut j = Self::ZERO;
        if N > 0 {
            j.0[0] = c;
        }
        j
    }

    /// x as a jet, for x a real (a constant) or a jet: generated code writes every value of a
    /// function on jets through it, whichever of the two the program computed.
    pub fn lift(x: impl Into<Self>) -> Self {
        x.into()
    }

    /// The straight line x₀ + v s.
    pub fn variable(x0: f64, v: f64) -> Self {
        let mut j = Self::constant(x0);
        if N > 1 {
            j.0[1] = v;
        }
        j
    }

    /// The series with the given normalised coefficients.
    pub fn from_coefficients(c: [f64; N]) -> Self {
        Self(c)
    }

    /// The normalised coefficients.
    pub fn coefficients(&self) -> &[f64; N] {
        &self.0
    }

    /// Normalised coefficient k (f⁽ᵏ⁾(0)/k!); zero beyond the truncation.
    pub fn coefficient(&self, k: usize) -> f64 {
        self.0.get(k).copied().unwrap_or(0.0)
    }

    /// Sets normalised coefficient k (ignored beyond the truncation).
    pub fn set_coefficient(&mut self, k: usize, c: f64) {
        if let Some(slot) = self.0.get_mut(k) {
            *slot = c;
        }
    }

    /// The k-th derivative f⁽ᵏ⁾(0) = k!·cₖ.
    pub fn derivative(&self, k: usize) -> f64 {
        self.coefficient(k) * factorial(k)
    }

    /// The jet of df/ds: coefficients (k + 1)·c_{k+1}, with the top coefficient, which the
    /// truncation does not know, set to zero.
    pub fn differentiate(&self) -> Self {
        let mut d = Self::ZERO;
        for k in 0..N.saturating_sub(1) {
            d.0[k] = (k + 1) as f64 * self.0[k + 1];
        }
        d
    }

    /// Whether every coefficient is finite.
    pub fn is_finite(&self) -> bool {
        self.0.iter().all(|c| c.is_finite())
    }

    /// The value c₀.
    pub fn value(&self) -> f64 {
        self.coefficient(0)
    }

    /// Coefficient-wise a·self.
    pub(super) fn scale(mut self, a: f64) -> Self {
        for c in &mut self.0 {
            *c *= a;
        }
        self
    }
}

/// k! as a float (exact for k ≤ 22).
pub(super) fn factorial(k: usize) -> f64 {
    (1..=k).fold(1.0, |f, i| f * i as f64)
}

impl<const N: usize> From<f64> for Jet<N> {
    fn from(c: f64) -> Self {
        Self::constant(c)
    }
}

impl<const N: usize> Neg for Jet<N> {
    type Output = Self;
    fn neg(self) -> Self {
        self.scale(-1.0)
    }
}

impl<const N: usize> Add for Jet<N> {
    type Output = Self;
    fn add(mut self, b: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(b.0) {
            *a += b;
        }
        self
    }
}

impl<const N: usize> Sub for Jet<N> {
    type Output = Self;
    fn sub(mut self, b: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(b.0) {
            *a -= b;
        }
        self
    }
}

impl<const N: usize> Mul for Jet<N> {
    type Output = Self;
    /// The Cauchy product cₖ = Σⱼ aⱼ b_{k−j}.
    fn mul(self, b: Self) -> Self {
        let mut c = Self::ZERO;
        for k in 0..N {
            let mut s = 0.0;
            for j in 0..=k {
                s += self.0[j] * b.0[k - j];
            }
            c.0[k] = s;
        }
        c
    }
}

impl<const N: usize> Div for Jet<N> {
    type Output = Self;
    /// cₖ = (aₖ − Σ_{j≥1} bⱼ c_{k−j}) / b₀ (not finite where b₀ = 0).
    fn div(self, b: Self) -> Self {
        let mut c = Self::ZERO;
        for k in 0..N {
            let mut s = self.0[k];
            for j in 1..=k {
                s -= b.0[j] * c.0[k - j];
            }
            c.0[k] = s / b.0[0];
        }
        c
    }
}

impl<const N: usize> Add<f64> for Jet<N> {
    type Output = Self;
    fn add(mut self, b: f64) -> Self {
        if N > 0 {
            self.0[0] += b;
        }
        self
    }
}

impl<const N: usize> Add<Jet<N>> for f64 {
    type Output = Jet<N>;
    fn add(self, b: Jet<N>) -> Jet<N> {
        b + self
    }
}

impl<const N: usize> Sub<f64> for Jet<N> {
    type Output = Self;
    fn sub(self, b: f64) -> Self {
        self + (-b)
    }
}

impl<const N: usize> Sub<Jet<N>> for f64 {
    type Output = Jet<N>;
    fn sub(self, b: Jet<N>) -> Jet<N> {
        -b + self
    }
}

impl<const N: usize> Mul<f64> for Jet<N> {
    type Output = Self;
    fn mul(self, b: f64) -> Self {
        self.scale(b)
    }
}

impl<const N: usize> Mul<Jet<N>> for f64 {
    type Output = Jet<N>;
    fn mul(self, b: Jet<N>) -> Jet<N> {
        b.scale(self)
    }
}

impl<const N: usize> Div<f64> for Jet<N> {
    type Output = Self;
    fn div(mut self, b: f64) -> Self {
        for c in &mut self.0 {
            *c /= b;
        }
        self
    }
}

impl<const N: usize> Div<Jet<N>> for f64 {
    type Output = Jet<N>;
    fn div(self, b: Jet<N>) -> Jet<N> {
        Jet::constant(self) / b
    }
}
