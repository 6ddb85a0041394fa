//! The jets of a model's `Rates` against its `f64` functions: along a random polynomial
//! trajectory with polynomial multipliers, coefficient 0 of every jet must equal the value the
//! model's `Dynamics` and `Constraints` give (M q̈ − h − Gλ_B − W_Nλ_N; g or Gᵀq̇ + ĝ of a
//! velocity constraint; g_N), the first derivative must equal the central difference of those
//! values in time, and each higher derivative the central difference of the jet's previous one
//! at shifted times (first differences only: their rounding error is ε/h, not ε/h²).

use crate::split_mix::SplitMix;
use mbruntime::{Jet, Matrix, Rates, StateJet, Vector};

/// Number of Taylor coefficients of the polynomial trajectory (degree 6).
const DEGREE: usize = 7;
/// Length of the jets checked (derivatives 0..=5).
const LENGTH: usize = 6;
/// Step of the central differences in time.
const H: f64 = 1e-3;

/// A polynomial motion q(t) = Σ cₖ (t − t₀)ᵏ/k! (cₖ = q⁽ᵏ⁾(t₀)) with polynomial multipliers.
#[derive(Debug, Clone)]
pub struct PolynomialPath<const NQ: usize, const NB: usize, const NU: usize> {
    /// t₀.
    pub t0: f64,
    /// cₖ = q⁽ᵏ⁾(t₀).
    pub q: [Vector<NQ>; DEGREE + 2],
    /// λ_B⁽ᵏ⁾(t₀).
    pub lambda_b: [Vector<NB>; DEGREE],
    /// λ_N⁽ᵏ⁾(t₀).
    pub lambda_n: [Vector<NU>; DEGREE],
}

/// Σₖ cₖ sᵏ/k! and its derivatives of order `order`.
fn evaluate<const R: usize>(c: &[Vector<R>], s: f64, order: usize) -> Vector<R> {
    let mut sum = Vector::<R>::zeros();
    let mut factor = 1.0;
    for (k, ck) in c.iter().enumerate().skip(order) {
        sum += ck * factor;
        factor *= s / (k + 1 - order) as f64;
    }
    sum
}

impl<const NQ: usize, const NB: usize, const NU: usize> PolynomialPath<NQ, NB, NU> {
    /// Random coefficients: q near `q0` (entries of q⁽ᵏ⁾ uniform in ±`scale`), multipliers in
    /// ±`scale` too.
    pub fn random(rng: &mut SplitMix, t0: f64, q0: &Vector<NQ>, scale: f64) -> Self {
        let mut q: [Vector<NQ>; DEGREE + 2] = std::array::from_fn(|_| rng.vector::<NQ>() * scale);
        q[0] += q0;
        Self {
            t0,
            q,
            lambda_b: std::array::from_fn(|_| rng.vector::<NB>() * scale),
            lambda_n: std::array::from_fn(|_| rng.vector::<NU>() * scale),
        }
    }

    /// (q, q̇, q̈) at t₀ + s.
    pub fn at(&self, s: f64) -> [Vector<NQ>; 3] {
        [0, 1, 2].map(|order| evaluate(&self.q, s, order))
    }

    /// The multipliers at t₀ + s.
    pub fn multipliers_at(&self, s: f64) -> (Vector<NB>, Vector<NU>) {
        (
            evaluate(&self.lambda_b, s, 0),
            evaluate(&self.lambda_n, s, 0),
        )
    }

    /// The trajectory and multiplier jets about t₀ + s.
    pub fn jets(&self, s: f64) -> (StateJet<LENGTH, NQ>, [Jet<LENGTH>; NB], [Jet<LENGTH>; NU]) {
        let coefficient = |k: usize, order: usize| {
            // q⁽ᵏ⁺ᵒʳᵈᵉʳ⁾(t₀ + s)/k!.
            evaluate(&self.q, s, k + order) / factorial(k)
        };
        let mut x = StateJet::<LENGTH, NQ> {
            t: Jet::variable(self.t0 + s, 1.0),
            ..Default::default()
        };
        for k in 0..LENGTH {
            let (q, qd, qdd) = (coefficient(k, 0), coefficient(k, 1), coefficient(k, 2));
            for i in 0..NQ {
                x.q[i].set_coefficient(k, q[i]);
                x.qd[i].set_coefficient(k, qd[i]);
                x.qdd[i].set_coefficient(k, qdd[i]);
            }
        }
        let mut lb = [Jet::ZERO; NB];
        let mut ln = [Jet::ZERO; NU];
        for k in 0..LENGTH {
            let (b, n) = (
                evaluate(&self.lambda_b, s, k) / factorial(k),
                evaluate(&self.lambda_n, s, k) / factorial(k),
            );
            for j in 0..NB {
                lb[j].set_coefficient(k, b[j]);
            }
            for j in 0..NU {
                ln[j].set_coefficient(k, n[j]);
            }
        }
        (x, lb, ln)
    }
}

fn factorial(k: usize) -> f64 {
    (1..=k).fold(1.0, |f, i| f * i as f64)
}

/// The residual M q̈ − h − Gλ_B − W_Nλ_N and the constraint values (g or γ, g_N) at t₀ + s from
/// the model's `f64` functions.
fn values<M: Rates<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    path: &PolynomialPath<NQ, NB, NU>,
    s: f64,
) -> (Vector<NQ>, Vector<NB>, Vector<NU>) {
    let [q, qd, qdd] = path.at(s);
    let t = path.t0 + s;
    let (lb, ln) = path.multipliers_at(s);
    let (mut m, mut h) = (Matrix::<NQ, NQ>::zeros(), Vector::<NQ>::zeros());
    model.dynamics(&q, &qd, t, &mut m, &mut h);
    let (mut g_jac, mut g_t) = (Matrix::<NQ, NB>::zeros(), Vector::<NB>::zeros());
    model.bilateral_jacobian(&q, t, &mut g_jac, &mut g_t);
    let (mut w_n, mut w_t) = (Matrix::<NQ, NU>::zeros(), Vector::<NU>::zeros());
    model.gap_jacobian(&q, t, &mut w_n, &mut w_t);
    let residual = m * qdd - h - g_jac * lb - w_n * ln;
    let mut g = Vector::<NB>::zeros();
    model.bilateral(&q, t, &mut g);
    let velocity = g_jac.tr_mul(&qd) + g_t;
    for j in 0..NB {
        if !M::HOLONOMIC[j] {
            g[j] = velocity[j];
        }
    }
    let mut gn = Vector::<NU>::zeros();
    model.gaps(&q, t, &mut gn);
    (residual, g, gn)
}

/// All jet entries (residual, bilateral, gaps) as one list of derivatives of order `k` at t₀ + s.
fn jet_derivatives<M: Rates<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    path: &PolynomialPath<NQ, NB, NU>,
    s: f64,
    k: usize,
) -> Vec<f64> {
    let (x, lb, ln) = path.jets(s);
    let mut r = [Jet::ZERO; NQ];
    model.motion_residual_jet(&x, &lb, &ln, &mut r);
    let (mut gb, mut gn) = ([Jet::ZERO; NB], [Jet::ZERO; NU]);
    model.constraint_jet(&x, &mut gb, &mut gn);
    r.iter()
        .chain(&gb)
        .chain(&gn)
        .map(|j| j.derivative(k))
        .collect()
}

/// The fourth-order central difference f′(0) of a vector function of s with step h, entry by
/// entry, from one sample of the whole vector per stencil point; and the largest |f| sampled.
fn difference_with_step(f: &impl Fn(f64) -> Vec<f64>, h: f64) -> (Vec<f64>, f64) {
    let samples = [-2.0, -1.0, 1.0, 2.0].map(|k| f(k * h));
    let size = samples
        .iter()
        .flatten()
        .fold(0.0_f64, |m, v| m.max(v.abs()));
    let d = (0..samples[0].len())
        .map(|e| {
            let at = |k: usize| samples[k][e];
            (-at(3) + 8.0 * at(2) - 8.0 * at(1) + at(0)) / (12.0 * h)
        })
        .collect();
    (d, size)
}

/// The difference of [`difference_with_step`] with step H and, per entry, a bound of its
/// error: the truncation error E(h) ≈ c h⁴ grows sixteenfold with the step, so
/// |D(2H) − D(H)| ≈ 15 E(H) (Richardson), plus the rounding floor 10 u max|f| / H over the
/// stencil (u the unit round-off).
fn difference(f: impl Fn(f64) -> Vec<f64>) -> (Vec<f64>, Vec<f64>) {
    let (d, size) = difference_with_step(&f, H);
    let (d2, _) = difference_with_step(&f, 2.0 * H);
    let floor = 10.0 * f64::EPSILON * size / H;
    let bounds = d
        .iter()
        .zip(&d2)
        .map(|(a, b)| (a - b).abs() + floor)
        .collect();
    (d, bounds)
}

/// The largest disagreement, relative to 1 + |reference|, between the jets of `model` and the
/// differences of its `f64` functions along `path` (see the module documentation), for
/// derivative orders 0..=5, beyond the error bound of each difference.
pub fn jet_disagreement<M: Rates<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    path: &PolynomialPath<NQ, NB, NU>,
) -> f64 {
    let flat = |s: f64| {
        let (r, g, gn) = values(model, path, s);
        r.iter()
            .chain(g.iter())
            .chain(gn.iter())
            .copied()
            .collect::<Vec<f64>>()
    };
    let at0 = flat(0.0);
    let exact = vec![0.0; at0.len()];
    let mut references = vec![(at0, exact), difference(flat)];
    for k in 2..LENGTH {
        references.push(difference(|s| jet_derivatives(model, path, s, k - 1)));
    }
    let mut worst = 0.0_f64;
    for (k, (reference, bounds)) in references.iter().enumerate() {
        let jets = jet_derivatives(model, path, 0.0, k);
        for ((jet, r), bound) in jets.iter().zip(reference).zip(bounds) {
            let excess = ((jet - r).abs() - bound).max(0.0);
            worst = worst.max(excess / (1.0 + r.abs()));
        }
    }
    worst
}
