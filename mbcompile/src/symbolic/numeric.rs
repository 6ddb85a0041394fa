//! Numeric evaluation of derived atoms at sample states, for generation-time checks.

use super::symbols::pool;
use crate::dsl::ast::Model;
use nalgebra::DMatrix;
use proc_macro2::Span;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore};
use syn::Error;

/// Number of sample states each check uses.
pub const SAMPLES: usize = 6;

/// Deterministic sample states (q, q̇, q̈, q⃛ in [−1, 1], t in [0, 1]) at the parameter defaults.
pub struct Sampler {
    states: Vec<HashMap<Atom, f64>>,
    /// The coordinate values of each state, for messages.
    coordinates: Vec<Vec<f64>>,
}

/// A small deterministic generator (splitmix64): checks must not depend on a random seed.
fn splitmix(state: &mut u64) -> f64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// Evaluates an atom in a state; `None` if the value is not a finite real.
pub fn value(a: &Atom, state: &HashMap<Atom, f64>) -> Option<f64> {
    a.evaluate(state).ok().filter(|v: &f64| v.is_finite())
}

impl Sampler {
    /// Sample states for a model.
    pub fn new(model: &Model) -> Sampler {
        let p = pool();
        let nq = model.coordinates.len();
        let mut seed = 0x6d62_u64;
        let mut states = Vec::new();
        let mut coordinates = Vec::new();
        for _ in 0..SAMPLES {
            let mut m = HashMap::new();
            let mut qs = Vec::new();
            for i in 0..nq {
                let v = 2.0 * splitmix(&mut seed) - 1.0;
                qs.push(v);
                m.insert(Atom::var(p.q[i]), v);
                for fam in [&p.qd, &p.qdd, &p.qddd] {
                    m.insert(Atom::var(fam[i]), 2.0 * splitmix(&mut seed) - 1.0);
                }
            }
            for (k, par) in model.parameters.iter().enumerate() {
                m.insert(Atom::var(p.p[k]), par.default.value);
            }
            m.insert(Atom::var(p.t), splitmix(&mut seed));
            states.push(m);
            coordinates.push(qs);
        }
        Sampler {
            states,
            coordinates,
        }
    }

    /// The sample states.
    pub fn states(&self) -> &[HashMap<Atom, f64>] {
        &self.states
    }

    /// M symmetric positive definite at every sample state (Cholesky succeeds).
    pub fn check_positive_definite(
        &self,
        mass: &[Vec<Atom>],
        model: &Model,
        span: Span,
    ) -> syn::Result<()> {
        let n = mass.len();
        for (s, state) in self.states.iter().enumerate() {
            let mut m = DMatrix::<f64>::zeros(n, n);
            for i in 0..n {
                for j in 0..n {
                    m[(i, j)] = match value(&mass[i][j], state) {
                        Some(v) => v,
                        None => {
                            return Err(Error::new(
                                span,
                                format!(
                                    "the mass matrix entry ({}, {}) is not finite at the sample state q = {}",
                                    model.coordinates[i].text,
                                    model.coordinates[j].text,
                                    self.show(s, model)
                                ),
                            ));
                        }
                    };
                }
            }
            if m.clone().cholesky().is_none() {
                let eig = m.symmetric_eigenvalues();
                let min = eig.iter().cloned().fold(f64::INFINITY, f64::min);
                return Err(Error::new(
                    span,
                    format!(
                        "the mass matrix ∂²T/∂q̇² is not positive definite at q = {} with default parameters \
                     (smallest eigenvalue {min:.3e}); every coordinate needs inertia in T",
                        self.show(s, model)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A constraint gradient must be non-zero at some sample state.
    pub fn check_depends_on_q(&self, gradient: &[Atom], span: Span, what: &str) -> syn::Result<()> {
        let nonzero = self.states.iter().any(|st| {
            gradient
                .iter()
                .any(|g| value(g, st).is_some_and(|v| v.abs() > 1e-300))
        });
        if nonzero {
            Ok(())
        } else {
            Err(Error::new(
                span,
                format!(
                    "{what} does not depend on the coordinates (it is constant or identically zero), so it constrains nothing"
                ),
            ))
        }
    }

    fn show(&self, s: usize, model: &Model) -> String {
        let parts: Vec<String> = model
            .coordinates
            .iter()
            .zip(&self.coordinates[s])
            .map(|(c, v)| format!("{}={v:.3}", c.text))
            .collect();
        format!("({})", parts.join(", "))
    }
}
