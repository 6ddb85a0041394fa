//! A body's mass, centre of mass and inertia about it in body axes: from its `<inertial>`, or
//! implied by its geoms as MuJoCo's compiler implies them (uniform density, or a geom's given
//! mass spread uniformly over its volume), for spheres, capsules, cylinders, boxes and
//! ellipsoids (MuJoCo's `mjCGeom::SetInertia`; a capsule is a cylinder with two hemispherical
//! caps). Meshes, planes and height fields give no inertia the import can compute: a body that
//! would take its inertia from one is an error.

use super::document::Document;
use super::orientation::{orientation, segment};
use crate::error::ImportError;
use crate::spatial::{Mat3, Vec3, rotate_inertia};
use std::f64::consts::PI;

/// Mass, centre of mass and inertia about the centre of mass, in the axes of the body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MassProperties {
    /// Mass [kg].
    pub mass: f64,
    /// Centre of mass.
    pub com: Vec3,
    /// Inertia about the centre of mass.
    pub inertia: Mat3,
}

impl MassProperties {
    /// No mass.
    pub const NONE: MassProperties = MassProperties {
        mass: 0.0,
        com: [0.0; 3],
        inertia: [[0.0; 3]; 3],
    };

    /// The sum of parts, each about its own centre of mass (Huygens–Steiner).
    pub fn sum(parts: &[MassProperties]) -> MassProperties {
        let mass: f64 = parts.iter().map(|p| p.mass).sum();
        if mass <= 0.0 {
            return MassProperties::NONE;
        }
        let com = [0, 1, 2].map(|i| parts.iter().map(|p| p.mass * p.com[i]).sum::<f64>() / mass);
        let mut inertia = [[0.0; 3]; 3];
        for p in parts {
            let d = [0, 1, 2].map(|i| p.com[i] - com[i]);
            let dd = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            for i in 0..3 {
                for j in 0..3 {
                    let delta = if i == j { 1.0 } else { 0.0 };
                    inertia[i][j] += p.inertia[i][j] + p.mass * (dd * delta - d[i] * d[j]);
                }
            }
        }
        MassProperties { mass, com, inertia }
    }
}

/// Volume and principal moments per unit mass (about the geom's centre, geom axes, z the axis
/// of symmetry) of a geom of `kind` with radius/half-sizes `size`.
fn solid(kind: &str, size: &[f64]) -> Option<(f64, [f64; 3])> {
    let s = |i: usize| size.get(i).copied().unwrap_or(0.0);
    Some(match kind {
        "sphere" => {
            let r = s(0);
            (4.0 / 3.0 * PI * r.powi(3), [0.4 * r * r; 3])
        }
        "capsule" => {
            let (r, h) = (s(0), 2.0 * s(1));
            let (cylinder, sphere) = (PI * r * r * h, 4.0 / 3.0 * PI * r.powi(3));
            let volume = cylinder + sphere;
            let (fc, fs) = (cylinder / volume, sphere / volume);
            let across = fc * (3.0 * r * r + h * h) / 12.0
                + fs * (0.4 * r * r + h * (3.0 * r + 2.0 * h) / 8.0);
            let along = fc * r * r / 2.0 + fs * 0.4 * r * r;
            (volume, [across, across, along])
        }
        "cylinder" => {
            let (r, h) = (s(0), 2.0 * s(1));
            let across = (3.0 * r * r + h * h) / 12.0;
            (PI * r * r * h, [across, across, r * r / 2.0])
        }
        "box" => {
            let (a, b, c) = (2.0 * s(0), 2.0 * s(1), 2.0 * s(2));
            (
                a * b * c,
                [
                    (b * b + c * c) / 12.0,
                    (a * a + c * c) / 12.0,
                    (a * a + b * b) / 12.0,
                ],
            )
        }
        "ellipsoid" => {
            let (a, b, c) = (s(0), s(1), s(2));
            (
                4.0 / 3.0 * PI * a * b * c,
                [
                    (b * b + c * c) / 5.0,
                    (a * a + c * c) / 5.0,
                    (a * a + b * b) / 5.0,
                ],
            )
        }
        _ => return None,
    })
}

/// A geom's kind, sizes (the half-length along z from `fromto` when given) and frame in its
/// body's axes.
pub struct Shape {
    /// `sphere`, `capsule`, `box`, … (MuJoCo's default: sphere).
    pub kind: String,
    /// Radius and half-sizes as MuJoCo reads them.
    pub size: Vec<f64>,
    /// The geom frame's origin.
    pub pos: Vec3,
    /// The geom frame's axes.
    pub rotation: Mat3,
}

/// The shape of geom `k`.
pub fn shape(doc: &Document, k: usize) -> Result<Shape, ImportError> {
    let kind = doc.attribute(k, "type").unwrap_or("sphere");
    let mut size = doc.numbers(k, "size")?.unwrap_or_default();
    let (pos, rotation) = match doc.fixed::<6>(k, "fromto")? {
        Some(ft) if matches!(kind, "capsule" | "cylinder" | "box" | "ellipsoid") => {
            let (mid, r, half) = segment(doc, k, ft)?;
            // The segment gives the half-length along z: size[1] of a capsule or cylinder,
            // size[2] of a box or ellipsoid.
            let along = if matches!(kind, "capsule" | "cylinder") {
                1
            } else {
                2
            };
            size.resize(size.len().max(along + 1), 0.0);
            size[along] = half;
            (mid, r)
        }
        _ => (
            doc.fixed::<3>(k, "pos")?.unwrap_or([0.0; 3]),
            orientation(doc, k)?,
        ),
    };
    let needed = match kind {
        "sphere" => 1,
        "capsule" | "cylinder" => 2,
        _ => 3,
    };
    if matches!(
        kind,
        "sphere" | "capsule" | "cylinder" | "box" | "ellipsoid"
    ) && (size.len() < needed || size[..needed].iter().any(|s| *s <= 0.0))
    {
        return Err(doc.error(
            k,
            format!("a `{kind}` geom needs {needed} positive sizes; `size` is {size:?}"),
        ));
    }
    Ok(Shape {
        kind: kind.to_string(),
        size,
        pos,
        rotation,
    })
}

/// The mass properties of geom `k` in its body's axes.
fn geom(doc: &Document, k: usize) -> Result<MassProperties, ImportError> {
    let Shape {
        kind,
        size,
        pos,
        rotation,
    } = shape(doc, k)?;
    let kind = kind.as_str();
    let Some((volume, moments)) = solid(kind, &size) else {
        return Err(doc.error(
            k,
            format!("a `{kind}` geom gives no inertia the import can compute: give the body an `<inertial>`"),
        ));
    };
    if doc
        .attribute(k, "shellinertia")
        .is_some_and(|v| v == "true")
    {
        return Err(doc.error(k, "`shellinertia` (a hollow geom) is not imported".into()));
    }
    let mass = match doc.fixed::<1>(k, "mass")? {
        Some([m]) => m,
        None => doc.number(k, "density", 1000.0)? * volume,
    };
    if mass < 0.0 {
        return Err(doc.error(k, format!("negative mass {mass}")));
    }
    let principal = [
        [mass * moments[0], 0.0, 0.0],
        [0.0, mass * moments[1], 0.0],
        [0.0, 0.0, mass * moments[2]],
    ];
    Ok(MassProperties {
        mass,
        com: pos,
        inertia: rotate_inertia(&rotation, &principal),
    })
}

/// The mass properties of body `k` from its `<inertial>` child `i`.
fn inertial(doc: &Document, i: usize) -> Result<MassProperties, ImportError> {
    let mass = doc.number(i, "mass", f64::NAN)?;
    if mass.is_nan() || mass < 0.0 {
        return Err(doc.error(
            i,
            "an `<inertial>` needs a `mass` that is not negative".into(),
        ));
    }
    let tensor = match (
        doc.fixed::<3>(i, "diaginertia")?,
        doc.fixed::<6>(i, "fullinertia")?,
    ) {
        (Some(d), None) => [[d[0], 0.0, 0.0], [0.0, d[1], 0.0], [0.0, 0.0, d[2]]],
        (None, Some(f)) => [[f[0], f[3], f[4]], [f[3], f[1], f[5]], [f[4], f[5], f[2]]],
        _ => {
            return Err(doc.error(
                i,
                "an `<inertial>` needs one of `diaginertia` and `fullinertia`".into(),
            ));
        }
    };
    Ok(MassProperties {
        mass,
        com: doc.fixed::<3>(i, "pos")?.unwrap_or([0.0; 3]),
        inertia: rotate_inertia(&orientation(doc, i)?, &tensor),
    })
}

/// Body `k`'s mass properties in its own axes, as the compiler's `inertiafromgeom` says.
pub fn body_mass(doc: &Document, k: usize) -> Result<MassProperties, ImportError> {
    let given = doc.children(k).find(|&c| doc.element(c).tag == "inertial");
    let from_geoms = match (doc.compiler.inertia_from_geoms, given) {
        (Some(true), _) | (None, None) => true,
        (Some(false), _) | (None, Some(_)) => false,
    };
    if !from_geoms {
        return given.map_or(Ok(MassProperties::NONE), |i| inertial(doc, i));
    }
    let (low, high) = doc.compiler.inertia_groups;
    let mut parts = Vec::new();
    for c in doc.children(k).filter(|&c| doc.element(c).tag == "geom") {
        let group = doc.number(c, "group", 0.0)? as i64;
        if (low..=high).contains(&group) {
            parts.push(geom(doc, c)?);
        }
    }
    Ok(MassProperties::sum(&parts))
}

/// A body frame's placement: position and rotation in the parent's axes.
pub fn placement(doc: &Document, k: usize) -> Result<(Vec3, Mat3), ImportError> {
    Ok((
        doc.fixed::<3>(k, "pos")?.unwrap_or([0.0; 3]),
        orientation(doc, k)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_capsule_is_a_cylinder_and_a_sphere_split_at_the_middle() {
        // Huygens–Steiner for the two hemispheres: each has its centre of mass 3r/8 from its
        // flat face, and 2/5 m r² about any diameter of the face; shifted to the capsule's
        // centre this gives m_s (2/5 r² + h²/4 + 3 h r/8) across the axis, as MuJoCo's formula.
        let (r, half) = (0.1, 0.3);
        let h = 2.0 * half;
        let (volume, m) = solid("capsule", &[r, half]).unwrap();
        let cylinder = PI * r * r * h;
        let sphere = 4.0 / 3.0 * PI * r.powi(3);
        assert!((volume - cylinder - sphere).abs() < 1e-15);
        let hemisphere = sphere / volume / 2.0;
        let about_own_centre = 0.4 * r * r - (3.0 * r / 8.0).powi(2);
        let shifted = about_own_centre + (half + 3.0 * r / 8.0).powi(2);
        let expected =
            cylinder / volume * (3.0 * r * r + h * h) / 12.0 + 2.0 * hemisphere * shifted;
        assert!((m[0] - expected).abs() < 1e-15, "{} {expected}", m[0]);
    }

    #[test]
    fn parts_sum_about_the_common_centre() {
        let point = |x: f64| MassProperties {
            mass: 1.0,
            com: [x, 0.0, 0.0],
            inertia: [[0.0; 3]; 3],
        };
        let s = MassProperties::sum(&[point(-1.0), point(1.0)]);
        assert_eq!(s.mass, 2.0);
        assert_eq!(s.com, [0.0; 3]);
        assert_eq!(s.inertia[1][1], 2.0);
        assert_eq!(s.inertia[0][0], 0.0);
    }
}
