//! Steady motions (relative equilibria): linearisation about a state with cyclic coordinates
//! moving at constant rates, with the cyclic positions dropped from the state.

use nalgebra::DMatrix;

use super::eigen::EigenAnalysis;
use super::error::{LinearisationError, check_index_list};
use super::options::{LinearisationOptions, OperatingPoint};
use super::state_space::{Linearisation, StateComponent};
use crate::mechanism::{Jacobians, Statics};

/// Default of [`SteadyMotionOptions::steady_tolerance`]: |u̇*| (|ÿ*| without velocity
/// constraints) and the velocities of the non-cyclic independent coordinates must vanish to
/// 10⁻⁸ (absolute, in the model's units).
pub const STEADY_TOLERANCE: f64 = 1e-8;

/// Relative tolerance of the cyclic-coordinate check: the column of A for a cyclic position,
/// in the rows of the reduced state (every row but those of the cyclic positions), must have
/// max-norm ≤ 10⁻⁹ · max(1, max|A_ij|). The generated Jacobians are exact, so for a
/// truly cyclic coordinate the column is zero up to rounding.
pub const CYCLIC_TOLERANCE: f64 = 1e-9;

/// How to analyse a steady motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SteadyMotionOptions<'a> {
    /// Options of the underlying linearisation (user-given independent coordinates must
    /// include the cyclic ones; an automatic choice never makes them dependent).
    pub linearisation: LinearisationOptions<'a>,
    /// The cyclic coordinates (model indices): absent from M, h and the constraints.
    pub cyclic: &'a [usize],
    /// Absolute tolerance for steadiness ([`STEADY_TOLERANCE`] by default).
    pub steady_tolerance: f64,
}

impl Default for SteadyMotionOptions<'_> {
    fn default() -> Self {
        Self {
            linearisation: LinearisationOptions::default(),
            cyclic: &[],
            steady_tolerance: STEADY_TOLERANCE,
        }
    }
}

/// A linearisation about a steady motion in the reduced state (δy without the cyclic
/// positions, δu), where A is constant and its spectrum decides spectral stability.
#[derive(Debug, Clone, PartialEq)]
pub struct SteadyMotion {
    /// The full linearisation (all independent positions and speeds).
    pub linearisation: Linearisation,
    /// Reduced A: rows and columns of the cyclic positions removed.
    pub a: DMatrix<f64>,
    /// Reduced B: rows of the cyclic positions removed.
    pub b: DMatrix<f64>,
    /// Components of the reduced state.
    pub state: Vec<StateComponent>,
    /// The cyclic coordinates.
    pub cyclic: Vec<usize>,
}

impl SteadyMotion {
    /// Linearises `model` about the steady motion `op` and checks that it is one: the cyclic
    /// coordinates are independent and cyclic (their columns of A vanish), the other
    /// independent coordinates are at rest and u̇* = 0 (ÿ* = 0 without velocity constraints).
    pub fn at<M, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        op: &OperatingPoint<NQ>,
        options: &SteadyMotionOptions<'_>,
    ) -> Result<Self, LinearisationError>
    where
        M: Jacobians<NQ, NB, NU> + Statics<NQ>,
    {
        let cyclic = options.cyclic;
        check_cyclic_list::<NQ>(cyclic, options.linearisation.independent, &M::COORDINATES)?;
        let tolerance = options.steady_tolerance;
        if !(tolerance.is_finite() && tolerance >= 0.0) {
            return Err(LinearisationError::InvalidTolerance {
                what: "steady tolerance",
                value: tolerance,
            });
        }
        let lin = Linearisation::with_cyclic(model, op, &options.linearisation, cyclic)?;
        if lin.residual() > tolerance {
            return Err(LinearisationError::NotSteady {
                residual: lin.residual(),
                tolerance,
            });
        }
        let threshold = CYCLIC_TOLERANCE * lin.a.amax().max(1.0);
        let keep: Vec<usize> = (0..lin.state.len())
            .filter(
                |&s| !matches!(lin.state[s], StateComponent::Position(i) if cyclic.contains(&i)),
            )
            .collect();
        for (p, &i) in lin.independent.iter().enumerate() {
            if cyclic.contains(&i) {
                // The reduced state must not feel the cyclic position: its column vanishes in
                // every kept row (the rows of the cyclic positions themselves are dropped, so
                // ẋ = v cos ψ may depend on a cyclic ψ when x is cyclic too).
                let column_norm = keep
                    .iter()
                    .map(|&r| lin.a[(r, p)].abs())
                    .fold(0.0, f64::max);
                if column_norm > threshold {
                    return Err(LinearisationError::NotCyclic {
                        coordinate: M::COORDINATES[i],
                        index: i,
                        column_norm,
                        threshold,
                    });
                }
            } else if op.qd[i].abs() > tolerance {
                return Err(LinearisationError::NonCyclicMoving {
                    coordinate: M::COORDINATES[i],
                    index: i,
                    velocity: op.qd[i],
                    tolerance,
                });
            }
        }
        Ok(Self {
            a: lin.a.select_rows(&keep).select_columns(&keep),
            b: lin.b.select_rows(&keep),
            state: keep.iter().map(|&s| lin.state[s]).collect(),
            cyclic: cyclic.to_vec(),
            linearisation: lin,
        })
    }

    /// Eigenvalues, eigenvectors and stability verdict of the reduced A.
    pub fn eigen(&self) -> Result<EigenAnalysis, LinearisationError> {
        EigenAnalysis::of(&self.a)
    }
}

/// Cyclic coordinates in range, distinct, and among the user's independent coordinates.
fn check_cyclic_list<const NQ: usize>(
    cyclic: &[usize],
    independent: Option<&[usize]>,
    names: &[&'static str; NQ],
) -> Result<(), LinearisationError> {
    check_index_list(cyclic, NQ, "cyclic coordinate")?;
    for &i in cyclic {
        if independent.is_some_and(|y| !y.contains(&i)) {
            return Err(LinearisationError::CyclicNotIndependent {
                coordinate: names[i],
                index: i,
            });
        }
    }
    Ok(())
}
