//! Solver selection and stopping rules of [`ConeSolver::solve`](super::ConeSolver::solve) (their
//! range check, which gives [`ConeError::InvalidOption`](super::ConeError::InvalidOption), is
//! with the errors).

/// Default bound on the normalised natural-map residual (see the [module docs](super)).
pub const DEFAULT_TOLERANCE: f64 = 1e-10;

/// Default budget of iterations (semismooth Newton steps plus Gauss–Seidel sweeps).
pub const DEFAULT_MAX_ITERATIONS: usize = 1000;

/// Which algorithm solves the cone complementarity problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConeMethod {
    /// Semismooth Newton on the Alart–Curnier function with a nonmonotone Armijo line search.
    Newton,
    /// Projected nonsmooth Gauss–Seidel with an exact one-contact solve.
    GaussSeidel,
    /// Newton; when it stalls, Gauss–Seidel sweeps, then Newton again from their iterate.
    Auto,
}

impl std::fmt::Display for ConeMethod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Newton => "semismooth Newton",
            Self::GaussSeidel => "Gauss–Seidel",
            Self::Auto => "Newton with Gauss–Seidel fallback",
        })
    }
}

/// Options of one solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConeOptions {
    /// The algorithm.
    pub method: ConeMethod,
    /// Bound on the normalised natural-map residual that certifies a solution (finite, > 0).
    pub tolerance: f64,
    /// Budget of iterations: Newton steps and Gauss–Seidel sweeps, counted together (≥ 1).
    pub max_iterations: usize,
    /// Over-relaxation ω ∈ (0, 2) of the Gauss–Seidel update `r_i ← proj_K(ω r_i* + (1 − ω) r_i)`
    /// (1: plain Gauss–Seidel).
    pub relaxation: f64,
}

impl Default for ConeOptions {
    fn default() -> Self {
        Self {
            method: ConeMethod::Auto,
            tolerance: DEFAULT_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            relaxation: 1.0,
        }
    }
}

impl ConeOptions {
    /// The defaults with the given method.
    pub fn with_method(method: ConeMethod) -> Self {
        Self {
            method,
            ..Self::default()
        }
    }
}
