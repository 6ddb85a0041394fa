//! A robot no one here wrote, imported and checked against a second implementation.
//!
//! `examples/src/ur5.rs` is the block `mbcompile import` writes from the Universal Robots UR5
//! description (`examples/urdf/ur5_robot.urdf`, unchanged from `ur_description`);
//! `examples/urdf/ur5_pinocchio.csv` holds what Pinocchio 4.1 (Carpentier et al. 2019, "The
//! Pinocchio C++ library", SII) computes from the same file at 20 random states
//! (`bench/import/reference.py`). Invariants: M(q) = crba(q) (upper triangle mirrored),
//! h(q, q̇) = −nle(q, q̇) = −(C q̇ + g) with gravity (0, 0, −9.81), and the generated
//! articulated-body q̈ = aba(q, q̇, τ = 0), each to 1e-12 of the largest entry of the reference
//! quantity at that state. The joint order of both is the URDF's chain order.

use mb_examples::ur5::ur5::Ur5;
use mbruntime::{Dynamics, Matrix, Vector};

const N: usize = 6;
const TOL: f64 = 1e-12;

fn rows() -> Vec<Vec<f64>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/urdf/ur5_pinocchio.csv");
    std::fs::read_to_string(path)
        .expect("reference data")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split(',').map(|x| x.parse().expect("a number")).collect())
        .collect()
}

#[track_caller]
fn agree(what: &str, k: usize, mb: &[f64], reference: &[f64]) {
    let scale = reference.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
    let err = mb
        .iter()
        .zip(reference)
        .fold(0.0_f64, |m, (a, b)| m.max((a - b).abs()));
    assert!(
        err <= TOL * scale,
        "state {k}, {what}: mb {mb:?} Pinocchio {reference:?}: |difference| {err:e} > {TOL:e} · {scale:e}"
    );
}

#[test]
fn mass_matrix_forces_and_articulated_acceleration_equal_pinocchios() {
    let ur5 = Ur5::default();
    let rows = rows();
    assert_eq!(rows.len(), 20);
    for (k, r) in rows.iter().enumerate() {
        assert_eq!(r.len(), 2 * N + N * N + 2 * N);
        let q = Vector::<N>::from_column_slice(&r[..N]);
        let qd = Vector::<N>::from_column_slice(&r[N..2 * N]);
        let (mut m, mut h, mut a) = (
            Matrix::<N, N>::zeros(),
            Vector::<N>::zeros(),
            Vector::<N>::zeros(),
        );
        ur5.mass_matrix(&q, 0.0, &mut m);
        ur5.forces(&q, &qd, 0.0, &mut h);
        assert!(ur5.articulated_acceleration(&q, &qd, 0.0, &mut a));
        let m_rows: Vec<f64> = m.transpose().iter().copied().collect();
        let at = 2 * N;
        agree("M", k, &m_rows, &r[at..at + N * N]);
        agree("h", k, h.as_slice(), &r[at + N * N..at + N * N + N]);
        agree("q̈", k, a.as_slice(), &r[at + N * N + N..]);
    }
}
