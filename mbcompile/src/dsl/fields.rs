//! Pieces of syntax shared by the items of a `mechanism!` block: names, braced `key: value`
//! fields, and fields given at most once.

use super::ast::Name;
use proc_macro2::Span;
use syn::parse::{Parse, ParseStream};
use syn::punctuated::Punctuated;
use syn::{Error, Ident, Token, braced};

/// The name an identifier gives, with its place.
pub fn name(i: &Ident) -> Name {
    Name {
        text: i.to_string(),
        span: i.span(),
    }
}

/// Stores a field's value, reporting a second occurrence at `span`.
pub fn set_once<T>(slot: &mut Option<T>, value: T, span: Span, what: &str) -> syn::Result<()> {
    if slot.is_some() {
        return Err(Error::new(
            span,
            format!("duplicate `{what}`: it may be given only once"),
        ));
    }
    *slot = Some(value);
    Ok(())
}

/// `key: value` with the value kept as syn syntax until the key says what it must be.
pub struct Field {
    /// The key.
    pub key: Ident,
    /// The value as written.
    pub value: syn::Expr,
}

impl Field {
    /// Stores the value made of this field, reporting a second occurrence of its key.
    pub fn store<T>(&self, slot: &mut Option<T>, value: T) -> syn::Result<()> {
        set_once(slot, value, self.key.span(), &self.key.to_string())
    }
}

impl Parse for Field {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input.parse()?;
        input.parse::<Token![:]>()?;
        Ok(Field {
            key,
            value: input.parse()?,
        })
    }
}

/// The fields of a braced item, in order, and the closing brace.
pub fn fields(input: ParseStream) -> syn::Result<(Vec<Field>, Span)> {
    let content;
    let brace = braced!(content in input);
    let fs: Punctuated<Field, Token![,]> = Punctuated::parse_terminated(&content)?;
    Ok((fs.into_iter().collect(), brace.span.close()))
}
