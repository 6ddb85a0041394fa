//! Shared helpers of the end-to-end tests: finite differences and random states.
//!
//! Finite differences are the independent route: they use only the generated energies and
//! constraint values (direct translations of the block), never the derived quantities.

use mbruntime::{Matrix, Mechanism, Vector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Deterministic random generator for a test.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A vector with entries uniform in [−a, a].
pub fn random_vector<const N: usize>(r: &mut ChaCha8Rng, a: f64) -> Vector<N> {
    Vector::<N>::from_fn(|_, _| r.gen_range(-a..a))
}

/// Central difference of a scalar function along direction `e` with step `h`.
pub fn diff(f: impl Fn(f64) -> f64, h: f64) -> f64 {
    // Fourth-order central difference.
    (-f(2.0 * h) + 8.0 * f(h) - 8.0 * f(-h) + f(-2.0 * h)) / (12.0 * h)
}

/// Unit vector number i.
pub fn unit<const N: usize>(i: usize) -> Vector<N> {
    let mut v = Vector::<N>::zeros();
    v[i] = 1.0;
    v
}

/// ∂T/∂q̇ by finite differences of the kinetic energy.
pub fn fd_momentum<M: Mechanism<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    m: &M,
    q: &Vector<NQ>,
    qd: &Vector<NQ>,
    t: f64,
) -> Vector<NQ> {
    Vector::<NQ>::from_fn(|i, _| diff(|s| m.kinetic_energy(q, &(qd + unit::<NQ>(i) * s), t), 1e-3))
}

/// M = ∂²T/∂q̇² by finite differences of the kinetic energy.
pub fn fd_mass<M: Mechanism<NQ, NB, NU>, const NQ: usize, const NB: usize, const NU: usize>(
    m: &M,
    q: &Vector<NQ>,
    t: f64,
) -> Matrix<NQ, NQ> {
    let zero = Vector::<NQ>::zeros();
    Matrix::<NQ, NQ>::from_fn(|i, j| {
        diff(
            |s| fd_momentum(m, q, &(zero + unit::<NQ>(j) * s), t)[i],
            1e-3,
        )
    })
}

/// h by finite differences of T and V: ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂V/∂q (+ ∂²T/∂q̇∂t), without Q.
pub fn fd_conservative_forces<
    M: Mechanism<NQ, NB, NU>,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
>(
    m: &M,
    q: &Vector<NQ>,
    qd: &Vector<NQ>,
    t: f64,
) -> Vector<NQ> {
    let h = 1e-4;
    Vector::<NQ>::from_fn(|i, _| {
        let dt_dq = diff(|s| m.kinetic_energy(&(q + unit::<NQ>(i) * s), qd, t), h);
        // (∂²T/∂q̇_i∂q) q̇ + ∂²T/∂q̇_i∂t = d/ds ∂T/∂q̇_i(q + s q̇, q̇, t + s).
        let mixed = diff(|s| fd_momentum(m, &(q + qd * s), qd, t + s)[i], h);
        let dv_dq = diff(|s| m.potential_energy(&(q + unit::<NQ>(i) * s), t), h);
        dt_dq - mixed - dv_dq
    })
}

/// Relative distance of two matrices: max |a − b| / max(1, max |b|).
pub fn rel<const R: usize, const C: usize>(a: &Matrix<R, C>, b: &Matrix<R, C>) -> f64 {
    let scale = b.amax().max(1.0);
    (a - b).amax() / scale
}
