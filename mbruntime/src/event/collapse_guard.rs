//! The count behind the guard against a collapsing step size (`integrator/step_collapse.rs`):
//! rejected steps in a row, and accepted steps in a row so short that the time no longer
//! advances.

/// Rejected steps in a row that count as a collapse.
const MAX_REJECTED_IN_A_ROW: usize = 50;
/// Accepted steps in a row shorter than [`TINY_STEP`]·(1 + |t|) that count as a collapse.
const MAX_TINY_IN_A_ROW: usize = 1000;
/// A step shorter than this relative to 1 + |t| advances the time by a few thousand ulps only.
const TINY_STEP: f64 = 1e-12;

/// Counts of rejected and tiny steps in a row.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CollapseGuard {
    pub(crate) rejected: usize,
    pub(crate) tiny: usize,
    pub(crate) smallest: f64,
}

impl CollapseGuard {
    /// A rejected step of size h.
    pub(crate) fn rejected(&mut self, h: f64) {
        self.rejected += 1;
        self.smallest = if self.rejected == 1 && self.tiny == 0 {
            h
        } else {
            self.smallest.min(h)
        };
    }

    /// An accepted step of size h from time t.
    pub(crate) fn accepted(&mut self, h: f64, t: f64) {
        self.rejected = 0;
        if h < TINY_STEP * (1.0 + t.abs()) {
            self.smallest = if self.tiny == 0 {
                h
            } else {
                self.smallest.min(h)
            };
            self.tiny += 1;
        } else {
            self.tiny = 0;
        }
    }

    /// Whether the step size has collapsed.
    pub(crate) fn collapsed(&self) -> bool {
        self.rejected > MAX_REJECTED_IN_A_ROW || self.tiny > MAX_TINY_IN_A_ROW
    }
}
