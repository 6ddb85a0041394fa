//! Paths resolved segment by segment to the deepest module they reach: into child modules, and
//! through `use` items (re-exports among them) to the module that defines the name.

use super::modules::Tree;

/// How deep re-exports may chain before a path is given up as unresolved.
const MAX_DEPTH: usize = 32;

/// Where a path leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The deepest module reached.
    pub module: usize,
    /// Every segment named a module (the path names a module, not an item in one).
    pub whole: bool,
}

impl Tree {
    /// Where `path`, written in module `from`, leads; `None` for paths outside the package's
    /// crates (other crates, the standard library) and for items of `from` itself.
    pub fn resolve(&self, from: usize, path: &[String]) -> Option<Target> {
        self.resolve_at(from, path, 0)
    }

    fn resolve_at(&self, from: usize, path: &[String], depth: usize) -> Option<Target> {
        if depth > MAX_DEPTH {
            return None;
        }
        let first = path.first()?.as_str();
        let module = &self.modules[from];
        match first {
            "crate" => self.descend(self.crates[module.krate].root, &path[1..], depth),
            "self" | "super" => {
                let mut at = from;
                let mut rest = path;
                while let Some(s) = rest.first() {
                    match s.as_str() {
                        "super" => at = self.modules[at].parent?,
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
                self.descend(at, rest, depth)
            }
            _ if module.children.contains_key(first) => self.descend(from, path, depth),
            _ if module.items.contains(first) => None,
            _ => {
                if let Some(import) = module.imports.get(first) {
                    let mut full = import.clone();
                    full.extend_from_slice(&path[1..]);
                    return self.resolve_at(from, &full, depth + 1);
                }
                if let Some(&root) = self.crates[module.krate].externs.get(first) {
                    return self.descend(root, &path[1..], depth);
                }
                let glob = self.glob_defining(from, first, depth)?;
                self.descend(glob, path, depth + 1)
            }
        }
    }

    /// Follows `path` from module `at` into child modules and through imports.
    fn descend(&self, mut at: usize, path: &[String], depth: usize) -> Option<Target> {
        for (i, segment) in path.iter().enumerate() {
            let module = &self.modules[at];
            if let Some(&child) = module.children.get(segment) {
                at = child;
                continue;
            }
            let stop = Target {
                module: at,
                whole: false,
            };
            if module.items.contains(segment) {
                return Some(stop);
            }
            if let Some(import) = module.imports.get(segment) {
                let mut full = import.clone();
                full.extend_from_slice(&path[i + 1..]);
                return Some(self.resolve_at(at, &full, depth + 1).unwrap_or(stop));
            }
            return Some(match self.glob_defining(at, segment, depth) {
                Some(glob) => self.descend(glob, &path[i..], depth + 1).unwrap_or(stop),
                None => stop,
            });
        }
        Some(Target {
            module: at,
            whole: true,
        })
    }

    /// The module a glob import of module `at` brings `name` from.
    fn glob_defining(&self, at: usize, name: &str, depth: usize) -> Option<usize> {
        self.modules[at].globs.iter().find_map(|glob| {
            let target = self.resolve_at(at, glob, depth + 1)?;
            let m = &self.modules[target.module];
            let defines = m.children.contains_key(name)
                || m.items.contains(name)
                || m.imports.contains_key(name);
            (target.whole && defines).then_some(target.module)
        })
    }
}
