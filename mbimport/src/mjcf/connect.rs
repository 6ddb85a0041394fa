//! `<equality><connect>`: a point of body1 (`anchor`, in body1's frame) held at the point of
//! body2 (or the world) that coincides with it where MuJoCo starts the model (qpos0: every hinge
//! and slide at its `ref`, each free body at its `pos` and orientation), as bilateral
//! constraints on the world components of the difference — x, y and z, or the two across a
//! planar mechanism's hinge direction (the third is identically zero there).

use super::document::Document;
use crate::error::ImportError;
use crate::model::{Body, Connect, FrameRotation, Motion};
use crate::names::Names;
use crate::spatial::{IDENTITY, Mat3, Vec3, add, apply, mul};
use std::collections::HashMap;

/// Each joint body's world origin and axes at qpos0.
fn starting_frames(
    bodies: &[Body],
    free_starts: &[(String, Vec3, Mat3)],
) -> HashMap<String, (Vec3, Mat3)> {
    let mut frames: HashMap<String, (Vec3, Mat3)> = HashMap::new();
    for b in bodies {
        let (o, r) = b
            .parent
            .as_ref()
            .and_then(|p| frames.get(p).copied())
            .unwrap_or(([0.0; 3], IDENTITY));
        let frame = match (&b.motion, free_starts.iter().find(|(n, _, _)| *n == b.name)) {
            (Motion::Floating(_), Some((_, pos, rot))) => (*pos, *rot),
            _ => {
                let offset = match &b.offset_rotation {
                    FrameRotation::Matrix(m) => *m,
                    _ => IDENTITY,
                };
                (add(o, apply(&r, b.offset)), mul(&r, &offset))
            }
        };
        frames.insert(b.name.clone(), frame);
    }
    frames
}

fn transpose(m: &Mat3) -> Mat3 {
    [0, 1, 2].map(|i| [0, 1, 2].map(|j| m[j][i]))
}

/// The world directions a connection constrains.
fn directions(planar: Option<Vec3>) -> Vec<Vec3> {
    let Some(a) = planar else {
        return vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    };
    // The world axes' components across a, orthonormalised (Gram–Schmidt), two of them.
    let mut out: Vec<Vec3> = Vec::new();
    for e in [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]] {
        let mut v: Vec3 = e;
        for u in std::iter::once(a).chain(out.iter().copied()) {
            let d = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
            v = [v[0] - d * u[0], v[1] - d * u[1], v[2] - d * u[2]];
        }
        let l = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
        if l > 1e-6 && out.len() < 2 {
            out.push(v.map(|x| {
                let c = x / l;
                if c.abs() < 1e-15 { 0.0 } else { c }
            }));
        }
    }
    out
}

/// Every active `connect` equality.
pub fn connects(
    doc: &Document,
    bodies: &[Body],
    placed: &[(String, String, Vec3)],
    free_starts: &[(String, Vec3, Mat3)],
    planar: Option<Vec3>,
    names: &mut Names,
) -> Result<Vec<Connect>, ImportError> {
    let frames = starting_frames(bodies, free_starts);
    let mut out = Vec::new();
    for k in doc.all("connect") {
        let e = doc.element(k);
        if e.parent.is_none_or(|p| doc.element(p).tag != "equality")
            || e.attribute("active") == Some("false")
        {
            continue;
        }
        if e.attribute("site1").is_some() {
            return Err(doc.error(
                k,
                "a connect between sites is not imported: give body1 and anchor".into(),
            ));
        }
        let body = |key: &str| -> Result<Option<(String, Vec3)>, ImportError> {
            let Some(name) = e.attribute(key) else {
                return Ok(None);
            };
            if name == "world" {
                return Ok(None);
            }
            placed
                .iter()
                .find(|(n, _, _)| n == name)
                .map(|(_, b, shift)| Some((b.clone(), *shift)))
                .ok_or_else(|| {
                    doc.error(
                        k,
                        format!("`{key}` names `{name}`, which is not a body of the model"),
                    )
                })
        };
        let Some((first, shift)) = body("body1")? else {
            return Err(doc.error(k, "a connect needs `body1`, a body of the model".into()));
        };
        let anchor = doc
            .fixed::<3>(k, "anchor")?
            .ok_or_else(|| doc.error(k, "a connect needs an `anchor`".into()))?;
        let local1 = add(anchor, shift);
        let (o1, r1) = frames[&first];
        let world = add(o1, apply(&r1, local1));
        let second = match body("body2")? {
            None => (None, world),
            Some((b, _)) => {
                let (o2, r2) = frames[&b];
                let d = [world[0] - o2[0], world[1] - o2[1], world[2] - o2[2]];
                (Some(b), apply(&transpose(&r2), d))
            }
        };
        let label = e
            .attribute("name")
            .map_or_else(|| format!("connect{k}"), str::to_string);
        out.push(Connect {
            name: names.fresh(&label),
            first: (first, local1),
            second,
            directions: directions(planar),
        });
    }
    Ok(out)
}
