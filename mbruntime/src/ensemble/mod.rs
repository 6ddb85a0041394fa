//! Ensembles: many independent simulations of one model over a [`Design`] (a parameter grid, a
//! list of samples, or a grid of initial states), run in parallel with rayon.
//!
//! - Every run starts from its own copy of the model with the row's values written in
//!   ([`Member`]) and is reduced by the caller's closure to whatever it needs (e.g. a
//!   [`SectionObserver`]'s period and mean rates), so trajectories need not be stored.
//! - Results come back in design order and are bit-for-bit independent of the number of threads
//!   and of cutting the design into chunks ([`Design::rows`]): each run is one sequential
//!   computation on one thread.
//! - A run that fails (a refused parameter value, the integrator's error, a panic) is a
//!   [`RunError`] in its slot; the others go on, and [`Outcome::failures`] reports each failed run
//!   with its design values.
//! - The integrators inside a run allocate nothing per step; the ensemble allocates once per run
//!   (its result slot) and once per call (the outcome).

mod binding;
mod design;
mod error;
mod run_error;
mod runner;
mod section;

pub use design::Design;
pub use error::EnsembleError;
pub use run_error::{Failure, Outcome, RunError};
pub use runner::{Ensemble, Member};
pub use section::{Crossing, CycleSummary, Section, SectionObserver};
