//! The Python exceptions of mb and the conversions of the runtime's typed errors into them.
//!
//! The exception classes live in the pure-Python module `mb.errors`, so that every extension
//! module (the examples and every model compiled from Python) raises the very same classes; each
//! carries exactly the runtime error's `Display` message.

use pyo3::PyErr;
use pyo3::exceptions::{PyTypeError, PyValueError};
use std::fmt::Display;

pyo3::import_exception!(mb.errors, MbError);
pyo3::import_exception!(mb.errors, ParameterError);
pyo3::import_exception!(mb.errors, TimeSteppingError);
pyo3::import_exception!(mb.errors, EventError);
pyo3::import_exception!(mb.errors, EnsembleError);

/// A refused parameter name or value (`mb.ParameterError`, a `ValueError`).
pub fn parameter_error(error: impl Display) -> PyErr {
    ParameterError::new_err(error.to_string())
}

/// An error of the time-stepping integrator (`mb.TimeSteppingError`).
pub fn time_stepping_error(error: impl Display) -> PyErr {
    TimeSteppingError::new_err(error.to_string())
}

/// An error of the event-driven integrator (`mb.EventError`).
pub fn event_error(error: impl Display) -> PyErr {
    EventError::new_err(error.to_string())
}

/// An ensemble that could not be set up (`mb.EnsembleError`).
pub fn ensemble_error(error: impl Display) -> PyErr {
    EnsembleError::new_err(error.to_string())
}

/// A capability the model was generated without (`mb.MbError`).
pub fn missing_capability(model: &str, capability: &str) -> PyErr {
    MbError::new_err(format!(
        "model {model} was generated without {capability}; add `{}` to the block's \
         `generate {{ capabilities: [...] }}` item and regenerate",
        capability.to_lowercase()
    ))
}

/// An argument of the wrong type (`TypeError`).
pub fn type_error(message: impl Into<String>) -> PyErr {
    PyTypeError::new_err(message.into())
}

/// An argument with a wrong shape or value (`ValueError`).
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
