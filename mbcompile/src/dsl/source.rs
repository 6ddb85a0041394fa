//! Where models live: `mechanism!` blocks in a crate's sources, and the generated module files.

use super::ast::Model;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// Directory, relative to the crate root, that holds generated modules.
pub const GENERATED_DIR: &str = "src/generated";

/// The line of a generated file that records the fingerprint of its model.
pub(crate) const FINGERPRINT_PREFIX: &str = "// fingerprint: ";

/// The last line of a generated module, with its fingerprint again: a file that does not end
/// with it was cut short (an interrupted copy, a full disk) and is refused, not compiled.
pub(crate) const END_PREFIX: &str = "// end of generated module, fingerprint: ";

/// The generated module of `module` in the crate at `manifest_dir`.
pub fn generated_path(manifest_dir: &Path, module: &str) -> PathBuf {
    manifest_dir
        .join(GENERATED_DIR)
        .join(format!("{module}.rs"))
}

/// The extension of the plain-text equations report written beside a generated module.
pub const EQUATIONS_TEXT_EXTENSION: &str = "equations.txt";

/// The extension of the LaTeX equations report written beside a generated module.
pub const EQUATIONS_LATEX_EXTENSION: &str = "equations.tex";

/// The file name of an equations report of `module` (`pendulum.equations.txt` for the extension
/// [`EQUATIONS_TEXT_EXTENSION`]), beside the module in [`GENERATED_DIR`].
pub(crate) fn equations_file_name(module: &str, extension: &str) -> String {
    format!("{module}.{extension}")
}

/// The equations report of `module` with `extension` in the crate at `manifest_dir`.
pub fn equations_path(manifest_dir: &Path, module: &str, extension: &str) -> PathBuf {
    manifest_dir
        .join(GENERATED_DIR)
        .join(equations_file_name(module, extension))
}

/// The fingerprint recorded in a generated module's last line (its end marker), if it has one.
pub fn recorded_end(generated: &str) -> Option<&str> {
    generated
        .trim_end()
        .lines()
        .next_back()
        .and_then(|l| l.strip_prefix(END_PREFIX))
        .map(str::trim)
}

/// The fingerprint recorded in a generated file's header.
pub fn recorded_fingerprint(generated: &str) -> Option<&str> {
    generated
        .lines()
        .take(20)
        .find_map(|l| l.strip_prefix(FINGERPRINT_PREFIX))
        .map(str::trim)
}

/// True for a macro path that names `mechanism!` (`mechanism`, `mbmacros::mechanism`, …).
fn is_mechanism_macro(path: &syn::Path) -> bool {
    path.segments.last().is_some_and(|s| s.ident == "mechanism")
}

#[derive(Default)]
struct Finder {
    blocks: Vec<(proc_macro2::TokenStream, proc_macro2::Span)>,
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        if is_mechanism_macro(&m.path) {
            let span = match &m.delimiter {
                syn::MacroDelimiter::Paren(p) => p.span.join(),
                syn::MacroDelimiter::Brace(b) => b.span.join(),
                syn::MacroDelimiter::Bracket(b) => b.span.join(),
            };
            self.blocks.push((m.tokens.clone(), span));
        }
        syn::visit::visit_macro(self, m);
    }
}

/// Parses a Rust source file and every `mechanism!` block in it.
///
/// Errors carry spans whose line and column locate them in `text`.
pub fn find_models(text: &str) -> syn::Result<Vec<Model>> {
    let file = syn::parse_file(text)?;
    let mut finder = Finder::default();
    finder.visit_file(&file);
    finder
        .blocks
        .into_iter()
        .map(|(tokens, span)| {
            if tokens.is_empty() {
                Err(syn::Error::new(span, super::parse::EMPTY_MODEL))
            } else {
                syn::parse2::<Model>(tokens)
            }
        })
        .collect()
}
