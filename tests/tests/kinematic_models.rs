//! Models written with points and rigid bodies (`mb_examples::kinematic_models`) against
//! independent routes: their scalar twins written with T and V (`Chain3`, `Woodpecker`), closed
//! forms (chain mass matrix, Lagrange top, Glocker & Studer (2005) eqs. (14)–(16), point–line
//! and distance gaps), finite differences of the generated energies and constraints, and the
//! conservation laws of the heavy top along an event-driven simulation.

use mb_examples::chain3::Chain3;
use mb_examples::kinematic_models::body_chain3::BodyChain3;
use mb_examples::kinematic_models::four_bar::FourBar;
use mb_examples::kinematic_models::heavy_top::HeavyTop;
use mb_examples::kinematic_models::point_ball_string::PointBallString;
use mb_examples::kinematic_models::woodpecker_bodies::WoodpeckerBodies;
use mb_examples::woodpecker::Woodpecker;
use mb_testsupport::{
    SplitMix, derivative, fd_conservative_forces, fd_mass, relative_error as rel,
    second_derivative, unit,
};
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::{Constraints, Dynamics, Matrix, Mechanism, Vector};

fn mass<Mo: Mechanism<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    m: &Mo,
    q: &Vector<NQ>,
) -> Matrix<NQ, NQ> {
    let mut out = Matrix::<NQ, NQ>::zeros();
    m.mass_matrix(q, 0.0, &mut out);
    out
}

fn forces<Mo: Mechanism<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    m: &Mo,
    q: &Vector<NQ>,
    qd: &Vector<NQ>,
) -> Vector<NQ> {
    let mut out = Vector::<NQ>::zeros();
    m.forces(q, qd, 0.0, &mut out);
    out
}

/// Planar 3-link pendulum (point masses at the link ends, absolute angles): the body form must
/// give Chain3's M and h (the same T and V written as scalar energies) to rounding, and the
/// closed form M_jk = μ_max(j,k) l_j l_k cos(θ_j − θ_k) with μ_k = Σ_{i≥k} m_i (Lagrange's
/// equations of the chain).
#[test]
fn body_chain3_matches_chain3_and_closed_form() {
    let body = BodyChain3::default();
    let scalar = Chain3::default();
    let l = [body.l1, body.l2, body.l3];
    let masses = [body.m1, body.m2, body.m3];
    let mu = |k: usize| masses[k..].iter().sum::<f64>();
    let mut rng = SplitMix(0xC4A1_0003);
    let (mut worst_m, mut worst_h, mut worst_closed, mut worst_e) =
        (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for _ in 0..500 {
        let q = rng.vector_in::<3>(-std::f64::consts::PI, std::f64::consts::PI);
        let qd = rng.vector_in::<3>(-5.0, 5.0);
        let (mut mb, mut hb, mut ms, mut hs) = (
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
        );
        body.dynamics(&q, &qd, 0.0, &mut mb, &mut hb);
        scalar.dynamics(&q, &qd, 0.0, &mut ms, &mut hs);
        worst_m = worst_m.max(rel(&mb, &ms));
        worst_h = worst_h.max(rel(&hb, &hs));
        let closed =
            Matrix::<3, 3>::from_fn(|j, k| mu(j.max(k)) * l[j] * l[k] * (q[j] - q[k]).cos());
        worst_closed = worst_closed.max(rel(&mb, &closed));
        let e_body = body.kinetic_energy(&q, &qd, 0.0) + body.potential_energy(&q, 0.0);
        let e_scalar = scalar.kinetic_energy(&q, &qd, 0.0) + scalar.potential_energy(&q, 0.0);
        worst_e = worst_e.max((e_body - e_scalar).abs() / e_scalar.abs().max(1.0));
        // mass_matrix() and forces() alone agree with dynamics() (separate CSE: rounding only).
        worst_m = worst_m.max(rel(&mass(&body, &q), &ms));
        worst_h = worst_h.max(rel(&forces(&body, &q, &qd), &hs));
    }
    eprintln!(
        "BodyChain3: M vs Chain3 {worst_m:.2e}, h vs Chain3 {worst_h:.2e}, M vs closed form {worst_closed:.2e}, T+V {worst_e:.2e}"
    );
    assert!(worst_m < 1e-13, "M differs from Chain3 by {worst_m:e}");
    assert!(worst_h < 1e-13, "h differs from Chain3 by {worst_h:e}");
    assert!(
        worst_closed < 1e-13,
        "M differs from the closed form by {worst_closed:e}"
    );
    assert!(worst_e < 1e-13, "T + V differs from Chain3 by {worst_e:e}");
}

/// Closed-form energies and momenta of the Lagrange top (Goldstein, Classical Mechanics,
/// Sect. 5.7): T = ½ A'(θ̇² + ψ̇² sin²θ) + ½ C ω₃², ω₃ = φ̇ + ψ̇ cos θ, A' = A + m h²,
/// V = m g h cos θ, p_ψ = A' ψ̇ sin²θ + C ω₃ cos θ, p_φ = C ω₃.
struct TopClosedForm {
    a_tip: f64,
    c: f64,
    mgh: f64,
}

impl TopClosedForm {
    fn new(top: &HeavyTop) -> Self {
        Self {
            a_tip: top.A + top.m * top.h * top.h,
            c: top.C,
            mgh: top.m * top.g * top.h,
        }
    }
    fn mass(&self, q: &Vector<3>) -> Matrix<3, 3> {
        let (s, c) = q[1].sin_cos();
        Matrix::<3, 3>::new(
            self.a_tip * s * s + self.c * c * c,
            0.0,
            self.c * c,
            0.0,
            self.a_tip,
            0.0,
            self.c * c,
            0.0,
            self.c,
        )
    }
    fn energy(&self, q: &Vector<3>, qd: &Vector<3>) -> f64 {
        let (s, c) = q[1].sin_cos();
        let w3 = qd[2] + qd[0] * c;
        0.5 * self.a_tip * (qd[1] * qd[1] + qd[0] * qd[0] * s * s)
            + 0.5 * self.c * w3 * w3
            + self.mgh * c
    }
    fn p_psi(&self, q: &Vector<3>, qd: &Vector<3>) -> f64 {
        let (s, c) = q[1].sin_cos();
        self.a_tip * qd[0] * s * s + self.c * (qd[2] + qd[0] * c) * c
    }
    fn p_phi(&self, q: &Vector<3>, qd: &Vector<3>) -> f64 {
        self.c * (qd[2] + qd[0] * q[1].cos())
    }
}

/// Heavy symmetric top from a spatial body (rotation R_z(ψ) R_x(θ) R_z(φ), inertia diag(A, A, C)
/// about the centre of mass at h along the axis): the generated M equals the closed form
/// [[A' sin²θ + C cos²θ, 0, C cos θ], [0, A', 0], [C cos θ, 0, C]] with A' = A + m h² (parallel
/// axes; Goldstein Sect. 5.7), and the generated T + V the closed-form energy, at random states.
#[test]
fn heavy_top_mass_matrix_matches_closed_form() {
    let top = HeavyTop::default();
    let closed = TopClosedForm::new(&top);
    let mut rng = SplitMix(0x70B_0001);
    let (mut worst_m, mut worst_e) = (0.0f64, 0.0f64);
    for _ in 0..500 {
        let q = Vector::<3>::new(
            rng.uniform(-3.0, 3.0),
            rng.uniform(0.05, 3.1),
            rng.uniform(-3.0, 3.0),
        );
        let qd = rng.vector_in::<3>(-50.0, 50.0);
        worst_m = worst_m.max(rel(&mass(&top, &q), &closed.mass(&q)));
        let e = top.kinetic_energy(&q, &qd, 0.0) + top.potential_energy(&q, 0.0);
        let e_ref = closed.energy(&q, &qd);
        // Rounding scales with the size of the terms, ½ (A' + C)|q̇|² + m g h, not with their sum.
        let scale = 0.5 * (closed.a_tip + closed.c) * qd.norm_squared() + closed.mgh;
        worst_e = worst_e.max((e - e_ref).abs() / scale);
    }
    eprintln!("HeavyTop: M vs closed form {worst_m:.2e}, T + V vs closed form {worst_e:.2e}");
    assert!(
        worst_m < 1e-13,
        "M differs from the closed form by {worst_m:e}"
    );
    assert!(
        worst_e < 1e-13,
        "T + V differs from the closed form by {worst_e:e}"
    );
}

/// Largest relative drifts of T + V, p_ψ and p_φ (closed forms) along a 30 s simulation of the
/// top from ψ = φ = 0, θ = 0.5 rad, φ̇ = 60 rad/s with Dormand–Prince at relative tolerance
/// `rtol`, the number of accepted steps and the largest θ reached.
struct TopRun {
    drift: [f64; 3],
    steps: usize,
    events: usize,
    theta_max: f64,
}

fn run_top(rtol: f64) -> TopRun {
    let top = HeavyTop::default();
    let closed = TopClosedForm::new(&top);
    let opts = EventOptions {
        rtol,
        atol: rtol * 1e-2,
        ..EventOptions::default()
    };
    let q0 = Vector::<3>::new(0.0, 0.5, 0.0);
    let qd0 = Vector::<3>::new(0.0, 0.0, 60.0);
    let mut sim = EventDriven::new(top, opts, 0.0, q0, qd0).expect("consistent start");
    let (e0, pp0, pf0) = (
        closed.energy(&q0, &qd0),
        closed.p_psi(&q0, &qd0),
        closed.p_phi(&q0, &qd0),
    );
    let mut drift = [0.0f64; 3];
    let mut theta_max = q0[1];
    sim.run(30.0, |r| {
        if let Report::Step { q, u, .. } = r {
            drift[0] = drift[0].max((closed.energy(q, u) - e0).abs() / e0.abs());
            // p_ψ starts at C ω₃ cos θ₀; measure it on the scale of the spin momentum p_φ.
            drift[1] = drift[1].max((closed.p_psi(q, u) - pp0).abs() / pf0.abs());
            drift[2] = drift[2].max((closed.p_phi(q, u) - pf0).abs() / pf0.abs());
            theta_max = theta_max.max(q[1]);
        }
    })
    .expect("smooth simulation");
    let stats = sim.stats();
    TopRun {
        drift,
        steps: stats.steps,
        events: stats.events,
        theta_max,
    }
}

/// Heavy symmetric top over 30 s (about 150 nutation periods, ω_nut ≈ C ω₃ / A' ≈ 30 rad/s)
/// with the event-driven integrator's smooth stepper (Dormand–Prince 5(4), no constraints, no
/// contacts). Invariants (Goldstein Sect. 5.7): the energy T + V, and the momenta p_ψ and p_φ
/// of the cyclic coordinates ψ and φ, all evaluated by the closed forms, not by the generated
/// code. Dormand–Prince is not symplectic: each accepted step commits a local error below
/// rtol·|y| + atol per component, and these add up at worst linearly, so after N steps the
/// relative drift of a smooth invariant I(q, q̇) is bounded by about N·rtol·|∇I|·|y|/|I|; with
/// |∇I|·|y|/|I| ≤ 2 for these quadratic invariants the bound used is 2·N·rtol. That worst case
/// is far from sharp, so the test also checks that the drift is integration error: tightening
/// rtol from 1e-8 to 1e-10 must shrink every drift at least tenfold (an error in the generated
/// M or h would leave a drift independent of rtol). Nutation must be visible (θ leaves its start
/// by more than 0.05 rad) so the test exercises the full dynamics.
#[test]
fn heavy_top_conserves_energy_and_cyclic_momenta() {
    let coarse = run_top(1e-8);
    let fine = run_top(1e-10);
    for (run, rtol) in [(&coarse, 1e-8), (&fine, 1e-10)] {
        eprintln!(
            "HeavyTop 30 s, rtol {rtol:.0e}: {} steps, {} events; rel. drift E {:.2e}, p_psi {:.2e}, p_phi {:.2e}; bound 2 N rtol = {:.2e}; theta_max {:.4}",
            run.steps,
            run.events,
            run.drift[0],
            run.drift[1],
            run.drift[2],
            2.0 * run.steps as f64 * rtol,
            run.theta_max
        );
        assert_eq!(run.events, 0, "no contacts, so no events");
        assert!(
            run.theta_max - 0.5 > 0.05,
            "no visible nutation: θ_max = {}",
            run.theta_max
        );
        let bound = 2.0 * run.steps as f64 * rtol;
        for (k, what) in ["T + V", "p_psi", "p_phi"].iter().enumerate() {
            assert!(
                run.drift[k] < bound,
                "{what} drift {:e} above {bound:e} at rtol {rtol:e}",
                run.drift[k]
            );
        }
    }
    for (k, what) in ["T + V", "p_psi", "p_phi"].iter().enumerate() {
        assert!(
            fine.drift[k] * 10.0 < coarse.drift[k],
            "{what} drift does not shrink with rtol: {:e} at 1e-8, {:e} at 1e-10",
            coarse.drift[k],
            fine.drift[k]
        );
    }
}

/// Planar four-bar linkage from three bar bodies, a torque on the crank and a spring between a
/// coupler point and a fixed point, closed by two bilateral loop constraints. Checked against
/// finite differences of the generated quantities (Lagrange's equations of the second kind):
/// M = ∂²T/∂q̇²
/// (central differences of T, exact for quadratic T), G = (∂g/∂q)ᵀ (fourth-order central
/// differences of g), the drift Ġᵀq̇ = d²/ds² g(q + s q̇) and h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂V/∂q
/// + Q with Q = (τ, 0, 0) the virtual work of the crank torque τ δθ₁.
#[test]
fn four_bar_matches_finite_differences() {
    let bar = FourBar::default();
    let mut rng = SplitMix(0x4BA2_0001);
    let (mut worst_m, mut worst_g, mut worst_drift, mut worst_h) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let constraint = |q: &Vector<3>| {
        let mut g = Vector::<2>::zeros();
        bar.bilateral(q, 0.0, &mut g);
        g
    };
    for _ in 0..200 {
        let q = rng.vector_in::<3>(-std::f64::consts::PI, std::f64::consts::PI);
        let qd = rng.vector_in::<3>(-10.0, 10.0);
        worst_m = worst_m.max(rel(&mass(&bar, &q), &fd_mass(&bar, &q, 0.0)));

        let (mut jac, mut tp) = (Matrix::<3, 2>::zeros(), Vector::<2>::zeros());
        bar.bilateral_jacobian(&q, 0.0, &mut jac, &mut tp);
        assert_eq!(tp, Vector::<2>::zeros(), "scleronomic constraints");
        let fd_jac = Matrix::<3, 2>::from_fn(|j, i| {
            derivative(|s| constraint(&(q + unit::<3>(j) * s))[i], 1e-3)
        });
        worst_g = worst_g.max(rel(&jac, &fd_jac));

        let mut drift = Vector::<2>::zeros();
        bar.bilateral_drift(&q, &qd, 0.0, &mut drift);
        let fd_drift =
            Vector::<2>::from_fn(|i, _| second_derivative(|s| constraint(&(q + qd * s))[i], 1e-3));
        worst_drift = worst_drift.max(rel(&drift, &fd_drift));

        let q_torque = Vector::<3>::new(bar.tau, 0.0, 0.0);
        let fd_h = fd_conservative_forces(&bar, &q, &qd, 0.0) + q_torque;
        worst_h = worst_h.max(rel(&forces(&bar, &q, &qd), &fd_h));
    }
    eprintln!(
        "FourBar: M vs FD {worst_m:.2e}, G vs FD {worst_g:.2e}, drift vs FD {worst_drift:.2e}, h vs FD {worst_h:.2e}"
    );
    assert!(worst_m < 1e-12, "M vs FD of T: {worst_m:e}");
    // Fourth-order differences with h = 1e-3: truncation ~h⁴ = 1e-12, rounding ~ε/h ≈ 2e-13
    // for G and ~ε/h² ≈ 2e-10 for the second derivative (drift) and the nested h.
    assert!(worst_g < 1e-11, "G vs FD of g: {worst_g:e}");
    assert!(worst_drift < 1e-8, "drift vs FD of g: {worst_drift:e}");
    assert!(worst_h < 1e-7, "h vs FD of T, V plus Q: {worst_h:e}");
}

/// Glocker & Studer (2005), Sect. 4: the woodpecker from a sleeve body, a bird body and three
/// contact points against the pole line, under the linearised kinematics, must give the same
/// M and h as `Woodpecker` (scalar T and V) and as eq. (14) written out by hand, the gaps (15),
/// and W_N, W_T equal to the w vectors of eq. (16) (ŵ = 0), to rounding at random states.
#[test]
fn woodpecker_bodies_matches_woodpecker_and_eqs_14_to_16() {
    let body = WoodpeckerBodies::default();
    let scalar = Woodpecker::default();
    let p = &scalar;
    let m_eq14 = Matrix::<3, 3>::new(
        p.m_S + p.m_M,
        p.m_S * p.l_M,
        p.m_S * p.l_G,
        p.m_S * p.l_M,
        p.J_M + p.m_S * p.l_M * p.l_M,
        p.m_S * p.l_M * p.l_G,
        p.m_S * p.l_G,
        p.m_S * p.l_M * p.l_G,
        p.J_S + p.m_S * p.l_G * p.l_G,
    );
    let w_n16 = Matrix::<3, 3>::new(0.0, 0.0, 0.0, 0.0, p.h_M, -p.h_M, -p.h_S, 0.0, 0.0);
    let w_t16 = Matrix::<3, 3>::new(1.0, 1.0, 1.0, p.l_M, p.r_M, p.r_M, p.l_G - p.l_S, 0.0, 0.0);
    assert_eq!(body.contact_laws(), scalar.contact_laws());
    let mut rng = SplitMix(0x3D_0001);
    let mut worst = [0.0f64; 8];
    for _ in 0..500 {
        let q = Vector::<3>::new(
            rng.uniform(-0.5, 0.5),
            rng.uniform(-0.2, 0.2),
            rng.uniform(-0.5, 0.5),
        );
        let qd = rng.vector_in::<3>(-10.0, 10.0);
        let (mut mb, mut hb, mut ms, mut hs) = (
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
        );
        body.dynamics(&q, &qd, 0.0, &mut mb, &mut hb);
        scalar.dynamics(&q, &qd, 0.0, &mut ms, &mut hs);
        let h_eq14 = Vector::<3>::new(
            -(p.m_S + p.m_M) * p.g,
            -p.c_phi * (q[1] - q[2]) - p.m_S * p.l_M * p.g,
            -p.c_phi * (q[2] - q[1]) - p.m_S * p.l_G * p.g,
        );
        let g15 = Vector::<3>::new(
            (p.l_M + p.l_G - p.l_S - p.r_O) - p.h_S * q[2],
            (p.r_M - p.r_O) + p.h_M * q[1],
            (p.r_M - p.r_O) - p.h_M * q[1],
        );
        let mut gb = Vector::<3>::zeros();
        body.gaps(&q, 0.0, &mut gb);
        let (mut wn, mut wnt, mut wt, mut wtt) = (
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
            Matrix::<3, 3>::zeros(),
            Vector::<3>::zeros(),
        );
        body.gap_jacobian(&q, 0.0, &mut wn, &mut wnt);
        body.slip_jacobian(&q, 0.0, &mut wt, &mut wtt);
        let (mut wn_s, mut wt_s) = (Matrix::<3, 3>::zeros(), Matrix::<3, 3>::zeros());
        scalar.gap_jacobian(&q, 0.0, &mut wn_s, &mut Vector::<3>::zeros());
        scalar.slip_jacobian(&q, 0.0, &mut wt_s, &mut Vector::<3>::zeros());
        assert_eq!(
            (wnt, wtt),
            (Vector::<3>::zeros(), Vector::<3>::zeros()),
            "ŵ = 0"
        );
        for (k, e) in [
            rel(&mb, &ms),
            rel(&hb, &hs),
            rel(&mb, &m_eq14),
            rel(&hb, &h_eq14),
            (gb - g15).amax() / (p.r_M - p.r_O),
            rel(&wn, &w_n16).max(rel(&wn, &wn_s)),
            rel(&wt, &w_t16).max(rel(&wt, &wt_s)),
            (body.potential_energy(&q, 0.0) - scalar.potential_energy(&q, 0.0)).abs()
                + (body.kinetic_energy(&q, &qd, 0.0) - scalar.kinetic_energy(&q, &qd, 0.0)).abs(),
        ]
        .into_iter()
        .enumerate()
        {
            worst[k] = worst[k].max(e);
        }
    }
    eprintln!(
        "WoodpeckerBodies: M vs Woodpecker {:.2e}, h vs Woodpecker {:.2e}, M vs (14) {:.2e}, h vs (14) {:.2e}, gaps vs (15) {:.2e}, W_N vs (16) {:.2e}, W_T vs (16) {:.2e}, |ΔT|+|ΔV| {:.2e} J",
        worst[0], worst[1], worst[2], worst[3], worst[4], worst[5], worst[6], worst[7]
    );
    for (k, what) in [
        "M",
        "h",
        "M (14)",
        "h (14)",
        "gaps (15)",
        "W_N (16)",
        "W_T (16)",
    ]
    .iter()
    .enumerate()
    {
        assert!(
            worst[k] < 1e-13,
            "{what}: relative difference {:e}",
            worst[k]
        );
    }
    // Energies are of order m_S g l ≈ 1e-3 J; rounding is 1e-19 J.
    assert!(worst[7] < 1e-16, "T, V differ by {:e} J", worst[7]);
}

/// A particle on a string (distance limit) above a sloped floor (point against a line): the
/// gaps, their Jacobians, the slip direction and the gap drift against hand formulas
/// (Lötstedt 1982, Sect. 1, ball on a string; point–line distance of analytic geometry):
/// g_string = L − ρ, ρ = |r − r_a|, W_string = −(r − r_a)/ρ, Ẇᵀq̇ = −(|ṙ|² − (ṙ·(r − r_a)/ρ)²)/ρ;
/// g_floor = n̂·(r − r₀), n̂ = (−s, 1)/√(1 + s²), W_floor = n̂, W_T = t̂ = (n̂_y, −n̂_x), drift 0.
#[test]
fn point_ball_string_gaps_match_hand_formulas() {
    let model = PointBallString::default();
    let p = &model;
    let n = Vector::<2>::new(-p.s, 1.0) / (1.0 + p.s * p.s).sqrt();
    let t_hat = Vector::<2>::new(n[1], -n[0]);
    let anchor = Vector::<2>::new(0.0, p.H);
    let floor_point = Vector::<2>::new(0.0, -p.d);
    let mut rng = SplitMix(0xBA11_0001);
    let mut worst = [0.0f64; 4];
    for _ in 0..500 {
        let q = rng.vector_in::<2>(-2.0, 2.0);
        let qd = rng.vector_in::<2>(-5.0, 5.0);
        let r = q - anchor;
        let rho = r.norm();
        let g_hand = Vector::<2>::new(p.L - rho, n.dot(&(q - floor_point)));
        let w_n_hand = Matrix::<2, 2>::from_columns(&[-r / rho, n]);
        let w_t_hand = Matrix::<2, 2>::from_columns(&[Vector::<2>::zeros(), t_hat]);
        let radial = qd.dot(&r) / rho;
        let drift_hand = Vector::<2>::new(-(qd.norm_squared() - radial * radial) / rho, 0.0);

        let mut g = Vector::<2>::zeros();
        model.gaps(&q, 0.0, &mut g);
        let (mut w_n, mut w_t, mut tp) = (
            Matrix::<2, 2>::zeros(),
            Matrix::<2, 2>::zeros(),
            Vector::<2>::zeros(),
        );
        model.gap_jacobian(&q, 0.0, &mut w_n, &mut tp);
        model.slip_jacobian(&q, 0.0, &mut w_t, &mut tp);
        let mut drift = Vector::<2>::zeros();
        model.gap_drift(&q, &qd, 0.0, &mut drift);
        for (k, e) in [
            (g - g_hand).amax() / p.L,
            rel(&w_n, &w_n_hand),
            rel(&w_t, &w_t_hand),
            (drift - drift_hand).amax() / drift_hand.amax().max(1.0),
        ]
        .into_iter()
        .enumerate()
        {
            worst[k] = worst[k].max(e);
        }
    }
    let laws = model.contact_laws();
    assert!(!laws[0].has_tangent && laws[0].friction == 0.0);
    assert!(laws[1].has_tangent && laws[1].friction == p.mu);
    assert_eq!(laws[1].normal_restitution, p.e_floor);
    eprintln!(
        "PointBallString: gaps {:.2e}, W_N {:.2e}, W_T {:.2e}, drift {:.2e}",
        worst[0], worst[1], worst[2], worst[3]
    );
    for (k, what) in ["gaps", "W_N", "W_T", "gap drift"].iter().enumerate() {
        assert!(
            worst[k] < 1e-13,
            "{what}: relative difference {:e}",
            worst[k]
        );
    }
}
