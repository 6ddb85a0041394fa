//! What the compiler's numeric tests share: deterministic states at which derived atoms are
//! evaluated.

use mbcompile::dsl::Model;
use mbcompile::symbolic::symbols::pool;
use std::collections::HashMap;
use symbolica::atom::Atom;

/// A fixed linear congruential sequence of numbers in [−1, 1).
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number.
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// Deterministic states: q, q̇ in [−1, 1] (drawn in turn from `Lcg(seed)`), parameters at their
/// defaults, t = 0.
pub fn states(model: &Model, n: usize, seed: u64) -> Vec<HashMap<Atom, f64>> {
    let p = pool();
    let mut r = Lcg(seed);
    (0..n)
        .map(|_| {
            let mut s = HashMap::new();
            for i in 0..model.coordinates.len() {
                s.insert(Atom::var(p.q[i]), r.next());
                s.insert(Atom::var(p.qd[i]), r.next());
            }
            for (k, par) in model.parameters.iter().enumerate() {
                s.insert(Atom::var(p.p[k]), par.default.value);
            }
            s.insert(Atom::var(p.t), 0.0);
            s
        })
        .collect()
}
