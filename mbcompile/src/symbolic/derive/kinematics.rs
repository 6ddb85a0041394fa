//! Constraint kinematics: for every constraint function f(q, t) (bilateral g, gap g_N, slip
//! s_T, and the second slip s_T2 of a tangent plane) the Jacobian column ∇f, the time partial
//! ∂f/∂t and the drift D(γ)|_{q̈=0} with γ = D(f); a tangential velocity γ_T or a velocity
//! constraint γ = A q̇ + a given directly must be linear in q̇ (its column is Aᵀ, its time part
//! a), and a velocity constraint must be independent of the constraints before it. Also the contact laws (ε_N, ε_T, μ) as expressions of the parameters.

use super::super::algebra::{AtomMatrix, drift, gradient, partial, trig_reduce, uses_any, zero};
use super::super::convert::Converter;
use super::super::numeric::Sampler;
use super::super::substitute::Substitution;
use super::super::symbols::pool;
use super::scalar::Scalar;
use crate::dsl::assembled::{Assembled, AssembledContact};
use crate::dsl::scalar::Scalar as ScalarExpr;
use crate::error::DerivationError;
use symbolica::atom::{Atom, AtomCore};

/// Jacobian column, time partial and drift of one constraint function.
struct Kinematics {
    jacobian: Vec<Atom>,
    time: Atom,
    drift: Atom,
}

fn kinematics(f: &Atom, s: &Scalar) -> Kinematics {
    let prog = s.prog;
    let p = pool();
    let jacobian = gradient(prog, f, s.nq);
    let time = if s.rheonomic {
        partial(prog, f, p.t).expand()
    } else {
        zero()
    };
    let mut gamma = time.clone();
    for (w, qd) in jacobian.iter().zip(&s.qd) {
        gamma += w * qd;
    }
    let d = drift(prog, &gamma, s.nq, s.rheonomic);
    Kinematics {
        jacobian,
        time,
        drift: d,
    }
}

/// Jacobian columns (`[function][coordinate]`), time partials and drifts of a family of
/// constraint functions.
#[derive(Default)]
pub struct Family {
    /// ∇f per function.
    pub jacobian: AtomMatrix,
    /// ∂f/∂t per function.
    pub time: Vec<Atom>,
    /// Ẇᵀq̇ + d/dt ŵ per function.
    pub drift: Vec<Atom>,
}

impl Family {
    fn push(&mut self, k: Kinematics) {
        self.jacobian.push(k.jacobian);
        self.time.push(k.time);
        self.drift.push(k.drift);
    }
}

/// The kinematics of every constraint and contact.
pub struct ConstraintKinematics {
    /// Bilateral constraints.
    pub bilateral: Family,
    /// Gaps.
    pub gaps: Family,
    /// Tangential directions (zero for contacts without tangent); the first tangent t1 of a
    /// tangent plane.
    pub slips: Family,
    /// Second tangential directions t2 of tangent planes (zero for contacts without one).
    pub second_slips: Family,
    /// Whether each contact has a tangent.
    pub has_tangent: Vec<bool>,
    /// Whether each contact has a tangent plane (a second tangential direction).
    pub tangent_planes: Vec<bool>,
    /// (ε_N, ε_T, μ) per contact.
    pub contact_laws: Vec<[Atom; 3]>,
}

/// Kinematics of all constraints and contacts, each checked to depend on q.
pub fn constraint_kinematics(
    model: &Assembled,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<ConstraintKinematics, DerivationError> {
    let mut bilateral = Family::default();
    for (i, c) in model.constraints.iter().enumerate() {
        let k = match &s.velocity_constraints[i] {
            None => kinematics(&s.bilateral[i], s),
            Some(gamma) => linear_in_velocities(gamma, s).map_err(|v| {
                DerivationError::VelocityConstraintNotLinear {
                    span: c.value.span,
                    constraint: c.name.text.clone(),
                    velocity: model.coordinates()[v].text.clone(),
                }
            })?,
        };
        let what = match c.velocity {
            true => format!("velocity constraint `{}`", c.name.text),
            false => format!("bilateral constraint `{}`", c.name.text),
        };
        sampler.check_depends_on_q(&k.jacobian, c.value.span, &what)?;
        bilateral.push(k);
        if c.velocity && !sampler.independent_last(&bilateral.jacobian) {
            return Err(DerivationError::DependentVelocityConstraint {
                span: c.value.span,
                constraint: c.name.text.clone(),
            });
        }
    }
    let mut out = ConstraintKinematics {
        bilateral,
        gaps: Family::default(),
        slips: Family::default(),
        second_slips: Family::default(),
        has_tangent: Vec::new(),
        tangent_planes: Vec::new(),
        contact_laws: Vec::new(),
    };
    for (c, g) in model.contacts.iter().zip(&s.gaps) {
        let k = kinematics(g, s);
        let gap_span = c.gap.span;
        sampler.check_depends_on_q(
            &k.jacobian,
            gap_span,
            &format!("the gap of contact `{}`", c.name.text),
        )?;
        out.gaps.push(k);
        let mut slips = tangents(model, c, conv, s, sampler)?.into_iter();
        let (first, second) = (slips.next(), slips.next());
        out.has_tangent.push(first.is_some());
        out.tangent_planes.push(second.is_some());
        let none = || Kinematics {
            jacobian: vec![zero(); s.nq],
            time: zero(),
            drift: zero(),
        };
        out.slips.push(first.unwrap_or_else(none));
        out.second_slips.push(second.unwrap_or_else(none));
        let law = |e: Option<&ScalarExpr>| e.map(|e| conv.atom(e)).unwrap_or_else(zero);
        out.contact_laws.push([
            conv.atom(&c.normal_restitution),
            law(c.tangential_restitution.as_ref()),
            law(c.friction.as_ref()),
        ]);
    }
    Ok(out)
}

impl ConstraintKinematics {
    /// Whether any contact has a tangent plane.
    pub fn any_tangent_plane(&self) -> bool {
        self.tangent_planes.iter().any(|p| *p)
    }
}

/// The tangential kinematics of a contact: none without tangent, one for a single tangent, two
/// (t1, t2) for a tangent plane.
fn tangents(
    model: &Assembled,
    c: &AssembledContact,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<Vec<Kinematics>, DerivationError> {
    let Some(t) = &c.tangent else {
        return Ok(Vec::new());
    };
    let directions = t.directions();
    let plane = directions.len() == 2;
    let mut out = Vec::new();
    for (k, (e, slip)) in directions.into_iter().enumerate() {
        let which = match (plane, k) {
            (false, _) => "",
            (true, 0) => "first ",
            (true, _) => "second ",
        };
        out.push(if slip {
            slip_kinematics(c, e, which, conv, s, sampler)?
        } else {
            velocity_kinematics(model, c, e, which, conv, s, sampler)?
        });
    }
    Ok(out)
}

/// The kinematics of a slip function s_T(q, t) (the `which` one of the contact's).
fn slip_kinematics(
    c: &AssembledContact,
    e: &ScalarExpr,
    which: &str,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<Kinematics, DerivationError> {
    let k = kinematics(&conv.atom(e).expand(), s);
    sampler.check_depends_on_q(
        &k.jacobian,
        e.span,
        &format!("the {which}slip of contact `{}`", c.name.text),
    )?;
    Ok(k)
}

/// The kinematics read off a velocity-level function γ = Wᵀ q̇ + ŵ (W(q, t), ŵ(q, t)); `Err(k)`
/// when γ is not linear in q̇ (in q̇_k).
///
/// Over the structured route's intermediates, W = ∂γ/∂q̇ and ŵ = γ|_{q̇=0} are transformations
/// of the program (the chain rule and `Substitution`), so γ is never written out in q. A column
/// that depends on q̇ through the program is only a structural dependence; γ is then written out
/// (intermediates inlined) and judged on that form, which decides exactly.
fn linear_in_velocities(gamma: &Atom, s: &Scalar) -> Result<Kinematics, usize> {
    let prog = s.prog;
    let p = pool();
    let nq = s.nq;
    let w: Vec<Atom> = (0..nq)
        .map(|i| partial(prog, gamma, p.qd[i]).expand())
        .collect();
    for wi in &w {
        if let Some(k) = uses_any(prog, wi, &p.qd[..nq]) {
            return match prog.mentions_intermediates(gamma) {
                true => linear_in_velocities(&trig_reduce(&prog.inline(gamma).expand()), s),
                false => Err(k),
            };
        }
    }
    let offset = Substitution::zero(prog, &p.qd[..nq]).of(gamma);
    Ok(Kinematics {
        drift: drift(prog, gamma, nq, s.rheonomic),
        jacobian: w,
        time: offset.expand(),
    })
}

/// The kinematics read off a tangential velocity γ_T = W_Tᵀ q̇ + ŵ_T (the `which` one of the
/// contact's), which must be linear in q̇.
fn velocity_kinematics(
    model: &Assembled,
    c: &AssembledContact,
    e: &ScalarExpr,
    which: &str,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<Kinematics, DerivationError> {
    let gamma = conv.atom(e).expand();
    let k = linear_in_velocities(&gamma, s).map_err(|v| {
        DerivationError::TangentialVelocityNotLinear {
            span: e.span,
            contact: c.name.text.clone(),
            velocity: model.coordinates()[v].text.clone(),
        }
    })?;
    sampler.check_depends_on_q(
        &k.jacobian,
        e.span,
        &format!(
            "the {which}tangential velocity of contact `{}`",
            c.name.text
        ),
    )?;
    Ok(k)
}
