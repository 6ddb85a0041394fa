//! Templates (tera) for everything the generator writes that is not an expression: the files of
//! a new crate, the skeletons of C sources, the equations reports.
//!
//! Each user of this module has a set of built-in templates, compiled into the binary. A user
//! may override any of them with a directory holding files of the same names
//! (`--templates <dir>`): a file there replaces the built-in template of its name (templates
//! include each other by these names), and an error in it names the file, the line and the
//! column.

use serde::Serialize;
use std::path::{Path, PathBuf};
use tera::{Context, Tera};

/// A template error: the template (a built-in name or a user's file) and tera's explanation,
/// every cause included (a parse error ends with ` --> line:column` and the offending line).
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct TemplateError {
    /// The whole message.
    pub message: String,
}

impl TemplateError {
    /// tera's error with its causes, a user's template named by its path.
    fn new(e: &tera::Error, overridden: &[(String, PathBuf)]) -> TemplateError {
        let mut message = e.to_string();
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            message.push_str(&format!("\n  {}", s.to_string().replace('\n', "\n  ")));
            source = s.source();
        }
        for (name, path) in overridden {
            let shown = format!("{name} ({})", path.display());
            for quote in ['"', '\'', '`'] {
                message = message.replace(&format!("{quote}{name}{quote}"), &shown);
            }
        }
        TemplateError {
            message: format!("template error: {message}"),
        }
    }
}

/// A built-in template: its name (the file name a user's override takes) and its text.
pub type Builtin = (&'static str, &'static str);

/// A set of templates: built-ins, some overridden by a user's files.
pub struct Templates {
    tera: Tera,
    /// Template name → the user's file that replaced the built-in, for messages.
    overridden: Vec<(String, PathBuf)>,
}

impl Templates {
    /// The built-in templates, each replaced by the file of the same name in `user_dir` when
    /// there is one. A file of `user_dir` that names no built-in template is an error (a typo
    /// would otherwise be ignored silently).
    pub fn load(builtins: &[Builtin], user_dir: Option<&Path>) -> Result<Templates, TemplateError> {
        let mut overridden = Vec::new();
        let mut sources: Vec<(String, String)> = builtins
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        if let Some(dir) = user_dir {
            let entries = std::fs::read_dir(dir).map_err(|e| TemplateError {
                message: format!("cannot read the template directory {}: {e}", dir.display()),
            })?;
            let mut files: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file())
                .collect();
            files.sort();
            for path in files {
                let file_name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let Some(slot) = sources.iter_mut().find(|(n, _)| n == file_name) else {
                    let known: Vec<&str> = builtins.iter().map(|(n, _)| *n).collect();
                    return Err(TemplateError {
                        message: format!(
                            "{}: no built-in template has this name (these can be overridden: {})",
                            path.display(),
                            known.join(", ")
                        ),
                    });
                };
                slot.1 = std::fs::read_to_string(&path).map_err(|e| TemplateError {
                    message: format!("cannot read {}: {e}", path.display()),
                })?;
                overridden.push((file_name.to_string(), path.clone()));
            }
        }
        let mut tera = Tera::default();
        // Nothing here is HTML to escape: C, Rust, TOML, text, LaTeX; the HTML report escapes
        // what it needs itself.
        tera.autoescape_on(vec![]);
        tera.add_raw_templates(sources)
            .map_err(|e| TemplateError::new(&e, &overridden))?;
        Ok(Templates { tera, overridden })
    }

    /// Renders template `name` (a built-in name) with `context`.
    pub fn render(&self, name: &str, context: &impl Serialize) -> Result<String, TemplateError> {
        let context = Context::from_serialize(context)
            .map_err(|e| TemplateError::new(&e, &self.overridden))?;
        self.tera
            .render(name, &context)
            .map_err(|e| TemplateError::new(&e, &self.overridden))
    }

    /// The user's file that replaced template `name`, if any.
    pub fn user_file(&self, name: &str) -> Option<&Path> {
        self.overridden
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p.as_path())
    }
}
