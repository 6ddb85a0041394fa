//! Active-set rules side by side on a block resting on the floor (one coordinate y, one contact)
//! whose motion has a closed form: the driver of the Theorem 5.4 example programs.
//!
//! Every rule runs from rest on the floor at t = 0 to [`T_END`]; the samples (t, y, λ) go into
//! `trajectories.csv` (case, parameter, rule, t, y, λ, exact y, exact λ) and into the plots
//! `y_<case>.png` and `lambda_<case>.png` with the exact curves; the final state of every run
//! is printed against the exact values.

use crate::plot::{Series, line_plot};
use mbruntime::Vector;
use mbruntime::event::{EventDriven, EventOptions, Report};
use mbruntime::mechanism::Mechanism;
use std::path::Path;

/// End time of every run [s].
pub const T_END: f64 = 0.5;
/// Largest step [s], for smooth curves (the error control alone takes steps of up to 0.35 s
/// here, exact for these polynomial motions; the events and final states are the same).
pub const MAX_STEP: f64 = 5e-3;

/// Samples (t, y, λ) of a run.
pub type Samples = Vec<(f64, f64, f64)>;

/// Error of a comparison run.
pub type RunError = Box<dyn std::error::Error>;

/// Runs `model` from rest on the floor with `opts` (its `max_step` set to [`MAX_STEP`]),
/// sampling (t, y, λ) at every step and printing every event.
pub fn sample_run<Mo: Mechanism<1, 0, 1>>(
    model: Mo,
    opts: EventOptions,
) -> Result<Samples, RunError> {
    let opts = EventOptions {
        max_step: MAX_STEP,
        ..opts
    };
    let mut sim = EventDriven::new(model, opts, 0.0, Vector::<1>::zeros(), Vector::<1>::zeros())?;
    let mut pts = vec![(0.0, 0.0, sim.contact_multipliers()[0])];
    sim.run(T_END, |r| match r {
        Report::Step { t, q, lambda, .. } => pts.push((t, q[0], lambda[0])),
        Report::Event(ev) => {
            println!("  event at t = {}: {:?}, y = {}", ev.t, ev.kind, ev.q[0]);
            pts.push((ev.t, ev.q[0], f64::NAN))
        }
    })?;
    pts.retain(|p| p.2.is_finite());
    Ok(pts)
}

/// The runs of one comparison.
pub struct Comparison<'a> {
    /// Output directory.
    pub out: &'a Path,
    /// Name of the force parameter (a CSV column and the printed label).
    pub parameter: &'a str,
    /// Cases: a name (`pushed`, `pulled`) and the parameter value.
    pub cases: &'a [(&'a str, f64)],
    /// Rule names, in the order of the runs.
    pub rules: &'a [&'a str],
}

impl Comparison<'_> {
    /// Runs `run(value, rule index)` for every case and rule, compares with `exact(value, t)`
    /// = (y, λ), and writes the CSV and the plots; `title(value, quantity)` heads each plot.
    pub fn run(
        &self,
        run: impl Fn(f64, usize) -> Result<Samples, RunError>,
        exact: impl Fn(f64, f64) -> (f64, f64),
        title: impl Fn(f64, &str) -> String,
    ) -> Result<(), RunError> {
        std::fs::create_dir_all(self.out)?;
        let p = self.parameter;
        let width = self.rules.iter().map(|r| r.len()).max().unwrap_or(0);
        let mut w = csv::Writer::from_path(self.out.join("trajectories.csv"))?;
        w.write_record([
            "case",
            p,
            "rule",
            "t",
            "y",
            "lambda",
            "y_exact",
            "lambda_exact",
        ])?;
        for &(case, value) in self.cases {
            println!("{p} = {value:+}:");
            let mut ys = Vec::new();
            let mut lams = Vec::new();
            for (k, &name) in self.rules.iter().enumerate() {
                let pts = run(value, k)?;
                for &(t, y, l) in &pts {
                    let (ye, le) = exact(value, t);
                    w.serialize((case, value, name, t, y, l, ye, le))?;
                }
                let &(t, y, l) = pts.last().ok_or("a run without samples")?;
                let (ye, le) = exact(value, t);
                println!(
                    "{p} = {value:+}: {name:<width$} t = {t}: y = {y:+.6e} (exact {ye:+.6e}), λ = {l:+.6e} (exact {le:+.6e})"
                );
                ys.push((name, pts.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>()));
                lams.push((name, pts.iter().map(|p| (p.0, p.2)).collect::<Vec<_>>()));
            }
            let grid: Vec<f64> = (0..=20).map(|k| T_END * k as f64 / 20.0).collect();
            let y_exact: Vec<(f64, f64)> = grid.iter().map(|&t| (t, exact(value, t).0)).collect();
            let l_exact: Vec<(f64, f64)> = grid.iter().map(|&t| (t, exact(value, t).1)).collect();
            for (what, data, ex, label) in [
                ("y", &ys, &y_exact, "y [m]"),
                ("lambda", &lams, &l_exact, "λ [N]"),
            ] {
                let mut series: Vec<Series> = data
                    .iter()
                    .map(|(name, pts)| Series {
                        label: name,
                        points: pts,
                        markers: false,
                    })
                    .collect();
                series.push(Series {
                    label: "exact",
                    points: ex,
                    markers: true,
                });
                line_plot(
                    &self.out.join(format!("{what}_{case}.png")),
                    &title(value, what),
                    "t [s]",
                    label,
                    &series,
                )?;
            }
        }
        w.flush()?;
        Ok(())
    }
}
