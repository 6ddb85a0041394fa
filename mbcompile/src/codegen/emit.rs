//! One generated function from its specification ([`super::functions`]): the signature, and a
//! body of straight-line code from the kernel of its outputs, as Rust tokens. The functions over
//! the parameters are in [`parameters`].

mod articulated;
mod parameters;
mod shared;

use super::functions::{
    Argument, Buffer, Family, FunctionSpec, JetBuffer, Output, Scalar, Shape, Size, jet_inputs,
    kernel_inputs,
};
use super::input::Input;
use super::kernel::{Kernel, kernel};
use super::language::Language;
use super::outputs::{self, Out};
use super::shared::Plan;
use super::tokens::{braced, bracketed, code, ident, number};
use crate::cpu_time::cpu_seconds;
use crate::dsl::ast::Model;
use crate::error::EmissionError;
use crate::symbolic::derive::Derived;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use symbolica::atom::{Atom, Symbol};

/// Statistics of the generated code.
#[derive(Debug, Clone, Default)]
pub struct Stats {
    /// Arithmetic operations per function, in emission order.
    pub operations: Vec<(String, usize)>,
    /// CPU seconds spent building each function's evaluator and code.
    pub seconds: Vec<(String, f64)>,
}

/// `name: ty`, or `_name: ty` when the body does not read it.
fn arg(name: &str, ty: TokenStream, used: &[&str]) -> TokenStream {
    let id = if used.contains(&name) {
        ident(name)
    } else {
        ident(&format!("_{name}"))
    };
    quote!(#id: #ty)
}

/// Emits the functions of one model.
pub struct Emitter<'a> {
    model: &'a Model,
    d: &'a Derived,
    horner: usize,
    /// The intermediates shared through helpers.
    plan: Option<&'a Plan>,
    /// In a recording pass: the closure of every `f64` kernel so far (no code is made).
    pub sites: Option<Vec<Vec<Symbol>>>,
    /// Operation counts and times so far.
    pub stats: Stats,
}

impl<'a> Emitter<'a> {
    /// An emitter with Horner-scheme search iterations `horner`, reading the intermediates of
    /// `plan` from its helpers.
    pub fn new(model: &'a Model, d: &'a Derived, horner: usize, plan: Option<&'a Plan>) -> Self {
        Emitter {
            model,
            d,
            horner,
            plan,
            sites: None,
            stats: Stats::default(),
        }
    }

    /// An emitter that only records the closure of every `f64` kernel (in `sites`), for the
    /// plan of shared intermediates; the code it returns is discarded.
    pub fn recording(model: &'a Model, d: &'a Derived) -> Self {
        Emitter {
            sites: Some(Vec::new()),
            ..Emitter::new(model, d, 0, None)
        }
    }

    /// The function of `spec`.
    pub fn function(&mut self, spec: &FunctionSpec) -> Result<TokenStream, EmissionError> {
        match spec.output {
            Output::Scalar(s) => self.scalar(spec, s),
            Output::Buffers(buffers) => self.buffers(spec, buffers),
            Output::Indexed {
                index,
                buffer,
                shape,
                family,
            } => self.indexed(spec, index, buffer, shape, family),
            Output::ContactLaws => self.contact_laws(spec),
            Output::ParameterDerivative(f) => self.parameter_derivative(spec, f),
            Output::ParametersInConstraints => Ok(self.parameters_in_constraints(spec)),
            Output::Jets {
                multipliers,
                buffers,
            } => self.jets(spec, multipliers, buffers),
        }
    }

    fn size(&self, s: Size) -> Literal {
        number(match s {
            Size::Coordinates => self.d.nq,
            Size::Bilateral => self.d.nb,
            Size::Contacts => self.d.nu,
        })
    }

    fn buffer_type(&self, shape: Shape) -> TokenStream {
        match shape {
            Shape::Vector(n) => {
                let n = self.size(n);
                quote!(&mut Vector<#n>)
            }
            Shape::Matrix(r, c) => {
                let (r, c) = (self.size(r), self.size(c));
                quote!(&mut Matrix<#r, #c>)
            }
        }
    }

    /// The state arguments of a signature.
    fn state_arguments(&self, arguments: &[Argument], used: &[&str]) -> Vec<TokenStream> {
        let nq = number(self.d.nq);
        arguments
            .iter()
            .map(|a| match a {
                Argument::T => arg("t", quote!(f64), used),
                a => arg(a.name(), quote!(&Vector<#nq>), used),
            })
            .collect()
    }

    /// The kernel inputs of a function: the parameters, its state arguments, the time.
    fn inputs(&self, arguments: &[Argument]) -> Vec<Input> {
        kernel_inputs(self.model, self.d.nq, arguments, "self", |name| {
            format!("self.{name}")
        })
    }

    /// The kernel of `atoms` over `inputs`, with its operation count and time recorded under
    /// `name`.
    fn kernel(
        &mut self,
        name: &str,
        inputs: &[Input],
        atoms: &[Atom],
    ) -> Result<Kernel, EmissionError> {
        self.kernel_on(name, inputs, atoms, false)
    }

    /// [`kernel`](Self::kernel) of `f64` values, or with `jets` of jets (which compute their
    /// intermediates themselves: the helpers work on `f64`).
    fn kernel_on(
        &mut self,
        name: &str,
        inputs: &[Input],
        atoms: &[Atom],
        jets: bool,
    ) -> Result<Kernel, EmissionError> {
        if let Some(sites) = &mut self.sites {
            if !jets {
                let refs: Vec<&Atom> = atoms.iter().collect();
                let closure = self.d.program.closure(&refs);
                sites.push(closure.into_iter().map(|(s, _)| s).collect());
            }
            return Ok(Kernel::placeholder(atoms.len()));
        }
        let plan = if jets { None } else { self.plan };
        let start = cpu_seconds();
        let k = kernel(
            &self.d.program,
            atoms,
            inputs,
            self.horner,
            Language::Rust,
            plan,
        )
        .map_err(|source| EmissionError::Kernel {
            function: name.to_string(),
            source,
        })?;
        self.stats.operations.push((name.to_string(), k.operations));
        self.stats
            .seconds
            .push((name.to_string(), cpu_seconds() - start));
        Ok(k)
    }

    /// Statements writing `outs` into `buffers`, and the arguments they read or write. Buffers
    /// holding any zero entry are cleared first; then only non-zero entries are written.
    fn write(
        &mut self,
        name: &str,
        inputs: &[Input],
        outs: &[Out],
        buffers: &[&'static str],
    ) -> Result<(TokenStream, Vec<&'static str>), EmissionError> {
        self.write_as(name, inputs, outs, buffers, false)
    }

    /// [`write`](Self::write) into buffers of `f64` or, with `jets`, of `Jet<N>` (cleared with
    /// `Jet::ZERO`, each value lifted by `Jet::lift`, which takes a real or a jet).
    fn write_as(
        &mut self,
        name: &str,
        inputs: &[Input],
        outs: &[Out],
        buffers: &[&'static str],
        jets: bool,
    ) -> Result<(TokenStream, Vec<&'static str>), EmissionError> {
        let atoms: Vec<Atom> = outs.iter().map(|o| o.atom.clone()).collect();
        let k = self.kernel_on(name, inputs, &atoms, jets)?;
        let mut used = k.arguments_used.clone();
        let mut fills = TokenStream::new();
        for (b, buffer) in buffers.iter().enumerate() {
            let has_zero = outs
                .iter()
                .zip(&k.values)
                .any(|(o, v)| v == "0.0" && o.targets.iter().any(|t| t.buffer == b));
            if has_zero {
                let id = ident(buffer);
                fills.extend(if jets {
                    quote!(#id.fill(Jet::ZERO);)
                } else {
                    quote!(#id.fill(0.0);)
                });
                used.push(*buffer);
            }
        }
        let statements = code(name, &k.statements.join("\n"))?;
        let mut writes = TokenStream::new();
        for (o, v) in outs.iter().zip(&k.values) {
            if v == "0.0" {
                continue;
            }
            let mut value = code(name, v)?;
            if jets {
                value = quote!(Jet::lift(#value));
            }
            for t in &o.targets {
                let b = ident(buffers[t.buffer]);
                let row = number(t.row);
                writes.extend(match t.column {
                    Some(c) => {
                        let c = number(c);
                        quote!(#b[(#row, #c)] = #value;)
                    }
                    None => quote!(#b[#row] = #value;),
                });
                used.push(buffers[t.buffer]);
            }
        }
        let mut body = fills;
        body.extend(statements);
        body.extend(writes);
        Ok((body, used))
    }

    /// `fn name(&self, state…) -> f64`: the last binding becomes the tail expression.
    fn scalar(&mut self, spec: &FunctionSpec, s: Scalar) -> Result<TokenStream, EmissionError> {
        let atom = outputs::scalar(self.d, s).clone();
        let k = self.kernel(spec.name, &self.inputs(spec.arguments), &[atom])?;
        let v = &k.values[0];
        let binding = format!("let {v} = ");
        let (statements, tail) = match k.statements.split_last() {
            Some((last, rest)) if last.starts_with(&binding) => (
                rest,
                last[binding.len()..].trim_end_matches(';').to_string(),
            ),
            _ => (&k.statements[..], v.clone()),
        };
        let code_text = format!("{} {tail}", statements.join("\n"));
        let body = braced(code(spec.name, &code_text)?);
        let args = self.state_arguments(spec.arguments, &k.arguments_used);
        let name = ident(spec.name);
        Ok(quote!(fn #name(&self #(, #args)*) -> f64 #body))
    }

    /// `fn name(&self, state…, buffers…)`.
    fn buffers(
        &mut self,
        spec: &FunctionSpec,
        buffers: &[Buffer],
    ) -> Result<TokenStream, EmissionError> {
        let mut outs = Vec::new();
        for (b, buffer) in buffers.iter().enumerate() {
            outs.extend(outputs::quantity(self.d, buffer.quantity, b));
        }
        let names: Vec<&'static str> = buffers.iter().map(|b| b.name).collect();
        let inputs = self.inputs(spec.arguments);
        let (body, used) = self.write(spec.name, &inputs, &outs, &names)?;
        let body = braced(body);
        let mut args = self.state_arguments(spec.arguments, &used);
        for b in buffers {
            args.push(arg(b.name, self.buffer_type(b.shape), &used));
        }
        let name = ident(spec.name);
        Ok(quote!(fn #name(&self #(, #args)*) #body))
    }

    /// `fn name(&self, state…, index, buffer) -> bool`: one match arm per member.
    fn indexed(
        &mut self,
        spec: &FunctionSpec,
        index: &'static str,
        buffer: &'static str,
        shape: Shape,
        family: Family,
    ) -> Result<TokenStream, EmissionError> {
        let members = outputs::family(self.d, family);
        let inputs = self.inputs(spec.arguments);
        let mut used: Vec<&'static str> = vec![];
        let mut arms = TokenStream::new();
        for (k, outs) in members.iter().enumerate() {
            let member = format!("{}[{k}]", spec.name);
            let (mut b, u) = self.write(&member, &inputs, outs, &[buffer])?;
            used.extend(u);
            b.extend(quote!(true));
            let (k, b) = (number(k), braced(b));
            arms.extend(quote!(#k => #b));
        }
        let body = if members.is_empty() {
            quote!(false)
        } else {
            used.push(index);
            let i = ident(index);
            quote!(match #i { #arms _ => false })
        };
        let mut args = self.state_arguments(spec.arguments, &used);
        args.push(arg(index, quote!(usize), &used));
        args.push(arg(buffer, self.buffer_type(shape), &used));
        let name = ident(spec.name);
        Ok(quote!(fn #name(&self #(, #args)*) -> bool { #body }))
    }

    /// `fn name<const N: usize>(&self, x: &StateJet<N, NQ>, [lambda_b, lambda_n,] buffers…)`:
    /// the kernel of the quantities, run on jets (the same straight-line code as for `f64`:
    /// `mbruntime::Jet` has the operators and methods the kernel uses).
    fn jets(
        &mut self,
        spec: &FunctionSpec,
        multipliers: bool,
        buffers: &[JetBuffer],
    ) -> Result<TokenStream, EmissionError> {
        let mut outs = Vec::new();
        for (b, buffer) in buffers.iter().enumerate() {
            outs.extend(outputs::jet_quantity(self.d, buffer.quantity, b));
        }
        let names: Vec<&'static str> = buffers.iter().map(|b| b.name).collect();
        let inputs = jet_inputs(self.model, self.d.nq, self.d.nb, self.d.nu);
        let (body, used) = self.write_as(spec.name, &inputs, &outs, &names, true)?;
        let body = braced(body);
        let nq = self.size(Size::Coordinates);
        let mut args = vec![arg("x", quote!(&StateJet<N, #nq>), &used)];
        if multipliers {
            let (nb, nu) = (self.size(Size::Bilateral), self.size(Size::Contacts));
            args.push(arg("lambda_b", quote!(&[Jet<N>; #nb]), &used));
            args.push(arg("lambda_n", quote!(&[Jet<N>; #nu]), &used));
        }
        for b in buffers {
            let n = self.size(b.size);
            args.push(arg(b.name, quote!(&mut [Jet<N>; #n]), &used));
        }
        let name = ident(spec.name);
        Ok(quote!(fn #name<const N: usize>(&self #(, #args)*) #body))
    }

    /// `fn contact_laws(&self) -> [ContactLaw; NU]`.
    fn contact_laws(&mut self, spec: &FunctionSpec) -> Result<TokenStream, EmissionError> {
        let atoms = outputs::contact_laws(self.d);
        let k = self.kernel(spec.name, &self.inputs(spec.arguments), &atoms)?;
        let mut entries = TokenStream::new();
        for (c, has) in self.d.kinematics.has_tangent.iter().enumerate() {
            let value = |i: usize| code(spec.name, &k.values[3 * c + i]);
            let (normal, tangential, friction) = (value(0)?, value(1)?, value(2)?);
            entries.extend(quote!(ContactLaw {
                normal_restitution: #normal,
                tangential_restitution: #tangential,
                friction: #friction,
                has_tangent: #has
            },));
        }
        let mut body = code(spec.name, &k.statements.join("\n"))?;
        let laws = bracketed(entries);
        body.extend(quote!(#laws));
        let (name, nu, body) = (ident(spec.name), number(self.d.nu), braced(body));
        Ok(quote!(fn #name(&self) -> [ContactLaw; #nu] #body))
    }
}
