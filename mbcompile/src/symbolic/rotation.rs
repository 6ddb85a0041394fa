//! The numeric check assembly relies on: a rotation matrix written by hand must be orthonormal
//! with determinant +1 (then ω̃ = RᵀṘ is skew-symmetric and ω is an angular velocity).

// Index loops mirror the index notation of the formulas (R_ij).
#![allow(clippy::needless_range_loop)]

use super::convert::Converter;
use super::numeric::{Sampler, value};
use super::program::Program;
use crate::dsl::ast::{Orientation, RotationFactor};
use crate::dsl::validate::Validated;
use crate::error::AssemblyError;
use symbolica::atom::Atom;

/// max |RᵀR − I| and det R of a 3×3 matrix.
fn orthonormality(v: &[[f64; 3]; 3]) -> (f64, f64) {
    let mut err: f64 = 0.0;
    for i in 0..3 {
        for j in 0..3 {
            let rtr: f64 = (0..3).map(|k| v[k][i] * v[k][j]).sum();
            err = err.max((rtr - if i == j { 1.0 } else { 0.0 }).abs());
        }
    }
    let det = v[0][0] * (v[1][1] * v[2][2] - v[1][2] * v[2][1])
        - v[0][1] * (v[1][0] * v[2][2] - v[1][2] * v[2][0])
        + v[0][2] * (v[1][0] * v[2][1] - v[1][1] * v[2][0]);
    (err, det)
}

/// Every rotation matrix written by hand (a body's `rotation` or a joint's `offset_rotation`)
/// is a rotation at the sample states (|RᵀR − I| ≤ 1e-9, det R > 0), reported at the matrix.
pub fn check_rotations(validated: &Validated) -> Result<(), AssemblyError> {
    let model = validated.model;
    let prog = Program::new();
    let conv = Converter::new(&validated.scope, &prog);
    let sampler = Sampler::new(model, &prog);
    let written = model.bodies.iter().flat_map(|b| {
        let rotation = match &b.orientation {
            Some(Orientation::Matrix(mx)) => Some(mx),
            _ => None,
        };
        let offsets = b.joint.iter().flat_map(|j| &j.offset_rotation);
        let offsets = offsets.filter_map(|f| match f {
            RotationFactor::Matrix(mx) => Some(mx),
            _ => None,
        });
        rotation.into_iter().chain(offsets).map(move |mx| (b, mx))
    });
    for (b, mx) in written {
        let r: Vec<Vec<Atom>> = mx
            .rows
            .iter()
            .map(|row| row.iter().map(|e| conv.atom(e)).collect())
            .collect();
        for (s, state) in sampler.states().iter().enumerate() {
            let mut v = [[0.0; 3]; 3];
            for i in 0..3 {
                for j in 0..3 {
                    v[i][j] = value(&r[i][j], state).unwrap_or(f64::NAN);
                }
            }
            let (err, det) = orthonormality(&v);
            if err.is_nan() || err > 1e-9 || det <= 0.0 {
                return Err(AssemblyError::NotARotation {
                    span: mx.span,
                    body: b.name.text.clone(),
                    sample: s + 1,
                    orthonormality_error: err,
                    determinant: det,
                });
            }
        }
    }
    Ok(())
}
