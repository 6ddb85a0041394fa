//! Faults around generation. Nothing half-written: `mbcompile gen` killed at any moment leaves
//! every generated file either as it was or complete, and `mbcompile check` tells a file that
//! was cut short from a fresh one. No crash when two runs meet: the symbolic engine allows one
//! run per user at a time, and a second `gen` waits for the first (saying so) instead of being
//! aborted by the engine.
//!
//! Every file is written beside its destination (`<file>.partial`) and renamed over it, so a
//! kill leaves the old or the new file and at most a `.partial`, which the next run removes; a
//! generated module ends with an end marker repeating its fingerprint, so a module cut short by
//! anything else (an interrupted copy, a full disk) is reported `truncated` and refused by
//! `mechanism!`. The test kills a generation of twelve 4-joint chains (about two seconds) after
//! 0.05–1.5 s, checks every module on disk for both fingerprints, then lets a run finish; and it
//! cuts a module in half by hand. Two `gen` on one crate, the second started while the first
//! runs, both succeed and produce the same files. A crate with invalid blocks gets every block's
//! errors, located, before anything is derived or written. `gen` runs the symbolic engine: run
//! with `--test-threads=1`.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const CHAINS: usize = 12;

fn mbcompile(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .args(args)
        .env("SYMBOLICA_HIDE_BANNER", "1")
        .output()
        .unwrap()
}

/// A crate with `CHAINS` spatial 4-joint chains.
fn chain_crate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"chains\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
    )
    .unwrap();
    let mut lib = String::from("use mbmacros::mechanism;\n");
    for i in 0..CHAINS {
        let body = |name: &str, parent: &str, q: &str, axis: &str, offset: &str| {
            format!(
                "    body {name} {{ {parent}joint: revolute({q}), axis: {axis}, offset: {offset}, mass: m, com: (0.5 * l, 0.0, 0.0), inertia: (0.01, 0.02, 0.03) }}\n"
            )
        };
        lib += &format!(
            "\nmechanism! {{\n    struct Chain{i};\n    parameters {{ m: 1.0, l: 0.5, g: 9.81 }}\n    coordinates {{ a, b, c, d }}\n"
        );
        lib += &body("l1", "", "a", "(0.0, 0.0, 1.0)", "(0.0, 0.0, 0.0)");
        lib += &body(
            "l2",
            "parent: l1, ",
            "b",
            "(0.0, 1.0, 0.0)",
            "(l, 0.0, 0.0)",
        );
        lib += &body(
            "l3",
            "parent: l2, ",
            "c",
            "(1.0, 0.0, 0.0)",
            "(l, 0.0, 0.0)",
        );
        lib += &body(
            "l4",
            "parent: l3, ",
            "d",
            "(0.0, 0.0, 1.0)",
            "(l, 0.0, 0.0)",
        );
        lib += "    gravity = (0.0, 0.0, -g);\n}\n";
    }
    std::fs::write(dir.path().join("src/lib.rs"), lib).unwrap();
    dir
}

/// Every module in `src/generated` records the same fingerprint at its top and in its end marker.
fn every_module_is_whole(crate_dir: &Path) -> usize {
    let generated = crate_dir.join("src/generated");
    let mut modules = 0;
    for entry in std::fs::read_dir(&generated)
        .into_iter()
        .flatten()
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let top = text
                .lines()
                .find_map(|l| l.strip_prefix("// fingerprint: "));
            let end = text
                .trim_end()
                .lines()
                .next_back()
                .and_then(|l| l.strip_prefix("// end of generated module, fingerprint: "));
            assert!(
                top.is_some() && top == end,
                "{} is not whole",
                path.display()
            );
            modules += 1;
        }
    }
    modules
}

fn partial_files(crate_dir: &Path) -> usize {
    std::fs::read_dir(crate_dir.join("src/generated"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().to_string_lossy().ends_with(".partial"))
        .count()
}

#[test]
fn a_killed_generation_leaves_only_whole_files() {
    let dir = chain_crate();
    let path = dir.path().to_str().unwrap();
    for delay_ms in [50, 150, 300, 500, 800, 1100, 1500] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mbcompile"))
            .args(["gen", path])
            .env("SYMBOLICA_HIDE_BANNER", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill();
        child.wait().unwrap();
        every_module_is_whole(dir.path());
        let check = mbcompile(&["check", path]);
        let said = String::from_utf8_lossy(&check.stdout);
        assert!(!said.contains("truncated"), "after {delay_ms} ms:\n{said}");
    }
    let done = mbcompile(&["gen", path]);
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    assert_eq!(every_module_is_whole(dir.path()), CHAINS);
    assert_eq!(
        partial_files(dir.path()),
        0,
        "the last run removes what a kill left"
    );
    assert!(mbcompile(&["check", path]).status.success());
}

#[test]
fn a_module_cut_short_is_reported_truncated_and_regenerated() {
    let dir = chain_crate();
    let path = dir.path().to_str().unwrap();
    assert!(mbcompile(&["gen", path]).status.success());
    let module = dir.path().join("src/generated/chain3.rs");
    let whole = std::fs::read_to_string(&module).unwrap();
    std::fs::write(&module, &whole[..whole.len() / 2]).unwrap();
    let check = mbcompile(&["check", path]);
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(!check.status.success(), "{said}");
    assert!(
        said.lines()
            .any(|l| l.starts_with("truncated") && l.contains("Chain3")),
        "{said}"
    );
    assert!(mbcompile(&["gen", path]).status.success());
    assert_eq!(std::fs::read_to_string(&module).unwrap(), whole);
    assert!(mbcompile(&["check", path]).status.success());
}

#[test]
fn a_second_run_waits_for_the_first_instead_of_crashing() {
    let dir = chain_crate();
    let path = dir.path().to_str().unwrap();
    let first = Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .args(["gen", path])
        .env("SYMBOLICA_HIDE_BANNER", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let mut first = first;
    let overlapped = first.try_wait().unwrap().is_none();
    let second = mbcompile(&["gen", path]);
    let first = first.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(second.status.success(), "{said}");
    if overlapped {
        assert!(said.contains("waiting for another mbcompile run"), "{said}");
    }
    assert_eq!(every_module_is_whole(dir.path()), CHAINS);
    assert!(mbcompile(&["check", path]).status.success());
}

/// Every block is validated (once) before anything is derived: two invalid blocks both get their
/// located error, the valid block between them is not generated, and nothing is written.
#[test]
fn invalid_blocks_are_all_reported_before_anything_is_derived() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"bad\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
    )
    .unwrap();
    let block = |name: &str, kinetic: &str| {
        format!(
            "mechanism! {{\n    struct {name};\n    parameters {{ m: 1.0 }}\n    coordinates {{ y }}\n    kinetic = {kinetic};\n}}\n"
        )
    };
    let lib = format!(
        "use mbmacros::mechanism;\n{}{}{}",
        block("First", "0.5 * m * dot(x).powi(2)"),
        block("Good", "0.5 * m * dot(y).powi(2)"),
        block("Third", "0.5 * mass * dot(y).powi(2)"),
    );
    std::fs::write(dir.path().join("src/lib.rs"), &lib).unwrap();
    let out = mbcompile(&["gen", dir.path().to_str().unwrap()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{said}");
    let line_of = |needle: &str| lib.lines().position(|l| l.contains(needle)).unwrap() + 1;
    for (needle, name) in [("dot(x)", "x"), ("mass *", "mass")] {
        assert!(
            said.contains(&format!("lib.rs:{}:", line_of(needle))) && said.contains(name),
            "no located error for `{name}`:\n{said}"
        );
    }
    assert!(
        !dir.path().join("src/generated").exists(),
        "something was written:\n{said}"
    );
}
