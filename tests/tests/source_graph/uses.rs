//! The leaves of a `use` tree: each name it brings into scope with the path it names.

use syn::UseTree;

/// One leaf of a `use` tree.
pub struct UseLeaf {
    /// The name brought into scope (`None` for `as _` and globs).
    pub alias: Option<String>,
    /// The path named, as written (`super::x::Y`; the module itself for `self` and globs).
    pub path: Vec<String>,
    /// A glob import (`x::*`).
    pub glob: bool,
}

/// The leaves of `tree`.
pub fn use_leaves(tree: &UseTree) -> Vec<UseLeaf> {
    let mut out = Vec::new();
    collect(tree, &mut Vec::new(), &mut out);
    out
}

fn collect(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<UseLeaf>) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            collect(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Name(n) => out.push(leaf(prefix, &n.ident, None)),
        UseTree::Rename(r) => out.push(leaf(prefix, &r.ident, Some(&r.rename))),
        UseTree::Glob(_) => out.push(UseLeaf {
            alias: None,
            path: prefix.clone(),
            glob: true,
        }),
        UseTree::Group(g) => g.items.iter().for_each(|t| collect(t, prefix, out)),
    }
}

/// `prefix::name` (or `prefix` itself for `self`), brought in as `rename` or its last segment.
fn leaf(prefix: &[String], name: &syn::Ident, rename: Option<&syn::Ident>) -> UseLeaf {
    let mut path = prefix.to_vec();
    if name != "self" {
        path.push(name.to_string());
    }
    let alias = match rename {
        Some(r) if r == "_" => None,
        Some(r) => Some(r.to_string()),
        None => path.last().cloned(),
    };
    UseLeaf {
        alias,
        path,
        glob: false,
    }
}
