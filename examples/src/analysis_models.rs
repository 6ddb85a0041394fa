//! Example mechanisms for the analysis examples (see the crate docs).

use mbmacros::mechanism;
