//! Every derived quantity of every example, checked at random states against an independent
//! numeric route: finite differences of the generated T, V and constraint values (direct
//! translations of the block), or a closed form where a paper gives one.
//!
//! Invariants (Lagrange's equations of the second kind; Lötstedt 1982 (5.10)–(5.12); Schulz &
//! Pellegrino 2000 (2.8)–(2.17)):
//! - M = ∂²T/∂q̇², h = ∂T/∂q − (∂²T/∂q̇∂q)q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q;
//! - C q̇ is the velocity part of −h (T = ½ q̇ᵀMq̇); C + Cᵀ = Ṁ − ∂M/∂t, i.e. Ṁ − ∂M/∂t − 2C is
//!   skew-symmetric: with C_ij = Σ_k Γ_ijk q̇_k from the Christoffel symbols of the q-dependence
//!   of M, Γ_ijk + Γ_jik = ∂M_ij/∂q_k (Murray, Li & Sastry 1994, A Mathematical Introduction to
//!   Robotic Manipulation, Sect. 4.2, Lemma 4.2, there for ∂M/∂t = 0). Ṁ − 2C is skew-symmetric
//!   only where ∂M/∂t = 0, and is not for `TelescopicDoublePendulum`;
//! - Jacobians are gradients of the constraint values; drifts are d/dt(Wᵀ) q̇;
//! - the jets of `Rates` (the residual M q̈ − h − Gλ_B − W_Nλ_N and the constraint functions run
//!   on Taylor series) match the `f64` functions at coefficient 0 and finite differences in
//!   time up to the fifth derivative along random polynomial trajectories;
//! - ∇V, ∇²V, ∂∇V/∂p and constraint Hessians match finite differences.

use mb_examples::{
    bouncing_ball::BouncingBall, chain3::Chain3, double_pendulum::DoublePendulum,
    pendulum::Pendulum, rod_wall::RodWall, slider_crank::SliderCrank, woodpecker::Woodpecker,
};
use mb_tests::{random_vector, rng};

#[macro_use]
mod every_example;
use every_example::{
    DYNAMICS_ONLY_EXAMPLES, RATELESS_EXAMPLES, RATES_ONLY_EXAMPLES, assert_every_block_listed,
};
use mb_testsupport::{
    PolynomialPath, SplitMix, derivative, fd_conservative_forces, fd_mass, jet_disagreement, unit,
};
use mbruntime::{Constraints, Dynamics, Jacobians, Matrix, Mechanism, Rates, Vector};

/// |a − b| ≤ tol · max(|a|, |b|) + noise, entrywise maximum. `noise` is the round-off floor of
/// the finite-difference route (≈ ε·|f|/hᵏ for the k-th difference of a function of size |f|).
#[track_caller]
fn close_with<const R: usize, const C: usize>(
    a: &Matrix<R, C>,
    b: &Matrix<R, C>,
    tol: f64,
    noise: f64,
    what: &str,
) {
    let scale = a.amax().max(b.amax());
    let err = (a - b).amax();
    assert!(
        err <= tol * scale + noise,
        "{what}: error {err:.3e} (scale {scale:.3e}, noise {noise:.1e})\n got {a}\n want {b}"
    );
}

/// Comparison with a closed form or between two evaluations of the same formula.
#[track_caller]
fn close<const R: usize, const C: usize>(a: &Matrix<R, C>, b: &Matrix<R, C>, tol: f64, what: &str) {
    close_with(a, b, tol, 0.0, what)
}

/// Round-off floor of a first (k = 1) or nested (k = 2) fourth-order difference with step 1e-3
/// of a function of magnitude `f`.
fn noise(f: f64, k: i32) -> f64 {
    let h: f64 = 1e-3;
    10.0 * f64::EPSILON * f.abs().max(f64::MIN_POSITIVE) / h.powi(k)
}

/// All finite-difference checks for one model; `q_of` gives its generalised forces Q.
fn check<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    q_of: impl Fn(&M, &Vector<NQ>, &Vector<NQ>, f64) -> Vector<NQ>,
    seed: u64,
) where
    M: Mechanism<NQ, NB, NU> + Clone,
{
    let mut r = rng(seed);
    for _ in 0..12 {
        let q = random_vector::<NQ>(&mut r, 1.0);
        let qd = random_vector::<NQ>(&mut r, 1.0);
        let t = 0.3;

        // M and h, and the shared kernel against the single ones.
        let (mut mm, mut h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
        model.dynamics(&q, &qd, t, &mut mm, &mut h);
        let (mut m2, mut h2) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
        model.mass_matrix(&q, t, &mut m2);
        model.forces(&q, &qd, t, &mut h2);
        // Same formulas through different kernels: equal to rounding.
        close(&mm, &m2, 1e-14, "mass_matrix vs dynamics");
        close(&h, &h2, 1e-14, "forces vs dynamics");
        let tsize = model.kinetic_energy(&q, &qd, t).abs() + mm.amax();
        let vsize = model.potential_energy(&q, t).abs();
        close_with(
            &mm,
            &fd_mass(model, &q, t),
            1e-7,
            noise(tsize, 2),
            "M vs ∂²T/∂q̇²",
        );
        assert_eq!(mm, mm.transpose(), "M symmetric");
        let fd_h = fd_conservative_forces(model, &q, &qd, t) + q_of(model, &q, &qd, t);
        close_with(
            &h,
            &fd_h,
            1e-7,
            noise(tsize, 2) + noise(vsize, 1),
            "h vs Lagrange by finite differences",
        );

        // ∇V, ∇²V.
        let mut grad = Vector::<NQ>::zeros();
        model.potential_gradient(&q, t, &mut grad);
        let fd_grad = Vector::<NQ>::from_fn(|i, _| {
            derivative(
                |s| model.potential_energy(&(q + unit::<NQ>(i) * s), t),
                1e-3,
            )
        });
        close_with(&grad, &fd_grad, 1e-8, noise(vsize, 1), "∇V");
        let mut hess = Matrix::<NQ, NQ>::zeros();
        model.potential_hessian(&q, t, &mut hess);
        let fd_hess = Matrix::<NQ, NQ>::from_fn(|i, j| {
            derivative(
                |s| {
                    let mut g = Vector::<NQ>::zeros();
                    model.potential_gradient(&(q + unit::<NQ>(j) * s), t, &mut g);
                    g[i]
                },
                1e-3,
            )
        });
        close_with(&hess, &fd_hess, 1e-8, noise(grad.amax(), 1), "∇²V");

        // Coriolis: for a scleronomic model h = −C q̇ − ∇V + Q (C + Cᵀ = Ṁ − ∂M/∂t is checked on
        // every example by `coriolis_identity_holds_for_every_example`).
        let mut c = Matrix::<NQ, NQ>::zeros();
        model.coriolis(&q, &qd, t, &mut c);
        if !M::RHEONOMIC {
            let velocity_part = h + grad - q_of(model, &q, &qd, t);
            let cancel = 10.0 * f64::EPSILON * (h.amax() + grad.amax());
            close_with(
                &(-(c * qd)),
                &velocity_part,
                1e-9,
                cancel,
                "C q̇ = −(h + ∇V − Q)",
            );
        }
        // Bilateral constraints.
        let (mut gj, mut gt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
        model.bilateral_jacobian(&q, t, &mut gj, &mut gt);
        let fd_gj = Matrix::<NQ, NB>::from_fn(|i, j| {
            derivative(
                |s| {
                    let mut g = Vector::<NB>::zeros();
                    model.bilateral(&(q + unit::<NQ>(i) * s), t, &mut g);
                    g[j]
                },
                1e-3,
            )
        });
        let mut gval = Vector::<NB>::zeros();
        model.bilateral(&q, t, &mut gval);
        let gsize = gval.amax() + gj.amax() * q.amax();
        // A velocity constraint has no g (it reports 0): its column is checked through its
        // drift, jets and Jacobians, against finite differences of the column itself.
        let holonomic = Matrix::<NQ, NB>::from_fn(|_, j| f64::from(u8::from(M::HOLONOMIC[j])));
        close_with(
            &gj.component_mul(&holonomic),
            &fd_gj,
            1e-8,
            noise(gsize, 1),
            "G = ∇g",
        );
        let mut gdrift = Vector::<NB>::zeros();
        model.bilateral_drift(&q, &qd, t, &mut gdrift);
        let fd_gdrift = Vector::<NB>::from_fn(|j, _| {
            derivative(
                |s| {
                    let (mut w, mut wt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
                    model.bilateral_jacobian(&(q + qd * s), t + s, &mut w, &mut wt);
                    (w.transpose() * qd)[j] + wt[j]
                },
                1e-3,
            )
        });
        close_with(
            &gdrift,
            &fd_gdrift,
            1e-8,
            noise(gj.amax() * qd.amax(), 1),
            "Ġᵀq̇",
        );
        for i in 0..NB {
            let mut hh = Matrix::<NQ, NQ>::zeros();
            assert!(model.bilateral_hessian(&q, t, i, &mut hh));
            let fd = Matrix::<NQ, NQ>::from_fn(|a, b| {
                derivative(
                    |s| {
                        let (mut w, mut wt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
                        model.bilateral_jacobian(&(q + unit::<NQ>(b) * s), t, &mut w, &mut wt);
                        w[(a, i)]
                    },
                    1e-3,
                )
            });
            close_with(&hh, &fd, 1e-8, noise(gj.amax(), 1), "∇²g");
        }
        assert!(!model.bilateral_hessian(&q, t, NB, &mut Matrix::<NQ, NQ>::zeros()));

        // Contacts.
        let (mut wn, mut wnt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(&q, t, &mut wn, &mut wnt);
        let fd_wn = Matrix::<NQ, NU>::from_fn(|i, j| {
            derivative(
                |s| {
                    let mut g = Vector::<NU>::zeros();
                    model.gaps(&(q + unit::<NQ>(i) * s), t, &mut g);
                    g[j]
                },
                1e-3,
            )
        });
        let mut nval = Vector::<NU>::zeros();
        model.gaps(&q, t, &mut nval);
        let nsize = nval.amax() + wn.amax() * q.amax();
        close_with(&wn, &fd_wn, 1e-8, noise(nsize, 1), "W_N = ∇g_N");
        let mut ndrift = Vector::<NU>::zeros();
        model.gap_drift(&q, &qd, t, &mut ndrift);
        let fd_ndrift = Vector::<NU>::from_fn(|j, _| {
            derivative(
                |s| {
                    let (mut w, mut wt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
                    model.gap_jacobian(&(q + qd * s), t + s, &mut w, &mut wt);
                    (w.transpose() * qd)[j] + wt[j]
                },
                1e-3,
            )
        });
        close_with(
            &ndrift,
            &fd_ndrift,
            1e-8,
            noise(wn.amax() * qd.amax(), 1),
            "Ẇ_Nᵀq̇",
        );
        let mut tdrift = Vector::<NU>::zeros();
        model.slip_drift(&q, &qd, t, &mut tdrift);
        let fd_tdrift = Vector::<NU>::from_fn(|j, _| {
            derivative(
                |s| {
                    let (mut w, mut wt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
                    model.slip_jacobian(&(q + qd * s), t + s, &mut w, &mut wt);
                    (w.transpose() * qd)[j] + wt[j]
                },
                1e-3,
            )
        });
        let (mut wt, mut wtt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
        model.slip_jacobian(&q, t, &mut wt, &mut wtt);
        close_with(
            &tdrift,
            &fd_tdrift,
            1e-8,
            noise(wt.amax() * qd.amax(), 1),
            "Ẇ_Tᵀq̇",
        );
        for i in 0..NU {
            let mut hh = Matrix::<NQ, NQ>::zeros();
            assert!(model.gap_hessian(&q, t, i, &mut hh));
            let fd = Matrix::<NQ, NQ>::from_fn(|a, b| {
                derivative(
                    |s| {
                        let (mut w, mut wt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
                        model.gap_jacobian(&(q + unit::<NQ>(b) * s), t, &mut w, &mut wt);
                        w[(a, i)]
                    },
                    1e-3,
                )
            });
            close_with(&hh, &fd, 1e-8, noise(wn.amax(), 1), "∇²g_N");
        }

        // ∂∇V/∂p_k by finite differences in the parameter.
        for k in 0..model.parameter_names().len() {
            let mut out = Vector::<NQ>::zeros();
            assert!(model.potential_gradient_parameter(&q, t, k, &mut out));
            let p0 = model.parameter(k).unwrap();
            let step = 1e-3 * p0.abs().max(1e-3);
            let fd = Vector::<NQ>::from_fn(|i, _| {
                derivative(
                    |s| {
                        let mut m = model.clone();
                        m.set_parameter(k, p0 + s).unwrap();
                        let mut g = Vector::<NQ>::zeros();
                        m.potential_gradient(&q, t, &mut g);
                        g[i]
                    },
                    step,
                )
            });
            let floor = 10.0 * f64::EPSILON * grad.amax().max(vsize) / step;
            close_with(
                &out,
                &fd,
                1e-7,
                floor,
                &format!("∂∇V/∂{}", model.parameter_names()[k]),
            );
        }
        assert!(!model.potential_gradient_parameter(
            &q,
            t,
            model.parameter_names().len(),
            &mut Vector::<NQ>::zeros()
        ));
    }
}

fn no_forces<M, const N: usize>(_: &M, _: &Vector<N>, _: &Vector<N>, _: f64) -> Vector<N> {
    Vector::<N>::zeros()
}

#[test]
fn pendulum() {
    // Non-zero damping so that Q enters h: Q = −c θ̇.
    let model = Pendulum {
        c: 0.3,
        ..Default::default()
    };
    check(
        &model,
        |m: &Pendulum, _, qd, _| Vector::<1>::new(-m.c * qd[0]),
        1,
    );
    // Closed form: M = m l², h = −m g l sin θ − c θ̇.
    let (q, qd) = (Vector::<1>::new(0.7), Vector::<1>::new(-1.3));
    let (mut mm, mut h) = (Matrix::<1, 1>::zeros(), Vector::<1>::zeros());
    model.dynamics(&q, &qd, 0.0, &mut mm, &mut h);
    assert_eq!(mm[(0, 0)], model.m * model.l * model.l);
    assert!((h[0] - (-model.m * model.g * model.l * 0.7f64.sin() - model.c * -1.3)).abs() < 1e-14);
}

#[test]
fn double_pendulum() {
    check(&DoublePendulum::default(), no_forces, 2);
}

#[test]
fn chain3_matches_closed_form() {
    let model = Chain3::default();
    check(&model, no_forces, 3);
    // M_jk = μ_max(j,k) l_j l_k cos(θ_j − θ_k), μ_k = Σ_{i≥k} m_i (planar n-link chain).
    let m = [model.m1, model.m2, model.m3];
    let l = [model.l1, model.l2, model.l3];
    let mut r = rng(33);
    for _ in 0..20 {
        let q = random_vector::<3>(&mut r, 3.0);
        let mut mm = Matrix::<3, 3>::zeros();
        model.mass_matrix(&q, 0.0, &mut mm);
        let closed = Matrix::<3, 3>::from_fn(|j, k| {
            let mu: f64 = m[j.max(k)..].iter().sum();
            mu * l[j] * l[k] * (q[j] - q[k]).cos()
        });
        close(&mm, &closed, 1e-14, "chain closed form");
    }
}

#[test]
fn woodpecker_matches_glocker_studer() {
    let w = Woodpecker::default();
    check(&w, no_forces, 4);
    // Glocker & Studer 2005, eq. (14) and (16), with Table I parameters.
    let mut r = rng(44);
    for _ in 0..10 {
        let q = random_vector::<3>(&mut r, 0.3);
        let qd = random_vector::<3>(&mut r, 5.0);
        let (mut mm, mut h) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
        w.dynamics(&q, &qd, 0.0, &mut mm, &mut h);
        let (ms, mm_, lm, lg) = (w.m_S, w.m_M, w.l_M, w.l_G);
        let m14 = Matrix::<3, 3>::new(
            ms + mm_,
            ms * lm,
            ms * lg,
            ms * lm,
            w.J_M + ms * lm * lm,
            ms * lm * lg,
            ms * lg,
            ms * lm * lg,
            w.J_S + ms * lg * lg,
        );
        let h14 = Vector::<3>::new(
            -(ms + mm_) * w.g,
            -w.c_phi * (q[1] - q[2]) - ms * lm * w.g,
            -w.c_phi * (q[2] - q[1]) - ms * lg * w.g,
        );
        close(&mm, &m14, 1e-15, "eq. (14) M");
        close(&h, &h14, 1e-14, "eq. (14) h");
        let (mut wn, mut wnt, mut wt, mut wtt) = (
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
        );
        w.gap_jacobian(&q, 0.0, &mut wn, &mut wnt);
        w.slip_jacobian(&q, 0.0, &mut wt, &mut wtt);
        let wn16 = Matrix::<3, 3>::new(0.0, 0.0, 0.0, 0.0, w.h_M, -w.h_M, -w.h_S, 0.0, 0.0);
        let wt16 = Matrix::<3, 3>::new(1.0, 1.0, 1.0, w.l_M, w.r_M, w.r_M, w.l_G - w.l_S, 0.0, 0.0);
        close(&wn, &wn16, 1e-15, "eq. (16) W_N");
        close(&wt, &wt16, 1e-15, "eq. (16) W_T");
        assert_eq!(wnt, Vector::<3>::zeros(), "ŵ_N = 0");
        assert_eq!(wtt, Vector::<3>::zeros(), "ŵ_T = 0");
        let mut g = Vector::<3>::zeros();
        w.gaps(&q, 0.0, &mut g);
        let g15 = Vector::<3>::new(
            (w.l_M + w.l_G - w.l_S - w.r_O) - w.h_S * q[2],
            (w.r_M - w.r_O) + w.h_M * q[1],
            (w.r_M - w.r_O) - w.h_M * q[1],
        );
        close(&g, &g15, 1e-15, "eq. (15) gaps");
    }
    let laws = w.contact_laws();
    assert_eq!(laws[0].normal_restitution, 0.5);
    assert_eq!(laws[1].normal_restitution, 0.0);
    assert!(
        laws.iter()
            .all(|l| l.friction == 0.3 && l.tangential_restitution == 0.0 && l.has_tangent)
    );
}

#[test]
fn slider_crank() {
    // Q = (τ, 0, −c ẋ).
    check(
        &SliderCrank::default(),
        |m: &SliderCrank, _, qd, _| Vector::<3>::new(m.tau, 0.0, -m.c * qd[2]),
        5,
    );
}

#[test]
fn rod_wall() {
    check(&RodWall::default(), no_forces, 6);
}

#[test]
fn bouncing_ball() {
    check(&BouncingBall::default(), no_forces, 7);
}

/// Every generated quantity of the models with velocity constraints against finite
/// differences: M, h (no applied forces), and for each velocity constraint γ = A q̇ + a its
/// drift, rates (column 0 is γ itself), column Jacobians and ∂γ/∂q.
#[test]
fn velocity_constraint_models() {
    use mb_examples::rolling_models::{
        chaplygin_sleigh::ChaplyginSleigh, holonomic_pendulum::HolonomicPendulum,
        rolling_coin::RollingCoin, turntable_ball::TurntableBall,
        velocity_pendulum::VelocityPendulum,
    };
    check(&HolonomicPendulum::default(), no_forces, 61);
    check(&VelocityPendulum::default(), no_forces, 62);
    check(&ChaplyginSleigh::default(), no_forces, 63);
    check(&RollingCoin::default(), no_forces, 64);
    let spinning_up = TurntableBall {
        alpha: 0.7,
        ..Default::default()
    };
    check(&spinning_up, no_forces, 65);
}

/// The terms of the Coriolis identity at (q, q̇, t), each by its own route: Ṁ = d/ds M(q + s q̇,
/// t + s) and ∂M/∂t = d/ds M(q, t + s) by fourth-order differences (step 10⁻³) of the generated
/// M, and the generated C.
struct CoriolisTerms<const N: usize> {
    mass: Matrix<N, N>,
    mass_rate: Matrix<N, N>,
    mass_time_partial: Matrix<N, N>,
    coriolis: Matrix<N, N>,
}

fn coriolis_terms<M: Dynamics<N>, const N: usize>(
    model: &M,
    q: &Vector<N>,
    qd: &Vector<N>,
    t: f64,
) -> CoriolisTerms<N> {
    let mass_at = |x: &Vector<N>, time: f64| {
        let mut m = Matrix::<N, N>::zeros();
        model.mass_matrix(x, time, &mut m);
        m
    };
    let mass_rate = matrix_derivative(|s| mass_at(&(q + qd * s), t + s));
    let mass_time_partial = matrix_derivative(|s| mass_at(q, t + s));
    let mut coriolis = Matrix::<N, N>::zeros();
    model.coriolis(q, qd, t, &mut coriolis);
    CoriolisTerms {
        mass: mass_at(q, t),
        mass_rate,
        mass_time_partial,
        coriolis,
    }
}

/// F′(0) of a matrix function by the fourth-order central difference with step 10⁻³, entry by
/// entry the formula of `derivative`.
fn matrix_derivative<const N: usize>(f: impl Fn(f64) -> Matrix<N, N>) -> Matrix<N, N> {
    let h = 1e-3;
    (f(-2.0 * h) - f(2.0 * h) + (f(h) - f(-h)) * 8.0) / (12.0 * h)
}

/// ∂M/∂q_k for every k by fourth-order central differences (step 10⁻³) of the generated M.
fn mass_partials<M: Dynamics<N>, const N: usize>(
    model: &M,
    q: &Vector<N>,
    t: f64,
) -> Vec<Matrix<N, N>> {
    (0..N)
        .map(|k| {
            matrix_derivative(|s| {
                let mut m = Matrix::<N, N>::zeros();
                model.mass_matrix(&(q + unit::<N>(k) * s), t, &mut m);
                m
            })
        })
        .collect()
}

/// The Christoffel form of the Coriolis matrix from the partials of M:
/// C_ij = Σ_k ½ (∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i) q̇_k.
fn christoffel<const N: usize>(partials: &[Matrix<N, N>], qd: &Vector<N>) -> Matrix<N, N> {
    Matrix::<N, N>::from_fn(|i, j| {
        (0..N)
            .map(|k| {
                0.5 * (partials[k][(i, j)] + partials[j][(i, k)] - partials[i][(j, k)]) * qd[k]
            })
            .sum()
    })
}

/// C + Cᵀ = Ṁ − ∂M/∂t, i.e. Ṁ − ∂M/∂t − 2C skew-symmetric, and C is the Christoffel form of the
/// q-dependence of M (Murray, Li & Sastry 1994, Sect. 4.2), at ten random states of
/// `model` (q, q̇ ∈ [−1, 1]ᴺ, t ∈ [−1, 1]). The Christoffel form fixes C among the matrices with
/// C q̇ the velocity part of −h and C + Cᵀ = Ṁ − ∂M/∂t; both routes that make C (the Christoffel
/// symbols of the expanded and program routes, the recursion of Echeandia & Wensing 2021 on the
/// structured route) must give it.
fn coriolis_identity<M: Dynamics<N>, const N: usize>(model: &M, seed: u64) {
    let mut r = rng(seed);
    for _ in 0..10 {
        let q = random_vector::<N>(&mut r, 1.0);
        let qd = random_vector::<N>(&mut r, 1.0);
        let t = random_vector::<1>(&mut r, 1.0)[0];
        let k = coriolis_terms(model, &q, &qd, t);
        close_with(
            &(k.coriolis + k.coriolis.transpose()),
            &(k.mass_rate - k.mass_time_partial),
            1e-8,
            2.0 * noise(k.mass.amax(), 1),
            &format!("{}: C + Cᵀ = Ṁ − ∂M/∂t (Ṁ − ∂M/∂t − 2C skew)", M::NAME),
        );
        // Each entry sums 3N differences of M, each within its round-off floor.
        close_with(
            &k.coriolis,
            &christoffel(&mass_partials(model, &q, t), &qd),
            1e-8,
            1.5 * N as f64 * noise(k.mass.amax(), 1),
            &format!("{}: C is the Christoffel form of M", M::NAME),
        );
    }
}

/// Every `mechanism!` block of the examples that has every capability, once:
/// Ṁ − ∂M/∂t − 2C is skew-symmetric for every example mechanism, scleronomic or not. The list is
/// complete: its length equals the number of `mechanism!` blocks in the examples' sources
/// (counted by a text scan).
#[test]
fn coriolis_identity_holds_for_every_example() {
    let examples = every_example!(coriolis_identity, 100);
    let dynamics_only = every_dynamics_only_example!(coriolis_identity, 150);
    let rateless = every_rateless_example!(coriolis_identity, 170);
    let rates_only = every_rates_only_example!(coriolis_identity, 180);
    for check in examples
        .iter()
        .chain(&dynamics_only)
        .chain(&rateless)
        .chain(&rates_only)
    {
        check();
    }
    assert_eq!(dynamics_only.len(), DYNAMICS_ONLY_EXAMPLES);
    assert_eq!(rateless.len(), RATELESS_EXAMPLES);
    assert_eq!(rates_only.len(), RATES_ONLY_EXAMPLES);
    assert_every_block_listed(
        examples.len() + dynamics_only.len() + rateless.len() + rates_only.len(),
    );
}

/// The jets of every example with `Rates` (see `mb_testsupport::jet_disagreement`): coefficient 0
/// equals the `f64` functions, derivative 1 their central difference in time, and
/// derivatives 2 to 5 the differences of the jets' previous ones, along three random polynomial
/// trajectories per model (entries of every derivative of q uniform in ±1, t₀ = 0.3), to 1e-9
/// relative beyond the error bound of each difference (Richardson: |D(2h) − D(h)| plus the
/// rounding floor of the difference; the jets' own rounding, in sums of many cancelling
/// products for the 81 coordinates of the long four-bar chain, reaches 1e-10).
fn jets_agree<M: Rates<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    seed: u64,
) {
    let mut r = SplitMix(seed);
    for _ in 0..3 {
        let path = PolynomialPath::<NQ, NB, NU>::random(&mut r, 0.3, &Vector::zeros(), 1.0);
        let worst = jet_disagreement(model, &path);
        assert!(worst <= 1e-9, "{}: jets off by {worst:e}", M::NAME);
    }
}

#[test]
fn jets_are_the_time_derivatives_for_every_example() {
    let examples = every_example!(jets_agree, 300);
    let rates_only = every_rates_only_example!(jets_agree, 380);
    for check in examples.iter().chain(&rates_only) {
        check();
    }
    assert_every_block_listed(
        examples.len() + rates_only.len() + DYNAMICS_ONLY_EXAMPLES + RATELESS_EXAMPLES,
    );
}

/// The pumped double pendulum, whose M depends on t through the upper link's length
/// l₁(t) = l₀ + a sin(ωt): every derived quantity against finite differences (`check`); T, V and
/// M against the closed forms of the block's docs (positions r₁ = l₁ (sin θ₁, −cos θ₁),
/// r₂ = r₁ + l₂ (sin θ₂, −cos θ₂), written out here, not assembled by the compiler); and the
/// failure of the scleronomic identity: the symmetric part of Ṁ − 2C is ∂M/∂t, with
/// ∂M₁₁/∂t = 2 (m₁ + m₂) l₁ l̇₁, ∂M₁₂/∂t = m₂ l̇₁ l₂ cos(θ₁ − θ₂), ∂M₂₂/∂t = 0, so a test of
/// "Ṁ − 2C skew-symmetric" fails on this model while Ṁ − ∂M/∂t − 2C is skew-symmetric.
#[test]
fn telescopic_double_pendulum() {
    use mb_examples::rheonomic_models::telescopic_double_pendulum::TelescopicDoublePendulum;
    let model = TelescopicDoublePendulum::default();
    check(&model, no_forces, 8);
    let p = &model;
    let mut r = rng(88);
    let mut smallest_defect = f64::INFINITY;
    for _ in 0..20 {
        let q = random_vector::<2>(&mut r, 1.0);
        let qd = random_vector::<2>(&mut r, 1.0);
        // |ωt| ≤ 1, so l̇₁ = aω cos(ωt) ≥ 0.54 aω: ∂M/∂t stays well away from zero.
        let t = random_vector::<1>(&mut r, 0.5)[0];
        let (l1, l1_dot) = (p.l0 + p.a * (p.w * t).sin(), p.a * p.w * (p.w * t).cos());
        let (s1, c1, s2, c2) = (q[0].sin(), q[0].cos(), q[1].sin(), q[1].cos());
        let v1 = Vector::<2>::new(
            l1_dot * s1 + l1 * c1 * qd[0],
            -l1_dot * c1 + l1 * s1 * qd[0],
        );
        let v2 = v1 + Vector::<2>::new(p.l2 * c2 * qd[1], p.l2 * s2 * qd[1]);
        let kinetic = 0.5 * p.m1 * v1.norm_squared() + 0.5 * p.m2 * v2.norm_squared();
        let potential = -p.g * ((p.m1 + p.m2) * l1 * c1 + p.m2 * p.l2 * c2);
        let coupling = (q[0] - q[1]).cos();
        let mass = Matrix::<2, 2>::new(
            (p.m1 + p.m2) * l1 * l1,
            p.m2 * l1 * p.l2 * coupling,
            p.m2 * l1 * p.l2 * coupling,
            p.m2 * p.l2 * p.l2,
        );
        let mass_time_partial = Matrix::<2, 2>::new(
            2.0 * (p.m1 + p.m2) * l1 * l1_dot,
            p.m2 * l1_dot * p.l2 * coupling,
            p.m2 * l1_dot * p.l2 * coupling,
            0.0,
        );
        let energies = Vector::<2>::new(
            model.kinetic_energy(&q, &qd, t),
            model.potential_energy(&q, t),
        );
        close(
            &energies,
            &Vector::<2>::new(kinetic, potential),
            1e-14,
            "T, V",
        );
        let k = coriolis_terms(&model, &q, &qd, t);
        close(&k.mass, &mass, 1e-14, "M closed form");
        let fd_noise = noise(mass.amax(), 1);
        close_with(
            &k.mass_time_partial,
            &mass_time_partial,
            1e-8,
            fd_noise,
            "∂M/∂t",
        );
        close_with(
            &(k.coriolis + k.coriolis.transpose()),
            &(k.mass_rate - mass_time_partial),
            1e-8,
            fd_noise,
            "C + Cᵀ = Ṁ − ∂M/∂t",
        );
        // The scleronomic claim: Ṁ − 2C would be skew. Its symmetric part is ∂M/∂t instead.
        let x = k.mass_rate - k.coriolis * 2.0;
        close_with(
            &(x + x.transpose()),
            &(mass_time_partial * 2.0),
            1e-8,
            2.0 * fd_noise,
            "(Ṁ − 2C) + (Ṁ − 2C)ᵀ = 2 ∂M/∂t",
        );
        smallest_defect = smallest_defect.min((x + x.transpose()).amax() / x.amax());
    }
    // The old check, |X + Xᵀ| ≤ 10⁻¹² |X| for X = Ṁ − 2C, fails by eleven orders of magnitude.
    assert!(
        smallest_defect > 0.1,
        "Ṁ − 2C is nearly skew-symmetric: |X + Xᵀ| / |X| = {smallest_defect:e}"
    );
}

/// The fourth-order central difference f′(0) of [`derivative`] with step ε, and an a-posteriori
/// bound of its error: the truncation error E(ε) ≈ c ε⁴ grows sixteenfold with the step, so
/// |D(2ε) − D(ε)| ≈ 15 E(ε) (Richardson), plus the rounding floor 10 u max|f| / ε over the
/// stencil (u = 2.2·10⁻¹⁶, seven times the rounding estimate 1.5 u |f| / ε).
fn fd_with_bound(f: impl Fn(f64) -> f64, step: f64) -> (f64, f64) {
    let size = std::cell::Cell::new(0.0_f64);
    let sampled = |s: f64| {
        let v = f(s);
        size.set(size.get().max(v.abs()));
        v
    };
    let d = derivative(sampled, step);
    let d2 = derivative(&f, 2.0 * step);
    (d, (d2 - d).abs() + 10.0 * f64::EPSILON * size.get() / step)
}

/// Column j of the result: ∂f/∂x_j at `x` by [`fd_with_bound`] with ε = 10⁻³, and the largest
/// error bound of its entries.
fn fd_jacobian<const R: usize, const N: usize>(
    f: impl Fn(&Vector<N>) -> Vector<R>,
    x: &Vector<N>,
) -> (Matrix<R, N>, f64) {
    let mut bound = 0.0_f64;
    let mut jac = Matrix::<R, N>::zeros();
    for j in 0..N {
        for i in 0..R {
            let (d, b) = fd_with_bound(|s| f(&(x + unit::<N>(j) * s))[i], 1e-3);
            jac[(i, j)] = d;
            bound = bound.max(b);
        }
    }
    (jac, bound)
}

/// d/dp_k of `f(model with p_k)` by [`fd_with_bound`] with step ε_k = 10⁻³ max(|p_k|, 10⁻³), and
/// the largest error bound of its entries.
fn fd_parameter<M: Dynamics<NQ> + Clone, const NQ: usize, const R: usize>(
    model: &M,
    k: usize,
    f: impl Fn(&M) -> Vector<R>,
) -> (Vector<R>, f64) {
    let p0 = model.parameter(k).expect("parameter k exists");
    let step = 1e-3 * p0.abs().max(1e-3);
    let at = |s: f64| {
        let mut m = model.clone();
        m.set_parameter(k, p0 + s).expect("finite parameter");
        f(&m)
    };
    let mut bound = 0.0_f64;
    let d = Vector::<R>::from_fn(|i, _| {
        let (d, b) = fd_with_bound(|s| at(s)[i], step);
        bound = bound.max(b);
        d
    });
    (d, bound)
}

/// Whether g, g_N, W_T or ŵ_T of `model` change at (q, t) when parameter k moves by a relative
/// 10⁻³ (a parameter they do not read leaves them bitwise unchanged).
fn constraints_move<
    M: Constraints<NQ, NB, NU> + Clone,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
>(
    model: &M,
    k: usize,
    q: &Vector<NQ>,
    t: f64,
) -> bool {
    let values = |m: &M| {
        let (mut g, mut g_n) = (Vector::<NB>::zeros(), Vector::<NU>::zeros());
        let (mut w_t, mut w_t_hat) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
        let (mut gj, mut gt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
        m.bilateral(q, t, &mut g);
        m.bilateral_jacobian(q, t, &mut gj, &mut gt);
        m.gaps(q, t, &mut g_n);
        m.slip_jacobian(q, t, &mut w_t, &mut w_t_hat);
        // A velocity constraint has no g: its column and offset carry its parameters.
        (g, g_n, w_t, w_t_hat, gj, gt)
    };
    let p0 = model.parameter(k).expect("parameter k exists");
    let mut moved = model.clone();
    moved
        .set_parameter(k, p0 + 1e-3 * p0.abs().max(1e-3))
        .expect("finite parameter");
    values(model) != values(&moved)
}

/// Every Jacobian of `model` against central finite differences of its generated lower-order
/// functions, at eight random states (q, q̇, a ∈ [−1, 1]ᴺ, t ∈ [−1, 1]):
/// ∂h/∂q, ∂h/∂q̇, ∂h/∂t of `forces`; ∂(M a)/∂q of `mass_matrix`; ∂h/∂p_k, ∂(M a)/∂p_k through
/// `set_parameter`; the drift Jacobians of `bilateral_drift` and `gap_drift`;
/// `parameter_enters_constraints` against whether g, g_N, W_T or ŵ_T move with p_k.
///
/// Error bound. [`derivative`] is the fourth-order central difference
/// (−f(2ε) + 8f(ε) − 8f(−ε) + f(−2ε)) / 12ε: truncation ε⁴ |f⁽⁵⁾| / 30, rounding ≈ 1.5 u |f| / ε
/// (u = 2.2·10⁻¹⁶). ε = 10⁻³ (10⁻³ |p_k| in a parameter) balances the two for |f⁽⁵⁾| ≈ |f|:
/// truncation ≈ 3·10⁻¹⁴ |f|, rounding ≈ 3·10⁻¹³ |f|. Near a singular configuration (a string
/// or rod of nearly zero length at a random state) |f⁽⁵⁾| is larger by orders of magnitude, so
/// the truncation is bounded a posteriori instead of assumed: each check requires
/// |exact − fd| ≤ 10⁻⁸ max|exact, fd| + |D(2ε) − D(ε)| + 10 u max|f| / ε ([`fd_with_bound`]),
/// the middle term being fifteen times the truncation error of D(ε) and the last seven times
/// its rounding error. A wrong term or sign is off by O(1) relative.
fn check_jacobians<M, const NQ: usize, const NB: usize, const NU: usize>(model: &M, seed: u64)
where
    M: Jacobians<NQ, NB, NU> + Clone,
{
    let name = M::NAME;
    let np = model.parameter_names().len();
    let mut r = rng(seed);
    let mut moves = vec![false; np];
    for _ in 0..8 {
        let q = random_vector::<NQ>(&mut r, 1.0);
        let qd = random_vector::<NQ>(&mut r, 1.0);
        let a = random_vector::<NQ>(&mut r, 1.0);
        let t = random_vector::<1>(&mut r, 1.0)[0];
        let forces = |m: &M, q: &Vector<NQ>, qd: &Vector<NQ>, t: f64| {
            let mut h = Vector::<NQ>::zeros();
            m.forces(q, qd, t, &mut h);
            h
        };
        let mass_action = |m: &M, q: &Vector<NQ>| {
            let mut mm = Matrix::<NQ, NQ>::zeros();
            m.mass_matrix(q, t, &mut mm);
            mm * a
        };

        let (mut dh_dq, mut dh_dqd) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        model.force_jacobians(&q, &qd, t, &mut dh_dq, &mut dh_dqd);
        let (fd, bound) = fd_jacobian(|x| forces(model, x, &qd, t), &q);
        close_with(&dh_dq, &fd, 1e-8, bound, &format!("{name}: ∂h/∂q"));
        let (fd, bound) = fd_jacobian(|v| forces(model, &q, v, t), &qd);
        close_with(&dh_dqd, &fd, 1e-8, bound, &format!("{name}: ∂h/∂q̇"));
        let mut dh_dt = Vector::<NQ>::zeros();
        model.force_time_partial(&q, &qd, t, &mut dh_dt);
        let (fd, bound) = fd_jacobian(|s| forces(model, &q, &qd, t + s[0]), &Vector::<1>::zeros());
        close_with(
            &dh_dt,
            &fd.column(0).into_owned(),
            1e-8,
            bound,
            &format!("{name}: ∂h/∂t"),
        );

        let mut dma_dq = Matrix::<NQ, NQ>::zeros();
        model.mass_action_jacobian(&q, t, &a, &mut dma_dq);
        let (fd, bound) = fd_jacobian(|x| mass_action(model, x), &q);
        close_with(&dma_dq, &fd, 1e-8, bound, &format!("{name}: ∂(M a)/∂q"));

        for (k, moved) in moves.iter_mut().enumerate() {
            let p = model.parameter_names()[k];
            let mut dh_dp = Vector::<NQ>::zeros();
            assert!(model.force_parameter_derivative(&q, &qd, t, k, &mut dh_dp));
            let (fd, bound) = fd_parameter(model, k, |m| forces(m, &q, &qd, t));
            close_with(&dh_dp, &fd, 1e-8, bound, &format!("{name}: ∂h/∂{p}"));
            let mut dma_dp = Vector::<NQ>::zeros();
            assert!(model.mass_action_parameter_derivative(&q, t, &a, k, &mut dma_dp));
            let (fd, bound) = fd_parameter(model, k, |m| mass_action(m, &q));
            close_with(&dma_dp, &fd, 1e-8, bound, &format!("{name}: ∂(M a)/∂{p}"));
            *moved |= constraints_move(model, k, &q, t);
        }
        // No parameter np: false, and the buffer untouched.
        let mut out = Vector::<NQ>::repeat(7.0);
        assert!(!model.force_parameter_derivative(&q, &qd, t, np, &mut out));
        assert!(!model.mass_action_parameter_derivative(&q, t, &a, np, &mut out));
        assert_eq!(out, Vector::<NQ>::repeat(7.0), "{name}: buffer touched");

        let drift_b = |x: &Vector<NQ>, v: &Vector<NQ>| {
            let mut d = Vector::<NB>::zeros();
            model.bilateral_drift(x, v, t, &mut d);
            d
        };
        let (mut d_dq, mut d_dqd) = (Matrix::<NB, NQ>::zeros(), Matrix::<NB, NQ>::zeros());
        model.bilateral_drift_jacobians(&q, &qd, t, &mut d_dq, &mut d_dqd);
        let (fd, bound) = fd_jacobian(|x| drift_b(x, &qd), &q);
        close_with(&d_dq, &fd, 1e-8, bound, &format!("{name}: ∂d_B/∂q"));
        let (fd, bound) = fd_jacobian(|v| drift_b(&q, v), &qd);
        close_with(&d_dqd, &fd, 1e-8, bound, &format!("{name}: ∂d_B/∂q̇"));

        // ∂γ/∂q at fixed q̇ of γ = Gᵀq̇ + ĝ (generated for velocity constraints; the
        // default ½ ∂d/∂q̇ of holonomic ones is checked too).
        let gamma = |x: &Vector<NQ>| {
            let (mut w, mut wt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
            model.bilateral_jacobian(x, t, &mut w, &mut wt);
            w.transpose() * qd + wt
        };
        let mut dgamma = Matrix::<NB, NQ>::zeros();
        model.bilateral_velocity_jacobian(&q, &qd, t, &mut dgamma);
        let (fd, bound) = fd_jacobian(gamma, &q);
        close_with(&dgamma, &fd, 1e-8, bound, &format!("{name}: ∂γ/∂q"));

        let drift_n = |x: &Vector<NQ>, v: &Vector<NQ>| {
            let mut d = Vector::<NU>::zeros();
            model.gap_drift(x, v, t, &mut d);
            d
        };
        let (mut d_dq, mut d_dqd) = (Matrix::<NU, NQ>::zeros(), Matrix::<NU, NQ>::zeros());
        model.gap_drift_jacobians(&q, &qd, t, &mut d_dq, &mut d_dqd);
        let (fd, bound) = fd_jacobian(|x| drift_n(x, &qd), &q);
        close_with(&d_dq, &fd, 1e-8, bound, &format!("{name}: ∂d_N/∂q"));
        let (fd, bound) = fd_jacobian(|v| drift_n(&q, v), &qd);
        close_with(&d_dqd, &fd, 1e-8, bound, &format!("{name}: ∂d_N/∂q̇"));
    }
    for (k, moved) in moves.iter().enumerate() {
        assert_eq!(
            model.parameter_enters_constraints(k),
            *moved,
            "{name}: parameter {} enters the constraints",
            model.parameter_names()[k]
        );
    }
    assert!(!model.parameter_enters_constraints(np));
}

/// The Jacobians of every example mechanism against finite differences (`check_jacobians`). The
/// list is complete: its length equals the number of `mechanism!` blocks in the examples'
/// sources (counted by a text scan).
#[test]
fn jacobians_of_every_example_match_finite_differences() {
    let examples = every_example!(check_jacobians, 200);
    let rateless = every_rateless_example!(check_jacobians, 260);
    for check in examples.iter().chain(&rateless) {
        check();
    }
    assert_every_block_listed(
        examples.len() + rateless.len() + DYNAMICS_ONLY_EXAMPLES + RATES_ONLY_EXAMPLES,
    );
}

/// The pendulum's Jacobians against their closed forms: with M = m l² and
/// h = −m g l sin θ − c θ̇, ∂h/∂θ = −m g l cos θ, ∂h/∂θ̇ = −c, ∂h/∂t = 0, ∂(M a)/∂θ = 0;
/// ∂h/∂(m, l, g, c) = (−g l sin θ, −m g sin θ, −m l sin θ, −θ̇); ∂(M a)/∂(m, l, g, c) =
/// (l² a, 2 m l a, 0, 0); no parameter enters a constraint (there are none).
#[test]
fn pendulum_jacobians_match_closed_form() {
    let model = Pendulum {
        c: 0.3,
        ..Default::default()
    };
    let (m, l, g, c) = (model.m, model.l, model.g, model.c);
    let mut r = rng(301);
    for _ in 0..10 {
        let [th, thd, a, t] = random_vector::<4>(&mut r, 3.0).into();
        let (q, qd, av) = (
            Vector::<1>::new(th),
            Vector::<1>::new(thd),
            Vector::<1>::new(a),
        );
        let (mut dh_dq, mut dh_dqd) = (Matrix::<1, 1>::zeros(), Matrix::<1, 1>::zeros());
        model.force_jacobians(&q, &qd, t, &mut dh_dq, &mut dh_dqd);
        let one = |x: f64| Matrix::<1, 1>::new(x);
        close(
            &dh_dq,
            &one(-m * g * l * th.cos()),
            1e-15,
            "∂h/∂θ = −m g l cos θ",
        );
        close(&dh_dqd, &one(-c), 0.0, "∂h/∂θ̇ = −c");
        let mut dh_dt = Vector::<1>::repeat(1.0);
        model.force_time_partial(&q, &qd, t, &mut dh_dt);
        assert_eq!(dh_dt[0], 0.0, "∂h/∂t = 0");
        let mut dma = Matrix::<1, 1>::repeat(1.0);
        model.mass_action_jacobian(&q, t, &av, &mut dma);
        assert_eq!(dma[(0, 0)], 0.0, "∂(M a)/∂θ = 0");
        let dh_dp = [
            -g * l * th.sin(),
            -m * g * th.sin(),
            -m * l * th.sin(),
            -thd,
        ];
        let dma_dp = [l * l * a, 2.0 * m * l * a, 0.0, 0.0];
        for k in 0..4 {
            let mut out = Vector::<1>::zeros();
            assert!(model.force_parameter_derivative(&q, &qd, t, k, &mut out));
            close(&out, &Vector::<1>::new(dh_dp[k]), 1e-15, "∂h/∂p_k");
            assert!(model.mass_action_parameter_derivative(&q, t, &av, k, &mut out));
            close(&out, &Vector::<1>::new(dma_dp[k]), 1e-15, "∂(M a)/∂p_k");
            assert!(!model.parameter_enters_constraints(k));
        }
    }
}

/// The planar 3-link chain (point masses m_k at the link ends, absolute angles θ_k, links l_k,
/// μ_k = Σ_{i≥k} m_i): M_jk = μ_max(j,k) l_j l_k cos(θ_j − θ_k), and Lagrange's equations give
/// h_j = −Σ_k μ_max(j,k) l_j l_k sin(θ_j − θ_k) θ̇_k² − g μ_j l_j sin θ_j. Differentiated by hand:
/// ∂h_j/∂θ_i = μ_max(i,j) l_j l_i cos(θ_j − θ_i) θ̇_i² (i ≠ j),
/// ∂h_j/∂θ_j = −Σ_{k≠j} μ_max(j,k) l_j l_k cos(θ_j − θ_k) θ̇_k² − g μ_j l_j cos θ_j,
/// ∂h_j/∂θ̇_i = −2 μ_max(i,j) l_j l_i sin(θ_j − θ_i) θ̇_i,
/// ∂(M a)_j/∂θ_i = μ_max(i,j) l_j l_i sin(θ_j − θ_i) a_i (i ≠ j),
/// ∂(M a)_j/∂θ_j = −Σ_{k≠j} μ_max(j,k) l_j l_k sin(θ_j − θ_k) a_k,
/// ∂h_j/∂g = −μ_j l_j sin θ_j and ∂(M a)_j/∂m_i = Σ_{k: max(j,k) ≤ i} l_j l_k cos(θ_j − θ_k) a_k.
#[test]
fn chain3_jacobians_match_closed_form() {
    let model = Chain3::default();
    let m = [model.m1, model.m2, model.m3];
    let l = [model.l1, model.l2, model.l3];
    let g = model.g;
    let mu = |k: usize| -> f64 { m[k..].iter().sum() };
    let mut r = rng(302);
    for _ in 0..20 {
        let q = random_vector::<3>(&mut r, 3.0);
        let qd = random_vector::<3>(&mut r, 2.0);
        let a = random_vector::<3>(&mut r, 1.0);
        let s = |j: usize, k: usize| (q[j] - q[k]).sin();
        let c = |j: usize, k: usize| (q[j] - q[k]).cos();
        let coupling = |j: usize, k: usize| mu(j.max(k)) * l[j] * l[k];
        let h = Vector::<3>::from_fn(|j, _| {
            let velocity: f64 = (0..3)
                .map(|k| coupling(j, k) * s(j, k) * qd[k] * qd[k])
                .sum();
            -velocity - g * mu(j) * l[j] * q[j].sin()
        });
        let dh_dq = Matrix::<3, 3>::from_fn(|j, i| {
            if i != j {
                coupling(j, i) * c(j, i) * qd[i] * qd[i]
            } else {
                let others: f64 = (0..3)
                    .filter(|&k| k != j)
                    .map(|k| coupling(j, k) * c(j, k) * qd[k] * qd[k])
                    .sum();
                -others - g * mu(j) * l[j] * q[j].cos()
            }
        });
        let dh_dqd = Matrix::<3, 3>::from_fn(|j, i| -2.0 * coupling(j, i) * s(j, i) * qd[i]);
        let dma_dq = Matrix::<3, 3>::from_fn(|j, i| {
            if i != j {
                coupling(j, i) * s(j, i) * a[i]
            } else {
                -(0..3)
                    .filter(|&k| k != j)
                    .map(|k| coupling(j, k) * s(j, k) * a[k])
                    .sum::<f64>()
            }
        });
        let mut h_gen = Vector::<3>::zeros();
        model.forces(&q, &qd, 0.0, &mut h_gen);
        close(&h_gen, &h, 1e-13, "h closed form");
        let (mut j_q, mut j_qd) = (Matrix::<3, 3>::zeros(), Matrix::<3, 3>::zeros());
        model.force_jacobians(&q, &qd, 0.0, &mut j_q, &mut j_qd);
        close(&j_q, &dh_dq, 1e-13, "∂h/∂θ closed form");
        close(&j_qd, &dh_dqd, 1e-13, "∂h/∂θ̇ closed form");
        let mut j_ma = Matrix::<3, 3>::zeros();
        model.mass_action_jacobian(&q, 0.0, &a, &mut j_ma);
        close(&j_ma, &dma_dq, 1e-13, "∂(M a)/∂θ closed form");
        // Parameters in declaration order: m1, m2, m3, l1, l2, l3, g.
        let mut out = Vector::<3>::zeros();
        assert!(model.force_parameter_derivative(&q, &qd, 0.0, 6, &mut out));
        let dh_dg = Vector::<3>::from_fn(|j, _| -mu(j) * l[j] * q[j].sin());
        close(&out, &dh_dg, 1e-14, "∂h/∂g closed form");
        for i in 0..3 {
            assert!(model.mass_action_parameter_derivative(&q, 0.0, &a, i, &mut out));
            let dma_dm = Vector::<3>::from_fn(|j, _| {
                (0..3)
                    .filter(|&k| j.max(k) <= i)
                    .map(|k| l[j] * l[k] * c(j, k) * a[k])
                    .sum()
            });
            close(&out, &dma_dm, 1e-14, "∂(M a)/∂m_i closed form");
        }
    }
}

/// The woodpecker of Glocker & Studer (2005), eq. (14)–(16): M is constant and h is linear in q,
/// h = (−(m_S + m_M) g, −c_φ(φ_M − φ_S) − m_S l_M g, −c_φ(φ_S − φ_M) − m_S l_G g), so
/// ∂h/∂q = [[0, 0, 0], [0, −c_φ, c_φ], [0, c_φ, −c_φ]], ∂h/∂q̇ = 0, ∂(M a)/∂q = 0; with
/// u = (1, l_M, l_G), ∂M/∂m_S = u uᵀ and ∂h/∂m_S = −g u. The gaps (15) and the slip directions
/// (16) contain exactly the seven geometric parameters r_O, r_M, h_M, l_M, l_G, h_S, l_S.
#[test]
fn woodpecker_jacobians_match_glocker_studer() {
    let w = Woodpecker::default();
    let c = w.c_phi;
    let u = Vector::<3>::new(1.0, w.l_M, w.l_G);
    let dh_dq = Matrix::<3, 3>::new(0.0, 0.0, 0.0, 0.0, -c, c, 0.0, c, -c);
    let names = w.parameter_names();
    let index = |n: &str| names.iter().position(|p| *p == n).expect("parameter");
    let geometric = ["r_O", "r_M", "h_M", "l_M", "l_G", "h_S", "l_S"];
    for (k, name) in names.iter().enumerate() {
        assert_eq!(
            w.parameter_enters_constraints(k),
            geometric.contains(name),
            "{name} in the gaps (15) or slip directions (16)"
        );
    }
    let mut r = rng(303);
    for _ in 0..10 {
        let q = random_vector::<3>(&mut r, 0.3);
        let qd = random_vector::<3>(&mut r, 5.0);
        let a = random_vector::<3>(&mut r, 1.0);
        let (mut j_q, mut j_qd) = (Matrix::<3, 3>::zeros(), Matrix::<3, 3>::repeat(1.0));
        w.force_jacobians(&q, &qd, 0.0, &mut j_q, &mut j_qd);
        close(&j_q, &dh_dq, 1e-15, "eq. (14): ∂h/∂q");
        assert_eq!(j_qd, Matrix::<3, 3>::zeros(), "eq. (14): ∂h/∂q̇ = 0");
        let mut j_ma = Matrix::<3, 3>::repeat(1.0);
        w.mass_action_jacobian(&q, 0.0, &a, &mut j_ma);
        assert_eq!(j_ma, Matrix::<3, 3>::zeros(), "eq. (14): M constant");
        let mut out = Vector::<3>::zeros();
        assert!(w.force_parameter_derivative(&q, &qd, 0.0, index("m_S"), &mut out));
        close(&out, &(-w.g * u), 1e-15, "∂h/∂m_S = −g u");
        assert!(w.mass_action_parameter_derivative(&q, 0.0, &a, index("m_S"), &mut out));
        close(&out, &(u * u.dot(&a)), 1e-15, "∂(M a)/∂m_S = u uᵀ a");
    }
}
