//! The state-space model ẋ = A x + B u in independent coordinates x = (δy, δẏ).

use nalgebra::{DMatrix, DVector};

use super::acceleration_jacobians::{AccelerationJacobians, parameter_derivative};
use super::chart::IndependentChart;
use super::constrained_acceleration::{ConstrainedAcceleration, finite};
use super::eigen::EigenAnalysis;
use super::error::LinearisationError;
use super::options::{LinearisationOptions, OperatingPoint, ParameterInput};
use crate::analysis::ConstraintRef;
use crate::mechanism::{Jacobians, Statics};

/// One component of the state x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateComponent {
    /// δq_i of coordinate i.
    Position(usize),
    /// δq̇_i of coordinate i.
    Velocity(usize),
}

/// A model linearised about an operating point (see the [module documentation](super)).
#[derive(Debug, Clone, PartialEq)]
pub struct Linearisation {
    /// A (2k × 2k, k degrees of freedom): ẋ = A x + B u with x = (δy, δẏ).
    pub a: DMatrix<f64>,
    /// B (2k × inputs): column j is ∂ẋ/∂p for input j.
    pub b: DMatrix<f64>,
    /// The components of x, in order: positions of `independent`, then their velocities.
    pub state: Vec<StateComponent>,
    /// Independent coordinates y (model indices).
    pub independent: Vec<usize>,
    /// Dependent coordinates (model indices), functions of y on the constraint manifold.
    pub dependent: Vec<usize>,
    /// N = ∂q/∂y (n × k): how a change of y moves every coordinate.
    pub tangent: DMatrix<f64>,
    /// Parameter indices of the inputs (columns of B).
    pub inputs: Vec<usize>,
    /// Active constraints (columns of F): bilateral ones, then the closed contacts.
    pub constraints: Vec<ConstraintRef>,
    /// Constraints dropped as dependent on the others (Lötstedt 1982, Lemma 5.2).
    pub dropped: Vec<ConstraintRef>,
    /// q̈* at the operating point (all coordinates).
    pub acceleration: DVector<f64>,
    /// λ* per entry of `constraints` (zero on dropped ones).
    pub multipliers: DVector<f64>,
    /// ÿ* = the independent components of q̈*: zero at an equilibrium or steady motion.
    pub independent_acceleration: DVector<f64>,
    /// ∂f/∂q of the constrained acceleration f(q, q̇) in all coordinates (n × n).
    pub df_dq: DMatrix<f64>,
    /// ∂f/∂q̇ (n × n).
    pub df_dqd: DMatrix<f64>,
}

impl Linearisation {
    /// Linearises `model` about `op` (see the [module documentation](super) for the maths and
    /// the errors).
    pub fn at<M, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        op: &OperatingPoint<NQ>,
        options: &LinearisationOptions<'_>,
    ) -> Result<Self, LinearisationError>
    where
        M: Jacobians<NQ, NB, NU> + Statics<NQ>,
    {
        Self::with_cyclic(model, op, options, &[])
    }

    /// As [`Linearisation::at`], with the coordinates `never_dependent` kept independent when
    /// the independent coordinates are chosen automatically.
    pub(super) fn with_cyclic<M, const NQ: usize, const NB: usize, const NU: usize>(
        model: &M,
        op: &OperatingPoint<NQ>,
        options: &LinearisationOptions<'_>,
        never_dependent: &[usize],
    ) -> Result<Self, LinearisationError>
    where
        M: Jacobians<NQ, NB, NU> + Statics<NQ>,
    {
        let inputs = resolve_inputs(model, options.inputs)?;
        let sys = ConstrainedAcceleration::at(
            model,
            op,
            options.closed_contacts,
            options.constraint_tolerance,
        )?;
        let jac = AccelerationJacobians::at(model, op, &sys)?;
        let chart = IndependentChart::new(
            &sys.kept_jacobian(),
            &jac.drift_velocity_jacobian,
            options.independent,
            never_dependent,
        )?;
        let df_dq = DMatrix::from_column_slice(NQ, NQ, jac.df_dq.as_slice());
        let df_dqd = DMatrix::from_column_slice(NQ, NQ, jac.df_dqd.as_slice());
        let y = &chart.independent;
        let k = y.len();
        let select = |m: &DMatrix<f64>| DMatrix::from_fn(k, m.ncols(), |i, j| m[(y[i], j)]);
        let stiffness = select(&(&df_dq * &chart.tangent + &df_dqd * &chart.velocity_slope));
        let damping = select(&(&df_dqd * &chart.tangent));
        let mut a = DMatrix::zeros(2 * k, 2 * k);
        a.view_mut((0, k), (k, k)).fill_with_identity();
        a.view_mut((k, 0), (k, k)).copy_from(&stiffness);
        a.view_mut((k, k), (k, k)).copy_from(&damping);
        let mut b = DMatrix::zeros(2 * k, inputs.len());
        for (j, &p) in inputs.iter().enumerate() {
            let df_dp = parameter_derivative(model, op, &sys, p)?;
            for (i, &yi) in y.iter().enumerate() {
                b[(k + i, j)] = df_dp[yi];
            }
        }
        finite(a.iter().chain(b.iter()), "state-space matrices")?;
        let state = y
            .iter()
            .map(|&i| StateComponent::Position(i))
            .chain(y.iter().map(|&i| StateComponent::Velocity(i)))
            .collect();
        let acceleration = DVector::from_column_slice(sys.acceleration.as_slice());
        Ok(Self {
            a,
            b,
            state,
            independent_acceleration: DVector::from_fn(k, |i, _| acceleration[y[i]]),
            acceleration,
            dependent: chart.dependent,
            independent: chart.independent,
            tangent: chart.tangent,
            inputs,
            dropped: sys.dropped.iter().map(|&i| sys.constraints[i]).collect(),
            multipliers: DVector::from_vec(sys.multipliers),
            constraints: sys.constraints,
            df_dq,
            df_dqd,
        })
    }

    /// Number of degrees of freedom k = n − rank F.
    pub fn degrees_of_freedom(&self) -> usize {
        self.independent.len()
    }

    /// |ÿ*|∞: how far the operating point is from an equilibrium or steady motion.
    pub fn residual(&self) -> f64 {
        self.independent_acceleration.amax()
    }

    /// Eigenvalues, eigenvectors and stability verdict of A.
    pub fn eigen(&self) -> Result<EigenAnalysis, LinearisationError> {
        EigenAnalysis::of(&self.a)
    }
}

/// Parameter indices of the inputs; unknown ones and ones that move the constraints refused.
fn resolve_inputs<M, const NQ: usize, const NB: usize, const NU: usize>(
    model: &M,
    inputs: &[ParameterInput<'_>],
) -> Result<Vec<usize>, LinearisationError>
where
    M: Jacobians<NQ, NB, NU>,
{
    let names = model.parameter_names();
    inputs
        .iter()
        .map(|input| {
            let k = match *input {
                ParameterInput::Index(k) if k < names.len() => Some(k),
                ParameterInput::Index(_) => None,
                ParameterInput::Name(name) => names.iter().position(|&n| n == name),
            }
            .ok_or_else(|| LinearisationError::UnknownParameter {
                parameter: input.to_string(),
                known: names,
            })?;
            if model.parameter_enters_constraints(k) {
                return Err(LinearisationError::ParameterMovesConstraints {
                    name: names[k],
                    index: k,
                });
            }
            Ok(k)
        })
        .collect()
}
