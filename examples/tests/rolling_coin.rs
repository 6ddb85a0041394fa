//! A uniform thin disk (coin) rolling without slipping on a level floor: the generated
//! `RollingCoin` (q = (x, y, ψ, θ, φ): centre (x, y, r cos θ), R = R_z(ψ) R_x(θ) R_y(φ), the
//! axle the body y axis; moments A = m r²/4 about diameters and C = m r²/2 about the axle)
//! against the equations of the rolling disk derived here by hand from Euler's equations
//! (the same equations as in Neimark & Fufaev, *Dynamics of Nonholonomic Systems*, 1972, ch. I,
//! and O'Reilly, "The dynamics of rolling disks and sliding disks", Nonlinear Dynamics 10, 1996).
//!
//! **Equations of motion.** Take the frame e₁ = R_z(ψ) x̂ (horizontal, in the disk's plane),
//! e₂ = R_z(ψ) R_x(θ) ŷ (the axle), e₃ = e₁ × e₂ (in the disk's plane, from the contact point
//! up to the centre). The frame turns at Ω_f = θ̇ e₁ + ψ̇ (sin θ e₂ + cos θ e₃), the disk at
//! ω = Ω_f + φ̇ e₂ = (θ̇, ω₂, ψ̇ cos θ) with the spin ω₂ = φ̇ + ψ̇ sin θ, and H_G = (A θ̇, C ω₂,
//! A ψ̇ cos θ). The contact point is G − r e₃; rolling (its material velocity zero) gives
//! v_G = r ω × e₃ = r ω₂ e₁ − r θ̇ e₂, that is
//! ẋ = r ω₂ cos ψ + r θ̇ sin ψ cos θ, ẏ = r ω₂ sin ψ − r θ̇ cos ψ cos θ
//! (and ż = −r θ̇ sin θ, as the centre's height r cos θ requires). With the contact force F,
//! m a_G = F − m g ẑ and Ḣ_G = −r e₃ × F; eliminating F,
//! Ḣ_G + m r e₃ × a_G = −m g r e₃ × ẑ = m g r sin θ e₁. Differentiating in the turning frame
//! (u̇ = Σ u̇ᵢ eᵢ + Ω_f × u) gives, with J = A + m r² and D = C + m r²,
//! (e₁) J θ̈ + A ψ̇² sin θ cos θ − D ω₂ ψ̇ cos θ = m g r sin θ,
//! (e₂) D ω̇₂ + m r² θ̇ ψ̇ cos θ = 0,
//! (e₃) A (ψ̈ cos θ − 2 ψ̇ θ̇ sin θ) + C ω₂ θ̇ = 0.
//!
//! **Upright rolling.** θ = 0, ψ̇ = 0, φ̇ = Ω (speed v = r Ω along e₁) is a steady motion. To
//! first order (δω₂ = δφ̇): J δθ̈ = m g r δθ + D Ω δψ̇, A δψ̈ = −C Ω δθ̇, δφ̈ = 0. In the reduced
//! state (δθ, δθ̇, δψ̇, δφ̇) the characteristic polynomial is
//! p(λ) = λ² (λ² − (m g r − C D Ω²/A)/J),
//! so the eigenvalues are 0, 0 (neighbouring steady motions: a steady lean with a heading rate,
//! and a changed spin) and λ² = (m g r − C D Ω²/A)/J. For the uniform disk C D/A = 3 m r² and
//! J = 5 m r²/4, so λ² = 4 (g r − 3 v²)/(5 r²):
//! λ = ±(2/(r√5)) √(g r − 3 v²) (real: unstable) for v² < g r/3 and
//! λ = ±i (2/(r√5)) √(3 v² − g r) (Marginal: the motion conserves energy) above; the critical
//! speed is v_c = √(g r/3) (Ω_c² = m g r A/(C D) = g/(3 r)).
//!
//! **Steady precession.** θ = θ₀, θ̇ = 0, ψ̇ = Ω and ω₂ constant satisfy (e₂) and (e₃); (e₁)
//! holds iff m g r sin θ₀ = A Ω² sin θ₀ cos θ₀ − D ω₂ Ω cos θ₀, so the spin is
//! ω₂ = (A Ω² cos θ₀ − m g r) sin θ₀/(D Ω cos θ₀), φ̇ = ω₂ − Ω sin θ₀. The centre then runs on
//! a circle at speed r ω₂ along e₁: ψ = ψ₀ + Ω t, x = x₀ + (r ω₂/Ω)(sin ψ − sin ψ₀),
//! y = y₀ − (r ω₂/Ω)(cos ψ − cos ψ₀). Linearising (e₁)–(e₃) about it, (e₂) and (e₃) integrate
//! to δω₂ = −(m r² Ω cos θ₀/D) δθ + c₂ and δψ̇ = ((2 A Ω sin θ₀ − C ω₂)/(A cos θ₀)) δθ + c₃, and
//! (e₁) becomes J δθ̈ = −K δθ + const with
//! −K = m g r cos θ₀ − A Ω² cos 2θ₀ − D ω₂ Ω sin θ₀ + (D ω₂ − 2 A Ω sin θ₀)(2 A Ω sin θ₀ − C ω₂)/A
//! − m r² Ω² cos²θ₀:
//! the reduced spectrum is {±i √(K/J), 0, 0} when K > 0 (at θ₀ = 0, Ω = 0 this is the upright
//! case: K = C D ω₂²/A − m g r).
//!
//! **Invariants of the simulated motions.** The rolling constraints have a = 0 and fix the
//! contact point's velocity to zero, so the contact force does no work; gravity is the only
//! other force and there is no dissipation, so E = T + V with
//! T = ½ m (ẋ² + ẏ² + r² sin²θ θ̇²) + ½ (A θ̇² + C ω₂² + A ψ̇² cos²θ), V = m g r cos θ
//! is conserved. The event-driven integrator projects the velocities onto both rows after
//! every step, so the rolling residual (from the formulas for ẋ, ẏ above, independent of the
//! generated rows) stays at round-off. Moreau's midpoint rule imposes the rows at its midpoint
//! with G frozen over the step, which makes it first-order accurate with velocity
//! constraints.

use mb_examples::rolling_models::rolling_coin::RollingCoin;
use mbruntime::analysis::linearisation::{
    LinearisationOptions, OperatingPoint, Stability, StateComponent, SteadyMotion,
    SteadyMotionOptions,
};
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Constraints, Dynamics, Matrix, Vector};
use nalgebra::{Complex, DMatrix};

/// Indices of the coordinates (x, y, ψ, θ, φ).
const X: usize = 0;
const Y: usize = 1;
const PSI: usize = 2;
const THETA: usize = 3;
const PHI: usize = 4;

/// The cyclic coordinates of every steady motion here: x, y, ψ, φ.
const CYCLIC: [usize; 4] = [X, Y, PSI, PHI];

/// The disk's constants: moments A about a diameter and C about the axle (as the block states
/// them), J = A + m r², D = C + m r².
struct Disk {
    m: f64,
    r: f64,
    g: f64,
    a: f64,
    c: f64,
    j: f64,
    d: f64,
}

impl Disk {
    fn of(coin: &RollingCoin) -> Self {
        let mr2 = coin.m * coin.r * coin.r;
        Self {
            m: coin.m,
            r: coin.r,
            g: coin.g,
            a: mr2 / 4.0,
            c: mr2 / 2.0,
            j: mr2 / 4.0 + mr2,
            d: mr2 / 2.0 + mr2,
        }
    }

    /// The critical speed v_c = √(g r/3) of the uniform disk.
    fn critical_speed(&self) -> f64 {
        (self.g * self.r / 3.0).sqrt()
    }

    /// λ² of the upright lean/heading mode at spin Ω: (m g r − C D Ω²/A)/J.
    fn upright_lambda_squared(&self, spin: f64) -> f64 {
        (self.m * self.g * self.r - self.c * self.d * spin * spin / self.a) / self.j
    }

    /// The same for the uniform disk written with v = r Ω: 4 (g r − 3 v²)/(5 r²).
    fn uniform_lambda_squared(&self, v: f64) -> f64 {
        4.0 * (self.g * self.r - 3.0 * v * v) / (5.0 * self.r * self.r)
    }

    /// (ẋ, ẏ, ψ̇, θ̇, φ̇) of a rolling disk at q with the given θ̇, ψ̇, φ̇.
    fn rolling_velocities(
        &self,
        q: &Vector<5>,
        psi_dot: f64,
        theta_dot: f64,
        phi_dot: f64,
    ) -> Vector<5> {
        let (sp, cp) = q[PSI].sin_cos();
        let (st, ct) = q[THETA].sin_cos();
        let spin = phi_dot + psi_dot * st;
        Vector::<5>::new(
            self.r * (spin * cp + theta_dot * sp * ct),
            self.r * (spin * sp - theta_dot * cp * ct),
            psi_dot,
            theta_dot,
            phi_dot,
        )
    }

    /// Largest violation of the rolling condition written by hand (ẋ, ẏ against v_G).
    fn rolling_residual(&self, q: &Vector<5>, qd: &Vector<5>) -> f64 {
        let admissible = self.rolling_velocities(q, qd[PSI], qd[THETA], qd[PHI]);
        (qd[X] - admissible[X])
            .abs()
            .max((qd[Y] - admissible[Y]).abs())
    }

    /// E = T + V from the hand formulas of the header.
    fn energy(&self, q: &Vector<5>, qd: &Vector<5>) -> f64 {
        let (st, ct) = q[THETA].sin_cos();
        let spin = qd[PHI] + qd[PSI] * st;
        let translation = qd[X] * qd[X] + qd[Y] * qd[Y] + (self.r * st * qd[THETA]).powi(2);
        let rotation =
            self.a * qd[THETA] * qd[THETA] + self.c * spin * spin + self.a * (qd[PSI] * ct).powi(2);
        0.5 * self.m * translation + 0.5 * rotation + self.m * self.g * self.r * ct
    }

    /// The spin ω₂ of the steady precession at lean θ₀ and precession rate Ω.
    fn precession_spin(&self, theta0: f64, omega: f64) -> f64 {
        let (s, c) = theta0.sin_cos();
        (self.a * omega * omega * c - self.m * self.g * self.r) * s / (self.d * omega * c)
    }

    /// K of the steady motion at lean θ₀, heading rate Ω and spin ω₂ (J δθ̈ = −K δθ), from
    /// the header.
    fn lean_stiffness(&self, theta0: f64, omega: f64, spin: f64) -> f64 {
        let (s, c) = theta0.sin_cos();
        let (a, cc, d, mr2) = (self.a, self.c, self.d, self.m * self.r * self.r);
        let minus_k = self.m * self.g * self.r * c
            - a * omega * omega * (c * c - s * s)
            - d * spin * omega * s
            + (d * spin - 2.0 * a * omega * s) * (2.0 * a * omega * s - cc * spin) / a
            - mr2 * omega * omega * c * c;
        -minus_k
    }

    /// The steady precession (θ₀, Ω) at time t, started at ψ₀ from (x₀, y₀).
    fn precession_at(&self, start: &Precession, t: f64) -> (Vector<5>, Vector<5>) {
        let spin = self.precession_spin(start.theta0, start.omega);
        let phi_dot = spin - start.omega * start.theta0.sin();
        let psi = start.psi0 + start.omega * t;
        let radius = self.r * spin / start.omega;
        let q = Vector::<5>::new(
            start.x0 + radius * (psi.sin() - start.psi0.sin()),
            start.y0 - radius * (psi.cos() - start.psi0.cos()),
            psi,
            start.theta0,
            start.phi0 + phi_dot * t,
        );
        let qd = self.rolling_velocities(&q, start.omega, 0.0, phi_dot);
        (q, qd)
    }
}

/// A steady precession: lean θ₀, precession rate Ω, and where it starts.
struct Precession {
    theta0: f64,
    omega: f64,
    x0: f64,
    y0: f64,
    psi0: f64,
    phi0: f64,
}

/// The precession of the event-driven and time-stepping checks: a lean of 0.3 rad turning at
/// 4 rad/s (ω₂ = −4.86 rad/s, φ̇ = −6.04 rad/s: the centre runs at 0.49 m/s on a circle of
/// radius 0.12 m), where the steady motion is spectrally stable (K > 0, nutation at
/// 2.94 rad/s).
const PRECESSION: Precession = Precession {
    theta0: 0.3,
    omega: 4.0,
    x0: 0.2,
    y0: -0.1,
    psi0: 0.4,
    phi0: 0.0,
};

/// The upright coin rolling at speed v along its heading ψ₀.
fn upright(coin: &RollingCoin, v: f64, psi0: f64) -> OperatingPoint<5> {
    let disk = Disk::of(coin);
    let q = Vector::<5>::new(0.3, -0.2, psi0, 0.0, 0.7);
    OperatingPoint {
        qd: disk.rolling_velocities(&q, 0.0, 0.0, v / coin.r),
        q,
        t: 0.0,
    }
}

/// The reduced spectrum of mb's steady motion, with the speeds `speeds` independent.
fn steady_spectrum(
    coin: &RollingCoin,
    op: &OperatingPoint<5>,
    speeds: &[usize],
) -> (Vec<Complex<f64>>, Stability, Vec<StateComponent>) {
    let options = SteadyMotionOptions {
        linearisation: LinearisationOptions {
            independent_speeds: Some(speeds),
            ..Default::default()
        },
        cyclic: &CYCLIC,
        ..Default::default()
    };
    let steady = SteadyMotion::at(coin, op, &options).unwrap();
    let eig = steady.eigen().unwrap();
    (eig.eigenvalues(), eig.stability, steady.state)
}

/// The reduced state matrix of mb's steady motion, with the speeds `speeds` independent.
fn steady_matrix(coin: &RollingCoin, op: &OperatingPoint<5>, speeds: &[usize]) -> DMatrix<f64> {
    let options = SteadyMotionOptions {
        linearisation: LinearisationOptions {
            independent_speeds: Some(speeds),
            ..Default::default()
        },
        cyclic: &CYCLIC,
        ..Default::default()
    };
    SteadyMotion::at(coin, op, &options).unwrap().a
}

/// Coefficients (1, c₁, …, c_n) of det(λI − A) = λⁿ + c₁ λⁿ⁻¹ + … + c_n, by the
/// Faddeev–LeVerrier recursion M_k = A M_{k−1} + c_{k−1} I, c_k = −tr(A M_k)/k.
fn characteristic_polynomial(a: &DMatrix<f64>) -> Vec<f64> {
    let n = a.nrows();
    let mut coefficients = vec![1.0];
    let mut m = DMatrix::<f64>::zeros(n, n);
    for k in 1..=n {
        m = a * &m + DMatrix::<f64>::identity(n, n) * coefficients[k - 1];
        coefficients.push(-(a * &m).trace() / k as f64);
    }
    coefficients
}

/// Largest distance from a closed-form root to the nearest unused computed eigenvalue.
fn match_error(computed: &[Complex<f64>], expected: &[Complex<f64>]) -> f64 {
    assert_eq!(computed.len(), expected.len());
    let mut left = computed.to_vec();
    let mut worst = 0.0_f64;
    for root in expected {
        let (k, d) = left
            .iter()
            .map(|z| (z - root).norm())
            .enumerate()
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .unwrap();
        worst = worst.max(d);
        left.swap_remove(k);
    }
    worst
}

/// The closed-form spectrum {0, 0, ±√λ²}.
fn roots_of(lambda_squared: f64) -> [Complex<f64>; 4] {
    let root = Complex::new(lambda_squared, 0.0).sqrt();
    [Complex::new(0.0, 0.0), Complex::new(0.0, 0.0), root, -root]
}

#[test]
fn the_closed_forms_agree_with_each_other() {
    // λ² written with the moments and with v = r Ω for the uniform disk, and the root of both
    // at v_c = √(g r/3).
    let disk = Disk::of(&RollingCoin::default());
    for v in [0.0, 0.2, 0.5, 1.0, 3.0] {
        let general = disk.upright_lambda_squared(v / disk.r);
        let uniform = disk.uniform_lambda_squared(v);
        assert!((general - uniform).abs() <= 1e-12 * general.abs().max(1.0));
    }
    let vc = disk.critical_speed();
    assert!(disk.upright_lambda_squared(vc / disk.r).abs() <= 1e-12);
    // The steady motion's stiffness K at θ₀ = 0, Ω = 0 is the upright one, K = −J λ², and at
    // θ₀ = 0, ω₂ = 0 (a coin spinning about its vertical diameter) K = J Ω² − m g r.
    for spin in [0.0, 3.0, 10.0, -20.0] {
        let k = disk.lean_stiffness(0.0, 0.0, spin);
        let expected = -disk.j * disk.upright_lambda_squared(spin);
        assert!(
            (k - expected).abs() <= 1e-14 * expected.abs().max(1.0),
            "{k} vs {expected}"
        );
    }
    for omega in [1.0, 5.0] {
        let k = disk.lean_stiffness(0.0, omega, 0.0);
        let expected = disk.j * omega * omega - disk.m * disk.g * disk.r;
        assert!((k - expected).abs() <= 1e-14, "{k} vs {expected}");
    }
    // The precession condition: (e₁) vanishes at the steady spin.
    for (theta0, omega) in [(0.3, 4.0), (0.6, -3.0), (-0.4, 5.0)] {
        let (s, c) = f64::sin_cos(theta0);
        let spin = disk.precession_spin(theta0, omega);
        let e1 = disk.m * disk.g * disk.r * s - disk.a * omega * omega * s * c
            + disk.d * spin * omega * c;
        assert!(e1.abs() <= 1e-15, "{e1}");
    }
}

#[test]
fn upright_rolling_has_the_closed_form_spectrum_below_and_above_the_critical_speed() {
    let coin = RollingCoin::default();
    let disk = Disk::of(&coin);
    let vc = disk.critical_speed();
    let speeds = [PSI, THETA, PHI];
    for factor in [0.0, 0.3, 0.7, 0.95, 1.05, 1.5, 3.0, -0.5, -2.0] {
        let v = factor * vc;
        let op = upright(&coin, v, 0.4);
        let (values, stability, state) = steady_spectrum(&coin, &op, &speeds);
        assert_eq!(
            state,
            vec![
                StateComponent::Position(THETA),
                StateComponent::Velocity(PSI),
                StateComponent::Velocity(THETA),
                StateComponent::Velocity(PHI),
            ]
        );
        let lambda_squared = disk.uniform_lambda_squared(v);
        let expected = roots_of(lambda_squared);
        let size = lambda_squared.abs().sqrt();
        let error = match_error(&values, &expected);
        println!(
            "v/v_c = {factor:5.2}: λ = ±{size:.6} ({}), error {error:.2e}",
            if lambda_squared > 0.0 {
                "real"
            } else {
                "imaginary"
            }
        );
        assert!(
            error <= 1e-9 * size,
            "v = {factor} v_c: {values:?} vs {expected:?}"
        );
        let verdict = if factor.abs() < 1.0 {
            Stability::Unstable
        } else {
            Stability::Marginal
        };
        assert_eq!(stability, verdict, "v = {factor} v_c");
        // Another choice of speeds, (ẋ, ψ̇, θ̇), changes A by a similarity at a steady motion:
        // its characteristic polynomial is λ⁴ − λ²_pair λ² as well.
        let other = steady_matrix(&coin, &op, &[X, PSI, THETA]);
        let p = characteristic_polynomial(&other);
        let expected_p = [1.0, 0.0, -lambda_squared, 0.0, 0.0];
        let scale = lambda_squared.abs().max(1.0);
        for (k, (c, e)) in p.iter().zip(expected_p).enumerate() {
            assert!(
                (c - e).abs() <= 1e-12 * scale.powf(k as f64 / 2.0),
                "v = {factor} v_c, speeds (ẋ, ψ̇, θ̇): {p:?} vs {expected_p:?}"
            );
        }
    }
}

/// ½ Σ λᵢ² of mb's reduced spectrum at speed v: the closed form is λ² of the lean/heading
/// pair. Near v_c that pair and a zero form a triple root, which rounding splits by ε^{1/3};
/// the power sum Σ λᵢ² = tr(A²) is not sensitive to it and changes sign at v_c.
fn half_power_sum(coin: &RollingCoin, v: f64) -> f64 {
    let (values, _, _) = steady_spectrum(coin, &upright(coin, v, 0.4), &[PSI, THETA, PHI]);
    0.5 * values.iter().map(|z| (z * z).re).sum::<f64>()
}

fn is_unstable(coin: &RollingCoin, v: f64) -> bool {
    steady_spectrum(coin, &upright(coin, v, 0.4), &[PSI, THETA, PHI]).1 == Stability::Unstable
}

/// Bisection of [lo, hi] on a predicate true at lo and false at hi, to 1e-13 relative.
fn bisect(mut lo: f64, mut hi: f64, below: impl Fn(f64) -> bool) -> f64 {
    assert!(below(lo) && !below(hi));
    while hi - lo > 1e-13 * hi {
        let mid = 0.5 * (lo + hi);
        if below(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

#[test]
fn bisection_on_the_eigenvalues_finds_the_critical_speed() {
    let coin = RollingCoin::default();
    let vc = Disk::of(&coin).critical_speed();
    let by_power_sum = bisect(0.5 * vc, 2.0 * vc, |v| half_power_sum(&coin, v) > 0.0);
    let by_verdict = bisect(0.5 * vc, 2.0 * vc, |v| is_unstable(&coin, v));
    println!(
        "v_c = {vc:.15}: Σλ² changes sign at {by_power_sum:.15} ({:.1e}), verdict at {by_verdict:.15} ({:.1e})",
        (by_power_sum - vc) / vc,
        (by_verdict - vc) / vc
    );
    assert!((by_power_sum - vc).abs() <= 1e-8 * vc);
    assert!((by_verdict - vc).abs() <= 1e-8 * vc);
    // Ω_c² = m g r A/(C D) = g/(3r).
    let omega_c = by_power_sum / coin.r;
    assert!((omega_c * omega_c - coin.g / (3.0 * coin.r)).abs() <= 1e-8 * coin.g / coin.r);
}

#[test]
fn steady_precession_is_a_steady_motion_with_the_closed_form_nutation() {
    let coin = RollingCoin::default();
    let disk = Disk::of(&coin);
    for (theta0, omega) in [(0.3, 4.0), (0.6, -3.0), (0.2, 8.0), (-0.4, 5.0)] {
        let start = Precession {
            theta0,
            omega,
            ..PRECESSION
        };
        let (q, qd) = disk.precession_at(&start, 0.0);
        let op = OperatingPoint { q, qd, t: 0.0 };
        let options = SteadyMotionOptions {
            linearisation: LinearisationOptions {
                independent_speeds: Some(&[PSI, THETA, PHI]),
                ..Default::default()
            },
            cyclic: &CYCLIC,
            ..Default::default()
        };
        let steady = SteadyMotion::at(&coin, &op, &options).unwrap();
        let scale = disk.g / disk.r;
        println!(
            "θ₀ = {theta0}, Ω = {omega}: residual {:.2e}",
            steady.linearisation.residual()
        );
        assert!(steady.linearisation.residual() <= 1e-12 * scale);
        let k = disk.lean_stiffness(theta0, omega, disk.precession_spin(theta0, omega));
        let expected = roots_of(-k / disk.j);
        let eig = steady.eigen().unwrap();
        let size = (k / disk.j).abs().sqrt();
        let error = match_error(&eig.eigenvalues(), &expected);
        println!(
            "  K = {k:.6e}, ω_n = {size:.6}, error {error:.2e}, {:?}",
            eig.stability
        );
        assert!(
            error <= 1e-9 * size,
            "{:?} vs {expected:?}",
            eig.eigenvalues()
        );
        let verdict = if k > 0.0 {
            Stability::Marginal
        } else {
            Stability::Unstable
        };
        assert_eq!(eig.stability, verdict);
        // Off the precession condition (φ̇ changed) the lean accelerates.
        let off = OperatingPoint {
            qd: disk.rolling_velocities(&q, omega, 0.0, qd[PHI] + 1.0),
            ..op
        };
        assert!(SteadyMotion::at(&coin, &off, &options).is_err());
    }
}

/// Event-driven options of the runs (the integrator's defaults, stated).
fn event_options() -> EventOptions {
    EventOptions {
        rtol: 1e-10,
        atol: 1e-12,
        ..EventOptions::default()
    }
}

/// γ = Gᵀq̇ + ĝ of the model's two rolling rows.
fn model_residual(coin: &RollingCoin, q: &Vector<5>, qd: &Vector<5>) -> f64 {
    let mut g = Matrix::<5, 2>::zeros();
    let mut a = Vector::<2>::zeros();
    coin.bilateral_jacobian(q, 0.0, &mut g, &mut a);
    (g.transpose() * qd + a).amax()
}

#[test]
fn falling_precessing_coin_conserves_energy_and_keeps_rolling() {
    let coin = RollingCoin::default();
    assert_eq!(RollingCoin::HOLONOMIC, [false, false]);
    let disk = Disk::of(&coin);
    // Leaning 0.5 rad, spinning at 12 rad/s (1.2 m/s) and turning at 1 rad/s, with the lean
    // starting to fall: the coin nutates and precesses.
    let q0 = Vector::<5>::new(0.0, 0.0, 0.0, 0.5, 0.0);
    let qd0 = disk.rolling_velocities(&q0, 1.0, 0.5, 12.0);
    assert!(disk.rolling_residual(&q0, &qd0) == 0.0);
    assert!(model_residual(&coin, &q0, &qd0) <= 1e-15);
    let e0 = disk.energy(&q0, &qd0);
    let model_e0 = coin.kinetic_energy(&q0, &qd0, 0.0) + coin.potential_energy(&q0, 0.0);
    assert!((model_e0 - e0).abs() <= 1e-14 * e0);
    let mut sim = EventDriven::new(coin, event_options(), 0.0, q0, qd0).unwrap();
    let (mut worst_e, mut worst_hand, mut worst_model, mut steps) = (0.0_f64, 0.0_f64, 0.0_f64, 0);
    let (mut theta_min, mut theta_max) = (f64::INFINITY, f64::NEG_INFINITY);
    sim.run(5.0, |r| {
        let Report::Step { q, u, .. } = r else {
            panic!("a rolling coin has no event");
        };
        worst_e = worst_e.max((disk.energy(q, u) - e0).abs() / e0);
        worst_hand = worst_hand.max(disk.rolling_residual(q, u));
        worst_model = worst_model.max(model_residual(&coin, q, u));
        theta_min = theta_min.min(q[THETA]);
        theta_max = theta_max.max(q[THETA]);
        steps += 1;
    })
    .unwrap();
    let psi_end = sim.q()[PSI];
    println!(
        "{steps} steps, θ ∈ [{theta_min:.4}, {theta_max:.4}], ψ(5) = {psi_end:.4}: energy {worst_e:.2e}, rolling {worst_hand:.2e} (hand) {worst_model:.2e} (model)"
    );
    assert!(steps > 50);
    assert!(theta_max - theta_min > 0.1, "the lean oscillates");
    assert!(psi_end.abs() > 1.0, "the heading precesses");
    assert!(worst_e <= 1e-9, "relative energy drift {worst_e:e}");
    assert!(worst_hand <= 1e-14 && worst_model <= 1e-14);
}

#[test]
fn steady_precession_is_kept_by_the_event_driven_integrator() {
    let coin = RollingCoin::default();
    let disk = Disk::of(&coin);
    let spin = disk.precession_spin(PRECESSION.theta0, PRECESSION.omega);
    assert!(disk.lean_stiffness(PRECESSION.theta0, PRECESSION.omega, spin) > 0.0);
    let (q0, qd0) = disk.precession_at(&PRECESSION, 0.0);
    let period = 2.0 * std::f64::consts::PI / PRECESSION.omega.abs();
    let mut sim = EventDriven::new(coin, event_options(), 0.0, q0, qd0).unwrap();
    let (mut worst_theta, mut worst_rate, mut worst_q) = (0.0_f64, 0.0_f64, 0.0_f64);
    sim.run(5.0 * period, |r| {
        let Report::Step { t, q, u, .. } = r else {
            panic!("a rolling coin has no event");
        };
        let (q_ref, _) = disk.precession_at(&PRECESSION, t);
        worst_theta = worst_theta.max((q[THETA] - PRECESSION.theta0).abs());
        worst_rate = worst_rate.max((u[PSI] - PRECESSION.omega).abs());
        worst_q = worst_q.max((q - q_ref).amax());
    })
    .unwrap();
    // The angles ψ, φ grow by |Ω| t and |φ̇| t: their error is a phase error, relative to that.
    let phi_dot = spin - PRECESSION.omega * PRECESSION.theta0.sin();
    let travelled = 1.0 + 5.0 * period * PRECESSION.omega.abs().max(phi_dot.abs());
    println!(
        "five precession periods: |θ − θ₀| {worst_theta:.2e}, |ψ̇ − Ω| {worst_rate:.2e}, |q − q_ref| {worst_q:.2e} over {travelled:.1} rad"
    );
    assert!(worst_theta <= 1e-8 && worst_rate <= 1e-8 * PRECESSION.omega.abs());
    assert!(worst_q <= 1e-9 * travelled);
}

/// Largest deviations from the steady precession over two periods under Moreau's midpoint
/// rule with step h: lean |θ − θ₀|, rate |ψ̇ − Ω|, centre |(x, y) − (x, y)_ref|, and the
/// relative energy error at the end.
fn midpoint_errors(h: f64) -> [f64; 4] {
    let coin = RollingCoin::default();
    let disk = Disk::of(&coin);
    let (q0, qd0) = disk.precession_at(&PRECESSION, 0.0);
    let e0 = disk.energy(&q0, &qd0);
    let period = 2.0 * std::f64::consts::PI / PRECESSION.omega.abs();
    let mut ts = TimeStepper::new(
        coin,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        qd0,
    )
    .unwrap();
    let mut worst = [0.0_f64; 4];
    ts.run(h, 2.0 * period, |rec| {
        let (q_ref, _) = disk.precession_at(&PRECESSION, rec.t);
        worst[0] = worst[0].max((rec.q[THETA] - PRECESSION.theta0).abs());
        worst[1] = worst[1].max((rec.u[PSI] - PRECESSION.omega).abs());
        let centre = (rec.q[X] - q_ref[X]).hypot(rec.q[Y] - q_ref[Y]);
        worst[2] = worst[2].max(centre);
    })
    .unwrap();
    worst[3] = (disk.energy(ts.q(), ts.u()) - e0).abs() / e0;
    worst
}

#[test]
fn moreau_midpoint_converges_to_the_steady_precession_at_first_order() {
    let steps = [1e-3, 5e-4, 2.5e-4, 1.25e-4];
    let errors: Vec<[f64; 4]> = steps.iter().map(|&h| midpoint_errors(h)).collect();
    for (h, e) in steps.iter().zip(&errors) {
        println!(
            "h = {h:.2e}: lean {:.3e}, rate {:.3e}, centre {:.3e}, energy {:.3e}",
            e[0], e[1], e[2], e[3]
        );
    }
    for w in errors.windows(2) {
        let orders: Vec<f64> = (0..4).map(|k| (w[0][k] / w[1][k]).log2()).collect();
        println!("orders (lean, rate, centre, energy): {orders:.3?}");
        for (what, p) in ["lean", "rate", "centre", "energy"].iter().zip(&orders) {
            assert!((0.85..1.15).contains(p), "{what}: order {p} in {errors:?}");
        }
    }
    // Error constants (large: with the rows frozen over a step, each step removes a part
    // O(h |ω| |v|) of the velocity, and the coin spins at |ω| ≈ 7 rad/s).
    for (h, e) in steps.iter().zip(&errors) {
        assert!(e[0] <= 50.0 * h && e[1] <= 600.0 * h && e[2] <= 120.0 * h && e[3] <= 8.0 * h);
    }
}
