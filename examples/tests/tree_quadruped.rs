//! The free-floating quadruped (`Quadruped`, 22 degrees of freedom) in free flight without gravity.
//!
//! Invariants (Noether's theorem; Goldstein, Poole and Safko 2002, "Classical Mechanics",
//! Sect. 2.7 and 8.2): with g = 0 and no forces the Lagrangian L = T(q, q̇) is invariant under
//! translations and rotations of the whole mechanism, so
//! - the total linear momentum P_k = pᵀ e_k is conserved, p = M q̇ and e_k the generator of a
//!   translation along world axis k — the base translation coordinates move every body by the same
//!   vector, so P is rows x, y, z of M q̇;
//! - the angular momentum about the world origin L_k = pᵀ ξ_k(q) is conserved, ξ_k the generator
//!   of a rotation about world axis k: δ(x, y, z) = e_k × (x, y, z), δ(a, b, c) = E(a, b)⁻¹ e_k with
//!   ω = E(a, b) (ȧ, ḃ, ċ) = ȧ e_z + ḃ R_z(a) e_y + ċ R_z(a) R_y(b) e_x the world angular
//!   velocity of R = R_z(a) R_y(b) R_x(c), joint angles unchanged;
//! - the energy T is conserved.
//!
//! The simulation is Moreau's midpoint rule (`TimeStepper::without_jacobians`: the model has only
//! Dynamics and Constraints), which is first-order accurate for velocity-dependent forces (here
//! the gyroscopic and Coriolis terms of h, evaluated at the start velocity). So the invariants
//! are not exact: the test measures their largest deviation over 0.5 s at Δt and Δt/2 and
//! requires the deviation to shrink by a factor of at least 1.7 (first order: 2), and to be below
//! 1e-3 of the invariant's scale at Δt/2 = 5e-5 s.

use mb_examples::tree_models::quadruped::Quadruped;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper};
use mbruntime::{Dynamics, Matrix, Vector};

const N: usize = 22;

/// (P, L, T) at a state.
fn invariants(model: &Quadruped, q: &Vector<N>, u: &Vector<N>) -> (Vector<3>, Vector<3>, f64) {
    let mut m = Matrix::<N, N>::zeros();
    model.mass_matrix(q, 0.0, &mut m);
    let p = m * u;
    let linear = Vector::<3>::new(p[0], p[1], p[2]);
    let (a, b) = (q[3], q[4]);
    let e = Matrix::<3, 3>::from_columns(&[
        Vector::<3>::new(0.0, 0.0, 1.0),
        Vector::<3>::new(-a.sin(), a.cos(), 0.0),
        Vector::<3>::new(a.cos() * b.cos(), a.sin() * b.cos(), -b.sin()),
    ]);
    let e_inv = e
        .try_inverse()
        .expect("away from the Euler-angle singularity");
    let base = Vector::<3>::new(q[0], q[1], q[2]);
    let angular = Vector::<3>::from_fn(|k, _| {
        let axis = Vector::<3>::from_fn(|i, _| if i == k { 1.0 } else { 0.0 });
        let translation = axis.cross(&base);
        let rates = e_inv * axis;
        p.fixed_rows::<3>(0).dot(&translation) + p.fixed_rows::<3>(3).dot(&rates)
    });
    (linear, angular, model.kinetic_energy(q, u, 0.0))
}

fn initial_state() -> (Vector<N>, Vector<N>) {
    let mut q = Vector::<N>::zeros();
    let mut u = Vector::<N>::zeros();
    q.fixed_rows_mut::<6>(0)
        .copy_from_slice(&[0.1, -0.2, 0.5, 0.3, 0.2, -0.1]);
    u.fixed_rows_mut::<6>(0)
        .copy_from_slice(&[0.4, -0.3, 0.2, 0.5, -0.4, 0.6]);
    for leg in 0..4 {
        let s = [1.0, -1.0, 0.7, -0.6][leg];
        for j in 0..4 {
            let i = 6 + 4 * leg + j;
            q[i] = s * [0.1, 0.4, -0.8, 0.3][j];
            u[i] = s * [0.8, -1.2, 1.5, -2.0][j];
        }
    }
    (q, u)
}

/// Largest deviations (|ΔP|, |ΔL|, |ΔT|) over [0, 0.5] s at step h, and their scales.
fn deviations(h: f64) -> ([f64; 3], [f64; 3]) {
    let model = Quadruped {
        g: 0.0,
        ..Default::default()
    };
    let (q0, u0) = initial_state();
    let (p0, l0, t0) = invariants(&model, &q0, &u0);
    let mut ts = TimeStepper::without_jacobians(
        model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )
    .unwrap();
    let mut dev = [0.0_f64; 3];
    ts.run(h, 0.5, |r| {
        let (p, l, t) = invariants(&model, &r.q, &r.u);
        dev[0] = dev[0].max((p - p0).amax());
        dev[1] = dev[1].max((l - l0).amax());
        dev[2] = dev[2].max((t - t0).abs());
    })
    .unwrap();
    (dev, [p0.amax(), l0.amax(), t0])
}

#[test]
fn momenta_and_energy_are_conserved_to_first_order() {
    let (coarse, scale) = deviations(1e-4);
    let (fine, _) = deviations(5e-5);
    eprintln!("scales (P, L, T) = {scale:?}; deviations at 1e-4: {coarse:?}; at 5e-5: {fine:?}");
    for (k, name) in ["linear momentum", "angular momentum", "energy"]
        .iter()
        .enumerate()
    {
        assert!(
            scale[k] > 0.1,
            "{name}: a non-trivial invariant ({})",
            scale[k]
        );
        let ratio = coarse[k] / fine[k];
        assert!(
            ratio >= 1.7,
            "{name}: halving Δt reduced the deviation by {ratio}"
        );
        assert!(
            fine[k] <= 1e-3 * scale[k],
            "{name}: deviation {:e} of {:e}",
            fine[k],
            scale[k]
        );
    }
}
