//! Names of the description as names of the language: identifiers, unique within a block.

use std::collections::HashSet;

/// Words a block cannot use as names: Rust's keywords (the block is Rust tokens) and the
/// language's own functions and items.
const RESERVED: &[&str] = &[
    "as",
    "async",
    "await",
    "break",
    "const",
    "continue",
    "crate",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "fn",
    "for",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "match",
    "mod",
    "move",
    "mut",
    "pub",
    "ref",
    "return",
    "self",
    "Self",
    "static",
    "struct",
    "super",
    "trait",
    "true",
    "type",
    "unsafe",
    "use",
    "where",
    "while",
    "abstract",
    "become",
    "box",
    "do",
    "final",
    "gen",
    "macro",
    "override",
    "priv",
    "try",
    "typeof",
    "unsized",
    "virtual",
    "yield",
    "sin",
    "cos",
    "tan",
    "exp",
    "ln",
    "sqrt",
    "abs",
    "powi",
    "powf",
    "dot",
    "t",
    "velocity",
    "angular_velocity",
    "rotx",
    "roty",
    "rotz",
    "rot",
    "g",
];

/// Hands out identifiers: each description name becomes a snake-case identifier, made unique by
/// a numeric suffix when two names meet.
#[derive(Default)]
pub struct Names {
    taken: HashSet<String>,
}

/// `name` in lower case with every character that cannot be in an identifier replaced by `_`
/// (names become fields and variables of generated code), prefixed when it would start with a
/// digit or be reserved.
fn identifier(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() {
            true => c.to_ascii_lowercase(),
            false => '_',
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) || s == "_" {
        s.insert_str(0, "n_");
    }
    if RESERVED.contains(&s.as_str()) {
        s.push('_');
    }
    s
}

impl Names {
    /// Reserves a name the block uses itself (a parameter it writes).
    pub fn reserve(&mut self, name: &str) {
        self.taken.insert(name.to_string());
    }

    /// A fresh identifier for `name`.
    pub fn fresh(&mut self, name: &str) -> String {
        let base = identifier(name);
        let mut candidate = base.clone();
        let mut k = 2;
        while self.taken.contains(&candidate) {
            candidate = format!("{base}_{k}");
            k += 1;
        }
        self.taken.insert(candidate.clone());
        candidate
    }
}

/// `name` in upper camel case, for the mechanism's struct (`ur5_robot` → `Ur5Robot`).
pub fn camel_case(name: &str) -> String {
    let mut out = String::new();
    for part in name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = part.chars();
        if let Some(first) = chars.next() {
            out.push(first.to_ascii_uppercase());
            out.extend(chars);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "Robot");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_valid_and_unique() {
        let mut n = Names::default();
        assert_eq!(n.fresh("Arm-left 1"), "arm_left_1");
        assert_eq!(n.fresh("arm_left_1"), "arm_left_1_2");
        assert_eq!(n.fresh("3dof"), "n_3dof");
        assert_eq!(n.fresh("type"), "type_");
        assert_eq!(camel_case("ur5_robot"), "Ur5Robot");
        assert_eq!(camel_case("2link"), "Robot2link");
    }
}
