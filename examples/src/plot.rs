//! PNG line plots for the example programs (plotters).

use plotters::prelude::*;
use std::path::Path;

/// One curve: a label and its points.
pub struct Series<'a> {
    /// Legend text.
    pub label: &'a str,
    /// (x, y) points.
    pub points: &'a [(f64, f64)],
    /// Draw as points instead of a line.
    pub markers: bool,
}

/// Error while drawing.
pub type PlotError = Box<dyn std::error::Error>;

fn bounds(series: &[Series]) -> ((f64, f64), (f64, f64)) {
    let mut x = (f64::INFINITY, f64::NEG_INFINITY);
    let mut y = (f64::INFINITY, f64::NEG_INFINITY);
    for s in series {
        for &(a, b) in s.points {
            if a.is_finite() && b.is_finite() {
                x = (x.0.min(a), x.1.max(a));
                y = (y.0.min(b), y.1.max(b));
            }
        }
    }
    let pad = |(lo, hi): (f64, f64)| {
        if !lo.is_finite() {
            return (0.0, 1.0);
        }
        let d = (hi - lo).abs().max(1e-12) * 0.05;
        (lo - d, hi + d)
    };
    (pad(x), pad(y))
}

/// Draws `series` into a PNG of 900 × 600 pixels.
pub fn line_plot(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), PlotError> {
    let root = BitMapBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let ((x0, x1), (y0, y1)) = bounds(series);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(70)
        .build_cartesian_2d(x0..x1, y0..y1)?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()?;
    for (k, s) in series.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        if s.markers {
            chart
                .draw_series(s.points.iter().map(|&p| Circle::new(p, 3, color.filled())))?
                .label(s.label)
                .legend(move |(x, y)| Circle::new((x + 10, y), 3, color.filled()));
        } else {
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().copied(),
                    color.stroke_width(2),
                ))?
                .label(s.label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                });
        }
    }
    if series.len() > 1 {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

/// Plots an equilibrium path (Schulz & Pellegrino 2000) as p against coordinate `coordinate`:
/// stable stretches as lines, unstable ones as dots (`stability_segments`), and the special
/// points as markers labelled `special_label`.
pub fn equilibrium_path_plot<const NQ: usize, const NB: usize, const NU: usize>(
    path: &Path,
    eq: &mbruntime::analysis::EquilibriumPath<NQ, NB, NU>,
    coordinate: usize,
    special_label: &str,
    title: &str,
    x_label: &str,
    y_label: &str,
) -> Result<(), PlotError> {
    let segments = eq.stability_segments(coordinate);
    let specials: Vec<(f64, f64)> = eq
        .special_points
        .iter()
        .map(|s| (eq.points[s.index].q[coordinate], eq.points[s.index].p))
        .collect();
    let mut series: Vec<Series> = segments
        .iter()
        .map(|(stable, pts)| Series {
            label: if *stable { "stable" } else { "unstable (dots)" },
            points: pts,
            markers: !*stable,
        })
        .collect();
    series.push(Series {
        label: special_label,
        points: &specials,
        markers: true,
    });
    line_plot(path, title, x_label, y_label, &series)
}
