//! The fixed state at which the benchmark times mb and Pinocchio, the one `pinocchio_arm state N`
//! prints (bench/tree/README.md): splitmix64 (Steele, Lea and Flood 2014, "Fast splittable
//! pseudorandom number generators") seeded with 2024; each draw u = 2·(x >> 11)·2⁻⁵³ − 1 ∈ [−1, 1);
//! the first n draws give q_i = π u, the next n give v_i = u. The operations are those of the
//! harness, in the same order, so the two states are equal bit for bit (bench/tree/check_mb.py
//! compares them).

use mbruntime::Vector;

/// The seed of the timing state.
pub const SEED: u64 = 2024;

/// splitmix64: a portable generator whose output any other program reproduces.
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator with the given seed.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// u = 2·(x >> 11)·2⁻⁵³ − 1 ∈ [−1, 1), evaluated left to right as in the harness.
    pub fn uniform_pm1(&mut self) -> f64 {
        2.0 * (self.next_u64() >> 11) as f64 * f64::powi(2.0, -53) - 1.0
    }
}

/// (q, v) of the timing state of arm(N).
pub fn timing_state<const N: usize>() -> (Vector<N>, Vector<N>) {
    let mut rng = SplitMix64::new(SEED);
    let mut q = Vector::<N>::zeros();
    let mut v = Vector::<N>::zeros();
    for qi in q.iter_mut() {
        *qi = std::f64::consts::PI * rng.uniform_pm1();
    }
    for vi in v.iter_mut() {
        *vi = rng.uniform_pm1();
    }
    (q, v)
}

#[cfg(test)]
mod tests {
    //! splitmix64 against the published outputs of the reference implementation (Vigna,
    //! splitmix64.c, seed 0), and the range of the uniform draw.

    use super::*;

    #[test]
    fn splitmix64_reproduces_the_reference_sequence() {
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn uniform_draws_stay_in_the_half_open_interval() {
        let mut rng = SplitMix64::new(SEED);
        for _ in 0..10_000 {
            let u = rng.uniform_pm1();
            assert!((-1.0..1.0).contains(&u), "u = {u}");
        }
    }
}
