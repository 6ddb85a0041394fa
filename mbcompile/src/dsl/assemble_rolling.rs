//! Assembly of velocity constraints: body velocities written out, and `rolling` items lowered to
//! velocity constraints (and an optional touching constraint).
//!
//! - `velocity(B, P)` is the velocity of the material point of body B at point P,
//!   v = ṙ_B + ω × (r_P − r_B) with r_B the body's position (centre of mass) and ω its angular
//!   velocity in world axes: ω = θ̇ ẑ for a planar body, and from ω̃ = Ṙ Rᵀ for a spatial one
//!   (`angular_velocity(B)`). It is not d r_P/dt: P may move over the body (a contact point).
//! - A body rolling on a plane with unit normal n̂ touches it at P: the sphere's (or a planar
//!   disk's) point P = r_B − r n̂; a disk of radius r with unit axis â = R a/|a| in space touches
//!   at its rim point farthest along −n̂, P = r_B + r (â (â·n̂) − n̂)/√(1 − (â·n̂)²) (the rim
//!   direction in the disk's plane closest to −n̂; the disk must not lie flat, â ≠ ±n̂).
//!   Rolling without slipping: t̂_k·(v_B(P) − v_s) = 0 along the plane's tangents t̂_k (the rules
//!   of `tangent_basis`), v_s the surface's velocity (zero unless given). With `touch: true` the
//!   holonomic n̂·(P − r₀) = 0 is added.

use super::ast::{Constraint, Expr, ExprKind, Model, Name, Orientation, Rolling};
use super::body_frames::BodyFrames;
use super::build::{div, dot, int, mul, rate, sqrt, sub, sum};
use super::default_values::constant_vector;
use super::places::{Place, Places};
use super::scalar::Scalar;
use super::scope::Scope;
use super::tangent_basis::{cross, tangent_directions};
use super::validate_rolling::rolling_constraint_names;
use proc_macro2::Span;
use syn::Error;

/// The world angular velocity of body k: ω = (0, 0, θ̇) of a planar body, from ω̃ = Ṙ Rᵀ of a
/// spatial one (ω_x = W₂₁, ω_y = W₀₂, ω_z = W₁₀ with W_ij = Σ_l Ṙ_il R_jl).
fn angular_velocity(m: &Model, frames: &BodyFrames, k: usize, span: Span) -> Vec<Scalar> {
    if let Some(Orientation::Angle(th)) = &m.bodies[k].orientation {
        return vec![int(0, span), int(0, span), rate(&frames.lower(th))];
    }
    let Some(r) = frames.rotation(k) else {
        return vec![int(0, span); 3];
    };
    let w = |i: usize, j: usize| sum((0..3).map(|l| mul(rate(&r[i][l]), r[j][l].clone())), span);
    vec![w(2, 1), w(0, 2), w(1, 0)]
}

/// v = ṙ_B + ω × (r_P − r_B): the velocity of the material point of body k at `point`, in
/// the model's dimension.
fn material_velocity(
    m: &Model,
    frames: &BodyFrames,
    k: usize,
    point: &[Scalar],
    span: Span,
) -> Vec<Scalar> {
    let centre = frames.position(k);
    let w = angular_velocity(m, frames, k, span);
    let mut arm: Vec<Scalar> = point
        .iter()
        .zip(&centre)
        .map(|(p, c)| sub(p.clone(), c.clone()))
        .collect();
    arm.resize(3, int(0, span));
    let spin = cross(&w, &arm);
    centre
        .iter()
        .zip(spin)
        .map(|(c, s)| super::build::add(rate(c), s))
        .collect()
}

/// The model-side tools assembly needs to write body velocities out.
pub struct Velocities<'a> {
    model: &'a Model,
    frames: &'a BodyFrames<'a>,
    places: &'a Places,
}

impl<'a> Velocities<'a> {
    /// The tools for a validated model.
    pub fn new(model: &'a Model, frames: &'a BodyFrames<'a>, places: &'a Places) -> Self {
        Velocities {
            model,
            frames,
            places,
        }
    }

    /// The position of a point or body.
    fn position(&self, n: &Name) -> syn::Result<Vec<Scalar>> {
        Ok(match self.places.resolve(n)? {
            Place::Body(k) => self.frames.position(k),
            p @ Place::Point(_) => self.frames.lower_all(&p.position(self.model)),
        })
    }

    /// The body number of a name (validated to be a body).
    fn body(&self, n: &Name) -> syn::Result<usize> {
        match self.places.resolve(n)? {
            Place::Body(k) => Ok(k),
            Place::Point(_) => Err(Error::new(n.span, format!("`{}` is not a body", n.text))),
        }
    }

    /// The scalar form of `e` (see `BodyFrames::lower`) with every `velocity(B, P).c` and
    /// `angular_velocity(B).c` written out.
    pub fn resolve(&self, e: &Expr) -> syn::Result<Scalar> {
        Scalar::lowered(e, &|e: &Expr| match &e.kind {
            ExprKind::BodyVelocity {
                body,
                point,
                component,
            } => self
                .body_velocity(body, point.as_deref(), *component, e.span)
                .map(Some),
            ExprKind::BodyPoint { .. } => Ok(Some(self.frames.lower(e))),
            _ => Ok(None),
        })
    }

    /// Component `component` of `velocity(body, point)`, or of `angular_velocity(body)` without
    /// a point.
    fn body_velocity(
        &self,
        body: &str,
        point: Option<&str>,
        component: usize,
        span: Span,
    ) -> syn::Result<Scalar> {
        let name = |text: &str| Name {
            text: text.to_string(),
            span,
        };
        let k = self.body(&name(body))?;
        let v = match point {
            Some(p) => {
                let r = self.position(&name(p))?;
                material_velocity(self.model, self.frames, k, &r, span)
            }
            None => angular_velocity(self.model, self.frames, k, span),
        };
        v.get(component).cloned().ok_or_else(|| {
            Error::new(
                span,
                "a planar model's velocities have components `.x` and `.y`",
            )
        })
    }

    /// The constraints of a rolling item (see the module documentation).
    pub fn rolling(&self, r: &Rolling, scope: &Scope) -> syn::Result<Vec<Constraint<Scalar>>> {
        let span = r.name.span;
        let k = self.body(&r.body)?;
        let radius = self.frames.lower(&r.radius);
        let n_raw = self.frames.lower_all(&r.normal.components);
        let n_len = sqrt(dot(&n_raw, &n_raw, span));
        let n: Vec<Scalar> = n_raw
            .iter()
            .map(|x| div(x.clone(), n_len.clone()))
            .collect();
        let centre = self.frames.position(k);
        let contact = match (&r.axis, self.frames.rotation(k)) {
            (Some(a), Some(rot)) => {
                let a = self.frames.lower_all(&a.components);
                let a_len = sqrt(dot(&a, &a, span));
                let aw: Vec<Scalar> = (0..3)
                    .map(|i| div(dot(&rot[i], &a, span), a_len.clone()))
                    .collect();
                let an = dot(&aw, &n, span);
                let s = sqrt(sub(int(1, span), mul(an.clone(), an.clone())));
                let scale = div(radius.clone(), s);
                (0..3)
                    .map(|i| {
                        let d = sub(mul(aw[i].clone(), an.clone()), n[i].clone());
                        super::build::add(centre[i].clone(), mul(scale.clone(), d))
                    })
                    .collect()
            }
            _ => centre
                .iter()
                .zip(&n)
                .map(|(c, ni)| sub(c.clone(), mul(radius.clone(), ni.clone())))
                .collect::<Vec<Scalar>>(),
        };
        let v = material_velocity(self.model, self.frames, k, &contact, span);
        let relative: Vec<Scalar> = match &r.surface_velocity {
            Some(s) => v
                .iter()
                .zip(&self.frames.lower_all(&s.components))
                .map(|(a, b)| sub(a.clone(), b.clone()))
                .collect(),
            None => v,
        };
        let values = constant_vector(scope, &r.normal, "a rolling normal")?;
        let given = [
            r.tangent
                .as_ref()
                .map(|t| self.frames.lower_all(&t.components)),
            None,
        ];
        let names = rolling_constraint_names(r, n.len() == 3);
        let mut out: Vec<Constraint<Scalar>> = tangent_directions(&n, &values, given, span)
            .iter()
            .zip(&names)
            .map(|(t, name)| Constraint {
                name: Name {
                    text: name.clone(),
                    span,
                },
                value: div(dot(t, &relative, span), sqrt(dot(t, t, span))),
                velocity: true,
            })
            .collect();
        if r.touch {
            let through = r.through.as_ref().map_or_else(
                || vec![int(0, span); n.len()],
                |t| self.frames.lower_all(&t.components),
            );
            let rel: Vec<Scalar> = contact
                .iter()
                .zip(&through)
                .map(|(a, b)| sub(a.clone(), b.clone()))
                .collect();
            out.push(Constraint {
                name: Name {
                    text: names[names.len() - 1].clone(),
                    span,
                },
                value: dot(&n, &rel, span),
                velocity: false,
            });
        }
        Ok(out)
    }
}
