//! SplitMix64 (Steele, Lea and Flood 2014, "Fast splittable pseudorandom number generators"):
//! deterministic sample states for tests, without a dependency.

use mbruntime::Vector;

/// The generator; the state is the seed.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [lo, hi) (53 random bits).
    pub fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in [−1, 1).
    pub fn next_f64(&mut self) -> f64 {
        self.uniform(-1.0, 1.0)
    }
    /// A vector of entries uniform in [lo, hi).
    pub fn vector_in<const N: usize>(&mut self, lo: f64, hi: f64) -> Vector<N> {
        Vector::<N>::from_fn(|_, _| self.uniform(lo, hi))
    }
    /// A vector of entries uniform in [−1, 1).
    pub fn vector<const N: usize>(&mut self) -> Vector<N> {
        Vector::<N>::from_fn(|_, _| self.next_f64())
    }
}
