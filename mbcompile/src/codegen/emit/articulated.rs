//! `articulated_acceleration`: q̈ = M⁻¹ h by the articulated-body algorithm, generated for the
//! structured route (see `symbolic::tree::articulated`).

use super::super::functions::Argument;
use super::super::tokens::{braced, code, ident, number};
use super::{Emitter, arg};
use crate::error::EmissionError;
use crate::symbolic::tree::articulated::Articulated;
use proc_macro2::TokenStream;
use quote::quote;
use symbolica::atom::Atom;

/// The name of the generated method.
const NAME: &str = "articulated_acceleration";

impl Emitter<'_> {
    /// `fn articulated_acceleration(&self, q, qd, t, qdd: &mut Vector<NQ>) -> bool`: writes
    /// q̈ and returns whether every pivot D_k is positive and q̈ finite (the contract's
    /// condition for using it instead of factorising M).
    pub(in super::super) fn articulated(
        &mut self,
        a: &Articulated,
    ) -> Result<TokenStream, EmissionError> {
        let arguments = [Argument::Q, Argument::Qd, Argument::T];
        let inputs = self.inputs(&arguments);
        let atoms: Vec<Atom> = a.acceleration.iter().chain(&a.pivots).cloned().collect();
        let k = self.kernel(NAME, &inputs, &atoms)?;
        let mut body = code(NAME, &k.statements.join("\n"))?;
        let nq = self.d.nq;
        for (i, v) in k.values[..nq].iter().enumerate() {
            let (i, v) = (number(i), code(NAME, v)?);
            body.extend(quote!(qdd[#i] = #v;));
        }
        let mut checks = Vec::new();
        // Each distinct pivot once (a floating body's translations all pivot on its mass).
        let mut pivots: Vec<&String> = Vec::new();
        for v in &k.values[nq..] {
            if pivots.contains(&v) {
                continue;
            }
            pivots.push(v);
            // A constant pivot is a positive literal: checked here, not at run time.
            match v.parse::<f64>() {
                Ok(c) if c > 0.0 => {}
                Ok(_) => checks.push(quote!(false)),
                Err(_) => {
                    let v = code(NAME, v)?;
                    checks.push(quote!(#v > 0.0));
                }
            }
        }
        body.extend(quote!(#(#checks &&)* qdd.iter().all(|x| x.is_finite())));
        let mut used = k.arguments_used.clone();
        used.push("qdd");
        let mut args = self.state_arguments(&arguments, &used);
        let n = number(nq);
        args.push(arg("qdd", quote!(&mut Vector<#n>), &used));
        let (name, body) = (ident(NAME), braced(body));
        Ok(quote!(fn #name(&self #(, #args)*) -> bool #body))
    }
}
