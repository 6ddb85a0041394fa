//! The error of one run, and a failed run reported with its design values. A failed run never
//! stops the ensemble.

use super::Design;
use crate::ParameterError;
use std::fmt;
use thiserror::Error;

/// Why one run of an ensemble has no result.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum RunError<E> {
    /// A design value was refused by the model (`Dynamics::set_parameter`).
    #[error("{0}")]
    Parameter(ParameterError),
    /// The run itself returned an error (e.g. the integrator's typed error).
    #[error("{0}")]
    Failed(E),
    /// The run panicked; the message of the panic. The other runs are unaffected.
    #[error("the run panicked: {0}")]
    Panicked(String),
}

/// A failed run with its place in the design.
#[derive(Debug, Clone, Copy)]
pub struct Failure<'a, E> {
    /// Run (row) index in the design.
    pub index: usize,
    /// The design's column names.
    pub names: &'a [String],
    /// The run's design values.
    pub values: &'a [f64],
    /// What went wrong.
    pub error: &'a RunError<E>,
}

impl<E: fmt::Display> fmt::Display for Failure<'_, E> {
    /// `run 17 (mu = 0.3, c_phi = 0.005): <error>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "run {} (", self.index)?;
        for (k, (name, value)) in self.names.iter().zip(self.values).enumerate() {
            let sep = if k == 0 { "" } else { ", " };
            write!(f, "{sep}{name} = {value}")?;
        }
        write!(f, "): {}", self.error)
    }
}

/// Every run's result, in design order.
#[derive(Debug, Clone)]
pub struct Outcome<R, E> {
    /// The design that was run.
    pub design: Design,
    /// Run i's result at index i.
    pub runs: Vec<Result<R, RunError<E>>>,
}

impl<R, E> Outcome<R, E> {
    /// The failed runs with their design values, in design order.
    pub fn failures(&self) -> impl Iterator<Item = Failure<'_, E>> {
        self.runs.iter().enumerate().filter_map(|(index, run)| {
            run.as_ref().err().map(|error| Failure {
                index,
                names: self.design.names(),
                values: self.design.row(index),
                error,
            })
        })
    }

    /// Number of runs that have a result.
    pub fn successes(&self) -> usize {
        self.runs.iter().filter(|r| r.is_ok()).count()
    }
}
