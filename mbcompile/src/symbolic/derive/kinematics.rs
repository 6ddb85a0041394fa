//! Constraint kinematics: for every constraint function f(q, t) (bilateral g, gap g_N, slip
//! s_T) the Jacobian column ∇f, the time partial ∂f/∂t and the drift D(γ)|_{q̈=0} with
//! γ = D(f); a tangential velocity γ_T given directly must be linear in q̇. Also the contact laws
//! (ε_N, ε_T, μ) as expressions of the parameters.

use super::super::algebra::{AtomMatrix, drift, gradient, partial, uses_any, zero};
use super::super::convert::Converter;
use super::super::numeric::Sampler;
use super::super::symbols::pool;
use super::scalar::Scalar;
use crate::dsl::ast::{Contact, Expr, Gap, Model, Tangent};
use crate::error::DerivationError;
use symbolica::atom::{Atom, AtomCore};

/// Jacobian column, time partial and drift of one constraint function.
struct Kinematics {
    jacobian: Vec<Atom>,
    time: Atom,
    drift: Atom,
}

fn kinematics(f: &Atom, s: &Scalar) -> Kinematics {
    let p = pool();
    let jacobian = gradient(f, s.nq);
    let time = if s.rheonomic {
        partial(f, p.t).expand()
    } else {
        zero()
    };
    let mut gamma = time.clone();
    for (w, qd) in jacobian.iter().zip(&s.qd) {
        gamma += w * qd;
    }
    let d = drift(&gamma, s.nq, s.rheonomic);
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
    /// Tangential directions (zero for contacts without tangent).
    pub slips: Family,
    /// Whether each contact has a tangent.
    pub has_tangent: Vec<bool>,
    /// (ε_N, ε_T, μ) per contact.
    pub contact_laws: Vec<[Atom; 3]>,
}

/// Kinematics of all constraints and contacts, each checked to depend on q.
pub fn constraint_kinematics(
    model: &Model,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<ConstraintKinematics, DerivationError> {
    let mut bilateral = Family::default();
    for (c, g) in model.constraints.iter().zip(&s.bilateral) {
        let k = kinematics(g, s);
        sampler.check_depends_on_q(
            &k.jacobian,
            c.value.span,
            &format!("bilateral constraint `{}`", c.name.text),
        )?;
        bilateral.push(k);
    }
    let mut out = ConstraintKinematics {
        bilateral,
        gaps: Family::default(),
        slips: Family::default(),
        has_tangent: Vec::new(),
        contact_laws: Vec::new(),
    };
    for (c, g) in model.contacts.iter().zip(&s.gaps) {
        let k = kinematics(g, s);
        let gap_span = match &c.gap {
            Gap::Expr(e) => e.span,
            _ => c.span,
        };
        sampler.check_depends_on_q(
            &k.jacobian,
            gap_span,
            &format!("the gap of contact `{}`", c.name.text),
        )?;
        out.gaps.push(k);
        let slip = tangent(model, c, conv, s, sampler)?;
        out.has_tangent.push(slip.is_some());
        out.slips.push(slip.unwrap_or_else(|| Kinematics {
            jacobian: vec![zero(); s.nq],
            time: zero(),
            drift: zero(),
        }));
        let law = |e: Option<&Expr>| e.map(|e| conv.atom(e)).unwrap_or_else(zero);
        out.contact_laws.push([
            conv.atom(&c.normal_restitution),
            law(c.tangential_restitution.as_ref()),
            law(c.friction.as_ref()),
        ]);
    }
    Ok(out)
}

/// The tangential kinematics of a contact: of its slip function s_T(q, t), or read off its
/// tangential velocity γ_T = W_Tᵀ q̇ + ŵ_T; `None` without tangent.
fn tangent(
    model: &Model,
    c: &Contact,
    conv: &Converter,
    s: &Scalar,
    sampler: &Sampler,
) -> Result<Option<Kinematics>, DerivationError> {
    let p = pool();
    let nq = s.nq;
    match &c.tangent {
        Some(Tangent::Slip(e)) => {
            let k = kinematics(&conv.atom(e).expand(), s);
            sampler.check_depends_on_q(
                &k.jacobian,
                e.span,
                &format!("the slip of contact `{}`", c.name.text),
            )?;
            Ok(Some(k))
        }
        Some(Tangent::Velocity(e)) => {
            let gamma = conv.atom(e).expand();
            let w: Vec<Atom> = (0..nq).map(|i| partial(&gamma, p.qd[i]).expand()).collect();
            for wi in &w {
                if let Some(k) = uses_any(wi, &p.qd[..nq]) {
                    return Err(DerivationError::TangentialVelocityNotLinear {
                        span: e.span,
                        contact: c.name.text.clone(),
                        velocity: model.coordinates[k].text.clone(),
                    });
                }
            }
            sampler.check_depends_on_q(
                &w,
                e.span,
                &format!("the tangential velocity of contact `{}`", c.name.text),
            )?;
            let mut offset = gamma.clone();
            for v in &p.qd[..nq] {
                offset = offset.replace(Atom::var(*v)).with(zero());
            }
            let offset = offset.expand();
            Ok(Some(Kinematics {
                drift: drift(&gamma, nq, s.rheonomic),
                jacobian: w,
                time: offset,
            }))
        }
        None => Ok(None),
    }
}
