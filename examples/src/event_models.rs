//! Example mechanisms for the event examples (see the crate docs).

use mbmacros::mechanism;
