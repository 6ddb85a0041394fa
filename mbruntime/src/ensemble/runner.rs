//! Runs one model over a design in parallel (rayon). Each run is computed by one thread from its
//! own copy of the model, so its result does not depend on the number of threads, on which thread
//! ran it, or on how the design was cut into chunks: results are bit-for-bit those of a
//! sequential loop, and they are returned in design order.

use super::binding::{Target, apply, bind};
use super::{Design, EnsembleError, Outcome, RunError};
use crate::{Dynamics, Vector};
use rayon::prelude::*;
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One run of an ensemble: its design row, and the model and initial state with that row's
/// values written in.
#[derive(Debug, Clone)]
pub struct Member<'a, M, const NQ: usize> {
    /// Run (row) index in the design.
    pub index: usize,
    /// The row's values, in the design's column order.
    pub values: &'a [f64],
    /// The model with the row's parameters set.
    pub model: M,
    /// Initial coordinates with the row's `q0.*` columns written in.
    pub q0: Vector<NQ>,
    /// Initial velocities with the row's `u0.*` columns written in.
    pub u0: Vector<NQ>,
}

/// A model, a base initial state and a thread count: what every run of an ensemble starts from.
#[derive(Debug, Clone)]
pub struct Ensemble<M, const NQ: usize> {
    model: M,
    q0: Vector<NQ>,
    u0: Vector<NQ>,
    threads: Option<usize>,
}

impl<M, const NQ: usize> Ensemble<M, NQ>
where
    M: Dynamics<NQ> + Clone + Send + Sync,
{
    /// An ensemble of `model` (its current parameters are the base values) from the initial
    /// state (q0, u0), on rayon's global pool.
    pub fn new(model: M, q0: Vector<NQ>, u0: Vector<NQ>) -> Self {
        Self {
            model,
            q0,
            u0,
            threads: None,
        }
    }

    /// Runs on a pool of `threads` threads of its own instead of the global pool.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = Some(threads);
        self
    }

    /// Runs `run` once per design row, in parallel; see [`run_observed`](Self::run_observed).
    pub fn run<R, E, F>(&self, design: &Design, run: F) -> Result<Outcome<R, E>, EnsembleError>
    where
        F: Fn(Member<'_, M, NQ>) -> Result<R, E> + Sync,
        R: Send,
        E: Send,
    {
        self.run_observed(design, run, |_| {})
    }

    /// Runs `run` once per design row, in parallel, calling `on_done(n)` after each finished run
    /// with the number finished so far (e.g. to advance a progress bar). The design is checked
    /// against the model first ([`EnsembleError`]: nothing has run then). A run whose values the
    /// model refuses, whose closure returns an error, or which panics is recorded as a
    /// [`RunError`] and the other runs go on.
    pub fn run_observed<R, E, F, P>(
        &self,
        design: &Design,
        run: F,
        on_done: P,
    ) -> Result<Outcome<R, E>, EnsembleError>
    where
        F: Fn(Member<'_, M, NQ>) -> Result<R, E> + Sync,
        P: Fn(usize) + Sync,
        R: Send,
        E: Send,
    {
        self.check_initial_state()?;
        let targets = bind(&self.model, design)?;
        let done = AtomicUsize::new(0);
        let one = |index: usize| {
            let result = self.run_one(&targets, design, index, &run);
            on_done(done.fetch_add(1, Ordering::Relaxed) + 1);
            result
        };
        let runs = match self.threads {
            None => (0..design.len()).into_par_iter().map(one).collect(),
            Some(threads) => rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| EnsembleError::ThreadPool {
                    threads,
                    message: e.to_string(),
                })?
                .install(|| (0..design.len()).into_par_iter().map(one).collect()),
        };
        Ok(Outcome {
            design: design.clone(),
            runs,
        })
    }

    fn run_one<R, E, F>(
        &self,
        targets: &[Target],
        design: &Design,
        index: usize,
        run: &F,
    ) -> Result<R, RunError<E>>
    where
        F: Fn(Member<'_, M, NQ>) -> Result<R, E>,
    {
        let values = design.row(index);
        let mut member = Member {
            index,
            values,
            model: self.model.clone(),
            q0: self.q0,
            u0: self.u0,
        };
        apply(
            targets,
            values,
            &mut member.model,
            &mut member.q0,
            &mut member.u0,
        )
        .map_err(RunError::Parameter)?;
        match catch_unwind(AssertUnwindSafe(|| run(member))) {
            Ok(result) => result.map_err(RunError::Failed),
            Err(payload) => Err(RunError::Panicked(panic_message(payload.as_ref()))),
        }
    }

    fn check_initial_state(&self) -> Result<(), EnsembleError> {
        for (what, x) in [("q0", &self.q0), ("u0", &self.u0)] {
            if let Some(index) = x.iter().position(|v| !v.is_finite()) {
                return Err(EnsembleError::NonFiniteInitialState {
                    what,
                    index,
                    value: x[index],
                });
            }
        }
        Ok(())
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}
