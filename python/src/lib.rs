//! The extension module `mb._native`: the example mechanisms of `mb-examples` as Python classes
//! (see `mb_python_bindings::python_model!`) and the design grid of `mbruntime::ensemble`.

use mb_python_bindings::python_model;
use pyo3::prelude::*;

python_model!(pendulum: mb_examples::pendulum => Pendulum with rates in "mb._native");
python_model!(double_pendulum: mb_examples::double_pendulum => DoublePendulum with rates in "mb._native");
python_model!(chain3: mb_examples::chain3 => Chain3 with rates in "mb._native");
python_model!(woodpecker: mb_examples::woodpecker => Woodpecker with rates in "mb._native");
python_model!(bouncing_ball: mb_examples::bouncing_ball => BouncingBall with rates in "mb._native");
python_model!(slider_crank: mb_examples::slider_crank => SliderCrank with rates in "mb._native");
python_model!(rod_wall: mb_examples::rod_wall => RodWall with rates in "mb._native");

/// The full factorial grid over `axes` (pairs of column name and values, the first axis varying
/// slowest): the column names and an array of shape (runs, columns), in the order of
/// `mbruntime::ensemble::Design::grid`.
#[pyfunction]
fn grid<'py>(
    py: Python<'py>,
    axes: Vec<(String, Vec<f64>)>,
) -> PyResult<(Vec<String>, Bound<'py, numpy::PyArrayDyn<f64>>)> {
    let (names, values, rows) = mb_python_bindings::sweep::grid(axes)?;
    let cols = names.len();
    Ok((
        names,
        mb_python_bindings::output::table(py, values, rows, cols)?,
    ))
}

/// The mb source tree this module was built from (the parent of this crate's directory):
/// `mb.compile_model` builds a user's model against it unless told otherwise.
fn source_dir() -> String {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).display().to_string()
}

/// The module: one class per example model, and `grid`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<pendulum::Pendulum>()?;
    m.add_class::<double_pendulum::DoublePendulum>()?;
    m.add_class::<chain3::Chain3>()?;
    m.add_class::<woodpecker::Woodpecker>()?;
    m.add_class::<bouncing_ball::BouncingBall>()?;
    m.add_class::<slider_crank::SliderCrank>()?;
    m.add_class::<rod_wall::RodWall>()?;
    m.add_function(wrap_pyfunction!(grid, m)?)?;
    m.add("SOURCE_DIR", source_dir())?;
    Ok(())
}
