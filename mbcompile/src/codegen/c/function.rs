//! One C function as the templates see it: name, documentation, return type, parameter list and
//! body. The emitter ([`super::emit`]) fills it; the templates place it.

use serde::Serialize;

/// A C parameter: its declaration and the name the body reads it by.
#[derive(Debug, Clone)]
pub struct CParameter {
    /// `const double *restrict q`.
    pub declaration: String,
    /// `q`.
    pub name: String,
}

impl CParameter {
    /// `const double *restrict name`: a state vector the function reads.
    pub fn input(name: &str) -> CParameter {
        CParameter {
            declaration: format!("const double *restrict {name}"),
            name: name.to_string(),
        }
    }

    /// `double *restrict name`: a buffer the function writes.
    pub fn output(name: &str) -> CParameter {
        CParameter {
            declaration: format!("double *restrict {name}"),
            name: name.to_string(),
        }
    }

    /// A parameter passed by value (`double t`, `int k`).
    pub fn value(ty: &str, name: &str) -> CParameter {
        CParameter {
            declaration: format!("{ty} {name}"),
            name: name.to_string(),
        }
    }
}

/// A generated C function.
#[derive(Debug, Clone, Serialize)]
pub struct CFunction {
    /// The function's name (`pendulum_dynamics`).
    pub name: String,
    /// The method of the Rust module it matches (`dynamics`).
    pub rust_name: String,
    /// What it computes, one line per entry (the header writes them as a comment).
    pub doc: Vec<String>,
    /// The return type (`void`, `double`, `int`).
    pub returns: String,
    /// The parameter declarations, comma-separated (`void` when there are none).
    pub parameters: String,
    /// The body's statements, one per line, indented by four spaces.
    pub body: String,
}

/// A body under construction: statements at an indentation, and which parameters it reads.
#[derive(Debug, Default)]
pub struct Body {
    lines: Vec<String>,
    /// Names the statements read or write.
    pub used: Vec<String>,
}

impl Body {
    /// Appends a statement at `depth` levels of four spaces.
    pub fn line(&mut self, depth: usize, statement: impl Into<String>) {
        self.lines
            .push(format!("{}{}", "    ".repeat(depth), statement.into()));
    }

    /// Appends the statements of `other`, and what it uses.
    pub fn append(&mut self, other: Body) {
        self.lines.extend(other.lines);
        for u in &other.used {
            self.uses(u);
        }
    }

    /// Marks `name` as read or written.
    pub fn uses(&mut self, name: &str) {
        if !self.used.iter().any(|u| u == name) {
            self.used.push(name.to_string());
        }
    }

    /// The function: `(void)x;` for every parameter the body does not use (so that
    /// `-Wunused-parameter` is quiet), then the statements.
    pub fn function(
        self,
        names: (String, &str),
        doc: Vec<String>,
        returns: &str,
        parameters: &[CParameter],
    ) -> CFunction {
        let mut body = String::new();
        for p in parameters {
            if !self.used.contains(&p.name) {
                body.push_str(&format!("    (void){};\n", p.name));
            }
        }
        for l in &self.lines {
            body.push_str(l);
            body.push('\n');
        }
        let declarations: Vec<&str> = parameters.iter().map(|p| p.declaration.as_str()).collect();
        CFunction {
            name: names.0,
            rust_name: names.1.to_string(),
            doc,
            returns: returns.to_string(),
            parameters: if declarations.is_empty() {
                "void".to_string()
            } else {
                declarations.join(", ")
            },
            body,
        }
    }
}
