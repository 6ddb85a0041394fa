//! Branch-free scans of model data: every entry finite, every entry zero. They run once per
//! factorisation or model output in the per-step paths, where the data are almost always
//! finite, so they make one pass without early exit (an OR over the bits, which the compiler
//! vectorises) instead of stopping at the first bad entry. When a scan fails, the error names
//! the first offending entry and its value ([`first_non_finite`]).

/// The first entry of some data that is not finite: its position (in the order the data were
/// scanned) and its value (NaN, inf or -inf), as every "non-finite" error reports it.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("entry {index} is {value}")]
pub struct NonFiniteEntry {
    /// Position of the entry in the scanned sequence (column-major for matrices).
    pub index: usize,
    /// The entry: NaN, inf or -inf.
    pub value: f64,
}

/// The first value that is NaN or infinite, if any.
pub fn first_non_finite<'a>(values: impl IntoIterator<Item = &'a f64>) -> Option<NonFiniteEntry> {
    values
        .into_iter()
        .enumerate()
        .find(|(_, x)| !x.is_finite())
        .map(|(index, &value)| NonFiniteEntry { index, value })
}

/// Whether every value is finite (neither NaN nor ±∞).
pub fn all_finite(values: &[f64]) -> bool {
    const EXPONENT: u64 = 0x7ff0_0000_0000_0000;
    !values
        .iter()
        .fold(false, |bad, x| bad | (x.to_bits() & EXPONENT == EXPONENT))
}

/// Whether every value is ±0.
pub fn all_zero(values: &[f64]) -> bool {
    const MAGNITUDE: u64 = !(1 << 63);
    values
        .iter()
        .fold(0, |bits, x| bits | (x.to_bits() & MAGNITUDE))
        == 0
}

#[cfg(test)]
mod tests {
    //! Against the standard predicates `f64::is_finite` and `== 0.0` on the special values.
    use super::{all_finite, all_zero};

    #[test]
    fn scans_agree_with_the_standard_predicates() {
        let specials = [
            0.0,
            -0.0,
            1.0,
            -2.5e-308,
            5e-324,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ];
        for &a in &specials {
            for &b in &specials {
                let v = [1.0, a, 3.0, b, 0.5, -1.0, 2.0, 7.0, a];
                assert_eq!(all_finite(&v), v.iter().all(|x| x.is_finite()), "{v:?}");
                let z = [0.0, a, -0.0, b];
                assert_eq!(all_zero(&z), z.iter().all(|&x| x == 0.0), "{z:?}");
            }
        }
        assert!(all_finite(&[]) && all_zero(&[]));
    }

    #[test]
    fn the_first_non_finite_entry_is_named_with_its_value() {
        use super::first_non_finite;
        assert_eq!(first_non_finite(&[1.0, 2.0]), None);
        let e = first_non_finite(&[1.0, f64::NEG_INFINITY, f64::NAN]).unwrap();
        assert_eq!((e.index, e.value), (1, f64::NEG_INFINITY));
        assert_eq!(e.to_string(), "entry 1 is -inf");
        let e = first_non_finite(&[f64::NAN]).unwrap();
        assert_eq!(e.to_string(), "entry 0 is NaN");
    }
}
