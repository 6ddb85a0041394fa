//! Draws the scaling plot of the spatial-tree benchmark: ns/call against n, log-log, for mb's
//! M + h, Pinocchio's crba + nle, mb's M + h + Cholesky solve, mb's generated articulated-body
//! algorithm and Pinocchio's aba, from the TSV written by bench/compare_tree.sh (a header line
//! naming the columns `n`, `mb_mh_ns`, `pin_crba_nle_ns`, `mb_fwd_ns`, `mb_aba_ns`, `pin_aba_ns`;
//! missing values as `-`).
//!
//! Usage: `plot_scaling TABLE.tsv OUT.png`

use std::error::Error;
use std::path::Path;
use std::process::ExitCode;

use plotters::prelude::*;

/// The plotted columns: (column name, legend, dashed).
const SERIES: [(&str, &str, bool); 5] = [
    ("mb_mh_ns", "mb M + h (dynamics)", false),
    ("pin_crba_nle_ns", "Pinocchio crba + nle", true),
    ("mb_fwd_ns", "mb M + h + Cholesky solve", false),
    ("mb_aba_ns", "mb articulated-body algorithm (generated)", false),
    ("pin_aba_ns", "Pinocchio aba", true),
];

/// (n, ns) points of every series, in the order of [`SERIES`].
fn read_series(text: &str) -> Result<Vec<Vec<(f64, f64)>>, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header: Vec<&str> = lines.next().ok_or("empty table")?.split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h.trim() == name)
            .ok_or(format!("the table has no column `{name}`"))
    };
    let n_col = column("n")?;
    let cols = SERIES
        .iter()
        .map(|(name, _, _)| column(name))
        .collect::<Result<Vec<_>, _>>()?;
    let mut series = vec![Vec::new(); SERIES.len()];
    for line in lines {
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        let value = |k: usize| fields.get(k).and_then(|s| s.parse::<f64>().ok());
        let Some(n) = value(n_col) else {
            return Err(format!("row without a number n: `{line}`"));
        };
        for (points, &k) in series.iter_mut().zip(&cols) {
            if let Some(ns) = value(k).filter(|x| *x > 0.0 && x.is_finite()) {
                points.push((n, ns));
            }
        }
    }
    Ok(series)
}

/// Smallest power of ten ≤ x and largest ≥ y.
fn decades(lo: f64, hi: f64) -> (f64, f64) {
    (
        10f64.powf(lo.log10().floor()),
        10f64.powf(hi.log10().ceil()),
    )
}

fn draw(series: &[Vec<(f64, f64)>], out: &Path) -> Result<(), Box<dyn Error>> {
    let all = series.iter().flatten();
    let (n_lo, n_hi) = all
        .clone()
        .fold((f64::INFINITY, 0f64), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (t_lo, t_hi) = all.fold((f64::INFINITY, 0f64), |(a, b), p| (a.min(p.1), b.max(p.1)));
    if !(n_lo.is_finite() && t_lo.is_finite()) {
        return Err("the table has no timing to plot".into());
    }
    let (t_lo, t_hi) = decades(t_lo, t_hi);
    let root = BitMapBackend::new(out, (900, 620)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Serial arm arm(n): time per call against n (log-log)",
            ("sans-serif", 22),
        )
        .margin(14)
        .x_label_area_size(45)
        .y_label_area_size(75)
        .build_cartesian_2d(
            (n_lo * 0.9..n_hi * 1.1).log_scale(),
            (t_lo..t_hi).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc("n (degrees of freedom)")
        .y_desc("ns per call")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let colours = [BLUE, BLUE, RED, GREEN, GREEN];
    for (k, ((_, label, dashed), points)) in SERIES.iter().zip(series).enumerate() {
        let colour = colours[k];
        let style = colour.stroke_width(2);
        let line = points.iter().copied();
        if *dashed {
            chart.draw_series(DashedLineSeries::new(line, 8, 5, style))?
        } else {
            chart.draw_series(LineSeries::new(line, style))?
        }
        .label(*label)
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style));
        let marker = points.iter().map(move |&p| {
            if *dashed {
                TriangleMarker::new(p, 5, colour.filled()).into_dyn()
            } else {
                Circle::new(p, 4, colour.filled()).into_dyn()
            }
        });
        chart.draw_series(marker)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [table, out] = args.as_slice() else {
        eprintln!("usage: plot_scaling TABLE.tsv OUT.png");
        return ExitCode::from(2);
    };
    let result = std::fs::read_to_string(table)
        .map_err(|e| format!("cannot read {table}: {e}"))
        .and_then(|text| read_series(&text))
        .and_then(|series| draw(&series, Path::new(out)).map_err(|e| e.to_string()));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
