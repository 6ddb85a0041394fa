//! Gauss's principle of least constraint as an independent certificate of the contact
//! accelerations, and the minimum-norm multipliers of redundant contacts: Lötstedt (1982),
//! "Mechanical systems of rigid bodies subject to unilateral constraints", (6.1)–(6.3) and
//! Lemma 5.2, item 4; its extension to bilateral constraints, Brogliato (2013), "Inertial
//! couplings between unilateral and bilateral holonomic constraints in frictionless Lagrangian
//! systems", Propositions 13 (56) and 14, and at impulse level Moreau's impact rule,
//! Proposition 19 (84).
//!
//! Model (`mb_testsupport::models::SupportedBody`, written by hand): a planar rigid body (x, y, θ), mass m, central inertia J, with
//! four support points (aᵢ, bᵢ) in the body frame against the floor,
//! gᵢ(q) = y + aᵢ sin θ + bᵢ cos θ − cᵢ (cᵢ places the floor so that gᵢ = 0 at the test state),
//! ∇gᵢ = (0, 1, aᵢ cos θ − bᵢ sin θ), ẇᵢ = −(aᵢ sin θ + bᵢ cos θ) θ̇², loaded by a force
//! (F_x, F_y − m g) and a torque τ. Four contacts on three coordinates: the columns are
//! dependent, λ is not unique, q̈ is (Lemma 5.2, item 1).
//!
//! (6.3): q̈ minimises ½(q̈ − M⁻¹f)ᵀM(q̈ − M⁻¹f) subject to Wᵀq̈ + ẇ ≥ 0 over the closed
//! contacts. The test solves this strictly convex programme by enumerating its active sets (for
//! each subset A of contacts, the equality-constrained minimiser with W_Aᵀq̈ + ẇ_A = 0 by a
//! pseudo-inverse, kept when feasible; the feasible candidate of least cost is the minimiser) and
//! compares with the accelerations of `FrictionalContactLcp`, which solves the LCP (2.5b) by
//! Lemke's method — the primal against the dual route of (6.1)–(6.2). Lemma 5.2, item 4: among
//! the multipliers with W λ = W λ̄, λ ≥ 0, one has least norm; `minimum_norm_multipliers` (an
//! active-set method) is compared with the same kind of enumeration.

use mb_testsupport::models::GuidedBody;
use mb_testsupport::models::supported_body::{SUPPORTS as NU, random_body};
use mbruntime::event::{ContactMode, FrictionalContactLcp, FrictionalImpactLcp, ModeTolerances};
use mbruntime::linalg::minimum_norm_multipliers;
use mbruntime::{Constraints, Dynamics, Matrix, Vector};
use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The minimiser of ½(x − x_f)ᵀM(x − x_f) subject to Wᵀx + d ≥ 0, by enumeration of the active
/// sets (module docs).
fn gauss_minimiser(
    mass: &DMatrix<f64>,
    free: &DVector<f64>,
    w: &DMatrix<f64>,
    d: &DVector<f64>,
) -> DVector<f64> {
    let (n, k) = (w.nrows(), w.ncols());
    let l = mass.clone().cholesky().expect("SPD").l();
    let l_inv = l.clone().try_inverse().expect("regular");
    let mut best: Option<(f64, DVector<f64>)> = None;
    for mask in 0usize..(1 << k) {
        let active: Vec<usize> = (0..k).filter(|&i| mask & (1 << i) != 0).collect();
        // y = Lᵀ(x − x_f): minimise ½‖y‖² with (L⁻¹W_A)ᵀ y = −(W_Aᵀx_f + d_A).
        let x = if active.is_empty() {
            free.clone()
        } else {
            let wa = DMatrix::from_fn(n, active.len(), |r, c| w[(r, active[c])]);
            let b = &l_inv * &wa;
            let rhs = DVector::from_fn(active.len(), |c, _| {
                -(wa.column(c).dot(free) + d[active[c]])
            });
            let bt = b.transpose();
            let y = bt.clone().pseudo_inverse(1e-12).expect("SVD") * &rhs;
            if (&bt * &y - &rhs).amax() > 1e-9 * (1.0 + rhs.amax()) {
                continue; // inconsistent equalities
            }
            free + l_inv.transpose() * y
        };
        let feasible = (0..k).all(|i| w.column(i).dot(&x) + d[i] >= -1e-9);
        if feasible {
            let e = &x - free;
            let cost = 0.5 * e.dot(&(mass * &e));
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, x));
            }
        }
    }
    best.expect("the unconstrained-in-A candidates include a feasible point")
        .1
}

/// (6.3): the accelerations of the acceleration-level LCP are the minimiser of Gauss's
/// constraint, at 300 random bodies, loads and tilts (every contact closed, θ̇ = 0 or not), to
/// 1e-9 of the free acceleration's size; more than ten states keep all four supports closed,
/// more than ten lift some off.
#[test]
fn contact_accelerations_minimise_gauss_constraint() {
    let mut rng = ChaCha8Rng::seed_from_u64(1982);
    let mut lcp = FrictionalContactLcp::<3, NU>::default();
    let (mut all_closed, mut some_lift) = (0, 0);
    for _ in 0..300 {
        let q = Vector::<3>::new(0.3, 0.0, rng.gen_range(-0.4..0.4));
        let body = random_body(&mut rng, &q);
        let qd = Vector::<3>::new(rng.gen_range(-1.0..1.0), 0.0, 0.0);
        let sol = lcp
            .solve::<_, 0>(&body, &[true; NU], &ModeTolerances::default(), 0.0, &q, &qd)
            .expect("frictionless contacts: the LCP has a solution (Lemma 5.2)");
        let (mut m, mut f) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
        body.dynamics(&q, &qd, 0.0, &mut m, &mut f);
        let (mut w, mut tp) = (Matrix::<3, NU>::zeros(), Vector::<NU>::zeros());
        body.gap_jacobian(&q, 0.0, &mut w, &mut tp);
        let mut d = Vector::<NU>::zeros();
        body.gap_drift(&q, &qd, 0.0, &mut d);
        let free = m.try_inverse().expect("regular") * f;
        let x = gauss_minimiser(
            &DMatrix::from_column_slice(3, 3, m.as_slice()),
            &DVector::from_column_slice(free.as_slice()),
            &DMatrix::from_column_slice(3, NU, w.as_slice()),
            &DVector::from_column_slice(d.as_slice()),
        );
        let scale = 1.0 + free.amax();
        let err = (0..3)
            .map(|i| (x[i] - sol.qdd[i]).abs())
            .fold(0.0, f64::max);
        assert!(
            err <= 1e-9 * scale,
            "q̈ {} against Gauss {x} (|Δ| = {err:e})",
            sol.qdd
        );
        if sol.modes.contains(&ContactMode::LiftingOff) {
            some_lift += 1;
        } else {
            all_closed += 1;
        }
    }
    assert!(
        all_closed > 10 && some_lift > 10,
        "{all_closed} {some_lift}"
    );
}

/// The least-norm λ ≥ 0 on `support` with W λ = y, by enumeration of the supports of λ (for each
/// subset S, the pseudo-inverse solution of W_S λ_S = y by an SVD with iterative refinement, kept
/// when non-negative and exact to round-off; the
/// least norm among them is the minimiser of the strictly convex programme), with the condition
/// number of W_S on its range (σ_max/σ_min of the nonzero singular values) at the minimiser.
fn least_norm_enumerated<const NQ: usize, const K: usize>(
    w: &Matrix<NQ, K>,
    support: &[bool; K],
    y: &Vector<NQ>,
) -> (Vector<K>, f64) {
    let mut best: Option<(f64, Vector<K>, f64)> = None;
    for mask in 1usize..(1 << K) {
        let set: Vec<usize> = (0..K)
            .filter(|&i| mask & (1 << i) != 0 && support[i])
            .collect();
        if set.len() != mask.count_ones() as usize {
            continue;
        }
        let ws = DMatrix::from_fn(NQ, set.len(), |r, c| w[(r, set[c])]);
        let pinv = ws.clone().pseudo_inverse(1e-12).expect("SVD");
        let target = DVector::from_column_slice(y.as_slice());
        let mut x = &pinv * &target;
        // Two steps of iterative refinement: the residual down to round-off where y is in range.
        for _ in 0..2 {
            x += &pinv * (&target - &ws * &x);
        }
        let residual = (&ws * &x - &target).amax();
        if residual > 1e-13 * (1.0 + y.amax()) || x.iter().any(|&v| v < -1e-12) {
            continue;
        }
        let mut lambda = Vector::<K>::zeros();
        for (c, &i) in set.iter().enumerate() {
            lambda[i] = x[c].max(0.0);
        }
        let sv = ws.singular_values();
        let top = sv.max();
        let low = sv
            .iter()
            .filter(|&&v| v > 1e-12 * top)
            .fold(top, |a, &v| a.min(v));
        let norm = lambda.norm();
        if best.as_ref().is_none_or(|(n, _, _)| norm < *n) {
            best = Some((norm, lambda, top / low));
        }
    }
    let (_, lambda, condition) = best.expect("λ̄ itself is feasible");
    (lambda, condition)
}

/// The accuracy of a least-norm solution computed through the Gram matrix W_Sᵀ W_S (as
/// `minimum_norm_multipliers` does, by its eigen-decomposition), whose condition number is
/// κ(W_S)², reached by steps whose decisions are taken to 1e-12 of the multipliers' size:
/// max(64 ε κ², 1e-12) times that size.
fn round_off(condition: f64, scale: f64) -> f64 {
    (64.0 * f64::EPSILON * condition * condition).max(1e-12) * scale
}

/// Lemma 5.2, item 4: the minimum-norm multipliers are unique; the active-set method of
/// `minimum_norm_multipliers` finds the same λ₀ as the enumeration, at 300 random redundant
/// column sets (3 × 5 and the body's 3 × 4 columns at random tilts, random supports and random
/// feasible λ̄ ≥ 0), to the accuracy of a least-norm solution through the Gram matrix
/// (max(64 ε κ(W_S)², 1e-12)(1 + ‖λ̄‖), κ the condition number of the minimiser's columns); λ₀
/// reproduces W λ̄ and is no longer than λ̄.
#[test]
fn minimum_norm_multipliers_are_the_least_norm_solution() {
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    let mut moved = 0;
    for k in 0..300 {
        let w = Matrix::<3, 5>::from_fn(|_, _| rng.gen_range(-1.0..1.0));
        let support: [bool; 5] = std::array::from_fn(|_| rng.gen_bool(0.8));
        let lambda = Vector::<5>::from_fn(|i, _| {
            if support[i] && rng.gen_bool(0.8) {
                rng.gen_range(0.0..3.0)
            } else {
                0.0
            }
        });
        let lambda0 = minimum_norm_multipliers(&w, &support, &lambda);
        let (reference, condition) = least_norm_enumerated(&w, &support, &(w * lambda));
        let scale = 1.0 + lambda.norm();
        assert!(
            (lambda0 - reference).amax() <= round_off(condition, scale),
            "case {k} (κ = {condition:e}): {lambda0} against {reference}"
        );
        let residual = (w * lambda0 - w * lambda).amax();
        assert!(
            residual <= 1e-12 * scale,
            "case {k}: W λ₀ − W λ̄ = {residual:e} (κ = {condition:e}, λ̄ = {lambda}, λ₀ = {lambda0})"
        );
        assert!(
            lambda0.iter().all(|&v| v >= 0.0) && lambda0.norm() <= lambda.norm() + 1e-12 * scale
        );
        if (lambda0 - lambda).amax() > 1e-6 * scale {
            moved += 1;
        }
        // The body's four supports at a random tilt: rank 3 (or 2 when flat).
        let q = Vector::<3>::new(0.0, 0.0, rng.gen_range(-0.4..0.4));
        let body = random_body(&mut rng, &q);
        let (mut wb, mut tp) = (Matrix::<3, NU>::zeros(), Vector::<NU>::zeros());
        body.gap_jacobian(&q, 0.0, &mut wb, &mut tp);
        let lb = Vector::<NU>::from_fn(|_, _| rng.gen_range(0.0..2.0));
        let lb0 = minimum_norm_multipliers(&wb, &[true; NU], &lb);
        let (rb, condition) = least_norm_enumerated(&wb, &[true; NU], &(wb * lb));
        assert!(
            (lb0 - rb).amax() <= round_off(condition, 1.0 + lb.norm()),
            "body {k} (κ = {condition:e}): {lb0} against {rb}"
        );
    }
    assert!(moved > 100, "λ̄ was already least-norm too often ({moved})");
}

/// The minimiser of Brogliato's (56): ½(x − q̈_c)ᵀM(x − q̈_c) subject to
/// ∇hᵀM_c⁻¹M(x − q̈_c) + H₄ ≥ 0, with q̈_c the accelerations under the bilateral constraints
/// alone, M_c⁻¹ = M⁻¹ − M⁻¹G(GᵀM⁻¹G)⁻¹GᵀM⁻¹ (17) and H₄ = ∇hᵀq̈_c + ẇ (the contacts'
/// accelerations without contact force), all formed here; by enumeration of the active sets (on
/// the set A the minimiser is y = M⁻¹K_Aᵀ(K_A M⁻¹K_Aᵀ)⁺r with K_A = ∇h_AᵀM_c⁻¹M, r = −H₄,A).
fn extended_gauss_minimiser(
    m: &DMatrix<f64>,
    f: &DVector<f64>,
    g: &DMatrix<f64>,
    w: &DMatrix<f64>,
    drift: &DVector<f64>,
) -> DVector<f64> {
    let (n, k) = (w.nrows(), w.ncols());
    let m_inv = m.clone().try_inverse().expect("regular");
    let s = g.transpose() * &m_inv * g;
    let s_inv = s
        .try_inverse()
        .expect("independent bilateral gradients (Assumption 2)");
    let mc = &m_inv - &m_inv * g * &s_inv * g.transpose() * &m_inv;
    // q̈_c: M q̈ = f + G λ_b with Gᵀ q̈ = 0 (no bilateral drift here).
    let free = &m_inv * f;
    let qdd_c = &free - &m_inv * g * (&s_inv * (g.transpose() * &free));
    let h4 = w.transpose() * &qdd_c + drift;
    let rows = w.transpose() * &mc * m;
    let mut best: Option<(f64, DVector<f64>)> = None;
    for mask in 0usize..(1 << k) {
        let active: Vec<usize> = (0..k).filter(|&i| mask & (1 << i) != 0).collect();
        let y = if active.is_empty() {
            DVector::zeros(n)
        } else {
            let ka = DMatrix::from_fn(active.len(), n, |r, c| rows[(active[r], c)]);
            let r = DVector::from_fn(active.len(), |i, _| -h4[active[i]]);
            let gram = &ka * &m_inv * ka.transpose();
            let pinv = gram.clone().pseudo_inverse(1e-12).expect("SVD");
            let mut nu = &pinv * &r;
            for _ in 0..2 {
                nu += &pinv * (&r - &gram * &nu);
            }
            if (&gram * &nu - &r).amax() > 1e-10 * (1.0 + r.amax()) {
                continue; // inconsistent equalities
            }
            &m_inv * ka.transpose() * nu
        };
        let feasible = (&rows * &y + &h4)
            .iter()
            .all(|&v| v >= -1e-9 * (1.0 + h4.amax()));
        if feasible {
            let cost = 0.5 * y.dot(&(m * &y));
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, y));
            }
        }
    }
    qdd_c
        + best
            .expect("Proposition 14: the feasible set is not empty")
            .1
}

/// Brogliato (2013), Proposition 13 (56) with Proposition 14 (ii): with a bilateral constraint
/// (the rack x + κθ = c₀) beside the four unilateral supports, the accelerations of the
/// acceleration-level problem are the unique minimiser of the extended Gauss programme (56),
/// which also keeps the bilateral constraint (∇gᵀq̈ = 0, since ∇gᵀM_c⁻¹ = 0, Lemma 1), at 300
/// random bodies, racks and loads (m + p = 5 > n = 3: A_c is singular, Corollary 5, and the
/// programme holds regardless, Remark 5), to 1e-9 of the free acceleration's size.
#[test]
fn accelerations_with_a_bilateral_constraint_solve_the_extended_gauss_programme() {
    let mut rng = ChaCha8Rng::seed_from_u64(2013);
    let mut lcp = FrictionalContactLcp::<3, NU>::default();
    let mut some_lift = 0;
    for _ in 0..300 {
        let q = Vector::<3>::new(0.3, 0.0, rng.gen_range(-0.4..0.4));
        let kappa = rng.gen_range(-1.0..1.0);
        let model = GuidedBody {
            body: random_body(&mut rng, &q),
            kappa,
            offset: q[0] + kappa * q[2],
        };
        let qd = Vector::<3>::zeros();
        let sol = lcp
            .solve::<_, 1>(
                &model,
                &[true; NU],
                &ModeTolerances::default(),
                0.0,
                &q,
                &qd,
            )
            .expect("frictionless contacts with a rack: solvable (Lemma 4)");
        let (mut m, mut f) = (Matrix::<3, 3>::zeros(), Vector::<3>::zeros());
        model.dynamics(&q, &qd, 0.0, &mut m, &mut f);
        let (mut w, mut tp) = (Matrix::<3, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(&q, 0.0, &mut w, &mut tp);
        let (mut g, mut gp) = (Matrix::<3, 1>::zeros(), Vector::<1>::zeros());
        model.bilateral_jacobian(&q, 0.0, &mut g, &mut gp);
        let mut d = Vector::<NU>::zeros();
        model.gap_drift(&q, &qd, 0.0, &mut d);
        let x = extended_gauss_minimiser(
            &DMatrix::from_column_slice(3, 3, m.as_slice()),
            &DVector::from_column_slice(f.as_slice()),
            &DMatrix::from_column_slice(3, 1, g.as_slice()),
            &DMatrix::from_column_slice(3, NU, w.as_slice()),
            &DVector::from_column_slice(d.as_slice()),
        );
        let scale = 1.0 + (m.try_inverse().expect("regular") * f).amax();
        let err = (0..3)
            .map(|i| (x[i] - sol.qdd[i]).abs())
            .fold(0.0, f64::max);
        assert!(
            err <= 1e-9 * scale,
            "q̈ {} against (56) {x} (|Δ| = {err:e})",
            sol.qdd
        );
        assert!((x[0] + kappa * x[2]).abs() <= 1e-9 * scale, "∇gᵀq̈ = 0");
        if sol.modes.contains(&ContactMode::LiftingOff) {
            some_lift += 1;
        }
    }
    assert!(some_lift > 10 && some_lift < 290, "{some_lift}");
}

/// Brogliato (2013), Proposition 19 (84): for a plastic impact (ε = 0) with A_c > 0 and the
/// bilateral constraints kinetically orthogonal to the unilateral ones, the post-impact velocity
/// minimises ½(q̇⁺ − q̇⁻)ᵀM(q̇⁺ − q̇⁻) subject to ∇hᵀq̇⁺ ≥ 0 (Moreau's impact rule). The body
/// with the guide x = c₀ (∇g = (1, 0, 0), orthogonal to every ∇hᵢ = (0, 1, ·) in the metric of
/// the diagonal M) hits the floor with two supports at once (m + p = 3 = n, A_c > 0) or with all
/// four (A_c singular: the velocity stays unique, Proposition 18); the impact law's q̇⁺ equals
/// the programme's minimiser, solved by enumerating its active sets, at 300 random approaches.
#[test]
fn plastic_impact_velocity_is_moreaus_projection() {
    let mut rng = ChaCha8Rng::seed_from_u64(84);
    let mut impact = FrictionalImpactLcp::<3, NU>::default();
    for k in 0..300 {
        let q = Vector::<3>::new(0.3, 0.0, rng.gen_range(-0.4..0.4));
        let model = GuidedBody {
            body: random_body(&mut rng, &q),
            kappa: 0.0,
            offset: q[0],
        };
        let hitting: [bool; NU] = if k % 2 == 0 {
            [true, true, false, false]
        } else {
            [true; NU]
        };
        let (mut w, mut tp) = (Matrix::<3, NU>::zeros(), Vector::<NU>::zeros());
        model.gap_jacobian(&q, 0.0, &mut w, &mut tp);
        // An approach with every hitting support closing (ẋ = 0 keeps the guide).
        let u_pre = loop {
            let u = Vector::<3>::new(0.0, rng.gen_range(-3.0..0.5), rng.gen_range(-3.0..3.0));
            if (0..NU).all(|i| !hitting[i] || w.column(i).dot(&u) < -0.05) {
                break u;
            }
        };
        let sol = impact
            .solve::<_, 1>(&model, &hitting, 0.0, &q, &u_pre)
            .expect("a frictionless plastic impact");
        let mut m = Matrix::<3, 3>::zeros();
        model.mass_matrix(&q, 0.0, &mut m);
        let closing: Vec<usize> = (0..NU).filter(|&i| hitting[i]).collect();
        let x = gauss_minimiser(
            &DMatrix::from_column_slice(3, 3, m.as_slice()),
            &DVector::from_column_slice(u_pre.as_slice()),
            &DMatrix::from_fn(3, closing.len(), |r, c| w[(r, closing[c])]),
            &DVector::zeros(closing.len()),
        );
        let scale = 1.0 + u_pre.amax();
        let err = (0..3)
            .map(|i| (x[i] - sol.u_post[i]).abs())
            .fold(0.0, f64::max);
        assert!(
            err <= 1e-9 * scale,
            "case {k}: q̇⁺ {} against (84) {x} (|Δ| = {err:e})",
            sol.u_post
        );
        assert!(
            sol.lambda_b[0].abs() <= 1e-9 * scale,
            "Proposition 16: p_b = 0"
        );
    }
}
