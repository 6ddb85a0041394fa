//! The fixed-size inertial-coupling quantities of Brogliato (2013) — Delassus matrix (2),
//! constrained inverse mass (17), constrained Delassus matrix (16), kinetic angle (9),
//! bilateral percussion (72) and velocity jump (73) — do not allocate (counting global
//! allocator). The values are checked against the rod of Sect. 4.3 (A_c closed form) so the
//! test also asserts that the computation really ran.

use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::analysis::{ConstraintRef, InertialCouplings};
use mbruntime::{Matrix, Vector};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn inertial_couplings_do_not_allocate() {
    let (m, l, theta) = (1.3_f64, 0.4_f64, 0.7_f64);
    let mass = Matrix::<3, 3>::from_diagonal(&Vector::<3>::new(m, m, m * l * l / 3.0));
    let w_n = Matrix::<3, 1>::new(1.0, 0.0, l * theta.sin());
    let g = Matrix::<3, 1>::new(0.0, 1.0, -l * theta.cos());
    let before = allocations_on_this_thread();
    let c = InertialCouplings::from_matrices(mass, w_n, g).unwrap();
    let a = c.delassus();
    let a_c = c.constrained_delassus().unwrap();
    let mc = c.constrained_inverse_mass().unwrap();
    let angle = c
        .kinetic_angle(ConstraintRef::Unilateral(0), ConstraintRef::Bilateral(0))
        .unwrap();
    let p_b = c.bilateral_percussion(&Vector::<1>::new(1.0)).unwrap();
    let dv = c.velocity_jump(&Vector::<1>::new(1.0)).unwrap();
    let after = allocations_on_this_thread();
    assert_eq!(
        after - before,
        0,
        "allocations in the coupling computations"
    );
    let expected = 1.0 / m + 3.0 * theta.sin().powi(2) / (m * (1.0 + 3.0 * theta.cos().powi(2)));
    assert!((a_c[(0, 0)] - expected).abs() < 1e-12);
    assert!(a[(0, 0)] >= a_c[(0, 0)]);
    assert!(mc.iter().all(|x| x.is_finite()) && angle.angle.is_finite());
    assert!((g.transpose() * dv)[(0, 0)].abs() < 1e-12 && p_b[0].is_finite());
}
