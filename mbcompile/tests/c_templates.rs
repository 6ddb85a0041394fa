//! `mbcompile gen --target c` from the command line: the files it writes compile, `--target
//! rust,c` writes from one derivation what one run per target writes, a block's `generate {
//! targets: [rust, c] }` chooses its languages when the command names none, a user's
//! templates replace the built-in ones, and bad input gets a clear error with nothing
//! overwritten silently: an unknown target, a template with a syntax error (its file, line and
//! column), a template file that overrides nothing, and a template whose code does not compile
//! (the C compiler's messages shown, the file kept for inspection).
//! The generator uses the symbolic engine: run this binary with `--test-threads=1`.

use std::path::Path;
use std::process::{Command, Output};

/// A pendulum whose parameter `double` is a C keyword.
const BLOCK: &str = r#"use mbmacros::mechanism;

mechanism! {
    /// A pendulum.
    struct KeywordPendulum;
    parameters {
        /// Mass [kg].
        m: 1.0,
        /// Rod length, named after a C keyword [m].
        double: 0.5,
        g: 9.81,
    }
    coordinates { theta }
    kinetic = 0.5 * m * double.powi(2) * dot(theta).powi(2);
    potential = -m * g * double * cos(theta);
}
"#;

/// A crate holding [`BLOCK`].
fn user_crate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir_all(dir.path().join("src")).expect("src");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"keyword\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
    )
    .expect("Cargo.toml");
    std::fs::write(dir.path().join("src/lib.rs"), BLOCK).expect("lib.rs");
    dir
}

/// `mbcompile gen <crate> --target c <extra…>`.
fn gen_c(crate_dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .arg("gen")
        .arg(crate_dir)
        .args(["--target", "c"])
        .args(extra)
        .output()
        .expect("mbcompile runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn written_c_compiles_and_escapes_keywords() {
    let dir = user_crate();
    let out = gen_c(dir.path(), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    let header = std::fs::read_to_string(dir.path().join("src/generated/c/keyword_pendulum.h"))
        .expect("header");
    let source = std::fs::read_to_string(dir.path().join("src/generated/c/keyword_pendulum.c"))
        .expect("source");
    assert!(header.contains("    double double_;"), "{header}");
    assert!(source.contains(".double_ = 0.5,"), "{source}");
    assert!(header.contains("#define KEYWORD_PENDULUM_NQ 1"), "{header}");
    assert!(
        header.contains(
            "void keyword_pendulum_dynamics(const keyword_pendulum_params *restrict p, \
             const double *restrict q, const double *restrict qd, double t, \
             double *restrict m, double *restrict h);"
        ),
        "{header}"
    );
    // The same run again rewrites nothing.
    let again = gen_c(dir.path(), &[]);
    assert!(again.status.success());
    assert!(stderr(&again).contains("unchanged"), "{}", stderr(&again));
}

/// Without `--target`, each block's `generate { targets }` chooses: the block that asks for C gets
/// its header and source beside its Rust module, the block that does not gets its Rust module only.
#[test]
fn blocks_choose_their_languages_when_the_command_names_none() {
    let dir = user_crate();
    let second = BLOCK
        .replace("use mbmacros::mechanism;\n", "")
        .replace("KeywordPendulum", "CPendulum")
        .replace(
            "    potential = -m * g * double * cos(theta);\n",
            "    potential = -m * g * double * cos(theta);\n    generate { targets: [rust, c] }\n",
        );
    std::fs::write(dir.path().join("src/lib.rs"), format!("{BLOCK}{second}")).expect("lib.rs");
    let out = Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .arg("gen")
        .arg(dir.path())
        .output()
        .expect("mbcompile runs");
    assert!(out.status.success(), "{}", stderr(&out));
    for file in [
        "src/generated/keyword_pendulum.rs",
        "src/generated/c_pendulum.rs",
        "src/generated/c/c_pendulum.h",
        "src/generated/c/c_pendulum.c",
    ] {
        assert!(dir.path().join(file).exists(), "{file} missing");
    }
    assert!(
        !dir.path()
            .join("src/generated/c/keyword_pendulum.c")
            .exists(),
        "a block without `targets: [rust, c]` got C"
    );
    // The C is as fresh as the Rust module of its block.
    let fingerprint = |file: &str| {
        std::fs::read_to_string(dir.path().join(file))
            .expect(file)
            .lines()
            .find_map(|l| l.strip_prefix("// fingerprint: ").map(String::from))
            .expect("a fingerprint line")
    };
    assert_eq!(
        fingerprint("src/generated/c/c_pendulum.c"),
        fingerprint("src/generated/c_pendulum.rs")
    );
}

/// `mbcompile gen <crate> --target rust,c` derives the block once and writes both languages: the
/// same files, byte for byte, as one run per target.
#[test]
fn both_targets_from_one_derivation_write_what_separate_runs_write() {
    let (both, separate) = (user_crate(), user_crate());
    let run = |dir: &Path, target: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_mbcompile"))
            .arg("gen")
            .arg(dir)
            .args(["--target", target, "--no-cc"])
            .output()
            .expect("mbcompile runs");
        assert!(out.status.success(), "{}", stderr(&out));
        stderr(&out)
    };
    let said = run(both.path(), "rust,c");
    assert!(
        said.contains("keyword_pendulum.rs and its equations"),
        "{said}"
    );
    assert!(
        said.contains("wrote") && said.contains("keyword_pendulum.c"),
        "{said}"
    );
    run(separate.path(), "rust");
    run(separate.path(), "c");
    for file in [
        "src/generated/keyword_pendulum.rs",
        "src/generated/keyword_pendulum.equations.txt",
        "src/generated/keyword_pendulum.equations.tex",
        "src/generated/c/keyword_pendulum.h",
        "src/generated/c/keyword_pendulum.c",
    ] {
        let read = |dir: &Path| std::fs::read_to_string(dir.join(file)).expect(file);
        assert_eq!(read(both.path()), read(separate.path()), "{file}");
    }
}

#[test]
fn a_users_template_replaces_the_builtin_one() {
    let dir = user_crate();
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).expect("templates");
    let builtin = mbcompile::codegen::c::TEMPLATES
        .iter()
        .find(|(n, _)| *n == "source.c")
        .expect("a built-in source.c")
        .1;
    let mine = format!("// Licensed to the lab.\n{builtin}");
    std::fs::write(templates.join("source.c"), mine).expect("template");
    let out = gen_c(
        dir.path(),
        &["--templates", templates.to_str().expect("utf-8")],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let source = std::fs::read_to_string(dir.path().join("src/generated/c/keyword_pendulum.c"))
        .expect("source");
    assert!(source.starts_with("// Licensed to the lab.\n"), "{source}");
}

#[test]
fn an_unknown_target_is_refused() {
    let dir = user_crate();
    let out = Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .arg("gen")
        .arg(dir.path())
        .args(["--target", "fortran"])
        .output()
        .expect("mbcompile runs");
    assert!(!out.status.success());
    let e = stderr(&out);
    assert!(
        e.contains("invalid value 'fortran'") && e.contains("rust, c"),
        "{e}"
    );
    assert!(!dir.path().join("src/generated").exists());
}

#[test]
fn a_broken_template_names_its_file_and_line_and_writes_nothing() {
    let dir = user_crate();
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).expect("templates");
    std::fs::write(
        templates.join("header.h"),
        "// header\n#ifndef {{ guard }}\n{% for f in functions %}\n{{ f.name ) }}\n{% endfor %}\n",
    )
    .expect("template");
    let out = gen_c(
        dir.path(),
        &["--templates", templates.to_str().expect("utf-8")],
    );
    assert!(!out.status.success());
    let e = stderr(&out);
    let file = templates.join("header.h").display().to_string();
    assert!(e.contains(&file), "names the file:\n{e}");
    assert!(e.contains("--> 4:"), "names the line:\n{e}");
    assert!(
        !dir.path().join("src/generated").exists(),
        "nothing written"
    );
}

#[test]
fn a_template_file_that_overrides_nothing_is_refused() {
    let dir = user_crate();
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).expect("templates");
    std::fs::write(templates.join("heder.h"), "typo").expect("template");
    let out = gen_c(
        dir.path(),
        &["--templates", templates.to_str().expect("utf-8")],
    );
    assert!(!out.status.success());
    let e = stderr(&out);
    assert!(
        e.contains("heder.h") && e.contains("header.h, source.c"),
        "{e}"
    );
}

#[test]
fn code_that_does_not_compile_is_reported_and_kept() {
    let dir = user_crate();
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).expect("templates");
    let builtin = mbcompile::codegen::c::TEMPLATES
        .iter()
        .find(|(n, _)| *n == "source.c")
        .expect("a built-in source.c")
        .1;
    // The function bodies lose their closing brace.
    let broken = builtin.replace("{{ f.body }}}", "{{ f.body }}");
    assert_ne!(broken, builtin);
    std::fs::write(templates.join("source.c"), broken).expect("template");
    let out = gen_c(
        dir.path(),
        &["--templates", templates.to_str().expect("utf-8")],
    );
    assert!(!out.status.success());
    let e = stderr(&out);
    let kept = dir.path().join("src/generated/c/keyword_pendulum.c");
    assert!(kept.exists(), "the file is kept for inspection");
    assert!(e.contains("does not compile (kept for inspection)"), "{e}");
    assert!(
        e.contains("keyword_pendulum.c:") && e.contains("error"),
        "compiler output:\n{e}"
    );
    // Without the check the same run succeeds, and says nothing about the compiler.
    let unchecked = gen_c(
        dir.path(),
        &["--no-cc", "--templates", templates.to_str().expect("utf-8")],
    );
    assert!(unchecked.status.success(), "{}", stderr(&unchecked));
}
