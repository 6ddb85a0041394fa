//! A user's crate from nothing to snapshot-tested equations, driven through the built
//! `mbcompile` binary and cargo as a user would: `mbcompile new` → `mbcompile gen` → `cargo test`
//! green on the first run (snapshots recorded, with `CI` set) → a block changed without
//! regenerating fails to compile as stale → after `gen`, `cargo test` fails with a diff of the old
//! and new equation and a `.snap.new` beside the snapshot → accepting it (moving `.snap.new` over
//! `.snap`, as `cargo insta accept` does) turns it green. Bad input to `new` (a non-empty
//! directory, a broken template) writes nothing.
//!
//! The new crate gets the workspace's Cargo.lock (the same dependency versions) and builds into
//! the fixed directory `target/user-crate` of the workspace, so that reruns are warm. `gen` runs
//! the symbolic engine: like every test of mbcompile, run with `--test-threads=1`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn mbcompile(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .args(args)
        .output()
        .unwrap()
}

/// `cargo test` in the user's crate, as CI would run it: `CI` set, no insta variables of ours.
fn cargo_test(dir: &Path) -> (bool, String) {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let mut command = Command::new(cargo);
    command
        .arg("test")
        .current_dir(dir)
        .env("CARGO_TARGET_DIR", workspace().join("target/user-crate"))
        .env("CI", "true")
        .env("CARGO_TERM_COLOR", "never");
    for inherited in [
        "INSTA_UPDATE",
        "INSTA_FORCE_PASS",
        "INSTA_OUTPUT",
        "INSTA_WORKSPACE_ROOT",
        "INSTA_REQUIRE_FULL_MATCH",
        "CLICOLOR_FORCE",
    ] {
        command.env_remove(inherited);
    }
    let out = command.output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn ok(out: &Output) {
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The line `V = …` of an equations report.
fn potential_line(equations: &str) -> String {
    equations
        .lines()
        .find(|l| l.starts_with("V = "))
        .unwrap()
        .to_string()
}

/// The pending snapshots (`.snap.new`) of the crate's tests.
fn pending(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir.join("tests/snapshots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".snap.new"))
        .collect();
    v.sort();
    v
}

#[test]
fn new_gen_test_change_review_accept() {
    let start = Instant::now();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("pendulum-models");
    let d = dir.to_str().unwrap();
    ok(&mbcompile(&["new", d]));
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    assert!(
        manifest.contains("name = \"pendulum-models\""),
        "{manifest}"
    );
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();

    ok(&mbcompile(&["gen", d]));
    let equations_file = dir.join("src/generated/pendulum.equations.txt");
    let old_equations = std::fs::read_to_string(&equations_file).unwrap();
    let (green, output) = cargo_test(&dir);
    assert!(green, "first run, no snapshots yet:\n{output}");
    eprintln!(
        "new + gen + first cargo test: {:.0} s",
        start.elapsed().as_secs_f64()
    );
    // The snapshot holds the equations file, through the module's `EQUATIONS`.
    let snap = dir.join("tests/snapshots/equations__pendulum_equations.snap");
    let recorded = std::fs::read_to_string(&snap).unwrap();
    assert!(recorded.contains(old_equations.trim_end()), "{recorded}");
    assert!(pending(&dir).is_empty());

    // Move the zero of V: h, M and the numeric test stay, the printed V changes.
    let lib = dir.join("src/lib.rs");
    let block = std::fs::read_to_string(&lib).unwrap();
    let changed = block.replace(
        "potential = -m * g * l * cos(theta);",
        "potential = m * g * l * (1.0 - cos(theta));",
    );
    assert_ne!(changed, block);
    std::fs::write(&lib, changed).unwrap();
    let (green, output) = cargo_test(&dir);
    assert!(!green);
    assert!(
        output.contains("src/generated/pendulum.rs is stale") && output.contains("mbcompile gen"),
        "{output}"
    );

    ok(&mbcompile(&["gen", d]));
    let new_equations = std::fs::read_to_string(&equations_file).unwrap();
    let (old_v, new_v) = (
        potential_line(&old_equations),
        potential_line(&new_equations),
    );
    assert_ne!(old_v, new_v);
    let (green, output) = cargo_test(&dir);
    assert!(!green, "a changed equation must fail:\n{output}");
    assert!(
        output.contains(&old_v) && output.contains(&new_v),
        "the diff shows `{old_v}` and `{new_v}`:\n{output}"
    );
    let pending = pending(&dir);
    assert_eq!(pending.len(), 2, "text and LaTeX snapshots: {pending:?}");

    for new in &pending {
        let accepted = new.to_string_lossy().trim_end_matches(".new").to_string();
        std::fs::rename(new, accepted).unwrap();
    }
    let (green, output) = cargo_test(&dir);
    assert!(green, "after accepting:\n{output}");
    eprintln!("whole loop: {:.0} s", start.elapsed().as_secs_f64());
}

#[test]
fn new_refuses_a_non_empty_directory_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("models");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("notes.txt"), "mine").unwrap();
    let out = mbcompile(&["new", dir.to_str().unwrap()]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("is not empty"), "{stderr}");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1, "only the user's file");
}

#[test]
fn a_broken_template_is_located_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let templates = tmp.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    let broken = templates.join("lib.rs.tera");
    std::fs::write(&broken, "//! {{ name }}\n\n{% if name %}\nuse x;\n").unwrap();
    let dir = tmp.path().join("models");
    let out = mbcompile(&[
        "new",
        dir.to_str().unwrap(),
        "--templates",
        templates.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("template error") && stderr.contains(&broken.display().to_string()),
        "{stderr}"
    );
    assert!(stderr.contains("-->"), "a line and column: {stderr}");
    assert!(!dir.exists(), "nothing written");

    // A template file that replaces no built-in one is refused, naming those that exist.
    std::fs::remove_file(&broken).unwrap();
    std::fs::write(templates.join("main.rs.tera"), "fn main() {}\n").unwrap();
    let out = mbcompile(&[
        "new",
        dir.to_str().unwrap(),
        "--templates",
        templates.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("lib.rs.tera"), "{stderr}");
    assert!(!dir.exists(), "nothing written");
}

#[test]
fn a_user_template_replaces_the_built_in_one() {
    let tmp = tempfile::tempdir().unwrap();
    let templates = tmp.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("README.md.tera"),
        "# {{ name }} ({{ lib_name }})\n",
    )
    .unwrap();
    let dir = tmp.path().join("my-arms");
    ok(&mbcompile(&[
        "new",
        dir.to_str().unwrap(),
        "--templates",
        templates.to_str().unwrap(),
        "--mb-git",
        "https://example.invalid/mb.git",
    ]));
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert_eq!(readme, "# my-arms (my_arms)\n");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        manifest.contains(&format!(
            "mbruntime = {{ version = \"{version}\", git = \"https://example.invalid/mb.git\" }}"
        )),
        "{manifest}"
    );
    for file in [
        "src/lib.rs",
        "tests/equations.rs",
        "insta.yaml",
        ".gitignore",
    ] {
        assert!(dir.join(file).is_file(), "{file}");
    }
}

/// A block whose derived quantities exceed the size budget is refused with the quantity, its
/// size and the budget, located at the block, and nothing is written; within the default budget
/// the same block generates.
#[test]
fn a_block_over_the_size_budget_is_refused_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("models");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        "[package]\nname = \"models\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/lib.rs"),
        "mbmacros::mechanism! {
    /// A double pendulum.
    struct Double;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { a, b }
    point p = (l * sin(a), -l * cos(a));
    point r = p + (l * sin(b), -l * cos(b));
    body one { mass: m, position: p }
    body two { mass: m, position: r }
    gravity = (0.0, -g);
}
",
    )
    .unwrap();
    let out = mbcompile(&["gen", dir.to_str().unwrap(), "--budget", "40"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("expression nodes, over the budget of 40") && stderr.contains("--budget"),
        "{stderr}"
    );
    assert!(
        stderr.contains("src/lib.rs:3"),
        "located at the block's name: {stderr}"
    );
    assert!(!dir.join("src/generated").exists(), "nothing written");
    ok(&mbcompile(&["gen", dir.to_str().unwrap()]));
    assert!(dir.join("src/generated/double.rs").exists());
}
