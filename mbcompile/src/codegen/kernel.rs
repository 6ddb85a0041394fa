//! One quantity group → straight-line code in a target language.
//!
//! The group's expressions go through one symbolica evaluator (Horner schemes and common
//! subexpression elimination across the whole group), its instruction stream is exported, and
//! every instruction becomes an immutable binding in SSA form (slots that the evaluator reuses
//! get fresh names), printed by the [`Language`] of the target. Bindings no output needs are
//! dropped. Identically zero outputs never reach the evaluator.

use super::input::Input;
use super::intermediates;
use super::language::{Language, Operand};
use super::shared::Plan;
use crate::error::KernelError;
use crate::symbolic::program::Program;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore, Symbol};
use symbolica::evaluate::{Instruction, Slot};

/// Straight-line code computing a list of values.
#[derive(Debug, Clone, Default)]
pub struct Kernel {
    /// Binding statements.
    pub statements: Vec<String>,
    /// For every output, the expression holding its value (a binding or a literal).
    pub values: Vec<String>,
    /// Arguments the code reads.
    pub arguments_used: Vec<&'static str>,
    /// Arithmetic operations in the code (additions, multiplications, calls).
    pub operations: usize,
}

impl Kernel {
    /// A kernel that computes nothing, every value the literal zero: what a recording pass of
    /// the emitter, which only collects what each kernel needs, returns.
    pub fn placeholder(outputs: usize) -> Kernel {
        Kernel {
            statements: vec![],
            values: vec!["0.0".to_string(); outputs],
            arguments_used: vec![],
            operations: 0,
        }
    }
}

/// What a slot of the instruction stream holds.
#[derive(Clone, Copy)]
enum Value {
    /// Binding number k (before renumbering).
    Var(usize),
    /// Input number i.
    Input(usize),
    /// A constant.
    Const(f64),
}

/// One `let` binding: its expression with placeholders, and the bindings it reads.
struct Let {
    /// Text with placeholders `\u{1}vN\u{2}` (binding N) and `\u{1}iN\u{2}` (input N).
    template: String,
    /// The bindings it reads.
    vars: Vec<usize>,
}

/// A value as an operand; placeholders are replaced once bindings are numbered.
fn operand(language: Language, v: &Value) -> Operand {
    match v {
        Value::Var(k) => Operand::atomic(format!("\u{1}v{k}\u{2}")),
        Value::Input(i) => Operand::atomic(format!("\u{1}i{i}\u{2}")),
        Value::Const(c) => Operand::number(language, *c),
    }
}

/// The instruction stream in SSA form: every assignment makes a new binding.
struct Ssa<'a> {
    language: Language,
    constants: &'a [f64],
    slot: HashMap<Slot, Value>,
    lets: Vec<Let>,
    operations: usize,
}

impl Ssa<'_> {
    fn resolve(&self, s: &Slot) -> Result<Value, KernelError> {
        Ok(match s {
            Slot::Param(i) => Value::Input(*i),
            Slot::Const(i) => Value::Const(
                *self
                    .constants
                    .get(*i)
                    .ok_or(KernelError::ConstantOutOfRange)?,
            ),
            other => *self
                .slot
                .get(other)
                .ok_or_else(|| KernelError::SlotReadBeforeWritten {
                    slot: other.to_string(),
                })?,
        })
    }

    fn resolve_all(&self, args: &[Slot]) -> Result<Vec<Value>, KernelError> {
        args.iter().map(|a| self.resolve(a)).collect()
    }

    /// `a + b - c` with negative constants subtracted.
    fn add(&self, vals: &[Value]) -> String {
        let mut s = String::new();
        for (k, v) in vals.iter().enumerate() {
            match v {
                Value::Const(c) if *c < 0.0 && k > 0 => {
                    s.push_str(&format!(" - {}", self.language.literal(-c)))
                }
                _ => {
                    if k > 0 {
                        s.push_str(" + ");
                    }
                    s.push_str(&operand(self.language, v).text);
                }
            }
        }
        s
    }

    /// `a * b` with factors −1 turned into a sign.
    fn mul(&self, vals: &[Value]) -> String {
        let minus_one = |v: &&Value| matches!(v, Value::Const(c) if *c == -1.0);
        let negate = vals.iter().filter(minus_one).count() % 2 == 1;
        let factors: Vec<String> = vals
            .iter()
            .filter(|v| !minus_one(v))
            .map(|v| operand(self.language, v).text)
            .collect();
        let body = if factors.is_empty() {
            "1.0".to_string()
        } else {
            factors.join(" * ")
        };
        match (negate, factors.len()) {
            (false, _) => body,
            (true, 1) if !body.contains(' ') => format!("-{body}"),
            (true, _) => format!("-({body})"),
        }
    }

    /// `b^e` for an integer e.
    fn pow(&self, bv: &Value, e: i64) -> String {
        let b = operand(self.language, bv);
        let bt = &b.text;
        match e {
            -1 => format!("1.0 / {bt}"),
            2 => format!("{bt} * {bt}"),
            -2 => format!("1.0 / ({bt} * {bt})"),
            3 => format!("{bt} * {bt} * {bt}"),
            e => self.language.integer_power(&b, e),
        }
    }

    /// `b^e` for a real e.
    fn powf(&self, bv: &Value, ev: &Value) -> String {
        let (b, e) = (operand(self.language, bv), operand(self.language, ev));
        match ev {
            Value::Const(c) if *c == 0.5 => self.language.sqrt(&b),
            Value::Const(c) if *c == -0.5 => format!("1.0 / {}", self.language.sqrt(&b)),
            _ => self.language.real_power(&b, &e),
        }
    }

    /// `f(a)` for a one-argument function.
    fn function(
        &self,
        f: &(Symbol, Vec<String>, Vec<Slot>),
    ) -> Result<(String, Value), KernelError> {
        let (sym, _, args) = f;
        if args.len() != 1 {
            return Err(KernelError::Arity {
                function: sym.get_name().to_string(),
                arguments: args.len(),
            });
        }
        let av = self.resolve(&args[0])?;
        let text = self.language.call(*sym, &operand(self.language, &av))?;
        Ok((text, av))
    }

    /// Translates one instruction into a binding (or a slot alias for `Assign`).
    fn instruction(&mut self, ins: &Instruction) -> Result<(), KernelError> {
        let (out, expr, vals): (&Slot, String, Vec<Value>) = match ins {
            Instruction::Add(o, args, _) => {
                let vals = self.resolve_all(args)?;
                self.operations += vals.len().saturating_sub(1);
                (o, self.add(&vals), vals)
            }
            Instruction::Mul(o, args, _) => {
                let vals = self.resolve_all(args)?;
                self.operations += vals.len().saturating_sub(1);
                (o, self.mul(&vals), vals)
            }
            Instruction::Pow(o, b, e, _) => {
                let bv = self.resolve(b)?;
                self.operations += 1;
                (o, self.pow(&bv, *e), vec![bv])
            }
            Instruction::Powf(o, b, e, _) => {
                let (bv, ev) = (self.resolve(b)?, self.resolve(e)?);
                self.operations += 1;
                (o, self.powf(&bv, &ev), vec![bv, ev])
            }
            Instruction::Fun(o, f, _) => {
                let (expr, av) = self.function(f)?;
                self.operations += 1;
                (o, expr, vec![av])
            }
            Instruction::Assign(o, v) => {
                let vv = self.resolve(v)?;
                self.slot.insert(*o, vv);
                return Ok(());
            }
            other => {
                return Err(KernelError::Unsupported {
                    instruction: other.to_string(),
                });
            }
        };
        let vars = vals
            .iter()
            .filter_map(|v| match v {
                Value::Var(k) => Some(*k),
                _ => None,
            })
            .collect();
        let k = self.lets.len();
        self.lets.push(Let {
            template: expr,
            vars,
        });
        self.slot.insert(*out, Value::Var(k));
        Ok(())
    }
}

/// Which bindings the outputs need (directly or through other bindings).
fn liveness(lets: &[Let], outputs: &[Value]) -> Vec<bool> {
    let mut live = vec![false; lets.len()];
    for v in outputs {
        if let Value::Var(k) = v {
            live[*k] = true;
        }
    }
    for k in (0..lets.len()).rev() {
        if live[k] {
            for &d in &lets[k].vars {
                live[d] = true;
            }
        }
    }
    live
}

/// Replaces the placeholders of `s`: bindings by their dense names `xN`, inputs by their
/// expressions (marking them used).
fn fill(s: &str, number: &[usize], inputs: &[Input], used_inputs: &mut [bool]) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(a) = rest.find('\u{1}') {
        out.push_str(&rest[..a]);
        let b = rest[a..].find('\u{2}').map(|b| a + b).unwrap_or(rest.len());
        let tok = &rest[a + 1..b];
        let idx: usize = tok[1..].parse().unwrap_or(0);
        if tok.starts_with('v') {
            out.push_str(&format!("x{}", number[idx]));
        } else {
            used_inputs[idx] = true;
            out.push_str(&inputs[idx].code);
        }
        rest = &rest[(b + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

/// Builds the kernel of `outputs` over `inputs` (and the intermediates of `program` they use,
/// those of `plan`'s groups read from their helpers' arrays), written in `language`.
pub fn kernel(
    program: &Program,
    outputs: &[Atom],
    inputs: &[Input],
    horner_iterations: usize,
    language: Language,
    plan: Option<&Plan>,
) -> Result<Kernel, KernelError> {
    let live: Vec<usize> = (0..outputs.len())
        .filter(|&i| !outputs[i].is_zero())
        .collect();
    let prefix = intermediates::prefix(program, outputs, inputs, language, plan)?;
    let inputs: Vec<Input> = inputs.iter().cloned().chain(prefix.inputs).collect();
    let inputs = &inputs[..];
    let mut values = vec!["0.0".to_string(); outputs.len()];
    if live.is_empty() {
        return Ok(Kernel {
            statements: vec![],
            values,
            arguments_used: vec![],
            operations: 0,
        });
    }
    let exprs: Vec<Atom> = live.iter().map(|&i| outputs[i].clone()).collect();
    let params: Vec<Atom> = inputs.iter().map(|i| Atom::var(i.symbol)).collect();
    let evaluator = Atom::evaluator_multiple(&exprs, &params)
        .horner_iterations(horner_iterations)
        .build()
        .map_err(|e| KernelError::Evaluator {
            message: e.to_string(),
        })?
        .map_coeff(&|c| c.re.to_f64());
    let ex = evaluator.export_instructions();
    if !ex.sub_evaluators.is_empty() {
        return Err(KernelError::SubEvaluators);
    }
    let mut ssa = Ssa {
        language,
        constants: &ex.constants,
        slot: HashMap::new(),
        lets: Vec::new(),
        operations: 0,
    };
    for ins in &ex.instructions {
        ssa.instruction(ins)?;
    }
    let out_values: Vec<Value> = (0..live.len())
        .map(|j| {
            ssa.slot
                .get(&Slot::Out(j))
                .copied()
                .ok_or(KernelError::OutputNeverWritten { output: j })
        })
        .collect::<Result<_, _>>()?;
    let live_vars = liveness(&ssa.lets, &out_values);
    // Dense numbering of the live bindings.
    let mut number = vec![usize::MAX; ssa.lets.len()];
    let mut next = 0;
    for k in 0..ssa.lets.len() {
        if live_vars[k] {
            number[k] = next;
            next += 1;
        }
    }
    let mut used_inputs = vec![false; inputs.len()];
    let mut statements = prefix.statements;
    for (k, l) in ssa.lets.iter().enumerate() {
        if live_vars[k] {
            let e = fill(&l.template, &number, inputs, &mut used_inputs);
            statements.push(language.binding(&format!("x{}", number[k]), &e));
        }
    }
    for (j, &i) in live.iter().enumerate() {
        values[i] = match &out_values[j] {
            Value::Var(k) => format!("x{}", number[*k]),
            Value::Input(n) => {
                used_inputs[*n] = true;
                inputs[*n].code.clone()
            }
            Value::Const(c) => format!("{c:?}"),
        };
    }
    let mut arguments_used: Vec<&'static str> = prefix.arguments_used;
    for (k, u) in used_inputs.iter().enumerate() {
        if *u
            && inputs[k].argument != intermediates::INTERMEDIATE
            && !arguments_used.contains(&inputs[k].argument)
        {
            arguments_used.push(inputs[k].argument);
        }
    }
    Ok(Kernel {
        statements,
        values,
        arguments_used,
        operations: ssa.operations + prefix.operations,
    })
}
