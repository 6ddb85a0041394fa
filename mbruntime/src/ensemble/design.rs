//! The design of an ensemble: named columns and one row of values per run. A column names a
//! parameter of the model or an initial-state entry (`q0.<coordinate>`, `u0.<coordinate>`), so a
//! parameter grid, a list of samples (e.g. Monte Carlo draws) and a grid of initial states are
//! all designs.

use super::EnsembleError;
use std::ops::Range;

/// Named columns and row-major values, one row per run; every value finite.
#[derive(Debug, Clone, PartialEq)]
pub struct Design {
    names: Vec<String>,
    values: Vec<f64>,
}

impl Design {
    /// The full factorial grid over the given axes, in row-major order: the first axis varies
    /// slowest, the last fastest (numpy's `meshgrid(..., indexing="ij")` raveled in C order).
    pub fn grid(axes: &[(&str, &[f64])]) -> Result<Self, EnsembleError> {
        let names: Vec<&str> = axes.iter().map(|(name, _)| *name).collect();
        check_names(&names)?;
        if let Some((name, _)) = axes.iter().find(|(_, values)| values.is_empty()) {
            return Err(EnsembleError::EmptyAxis {
                name: (*name).to_owned(),
            });
        }
        let runs = axes
            .iter()
            .try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))
            .ok_or(EnsembleError::TooManyRuns)?;
        let mut values = Vec::with_capacity(runs * axes.len());
        for run in 0..runs {
            let mut rest = run;
            let start = values.len();
            values.resize(start + axes.len(), 0.0);
            for (k, (_, axis)) in axes.iter().enumerate().rev() {
                values[start + k] = axis[rest % axis.len()];
                rest /= axis.len();
            }
        }
        Self::from_parts(names, values)
    }

    /// A list of samples: `rows_row_major` holds run 0's values for every column, then run 1's,
    /// and so on.
    pub fn samples(names: &[&str], rows_row_major: Vec<f64>) -> Result<Self, EnsembleError> {
        check_names(names)?;
        if !rows_row_major.len().is_multiple_of(names.len()) {
            return Err(EnsembleError::RaggedSamples {
                values: rows_row_major.len(),
                columns: names.len(),
            });
        }
        Self::from_parts(names.to_vec(), rows_row_major)
    }

    fn from_parts(names: Vec<&str>, values: Vec<f64>) -> Result<Self, EnsembleError> {
        let columns = names.len();
        if let Some(k) = values.iter().position(|v| !v.is_finite()) {
            return Err(EnsembleError::NonFiniteValue {
                name: names[k % columns].to_owned(),
                run: k / columns,
                value: values[k],
            });
        }
        Ok(Self {
            names: names.into_iter().map(str::to_owned).collect(),
            values,
        })
    }

    /// The column names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Number of runs.
    pub fn len(&self) -> usize {
        self.values.len() / self.names.len()
    }

    /// Whether the design has no runs.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values of run `i` (panics if `i ≥ len()`, like slice indexing).
    pub fn row(&self, i: usize) -> &[f64] {
        let c = self.names.len();
        &self.values[i * c..(i + 1) * c]
    }

    /// The runs `range` as a design of their own (a chunk): running it gives exactly the rows
    /// `range` of the whole design's outcome.
    pub fn rows(&self, range: Range<usize>) -> Result<Self, EnsembleError> {
        if range.start > range.end || range.end > self.len() {
            return Err(EnsembleError::RowsOutOfRange {
                start: range.start,
                end: range.end,
                len: self.len(),
            });
        }
        let c = self.names.len();
        Ok(Self {
            names: self.names.clone(),
            values: self.values[range.start * c..range.end * c].to_vec(),
        })
    }
}

fn check_names(names: &[&str]) -> Result<(), EnsembleError> {
    if names.is_empty() {
        return Err(EnsembleError::NoColumns);
    }
    if let Some(index) = names.iter().position(|n| n.is_empty()) {
        return Err(EnsembleError::EmptyName { index });
    }
    for (k, name) in names.iter().enumerate() {
        if names[..k].contains(name) {
            return Err(EnsembleError::DuplicateColumn {
                name: (*name).to_owned(),
            });
        }
    }
    Ok(())
}
