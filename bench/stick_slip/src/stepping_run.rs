//! Moreau–Jean time-stepping on the driven spring block: the transitions read from its step
//! ends and the CPU time of a run.
//!
//! A step end whose slip velocity |ẋ| is at most [`STICK`] is sticking. A slip start is read
//! at the first sliding step end k after a sticking one (followed by another sliding one) as
//! the zero of the line through the first two discrete accelerations a_k = (ẋ_k − ẋ_{k−1})/Δt
//! and a_{k+1}; a slip end at the last sliding step end k before a sticking one as the zero of
//! the line through the last two sliding velocities (t_{k−1}, ẋ_{k−1}), (t_k, ẋ_k).
//!
//! While the block slides, the θ-method's difference quotient is a_k = θ a(t_k) + (1 − θ)
//! a(t_{k−1}) (a = M⁻¹ f with the constant sliding friction in f), which is the acceleration at
//! t_k − (1 − θ)Δt to second order, so a_k is placed there: at the step end for θ = 1, at the
//! step midpoint for θ = ½. (Placed at the step end, the θ = ½ slip
//! starts would all be late by Δt/2, an artefact of the reading and not of the scheme.)
//!
//! The reading is done on the fly over a window of three step ends, so that a run of millions
//! of steps needs no record.

use crate::cpu::median_cpu;
use crate::reference::Transition;
use mb_examples::friction_event_models::spring_dragged_block::SpringDraggedBlock;
use mbruntime::Vector;
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};

/// A step end whose slip velocity is at most this is sticking (zero up to rounding) [m/s].
pub const STICK: f64 = 1e-12;

/// Reads the transitions from the step ends (t, ẋ) of a run with constant step `h`.
pub struct TransitionReader {
    h: f64,
    /// (1 − θ)Δt: how far before its step end a discrete acceleration is placed.
    lag: f64,
    /// The last three step ends (t, ẋ), oldest first; `seen` of them are filled.
    window: [(f64, f64); 3],
    seen: usize,
    /// The transitions read so far.
    pub transitions: Vec<(f64, Transition)>,
}

impl TransitionReader {
    /// A reader for a run of the θ-method from rest at t = 0 with step `h`.
    pub fn new(h: f64, theta: f64) -> Self {
        Self {
            h,
            lag: (1.0 - theta) * h,
            window: [(0.0, 0.0); 3],
            seen: 1,
            transitions: Vec::new(),
        }
    }

    /// Takes the next step end (t, ẋ).
    pub fn push(&mut self, t: f64, u: f64) {
        self.window = [self.window[1], self.window[2], (t, u)];
        self.seen += 1;
        if self.seen < 3 {
            return;
        }
        let [(_, u0), (t1, u1), (_, u2)] = self.window;
        let slides = |u: f64| u.abs() > STICK;
        if !slides(u0) && slides(u1) && slides(u2) {
            let (a1, a2) = ((u1 - u0) / self.h, (u2 - u1) / self.h);
            self.transitions.push((
                t1 - self.lag - self.h * a1 / (a2 - a1),
                Transition::SlipStarts,
            ));
        }
        if self.seen >= 4 && slides(u0) && slides(u1) && !slides(u2) {
            self.transitions
                .push((t1 + self.h * u1 / (u0 - u1), Transition::SlipEnds));
        }
    }
}

/// One time-stepping level.
pub struct SteppingLevel {
    /// The transitions read from the run.
    pub transitions: Vec<(f64, Transition)>,
    /// Steps of a run.
    pub steps: u64,
    /// Median CPU time of a run [s].
    pub cpu: f64,
}

type Block = TimeStepper<SpringDraggedBlock, 2, 0, 1>;

/// A stepper at rest at the origin (construction is outside the timed region).
fn fresh(p: &SpringDraggedBlock, scheme: Scheme) -> Result<Block, TimeSteppingError> {
    let zero = Vector::<2>::zeros();
    TimeStepper::new(*p, scheme, Settings::default(), 0.0, zero, zero)
}

/// Runs Moreau–Jean with `theta` at step `h` once while reading its transitions, then `runs`
/// times timed (median CPU time; the timed region is `run(h, t_end)` with an empty callback).
pub fn measure(
    p: &SpringDraggedBlock,
    theta: f64,
    h: f64,
    t_end: f64,
    runs: usize,
) -> Result<SteppingLevel, TimeSteppingError> {
    let scheme = Scheme::MoreauJean { theta };
    let mut reader = TransitionReader::new(h, theta);
    let steps = fresh(p, scheme)?.run(h, t_end, |r| reader.push(r.t, r.u[0]))?;
    let cpu = median_cpu(
        runs,
        || fresh(p, scheme),
        |mut ts| ts.run(h, t_end, |_| {}).map(|_| ()),
    )?;
    Ok(SteppingLevel {
        transitions: reader.transitions,
        steps,
        cpu,
    })
}
