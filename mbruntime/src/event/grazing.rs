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
//! (Theorem 5.4, [`derivative_iteration`](super::derivative_iteration)) then decides whether
//! the contact stays closed (λ > 0, or λ = 0 with a positive derivative) or opens again; a
//! contact that opens with δ > 0 leaves on a short flight g_N ≈ ½δs² + δ̇s³/6 whose first step
//! is shortened until its gap is seen to rise (see the integrator), so its return is located as
//! a new event.

use super::active_set::ActiveSet;
use super::error::EventError;
use super::evaluate::KktSystem;
use super::options::EventOptions;
use crate::mechanism::{Constraints, Matrix, State, Vector};

/// γ_graze of `contact` at (t, q, u) with the pre-event active set `active` (see the module
/// docs): max(`velocity_tolerance`, rtol^{1/3} · √(2T · wᵀM_c⁻¹w)).
pub(super) fn grazing_velocity<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    opts: &EventOptions,
    kkt: &mut KktSystem<NQ, NB, NU>,
    active: &ActiveSet<NU>,
    contact: usize,
    state: &State<NQ>,
) -> Result<f64, EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    let (t, q, u) = (state.t, &state.q, &state.u);
    let mut m = Matrix::<NQ, NQ>::zeros();
    model.mass_matrix(q, t, &mut m);
    kkt.factor_at(model, active, q, t, &m)?;
    let w = kkt.gap_jacobian().0.column(contact).into_owned();
    let factor = kkt.factor();
    let z = factor.project_out(&factor.whiten(&w));
    let two_t = (factor.l().transpose() * u).norm_squared();
    let v = (two_t * z.norm_squared()).sqrt();
    Ok(opts.velocity_tolerance.max(opts.rtol.cbrt() * v))
}

/// Grazing closing of `contact`: its normal velocity removed by the M-orthogonal projection
/// with the contact added to a trial copy of `active` (no impulse). Returns the projected
/// (q, u); `active` is not changed (the active-set decision after the event settles it).
pub(super) fn grazing_closing<Mo, const NQ: usize, const NB: usize, const NU: usize>(
    model: &Mo,
    kkt: &mut KktSystem<NQ, NB, NU>,
    active: &ActiveSet<NU>,
    contact: usize,
    t: f64,
    (mut q, mut u): (Vector<NQ>, Vector<NQ>),
) -> Result<(Vector<NQ>, Vector<NQ>), EventError>
where
    Mo: Constraints<NQ, NB, NU>,
{
    kkt.project(model, &active.with_closed(contact), t, &mut q, &mut u, true)?;
    Ok((q, u))
}
