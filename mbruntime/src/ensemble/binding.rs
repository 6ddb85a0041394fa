//! What each design column sets in a run: a model parameter, an initial position or an initial
//! velocity. Resolved once per ensemble, so every run only writes values.

use super::{Design, EnsembleError};
use crate::{Dynamics, ParameterError, Vector};

/// The target of one design column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Target {
    /// Parameter `k` of the model.
    Parameter(usize),
    /// Initial coordinate q₀[i] (column `q0.<coordinate>`).
    Position(usize),
    /// Initial velocity u₀[i] (column `u0.<coordinate>`).
    Velocity(usize),
}

/// Resolves every column of `design` against the model's parameters and coordinates.
pub(super) fn bind<M: Dynamics<NQ>, const NQ: usize>(
    model: &M,
    design: &Design,
) -> Result<Vec<Target>, EnsembleError> {
    design
        .names()
        .iter()
        .map(|name| target(model, name))
        .collect()
}

fn target<M: Dynamics<NQ>, const NQ: usize>(
    model: &M,
    name: &str,
) -> Result<Target, EnsembleError> {
    let coordinate = |c: &str| M::COORDINATES.iter().position(|x| *x == c);
    let found = if let Some(c) = name.strip_prefix("q0.") {
        coordinate(c).map(Target::Position)
    } else if let Some(c) = name.strip_prefix("u0.") {
        coordinate(c).map(Target::Velocity)
    } else {
        model
            .parameter_names()
            .iter()
            .position(|p| *p == name)
            .map(Target::Parameter)
    };
    found.ok_or_else(|| EnsembleError::UnknownColumn {
        name: name.to_owned(),
        model: M::NAME,
        parameters: model.parameter_names().join(", "),
        coordinates: M::COORDINATES.join(", "),
    })
}

/// Writes one run's values into its model and initial state.
pub(super) fn apply<M: Dynamics<NQ>, const NQ: usize>(
    targets: &[Target],
    values: &[f64],
    model: &mut M,
    q0: &mut Vector<NQ>,
    u0: &mut Vector<NQ>,
) -> Result<(), ParameterError> {
    for (target, &value) in targets.iter().zip(values) {
        match *target {
            Target::Parameter(k) => model.set_parameter(k, value)?,
            Target::Position(i) => q0[i] = value,
            Target::Velocity(i) => u0[i] = value,
        }
    }
    Ok(())
}
