//! One quantity group → straight-line Rust.
//!
//! The group's expressions go through one symbolica evaluator (Horner schemes and common
//! subexpression elimination across the whole group), its instruction stream is exported, and
//! every instruction becomes an immutable `let` binding in SSA form (slots that the evaluator
//! reuses get fresh names). Bindings no output needs are dropped. Identically zero outputs never
//! reach the evaluator.

use std::collections::HashMap;
use symbolica::atom::{Atom, AtomCore, Symbol};
use symbolica::evaluate::{Instruction, Slot};

/// Where an input of a kernel comes from in the generated function.
#[derive(Debug, Clone)]
pub struct Input {
    /// The symbol.
    pub symbol: Symbol,
    /// The Rust expression that reads it (`self.m`, `q[0]`, `t`).
    pub rust: String,
    /// The function argument it belongs to (`self`, `q`, `qd`, `t`, …), to know which are used.
    pub argument: &'static str,
}

/// Straight-line code computing a list of values.
#[derive(Debug, Clone, Default)]
pub struct Kernel {
    /// `let` statements.
    pub statements: Vec<String>,
    /// For every output, the Rust expression holding its value (a binding or a literal).
    pub values: Vec<String>,
    /// Arguments the code reads.
    pub arguments_used: Vec<&'static str>,
    /// Arithmetic operations in the code (additions, multiplications, calls).
    pub operations: usize,
}

/// Formats an f64 constant as a Rust literal expression.
pub fn literal(v: f64) -> String {
    let s = format!("{v:?}");
    let s = if s.contains(['.', 'e', 'E']) || s.contains("inf") || s.contains("NaN") {
        s
    } else {
        format!("{s}.0")
    };
    if v < 0.0 { format!("({s})") } else { s }
}

/// A literal usable as a method receiver (`2.0_f64.sqrt()`).
fn receiver_literal(v: f64) -> String {
    format!("({v:?}_f64)")
}

enum Value {
    Var(usize),
    Input(usize),
    Const(f64),
}

/// Builds the kernel of `outputs` over `inputs`.
pub fn kernel(
    outputs: &[Atom],
    inputs: &[Input],
    horner_iterations: usize,
) -> Result<Kernel, String> {
    let mut values: Vec<Option<String>> = vec![None; outputs.len()];
    let live: Vec<usize> = (0..outputs.len())
        .filter(|&i| !outputs[i].is_zero())
        .collect();
    for (i, o) in outputs.iter().enumerate() {
        if o.is_zero() {
            values[i] = Some("0.0".into());
        }
    }
    if live.is_empty() {
        return Ok(Kernel {
            statements: vec![],
            values: values.into_iter().map(Option::unwrap).collect(),
            arguments_used: vec![],
            operations: 0,
        });
    }
    let exprs: Vec<Atom> = live.iter().map(|&i| outputs[i].clone()).collect();
    let params: Vec<Atom> = inputs.iter().map(|i| Atom::var(i.symbol)).collect();
    let evaluator = Atom::evaluator_multiple(&exprs, &params)
        .horner_iterations(horner_iterations)
        .build()
        .map_err(|e| format!("building the evaluator: {e}"))?
        .map_coeff(&|c| c.re.to_f64());
    let ex = evaluator.export_instructions();
    if !ex.sub_evaluators.is_empty() {
        return Err("unexpected sub-evaluators in the instruction stream".into());
    }

    // SSA: every assignment makes a new binding.
    let mut slot: HashMap<Slot, Value> = HashMap::new();
    let mut lets: Vec<(String, Vec<usize>, Vec<usize>)> = Vec::new(); // (expr template, var deps, input deps)
    let resolve = |s: &Slot, slot: &HashMap<Slot, Value>| -> Result<Value, String> {
        Ok(match s {
            Slot::Param(i) => Value::Input(*i),
            Slot::Const(i) => Value::Const(*ex.constants.get(*i).ok_or("constant out of range")?),
            other => match slot.get(other) {
                Some(Value::Var(v)) => Value::Var(*v),
                Some(Value::Input(i)) => Value::Input(*i),
                Some(Value::Const(c)) => Value::Const(*c),
                None => return Err(format!("slot {other} read before written")),
            },
        })
    };
    // Text for a value inside an expression; placeholders `{vN}` / `{iN}` are replaced later.
    let text = |v: &Value, receiver: bool| -> String {
        match v {
            Value::Var(k) => format!("\u{1}v{k}\u{2}"),
            Value::Input(i) => format!("\u{1}i{i}\u{2}"),
            Value::Const(c) => {
                if receiver {
                    receiver_literal(*c)
                } else {
                    literal(*c)
                }
            }
        }
    };
    let deps = |vs: &[&Value]| -> (Vec<usize>, Vec<usize>) {
        let mut d = (vec![], vec![]);
        for v in vs {
            match v {
                Value::Var(k) => d.0.push(*k),
                Value::Input(i) => d.1.push(*i),
                Value::Const(_) => {}
            }
        }
        d
    };
    let mut operations = 0;
    for ins in &ex.instructions {
        let (out, expr, vals): (&Slot, String, Vec<Value>) = match ins {
            Instruction::Add(o, args, _) => {
                let vals: Vec<Value> = args
                    .iter()
                    .map(|a| resolve(a, &slot))
                    .collect::<Result<_, _>>()?;
                operations += vals.len().saturating_sub(1);
                let mut s = String::new();
                for (k, v) in vals.iter().enumerate() {
                    match v {
                        Value::Const(c) if *c < 0.0 && k > 0 => {
                            s.push_str(&format!(" - {}", literal(-c)))
                        }
                        _ => {
                            if k > 0 {
                                s.push_str(" + ");
                            }
                            s.push_str(&text(v, false));
                        }
                    }
                }
                (o, s, vals)
            }
            Instruction::Mul(o, args, _) => {
                let vals: Vec<Value> = args
                    .iter()
                    .map(|a| resolve(a, &slot))
                    .collect::<Result<_, _>>()?;
                operations += vals.len().saturating_sub(1);
                let negate = vals
                    .iter()
                    .filter(|v| matches!(v, Value::Const(c) if *c == -1.0))
                    .count()
                    % 2
                    == 1;
                let factors: Vec<String> = vals
                    .iter()
                    .filter(|v| !matches!(v, Value::Const(c) if *c == -1.0))
                    .map(|v| text(v, false))
                    .collect();
                let body = if factors.is_empty() {
                    "1.0".to_string()
                } else {
                    factors.join(" * ")
                };
                let s = match (negate, factors.len()) {
                    (false, _) => body,
                    (true, 1) if !body.contains(' ') => format!("-{body}"),
                    (true, _) => format!("-({body})"),
                };
                (o, s, vals)
            }
            Instruction::Pow(o, b, e, _) => {
                let bv = resolve(b, &slot)?;
                operations += 1;
                let bt = text(&bv, false);
                let s = match *e {
                    -1 => format!("1.0 / {bt}"),
                    2 => format!("{bt} * {bt}"),
                    -2 => format!("1.0 / ({bt} * {bt})"),
                    3 => format!("{bt} * {bt} * {bt}"),
                    e => format!("{}.powi({e})", text(&bv, true)),
                };
                (o, s, vec![bv])
            }
            Instruction::Powf(o, b, e, _) => {
                let bv = resolve(b, &slot)?;
                let ev = resolve(e, &slot)?;
                operations += 1;
                let s = match &ev {
                    Value::Const(c) if *c == 0.5 => format!("{}.sqrt()", text(&bv, true)),
                    Value::Const(c) if *c == -0.5 => format!("1.0 / {}.sqrt()", text(&bv, true)),
                    Value::Const(c) => format!("{}.powf({c:?})", text(&bv, true)),
                    _ => format!("{}.powf({})", text(&bv, true), text(&ev, false)),
                };
                (o, s, vec![bv, ev])
            }
            Instruction::Fun(o, f, _) => {
                let (sym, _, args) = &**f;
                if args.len() != 1 {
                    return Err(format!(
                        "function {} with {} arguments",
                        sym.get_name(),
                        args.len()
                    ));
                }
                let av = resolve(&args[0], &slot)?;
                operations += 1;
                let method = match *sym {
                    s if s == Symbol::SIN => "sin",
                    s if s == Symbol::COS => "cos",
                    s if s == Symbol::EXP => "exp",
                    s if s == Symbol::LOG => "ln",
                    s if s == Symbol::SQRT => "sqrt",
                    s if s == Symbol::ABS => "abs",
                    s => return Err(format!("no Rust translation for function {}", s.get_name())),
                };
                (o, format!("{}.{method}()", text(&av, true)), vec![av])
            }
            Instruction::Assign(o, v) => {
                let vv = resolve(v, &slot)?;
                slot.insert(*o, vv);
                continue;
            }
            other => {
                return Err(format!(
                    "unsupported instruction `{other}` (conditional code)"
                ));
            }
        };
        let refs: Vec<&Value> = vals.iter().collect();
        let (vd, id) = deps(&refs);
        let k = lets.len();
        lets.push((expr, vd, id));
        slot.insert(*out, Value::Var(k));
    }

    // Outputs and liveness.
    let mut live_vars = vec![false; lets.len()];
    let mut out_values: Vec<Value> = Vec::new();
    for (j, _) in live.iter().enumerate() {
        let v = match slot.get(&Slot::Out(j)) {
            Some(Value::Var(k)) => Value::Var(*k),
            Some(Value::Input(i)) => Value::Input(*i),
            Some(Value::Const(c)) => Value::Const(*c),
            None => return Err(format!("output {j} was never written")),
        };
        if let Value::Var(k) = v {
            live_vars[k] = true;
        }
        out_values.push(v);
    }
    for k in (0..lets.len()).rev() {
        if live_vars[k] {
            for &d in &lets[k].1 {
                live_vars[d] = true;
            }
        }
    }
    // Dense numbering of the live bindings.
    let mut number = vec![usize::MAX; lets.len()];
    let mut next = 0;
    for k in 0..lets.len() {
        if live_vars[k] {
            number[k] = next;
            next += 1;
        }
    }
    let mut used_inputs = vec![false; inputs.len()];
    let fill = |s: &str, used_inputs: &mut Vec<bool>| -> String {
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
                out.push_str(&inputs[idx].rust);
            }
            rest = &rest[(b + 1).min(rest.len())..];
        }
        out.push_str(rest);
        out
    };
    let mut statements = Vec::new();
    for k in 0..lets.len() {
        if live_vars[k] {
            let e = fill(&lets[k].0, &mut used_inputs);
            statements.push(format!("let x{} = {e};", number[k]));
        }
    }
    for (j, &i) in live.iter().enumerate() {
        let v = match &out_values[j] {
            Value::Var(k) => format!("x{}", number[*k]),
            Value::Input(n) => {
                used_inputs[*n] = true;
                inputs[*n].rust.clone()
            }
            Value::Const(c) => format!("{c:?}"),
        };
        values[i] = Some(v);
    }
    let mut arguments_used: Vec<&'static str> = Vec::new();
    for (k, u) in used_inputs.iter().enumerate() {
        if *u && !arguments_used.contains(&inputs[k].argument) {
            arguments_used.push(inputs[k].argument);
        }
    }
    Ok(Kernel {
        statements,
        values: values
            .into_iter()
            .map(|v| v.unwrap_or_else(|| "0.0".into()))
            .collect(),
        arguments_used,
        operations,
    })
}
