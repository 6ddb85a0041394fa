//! The kinematic tree of a URDF: one root link, every other link the child of exactly one joint,
//! no loops, every joint between links that exist. Each violation is an error at the joint or
//! link that shows it.

use crate::error::ImportError;
use crate::xml_index::XmlIndex;
use std::collections::HashMap;
use std::path::Path;
use urdf_rs::Robot;

/// The tree: its root link and the joints in depth-first order from it (a joint before the
/// joints below its child).
pub struct Tree {
    /// Index of the root link in `Robot::links`.
    pub root: usize,
    /// Indices into `Robot::joints`, depth first.
    pub joints: Vec<usize>,
    /// Link index by name.
    pub link: HashMap<String, usize>,
}

/// Line and path of a top-level element, for errors (line 1 and the bare tag if not indexed).
pub fn place(index: &XmlIndex, tag: &str, name: &str) -> (usize, String) {
    index
        .top(tag, name)
        .map(|e| (e.line, e.path.clone()))
        .unwrap_or_else(|| (1, format!("{tag}[name={name}]")))
}

fn unique_names<'a>(
    names: impl Iterator<Item = &'a str>,
    tag: &str,
    index: &XmlIndex,
    file: &Path,
) -> Result<(), ImportError> {
    let mut seen: HashMap<&str, ()> = HashMap::new();
    for n in names {
        if seen.insert(n, ()).is_some() {
            let second = index
                .elements
                .iter()
                .filter(|e| e.parent == Some(0) && e.tag == tag && e.attribute("name") == Some(n))
                .nth(1);
            let (line, path) = second
                .map(|e| (e.line, e.path.clone()))
                .unwrap_or_else(|| place(index, tag, n));
            return Err(ImportError::at(
                file,
                line,
                &path,
                format!("a second {tag} named `{n}`: names must be unique"),
            ));
        }
    }
    Ok(())
}

impl Tree {
    /// The tree of a robot, or the first defect found.
    pub fn of(robot: &Robot, index: &XmlIndex, file: &Path) -> Result<Tree, ImportError> {
        unique_names(
            robot.links.iter().map(|l| l.name.as_str()),
            "link",
            index,
            file,
        )?;
        unique_names(
            robot.joints.iter().map(|j| j.name.as_str()),
            "joint",
            index,
            file,
        )?;
        if robot.links.is_empty() {
            return Err(ImportError::at(
                file,
                1,
                "document",
                "the robot has no links".to_string(),
            ));
        }
        let link: HashMap<String, usize> = robot
            .links
            .iter()
            .enumerate()
            .map(|(k, l)| (l.name.clone(), k))
            .collect();
        let mut parent_joint: Vec<Option<usize>> = vec![None; robot.links.len()];
        let mut below: Vec<Vec<usize>> = vec![Vec::new(); robot.links.len()];
        for (j, joint) in robot.joints.iter().enumerate() {
            let (line, path) = place(index, "joint", &joint.name);
            let find = |name: &str, role: &str| {
                link.get(name).copied().ok_or_else(|| {
                    ImportError::at(
                        file,
                        line,
                        &path,
                        format!("its {role} link `{name}` is not a link of the robot"),
                    )
                })
            };
            let p = find(&joint.parent.link, "parent")?;
            let c = find(&joint.child.link, "child")?;
            if let Some(other) = parent_joint[c] {
                return Err(ImportError::at(
                    file,
                    line,
                    &path,
                    format!(
                        "link `{}` is already the child of joint `{}`: a URDF is a tree (close a loop with a constraint in the block instead)",
                        joint.child.link, robot.joints[other].name
                    ),
                ));
            }
            parent_joint[c] = Some(j);
            below[p].push(j);
        }
        let roots: Vec<usize> = (0..robot.links.len())
            .filter(|&k| parent_joint[k].is_none())
            .collect();
        let root = match roots.as_slice() {
            [r] => *r,
            [] => {
                let (line, path) = place(index, "link", &robot.links[0].name);
                return Err(ImportError::at(
                    file,
                    line,
                    &path,
                    "every link is the child of a joint: the joints form a loop and there is no root link".to_string(),
                ));
            }
            [_, second, ..] => {
                let names: Vec<&str> = roots
                    .iter()
                    .map(|&k| robot.links[k].name.as_str())
                    .collect();
                let (line, path) = place(index, "link", &robot.links[*second].name);
                return Err(ImportError::at(
                    file,
                    line,
                    &path,
                    format!(
                        "{} links are no joint's child ({}): a URDF has one root link",
                        roots.len(),
                        names.join(", ")
                    ),
                ));
            }
        };
        let mut joints = Vec::new();
        let mut stack: Vec<usize> = below[root].iter().rev().copied().collect();
        while let Some(j) = stack.pop() {
            joints.push(j);
            let c = link[&robot.joints[j].child.link];
            stack.extend(below[c].iter().rev().copied());
        }
        if joints.len() < robot.joints.len() {
            let lost = (0..robot.joints.len())
                .find(|j| !joints.contains(j))
                .unwrap_or(0);
            let (line, path) = place(index, "joint", &robot.joints[lost].name);
            return Err(ImportError::at(
                file,
                line,
                &path,
                format!(
                    "joint `{}` lies on a loop of joints not reachable from the root link `{}`",
                    robot.joints[lost].name, robot.links[root].name
                ),
            ));
        }
        Ok(Tree { root, joints, link })
    }
}
