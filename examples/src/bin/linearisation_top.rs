//! The sleeping top (`CardanTop`: a heavy symmetric top with its tip fixed, Cardan angles
//! R_x(a) R_y(b) R_z(φ), upright at a = b = 0 and spinning at φ̇ = ω) linearised as a steady
//! motion with φ cyclic, over ω ∈ [0, 3 ω_crit]. With A the transverse moment about the tip and
//! C the axial one, the transverse eigenvalues solve A λ² ∓ i C ω λ − m g h = 0, so the upright
//! spin has a purely imaginary spectrum iff ω > ω_crit = 2 √(A m g h)/C (Goldstein, Classical
//! Mechanics, Sect. 5.7: the sleeping top).
//!
//! Prints a table of the eigenvalues and the verdict, marks the first spin rate of the sweep
//! from which the spectrum stays on the imaginary axis against ω_crit, and writes
//! `eigenvalues.csv` and `eigenvalues.png` (real and imaginary parts against ω) into
//! `examples/out/linearisation_top/` (or the directory given as first argument).
//!
//! ```text
//! cargo run --release -p mb-examples --bin linearisation_top -- [OUT_DIR]
//! ```

use mb_examples::linearisation_models::cardan_top::CardanTop;
use mb_examples::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    OperatingPoint, Stability, SteadyMotion, SteadyMotionOptions,
};
use nalgebra::Complex;
use std::path::PathBuf;

/// Samples of the sweep over [0, 3 ω_crit] (ω_crit itself is sample `SAMPLES / 3`).
const SAMPLES: usize = 121;

/// One spin rate: its eigenvalues (by decreasing real part), the verdict and the largest
/// distance to the closed-form roots.
struct Sample {
    omega: f64,
    values: Vec<Complex<f64>>,
    stability: Stability,
    closed_form_error: f64,
}

/// The closed-form spectrum: 0 (δφ̇) and the roots of A λ² ∓ i C ω λ − m g h = 0.
fn closed_form_roots(a: f64, c: f64, mgh: f64, omega: f64) -> Vec<Complex<f64>> {
    let root = Complex::new(4.0 * a * mgh - c * c * omega * omega, 0.0).sqrt();
    let mut roots = vec![Complex::new(0.0, 0.0)];
    for sign in [1.0, -1.0] {
        let gyro = Complex::new(0.0, sign * c * omega);
        roots.extend([(gyro + root) / (2.0 * a), (gyro - root) / (2.0 * a)]);
    }
    roots
}

/// Largest distance from a closed-form root to the nearest unused computed eigenvalue.
fn match_error(computed: &[Complex<f64>], expected: &[Complex<f64>]) -> f64 {
    let mut left = computed.to_vec();
    let mut worst = 0.0_f64;
    for root in expected {
        let Some((k, d)) = left
            .iter()
            .map(|z| (z - root).norm())
            .enumerate()
            .min_by(|x, y| x.1.total_cmp(&y.1))
        else {
            return f64::INFINITY;
        };
        worst = worst.max(d);
        left.swap_remove(k);
    }
    worst
}

fn sweep(top: &CardanTop, omega_crit: f64) -> Result<Vec<Sample>, Box<dyn std::error::Error>> {
    let a = top.a_I + top.m * top.h * top.h;
    let mgh = top.m * top.g * top.h;
    let options = SteadyMotionOptions {
        cyclic: &[2],
        ..Default::default()
    };
    let mut samples = Vec::with_capacity(SAMPLES);
    for k in 0..SAMPLES {
        let omega = 3.0 * omega_crit * k as f64 / (SAMPLES - 1) as f64;
        let op = OperatingPoint {
            q: Vector::<3>::zeros(),
            qd: Vector::<3>::new(0.0, 0.0, omega),
            t: 0.0,
        };
        let eig = SteadyMotion::at(top, &op, &options)?.eigen()?;
        let values = eig.eigenvalues();
        let expected = closed_form_roots(a, top.c_I, mgh, omega);
        samples.push(Sample {
            omega,
            closed_form_error: match_error(&values, &expected),
            values,
            stability: eig.stability,
        });
    }
    Ok(samples)
}

fn print_table(samples: &[Sample], omega_crit: f64) {
    println!(
        "{:>9} {:>7} {:>11} {:>34} {:>9} {:>10}",
        "ω [rad/s]", "ω/ω_c", "max Re λ", "Im λ (transverse)", "verdict", "|λ − λ_cf|"
    );
    for s in samples.iter().step_by(5) {
        let mut im: Vec<f64> = s.values.iter().map(|z| z.im).collect();
        im.sort_by(f64::total_cmp);
        im.retain(|x| x.abs() > 1e-9);
        let im: Vec<String> = im.iter().map(|x| format!("{x:8.3}")).collect();
        println!(
            "{:9.3} {:7.3} {:11.4e} {:>34} {:>9} {:10.2e}",
            s.omega,
            s.omega / omega_crit,
            s.values[0].re,
            im.join(" "),
            format!("{:?}", s.stability),
            s.closed_form_error
        );
    }
}

fn write_csv(path: &std::path::Path, samples: &[Sample]) -> Result<(), Box<dyn std::error::Error>> {
    let mut w = csv::Writer::from_path(path)?;
    let mut header = vec!["omega".to_string()];
    for part in ["re", "im"] {
        header.extend((1..=5).map(|k| format!("{part}_{k}")));
    }
    header.extend(["verdict".into(), "closed_form_error".into()]);
    w.write_record(&header)?;
    for s in samples {
        let mut row = vec![s.omega.to_string()];
        row.extend(s.values.iter().map(|z| z.re.to_string()));
        row.extend(s.values.iter().map(|z| z.im.to_string()));
        row.extend([
            format!("{:?}", s.stability),
            s.closed_form_error.to_string(),
        ]);
        w.write_record(&row)?;
    }
    w.flush()?;
    Ok(())
}

fn plot(
    path: &std::path::Path,
    samples: &[Sample],
    omega_crit: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    let points = |part: fn(&Complex<f64>) -> f64| -> Vec<(f64, f64)> {
        samples
            .iter()
            .flat_map(|s| s.values.iter().map(move |z| (s.omega, part(z))))
            .collect()
    };
    let re = points(|z| z.re);
    let im = points(|z| z.im);
    let top = im.iter().map(|p| p.1.abs()).fold(0.0, f64::max);
    let critical = [(omega_crit, -top), (omega_crit, top)];
    line_plot(
        path,
        "Sleeping top: eigenvalues against the spin rate",
        "spin rate ω [rad/s]",
        "λ [1/s]",
        &[
            Series {
                label: "Im λ",
                points: &im,
                markers: true,
            },
            Series {
                label: "Re λ",
                points: &re,
                markers: true,
            },
            Series {
                label: "ω_crit = 2√(A m g h)/C (closed form)",
                points: &critical,
                markers: false,
            },
        ],
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("out/linearisation_top"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&out)?;
    let top = CardanTop::default();
    let a = top.a_I + top.m * top.h * top.h;
    let omega_crit = 2.0 * (a * top.m * top.g * top.h).sqrt() / top.c_I;
    let samples = sweep(&top, omega_crit)?;
    print_table(&samples, omega_crit);
    // The first sample from which every later one has no eigenvalue off the imaginary axis.
    let onset = samples
        .iter()
        .rposition(|s| s.stability == Stability::Unstable)
        .map_or(0, |k| k + 1);
    match samples.get(onset) {
        Some(s) => println!(
            "spectrally stable from ω = {:.4} rad/s (sample {onset}, grid step {:.4}); closed form ω_crit = 2√(A m g h)/C = {omega_crit:.4} rad/s",
            s.omega,
            samples[1].omega - samples[0].omega
        ),
        None => println!("unstable over the whole sweep; closed form ω_crit = {omega_crit:.4}"),
    }
    let worst = samples
        .iter()
        .map(|s| s.closed_form_error)
        .fold(0.0, f64::max);
    // At ω_crit the transverse roots merge into a defective double root, which rounding
    // perturbs by ~√ε ‖A‖; elsewhere the match is to rounding.
    let worst_off_critical = samples
        .iter()
        .filter(|s| (s.omega - omega_crit).abs() > 1e-9 * omega_crit)
        .map(|s| s.closed_form_error)
        .fold(0.0, f64::max);
    println!(
        "largest distance to the closed-form roots: {worst:.2e} 1/s ({worst_off_critical:.2e} away from the double root at ω_crit)"
    );
    write_csv(&out.join("eigenvalues.csv"), &samples)?;
    plot(&out.join("eigenvalues.png"), &samples, omega_crit)?;
    println!("wrote {}", out.display());
    Ok(())
}
