//! The Whipple bicycle (`Bicycle`) linearised about upright straight running at forward speeds
//! v ∈ [0, 10] m/s by the independent-speeds reduction, next to the benchmark's eigenvalues
//! (Meijaard, Papadopoulos, Ruina & Schwab 2007, Proc. R. Soc. A 463, Fig. 3 and Appendix A,
//! written independently in `mb_examples::bicycle_reference`).
//!
//! Prints the lateral eigenvalues at v = 0, 1, …, 10 m/s with the largest distance to the
//! benchmark's, the self-stable range (weave and capsize speeds) found on mb's eigenvalues, and
//! writes `eigenvalues.csv` and `eigenvalues.png` (real and imaginary parts against v, as the
//! paper's Fig. 3) into `examples/out/bicycle_linearisation/` (or the directory given as first
//! argument). With `--json` it prints only a JSON record (eigenvalues at v = 1, …, 10, the
//! speeds, and the CPU time of one linearisation with its eigenvalues) for
//! `bench/compare_bicycle.sh`.
//!
//! ```text
//! cargo run --release -p mb-examples --bin bicycle_linearisation -- [OUT_DIR | --json]
//! ```

use mb_examples::bicycle::bicycle::Bicycle;
use mb_examples::bicycle_reference::BenchmarkBicycle;
use mb_examples::bicycle_speeds::{crossing, lateral_eigenvalues};
use mb_examples::plot::{Series, line_plot};
use nalgebra::Complex;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Speeds of the sweep: 0 to 10 m/s in steps of 0.02 m/s.
const SAMPLES: usize = 501;

type Error = Box<dyn std::error::Error>;

/// A speed and the four lateral eigenvalues there.
type Sample = (f64, [Complex<f64>; 4]);

/// The lateral eigenvalues over the sweep.
fn sweep(model: &Bicycle) -> Result<Vec<Sample>, Error> {
    (0..SAMPLES)
        .map(|k| {
            let v = 10.0 * k as f64 / (SAMPLES - 1) as f64;
            Ok((v, lateral_eigenvalues(model, v)?))
        })
        .collect()
}

/// Largest distance between mb's and the benchmark's eigenvalues at speed v (both sorted the
/// same way: by real part, then imaginary part).
fn benchmark_distance(mine: &[Complex<f64>; 4], v: f64) -> Result<f64, Error> {
    let mut theirs = BenchmarkBicycle::default().eigenvalues(v)?;
    theirs.sort_by(|a, b| a.re.total_cmp(&b.re).then(a.im.total_cmp(&b.im)));
    Ok(mine
        .iter()
        .zip(&theirs)
        .map(|(a, b)| (a - b).norm())
        .fold(0.0, f64::max))
}

fn write_csv(path: &Path, samples: &[Sample]) -> Result<(), Error> {
    let mut s = String::from("v,re1,im1,re2,im2,re3,im3,re4,im4\n");
    for (v, values) in samples {
        write!(s, "{v}")?;
        for z in values {
            write!(s, ",{},{}", z.re, z.im)?;
        }
        s.push('\n');
    }
    std::fs::write(path, s)?;
    Ok(())
}

fn plot(path: &Path, samples: &[Sample], range: (f64, f64)) -> Result<(), Error> {
    let re: Vec<(f64, f64)> = samples
        .iter()
        .flat_map(|(v, z)| z.iter().map(move |z| (*v, z.re)))
        .filter(|p| p.1 > -10.0)
        .collect();
    let im: Vec<(f64, f64)> = samples
        .iter()
        .flat_map(|(v, z)| z.iter().map(move |z| (*v, z.im.abs())))
        .filter(|p| p.1 > 0.0)
        .collect();
    let marks = [(range.0, -10.0), (range.0, 10.0)];
    let marks_c = [(range.1, -10.0), (range.1, 10.0)];
    line_plot(
        path,
        "Whipple bicycle: eigenvalues against the forward speed",
        "forward speed v [m/s]",
        "λ [1/s]",
        &[
            Series {
                label: "Re λ",
                points: &re,
                markers: true,
            },
            Series {
                label: "|Im λ|",
                points: &im,
                markers: true,
            },
            Series {
                label: "weave speed v_w",
                points: &marks,
                markers: false,
            },
            Series {
                label: "capsize speed v_c",
                points: &marks_c,
                markers: false,
            },
        ],
    )?;
    Ok(())
}

/// The JSON record for the comparison with SymPy.
fn json(model: &Bicycle, range: (f64, f64)) -> Result<String, Error> {
    let repeats = 200;
    let start = Instant::now();
    for k in 0..repeats {
        std::hint::black_box(lateral_eigenvalues(model, 5.0 + 1e-3 * f64::from(k))?);
    }
    let seconds = start.elapsed().as_secs_f64() / f64::from(repeats);
    let mut s = format!(
        "{{\"tool\": \"mb\", \"linearise_and_eigen_s\": {seconds:e}, \"weave\": {}, \"capsize\": {}, \"eigenvalues\": {{",
        range.0, range.1
    );
    for v in 1..=10 {
        let values = lateral_eigenvalues(model, f64::from(v))?;
        let list: Vec<String> = values
            .iter()
            .map(|z| format!("[{}, {}]", z.re, z.im))
            .collect();
        let comma = if v < 10 { ", " } else { "" };
        write!(s, "\"{v}\": [{}]{comma}", list.join(", "))?;
    }
    s.push_str("}}");
    Ok(s)
}

fn main() -> Result<(), Error> {
    let argument = std::env::args().nth(1);
    let model = Bicycle::default();
    let range = (
        crossing(&model, 4.0, 4.5, 1e-12)?,
        crossing(&model, 5.8, 6.2, 1e-12)?,
    );
    if argument.as_deref() == Some("--json") {
        println!("{}", json(&model, range)?);
        return Ok(());
    }
    let out = argument.map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("out/bicycle_linearisation"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&out)?;
    let samples = sweep(&model)?;
    println!(
        "   v   lateral eigenvalues (mb)                                     |mb − benchmark|"
    );
    for (v, values) in samples.iter().step_by(50) {
        let list: Vec<String> = values
            .iter()
            .map(|z| format!("{:+.4}{:+.4}i", z.re, z.im))
            .collect();
        println!(
            "{v:5.1}   {}   {:.1e}",
            list.join("  "),
            benchmark_distance(values, *v)?
        );
    }
    let reference = BenchmarkBicycle::default().self_stable_range(10.0, 0.01)?;
    println!(
        "self-stable for {:.6} < v < {:.6} m/s (benchmark: {:.6}, {:.6})",
        range.0, range.1, reference.weave, reference.capsize
    );
    write_csv(&out.join("eigenvalues.csv"), &samples)?;
    plot(&out.join("eigenvalues.png"), &samples, range)?;
    println!("wrote {}", out.display());
    Ok(())
}
