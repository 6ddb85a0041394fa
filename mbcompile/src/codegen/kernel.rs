//! One quantity group → straight-line code in a target language.
//!
//! The group's expressions go through one symbolica evaluator (Horner schemes and common
//! subexpression elimination across the whole group), its instruction stream is exported, and
//! every instruction becomes an immutable binding in SSA form (slots that the evaluator reuses
//! get fresh names), printed by the [`Language`] of the target; a binding read once is written
//! into its reader ([`super::rendering`]). Bindings no output needs are dropped. Identically
//! zero outputs never reach the evaluator.

use super::input::Input;
use super::intermediates;
use super::language::Language;
use super::rendering::{Op, Rendering, Value};
use super::shared::Plan;
use crate::error::KernelError;
use crate::symbolic::program::Program;
use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore};
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

/// The instruction stream in SSA form: every assignment makes a new binding.
struct Ssa<'a> {
    constants: &'a [f64],
    slot: HashMap<Slot, Value>,
    lets: Vec<Op>,
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

    /// Translates one instruction into a binding (or a slot alias for `Assign`).
    fn instruction(&mut self, ins: &Instruction) -> Result<(), KernelError> {
        let (out, op) = match ins {
            Instruction::Add(o, args, _) => {
                let vals = self.resolve_all(args)?;
                self.operations += vals.len().saturating_sub(1);
                (o, Op::Add(vals))
            }
            Instruction::Mul(o, args, _) => {
                let vals = self.resolve_all(args)?;
                self.operations += vals.len().saturating_sub(1);
                (o, Op::Mul(vals))
            }
            Instruction::Pow(o, b, e, _) => {
                self.operations += 1;
                (o, Op::Pow(self.resolve(b)?, *e))
            }
            Instruction::Powf(o, b, e, _) => {
                self.operations += 1;
                (o, Op::Powf(self.resolve(b)?, self.resolve(e)?))
            }
            Instruction::Fun(o, f, _) => {
                let (sym, _, args) = &**f;
                if args.len() != 1 {
                    return Err(KernelError::Arity {
                        function: sym.get_name().to_string(),
                        arguments: args.len(),
                    });
                }
                self.operations += 1;
                (o, Op::Fun(*sym, self.resolve(&args[0])?))
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
        self.slot.insert(*out, Value::Var(self.lets.len()));
        self.lets.push(op);
        Ok(())
    }
}

/// How many times the live bindings read each binding (the outputs' own reads not counted: an
/// output keeps its binding), and which bindings the outputs need (directly or through others).
fn readers(lets: &[Op], outputs: &[Value]) -> (Vec<usize>, Vec<bool>) {
    let mut live = vec![false; lets.len()];
    let mut reads = vec![0; lets.len()];
    for v in outputs {
        if let Value::Var(k) = v {
            live[*k] = true;
        }
    }
    for k in (0..lets.len()).rev() {
        if live[k] {
            for v in lets[k].reads() {
                if let Value::Var(d) = v {
                    live[d] = true;
                    reads[d] += 1;
                }
            }
        }
    }
    (reads, live)
}

/// How many times the live bindings and the outputs read each of `count` inputs.
fn input_reads(lets: &[Op], live: &[bool], outputs: &[Value], count: usize) -> Vec<usize> {
    let mut reads = vec![0; count];
    let live_reads = lets
        .iter()
        .zip(live)
        .filter(|(_, live)| **live)
        .flat_map(|(op, _)| op.reads());
    for v in live_reads.chain(outputs.iter().copied()) {
        if let Value::Input(i) = v {
            reads[i] += 1;
        }
    }
    reads
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
    let first_intermediate = inputs.len();
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
    let (reads, live_vars) = readers(&ssa.lets, &out_values);
    let mut is_output = vec![false; ssa.lets.len()];
    for v in &out_values {
        if let Value::Var(k) = v {
            is_output[*k] = true;
        }
    }
    let mut rendering = Rendering::new(language, inputs, ssa.lets.len());
    // An intermediate only the outputs read, read once by them, is written into its reader.
    let input_reads = input_reads(&ssa.lets, &live_vars, &out_values, inputs.len());
    let mut dropped = vec![false; prefix.statements.len()];
    for d in prefix.deferred {
        if input_reads[first_intermediate + d.input] == 1 {
            dropped[d.statement] = true;
            rendering.write_in(first_intermediate + d.input, d.text, d.binding);
        }
    }
    let mut statements: Vec<String> = prefix
        .statements
        .into_iter()
        .zip(dropped)
        .filter_map(|(s, dropped)| (!dropped).then_some(s))
        .collect();
    for (k, op) in ssa.lets.iter().enumerate() {
        if live_vars[k] {
            rendering.bind(k, op, reads[k] == 1 && !is_output[k])?;
        }
    }
    for (j, &i) in live.iter().enumerate() {
        values[i] = rendering.value(&out_values[j])?;
    }
    statements.append(&mut rendering.statements);
    let used_inputs = rendering.used_inputs;
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
