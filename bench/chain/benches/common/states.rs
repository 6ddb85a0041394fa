//! The inputs every chain benchmark times: a fixed-seed SplitMix64 (Steele, Lea and Flood 2014,
//! "Fast splittable pseudorandom number generators"), so that every run times the same states,
//! and the precomputed states of an n-link chain (q_i uniform in [−π, π], q̇_i uniform in
//! [−2, 2]). Included by each benchmark with `#[path]` (benchmarks are separate crates).

use mbruntime::Vector;

/// Number of precomputed states a benchmark cycles through.
pub const STATES: usize = 1024;

/// SplitMix64 seeded for a chain of `n` links.
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator of the states of an `n`-link chain.
    pub fn for_chain(n: usize) -> SplitMix64 {
        SplitMix64(0x5EED + n as u64)
    }

    /// Uniform sample in [lo, hi).
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        lo + (hi - lo) * ((z >> 11) as f64 / (1u64 << 53) as f64)
    }

    /// A position: entries uniform in [−π, π].
    pub fn position<const N: usize>(&mut self) -> Vector<N> {
        Vector::<N>::from_fn(|_, _| self.uniform(-std::f64::consts::PI, std::f64::consts::PI))
    }

    /// A velocity (or acceleration): entries uniform in [−2, 2].
    pub fn velocity<const N: usize>(&mut self) -> Vector<N> {
        Vector::<N>::from_fn(|_, _| self.uniform(-2.0, 2.0))
    }
}

/// Precomputed (q, q̇) pairs for an n-link chain.
#[allow(dead_code)] // not every benchmark times (q, q̇) pairs
pub fn states<const N: usize>() -> Vec<(Vector<N>, Vector<N>)> {
    let mut rng = SplitMix64::for_chain(N);
    (0..STATES)
        .map(|_| {
            let q = rng.position::<N>();
            (q, rng.velocity::<N>())
        })
        .collect()
}
