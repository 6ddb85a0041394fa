//! Contacts of sphere, capsule and box geoms against the world's planes, as the block's rigid
//! unilateral contacts with Newton restitution and spatial Coulomb friction.
//!
//! MuJoCo's contacts are soft (`solref`, `solimp`); the block's are rigid, with the restitution
//! the user chooses and μ = the larger of the two geoms' sliding friction (MuJoCo's default
//! combination). A sphere touches a plane at its centre c − r n̂; a capsule at one of its two
//! end spheres (MuJoCo also takes the two ends); a box at one of its eight corners. Each such
//! point is one contact: gap n̂·(c − p₀) − r and slip velocities t̂₁, t̂₂ · v, v the velocity of the
//! body's material point at the touching point (`velocity(B, P)`, which includes ω × (−r n̂)). A
//! pair is in contact when MuJoCo's filter lets it: contype₁ & conaffinity₂ or contype₂ &
//! conaffinity₁ not zero.

use super::document::Document;
use super::mass::shape;
use crate::error::ImportError;
use crate::model::{Body, FrameRotation, Motion, PlaneContact};
use crate::names::Names;
use crate::spatial::{IDENTITY, Mat3, Vec3, add, apply, cross, dot, mul, norm, scale};

/// A geom of a moving body that can touch a plane: its points in the frame of the body's last
/// joint, and their radius.
pub struct Toucher {
    /// The geom element.
    pub element: usize,
    /// Its name (or `<body>_geom<k>`).
    pub label: String,
    /// The joint body it is fixed in.
    pub body: String,
    /// The centres of its touching spheres (or its corners).
    pub points: Vec<Vec3>,
    /// Their radius (0 for corners).
    pub radius: f64,
}

/// The touching points of geom `k` of a body whose frame sits at `shift` in its last joint's
/// frame, `None` for a kind that does not touch planes here.
pub fn touching_points(
    doc: &Document,
    k: usize,
    shift: Vec3,
) -> Result<Option<(Vec<Vec3>, f64)>, ImportError> {
    let s = shape(doc, k)?;
    // Components below 1e-15 of the sizes placing the point are the rounding of a rotation (a capsule
    // along −z): written as the zeros they are.
    let at = |local: Vec3| {
        let p = add(shift, add(s.pos, apply(&s.rotation, local)));
        let size = [shift, s.pos, local]
            .iter()
            .flatten()
            .fold(0.0_f64, |m, x| m.max(x.abs()));
        p.map(|x| if x.abs() <= 1e-15 * size { 0.0 } else { x })
    };
    Ok(match s.kind.as_str() {
        "sphere" => Some((vec![at([0.0; 3])], s.size[0])),
        "capsule" => Some((
            vec![at([0.0, 0.0, s.size[1]]), at([0.0, 0.0, -s.size[1]])],
            s.size[0],
        )),
        "box" => {
            let mut corners = Vec::new();
            for sx in [-1.0, 1.0] {
                for sy in [-1.0, 1.0] {
                    for sz in [-1.0, 1.0] {
                        corners.push(at([sx * s.size[0], sy * s.size[1], sz * s.size[2]]));
                    }
                }
            }
            Some((corners, 0.0))
        }
        _ => None,
    })
}

fn bits(doc: &Document, k: usize, key: &str) -> Result<u64, ImportError> {
    let v = doc.number(k, key, 1.0)?;
    if v < 0.0 || v.fract() != 0.0 {
        return Err(doc.error(k, format!("`{key}` is {v}, not a bit mask")));
    }
    Ok(v as u64)
}

fn collide(doc: &Document, a: usize, b: usize) -> Result<bool, ImportError> {
    let (ta, aa) = (bits(doc, a, "contype")?, bits(doc, a, "conaffinity")?);
    let (tb, ab) = (bits(doc, b, "contype")?, bits(doc, b, "conaffinity")?);
    Ok(ta & ab != 0 || tb & aa != 0)
}

fn friction(doc: &Document, k: usize) -> Result<f64, ImportError> {
    let f = doc.numbers(k, "friction")?.unwrap_or_else(|| vec![1.0]);
    match f.first() {
        Some(&mu) if mu >= 0.0 => Ok(mu),
        _ => Err(doc.error(
            k,
            format!("`friction` {f:?} has no sliding coefficient ≥ 0"),
        )),
    }
}

/// Two unit tangents completing the unit normal `n` (t̂₁ along the projection of e_x, else of
/// e_y; t̂₂ = n̂ × t̂₁).
fn tangents(n: Vec3) -> [Vec3; 2] {
    let project = |e: Vec3| {
        let t = add(e, scale(n, -dot(e, n)));
        let l = norm(t);
        (l > 0.5).then(|| scale(t, 1.0 / l))
    };
    let t1 = project([1.0, 0.0, 0.0])
        .or_else(|| project([0.0, 1.0, 0.0]))
        .unwrap_or([1.0, 0.0, 0.0]);
    [t1, cross(n, t1)]
}

/// The common direction a of every hinge axis when the mechanism is planar (every hinge
/// parallel to a, every slide perpendicular to it, no floating joint: every velocity is then
/// perpendicular to a), from the joint frames' world axes at q = 0 (a rotation about a keeps
/// the other axes about a where they were, so q = 0 stands for every q).
pub fn planar_direction(bodies: &[Body]) -> Option<Vec3> {
    let mut world: Vec<(String, Mat3)> = Vec::new();
    let mut hinges: Vec<Vec3> = Vec::new();
    let mut slides: Vec<Vec3> = Vec::new();
    for b in bodies {
        let parent = b
            .parent
            .as_ref()
            .and_then(|p| world.iter().find(|(n, _)| n == p));
        let base = parent.map_or(IDENTITY, |(_, r)| *r);
        let offset = match &b.offset_rotation {
            FrameRotation::Matrix(m) => *m,
            FrameRotation::Factors(f) if f.is_empty() => IDENTITY,
            FrameRotation::Factors(_) => return None,
        };
        let frame = mul(&base, &offset);
        world.push((b.name.clone(), frame));
        let unit = |v: Vec3| scale(v, 1.0 / norm(v));
        match &b.motion {
            Motion::Revolute(_, axis) => hinges.push(unit(apply(&frame, *axis))),
            Motion::Prismatic(_, axis) => slides.push(unit(apply(&frame, *axis))),
            Motion::Floating(_) => return None,
            Motion::Fixed => {}
        }
    }
    let a = *hinges.first()?;
    let parallel = hinges
        .iter()
        .all(|h| (dot(*h, a).abs() - 1.0).abs() <= 1e-12);
    let across = slides.iter().all(|s| dot(*s, a).abs() <= 1e-12);
    (parallel && across).then_some(a)
}

/// Contacts with planes and their friction parameters (name, μ).
type Contacts = (Vec<PlaneContact>, Vec<(String, f64)>);

/// Every contact of the touchers with the world body's planes; each geom's friction named once.
/// In a planar mechanism of direction a a contact has the one tangent n̂ × a (nothing moves
/// along a); a plane whose normal is a (nothing moves towards it) gives no contact.
pub fn plane_contacts(
    doc: &Document,
    world: usize,
    touchers: &[Toucher],
    names: &mut Names,
    planar: Option<Vec3>,
) -> Result<Contacts, ImportError> {
    let planes: Vec<usize> = doc
        .children(world)
        .filter(|&c| doc.element(c).tag == "geom" && doc.attribute(c, "type") == Some("plane"))
        .collect();
    let mut contacts = Vec::new();
    let mut frictions: Vec<(String, f64)> = Vec::new();
    for p in &planes {
        let plane = shape(doc, *p)?;
        let n = apply(&plane.rotation, [0.0, 0.0, 1.0]);
        let directions = match planar {
            None => tangents(n).to_vec(),
            Some(a) => {
                let t = cross(n, a);
                let l = norm(t);
                if l < 1e-12 {
                    continue;
                }
                vec![scale(t, 1.0 / l)]
            }
        };
        let plane_label = doc.element(*p).attribute("name").unwrap_or("plane");
        for t in touchers {
            if !collide(doc, t.element, *p)? {
                continue;
            }
            let mu = friction(doc, t.element)?.max(friction(doc, *p)?);
            let parameter = names.fresh(&format!("mu_{}", t.label));
            frictions.push((parameter.clone(), mu));
            for (i, local) in t.points.iter().enumerate() {
                let suffix = if t.points.len() > 1 {
                    format!("_{i}")
                } else {
                    String::new()
                };
                contacts.push(PlaneContact {
                    name: names.fresh(&format!("{}{suffix}_{plane_label}", t.label)),
                    body: t.body.clone(),
                    local: *local,
                    radius: t.radius,
                    normal: n,
                    through: plane.pos,
                    tangents: directions.clone(),
                    friction: parameter.clone(),
                });
            }
        }
    }
    Ok((contacts, frictions))
}

#[cfg(test)]
mod tests {
    use super::tangents;

    #[test]
    fn tangents_complete_the_normal_to_a_right_handed_basis() {
        let s = 0.5_f64.sqrt();
        for n in [[0.0, 0.0, 1.0], [s, 0.0, s], [1.0, 0.0, 0.0], [0.0, -s, s]] {
            let [t1, t2] = tangents(n);
            let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
            assert!(
                dot(t1, n).abs() < 1e-15 && dot(t2, n).abs() < 1e-15 && dot(t1, t2).abs() < 1e-15
            );
            assert!((dot(t1, t1) - 1.0).abs() < 1e-15 && (dot(t2, t2) - 1.0).abs() < 1e-15);
            // t̂₁ × t̂₂ = n̂.
            let c = [
                t1[1] * t2[2] - t1[2] * t2[1],
                t1[2] * t2[0] - t1[0] * t2[2],
                t1[0] * t2[1] - t1[1] * t2[0],
            ];
            assert!((dot(c, n) - 1.0).abs() < 1e-15, "{n:?}");
        }
        assert_eq!(
            tangents([0.0, 0.0, 1.0]),
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
        );
    }
}
