//! Errors of an ensemble as a whole: a design that cannot be run, a column that names nothing in
//! the model, a thread pool that cannot be built. Errors of single runs are [`RunError`]s
//! (`super::RunError`) and never stop the ensemble.

use thiserror::Error;

/// Why an ensemble could not be set up. Nothing has run when one of these is returned.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum EnsembleError {
    /// A design needs at least one column.
    #[error("a design needs at least one column")]
    NoColumns,
    /// A column name is empty.
    #[error("column {index} of the design has an empty name")]
    EmptyName {
        /// Position of the column.
        index: usize,
    },
    /// Two columns have the same name.
    #[error("the design names column `{name}` twice")]
    DuplicateColumn {
        /// The repeated name.
        name: String,
    },
    /// A grid axis has no values.
    #[error("grid axis `{name}` has no values")]
    EmptyAxis {
        /// The axis.
        name: String,
    },
    /// The row-major values of a list of samples are not a whole number of rows.
    #[error("{values} sample values do not fill rows of {columns} columns")]
    RaggedSamples {
        /// Number of values given.
        values: usize,
        /// Number of columns.
        columns: usize,
    },
    /// A design value is NaN or infinite.
    #[error("design value of `{name}` in run {run} must be finite, got {value}")]
    NonFiniteValue {
        /// Column.
        name: String,
        /// Run (row) index.
        run: usize,
        /// Offending value.
        value: f64,
    },
    /// The design has more runs than can be indexed.
    #[error("the grid has more than usize::MAX runs")]
    TooManyRuns,
    /// A row range outside the design.
    #[error("rows {start}..{end} are outside a design of {len} runs")]
    RowsOutOfRange {
        /// First row asked for.
        start: usize,
        /// One past the last row asked for.
        end: usize,
        /// Number of runs of the design.
        len: usize,
    },
    /// A column is neither a parameter of the model nor an initial-state entry.
    #[error(
        "column `{name}` is neither a parameter of {model} ({parameters}) nor an initial-state \
         entry `q0.<coordinate>` / `u0.<coordinate>` with a coordinate of {coordinates}"
    )]
    UnknownColumn {
        /// The column.
        name: String,
        /// The model's name.
        model: &'static str,
        /// The model's parameters, comma-separated.
        parameters: String,
        /// The model's coordinates, comma-separated.
        coordinates: String,
    },
    /// The initial state given to the ensemble is not finite.
    #[error("initial {what}[{index}] of the ensemble must be finite, got {value}")]
    NonFiniteInitialState {
        /// `q0` or `u0`.
        what: &'static str,
        /// Entry.
        index: usize,
        /// Offending value.
        value: f64,
    },
    /// The thread pool asked for could not be built.
    #[error("cannot build a pool of {threads} threads: {message}")]
    ThreadPool {
        /// Threads asked for.
        threads: usize,
        /// The pool builder's message.
        message: String,
    },
}
