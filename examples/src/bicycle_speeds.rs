//! The generated [`Bicycle`] about upright straight running: the operating point at a forward
//! speed v, its steady-motion linearisation (the independent-speeds reduction), the lateral
//! block of the reduced state matrix and the self-stable speed range found on mb's own
//! eigenvalues. Shared by the bicycle's test, program and bench.
//!
//! The reduced state is (φ, δ; φ̇, δ̇, θ̇_R): lean and steer, their rates and the rear wheel's
//! spin (the forward speed). By the lateral symmetry of upright straight running, lateral
//! perturbations change the forward speed only at second order and the forward speed does not
//! enter the lateral equations at first order, so the state matrix is block diagonal: the 4×4
//! lateral block (φ, δ, φ̇, δ̇), whose spectrum is the benchmark's, and a zero for θ̇_R.

use crate::bicycle::bicycle::Bicycle;
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    LinearisationError, LinearisationOptions, OperatingPoint, StateComponent, SteadyMotion,
    SteadyMotionOptions,
};
use nalgebra::{Complex, Matrix4};

/// Coordinate indices of [`Bicycle`]: x, y, z, ψ, θ (pitch), φ (lean), δ (steer), θ_R, θ_F.
pub const LEAN: usize = 5;
/// The steer angle δ.
pub const STEER: usize = 6;
/// The rear wheel angle θ_R.
pub const REAR_WHEEL: usize = 7;
/// The cyclic coordinates of straight running: x, y, ψ, θ_R, θ_F.
pub const CYCLIC: [usize; 5] = [0, 1, 3, 7, 8];
/// The independent speeds: lean rate, steer rate and rear wheel rate.
pub const SPEEDS: [usize; 3] = [LEAN, STEER, REAR_WHEEL];

/// Upright straight running along x at speed v: rear hub at height r_R, both wheels rolling
/// (θ̇_R = v/r_R, θ̇_F = v/r_F), every angle zero.
pub fn upright_running(model: &Bicycle, v: f64) -> OperatingPoint<9> {
    let mut q = Vector::<9>::zeros();
    q[2] = model.r_r;
    let mut qd = Vector::<9>::zeros();
    qd[0] = v;
    qd[REAR_WHEEL] = v / model.r_r;
    qd[8] = v / model.r_f;
    OperatingPoint { q, qd, t: 0.0 }
}

/// The steady-motion linearisation of upright straight running at speed v.
pub fn steady_running(model: &Bicycle, v: f64) -> Result<SteadyMotion, LinearisationError> {
    let options = SteadyMotionOptions {
        cyclic: &CYCLIC,
        linearisation: LinearisationOptions {
            independent_speeds: Some(&SPEEDS),
            ..Default::default()
        },
        ..Default::default()
    };
    SteadyMotion::at(model, &upright_running(model, v), &options)
}

/// The lateral block of the reduced state matrix, states (φ, δ, φ̇, δ̇), and the largest
/// coupling between it and the forward speed θ̇_R (zero by symmetry).
pub fn lateral_block(steady: &SteadyMotion) -> (Matrix4<f64>, f64) {
    let index = |c: StateComponent| steady.state.iter().position(|s| *s == c);
    let lateral = [
        StateComponent::Position(LEAN),
        StateComponent::Position(STEER),
        StateComponent::Velocity(LEAN),
        StateComponent::Velocity(STEER),
    ]
    .map(|c| index(c).expect("lean and steer are in the reduced state"));
    let forward = index(StateComponent::Velocity(REAR_WHEEL)).expect("rear wheel speed");
    let block = Matrix4::from_fn(|i, j| steady.a[(lateral[i], lateral[j])]);
    let coupling = lateral
        .iter()
        .map(|&i| {
            steady.a[(i, forward)]
                .abs()
                .max(steady.a[(forward, i)].abs())
        })
        .fold(steady.a[(forward, forward)].abs(), f64::max);
    (block, coupling)
}

/// The four lateral eigenvalues at speed v, by increasing real part (then imaginary part).
pub fn lateral_eigenvalues(
    model: &Bicycle,
    v: f64,
) -> Result<[Complex<f64>; 4], LinearisationError> {
    let (block, _) = lateral_block(&steady_running(model, v)?);
    let mut values: [Complex<f64>; 4] = block.complex_eigenvalues().into();
    values.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
    Ok(values)
}

/// The largest real part of the lateral eigenvalues at speed v.
pub fn spectral_abscissa(model: &Bicycle, v: f64) -> Result<f64, LinearisationError> {
    Ok(lateral_eigenvalues(model, v)?
        .iter()
        .map(|z| z.re)
        .fold(f64::NEG_INFINITY, f64::max))
}

/// The speed in [lo, hi] where the spectral abscissa changes sign, by bisection to `tol`
/// (the abscissa must have opposite signs at the ends).
pub fn crossing(model: &Bicycle, lo: f64, hi: f64, tol: f64) -> Result<f64, LinearisationError> {
    let (mut lo, mut hi) = (lo, hi);
    let sign_lo = spectral_abscissa(model, lo)? > 0.0;
    while hi - lo > tol {
        let mid = 0.5 * (lo + hi);
        if (spectral_abscissa(model, mid)? > 0.0) == sign_lo {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(0.5 * (lo + hi))
}
