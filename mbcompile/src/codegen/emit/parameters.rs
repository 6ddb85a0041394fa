//! The functions indexed by a parameter number k of the `Jacobians` capability:
//! `force_parameter_derivative`, `mass_action_parameter_derivative` (∂f/∂p_k) and
//! `parameter_enters_constraints`.

use super::super::functions::{Differentiated, FunctionSpec, Shape, Size};
use super::super::input::Input;
use super::super::outputs::{self, Out};
use super::super::tokens::{braced, ident, number};
use super::{Emitter, arg};
use crate::error::EmissionError;
use crate::symbolic::symbols::pool;
use proc_macro2::{Group, TokenStream};
use quote::quote;
use symbolica::atom::Atom;

/// Runs of consecutive members of an increasing list: `[0, 1, 2, 5]` → `[(0, 2), (5, 5)]`.
fn runs(members: impl Iterator<Item = usize>) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for k in members {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == k => *last = k,
            _ => runs.push((k, k)),
        }
    }
    runs
}

/// A match pattern of runs: `0..=2 | 5`.
fn pattern(runs: &[(usize, usize)]) -> TokenStream {
    let alternatives = runs.iter().map(|&(first, last)| {
        let (a, b) = (number(first), number(last));
        if first == last {
            quote!(#a)
        } else {
            quote!(#a..=#b)
        }
    });
    quote!(#(#alternatives)|*)
}

impl Emitter<'_> {
    /// `fn name(&self, state…, k: usize, out: &mut Vector<NQ>) -> bool`: one match arm per
    /// parameter with a derivative of its own, and one arm for all the others, which evaluates
    /// the shared directional derivative with the tangent ṗ = e_k (`dp`).
    pub(super) fn parameter_derivative(
        &mut self,
        spec: &FunctionSpec,
        f: Differentiated,
    ) -> Result<TokenStream, EmissionError> {
        let pd = outputs::parameter_derivatives(self.d, f);
        let inputs = self.inputs(spec.arguments);
        let mut used: Vec<&'static str> = vec![];
        let mut arms = TokenStream::new();
        for (k, d) in &pd.separate {
            let member = format!("{}[{k}]", spec.name);
            let (mut body, u) = self.write(&member, &inputs, &outputs::vector(d, 0), &["out"])?;
            used.extend(u);
            body.extend(quote!(true));
            let (k, body) = (number(*k), braced(body));
            arms.extend(quote!(#k => #body));
        }
        if !pd.seeded.is_empty() {
            let (body, u) = self.directional(spec, &inputs, &pd.seeded, &pd.directional)?;
            used.extend(u);
            let members = pattern(&runs(pd.seeded.iter().copied()));
            arms.extend(quote!(#members => #body));
        }
        let body = if arms.is_empty() {
            quote!(false)
        } else {
            used.push("k");
            quote!(match k { #arms _ => false })
        };
        let mut args = self.state_arguments(spec.arguments, &used);
        args.push(arg("k", quote!(usize), &used));
        let out = self.buffer_type(Shape::Vector(Size::Coordinates));
        args.push(arg("out", out, &used));
        let name = ident(spec.name);
        Ok(quote!(fn #name(&self #(, #args)*) -> bool { #body }))
    }

    /// The arm body of the seeded parameters: `let mut dp = [0.0; NP]; dp[k] = 1.0;` (when the
    /// kernel reads it), the kernel of the directional derivative, `true`.
    fn directional(
        &mut self,
        spec: &FunctionSpec,
        inputs: &[Input],
        seeded: &[usize],
        directional: &[Atom],
    ) -> Result<(Group, Vec<&'static str>), EmissionError> {
        let p = pool();
        let mut inputs = inputs.to_vec();
        inputs.extend(seeded.iter().map(|&j| Input {
            symbol: p.dp[j],
            code: format!("dp[{j}]"),
            argument: "dp",
        }));
        let outs: Vec<Out> = outputs::vector(directional, 0);
        let member = format!("{}[seeded]", spec.name);
        let (kernel, used) = self.write(&member, &inputs, &outs, &["out"])?;
        let mut body = TokenStream::new();
        if used.contains(&"dp") {
            let np = number(self.d.np);
            body.extend(quote!(let mut dp = [0.0; #np]; dp[k] = 1.0;));
        }
        body.extend(kernel);
        body.extend(quote!(true));
        Ok((braced(body), used))
    }

    /// `fn name(&self, k: usize) -> bool`: true for the parameters that enter the constraints,
    /// consecutive ones as a range (`k == 1`, `(0..=3).contains(&k) || k == 6`).
    pub(super) fn parameters_in_constraints(&self, spec: &FunctionSpec) -> TokenStream {
        let name = ident(spec.name);
        let flags = &self.d.jacobians.parameter_in_constraints;
        let runs = runs((0..flags.len()).filter(|&k| flags[k]));
        if runs.is_empty() {
            return quote!(fn #name(&self, _k: usize) -> bool { false });
        }
        let tests = runs.iter().map(|&(first, last)| {
            let (a, b) = (number(first), number(last));
            if first == last {
                quote!(k == #a)
            } else {
                quote!((#a..=#b).contains(&k))
            }
        });
        quote!(fn #name(&self, k: usize) -> bool { #(#tests)||* })
    }
}
