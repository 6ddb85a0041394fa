//! The derive stage: every quantity the runtime contract needs, from T, V, Q and the
//! constraints of an assembled (scalar) model, one stage function per quantity group.
//!
//! Notation (as in README.md, "What is generated"): q, q̇, q̈, q⃛ coordinates and their time derivatives, t time.
//!
//! - M = ∂²T/∂q̇², h = ∂T/∂q − (∂²T/∂q̇∂q) q̇ − ∂²T/∂q̇∂t − ∂V/∂q + Q (so M q̈ = h + W λ):
//!   `mass`, `forces`;
//! - C_ij = Σ_k Γ_ijk q̇_k with Γ_ijk = ½(∂M_ij/∂q_k + ∂M_ik/∂q_j − ∂M_jk/∂q_i), so
//!   Ṁ − ∂M/∂t − 2C is skew-symmetric (Ṁ − 2C itself only when ∂M/∂t = 0): `coriolis`;
//! - for every constraint function f(q, t) (bilateral g, gap g_N, slip s_T): the Jacobian
//!   column ∇f, the time partial ∂f/∂t, and the drift D(γ)|_{q̈=0} with γ = D(f), where
//!   D = ∂/∂t + Σ q̇_i ∂/∂q_i + q̈_i ∂/∂q̇_i + q⃛_i ∂/∂q̈_i + q⁗_i ∂/∂q⃛_i is the total time derivative along a
//!   trajectory; a tangential velocity γ_T given directly must be linear in q̇: `kinematics`;
//! - the residual r = M a − h − Gλ_B − W_Nλ_N of the equations of motion and the constraint
//!   functions (g, or γ = Aq̇ + a for a velocity constraint, and g_N), which the runtime runs on
//!   Taylor jets for time derivatives of any order (Lötstedt 1982, Theorem 5.4, (5.10)–(5.13):
//!   level k differentiates M q̈ = h + Gλ_B + Wλ k times and the constraints k + 2 times):
//!   `rate_jets`;
//! - ∇V, ∇²V, ∂∇V/∂p_k, and the Hessians ∂²g/∂q² of bilateral constraints and gaps
//!   (Schulz & Pellegrino 2000, (2.8)–(2.17), (3.7)–(3.8)): `statics`;
//! - ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q for a vector a, ∂h/∂p_k, ∂(M a)/∂p_k, the Jacobians of the
//!   drifts, and which parameters enter the constraints (so that ∂(M⁻¹h)/∂q = M⁻¹(∂h/∂q −
//!   ∂(M a)/∂q) with a = M⁻¹h needs no third-order tensor): `jacobians`.
//!
//! Checks made here, each reported at the place in the block it concerns: T quadratic in q̇ (M
//! free of q̇), M symmetric positive definite at sample states, tangential velocities linear in
//! q̇, constraints and gaps that actually depend on q.

pub mod budget;
pub(crate) mod coriolis;
pub(crate) mod forces;
pub(crate) mod jacobians;
pub(crate) mod kinematics;
pub(crate) mod lagrange;
pub(crate) mod mass;
pub(crate) mod parameter_derivatives;
pub(crate) mod rate_jets;
pub mod route;
pub(crate) mod scalar;
pub(crate) mod statics;

pub use super::algebra::AtomMatrix;
use super::convert::Converter;
use super::numeric::Sampler;
use super::program::Program;
use super::symbols::check_capacity;
use super::tree::Tree;
use super::tree::articulated::Articulated;
use crate::dsl::assembled::Assembled;
use crate::dsl::ast::Model;
use crate::error::DerivationError;
use jacobians::DynamicsJacobians;
use kinematics::ConstraintKinematics;
use rate_jets::RateJets;
pub use route::Route;
use scalar::Scalar;
use statics::Statics;
use symbolica::atom::Atom;

/// Everything derived from one model.
pub struct Derived {
    /// Coordinates.
    pub nq: usize,
    /// Bilateral constraints.
    pub nb: usize,
    /// Contacts.
    pub nu: usize,
    /// Whether each bilateral constraint is holonomic (`false`: a velocity constraint).
    pub holonomic: Vec<bool>,
    /// The names of the bilateral constraints (those of `rolling` items included).
    pub constraint_names: Vec<String>,
    /// Parameters.
    pub np: usize,
    /// Whether anything depends on time explicitly.
    pub rheonomic: bool,
    /// How M and h were derived.
    pub route: Route,
    /// The intermediates the principal equations (T, V, M, h, constraints, gaps and their
    /// Jacobians) use, in order of computation, with their definitions (structured route).
    pub intermediates: Vec<(symbolica::atom::Symbol, Atom)>,
    /// The optional capability groups derived.
    pub capabilities: Capabilities,
    /// T, as written (for evaluation: the written form is the cheapest to compute).
    pub kinetic: Atom,
    /// V.
    pub potential: Atom,
    /// M (nq × nq, symmetric).
    pub mass: AtomMatrix,
    /// h.
    pub forces: Vec<Atom>,
    /// C.
    pub coriolis: AtomMatrix,
    /// ∇V.
    pub potential_gradient: Vec<Atom>,
    /// g.
    pub bilateral: Vec<Atom>,
    /// g_N.
    pub gaps: Vec<Atom>,
    /// Jacobians, time partials and drifts of constraints, gaps and slips; contact laws.
    pub kinematics: ConstraintKinematics,
    /// What the runtime evaluates on Taylor jets (event-driven integration).
    pub rates: RateJets,
    /// Second derivatives (equilibrium analysis).
    pub statics: Statics,
    /// First derivatives of h, M a and the drifts (implicit integration, linearisation).
    pub jacobians: DynamicsJacobians,
    /// q̈ = M⁻¹ h by the articulated-body algorithm and its pivots (structured route only).
    pub articulated: Option<Articulated>,
    /// The straight-line program every atom above is written over (empty on the expanded
    /// route): this derivation's own, read by emission and by numeric checks.
    pub program: Program,
}

/// Progress reporting: called with a stage name before each stage.
pub type Progress<'a> = &'a mut dyn FnMut(&str);

/// The optional capability groups to derive (Dynamics and Constraints always are).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    /// Time derivatives (`Rates`).
    pub rates: bool,
    /// Second derivatives (`Statics`).
    pub statics: bool,
    /// First derivatives of the dynamics (`Jacobians`).
    pub jacobians: bool,
}

impl Capabilities {
    /// What a block's `generate` item asks for (everything when it names no capabilities).
    pub fn of(block: &Model) -> Capabilities {
        let named = block
            .generate
            .as_ref()
            .and_then(|g| g.capabilities.as_ref());
        let has = |c: &str| named.is_none_or(|list| list.iter().any(|n| n.text == c));
        Capabilities {
            rates: has("rates"),
            statics: has("statics"),
            jacobians: has("jacobians"),
        }
    }
}

/// M, h and what the later stages reuse, from either route.
struct Core {
    mass: AtomMatrix,
    forces: Vec<Atom>,
    coriolis: AtomMatrix,
    potential_gradient: Vec<Atom>,
    /// M a and ∂(M a)/∂q, made only when the Jacobians are derived (the expanded route; the
    /// structured route always makes them).
    mass_action: Option<(Vec<Atom>, AtomMatrix)>,
    /// The applied forces of the articulated-body algorithm (structured route).
    applied: Option<Vec<Atom>>,
}

/// The expanded route: M from T's coefficients, C from M's Christoffel symbols, h by Lagrange.
fn expanded_core(
    model: &Assembled,
    s: &Scalar,
    sampler: &Sampler,
    caps: Capabilities,
    progress: Progress,
) -> Result<Core, DerivationError> {
    progress("mass matrix");
    let mass = mass::mass_matrix(model, s, sampler)?;
    progress("coriolis");
    let coriolis = coriolis::coriolis(&mass.matrix, &s.qd);
    progress("forces");
    let forces = forces::forces(s, mass.lower_degree, mass.momenta, &coriolis.matrix);
    let mass_action = caps
        .jacobians
        .then(|| jacobians::mass_action_from_partials(&mass.matrix, &coriolis.partials));
    Ok(Core {
        mass: mass.matrix,
        forces: forces.forces,
        coriolis: coriolis.matrix,
        potential_gradient: forces.potential_gradient,
        mass_action,
        applied: None,
    })
}

/// The structured route: M, h, C, ∇V by recursions over the tree.
fn structured_core(
    model: &Assembled,
    tree: &Tree,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
    progress: Progress,
) -> Result<Core, DerivationError> {
    progress("tree recursions");
    let t = tree.dynamics(model, conv, &s.potential, &s.generalised);
    sampler.check_positive_definite(&t.mass, model.block(), model.block().name.span)?;
    Ok(Core {
        mass: t.mass,
        forces: t.forces,
        coriolis: t.coriolis,
        potential_gradient: t.potential_gradient,
        mass_action: Some((t.mass_action, t.mass_action_q)),
        applied: Some(t.applied),
    })
}

/// The program route: M, h, C, ∇V by Lagrange's equations through the program.
fn program_core(
    model: &Assembled,
    s: &Scalar,
    sampler: &Sampler,
    progress: Progress,
) -> Result<Core, DerivationError> {
    progress("lagrange over the program");
    let l = lagrange::lagrange(model, s)?;
    sampler.check_positive_definite(&l.mass, model.block(), s.kinetic_span)?;
    Ok(Core {
        mass: l.mass,
        forces: l.forces,
        coriolis: l.coriolis.matrix,
        potential_gradient: l.potential_gradient,
        mass_action: Some(l.mass_action),
        applied: None,
    })
}

/// The intermediates behind the principal equations, for printing.
fn principal_intermediates(
    prog: &Program,
    s: &Scalar,
    core: &Core,
    k: &ConstraintKinematics,
) -> Vec<(symbolica::atom::Symbol, Atom)> {
    let mut atoms: Vec<&Atom> = vec![&s.kinetic_written, &s.potential];
    atoms.extend(core.mass.iter().flatten());
    atoms.extend(&core.forces);
    atoms.extend(s.bilateral.iter().chain(&s.gaps));
    for f in [&k.bilateral, &k.gaps, &k.slips, &k.second_slips] {
        atoms.extend(f.jacobian.iter().flatten());
        atoms.extend(&f.time);
        atoms.extend(&f.drift);
    }
    prog.closure(&atoms)
}

/// Derives everything for an assembled model by the given route.
pub(crate) fn derive(
    assembled: &Assembled,
    route: Route,
    progress: Progress,
) -> Result<Derived, DerivationError> {
    let model = assembled;
    let scope = &assembled.validated.scope;
    check_capacity(
        &model.block().name,
        [
            model.coordinates().len(),
            model.parameters().len(),
            model.constraints.len(),
            model.contacts.len(),
        ],
    )?;
    let prog = Program::new();
    let caps = Capabilities::of(model.block());
    let mut conv = match route {
        Route::Program => Converter::lifting(scope, &prog),
        _ => Converter::new(scope, &prog),
    };
    let tree = (route == Route::Structured).then(|| Tree::build(model, &conv));
    let frames = match &tree {
        Some(t) => t.body_frames(model),
        None => super::frames::expanded_frames(model, &conv),
    };
    conv.set_frames(frames, &model.definitions);
    let kinetic = tree.as_ref().map(Tree::kinetic);
    let s = Scalar::convert(model, &conv, kinetic)?;
    let sampler = Sampler::new(model.block(), &prog);
    let core = match (&tree, route) {
        (Some(t), _) => structured_core(model, t, &conv, &s, &sampler, progress)?,
        (None, Route::Program) => program_core(model, &s, &sampler, progress)?,
        (None, _) => expanded_core(model, &s, &sampler, caps, progress)?,
    };
    progress("constraints");
    let k = kinematics::constraint_kinematics(model, &conv, &s, &sampler)?;
    let intermediates = principal_intermediates(&prog, &s, &core, &k);
    let np = model.parameters().len();
    let holonomic: Vec<bool> = model.constraints.iter().map(|c| !c.velocity).collect();
    let rates = if caps.rates {
        progress("rates");
        let mass_action = match &core.mass_action {
            Some((mass_action, _)) => mass_action.clone(),
            None => rate_jets::mass_action(&core.mass),
        };
        let (forces, gaps) = (&core.forces, &s.gaps);
        rate_jets::rate_jets(&mass_action, forces, &s.bilateral, &holonomic, gaps, &k)
    } else {
        RateJets::default()
    };
    let statics = if caps.statics {
        progress("hessians");
        statics::statics(&prog, &core.potential_gradient, &k, &holonomic, np)
    } else {
        Statics::default()
    };
    let jacobians = match (caps.jacobians, core.mass_action) {
        (true, Some((mass_action, mass_action_q))) => {
            progress("jacobians");
            jacobians::jacobians(&s, &core.forces, &mass_action, mass_action_q, &k, np)
        }
        _ => DynamicsJacobians::default(),
    };
    let articulated = match (&tree, &core.applied) {
        (Some(t), Some(applied)) => {
            progress("articulated-body algorithm");
            Some(t.articulated(applied))
        }
        _ => None,
    };
    Ok(Derived {
        intermediates,
        articulated,
        nq: s.nq,
        nb: model.constraints.len(),
        holonomic,
        constraint_names: model
            .constraints
            .iter()
            .map(|c| c.name.text.clone())
            .collect(),
        nu: model.contacts.len(),
        np,
        rheonomic: s.rheonomic,
        route,
        capabilities: caps,
        kinetic: s.kinetic_written,
        potential: s.potential,
        mass: core.mass,
        forces: core.forces,
        coriolis: core.coriolis,
        potential_gradient: core.potential_gradient,
        bilateral: s.bilateral,
        gaps: s.gaps,
        kinematics: k,
        rates,
        statics,
        jacobians,
        // Last: every stage above borrowed it.
        program: prog,
    })
}
