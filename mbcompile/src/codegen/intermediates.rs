//! The intermediates a kernel needs, as binding statements in program order.
//!
//! Outputs of the structured route are atoms over named intermediates (see
//! `symbolic::program`). A kernel first computes the intermediates its outputs need, directly
//! or through other intermediates, each from its small defining expression; the outputs then
//! read them like inputs. Every definition is already simplified and shared when it was made,
//! so the statements are printed as they are instead of going through the evaluator.

use super::input::Input;
use super::language::{Language, Operand, OperandKind};
use crate::error::KernelError;
use crate::symbolic::program::Program;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};

/// The statements computing the intermediates of some outputs.
pub struct Prefix {
    /// `let zK = …;` (or `const double zK = …;`) statements in program order.
    pub statements: Vec<String>,
    /// One input per intermediate (its binding), for the outputs' evaluator.
    pub inputs: Vec<Input>,
    /// Arguments the statements read.
    pub arguments_used: Vec<&'static str>,
    /// Arithmetic operations in the statements.
    pub operations: usize,
}

/// The name of intermediate number k in generated code.
fn binding(k: usize) -> String {
    format!("z{k}")
}

/// Prints atoms as expressions over the kernel's inputs and the intermediates.
struct Printer<'a> {
    program: &'a Program,
    language: Language,
    inputs: HashMap<Symbol, &'a Input>,
    used: Vec<&'static str>,
    operations: usize,
}

impl Printer<'_> {
    fn number(v: AtomView<'_>) -> Result<f64, KernelError> {
        v.to_owned()
            .evaluate(&HashMap::<Atom, f64>::new())
            .map_err(|e| KernelError::Evaluator {
                message: e.to_string(),
            })
    }

    /// The text of `v`, and whether it is atomic (needs no parentheses as an operand).
    fn print(&mut self, v: AtomView<'_>) -> Result<(String, bool), KernelError> {
        Ok(match v {
            AtomView::Num(_) => {
                let x = Self::number(v)?;
                (self.language.literal(x), x >= 0.0)
            }
            AtomView::Var(x) => (self.symbol(x.get_symbol())?, true),
            AtomView::Add(a) => {
                let mut s = String::new();
                for (k, t) in a.iter().enumerate() {
                    let (text, _) = self.print(t)?;
                    match text.strip_prefix('-') {
                        Some(rest) if k > 0 => s.push_str(&format!(" - {rest}")),
                        _ if k > 0 => s.push_str(&format!(" + {text}")),
                        _ => s.push_str(&text),
                    }
                }
                self.operations += a.get_nargs().saturating_sub(1);
                (s, false)
            }
            AtomView::Mul(m) => self.product(m.iter().collect())?,
            AtomView::Pow(p) => {
                let (b, e) = p.get_base_exp();
                let base = self.operand(b)?;
                let bt = self.language.receiver(&base);
                self.operations += 1;
                let language = self.language;
                let text = match e {
                    AtomView::Num(_) => match Self::number(e)? {
                        2.0 => format!("{bt} * {bt}"),
                        -1.0 => format!("1.0 / {bt}"),
                        0.5 => language.sqrt(&base),
                        -0.5 => format!("1.0 / {}", language.sqrt(&base)),
                        x if x.fract() == 0.0 => language.integer_power(&base, x as i64),
                        x => language.real_power(&base, &Operand::number(language, x)),
                    },
                    other => {
                        let exponent = self.operand(other)?;
                        language.real_power(&base, &exponent)
                    }
                };
                (text, false)
            }
            AtomView::Fun(f) => {
                let args: Vec<AtomView> = f.iter().collect();
                let [u] = args[..] else {
                    return Err(KernelError::Arity {
                        function: f.get_symbol().get_name().to_string(),
                        arguments: args.len(),
                    });
                };
                let argument = self.operand(u)?;
                self.operations += 1;
                (self.language.call(f.get_symbol(), &argument)?, true)
            }
        })
    }

    /// `v` as an operand of a call or a power.
    fn operand(&mut self, v: AtomView<'_>) -> Result<Operand, KernelError> {
        if let AtomView::Num(_) = v {
            return Ok(Operand::number(self.language, Self::number(v)?));
        }
        let (text, atomic) = self.print(v)?;
        Ok(Operand {
            text,
            kind: if atomic {
                OperandKind::Atomic
            } else {
                OperandKind::Compound
            },
        })
    }

    /// A product, with a numeric factor −1 turned into a sign.
    fn product(&mut self, factors: Vec<AtomView<'_>>) -> Result<(String, bool), KernelError> {
        let mut negate = false;
        let mut parts = Vec::new();
        for f in &factors {
            if let AtomView::Num(_) = f {
                let x = Self::number(*f)?;
                if x == -1.0 {
                    negate = !negate;
                    continue;
                }
                if x < 0.0 {
                    negate = !negate;
                    parts.push(self.language.literal(-x));
                    continue;
                }
            }
            let (t, atomic) = self.print(*f)?;
            parts.push(if atomic { t } else { format!("({t})") });
        }
        self.operations += parts.len().saturating_sub(1);
        let body = if parts.is_empty() {
            "1.0".to_string()
        } else {
            parts.join(" * ")
        };
        Ok(if negate {
            (format!("-{body}"), false)
        } else {
            (body, parts.len() <= 1)
        })
    }

    fn symbol(&mut self, s: Symbol) -> Result<String, KernelError> {
        if let Some(k) = self.program.position(s) {
            return Ok(binding(k));
        }
        let input = self
            .inputs
            .get(&s)
            .ok_or_else(|| KernelError::UnknownSymbol {
                symbol: s.get_name().to_string(),
            })?;
        if !self.used.contains(&input.argument) {
            self.used.push(input.argument);
        }
        Ok(input.code.clone())
    }
}

/// The statements computing every intermediate `outputs` need, written in `language`.
pub fn prefix(
    program: &Program,
    outputs: &[Atom],
    inputs: &[Input],
    language: Language,
) -> Result<Prefix, KernelError> {
    let refs: Vec<&Atom> = outputs.iter().collect();
    let needed = program.closure(&refs);
    let mut printer = Printer {
        program,
        language,
        inputs: inputs.iter().map(|i| (i.symbol, i)).collect(),
        used: Vec::new(),
        operations: 0,
    };
    let mut statements = Vec::with_capacity(needed.len());
    let mut bindings = Vec::with_capacity(needed.len());
    for (symbol, value) in &needed {
        let k = program
            .position(*symbol)
            .ok_or_else(|| KernelError::UnknownSymbol {
                symbol: symbol.get_name().to_string(),
            })?;
        let (text, _) = printer.print(value.as_view())?;
        statements.push(language.binding(&binding(k), &text));
        bindings.push(Input {
            symbol: *symbol,
            code: binding(k),
            argument: INTERMEDIATE,
        });
    }
    Ok(Prefix {
        statements,
        inputs: bindings,
        arguments_used: printer.used,
        operations: printer.operations,
    })
}

/// The pseudo-argument of intermediates (never a function argument).
pub const INTERMEDIATE: &str = "intermediate";
