//! Elements of a description that the block does not carry, each kind reported once: where it
//! first occurs, how many there are, and why leaving it out does not change the dynamics (or, for
//! an unknown element, that it was not read).

use crate::Note;
use crate::xml_index::XmlIndex;

/// Why an element kind is not imported, by (parent tag, tag); `None` for the elements the import
/// reads.
fn reason(parent: &str, tag: &str) -> Option<&'static str> {
    const GEOMETRY: &str = "geometry and appearance are not inertia: not imported";
    match (parent, tag) {
        ("robot", "link" | "joint") => None,
        ("link", "inertial") | ("inertial", "origin" | "mass" | "inertia") => None,
        ("joint", "origin" | "parent" | "child" | "axis" | "limit" | "dynamics" | "mimic") => None,
        ("robot", "transmission") => {
            Some("actuation (transmissions) is not part of the dynamics: not imported")
        }
        ("robot", "gazebo") => Some("simulator settings (gazebo) are not imported"),
        ("robot", "material") | ("link", "visual" | "collision") => Some(GEOMETRY),
        ("joint", "calibration" | "safety_controller") => {
            Some("controller settings are not part of the dynamics: not imported")
        }
        _ => Some("unknown element: not imported"),
    }
}

/// One note per kind of element not imported, in document order of first occurrence.
pub fn unsupported(index: &XmlIndex) -> Vec<Note> {
    let mut kinds: Vec<(String, Note, usize)> = Vec::new();
    let mut skipped = vec![false; index.elements.len()];
    for (k, e) in index.elements.iter().enumerate() {
        let Some(p) = e.parent else { continue };
        // Everything below an element not imported goes with it.
        if skipped[p] {
            skipped[k] = true;
            continue;
        }
        let Some(why) = reason(&index.elements[p].tag, &e.tag) else {
            continue;
        };
        skipped[k] = true;
        let kind = format!("{}/{}", index.elements[p].tag, e.tag);
        match kinds.iter_mut().find(|(key, _, _)| *key == kind) {
            Some((_, _, count)) => *count += 1,
            None => kinds.push((
                kind,
                Note {
                    line: e.line,
                    path: e.path.clone(),
                    what: why.to_string(),
                },
                1,
            )),
        }
    }
    let mut notes: Vec<Note> = kinds
        .into_iter()
        .map(|(_, mut note, count)| {
            if count > 1 {
                note.what = format!("{} ({count} such elements, the first here)", note.what);
            }
            note
        })
        .collect();
    if let Some(limit) = index.elements.iter().find(|e| {
        e.tag == "limit" && (e.attribute("effort").is_some() || e.attribute("velocity").is_some())
    }) {
        notes.push(Note {
            line: limit.line,
            path: limit.path.clone(),
            what: "effort and velocity limits bound a controller, not the dynamics: not imported (position limits: see --limit-restitution)".to_string(),
        });
    }
    notes
}
