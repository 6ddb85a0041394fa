//! The Whipple bicycle (`Bicycle`: four bodies on a kinematic tree, both wheels rolling without
//! slipping, 9 coordinates, 2 holonomic and 4 velocity constraints) linearised about upright
//! straight running by the independent-speeds reduction of the full nonlinear model mb derives,
//! against the benchmark's lean–steer equations M q̈ + v C1 q̇ + (g K0 + v² K2) q = 0 of
//! Meijaard, Papadopoulos, Ruina & Schwab (2007), "Linearized dynamics equations for the
//! balance and steer of a bicycle: a benchmark and review", Proc. R. Soc. A 463, eq. (A 1),
//! whose coefficient matrices are written independently in `mb_examples::bicycle_reference`
//! from the closed forms of the paper's Appendix A.
//!
//! Invariants: the reduced state matrix is block diagonal (lateral (φ, δ, φ̇, δ̇) and the forward
//! speed, which is neutral: eigenvalue 0), the lateral eigenvalues are the roots of the
//! benchmark's characteristic polynomial at every speed, and the self-stable range found on
//! mb's own eigenvalues is the benchmark's, (4.292…, 6.024…) m/s (the paper's Sect. 5 quotes
//! v_w ≈ 4.292 m/s and v_c ≈ 6.024 m/s).

use mb_examples::bicycle::bicycle::Bicycle;
use mb_examples::bicycle_reference::BenchmarkBicycle;
use mb_examples::bicycle_speeds::{crossing, lateral_block, lateral_eigenvalues, steady_running};
use mbruntime::analysis::linearisation::Stability;
use nalgebra::Complex;

/// Largest distance from each reference root to the nearest unused computed one, relative to
/// max(1, |root|).
fn match_error(computed: &[Complex<f64>], expected: &[Complex<f64>]) -> f64 {
    let mut left = computed.to_vec();
    let mut worst = 0.0_f64;
    for root in expected {
        let (k, d) = left
            .iter()
            .map(|z| (z - root).norm())
            .enumerate()
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .expect("as many roots as eigenvalues");
        left.remove(k);
        worst = worst.max(d / root.norm().max(1.0));
    }
    worst
}

#[test]
fn lateral_eigenvalues_are_the_benchmarks_at_every_speed() {
    let model = Bicycle::default();
    let reference = BenchmarkBicycle::default();
    for k in 0..=20 {
        let v = 0.5 * f64::from(k);
        let mine = lateral_eigenvalues(&model, v).expect("linearisation");
        let theirs = reference.eigenvalues(v).expect("benchmark");
        let error = match_error(&mine, &theirs);
        assert!(
            error < 1e-9,
            "v = {v}: mb {mine:?}\nbenchmark {theirs:?}\nerror {error:e}"
        );
    }
}

#[test]
fn forward_speed_is_neutral_and_decoupled() {
    let model = Bicycle::default();
    for v in [0.0, 2.0, 5.0, 9.0] {
        let steady = steady_running(&model, v).expect("linearisation");
        assert_eq!(steady.a.nrows(), 5, "lean, steer and three speeds");
        let (_, coupling) = lateral_block(&steady);
        let scale = steady.a.amax();
        assert!(
            coupling <= 1e-12 * scale,
            "v = {v}: lateral–forward coupling {coupling:e} (scale {scale:e})"
        );
        let eig = steady.eigen().expect("eigen");
        let smallest = eig
            .eigenvalues()
            .iter()
            .map(|z| z.norm())
            .fold(f64::INFINITY, f64::min);
        assert!(smallest <= 1e-10 * scale, "v = {v}: no zero eigenvalue");
    }
}

#[test]
fn self_stable_range_is_the_benchmarks() {
    let model = Bicycle::default();
    let reference = BenchmarkBicycle::default()
        .self_stable_range(10.0, 0.01)
        .expect("benchmark range");
    let weave = crossing(&model, 4.0, 4.5, 1e-12).expect("weave");
    let capsize = crossing(&model, 5.8, 6.2, 1e-12).expect("capsize");
    assert!(
        (weave - reference.weave).abs() < 1e-9,
        "{weave} vs {}",
        reference.weave
    );
    assert!(
        (capsize - reference.capsize).abs() < 1e-9,
        "{capsize} vs {}",
        reference.capsize
    );
    // The published values, to the digits printed in the paper.
    assert_eq!(format!("{weave:.3}"), "4.292");
    assert_eq!(format!("{capsize:.3}"), "6.024");
    // Verdicts of the full reduced state: the zero eigenvalue of the forward speed makes the
    // self-stable range marginal (spectrally stable), outside it a lateral mode grows.
    for (v, expected) in [
        (3.0, Stability::Unstable),
        (5.0, Stability::Marginal),
        (7.0, Stability::Unstable),
    ] {
        let eig = steady_running(&model, v).unwrap().eigen().unwrap();
        assert_eq!(eig.stability, expected, "v = {v}");
    }
}
