//! How many models a crate declares, counted without the parser under test.

use std::path::Path;

/// Number of `mechanism! {` block openings at the start of a line (after indentation) in the
/// `.rs` files directly inside `dir`. A plain text scan: a mention in a comment or a string does
/// not start a line with `mechanism!`, a block does.
pub fn count_mechanism_blocks(dir: &Path) -> std::io::Result<usize> {
    let mut count = 0;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path)?;
            count += text
                .lines()
                .filter(|line| {
                    line.trim_start()
                        .strip_prefix("mechanism!")
                        .is_some_and(|rest| rest.trim_start().starts_with('{'))
                })
                .count();
        }
    }
    Ok(count)
}
