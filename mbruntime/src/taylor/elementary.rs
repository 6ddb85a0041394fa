//! The elementary functions on jets, by the recurrences that follow from differentiating their
//! defining relations (Griewank & Walther 2008, Table 13.2): with u = f(a) and cₖ the
//! normalised coefficients,
//!
//! ```text
//! exp:    u' = u a'            uₖ = (1/k) Σ_{j=1}^{k} j aⱼ u_{k−j}
//! ln:     a u' = a'            uₖ = (aₖ − (1/k) Σ_{j=1}^{k−1} j uⱼ a_{k−j}) / a₀
//! sin/cos s' = c a', c' = −s a'
//! powf:   a u' = r a' u        uₖ = (1/(k a₀)) Σ_{j=1}^{k} ((r + 1) j − k) aⱼ u_{k−j}
//! sqrt:   u² = a               uₖ = (aₖ − Σ_{j=1}^{k−1} uⱼ u_{k−j}) / (2u₀)
//! ```
//!
//! Integer powers are repeated products (exact where a₀ = 0, e.g. (t − t₀)² about t₀, where the
//! real-power recurrence divides by a₀). `abs` is the expansion for s ≥ 0: the sign of the first
//! non-zero coefficient. Where a function is not analytic at a₀ (ln, sqrt or a real power at
//! a₀ = 0) the coefficients come out infinite or NaN, which the caller checks.

// Index loops mirror the index notation of the recurrences (aⱼ u_{k−j}).
#![allow(clippy::needless_range_loop)]

use super::jet::Jet;

impl<const N: usize> Jet<N> {
    /// exp.
    pub fn exp(self) -> Self {
        let a = &self.0;
        let mut u = Self::ZERO;
        if N == 0 {
            return u;
        }
        u.0[0] = a[0].exp();
        for k in 1..N {
            let mut s = 0.0;
            for j in 1..=k {
                s += j as f64 * a[j] * u.0[k - j];
            }
            u.0[k] = s / k as f64;
        }
        u
    }

    /// Natural logarithm.
    pub fn ln(self) -> Self {
        let a = &self.0;
        let mut u = Self::ZERO;
        if N == 0 {
            return u;
        }
        u.0[0] = a[0].ln();
        for k in 1..N {
            let mut s = 0.0;
            for j in 1..k {
                s += j as f64 * u.0[j] * a[k - j];
            }
            u.0[k] = (a[k] - s / k as f64) / a[0];
        }
        u
    }

    /// (sin, cos), computed together.
    pub fn sin_cos(self) -> (Self, Self) {
        let a = &self.0;
        let (mut s, mut c) = (Self::ZERO, Self::ZERO);
        if N == 0 {
            return (s, c);
        }
        (s.0[0], c.0[0]) = a[0].sin_cos();
        for k in 1..N {
            let (mut ss, mut cc) = (0.0, 0.0);
            for j in 1..=k {
                let ja = j as f64 * a[j];
                ss += ja * c.0[k - j];
                cc += ja * s.0[k - j];
            }
            s.0[k] = ss / k as f64;
            c.0[k] = -cc / k as f64;
        }
        (s, c)
    }

    /// sin.
    pub fn sin(self) -> Self {
        self.sin_cos().0
    }

    /// cos.
    pub fn cos(self) -> Self {
        self.sin_cos().1
    }

    /// Square root.
    pub fn sqrt(self) -> Self {
        let a = &self.0;
        let mut u = Self::ZERO;
        if N == 0 {
            return u;
        }
        u.0[0] = a[0].sqrt();
        for k in 1..N {
            let mut s = a[k];
            for j in 1..k {
                s -= u.0[j] * u.0[k - j];
            }
            u.0[k] = s / (2.0 * u.0[0]);
        }
        u
    }

    /// |a| for s ≥ 0: a or −a by the sign of the first non-zero coefficient.
    pub fn abs(self) -> Self {
        match self.0.iter().find(|c| **c != 0.0) {
            Some(c) if *c < 0.0 => -self,
            _ => self,
        }
    }

    /// aⁿ for an integer n, by repeated squaring (1/a⁻ⁿ for n < 0).
    pub fn powi(self, n: i32) -> Self {
        let mut result = Self::constant(1.0);
        let mut base = self;
        let mut e = n.unsigned_abs();
        while e > 0 {
            if e & 1 == 1 {
                result = result * base;
            }
            e >>= 1;
            if e > 0 {
                base = base * base;
            }
        }
        if n < 0 { 1.0 / result } else { result }
    }

    /// aʳ for a real exponent r (a jet exponent: exp(r ln a)).
    pub fn powf<E: Into<Jet<N>>>(self, r: E) -> Self {
        let r: Jet<N> = r.into();
        if r.0.iter().skip(1).any(|c| *c != 0.0) {
            return (r * self.ln()).exp();
        }
        let r = r.value();
        let a = &self.0;
        let mut u = Self::ZERO;
        if N == 0 {
            return u;
        }
        u.0[0] = a[0].powf(r);
        for k in 1..N {
            let mut s = 0.0;
            for j in 1..=k {
                s += ((r + 1.0) * j as f64 - k as f64) * a[j] * u.0[k - j];
            }
            u.0[k] = s / (k as f64 * a[0]);
        }
        u
    }
}

#[cfg(test)]
mod tests {
    //! Each function against the closed-form derivatives of f(x₀ + v s) (written out by hand),
    //! and the inverse pairs (exp∘ln, sqrt², powf against powi) as a second route.

    use super::Jet;

    type J = Jet<7>;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-13 * (1.0 + b.abs())
    }

    #[test]
    fn exp_and_sin_of_a_line_have_the_closed_form_derivatives() {
        let (x0, v) = (0.7, -1.3);
        let x = J::variable(x0, v);
        let (e, s, c) = (x.exp(), x.sin(), x.cos());
        for k in 0..7 {
            let vk = v.powi(k as i32);
            assert!(close(e.derivative(k), x0.exp() * vk), "exp, k = {k}");
            // dᵏ/dsᵏ sin(x₀ + v s) = vᵏ sin(x₀ + kπ/2).
            let phase = x0 + k as f64 * std::f64::consts::FRAC_PI_2;
            assert!(close(s.derivative(k), vk * phase.sin()), "sin, k = {k}");
            assert!(close(c.derivative(k), vk * phase.cos()), "cos, k = {k}");
        }
    }

    #[test]
    fn ln_sqrt_and_real_powers_of_a_line() {
        let (x0, v) = (1.9, 0.6);
        let x = J::variable(x0, v);
        let (l, r, p) = (x.ln(), x.sqrt(), x.powf(-1.7));
        let mut falling = 1.0; // r (r − 1) … (r − k + 1)
        let mut falling_half = 1.0;
        for k in 0..7i32 {
            let vk = v.powi(k);
            if k > 0 {
                // dᵏ ln(x)/dxᵏ = (−1)^(k−1) (k − 1)! / xᵏ.
                let expected =
                    (-1f64).powi(k - 1) * super::super::jet::factorial(k as usize - 1) / x0.powi(k);
                assert!(
                    close(l.derivative(k as usize), expected * vk),
                    "ln, k = {k}"
                );
            }
            let kk = k as usize;
            assert!(close(
                r.derivative(kk),
                falling_half * x0.powf(0.5 - k as f64) * vk
            ));
            assert!(close(
                p.derivative(kk),
                falling * x0.powf(-1.7 - k as f64) * vk
            ));
            falling *= -1.7 - k as f64;
            falling_half *= 0.5 - k as f64;
        }
        assert!(close(
            (x.ln().exp() - x)
                .coefficients()
                .iter()
                .map(|c| c.abs())
                .sum(),
            0.0
        ));
        assert!((r * r - x).coefficients().iter().all(|c| c.abs() < 1e-15));
    }

    #[test]
    fn integer_powers_are_exact_at_a_zero_value() {
        // (s)³ about s = 0: the real-power recurrence would divide by zero there.
        let s = J::variable(0.0, 1.0);
        let cube = s.powi(3);
        assert_eq!(cube.coefficients(), &[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
        let x = J::variable(1.3, 0.4);
        let (a, b) = (x.powi(-3), x.powf(-3.0));
        for k in 0..7 {
            assert!(close(a.coefficient(k), b.coefficient(k)), "k = {k}");
        }
        assert_eq!(x.powi(0), J::constant(1.0));
    }

    #[test]
    fn abs_follows_the_first_non_zero_coefficient() {
        let s = J::variable(0.0, -2.0);
        assert_eq!(s.abs().coefficient(1), 2.0);
        let mut q = J::ZERO;
        q.set_coefficient(2, -1.0);
        assert_eq!(q.abs().coefficient(2), 1.0);
        assert_eq!(
            J::variable(-1.0, 3.0).abs().coefficients()[..2],
            [1.0, -3.0]
        );
    }

    #[test]
    fn quotient_and_product_invert_each_other() {
        let a = J::from_coefficients([0.3, -1.0, 2.0, 0.5, -0.25, 1.5, 0.1]);
        let b = J::from_coefficients([1.7, 0.4, -0.2, 0.9, 0.0, -0.3, 2.0]);
        let back = (a / b) * b;
        for k in 0..7 {
            assert!(close(back.coefficient(k), a.coefficient(k)), "k = {k}");
        }
        assert_eq!((a * 2.0).coefficient(3), 1.0);
        assert_eq!((1.0 - a).coefficient(0), 0.7);
    }
}
