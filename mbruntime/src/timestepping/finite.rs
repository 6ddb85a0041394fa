//! Finiteness checks of model outputs and of the state, shared by the schemes and the driver.

use super::error::TimeSteppingError;
use crate::linalg::first_non_finite;
use crate::mechanism::Vector;

/// `Err(NonFiniteModelOutput)` if a slice holds NaN or ±∞.
pub(crate) fn check_finite(
    values: &[f64],
    t: f64,
    quantity: &'static str,
) -> Result<(), TimeSteppingError> {
    // Early exit, scalar: these outputs were just written by the model, and a vector scan
    // reloading them across the stores measured slower.
    match first_non_finite(values) {
        None => Ok(()),
        Some(entry) => Err(TimeSteppingError::NonFiniteModelOutput { t, quantity, entry }),
    }
}

/// `Err(NonFiniteState)` naming the first non-finite component of (t, q, u).
pub(crate) fn check_state<const NQ: usize>(
    t: f64,
    q: &Vector<NQ>,
    u: &Vector<NQ>,
) -> Result<(), TimeSteppingError> {
    if !t.is_finite() {
        return Err(TimeSteppingError::NonFiniteState {
            t,
            what: "t",
            index: 0,
            value: t,
        });
    }
    for (what, x) in [("q", q), ("u", u)] {
        if let Some((index, &value)) = x.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(TimeSteppingError::NonFiniteState {
                t,
                what,
                index,
                value,
            });
        }
    }
    Ok(())
}
