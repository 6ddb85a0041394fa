//! The woodpecker study: the limit cycle of the woodpecker toy (Glocker & Studer 2005, Sect. 4,
//! Table I) reduced to its period and descent speed, for ensembles over friction, spring
//! stiffness and the other parameters (the program `woodpecker_study`).
//!
//! A cycle is measured between successive downward passages of the woodpecker angle φ_S through
//! its Table I value −0.2788 rad (a Poincaré section of the limit cycle); the descent speed is the
//! sleeve's mean velocity −ẏ over the whole cycles after the transient.

use crate::woodpecker::Woodpecker;
use mbruntime::Vector;
use mbruntime::ensemble::{Crossing, CycleSummary, Member, Section, SectionObserver};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};

/// Table I initial coordinates q = (y, φ_M, φ_S).
pub const Q0: [f64; 3] = [0.0, -0.1036, -0.2788];
/// Table I initial velocities u = (v, ω_M, ω_S).
pub const U0: [f64; 3] = [-0.3411, 0.0, -7.4583];

/// The section φ_S = −0.2788 rad, crossed downwards.
pub const SECTION: Section = Section {
    coordinate: 2,
    level: -0.2788,
    direction: Crossing::Down,
};

/// How each run of a study is integrated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StudyRun {
    /// Time step of Moreau's midpoint rule [s].
    pub h: f64,
    /// Duration of each run [s].
    pub t_end: f64,
    /// Section crossings discarded as the transient.
    pub skip: usize,
}

impl Default for StudyRun {
    /// 1-s runs at Δt = 1e-4 s; the first two crossings are the transient.
    fn default() -> Self {
        Self {
            h: 1e-4,
            t_end: 1.0,
            skip: 2,
        }
    }
}

/// One run's reduced output: the crossings of the section (see [`CycleSummary`]).
pub type Figures = CycleSummary<3>;

impl StudyRun {
    /// Integrates one ensemble member and reduces it to its section figures.
    pub fn run(&self, member: Member<'_, Woodpecker, 3>) -> Result<Figures, TimeSteppingError> {
        let mut ts = TimeStepper::new(
            member.model,
            Scheme::MoreauMidpoint,
            Settings::default(),
            0.0,
            member.q0,
            member.u0,
        )?;
        let mut observer = SectionObserver::new(SECTION, self.skip);
        ts.run(self.h, self.t_end, |r| observer.observe(r))?;
        Ok(observer.finish())
    }
}

/// The descent speed −ẏ averaged over whole cycles, if the run has one.
pub fn descent_speed(figures: &Figures) -> Option<f64> {
    figures.mean_rates.map(|r: Vector<3>| -r[0])
}
