//! The C of every example, compiled once per test run into shared libraries with the flags a
//! user's build would use (`cc -std=c99 -Wall -Wextra -Werror -O2`), and loaded; the models are
//! compared as their libraries become ready.

use libloading::{Library, Symbol};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Condvar, Mutex, OnceLock};

/// The flags every example's C must compile with, warnings included.
pub const FLAGS: [&str; 5] = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2"];

/// One example's compiled C.
pub struct CLibrary {
    library: Library,
    prefix: String,
}

impl CLibrary {
    /// The function `<module>_<name>`, if the C defines it.
    ///
    /// # Safety
    /// `T` must be the function's C signature.
    pub unsafe fn optional<T>(&self, name: &str) -> Option<Symbol<'_, T>> {
        let symbol = format!("{}_{name}\0", self.prefix);
        // SAFETY: the caller states the signature.
        unsafe { self.library.get(symbol.as_bytes()).ok() }
    }

    /// The function `<module>_<name>`, which the C must define.
    ///
    /// # Safety
    /// `T` must be the function's C signature.
    pub unsafe fn function<T>(&self, name: &str) -> Symbol<'_, T> {
        // SAFETY: the caller states the signature.
        unsafe { self.optional(name) }
            .unwrap_or_else(|| panic!("{}.c defines no {}_{name}", self.prefix, self.prefix))
    }
}

/// The directory of the examples' generated C.
pub fn c_directory() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/src/generated/c")
}

/// The module names of every example with generated C.
pub fn c_modules() -> Vec<String> {
    let mut modules: Vec<String> = std::fs::read_dir(c_directory())
        .expect("examples/src/generated/c exists")
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "c").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    modules.sort();
    modules
}

/// The module names of the example blocks that ask for C (`targets: [rust, c]` in their
/// `generate` item), read from the examples' sources.
pub fn declared_c_modules() -> Vec<String> {
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/src");
    let mut modules = Vec::new();
    for entry in std::fs::read_dir(&sources).expect("examples/src readable") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("an example source");
        for block in text.split("mechanism! {").skip(1) {
            let name = block
                .split("struct ")
                .nth(1)
                .and_then(|rest| rest.split(';').next())
                .expect("a block names its struct");
            if block.contains("targets: [rust, c]") {
                modules.push(snake_case(name));
            }
        }
    }
    modules.sort();
    modules
}

/// `PainleveRod3d` → `painleve_rod3d`: the module name of a block's struct.
fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Compiles `examples/src/generated/c/<module>.c` into `<dir>/lib<module>.so`, or says why it does not.
fn compile(module: &str, dir: &Path) -> Result<PathBuf, String> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let source = c_directory().join(format!("{module}.c"));
    let library = dir.join(format!("lib{module}.so"));
    let output = Command::new(&cc)
        .args(FLAGS)
        .args(["-shared", "-fPIC", "-o"])
        .arg(&library)
        .arg(&source)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run the C compiler `{cc}`: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{} does not compile with {cc} {}:\n{}",
            source.display(),
            FLAGS.join(" "),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(library)
}

/// The compiled libraries as they become ready, and the directory holding them.
struct Libraries {
    ready: Mutex<HashMap<String, Result<&'static CLibrary, String>>>,
    changed: Condvar,
    _dir: tempfile::TempDir,
}

/// Starts compiling every example's C on two threads, the largest sources first (the largest
/// takes minutes at -O2 and bounds the whole run), and returns at once.
fn libraries() -> &'static Libraries {
    static LIBRARIES: OnceLock<Libraries> = OnceLock::new();
    LIBRARIES.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().to_path_buf();
        let mut modules = c_modules();
        let size = |m: &String| {
            std::fs::metadata(c_directory().join(format!("{m}.c"))).map_or(0, |d| d.len())
        };
        modules.sort_by_key(|m| std::cmp::Reverse(size(m)));
        let queue = std::sync::Arc::new(Mutex::new(modules.into_iter()));
        for _ in 0..2 {
            let (queue, path) = (queue.clone(), path.clone());
            std::thread::spawn(move || {
                loop {
                    let next = queue.lock().expect("no panic holds the lock").next();
                    let Some(module) = next else { break };
                    let library =
                        compile(&module, &path).map(|p| &*Box::leak(Box::new(load(&module, &p))));
                    let all = LIBRARIES.wait();
                    let mut ready = all.ready.lock().expect("no panic holds the lock");
                    ready.insert(module, library);
                    all.changed.notify_all();
                }
            });
        }
        Libraries {
            ready: Mutex::new(HashMap::new()),
            changed: Condvar::new(),
            _dir: dir,
        }
    })
}

/// Loads a compiled example.
fn load(module: &str, path: &Path) -> CLibrary {
    // SAFETY: the library is generated C with no initialisation code.
    let library = unsafe { Library::new(path) }.expect("the library loads");
    CLibrary {
        library,
        prefix: module.to_string(),
    }
}

/// The compiled C of `module`, once it is ready.
pub fn library(module: &str) -> &'static CLibrary {
    assert!(
        c_modules().iter().any(|m| m == module),
        "no generated C for {module} in examples/src/generated/c"
    );
    let all = libraries();
    let mut ready = all.ready.lock().expect("no panic holds the lock");
    loop {
        match ready.get(module) {
            Some(Ok(library)) => return library,
            Some(Err(message)) => panic!("{message}"),
            None => {}
        }
        ready = all.changed.wait(ready).expect("no panic holds the lock");
    }
}

/// Waits until every example's C is compiled; panics with the compiler's messages if one
/// does not compile.
pub fn all_compiled() {
    for module in c_modules() {
        library(&module);
    }
}

/// The fingerprint line of a generated file.
/// The fingerprint in a generated file's end marker (its last line), if it has one: a file
/// without it was cut short.
pub fn end_marker(path: &Path) -> Option<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .trim_end()
        .lines()
        .next_back()
        .and_then(|l| l.strip_prefix("// end of generated module, fingerprint: "))
        .map(String::from)
}

pub fn fingerprint(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .find_map(|l| l.strip_prefix("// fingerprint: ").map(String::from))
        .unwrap_or_else(|| panic!("{} has no fingerprint line", path.display()))
}
