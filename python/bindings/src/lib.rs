//! Wraps a generated mb model into a Python class (PyO3 + rust-numpy).
//!
//! [`python_model!`] declares, for one generated model type, a `#[pyclass]` with the model's
//! name, coordinates, contacts and parameters (read and written by name), vectorised evaluations
//! over numpy arrays of states (M, h, C, T, V, ∂h/∂q, ∂h/∂q̇, gaps, W_N, g, G), time-stepping and
//! event-driven runs and ensembles (`mbruntime::ensemble`). The macro only forwards to the generic
//! functions of this crate, which read and check the arrays, release the GIL around every loop
//! over states and every simulation, and turn every runtime error into an exception of the
//! pure-Python module `mb.errors` carrying the error's message.
//!
//! The crate that invokes the macro depends on `pyo3`, `numpy`, `mbruntime` and this crate; the
//! Python package `mb` must be importable where the class is used (its `mb.errors` holds the
//! exception classes).

pub mod batch;
pub mod errors;
pub mod evaluate_constraints;
pub mod evaluate_dynamics;
pub mod event_driven;
pub mod output;
pub mod parameters;
mod python_model;
pub mod settings;
pub mod states;
pub mod sweep;
pub mod time_stepping;
pub mod trajectory;

pub use mbruntime;
pub use numpy;
pub use pyo3;
