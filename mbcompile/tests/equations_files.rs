//! Every generated module carries its equations: `mbcompile gen` writes
//! `<module>.equations.txt` and `<module>.equations.tex` beside `<module>.rs`, equal to
//! `report()` of the model derived here in the test process, and the module includes them as
//! `EQUATIONS` and `EQUATIONS_LATEX`. A second generation rewrites nothing; `check` reports a
//! missing report, `check --exact` a changed one. (Compiling the constants in a user's crate is
//! tested by `user_crate.rs`.) The generator runs one process at a time: `--test-threads=1`.

use mbcompile::dsl::source::find_models;
use mbcompile::pipeline::derive_model;
use mbcompile::symbolic::print::{Format, report};
use std::path::Path;
use std::process::{Command, Output};

const LIB: &str = "use mbmacros::mechanism;\n\nmechanism! {\n    /// A ball above a floor.\n    struct Ball;\n    parameters { m: 1.0, g: 9.81 }\n    coordinates { y }\n    kinetic = 0.5 * m * dot(y).powi(2);\n    potential = m * g * y;\n    contact floor { gap: y, restitution: 0.5 }\n}\n";

fn mbcompile(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .args(args)
        .output()
        .unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn modified(path: &Path) -> std::time::SystemTime {
    std::fs::metadata(path).unwrap().modified().unwrap()
}

#[test]
fn gen_writes_the_reports_the_module_includes() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    std::fs::write(
        root.join("Cargo.toml"),
        "[package]\nname = \"balls\"\nversion = \"0.1.0\"\nedition = \"2024\"\n",
    )
    .unwrap();
    std::fs::create_dir(root.join("src")).unwrap();
    std::fs::write(root.join("src/lib.rs"), LIB).unwrap();
    let dir = root.to_str().unwrap();
    let out = mbcompile(&["gen", dir]);
    assert!(out.status.success(), "{out:?}");

    let generated = root.join("src/generated");
    let (rs, txt, tex) = (
        generated.join("ball.rs"),
        generated.join("ball.equations.txt"),
        generated.join("ball.equations.tex"),
    );
    let (text, latex) = (read(&txt), read(&tex));
    assert!(text.contains("floor"), "the contact is reported");
    let module = read(&rs);
    for constant in [
        "pub const EQUATIONS: &str = include_str!(\"ball.equations.txt\");",
        "pub const EQUATIONS_LATEX: &str = include_str!(\"ball.equations.tex\");",
    ] {
        assert!(module.contains(constant), "{constant} in\n{module}");
    }

    // Unchanged: nothing rewritten.
    let before = [modified(&rs), modified(&txt), modified(&tex)];
    std::thread::sleep(std::time::Duration::from_millis(20));
    let again = mbcompile(&["gen", dir]);
    assert!(again.status.success(), "{again:?}");
    assert!(String::from_utf8_lossy(&again.stderr).contains("unchanged"));
    assert_eq!(before, [modified(&rs), modified(&txt), modified(&tex)]);

    let check = |args: &[&str]| {
        let out = mbcompile(args);
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    assert!(check(&["check", "--exact", dir]).0);
    // An edited report differs from a fresh generation.
    std::fs::write(&tex, "edited\n").unwrap();
    let (fresh, listed) = check(&["check", "--exact", dir]);
    assert!(!fresh && listed.contains("differs  Ball"), "{listed}");
    // A missing report makes the module incomplete.
    std::fs::remove_file(&txt).unwrap();
    let (fresh, listed) = check(&["check", dir]);
    assert!(!fresh && listed.contains("missing  Ball"), "{listed}");

    // The reports against a derivation in this process (last: the symbolic engine allows one
    // process at a time, and this one keeps its allowance until it exits).
    let model = find_models(LIB).unwrap().remove(0);
    let derived = derive_model(&model, &mut |_| {}).unwrap();
    assert_eq!(text, report(&model, &derived, Format::Text));
    assert_eq!(latex, report(&model, &derived, Format::Latex));
}

/// The LaTeX reports of the examples hold no double subscript (`g_{N}_{floor}`), which TeX and
/// KaTeX refuse: a subscripted symbol takes its index as a group (`{g_{N}}_{floor}`).
#[test]
fn example_latex_reports_have_no_double_subscripts() {
    let generated = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/src/generated");
    let mut reports = 0;
    for entry in std::fs::read_dir(&generated).unwrap() {
        let path = entry.unwrap().path();
        if !path.to_string_lossy().ends_with(".equations.tex") {
            continue;
        }
        reports += 1;
        for line in read(&path).lines() {
            let mut rest = line;
            while let Some(at) = rest.find("_{") {
                let after = &rest[at + 2..];
                let close = after.find('}').unwrap_or(after.len());
                let (group, tail) = after.split_at(close);
                assert!(
                    group.contains('{') || !tail.starts_with("}_{"),
                    "double subscript in {}: {line}",
                    path.display()
                );
                rest = after;
            }
        }
    }
    assert!(reports >= 50, "only {reports} LaTeX reports");
}
