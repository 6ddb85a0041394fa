//! Closed forms of the planar stick–slip motions of [`crate::friction_event_models`], written
//! independently of the integrators so that both the time-stepping and the event-driven runs
//! can be compared with them.
//!
//! - [`ramp`]: `RampBlock`, a block on a ramp pushed by f0 sin ωt: stick phases end where the
//!   push leaves the static band (closed form, arcsin), slip phases where the integral of the
//!   sliding equation brings the slip velocity back to zero (a bracketed root).
//! - [`driven_spring`]: `SpringDraggedBlock`, Den Hartog's (1931) motion with stops: exact
//!   harmonic solutions of m ẍ + k x = k x_d(t) − σ μ m g between stops.
//! - [`spinning_ball`]: `SpinningBall`, the impact sequence of a ball bouncing with spin
//!   (Glocker & Studer 2005, (24)–(33) for one decoupled contact), the accumulation point of the
//!   bounces, the sliding on the floor that follows and the rolling speed.
//!
//! - [`painleve`]: `PainleveRod`, the sliding problem a λ_N + b = 0 and its Painlevé bound.
//!
//! Every root is found by a bracketed method on the explicit expression, down to adjacent
//! floating-point numbers ([`crossings`]).

pub mod crossings;
pub mod driven_spring;
pub mod painleve;
pub mod ramp;
pub mod spinning_ball;

/// Why a closed-form motion could not be continued.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ReferenceError {
    /// A phase starting at `t` never ends within the scanned horizon (e.g. a block that sticks
    /// for ever or slides for ever).
    NoTransition {
        /// Start of the phase [s].
        t: f64,
    },
    /// A phase starting at `t` ends within the first scan step: the scan cannot bracket its
    /// end (parameters far from the defaults).
    PhaseShorterThanScan {
        /// Start of the phase [s].
        t: f64,
    },
    /// The drive frequency equals the natural frequency √(k/m): the sliding solution is secular,
    /// not the harmonic one used here.
    Resonance,
    /// The bounces do not accumulate (normal restitution 1, or no friction to end the sliding).
    NoAccumulation,
}

impl std::fmt::Display for ReferenceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoTransition { t } => write!(f, "the phase starting at t = {t} never ends"),
            Self::PhaseShorterThanScan { t } => {
                write!(
                    f,
                    "the phase starting at t = {t} is shorter than the scan step"
                )
            }
            Self::Resonance => write!(f, "drive at the natural frequency: no harmonic solution"),
            Self::NoAccumulation => {
                write!(f, "the bounces do not accumulate or the ball never rolls")
            }
        }
    }
}

impl std::error::Error for ReferenceError {}

/// A phase of a one-contact stick–slip motion.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Motion {
    /// The contact sticks (zero slip velocity).
    Stick,
    /// The contact slides with slip velocity of sign `sigma` (±1).
    Slip {
        /// Sign of the slip velocity.
        sigma: f64,
    },
}

/// One phase of a stick–slip motion starting at rest: [t_start, t_end] with the position at
/// its start (where the velocity is zero).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Phase {
    /// Stick or slip.
    pub motion: Motion,
    /// Start of the phase [s].
    pub t_start: f64,
    /// End of the phase [s]: a transition time.
    pub t_end: f64,
    /// Position along the slip direction at `t_start` [m].
    pub x_start: f64,
    /// Position along the slip direction at `t_end` [m].
    pub x_end: f64,
}
