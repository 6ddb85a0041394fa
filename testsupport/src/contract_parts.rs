//! The empty parts of `Constraints` and `Jacobians` that hand-written test models share, as items
//! to splice into an `impl` block:
//!
//! - `no_bilateral!(NQ)` (in `Constraints<NQ, 0, NU>`): no bilateral constraints (`BILATERAL`
//!   and the three bilateral functions, all empty);
//! - `no_contacts!(NQ)` (in `Constraints<NQ, NB, 0>`): no unilateral contacts (`CONTACTS`, the
//!   gap and slip functions, all empty, and no contact laws);
//! - `no_parameter_derivatives!(NQ)` (in `Jacobians`): no parameter derivatives of h or M a
//!   (both report `false`) and no parameter entering the constraints;
//! - `no_bilateral_drift_jacobians!(NQ)`, `no_gap_drift_jacobians!(NQ)` (in
//!   `Jacobians<NQ, 0, NU>`, `Jacobians<NQ, NB, 0>`): the empty drift Jacobians.

/// The bilateral part of `Constraints` for a model without bilateral constraints (NB = 0):
/// `no_bilateral!(NQ)` in an `impl Constraints<NQ, 0, NU>` block gives `BILATERAL` and the three
/// bilateral functions, all empty.
#[macro_export]
macro_rules! no_bilateral {
    ($nq:expr) => {
        const BILATERAL: [&'static str; 0] = [];
        fn bilateral(&self, _: &::mbruntime::Vector<$nq>, _: f64, _: &mut ::mbruntime::Vector<0>) {}
        fn bilateral_jacobian(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Matrix<$nq, 0>,
            _: &mut ::mbruntime::Vector<0>,
        ) {
        }
        fn bilateral_drift(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Vector<0>,
        ) {
        }
    };
}

/// The contact part of `Constraints` for a model without unilateral contacts (NU = 0):
/// `no_contacts!(NQ)` in an `impl Constraints<NQ, NB, 0>` block gives `CONTACTS`, the gap and
/// slip functions, all empty, and no contact laws.
#[macro_export]
macro_rules! no_contacts {
    ($nq:expr) => {
        const CONTACTS: [&'static str; 0] = [];
        fn gaps(&self, _: &::mbruntime::Vector<$nq>, _: f64, _: &mut ::mbruntime::Vector<0>) {}
        fn gap_jacobian(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Matrix<$nq, 0>,
            _: &mut ::mbruntime::Vector<0>,
        ) {
        }
        fn gap_drift(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Vector<0>,
        ) {
        }
        fn slip_jacobian(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Matrix<$nq, 0>,
            _: &mut ::mbruntime::Vector<0>,
        ) {
        }
        fn slip_drift(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Vector<0>,
        ) {
        }
        fn contact_laws(&self) -> [::mbruntime::ContactLaw; 0] {
            []
        }
    };
}

/// The parameter part of `Jacobians` for a model whose parameters are not differentiated:
/// `no_parameter_derivatives!(NQ)` in an `impl Jacobians<NQ, NB, NU>` block reports no
/// derivative of h or M a (`false`) and no parameter entering the constraints.
#[macro_export]
macro_rules! no_parameter_derivatives {
    ($nq:expr) => {
        fn force_parameter_derivative(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: usize,
            _: &mut ::mbruntime::Vector<$nq>,
        ) -> bool {
            false
        }
        fn mass_action_parameter_derivative(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &::mbruntime::Vector<$nq>,
            _: usize,
            _: &mut ::mbruntime::Vector<$nq>,
        ) -> bool {
            false
        }
        fn parameter_enters_constraints(&self, _: usize) -> bool {
            false
        }
    };
}

/// `Jacobians::bilateral_drift_jacobians` for a model without bilateral constraints:
/// `no_bilateral_drift_jacobians!(NQ)` in an `impl Jacobians<NQ, 0, NU>` block.
#[macro_export]
macro_rules! no_bilateral_drift_jacobians {
    ($nq:expr) => {
        fn bilateral_drift_jacobians(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Matrix<0, $nq>,
            _: &mut ::mbruntime::Matrix<0, $nq>,
        ) {
        }
    };
}

/// `Jacobians::gap_drift_jacobians` for a model without unilateral contacts:
/// `no_gap_drift_jacobians!(NQ)` in an `impl Jacobians<NQ, NB, 0>` block.
#[macro_export]
macro_rules! no_gap_drift_jacobians {
    ($nq:expr) => {
        fn gap_drift_jacobians(
            &self,
            _: &::mbruntime::Vector<$nq>,
            _: &::mbruntime::Vector<$nq>,
            _: f64,
            _: &mut ::mbruntime::Matrix<0, $nq>,
            _: &mut ::mbruntime::Matrix<0, $nq>,
        ) {
        }
    };
}
