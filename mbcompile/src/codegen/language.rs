//! The target languages of generated code, and how each writes the pieces of a straight-line
//! kernel: numbers, one-argument functions, powers and bindings. The kernel
//! ([`super::kernel`]) and the intermediates ([`super::intermediates`]) print through this one
//! printer per language; the instruction list they print is the same for every target.

use super::shared::Group;
use crate::error::KernelError;
use symbolica::atom::Symbol;

/// A language generated code is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Rust: `let x3 = x1.sin() * 2.0;`.
    Rust,
    /// C99: `const double x3 = sin(x1) * 2.0;`.
    C,
}

/// An operand as printed: its text and whether it needs parentheses inside a larger expression.
#[derive(Debug, Clone)]
pub struct Operand {
    /// The text.
    pub text: String,
    /// What kind of text it is.
    pub kind: OperandKind,
}

/// What an operand's text is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OperandKind {
    /// A number (its value).
    Number(f64),
    /// A name, an element or a call: never needs parentheses.
    Atomic,
    /// An operator expression.
    Compound,
}

impl Operand {
    /// A number.
    pub fn number(language: Language, v: f64) -> Operand {
        Operand {
            text: language.literal(v),
            kind: OperandKind::Number(v),
        }
    }

    /// The text, parenthesised unless atomic (a negative literal is parenthesised already).
    pub fn grouped(&self) -> String {
        match self.kind {
            OperandKind::Compound => format!("({})", self.text),
            _ => self.text.clone(),
        }
    }
}

impl Language {
    /// An f64 constant as a literal: `2.0`, `0.5`, `1e-5`, `(-3.0)` (both languages read the
    /// shortest round-trip form of Rust's `{:?}`).
    pub fn literal(self, v: f64) -> String {
        let s = format!("{v:?}");
        let s = if s.contains(['.', 'e', 'E']) || s.contains("inf") || s.contains("NaN") {
            s
        } else {
            format!("{s}.0")
        };
        if v < 0.0 { format!("({s})") } else { s }
    }

    /// The operand where a method call or a power takes it: in Rust parenthesised unless
    /// atomic, and a number typed as f64 (`(0.5_f64).sqrt()`: an untyped float literal has no
    /// methods); in C parenthesised unless atomic.
    pub fn receiver(self, operand: &Operand) -> String {
        match (self, operand.kind) {
            (Language::Rust, OperandKind::Number(v)) => format!("({v:?}_f64)"),
            _ => operand.grouped(),
        }
    }

    /// The name of a one-argument function: the `f64` method in Rust, the `<math.h>` function
    /// in C.
    fn function_name(self, function: Symbol) -> Result<&'static str, KernelError> {
        let (rust, c) = match function {
            s if s == Symbol::SIN => ("sin", "sin"),
            s if s == Symbol::COS => ("cos", "cos"),
            s if s == Symbol::EXP => ("exp", "exp"),
            s if s == Symbol::LOG => ("ln", "log"),
            s if s == Symbol::SQRT => ("sqrt", "sqrt"),
            s if s == Symbol::ABS => ("abs", "fabs"),
            s => {
                return Err(KernelError::NoTranslation {
                    function: s.get_name().to_string(),
                });
            }
        };
        Ok(match self {
            Language::Rust => rust,
            Language::C => c,
        })
    }

    /// `f(x)`: `x.sin()` in Rust, `sin(x)` in C.
    pub fn call(self, function: Symbol, x: &Operand) -> Result<String, KernelError> {
        let name = self.function_name(function)?;
        Ok(self.call_named(name, x))
    }

    fn call_named(self, name: &str, x: &Operand) -> String {
        match self {
            Language::Rust => format!("{}.{name}()", self.receiver(x)),
            Language::C => format!("{name}({})", x.text),
        }
    }

    /// `√x`: `x.sqrt()` in Rust, `sqrt(x)` in C.
    pub fn sqrt(self, x: &Operand) -> String {
        self.call_named("sqrt", x)
    }

    /// `b^e` for an integer e: `b.powi(e)` in Rust; in C `mb_powi(b, e)`, the binary
    /// exponentiation of Rust's `powi` (compiler-rt's `__powidf2`), which the C source defines,
    /// so that both give the same bits.
    pub fn integer_power(self, b: &Operand, e: i64) -> String {
        match self {
            Language::Rust => format!("{}.powi({e})", self.receiver(b)),
            Language::C => format!("mb_powi({}, {e})", b.text),
        }
    }

    /// `b^e` for a real exponent: `b.powf(e)` in Rust, `pow(b, e)` in C.
    pub fn real_power(self, b: &Operand, e: &Operand) -> String {
        match (self, e.kind) {
            (Language::Rust, OperandKind::Number(v)) => {
                format!("{}.powf({v:?})", self.receiver(b))
            }
            (Language::Rust, _) => format!("{}.powf({})", self.receiver(b), e.text),
            (Language::C, _) => format!("pow({}, {})", b.text, e.text),
        }
    }

    /// A store into a member of a helper's values: `s3.v7 = e;`.
    pub fn store(self, element: &str, value: &str) -> String {
        format!("{element} = {value};")
    }

    /// The call of a helper of shared intermediates, binding its values: `let s4 =
    /// self.shared4(q, qd, &s1);` in Rust, `const Shared4 s4 = shared4(p, q, qd, s1);` in C
    /// (the values of the groups it reads passed by value).
    pub fn helper_call(self, group: &Group, reads: &[&Group]) -> String {
        let arguments = group.arguments.iter().map(|a| a.name().to_string());
        match self {
            Language::Rust => {
                let mut args: Vec<String> = arguments.collect();
                args.extend(reads.iter().map(|r| format!("&{}", r.local())));
                format!(
                    "let {} = self.{}({});",
                    group.local(),
                    group.helper(),
                    args.join(", ")
                )
            }
            Language::C => {
                let mut args: Vec<String> =
                    std::iter::once("p".to_string()).chain(arguments).collect();
                args.extend(reads.iter().map(|r| r.local()));
                format!(
                    "const {} {} = {}({});",
                    group.type_name(),
                    group.local(),
                    group.helper(),
                    args.join(", ")
                )
            }
        }
    }

    /// An immutable binding: `let x3 = e;` in Rust, `const double x3 = e;` in C.
    pub fn binding(self, name: &str, value: &str) -> String {
        match self {
            Language::Rust => format!("let {name} = {value};"),
            Language::C => format!("const double {name} = {value};"),
        }
    }
}
