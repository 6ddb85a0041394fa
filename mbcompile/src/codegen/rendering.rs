//! The bindings of a kernel as text: each operation printed by the target's [`Language`], and a
//! binding read exactly once written into its reader instead of getting a name of its own.
//!
//! Writing a value into its one reader changes no arithmetic: every operation keeps its
//! operands and their order (`a + (b + c)` stays parenthesised, `(a + b) + c` is written
//! `a + b + c`, which reads the same way), so the generated code computes the same bits with
//! about a third as many bindings. A value used twice, or one whose text would grow past
//! [`INLINE_LIMIT`], keeps its binding.

use super::input::Input;
use super::language::{Language, Operand, OperandKind};
use crate::error::KernelError;
use symbolica::atom::Symbol;

/// The longest text written into its reader; longer values keep a binding, so that expressions
/// stay readable and nesting stays shallow.
pub(super) const INLINE_LIMIT: usize = 96;

/// What a slot of the instruction stream holds.
#[derive(Clone, Copy, Debug)]
pub enum Value {
    /// Binding number k.
    Var(usize),
    /// Input number i.
    Input(usize),
    /// A constant.
    Const(f64),
}

/// One operation of the instruction stream.
#[derive(Debug)]
pub enum Op {
    /// a + b + …
    Add(Vec<Value>),
    /// a · b · …
    Mul(Vec<Value>),
    /// bᵉ for an integer e.
    Pow(Value, i64),
    /// bᵉ for a real e.
    Powf(Value, Value),
    /// f(a) for a one-argument function.
    Fun(Symbol, Value),
}

impl Op {
    /// Every operand, once per time the printed text reads it (b² is `b * b`).
    pub fn reads(&self) -> Vec<Value> {
        match self {
            Op::Add(v) | Op::Mul(v) => v.clone(),
            Op::Pow(b, 2 | -2) => vec![*b, *b],
            Op::Pow(b, 3) => vec![*b, *b, *b],
            Op::Pow(b, _) | Op::Fun(_, b) => vec![*b],
            Op::Powf(b, e) => vec![*b, *e],
        }
    }
}

/// How tightly a text binds, loosest first: what it needs parentheses around it for.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub enum Binding {
    /// `a + b`, `a - 2.0`.
    Sum,
    /// `a * b`, `1.0 / a`.
    Product,
    /// `-a`.
    Negation,
    /// A name, a literal, a call, a parenthesised text.
    Atom,
}

/// A printed value.
#[derive(Clone, Debug)]
struct Text {
    text: String,
    binding: Binding,
}

impl Text {
    fn atom(text: String) -> Text {
        Text {
            text,
            binding: Binding::Atom,
        }
    }

    /// The text where an operand must bind at least as tightly as `needed`.
    fn at_least(&self, needed: Binding) -> String {
        if self.binding < needed {
            format!("({})", self.text)
        } else {
            self.text.clone()
        }
    }
}

/// The text of a kernel's bindings, printed in order over its inputs: a binding written into
/// its reader keeps its text here, the others become statements `xN`, numbered densely.
pub struct Rendering<'a> {
    language: Language,
    inputs: &'a [Input],
    /// Every binding printed so far: its name, or its text when written into its reader.
    texts: Vec<Option<Text>>,
    /// The statements written so far.
    pub statements: Vec<String>,
    /// Which inputs the statements read.
    pub used_inputs: Vec<bool>,
    /// Inputs whose value is written in where it is read, instead of their code.
    written_in: Vec<Option<Text>>,
    next_name: usize,
}

impl<'a> Rendering<'a> {
    /// A rendering of `count` bindings over `inputs`.
    pub fn new(language: Language, inputs: &'a [Input], count: usize) -> Rendering<'a> {
        Rendering {
            language,
            inputs,
            texts: vec![None; count],
            statements: Vec::new(),
            used_inputs: vec![false; inputs.len()],
            written_in: vec![None; inputs.len()],
            next_name: 0,
        }
    }

    /// Reads input `i` as `text` (binding as `binding` does) instead of its code: an
    /// intermediate whose one reader is an instruction here.
    pub fn write_in(&mut self, i: usize, text: String, binding: Binding) {
        self.written_in[i] = Some(Text { text, binding });
    }

    /// Prints binding `k` (operation `op`): into the text of its reader when `inline` and short
    /// enough, else as a statement.
    pub fn bind(&mut self, k: usize, op: &Op, inline: bool) -> Result<(), KernelError> {
        let text = self.operation(op)?;
        if inline && text.text.len() <= INLINE_LIMIT {
            self.texts[k] = Some(text);
            return Ok(());
        }
        let name = format!("x{}", self.next_name);
        self.next_name += 1;
        self.statements
            .push(self.language.binding(&name, &text.text));
        self.texts[k] = Some(Text::atom(name));
        Ok(())
    }

    /// The text of a value as an output (a name, an input or a literal).
    pub fn value(&mut self, v: &Value) -> Result<String, KernelError> {
        Ok(match v {
            Value::Const(c) => format!("{c:?}"),
            _ => self.text(v)?.text,
        })
    }

    /// The text of a value; a binding not printed yet (the instruction stream reads a value
    /// before computing it) is an error.
    fn text(&mut self, v: &Value) -> Result<Text, KernelError> {
        Ok(match v {
            Value::Var(k) => {
                self.texts[*k]
                    .clone()
                    .ok_or_else(|| KernelError::SlotReadBeforeWritten {
                        slot: format!("binding {k}"),
                    })?
            }
            Value::Input(i) => {
                self.used_inputs[*i] = true;
                match &self.written_in[*i] {
                    Some(text) => text.clone(),
                    None => Text::atom(self.inputs[*i].code.clone()),
                }
            }
            Value::Const(c) => Text::atom(self.language.literal(*c)),
        })
    }

    /// A value as the operand of a function of the language.
    fn operand(&mut self, v: &Value) -> Result<Operand, KernelError> {
        Ok(match v {
            Value::Const(c) => Operand::number(self.language, *c),
            _ => {
                let t = self.text(v)?;
                Operand {
                    kind: if t.binding == Binding::Atom {
                        OperandKind::Atomic
                    } else {
                        OperandKind::Compound
                    },
                    text: t.text,
                }
            }
        })
    }

    fn operation(&mut self, op: &Op) -> Result<Text, KernelError> {
        Ok(match op {
            Op::Add(vals) => self.sum(vals)?,
            Op::Mul(vals) => self.product(vals)?,
            Op::Pow(b, e) => self.power(b, *e)?,
            Op::Powf(b, e) => {
                let (bo, eo) = (self.operand(b)?, self.operand(e)?);
                match e {
                    Value::Const(c) if *c == 0.5 => Text::atom(self.language.sqrt(&bo)),
                    Value::Const(c) if *c == -0.5 => Text {
                        text: format!("1.0 / {}", self.language.sqrt(&bo)),
                        binding: Binding::Product,
                    },
                    _ => Text::atom(self.language.real_power(&bo, &eo)),
                }
            }
            Op::Fun(f, a) => {
                let ao = self.operand(a)?;
                Text::atom(self.language.call(*f, &ao)?)
            }
        })
    }

    /// `a + b - c` with negative constants subtracted; an operand after the first that is
    /// itself a sum stays parenthesised.
    fn sum(&mut self, vals: &[Value]) -> Result<Text, KernelError> {
        if let [one] = vals {
            return self.text(one);
        }
        let mut s = String::new();
        for (k, v) in vals.iter().enumerate() {
            match v {
                Value::Const(c) if *c < 0.0 && k > 0 => {
                    s.push_str(&format!(" - {}", self.language.literal(-c)))
                }
                _ => {
                    let t = self.text(v)?;
                    if k > 0 {
                        s.push_str(" + ");
                        s.push_str(&t.at_least(Binding::Product));
                    } else {
                        s.push_str(&t.text);
                    }
                }
            }
        }
        Ok(Text {
            text: s,
            binding: Binding::Sum,
        })
    }

    /// `a * b` with factors −1 turned into a sign; a factor after the first that is itself a
    /// product or a sum stays parenthesised.
    fn product(&mut self, vals: &[Value]) -> Result<Text, KernelError> {
        let minus_one = |v: &&Value| matches!(v, Value::Const(c) if *c == -1.0);
        let negate = vals.iter().filter(minus_one).count() % 2 == 1;
        let factors: Vec<Text> = vals
            .iter()
            .filter(|v| !minus_one(v))
            .map(|v| self.text(v))
            .collect::<Result<_, _>>()?;
        let body = match factors.as_slice() {
            [] => Text::atom("1.0".to_string()),
            [one] => one.clone(),
            [first, rest @ ..] => {
                let mut s = first.at_least(Binding::Product);
                for f in rest {
                    s.push_str(" * ");
                    s.push_str(&f.at_least(Binding::Negation));
                }
                Text {
                    text: s,
                    binding: Binding::Product,
                }
            }
        };
        if !negate {
            return Ok(body);
        }
        Ok(Text {
            text: format!("-{}", body.at_least(Binding::Atom)),
            binding: Binding::Negation,
        })
    }

    /// `b^e` for an integer e: small powers as products, the rest by the language.
    fn power(&mut self, b: &Value, e: i64) -> Result<Text, KernelError> {
        let t = self.text(b)?;
        let bt = t.at_least(Binding::Negation);
        let product = |text: String| Text {
            text,
            binding: Binding::Product,
        };
        Ok(match e {
            -1 => product(format!("1.0 / {bt}")),
            2 => product(format!("{bt} * {bt}")),
            -2 => product(format!("1.0 / ({bt} * {bt})")),
            3 => product(format!("{bt} * {bt} * {bt}")),
            e => {
                let bo = self.operand(b)?;
                Text::atom(self.language.integer_power(&bo, e))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::symbols::pool;

    /// The statements and the output's text of `ops` over inputs a, b, c, the last operation
    /// the output (bindings read once written into their reader).
    fn render(language: Language, ops: &[Op]) -> (Vec<String>, String) {
        let p = pool();
        let inputs: Vec<Input> = ["a", "b", "c"]
            .iter()
            .enumerate()
            .map(|(i, name)| Input {
                symbol: p.q[i],
                code: name.to_string(),
                argument: "q",
            })
            .collect();
        let mut reads = vec![0; ops.len()];
        for op in ops {
            for v in op.reads() {
                if let Value::Var(k) = v {
                    reads[k] += 1;
                }
            }
        }
        let mut r = Rendering::new(language, &inputs, ops.len());
        let last = ops.len() - 1;
        for (k, op) in ops.iter().enumerate() {
            r.bind(k, op, reads[k] == 1 && k != last).unwrap();
        }
        let value = r.value(&Value::Var(last)).unwrap();
        (r.statements, value)
    }

    const A: Value = Value::Input(0);
    const B: Value = Value::Input(1);
    const C: Value = Value::Input(2);

    /// The last statement of `ops` in Rust.
    fn rust(ops: &[Op]) -> String {
        render(Language::Rust, ops).0.pop().unwrap()
    }

    #[test]
    fn a_value_read_once_keeps_the_order_of_its_operations() {
        // (a + b) + c reads the same without parentheses; c + (a + b) does not.
        assert_eq!(
            rust(&[Op::Add(vec![A, B]), Op::Add(vec![Value::Var(0), C])]),
            "let x0 = a + b + c;"
        );
        assert_eq!(
            rust(&[Op::Add(vec![A, B]), Op::Add(vec![C, Value::Var(0)])]),
            "let x0 = c + (a + b);"
        );
        // The same for products, and a sum inside a product is grouped anywhere.
        assert_eq!(
            rust(&[Op::Mul(vec![A, B]), Op::Mul(vec![Value::Var(0), C])]),
            "let x0 = a * b * c;"
        );
        assert_eq!(
            rust(&[Op::Mul(vec![A, B]), Op::Mul(vec![C, Value::Var(0)])]),
            "let x0 = c * (a * b);"
        );
        assert_eq!(
            rust(&[Op::Add(vec![A, B]), Op::Mul(vec![Value::Var(0), C])]),
            "let x0 = (a + b) * c;"
        );
        // A product inside a sum needs nothing; a negation is a factor as it stands.
        assert_eq!(
            rust(&[Op::Mul(vec![A, B]), Op::Add(vec![C, Value::Var(0)])]),
            "let x0 = c + a * b;"
        );
        assert_eq!(
            rust(&[
                Op::Mul(vec![Value::Const(-1.0), A]),
                Op::Mul(vec![B, Value::Var(0)])
            ]),
            "let x0 = b * -a;"
        );
    }

    #[test]
    fn negations_receivers_and_divisions_group_what_they_need() {
        assert_eq!(
            rust(&[
                Op::Mul(vec![A, B]),
                Op::Mul(vec![Value::Const(-1.0), Value::Var(0)])
            ]),
            "let x0 = -(a * b);"
        );
        assert_eq!(
            rust(&[Op::Add(vec![A, B]), Op::Fun(Symbol::COS, Value::Var(0))]),
            "let x0 = (a + b).cos();"
        );
        assert_eq!(
            rust(&[Op::Mul(vec![A, B]), Op::Pow(Value::Var(0), -1)]),
            "let x0 = 1.0 / (a * b);"
        );
        assert_eq!(
            rust(&[Op::Add(vec![A, B]), Op::Pow(Value::Var(0), 5)]),
            "let x0 = (a + b).powi(5);"
        );
        // C calls take any expression as it stands.
        assert_eq!(
            render(
                Language::C,
                &[Op::Add(vec![A, B]), Op::Fun(Symbol::COS, Value::Var(0))]
            )
            .0,
            ["const double x0 = cos(a + b);"]
        );
    }

    #[test]
    fn a_value_read_twice_keeps_its_binding() {
        let (statements, value) = render(
            Language::Rust,
            &[Op::Add(vec![A, B]), Op::Pow(Value::Var(0), 2)],
        );
        assert_eq!(statements, ["let x0 = a + b;", "let x1 = x0 * x0;"]);
        assert_eq!(value, "x1");
    }

    #[test]
    fn an_input_written_in_is_parenthesised_as_its_binding_requires() {
        // Input b written in as the sum `u + v` (an intermediate only this kernel reads):
        // first term of a sum bare, later term or factor parenthesised, its order kept.
        let p = pool();
        let inputs: Vec<Input> = ["a", "b"]
            .iter()
            .enumerate()
            .map(|(i, name)| Input {
                symbol: p.q[i],
                code: name.to_string(),
                argument: "q",
            })
            .collect();
        let out = |op: Op| {
            let mut r = Rendering::new(Language::Rust, &inputs, 1);
            r.write_in(1, "u + v".to_string(), Binding::Sum);
            r.bind(0, &op, false).unwrap();
            r.statements.pop().unwrap()
        };
        assert_eq!(out(Op::Add(vec![A, B])), "let x0 = a + (u + v);");
        assert_eq!(out(Op::Add(vec![B, A])), "let x0 = u + v + a;");
        assert_eq!(out(Op::Mul(vec![A, B])), "let x0 = a * (u + v);");
        assert_eq!(out(Op::Fun(Symbol::COS, B)), "let x0 = (u + v).cos();");
    }
}
