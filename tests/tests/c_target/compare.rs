//! Random states and the comparison of a C result with the Rust one.
//!
//! Both codes are printed from the same instruction list of the same evaluator, and the C
//! defines Rust's `powi` algorithm, so they should agree to the last bit up to the elementary
//! functions of the two languages' maths libraries; the bound is 1e-14 relative per entry.

use mb_tests::{random_vector, rng};
use mbruntime::{Matrix, Vector};

/// Relative bound per entry.
pub const TOLERANCE: f64 = 1e-14;

/// A state: positions, velocities, the vector of M a, and the time.
pub struct State<const N: usize> {
    pub q: Vector<N>,
    pub qd: Vector<N>,
    pub a: Vector<N>,
    pub t: f64,
}

/// `count` random states (entries uniform in [−1, 1], t in [0, 1]).
pub fn states<const N: usize>(count: usize, seed: u64) -> Vec<State<N>> {
    let mut r = rng(seed);
    (0..count)
        .map(|_| {
            let (q, qd) = (random_vector(&mut r, 1.0), random_vector(&mut r, 1.0));
            // Three more draws keep the states the comparisons have always used.
            let _: [Vector<N>; 3] = std::array::from_fn(|_| random_vector(&mut r, 1.0));
            State {
                q,
                qd,
                a: random_vector(&mut r, 1.0),
                t: 0.5 + 0.5 * random_vector::<1>(&mut r, 1.0)[0],
            }
        })
        .collect()
}

/// The entries of a matrix row by row (the C layout).
pub fn row_major<const R: usize, const C: usize>(m: &Matrix<R, C>) -> Vec<f64> {
    (0..R)
        .flat_map(|i| (0..C).map(move |j| m[(i, j)]))
        .collect()
}

/// The comparisons of one model: the largest relative difference seen, and where.
pub struct Comparison {
    /// The model's module.
    pub module: String,
    /// Entries compared.
    pub entries: usize,
    /// Entries whose bits differ.
    pub differing: usize,
    /// The largest relative difference, and the function it was seen in.
    pub worst: (f64, String),
    /// When the comparison started.
    pub started: std::time::Instant,
}

impl Comparison {
    /// A comparison of `module`.
    pub fn new(module: &str) -> Comparison {
        Comparison {
            module: module.to_string(),
            entries: 0,
            differing: 0,
            worst: (0.0, String::new()),
            started: std::time::Instant::now(),
        }
    }

    /// C's `c` against Rust's `rust`, entry by entry.
    pub fn entries(&mut self, function: &str, c: &[f64], rust: &[f64]) {
        assert_eq!(c.len(), rust.len(), "{}: {function}: sizes", self.module);
        for (k, (&x, &y)) in c.iter().zip(rust).enumerate() {
            assert!(
                x.is_finite() == y.is_finite(),
                "{}: {function}[{k}]: C {x}, Rust {y}",
                self.module
            );
            self.entries += 1;
            if x.to_bits() == y.to_bits() {
                continue;
            }
            self.differing += 1;
            let relative = (x - y).abs() / y.abs();
            assert!(
                relative <= TOLERANCE,
                "{}: {function}[{k}]: C {x:e}, Rust {y:e}, relative difference {relative:e}",
                self.module
            );
            if relative > self.worst.0 {
                self.worst = (relative, function.to_string());
            }
        }
    }

    /// A vector.
    pub fn vector<const N: usize>(&mut self, function: &str, c: &[f64], rust: &Vector<N>) {
        self.entries(function, c, rust.as_slice());
    }

    /// A matrix (C row by row).
    pub fn matrix<const R: usize, const C: usize>(
        &mut self,
        function: &str,
        c: &[f64],
        rust: &Matrix<R, C>,
    ) {
        self.entries(function, c, &row_major(rust));
    }
}
