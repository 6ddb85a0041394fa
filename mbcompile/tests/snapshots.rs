//! Snapshots of the derived equations (plain text and LaTeX) of every example mechanism. A change
//! in derivation shows up as a reviewable diff (`cargo insta review`). The generated code is not
//! snapshotted here: `determinism.rs` compares fresh generations with the committed modules in
//! `examples/src/generated/`. Symbolic work shares one symbolica permit: `--test-threads=1`.

use mb_testsupport::count_mechanism_blocks;
use mbcompile::dsl::source::find_models;
use mbcompile::pipeline::{DEFAULT_HORNER_ITERATIONS, generate};
use mbcompile::symbolic::print::{Format, report};
use std::path::Path;

#[test]
fn example_equations() {
    let src_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/src");
    let mut files: Vec<_> = std::fs::read_dir(&src_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut seen = 0;
    for f in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        for model in find_models(&text).unwrap() {
            let g = generate(&model, DEFAULT_HORNER_ITERATIONS, &mut |_| {}).unwrap();
            let name = model.module_name();
            insta::assert_snapshot!(
                format!("{name}_equations_text"),
                report(&model, &g.derived, Format::Text)
            );
            insta::assert_snapshot!(
                format!("{name}_equations_latex"),
                report(&model, &g.derived, Format::Latex)
            );
            seen += 1;
        }
    }
    // Counted independently of the parser: a text scan for block openings.
    let blocks = count_mechanism_blocks(&src_dir).unwrap();
    assert_eq!(
        seen, blocks,
        "the parser found {seen} models in {blocks} mechanism! blocks"
    );
}
