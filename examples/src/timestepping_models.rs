//! Example mechanisms for the timestepping examples (see the crate docs).

use mbmacros::mechanism;
