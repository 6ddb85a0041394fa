//! The items of a generated module around its functions: the sizes and fingerprint, the
//! parameter struct with its `Default`, and the five capability impls with their constants and
//! parameter accessors.

use super::functions::Capability;
use super::language::Language;
use super::tokens::{code, number};
use crate::dsl::ast::Model;
use crate::dsl::source::{
    EQUATIONS_LATEX_EXTENSION, EQUATIONS_TEXT_EXTENSION, equations_file_name,
};
use crate::error::EmissionError;
use crate::symbolic::derive::Derived;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The functions of each capability trait, in emission order.
#[derive(Default)]
pub struct Impls {
    /// `Dynamics`.
    pub dynamics: TokenStream,
    /// `Constraints`.
    pub constraints: TokenStream,
    /// `Rates`.
    pub rates: TokenStream,
    /// `Statics`.
    pub statics: TokenStream,
    /// `Jacobians`.
    pub jacobians: TokenStream,
    /// The structs holding the values of shared intermediates.
    pub shared_types: TokenStream,
    /// The helpers of shared intermediates, in an inherent impl.
    pub shared: TokenStream,
}

impl Impls {
    /// The functions of capability `c`.
    pub fn of(&mut self, c: Capability) -> &mut TokenStream {
        match c {
            Capability::Dynamics => &mut self.dynamics,
            Capability::Constraints => &mut self.constraints,
            Capability::Rates => &mut self.rates,
            Capability::Statics => &mut self.statics,
            Capability::Jacobians => &mut self.jacobians,
        }
    }
}

/// A name of the model as Rust tokens (an identifier as written in the block).
fn name(text: &str) -> Result<TokenStream, EmissionError> {
    code("names", text)
}

/// A name of the model as a string literal (`"theta"`).
fn quoted(text: &str) -> Result<TokenStream, EmissionError> {
    code("names", &format!("{text:?}"))
}

/// The fields of the parameter struct (documented) and of its `Default`.
fn parameter_fields(model: &Model) -> Result<(TokenStream, TokenStream), EmissionError> {
    let mut fields = TokenStream::new();
    let mut defaults = TokenStream::new();
    for p in &model.parameters {
        let value = Language::Rust.literal(p.default.value);
        let mut docs: Vec<String> = p.doc.iter().map(|line| format!(" {line}")).collect();
        if docs.is_empty() {
            docs.push(format!(" Parameter `{}` (default {value}).", p.name.text));
        }
        let field = name(&p.name.text)?;
        let value = code("Default", &value)?;
        fields.extend(quote!(#(#[doc = #docs])* pub #field: f64,));
        defaults.extend(quote!(#field: #value,));
    }
    Ok((fields, defaults))
}

/// The bodies of `parameter` and `set_parameter`.
fn parameter_accessors(model: &Model) -> Result<(TokenStream, TokenStream), EmissionError> {
    if model.parameters.is_empty() {
        return Ok((
            quote!(let _ = k; None),
            quote!(let _ = value; Err(ParameterError::Unknown(k.to_string()))),
        ));
    }
    let mut get = TokenStream::new();
    let mut set = TokenStream::new();
    for (k, p) in model.parameters.iter().enumerate() {
        let (k, field, shown) = (number(k), name(&p.name.text)?, quoted(&p.name.text)?);
        get.extend(quote!(#k => Some(self.#field),));
        set.extend(quote!(#k => (&mut self.#field, #shown),));
    }
    Ok((
        quote!(match k { #get _ => None }),
        quote! {
            let (slot, name) = match k { #set _ => return Err(ParameterError::Unknown(k.to_string())) };
            if !value.is_finite() { return Err(ParameterError::NonFinite { name, value }); }
            *slot = value; Ok(())
        },
    ))
}

/// String literals of a list of names.
fn quoted_all<'m>(names: impl Iterator<Item = &'m str>) -> Result<Vec<TokenStream>, EmissionError> {
    names.map(quoted).collect()
}

/// The impls of the optional capability traits a model selected, and the runtime items the
/// module imports (only the traits it implements, so that nothing is unused).
struct Optional {
    rates: Option<TokenStream>,
    statics: Option<TokenStream>,
    jacobians: Option<TokenStream>,
    traits: Vec<TokenStream>,
}

fn optional_impls(d: &Derived, name: &TokenStream, bodies: [TokenStream; 3]) -> Optional {
    let (nq, nb, nu) = (number(d.nq), number(d.nb), number(d.nu));
    let [rates, statics, jacobians] = bodies;
    let caps = d.capabilities;
    let rates = caps.rates.then(|| {
        quote! {
            impl Rates<#nq, #nb, #nu> for #name {
                #rates
            }
        }
    });
    let statics = caps.statics.then(|| {
        quote! {
            impl Statics<#nq> for #name {
                #statics
            }
        }
    });
    let jacobians = caps.jacobians.then(|| {
        quote! {
            impl Jacobians<#nq, #nb, #nu> for #name {
                #jacobians
            }
        }
    });
    let mut traits = vec![quote!(Constraints), quote!(ContactLaw), quote!(Dynamics)];
    if caps.jacobians {
        traits.push(quote!(Jacobians));
    }
    if caps.rates {
        traits.push(quote!(Jet));
    }
    traits.extend([quote!(Matrix), quote!(ParameterError)]);
    if caps.rates {
        traits.extend([quote!(Rates), quote!(StateJet)]);
    }
    if caps.statics {
        traits.push(quote!(Statics));
    }
    traits.push(quote!(Vector));
    Optional {
        rates,
        statics,
        jacobians,
        traits,
    }
}

/// `const TANGENT_PLANES: [bool; NU] = […];` for a model with a tangent plane (nothing
/// otherwise: the trait's default is "none").
fn tangent_planes(d: &Derived) -> TokenStream {
    let k = &d.kinematics;
    if !k.any_tangent_plane() {
        return TokenStream::new();
    }
    let (nu, planes) = (number(d.nu), &k.tangent_planes);
    quote!(const TANGENT_PLANES: [bool; #nu] = [#(#planes),*];)
}

/// `const HOLONOMIC: [bool; NB] = […];` for a model with a velocity constraint (nothing
/// otherwise: the trait's default is "all holonomic").
fn holonomic(d: &Derived) -> TokenStream {
    if !d.holonomic.contains(&false) {
        return TokenStream::new();
    }
    let (nb, flags) = (number(d.nb), &d.holonomic);
    quote!(const HOLONOMIC: [bool; #nb] = [#(#flags),*];)
}

/// The structs of the shared intermediates and the inherent impl of their helpers (nothing for
/// a module without helpers).
fn shared_items(name: &TokenStream, types: TokenStream, helpers: TokenStream) -> TokenStream {
    if helpers.is_empty() {
        return TokenStream::new();
    }
    quote! {
        #types

        /// Intermediates several functions share, each group computed by one helper.
        impl #name {
            #helpers
        }
    }
}

/// The whole module but its header comment.
pub fn module_items(
    model: &Model,
    d: &Derived,
    fingerprint: &str,
    impls: Impls,
) -> Result<TokenStream, EmissionError> {
    let name = name(&model.name.text)?;
    let shown = code("names", &format!("\"{}\"", model.name.text))?;
    let (nq, nb, nu) = (number(d.nq), number(d.nb), number(d.nu));
    let fingerprint = Literal::string(fingerprint);
    let module = model.module_name();
    let equations = Literal::string(&equations_file_name(&module, EQUATIONS_TEXT_EXTENSION));
    let equations_latex = Literal::string(&equations_file_name(&module, EQUATIONS_LATEX_EXTENSION));
    let struct_doc = format!(
        " Parameters of the mechanism `{}`; the model functions are its implementations of the capability traits of [`mbruntime::Mechanism`].",
        model.name.text
    );
    let (fields, defaults) = parameter_fields(model)?;
    let (get, set) = parameter_accessors(model)?;
    let coordinates = quoted_all(model.coordinates.iter().map(|c| c.text.as_str()))?;
    let bilateral = quoted_all(d.constraint_names.iter().map(String::as_str))?;
    let contacts = quoted_all(model.contacts.iter().map(|c| c.name.text.as_str()))?;
    let tangent_planes = tangent_planes(d);
    let holonomic = holonomic(d);
    let parameters = quoted_all(model.parameters.iter().map(|p| p.name.text.as_str()))?;
    let rheonomic = d.rheonomic;
    let Impls {
        dynamics,
        constraints,
        rates,
        statics,
        jacobians,
        shared,
        shared_types,
    } = impls;
    let shared_impl = shared_items(&name, shared_types, shared);
    let Optional {
        rates,
        statics,
        jacobians,
        traits,
    } = optional_impls(d, &name, [rates, statics, jacobians]);
    Ok(quote! {
        use mbruntime::{ #(#traits),* };

        /// Number of generalised coordinates.
        pub const NQ: usize = #nq;
        /// Number of bilateral constraints.
        pub const NB: usize = #nb;
        /// Number of unilateral contacts.
        pub const NU: usize = #nu;
        /// Fingerprint of the model this module was generated from.
        pub const FINGERPRINT: &str = #fingerprint;
        /// The derived equations of this model in plain text, as `mbcompile print` shows them
        /// (T, V, M, h and the constraint and contact functions with their Jacobians): snapshot
        /// them to review every change of the derivation.
        pub const EQUATIONS: &str = include_str!(#equations);
        /// The derived equations of this model in LaTeX, as `mbcompile print --format latex`
        /// shows them.
        pub const EQUATIONS_LATEX: &str = include_str!(#equations_latex);

        #[doc = #struct_doc]
        #[derive(Debug, Clone, Copy, PartialEq)]
        #[allow(non_snake_case)]
        pub struct #name {
            #fields
        }

        impl Default for #name {
            fn default() -> Self {
                Self { #defaults }
            }
        }

        #shared_impl

        impl Dynamics<#nq> for #name {
            const NAME: &'static str = #shown;
            const FINGERPRINT: &'static str = FINGERPRINT;
            const COORDINATES: [&'static str; #nq] = [#(#coordinates),*];
            const RHEONOMIC: bool = #rheonomic;

            fn parameter_names(&self) -> &'static [&'static str] {
                &[#(#parameters),*]
            }

            fn parameter(&self, k: usize) -> Option<f64> {
                #get
            }

            fn set_parameter(&mut self, k: usize, value: f64) -> Result<(), ParameterError> {
                #set
            }

            #dynamics
        }

        impl Constraints<#nq, #nb, #nu> for #name {
            const BILATERAL: [&'static str; #nb] = [#(#bilateral),*];
            const CONTACTS: [&'static str; #nu] = [#(#contacts),*];
            #tangent_planes
            #holonomic

            #constraints
        }

        #rates

        #statics

        #jacobians
    })
}
