//! The state-space model ẋ = A x + B p in independent coordinates and speeds x = (δy, δu).

use nalgebra::{DMatrix, DVector};

use super::acceleration_jacobians::{AccelerationJacobians, parameter_derivative};
use super::chart::IndependentChart;
use super::constrained_acceleration::{ConstrainedAcceleration, finite};
use super::eigen::EigenAnalysis;
use super::error::LinearisationError;
use super::options::{LinearisationOptions, OperatingPoint, ParameterInput};
use super::speed_chart::SpeedChart;
use crate::analysis::ConstraintRef;
use crate::mechanism::{Jacobians, Statics};

/// One component of the state x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateComponent {
    /// δq_i of independent coordinate i.
    Position(usize),
    /// δq̇_i of coordinate i, an independent speed (without velocity constraints and unless
    /// chosen otherwise, the velocity of an independent coordinate).
    Velocity(usize),
}

/// A model linearised about an operating point (see the [module documentation](super)).
#[derive(Debug, Clone, PartialEq)]
pub struct Linearisation {
    /// A (k_y + k_u square): ẋ = A x + B p with x = (δy, δu), k_y independent coordinates and
    /// k_u independent speeds (k_y = k_u = k, u = ẏ, without velocity constraints).
    pub a: DMatrix<f64>,
    /// B ((k_y + k_u) × inputs): column j is ∂ẋ/∂p for input j.
    pub b: DMatrix<f64>,
    /// The components of x, in order: positions of `independent`, then the velocities of
    /// `independent_speeds`.
    pub state: Vec<StateComponent>,
    /// Independent coordinates y (model indices).
    pub independent: Vec<usize>,
    /// Dependent coordinates (model indices), functions of y on the holonomic constraint
    /// manifold.
    pub dependent: Vec<usize>,
    /// N = ∂q/∂y (n × k_y): how a change of y moves every coordinate.
    pub tangent: DMatrix<f64>,
    /// Coordinates whose velocities are the independent speeds u (model indices; equal to
    /// `independent` without velocity constraints unless chosen otherwise).
    pub independent_speeds: Vec<usize>,
    /// Coordinates whose velocities are the dependent speeds, functions of u (and q) through
    /// the velocity-level constraints.
    pub dependent_speeds: Vec<usize>,
    /// N_v = ∂q̇/∂u at fixed q (n × k_u): how a change of u moves every velocity.
    pub speed_map: DMatrix<f64>,
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
    /// u̇* = the components of q̈* of the independent speeds (ÿ* without velocity
    /// constraints): zero at an equilibrium or steady motion.
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
        let chart = IndependentChart::new::<NQ>(
            &sys.kept_jacobian(true),
            options.independent,
            never_dependent,
        )?;
        let speeds = SpeedChart::new(
            &sys,
            &jac.velocity_jacobian,
            &chart,
            options.independent_speeds,
        )?;
        speeds.check_dropped(&sys, &jac.velocity_jacobian, &chart.tangent)?;
        let df_dq = DMatrix::from_column_slice(NQ, NQ, jac.df_dq.as_slice());
        let df_dqd = DMatrix::from_column_slice(NQ, NQ, jac.df_dqd.as_slice());
        let a = state_matrix(&df_dq, &df_dqd, &chart, &speeds);
        let (y, u) = (&chart.independent, &speeds.independent);
        let (k_y, k_u) = (y.len(), u.len());
        let mut b = DMatrix::zeros(k_y + k_u, inputs.len());
        for (j, &p) in inputs.iter().enumerate() {
            let df_dp = parameter_derivative(model, op, &sys, p)?;
            for (i, &ui) in u.iter().enumerate() {
                b[(k_y + i, j)] = df_dp[ui];
            }
        }
        finite(a.iter().chain(b.iter()), "state-space matrices")?;
        let state = y
            .iter()
            .map(|&i| StateComponent::Position(i))
            .chain(u.iter().map(|&i| StateComponent::Velocity(i)))
            .collect();
        let acceleration = DVector::from_column_slice(sys.acceleration.as_slice());
        Ok(Self {
            a,
            b,
            state,
            independent_acceleration: DVector::from_fn(k_u, |i, _| acceleration[u[i]]),
            acceleration,
            dependent: chart.dependent,
            independent: chart.independent,
            tangent: chart.tangent,
            independent_speeds: speeds.independent,
            dependent_speeds: speeds.dependent,
            speed_map: speeds.speed_map,
            inputs,
            dropped: sys.dropped.iter().map(|&i| sys.constraints[i]).collect(),
            multipliers: DVector::from_vec(sys.multipliers),
            constraints: sys.constraints,
            df_dq,
            df_dqd,
        })
    }

    /// Number of degrees of freedom: of independent speeds, k_u = n − rank C (Kane & Levinson
    /// 1985, ch. 4); n − rank F, the number of independent coordinates, without velocity
    /// constraints.
    pub fn degrees_of_freedom(&self) -> usize {
        self.independent_speeds.len()
    }

    /// |u̇*|∞ (|ÿ*|∞ without velocity constraints): how far the operating point is from an
    /// equilibrium or steady motion.
    pub fn residual(&self) -> f64 {
        self.independent_acceleration.amax()
    }

    /// Eigenvalues, eigenvectors and stability verdict of A.
    pub fn eigen(&self) -> Result<EigenAnalysis, LinearisationError> {
        EigenAnalysis::of(&self.a)
    }
}

/// A = [[∂ẏ/∂y, ∂ẏ/∂u], [∂u̇/∂y, ∂u̇/∂u]] of ẏ = S_y q̇(q(y), u), u̇ = S_u f(q(y), q̇(q(y), u)):
/// S_y V N, S_y N_v, S_u (∂f/∂q N + ∂f/∂q̇ V N) and S_u ∂f/∂q̇ N_v, with V N the velocity slope
/// (∂q̇/∂q at fixed u) N and S_y, S_u the row selections of y and u.
fn state_matrix(
    df_dq: &DMatrix<f64>,
    df_dqd: &DMatrix<f64>,
    chart: &IndependentChart,
    speeds: &SpeedChart,
) -> DMatrix<f64> {
    let (y, u) = (&chart.independent, &speeds.independent);
    let (k_y, k_u) = (y.len(), u.len());
    let select = |rows: &[usize], m: &DMatrix<f64>| {
        DMatrix::from_fn(rows.len(), m.ncols(), |i, j| m[(rows[i], j)])
    };
    let slope = &speeds.velocity_slope;
    let stiffness = select(u, &(df_dq * &chart.tangent + df_dqd * slope));
    let damping = select(u, &(df_dqd * &speeds.speed_map));
    let mut a = DMatrix::zeros(k_y + k_u, k_y + k_u);
    a.view_mut((0, 0), (k_y, k_y)).copy_from(&select(y, slope));
    a.view_mut((0, k_y), (k_y, k_u))
        .copy_from(&select(y, &speeds.speed_map));
    a.view_mut((k_y, 0), (k_u, k_y)).copy_from(&stiffness);
    a.view_mut((k_y, k_y), (k_u, k_u)).copy_from(&damping);
    a
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
