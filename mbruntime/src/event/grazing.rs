//! Closings with numerically zero normal velocity: grazing, not impact.
//!
//! When an open gap reaches zero, the located state carries a normal velocity γ⁻ that is only
//! as accurate as the event location. At a tangential return (γ = δ = 0 at the exact contact
//! time t*, as for a ball on a string coming back to the circle where the tension vanishes)
//! the gap is locally cubic, g_N ≈ c (t* − t)³, so a gap error η gives a time error
//! (η/|c|)^{1/3} and a spurious |γ⁻| ≈ 3|c|^{1/3} η^{2/3}; with η ≈ rtol·|q| that is several
//! orders of magnitude above `velocity_tolerance`. Newton's law with e > 0 turns it into a
//! rebound of the same size, whose flight ends after a time of the same order with a new
//! micro-impact: a chatter that Newton's law with e = 1 never damps (Lötstedt (3.11) with
//! equality), ending in `TooManyEvents`.
//!
//! Rule (documented choice): the approach is *grazing* if
//!
//! ```text
//! |γᵢ⁻| ≤ γ_graze,ᵢ = max(velocity_tolerance, rtol^{1/3} · Vᵢ),   Vᵢ = √(2T · wᵢᵀ M_c⁻¹ wᵢ),
//! ```
//!
//! where 2T = q̇ᵀMq̇ and M_c⁻¹ is the constrained inverse inertia of the current active set
//! (Brogliato 2013, (16)–(18)). By Cauchy–Schwarz in the kinetic metric |γᵢ| ≤ Vᵢ, so γᵢ/Vᵢ is
//! the cosine of the kinetic angle between q̇ and the contact normal: the rule asks the motion
//! to be tangential to within rtol^{1/3} (≈ 4.6e-4 rad for rtol = 1e-10). It never fires for a
//! normal approach (γᵢ = ±Vᵢ); the threshold scales with rtol^{1/3} and with the speed. The
//! exponent: the spurious velocity at a tangential return is ≈ 5 |δ̇|^{1/3} η^{2/3} with η the
//! *global* gap error (which grows over a run to many times rtol), i.e. a relative size
//! ∝ rtol^{2/3} times a model constant; √rtol was measured to be too tight for the ball on a
//! string after one period (γ⁻/V ≈ 2e-5), rtol^{1/3} leaves a margin of about 20 there and
//! still dominates the noise as rtol → 0. A grazing closing applies no impulse: the normal
//! velocity is removed by the M-orthogonal projection onto wᵢᵀq̇ + ŵᵢ = 0 (as for drift after
//! every step), which changes the kinetic energy by ½γ⁻²/(wᵢᵀM_c⁻¹wᵢ) = T (γ⁻/Vᵢ)², at most
//! rtol^{2/3}·T and in practice of the order of the squared location noise. The active set
//! (Theorem 5.4, [`active_set`](super::active_set)) then decides whether the contact stays
//! closed (λ > 0, or λ = 0 with a positive derivative) or opens again; a contact that opens
//! with δ > 0 leaves on a short flight g_N ≈ ½δs² + δ̇s³/6 whose first step is shortened until
//! its gap is seen to rise (see the integrator), so its return is located as a new event.

use super::{EventDriven, EventError};
use crate::mechanism::{Matrix, Mechanism};

impl<Mo, const NQ: usize, const NB: usize, const NU: usize> EventDriven<Mo, NQ, NB, NU>
where
    Mo: Mechanism<NQ, NB, NU>,
{
    /// γ_graze of `contact` at the current state (see the module docs).
    pub(super) fn grazing_velocity(&mut self, contact: usize) -> Result<f64, EventError> {
        let (t, q, u) = (self.t, self.q, self.u);
        let mut m = Matrix::<NQ, NQ>::zeros();
        self.model.mass_matrix(&q, t, &mut m);
        self.factor_at(&q, t, &m)?;
        let w = self.w_n.column(contact).into_owned();
        let z = self.factor.project_out(&self.factor.whiten(&w));
        let two_t = (self.factor.l.transpose() * u).norm_squared();
        let v = (two_t * z.norm_squared()).sqrt();
        Ok(self.opts.velocity_tolerance.max(self.opts.rtol.cbrt() * v))
    }

    /// Grazing closing of `contact`: removes its normal velocity by the M-orthogonal projection
    /// with the contact temporarily added to the active set (no impulse).
    pub(super) fn grazing_closing(&mut self, contact: usize) -> Result<(), EventError> {
        let (t, mut q, mut u) = (self.t, self.q, self.u);
        let saved = self.n_closed;
        self.order[self.n_closed] = contact;
        self.n_closed += 1;
        let res = self.project(t, &mut q, &mut u, true);
        self.n_closed = saved;
        res?;
        self.q = q;
        self.u = u;
        Ok(())
    }
}
