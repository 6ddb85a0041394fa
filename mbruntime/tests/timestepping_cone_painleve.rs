//! Painlevé's paradox with spatial friction under Moreau–Jean: in an inconsistent state the
//! velocity-level cone problem still has a solution, a tangential impact, and the integrator
//! finds it.
//!
//! Invariant (Génot & Brogliato 1999, "New results on Painlevé paradoxes", Eur. J. Mech.
//! A/Solids 18: in the inconsistent mode the rod undergoes an impact without collision, a
//! finite normal percussion while the contact stays closed). The model is the rod
//! `mb_testsupport::models::SlidingRod` (mass m, length 2l, coordinates (x, y, z, θ), lower end
//! on the floor, tangents e_x, e_y). Written out by hand from the end point
//! E = (x + l cos θ, y, z − l sin θ):
//! W_N = (0, 0, 1, −l c), W_T1 = (1, 0, 0, −l s), W_T2 = (0, 1, 0, 0) (s = sin θ, c = cos θ),
//! M = diag(m, m, m, m l²/3), so the Delassus matrix of the contact is
//!
//! ```text
//! W = [W_N W_T1 W_T2]ᵀ M⁻¹ [W_N W_T1 W_T2] = (1/m) [a b 0; b d 0; 0 0 1],
//! a = 1 + 3c²,  b = 3 s c,  d = 1 + 3 s²,  a d − b² = 4.
//! ```
//!
//! The state: θ = arctan 2 (where Painlevé's planar bound (1 + 3c²)/(3 s c) takes its minimum
//! 4/3), θ̇ = 0, ż = 0, the end on the floor and slipping at γ = v (cos β, sin β), β = 30°.
//! With the friction −μ λ_N ŝ (ŝ = γ/‖γ‖) the normal acceleration is
//! g̈_N = −g + l s θ̇² + (a − μ b cos β) λ_N / m = −g + (a − μ b cos β) λ_N / m: for
//! μ > a/(b cos β) (the bound of `analysis_spatial_painleve`) no λ_N ≥ 0 makes g̈_N ≥ 0 with
//! λ_N g̈_N = 0 — no contact force exists (the inconsistent case).
//!
//! A Moreau–Jean step of size h (constant forces: Ŵ = M) at this state has the local free
//! velocity q = (−g h, γ1, γ2) (W_Nᵀ u = ż − l c θ̇ = 0, W_T1ᵀ u = ẋ) and the local velocity
//! after the step v = W P + q, with the cone complementarity of De Saxcé & Feng (1991). It has
//! one of two solutions (for the data here; the other candidate is checked to fail):
//!
//! * **stick** (jam): v = 0, P = −W⁻¹ q = −W⁻¹ (0, γ1, γ2) + g h W⁻¹ e_N; at h → 0,
//!   P_N = 3 m s c γ1 / 4, P_T1 = −m a γ1 / 4, P_T2 = −m γ2, inside the cone iff
//!   μ ≥ √(a² + 16 tan²β)/b;
//! * **slip with a new direction** ŝ' = (cos β', sin β'): P = P_N (1, −μ ŝ'), v = (0, ρ ŝ'),
//!   ρ > 0. The rows of v = W P + q read P_N = m g h/(a − μ b cos β'), ρ = γ2/sin β' − μ P_N/m
//!   and γ1 + P_N (b − μ d cos β')/m = ρ cos β', one scalar equation for β' (solved here by
//!   bisection). At h = 0 the normal row forces a = μ b cos β' (the new slip lies on the
//!   Painlevé boundary) and the first tangent row gives P_N = m (γ1 − γ2 cot β')/tan θ.
//!
//! Checked for h = 1, ½, ¼, ⅛ ms: (a) every step of an 8 ms run is certified — the natural-map
//! residual of the recorded impulses, recomputed here from the hand-written W_N, W_T1, W_T2, M
//! and the recorded velocities (the velocity jump itself is recomputed and compared), is at
//! most the solver's tolerance; (b) the first normal impulse equals the closed form above at
//! every h and tends to a finite nonzero limit (a force would scale like h, as it does for a
//! friction coefficient below the bound, checked too), and the slip after it stops (μ above
//! the stick threshold) or turns to β' (between the two bounds); (c) that limit is the sticking
//! impulse −W⁻¹ (0, γ1, γ2) when it lies in the cone.

use mb_testsupport::models::SlidingRod;
use mbruntime::cone::ConeOptions;
use mbruntime::timestepping::{Scheme, Settings, StepRecord, TimeStepper};
use mbruntime::{Matrix, Vector};

const H0: f64 = 1e-3;
const T_END: f64 = 8e-3;
const SPEED: f64 = 1.0;
/// Distance [N s] allowed between a certified impulse and its closed form: the solver
/// certifies the natural map to 10⁻¹⁰ (1 + ‖q‖) ≈ 2·10⁻¹⁰ here, which bounds the impulse error
/// by about (1 + ‖W‖)/λ_min(W) = 1 + 4 = 5 times that (W has the eigenvalues 1/m, 1/m, 4/m),
/// 10⁻⁹; twice that.
const IMPULSE_TOLERANCE: f64 = 2e-9;
/// Distance [m/s] allowed for the local velocity v = W P + q: ‖W‖ = 4/m times the above.
const VELOCITY_TOLERANCE: f64 = 1e-8;

fn rod(mu: f64) -> SlidingRod {
    SlidingRod {
        m: 1.2,
        l: 0.5,
        mu,
        g: 9.81,
    }
}

fn theta() -> f64 {
    2f64.atan()
}

fn beta() -> f64 {
    30f64.to_radians()
}

/// (a, b, d) of the Delassus matrix W = (1/m) [a b 0; b d 0; 0 0 1] (module docs).
fn abd(theta: f64) -> (f64, f64, f64) {
    let (s, c) = theta.sin_cos();
    (1.0 + 3.0 * c * c, 3.0 * s * c, 1.0 + 3.0 * s * s)
}

/// The slip velocity before the impact, γ = v (cos β, sin β).
fn slip() -> [f64; 2] {
    [SPEED * beta().cos(), SPEED * beta().sin()]
}

/// [W_N W_T1 W_T2] of the rod at angle θ, written out from the end point E.
fn directions(rod: &SlidingRod, theta: f64) -> Matrix<4, 3> {
    let (s, c) = theta.sin_cos();
    Matrix::<4, 3>::from_columns(&[
        Vector::<4>::new(0.0, 0.0, 1.0, -rod.l * c),
        Vector::<4>::new(1.0, 0.0, 0.0, -rod.l * s),
        Vector::<4>::new(0.0, 1.0, 0.0, 0.0),
    ])
}

fn inverse_mass(rod: &SlidingRod) -> Matrix<4, 4> {
    let i = rod.m * rod.l * rod.l / 3.0;
    Matrix::<4, 4>::from_diagonal(&Vector::<4>::new(
        1.0 / rod.m,
        1.0 / rod.m,
        1.0 / rod.m,
        1.0 / i,
    ))
}

/// Euclidean projection onto K_μ = {‖x_T‖ ≤ μ x_N} (Acary & Brogliato 2008, §13.3).
fn project(x: [f64; 3], mu: f64) -> [f64; 3] {
    let n = x[1].hypot(x[2]);
    if n <= mu * x[0] {
        x
    } else if mu * n <= -x[0] {
        [0.0; 3]
    } else {
        let t = (x[0] + mu * n) / (1.0 + mu * mu);
        [t, mu * t * x[1] / n, mu * t * x[2] / n]
    }
}

/// Recomputes one step from the hand-written data: checks the recorded velocity jump
/// u_E = u_A + M⁻¹ (h f + H P) and returns the normalised natural-map residual
/// ‖P − proj_K(P − ṽ)‖/(1 + ‖q‖) of the recorded impulses, ṽ = v + μ ‖v_T‖ e_N, v = Hᵀ u_E.
fn recomputed_residual(rod: &SlidingRod, r: &StepRecord<4, 0, 1>) -> f64 {
    assert_eq!(r.q_eval, r.q_start, "Moreau–Jean evaluates H at q_A");
    let (h_dir, m_inv) = (directions(rod, r.q_eval[3]), inverse_mass(rod));
    let p = Vector::<3>::new(
        r.impulses.lambda_n[0],
        r.impulses.lambda_t[0],
        r.impulses.lambda_t2[0],
    );
    let force = Vector::<4>::new(0.0, 0.0, -rod.m * rod.g, 0.0);
    let u_free = r.u_start + m_inv * force * r.h;
    let u_end = u_free + m_inv * h_dir * p;
    assert!(
        (u_end - r.u).amax() <= 1e-12 * (1.0 + r.u.amax()),
        "step {}: u_E {:?} vs recomputed {:?}",
        r.step,
        r.u,
        u_end
    );
    let (v, q) = (h_dir.transpose() * r.u, h_dir.transpose() * u_free);
    let v_mod = [v[0] + rod.mu * v[1].hypot(v[2]), v[1], v[2]];
    let proj = project([p[0] - v_mod[0], p[1] - v_mod[1], p[2] - v_mod[2]], rod.mu);
    let map = Vector::<3>::new(p[0] - proj[0], p[1] - proj[1], p[2] - proj[2]);
    map.norm() / (1.0 + q.norm())
}

/// Runs the rod from the inconsistent state with Moreau–Jean (θ = ½) at step `h` to `T_END`,
/// checks that every step is certified, and returns the first step's record.
fn first_step(mu: f64, h: f64) -> StepRecord<4, 0, 1> {
    let model = rod(mu);
    let th = theta();
    // The end 1 nm inside the floor (within the penetration tolerance): the contact is closed.
    let q0 = Vector::<4>::new(0.0, 0.0, model.l * th.sin() - 1e-9, th);
    let [g1, g2] = slip();
    let u0 = Vector::<4>::new(g1, g2, 0.0, 0.0);
    let scheme = Scheme::MoreauJean { theta: 0.5 };
    let mut ts = TimeStepper::new(model, scheme, Settings::default(), 0.0, q0, u0).unwrap();
    let mut first = None;
    let tolerance = ConeOptions::default().tolerance;
    ts.run(h, T_END, |r| {
        assert!(r.u.iter().all(|x| x.is_finite()), "{r:?}");
        if r.impulses.cone_size == 0 {
            // The contact opened: the predicted gap is positive and no impulse acts.
            assert!(
                r.impulses.gaps_eval[0] > 0.0 && r.step > 1,
                "μ = {mu}, h = {h}: {r:?}"
            );
            assert_eq!(
                [
                    r.impulses.lambda_n[0],
                    r.impulses.lambda_t[0],
                    r.impulses.lambda_t2[0]
                ],
                [0.0; 3]
            );
            return;
        }
        assert_eq!(r.impulses.cone_size, 3, "{r:?}");
        let residual = recomputed_residual(&model, r);
        assert!(
            residual <= tolerance,
            "μ = {mu}, h = {h}, step {}: residual {residual:e}",
            r.step
        );
        first.get_or_insert(*r);
    })
    .unwrap();
    first.unwrap()
}

/// The local velocity after a step, v = Hᵀ u_E, from the hand-written directions.
fn local_velocity(rod: &SlidingRod, r: &StepRecord<4, 0, 1>) -> Vector<3> {
    directions(rod, r.q_eval[3]).transpose() * r.u
}

/// The slipping solution of the step at `h` (module docs): the impulse and the new slip
/// velocity, with ρ (its speed) returned even when negative (then it is no solution).
fn slip_impact(rod: &SlidingRod, h: f64) -> ([f64; 3], [f64; 2], f64) {
    let (a, b, d) = abd(theta());
    let (m, mu) = (rod.m, rod.mu);
    let [g1, g2] = slip();
    let normal = |angle: f64| m * rod.g * h / (a - mu * b * angle.cos());
    let rho = |angle: f64| g2 / angle.sin() - mu * normal(angle) / m;
    let residual = |angle: f64| {
        let c = angle.cos();
        g1 + normal(angle) * (b - mu * d * c) / m - rho(angle) * c
    };
    // Below the angle arccos(a/(μ b)) the normal row has no positive solution; the residual
    // goes from −∞ there (or at 0) to γ1 + b P_N/m > 0 at π/2.
    let (mut lo, mut hi) = ((a / (mu * b)).min(1.0).acos(), std::f64::consts::FRAC_PI_2);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if residual(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let angle = 0.5 * (lo + hi);
    let (p_n, r) = (normal(angle), rho(angle));
    let (c, s) = (angle.cos(), angle.sin());
    ([p_n, -mu * p_n * c, -mu * p_n * s], [r * c, r * s], r)
}

fn steps() -> [f64; 4] {
    [H0, H0 / 2.0, H0 / 4.0, H0 / 8.0]
}

#[test]
fn the_state_is_inconsistent_above_the_spatial_painleve_bound() {
    let (a, b, _) = abd(theta());
    let bound = a / (b * beta().cos());
    // Painlevé's planar minimum 4/3 at tan θ = 2, divided by cos 30°.
    assert!((bound - 4.0 / 3.0 / beta().cos()).abs() <= 1e-14);
    for mu in [2.0, 2.5] {
        assert!(mu > bound);
        // A(μ) = (a − μ b cos β)/m < 0 and the free normal acceleration −g < 0.
        assert!(a - mu * b * beta().cos() < 0.0);
    }
    // The hand-derived W is [W_N W_T1 W_T2]ᵀ M⁻¹ [W_N W_T1 W_T2].
    let model = rod(2.0);
    let dirs = directions(&model, theta());
    let w = dirs.transpose() * inverse_mass(&model) * dirs * model.m;
    let (a, b, d) = abd(theta());
    let expected = Matrix::<3, 3>::new(a, b, 0.0, b, d, 0.0, 0.0, 0.0, 1.0);
    assert!((w - expected).amax() <= 1e-14, "{w}");
    assert!((a * d - b * b - 4.0).abs() <= 1e-14);
}

#[test]
fn above_the_stick_threshold_the_rod_jams_with_the_sticking_impulse() {
    let mu = 2.5;
    let model = rod(mu);
    let (a, b, d) = abd(theta());
    let m = model.m;
    let [g1, g2] = slip();
    let stick_threshold = (a * a + 16.0 * beta().tan().powi(2)).sqrt() / b;
    assert!(mu >= stick_threshold, "{stick_threshold}");
    // −W⁻¹ (0, γ1, γ2), W⁻¹ = m [d −b 0; −b a 0; 0 0 4]/4: the limit impulse, in the cone.
    let limit = [
        3.0 * m * theta().sin() * theta().cos() * g1 / 4.0,
        -m * a * g1 / 4.0,
        -m * g2,
    ];
    assert!(limit[1].hypot(limit[2]) <= mu * limit[0] && limit[0] > 0.0);
    // Its h-dependent part g h W⁻¹ e_N = g h m (d, −b, 0)/4.
    let mut normal_impulses = Vec::new();
    for h in steps() {
        let r = first_step(mu, h);
        let p = [
            r.impulses.lambda_n[0],
            r.impulses.lambda_t[0],
            r.impulses.lambda_t2[0],
        ];
        let shift = model.g * h * m / 4.0;
        let expected = [limit[0] + shift * d, limit[1] - shift * b, limit[2]];
        // The other candidate, slipping on, has no positive slip speed.
        assert!(slip_impact(&model, h).2 < 0.0, "h = {h}");
        for k in 0..3 {
            assert!(
                (p[k] - expected[k]).abs() <= IMPULSE_TOLERANCE,
                "h = {h}: P = {p:?}, closed form {expected:?}"
            );
        }
        // Jammed: no slip after the impact.
        let v = local_velocity(&model, &r);
        assert!(
            v[1].hypot(v[2]) <= VELOCITY_TOLERANCE,
            "h = {h}: slip after {v:?}"
        );
        normal_impulses.push(p[0]);
    }
    // A finite, nonzero limit: an eighth of the step keeps the impulse (a force would divide
    // it by 8), and the impulse at h/8 is within g h/8 · m d/4 of the limit.
    let (first, last) = (normal_impulses[0], normal_impulses[3]);
    assert!(last > 0.95 * first && last < first, "{normal_impulses:?}");
    assert!((last - limit[0]).abs() <= model.g * H0 / 8.0 * m * d / 4.0 * (1.0 + 1e-6));
}

#[test]
fn between_the_bounds_the_slip_turns_onto_the_painleve_boundary() {
    let mu = 2.0;
    let model = rod(mu);
    let (a, b, _) = abd(theta());
    let [g1, g2] = slip();
    // The sticking impulse is outside the cone: μ < √(a² + 16 tan²β)/b.
    assert!(mu < (a * a + 16.0 * beta().tan().powi(2)).sqrt() / b);
    // The h = 0 law: cos β' = a/(μ b), P_N = m (γ1 − γ2 cot β')/tan θ.
    let turned = (a / (mu * b)).acos();
    let p_n_limit = model.m * (g1 - g2 / turned.tan()) / theta().tan();
    assert!(p_n_limit > 0.0 && turned > beta());
    let mut errors = Vec::new();
    for h in steps() {
        let r = first_step(mu, h);
        let (p, slip_after, rho) = slip_impact(&model, h);
        assert!(rho > 0.0, "h = {h}: the slipping solution exists");
        // The other candidate, sticking, needs P = −W⁻¹ (−g h, γ1, γ2) outside the cone.
        let (a, b, d) = abd(theta());
        let (m, shift) = (model.m, model.g * h * model.m / 4.0);
        let stick = [
            3.0 * m * theta().sin() * theta().cos() * g1 / 4.0 + shift * d,
            -m * a * g1 / 4.0 - shift * b,
            -m * g2,
        ];
        assert!(
            stick[1].hypot(stick[2]) > mu * stick[0],
            "h = {h}: {stick:?}"
        );
        let got = [
            r.impulses.lambda_n[0],
            r.impulses.lambda_t[0],
            r.impulses.lambda_t2[0],
        ];
        for k in 0..3 {
            assert!(
                (got[k] - p[k]).abs() <= IMPULSE_TOLERANCE,
                "h = {h}: P = {got:?}, impact law {p:?}"
            );
        }
        let v = local_velocity(&model, &r);
        assert!(
            (v[1] - slip_after[0])
                .abs()
                .max((v[2] - slip_after[1]).abs())
                <= VELOCITY_TOLERANCE,
            "h = {h}: slip after {v:?}, impact law {slip_after:?}"
        );
        errors.push((got[0] - p_n_limit).abs());
    }
    // First-order convergence to the finite, nonzero h = 0 impulse: each halving of h halves
    // the distance to it (within 10 %).
    for pair in errors.windows(2) {
        let ratio = pair[1] / pair[0];
        assert!((0.45..=0.55).contains(&ratio), "{errors:?}");
    }
    assert!(errors[3] <= 0.02 * p_n_limit, "{errors:?}");
}

#[test]
fn below_the_bound_the_normal_impulse_is_a_force_times_h() {
    // Contrast: for μ < a/(b cos β) the sliding problem is consistent, the contact force is
    // λ_N = m g/(a − μ b cos β), and the first step's impulse is λ_N h to first order.
    let mu = 1.0;
    let model = rod(mu);
    let (a, b, _) = abd(theta());
    let force = model.m * model.g / (a - mu * b * beta().cos());
    let mut relative = Vec::new();
    for h in steps() {
        let r = first_step(mu, h);
        let (p, _, rho) = slip_impact(&model, h);
        assert!(rho > 0.0);
        assert!(
            (r.impulses.lambda_n[0] - p[0]).abs() <= IMPULSE_TOLERANCE,
            "h = {h}: {r:?}"
        );
        relative.push((r.impulses.lambda_n[0] / h - force).abs() / force);
    }
    for pair in relative.windows(2) {
        assert!(pair[1] < 0.55 * pair[0], "{relative:?}");
    }
    assert!(relative[3] <= 0.01, "{relative:?}");
}
