//! The active set: which unilateral contacts are closed, and in which priority order.
//!
//! In a smooth phase the index-1 system [M −W_A; W_Aᵀ 0][q̈; λ] = [h; −ẇ_A] (Lötstedt 1982,
//! "Mechanical systems of rigid bodies subject to unilateral constraints", (4.3)) uses the
//! bilateral constraints and the closed contacts A. Their columns enter the rank-revealing
//! factor in a fixed order: bilateral constraints first, then the closed contacts in the order
//! kept here. A column dependent on earlier ones is dropped (Lemma 5.2: q̈ and W_Aλ do not depend
//! on which), so the order decides which multipliers of a redundant set carry the force.
//!
//! With planar Coulomb friction every closed contact also carries its tangential mode
//! ([`TangentialMode`]): sticking adds the tangential velocity constraint W_Tᵀq̇ + ŵ_T = 0 as a
//! further column, sliding replaces the contact's force column W_N by W_N − μσW_T (the normal
//! constraint stays). Frictionless contacts are [`TangentialMode::Free`]. A contact with a
//! tangent plane (spatial friction) sticks with both tangential velocities as constraints, or
//! slides with the slip direction of the state ([`TangentialMode::SlidingPlane`]).
//!
//! The set is a small `Copy` value, so saving and restoring it is an assignment. The integrator
//! owns the current one; the functions deciding a new one (the impact, grazing and acceleration
//! LCPs, the Theorem 5.4 iteration) receive it by reference and return their decision, and trial
//! sets (a contact closed for one projection, [`ActiveSet::with_closed`]) are copies: the
//! integrator's set changes only when it commits a decision.

/// Tangential mode of a closed contact in a smooth phase (Coulomb friction).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum TangentialMode {
    /// No tangential force: frictionless, without tangent, or open.
    #[default]
    Free,
    /// At rest tangentially: γ_T = 0 is kept as a velocity constraint, |λ_T| ≤ μλ_N.
    Sticking,
    /// Sliding with slip velocity of sign `sigma` (±1): λ_T = −μσλ_N.
    Sliding {
        /// Sign of the slip velocity γ_T.
        sigma: f64,
    },
    /// Sliding in a tangent plane (spatial friction): λ_T = −μλ_N ŝ with ŝ = γ_T/‖γ_T‖ at
    /// every evaluation; `direction` is the unit slip direction (ŝ₁, ŝ₂) in the basis
    /// (W_T1, W_T2) at the start of the current step, the reference that orients ŝ through
    /// the stop of the slip (see [`KktSystem`](super::KktSystem)).
    SlidingPlane {
        /// Unit slip direction at the start of the step.
        direction: [f64; 2],
    },
}

/// Closed contacts of a model with `NU` unilateral contacts, in priority order, with their
/// tangential modes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActiveSet<const NU: usize> {
    closed: [bool; NU],
    priority: [usize; NU],
    len: usize,
    tangential: [TangentialMode; NU],
}

impl<const NU: usize> Default for ActiveSet<NU> {
    fn default() -> Self {
        Self::empty()
    }
}

impl<const NU: usize> ActiveSet<NU> {
    /// No contact closed.
    pub const fn empty() -> Self {
        Self {
            closed: [false; NU],
            priority: [0; NU],
            len: 0,
            tangential: [TangentialMode::Free; NU],
        }
    }

    /// Tangential mode of `contact` (`Free` if open or for an index ≥ NU).
    pub fn tangential(&self, contact: usize) -> TangentialMode {
        self.tangential
            .get(contact)
            .copied()
            .unwrap_or(TangentialMode::Free)
    }

    /// Whether some closed contact sticks or slides (the frictional smooth-phase equations).
    pub fn has_friction(&self) -> bool {
        self.tangential.iter().any(|m| *m != TangentialMode::Free)
    }

    /// Whether `contact` is closed and slides (along its tangent or in its tangent plane).
    pub fn is_sliding(&self, contact: usize) -> bool {
        matches!(
            self.tangential(contact),
            TangentialMode::Sliding { .. } | TangentialMode::SlidingPlane { .. }
        )
    }

    /// Sets the tangential mode of a closed contact (ignored for an open contact or an index
    /// ≥ NU).
    pub(crate) fn set_tangential(&mut self, contact: usize, mode: TangentialMode) {
        if self.is_closed(contact) {
            self.tangential[contact] = mode;
        }
    }

    /// Whether `contact` is closed (`false` for an index ≥ NU).
    pub fn is_closed(&self, contact: usize) -> bool {
        self.closed.get(contact).copied().unwrap_or(false)
    }

    /// Closed flag of every contact.
    pub fn closed(&self) -> &[bool; NU] {
        &self.closed
    }

    /// The closed contacts in priority order (the order of their columns in the factor).
    pub fn priority(&self) -> &[usize] {
        &self.priority[..self.len]
    }

    /// Number of closed contacts.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no contact is closed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Closes `contact` with the lowest priority so far; returns whether the set changed (not if
    /// it was closed already or the index is ≥ NU).
    pub(crate) fn close(&mut self, contact: usize) -> bool {
        if contact >= NU || self.closed[contact] {
            return false;
        }
        self.closed[contact] = true;
        self.priority[self.len] = contact;
        self.len += 1;
        true
    }

    /// A copy with `contact` closed as well (last in priority): a trial set for one projection.
    pub(crate) fn with_closed(mut self, contact: usize) -> Self {
        self.close(contact);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::ActiveSet;

    #[test]
    fn closing_keeps_flags_and_priority_consistent() {
        let mut set = ActiveSet::<4>::empty();
        assert!(set.is_empty());
        assert!(set.close(2) && set.close(0) && set.close(3));
        assert!(!set.close(0), "closing a closed contact changes nothing");
        assert!(!set.close(7), "an index beyond NU changes nothing");
        assert_eq!(set.priority(), &[2, 0, 3]);
        assert_eq!(set.closed(), &[true, false, true, true]);
        assert_eq!(set.len(), 3);
        assert!(set.is_closed(3) && !set.is_closed(1) && !set.is_closed(7));
    }

    #[test]
    fn a_trial_set_leaves_the_original_unchanged() {
        let mut set = ActiveSet::<3>::empty();
        set.close(1);
        let saved = set;
        let trial = set.with_closed(0);
        assert_eq!(trial.priority(), &[1, 0]);
        assert_eq!(set, saved);
        assert!(!set.is_closed(0) && trial.is_closed(0));
    }
}
