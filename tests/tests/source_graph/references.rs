//! The paths a module's code names: its own `use` items (not re-exports) and every path in its
//! items, also inside the arguments of expression-like macros (`vec!`, `format!`, `assert!`).

use super::modules::{attributes, is_test};
use super::uses::use_leaves;
use syn::punctuated::Punctuated;
use syn::visit::Visit;
use syn::{Attribute, Expr, ImplItem, Item, ItemMod, ItemUse, Macro, Token, Visibility};

/// How a path is named.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A leaf of a private `use`.
    Import,
    /// A glob `use`.
    Glob,
    /// A path in code: a type, an expression, a pattern, a trait, a macro.
    Code,
}

/// A path named in a module.
pub struct Reference {
    /// The path as written.
    pub path: Vec<String>,
    /// How it is named.
    pub kind: Kind,
}

/// The paths named in `body` (a module's items without its child modules).
pub fn references(body: &[Item]) -> Vec<Reference> {
    let mut collector = Collector(Vec::new());
    body.iter().for_each(|item| collector.visit_item(item));
    collector.0
}

/// Macros whose arguments are code written elsewhere (generated code, macro definitions).
const OPAQUE_MACROS: [&str; 5] = [
    "quote",
    "quote_spanned",
    "parse_quote",
    "parse_quote_spanned",
    "macro_rules",
];

struct Collector(Vec<Reference>);

impl<'a> Visit<'a> for Collector {
    fn visit_item(&mut self, item: &'a Item) {
        if !is_test(attributes(item)) {
            syn::visit::visit_item(self, item);
        }
    }

    fn visit_impl_item(&mut self, item: &'a ImplItem) {
        let attrs: &[Attribute] = match item {
            ImplItem::Const(i) => &i.attrs,
            ImplItem::Fn(i) => &i.attrs,
            ImplItem::Type(i) => &i.attrs,
            ImplItem::Macro(i) => &i.attrs,
            _ => &[],
        };
        if !is_test(attrs) {
            syn::visit::visit_impl_item(self, item);
        }
    }

    fn visit_item_mod(&mut self, _: &'a ItemMod) {}

    fn visit_item_use(&mut self, u: &'a ItemUse) {
        // A re-export is how a module shows its items, not something it depends on.
        if !matches!(u.vis, Visibility::Inherited) || u.leading_colon.is_some() {
            return;
        }
        for leaf in use_leaves(&u.tree) {
            let kind = if leaf.glob { Kind::Glob } else { Kind::Import };
            self.0.push(Reference {
                path: leaf.path,
                kind,
            });
        }
    }

    fn visit_path(&mut self, path: &'a syn::Path) {
        if path.leading_colon.is_none() {
            self.0.push(Reference {
                path: path.segments.iter().map(|s| s.ident.to_string()).collect(),
                kind: Kind::Code,
            });
        }
        syn::visit::visit_path(self, path);
    }

    fn visit_attribute(&mut self, _: &'a Attribute) {}

    fn visit_visibility(&mut self, _: &'a Visibility) {}

    fn visit_macro(&mut self, m: &'a Macro) {
        self.visit_path(&m.path);
        let name = m.path.segments.last().map(|s| s.ident.to_string());
        if name.is_some_and(|n| OPAQUE_MACROS.contains(&n.as_str())) {
            return;
        }
        for e in macro_arguments(m) {
            self.visit_expr(&e);
        }
    }
}

/// The arguments of a macro written like a call (`a, b, c`) or an array repetition (`x; n`);
/// none for other macros.
fn macro_arguments(m: &Macro) -> Vec<Expr> {
    if let Ok(list) = m.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
        return list.into_iter().collect();
    }
    let repetition = |input: syn::parse::ParseStream| -> syn::Result<Vec<Expr>> {
        let value: Expr = input.parse()?;
        input.parse::<Token![;]>()?;
        Ok(vec![value, input.parse()?])
    };
    m.parse_body_with(repetition).unwrap_or_default()
}
