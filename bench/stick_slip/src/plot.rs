//! The error-versus-cost figure: log–log, one curve per method.

use plotters::prelude::*;
use std::error::Error;
use std::path::Path;

/// One method's points (CPU time per run [µs], max transition-time error [s]).
pub struct Curve {
    /// Legend text.
    pub label: String,
    /// (cost, error) points, in the order of the levels.
    pub points: Vec<(f64, f64)>,
}

/// Curve colours, in the order of the curves.
const COLORS: [RGBColor; 4] = [
    RGBColor(200, 30, 30),
    RGBColor(30, 80, 200),
    RGBColor(20, 140, 40),
    RGBColor(140, 60, 160),
];

/// The decade below `lo` and the one above `hi` (positive values).
fn decades(lo: f64, hi: f64) -> (f64, f64) {
    (
        10f64.powf(lo.log10().floor()),
        10f64.powf(hi.log10().ceil()),
    )
}

/// Writes the curves to a PNG of 900 × 600 pixels with logarithmic axes. Errors below `floor`
/// (e.g. zero) are drawn at `floor`.
pub fn error_vs_cost(path: &Path, curves: &[Curve], floor: f64) -> Result<(), Box<dyn Error>> {
    let clamp = |(c, e): (f64, f64)| (c, e.max(floor));
    let all: Vec<(f64, f64)> = curves
        .iter()
        .flat_map(|c| c.points.iter().copied().map(clamp))
        .filter(|(c, e)| c.is_finite() && e.is_finite() && *c > 0.0)
        .collect();
    let fold = |f: fn(&(f64, f64)) -> f64| {
        let v = all.iter().map(f);
        (
            v.clone().fold(f64::INFINITY, f64::min),
            v.fold(0.0, f64::max),
        )
    };
    let (x0, x1) = fold(|p| p.0);
    let (y0, y1) = fold(|p| p.1);
    let ((x0, x1), (y0, y1)) = (decades(x0, x1), decades(y0, y1));
    let root = BitMapBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "Driven spring block, 12 stick–slip transitions: error versus cost",
            ("sans-serif", 20),
        )
        .margin(12)
        .x_label_area_size(45)
        .y_label_area_size(75)
        .build_cartesian_2d((x0..x1).log_scale(), (y0..y1).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("CPU time per run [µs] (log scale)")
        .y_desc("max |t − t_closed form| over the transitions [s] (log scale)")
        .x_label_formatter(&|v| format!("{v:.0e}"))
        .y_label_formatter(&|v| format!("{v:.0e}"))
        .draw()?;
    for (k, curve) in curves.iter().enumerate() {
        let color = COLORS[k % COLORS.len()].to_rgba();
        let points: Vec<(f64, f64)> = curve
            .points
            .iter()
            .copied()
            .map(clamp)
            .filter(|(c, e)| c.is_finite() && e.is_finite())
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))?
            // The legend font may lack the en dash: plain hyphens there.
            .label(curve.label.replace('–', "-"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
            });
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 4, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .label_font(("sans-serif", 16))
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
