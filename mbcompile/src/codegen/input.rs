//! The inputs of a kernel: the symbols it reads and the code that reads each in the generated
//! function.

use symbolica::atom::Symbol;

/// Where an input of a kernel comes from in the generated function.
#[derive(Debug, Clone)]
pub struct Input {
    /// The symbol.
    pub symbol: Symbol,
    /// The expression that reads it in the target language (`self.m`, `p->m`, `q[0]`, `t`).
    pub code: String,
    /// The function argument it belongs to (`self`, `q`, `qd`, `t`, …), to know which are used.
    pub argument: &'static str,
}
