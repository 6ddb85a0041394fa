//! Typed errors of the compiler, one variant per stage of the pipeline
//! (parse → validate → assemble → derive → emit).
//!
//! Errors in a block (syntax, names, dependencies, values at the parameter defaults, and what the
//! symbolic checks find) carry the span they concern, so that a diagnostic can show the line;
//! their messages are the ones the user reads.

use proc_macro2::Span;
use std::fmt;

/// An error of one stage of the pipeline.
#[derive(Debug, thiserror::Error)]
pub enum CompileError {
    /// A source file or `mechanism!` block that does not follow the grammar (parse stage).
    #[error("{0}")]
    Syntax(syn::Error),
    /// A name, a dependency or a value at the parameter defaults the language forbids
    /// (validate stage).
    #[error("{0}")]
    Validation(syn::Error),
    /// Points, bodies and geometric contacts that cannot be assembled into T, V, Q and gaps
    /// (assemble stage).
    #[error(transparent)]
    Assembly(#[from] AssemblyError),
    /// A derived quantity that contradicts the theory (derive stage).
    #[error(transparent)]
    Derivation(#[from] DerivationError),
    /// The generated code could not be built (emit stage): a defect of the generator, located at
    /// the mechanism's name.
    #[error("code generation failed: {source}")]
    Emission {
        /// The mechanism's name.
        span: Span,
        /// What failed.
        source: EmissionError,
    },
}

impl CompileError {
    /// The place in the block the error concerns.
    pub fn span(&self) -> Span {
        match self {
            CompileError::Syntax(e) | CompileError::Validation(e) => e.span(),
            CompileError::Assembly(e) => e.span(),
            CompileError::Derivation(e) => e.span(),
            CompileError::Emission { span, .. } => *span,
        }
    }
}

/// Errors of the assemble stage.
#[derive(Debug, thiserror::Error)]
pub enum AssemblyError {
    /// A name that does not resolve (only for a model that skipped validation).
    #[error("{0}")]
    Names(#[from] syn::Error),
    /// A rotation matrix written by hand that is not orthonormal with determinant +1.
    #[error(
        "the rotation of body `{body}` is not a rotation matrix at sample state {sample} (max |RᵀR − I| = {orthonormality_error:.3e}, det R = {determinant:.3})"
    )]
    NotARotation {
        /// The matrix.
        span: Span,
        /// The body.
        body: String,
        /// The sample state, counted from 1.
        sample: usize,
        /// max |RᵀR − I| at that state (NaN where an entry is not finite).
        orthonormality_error: f64,
        /// det R at that state.
        determinant: f64,
    },
}

impl AssemblyError {
    /// The place in the block the error concerns.
    pub fn span(&self) -> Span {
        match self {
            AssemblyError::Names(e) => e.span(),
            AssemblyError::NotARotation { span, .. } => *span,
        }
    }
}

/// Coordinate values of a sample state, printed `(x=0.123, y=-0.456)`.
#[derive(Debug, Clone, PartialEq)]
pub struct SampleState {
    /// (coordinate name, value) in coordinate order.
    pub coordinates: Vec<(String, f64)>,
}

impl fmt::Display for SampleState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .coordinates
            .iter()
            .map(|(c, v)| format!("{c}={v:.3}"))
            .collect();
        write!(f, "({})", parts.join(", "))
    }
}

/// Errors of the derive stage.
#[derive(Debug, thiserror::Error)]
pub enum DerivationError {
    /// A name that does not resolve (only for a model that skipped validation).
    #[error("{0}")]
    Names(#[from] syn::Error),
    /// More coordinates, parameters, constraints or contacts than the symbol pool holds.
    #[error(
        "a model may have at most {max} coordinates, {max} parameters, {max} constraints and \
         {max} contacts"
    )]
    TooManySymbols {
        /// The mechanism's name.
        span: Span,
        /// The pool size.
        max: usize,
    },
    /// Neither T nor bodies.
    #[error("the model has no kinetic energy and no bodies")]
    NoKineticEnergy {
        /// The mechanism's name.
        span: Span,
    },
    /// A derived quantity over the size budget (see `symbolic::derive::budget`).
    #[error(
        "{quantity} takes {size} expression nodes, over the budget of {budget}: its generated code would take the compiler minutes or hours to build. Put the bodies on joints (the structured route), drop `expansion: full`, generate fewer capabilities (`generate {{ capabilities: [...] }}`), or raise the budget (`mbcompile gen --budget N`)"
    )]
    OverBudget {
        /// The mechanism's name.
        span: Span,
        /// The quantity, in words.
        quantity: String,
        /// Its size in expression nodes.
        size: usize,
        /// The budget.
        budget: usize,
    },
    /// ∂²T/∂q̇² still depends on a velocity.
    #[error(
        "the kinetic energy is not quadratic in the velocities: ∂²T/∂q̇∂q̇ entry ({row}, {column}) still depends on dot({velocity})"
    )]
    NotQuadratic {
        /// T.
        span: Span,
        /// Coordinate of the row.
        row: String,
        /// Coordinate of the column.
        column: String,
        /// The velocity the entry depends on.
        velocity: String,
    },
    /// An entry of M that does not evaluate to a finite number at a sample state.
    #[error(
        "the mass matrix entry ({row}, {column}) is not finite at the sample state q = {state}"
    )]
    MassNotFinite {
        /// T.
        span: Span,
        /// Coordinate of the row.
        row: String,
        /// Coordinate of the column.
        column: String,
        /// The sample state.
        state: SampleState,
    },
    /// M not positive definite at a sample state (Cholesky fails).
    #[error(
        "the mass matrix ∂²T/∂q̇² is not positive definite at q = {state} with default parameters \
         (smallest eigenvalue {smallest_eigenvalue:.3e}); every coordinate needs inertia in T"
    )]
    MassNotPositiveDefinite {
        /// T.
        span: Span,
        /// The sample state.
        state: SampleState,
        /// The smallest eigenvalue of M there.
        smallest_eigenvalue: f64,
    },
    /// A constraint, gap, slip or tangential velocity whose gradient vanishes at every sample
    /// state.
    #[error(
        "{quantity} does not depend on the coordinates (it is constant or identically zero), so it constrains nothing"
    )]
    ConstrainsNothing {
        /// The expression.
        span: Span,
        /// What it is (`bilateral constraint `c``, `the gap of contact `c``, …).
        quantity: String,
    },
    /// A tangential velocity γ_T with ∂γ_T/∂q̇ depending on q̇.
    #[error(
        "the tangential velocity of contact `{contact}` must be linear in the velocities; it is not linear in dot({velocity})"
    )]
    TangentialVelocityNotLinear {
        /// The expression.
        span: Span,
        /// The contact.
        contact: String,
        /// The velocity it is not linear in.
        velocity: String,
    },
    /// A velocity constraint is not linear in q̇.
    #[error(
        "velocity constraint `{constraint}` must be linear in the velocities, A(q, t) q̇ + a(q, t) = 0; it is not linear in dot({velocity})"
    )]
    VelocityConstraintNotLinear {
        /// The expression.
        span: Span,
        /// The constraint.
        constraint: String,
        /// The velocity it is not linear in.
        velocity: String,
    },
    /// A velocity constraint depends on the other constraints at every sample state.
    #[error(
        "velocity constraint `{constraint}` depends on the constraints before it (its row of the constraint matrix is a combination of theirs at every sample state): remove it, or write the holonomic ones as `constraint`"
    )]
    DependentVelocityConstraint {
        /// The constraint.
        span: Span,
        /// Its name.
        constraint: String,
    },
}

impl DerivationError {
    /// The place in the block the error concerns.
    pub fn span(&self) -> Span {
        match self {
            DerivationError::Names(e) => e.span(),
            DerivationError::TooManySymbols { span, .. }
            | DerivationError::NoKineticEnergy { span }
            | DerivationError::NotQuadratic { span, .. }
            | DerivationError::OverBudget { span, .. }
            | DerivationError::MassNotFinite { span, .. }
            | DerivationError::MassNotPositiveDefinite { span, .. }
            | DerivationError::ConstrainsNothing { span, .. }
            | DerivationError::TangentialVelocityNotLinear { span, .. }
            | DerivationError::VelocityConstraintNotLinear { span, .. }
            | DerivationError::DependentVelocityConstraint { span, .. } => *span,
        }
    }
}

/// Errors of the emit stage.
#[derive(Debug, thiserror::Error)]
pub enum EmissionError {
    /// The straight-line code of one function could not be built.
    #[error("{function}: {source}")]
    Kernel {
        /// The function (`dynamics`, `gap_hessian[1]`, …).
        function: String,
        /// What failed.
        source: KernelError,
    },
    /// A piece of generated code that is not a sequence of Rust tokens.
    #[error("{function}: generated code is not Rust tokens ({message}): {code}")]
    Tokens {
        /// The function.
        function: String,
        /// The lexer's message.
        message: String,
        /// The code.
        code: String,
    },
    /// A function the target language has no form for (the jets of `Rates` in C).
    #[error("{function}: not available in {target}")]
    NotInTarget {
        /// The function.
        function: String,
        /// The target language.
        target: &'static str,
    },
    /// The assembled module does not parse as a Rust file.
    #[error("generated code does not parse: {source}\n{code}")]
    Unparsable {
        /// The parser's error.
        source: syn::Error,
        /// The code.
        code: String,
    },
}

/// Errors of turning one quantity group into straight-line code.
#[derive(Debug, thiserror::Error)]
pub enum KernelError {
    /// The symbolic engine's evaluator could not be built.
    #[error("building the evaluator: {message}")]
    Evaluator {
        /// The engine's message.
        message: String,
    },
    /// The instruction stream calls sub-evaluators.
    #[error("unexpected sub-evaluators in the instruction stream")]
    SubEvaluators,
    /// An instruction reads a constant the stream does not have.
    #[error("constant out of range")]
    ConstantOutOfRange,
    /// An instruction reads a slot no instruction wrote.
    #[error("slot {slot} read before written")]
    SlotReadBeforeWritten {
        /// The slot.
        slot: String,
    },
    /// A function call with other than one argument.
    #[error("function {function} with {arguments} arguments")]
    Arity {
        /// The function.
        function: String,
        /// Its number of arguments.
        arguments: usize,
    },
    /// A symbol that is neither an input of the function nor an intermediate.
    #[error("symbol {symbol} is neither an input of the function nor an intermediate")]
    UnknownSymbol {
        /// The symbol.
        symbol: String,
    },
    /// A function with no `f64` method.
    #[error("no Rust translation for function {function}")]
    NoTranslation {
        /// The function.
        function: String,
    },
    /// A conditional or other instruction straight-line code cannot express.
    #[error("unsupported instruction `{instruction}` (conditional code)")]
    Unsupported {
        /// The instruction.
        instruction: String,
    },
    /// An output the instruction stream never assigns.
    #[error("output {output} was never written")]
    OutputNeverWritten {
        /// Its index among the non-zero outputs.
        output: usize,
    },
}
