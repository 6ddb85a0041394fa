//! A Poincaré section as a reduction of one run: the crossings of q_c = level in one direction,
//! from which the period of a limit cycle and the mean rates of the coordinates over whole cycles
//! follow, without storing the trajectory (e.g. the woodpecker's period and descent speed,
//! Glocker & Studer 2005, Sect. 4).
//!
//! Crossings are located on each step by linear interpolation between the step's end points, so
//! the crossing times carry an O(Δt²) error for a smooth q_c(t) (first order across an impact).

use crate::mechanism::{Segment, Vector};

/// Which crossings of the level count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Crossing {
    /// q_c goes from above the level to at or below it.
    Down,
    /// q_c goes from below the level to at or above it.
    Up,
    /// Both.
    Both,
}

/// The section q_c = level.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Section {
    /// Index c of the coordinate.
    pub coordinate: usize,
    /// The level.
    pub level: f64,
    /// The direction of the crossings that count.
    pub direction: Crossing,
}

/// The reduced output of one run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CycleSummary<const NQ: usize> {
    /// Crossings seen, the skipped ones included.
    pub crossings: usize,
    /// Whole cycles after the skipped crossings (used crossings − 1, or 0).
    pub cycles: usize,
    /// Mean period over those cycles (`None` without a whole cycle).
    pub period: Option<f64>,
    /// Shortest and longest cycle: a settled limit cycle has them equal up to the step size.
    pub period_range: Option<(f64, f64)>,
    /// Mean rate of change of every coordinate over the whole cycles, (q(t_last) −
    /// q(t_first))/(t_last − t_first) at the crossings (e.g. the descent speed).
    pub mean_rates: Option<Vector<NQ>>,
}

/// Collects the crossings of a section step by step; allocation-free.
#[derive(Debug, Clone)]
pub struct SectionObserver<const NQ: usize> {
    section: Section,
    skip: usize,
    crossings: usize,
    first: Option<(f64, Vector<NQ>)>,
    last: Option<(f64, Vector<NQ>)>,
    shortest: f64,
    longest: f64,
}

impl<const NQ: usize> SectionObserver<NQ> {
    /// Observes `section`, ignoring its first `skip` crossings (the transient).
    pub fn new(section: Section, skip: usize) -> Self {
        Self {
            section,
            skip,
            crossings: 0,
            first: None,
            last: None,
            shortest: f64::INFINITY,
            longest: 0.0,
        }
    }

    /// Observes one step of either integrator (a time-stepping step record, an event-driven
    /// report).
    pub fn observe(&mut self, segment: &impl Segment<NQ>) {
        let ((t_a, q_a), (t_e, q_e)) = (segment.start(), segment.end());
        self.observe_segment(t_a, q_a, t_e, q_e);
    }

    /// Observes the segment from (t_a, q_a) to (t_e, q_e) of any integrator.
    pub fn observe_segment(&mut self, t_a: f64, q_a: &Vector<NQ>, t_e: f64, q_e: &Vector<NQ>) {
        let Section {
            coordinate: c,
            level,
            direction,
        } = self.section;
        let (a, e) = (q_a[c] - level, q_e[c] - level);
        let down = a > 0.0 && e <= 0.0;
        let up = a < 0.0 && e >= 0.0;
        let counts = match direction {
            Crossing::Down => down,
            Crossing::Up => up,
            Crossing::Both => down || up,
        };
        if !counts {
            return;
        }
        let s = a / (a - e);
        let t = t_a + s * (t_e - t_a);
        let q = q_a + (q_e - q_a) * s;
        self.crossings += 1;
        if self.crossings <= self.skip {
            return;
        }
        if let Some((t_last, _)) = self.last {
            self.shortest = self.shortest.min(t - t_last);
            self.longest = self.longest.max(t - t_last);
        }
        self.first.get_or_insert((t, q));
        self.last = Some((t, q));
    }

    /// The summary of what was observed.
    pub fn finish(&self) -> CycleSummary<NQ> {
        let cycles = self.crossings.saturating_sub(self.skip).saturating_sub(1);
        let whole = match (self.first, self.last) {
            (Some((t0, q0)), Some((t1, q1))) if cycles > 0 => Some((t1 - t0, q1 - q0)),
            _ => None,
        };
        CycleSummary {
            crossings: self.crossings,
            cycles,
            period: whole.map(|(span, _)| span / cycles as f64),
            period_range: whole.map(|_| (self.shortest, self.longest)),
            mean_rates: whole.map(|(span, dq)| dq / span),
        }
    }
}
