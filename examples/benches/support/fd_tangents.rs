//! The Moreau–Jean tangents as they were formed before the generated Jacobians existed: forward
//! differences of `forces` with steps δ_j = √ε·max(1, |x_j|) (2·NQ force evaluations per step).
//! Kept here only as the "before" side of the A/B benchmark; the runtime has no finite
//! differences. `FdTangents<M>` delegates everything else to the generated model `M`.

use mbruntime::{Constraints, ContactLaw, Dynamics, Jacobians, Matrix, Vector};

/// A generated model whose force Jacobians are replaced by forward differences.
#[derive(Clone, Copy)]
pub struct FdTangents<M>(pub M);

impl<M: Dynamics<NQ>, const NQ: usize> Dynamics<NQ> for FdTangents<M> {
    const NAME: &'static str = M::NAME;
    const FINGERPRINT: &'static str = M::FINGERPRINT;
    const COORDINATES: [&'static str; NQ] = M::COORDINATES;
    const RHEONOMIC: bool = M::RHEONOMIC;
    fn parameter_names(&self) -> &'static [&'static str] {
        self.0.parameter_names()
    }
    fn parameter(&self, k: usize) -> Option<f64> {
        self.0.parameter(k)
    }
    fn kinetic_energy(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64) -> f64 {
        self.0.kinetic_energy(q, u, t)
    }
    fn potential_energy(&self, q: &Vector<NQ>, t: f64) -> f64 {
        self.0.potential_energy(q, t)
    }
    fn mass_matrix(&self, q: &Vector<NQ>, t: f64, m: &mut Matrix<NQ, NQ>) {
        self.0.mass_matrix(q, t, m)
    }
    fn forces(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, h: &mut Vector<NQ>) {
        self.0.forces(q, u, t, h)
    }
    fn dynamics(
        &self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
        m: &mut Matrix<NQ, NQ>,
        h: &mut Vector<NQ>,
    ) {
        self.0.dynamics(q, u, t, m, h)
    }
    fn coriolis(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, c: &mut Matrix<NQ, NQ>) {
        self.0.coriolis(q, u, t, c)
    }
    fn articulated_acceleration(
        &self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
        qdd: &mut Vector<NQ>,
    ) -> bool {
        self.0.articulated_acceleration(q, u, t, qdd)
    }
}

impl<M, const NQ: usize, const NB: usize, const NU: usize> Constraints<NQ, NB, NU> for FdTangents<M>
where
    M: Constraints<NQ, NB, NU>,
{
    const BILATERAL: [&'static str; NB] = M::BILATERAL;
    const CONTACTS: [&'static str; NU] = M::CONTACTS;
    const TANGENT_PLANES: [bool; NU] = M::TANGENT_PLANES;
    fn bilateral(&self, q: &Vector<NQ>, t: f64, g: &mut Vector<NB>) {
        self.0.bilateral(q, t, g)
    }
    fn bilateral_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        j: &mut Matrix<NQ, NB>,
        p: &mut Vector<NB>,
    ) {
        self.0.bilateral_jacobian(q, t, j, p)
    }
    fn bilateral_drift(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, d: &mut Vector<NB>) {
        self.0.bilateral_drift(q, u, t, d)
    }
    fn gaps(&self, q: &Vector<NQ>, t: f64, g: &mut Vector<NU>) {
        self.0.gaps(q, t, g)
    }
    fn gap_jacobian(&self, q: &Vector<NQ>, t: f64, w: &mut Matrix<NQ, NU>, p: &mut Vector<NU>) {
        self.0.gap_jacobian(q, t, w, p)
    }
    fn gap_drift(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, d: &mut Vector<NU>) {
        self.0.gap_drift(q, u, t, d)
    }
    fn slip_jacobian(&self, q: &Vector<NQ>, t: f64, w: &mut Matrix<NQ, NU>, p: &mut Vector<NU>) {
        self.0.slip_jacobian(q, t, w, p)
    }
    fn slip_drift(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, d: &mut Vector<NU>) {
        self.0.slip_drift(q, u, t, d)
    }
    fn second_slip_jacobian(
        &self,
        q: &Vector<NQ>,
        t: f64,
        w: &mut Matrix<NQ, NU>,
        p: &mut Vector<NU>,
    ) {
        self.0.second_slip_jacobian(q, t, w, p)
    }
    fn second_slip_drift(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, d: &mut Vector<NU>) {
        self.0.second_slip_drift(q, u, t, d)
    }
    fn contact_laws(&self) -> [ContactLaw; NU] {
        self.0.contact_laws()
    }
}

impl<M, const NQ: usize, const NB: usize, const NU: usize> Jacobians<NQ, NB, NU> for FdTangents<M>
where
    M: Jacobians<NQ, NB, NU>,
{
    /// Forward differences of `forces` (the only method the time-stepper calls).
    fn force_jacobians(
        &self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
        dh_dq: &mut Matrix<NQ, NQ>,
        dh_du: &mut Matrix<NQ, NQ>,
    ) {
        let mut f0 = Vector::<NQ>::zeros();
        let mut f = Vector::<NQ>::zeros();
        self.0.forces(q, u, t, &mut f0);
        let sqrt_eps = f64::EPSILON.sqrt();
        for j in 0..NQ {
            let mut qj = *q;
            let dq = sqrt_eps * q[j].abs().max(1.0);
            qj[j] += dq;
            self.0.forces(&qj, u, t, &mut f);
            dh_dq.set_column(j, &((f - f0) / dq));
            let mut uj = *u;
            let du = sqrt_eps * u[j].abs().max(1.0);
            uj[j] += du;
            self.0.forces(q, &uj, t, &mut f);
            dh_du.set_column(j, &((f - f0) / du));
        }
    }
    fn force_time_partial(&self, q: &Vector<NQ>, u: &Vector<NQ>, t: f64, d: &mut Vector<NQ>) {
        self.0.force_time_partial(q, u, t, d)
    }
    fn mass_action_jacobian(&self, q: &Vector<NQ>, t: f64, a: &Vector<NQ>, o: &mut Matrix<NQ, NQ>) {
        self.0.mass_action_jacobian(q, t, a, o)
    }
    fn force_parameter_derivative(
        &self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
        k: usize,
        o: &mut Vector<NQ>,
    ) -> bool {
        self.0.force_parameter_derivative(q, u, t, k, o)
    }
    fn mass_action_parameter_derivative(
        &self,
        q: &Vector<NQ>,
        t: f64,
        a: &Vector<NQ>,
        k: usize,
        o: &mut Vector<NQ>,
    ) -> bool {
        self.0.mass_action_parameter_derivative(q, t, a, k, o)
    }
    fn parameter_enters_constraints(&self, k: usize) -> bool {
        self.0.parameter_enters_constraints(k)
    }
    fn bilateral_drift_jacobians(
        &self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
        a: &mut Matrix<NB, NQ>,
        b: &mut Matrix<NB, NQ>,
    ) {
        self.0.bilateral_drift_jacobians(q, u, t, a, b)
    }
    fn gap_drift_jacobians(
        &self,
        q: &Vector<NQ>,
        u: &Vector<NQ>,
        t: f64,
        a: &mut Matrix<NU, NQ>,
        b: &mut Matrix<NU, NQ>,
    ) {
        self.0.gap_drift_jacobians(q, u, t, a, b)
    }
}
