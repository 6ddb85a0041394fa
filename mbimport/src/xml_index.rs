//! Where things are in a description file: every element with its path, line and attributes.
//!
//! The URDF parser gives values but no positions, and fills absent elements with defaults. This
//! index, read once with `quick-xml`, answers what it cannot: the line of an element (for every
//! error and note), whether an element was written at all (`<inertial>`, `<limit>`), and the
//! line of a malformed document.

use crate::error::ImportError;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use std::path::Path;

/// One element of the document.
#[derive(Debug, Clone)]
pub struct Element {
    /// Its tag.
    pub tag: String,
    /// Its path from the root, each step with the element's `name` when it has one:
    /// `robot/joint[name=elbow]/axis`.
    pub path: String,
    /// 1-based line of its start tag.
    pub line: usize,
    /// Byte range of the whole element (start tag to end tag) in the document.
    pub span: (usize, usize),
    /// Its attributes, in order.
    pub attributes: Vec<(String, String)>,
    /// Index of its parent element (`None` for the root).
    pub parent: Option<usize>,
}

impl Element {
    /// The value of attribute `key`.
    pub fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Every element of a document, in document order.
#[derive(Debug, Clone)]
pub struct XmlIndex {
    /// The elements.
    pub elements: Vec<Element>,
}

/// A reader position as a byte offset.
fn offset(position: u64) -> usize {
    usize::try_from(position).unwrap_or(usize::MAX)
}

fn line_at(text: &str, position: u64) -> usize {
    let end = offset(position).min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

impl XmlIndex {
    /// Reads the document; a malformed one is an error at the line where reading stopped.
    pub fn read(text: &str, file: &Path) -> Result<XmlIndex, ImportError> {
        let mut reader = Reader::from_str(text);
        let mut elements: Vec<Element> = Vec::new();
        let mut open: Vec<usize> = Vec::new();
        loop {
            let start = reader.buffer_position();
            let event = reader.read_event().map_err(|e| {
                ImportError::at(
                    file,
                    line_at(text, reader.error_position()),
                    "document",
                    format!("malformed XML: {e}"),
                )
            })?;
            match event {
                Event::Start(e) => {
                    let k = push(&mut elements, &open, &e, (text, start), file)?;
                    open.push(k);
                }
                Event::Empty(e) => {
                    let k = push(&mut elements, &open, &e, (text, start), file)?;
                    elements[k].span.1 = offset(reader.buffer_position());
                }
                Event::End(_) => {
                    if let Some(k) = open.pop() {
                        elements[k].span.1 = offset(reader.buffer_position());
                    }
                }
                Event::Eof => break,
                _ => {}
            }
        }
        if let Some(&k) = open.last() {
            let e = &elements[k];
            return Err(ImportError::at(
                file,
                e.line,
                &e.path,
                format!("malformed XML: `<{}>` is never closed", e.tag),
            ));
        }
        if elements.is_empty() {
            return Err(ImportError::at(
                file,
                1,
                "document",
                "no elements: not a robot description".to_string(),
            ));
        }
        Ok(XmlIndex { elements })
    }

    /// The position of the element `tag` directly under the root whose `name` is `name`.
    pub fn top_index(&self, tag: &str, name: &str) -> Option<usize> {
        self.elements
            .iter()
            .position(|e| e.parent == Some(0) && e.tag == tag && e.attribute("name") == Some(name))
    }

    /// The element `tag` directly under the root whose `name` is `name`.
    pub fn top(&self, tag: &str, name: &str) -> Option<&Element> {
        self.top_index(tag, name).map(|k| &self.elements[k])
    }

    /// The position of the first child of element `k` with tag `tag`.
    pub fn child(&self, k: usize, tag: &str) -> Option<usize> {
        self.elements
            .iter()
            .position(|e| e.parent == Some(k) && e.tag == tag)
    }

    /// `text` without the elements `tag` directly under a `parent` element (each cut whole).
    pub fn without(&self, text: &str, parent: &str, tags: &[&str]) -> String {
        let mut out = String::with_capacity(text.len());
        let mut from = 0;
        for e in &self.elements {
            let under = e.parent.is_some_and(|p| self.elements[p].tag == parent);
            if under && tags.contains(&e.tag.as_str()) && e.span.0 >= from && e.span.1 <= text.len()
            {
                out.push_str(&text[from..e.span.0]);
                from = e.span.1;
            }
        }
        out.push_str(&text[from..]);
        out
    }

    /// The element at `path` (as `Element::path` writes it), if any.
    #[cfg(test)]
    pub fn at_path(&self, path: &str) -> Option<&Element> {
        self.elements.iter().find(|e| e.path == path)
    }
}

/// Indexes one start tag read at byte `at` of `text`.
fn push(
    elements: &mut Vec<Element>,
    open: &[usize],
    e: &BytesStart<'_>,
    (text, at): (&str, u64),
    file: &Path,
) -> Result<usize, ImportError> {
    let line = line_at(text, at);
    let tag = String::from_utf8_lossy(e.name().as_ref()).into_owned();
    let mut attributes = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|err| {
            ImportError::at(file, line, &tag, format!("malformed XML attribute: {err}"))
        })?;
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .unescape_value()
            .map(|v| v.into_owned())
            .unwrap_or_else(|_| String::from_utf8_lossy(&a.value).into_owned());
        attributes.push((key, value));
    }
    let parent = open.last().copied();
    let step = match attributes.iter().find(|(k, _)| k == "name") {
        Some((_, n)) => format!("{tag}[name={n}]"),
        None => tag.clone(),
    };
    let path = match parent {
        Some(p) => format!("{}/{step}", elements[p].path),
        None => step,
    };
    elements.push(Element {
        tag,
        path,
        line,
        span: (offset(at), offset(at)),
        attributes,
        parent,
    });
    Ok(elements.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_lines_and_attributes() {
        let text =
            "<robot name=\"r\">\n  <link name=\"a\">\n    <inertial/>\n  </link>\n</robot>\n";
        let x = XmlIndex::read(text, Path::new("r.urdf")).expect("well formed");
        let inertial = x
            .at_path("robot[name=r]/link[name=a]/inertial")
            .expect("indexed");
        assert_eq!(inertial.line, 3);
        assert_eq!(x.top("link", "a").map(|e| e.line), Some(2));
    }

    #[test]
    fn elements_are_cut_whole() {
        let text = "<robot name=\"r\">\n  <link name=\"a\">\n    <visual><geometry><mesh/></geometry></visual><inertial/>\n  </link>\n</robot>\n";
        let x = XmlIndex::read(text, Path::new("r.urdf")).expect("well formed");
        let cut = x.without(text, "link", &["visual"]);
        assert_eq!(
            cut,
            text.replace("<visual><geometry><mesh/></geometry></visual>", "")
        );
    }

    #[test]
    fn a_malformed_document_is_located() {
        let text = "<robot name=\"r\">\n  <link name=\"a\">\n  </joint>\n</robot>\n";
        let e = XmlIndex::read(text, Path::new("r.urdf")).expect_err("malformed");
        assert_eq!(e.line, Some(3), "{e}");
    }
}
