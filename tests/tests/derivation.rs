//! Every derived quantity of every example, checked at random states against an independent
//! numeric route: finite differences of the generated T, V and constraint values (direct
//! translations of the block), or a closed form where a paper gives one.
//!
//! Invariants (DESIGN.md "Derivation"; Lötstedt 1982 (5.10)–(5.12); Schulz & Pellegrino 2000
//! (2.8)–(2.17)):
//! - M = ∂²T/∂q̇², h = ∂T/∂q − (∂²T/∂q̇∂q)q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q;
//! - C q̇ is the velocity part of −h, and Ṁ − 2C is skew-symmetric;
//! - Jacobians are gradients of the constraint values; drifts are d/dt(Wᵀ) q̇;
//! - d^k/dt^k (k ≤ 4) of gaps and constraints, Ẇ, Ẅ of their Jacobians, Ṁ, M̈, ḣ, ḧ along
//!   q(s) = q + q̇s + q̈s²/2 + q⃛s³/6 + q⁗s⁴/24 match finite differences;
//! - ∇V, ∇²V, ∂∇V/∂p and constraint Hessians match finite differences.

use mb_examples::{
    bouncing_ball::BouncingBall, chain3::Chain3, double_pendulum::DoublePendulum,
    pendulum::Pendulum, rod_wall::RodWall, slider_crank::SliderCrank, woodpecker::Woodpecker,
};
use mb_tests::{diff, fd_conservative_forces, fd_mass, random_vector, rng, unit};
use mbruntime::{Matrix, Mechanism, Vector};

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

/// The quartic q(s) = q + q̇s + q̈s²/2 + q⃛s³/6 + q⁗s⁴/24 and its first four derivatives.
fn trajectory<const N: usize>(
    q: &Vector<N>,
    v: &Vector<N>,
    a: &Vector<N>,
    j: &Vector<N>,
    f: &Vector<N>,
    s: f64,
) -> [Vector<N>; 5] {
    let (s2, s3, s4) = (s * s / 2.0, s * s * s / 6.0, s * s * s * s / 24.0);
    [
        q + v * s + a * s2 + j * s3 + f * s4,
        v + a * s + j * s2 + f * s3,
        a + j * s + f * s2,
        j + f * s,
        *f,
    ]
}

/// Ẇ = D(W) and Ẅ = D²(W) of a Jacobian `jac(q, t)` against finite differences along the
/// trajectory `at`: Ẇ from W(q(s), t + s), Ẅ from the generated Ẇ(q(s), q̇(s), q̈(s), t + s).
#[track_caller]
fn check_jacobian_rates<const NQ: usize, const K: usize>(
    jac: impl Fn(&Vector<NQ>, f64) -> Matrix<NQ, K>,
    rates: impl Fn(&Vector<NQ>, &Vector<NQ>, &Vector<NQ>, f64) -> (Matrix<NQ, K>, Matrix<NQ, K>),
    at: impl Fn(f64) -> [Vector<NQ>; 5],
    t: f64,
    what: &str,
) {
    let [q, v, a, ..] = at(0.0);
    let (w_dot, w_ddot) = rates(&q, &v, &a, t);
    let fd_dot = Matrix::<NQ, K>::from_fn(|i, j| {
        diff(
            |s| {
                let [x, ..] = at(s);
                jac(&x, t + s)[(i, j)]
            },
            1e-3,
        )
    });
    close_with(
        &w_dot,
        &fd_dot,
        1e-8,
        noise(jac(&q, t).amax(), 1),
        &format!("{what} first rate"),
    );
    let fd_ddot = Matrix::<NQ, K>::from_fn(|i, j| {
        diff(
            |s| {
                let [x, v, a, ..] = at(s);
                rates(&x, &v, &a, t + s).0[(i, j)]
            },
            1e-3,
        )
    });
    close_with(
        &w_ddot,
        &fd_ddot,
        1e-8,
        noise(w_dot.amax(), 1),
        &format!("{what} second rate"),
    );
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
        let qdd = random_vector::<NQ>(&mut r, 1.0);
        let qddd = random_vector::<NQ>(&mut r, 1.0);
        let qdddd = random_vector::<NQ>(&mut r, 1.0);
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
            diff(
                |s| model.potential_energy(&(q + unit::<NQ>(i) * s), t),
                1e-3,
            )
        });
        close_with(&grad, &fd_grad, 1e-8, noise(vsize, 1), "∇V");
        let mut hess = Matrix::<NQ, NQ>::zeros();
        model.potential_hessian(&q, t, &mut hess);
        let fd_hess = Matrix::<NQ, NQ>::from_fn(|i, j| {
            diff(
                |s| {
                    let mut g = Vector::<NQ>::zeros();
                    model.potential_gradient(&(q + unit::<NQ>(j) * s), t, &mut g);
                    g[i]
                },
                1e-3,
            )
        });
        close_with(&hess, &fd_hess, 1e-8, noise(grad.amax(), 1), "∇²V");

        // Coriolis: for these scleronomic models h = −C q̇ − ∇V + Q, and Ṁ − 2C is skew.
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
        let (mut md, mut mdd) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
        model.mass_matrix_rates(&q, &qd, &qdd, t, &mut md, &mut mdd);
        let skew = md - c * 2.0;
        close(&skew, &(-skew.transpose()), 1e-12, "Ṁ − 2C skew-symmetric");

        // Rates along a quartic trajectory.
        let at = |s: f64| trajectory(&q, &qd, &qdd, &qddd, &qdddd, s);
        let fd_md = Matrix::<NQ, NQ>::from_fn(|i, j| {
            diff(
                |s| {
                    let [x, ..] = at(s);
                    let mut m = Matrix::<NQ, NQ>::zeros();
                    model.mass_matrix(&x, t + s, &mut m);
                    m[(i, j)]
                },
                1e-3,
            )
        });
        close_with(&md, &fd_md, 1e-8, noise(mm.amax(), 1), "Ṁ");
        let fd_mdd = Matrix::<NQ, NQ>::from_fn(|i, j| {
            diff(
                |s| {
                    let [x, v, a, ..] = at(s);
                    let (mut a1, mut a2) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
                    model.mass_matrix_rates(&x, &v, &a, t + s, &mut a1, &mut a2);
                    a1[(i, j)]
                },
                1e-3,
            )
        });
        close_with(&mdd, &fd_mdd, 1e-8, noise(md.amax(), 1), "M̈");
        let (mut hd, mut hdd) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
        model.force_rates(&q, &qd, &qdd, &qddd, t, &mut hd, &mut hdd);
        let fd_hd = Vector::<NQ>::from_fn(|i, _| {
            diff(
                |s| {
                    let [x, v, ..] = at(s);
                    let mut f = Vector::<NQ>::zeros();
                    model.forces(&x, &v, t + s, &mut f);
                    f[i]
                },
                1e-3,
            )
        });
        close_with(&hd, &fd_hd, 1e-8, noise(h.amax(), 1), "ḣ");
        let fd_hdd = Vector::<NQ>::from_fn(|i, _| {
            diff(
                |s| {
                    let [x, v, a, j, _] = at(s);
                    let (mut a1, mut a2) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
                    model.force_rates(&x, &v, &a, &j, t + s, &mut a1, &mut a2);
                    a1[i]
                },
                1e-3,
            )
        });
        close_with(&hdd, &fd_hdd, 1e-8, noise(hd.amax(), 1), "ḧ");

        // Bilateral constraints.
        let (mut gj, mut gt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
        model.bilateral_jacobian(&q, t, &mut gj, &mut gt);
        let fd_gj = Matrix::<NQ, NB>::from_fn(|i, j| {
            diff(
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
        close_with(&gj, &fd_gj, 1e-8, noise(gsize, 1), "G = ∇g");
        let mut gdrift = Vector::<NB>::zeros();
        model.bilateral_drift(&q, &qd, t, &mut gdrift);
        let fd_gdrift = Vector::<NB>::from_fn(|j, _| {
            diff(
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
        let mut grates = Matrix::<NB, 4>::zeros();
        model.bilateral_time_derivatives(&q, &qd, &qdd, &qddd, &qdddd, t, &mut grates);
        for k in 0..4 {
            let fd = Vector::<NB>::from_fn(|j, _| {
                diff(
                    |s| {
                        let [x, v, a, jj, ff] = at(s);
                        if k == 0 {
                            let mut g = Vector::<NB>::zeros();
                            model.bilateral(&x, t + s, &mut g);
                            g[j]
                        } else {
                            let mut o = Matrix::<NB, 4>::zeros();
                            model.bilateral_time_derivatives(&x, &v, &a, &jj, &ff, t + s, &mut o);
                            o[(j, k - 1)]
                        }
                    },
                    1e-3,
                )
            });
            let prev = if k == 0 {
                gsize
            } else {
                grates.column(k - 1).amax()
            };
            close_with(
                &grates.column(k).into_owned(),
                &fd,
                1e-8,
                noise(prev, 1),
                &format!("d^{}g/dt^{}", k + 1, k + 1),
            );
        }
        for i in 0..NB {
            let mut hh = Matrix::<NQ, NQ>::zeros();
            assert!(model.bilateral_hessian(&q, t, i, &mut hh));
            let fd = Matrix::<NQ, NQ>::from_fn(|a, b| {
                diff(
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

        check_jacobian_rates(
            |x, t| {
                let (mut w, mut wt) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
                model.bilateral_jacobian(x, t, &mut w, &mut wt);
                w
            },
            |x, v, a, t| {
                let (mut r1, mut r2) = (Matrix::<NQ, NB>::zeros(), Matrix::<NQ, NB>::zeros());
                model.bilateral_jacobian_rates(x, v, a, t, &mut r1, &mut r2);
                (r1, r2)
            },
            at,
            t,
            "Ġ",
        );

        // Contacts.
        let (mut wn, mut wnt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(&q, t, &mut wn, &mut wnt);
        let fd_wn = Matrix::<NQ, NU>::from_fn(|i, j| {
            diff(
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
            diff(
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
            diff(
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
        let mut nrates = Matrix::<NU, 4>::zeros();
        model.gap_time_derivatives(&q, &qd, &qdd, &qddd, &qdddd, t, &mut nrates);
        for k in 0..4 {
            let fd = Vector::<NU>::from_fn(|j, _| {
                diff(
                    |s| {
                        let [x, v, a, jj, ff] = at(s);
                        if k == 0 {
                            let mut g = Vector::<NU>::zeros();
                            model.gaps(&x, t + s, &mut g);
                            g[j]
                        } else {
                            let mut o = Matrix::<NU, 4>::zeros();
                            model.gap_time_derivatives(&x, &v, &a, &jj, &ff, t + s, &mut o);
                            o[(j, k - 1)]
                        }
                    },
                    1e-3,
                )
            });
            let prev = if k == 0 {
                nsize
            } else {
                nrates.column(k - 1).amax()
            };
            close_with(
                &nrates.column(k).into_owned(),
                &fd,
                1e-8,
                noise(prev, 1),
                &format!("d^{}g_N/dt^{}", k + 1, k + 1),
            );
        }
        check_jacobian_rates(
            |x, t| {
                let (mut w, mut wt) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
                model.gap_jacobian(x, t, &mut w, &mut wt);
                w
            },
            |x, v, a, t| {
                let (mut r1, mut r2) = (Matrix::<NQ, NU>::zeros(), Matrix::<NQ, NU>::zeros());
                model.gap_jacobian_rates(x, v, a, t, &mut r1, &mut r2);
                (r1, r2)
            },
            at,
            t,
            "Ẇ_N",
        );
        for i in 0..NU {
            let mut hh = Matrix::<NQ, NQ>::zeros();
            assert!(model.gap_hessian(&q, t, i, &mut hh));
            let fd = Matrix::<NQ, NQ>::from_fn(|a, b| {
                diff(
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
                diff(
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
