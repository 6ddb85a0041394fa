//! The IFToMM multibody benchmark problems A01–A05 with the event-driven integrator
//! (rtol = 1e-10) over the benchmark's spans: A01 the simple pendulum (2000 s), A02 the
//! N-four-bar with N = 40 (20 s), A03 Andrews' squeezing mechanism (0.05 s), A04 the Bricard
//! mechanism (10 s), A05 the flyball governor (10 s). For each, the benchmark's quantity at the
//! instants of its high-precision reference (`bench/iftomm/reference/`, mpmath) is written to
//! `<problem>.csv` (t, ours, reference) and its distance from the reference over time to
//! `<problem>_error.png`, in `examples/out/iftomm/` (or the directory given as first argument);
//! the largest error and energy drift are printed. Timings at every tolerance:
//! `bench/iftomm/` and BENCHMARKS.md.

use mb_examples::iftomm_runs::{Measured, a01, a02_n40, a03, a04, a05, event_driven};
use mb_examples::plot::{Series, line_plot};
use std::error::Error;
use std::path::{Path, PathBuf};

const RTOL: f64 = 1e-10;

fn write(out: &Path, name: &str, m: &Measured) -> Result<(), Box<dyn Error>> {
    let mut w = csv::Writer::from_path(out.join(format!("{name}.csv")))?;
    let width = m.trajectory.first().map_or(0, |(_, v, _)| v.len());
    let mut header = vec!["t".to_string()];
    header.extend((0..width).map(|i| format!("ours_{i}")));
    header.extend((0..width).map(|i| format!("reference_{i}")));
    w.write_record(&header)?;
    for (t, ours, reference) in &m.trajectory {
        let mut row = vec![t.to_string()];
        row.extend(ours.iter().chain(reference).map(f64::to_string));
        w.write_record(&row)?;
    }
    let error: Vec<(f64, f64)> = m
        .trajectory
        .iter()
        .map(|(t, a, b)| {
            let d: f64 = a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum();
            (*t, d.sqrt().max(1e-18).log10())
        })
        .collect();
    line_plot(
        &out.join(format!("{name}_error.png")),
        &format!("IFToMM {name}: distance from the mpmath reference, rtol = {RTOL:e}"),
        "t [s]",
        "log10 error",
        &[Series {
            label: "event-driven",
            points: &error,
            markers: false,
        }],
    )?;
    println!(
        "{name:<8} {:>6} instants  largest error {:.2e}  energy drift {}  {} steps",
        m.compared,
        m.error,
        m.energy_drift
            .map_or("—".to_string(), |d| format!("{d:.2e}")),
        m.steps
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn Error>> {
    let out = PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or_else(|| "examples/out/iftomm".into()),
    );
    std::fs::create_dir_all(&out)?;
    write(&out, "a01", &event_driven(&a01(), RTOL, 2000.0, true)?)?;
    // 81 coordinates: the integrator's fixed-size workspaces want a large stack.
    let a02 = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| event_driven(&a02_n40(), RTOL, 20.0, true))?
        .join()
        .map_err(|_| "the A02 run panicked")??;
    write(&out, "a02_n40", &a02)?;
    write(&out, "a03", &event_driven(&a03(), RTOL, 0.05, true)?)?;
    write(&out, "a04", &event_driven(&a04(), RTOL, 10.0, true)?)?;
    write(&out, "a05", &event_driven(&a05(), RTOL, 10.0, true)?)?;
    Ok(())
}
