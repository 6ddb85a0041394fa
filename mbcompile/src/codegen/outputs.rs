//! Derived quantities → the entries of output buffers: which atom goes to which element.
//!
//! Symmetric matrices are computed once per upper-triangle entry and written to both mirror
//! elements; Jacobians are stored as columns (`[function][coordinate]`) and written to
//! `[(coordinate, function)]`.

use super::functions::{Differentiated, Family, JetQuantity, Quantity, Scalar};
use crate::symbolic::derive::Derived;
use crate::symbolic::derive::parameter_derivatives::ParameterDerivatives;
use symbolica::atom::Atom;

/// An element of an output buffer: `buffer[row]` or `buffer[(row, column)]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Index of the buffer among the function's buffers.
    pub buffer: usize,
    /// Row (or vector index).
    pub row: usize,
    /// Column, for a matrix.
    pub column: Option<usize>,
}

/// One output value and the elements it is written to.
pub struct Out<'d> {
    /// The value.
    pub atom: &'d Atom,
    /// Where it goes (two elements for an off-diagonal entry of a symmetric matrix).
    pub targets: Vec<Target>,
}

fn at(buffer: usize, row: usize, column: usize) -> Target {
    Target {
        buffer,
        row,
        column: Some(column),
    }
}

/// A vector, written to buffer number `buffer`.
pub fn vector(v: &[Atom], buffer: usize) -> Vec<Out<'_>> {
    v.iter()
        .enumerate()
        .map(|(i, atom)| Out {
            atom,
            targets: vec![Target {
                buffer,
                row: i,
                column: None,
            }],
        })
        .collect()
}

/// A matrix stored by rows, every entry written.
fn rows(m: &[Vec<Atom>], buffer: usize) -> Vec<Out<'_>> {
    let mut outs = Vec::new();
    for (i, row) in m.iter().enumerate() {
        for (j, atom) in row.iter().enumerate() {
            outs.push(Out {
                atom,
                targets: vec![at(buffer, i, j)],
            });
        }
    }
    outs
}

/// A symmetric matrix: the upper triangle, each entry written to both mirror elements.
fn symmetric(m: &[Vec<Atom>], buffer: usize) -> Vec<Out<'_>> {
    let mut outs = Vec::new();
    for (i, row) in m.iter().enumerate() {
        for (j, atom) in row.iter().enumerate().skip(i) {
            let mut targets = vec![at(buffer, i, j)];
            if i != j {
                targets.push(at(buffer, j, i));
            }
            outs.push(Out { atom, targets });
        }
    }
    outs
}

/// A matrix stored by columns (`[column][row]`, e.g. Jacobian columns).
fn columns<'d>(cols: impl Iterator<Item = &'d [Atom]>, buffer: usize) -> Vec<Out<'d>> {
    let mut outs = Vec::new();
    for (j, col) in cols.enumerate() {
        for (i, atom) in col.iter().enumerate() {
            outs.push(Out {
                atom,
                targets: vec![at(buffer, i, j)],
            });
        }
    }
    outs
}

/// The columns of a matrix stored by columns.
fn slices(m: &[Vec<Atom>]) -> impl Iterator<Item = &[Atom]> {
    m.iter().map(Vec::as_slice)
}

/// The entries of `quantity`, written to buffer number `buffer`.
pub fn quantity(d: &Derived, quantity: Quantity, buffer: usize) -> Vec<Out<'_>> {
    match quantity {
        Quantity::Mass => symmetric(&d.mass, buffer),
        Quantity::Forces => vector(&d.forces, buffer),
        Quantity::Coriolis => rows(&d.coriolis, buffer),
        Quantity::Bilateral => vector(&d.bilateral, buffer),
        Quantity::BilateralJacobian => columns(slices(&d.kinematics.bilateral.jacobian), buffer),
        Quantity::BilateralTime => vector(&d.kinematics.bilateral.time, buffer),
        Quantity::BilateralDrift => vector(&d.kinematics.bilateral.drift, buffer),
        Quantity::Gaps => vector(&d.gaps, buffer),
        Quantity::GapJacobian => columns(slices(&d.kinematics.gaps.jacobian), buffer),
        Quantity::GapTime => vector(&d.kinematics.gaps.time, buffer),
        Quantity::GapDrift => vector(&d.kinematics.gaps.drift, buffer),
        Quantity::SlipJacobian => columns(slices(&d.kinematics.slips.jacobian), buffer),
        Quantity::SlipTime => vector(&d.kinematics.slips.time, buffer),
        Quantity::SlipDrift => vector(&d.kinematics.slips.drift, buffer),
        Quantity::SecondSlipJacobian => {
            columns(slices(&d.kinematics.second_slips.jacobian), buffer)
        }
        Quantity::SecondSlipTime => vector(&d.kinematics.second_slips.time, buffer),
        Quantity::SecondSlipDrift => vector(&d.kinematics.second_slips.drift, buffer),
        Quantity::PotentialGradient => vector(&d.potential_gradient, buffer),
        Quantity::PotentialHessian => symmetric(&d.statics.potential_hessian, buffer),
        Quantity::ForcesQ => rows(&d.jacobians.forces_q, buffer),
        Quantity::ForcesQd => rows(&d.jacobians.forces_qd, buffer),
        Quantity::ForcesT => vector(&d.jacobians.forces_t, buffer),
        Quantity::MassActionQ => rows(&d.jacobians.mass_action_q, buffer),
        Quantity::BilateralDriftQ => rows(&d.jacobians.bilateral_drift[0], buffer),
        Quantity::BilateralDriftQd => rows(&d.jacobians.bilateral_drift[1], buffer),
        Quantity::BilateralVelocityQ => rows(&d.jacobians.bilateral_velocity_q, buffer),
        Quantity::GapDriftQ => rows(&d.jacobians.gap_drift[0], buffer),
        Quantity::GapDriftQd => rows(&d.jacobians.gap_drift[1], buffer),
    }
}

/// The entries of every member of `family`, each written to buffer 0.
pub fn family(d: &Derived, family: Family) -> Vec<Vec<Out<'_>>> {
    let hessians = match family {
        Family::PotentialGradientParameter => {
            let columns = &d.statics.potential_gradient_parameter;
            return columns.iter().map(|col| vector(col, 0)).collect();
        }
        // A velocity constraint's column Jacobian ∂A_iᵀ/∂q is not symmetric.
        Family::BilateralHessians => {
            let columns = d.statics.bilateral_hessians.iter().zip(&d.holonomic);
            return columns
                .map(|(h, &holonomic)| match holonomic {
                    true => symmetric(h, 0),
                    false => rows(h, 0),
                })
                .collect();
        }
        Family::GapHessians => &d.statics.gap_hessians,
    };
    hessians.iter().map(|h| symmetric(h, 0)).collect()
}

/// The parameter derivatives of a differentiated vector.
pub fn parameter_derivatives(d: &Derived, f: Differentiated) -> &ParameterDerivatives {
    match f {
        Differentiated::Forces => &d.jacobians.forces_parameter,
        Differentiated::MassAction => &d.jacobians.mass_action_parameter,
    }
}

/// The atom of a scalar output.
pub fn scalar(d: &Derived, scalar: Scalar) -> &Atom {
    match scalar {
        Scalar::Kinetic => &d.kinetic,
        Scalar::Potential => &d.potential,
    }
}

/// The contact laws as one list: (ε_N, ε_T, μ) of each contact in turn.
pub fn contact_laws(d: &Derived) -> Vec<Atom> {
    (d.kinematics.contact_laws.iter())
        .flat_map(|law| law.iter().cloned())
        .collect()
}

/// The entries of a jet quantity of `Rates`, written to buffer number `buffer`.
pub fn jet_quantity(d: &Derived, quantity: JetQuantity, buffer: usize) -> Vec<Out<'_>> {
    match quantity {
        JetQuantity::MotionResidual => vector(&d.rates.motion_residual, buffer),
        JetQuantity::Bilateral => vector(&d.rates.bilateral, buffer),
        JetQuantity::Gaps => vector(&d.rates.gaps, buffer),
    }
}
