//! PNG heat maps and histograms for ensemble studies (plotters).

use crate::plot::PlotError;
use plotters::prelude::*;
use std::path::Path;

/// Values on a rectangular grid: `values[i * y.len() + j]` belongs to (x[i], y[j]); `None` marks
/// a cell without a value (a failed run, or no limit cycle), drawn grey.
pub struct GridValues<'a> {
    /// Axis values of the first design column.
    pub x: &'a [f64],
    /// Axis values of the second design column.
    pub y: &'a [f64],
    /// One value per cell, x slowest.
    pub values: &'a [Option<f64>],
}

/// The perceptually uniform *viridis* colour map (van der Walt & Smith 2015), linearly
/// interpolated between nine of its samples; `s` in [0, 1].
fn viridis(s: f64) -> RGBColor {
    const ANCHORS: [(u8, u8, u8); 9] = [
        (68, 1, 84),
        (71, 44, 122),
        (59, 81, 139),
        (44, 113, 142),
        (33, 144, 141),
        (39, 173, 129),
        (92, 200, 99),
        (170, 220, 50),
        (253, 231, 37),
    ];
    let x = s.clamp(0.0, 1.0) * (ANCHORS.len() - 1) as f64;
    let k = (x.floor() as usize).min(ANCHORS.len() - 2);
    let f = x - k as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + f * (f64::from(b) - f64::from(a))).round() as u8;
    let (a, b) = (ANCHORS[k], ANCHORS[k + 1]);
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

fn finite_range(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo.is_finite() && hi > lo {
        (lo, hi)
    } else if lo.is_finite() {
        (lo - 0.5, lo + 0.5)
    } else {
        (0.0, 1.0)
    }
}

/// Cell edges of an axis: midway between neighbouring values, half a spacing outside the ends.
fn edges(axis: &[f64]) -> Vec<f64> {
    let n = axis.len();
    if n == 1 {
        return vec![axis[0] - 0.5, axis[0] + 0.5];
    }
    let mut e = Vec::with_capacity(n + 1);
    e.push(axis[0] - 0.5 * (axis[1] - axis[0]));
    e.extend(axis.windows(2).map(|w| 0.5 * (w[0] + w[1])));
    e.push(axis[n - 1] + 0.5 * (axis[n - 1] - axis[n - 2]));
    e
}

/// Draws `grid` as a heat map of 1000 × 700 pixels with a colour bar labelled `value_label`.
pub fn heat_map(
    path: &Path,
    title: &str,
    (x_label, y_label, value_label): (&str, &str, &str),
    grid: &GridValues,
) -> Result<(), PlotError> {
    let root = BitMapBackend::new(path, (1000, 700)).into_drawing_area();
    root.fill(&WHITE)?;
    let (main, bar) = root.split_horizontally(860);
    let (xe, ye) = (edges(grid.x), edges(grid.y));
    let (v0, v1) = finite_range(grid.values.iter().flatten().copied());
    let mut chart = ChartBuilder::on(&main)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(80)
        .build_cartesian_2d(xe[0]..xe[xe.len() - 1], ye[0]..ye[ye.len() - 1])?;
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()?;
    let ny = grid.y.len();
    chart.draw_series(grid.values.iter().enumerate().map(|(k, v)| {
        let (i, j) = (k / ny, k % ny);
        let color = match v {
            Some(v) => viridis((v - v0) / (v1 - v0)),
            None => RGBColor(190, 190, 190),
        };
        Rectangle::new([(xe[i], ye[j]), (xe[i + 1], ye[j + 1])], color.filled())
    }))?;
    let mut scale = ChartBuilder::on(&bar)
        .margin_top(46)
        .margin_bottom(57)
        .margin_right(10)
        .y_label_area_size(70)
        .caption(value_label, ("sans-serif", 16))
        .build_cartesian_2d(0.0..1.0, v0..v1)?;
    scale
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_label_style(("sans-serif", 14))
        .draw()?;
    let strips = 100;
    scale.draw_series((0..strips).map(|k| {
        let (a, b) = (k as f64 / strips as f64, (k + 1) as f64 / strips as f64);
        Rectangle::new(
            [(0.0, v0 + a * (v1 - v0)), (1.0, v0 + b * (v1 - v0))],
            viridis(a).filled(),
        )
    }))?;
    root.present()?;
    Ok(())
}

/// Draws a histogram of `samples` with `bins` equal bins (900 × 600 pixels).
pub fn histogram(
    path: &Path,
    title: &str,
    x_label: &str,
    samples: &[f64],
    bins: usize,
) -> Result<(), PlotError> {
    let (lo, hi) = finite_range(samples.iter().copied());
    let width = (hi - lo) / bins as f64;
    let mut counts = vec![0u32; bins];
    for &s in samples {
        let k = (((s - lo) / width) as usize).min(bins - 1);
        counts[k] += 1;
    }
    let top = f64::from(counts.iter().copied().max().unwrap_or(1).max(1)) * 1.1;
    let root = BitMapBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(lo..hi, 0.0..top)?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc("runs")
        .draw()?;
    chart.draw_series(counts.iter().enumerate().map(|(k, &c)| {
        let a = lo + k as f64 * width;
        Rectangle::new(
            [(a, 0.0), (a + width, f64::from(c))],
            RGBColor(59, 81, 139).filled(),
        )
    }))?;
    root.present()?;
    Ok(())
}
