//! Exact reuse of a factorisation recomputed from bitwise the same data: the Cholesky factor of
//! a mass matrix ([`CholeskyMemo`], what each time step factors) and a
//! [`ConstraintFactor`](super::ConstraintFactor) rebuilt from the same M and columns
//! ([`FactorMemo`], what the event-driven integrator and the projections factor). Both
//! remember the mass matrix the same way ([`MassMemo`]).
//!
//! An event-driven or time-stepping integrator refactors M and its constraint columns at every
//! evaluation of the acceleration, and often with data it has factored just before: M of a
//! model whose mass matrix does not depend on q (Cartesian coordinates, every example with
//! bilateral constraints on a free body), the same columns at the same q (the projection after
//! a step and the acceleration that follows it, or the last Runge–Kutta stage and the
//! projection that starts from its end point). The memo keeps the inputs of the last
//! factorisation: the mass matrix it was computed from, and the columns pushed since, each with
//! its tag, tolerance and outcome. A rebuild whose inputs are bitwise identical to the recorded
//! ones leaves the stored factor as it is, so the result is exactly what recomputing would give
//! (the same floating-point operations on the same operands); at the first input that differs
//! the record is cut there and the factor is computed as usual from that column on.
//!
//! Why bitwise: `==` on floats would identify +0 and −0 (and could reuse a factor computed from
//! the other sign), so the comparison is on the bit patterns; NaN inputs never reach the memo
//! (they are rejected before anything is recorded).

use nalgebra::{Cholesky, Const};

use super::spd::{SpdError, cholesky};
use super::{Matrix, Vector};

/// Bitwise equality of two float slices. Element by element with an early exit: the operands
/// were usually just written by the model one float at a time, and wide vector loads of them
/// would stall on store forwarding.
#[inline(always)]
fn same_bits(a: &[f64], b: &[f64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
}

/// The mass matrix a factor was last computed from, bit for bit (none: the factor came from
/// elsewhere or its computation failed).
#[derive(Debug, Clone, Copy)]
pub(crate) struct MassMemo<const NQ: usize> {
    mass: Option<Matrix<NQ, NQ>>,
}

impl<const NQ: usize> Default for MassMemo<NQ> {
    fn default() -> Self {
        Self { mass: None }
    }
}

impl<const NQ: usize> MassMemo<NQ> {
    /// Whether the factor was computed from exactly `m` (element by element: see
    /// [`same_bits`]).
    #[inline(always)]
    pub(crate) fn matches(&self, m: &Matrix<NQ, NQ>) -> bool {
        self.mass
            .as_ref()
            .is_some_and(|old| same_bits(old.as_slice(), m.as_slice()))
    }

    /// As [`matches`](Self::matches), in one pass without early exit: for a matrix that was
    /// written whole before the comparison (a time step evaluates M, then factors it), the
    /// wide loads of a branch-free pass are the faster comparison.
    #[inline(always)]
    pub(crate) fn matches_whole(&self, m: &Matrix<NQ, NQ>) -> bool {
        self.mass.as_ref().is_some_and(|old| {
            old.iter()
                .zip(m.iter())
                .fold(0, |diff, (x, y)| diff | (x.to_bits() ^ y.to_bits()))
                == 0
        })
    }

    /// The factor was just computed from `m` (`None`: from something else).
    pub(crate) fn remember(&mut self, m: Option<&Matrix<NQ, NQ>>) {
        self.mass = m.copied();
    }
}

/// The Cholesky factor of the last factored mass matrix, reused while M is bitwise unchanged
/// (a model whose M does not depend on q — a point mass, a ball, any model in Cartesian
/// coordinates — has the same M at every step; comparing it costs one pass over M, much less
/// than a factorisation, and a hit returns the factor of the identical matrix, so results are
/// bitwise those of factoring anew). On the heap, allocated once with its owner: for large NQ
/// the pair would otherwise weigh on the stack of every step.
#[derive(Debug, Clone)]
pub(crate) struct CholeskyMemo<const NQ: usize> {
    last: Box<(MassMemo<NQ>, Cholesky<f64, Const<NQ>>)>,
}

impl<const NQ: usize> CholeskyMemo<NQ> {
    /// No factor yet.
    pub(crate) fn new() -> Self {
        let chol =
            Cholesky::new(Matrix::<NQ, NQ>::identity()).expect("the identity is positive definite");
        Self {
            last: Box::new((MassMemo::default(), chol)),
        }
    }

    /// The Cholesky factor of `m`: the remembered one if `m` equals the last factored matrix
    /// bit for bit, else [`cholesky`] (and its error).
    #[inline(always)]
    pub(crate) fn factor(
        &mut self,
        m: &Matrix<NQ, NQ>,
    ) -> Result<Cholesky<f64, Const<NQ>>, SpdError> {
        if self.last.0.matches_whole(m) {
            return Ok(self.last.1);
        }
        self.last.0.remember(None);
        let chol = cholesky(m)?;
        self.last.1 = chol;
        self.last.0.remember(Some(m));
        Ok(chol)
    }
}

/// One recorded column push: its tag, tolerance, column and whether it was kept.
#[derive(Debug, Clone, Copy)]
struct Push<const NQ: usize> {
    tag: usize,
    tolerance: f64,
    column: Vector<NQ>,
    kept: bool,
}

/// The inputs of the current factorisation (see the [module documentation](self)). Up to `K`
/// column pushes are recorded (a factor keeps at most `K` columns; dependent pushes beyond that
/// are computed, not recorded).
#[derive(Debug, Clone, Copy)]
pub(super) struct FactorMemo<const NQ: usize, const K: usize> {
    /// The mass matrix L was computed from, if L came from [`record_mass`](Self::record_mass).
    mass: MassMemo<NQ>,
    pushes: [Push<NQ>; K],
    /// Recorded pushes: the first `recorded` pushes of the last build.
    recorded: usize,
    /// Pushes of the current build so far (all equal to the recorded ones up to here).
    position: usize,
}

impl<const NQ: usize, const K: usize> Default for FactorMemo<NQ, K> {
    fn default() -> Self {
        Self {
            mass: MassMemo::default(),
            pushes: [Push {
                tag: 0,
                tolerance: 0.0,
                column: Vector::zeros(),
                kept: false,
            }; K],
            recorded: 0,
            position: 0,
        }
    }
}

impl<const NQ: usize, const K: usize> FactorMemo<NQ, K> {
    /// Whether L was computed from exactly this mass matrix; then a new build starts (the
    /// recorded pushes can be replayed).
    pub(super) fn restart_if_same_mass(&mut self, m: &Matrix<NQ, NQ>) -> bool {
        let same = self.mass.matches(m);
        if same {
            self.position = 0;
        }
        same
    }

    /// L was just computed from `m` (`None`: from a factor given by the caller): nothing is
    /// recorded any more.
    pub(super) fn record_mass(&mut self, m: Option<&Matrix<NQ, NQ>>) {
        self.mass.remember(m);
        self.recorded = 0;
        self.position = 0;
    }

    /// The columns were removed with L unchanged: a new build starts.
    pub(super) fn restart(&mut self) {
        self.position = 0;
    }

    /// The outcome of this push if it repeats the recorded push at the current position (the
    /// factor then already holds its result); `None` otherwise, and the record is cut here.
    pub(super) fn replay(&mut self, tag: usize, w: &Vector<NQ>, tolerance: f64) -> Option<bool> {
        let p = self.position;
        if p < self.recorded {
            let old = &self.pushes[p];
            if old.tag == tag
                && old.tolerance.to_bits() == tolerance.to_bits()
                && same_bits(old.column.as_slice(), w.as_slice())
            {
                self.position += 1;
                return Some(old.kept);
            }
        }
        self.recorded = self.recorded.min(p);
        None
    }

    /// Records a push computed at the current position.
    pub(super) fn record(&mut self, tag: usize, w: &Vector<NQ>, tolerance: f64, kept: bool) {
        let p = self.position;
        if p < K && p == self.recorded {
            self.pushes[p] = Push {
                tag,
                tolerance,
                column: *w,
                kept,
            };
            self.recorded += 1;
        }
        self.position += 1;
    }
}

#[cfg(test)]
mod tests {
    //! The memo's bookkeeping: a repeated build replays, a differing push cuts the record there,
    //! a new mass matrix or a caller-given factor forgets everything, and +0/−0 differ.
    use super::*;

    #[test]
    fn replays_identical_builds_and_cuts_at_the_first_difference() {
        let m = Matrix::<2, 2>::identity();
        let (a, b) = (Vector::<2>::new(1.0, 0.0), Vector::<2>::new(0.0, 1.0));
        let mut memo = FactorMemo::<2, 2>::default();
        assert!(!memo.restart_if_same_mass(&m));
        memo.record_mass(Some(&m));
        assert_eq!(memo.replay(0, &a, 1e-9), None);
        memo.record(0, &a, 1e-9, true);
        assert_eq!(memo.replay(1, &b, 1e-9), None);
        memo.record(1, &b, 1e-9, false);
        // Same mass, same pushes: both replay with their outcomes.
        assert!(memo.restart_if_same_mass(&m));
        assert_eq!(memo.replay(0, &a, 1e-9), Some(true));
        assert_eq!(memo.replay(1, &b, 1e-9), Some(false));
        // Same first push, another second one (other tolerance): cut after the first.
        assert!(memo.restart_if_same_mass(&m));
        assert_eq!(memo.replay(0, &a, 1e-9), Some(true));
        assert_eq!(memo.replay(1, &b, 1e-8), None);
        memo.record(1, &b, 1e-8, true);
        memo.restart();
        assert_eq!(memo.replay(0, &a, 1e-9), Some(true));
        assert_eq!(memo.replay(1, &b, 1e-8), Some(true));
        // −0 is not +0; a different mass matrix or a given factor forgets the record.
        memo.restart();
        assert_eq!(memo.replay(0, &Vector::<2>::new(1.0, -0.0), 1e-9), None);
        assert!(!memo.restart_if_same_mass(&(m * 2.0)));
        memo.record_mass(None);
        assert!(!memo.restart_if_same_mass(&m));
        assert_eq!(memo.replay(0, &a, 1e-9), None);
    }
}
