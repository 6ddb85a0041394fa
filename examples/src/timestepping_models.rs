//! Example mechanisms for the timestepping examples (see the crate docs).

// The time-stepping examples and tests use the woodpecker, bouncing ball, slider-crank and rod
// models of the crate root; extra models for them would be declared here.
#[allow(unused_imports)]
use mbmacros::mechanism;
