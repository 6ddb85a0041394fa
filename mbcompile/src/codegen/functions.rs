//! The table of generated functions: for each function of the capability traits of
//! `mbruntime::Mechanism`, the trait it belongs to, the state arguments it takes, what it returns
//! or writes, and which derived quantity fills each output.
//!
//! The emitter ([`super::module`]) walks this table in order; the order is the order of the
//! functions in the generated module.

use super::input::Input;
use crate::dsl::ast::Model;
use crate::symbolic::symbols::pool;
use Argument::{A, Q, Qd, T};
use Size::{Bilateral as B, Contacts as U, Coordinates as N};

/// The capability trait a function implements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capability {
    /// `Dynamics<NQ>`: parameters, T, V, M, h, C.
    Dynamics,
    /// `Constraints<NQ, NB, NU>`: g, G, gaps, W_N, W_T (and W_T2 of tangent planes), drifts,
    /// contact laws.
    Constraints,
    /// `Rates<NQ, NB, NU>`: the equations on Taylor jets, for the event-driven integrator.
    Rates,
    /// `Statics<NQ>`: ∇V, ∇²V and Hessians for the path tracer.
    Statics,
    /// `Jacobians<NQ, NB, NU>`: first derivatives of h, M a and the drifts.
    Jacobians,
}

impl Capability {
    /// Whether functions of this trait are generated for a model that derived `caps`
    /// (`Dynamics` and `Constraints` always are).
    pub fn selected(self, caps: &crate::symbolic::derive::Capabilities) -> bool {
        match self {
            Capability::Dynamics | Capability::Constraints => true,
            Capability::Rates => caps.rates,
            Capability::Statics => caps.statics,
            Capability::Jacobians => caps.jacobians,
        }
    }
}

/// A state argument of a generated function, in the order arguments are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Argument {
    /// `q: &Vector<NQ>`.
    Q,
    /// `qd: &Vector<NQ>`.
    Qd,
    /// `t: f64`.
    T,
    /// `a: &Vector<NQ>`: the vector of the mass action M a.
    A,
}

impl Argument {
    /// The argument's name in the generated code.
    pub fn name(self) -> &'static str {
        match self {
            Argument::Q => "q",
            Argument::Qd => "qd",
            Argument::T => "t",
            Argument::A => "a",
        }
    }
}

/// The kernel inputs of a function taking `arguments`, in the order of the kernel's inputs:
/// each parameter of the model, read in the target language as `parameter(name)` from the
/// argument `receiver` (`self.m` from `self` in Rust, `p->m` from `p` in C); the first `nq`
/// coordinates of each state argument (`q[0]`, `qd[1]`, …); the time `t`.
pub fn kernel_inputs(
    model: &Model,
    nq: usize,
    arguments: &[Argument],
    receiver: &'static str,
    parameter: impl Fn(&str) -> String,
) -> Vec<Input> {
    let pool = pool();
    let mut inputs: Vec<Input> = (model.parameters.iter().enumerate())
        .map(|(k, par)| Input {
            symbol: pool.p[k],
            code: parameter(&par.name.text),
            argument: receiver,
        })
        .collect();
    for a in arguments {
        let symbols = match a {
            Argument::Q => &pool.q,
            Argument::Qd => &pool.qd,
            Argument::A => &pool.a,
            Argument::T => continue,
        };
        inputs.extend(symbols.iter().take(nq).enumerate().map(|(i, s)| Input {
            symbol: *s,
            code: format!("{}[{i}]", a.name()),
            argument: a.name(),
        }));
    }
    inputs.push(Input {
        symbol: pool.t,
        code: "t".into(),
        argument: "t",
    });
    inputs
}

/// The kernel inputs of a function on jets (`Rates`): the parameters from `self`, the
/// coordinates, velocities and accelerations from the trajectory jet `x` (the accelerations are
/// the pool's a, the vector of the mass action), the time `x.t`, and the multiplier jets
/// `lambda_b[j]`, `lambda_n[j]`.
pub fn jet_inputs(model: &Model, nq: usize, nb: usize, nu: usize) -> Vec<Input> {
    let pool = pool();
    let mut inputs: Vec<Input> = (model.parameters.iter().enumerate())
        .map(|(k, par)| Input {
            symbol: pool.p[k],
            code: format!("self.{}", par.name.text),
            argument: "self",
        })
        .collect();
    let families = [
        (&pool.q, nq, "x.q", "x"),
        (&pool.qd, nq, "x.qd", "x"),
        (&pool.a, nq, "x.qdd", "x"),
        (&pool.lambda_b, nb, "lambda_b", "lambda_b"),
        (&pool.lambda_n, nu, "lambda_n", "lambda_n"),
    ];
    for (symbols, n, code, argument) in families {
        inputs.extend(symbols.iter().take(n).enumerate().map(|(i, s)| Input {
            symbol: *s,
            code: format!("{code}[{i}]"),
            argument,
        }));
    }
    inputs.push(Input {
        symbol: pool.t,
        code: "x.t".into(),
        argument: "x",
    });
    inputs
}

/// A dimension of an output buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// NQ.
    Coordinates,
    /// NB.
    Bilateral,
    /// NU.
    Contacts,
}

/// The type of an output buffer (`&mut Vector<n>` or `&mut Matrix<r, c>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A vector.
    Vector(Size),
    /// A matrix (rows, columns).
    Matrix(Size, Size),
}

/// A derived quantity and how its entries fill a buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// M (symmetric).
    Mass,
    /// h.
    Forces,
    /// C.
    Coriolis,
    /// g.
    Bilateral,
    /// G, one column per constraint.
    BilateralJacobian,
    /// ∂g/∂t.
    BilateralTime,
    /// Ġᵀq̇ + d/dt ĝ.
    BilateralDrift,
    /// g_N.
    Gaps,
    /// W_N, one column per contact.
    GapJacobian,
    /// ∂g_N/∂t.
    GapTime,
    /// Ẇ_Nᵀq̇ + d/dt ŵ_N.
    GapDrift,
    /// W_T, one column per contact.
    SlipJacobian,
    /// ŵ_T.
    SlipTime,
    /// Ẇ_Tᵀq̇ + d/dt ŵ_T.
    SlipDrift,
    /// W_T2, one column per contact (zero without a tangent plane).
    SecondSlipJacobian,
    /// ŵ_T2.
    SecondSlipTime,
    /// Ẇ_T2ᵀq̇ + d/dt ŵ_T2.
    SecondSlipDrift,
    /// ∇V.
    PotentialGradient,
    /// ∇²V (symmetric).
    PotentialHessian,
    /// ∂h/∂q, row i: h_i.
    ForcesQ,
    /// ∂h/∂q̇, row i: h_i.
    ForcesQd,
    /// ∂h/∂t.
    ForcesT,
    /// ∂(M a)/∂q, row i: (M a)_i.
    MassActionQ,
    /// ∂d/∂q of the bilateral drifts, row i: constraint i.
    BilateralDriftQ,
    /// ∂d/∂q̇ of the bilateral drifts, row i: constraint i.
    BilateralDriftQd,
    /// ∂d/∂q of the gap drifts, row i: contact i.
    GapDriftQ,
    /// ∂d/∂q̇ of the gap drifts, row i: contact i.
    GapDriftQd,
    /// ∂γ/∂q (fixed q̇) of the velocity-level bilateral functions γ = Gᵀq̇ + ĝ (rows).
    BilateralVelocityQ,
}

/// An output buffer: `name: &mut shape`, filled with `quantity`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buffer {
    /// The argument name.
    pub name: &'static str,
    /// Its type.
    pub shape: Shape,
    /// What it receives.
    pub quantity: Quantity,
}

/// What a jet buffer of a `Rates` function receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JetQuantity {
    /// r = M a − h − G λ_B − W_N λ_N.
    MotionResidual,
    /// g, or γ of a velocity constraint.
    Bilateral,
    /// g_N.
    Gaps,
}

/// An output of a function on jets: `name: &mut [Jet<N>; size]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JetBuffer {
    /// The argument name.
    pub name: &'static str,
    /// Its length.
    pub size: Size,
    /// What it receives.
    pub quantity: JetQuantity,
}

/// A family of quantities indexed by a number (one per parameter, constraint or contact).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// ∂∇V/∂p_k, one vector per parameter.
    PotentialGradientParameter,
    /// ∂²g_j/∂q², one symmetric matrix per bilateral constraint.
    BilateralHessians,
    /// ∂²g_Nc/∂q², one symmetric matrix per contact.
    GapHessians,
}

/// A vector whose derivatives by the parameters a function returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Differentiated {
    /// h.
    Forces,
    /// M a.
    MassAction,
}

/// A scalar a function returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    /// T as written.
    Kinetic,
    /// V.
    Potential,
}

/// What a function produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// `-> f64`.
    Scalar(Scalar),
    /// Writes its buffers (in this order).
    Buffers(&'static [Buffer]),
    /// `-> bool`: writes member `index` of `family` into `buffer`, false past the last member.
    Indexed {
        /// The index argument (`usize`).
        index: &'static str,
        /// The buffer argument.
        buffer: &'static str,
        /// Its type.
        shape: Shape,
        /// The family.
        family: Family,
    },
    /// `-> [ContactLaw; NU]`: (ε_N, ε_T, μ, has tangent) per contact, from the parameters.
    ContactLaws,
    /// `(…, k: usize, out: &mut Vector<NQ>) -> bool`: writes ∂f/∂p_k, false past the last
    /// parameter (and `out` untouched).
    ParameterDerivative(Differentiated),
    /// `(k: usize) -> bool`: whether parameter k enters the constraints (g, g_N, W_T, ŵ_T,
    /// W_T2, ŵ_T2).
    ParametersInConstraints,
    /// `<const N: usize>(x: &StateJet<N, NQ>, [λ_B, λ_N jets,] buffers…)`: the quantities run
    /// on Taylor jets along the trajectory x (the Rust target only: C has no generic jets).
    Jets {
        /// Whether the multiplier jets `lambda_b`, `lambda_n` are arguments.
        multipliers: bool,
        /// The output jet arrays.
        buffers: &'static [JetBuffer],
    },
}

/// One generated function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FunctionSpec {
    /// Its name (the trait method).
    pub name: &'static str,
    /// The trait it belongs to.
    pub capability: Capability,
    /// The state arguments it takes, in order (the parameters come from `self`).
    pub arguments: &'static [Argument],
    /// What it returns or writes.
    pub output: Output,
    /// What it computes.
    pub doc: &'static str,
    /// Whether it is generated only for a model with a tangent plane (the trait's default,
    /// "no tangent plane", serves the others).
    pub needs_tangent_planes: bool,
    /// Whether it is generated only for a model with a velocity constraint (the trait's
    /// default, exact for holonomic constraints, serves the others).
    pub needs_velocity_constraints: bool,
}

impl FunctionSpec {
    /// Whether the C target has this function (everything but the jets of `Rates`, which are
    /// generic over the jet length).
    pub fn in_c(&self) -> bool {
        !matches!(self.output, Output::Jets { .. })
    }

    /// Whether this function is generated for a model that derived `d`.
    pub fn generated_for(&self, d: &crate::symbolic::derive::Derived) -> bool {
        self.capability.selected(&d.capabilities)
            && (!self.needs_tangent_planes || d.kinematics.any_tangent_plane())
            && (!self.needs_velocity_constraints || d.holonomic.contains(&false))
    }
}

const fn buffer(name: &'static str, shape: Shape, quantity: Quantity) -> Buffer {
    Buffer {
        name,
        shape,
        quantity,
    }
}

const fn vector(name: &'static str, n: Size, quantity: Quantity) -> Buffer {
    buffer(name, Shape::Vector(n), quantity)
}

const fn matrix(name: &'static str, rows: Size, columns: Size, quantity: Quantity) -> Buffer {
    buffer(name, Shape::Matrix(rows, columns), quantity)
}

const fn function(
    name: &'static str,
    capability: Capability,
    arguments: &'static [Argument],
    output: Output,
    doc: &'static str,
) -> FunctionSpec {
    FunctionSpec {
        name,
        capability,
        arguments,
        output,
        doc,
        needs_tangent_planes: false,
        needs_velocity_constraints: false,
    }
}

/// A function of the `Constraints` trait generated only for models with a tangent plane.
const fn of_tangent_planes(
    name: &'static str,
    arguments: &'static [Argument],
    buffers: &'static [Buffer],
    doc: &'static str,
) -> FunctionSpec {
    FunctionSpec {
        needs_tangent_planes: true,
        ..function(
            name,
            Capability::Constraints,
            arguments,
            Output::Buffers(buffers),
            doc,
        )
    }
}

const fn hessian(name: &'static str, family: Family, doc: &'static str) -> FunctionSpec {
    function(
        name,
        Capability::Statics,
        &[Q, T],
        Output::Indexed {
            index: "i",
            buffer: "hess",
            shape: Shape::Matrix(N, N),
            family,
        },
        doc,
    )
}

/// Every generated function, in the order of the generated module.
pub const FUNCTIONS: &[FunctionSpec] = {
    use Capability::{Constraints, Dynamics, Jacobians, Rates, Statics};
    use Output::Buffers;
    use Quantity as Qt;
    &[
        function(
            "kinetic_energy",
            Dynamics,
            &[Q, Qd, T],
            Output::Scalar(Scalar::Kinetic),
            "T",
        ),
        function(
            "potential_energy",
            Dynamics,
            &[Q, T],
            Output::Scalar(Scalar::Potential),
            "V",
        ),
        function(
            "dynamics",
            Dynamics,
            &[Q, Qd, T],
            Buffers(&[matrix("m", N, N, Qt::Mass), vector("h", N, Qt::Forces)]),
            "M and h from one kernel",
        ),
        function(
            "mass_matrix",
            Dynamics,
            &[Q, T],
            Buffers(&[matrix("m", N, N, Qt::Mass)]),
            "M",
        ),
        function(
            "forces",
            Dynamics,
            &[Q, Qd, T],
            Buffers(&[vector("h", N, Qt::Forces)]),
            "h",
        ),
        function(
            "coriolis",
            Dynamics,
            &[Q, Qd, T],
            Buffers(&[matrix("c", N, N, Qt::Coriolis)]),
            "C with Ṁ − 2C skew-symmetric",
        ),
        function(
            "bilateral",
            Constraints,
            &[Q, T],
            Buffers(&[vector("g", B, Qt::Bilateral)]),
            "g",
        ),
        function(
            "bilateral_jacobian",
            Constraints,
            &[Q, T],
            Buffers(&[
                matrix("jac", N, B, Qt::BilateralJacobian),
                vector("time_partial", B, Qt::BilateralTime),
            ]),
            "G and ∂g/∂t",
        ),
        function(
            "bilateral_drift",
            Constraints,
            &[Q, Qd, T],
            Buffers(&[vector("drift", B, Qt::BilateralDrift)]),
            "Ġᵀq̇ + d/dt ĝ",
        ),
        function(
            "gaps",
            Constraints,
            &[Q, T],
            Buffers(&[vector("g_n", U, Qt::Gaps)]),
            "g_N",
        ),
        function(
            "gap_jacobian",
            Constraints,
            &[Q, T],
            Buffers(&[
                matrix("w_n", N, U, Qt::GapJacobian),
                vector("time_partial", U, Qt::GapTime),
            ]),
            "W_N and ∂g_N/∂t",
        ),
        function(
            "gap_drift",
            Constraints,
            &[Q, Qd, T],
            Buffers(&[vector("drift", U, Qt::GapDrift)]),
            "Ẇ_Nᵀq̇ + d/dt ŵ_N",
        ),
        function(
            "slip_jacobian",
            Constraints,
            &[Q, T],
            Buffers(&[
                matrix("w_t", N, U, Qt::SlipJacobian),
                vector("time_partial", U, Qt::SlipTime),
            ]),
            "W_T and ŵ_T",
        ),
        function(
            "slip_drift",
            Constraints,
            &[Q, Qd, T],
            Buffers(&[vector("drift", U, Qt::SlipDrift)]),
            "Ẇ_Tᵀq̇ + d/dt ŵ_T",
        ),
        of_tangent_planes(
            "second_slip_jacobian",
            &[Q, T],
            &[
                matrix("w_t2", N, U, Qt::SecondSlipJacobian),
                vector("time_partial", U, Qt::SecondSlipTime),
            ],
            "W_T2 and ŵ_T2",
        ),
        of_tangent_planes(
            "second_slip_drift",
            &[Q, Qd, T],
            &[vector("drift", U, Qt::SecondSlipDrift)],
            "Ẇ_T2ᵀq̇ + d/dt ŵ_T2",
        ),
        function(
            "contact_laws",
            Constraints,
            &[],
            Output::ContactLaws,
            "ε_N, ε_T, μ per contact",
        ),
        function(
            "motion_residual_jet",
            Rates,
            &[],
            Output::Jets {
                multipliers: true,
                buffers: &[JetBuffer {
                    name: "out",
                    size: N,
                    quantity: JetQuantity::MotionResidual,
                }],
            },
            "r = M q̈ − h − G λ_B − W_N λ_N on jets",
        ),
        function(
            "constraint_jet",
            Rates,
            &[],
            Output::Jets {
                multipliers: false,
                buffers: &[
                    JetBuffer {
                        name: "bilateral",
                        size: B,
                        quantity: JetQuantity::Bilateral,
                    },
                    JetBuffer {
                        name: "gaps",
                        size: U,
                        quantity: JetQuantity::Gaps,
                    },
                ],
            },
            "g (γ of a velocity constraint) and g_N on jets",
        ),
        function(
            "potential_gradient",
            Statics,
            &[Q, T],
            Buffers(&[vector("grad", N, Qt::PotentialGradient)]),
            "∇V",
        ),
        function(
            "potential_hessian",
            Statics,
            &[Q, T],
            Buffers(&[matrix("hess", N, N, Qt::PotentialHessian)]),
            "∇²V",
        ),
        function(
            "potential_gradient_parameter",
            Statics,
            &[Q, T],
            Output::Indexed {
                index: "k",
                buffer: "out",
                shape: Shape::Vector(N),
                family: Family::PotentialGradientParameter,
            },
            "∂∇V/∂p_k",
        ),
        hessian(
            "bilateral_hessian",
            Family::BilateralHessians,
            "∂²g_i/∂q² (∂A_iᵀ/∂q of a velocity constraint)",
        ),
        hessian("gap_hessian", Family::GapHessians, "∂²g_Ni/∂q²"),
        function(
            "force_jacobians",
            Jacobians,
            &[Q, Qd, T],
            Buffers(&[
                matrix("dh_dq", N, N, Qt::ForcesQ),
                matrix("dh_dqd", N, N, Qt::ForcesQd),
            ]),
            "∂h/∂q and ∂h/∂q̇",
        ),
        function(
            "force_time_partial",
            Jacobians,
            &[Q, Qd, T],
            Buffers(&[vector("dh_dt", N, Qt::ForcesT)]),
            "∂h/∂t",
        ),
        function(
            "mass_action_jacobian",
            Jacobians,
            &[Q, T, A],
            Buffers(&[matrix("out", N, N, Qt::MassActionQ)]),
            "∂(M a)/∂q",
        ),
        function(
            "force_parameter_derivative",
            Jacobians,
            &[Q, Qd, T],
            Output::ParameterDerivative(Differentiated::Forces),
            "∂h/∂p_k",
        ),
        function(
            "mass_action_parameter_derivative",
            Jacobians,
            &[Q, T, A],
            Output::ParameterDerivative(Differentiated::MassAction),
            "∂(M a)/∂p_k",
        ),
        function(
            "parameter_enters_constraints",
            Jacobians,
            &[],
            Output::ParametersInConstraints,
            "whether p_k enters g, g_N, W_T, ŵ_T, W_T2 or ŵ_T2",
        ),
        function(
            "bilateral_drift_jacobians",
            Jacobians,
            &[Q, Qd, T],
            Buffers(&[
                matrix("d_dq", B, N, Qt::BilateralDriftQ),
                matrix("d_dqd", B, N, Qt::BilateralDriftQd),
            ]),
            "∂d/∂q and ∂d/∂q̇ of the bilateral drifts",
        ),
        FunctionSpec {
            needs_velocity_constraints: true,
            ..function(
                "bilateral_velocity_jacobian",
                Jacobians,
                &[Q, Qd, T],
                Buffers(&[matrix("out", B, N, Qt::BilateralVelocityQ)]),
                "∂γ/∂q at fixed q̇ of γ = Gᵀq̇ + ĝ (velocity constraints included)",
            )
        },
        function(
            "gap_drift_jacobians",
            Jacobians,
            &[Q, Qd, T],
            Buffers(&[
                matrix("d_dq", U, N, Qt::GapDriftQ),
                matrix("d_dqd", U, N, Qt::GapDriftQd),
            ]),
            "∂d/∂q and ∂d/∂q̇ of the gap drifts",
        ),
    ]
};
