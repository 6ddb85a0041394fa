//! Rust tokens from pieces of generated code: text the kernels and the model provide (names,
//! literals, straight-line statements) is lexed; fixed names become identifiers.

use crate::error::EmissionError;
use proc_macro2::{Delimiter, Group, Ident, Literal, Span, TokenStream};

/// The tokens of a piece of code generated for `function`.
pub fn code(function: &str, text: &str) -> Result<TokenStream, EmissionError> {
    text.parse()
        .map_err(|e: proc_macro2::LexError| EmissionError::Tokens {
            function: function.to_string(),
            message: e.to_string(),
            code: text.to_string(),
        })
}

/// An identifier the generator chooses (argument and function names).
pub fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}

/// An index or size: `3`.
pub fn number(n: usize) -> Literal {
    Literal::usize_unsuffixed(n)
}

/// `{ stream }`, taking the stream (splicing a stream into `quote!` copies its tokens; large
/// function bodies are moved instead).
pub fn braced(stream: TokenStream) -> Group {
    Group::new(Delimiter::Brace, stream)
}

/// `[ stream ]`, taking the stream.
pub fn bracketed(stream: TokenStream) -> Group {
    Group::new(Delimiter::Bracket, stream)
}
