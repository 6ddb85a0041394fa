//! The results: table rows, the Markdown table, the CSV, the observed orders and the headline.

use std::error::Error;
use std::fmt::Write as _;
use std::path::Path;

/// The method name of the event-driven rows.
pub const EVENT_DRIVEN: &str = "event-driven";
/// The event-driven accuracy quoted in the headline [s].
const EVENT_TARGET: f64 = 1e-10;
/// The time-stepping accuracy quoted in the headline [s].
const STEPPING_TARGET: f64 = 1e-4;

/// One level of one method.
#[derive(Clone)]
pub struct Row {
    /// "event-driven" or "Moreau–Jean θ = …".
    pub method: String,
    /// rtol (event-driven) or h \[s\] (time-stepping).
    pub parameter: f64,
    /// Largest time errors over the slip starts and over the slip ends \[s\] (`None`: the
    /// transitions read do not match the closed form's).
    pub errors: Option<[f64; 2]>,
    /// Transitions read from the run.
    pub found: usize,
    /// Median CPU time of a run \[µs\].
    pub cpu_us: f64,
    /// Accepted steps.
    pub steps: usize,
    /// Rejected trial steps (event-driven).
    pub rejected: usize,
    /// Events (event-driven).
    pub events: usize,
}

impl Row {
    /// Largest time error over all transitions \[s\].
    pub fn error(&self) -> Option<f64> {
        self.errors.map(|[a, b]| a.max(b))
    }
}

fn error_text(row: &Row) -> String {
    match row.error() {
        Some(e) => format!("{e:.2e}"),
        None => format!("missed ({} transitions read)", row.found),
    }
}

/// The Markdown table.
pub fn table(rows: &[Row]) -> String {
    let mut s = String::from(
        "| method | parameter | max transition-time error [s] | CPU time per run [µs] | steps / events |\n\
         |---|---|---|---|---|\n",
    );
    for row in rows {
        let (parameter, work) = if row.method == EVENT_DRIVEN {
            (
                format!("rtol = {:.0e}", row.parameter),
                format!(
                    "{} steps (+{} rejected), {} events",
                    row.steps, row.rejected, row.events
                ),
            )
        } else {
            (
                format!("h = {:.0e} s", row.parameter),
                format!("{} steps", row.steps),
            )
        };
        let _ = writeln!(
            s,
            "| {} | {parameter} | {} | {:.1} | {work} |",
            row.method,
            error_text(row),
            row.cpu_us
        );
    }
    s
}

/// The CSV: one line per row.
pub fn write_csv(path: &Path, rows: &[Row]) -> Result<(), Box<dyn Error>> {
    let mut s = String::from(
        "method,parameter,max_transition_time_error_s,max_slip_start_error_s,max_slip_end_error_s,\
         transitions_read,cpu_us_per_run,steps,rejected_steps,events\n",
    );
    for row in rows {
        let [starts, ends] = row.errors.unwrap_or([f64::NAN; 2]);
        let error = row.error().unwrap_or(f64::NAN);
        let _ = writeln!(
            s,
            "{},{:.0e},{error:e},{starts:e},{ends:e},{},{:.3},{},{},{}",
            row.method, row.parameter, row.found, row.cpu_us, row.steps, row.rejected, row.events
        );
    }
    std::fs::write(path, s)?;
    Ok(())
}

/// The (cost, error) points of one method (NaN error for a missed level).
pub fn points(rows: &[Row]) -> Vec<(f64, f64)> {
    rows.iter()
        .map(|r| (r.cpu_us, r.error().unwrap_or(f64::NAN)))
        .collect()
}

/// Observed orders log(e₁/e₂)/log(h₁/h₂) between consecutive levels of one method, one line.
pub fn orders(rows: &[Row]) -> String {
    let shown: Vec<String> = rows
        .windows(2)
        .map(|w| match (w[0].error(), w[1].error()) {
            (Some(e1), Some(e2)) => {
                format!(
                    "{:.2}",
                    (e1 / e2).ln() / (w[0].parameter / w[1].parameter).ln()
                )
            }
            _ => "–".into(),
        })
        .collect();
    let method = rows.first().map_or("", |r| r.method.as_str());
    format!("{method}: observed orders in h {}\n", shown.join(", "))
}

/// The cheapest row with error ≤ `target`.
fn cheapest_within(rows: &[Row], target: f64) -> Option<&Row> {
    rows.iter()
        .filter(|r| r.error().is_some_and(|e| e <= target))
        .min_by(|a, b| a.cpu_us.total_cmp(&b.cpu_us))
}

/// One headline line: `method` reaches `target` first at row `row`, cost relative to `base`.
fn reach_line(target: f64, row: Option<&Row>, method: &str, base: &Row) -> String {
    match row {
        Some(ts) => format!(
            "{}: error ≤ {target:.0e} s first at h = {:.0e} s ({:.1e} s), {:.0} µs CPU per run \
             = {:.1} × the event-driven run\n",
            ts.method,
            ts.parameter,
            ts.error().unwrap_or(f64::NAN),
            ts.cpu_us,
            ts.cpu_us / base.cpu_us
        ),
        None => format!("{method}: no level reached {target:.0e} s\n"),
    }
}

/// The headline: the event-driven cost of ≤ 1e-10 s against the time-stepping cost of
/// ≤ 1e-4 s (and of each sweep's own target, where it is smaller).
pub fn headline(event: &[Row], stepping: &[Vec<Row>], sweeps: &[(f64, f64)]) -> String {
    let Some(ed) = cheapest_within(event, EVENT_TARGET) else {
        return format!("No event-driven run reached {EVENT_TARGET:e} s.\n");
    };
    let mut s = format!(
        "Event-driven: max transition-time error {:.1e} s (≤ {EVENT_TARGET:.0e} s) at rtol = \
         {:.0e}, {:.0} µs CPU per run\n",
        ed.error().unwrap_or(f64::NAN),
        ed.parameter,
        ed.cpu_us
    );
    for (rows, &(_, target)) in stepping.iter().zip(sweeps) {
        let method = rows.first().map_or("time-stepping", |r| r.method.as_str());
        s += &reach_line(
            STEPPING_TARGET,
            cheapest_within(rows, STEPPING_TARGET),
            method,
            ed,
        );
        if target < STEPPING_TARGET {
            s += &reach_line(target, cheapest_within(rows, target), method, ed);
        }
    }
    s
}
