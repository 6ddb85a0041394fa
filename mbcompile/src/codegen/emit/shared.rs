//! The helpers of shared intermediates (see [`crate::codegen::shared`]): one private method per
//! group of the plan that some kernel reads, returning the group's values in a struct, inlined
//! in optimised builds.

use super::super::intermediates::helper_body;
use super::super::language::Language;
use super::super::shared::Plan;
use super::super::tokens::{code, ident};
use super::Emitter;
use crate::error::EmissionError;
use proc_macro2::TokenStream;
use quote::quote;

impl Emitter<'_> {
    /// For each group `used` marks: `struct Shared3 { v0: f64, … }`, its values, and
    /// `fn shared3(&self, q, qd, s1: &Shared1) -> Shared3`, the helper computing them (the
    /// structs, then the helpers as the items of an inherent impl). A struct, not an array:
    /// reading a field costs no bounds check, which unoptimised builds of the callers would
    /// otherwise compile for every read.
    pub(in super::super) fn shared_helpers(
        &mut self,
        plan: &Plan,
        used: &[bool],
    ) -> Result<(TokenStream, TokenStream), EmissionError> {
        let mut types = TokenStream::new();
        let mut helpers = TokenStream::new();
        for (g, group) in plan.groups.iter().enumerate().filter(|(g, _)| used[*g]) {
            let name = group.helper();
            let inputs = self.inputs(&group.arguments);
            let body = helper_body(&self.d.program, plan, g, &inputs, Language::Rust).map_err(
                |source| EmissionError::Kernel {
                    function: name.clone(),
                    source,
                },
            )?;
            self.stats.operations.push((name.clone(), body.operations));
            let statements = code(&name, &body.statements.join("\n"))?;
            let mut args = self.state_arguments(&group.arguments, &body.arguments_used);
            for &r in &group.reads {
                let read = &plan.groups[r];
                let (a, ty) = (ident(&read.local()), ident(&read.type_name()));
                args.push(quote!(#a: &#ty));
            }
            // Each member is stored as it is computed; seven arguments with `self` is clippy's
            // default limit.
            let allow = if args.len() >= 7 {
                quote!(#[allow(clippy::field_reassign_with_default, clippy::too_many_arguments)])
            } else {
                quote!(#[allow(clippy::field_reassign_with_default)])
            };
            let (helper, array, ty) = (
                ident(&name),
                ident(&group.local()),
                ident(&group.type_name()),
            );
            let fields = (0..group.members.len()).map(|k| ident(&group.field(k)));
            let doc = format!(" The intermediates of `{name}` ({}).", group.depends_on());
            types.extend(quote! {
                #[doc = #doc]
                #[derive(Default)]
                struct #ty { #(#fields: f64,)* }
            });
            helpers.extend(quote! {
                #allow
                #[cfg_attr(not(debug_assertions), inline(always))]
                fn #helper(&self #(, #args)*) -> #ty {
                    let mut #array = #ty::default();
                    #statements
                    #array
                }
            });
        }
        Ok((types, helpers))
    }
}
