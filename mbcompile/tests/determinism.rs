//! Generation is deterministic and the staleness check is semantic.
//!
//! - `mbcompile gen` run twice, in fresh processes and fresh copies of the examples crate, writes
//!   byte-identical modules (Rust, reports and C), identical to the committed ones in
//!   `examples/src/generated/`;
//! - `mbcompile check` passes on a fresh crate, fails and names the mechanism after a semantic
//!   change, and stays quiet after a layout/comment-only change.
//!
//! The spawned generator processes run one after another (one symbolica permit).

use std::path::{Path, PathBuf};
use std::process::Command;

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples")
}

/// A copy of the examples crate's manifest and sources, without generated modules.
fn copy_examples() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        examples_dir().join("Cargo.toml"),
        dir.path().join("Cargo.toml"),
    )
    .unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    for e in std::fs::read_dir(examples_dir().join("src")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "rs") {
            std::fs::copy(&p, src.join(p.file_name().unwrap())).unwrap();
        }
    }
    dir
}

fn mbcompile(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .args(args)
        .output()
        .unwrap()
}

/// Every file under `src/generated` (the Rust modules, their reports and the C under `c/`), by
/// its path relative to that folder.
fn generated(dir: &Path) -> Vec<(String, Vec<u8>)> {
    fn walk(root: &Path, at: &Path, out: &mut Vec<(String, Vec<u8>)>) {
        for e in std::fs::read_dir(at).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let name = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.push((name, std::fs::read(&p).unwrap()));
            }
        }
    }
    let root = dir.join("src/generated");
    let mut v = Vec::new();
    walk(&root, &root, &mut v);
    v.sort();
    v
}

#[test]
fn generation_is_byte_identical_and_matches_the_committed_modules() {
    let a = copy_examples();
    let b = copy_examples();
    for d in [&a, &b] {
        let out = mbcompile(&["gen", d.path().to_str().unwrap()]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stdout.is_empty(),
            "stdout must stay clean: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
    let (ga, gb) = (generated(a.path()), generated(b.path()));
    assert!(!ga.is_empty());
    assert_eq!(ga, gb, "two fresh generations differ");
    let committed = generated(&examples_dir());
    for (name, bytes) in &ga {
        let c = committed
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("{name} is not committed"));
        assert!(
            &c.1 == bytes,
            "committed {name} is stale: run `mbcompile gen examples`"
        );
    }
}

#[test]
fn check_is_semantic() {
    // A crate holding only the pendulum block of the examples.
    let original = std::fs::read_to_string(examples_dir().join("src/lib.rs")).unwrap();
    let start = original
        .find("mechanism! {\n    /// A simple pendulum")
        .unwrap();
    let end = start + original[start..].find("\n}\n").unwrap() + 3;
    let block = &original[start..end];
    let d = tempfile::tempdir().unwrap();
    std::fs::copy(
        examples_dir().join("Cargo.toml"),
        d.path().join("Cargo.toml"),
    )
    .unwrap();
    std::fs::create_dir_all(d.path().join("src")).unwrap();
    let lib = d.path().join("src/lib.rs");
    std::fs::write(&lib, format!("use mbmacros::mechanism;\n{block}")).unwrap();
    let dir = d.path().to_str().unwrap();

    let missing = mbcompile(&["check", dir]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stdout).contains("missing  Pendulum"));
    assert!(mbcompile(&["gen", dir]).status.success());
    let fresh = mbcompile(&["check", dir]);
    assert!(
        fresh.status.success(),
        "{}",
        String::from_utf8_lossy(&fresh.stdout)
    );

    // Layout and comments only: still fresh.
    let relaid = block
        .replace("struct Pendulum;", "struct   Pendulum ; // the struct")
        .replace("m: 1.0,", "m: 1.0000, // unchanged value")
        .replace("kinetic =", "// energy\n    kinetic\n        =");
    assert_ne!(relaid, block);
    std::fs::write(&lib, format!("use mbmacros::mechanism;\n{relaid}")).unwrap();
    let out = mbcompile(&["check", dir]);
    assert!(
        out.status.success(),
        "layout change flagged: {}",
        String::from_utf8_lossy(&out.stdout)
    );

    // A semantic change: stale, named, non-zero exit, the command in stderr.
    let changed = block.replace(
        "potential = -m * g * l * cos(theta);",
        "potential = -m * g * l * cos(theta) + 0.1 * theta;",
    );
    assert_ne!(changed, block);
    std::fs::write(&lib, format!("use mbmacros::mechanism;\n{changed}")).unwrap();
    let out = mbcompile(&["check", dir]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("stale    Pendulum"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("mbcompile gen"));
}
