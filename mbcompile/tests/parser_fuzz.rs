//! The grammar and the generator never panic on user input: random token streams and random
//! mutations of valid blocks either parse or give a located error, and every mutant that parses
//! goes through the whole generator (derivation, checks, code generation) returning `Ok` or a
//! located error. Symbolic work shares one symbolica permit: run with `--test-threads=1`.

use mbcompile::diagnostic::Diagnostic;
use mbcompile::dsl::source::find_models;
use mbcompile::dsl::{Model, validate};
use mbcompile::pipeline::generate;
use proptest::prelude::*;

const VALID: &str = r#"
    struct Cart;
    parameters { m: 1.0, k: 2.0, c: 0.1, l: 0.5, e: 0.5, mu: 0.3 }
    coordinates { x, th }
    time t;
    let v = dot(x) + l * cos(th) * dot(th);
    kinetic = 0.5 * m * v.powi(2) + 0.5 * m * (l * sin(th) * dot(th)).powi(2) + 0.5 * dot(x).powi(2);
    potential = 0.5 * k * x.powi(2) - m * 9.81 * l * cos(th);
    forces { x: -c * dot(x) + sin(t) }
    constraint ring = x - 0.1 * sin(t) - th;
    contact stop { gap: 1.0 - x, restitution: e, friction: mu, slip: l * th }
"#;

const VOCABULARY: &[&str] = &[
    "struct",
    "parameters",
    "coordinates",
    "time",
    "let",
    "kinetic",
    "potential",
    "forces",
    "constraint",
    "contact",
    "gap",
    "restitution",
    "friction",
    "slip",
    "tangential_velocity",
    "tangential_restitution",
    "x",
    "th",
    "m",
    "t",
    "dot",
    "sin",
    "cos",
    "sqrt",
    "powi",
    "powf",
    "abs",
    "ln",
    "{",
    "}",
    "(",
    ")",
    ",",
    ";",
    ":",
    "=",
    "+",
    "-",
    "*",
    "/",
    "^",
    ".",
    "0",
    "1.5",
    "0.0",
    "1e400",
    "2",
    "-3",
    "1.0f32",
    "///doc\n",
    "#[x]",
    "'a'",
    "\"s\"",
    "::",
    "&",
    "!",
    "?",
];

fn words(src: &str) -> Vec<String> {
    // Split into rough tokens: identifiers/numbers and single punctuation characters.
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in src.chars() {
        if ch.is_alphanumeric()
            || ch == '_'
            || ch == '.' && cur.chars().all(|c| c.is_ascii_digit()) && !cur.is_empty()
        {
            cur.push(ch);
        } else {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if !ch.is_whitespace() {
                out.push(ch.to_string());
            }
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize),
    Insert(usize, usize),
    Replace(usize, usize),
    Swap(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), 0..VOCABULARY.len()).prop_map(|(a, b)| Mutation::Insert(a, b)),
        (any::<usize>(), 0..VOCABULARY.len()).prop_map(|(a, b)| Mutation::Replace(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
    ]
}

fn apply(mut w: Vec<String>, ms: &[Mutation]) -> String {
    for m in ms {
        let n = w.len().max(1);
        match *m {
            Mutation::Delete(i) if !w.is_empty() => {
                w.remove(i % n);
            }
            Mutation::Insert(i, v) => w.insert(i % (w.len() + 1), VOCABULARY[v].to_string()),
            Mutation::Replace(i, v) if !w.is_empty() => w[i % n] = VOCABULARY[v].to_string(),
            Mutation::Swap(a, b) if !w.is_empty() => w.swap(a % n, b % n),
            _ => {}
        }
    }
    w.join(" ")
}

/// Parses a block inside a file and, if it parses, generates it; never panics.
fn exercise(block: &str, derive: bool) {
    let file = format!("mechanism! {{ {block} }}");
    match find_models(&file) {
        Err(e) => {
            let d = Diagnostic::from_syn("fuzz.rs", &file, &e);
            assert!(d.line >= 1 && d.column >= 1 && !d.message.is_empty());
        }
        Ok(models) => {
            for m in &models {
                if let Err(e) = validate(m) {
                    let d = Diagnostic::from_syn("fuzz.rs", &file, &e);
                    assert!(d.line >= 1 && d.column >= 1 && !d.message.is_empty());
                } else if derive && let Err(e) = generate(m, 1, &mut |_| {}) {
                    let d = Diagnostic::from_error("fuzz.rs", &file, &e);
                    assert!(!d.message.is_empty());
                }
            }
        }
    }
    // The bare grammar entry point too.
    let _ = syn::parse_str::<Model>(block);
}

#[test]
fn the_unmutated_block_generates() {
    let models = find_models(&format!("mechanism! {{ {VALID} }}")).expect("valid block parses");
    generate(&models[0], 1, &mut |_| {}).expect("valid block generates");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn mutated_blocks_never_panic(ms in prop::collection::vec(mutation(), 1..6)) {
        exercise(&apply(words(VALID), &ms), true);
    }

    #[test]
    fn random_token_streams_never_panic(toks in prop::collection::vec(0..VOCABULARY.len(), 0..40)) {
        let s: Vec<&str> = toks.iter().map(|&i| VOCABULARY[i]).collect();
        exercise(&s.join(" "), false);
    }
}
