//! Truncated Taylor series ("jets") and their arithmetic: derivatives of any order along a
//! trajectory by evaluating a program on series instead of numbers.
//!
//! A [`Jet<N>`] holds the normalised Taylor coefficients c₀, …, c_{N−1} of a function of one
//! variable s about s = 0, cₖ = f⁽ᵏ⁾(0)/k!. Arithmetic on jets is arithmetic on the truncated
//! series: a straight-line program that computes f(x) from x, run on the jet of x(s), computes
//! the jet of f(x(s)) exactly up to round-off (Taylor-mode automatic differentiation; Griewank
//! & Walther, *Evaluating Derivatives*, 2nd ed., SIAM 2008, Chap. 13, Table 13.2 for the
//! recurrences of the elementary functions).
//!
//! The event-driven integrator evaluates the generated model functions on jets of the
//! coordinates to get every time derivative the derivative iteration of Lötstedt (1982),
//! Theorem 5.4 needs, at whatever level the situation requires ([`crate::Rates`]). Everything is
//! fixed size; nothing allocates.

mod elementary;
mod jet;

pub use jet::Jet;
