//! The intermediates a kernel needs, as binding statements in program order.
//!
//! Outputs of the structured route are atoms over named intermediates (see
//! `symbolic::program`). A kernel first computes the intermediates its outputs need, directly
//! or through other intermediates, each from its small defining expression; the outputs then
//! read them like inputs. Every definition is already simplified and shared when it was made,
//! so the statements are printed as they are (or with their common factors taken out, when
//! shorter) instead of going through the evaluator. An intermediate that only one later
//! definition reads is written into that definition instead of getting a binding, with the
//! grouping rules of [`super::rendering`]: the same operations in the same order, the same bits;
//! one that only the outputs read is offered to the kernel ([`Prefix::deferred`]), which writes
//! it into the evaluator's code where that reads it once.

use super::input::Input;
use super::language::{Language, Operand, OperandKind};
use super::rendering::{Binding, INLINE_LIMIT};
use super::shared::{Group, Plan};
use crate::error::KernelError;
use crate::symbolic::program::Program;
use std::collections::{HashMap, HashSet};
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
    /// The bindings the outputs read and no statement does: each can be written into the
    /// outputs' code instead, where that reads it once.
    pub deferred: Vec<Deferred>,
}

/// A binding that only the outputs read ([`Prefix::deferred`]).
pub struct Deferred {
    /// Its statement, among the prefix's.
    pub statement: usize,
    /// Its input, among the prefix's.
    pub input: usize,
    /// Its value's text.
    pub text: String,
    /// How its text binds.
    pub binding: Binding,
}

/// The name of intermediate number k in generated code.
fn binding(k: usize) -> String {
    format!("z{k}")
}

/// Prints atoms as expressions over the kernel's inputs and the intermediates.
#[derive(Clone)]
struct Printer<'a> {
    program: &'a Program,
    language: Language,
    inputs: HashMap<Symbol, &'a Input>,
    /// Shared intermediates read from their group's values: the code reading each.
    shared: HashMap<Symbol, String>,
    /// Intermediates written into their one reader: the text of each and its shape.
    inlined: HashMap<Symbol, (String, Shape)>,
    /// Whether each definition printed so far was printed with its common factors taken out
    /// (see [`Printer::definition`]), so that printing it again gives the same form.
    factored: HashMap<Symbol, bool>,
    used: Vec<&'static str>,
    operations: usize,
}

/// How a printed expression groups when it becomes an operand.
#[derive(Clone, Copy)]
struct Shape {
    /// Needs no parentheses anywhere (a name, a call, a non-negative number).
    atomic: bool,
    /// A sum: as a later term of another sum it needs parentheses to keep its own order.
    sum: bool,
}

impl Shape {
    /// The same for the evaluator's rendering (a signed or power text counts as a product,
    /// which parenthesises it wherever a negation would need it).
    fn binding(self) -> Binding {
        match (self.atomic, self.sum) {
            (true, _) => Binding::Atom,
            (false, true) => Binding::Sum,
            (false, false) => Binding::Product,
        }
    }
}

impl<'a> Printer<'a> {
    /// A printer over `inputs` and the intermediates of `program`, none read from a helper's values yet.
    fn new(program: &'a Program, inputs: &'a [Input], language: Language) -> Self {
        Printer {
            program,
            language,
            inputs: inputs.iter().map(|i| (i.symbol, i)).collect(),
            shared: HashMap::new(),
            inlined: HashMap::new(),
            factored: HashMap::new(),
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
            AtomView::Var(x) => match self.inlined.get(&x.get_symbol()) {
                Some((text, shape)) => (text.clone(), shape.atomic),
                None => (self.symbol(x.get_symbol())?, true),
            },
            AtomView::Add(a) => {
                let mut s = String::new();
                for (k, t) in a.iter().enumerate() {
                    let (text, _) = self.print(t)?;
                    // A sum written in as the first term reads left to right as it computed.
                    let text = if k > 0 && self.inlined_shape(t).is_some_and(|s| s.sum) {
                        format!("({text})")
                    } else {
                        text
                    };
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
    ///
    /// A definition printed a second time (by [`print_definitions`], which counts the reads
    /// in a first printing) keeps the form chosen the first time.
    fn definition(&mut self, symbol: Symbol, value: &Atom) -> Result<(String, Shape), KernelError> {
        let shape = |v: &Atom, atomic| Shape {
            atomic,
            sum: matches!(v.as_view(), AtomView::Add(_)),
        };
        if !matches!(value.as_view(), AtomView::Add(_)) {
            let (text, atomic) = self.print(value.as_view())?;
            return Ok((text, shape(value, atomic)));
        }
        let factors = value.collect_factors();
        if let Some(&factored) = self.factored.get(&symbol) {
            let chosen = if factored { &factors } else { value };
            let (text, atomic) = self.print(chosen.as_view())?;
            return Ok((text, shape(chosen, atomic)));
        }
        let before = self.operations;
        let (expanded, atomic) = self.print(value.as_view())?;
        let expanded_operations = self.operations;
        self.operations = before;
        let (text, factored_atomic) = self.print(factors.as_view())?;
        let factored = text.len() < expanded.len();
        self.factored.insert(symbol, factored);
        if factored {
            Ok((text, shape(&factors, factored_atomic)))
        } else {
            self.operations = expanded_operations;
            Ok((expanded, shape(value, atomic)))
        }
    }

    /// The shape of `v` when it is an intermediate written in.
    fn inlined_shape(&self, v: AtomView<'_>) -> Option<Shape> {
        match v {
            AtomView::Var(x) => self.inlined.get(&x.get_symbol()).map(|(_, shape)| *shape),
            _ => None,
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
            // A product written in as the first factor reads left to right as it computed
            // (unless signed: the product's own sign goes in front).
            let bare = atomic
                || parts.is_empty()
                    && self.inlined_shape(*f).is_some_and(|s| !s.atomic && !s.sum)
                    && !t.starts_with('-');
            parts.push(if bare { t } else { format!("({t})") });
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
    let mut definitions = Vec::with_capacity(needed.len());
    for (symbol, value) in needed {
        if !printer.shared.contains_key(&symbol) {
            definitions.push((
                symbol,
                value,
                Destination::Binding(position(program, symbol)?),
            ));
        }
    }
    let read_by_outputs: HashSet<Symbol> = outputs
        .iter()
        .flat_map(|o| o.get_all_symbols(false))
        .collect();
    let body = print_definitions(&mut printer, &definitions, &read_by_outputs)?;
    let deferred = body
        .deferred
        .into_iter()
        .map(|d| Deferred {
            statement: statements.len() + d.statement,
            input: bindings.len() + d.input,
            ..d
        })
        .collect();
    statements.extend(body.statements);
    for (symbol, k) in body.bound {
        bindings.push(Input {
            symbol,
            code: binding(k),
            argument: INTERMEDIATE,
        });
    }
    Ok(Prefix {
        statements,
        inputs: bindings,
        arguments_used: printer.used,
        operations: printer.operations,
        deferred,
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
    let held = |s: Symbol| plan.place(s).is_some_and(|(h, _)| h != g);
    let mut definitions = Vec::new();
    for (symbol, value) in program.closure_within(&refs, held) {
        let destination = match plan.place(symbol) {
            Some((h, k)) if h == g => Destination::Member(group.element(k)),
            Some(_) => continue,
            None => Destination::Binding(position(program, symbol)?),
        };
        definitions.push((symbol, value, destination));
    }
    let body = print_definitions(&mut printer, &definitions, &HashSet::new())?;
    Ok(Prefix {
        statements: body.statements,
        inputs: Vec::new(),
        arguments_used: printer.used,
        operations: printer.operations,
        deferred: Vec::new(),
    })
}

/// The position of intermediate `symbol` in `program` (its binding's number).
fn position(program: &Program, symbol: Symbol) -> Result<usize, KernelError> {
    program
        .position(symbol)
        .ok_or_else(|| KernelError::UnknownSymbol {
            symbol: symbol.get_name().to_string(),
        })
}

/// Where a definition's value goes.
enum Destination {
    /// A binding of its own, `zK` (`K` the intermediate's position in the program).
    Binding(usize),
    /// A member of a helper's values: the code of the element.
    Member(String),
}

/// The statements of some definitions, and the bindings they make.
struct Definitions {
    statements: Vec<String>,
    /// Each intermediate given a binding, with its number.
    bound: Vec<(Symbol, usize)>,
    /// The bindings only `read_elsewhere` reads (positions among the above).
    deferred: Vec<Deferred>,
}

/// The statements of `definitions` (in program order). A binding read exactly once, by a later
/// definition and not by what reads the definitions afterwards (`read_elsewhere`), is written
/// into its reader instead, parenthesised wherever its reader would regroup it, as
/// [`super::rendering`] does for the evaluator's values: the same operations in the same order,
/// so the same bits. Reads are counted in a first pass, every definition printed with its
/// binding: in the printed text, where a square `z3 * z3` reads its base twice.
fn print_definitions(
    printer: &mut Printer,
    definitions: &[(Symbol, Atom, Destination)],
    read_elsewhere: &HashSet<Symbol>,
) -> Result<Definitions, KernelError> {
    let mut first = printer.clone();
    let mut reads: HashMap<usize, usize> = HashMap::new();
    for (symbol, value, _) in definitions {
        let (text, _) = first.definition(*symbol, value)?;
        for k in bindings_read(&text) {
            *reads.entry(k).or_default() += 1;
        }
    }
    printer.factored = first.factored;
    let mut out = Definitions {
        statements: Vec::with_capacity(definitions.len()),
        bound: Vec::new(),
        deferred: Vec::new(),
    };
    for (symbol, value, destination) in definitions {
        let (text, shape) = printer.definition(*symbol, value)?;
        match destination {
            Destination::Member(element) => {
                out.statements.push(printer.language.store(element, &text))
            }
            Destination::Binding(k) => {
                if reads.get(k) == Some(&1)
                    && !read_elsewhere.contains(symbol)
                    && text.len() <= INLINE_LIMIT
                {
                    printer.inlined.insert(*symbol, (text, shape));
                } else {
                    if !reads.contains_key(k)
                        && read_elsewhere.contains(symbol)
                        && text.len() <= INLINE_LIMIT
                    {
                        out.deferred.push(Deferred {
                            statement: out.statements.len(),
                            input: out.bound.len(),
                            text: text.clone(),
                            binding: shape.binding(),
                        });
                    }
                    out.statements
                        .push(printer.language.binding(&binding(*k), &text));
                    out.bound.push((*symbol, *k));
                }
            }
        }
    }
    Ok(out)
}

/// The numbers of the bindings `zK` that `text` reads, once per read: the names `z` followed by
/// digits that are not part of a longer name nor a field (`self.z1`, `p->z1`).
fn bindings_read(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts_name = bytes[i] == b'z'
            && (i == 0
                || !(bytes[i - 1].is_ascii_alphanumeric() || b"_.>".contains(&bytes[i - 1])));
        if starts_name {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let end = i + 1 + digits;
            let whole =
                end == bytes.len() || !(bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_');
            if digits > 0
                && whole
                && let Ok(k) = text[i + 1..end].parse()
            {
                found.push(k);
            }
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    found
}

/// The pseudo-argument of intermediates (never a function argument).
pub const INTERMEDIATE: &str = "intermediate";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::symbols::pool;

    /// Inputs a, b, c: the first three coordinates.
    fn inputs() -> Vec<Input> {
        let p = pool();
        ["a", "b", "c"]
            .iter()
            .enumerate()
            .map(|(i, name)| Input {
                symbol: p.q[i],
                code: name.to_string(),
                argument: "q",
            })
            .collect()
    }

    /// The statements computing what `output` needs, in `language`.
    fn statements(program: &Program, output: &Atom, language: Language) -> Vec<String> {
        let inputs = inputs();
        prefix(
            program,
            std::slice::from_ref(output),
            &inputs,
            language,
            None,
        )
        .unwrap()
        .statements
    }

    #[test]
    fn binding_names_are_found_once_per_read_and_fields_are_not_bindings() {
        let text = "z1 * z12 + self.z3 - p->z4 + zz5 + z7_x + (z1).cos() + z";
        assert_eq!(bindings_read(text), vec![1, 12, 1]);
    }

    #[test]
    fn a_definition_read_once_is_written_into_its_reader_keeping_its_grouping() {
        // Invariant: the same operations on the same operands in the same order. u = a + b
        // read once by v = c · u is written `c * (a + b)`; v, which the output reads, keeps
        // its binding (`z1`, its position in the program).
        let p = pool();
        let z = Program::new();
        let (a, b, c) = (Atom::var(p.q[0]), Atom::var(p.q[1]), Atom::var(p.q[2]));
        let u = z.define(&a + &b);
        let v = z.define(&c * &u);
        let output = &v + &a;
        assert_eq!(
            statements(&z, &output, Language::Rust),
            ["let z1 = c * (a + b);"]
        );
        assert_eq!(
            statements(&z, &output, Language::C),
            ["const double z1 = c * (a + b);"]
        );
        // v, read by the output alone, may go into the output's code too (the kernel decides,
        // knowing how often its evaluator reads it): its text and how it binds are kept.
        let inputs = inputs();
        let prefix = prefix(
            &z,
            std::slice::from_ref(&output),
            &inputs,
            Language::Rust,
            None,
        );
        let deferred = prefix.unwrap().deferred;
        assert_eq!(deferred.len(), 1);
        assert_eq!((deferred[0].statement, deferred[0].input), (0, 0));
        assert_eq!(deferred[0].text, "c * (a + b)");
        assert_eq!(deferred[0].binding, Binding::Product);
    }

    #[test]
    fn a_sum_written_into_a_later_term_of_a_sum_is_parenthesised() {
        // a + (b + b·c) must not become a + b + b·c, which adds in another order (the terms in
        // symbolica's order).
        let p = pool();
        let z = Program::new();
        let (a, b, c) = (Atom::var(p.q[0]), Atom::var(p.q[1]), Atom::var(p.q[2]));
        let u = z.define(&b * &c + &b);
        let v = z.define(&a + &u);
        let output = &v * &c;
        assert_eq!(
            statements(&z, &output, Language::Rust),
            ["let z1 = a + (b + b * c);"]
        );
    }

    #[test]
    fn a_value_read_twice_or_by_the_output_or_too_long_keeps_its_binding() {
        let p = pool();
        let z = Program::new();
        let (a, b, c) = (Atom::var(p.q[0]), Atom::var(p.q[1]), Atom::var(p.q[2]));
        // Squared: `z0 * z0` reads it twice.
        let u = z.define(&a + &b);
        let square = z.define(&u * &u + &c);
        assert_eq!(
            statements(&z, &(&square * &a), Language::Rust),
            ["let z0 = a + b;", "let z1 = c + z0 * z0;"]
        );
        // Read by the output as well as by a definition.
        let w = z.define(&a * &c + &b);
        let x = z.define(&w * &b);
        assert_eq!(
            statements(&z, &(&x + &w), Language::Rust),
            ["let z2 = a * c + b;", "let z3 = b * z2;"]
        );
        // Longer than the limit: a sum of twelve powers.
        let long = (1..=12).fold(Atom::num(0), |s, k| s + a.clone().pow(Atom::num(k)) * &c);
        let long = z.define(long);
        let reader = z.define(&long * &c);
        let printed = statements(&z, &(&reader + &a), Language::Rust);
        assert_eq!(printed.len(), 2, "{printed:?}");
        assert!(printed[0].len() > INLINE_LIMIT, "{printed:?}");
        assert_eq!(printed[1], "let z5 = c * z4;");
    }
}
