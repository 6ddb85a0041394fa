//! Shared random states of the end-to-end tests. Finite differences, relative errors and the
//! counting allocator, shared with the other crates' tests, are in `mb-testsupport`.

use mbruntime::Vector;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Deterministic random generator for a test.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A vector with entries uniform in [−a, a].
pub fn random_vector<const N: usize>(r: &mut ChaCha8Rng, a: f64) -> Vector<N> {
    Vector::<N>::from_fn(|_, _| r.gen_range(-a..a))
}
