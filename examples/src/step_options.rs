//! The command line shared by the time-stepping example programs:
//! `[OUT_DIR] [--h H] [--scheme midpoint|jean]`.

use std::error::Error;
use std::path::PathBuf;

/// The output directory, the step (default 1 ms) and whether the scheme is Moreau–Jean (else
/// Moreau's midpoint rule) from the process arguments; `default_out` if no directory is given.
pub fn step_options(default_out: &str) -> Result<(PathBuf, f64, bool), Box<dyn Error>> {
    let mut out = PathBuf::from(default_out);
    let (mut h, mut jean) = (1e-3f64, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--h" => h = args.next().ok_or("--h needs a value")?.parse()?,
            "--scheme" => {
                jean = match args.next().as_deref() {
                    Some("jean") => true,
                    Some("midpoint") => false,
                    other => {
                        return Err(
                            format!("--scheme takes midpoint or jean, got {other:?}").into()
                        );
                    }
                }
            }
            other if !other.starts_with("--") => out = PathBuf::from(other),
            other => return Err(format!("unknown option {other}").into()),
        }
    }
    if !(h.is_finite() && h > 0.0) {
        return Err(format!("--h must be a positive step, got {h}").into());
    }
    Ok((out, h, jean))
}
