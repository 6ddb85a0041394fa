//! The Whipple bicycle benchmark reference `mb_examples::bicycle_reference` against the numbers
//! Meijaard, Papadopoulos, Ruina & Schwab (2007), "Linearized dynamics equations for the balance
//! and steer of a bicycle: a benchmark and review", Proc. R. Soc. A 463, publish for the benchmark
//! bicycle of their Table 1.
//!
//! Invariants: (i) the Appendix A closed forms evaluated at the Table 1 parameters reproduce the
//! published entries of M, C1, K0 and K2 to the 14 decimals printed there; (ii) the roots of
//! det(M s² + v C1 s + g K0 + v² K2) are the eigenvalues the paper's Table 2 prints for
//! v = 0, 1, …, 10 m/s, and the characteristic polynomial agrees with the determinant of the
//! published matrices evaluated directly at complex s; (iii) the weave and capsize speeds are the
//! published v_w = 4.29238253634111 m/s (where the weave pair is ±3.43503384866144 i) and
//! v_c = 6.02426201538837 m/s (where a root is zero), and the bicycle is asymptotically stable
//! exactly inside (v_w, v_c); (iv) mb's axes are the paper's turned by π about x: the converted
//! configuration reproduces the total centre of mass implied by the published K0_φφ = m_T z_T and
//! the fork offset r_F sin λ − c cos λ between front hub and steer axis, and the inertia tensors
//! equal R I Rᵀ with R the rotation by π about x.
//!
//! Every expected value below is written as printed in the paper (the benchmark entries of M,
//! C1, K0, K2 and Table 2), not computed by the code under test. Their own accuracy was checked by
//! a 40-digit evaluation of the Appendix A formulas (`bench/sympy/bicycle_benchmark.py
//! --high-precision`, mpmath): the printed matrix entries and v_w are correctly rounded to their
//! 14 decimals; the printed v_c is 1.1e-14 above the 40-digit value, and the printed eigenvalues
//! deviate from it by up to 6e-13 (the castering root at 7 m/s), so the tolerances are half a unit
//! of the last printed digit for the matrices, 2e-14 for the speeds and 1e-12 for the eigenvalues.
//! The same eigenvalues and speeds were also reproduced, to 1e-8, by a nonlinear Kane model of the
//! bicycle (sympy.physics.mechanics, `bench/sympy/bicycle_kane.py`) linearised about upright
//! straight running, a route that shares no formula with Appendix A.

use mb_examples::bicycle_reference::{BenchmarkBicycle, BicycleError, inertia_in_mb_axes};
use nalgebra::{Complex, Matrix2, Matrix3, Rotation3, Vector3};

/// Published M, C1, K0, K2 of the benchmark bicycle (Meijaard et al. 2007), row-major
/// (φφ, φδ, δφ, δδ).
const M: [f64; 4] = [
    80.81722,
    2.31941332208709,
    2.31941332208709,
    0.29784188199686,
];
const C1: [f64; 4] = [0.0, 33.86641391492494, -0.85035641456978, 1.68540397397560];
const K0: [f64; 4] = [
    -80.95,
    -2.59951685249872,
    -2.59951685249872,
    -0.80329488458618,
];
const K2: [f64; 4] = [0.0, 76.59734589573222, 0.0, 2.65431523794604];

/// Published weave and capsize speeds (Meijaard et al. 2007, Table 2) [m/s].
const WEAVE_SPEED: f64 = 4.29238253634111;
const CAPSIZE_SPEED: f64 = 6.02426201538837;
/// Published weave frequency at v_w (Table 2) [rad/s].
const WEAVE_FREQUENCY_AT_VW: f64 = 3.43503384866144;
/// Published speed where the two real roots of the standing-still pendulum modes merge into the
/// weave pair, and the double root there (Table 2).
const BIFURCATION_SPEED: f64 = 0.68428307889246;
const BIFURCATION_ROOT: f64 = 3.78290405129320;

/// Published eigenvalues (Table 2) at v = 0, 1, …, 10 m/s, each as (re, |im|) pairs: the capsize
/// root, the weave pair (or at v = 0 the unstable real root ≈ 3.13), and the castering root
/// (trailing zeros of the printed values dropped).
const TABLE_2: [[(f64, f64); 4]; 11] = [
    [
        (-3.13164324790656, 0.0),
        (3.13164324790656, 0.0),
        (-5.53094371765393, 0.0),
        (5.53094371765393, 0.0),
    ],
    [
        (-3.13423125066578, 0.0),
        (3.52696170990070, 0.80774027519930),
        (3.52696170990070, 0.80774027519930),
        (-7.11008014637442, 0.0),
    ],
    [
        (-3.07158645641514, 0.0),
        (2.68234517512745, 1.68066296590675),
        (2.68234517512745, 1.68066296590675),
        (-8.67387984831735, 0.0),
    ],
    [
        (-2.63366137253667, 0.0),
        (1.70675605663975, 2.31582447384325),
        (1.70675605663975, 2.31582447384325),
        (-10.3510146724592, 0.0),
    ],
    [
        (-1.42944427361326, 0.0),
        (0.41325331521125, 3.07910818603206),
        (0.41325331521125, 3.07910818603206),
        (-12.1586142657645, 0.0),
    ],
    [
        (-0.32286642900409, 0.0),
        (-0.77534188219585, 4.46486771378823),
        (-0.77534188219585, 4.46486771378823),
        (-14.0783896927982, 0.0),
    ],
    [
        (-0.00406690076970, 0.0),
        (-1.52644486584142, 5.87673060598709),
        (-1.52644486584142, 5.87673060598709),
        (-16.0853712309803, 0.0),
    ],
    [
        (0.10268170574766, 0.0),
        (-2.13875644258362, 7.19525913329805),
        (-2.13875644258362, 7.19525913329805),
        (-18.15788466125262, 0.0),
    ],
    [
        (0.14327879765713, 0.0),
        (-2.69348683581097, 8.46037971396931),
        (-2.69348683581097, 8.46037971396931),
        (-20.27940894394569, 0.0),
    ],
    [
        (0.15790184030917, 0.0),
        (-3.21675402252485, 9.69377351531791),
        (-3.21675402252485, 9.69377351531791),
        (-22.43788559040858, 0.0),
    ],
    [
        (0.16105338653172, 0.0),
        (-3.72016840437287, 10.90681139476287),
        (-3.72016840437287, 10.90681139476287),
        (-24.62459635017404, 0.0),
    ],
];

/// A value correctly rounded to 14 decimals is within 5e-15 of the exact one; a few units of
/// roundoff of the computation (relative 2e-15 of the magnitude) are added.
fn printed_tolerance(scale: f64) -> f64 {
    0.5e-14 + 2e-15 * scale.abs().max(1.0)
}

/// The published speeds are within 1.1e-14 of the 40-digit values (see the header).
const SPEED_TOLERANCE: f64 = 2e-14;
/// The published eigenvalues are within 6e-13 of the 40-digit values (see the header).
const EIGENVALUE_TOLERANCE: f64 = 1e-12;

fn assert_matrix(name: &str, got: &Matrix2<f64>, printed: &[f64; 4]) {
    for (k, want) in printed.iter().enumerate() {
        let got = got[(k / 2, k % 2)];
        let err = (got - want).abs();
        assert!(
            err <= printed_tolerance(*want),
            "{name}[{}{}] = {got:.17} differs from the published {want} by {err:e}",
            k / 2,
            k % 2
        );
    }
}

fn published(entries: &[f64; 4]) -> Matrix2<f64> {
    Matrix2::new(entries[0], entries[1], entries[2], entries[3])
}

#[test]
fn appendix_a_reproduces_the_published_matrices() {
    let mats = BenchmarkBicycle::default().matrices().unwrap();
    assert_matrix("M", &mats.m, &M);
    assert_matrix("C1", &mats.c1, &C1);
    assert_matrix("K0", &mats.k0, &K0);
    assert_matrix("K2", &mats.k2, &K2);
}

/// det(M s² + v C1 s + g K0 + v² K2) of the published matrices, evaluated directly at complex s.
fn published_determinant(s: Complex<f64>, v: f64, g: f64) -> Complex<f64> {
    let entry = |k: usize| {
        Complex::new(M[k], 0.0) * s * s
            + s * (v * C1[k])
            + Complex::new(g * K0[k] + v * v * K2[k], 0.0)
    };
    entry(0) * entry(3) - entry(1) * entry(2)
}

#[test]
fn characteristic_polynomial_is_the_determinant_of_the_published_matrices() {
    let bike = BenchmarkBicycle::default();
    for v in [0.0, 1.5, 4.0, 7.25] {
        let a = bike.characteristic_polynomial(v).unwrap();
        for s in [
            Complex::new(0.3, 0.0),
            Complex::new(-1.1, 2.5),
            Complex::new(4.0, -7.0),
        ] {
            let horner = a.iter().fold(Complex::new(0.0, 0.0), |acc, &c| acc * s + c);
            let direct = published_determinant(s, v, 9.81);
            // Scale: the largest term of the expansion, |a_k s^k|.
            let scale = a
                .iter()
                .rev()
                .enumerate()
                .map(|(k, c)| c.abs() * s.norm().powi(k as i32))
                .fold(0.0, f64::max);
            let err = (horner - direct).norm();
            assert!(
                err <= 1e-12 * scale,
                "v = {v}, s = {s}: {horner} vs {direct} (scale {scale:e})"
            );
        }
    }
}

#[test]
fn eigenvalues_match_table_2() {
    let bike = BenchmarkBicycle::default();
    for (v, printed) in TABLE_2.iter().enumerate() {
        let got = bike.eigenvalues(v as f64).unwrap();
        let mut unmatched: Vec<Complex<f64>> = got.to_vec();
        for &(re, im_abs) in printed {
            // Each printed value with |im| stands for the conjugate pair: match either sign once.
            let position = unmatched
                .iter()
                .position(|z| {
                    (z.re - re).abs() <= EIGENVALUE_TOLERANCE
                        && (z.im.abs() - im_abs).abs() <= EIGENVALUE_TOLERANCE
                })
                .unwrap_or_else(|| panic!("v = {v}: no root {re} ± {im_abs} i among {got:?}"));
            unmatched.remove(position);
        }
        // The pair's two members are conjugates (not the same root twice).
        let im_sum: f64 = got.iter().map(|z| z.im).sum();
        assert!(
            im_sum.abs() <= 1e-12,
            "v = {v}: roots {got:?} are not closed under conjugation"
        );
    }
}

#[test]
fn weave_and_capsize_speeds_are_the_published_ones() {
    let bike = BenchmarkBicycle::default();
    let range = bike.self_stable_range(10.0, 0.01).unwrap();
    assert!(
        (range.weave - WEAVE_SPEED).abs() <= SPEED_TOLERANCE,
        "v_w = {:.17}",
        range.weave
    );
    assert!(
        (range.capsize - CAPSIZE_SPEED).abs() <= SPEED_TOLERANCE,
        "v_c = {:.17}",
        range.capsize
    );
    // At v_w the weave pair sits on the imaginary axis at the published frequency.
    let at_weave = bike.eigenvalues(WEAVE_SPEED).unwrap();
    let weave_pair: Vec<_> = at_weave.iter().filter(|z| z.im != 0.0).collect();
    assert_eq!(weave_pair.len(), 2, "{at_weave:?}");
    for z in weave_pair {
        assert!(z.re.abs() <= 1e-13, "weave root {z} at v_w");
        assert!(
            (z.im.abs() - WEAVE_FREQUENCY_AT_VW).abs() <= EIGENVALUE_TOLERANCE,
            "weave root {z} at v_w"
        );
    }
    // At v_c one root is zero: the constant coefficient det(g K0 + v_c² K2) of the published
    // matrices vanishes to the printed digits (its derivative in v is of order 1e3).
    let k = published(&K0) * 9.81 + published(&K2) * CAPSIZE_SPEED.powi(2);
    assert!(
        k.determinant().abs() <= 1e-9,
        "det(g K0 + v_c² K2) = {:e}",
        k.determinant()
    );
    let at_capsize = bike.eigenvalues(CAPSIZE_SPEED).unwrap();
    assert!(
        at_capsize.iter().any(|z| z.norm() <= 1e-12),
        "no zero root at v_c: {at_capsize:?}"
    );
}

#[test]
fn stable_exactly_between_weave_and_capsize_speeds() {
    let bike = BenchmarkBicycle::default();
    let stable = |v: f64| bike.spectral_abscissa(v).unwrap() < 0.0;
    for k in 0..=1000 {
        let v = f64::from(k) * 0.01;
        assert_eq!(stable(v), v > WEAVE_SPEED && v < CAPSIZE_SPEED, "v = {v}");
    }
    for (v, inside) in [
        (WEAVE_SPEED * (1.0 - 1e-9), false),
        (WEAVE_SPEED * (1.0 + 1e-9), true),
        (CAPSIZE_SPEED * (1.0 - 1e-9), true),
        (CAPSIZE_SPEED * (1.0 + 1e-9), false),
    ] {
        assert_eq!(stable(v), inside, "v = {v}");
    }
}

#[test]
fn the_real_pendulum_roots_merge_at_the_published_bifurcation_speed() {
    let roots = BenchmarkBicycle::default()
        .eigenvalues(BIFURCATION_SPEED)
        .unwrap();
    // A double root is only determined to the square root of the speed's rounding (1e-14): 1e-6.
    let near: Vec<_> = roots
        .iter()
        .filter(|z| (z.re - BIFURCATION_ROOT).abs() <= 1e-6 && z.im.abs() <= 1e-6)
        .collect();
    assert_eq!(near.len(), 2, "{roots:?}");
}

#[test]
fn upright_configuration_in_mb_axes() {
    let bike = BenchmarkBicycle::default();
    let cfg = bike.upright_configuration().unwrap();
    let (m_r, m_b, m_h, m_f) = (cfg.masses[0], cfg.masses[1], cfg.masses[2], cfg.masses[3]);
    let m_t = m_r + m_b + m_h + m_f;
    // The published K0_φφ = m_T z_T = −80.95 kg m (paper's z down): the centre of mass of the
    // whole bicycle in mb's axes is 80.95/m_T above the ground.
    let height = (m_r * cfg.rear_hub[2]
        + m_b * cfg.rear_frame_com[2]
        + m_h * cfg.front_frame_com[2]
        + m_f * cfg.front_hub[2])
        / m_t;
    assert!(
        (height * m_t - 80.95).abs() <= 1e-12,
        "m_T z = {}",
        height * m_t
    );
    for p in [
        cfg.rear_hub,
        cfg.front_hub,
        cfg.front_contact,
        cfg.rear_frame_com,
        cfg.front_frame_com,
    ] {
        assert_eq!(p[1], 0.0);
    }
    assert_eq!(cfg.front_contact, [1.02, 0.0, 0.0]);
    // The steer axis leans back by λ = 18° from the vertical and passes the front hub at the fork
    // offset d = r_F sin λ − c cos λ (trail c = (r_F sin λ − d)/cos λ), ahead of the axis.
    let axis = Vector3::from(cfg.steer_axis);
    assert!((axis.norm() - 1.0).abs() <= 1e-15);
    assert!((axis.z + (std::f64::consts::PI / 10.0).cos()).abs() <= 1e-15 && axis.x > 0.0);
    let hub = Vector3::from(cfg.front_hub) - Vector3::from(cfg.steer_axis_ground_point);
    let lambda = std::f64::consts::PI / 10.0;
    let offset = 0.35 * lambda.sin() - 0.08 * lambda.cos();
    assert!(
        (hub.cross(&axis).norm() - offset).abs() <= 1e-15,
        "offset {}",
        hub.cross(&axis).norm()
    );
    // Inertia tensors: R I Rᵀ with R the rotation by π about x.
    let r = Rotation3::from_axis_angle(&Vector3::x_axis(), std::f64::consts::PI).into_inner();
    for (paper, mb) in [
        (bike.i_b, cfg.rear_frame_inertia),
        (bike.i_h, cfg.front_frame_inertia),
    ] {
        let i = Matrix3::from_fn(|a, b| paper[a][b]);
        let rotated = r * i * r.transpose();
        for a in 0..3 {
            for b in 0..3 {
                assert!(
                    (rotated[(a, b)] - mb[a][b]).abs() <= 1e-14,
                    "({a}, {b}): {} vs {}",
                    rotated[(a, b)],
                    mb[a][b]
                );
            }
        }
    }
    assert_eq!(cfg.rear_frame_inertia[0][2], -2.4);
    assert_eq!(
        inertia_in_mb_axes([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0], [3.0, 5.0, 6.0]]),
        [[1.0, -2.0, -3.0], [-2.0, 4.0, 5.0], [-3.0, 5.0, 6.0]]
    );
}

#[test]
fn invalid_inputs_are_reported() {
    let bike = BenchmarkBicycle {
        m_h: f64::NAN,
        ..BenchmarkBicycle::default()
    };
    assert!(matches!(
        bike.matrices(),
        Err(BicycleError::InvalidParameter { name: "m_h", .. })
    ));
    let bike = BenchmarkBicycle {
        r_f: 0.0,
        ..BenchmarkBicycle::default()
    };
    assert!(matches!(
        bike.eigenvalues(5.0),
        Err(BicycleError::InvalidParameter { name: "r_f", .. })
    ));
    let mut bike = BenchmarkBicycle::default();
    bike.i_b[0][1] = 0.1;
    assert!(matches!(
        bike.matrices(),
        Err(BicycleError::InvalidParameter { name: "i_b", .. })
    ));
    let bike = BenchmarkBicycle::default();
    assert!(matches!(
        bike.eigenvalues(f64::INFINITY),
        Err(BicycleError::InvalidSpeed { .. })
    ));
    assert!(matches!(
        bike.self_stable_range(3.0, 0.01),
        Err(BicycleError::NoSelfStableRange { .. })
    ));
}
