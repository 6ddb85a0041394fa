//! The heavy symmetric top linearised about its two steady motions: the sleeping top (the
//! generated `CardanTop`, regular at the vertical) and the steady precession (the generated
//! `HeavyTop` in Euler angles). Both closed forms are derived here by hand from the Lagrangian
//! of the symmetric top with a fixed tip (Goldstein, Classical Mechanics, Sect. 5.7, the heavy
//! symmetrical top with one point fixed); m is the mass, h the tip–centre-of-mass distance,
//! A = A_G + m h² the transverse moment about the tip (A_G about the centre of mass) and C the
//! axial moment.
//!
//! **Sleeping top** (`CardanTop`, R = R_x(a) R_y(b) R_z(φ)). The body axis is
//! e₃ = (sin b, −sin a cos b, cos a cos b), ω·e₃ = φ̇ + ȧ sin b and |ė₃|² = ḃ² + ȧ² cos²b, so
//! T = ½ A (ḃ² + ȧ² cos²b) + ½ C (φ̇ + ȧ sin b)², V = m g h cos a cos b. About a = b = 0,
//! φ̇ = ω the Lagrange equations to first order are
//! A ä + C ω ḃ − m g h a = 0, A b̈ − C ω ȧ − m g h b = 0, δφ̈ = 0,
//! and z = a + i b obeys A z̈ − i C ω ż − m g h z = 0 (z̄ the conjugate equation). The reduced
//! state (δa, δb, δȧ, δḃ, δφ̇) therefore has the eigenvalue 0 (δφ̇) and the roots of
//! A λ² ∓ i C ω λ − m g h = 0, λ = (±i C ω ± √(4 A m g h − C² ω²))/(2A): all purely imaginary
//! (stable spectrum) iff C² ω² > 4 A m g h, i.e. ω > ω_crit = 2 √(A m g h)/C, and a pair with
//! Re λ = ±√(4 A m g h − C² ω²)/(2A) otherwise.
//!
//! **Steady precession** (`HeavyTop`, Euler angles ψ, θ, φ). With ω₃ = φ̇ + ψ̇ cos θ,
//! T = ½ A (θ̇² + ψ̇² sin²θ) + ½ C ω₃² and V = m g h cos θ. The θ equation
//! A θ̈ = A ψ̇² sin θ cos θ − C ω₃ ψ̇ sin θ + m g h sin θ
//! vanishes at θ = θ₀, θ̇ = 0, ψ̇ = Ω iff m g h = Ω (C ω₃ − A Ω cos θ₀) (and ψ̈ = φ̈ = 0 there
//! since M does not couple θ to ψ, φ and h_ψ, h_φ vanish with θ̇). Routh's reduction with the
//! conserved p_ψ = A ψ̇ sin²θ + C ω₃ cos θ and p_φ = C ω₃ gives the effective potential
//! V_R(θ) = f(θ)²/(2A) + m g h cos θ, f = (p_ψ − p_φ cos θ)/sin θ. At the steady motion
//! f = A Ω sin θ₀, f′ = p_φ − f cot θ = C ω₃ − A Ω cos θ₀, f″ = −f′ cot θ + f/sin²θ, so
//! V_R″ = (f′² + f f″)/A − m g h cos θ₀; eliminating m g h = Ω f′,
//! V_R″ = ((f′ − A Ω cos θ₀)² + A² Ω² sin²θ₀)/A, and the nutation frequency is
//! ω_n² = V_R″/A = ((C ω₃ − 2 A Ω cos θ₀)² + A² Ω² sin²θ₀)/A². The reduced state
//! (δθ, δθ̇, δψ̇, δφ̇) has the spectrum {±i ω_n, 0, 0} (the zeros: neighbouring steady
//! precessions, δp_ψ and δp_φ conserved). With C = 0 this is the spherical pendulum's
//! Ω² (1 + 3 cos²θ₀).

use mb_examples::kinematic_models::heavy_top::HeavyTop;
use mb_examples::linearisation_models::cardan_top::CardanTop;
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, Stability, StateComponent, SteadyMotion,
    SteadyMotionOptions,
};
use nalgebra::Complex;

/// Roots of A λ² ∓ i C ω λ − m g h = 0 (both signs) and the 0 of δφ̇.
fn sleeping_top_roots(top: &CardanTop, omega: f64) -> Vec<Complex<f64>> {
    let a = top.a_I + top.m * top.h * top.h;
    let (c, mgh) = (top.c_I, top.m * top.g * top.h);
    let root = Complex::new(4.0 * a * mgh - c * c * omega * omega, 0.0).sqrt();
    let mut roots = vec![Complex::new(0.0, 0.0)];
    for sign in [1.0, -1.0] {
        let gyro = Complex::new(0.0, sign * c * omega);
        roots.push((gyro + root) / (2.0 * a));
        roots.push((gyro - root) / (2.0 * a));
    }
    roots
}

#[test]
fn sleeping_top_has_the_closed_form_spectrum_on_both_sides_of_the_critical_spin() {
    let top = CardanTop::default();
    let a = top.a_I + top.m * top.h * top.h;
    let omega_crit = 2.0 * (a * top.m * top.g * top.h).sqrt() / top.c_I;
    let options = SteadyMotionOptions {
        cyclic: &[2],
        ..Default::default()
    };
    for factor in [0.0, 0.5, 0.9, 0.99, 1.01, 1.1, 2.0, 3.0] {
        let omega = factor * omega_crit;
        let op = OperatingPoint {
            q: Vector::<3>::new(0.0, 0.0, 0.7),
            qd: Vector::<3>::new(0.0, 0.0, omega),
            t: 0.0,
        };
        let steady = SteadyMotion::at(&top, &op, &options).unwrap();
        assert_eq!(
            steady.state,
            vec![
                StateComponent::Position(0),
                StateComponent::Position(1),
                StateComponent::Velocity(0),
                StateComponent::Velocity(1),
                StateComponent::Velocity(2)
            ]
        );
        assert_eq!(steady.linearisation.residual(), 0.0);
        let eig = steady.eigen().unwrap();
        let expected = sleeping_top_roots(&top, omega);
        let scale = expected.iter().map(|z| z.norm()).fold(0.0, f64::max);
        let mut computed = eig.eigenvalues();
        assert_eq!(computed.len(), expected.len());
        for root in &expected {
            let (k, distance) = computed
                .iter()
                .map(|z| (z - root).norm())
                .enumerate()
                .min_by(|x, y| x.1.total_cmp(&y.1))
                .unwrap();
            assert!(
                distance <= 1e-9 * scale,
                "ω = {factor} ω_crit: closed-form root {root} not in {:?}",
                eig.eigenvalues()
            );
            computed.swap_remove(k);
        }
        let verdict = if factor < 1.0 {
            Stability::Unstable
        } else {
            Stability::Marginal
        };
        assert_eq!(eig.stability, verdict, "ω = {factor} ω_crit");
    }
}

/// The steady precession at (θ₀, Ω): φ̇ from m g h = Ω (C ω₃ − A Ω cos θ₀).
fn steady_precession(top: &HeavyTop, theta0: f64, omega_psi: f64) -> OperatingPoint<3> {
    let a = top.A + top.m * top.h * top.h;
    let mgh = top.m * top.g * top.h;
    let omega3 = (mgh + a * omega_psi * omega_psi * theta0.cos()) / (top.C * omega_psi);
    OperatingPoint {
        q: Vector::<3>::new(0.3, theta0, -1.1),
        qd: Vector::<3>::new(omega_psi, 0.0, omega3 - omega_psi * theta0.cos()),
        t: 0.0,
    }
}

#[test]
fn steady_precession_satisfies_the_closed_form_condition() {
    let top = HeavyTop::default();
    let a = top.A + top.m * top.h * top.h;
    let mgh = top.m * top.g * top.h;
    let theta_ddot = |theta: f64, psi_dot: f64, phi_dot: f64| {
        let omega3 = phi_dot + psi_dot * theta.cos();
        let s = theta.sin();
        (a * psi_dot * psi_dot * s * theta.cos() - top.C * omega3 * psi_dot * s + mgh * s) / a
    };
    for (theta0, omega_psi) in [(0.5, 2.0), (1.2, -3.0), (2.3, 1.0), (0.4, 0.5)] {
        let op = steady_precession(&top, theta0, omega_psi);
        let lin = Linearisation::at(&top, &op, &LinearisationOptions::default()).unwrap();
        assert!(
            lin.residual() <= 1e-12 * mgh / a,
            "θ₀ = {theta0}, Ω = {omega_psi}: ÿ* = {}",
            lin.independent_acceleration
        );
        // Off the condition the residual is the closed-form |θ̈| (ψ̈ = φ̈ = 0 at θ̇ = 0).
        let off = OperatingPoint {
            qd: Vector::<3>::new(op.qd[0], 0.0, op.qd[2] + 3.0),
            ..op
        };
        let expected = theta_ddot(theta0, off.qd[0], off.qd[2]).abs();
        let lin = Linearisation::at(&top, &off, &LinearisationOptions::default()).unwrap();
        assert!(
            (lin.residual() - expected).abs() <= 1e-12 * expected,
            "θ₀ = {theta0}, Ω = {omega_psi}: {} vs {expected}",
            lin.residual()
        );
    }
}

#[test]
fn steady_precession_nutates_at_the_routh_frequency() {
    let top = HeavyTop::default();
    let a = top.A + top.m * top.h * top.h;
    let options = SteadyMotionOptions {
        cyclic: &[0, 2],
        ..Default::default()
    };
    for (theta0, omega_psi) in [(0.5, 2.0), (1.2, -3.0), (2.3, 1.0), (0.4, 0.5)] {
        let op = steady_precession(&top, theta0, omega_psi);
        let steady = SteadyMotion::at(&top, &op, &options).unwrap();
        assert_eq!(
            steady.state,
            vec![
                StateComponent::Position(1),
                StateComponent::Velocity(0),
                StateComponent::Velocity(1),
                StateComponent::Velocity(2)
            ]
        );
        let omega3 = op.qd[2] + omega_psi * theta0.cos();
        let (s, c) = theta0.sin_cos();
        let nutation = ((top.C * omega3 - 2.0 * a * omega_psi * c).powi(2)
            + (a * omega_psi * s).powi(2))
        .sqrt()
            / a;
        let eig = steady.eigen().unwrap();
        assert_eq!(eig.stability, Stability::Marginal, "θ₀ = {theta0}");
        let mut values = eig.eigenvalues();
        values.sort_by(|x, y| x.im.total_cmp(&y.im));
        assert!(
            (values[0].im + nutation).abs() <= 1e-8 * nutation
                && (values[3].im - nutation).abs() <= 1e-8 * nutation,
            "θ₀ = {theta0}, Ω = {omega_psi}: {values:?} vs ±i {nutation}"
        );
        for value in &values {
            assert!(value.re.abs() <= eig.tolerance);
        }
        for zero in &values[1..3] {
            assert!(zero.norm() <= 1e-7 * nutation, "{values:?}: double zero");
        }
    }
}
