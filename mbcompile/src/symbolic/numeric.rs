//! Numeric evaluation of derived atoms at sample states, for generation-time checks.

use super::program::Program;
use super::symbols::pool;
use crate::dsl::ast::Model;
use crate::error::{DerivationError, SampleState};
use nalgebra::DMatrix;
use proc_macro2::Span;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore};

/// Number of sample states each check uses.
const SAMPLES: usize = 6;

/// Deterministic sample states (q, q̇, q̈, q⃛ in [−1, 1], t in [0, 1]) at the parameter defaults.
pub(crate) struct Sampler<'p> {
    /// The derivation's program: sample values of its intermediates extend each state.
    prog: &'p Program,
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

impl<'p> Sampler<'p> {
    /// Sample states for a model.
    pub fn new(model: &Model, prog: &'p Program) -> Sampler<'p> {
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
            prog,
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
    ) -> Result<(), DerivationError> {
        let n = mass.len();
        for (s, state) in self.states.iter().enumerate() {
            let state = &self.prog.with_values(state);
            let mut m = DMatrix::<f64>::zeros(n, n);
            for i in 0..n {
                for j in 0..n {
                    m[(i, j)] = value(&mass[i][j], state).ok_or_else(|| {
                        DerivationError::MassNotFinite {
                            span,
                            row: model.coordinates[i].text.clone(),
                            column: model.coordinates[j].text.clone(),
                            state: self.state(s, model),
                        }
                    })?;
                }
            }
            if m.clone().cholesky().is_none() {
                let eig = m.symmetric_eigenvalues();
                return Err(DerivationError::MassNotPositiveDefinite {
                    span,
                    state: self.state(s, model),
                    smallest_eigenvalue: eig.iter().cloned().fold(f64::INFINITY, f64::min),
                });
            }
        }
        Ok(())
    }

    /// A constraint gradient must be non-zero at some sample state.
    pub fn check_depends_on_q(
        &self,
        gradient: &[Atom],
        span: Span,
        what: &str,
    ) -> Result<(), DerivationError> {
        let nonzero = self.states.iter().any(|st| {
            let st = &self.prog.with_values(st);
            gradient
                .iter()
                .any(|g| value(g, st).is_some_and(|v| v.abs() > 1e-300))
        });
        if nonzero {
            Ok(())
        } else {
            Err(DerivationError::ConstrainsNothing {
                span,
                quantity: what.to_string(),
            })
        }
    }

    /// Whether the last of `columns` is independent of the others at some sample state: its
    /// residual after projection on their span exceeds 1e-9 of its norm (Gram–Schmidt, twice).
    pub fn independent_last(&self, columns: &[Vec<Atom>]) -> bool {
        let Some((last, before)) = columns.split_last() else {
            return true;
        };
        self.states.iter().any(|st| {
            let st = &self.prog.with_values(st);
            let eval =
                |c: &Vec<Atom>| -> Option<Vec<f64>> { c.iter().map(|a| value(a, st)).collect() };
            let Some(v) = eval(last) else {
                return false;
            };
            let Some(basis) = before.iter().map(eval).collect::<Option<Vec<_>>>() else {
                return false;
            };
            let norm = |x: &[f64]| x.iter().map(|a| a * a).sum::<f64>().sqrt();
            let mut orthonormal: Vec<Vec<f64>> = Vec::new();
            for mut b in basis {
                for _ in 0..2 {
                    for o in &orthonormal {
                        let c: f64 = b.iter().zip(o).map(|(x, y)| x * y).sum();
                        b.iter_mut().zip(o).for_each(|(x, y)| *x -= c * y);
                    }
                }
                let n = norm(&b);
                if n > 1e-12 {
                    orthonormal.push(b.iter().map(|x| x / n).collect());
                }
            }
            let mut r = v.clone();
            for _ in 0..2 {
                for o in &orthonormal {
                    let c: f64 = r.iter().zip(o).map(|(x, y)| x * y).sum();
                    r.iter_mut().zip(o).for_each(|(x, y)| *x -= c * y);
                }
            }
            norm(&r) > 1e-9 * norm(&v)
        })
    }

    /// The coordinates of sample state `s`, named.
    fn state(&self, s: usize, model: &Model) -> SampleState {
        SampleState {
            coordinates: model
                .coordinates
                .iter()
                .zip(&self.coordinates[s])
                .map(|(c, v)| (c.text.clone(), *v))
                .collect(),
        }
    }
}
