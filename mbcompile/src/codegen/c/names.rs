//! The names of a model in C: every external name starts with the module name (C has one
//! namespace), macros are in capitals, and a model name that is a C keyword gets a trailing
//! underscore.

use crate::dsl::ast::Model;

/// The keywords of C99 (ISO/IEC 9899:1999, 6.4.1), which a block's names may spell in Rust.
const KEYWORDS: [&str; 37] = [
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Bool",
    "_Complex",
    "_Imaginary",
];

/// A name of the block as a C identifier: `double` → `double_`.
pub fn identifier(name: &str) -> String {
    if KEYWORDS.contains(&name) {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// The C names of one model.
#[derive(Debug, Clone)]
pub struct CNames {
    /// The prefix of every function and type: the module name (`double_pendulum`).
    pub prefix: String,
    /// The prefix of every macro (`DOUBLE_PENDULUM`).
    pub macro_prefix: String,
}

impl CNames {
    /// The names of `model`.
    pub fn new(model: &Model) -> CNames {
        let prefix = model.module_name();
        CNames {
            macro_prefix: prefix.to_uppercase(),
            prefix,
        }
    }

    /// A function of the model: `double_pendulum_dynamics`.
    pub fn function(&self, name: &str) -> String {
        format!("{}_{name}", self.prefix)
    }

    /// The parameter struct: `double_pendulum_params`.
    pub fn parameters(&self) -> String {
        format!("{}_params", self.prefix)
    }

    /// The contact-law struct: `double_pendulum_contact_law`.
    pub fn contact_law(&self) -> String {
        format!("{}_contact_law", self.prefix)
    }

    /// A size macro: `DOUBLE_PENDULUM_NQ`.
    pub fn size(&self, size: &str) -> String {
        format!("{}_{size}", self.macro_prefix)
    }
}
