//! The HTML equations report and user report templates (`mbcompile print --format html`,
//! `--templates`). Every equation of the plain-text report (rendered by another template) must
//! appear in the HTML page, its LaTeX in a `data-latex` attribute and its text in a `<code>`
//! element, both HTML-escaped so that decoding gives back the exact strings; the tags the page
//! opens are closed in order; a broken user template fails with its file and line, printing
//! nothing. Symbolic work shares one symbolica permit: `--test-threads=1`.

use mbcompile::dsl::source::find_models;
use mbcompile::pipeline::derive_model;
use mbcompile::symbolic::print::{
    Counts, DEFAULT_KATEX_URL, Equation, EquationsReport, Format, ReportParameter, ReportTemplates,
    Section, Sections, Side, render_report, report_sections,
};
use std::path::Path;
use std::process::Command;

/// A point mass on a rod and a string (a bilateral constraint and a contact whose LaTeX labels
/// carry subscripts), a coordinate with an underscore, and a parameter documentation that needs
/// HTML escaping.
const BLOCK: &str = r#"mechanism! {
    /// A point mass on a rod and a string.
    struct RodString;
    parameters {
        /// Mass <kg> & "more".
        m: 1.0,
        l: 1.0,
        g: 9.81
    }
    coordinates { x_1, y }
    kinetic = 0.5 * m * (dot(x_1).powi(2) + dot(y).powi(2));
    potential = m * g * y;
    constraint rod = sqrt(x_1.powi(2) + y.powi(2)) - l;
    contact string { gap: l - sqrt(x_1.powi(2) + y.powi(2)), restitution: 0.0 }
}"#;

/// A second block, so the crate holds two mechanisms.
const PENDULUM: &str = "mechanism! {
    struct Swing;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { theta }
    kinetic = 0.5 * m * l.powi(2) * dot(theta).powi(2);
    potential = -m * g * l * cos(theta);
}";

/// Decodes the character references the page uses (tera's `escape`).
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2F;", "/")
        .replace("&amp;", "&")
}

/// The raw (still escaped) values of `attribute="…"` on elements whose class is exactly `class`.
fn attribute_values<'a>(html: &'a str, class: &str, attribute: &str) -> Vec<&'a str> {
    let opening = format!("class=\"{class}\" {attribute}=\"");
    html.match_indices(&opening)
        .map(|(i, _)| {
            let rest = &html[i + opening.len()..];
            &rest[..rest.find('"').expect("an unterminated attribute")]
        })
        .collect()
}

/// The raw contents of every `<code class="text">…</code>`.
fn text_forms(html: &str) -> Vec<&str> {
    let opening = "<code class=\"text\">";
    html.match_indices(opening)
        .map(|(i, _)| {
            let rest = &html[i + opening.len()..];
            &rest[..rest.find("</code>").expect("an unterminated code element")]
        })
        .collect()
}

/// Checks that raw attribute or element text is escaped: no markup characters, and every `&`
/// starts one of the references `unescape` knows.
fn assert_escaped(raw: &str) {
    assert!(
        !raw.contains(['<', '>', '"']),
        "unescaped markup in {raw:?}"
    );
    for (i, _) in raw.match_indices('&') {
        let rest = &raw[i..];
        assert!(
            ["&lt;", "&gt;", "&quot;", "&#x27;", "&#x2F;", "&amp;"]
                .iter()
                .any(|r| rest.starts_with(r)),
            "a bare & in {raw:?}"
        );
    }
}

/// The elements without a closing tag.
const VOID: [&str; 6] = ["meta", "link", "br", "input", "img", "hr"];

/// Every tag opened is closed in order (void elements aside); script bodies are skipped.
fn assert_balanced(html: &str) {
    let mut open: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest.find('>').expect("an unterminated tag");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue; // <!DOCTYPE html>
        }
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if let Some(closing) = tag.strip_prefix('/') {
            let last = open.pop();
            assert_eq!(
                last.as_deref(),
                Some(closing),
                "</{closing}> closes {last:?}"
            );
        } else if !VOID.contains(&name.as_str()) {
            if name == "script" {
                let end = rest.find("</script>").expect("an unterminated script");
                rest = &rest[end..];
            }
            open.push(name);
        }
    }
    assert!(open.is_empty(), "never closed: {open:?}");
}

/// The equation lines of the plain-text report (`lhs = rhs`): neither headings, the header,
/// notes nor blank lines.
fn text_equations(text: &str) -> Vec<&str> {
    text.lines()
        .skip(1)
        .filter(|l| !l.is_empty() && !l.starts_with("# ") && !l.starts_with("parameters in the"))
        .collect()
}

#[test]
fn every_equation_appears_escaped_in_a_well_formed_page() {
    let model = find_models(BLOCK).unwrap().remove(0);
    let d = derive_model(&model, &mut |_| {}).unwrap();
    let sections = Sections { jacobians: true };
    let templates = ReportTemplates::load(None).unwrap();
    let html = render_report(
        &templates,
        &model,
        &d,
        Format::Html,
        sections,
        DEFAULT_KATEX_URL,
    )
    .unwrap();
    assert_balanced(&html);
    let text = report_sections(&model, &d, Format::Text, sections);
    let expected = text_equations(&text);
    assert!(expected.len() > 20, "too few equations:\n{text}");
    assert!(expected.iter().any(|e| e.starts_with("Gdot'qdot[rod]")));

    // The text forms, in order, decode to the lines of the text report.
    let texts = text_forms(&html);
    texts.iter().for_each(|raw| assert_escaped(raw));
    let decoded: Vec<String> = texts.iter().map(|raw| unescape(raw)).collect();
    assert_eq!(decoded, expected);

    // The LaTeX of every equation: one data-latex per equation, escaped, decoding to the LaTeX
    // report's lines (`lhs &= rhs \\`), where subscripted symbols take their indices as groups
    // (`{g_{N}}_{string}`, not the double subscript `g_{N}_{string}` that TeX and KaTeX refuse).
    let latex = attribute_values(&html, "equation", "data-latex");
    assert_eq!(latex.len(), expected.len());
    latex.iter().for_each(|raw| assert_escaped(raw));
    let tex = report_sections(&model, &d, Format::Latex, sections);
    let tex_lines: Vec<String> = (tex.lines())
        .filter_map(|l| l.strip_suffix(" \\\\"))
        .map(|l| l.replacen(" &= ", " = ", 1))
        .collect();
    let page: Vec<String> = latex.iter().map(|raw| unescape(raw)).collect();
    assert_eq!(page, tex_lines);
    assert!(page.iter().any(|l| l.starts_with("{g_{N}}_{string} = ")));
    let double = ["_{N}_{", "_{T}_{", "_{T2}_{"];
    assert!(page.iter().all(|l| double.iter().all(|d| !l.contains(d))));

    // The parameter's documentation is escaped, and KaTeX comes from the pinned CDN copy.
    assert!(html.contains("Mass &lt;kg&gt; &amp; &quot;more&quot;."));
    assert!(html.contains("katex@0.16.22") && html.contains("integrity=\"sha384-"));
}

/// Markup in every field of a report (no derived report has all of these) comes back exactly
/// after decoding, and never as markup.
#[test]
fn markup_in_any_field_is_escaped() {
    let nasty = |tag: &str| Side {
        text: format!("a<{tag}>&\"b\"'c'/d"),
        latex: format!("\\frac{{<{tag}>}}{{\"&'\"}}"),
    };
    let report = EquationsReport {
        model: "M<odel>&".into(),
        counts: Counts {
            coordinates: 1,
            bilateral_constraints: 0,
            contacts: 0,
        },
        coordinates: vec![nasty("q")],
        parameters: vec![ReportParameter {
            name: nasty("p"),
            default: "1.0".into(),
            doc: "<script>alert('x')</script>".into(),
        }],
        time: Some(nasty("t")),
        sections: vec![Section {
            title: "</section><h1>".into(),
            equations: vec![Equation {
                lhs: nasty("lhs"),
                rhs: nasty("rhs"),
            }],
            notes: vec!["<b>&</b>".into()],
        }],
    };
    let templates = ReportTemplates::load(None).unwrap();
    let html = templates
        .render(&report, Format::Html, "https://example.org/k\"atex<")
        .unwrap();
    assert_balanced(&html);
    assert!(!html.contains("<script>alert") && !html.contains("<h1>M<odel>"));
    let e = &report.sections[0].equations[0];
    let latex = attribute_values(&html, "equation", "data-latex");
    assert_eq!(latex.len(), 1);
    assert_escaped(latex[0]);
    assert_eq!(
        unescape(latex[0]),
        format!("{} = {}", e.lhs.latex, e.rhs.latex)
    );
    let texts = text_forms(&html);
    assert_eq!(texts.len(), 1);
    assert_escaped(texts[0]);
    assert_eq!(
        unescape(texts[0]),
        format!("{} = {}", e.lhs.text, e.rhs.text)
    );
    let symbols = attribute_values(&html, "symbol", "data-latex");
    let symbols: Vec<String> = symbols.iter().map(|raw| unescape(raw)).collect();
    let expected = [
        &report.coordinates[0],
        report.time.as_ref().unwrap(),
        &report.parameters[0].name,
    ];
    assert_eq!(symbols, expected.map(|s| s.latex.clone()));
}

#[test]
fn every_builtin_template_renders() {
    let model = find_models(PENDULUM).unwrap().remove(0);
    let d = derive_model(&model, &mut |_| {}).unwrap();
    for format in [Format::Text, Format::Latex, Format::Markdown, Format::Html] {
        for jacobians in [false, true] {
            let out = report_sections(&model, &d, format, Sections { jacobians });
            assert!(out.contains("Swing"), "{format:?}:\n{out}");
            assert!(!out.contains("internal error"), "{format:?}:\n{out}");
        }
    }
}

/// A crate holding both blocks.
fn user_crate(dir: &Path) {
    std::fs::create_dir_all(dir.join("src")).unwrap();
    let manifest = "[package]\nname = \"report-test\"\nversion = \"0.1.0\"\nedition = \"2024\"\n";
    std::fs::write(dir.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.join("src/lib.rs"), format!("{BLOCK}\n\n{PENDULUM}\n")).unwrap();
}

fn mbcompile(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_mbcompile"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_broken_user_template_names_its_file_and_line_and_prints_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let krate = dir.path().join("crate");
    user_crate(&krate);
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let broken = templates.join("report.html");
    std::fs::write(
        &broken,
        "<!DOCTYPE html>\n<title>{{ model }}</title>\n{% for x in %}\n",
    )
    .unwrap();
    let out = mbcompile(&[
        "print",
        krate.to_str().unwrap(),
        "--model",
        "Swing",
        "--format",
        "html",
        "--templates",
        templates.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "printed {:?}", out.stdout);
    assert!(stderr.contains(broken.to_str().unwrap()), "{stderr}");
    assert!(stderr.contains("--> 3:"), "{stderr}");
}

#[test]
fn a_user_template_replaces_the_builtin_one_and_katex_can_move() {
    let dir = tempfile::tempdir().unwrap();
    let krate = dir.path().join("crate");
    user_crate(&krate);
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let own = "{{ model }}:{% for s in sections %} {{ s.title }} ({{ s.equations | length }}){% endfor %}\n";
    std::fs::write(templates.join("report.txt"), own).unwrap();
    let krate = krate.to_str().unwrap();
    let out = mbcompile(&[
        "print",
        krate,
        "--model",
        "Swing",
        "--templates",
        templates.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "Swing: Energies (2) Mass matrix M = d²T/dq̇² (1) Forces h (M q̈ = h + W λ) (1)\n"
    );

    let out = mbcompile(&[
        "print",
        krate,
        "--model",
        "Swing",
        "--format",
        "html",
        "--katex",
        "file:///opt/katex/",
    ]);
    assert!(out.status.success());
    let html = String::from_utf8_lossy(&out.stdout);
    let src = "<script src=\"file:&#x2F;&#x2F;&#x2F;opt&#x2F;katex/katex.min.js\"></script>";
    assert!(html.contains(src), "{html}");
    assert!(!html.contains("integrity="));

    // One page per mechanism: two blocks need --model.
    let out = mbcompile(&["print", krate, "--format", "html"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
}
