//! Setting symbols to values through the straight-line program: f|_{x = v}.
//!
//! A velocity constraint γ = A(q, t) q̇ + a(q, t) of the structured route is an atom over the
//! program's intermediates (body velocities, rotation entries, …). Its offset a = γ|_{q̇=0} is
//! read off by setting the velocities to zero *in the program*: every intermediate z that depends
//! on a velocity gets a counterpart z' defined by its definition with the velocities set to zero
//! and the intermediates it uses replaced by their counterparts, made once per (substitution, z)
//! and reused; intermediates that do not depend on a velocity are used as they are. This is the
//! same transformation of the program the total derivative makes (`rate`), with a substitution in
//! place of a derivation, so the offset costs what γ costs instead of what γ written out in q
//! costs. With no intermediates it is symbolica's own replacement.

use super::program::Program;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use symbolica::atom::{Atom, AtomCore, Symbol};

/// A substitution of values for symbols, applied through the program.
pub struct Substitution<'p> {
    /// The program it goes through.
    prog: &'p Program,
    map: HashMap<Symbol, Atom>,
    /// The symbols it sets (the keys of `map`).
    sets: HashSet<Symbol>,
    /// Identifies the substitution for the memo of intermediates' counterparts (kept apart from
    /// the derivations' keys by a tag hashed in first).
    key: u64,
}

impl<'p> Substitution<'p> {
    /// Every symbol of `symbols` set to zero.
    pub fn zero(prog: &'p Program, symbols: &[Symbol]) -> Substitution<'p> {
        let map: HashMap<Symbol, Atom> = symbols.iter().map(|s| (*s, Atom::num(0))).collect();
        let mut names: Vec<String> = symbols.iter().map(|s| s.get_name().to_string()).collect();
        names.sort();
        let mut h = DefaultHasher::new();
        "substitution: zero".hash(&mut h);
        names.hash(&mut h);
        Substitution {
            prog,
            sets: map.keys().copied().collect(),
            map,
            key: h.finish(),
        }
    }

    /// f with the substitution applied (through the intermediates f uses).
    pub fn of(&self, f: &Atom) -> Atom {
        let mut symbols: Vec<Symbol> = f.get_all_symbols(false).into_iter().collect();
        // A fixed order, so that the program (and the generated code) is deterministic.
        symbols.sort_by_key(|s| s.get_name().to_string());
        let mut out = f.clone();
        for s in symbols {
            let value = match self.map.get(&s) {
                Some(v) => v.clone(),
                None if self.prog.position(s).is_some() => match self.intermediate(s) {
                    Some(v) => v,
                    None => continue,
                },
                None => continue,
            };
            // The values put in contain no symbol the substitution sets and no intermediate
            // depending on one, so replacing one symbol at a time is the simultaneous
            // substitution.
            out = out.replace(Atom::var(s)).with(value);
        }
        out
    }

    /// The counterpart z' of an intermediate z, or `None` when z does not depend on a symbol
    /// the substitution sets (z is then its own counterpart).
    fn intermediate(&self, z: Symbol) -> Option<Atom> {
        self.prog
            .transformed(self.key, &self.sets, z, |definition| self.of(definition))
    }
}

#[cfg(test)]
mod tests {
    //! The substitution through intermediates against symbolica's replacement in the same
    //! expression written out (the independent route), at a numeric state.

    use super::*;
    use crate::symbolic::symbols::pool;

    #[test]
    fn setting_velocities_to_zero_through_the_program_matches_the_written_out_form() {
        let p = pool();
        let prog = Program::new();
        let (q0, q1, qd0, qd1) = (
            Atom::var(p.q[0]),
            Atom::var(p.q[1]),
            Atom::var(p.qd[0]),
            Atom::var(p.qd[1]),
        );
        // Written out: γ = (q̇0 cos q0 + q̇1 q1) · sin q1 + (q0² + q̇1) · (cos q1 + q̇0 + 3).
        let v_value = &qd0 * q0.cos() + &qd1 * &q1;
        let r_value = &q0 * &q0 + &qd1;
        let written = &v_value * q1.sin() + &r_value * (q1.cos() + &qd0 + Atom::num(3));
        let v = prog.define(v_value);
        let r = prog.define(r_value);
        let c = prog.define(q1.cos() + Atom::num(3));
        let gamma = &v * q1.sin() + &r * (&c + &qd0);
        let zero = Substitution::zero(&prog, &[p.qd[0], p.qd[1]]);
        let through = zero.of(&gamma);
        let mut direct = written.clone();
        for x in [p.qd[0], p.qd[1]] {
            direct = direct.replace(Atom::var(x)).with(Atom::num(0));
        }
        let state = HashMap::from([
            (q0.clone(), 0.7),
            (q1.clone(), -0.4),
            (qd0.clone(), 1.3),
            (qd1.clone(), -0.9),
        ]);
        let value = |a: &Atom| a.evaluate(&prog.with_values(&state)).expect("finite");
        assert!((value(&through) - value(&direct)).abs() < 1e-13);
        assert!((value(&gamma) - value(&written)).abs() < 1e-13);
        // The result no longer depends on a velocity, through any intermediate.
        assert!(!prog.depends_on(&through, p.qd[0]));
        assert!(!prog.depends_on(&through, p.qd[1]));
        // v' = 0 (no intermediate made for it); r' = q0² is a new intermediate made once.
        let before = prog.with_values(&state).len();
        assert_eq!(zero.of(&gamma), through);
        assert_eq!(prog.with_values(&state).len(), before);
    }
}
