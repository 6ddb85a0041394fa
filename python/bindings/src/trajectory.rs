//! A recorded trajectory: growing row-major columns (time, positions, velocities, impulses or
//! multipliers, active contacts) turned into a dict of numpy arrays at the end.

use crate::output::{table, vector};
use mbruntime::Vector;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods};

/// Rows of a trajectory with `NQ` coordinates, `NB` bilateral constraints and `NU` contacts.
#[derive(Debug, Clone, Default)]
pub struct Trajectory<const NQ: usize, const NB: usize, const NU: usize> {
    t: Vec<f64>,
    q: Vec<f64>,
    u: Vec<f64>,
    lambda_n: Vec<f64>,
    lambda_t: Vec<f64>,
    lambda_b: Vec<f64>,
    active: Vec<bool>,
}

/// One row of a [`Trajectory`].
#[derive(Debug, Clone, Copy)]
pub struct Row<'a, const NQ: usize, const NB: usize, const NU: usize> {
    /// Time.
    pub t: f64,
    /// Positions.
    pub q: &'a Vector<NQ>,
    /// Velocities.
    pub u: &'a Vector<NQ>,
    /// Normal impulses (time-stepping) or normal forces (event-driven).
    pub lambda_n: &'a Vector<NU>,
    /// Tangential impulses or forces.
    pub lambda_t: &'a Vector<NU>,
    /// Bilateral impulses or forces.
    pub lambda_b: &'a Vector<NB>,
    /// Which contacts are active (time-stepping) or closed (event-driven).
    pub active: &'a [bool; NU],
}

impl<const NQ: usize, const NB: usize, const NU: usize> Trajectory<NQ, NB, NU> {
    /// Appends one row.
    pub fn push(&mut self, row: Row<'_, NQ, NB, NU>) {
        self.t.push(row.t);
        self.q.extend_from_slice(row.q.as_slice());
        self.u.extend_from_slice(row.u.as_slice());
        self.lambda_n.extend_from_slice(row.lambda_n.as_slice());
        self.lambda_t.extend_from_slice(row.lambda_t.as_slice());
        self.lambda_b.extend_from_slice(row.lambda_b.as_slice());
        self.active.extend_from_slice(row.active);
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.t.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.t.is_empty()
    }

    /// The columns as numpy arrays: `t` (n,), `q` and `u` (n, NQ), `lambda_n`, `lambda_t` and
    /// `active` (n, NU), `lambda_b` (n, NB).
    pub fn into_dict<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let n = self.len();
        let dict = PyDict::new(py);
        dict.set_item("t", vector(py, self.t))?;
        dict.set_item("q", table(py, self.q, n, NQ)?)?;
        dict.set_item("u", table(py, self.u, n, NQ)?)?;
        dict.set_item("lambda_n", table(py, self.lambda_n, n, NU)?)?;
        dict.set_item("lambda_t", table(py, self.lambda_t, n, NU)?)?;
        dict.set_item("lambda_b", table(py, self.lambda_b, n, NB)?)?;
        let active = PyArray1::from_vec(py, self.active);
        dict.set_item("active", active.reshape(vec![n, NU])?)?;
        Ok(dict)
    }
}
