//! Intermediates shared by several generated functions, computed by helpers.
//!
//! Each kernel needs the program's intermediates its outputs mention, directly or through other
//! intermediates (its closure, `Program::closure`). The kinematics of a tree — rotation entries,
//! positions, velocities, the forces of the recursions — are in nearly every function's closure,
//! and their derivatives in every Jacobian's: printed inside each function they made about half
//! of a module's lines. Here an intermediate in the closures of two or more `f64` kernels is
//! *shared*. Shared intermediates are grouped by the state arguments they depend on (none, q,
//! q and q̇, …; t when they depend on time) and by the set of kernels that need them, so that a
//! kernel calling a group's helper needs every value it returns; groups too small to be worth a
//! helper (`worth_sharing`) are left to the kernels, which compute them themselves as before
//! (and so do helpers that need them).
//!
//! A kernel calls, first, the helper of every group it needs members of, and of the groups their
//! helpers read; a helper reads the values of groups on fewer arguments or needed by more
//! kernels (an intermediate's dependencies are needed wherever it is), so every group comes after
//! the groups it reads. In optimised builds helpers are always inlined: the compiled function is
//! the straight-line code it was with every intermediate printed in it (values recomputed in two
//! helpers are one value after inlining), while the source, and the compiler's front end, see
//! each shared intermediate once. Unoptimised builds call them (inlined there, rustc 1.95
//! overflowed its stack writing the debug information of the examples' scopes, in LLVM's
//! `DwarfCompileUnit::createAndAddScopeChildren`).

use super::functions::Argument;
use crate::symbolic::program::Program;
use crate::symbolic::symbols::pool;
use std::collections::{BTreeMap, HashMap, HashSet};
use symbolica::atom::Symbol;

/// One group of shared intermediates: those depending on exactly the same state arguments and
/// needed by exactly the same kernels.
pub struct Group {
    /// The state arguments the members depend on, in the order arguments are written.
    pub arguments: Vec<Argument>,
    /// The members, in program order (the fields `v0`, `v1`, … of its struct).
    pub members: Vec<Symbol>,
    /// The groups (earlier in the plan) whose members the definitions mention.
    pub reads: Vec<usize>,
    /// Its position in the plan.
    number: usize,
}

impl Group {
    /// The helper's name: `shared3`.
    pub fn helper(&self) -> String {
        format!("shared{}", self.number)
    }

    /// The name of the value holding the group's values in a function: `s3`.
    pub fn local(&self) -> String {
        format!("s{}", self.number)
    }

    /// The name of the struct holding the group's values: `Shared3`.
    pub fn type_name(&self) -> String {
        format!("Shared{}", self.number)
    }

    /// The field of member `k`: `v7`.
    pub fn field(&self, k: usize) -> String {
        format!("v{k}")
    }

    /// The code reading member `k`: `s3.v7`.
    pub fn element(&self, k: usize) -> String {
        format!("{}.{}", self.local(), self.field(k))
    }

    /// What the members depend on, in words: "the parameters", "q", "q, qd and t".
    pub fn depends_on(&self) -> String {
        let names: Vec<&str> = self.arguments.iter().map(|a| a.name()).collect();
        match names.split_last() {
            None => "the parameters".into(),
            Some((last, [])) => format!("the parameters and {last}"),
            Some((last, rest)) => format!("the parameters, {} and {last}", rest.join(", ")),
        }
    }
}

/// The shared intermediates of one module and the helpers computing them.
#[derive(Default)]
pub struct Plan {
    /// The groups, every group after the groups it reads.
    pub groups: Vec<Group>,
    /// For each shared intermediate: its group and slot.
    place: HashMap<Symbol, (usize, usize)>,
}

/// The state argument a model symbol belongs to: `Some(None)` for a parameter (always at hand),
/// `None` for a symbol no `f64` kernel reads (a jet's higher derivative, a multiplier, a
/// parameter tangent): an intermediate depending on one is never shared.
fn argument_of(s: Symbol) -> Option<Option<Argument>> {
    let p = pool();
    if p.q.contains(&s) {
        Some(Some(Argument::Q))
    } else if p.qd.contains(&s) {
        Some(Some(Argument::Qd))
    } else if p.a.contains(&s) {
        Some(Some(Argument::A))
    } else if s == p.t {
        Some(Some(Argument::T))
    } else if p.p.contains(&s) {
        Some(None)
    } else {
        None
    }
}

/// The arguments of `f64` kernels, in the order they are written.
const ORDER: [Argument; 4] = [Argument::Q, Argument::Qd, Argument::T, Argument::A];

/// Whether a group of `members` intermediates needed by `sites` kernels is worth a helper: the
/// statements it saves (one per member in all but one kernel) against the calls and the helper.
/// Measured on the examples (total lines of generated Rust): the thresholds (2, 2), (3, 4),
/// (4, 6), (6, 10), (12, 20) for (members, saved − calls) give 176.5k, 174.5k, 174.4k, 175.7k,
/// 179.5k lines.
fn worth_sharing(members: usize, sites: usize) -> bool {
    members >= 4 && (sites - 1) * members >= sites + 6
}

/// What decides an intermediate's group: its state arguments, and the kernels that need it.
type Key = (Vec<Argument>, Vec<usize>);

impl Plan {
    /// The plan of a module whose `f64` kernels have the closures `sites` (symbols of
    /// intermediates): the intermediates in two or more closures that depend only on parameters
    /// and state arguments, grouped by their state arguments and the kernels that need them (a
    /// kernel that calls a helper needs all it computes), groups too small to be worth a helper
    /// left to the kernels.
    pub fn new(program: &Program, sites: &[Vec<Symbol>]) -> Plan {
        let mut needed_by: HashMap<Symbol, Vec<usize>> = HashMap::new();
        for (k, site) in sites.iter().enumerate() {
            for s in site {
                needed_by.entry(*s).or_default().push(k);
            }
        }
        let mut candidates: Vec<(usize, Symbol)> = (needed_by.iter())
            .filter(|(_, by)| by.len() >= 2)
            .filter_map(|(s, _)| program.position(*s).map(|k| (k, *s)))
            .collect();
        candidates.sort_unstable();
        let mut key_of: HashMap<Symbol, Key> = HashMap::new();
        for (_, s) in &candidates {
            let Some((depends, _)) = program.dependencies_of(*s) else {
                continue;
            };
            let arguments: Option<Vec<Option<Argument>>> =
                depends.iter().map(|d| argument_of(*d)).collect();
            let Some(arguments) = arguments else { continue };
            let arguments = (ORDER.iter().copied())
                .filter(|a| arguments.contains(&Some(*a)))
                .collect();
            key_of.insert(*s, (arguments, needed_by[s].clone()));
        }
        // Leave to the kernels what is not worth a helper.
        let mut size: HashMap<&Key, usize> = HashMap::new();
        for key in key_of.values() {
            *size.entry(key).or_default() += 1;
        }
        let small: Vec<Symbol> = (key_of.iter())
            .filter(|(_, key)| !worth_sharing(size[key], key.1.len()))
            .map(|(s, _)| *s)
            .collect();
        for s in small {
            key_of.remove(&s);
        }
        Plan::grouped(program, &candidates, &key_of)
    }

    /// The groups of the shared intermediates `key_of` assigns: a group after every group it
    /// reads (those on fewer arguments, or on the same arguments needed by more kernels).
    fn grouped(
        program: &Program,
        candidates: &[(usize, Symbol)],
        key_of: &HashMap<Symbol, Key>,
    ) -> Plan {
        let order = |key: &Key| {
            let rank: Vec<usize> = (key.0.iter())
                .filter_map(|a| ORDER.iter().position(|o| o == a))
                .collect();
            (key.0.len(), rank, usize::MAX - key.1.len(), key.1.clone())
        };
        let keys: BTreeMap<_, &Key> = key_of.values().map(|k| (order(k), k)).collect();
        let index: HashMap<&Key, usize> = keys.values().enumerate().map(|(g, k)| (*k, g)).collect();
        let mut plan = Plan {
            groups: (keys.values().enumerate())
                .map(|(number, key)| Group {
                    arguments: key.0.clone(),
                    members: Vec::new(),
                    reads: Vec::new(),
                    number,
                })
                .collect(),
            place: HashMap::new(),
        };
        for (_, s) in candidates {
            let Some(key) = key_of.get(s) else { continue };
            let g = index[key];
            let group = &mut plan.groups[g];
            plan.place.insert(*s, (g, group.members.len()));
            group.members.push(*s);
        }
        for g in 0..plan.groups.len() {
            plan.groups[g].reads = plan.reads(program, g);
        }
        plan
    }

    /// The other groups group `g`'s helper reads: those of the shared intermediates its
    /// members' definitions mention, directly or through intermediates no group holds (which
    /// the helper computes itself).
    fn reads(&self, program: &Program, g: usize) -> Vec<usize> {
        let mut reads: Vec<usize> = Vec::new();
        let mut seen: HashSet<Symbol> = HashSet::new();
        let mut stack: Vec<Symbol> = self.groups[g].members.clone();
        while let Some(s) = stack.pop() {
            let Some((_, mentioned)) = program.dependencies_of(s) else {
                continue;
            };
            for m in mentioned {
                if !seen.insert(m) {
                    continue;
                }
                match self.place(m) {
                    Some((h, _)) if h == g => {}
                    Some((h, _)) => {
                        if !reads.contains(&h) {
                            reads.push(h);
                        }
                    }
                    None => stack.push(m),
                }
            }
        }
        reads.sort_unstable();
        reads
    }

    /// The group and slot of a shared intermediate.
    pub fn place(&self, s: Symbol) -> Option<(usize, usize)> {
        self.place.get(&s).copied()
    }

    /// The groups a kernel with closure `needed` reads from their helpers: those it needs members of
    /// (all of them, by the grouping), and the groups their helpers read.
    pub fn groups_used(&self, needed: &[Symbol]) -> Vec<bool> {
        let mut used = vec![false; self.groups.len()];
        for s in needed {
            if let Some((g, _)) = self.place(*s) {
                used[g] = true;
            }
        }
        for g in (0..self.groups.len()).rev() {
            if used[g] {
                for &r in &self.groups[g].reads {
                    used[r] = true;
                }
            }
        }
        used
    }

    /// The groups some kernel of `sites` reads: the helpers a module must define.
    pub fn used_by(&self, sites: &[Vec<Symbol>]) -> Vec<bool> {
        let mut used = vec![false; self.groups.len()];
        for site in sites {
            for (u, g) in used.iter_mut().zip(self.groups_used(site)) {
                *u |= g;
            }
        }
        used
    }
}

#[cfg(test)]
mod tests {
    //! The plan on a program written by hand: which intermediates are shared, how they are
    //! grouped, and the order and closure of the helpers a kernel calls.

    use super::*;
    use crate::codegen::input::Input;
    use crate::codegen::intermediates::{INTERMEDIATE, helper_body, prefix};
    use crate::codegen::language::Language;
    use symbolica::atom::{Atom, AtomCore, AtomView};

    fn symbol(a: &Atom) -> Symbol {
        match a.as_view() {
            AtomView::Var(v) => v.get_symbol(),
            _ => unreachable!("an intermediate is a symbol"),
        }
    }

    /// Ten functions of q0 (`positions`), ten of them and qd0 (`velocities`), one of q0 that a
    /// single kernel needs (`lonely`). Kernels: A and B need the velocities (so the positions),
    /// C only the positions, A also `lonely`.
    struct Fixture {
        program: Program,
        positions: Vec<Atom>,
        velocities: Vec<Atom>,
        lonely: Atom,
        sites: Vec<Vec<Symbol>>,
    }

    fn fixture() -> Fixture {
        let p = pool();
        let program = Program::new();
        let (q0, qd0) = (Atom::var(p.q[0]), Atom::var(p.qd[0]));
        let positions: Vec<Atom> = (1..=10)
            .map(|k| program.define((&q0 * Atom::num(k)).cos() + Atom::num(k)))
            .collect();
        let velocities: Vec<Atom> = (positions.iter().enumerate())
            .map(|(k, c)| program.define(c * &qd0 * Atom::num(2) + Atom::num(k as i64)))
            .collect();
        let lonely = program.define(positions[0].clone() * &q0 + Atom::num(7));
        let closure = |atoms: &[&Atom]| -> Vec<Symbol> {
            program.closure(atoms).into_iter().map(|(s, _)| s).collect()
        };
        let all_velocities: Vec<&Atom> = velocities.iter().collect();
        let mut with_lonely = all_velocities.clone();
        with_lonely.push(&lonely);
        let sites = vec![
            closure(&with_lonely),
            closure(&all_velocities),
            closure(&positions.iter().collect::<Vec<_>>()),
        ];
        Fixture {
            program,
            positions,
            velocities,
            lonely,
            sites,
        }
    }

    #[test]
    fn intermediates_of_two_kernels_are_grouped_by_arguments_and_kernels() {
        let f = fixture();
        let plan = Plan::new(&f.program, &f.sites);
        assert!(
            plan.place(symbol(&f.lonely)).is_none(),
            "one kernel needs it"
        );
        // The cosines (named inside the positions' definitions) and the positions: q only,
        // needed by A, B and C; the velocities: q and qd, needed by A and B.
        let (g, _) = plan.place(symbol(&f.positions[3])).expect("shared");
        let (h, _) = plan.place(symbol(&f.velocities[3])).expect("shared");
        assert_eq!(plan.groups[g].arguments, vec![Argument::Q]);
        assert_eq!(plan.groups[h].arguments, vec![Argument::Q, Argument::Qd]);
        assert_eq!(plan.groups[g].members.len(), 20);
        assert_eq!(plan.groups[h].members.len(), 10);
        assert!(g < h && plan.groups[h].reads == vec![g]);
        assert_eq!(plan.groups_used(&f.sites[2]), vec![g == 0, g == 1]);
        assert_eq!(plan.groups_used(&f.sites[0]), vec![true, true]);
    }

    #[test]
    fn a_kernel_reads_what_helpers_compute_and_computes_the_rest() {
        let f = fixture();
        let plan = Plan::new(&f.program, &f.sites);
        let p = pool();
        let inputs = vec![
            Input {
                symbol: p.q[0],
                code: "q[0]".into(),
                argument: "q",
            },
            Input {
                symbol: p.qd[0],
                code: "qd[0]".into(),
                argument: "qd",
            },
        ];
        let outputs = vec![f.velocities[9].clone() + f.lonely.clone()];
        let k = prefix(&f.program, &outputs, &inputs, Language::Rust, Some(&plan)).unwrap();
        let (g, _) = plan.place(symbol(&f.positions[0])).unwrap();
        let (h, _) = plan.place(symbol(&f.velocities[0])).unwrap();
        assert_eq!(
            k.statements[..2],
            [
                format!("let s{g} = self.shared{g}(q);"),
                format!("let s{h} = self.shared{h}(q, qd, &s{g});"),
            ]
        );
        // Only `lonely` is computed in the kernel, from the position the helper returns.
        assert_eq!(k.statements.len(), 3, "{:?}", k.statements);
        assert!(
            k.statements[2].contains(&format!("s{g}.v")),
            "{}",
            k.statements[2]
        );
        assert!(k.inputs.iter().all(|i| i.argument == INTERMEDIATE));
        // The velocities' helper stores its ten members, reading the positions' values.
        let body = helper_body(&f.program, &plan, h, &inputs, Language::Rust).unwrap();
        assert_eq!(body.statements.len(), 10);
        assert!(
            body.statements
                .iter()
                .all(|s| s.starts_with(&format!("s{h}.v")))
        );
        assert_eq!(body.arguments_used, vec!["qd"]);
    }
}
