//! The intermediates a kernel needs, as `let` statements in program order.
//!
//! Outputs of the structured route are atoms over named intermediates (see
//! `symbolic::program`). A kernel first computes the intermediates its outputs need, directly
//! or through other intermediates, each from its small defining expression; the outputs then
//! read them like inputs. Every definition is already simplified and shared when it was made,
//! so the statements are printed as they are instead of going through the evaluator.

use super::kernel::{Input, literal, method};
use crate::error::KernelError;
use crate::symbolic::program;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore, AtomView, Symbol};

/// The statements computing the intermediates of some outputs.
pub struct Prefix {
    /// `let zK = …;` statements in program order.
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

/// Prints atoms as Rust expressions over the kernel's inputs and the intermediates.
struct Printer<'a> {
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
                (literal(x), x >= 0.0)
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
                let bt = self.receiver(b)?;
                self.operations += 1;
                let text = match e {
                    AtomView::Num(_) => match Self::number(e)? {
                        2.0 => format!("{bt} * {bt}"),
                        -1.0 => format!("1.0 / {bt}"),
                        0.5 => format!("{bt}.sqrt()"),
                        -0.5 => format!("1.0 / {bt}.sqrt()"),
                        x if x.fract() == 0.0 => format!("{bt}.powi({})", x as i64),
                        x => format!("{bt}.powf({x:?})"),
                    },
                    other => {
                        let (et, _) = self.print(other)?;
                        format!("{bt}.powf({et})")
                    }
                };
                (text, false)
            }
            AtomView::Fun(f) => {
                let args: Vec<AtomView> = f.iter().collect();
                let method = method(f.get_symbol())?;
                let [u] = args[..] else {
                    return Err(KernelError::Arity {
                        function: method.to_string(),
                        arguments: args.len(),
                    });
                };
                let ut = self.receiver(u)?;
                self.operations += 1;
                (format!("{ut}.{method}()"), true)
            }
        })
    }

    /// The text of `v` as a method receiver: parenthesised unless atomic, and a number typed as
    /// f64 (`(0.5_f64).sqrt()`: an untyped float literal has no methods).
    fn receiver(&mut self, v: AtomView<'_>) -> Result<String, KernelError> {
        if let AtomView::Num(_) = v {
            return Ok(format!("({:?}_f64)", Self::number(v)?));
        }
        let (text, atomic) = self.print(v)?;
        Ok(if atomic { text } else { format!("({text})") })
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
                    parts.push(literal(-x));
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
        if let Some(k) = program::position(s) {
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
        Ok(input.rust.clone())
    }
}

/// The statements computing every intermediate `outputs` need.
pub fn prefix(outputs: &[Atom], inputs: &[Input]) -> Result<Prefix, KernelError> {
    let refs: Vec<&Atom> = outputs.iter().collect();
    let needed = program::closure(&refs);
    let mut printer = Printer {
        inputs: inputs.iter().map(|i| (i.symbol, i)).collect(),
        used: Vec::new(),
        operations: 0,
    };
    let mut statements = Vec::with_capacity(needed.len());
    let mut bindings = Vec::with_capacity(needed.len());
    for (symbol, value) in &needed {
        let k = program::position(*symbol).ok_or_else(|| KernelError::UnknownSymbol {
            symbol: symbol.get_name().to_string(),
        })?;
        let (text, _) = printer.print(value.as_view())?;
        statements.push(format!("let {} = {text};", binding(k)));
        bindings.push(Input {
            symbol: *symbol,
            rust: binding(k),
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
