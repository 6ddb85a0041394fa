//! Linearisation with velocity (nonholonomic) constraints, by the independent-speeds reduction
//! of Kane & Levinson (*Dynamics: Theory and Applications*, 1985, ch. 4 and 6), on the
//! Chaplygin sleigh `mb_testsupport::models::Sleigh` (q = (x, y, θ), one knife-edge
//! constraint −sin θ ẋ + cos θ ẏ − a θ̇ = 0).
//!
//! - Every hand-written derivative of the sleigh is checked against finite differences of the
//!   functions it differentiates (T, V, the constraint row, the drift) or against the
//!   kinematics of the knife edge, so that the model is an independent reference; its
//!   constrained accelerations obey the body equations u̇ = a ω², ω̇ = −m a u ω/(I + m a²)
//!   (Borisov & Mamaev, "The dynamics of a Chaplygin sleigh", J. Appl. Math. Mech. 73, 2009).
//! - Straight-line motion at speed v along the heading is a steady motion. Linearising the body
//!   equations about u = v, ω = 0 gives δu̇ = 0, δω̇ = −m a v δω/(I + m a²), so in the state
//!   (δθ, δu) the spectrum is {0 (θ), 0 (forward speed), −m a v/(I + m a²)}: the motion is
//!   spectrally stable for a v > 0 (the knife edge trails) and unstable for a v < 0 (Neimark &
//!   Fufaev, *Dynamics of Nonholonomic Systems*, 1972).
//! - At a steady motion the reduced state (θ, u) is an equilibrium, so a change of independent
//!   speeds, u′ = T(θ) u, changes A by a similarity: the spectra for (ẋ, θ̇) and (ẏ, θ̇) agree.
//! - At a generic state, A is the Jacobian of the reduced vector field (y, u) ↦ (q̇, u̇), which
//!   the test evaluates independently (the dependent speed from the constraint row, q̈ from a
//!   dense solve of the KKT system) and differentiates by central differences.
//! - With a holonomic constraint as well (a slider s = x + b sin θ on a spring), positions and
//!   speeds are reduced separately (three coordinates, two speeds, one of them possibly the
//!   velocity of the dependent coordinate s), and A again matches differences of the reduced
//!   vector field computed in the test.
//! - A holonomic constraint written as a velocity constraint (the circle x² + y² = l² as
//!   2(x ẋ + y ẏ) = 0) keeps both positions but one speed: the circle r = l is invariant and
//!   r is conserved, so at an equilibrium the spectrum is the holonomic one plus 0; given
//!   together with the holonomic circle it is dropped as redundant and changes nothing.
//! - Every new refusal: a singular dependent-speed block, the wrong number of speeds, a
//!   velocity violating the constraint, a default (NaN) `bilateral_velocity_jacobian`, and
//!   velocity constraints dependent at q* but inconsistent at acceleration level or nearby.

use mb_testsupport::models::{CircleMass, Sleigh, SleighWithSlider};
use mb_testsupport::no_contacts;
use mb_testsupport::{
    PolynomialPath, SplitMix, derivative, fd_conservative_forces, fd_mass, jet_disagreement,
    relative_error, unit,
};
use mbruntime::analysis::ConstraintRef;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationError as E, LinearisationOptions, OperatingPoint, ParameterInput,
    Stability, StateComponent, SteadyMotion, SteadyMotionOptions,
};
use mbruntime::{Constraints, Dynamics, Jacobians, Matrix, ParameterError, Statics, Vector};
use nalgebra::{Complex, DMatrix};

/// Step of the fourth-order central differences (truncation ~h⁴ ≈ 10⁻¹², round-off ~ε/h).
const H: f64 = 1e-3;
/// Relative agreement of a hand-written derivative with its finite difference.
const FD_TOL: f64 = 1e-9;

/// The sleigh on a tilted plane, so that h ≠ 0.
fn tilted() -> Sleigh {
    Sleigh {
        alpha: 0.3,
        ..Sleigh::default()
    }
}

/// Random states (q, q̇) with every component of order one.
fn states(seed: u64, count: usize) -> Vec<(Vector<3>, Vector<3>)> {
    let mut rng = SplitMix(seed);
    (0..count)
        .map(|_| (rng.vector_in::<3>(-3.0, 3.0), rng.vector_in::<3>(-2.0, 2.0)))
        .collect()
}

/// γ(q, q̇) = Gᵀq̇ + ĝ from the model's column.
fn gamma(model: &Sleigh, q: &Vector<3>, qd: &Vector<3>) -> f64 {
    let (mut jac, mut g_t) = (Matrix::<3, 1>::zeros(), Vector::<1>::zeros());
    model.bilateral_jacobian(q, 0.0, &mut jac, &mut g_t);
    jac.column(0).dot(qd) + g_t[0]
}

fn drift(model: &Sleigh, q: &Vector<3>, qd: &Vector<3>) -> f64 {
    let mut d = Vector::<1>::zeros();
    model.bilateral_drift(q, qd, 0.0, &mut d);
    d[0]
}

fn column(model: &Sleigh, q: &Vector<3>) -> Vector<3> {
    let (mut jac, mut g_t) = (Matrix::<3, 1>::zeros(), Vector::<1>::zeros());
    model.bilateral_jacobian(q, 0.0, &mut jac, &mut g_t);
    jac.column(0).into_owned()
}

/// ∂f/∂q of a vector function by fourth-order central differences, column j for q_j.
fn fd_jacobian<const R: usize, const N: usize>(
    f: impl Fn(&Vector<N>) -> Vector<R>,
    q: &Vector<N>,
) -> Matrix<R, N> {
    Matrix::<R, N>::from_fn(|i, j| derivative(|s| f(&(q + unit::<N>(j) * s))[i], H))
}

#[test]
fn sleigh_mass_forces_and_potential_follow_from_t_and_v() {
    let model = tilted();
    for (q, qd) in states(1, 8) {
        let (mut m, mut h) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
        model.mass_matrix(&q, 0.0, &mut m);
        model.forces(&q, &qd, 0.0, &mut h);
        assert!(relative_error(&m, &fd_mass(&model, &q, 0.0)) <= 1e-14);
        // No generalised forces other than gravity: h = ∂T/∂q − … − ∂V/∂q.
        let h_fd = fd_conservative_forces(&model, &q, &qd, 0.0);
        assert!((h - h_fd).amax() <= FD_TOL * h.amax(), "{h} vs {h_fd}");
        let mut grad = Vector::<3>::zeros();
        model.potential_gradient(&q, 0.0, &mut grad);
        let grad_fd = Vector::<3>::from_fn(|j, _| {
            derivative(|s| model.potential_energy(&(q + unit::<3>(j) * s), 0.0), H)
        });
        assert!((grad - grad_fd).amax() <= FD_TOL * grad.amax());
        let mut hess = Matrix::<3, 3>::from_element(1.0);
        model.potential_hessian(&q, 0.0, &mut hess);
        let hess_fd = fd_jacobian(
            |p| {
                let mut g = Vector::<3>::zeros();
                model.potential_gradient(p, 0.0, &mut g);
                g
            },
            &q,
        );
        assert!((hess - hess_fd).amax() <= FD_TOL * grad.amax());
        // M constant: every Christoffel symbol vanishes.
        let mut c = Matrix::<3, 3>::from_element(1.0);
        model.coriolis(&q, &qd, 0.0, &mut c);
        assert_eq!(c, Matrix::<3, 3>::zeros());
    }
}

#[test]
fn sleigh_constraint_is_the_lateral_velocity_of_the_knife_edge() {
    let model = tilted();
    for (q, qd) in states(2, 8) {
        // v_P = d/ds P(q + s q̇) with P = (x − a cos θ, y − a sin θ); γ = e₂ · v_P.
        let edge = |p: &Vector<3>| {
            Vector::<2>::new(p[0] - model.a * p[2].cos(), p[1] - model.a * p[2].sin())
        };
        let v_p = Vector::<2>::from_fn(|i, _| derivative(|s| edge(&(q + qd * s))[i], H));
        let lateral = Vector::<2>::new(-q[2].sin(), q[2].cos());
        let g = gamma(&model, &q, &qd);
        assert!((g - lateral.dot(&v_p)).abs() <= FD_TOL * qd.amax(), "{g}");
        let mut value = Vector::<1>::from_element(1.0);
        model.bilateral(&q, 0.0, &mut value);
        assert_eq!(
            value[0], 0.0,
            "a velocity constraint has no position-level value"
        );
        // d = the part of γ̇ without q̈: d/ds γ(q + s q̇, q̇).
        let d_fd = derivative(|s| gamma(&model, &(q + qd * s), &qd), H);
        assert!((drift(&model, &q, &qd) - d_fd).abs() <= FD_TOL * qd.norm_squared());
    }
    assert_eq!(<Sleigh as Constraints<3, 1, 0>>::HOLONOMIC, [false]);
}

#[test]
fn sleigh_column_jacobian_drift_and_velocity_jacobians_match_differences() {
    let model = tilted();
    for (q, qd) in states(3, 8) {
        let mut hess = Matrix::<3, 3>::from_element(1.0);
        assert!(model.bilateral_hessian(&q, 0.0, 0, &mut hess));
        assert!(!model.bilateral_hessian(&q, 0.0, 1, &mut hess));
        let hess_fd = fd_jacobian(|p| column(&model, p), &q);
        assert!((hess - hess_fd).amax() <= FD_TOL, "{hess} vs {hess_fd}");
        let (mut d_dq, mut d_dqd) = (Matrix::<1, 3>::zeros(), Matrix::<1, 3>::zeros());
        model.bilateral_drift_jacobians(&q, &qd, 0.0, &mut d_dq, &mut d_dqd);
        let d_dq_fd = fd_jacobian(|p| Vector::<1>::new(drift(&model, p, &qd)), &q);
        let d_dqd_fd = fd_jacobian(|v| Vector::<1>::new(drift(&model, &q, v)), &qd);
        let scale = qd.norm_squared() + qd.amax();
        assert!((d_dq - d_dq_fd).amax() <= FD_TOL * scale);
        assert!((d_dqd - d_dqd_fd).amax() <= FD_TOL * scale);
        let mut gamma_q = Matrix::<1, 3>::zeros();
        model.bilateral_velocity_jacobian(&q, &qd, 0.0, &mut gamma_q);
        let gamma_q_fd = fd_jacobian(|p| Vector::<1>::new(gamma(&model, p, &qd)), &q);
        assert!((gamma_q - gamma_q_fd).amax() <= FD_TOL * scale);
        // For this non-integrable row ∂γ/∂q is not ½ ∂d/∂q̇ (the holonomic identity).
        assert!((gamma_q - d_dqd * 0.5).amax() > 1e-3 * qd.amax());
    }
}

#[test]
fn sleigh_force_and_mass_jacobians_match_differences() {
    let model = tilted();
    for (q, qd) in states(4, 6) {
        let h_of = |p: &Vector<3>, v: &Vector<3>| {
            let mut h = Vector::<3>::zeros();
            model.forces(p, v, 0.0, &mut h);
            h
        };
        let (mut dh_dq, mut dh_dqd) =
            (Matrix::<3, 3>::from_element(1.0), Matrix::from_element(1.0));
        model.force_jacobians(&q, &qd, 0.0, &mut dh_dq, &mut dh_dqd);
        assert!((dh_dq - fd_jacobian(|p| h_of(p, &qd), &q)).amax() <= FD_TOL);
        assert!((dh_dqd - fd_jacobian(|v| h_of(&q, v), &qd)).amax() <= FD_TOL);
        let mut dh_dt = Vector::<3>::from_element(1.0);
        model.force_time_partial(&q, &qd, 0.0, &mut dh_dt);
        assert_eq!(dh_dt, Vector::<3>::zeros());
        let acc = qd * 1.7;
        let mut dma = Matrix::<3, 3>::from_element(1.0);
        model.mass_action_jacobian(&q, 0.0, &acc, &mut dma);
        let ma = |p: &Vector<3>| {
            let mut m = Matrix::<3, 3>::zeros();
            model.mass_matrix(p, 0.0, &mut m);
            m * acc
        };
        assert!((dma - fd_jacobian(ma, &q)).amax() <= FD_TOL);
    }
}

#[test]
fn sleigh_parameter_derivatives_match_differences() {
    let model = tilted();
    let (q, qd) = states(5, 1)[0];
    let acc = Vector::<3>::new(0.4, -1.1, 2.3);
    let with = |k: usize, s: f64| {
        let mut p = model;
        p.set_parameter(k, model.parameter(k).unwrap() + s).unwrap();
        p
    };
    for k in 0..model.parameter_names().len() {
        let h_fd = Vector::<3>::from_fn(|i, _| {
            derivative(
                |s| {
                    let mut h = Vector::<3>::zeros();
                    with(k, s).forces(&q, &qd, 0.0, &mut h);
                    h[i]
                },
                H,
            )
        });
        let mut dh = Vector::<3>::zeros();
        assert!(model.force_parameter_derivative(&q, &qd, 0.0, k, &mut dh));
        assert!((dh - h_fd).amax() <= FD_TOL * (1.0 + dh.amax()), "h, p{k}");
        let ma_fd = Vector::<3>::from_fn(|i, _| {
            derivative(
                |s| {
                    let mut m = Matrix::<3, 3>::zeros();
                    with(k, s).mass_matrix(&q, 0.0, &mut m);
                    (m * acc)[i]
                },
                H,
            )
        });
        let mut dma = Vector::<3>::zeros();
        assert!(model.mass_action_parameter_derivative(&q, 0.0, &acc, k, &mut dma));
        assert!(
            (dma - ma_fd).amax() <= FD_TOL * (1.0 + dma.amax()),
            "Ma, p{k}"
        );
        let grad_fd = Vector::<3>::from_fn(|i, _| {
            derivative(
                |s| {
                    let mut g = Vector::<3>::zeros();
                    with(k, s).potential_gradient(&q, 0.0, &mut g);
                    g[i]
                },
                H,
            )
        });
        let mut dgrad = Vector::<3>::zeros();
        assert!(model.potential_gradient_parameter(&q, 0.0, k, &mut dgrad));
        assert!(
            (dgrad - grad_fd).amax() <= FD_TOL * (1.0 + dgrad.amax()),
            "∇V, p{k}"
        );
        // The parameter enters the constraint exactly when its column moves with it.
        let column_fd = (0..3)
            .map(|i| derivative(|s| column(&with(k, s), &q)[i], H).abs())
            .fold(0.0, f64::max);
        assert_eq!(
            model.parameter_enters_constraints(k),
            column_fd > 1e-6,
            "p{k}"
        );
    }
    let mut out = Vector::<3>::zeros();
    assert!(!model.force_parameter_derivative(&q, &qd, 0.0, 5, &mut out));
    assert!(tilted().set_parameter(5, 1.0).is_err());
    assert!(tilted().set_parameter(0, f64::NAN).is_err());
}

#[test]
fn sleigh_jets_are_the_time_derivatives_along_a_trajectory() {
    let model = tilted();
    let mut rng = SplitMix(6);
    for _ in 0..6 {
        let path = PolynomialPath::<3, 1, 0>::random(&mut rng, 0.0, &Vector::zeros(), 1.5);
        let worst = jet_disagreement(&model, &path);
        assert!(worst <= 1e-9, "jets against differences: {worst:e}");
    }
}

/// The constrained acceleration and multiplier by a dense solve of the KKT system
/// [[M, −Aᵀ], [A, 0]] (q̈, λ) = (h, −d), independent of the crate's factorisations.
fn kkt_acceleration(model: &Sleigh, q: &Vector<3>, qd: &Vector<3>) -> (Vector<3>, f64) {
    let (mut m, mut h) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
    model.mass_matrix(q, 0.0, &mut m);
    model.forces(q, qd, 0.0, &mut h);
    let a = column(model, q);
    let mut k = Matrix::<4, 4>::zeros();
    k.fixed_view_mut::<3, 3>(0, 0).copy_from(&m);
    k.fixed_view_mut::<3, 1>(0, 3).copy_from(&(-a));
    k.fixed_view_mut::<1, 3>(3, 0).copy_from(&a.transpose());
    let rhs = Vector::<4>::new(h[0], h[1], h[2], -drift(model, q, qd));
    let x = k
        .lu()
        .solve(&rhs)
        .expect("the KKT matrix of the sleigh is regular");
    (Vector::<3>::new(x[0], x[1], x[2]), x[3])
}

#[test]
fn sleigh_body_equations_are_those_of_chaplygin() {
    // On the level plane: u̇ = a ω², ω̇ = −m a u ω / (I + m a²), and the lateral velocity of
    // the centre of mass is a ω (Borisov & Mamaev 2009).
    let model = Sleigh::default();
    let (m, i, a) = (model.m, model.inertia, model.a);
    let mut rng = SplitMix(7);
    for _ in 0..8 {
        let theta = rng.uniform(-3.0, 3.0);
        let (u, w) = (rng.uniform(-2.0, 2.0), rng.uniform(-2.0, 2.0));
        let q = Vector::<3>::new(rng.next_f64(), rng.next_f64(), theta);
        let qd = model.admissible_velocity(theta, u, w);
        assert!(gamma(&model, &q, &qd).abs() <= 1e-15);
        let [u_body, v_body, w_body] = model.body_velocities(&q, &qd);
        assert!((u_body - u).abs() <= 1e-14 && (v_body - a * w).abs() <= 1e-14 && w_body == w);
        let (qdd, _) = kkt_acceleration(&model, &q, &qd);
        // u = e₁·v_C: u̇ = e₁·a_C + θ̇ e₂·v_C.
        let (s, c) = theta.sin_cos();
        let u_dot = c * qdd[0] + s * qdd[1] + w * v_body;
        assert!((u_dot - a * w * w).abs() <= 1e-13 * (1.0 + a * w * w));
        let w_dot = -m * a * u * w / (i + m * a * a);
        assert!((qdd[2] - w_dot).abs() <= 1e-13 * (1.0 + w_dot.abs()));
    }
}

// ---------------------------------------------------------------------------------------------
// Linearisation of the sleigh.
// ---------------------------------------------------------------------------------------------

/// Straight-line motion at forward speed v along the heading θ (ω = 0).
fn straight(model: &Sleigh, theta: f64, v: f64) -> OperatingPoint<3> {
    OperatingPoint {
        q: Vector::<3>::new(0.3, -0.2, theta),
        qd: model.admissible_velocity(theta, v, 0.0),
        t: 0.0,
    }
}

/// −m a v/(I + m a²): the yaw eigenvalue of straight-line motion.
fn yaw_eigenvalue(model: &Sleigh, v: f64) -> f64 {
    -model.m * model.a * v / (model.inertia + model.m * model.a * model.a)
}

/// The eigenvalue of largest modulus.
fn dominant(values: &[Complex<f64>]) -> Complex<f64> {
    *values
        .iter()
        .max_by(|x, y| x.norm().total_cmp(&y.norm()))
        .expect("a non-empty spectrum")
}

const CYCLIC_XY: [usize; 2] = [0, 1];

#[test]
fn straight_line_motion_has_the_chaplygin_yaw_eigenvalue_and_verdict() {
    for a in [0.35, -0.35] {
        let model = Sleigh {
            a,
            ..Sleigh::default()
        };
        for v in [0.5, 1.0, 2.0, 3.7, -0.5, -1.0, -2.0] {
            let op = straight(&model, 0.0, v);
            let lin = Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap();
            // No holonomic constraint: every coordinate is independent; the knife edge makes
            // ẏ dependent (the largest entry of (−sin θ, cos θ, −a) at θ = 0).
            assert_eq!(lin.independent, vec![0, 1, 2]);
            assert!(lin.dependent.is_empty());
            assert_eq!(
                (lin.independent_speeds.clone(), lin.dependent_speeds.clone()),
                (vec![0, 2], vec![1])
            );
            assert_eq!(lin.degrees_of_freedom(), 2);
            assert_eq!(
                lin.state,
                vec![
                    StateComponent::Position(0),
                    StateComponent::Position(1),
                    StateComponent::Position(2),
                    StateComponent::Velocity(0),
                    StateComponent::Velocity(2)
                ]
            );
            assert_eq!(lin.residual(), 0.0);
            // ẏ = (sin θ ẋ + a θ̇)/cos θ: ∂ẏ/∂θ = ẋ = v and ∂ẏ/∂θ̇ = a at θ = 0.
            assert!((lin.a[(1, 2)] - v).abs() <= 1e-14 * v.abs());
            assert!((lin.a[(1, 4)] - a).abs() <= 1e-14);
            assert!((lin.a[(0, 3)] - 1.0).abs() == 0.0 && (lin.a[(2, 4)] - 1.0).abs() == 0.0);
            let lambda = yaw_eigenvalue(&model, v);
            let expected = if a * v > 0.0 {
                Stability::Marginal
            } else {
                Stability::Unstable
            };
            let full = lin.eigen().unwrap();
            let steady = SteadyMotion::at(
                &model,
                &op,
                &SteadyMotionOptions {
                    cyclic: &CYCLIC_XY,
                    ..Default::default()
                },
            )
            .unwrap();
            assert_eq!(
                steady.state,
                vec![
                    StateComponent::Position(2),
                    StateComponent::Velocity(0),
                    StateComponent::Velocity(2)
                ]
            );
            let reduced = steady.eigen().unwrap();
            for (eig, zeros) in [(&full, 4), (&reduced, 2)] {
                let values = eig.eigenvalues();
                let yaw = dominant(&values);
                assert!(
                    (yaw.re - lambda).abs() <= 1e-10 * lambda.abs() && yaw.im == 0.0,
                    "a = {a}, v = {v}: {yaw} vs {lambda}"
                );
                let small = values.iter().filter(|z| z.norm() <= eig.tolerance).count();
                assert_eq!(small, zeros, "a = {a}, v = {v}: {values:?}");
                assert_eq!(eig.stability, expected, "a = {a}, v = {v}");
            }
        }
    }
}

#[test]
fn both_choices_of_independent_speeds_give_the_same_spectrum() {
    let model = Sleigh::default();
    for theta in [0.7, -2.1, 2.6] {
        for v in [1.3, -0.8] {
            let op = straight(&model, theta, v);
            let mut spectra = Vec::new();
            for speeds in [[0, 2], [1, 2]] {
                let options = LinearisationOptions {
                    independent_speeds: Some(&speeds),
                    ..Default::default()
                };
                let steady = SteadyMotion::at(
                    &model,
                    &op,
                    &SteadyMotionOptions {
                        linearisation: options,
                        cyclic: &CYCLIC_XY,
                        ..Default::default()
                    },
                )
                .unwrap();
                assert_eq!(steady.linearisation.independent_speeds, speeds.to_vec());
                let mut values = steady.eigen().unwrap().eigenvalues();
                values.sort_by(|x, y| x.re.total_cmp(&y.re));
                let full = Linearisation::at(&model, &op, &options).unwrap();
                assert_eq!(full.a.columns(0, 2).amax(), 0.0, "x and y are cyclic");
                spectra.push(values);
            }
            let lambda = yaw_eigenvalue(&model, v);
            for (x, y) in spectra[0].iter().zip(&spectra[1]) {
                assert!((x - y).norm() <= 1e-10, "θ = {theta}, v = {v}: {x} vs {y}");
            }
            assert!((dominant(&spectra[0]).re - lambda).abs() <= 1e-10 * lambda.abs());
        }
    }
}

/// The reduced vector field (y, u) ↦ (q̇, u̇) of the sleigh with independent speeds
/// q̇[speeds], evaluated without the crate: q = y, the dependent speed from the constraint row,
/// q̈ from the dense KKT solve.
fn reduced_field(model: &Sleigh, speeds: [usize; 2], x: &[f64; 5]) -> [f64; 5] {
    let q = Vector::<3>::new(x[0], x[1], x[2]);
    let row = model.constraint_row(x[2]);
    let w = 3 - speeds[0] - speeds[1];
    let mut qd = Vector::<3>::zeros();
    qd[speeds[0]] = x[3];
    qd[speeds[1]] = x[4];
    qd[w] = -(row[speeds[0]] * x[3] + row[speeds[1]] * x[4]) / row[w];
    let (qdd, _) = kkt_acceleration(model, &q, &qd);
    [qd[0], qd[1], qd[2], qdd[speeds[0]], qdd[speeds[1]]]
}

/// Max |a − b| / max |b| of two dense matrices.
fn dense_relative_error(a: &DMatrix<f64>, b: &DMatrix<f64>) -> f64 {
    (a - b).amax() / b.amax().max(f64::MIN_POSITIVE)
}

#[test]
fn state_matrix_is_the_jacobian_of_the_reduced_vector_field() {
    // A generic, accelerating state on the tilted plane: h ≠ 0, q̈ ≠ 0, θ̇ ≠ 0, so that every
    // term of A (the column Jacobian H = ∂Aᵀ/∂q through R and λ H, ∂γ/∂q) contributes.
    let model = tilted();
    let theta = 0.5;
    let q = Vector::<3>::new(0.4, -0.3, theta);
    let qd = model.admissible_velocity(theta, 1.2, 0.8);
    let op = OperatingPoint { q, qd, t: 0.0 };
    let names = ["m", "inertia", "g", "alpha"];
    let inputs = names.map(ParameterInput::Name);
    for speeds in [[0, 2], [1, 2], [0, 1]] {
        let options = LinearisationOptions {
            inputs: &inputs,
            independent_speeds: Some(&speeds),
            ..Default::default()
        };
        let lin = Linearisation::at(&model, &op, &options).unwrap();
        let x0 = [q[0], q[1], q[2], qd[speeds[0]], qd[speeds[1]]];
        let a_fd = DMatrix::from_fn(5, 5, |i, j| {
            derivative(
                |s| {
                    let mut x = x0;
                    x[j] += s;
                    reduced_field(&model, speeds, &x)[i]
                },
                1e-4,
            )
        });
        let err = dense_relative_error(&lin.a, &a_fd);
        assert!(err <= 1e-6, "speeds {speeds:?}: {err:e}\n{}\n{a_fd}", lin.a);
        let b_fd = DMatrix::from_fn(5, names.len(), |i, j| {
            let k = model
                .parameter_names()
                .iter()
                .position(|&n| n == names[j])
                .unwrap();
            derivative(
                |s| {
                    let mut p = model;
                    p.set_parameter(k, model.parameter(k).unwrap() + s).unwrap();
                    reduced_field(&p, speeds, &x0)[i]
                },
                1e-4,
            )
        });
        let err = dense_relative_error(&lin.b, &b_fd);
        assert!(err <= 1e-6, "speeds {speeds:?}: B {err:e}");
        assert!(lin.b.rows(0, 3).amax() == 0.0, "parameters do not move ẏ");
        let (qdd, lambda) = kkt_acceleration(&model, &q, &qd);
        let u_dot = [qdd[speeds[0]], qdd[speeds[1]]];
        assert!((lin.residual() - u_dot[0].abs().max(u_dot[1].abs())).abs() <= 1e-12);
        assert!((lin.multipliers[0] - lambda).abs() <= 1e-12 * (1.0 + lambda.abs()));
    }
    // ∂f/∂q and ∂f/∂q̇ of the index-1 system itself (defined off the manifold as well).
    let lin = Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap();
    let df_dq_fd = fd_jacobian(|p| kkt_acceleration(&model, p, &qd).0, &q);
    let df_dqd_fd = fd_jacobian(|v| kkt_acceleration(&model, &q, v).0, &qd);
    let as_dense = |m: &Matrix<3, 3>| DMatrix::from_column_slice(3, 3, m.as_slice());
    assert!(dense_relative_error(&lin.df_dq, &as_dense(&df_dq_fd)) <= 1e-8);
    assert!(dense_relative_error(&lin.df_dqd, &as_dense(&df_dqd_fd)) <= 1e-8);
}

#[test]
fn a_parameter_of_the_constraint_is_refused_as_an_input() {
    let model = Sleigh::default();
    let op = straight(&model, 0.2, 1.0);
    let inputs = [ParameterInput::Name("a")];
    let options = LinearisationOptions {
        inputs: &inputs,
        ..Default::default()
    };
    let e = Linearisation::at(&model, &op, &options).unwrap_err();
    assert_eq!(
        e,
        E::ParameterMovesConstraints {
            name: "a",
            index: 2
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Hand-written variants: the circle as a velocity constraint, two knife edges, and a sleigh
// that keeps the default `bilateral_velocity_jacobian`.
// ---------------------------------------------------------------------------------------------

/// `Dynamics` of a wrapper forwarded to its `inner` model.
macro_rules! forward_dynamics {
    ([$($generics:tt)*] $wrapper:ty, $inner:ty, $nq:literal) => {
        impl<$($generics)*> Dynamics<$nq> for $wrapper {
            const NAME: &'static str = <$inner as Dynamics<$nq>>::NAME;
            const FINGERPRINT: &'static str = "hand-written";
            const COORDINATES: [&'static str; $nq] = <$inner as Dynamics<$nq>>::COORDINATES;
            const RHEONOMIC: bool = false;
            fn parameter_names(&self) -> &'static [&'static str] {
                self.inner.parameter_names()
            }
            fn parameter(&self, k: usize) -> Option<f64> {
                self.inner.parameter(k)
            }
            fn set_parameter(&mut self, k: usize, v: f64) -> Result<(), ParameterError> {
                self.inner.set_parameter(k, v)
            }
            fn kinetic_energy(&self, q: &Vector<$nq>, qd: &Vector<$nq>, t: f64) -> f64 {
                self.inner.kinetic_energy(q, qd, t)
            }
            fn potential_energy(&self, q: &Vector<$nq>, t: f64) -> f64 {
                self.inner.potential_energy(q, t)
            }
            fn mass_matrix(&self, q: &Vector<$nq>, t: f64, m: &mut Matrix<$nq, $nq>) {
                self.inner.mass_matrix(q, t, m)
            }
            fn forces(&self, q: &Vector<$nq>, qd: &Vector<$nq>, t: f64, h: &mut Vector<$nq>) {
                self.inner.forces(q, qd, t, h)
            }
            fn coriolis(&self, q: &Vector<$nq>, qd: &Vector<$nq>, t: f64, c: &mut Matrix<$nq, $nq>) {
                self.inner.coriolis(q, qd, t, c)
            }
        }
    };
}

/// The potential part of `Statics` forwarded to `inner`, and no gap Hessians.
macro_rules! forward_potential {
    ($nq:literal) => {
        fn potential_gradient(&self, q: &Vector<$nq>, t: f64, grad: &mut Vector<$nq>) {
            self.inner.potential_gradient(q, t, grad)
        }
        fn potential_hessian(&self, q: &Vector<$nq>, t: f64, hess: &mut Matrix<$nq, $nq>) {
            self.inner.potential_hessian(q, t, hess)
        }
        fn potential_gradient_parameter(
            &self,
            q: &Vector<$nq>,
            t: f64,
            k: usize,
            out: &mut Vector<$nq>,
        ) -> bool {
            self.inner.potential_gradient_parameter(q, t, k, out)
        }
        fn gap_hessian(&self, _: &Vector<$nq>, _: f64, _: usize, _: &mut Matrix<$nq, $nq>) -> bool {
            false
        }
    };
}

/// The force part of `Jacobians` forwarded to `inner`, and no gap drifts.
macro_rules! forward_force_jacobians {
    ($nq:literal) => {
        fn force_jacobians(
            &self,
            q: &Vector<$nq>,
            qd: &Vector<$nq>,
            t: f64,
            dq: &mut Matrix<$nq, $nq>,
            dqd: &mut Matrix<$nq, $nq>,
        ) {
            self.inner.force_jacobians(q, qd, t, dq, dqd)
        }
        fn force_time_partial(
            &self,
            q: &Vector<$nq>,
            qd: &Vector<$nq>,
            t: f64,
            out: &mut Vector<$nq>,
        ) {
            self.inner.force_time_partial(q, qd, t, out)
        }
        fn mass_action_jacobian(
            &self,
            q: &Vector<$nq>,
            t: f64,
            a: &Vector<$nq>,
            out: &mut Matrix<$nq, $nq>,
        ) {
            self.inner.mass_action_jacobian(q, t, a, out)
        }
        fn force_parameter_derivative(
            &self,
            q: &Vector<$nq>,
            qd: &Vector<$nq>,
            t: f64,
            k: usize,
            out: &mut Vector<$nq>,
        ) -> bool {
            self.inner.force_parameter_derivative(q, qd, t, k, out)
        }
        fn mass_action_parameter_derivative(
            &self,
            q: &Vector<$nq>,
            t: f64,
            a: &Vector<$nq>,
            k: usize,
            out: &mut Vector<$nq>,
        ) -> bool {
            self.inner.mass_action_parameter_derivative(q, t, a, k, out)
        }
        fn parameter_enters_constraints(&self, k: usize) -> bool {
            self.inner.parameter_enters_constraints(k)
        }
        fn gap_drift_jacobians(
            &self,
            _: &Vector<$nq>,
            _: &Vector<$nq>,
            _: f64,
            _: &mut Matrix<0, $nq>,
            _: &mut Matrix<0, $nq>,
        ) {
        }
    };
}

/// The circle mass of `mb_testsupport::models` with row 0 of its NB copies of the circle,
/// (x² + y² − l²) = 0, given as the velocity constraint γ = 2 (x ẋ + y ẏ) = 0 (its column 2q,
/// drift 2|q̇|², column Jacobian 2I and ∂γ/∂q = 2q̇ᵀ are those of the holonomic row) and the
/// other rows holonomic as before.
#[derive(Debug, Clone, Copy, Default)]
struct CircleRows<const NB: usize> {
    inner: CircleMass<NB, 0>,
}

/// [false, true, true, …]: row 0 is the velocity constraint.
const fn first_row_velocity<const NB: usize>() -> [bool; NB] {
    let mut flags = [true; NB];
    if NB > 0 {
        flags[0] = false;
    }
    flags
}

forward_dynamics!([const NB: usize] CircleRows<NB>, CircleMass<NB, 0>, 2);

impl<const NB: usize> Constraints<2, NB, 0> for CircleRows<NB> {
    const BILATERAL: [&'static str; NB] = ["circle"; NB];
    const HOLONOMIC: [bool; NB] = first_row_velocity::<NB>();
    fn bilateral(&self, q: &Vector<2>, t: f64, g: &mut Vector<NB>) {
        self.inner.bilateral(q, t, g);
        g[0] = 0.0;
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<2>,
        t: f64,
        jac: &mut Matrix<2, NB>,
        g_t: &mut Vector<NB>,
    ) {
        self.inner.bilateral_jacobian(q, t, jac, g_t)
    }
    fn bilateral_drift(&self, q: &Vector<2>, qd: &Vector<2>, t: f64, d: &mut Vector<NB>) {
        self.inner.bilateral_drift(q, qd, t, d)
    }
    no_contacts!(2);
}

impl<const NB: usize> Statics<2> for CircleRows<NB> {
    forward_potential!(2);
    fn bilateral_hessian(&self, q: &Vector<2>, t: f64, i: usize, hess: &mut Matrix<2, 2>) -> bool {
        self.inner.bilateral_hessian(q, t, i, hess)
    }
}

impl<const NB: usize> Jacobians<2, NB, 0> for CircleRows<NB> {
    forward_force_jacobians!(2);
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<2>,
        qd: &Vector<2>,
        t: f64,
        dq: &mut Matrix<NB, 2>,
        dqd: &mut Matrix<NB, 2>,
    ) {
        self.inner.bilateral_drift_jacobians(q, qd, t, dq, dqd)
    }
    /// Row i: ∂/∂q of 2(i + 1) q·q̇ = 2(i + 1) q̇ᵀ.
    fn bilateral_velocity_jacobian(
        &self,
        _: &Vector<2>,
        qd: &Vector<2>,
        _: f64,
        out: &mut Matrix<NB, 2>,
    ) {
        for i in 0..NB {
            out.set_row(i, &(qd.transpose() * (2.0 * (i + 1) as f64)));
        }
    }
}

/// The circle held at angle θ from the bottom by f_x = m g tan θ, at rest.
fn held_circle(theta: f64) -> (CircleMass<1, 0>, OperatingPoint<2>) {
    let mut model = CircleMass::<1, 0>::default();
    model.fx = model.m * model.g * theta.tan();
    let q = Vector::<2>::new(model.l * theta.sin(), -model.l * theta.cos());
    (
        model,
        OperatingPoint {
            q,
            qd: Vector::zeros(),
            t: 0.0,
        },
    )
}

#[test]
fn holonomic_circle_written_as_a_velocity_constraint_keeps_its_spectrum() {
    for theta in [0.0, 0.3, -0.9] {
        let (holonomic, op) = held_circle(theta);
        let chosen = [0];
        let options = LinearisationOptions {
            independent: Some(&chosen),
            ..Default::default()
        };
        let reference = Linearisation::at(&holonomic, &op, &options).unwrap();
        let w2 = holonomic.g / (holonomic.l * theta.cos());
        let velocity = CircleRows::<1> { inner: holonomic };
        let speeds = LinearisationOptions {
            independent_speeds: Some(&chosen),
            ..Default::default()
        };
        let lin = Linearisation::at(&velocity, &op, &speeds).unwrap();
        assert_eq!(
            lin.independent,
            vec![0, 1],
            "no holonomic constraint restricts positions"
        );
        assert_eq!(
            (lin.independent_speeds.clone(), lin.dependent_speeds.clone()),
            (vec![0], vec![1])
        );
        assert_eq!(lin.a.shape(), (3, 3));
        assert!(lin.residual() <= 1e-12 * holonomic.g);
        // q̇ = N_v ẋ with ẏ = −x ẋ / y on the circle.
        assert!((lin.speed_map[(1, 0)] + op.q[0] / op.q[1]).abs() <= 1e-15);
        let mut values = lin.eigen().unwrap().eigenvalues();
        let zero = (0..values.len())
            .min_by(|&i, &j| values[i].norm().total_cmp(&values[j].norm()))
            .unwrap();
        assert!(
            values[zero].norm() <= 1e-10 * w2,
            "θ* = {theta}: {values:?}"
        );
        values.remove(zero);
        for expected in reference.eigen().unwrap().eigenvalues() {
            assert!(
                (expected.im.abs() - w2.sqrt()).abs() <= 1e-10 * w2
                    && expected.re.abs() <= 1e-10 * w2
            );
            let nearest = values
                .iter()
                .map(|v| (v - expected).norm())
                .fold(f64::INFINITY, f64::min);
            assert!(
                nearest <= 1e-10 * w2,
                "θ* = {theta}: {expected} not in {values:?}"
            );
        }
        // Together with the holonomic circle it is redundant: dropped, and nothing changes.
        let both = CircleRows::<2> {
            inner: CircleMass::<2, 0> {
                m: holonomic.m,
                g: holonomic.g,
                l: holonomic.l,
                fx: holonomic.fx,
            },
        };
        let mixed = Linearisation::at(&both, &op, &options).unwrap();
        assert_eq!(mixed.dropped, vec![ConstraintRef::Bilateral(0)]);
        assert_eq!(mixed.independent_speeds, vec![0]);
        assert!(
            dense_relative_error(&mixed.a, &reference.a) <= 1e-12,
            "θ* = {theta}"
        );
    }
}

/// Two knife edges on the sleigh: row 0 the sleigh's, row 1 the same plus (θ − θ_ref)(b·q̇),
/// so that at θ = θ_ref their columns coincide (row 1 is dropped as dependent) while nearby
/// they differ unless b = 0. γ₁ = γ₀ + (θ − θ_ref) b·q̇, so its column is A + (θ − θ_ref) b,
/// its drift d₀ + θ̇ b·q̇, its column Jacobian that of row 0 plus b in the θ column,
/// ∂d₁/∂q = ∂d₀/∂q, ∂d₁/∂q̇ = ∂d₀/∂q̇ + θ̇ bᵀ + (b·q̇) e_θᵀ and ∂γ₁/∂q = ∂γ₀/∂q + (b·q̇) e_θᵀ.
#[derive(Debug, Clone, Copy)]
struct TwinKnife {
    inner: Sleigh,
    theta_ref: f64,
    b: Vector<3>,
}

forward_dynamics!([] TwinKnife, Sleigh, 3);

impl Constraints<3, 2, 0> for TwinKnife {
    const BILATERAL: [&'static str; 2] = ["knife_edge", "second_edge"];
    const HOLONOMIC: [bool; 2] = [false, false];
    fn bilateral(&self, _: &Vector<3>, _: f64, g: &mut Vector<2>) {
        g.fill(0.0);
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<3>,
        _: f64,
        jac: &mut Matrix<3, 2>,
        g_t: &mut Vector<2>,
    ) {
        let row = self.inner.constraint_row(q[2]);
        jac.set_column(0, &row);
        jac.set_column(1, &(row + self.b * (q[2] - self.theta_ref)));
        g_t.fill(0.0);
    }
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<2>) {
        let mut d0 = Vector::<1>::zeros();
        self.inner.bilateral_drift(q, qd, t, &mut d0);
        *d = Vector::<2>::new(d0[0], d0[0] + qd[2] * self.b.dot(qd));
    }
    no_contacts!(3);
}

impl Statics<3> for TwinKnife {
    forward_potential!(3);
    fn bilateral_hessian(&self, q: &Vector<3>, t: f64, i: usize, hess: &mut Matrix<3, 3>) -> bool {
        if i > 1 || !self.inner.bilateral_hessian(q, t, 0, hess) {
            return false;
        }
        if i == 1 {
            let column = hess.column(2) + self.b;
            hess.set_column(2, &column);
        }
        true
    }
}

impl Jacobians<3, 2, 0> for TwinKnife {
    forward_force_jacobians!(3);
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        t: f64,
        dq: &mut Matrix<2, 3>,
        dqd: &mut Matrix<2, 3>,
    ) {
        let (mut r_q, mut r_qd) = (Matrix::<1, 3>::zeros(), Matrix::<1, 3>::zeros());
        self.inner
            .bilateral_drift_jacobians(q, qd, t, &mut r_q, &mut r_qd);
        dq.set_row(0, &r_q);
        dq.set_row(1, &r_q);
        dqd.set_row(0, &r_qd);
        let extra = self.b.transpose() * qd[2] + unit::<3>(2).transpose() * self.b.dot(qd);
        dqd.set_row(1, &(r_qd + extra));
    }
    fn bilateral_velocity_jacobian(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        t: f64,
        out: &mut Matrix<2, 3>,
    ) {
        let mut row = Matrix::<1, 3>::zeros();
        self.inner.bilateral_velocity_jacobian(q, qd, t, &mut row);
        out.set_row(0, &row);
        out.set_row(1, &(row + unit::<3>(2).transpose() * self.b.dot(qd)));
    }
}

/// The sleigh with `Jacobians::bilateral_velocity_jacobian` left at its default (exact only for
/// holonomic constraints, NaN for the knife edge).
#[derive(Debug, Clone, Copy, Default)]
struct DefaultVelocityJacobian {
    inner: Sleigh,
}

forward_dynamics!([] DefaultVelocityJacobian, Sleigh, 3);

impl Constraints<3, 1, 0> for DefaultVelocityJacobian {
    const BILATERAL: [&'static str; 1] = ["knife_edge"];
    const HOLONOMIC: [bool; 1] = [false];
    fn bilateral(&self, q: &Vector<3>, t: f64, g: &mut Vector<1>) {
        self.inner.bilateral(q, t, g)
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<3>,
        t: f64,
        jac: &mut Matrix<3, 1>,
        g_t: &mut Vector<1>,
    ) {
        self.inner.bilateral_jacobian(q, t, jac, g_t)
    }
    fn bilateral_drift(&self, q: &Vector<3>, qd: &Vector<3>, t: f64, d: &mut Vector<1>) {
        self.inner.bilateral_drift(q, qd, t, d)
    }
    no_contacts!(3);
}

impl Statics<3> for DefaultVelocityJacobian {
    forward_potential!(3);
    fn bilateral_hessian(&self, q: &Vector<3>, t: f64, i: usize, hess: &mut Matrix<3, 3>) -> bool {
        self.inner.bilateral_hessian(q, t, i, hess)
    }
}

impl Jacobians<3, 1, 0> for DefaultVelocityJacobian {
    forward_force_jacobians!(3);
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<3>,
        qd: &Vector<3>,
        t: f64,
        dq: &mut Matrix<1, 3>,
        dqd: &mut Matrix<1, 3>,
    ) {
        self.inner.bilateral_drift_jacobians(q, qd, t, dq, dqd)
    }
}

// ---------------------------------------------------------------------------------------------
// Refusals.
// ---------------------------------------------------------------------------------------------

#[test]
fn a_singular_dependent_speed_block_is_refused() {
    // At θ = 0 the knife edge does not involve ẋ: ẏ and θ̇ cannot be independent.
    let model = Sleigh::default();
    let op = straight(&model, 0.0, 1.0);
    let speeds = [1, 2];
    let options = LinearisationOptions {
        independent_speeds: Some(&speeds),
        ..Default::default()
    };
    match Linearisation::at(&model, &op, &options).unwrap_err() {
        E::SingularDependentSpeedBlock {
            dependent_speeds,
            smallest_singular_value,
            tolerance,
            threshold,
        } => {
            assert_eq!(dependent_speeds, vec![0]);
            assert_eq!(smallest_singular_value, 0.0);
            assert_eq!(tolerance, 1e-9);
            let norm = (1.0 + model.a * model.a).sqrt();
            assert!((threshold - 1e-9 * norm).abs() <= 1e-24);
        }
        other => panic!("{other:?}"),
    }
    // Slightly off θ = 0 the same choice is regular.
    let op = straight(&model, 0.2, 1.0);
    assert!(Linearisation::at(&model, &op, &options).is_ok());
}

#[test]
fn independent_speeds_of_the_wrong_number_or_repeated_are_refused() {
    let model = Sleigh::default();
    let op = straight(&model, 0.3, 1.0);
    let cases: [(&[usize], E); 4] = [
        (
            &[0, 1, 2],
            E::IndependentSpeedCount {
                expected: 2,
                got: 3,
            },
        ),
        (
            &[2],
            E::IndependentSpeedCount {
                expected: 2,
                got: 1,
            },
        ),
        (
            &[0, 3],
            E::IndexOutOfRange {
                what: "independent speed",
                index: 3,
                len: 3,
            },
        ),
        (
            &[2, 2],
            E::Duplicate {
                what: "independent speed",
                index: 2,
            },
        ),
    ];
    for (speeds, expected) in cases {
        let options = LinearisationOptions {
            independent_speeds: Some(speeds),
            ..Default::default()
        };
        assert_eq!(
            Linearisation::at(&model, &op, &options).unwrap_err(),
            expected
        );
    }
}

#[test]
fn a_velocity_violating_the_knife_edge_is_refused() {
    let model = Sleigh::default();
    let mut op = straight(&model, 0.0, 1.0);
    // Sideways velocity ẏ = s at θ = 0 gives γ = s.
    for (sideways, refused) in [(0.5, true), (-2e-9, true), (5e-10, false)] {
        op.qd[1] = sideways;
        match Linearisation::at(&model, &op, &LinearisationOptions::default()) {
            Err(E::VelocityViolated {
                constraint: ConstraintRef::Bilateral(0),
                value,
                tolerance,
            }) => {
                assert!(
                    refused && value == sideways && tolerance == 1e-9,
                    "{sideways}"
                );
            }
            Ok(_) => assert!(!refused, "{sideways}"),
            Err(other) => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_default_velocity_jacobian_is_refused_not_propagated() {
    let model = DefaultVelocityJacobian::default();
    let op = straight(&model.inner, 0.4, 1.0);
    let mut out = Matrix::<1, 3>::zeros();
    model.bilateral_velocity_jacobian(&op.q, &op.qd, 0.0, &mut out);
    assert!(
        out.iter().all(|x| x.is_nan()),
        "the contract's default is NaN here"
    );
    let e = Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap_err();
    assert_eq!(
        e,
        E::NonFiniteVelocityJacobian {
            constraint: ConstraintRef::Bilateral(0)
        }
    );
}

#[test]
fn dependent_velocity_constraints_must_be_consistent() {
    let theta = 0.4;
    let sleigh = Sleigh::default();
    let single = Linearisation::at(
        &sleigh,
        &straight(&sleigh, theta, 1.0),
        &LinearisationOptions::default(),
    )
    .unwrap();
    let twin = |b: Vector<3>| TwinKnife {
        inner: sleigh,
        theta_ref: theta,
        b,
    };
    // b = 0: a plain duplicate, dropped, and nothing changes.
    let duplicate = twin(Vector::zeros());
    let lin = Linearisation::at(
        &duplicate,
        &straight(&sleigh, theta, 1.0),
        &LinearisationOptions::default(),
    )
    .unwrap();
    assert_eq!(lin.dropped, vec![ConstraintRef::Bilateral(1)]);
    assert!(dense_relative_error(&lin.a, &single.a) <= 1e-14);
    // b = e_x: dependent at θ = θ_ref only. Turning (θ̇ ≠ 0), the drifts differ by θ̇ b·q̇.
    let model = twin(Vector::<3>::new(1.0, 0.0, 0.0));
    let turning = OperatingPoint {
        q: Vector::<3>::new(0.0, 0.0, theta),
        qd: sleigh.admissible_velocity(theta, 1.0, 0.6),
        t: 0.0,
    };
    match Linearisation::at(&model, &turning, &LinearisationOptions::default()).unwrap_err() {
        E::InconsistentRedundancy {
            constraint: ConstraintRef::Bilateral(1),
            residual,
        } => {
            let expected = turning.qd[2] * turning.qd[0];
            assert!(
                (residual - expected.abs()).abs() <= 1e-12,
                "{residual} vs {expected}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Going straight (θ̇ = 0) the drifts agree, but the constraint matrix has rank 2 at every
    // θ ≠ θ_ref: ∂(γ₁ − γ₀)/∂θ = b·q̇ = ẋ on the kept constraint's linearisation.
    let op = straight(&sleigh, theta, 1.0);
    match Linearisation::at(&model, &op, &LinearisationOptions::default()).unwrap_err() {
        E::InconsistentVelocityRedundancy {
            constraint: ConstraintRef::Bilateral(1),
            residual,
            threshold,
        } => {
            assert!((residual - op.qd[0].abs()).abs() <= 1e-12, "{residual}");
            assert!(threshold < 1e-6);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn steady_motion_checks_the_kept_rows_of_a_cyclic_column() {
    // Going straight at θ = 0, ∂u̇/∂θ = 0 but ∂ẏ/∂θ = v: with y kept in the reduced state, θ
    // is not cyclic (with y dropped too it would be: the reduced state would not feel θ).
    let model = Sleigh::default();
    let v = 1.5;
    let op = straight(&model, 0.0, v);
    let cyclic = [0, 2];
    let options = SteadyMotionOptions {
        cyclic: &cyclic,
        ..Default::default()
    };
    match SteadyMotion::at(&model, &op, &options).unwrap_err() {
        E::NotCyclic {
            index: 2,
            column_norm,
            ..
        } => assert!((column_norm - v).abs() <= 1e-14),
        other => panic!("{other:?}"),
    }
    // With y dropped as well, θ's column vanishes in every kept row.
    let all = [0, 1, 2];
    let options = SteadyMotionOptions {
        cyclic: &all,
        ..Default::default()
    };
    let reduced = SteadyMotion::at(&model, &op, &options).expect("x, y, θ cyclic");
    assert_eq!(reduced.a.nrows(), 2, "the two speeds remain");
    // Turning, θ moves: not a steady motion with x and y cyclic.
    let turning = OperatingPoint {
        qd: model.admissible_velocity(0.0, v, 0.3),
        ..op
    };
    let options = SteadyMotionOptions {
        cyclic: &CYCLIC_XY,
        ..Default::default()
    };
    assert!(matches!(
        SteadyMotion::at(&model, &turning, &options).unwrap_err(),
        E::NotSteady { .. } | E::NonCyclicMoving { index: 2, .. }
    ));
}

// ---------------------------------------------------------------------------------------------
// Holonomic and velocity constraints together.
// ---------------------------------------------------------------------------------------------

/// A 3-vector with a fourth entry appended.
fn extend(v: &Vector<3>, last: f64) -> Vector<4> {
    Vector::<4>::new(v[0], v[1], v[2], last)
}

/// Columns and drifts of the slider model.
fn slider_constraints(
    model: &SleighWithSlider,
    q: &Vector<4>,
    qd: &Vector<4>,
) -> (Matrix<4, 2>, Vector<2>) {
    let (mut jac, mut g_t, mut d) = (
        Matrix::<4, 2>::zeros(),
        Vector::<2>::zeros(),
        Vector::<2>::zeros(),
    );
    model.bilateral_jacobian(q, 0.0, &mut jac, &mut g_t);
    model.bilateral_drift(q, qd, 0.0, &mut d);
    (jac, d)
}

/// The slider model's constrained acceleration by a dense solve of its 6 × 6 KKT system.
fn slider_acceleration(model: &SleighWithSlider, q: &Vector<4>, qd: &Vector<4>) -> Vector<4> {
    let (mut m, mut h) = (Matrix::<4, 4>::zeros(), Vector::<4>::zeros());
    model.mass_matrix(q, 0.0, &mut m);
    model.forces(q, qd, 0.0, &mut h);
    let (f, d) = slider_constraints(model, q, qd);
    let mut k = Matrix::<6, 6>::zeros();
    k.fixed_view_mut::<4, 4>(0, 0).copy_from(&m);
    k.fixed_view_mut::<4, 2>(0, 4).copy_from(&(-f));
    k.fixed_view_mut::<2, 4>(4, 0).copy_from(&f.transpose());
    let rhs = Vector::<6>::new(h[0], h[1], h[2], h[3], -d[0], -d[1]);
    let x = k.lu().solve(&rhs).expect("a regular KKT matrix");
    Vector::<4>::new(x[0], x[1], x[2], x[3])
}

/// The reduced vector field of the slider model in positions (x, y, θ) (s = x + b sin θ on the
/// manifold) and the speeds q̇[speeds] (the other two from the 2 × 2 block of Fᵀ q̇ = 0).
fn slider_field(model: &SleighWithSlider, speeds: [usize; 2], x: &[f64; 5]) -> [f64; 5] {
    let q = Vector::<4>::new(x[0], x[1], x[2], x[0] + model.b * x[2].sin());
    let (f, _) = slider_constraints(model, &q, &Vector::zeros());
    let w: Vec<usize> = (0..4).filter(|i| !speeds.contains(i)).collect();
    let c_w = Matrix::<2, 2>::from_fn(|r, j| f[(w[j], r)]);
    let rhs = Vector::<2>::from_fn(|r, _| -(f[(speeds[0], r)] * x[3] + f[(speeds[1], r)] * x[4]));
    let qd_w = c_w
        .lu()
        .solve(&rhs)
        .expect("a regular dependent-speed block");
    let mut qd = Vector::<4>::zeros();
    qd[speeds[0]] = x[3];
    qd[speeds[1]] = x[4];
    qd[w[0]] = qd_w[0];
    qd[w[1]] = qd_w[1];
    let qdd = slider_acceleration(model, &q, &qd);
    [qd[0], qd[1], qd[2], qdd[speeds[0]], qdd[speeds[1]]]
}

#[test]
fn holonomic_and_velocity_constraints_together_linearise_the_reduced_field() {
    let model = SleighWithSlider::default();
    let theta = 0.5;
    let v3 = model.sleigh.admissible_velocity(theta, 1.2, 0.8);
    let q = Vector::<4>::new(0.4, -0.3, theta, 0.4 + model.b * theta.sin());
    let qd = extend(&v3, v3[0] + model.b * theta.cos() * v3[2]);
    let op = OperatingPoint { q, qd, t: 0.0 };
    // The hand-written derivatives of the slider row against differences.
    let (mut hess, mut d_dq, mut d_dqd, mut g_q) = (
        Matrix::<4, 4>::zeros(),
        Matrix::<2, 4>::zeros(),
        Matrix::<2, 4>::zeros(),
        Matrix::<2, 4>::zeros(),
    );
    for i in 0..2 {
        assert!(model.bilateral_hessian(&q, 0.0, i, &mut hess));
        let fd = fd_jacobian(
            |p| slider_constraints(&model, p, &qd).0.column(i).into_owned(),
            &q,
        );
        assert!((hess - fd).amax() <= FD_TOL, "row {i}");
    }
    model.bilateral_drift_jacobians(&q, &qd, 0.0, &mut d_dq, &mut d_dqd);
    model.bilateral_velocity_jacobian(&q, &qd, 0.0, &mut g_q);
    assert!((d_dq - fd_jacobian(|p| slider_constraints(&model, p, &qd).1, &q)).amax() <= FD_TOL);
    assert!((d_dqd - fd_jacobian(|v| slider_constraints(&model, &q, v).1, &qd)).amax() <= FD_TOL);
    let gamma = |p: &Vector<4>| slider_constraints(&model, p, &qd).0.transpose() * qd;
    assert!((g_q - fd_jacobian(gamma, &q)).amax() <= FD_TOL);
    let positions = [0, 1, 2];
    for (speeds, automatic) in [
        ([0, 2], true),
        ([0, 2], false),
        ([3, 2], false),
        ([1, 2], false),
    ] {
        let options = LinearisationOptions {
            independent: Some(&positions),
            independent_speeds: if automatic { None } else { Some(&speeds) },
            ..Default::default()
        };
        let lin = Linearisation::at(&model, &op, &options).unwrap();
        assert_eq!(
            (lin.independent.clone(), lin.dependent.clone()),
            (vec![0, 1, 2], vec![3])
        );
        assert_eq!(lin.independent_speeds, speeds.to_vec());
        assert_eq!(lin.a.shape(), (5, 5));
        assert!(lin.dropped.is_empty());
        let x0 = [q[0], q[1], q[2], qd[speeds[0]], qd[speeds[1]]];
        let a_fd = DMatrix::from_fn(5, 5, |i, j| {
            derivative(
                |s| {
                    let mut x = x0;
                    x[j] += s;
                    slider_field(&model, speeds, &x)[i]
                },
                1e-4,
            )
        });
        let err = dense_relative_error(&lin.a, &a_fd);
        assert!(err <= 1e-6, "speeds {speeds:?}: {err:e}\n{}\n{a_fd}", lin.a);
        let qdd = slider_acceleration(&model, &q, &qd);
        let expected = qdd[speeds[0]].abs().max(qdd[speeds[1]].abs());
        assert!((lin.residual() - expected).abs() <= 1e-12 * (1.0 + expected));
    }
}
