//! What the tests of the mb crates share, so that every test measures the same way:
//!
//! - [`CountingAllocator`]: a global allocator that counts the allocations of each thread, for
//!   the "no allocation per step" tests (each test binary installs it with `#[global_allocator]`);
//! - [`relative_error`]: the distance of a result from its reference, relative to the reference;
//! - finite differences ([`derivative`], [`second_derivative`]) and, built on them, the
//!   Lagrangian quantities M, ∂T/∂q̇ and h by differences of the generated energies
//!   ([`fd_mass`], [`fd_momentum`], [`fd_conservative_forces`]): the independent route against
//!   which derived quantities are checked;
//! - [`jet_disagreement`]: a model's jets (`Rates`) against differences of its `f64` functions
//!   along a random [`PolynomialPath`];
//! - [`SplitMix`]: deterministic pseudo-random sample states;
//! - [`constant_force_jacobians!`]: the `Jacobians` of hand-written models with constant forces;
//! - [`count_mechanism_blocks`]: how many `mechanism!` blocks a source directory holds, by a plain
//!   text scan (independent of the parser under test);
//! - [`models`]: hand-written models of the runtime's model contract with closed forms (a point on
//!   a floor, the Chaplygin sleigh and its variants, pendulums, blocks, rods, boxes, a ball, …),
//!   and [`no_bilateral!`], [`no_contacts!`] for the empty parts of `Constraints`;
//! - [`cone_instances`]: seeded frictional contact problems for the cone solver;
//! - [`leibniz_determinant`]: principal minors by Leibniz's formula, independent of any LU;
//! - the draws of the fuzzing campaigns ([`fuzz_cases`], [`fuzz_parameter`], [`fuzz_vector`],
//!   [`all_finite`]).

pub mod cone_instances;
mod constant_force_jacobians;
mod contract_parts;
mod counting_allocator;
mod finite_difference;
mod fuzz_draws;
mod jet_checks;
mod lagrangian_differences;
mod leibniz;
mod mechanism_blocks;
pub mod models;
mod relative_error;
mod split_mix;

pub use counting_allocator::{CountingAllocator, allocations_during, allocations_on_this_thread};
pub use finite_difference::{derivative, second_derivative, second_derivative_of_samples, unit};
pub use fuzz_draws::{
    all_finite, fuzz_cases, fuzz_model_parameters, fuzz_non_finite, fuzz_parameter, fuzz_vector,
    on_constraints,
};
pub use jet_checks::{PolynomialPath, jet_disagreement};
pub use lagrangian_differences::{fd_conservative_forces, fd_mass, fd_momentum};
pub use leibniz::leibniz_determinant;
pub use mechanism_blocks::count_mechanism_blocks;
pub use relative_error::relative_error;
pub use split_mix::SplitMix;
