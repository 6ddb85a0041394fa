//! The module tree of a package's crates, built from `mod` declarations as rustc finds their
//! files (`x.rs` or `x/mod.rs` beside a `mod.rs`/crate root, `dir/x.rs` beside a `dir.rs`),
//! with the names each module defines and imports. `#[cfg(test)]` items are left out.

use super::uses::use_leaves;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use syn::{Attribute, Item, ItemMod, ItemUse};

/// A module: a file, or an inline `mod x { … }` in one.
#[derive(Default)]
pub struct Module {
    /// The index of its crate in [`Tree::crates`].
    pub krate: usize,
    /// The index of the file it is written in, in [`Tree::files`].
    pub file: usize,
    /// The enclosing module.
    pub parent: Option<usize>,
    /// Child modules by name.
    pub children: BTreeMap<String, usize>,
    /// The names of the items it defines (functions, types, traits, constants, macros).
    pub items: BTreeSet<String>,
    /// The names its `use` items bring into scope, with the paths they name as written.
    pub imports: BTreeMap<String, Vec<String>>,
    /// The modules its glob imports name, as written.
    pub globs: Vec<Vec<String>>,
    /// Its items except child modules.
    pub body: Vec<Item>,
}

/// A crate of the package.
pub struct Crate {
    /// Its root module.
    pub root: usize,
    /// Other crates of the package it names, by name (a binary's library).
    pub externs: BTreeMap<String, usize>,
}

/// A source file.
pub struct SourceFile {
    /// Its path relative to the workspace.
    pub name: String,
    /// The top-level module it belongs to (`main` for a binary's root, none for `lib.rs`).
    pub unit: Option<String>,
}

/// The module trees of a package's library and binary.
#[derive(Default)]
pub struct Tree {
    /// The source files reached from the crate roots.
    pub files: Vec<SourceFile>,
    /// Every module.
    pub modules: Vec<Module>,
    /// The library (first, if any) and the binary.
    pub crates: Vec<Crate>,
    /// Files that do not parse, declared modules without a file, files no crate reaches.
    pub problems: Vec<String>,
}

impl Tree {
    /// Parses every `.rs` file under `workspace/src_dir` and builds the trees of its crate roots
    /// `lib.rs` and `main.rs` (the binary names the library `package`).
    pub fn load(workspace: &Path, src_dir: &str, package: &str) -> Tree {
        let dir = workspace.join(src_dir);
        let mut loader = Loader {
            workspace: workspace.to_path_buf(),
            sources: BTreeMap::new(),
            test_only: Vec::new(),
            tree: Tree::default(),
        };
        loader.parse_all(&dir);
        let mut library = None;
        for (root, binary) in [("lib.rs", false), ("main.rs", true)] {
            let Some(ast) = loader.take(&dir.join(root)) else {
                continue;
            };
            let externs = match (binary, library) {
                (true, Some(lib)) => BTreeMap::from([(package.to_string(), lib)]),
                _ => BTreeMap::new(),
            };
            let krate = loader.tree.crates.len();
            let file = loader.add_file(&dir.join(root), &[], binary);
            let place = Place {
                krate,
                parent: None,
                path: Vec::new(),
                file,
                dir: dir.clone(),
            };
            let root_module = loader.module(place, ast.items);
            loader.tree.crates.push(Crate {
                root: root_module,
                externs,
            });
            if !binary {
                library = Some(root_module);
            }
        }
        loader.report_unreached();
        loader.tree
    }
}

/// Where a module is being loaded.
struct Place {
    krate: usize,
    parent: Option<usize>,
    path: Vec<String>,
    file: usize,
    /// The directory of its child modules' files.
    dir: PathBuf,
}

struct Loader {
    workspace: PathBuf,
    /// Parsed files not yet reached from a crate root.
    sources: BTreeMap<PathBuf, Option<syn::File>>,
    /// Files and directories of `#[cfg(test)]` modules.
    test_only: Vec<PathBuf>,
    tree: Tree,
}

impl Loader {
    fn parse_all(&mut self, dir: &Path) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                self.parse_all(&path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("readable source");
                let ast = syn::parse_file(&text)
                    .map_err(|e| self.problem(format!("{} does not parse: {e}", self.name(&path))))
                    .ok();
                self.sources.insert(path, ast);
            }
        }
    }

    fn problem(&mut self, text: String) {
        self.tree.problems.push(text);
    }

    fn name(&self, path: &Path) -> String {
        path.strip_prefix(&self.workspace)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// The parsed file at `path`, once.
    fn take(&mut self, path: &Path) -> Option<syn::File> {
        self.sources.get_mut(path).and_then(Option::take)
    }

    /// Records the file of the module at `module_path` (the root of a binary when `binary`).
    fn add_file(&mut self, path: &Path, module_path: &[String], binary: bool) -> usize {
        let unit = match module_path.first() {
            Some(top) => Some(top.clone()),
            None => binary.then(|| "main".to_string()),
        };
        self.tree.files.push(SourceFile {
            name: self.name(path),
            unit,
        });
        self.sources.remove(path);
        self.tree.files.len() - 1
    }

    /// Loads the module at `place` with `items`, and its children.
    fn module(&mut self, place: Place, items: Vec<Item>) -> usize {
        let index = self.tree.modules.len();
        self.tree.modules.push(Module {
            krate: place.krate,
            file: place.file,
            parent: place.parent,
            ..Module::default()
        });
        let mut body = Vec::new();
        for item in items {
            match item {
                Item::Mod(m) if is_test(&m.attrs) => self.mark_test_only(&m, &place.dir),
                Item::Mod(m) => {
                    let name = m.ident.to_string();
                    if let Some(child) = self.child(&place, index, m) {
                        self.tree.modules[index].children.insert(name, child);
                    }
                }
                item if is_test(attributes(&item)) => {}
                item => body.push(item),
            }
        }
        let module = &mut self.tree.modules[index];
        module.items = body.iter().filter_map(item_name).collect();
        for u in uses(&body) {
            for leaf in use_leaves(&u.tree)
                .into_iter()
                .filter(|_| u.leading_colon.is_none())
            {
                match (leaf.glob, leaf.alias) {
                    (true, _) => module.globs.push(leaf.path),
                    (false, Some(alias)) => _ = module.imports.insert(alias, leaf.path),
                    (false, None) => {}
                }
            }
        }
        module.body = body;
        index
    }

    /// Loads child module `m` of the module `parent` at `place`.
    fn child(&mut self, place: &Place, parent: usize, m: ItemMod) -> Option<usize> {
        let name = m.ident.to_string();
        let mut path = place.path.clone();
        path.push(name.clone());
        let dir = place.dir.join(&name);
        let child_place = |file| Place {
            krate: place.krate,
            parent: Some(parent),
            path: path.clone(),
            file,
            dir: dir.clone(),
        };
        if let Some((_, items)) = m.content {
            return Some(self.module(child_place(place.file), items));
        }
        let candidates = [place.dir.join(format!("{name}.rs")), dir.join("mod.rs")];
        let found: Vec<&PathBuf> = candidates.iter().filter(|p| p.exists()).collect();
        let [file] = found[..] else {
            let shown = self.name(&candidates[0]);
            let which = if found.is_empty() { "no" } else { "two" };
            self.problem(format!(
                "`mod {name};` has {which} files ({shown}, {name}/mod.rs)"
            ));
            return None;
        };
        let file = file.clone();
        let Some(ast) = self.take(&file) else {
            self.sources.remove(&file);
            return None;
        };
        let index = self.add_file(&file, &path, false);
        Some(self.module(child_place(index), ast.items))
    }

    fn mark_test_only(&mut self, m: &ItemMod, dir: &Path) {
        let name = m.ident.to_string();
        self.test_only.push(dir.join(format!("{name}.rs")));
        self.test_only.push(dir.join(&name));
    }

    fn report_unreached(&mut self) {
        let unreached: Vec<PathBuf> = self
            .sources
            .keys()
            .filter(|p| !self.test_only.iter().any(|t| p.starts_with(t)))
            .cloned()
            .collect();
        for path in unreached {
            let name = self.name(&path);
            self.problem(format!("{name} is not a module of any crate"));
        }
    }
}

/// True for `#[cfg(test)]`.
pub fn is_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta
                .require_list()
                .is_ok_and(|l| l.tokens.to_string() == "test")
    })
}

/// The attributes of an item.
pub fn attributes(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

/// The name an item defines in its module.
fn item_name(item: &Item) -> Option<String> {
    let ident = match item {
        Item::Const(i) => &i.ident,
        Item::Enum(i) => &i.ident,
        Item::Fn(i) => &i.sig.ident,
        Item::Macro(i) => i.ident.as_ref()?,
        Item::Static(i) => &i.ident,
        Item::Struct(i) => &i.ident,
        Item::Trait(i) => &i.ident,
        Item::TraitAlias(i) => &i.ident,
        Item::Type(i) => &i.ident,
        Item::Union(i) => &i.ident,
        _ => return None,
    };
    Some(ident.to_string())
}

/// Every `use` among `body`, also those inside function bodies (not inside nested modules).
fn uses(body: &[Item]) -> Vec<&ItemUse> {
    struct Uses<'a>(Vec<&'a ItemUse>);
    impl<'a> Visit<'a> for Uses<'a> {
        fn visit_item_use(&mut self, u: &'a ItemUse) {
            self.0.push(u);
        }
        fn visit_item_mod(&mut self, _: &'a ItemMod) {}
    }
    let mut found = Uses(Vec::new());
    body.iter().for_each(|item| found.visit_item(item));
    found.0
}
