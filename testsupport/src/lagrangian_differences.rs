//! M, ∂T/∂q̇ and h of Lagrange's equations by finite differences of a model's generated T and V.
//!
//! These use only `kinetic_energy` and `potential_energy` (direct translations of the block),
//! never the derived quantities, so they are an independent route to M and h. T is quadratic in
//! q̇ (the generator rejects anything else), so the differences in q̇ below are exact up to
//! rounding for every step.

use crate::finite_difference::{derivative, unit};
use mbruntime::{Dynamics, Matrix, Vector};

/// ∂T/∂q̇ by the central difference (T(q̇ + eᵢ) − T(q̇ − eᵢ)) / 2, exact for T quadratic in q̇.
pub fn fd_momentum<M: Dynamics<NQ>, const NQ: usize>(
    model: &M,
    q: &Vector<NQ>,
    qd: &Vector<NQ>,
    t: f64,
) -> Vector<NQ> {
    Vector::<NQ>::from_fn(|i, _| {
        let e = unit::<NQ>(i);
        (model.kinetic_energy(q, &(qd + e), t) - model.kinetic_energy(q, &(qd - e), t)) / 2.0
    })
}

/// M = ∂²T/∂q̇² by the four-point mixed difference about q̇ = 0 with step s = ½:
/// (T(seᵢ + seⱼ) − T(seᵢ − seⱼ) − T(−seᵢ + seⱼ) + T(−seᵢ − seⱼ)) / 4s², exact for T quadratic
/// in q̇ (terms of degree 0 and 1 in q̇ cancel); only rounding remains.
pub fn fd_mass<M: Dynamics<NQ>, const NQ: usize>(
    model: &M,
    q: &Vector<NQ>,
    t: f64,
) -> Matrix<NQ, NQ> {
    let s = 0.5;
    let kinetic = |v: Vector<NQ>| model.kinetic_energy(q, &v, t);
    Matrix::<NQ, NQ>::from_fn(|i, j| {
        let (ei, ej) = (unit::<NQ>(i) * s, unit::<NQ>(j) * s);
        (kinetic(ei + ej) - kinetic(ei - ej) - kinetic(-ei + ej) + kinetic(-ei - ej))
            / (4.0 * s * s)
    })
}

/// h without Q by differences of T and V: ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q, the mixed
/// terms together as d/ds ∂T/∂q̇(q + s q̇, q̇, t + s); fourth-order differences in q and t with
/// step 10⁻³ (truncation about 10⁻¹³ |f⁽⁵⁾|, round-off about 10⁻¹³ |f|).
pub fn fd_conservative_forces<M: Dynamics<NQ>, const NQ: usize>(
    model: &M,
    q: &Vector<NQ>,
    qd: &Vector<NQ>,
    t: f64,
) -> Vector<NQ> {
    let h = 1e-3;
    Vector::<NQ>::from_fn(|i, _| {
        let e = unit::<NQ>(i);
        let dt_dq = derivative(|s| model.kinetic_energy(&(q + e * s), qd, t), h);
        let mixed = derivative(|s| fd_momentum(model, &(q + qd * s), qd, t + s)[i], h);
        let dv_dq = derivative(|s| model.potential_energy(&(q + e * s), t), h);
        dt_dq - mixed - dv_dq
    })
}
