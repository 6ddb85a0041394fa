//! An MJCF document as the import reads it: every element's attributes resolved through the
//! default classes, numbers read with their place, and the compiler's and the options' settings
//! that change what numbers mean (MuJoCo XML reference, "compiler", "option", "default").

use crate::error::ImportError;
use crate::xml_index::{Element, XmlIndex};
use std::collections::HashMap;
use std::path::Path;

/// Attributes by tag, one default class's.
type ClassAttributes = HashMap<String, Vec<(String, String)>>;

/// The compiler's settings the import uses.
#[derive(Debug, Clone)]
pub struct Compiler {
    /// `angle="degree"` (MuJoCo's default): euler, axisangle, hinge ranges and spring
    /// references are in degrees.
    pub degree: bool,
    /// `eulerseq`: three of x, y, z (intrinsic, rotating axes) or X, Y, Z (extrinsic).
    pub euler_sequence: [char; 3],
    /// `inertiafromgeom`: `Some(true)` always from geoms, `Some(false)` never, `None` (auto)
    /// only for a body without `<inertial>`.
    pub inertia_from_geoms: Option<bool>,
    /// `inertiagrouprange`: the geom groups that contribute inertia.
    pub inertia_groups: (i64, i64),
    /// `autolimits` (MuJoCo's default true): a joint with a `range` is limited unless it says
    /// `limited="false"`.
    pub auto_limits: bool,
    /// `settotalmass`: every body's mass and inertia scaled so that the masses sum to it.
    pub total_mass: Option<f64>,
}

/// A document with its default classes.
pub struct Document<'a> {
    /// Every element.
    pub index: &'a XmlIndex,
    /// The file, for errors.
    pub file: &'a Path,
    /// The compiler's settings.
    pub compiler: Compiler,
    classes: HashMap<String, ClassAttributes>,
    /// Each element's class, for the elements of the world body.
    class_of: Vec<Option<String>>,
}

impl<'a> Document<'a> {
    /// Reads the default classes and the compiler's settings.
    pub fn new(index: &'a XmlIndex, file: &'a Path) -> Result<Document<'a>, ImportError> {
        let mut doc = Document {
            index,
            file,
            compiler: Compiler {
                degree: true,
                euler_sequence: ['x', 'y', 'z'],
                inertia_from_geoms: None,
                inertia_groups: (0, 5),
                auto_limits: true,
                total_mass: None,
            },
            classes: HashMap::new(),
            class_of: vec![None; index.elements.len()],
        };
        doc.read_classes()?;
        doc.read_compiler()?;
        doc.assign_classes()?;
        Ok(doc)
    }

    /// An error at element `k`.
    pub fn error(&self, k: usize, message: String) -> ImportError {
        let e = &self.index.elements[k];
        ImportError::at(self.file, e.line, &e.path, message)
    }

    /// Element `k`.
    pub fn element(&self, k: usize) -> &'a Element {
        &self.index.elements[k]
    }

    /// The children of element `k`, in order.
    pub fn children(&self, k: usize) -> impl Iterator<Item = usize> + '_ {
        (k + 1..self.index.elements.len())
            .filter(move |&c| self.index.elements[c].parent == Some(k))
    }

    /// Every element with tag `tag`, in order.
    pub fn all(&self, tag: &'a str) -> impl Iterator<Item = usize> + 'a {
        let index = self.index;
        (0..index.elements.len()).filter(move |&c| index.elements[c].tag == tag)
    }

    /// Attribute `key` of element `k`: its own, else its default class's (through the classes it
    /// inherits from).
    pub fn attribute(&self, k: usize, key: &str) -> Option<&str> {
        let e = &self.index.elements[k];
        if let Some(v) = e.attribute(key) {
            return Some(v);
        }
        let class = self.class_of[k].as_deref()?;
        self.classes
            .get(class)?
            .get(&e.tag)?
            .iter()
            .find(|(a, _)| a == key)
            .map(|(_, v)| v.as_str())
    }

    /// Attribute `key` of element `k` as numbers (`None` when absent).
    pub fn numbers(&self, k: usize, key: &str) -> Result<Option<Vec<f64>>, ImportError> {
        let Some(v) = self.attribute(k, key) else {
            return Ok(None);
        };
        let parsed: Result<Vec<f64>, _> = v.split_whitespace().map(str::parse::<f64>).collect();
        match parsed {
            Ok(x) if x.iter().all(|x| x.is_finite()) => Ok(Some(x)),
            _ => Err(self.error(k, format!("`{key}` is \"{v}\", not finite numbers"))),
        }
    }

    /// Attribute `key` of element `k` as exactly `n` numbers.
    pub fn fixed<const N: usize>(
        &self,
        k: usize,
        key: &str,
    ) -> Result<Option<[f64; N]>, ImportError> {
        match self.numbers(k, key)? {
            None => Ok(None),
            Some(x) => <[f64; N]>::try_from(x.as_slice())
                .map(Some)
                .map_err(|_| self.error(k, format!("`{key}` has {} numbers, not {N}", x.len()))),
        }
    }

    /// Attribute `key` of element `k` as one number, `default` when absent.
    pub fn number(&self, k: usize, key: &str, default: f64) -> Result<f64, ImportError> {
        Ok(self.fixed::<1>(k, key)?.map_or(default, |[x]| x))
    }

    /// Attribute `key` of element `k` as a boolean (`true`/`false`), `None` when absent or
    /// `auto`.
    pub fn flag(&self, k: usize, key: &str) -> Result<Option<bool>, ImportError> {
        match self.attribute(k, key) {
            None | Some("auto") => Ok(None),
            Some("true") => Ok(Some(true)),
            Some("false") => Ok(Some(false)),
            Some(v) => Err(self.error(k, format!("`{key}` is \"{v}\", not true, false or auto"))),
        }
    }

    /// An angle as the compiler reads it (degrees unless `angle="radian"`) in radians.
    pub fn angle(&self, a: f64) -> f64 {
        if self.compiler.degree {
            a.to_radians()
        } else {
            a
        }
    }

    /// The default classes: `<default>` without a class is `main`; a nested one inherits the
    /// attributes of the one around it.
    fn read_classes(&mut self) -> Result<(), ImportError> {
        let mut class_name: Vec<Option<String>> = vec![None; self.index.elements.len()];
        for (k, e) in self.index.elements.iter().enumerate() {
            if e.tag != "default" {
                continue;
            }
            let parent_class = e.parent.and_then(|p| class_name[p].clone());
            let name = match (e.attribute("class"), &parent_class) {
                (Some(c), _) => c.to_string(),
                (None, None) => "main".to_string(),
                (None, Some(_)) => {
                    return Err(self.error(k, "a nested default class needs a `class` name".into()));
                }
            };
            if self.classes.contains_key(&name) {
                return Err(self.error(k, format!("default class `{name}` is defined twice")));
            }
            let mut attributes: ClassAttributes = parent_class
                .as_ref()
                .and_then(|p| self.classes.get(p).cloned())
                .unwrap_or_default();
            for c in self.children(k) {
                let child = &self.index.elements[c];
                if child.tag == "default" {
                    continue;
                }
                let slot = attributes.entry(child.tag.clone()).or_default();
                for (key, value) in &child.attributes {
                    slot.retain(|(a, _)| a != key);
                    slot.push((key.clone(), value.clone()));
                }
            }
            class_name[k] = Some(name.clone());
            self.classes.insert(name, attributes);
        }
        Ok(())
    }

    /// `<compiler>`: angle, eulerseq, inertiafromgeom, inertiagrouprange, autolimits; the
    /// settings that would change masses or frames in ways the import does not follow are errors.
    fn read_compiler(&mut self) -> Result<(), ImportError> {
        let Some(k) = self.all("compiler").next() else {
            return Ok(());
        };
        let c = &mut self.compiler;
        let e = &self.index.elements[k];
        match e.attribute("angle") {
            None | Some("degree") => {}
            Some("radian") => c.degree = false,
            Some(v) => {
                return Err(self.error(k, format!("`angle` is \"{v}\", not degree or radian")));
            }
        }
        if let Some(seq) = e.attribute("eulerseq") {
            let chars: Vec<char> = seq.chars().collect();
            let valid = chars.len() == 3 && chars.iter().all(|c| "xyzXYZ".contains(*c));
            if !valid {
                return Err(self.error(k, format!("`eulerseq` is \"{seq}\", not three of xyzXYZ")));
            }
            self.compiler.euler_sequence = [chars[0], chars[1], chars[2]];
        }
        self.compiler.inertia_from_geoms = self.flag(k, "inertiafromgeom")?;
        if let Some(r) = self.fixed::<2>(k, "inertiagrouprange")? {
            self.compiler.inertia_groups = (r[0] as i64, r[1] as i64);
        }
        if let Some(a) = self.flag(k, "autolimits")? {
            self.compiler.auto_limits = a;
        }
        let total = self.number(k, "settotalmass", -1.0)?;
        self.compiler.total_mass = (total > 0.0).then_some(total);
        for key in ["boundmass", "boundinertia"] {
            if self.number(k, key, 0.0)? > 0.0 {
                return Err(self.error(
                    k,
                    format!("`{key}` changes the bodies' masses: not imported (remove it and give the masses)"),
                ));
            }
        }
        if self.flag(k, "balanceinertia")? == Some(true) {
            return Err(self.error(
                k,
                "`balanceinertia` changes the bodies' inertias: not imported".into(),
            ));
        }
        if e.attribute("coordinate").is_some_and(|v| v != "local") {
            return Err(self.error(
                k,
                "only local coordinates (`coordinate=\"local\"`) are read".into(),
            ));
        }
        Ok(())
    }

    /// The class of every element under the world body: its own `class`, else the `childclass`
    /// of the nearest body around it, else `main`.
    fn assign_classes(&mut self) -> Result<(), ImportError> {
        let mut child_class: Vec<Option<String>> = vec![None; self.index.elements.len()];
        for (k, e) in self.index.elements.iter().enumerate() {
            let inherited = e.parent.and_then(|p| child_class[p].clone());
            if inside_default(self.index, k) {
                continue;
            }
            let own = e.attribute("class").map(str::to_string);
            let class = own
                .or_else(|| inherited.clone())
                .unwrap_or_else(|| "main".to_string());
            if !self.classes.contains_key(&class) && (class != "main") {
                return Err(self.error(k, format!("unknown default class `{class}`")));
            }
            self.class_of[k] = Some(class);
            child_class[k] = match e.attribute("childclass") {
                Some(c) => {
                    if !self.classes.contains_key(c) {
                        return Err(self.error(k, format!("unknown default class `{c}`")));
                    }
                    Some(c.to_string())
                }
                None => inherited,
            };
        }
        Ok(())
    }
}

/// Whether element `k` is a `<default>` or inside one.
fn inside_default(index: &XmlIndex, k: usize) -> bool {
    let mut at = Some(k);
    while let Some(a) = at {
        if index.elements[a].tag == "default" {
            return true;
        }
        at = index.elements[a].parent;
    }
    false
}
