//! The data passed between the stages of one step: its start (the input of a scheme's smooth
//! part) and the plan (the smooth part's output, the input of the shared impact-contact step).

use super::velocity_operator::IterationFactor;
use crate::mechanism::Vector;

/// The start state (t_A, q_A, u_A) of a step and the step's end time t_E = t_A + Δt.
///
/// `t_e` is carried explicitly so that a shortened last step ends exactly at the requested
/// end time (t_A + (t_end − t_A) need not round to t_end).
#[derive(Debug, Clone, Copy)]
pub(crate) struct StepStart<const NQ: usize> {
    pub t_a: f64,
    pub q_a: Vector<NQ>,
    pub u_a: Vector<NQ>,
    /// Step size Δt (finite, > 0).
    pub dt: f64,
    /// End time t_E.
    pub t_e: f64,
}

/// What a scheme's smooth part hands to the shared impact-contact step.
#[derive(Debug, Clone)]
pub(crate) struct StepPlan<const NQ: usize> {
    /// Where W_N, W_T, G are evaluated.
    pub t_eval: f64,
    pub q_eval: Vector<NQ>,
    /// Where the gaps deciding H are evaluated.
    pub t_gap: f64,
    pub q_gap: Vector<NQ>,
    /// Factor of the iteration matrix A.
    pub factor: IterationFactor<NQ>,
    /// Smooth impulse r of A(u_E − u_A) = r + impulses.
    pub smooth_impulse: Vector<NQ>,
}
