//! What of an MJCF document the block does not carry: refused (an error at the element) when
//! leaving it out would change the dynamics, else reported once per kind with its first place.

use super::document::Document;
use super::note;
use crate::Note;
use crate::error::ImportError;
use crate::xml_index::XmlIndex;
use std::path::Path;

/// Elements that would change the model if an included file held them.
const DYNAMIC: &[&str] = &[
    "worldbody",
    "body",
    "default",
    "compiler",
    "option",
    "equality",
    "tendon",
    "include",
];

/// `<include>`s: read only when the included file holds assets and visual settings alone.
pub fn includes(index: &XmlIndex, file: &Path) -> Result<Vec<Note>, ImportError> {
    let mut notes = Vec::new();
    for e in index.elements.iter().filter(|e| e.tag == "include") {
        let at = |message: String| ImportError::at(file, e.line, &e.path, message);
        let name = e
            .attribute("file")
            .ok_or_else(|| at("an `<include>` needs a `file`".into()))?;
        let path = file.parent().unwrap_or(Path::new(".")).join(name);
        let text = std::fs::read_to_string(&path).map_err(|err| {
            at(format!(
                "cannot read the included file {}: {err}",
                path.display()
            ))
        })?;
        let included = XmlIndex::read(&text, &path)?;
        if let Some(d) = included
            .elements
            .iter()
            .find(|d| DYNAMIC.contains(&d.tag.as_str()))
        {
            return Err(at(format!(
                "the included file `{name}` holds `<{}>` (line {}), which changes the model: only includes of assets and visual settings are read; copy its content into this file",
                d.tag, d.line
            )));
        }
        notes.push(Note {
            line: e.line,
            path: e.path.clone(),
            what: format!(
                "included `{name}`: assets and visual settings only, nothing of the dynamics"
            ),
        });
    }
    Ok(notes)
}

/// Why an element kind is refused (`Err`) or not imported (`Ok(Some)`), by (parent tag, tag);
/// `Ok(None)` for what the import reads.
fn verdict(parent: &str, tag: &str) -> Result<Option<&'static str>, &'static str> {
    const NO_DYNAMICS: &str = "no part of the dynamics: not imported";
    Ok(match (parent, tag) {
        (_, "default")
        | ("mujoco", "compiler" | "option" | "worldbody" | "include" | "equality") => None,
        ("option", "flag") | ("equality", "joint" | "connect" | "weld") => None,
        ("worldbody" | "body", "body") | ("body", "joint" | "freejoint" | "inertial") => None,
        ("worldbody" | "body", "geom") => Some(
            "geoms: their inertia is read; their contacts are imported only with --contact-restitution, and then only those of spheres, capsules and boxes with the world's planes",
        ),
        ("worldbody" | "body", "site" | "camera" | "light") => Some(NO_DYNAMICS),
        (
            "mujoco",
            "asset" | "visual" | "statistic" | "sensor" | "keyframe" | "extension" | "custom"
            | "size",
        ) => Some(NO_DYNAMICS),
        ("mujoco", "actuator") => {
            Some("actuation is an input, not part of the dynamics: not imported")
        }
        ("mujoco", "contact") => Some("contact pairs and exclusions: contacts are not imported"),
        ("mujoco", "tendon") => None,
        ("equality", _) => {
            return Err(
                "only joint, connect and weld equalities are imported (tendon and flex equalities are not)",
            );
        }
        ("worldbody" | "body", "frame" | "composite" | "flexcomp" | "replicate" | "attach") => {
            return Err("not imported: write its bodies out");
        }
        ("mujoco", "deformable") => return Err("deformable bodies are not imported"),
        ("tendon", _) => None,
        _ => Some("unknown element: not imported"),
    })
}

/// Notes for the kinds not imported, errors for the kinds refused; tendons are refused when
/// they have springs, damping, friction or limits.
pub fn refused_and_reported(doc: &Document) -> Result<Vec<Note>, ImportError> {
    let index = doc.index;
    let mut seen: Vec<String> = Vec::new();
    let mut notes = Vec::new();
    let mut skipped = vec![false; index.elements.len()];
    for (k, e) in index.elements.iter().enumerate() {
        let Some(p) = e.parent else { continue };
        let parent = &index.elements[p];
        if skipped[p] || parent.tag == "default" {
            skipped[k] = skipped[p] || parent.tag == "default";
            continue;
        }
        match verdict(&parent.tag, &e.tag) {
            Err(why) => return Err(doc.error(k, why.to_string())),
            Ok(None) => {}
            Ok(Some(why)) => {
                skipped[k] = true;
                let kind = format!("{}/{}", parent.tag, e.tag);
                if !seen.contains(&kind) {
                    seen.push(kind);
                    notes.push(note(doc, k, why.to_string()));
                }
            }
        }
        if parent.tag == "tendon" {
            skipped[k] = true;
            for key in ["stiffness", "damping", "frictionloss"] {
                if doc.number(k, key, 0.0)? != 0.0 {
                    return Err(doc.error(
                        k,
                        format!(
                            "a tendon with `{key}` acts on the joints: tendons are not imported"
                        ),
                    ));
                }
            }
            if doc.flag(k, "limited")? == Some(true)
                || (doc.compiler.auto_limits
                    && doc.attribute(k, "range").is_some()
                    && doc.flag(k, "limited")? != Some(false))
            {
                return Err(doc.error(
                    k,
                    "a tendon with limits acts on the joints: tendons are not imported".into(),
                ));
            }
            if !seen.iter().any(|s| s == "tendon") {
                seen.push("tendon".to_string());
                notes.push(note(doc, k, "tendons without springs, damping, friction or limits: not imported (they only route actuators and sensors)".to_string()));
            }
        }
        if e.tag == "option" {
            for key in ["density", "viscosity"] {
                if doc.number(k, key, 0.0)? != 0.0 {
                    return Err(doc.error(k, format!("fluid forces (`{key}`) are not imported")));
                }
            }
        }
    }
    Ok(notes)
}
