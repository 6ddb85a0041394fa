//! Keyword arguments into the integrators' settings: the time-stepping scheme and `Settings`, and
//! the event-driven `EventOptions`. An unknown keyword is a `ValueError` listing the known ones;
//! the values themselves are checked by the runtime (time-stepping) or here (event-driven, whose
//! options the runtime takes as given).

use crate::errors::value_error;
use mbruntime::event::EventOptions;
use mbruntime::timestepping::{Scheme, Settings};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods};

/// The scheme named `name` ("midpoint" or "jean"), with θ for Moreau–Jean.
pub fn scheme(name: &str, theta: f64) -> PyResult<Scheme> {
    match name {
        "midpoint" => Ok(Scheme::MoreauMidpoint),
        "jean" => Ok(Scheme::MoreauJean { theta }),
        other => Err(value_error(format!(
            "unknown scheme `{other}`: use \"midpoint\" (Moreau's midpoint rule) or \"jean\" \
             (the Moreau–Jean θ-method)"
        ))),
    }
}

const TIME_STEPPING_KEYS: &str = "penetration_tolerance, constraint_tolerance, \
    projection_iterations, projection_tolerance, gap_projection_iterations, \
    gap_projection_tolerance";

/// `Settings` from the defaults and the keyword arguments.
pub fn time_stepping_settings(keywords: Option<&Bound<'_, PyDict>>) -> PyResult<Settings> {
    let mut s = Settings::default();
    for (key, value) in keywords.into_iter().flat_map(|k| k.iter()) {
        let key: String = key.extract()?;
        match key.as_str() {
            "penetration_tolerance" => s.penetration_tolerance = value.extract()?,
            "constraint_tolerance" => s.constraint_tolerance = value.extract()?,
            "projection_iterations" => s.projection_iterations = value.extract()?,
            "projection_tolerance" => s.projection_tolerance = value.extract()?,
            "gap_projection_iterations" => s.gap_projection_iterations = value.extract()?,
            "gap_projection_tolerance" => s.gap_projection_tolerance = value.extract()?,
            other => {
                return Err(value_error(format!(
                    "unknown time-stepping setting `{other}`; known: {TIME_STEPPING_KEYS}"
                )));
            }
        }
    }
    Ok(s)
}

const EVENT_KEYS: &str = "rtol, atol, initial_step, max_step, min_step, gap_tolerance, \
    velocity_tolerance, slip_tolerance, slip_relaxation_time, zero_tolerance, rank_tolerance, \
    impact_energy_gain, max_events, max_steps";

/// `EventOptions` from the defaults and the keyword arguments, checked by
/// [`EventOptions::validate`] (the integrator's own rule; its message becomes the `ValueError`).
pub fn event_options(keywords: Option<&Bound<'_, PyDict>>) -> PyResult<EventOptions> {
    let mut o = EventOptions::default();
    for (key, value) in keywords.into_iter().flat_map(|k| k.iter()) {
        let key: String = key.extract()?;
        let slot = match key.as_str() {
            "rtol" => &mut o.rtol,
            "atol" => &mut o.atol,
            "initial_step" => &mut o.initial_step,
            "max_step" => &mut o.max_step,
            "min_step" => &mut o.min_step,
            "gap_tolerance" => &mut o.gap_tolerance,
            "velocity_tolerance" => &mut o.velocity_tolerance,
            "slip_tolerance" => &mut o.slip_tolerance,
            "slip_relaxation_time" => &mut o.slip_relaxation_time,
            "zero_tolerance" => &mut o.zero_tolerance,
            "rank_tolerance" => &mut o.rank_tolerance,
            "impact_energy_gain" => &mut o.impact_energy_gain,
            "max_events" => {
                o.max_events = value.extract()?;
                continue;
            }
            "max_steps" => {
                o.max_steps = value.extract()?;
                continue;
            }
            other => {
                return Err(value_error(format!(
                    "unknown event-driven option `{other}`; known: {EVENT_KEYS}"
                )));
            }
        };
        *slot = value.extract()?;
    }
    o.validate().map_err(|e| value_error(e.to_string()))?;
    Ok(o)
}
