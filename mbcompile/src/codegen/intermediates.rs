//! The intermediates a kernel needs, as binding statements in program order.
//!
//! Outputs of the structured route are atoms over named intermediates (see
//! `symbolic::program`). A kernel first computes the intermediates its outputs need, directly
//! or through other intermediates, each from its small defining expression; the outputs then
//! read them like inputs. Every definition is already simplified and shared when it was made,
//! so the statements are printed as they are (or with their common factors taken out, when
//! shorter) instead of going through the evaluator.

use super::input::Input;
use super::language::{Language, Operand, OperandKind};
use super::shared::{Group, Plan};
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
    /// Shared intermediates read from their group's values: the code reading each.
    shared: HashMap<Symbol, String>,
    used: Vec<&'static str>,
    operations: usize,
}

impl<'a> Printer<'a> {
    /// A printer over `inputs` and the intermediates of `program`, none read from a helper's values yet.
    fn new(program: &'a Program, inputs: &'a [Input], language: Language) -> Self {
        Printer {
            program,
            language,
            inputs: inputs.iter().map(|i| (i.symbol, i)).collect(),
            shared: HashMap::new(),
            used: Vec::new(),
            operations: 0,
        }
    }

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

    /// The text of a definition: as the program holds it (expanded, since differentiation and
    /// cancellation need it so) or with the factors common to all its terms taken out
    /// (symbolica's `collect_factors`), whichever is shorter. Expanded, a derivative's
    /// statements repeat the same factors term after term (`-r z₁ z₂ + r z₁ z₂ z₃²` rather
    /// than `r z₁ z₂ (z₃² − 1)`). A Horner form (`collect_horner`) was measured too: it nests
    /// the sums whose terms share little, and the formatted examples came out 0.5 % longer than
    /// with common factors (the flyball governor's module 13 % longer).
    fn definition(&mut self, value: &Atom) -> Result<String, KernelError> {
        let before = self.operations;
        let (expanded, _) = self.print(value.as_view())?;
        if !matches!(value.as_view(), AtomView::Add(_)) {
            return Ok(expanded);
        }
        let expanded_operations = self.operations;
        self.operations = before;
        let (factored, _) = self.print(value.collect_factors().as_view())?;
        if factored.len() < expanded.len() {
            Ok(factored)
        } else {
            self.operations = expanded_operations;
            Ok(expanded)
        }
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
        if let Some(code) = self.shared.get(&s) {
            return Ok(code.clone());
        }
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

/// The statements computing every intermediate `outputs` need, written in `language`. With a
/// plan, the groups of shared intermediates the kernel uses ([`Plan::groups_used`]) are read
/// from the values their helpers return (one call each, first) instead.
pub fn prefix(
    program: &Program,
    outputs: &[Atom],
    inputs: &[Input],
    language: Language,
    plan: Option<&Plan>,
) -> Result<Prefix, KernelError> {
    let refs: Vec<&Atom> = outputs.iter().collect();
    let mut needed = program.closure(&refs);
    let mut printer = Printer::new(program, inputs, language);
    let mut statements = Vec::new();
    let mut bindings = Vec::with_capacity(needed.len());
    if let Some(plan) = plan {
        let symbols: Vec<Symbol> = needed.iter().map(|(s, _)| *s).collect();
        let used = plan.groups_used(&symbols);
        // What the helpers compute is not computed again for the intermediates that need it.
        let held = |s: Symbol| plan.place(s).is_some_and(|(g, _)| used[g]);
        needed = program.closure_within(&refs, held);
        for (group, _) in plan.groups.iter().zip(&used).filter(|(_, u)| **u) {
            let reads: Vec<&Group> = group.reads.iter().map(|&r| &plan.groups[r]).collect();
            statements.push(language.helper_call(group, &reads));
            for a in &group.arguments {
                if !printer.used.contains(&a.name()) {
                    printer.used.push(a.name());
                }
            }
        }
        for (symbol, _) in &needed {
            if let Some((g, k)) = plan.place(*symbol).filter(|(g, _)| used[*g]) {
                let code = plan.groups[g].element(k);
                printer.shared.insert(*symbol, code.clone());
                bindings.push(Input {
                    symbol: *symbol,
                    code,
                    argument: INTERMEDIATE,
                });
            }
        }
    }
    for (symbol, value) in &needed {
        if printer.shared.contains_key(symbol) {
            continue;
        }
        let k = program
            .position(*symbol)
            .ok_or_else(|| KernelError::UnknownSymbol {
                symbol: symbol.get_name().to_string(),
            })?;
        let text = printer.definition(value)?;
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

/// The body of the helper of group `g` of `plan`: in program order, one statement storing each
/// member into the group's struct, and a binding for each intermediate the members need that no
/// group holds; earlier members and the groups it reads are read from their values. With the
/// arguments the statements read and their operation count.
pub fn helper_body(
    program: &Program,
    plan: &Plan,
    g: usize,
    inputs: &[Input],
    language: Language,
) -> Result<Prefix, KernelError> {
    let group = &plan.groups[g];
    let mut printer = Printer::new(program, inputs, language);
    for &h in group.reads.iter().chain([&g]) {
        for (k, s) in plan.groups[h].members.iter().enumerate() {
            printer.shared.insert(*s, plan.groups[h].element(k));
        }
    }
    let members: Vec<Atom> = group.members.iter().map(|s| Atom::var(*s)).collect();
    let refs: Vec<&Atom> = members.iter().collect();
    let mut statements = Vec::new();
    let held = |s: Symbol| plan.place(s).is_some_and(|(h, _)| h != g);
    for (symbol, value) in program.closure_within(&refs, held) {
        match plan.place(symbol) {
            Some((h, k)) if h == g => {
                let text = printer.definition(&value)?;
                statements.push(language.store(&group.element(k), &text));
            }
            Some(_) => {}
            None => {
                let k = program
                    .position(symbol)
                    .ok_or_else(|| KernelError::UnknownSymbol {
                        symbol: symbol.get_name().to_string(),
                    })?;
                let text = printer.definition(&value)?;
                statements.push(language.binding(&binding(k), &text));
            }
        }
    }
    Ok(Prefix {
        statements,
        inputs: Vec::new(),
        arguments_used: printer.used,
        operations: printer.operations,
    })
}

/// The pseudo-argument of intermediates (never a function argument).
pub const INTERMEDIATE: &str = "intermediate";
