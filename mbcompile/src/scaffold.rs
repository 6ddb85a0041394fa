//! `mbcompile new`: a ready crate around an example `mechanism!` block — its manifest, the block,
//! snapshot tests of the block's equations, insta's settings, a README and a `.gitignore` —
//! rendered from the tera templates of `templates/new/` (each replaceable by a user's file of the
//! same name).
//!
//! Every file is rendered before the first one is written, so that a broken template or a bad
//! name leaves nothing behind; the target directory must be empty or missing.

use crate::templates::{Builtin, TemplateError, Templates};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The built-in templates of a new crate and the file each one becomes. The names end in
/// `.tera` so that cargo does not take `Cargo.toml.tera` for the manifest of a package.
const FILES: [(Builtin, &str); 6] = [
    (
        (
            "Cargo.toml.tera",
            include_str!("../templates/new/Cargo.toml.tera"),
        ),
        "Cargo.toml",
    ),
    (
        ("lib.rs.tera", include_str!("../templates/new/lib.rs.tera")),
        "src/lib.rs",
    ),
    (
        (
            "equations.rs.tera",
            include_str!("../templates/new/equations.rs.tera"),
        ),
        "tests/equations.rs",
    ),
    (
        (
            "insta.yaml.tera",
            include_str!("../templates/new/insta.yaml.tera"),
        ),
        "insta.yaml",
    ),
    (
        (
            "README.md.tera",
            include_str!("../templates/new/README.md.tera"),
        ),
        "README.md",
    ),
    (
        (
            "gitignore.tera",
            include_str!("../templates/new/gitignore.tera"),
        ),
        ".gitignore",
    ),
];

/// Where the new crate takes `mbmacros` and `mbruntime` from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MbSource {
    /// An mb workspace on disk (holding `mbmacros/` and `mbruntime/`).
    Path(PathBuf),
    /// A git repository of mb.
    Git(String),
}

/// What `mbcompile new` was asked for.
#[derive(Debug, Clone)]
pub struct NewCrate {
    /// The directory of the new crate: missing or empty.
    pub dir: PathBuf,
    /// The package name; by default the directory's name.
    pub name: Option<String>,
    /// Where mb comes from; by default the mb workspace this mbcompile was built from.
    pub source: Option<MbSource>,
    /// A directory of templates replacing built-in ones of the same names.
    pub templates: Option<PathBuf>,
}

/// Why a crate was not written.
#[derive(Debug, thiserror::Error)]
pub enum ScaffoldError {
    /// The target exists and is not an empty directory.
    #[error("{0} is not empty: `mbcompile new` writes only into a new or empty directory")]
    NotEmpty(PathBuf),
    /// No package name can be taken from the directory.
    #[error("cannot take a package name from {0}; pass --name")]
    NoName(PathBuf),
    /// The package name is not one cargo and Rust accept.
    #[error("`{name}` cannot name the package: {reason}; pass --name")]
    BadName {
        /// The rejected name.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The mb workspace this binary was built from is gone and no source was given.
    #[error(
        "the mb workspace this mbcompile was built from ({0}) is not there; pass --mb-path <dir> or --mb-git <url>"
    )]
    NoWorkspace(PathBuf),
    /// The given mb directory does not hold `mbmacros` and `mbruntime`.
    #[error("{0} is not an mb workspace (it needs mbmacros/Cargo.toml and mbruntime/Cargo.toml)")]
    NotAWorkspace(PathBuf),
    /// A path that cannot be written into a manifest.
    #[error("{0} is not valid UTF-8 and cannot be written into Cargo.toml")]
    NonUtf8(PathBuf),
    /// A template failed to load or render.
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

/// The variables every template of a new crate sees.
#[derive(Debug, Serialize)]
struct CrateContext {
    /// The package name (`my-models`).
    pub name: String,
    /// The library's name in Rust paths (`my_models`).
    pub lib_name: String,
    /// The minimum Rust version of mb.
    pub rust_version: String,
    /// The version of mb (of this mbcompile).
    pub mb_version: String,
    /// The dependency on `mbmacros` as a TOML inline table.
    pub mbmacros: String,
    /// The dependency on `mbruntime` as a TOML inline table.
    pub mbruntime: String,
    /// Where mb comes from, in words (`path /…/mb`, `git https://…`).
    pub mb_source: String,
}

/// The mb workspace this binary was built from (the parent of mbcompile's manifest directory).
fn built_from_workspace() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// `s` as a TOML basic string.
fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Rust's strict and reserved keywords, which a library cannot be named.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// Checks a package name: ASCII letters, digits, `-` and `_`, starting with a letter, and a
/// library name (`-` read as `_`) that is not a Rust keyword or `test`.
fn check_name(name: &str) -> Result<(), ScaffoldError> {
    let bad = |reason| {
        Err(ScaffoldError::BadName {
            name: name.to_string(),
            reason,
        })
    };
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return bad("a package name starts with an ASCII letter");
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return bad("a package name holds only ASCII letters, digits, `-` and `_`");
    }
    let lib = name.replace('-', "_");
    if KEYWORDS.contains(&lib.as_str()) || lib == "test" {
        return bad("it is a Rust keyword or a reserved name");
    }
    Ok(())
}

/// The dependency tables of `mbmacros` and `mbruntime`, and the source in words.
fn dependencies(source: &MbSource, version: &str) -> Result<[String; 3], ScaffoldError> {
    let version = toml_string(version);
    match source {
        MbSource::Path(root) => {
            let table = |member: &str| -> Result<String, ScaffoldError> {
                let dir = root.join(member);
                let path = dir
                    .to_str()
                    .ok_or_else(|| ScaffoldError::NonUtf8(dir.clone()))?;
                Ok(format!(
                    "{{ version = {version}, path = {} }}",
                    toml_string(path)
                ))
            };
            Ok([
                table("mbmacros")?,
                table("mbruntime")?,
                format!("path {}", root.display()),
            ])
        }
        MbSource::Git(url) => {
            let table = format!("{{ version = {version}, git = {} }}", toml_string(url));
            Ok([table.clone(), table, format!("git {url}")])
        }
    }
}

/// The mb source to use: the given one (a path made absolute and checked), else the workspace
/// this binary was built from.
fn resolve_source(source: Option<&MbSource>) -> Result<MbSource, ScaffoldError> {
    let root = match source {
        Some(MbSource::Git(url)) => return Ok(MbSource::Git(url.clone())),
        Some(MbSource::Path(p)) => p.canonicalize().map_err(|source| ScaffoldError::Io {
            path: p.clone(),
            source,
        })?,
        None => {
            let root = built_from_workspace();
            root.canonicalize()
                .map_err(|_| ScaffoldError::NoWorkspace(root.clone()))?
        }
    };
    let is_workspace = ["mbmacros", "mbruntime"]
        .iter()
        .all(|m| root.join(m).join("Cargo.toml").is_file());
    if !is_workspace {
        return Err(match source {
            None => ScaffoldError::NoWorkspace(root),
            Some(_) => ScaffoldError::NotAWorkspace(root),
        });
    }
    Ok(MbSource::Path(root))
}

/// The package name: the one asked for, else the directory's name.
fn package_name(request: &NewCrate) -> Result<String, ScaffoldError> {
    let name = match &request.name {
        Some(n) => n.clone(),
        None => {
            let absolute =
                std::path::absolute(&request.dir).map_err(|source| ScaffoldError::Io {
                    path: request.dir.clone(),
                    source,
                })?;
            let absolute = absolute.canonicalize().unwrap_or(absolute);
            absolute
                .file_name()
                .and_then(|n| n.to_str())
                .ok_or_else(|| ScaffoldError::NoName(request.dir.clone()))?
                .to_string()
        }
    };
    check_name(&name)?;
    Ok(name)
}

/// Fails unless `dir` is missing or an empty directory.
fn check_empty(dir: &Path) -> Result<(), ScaffoldError> {
    if !dir.exists() {
        return Ok(());
    }
    let io = |source| ScaffoldError::Io {
        path: dir.to_path_buf(),
        source,
    };
    if !dir.is_dir() || std::fs::read_dir(dir).map_err(io)?.next().is_some() {
        return Err(ScaffoldError::NotEmpty(dir.to_path_buf()));
    }
    Ok(())
}

/// The context of the templates for `request`.
fn context(request: &NewCrate) -> Result<CrateContext, ScaffoldError> {
    let name = package_name(request)?;
    let version = env!("CARGO_PKG_VERSION");
    let source = resolve_source(request.source.as_ref())?;
    let [mbmacros, mbruntime, mb_source] = dependencies(&source, version)?;
    Ok(CrateContext {
        lib_name: name.replace('-', "_"),
        name,
        rust_version: env!("CARGO_PKG_RUST_VERSION").to_string(),
        mb_version: version.to_string(),
        mbmacros,
        mbruntime,
        mb_source,
    })
}

/// Renders every file of the new crate: (path relative to the crate, text).
fn render(request: &NewCrate) -> Result<Vec<(&'static str, String)>, ScaffoldError> {
    let context = context(request)?;
    let builtins: Vec<Builtin> = FILES.iter().map(|(b, _)| *b).collect();
    let templates = Templates::load(&builtins, request.templates.as_deref())?;
    FILES
        .iter()
        .map(|((name, _), file)| Ok((*file, templates.render(name, &context)?)))
        .collect()
}

/// Writes the new crate and returns the paths written. Nothing is written when the directory
/// is not empty, a name or source is wrong, or a template fails.
pub fn new_crate(request: &NewCrate) -> Result<Vec<PathBuf>, ScaffoldError> {
    check_empty(&request.dir)?;
    let files = render(request)?;
    let mut written = Vec::new();
    for (file, text) in files {
        let path = request.dir.join(file);
        let io = |source| ScaffoldError::Io {
            path: path.clone(),
            source,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        std::fs::write(&path, text).map_err(io)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    //! Names and TOML strings; the whole command is tested in `tests/user_crate.rs`.
    use super::{check_name, toml_string};

    #[test]
    fn package_names_follow_cargo() {
        for good in ["pendulum", "my-models", "arm_7", "Models2"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "7arm",
            "-x",
            "my models",
            "ü",
            "fn",
            "self",
            "test",
            "a.b",
        ] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn toml_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(toml_string(r#"C:\mb "x""#), r#""C:\\mb \"x\"""#);
        assert_eq!(toml_string("a\tb"), "\"a\\u0009b\"");
    }
}
