//! Model parameters by name: reading, writing (the runtime's `ParameterError` message on an
//! unknown name or a non-finite value) and construction from keyword arguments.

use crate::errors::parameter_error;
use mbruntime::{Dynamics, ParameterError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyDictMethods};

/// Index of the parameter `name`, or the runtime's "model has no parameter" error.
pub fn index<M: Dynamics<NQ>, const NQ: usize>(model: &M, name: &str) -> PyResult<usize> {
    model
        .parameter_names()
        .iter()
        .position(|p| *p == name)
        .ok_or_else(|| parameter_error(ParameterError::Unknown(name.to_owned())))
}

/// The value of parameter `name`.
pub fn get<M: Dynamics<NQ>, const NQ: usize>(model: &M, name: &str) -> PyResult<f64> {
    let k = index(model, name)?;
    model
        .parameter(k)
        .ok_or_else(|| parameter_error(ParameterError::Unknown(name.to_owned())))
}

/// Sets parameter `name` to a finite `value`.
pub fn set<M: Dynamics<NQ>, const NQ: usize>(
    model: &mut M,
    name: &str,
    value: f64,
) -> PyResult<()> {
    let k = index(model, name)?;
    model.set_parameter(k, value).map_err(parameter_error)
}

/// Every parameter and its value, in declaration order.
pub fn all<'py, M: Dynamics<NQ>, const NQ: usize>(
    py: Python<'py>,
    model: &M,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, name) in model.parameter_names().iter().enumerate() {
        dict.set_item(*name, model.parameter(k))?;
    }
    Ok(dict)
}

/// The model with its default parameters, then each keyword argument set by name.
pub fn with_keywords<M: Dynamics<NQ> + Default, const NQ: usize>(
    keywords: Option<&Bound<'_, PyDict>>,
) -> PyResult<M> {
    let mut model = M::default();
    if let Some(keywords) = keywords {
        for (key, value) in keywords.iter() {
            let name: String = key.extract()?;
            set(&mut model, &name, value.extract()?)?;
        }
    }
    Ok(model)
}
