//! The `python_model!` macro: one generated model type as one Python class.

/// Declares a Python class for one generated model.
///
/// ```text
/// mb_python_bindings::python_model!(pendulum_class: mb_examples::pendulum => Pendulum in "mb._native");
/// mb_python_bindings::python_model!(ball_class: crate::bouncing_ball => BouncingBall with rates in "my_models");
/// ```
///
/// expands to a module (`pendulum_class`) holding a `#[pyclass]` named as the model
/// (`Pendulum`), to be added to the `#[pymodule]` named after `in` (the class's `__module__`,
/// so that it can be found again by module and name, e.g. by `mb.cluster`). The path names the module generated for the
/// `mechanism!` block (it holds the model type and its `NQ`, `NB`, `NU`); the model must
/// implement `Dynamics`, `Constraints` and `Jacobians` (`Rates` too with `with rates`, which
/// enables `event_driven`; without it that method raises `mb.MbError`). The calling crate
/// depends on `mb-python-bindings` under that name (the PyO3 attributes refer to
/// `mb_python_bindings::pyo3`).
///
/// The class: `Model(**parameters)`; `name`, `fingerprint`, `coordinates`, `contacts`,
/// `constraints`, `parameter_names`, `parameters`, `has_rates`; `get_parameter`,
/// `set_parameter`; `dynamics`, `mass_matrix`, `forces`, `coriolis`, `kinetic_energy`,
/// `potential_energy`, `force_jacobians`, `gaps`, `gap_jacobian`, `bilateral`,
/// `bilateral_jacobian` over arrays of states (n, NQ) or (NQ,); `time_stepping`,
/// `event_driven` and `_sweep` (used by `mb.sweep`).
#[macro_export]
macro_rules! python_model {
    ($(#[$attr:meta])* $wrapper:ident : $($module:ident)::+ => $model:ident in $pymodule:tt) => {
        $crate::python_model!(@class [$(#[$attr])*] $wrapper [$($module)::+] $model [] $pymodule);
    };
    ($(#[$attr:meta])* $wrapper:ident : $($module:ident)::+ => $model:ident with rates in $pymodule:tt) => {
        $crate::python_model!(@class [$(#[$attr])*] $wrapper [$($module)::+] $model [rates] $pymodule);
    };
    (@event_driven [rates] $py:ident, $self:ident, $q0:ident, $u0:ident, $times:expr, $options:ident) => {
        $crate::event_driven::run::<Model, NQ, NB, NU>(
            $py,
            &$self.model,
            $q0,
            $u0,
            $times,
            $crate::settings::event_options($options)?,
        )
    };
    (@event_driven [] $py:ident, $self:ident, $q0:ident, $u0:ident, $times:expr, $options:ident) => {{
        let _ = ($py, $q0, $u0, $times, $options);
        Err($crate::errors::missing_capability(
            <Model as $crate::mbruntime::Dynamics<NQ>>::NAME,
            "Rates",
        ))
    }};
    (@class [$($attr:tt)*] $wrapper:ident [$($module:ident)::+] $model:ident [$($rates:ident)?] $pymodule:tt) => {
        #[doc = concat!("The Python class of the model `", stringify!($model), "`.")]
        pub mod $wrapper {
            #[allow(unused_imports)]
            use super::*;
            use $crate::mbruntime::{Constraints as _, Dynamics as _};
            use $crate::numpy::PyArrayDyn;
            use $crate::pyo3::prelude::*;
            use $crate::pyo3::types::PyDict;

            type Model = $($module)::+::$model;
            const NQ: usize = $($module)::+::NQ;
            const NB: usize = $($module)::+::NB;
            const NU: usize = $($module)::+::NU;
            type Array<'py> = Bound<'py, PyArrayDyn<f64>>;

            $($attr)*
            #[pyclass(module = $pymodule)]
            #[pyo3(crate = "mb_python_bindings::pyo3")]
            pub struct $model {
                model: Model,
            }

            $crate::python_model!(@methods $model [$($rates)?]);
        }
    };
    (@methods $model:ident [$($rates:ident)?]) => {
        #[pymethods]
        #[pyo3(crate = "mb_python_bindings::pyo3")]
        impl $model {
            /// The model with its default parameters, then the keyword arguments set by name.
            #[new]
            #[pyo3(signature = (**parameters))]
            fn new(parameters: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                let model = $crate::parameters::with_keywords::<Model, NQ>(parameters)?;
                Ok(Self { model })
            }
            /// The model's name.
            #[getter]
            fn name(&self) -> &'static str {
                <Model as $crate::mbruntime::Dynamics<NQ>>::NAME
            }
            /// Fingerprint of the block the code was generated from.
            #[getter]
            fn fingerprint(&self) -> &'static str {
                <Model as $crate::mbruntime::Dynamics<NQ>>::FINGERPRINT
            }
            /// Generalised coordinates, in order.
            #[getter]
            fn coordinates(&self) -> Vec<&'static str> {
                Model::COORDINATES.to_vec()
            }
            /// Unilateral contacts, in order.
            #[getter]
            fn contacts(&self) -> Vec<&'static str> {
                Model::CONTACTS.to_vec()
            }
            /// Bilateral constraints, in order.
            #[getter]
            fn constraints(&self) -> Vec<&'static str> {
                Model::BILATERAL.to_vec()
            }
            /// Parameter names, in order.
            #[getter]
            fn parameter_names(&self) -> Vec<&'static str> {
                self.model.parameter_names().to_vec()
            }
            /// Every parameter and its value.
            #[getter]
            fn parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                $crate::parameters::all::<Model, NQ>(py, &self.model)
            }
            /// Whether the model has `Rates` (needed by `event_driven`).
            #[getter]
            fn has_rates(&self) -> bool {
                stringify!($($rates)?) == "rates"
            }
            /// The value of parameter `name`.
            fn get_parameter(&self, name: &str) -> PyResult<f64> {
                $crate::parameters::get::<Model, NQ>(&self.model, name)
            }
            /// Sets parameter `name` to a finite value.
            fn set_parameter(&mut self, name: &str, value: f64) -> PyResult<()> {
                $crate::parameters::set::<Model, NQ>(&mut self.model, name, value)
            }
            fn __repr__(&self) -> String {
                let values: Vec<String> = self
                    .model
                    .parameter_names()
                    .iter()
                    .enumerate()
                    .map(|(k, n)| format!("{n}={:?}", self.model.parameter(k).unwrap_or(f64::NAN)))
                    .collect();
                format!("{}({})", stringify!($model), values.join(", "))
            }
        /// M(q, t) and h(q, q̇, t) at every state: arrays (n, NQ, NQ) and (n, NQ).
        #[pyo3(signature = (q, qd, t = None))]
        fn dynamics<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, qd: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<(Array<'py>, Array<'py>)> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::dynamics::<Model, NQ>(py, &self.model, (q, qd, &t))
        }
        /// M(q, t): array (n, NQ, NQ).
        #[pyo3(signature = (q, t = None))]
        fn mass_matrix<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::mass_matrix::<Model, NQ>(py, &self.model, (q, &t))
        }
        /// h(q, q̇, t): array (n, NQ).
        #[pyo3(signature = (q, qd, t = None))]
        fn forces<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, qd: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::forces::<Model, NQ>(py, &self.model, (q, qd, &t))
        }
        /// C(q, q̇, t): array (n, NQ, NQ).
        #[pyo3(signature = (q, qd, t = None))]
        fn coriolis<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, qd: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::coriolis::<Model, NQ>(py, &self.model, (q, qd, &t))
        }
        /// T(q, q̇, t): array (n,).
        #[pyo3(signature = (q, qd, t = None))]
        fn kinetic_energy<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, qd: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::kinetic_energy::<Model, NQ>(py, &self.model, (q, qd, &t))
        }
        /// V(q, t): array (n,).
        #[pyo3(signature = (q, t = None))]
        fn potential_energy<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::potential_energy::<Model, NQ>(py, &self.model, (q, &t))
        }
        /// ∂h/∂q and ∂h/∂q̇ (row i: h_i): arrays (n, NQ, NQ).
        #[pyo3(signature = (q, qd, t = None))]
        fn force_jacobians<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, qd: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<(Array<'py>, Array<'py>)> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_dynamics::force_jacobians::<Model, NQ, NB, NU>(py, &self.model, (q, qd, &t))
        }
        /// Gaps g_N(q, t): array (n, NU).
        #[pyo3(signature = (q, t = None))]
        fn gaps<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_constraints::gaps::<Model, NQ, NB, NU>(py, &self.model, (q, &t))
        }
        /// W_N = (∂g_N/∂q)ᵀ: array (n, NQ, NU).
        #[pyo3(signature = (q, t = None))]
        fn gap_jacobian<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_constraints::gap_jacobian::<Model, NQ, NB, NU>(py, &self.model, (q, &t))
        }
        /// Bilateral constraints g(q, t): array (n, NB).
        #[pyo3(signature = (q, t = None))]
        fn bilateral<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_constraints::bilateral::<Model, NQ, NB, NU>(py, &self.model, (q, &t))
        }
        /// G = (∂g/∂q)ᵀ: array (n, NQ, NB).
        #[pyo3(signature = (q, t = None))]
        fn bilateral_jacobian<'py>(&self, py: Python<'py>, q: &Bound<'py, PyAny>, t: Option<&Bound<'py, PyAny>>) -> PyResult<Array<'py>> {
            let t = $crate::python_model!(@time py, t);
            $crate::evaluate_constraints::bilateral_jacobian::<Model, NQ, NB, NU>(py, &self.model, (q, &t))
        }
        /// A time-stepping run; see `mb_python_bindings::time_stepping::run`.
        #[pyo3(signature = (q0, u0, h, t_end, scheme = "midpoint", theta = 0.5, every = 1, t0 = 0.0, **settings))]
        #[allow(clippy::too_many_arguments)]
        fn time_stepping<'py>(&self, py: Python<'py>, q0: &Bound<'py, PyAny>, u0: &Bound<'py, PyAny>, h: f64, t_end: f64, scheme: &str, theta: f64, every: usize, t0: f64, settings: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyDict>> {
            let span = $crate::time_stepping::Span { h, t_end, t0, every };
            let scheme = $crate::settings::scheme(scheme, theta)?;
            let settings = $crate::settings::time_stepping_settings(settings)?;
            $crate::time_stepping::run::<Model, NQ, NB, NU>(py, &self.model, q0, u0, span, scheme, settings)
        }
        /// An event-driven run; see `mb_python_bindings::event_driven::run`.
        #[pyo3(signature = (q0, u0, t_end, t0 = 0.0, **options))]
        fn event_driven<'py>(&self, py: Python<'py>, q0: &Bound<'py, PyAny>, u0: &Bound<'py, PyAny>, t_end: f64, t0: f64, options: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyDict>> {
            $crate::python_model!(@event_driven [$($rates)?] py, self, q0, u0, (t0, t_end), options)
        }
        /// Rows `start..stop` of a sweep over the design (`names`, `values`); see
        /// `mb_python_bindings::sweep::run` (called by `mb.sweep`).
        #[pyo3(signature = (names, values, start, stop, q0, u0, h, t_end, scheme = "midpoint", theta = 0.5, section = None, skip = 0, threads = None, settings = None))]
        #[allow(clippy::too_many_arguments)]
        fn _sweep<'py>(&self, py: Python<'py>, names: Vec<String>, values: &Bound<'py, PyAny>, start: usize, stop: usize, q0: &Bound<'py, PyAny>, u0: &Bound<'py, PyAny>, h: f64, t_end: f64, scheme: &str, theta: f64, section: Option<(String, f64, String)>, skip: usize, threads: Option<usize>, settings: Option<&Bound<'py, PyDict>>) -> PyResult<Bound<'py, PyDict>> {
            let section = match section {
                Some(spec) => Some(($crate::sweep::section(&Model::COORDINATES, spec)?, skip)),
                None => None,
            };
            let plan = $crate::sweep::Plan {
                h,
                t_end,
                scheme: $crate::settings::scheme(scheme, theta)?,
                settings: $crate::settings::time_stepping_settings(settings)?,
                section,
                threads,
            };
            $crate::sweep::run::<Model, NQ, NB, NU>(py, &self.model, names, values, (start, stop), q0, u0, plan)
        }
        }
    };
    (@time $py:ident, $t:ident) => {
        match $t {
            Some(t) => t.clone(),
            None => $crate::pyo3::types::PyFloat::new($py, 0.0).into_any(),
        }
    };
}
