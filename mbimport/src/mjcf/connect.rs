//! `<equality><connect>`: a point of body1 (`anchor`, in body1's frame) held at the point of
//! body2 (or the world) that coincides with it where MuJoCo starts the model (qpos0: every hinge
//! and slide at its `ref`, each free body at its `pos` and orientation), as bilateral
//! constraints on the world components of the difference — x, y and z, or the two across a
//! planar mechanism's hinge direction (the third is identically zero there).
//!
//! `<equality><weld>`: the relative pose at qpos0 held — body1's origin as a connect, and the
//! relative orientation by the skew part of E = R₁ᵀ R₂ R₀ᵀ (R₀ the relative orientation at
//! qpos0), whose entries are dot products of body axes written as differences of body points:
//! E − Eᵀ = 0 near E = I (it vanishes also at half turns, far from the start, as any three-equation
//! orientation residual must somewhere). For a planar mechanism only the component about its
//! hinge direction. A weld's `anchor` does not change what it holds; `relpose` is refused.

use super::document::Document;
use crate::error::ImportError;
use crate::model::{Body, Connect, FrameRotation, Motion, WeldAxes};
use crate::names::Names;
use crate::spatial::{IDENTITY, Mat3, Vec3, add, apply, dot, mul, norm, scale, transpose};
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
            v = add(v, scale(u, -dot(v, u)));
        }
        let l = norm(v);
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
    let equalities = (0..doc.index.elements.len()).filter(|&k| {
        let e = doc.element(k);
        matches!(e.tag.as_str(), "connect" | "weld")
            && e.parent.is_some_and(|p| doc.element(p).tag == "equality")
            && e.attribute("active") != Some("false")
    });
    for k in equalities.collect::<Vec<_>>() {
        let e = doc.element(k);
        let weld = e.tag == "weld";
        if e.attribute("site1").is_some() {
            return Err(doc.error(
                k,
                format!(
                    "a {} between sites is not imported: give body1 (and body2)",
                    e.tag
                ),
            ));
        }
        if weld && e.attribute("relpose").is_some() {
            return Err(doc.error(
                k,
                "a weld's `relpose` is not imported: the relative pose held is the one at qpos0"
                    .into(),
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
        // A weld holds the whole relative pose, whatever its anchor: body1's origin is held.
        let anchor = match weld {
            true => [0.0; 3],
            false => doc
                .fixed::<3>(k, "anchor")?
                .ok_or_else(|| doc.error(k, "a connect needs an `anchor`".into()))?,
        };
        let local1 = add(anchor, shift);
        let (o1, r1) = frames[&first];
        let world = add(o1, apply(&r1, local1));
        let body2 = body("body2")?.map(|(b, _)| b);
        // Body2's point that is at `w` where the model starts.
        let meeting = |w: Vec3| match &body2 {
            None => w,
            Some(b) => {
                let (o2, r2) = frames[b];
                apply(&transpose(&r2), [w[0] - o2[0], w[1] - o2[1], w[2] - o2[2]])
            }
        };
        let second = (body2.clone(), meeting(world));
        let weld = weld.then(|| {
            let unit = |i: usize| std::array::from_fn::<f64, 3, _>(|k| f64::from(u8::from(k == i)));
            let first = [0, 1, 2].map(|i| add(local1, unit(i)));
            let second = first.map(|p| meeting(add(o1, apply(&r1, p))));
            // About a planar mechanism's a, in body1's axes (constant: rotations about a keep it).
            let about = match planar {
                None => vec![unit(0), unit(1), unit(2)],
                Some(a) => vec![apply(&transpose(&r1), a)],
            };
            WeldAxes {
                first,
                second,
                about,
            }
        });
        let label = e
            .attribute("name")
            .map_or_else(|| format!("{}{k}", e.tag), str::to_string);
        out.push(Connect {
            name: names.fresh(&label),
            first: (first, local1),
            second,
            directions: directions(planar),
            weld,
        });
    }
    Ok(out)
}
