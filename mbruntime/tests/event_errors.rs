//! Errors of the event-driven integrator leave it where it was, and a model it cannot treat is
//! refused with a typed error instead of being run wrongly.
//!
//! Model: a point of mass m falling from rest at height y₀ onto the floor g_N = y ≥ 0 under
//! gravity g, with Newton restitution e. Its first impact is at t* = √(2y₀/g) with γ⁻ = −g t*,
//! and Newton's law gives γ⁺ = −eγ⁻ (Lötstedt 1982, "Mechanical systems of rigid bodies subject
//! to unilateral constraints", (3.9)). These closed forms check that an integrator resumed after
//! a failed event has kept no trace of the failure (no contact left closed by it).
//!
//! The failure is injected: the model's `mass_matrix`, which only the projections and the impact
//! evaluate (accelerations use `dynamics`), reports M = −m in a thin layer above the floor, so the
//! first projection at the impact — the one that closes the hitting contact in a trial copy of
//! the active set to make its gap exactly zero — fails with a non-positive-definite M.

use std::cell::Cell;

use mbruntime::event::{EventDriven, EventError, EventKind, EventOptions, Report};
use mbruntime::{
    Constraints, ContactLaw, ContactLawError, Dynamics, Jet, Matrix, Rates, StateJet, Vector,
};

struct FallingPoint {
    m: f64,
    g: f64,
    e: f64,
    /// Coulomb friction coefficient of the floor contact.
    mu: f64,
    /// `mass_matrix` reports −m below this height.
    fault_below: Cell<f64>,
}

impl Default for FallingPoint {
    fn default() -> Self {
        Self {
            m: 1.0,
            g: 9.81,
            e: 0.5,
            mu: 0.0,
            fault_below: Cell::new(f64::NEG_INFINITY),
        }
    }
}

impl Dynamics<1> for FallingPoint {
    const NAME: &'static str = "FallingPoint";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 1] = ["y"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<1>, u: &Vector<1>, _: f64) -> f64 {
        0.5 * self.m * u[0] * u[0]
    }
    fn potential_energy(&self, q: &Vector<1>, _: f64) -> f64 {
        self.m * self.g * q[0]
    }
    fn mass_matrix(&self, q: &Vector<1>, _: f64, m: &mut Matrix<1, 1>) {
        m[0] = if q[0] < self.fault_below.get() {
            -self.m
        } else {
            self.m
        };
    }
    fn forces(&self, _: &Vector<1>, _: &Vector<1>, _: f64, h: &mut Vector<1>) {
        h[0] = -self.m * self.g;
    }
    fn dynamics(
        &self,
        q: &Vector<1>,
        u: &Vector<1>,
        t: f64,
        m: &mut Matrix<1, 1>,
        h: &mut Vector<1>,
    ) {
        m[0] = self.m;
        self.forces(q, u, t, h);
    }
    fn coriolis(&self, _: &Vector<1>, _: &Vector<1>, _: f64, c: &mut Matrix<1, 1>) {
        c.fill(0.0);
    }
}

impl Constraints<1, 0, 1> for FallingPoint {
    const BILATERAL: [&'static str; 0] = [];
    const CONTACTS: [&'static str; 1] = ["floor"];
    fn bilateral(&self, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
    fn bilateral_jacobian(&self, _: &Vector<1>, _: f64, _: &mut Matrix<1, 0>, _: &mut Vector<0>) {}
    fn bilateral_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, _: &mut Vector<0>) {}
    fn gaps(&self, q: &Vector<1>, _: f64, g: &mut Vector<1>) {
        g[0] = q[0];
    }
    fn gap_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) {
        w[0] = 1.0;
        p[0] = 0.0;
    }
    fn gap_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<1>, _: f64, w: &mut Matrix<1, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<1>, _: &Vector<1>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [ContactLaw {
            normal_restitution: self.e,
            tangential_restitution: 0.0,
            friction: self.mu,
            // The point has one coordinate: its contact has no tangent.
            has_tangent: false,
        }]
    }
}

/// On jets: r = m ÿ − (−m g) − λ_N (W_N = 1), g_N = y.
impl Rates<1, 0, 1> for FallingPoint {
    fn motion_residual_jet<const N: usize>(
        &self,
        x: &StateJet<N, 1>,
        _: &[Jet<N>; 0],
        lambda_n: &[Jet<N>; 1],
        out: &mut [Jet<N>; 1],
    ) {
        out[0] = self.m * x.qdd[0] + self.m * self.g - lambda_n[0];
    }
    fn constraint_jet<const N: usize>(
        &self,
        x: &StateJet<N, 1>,
        _: &mut [Jet<N>; 0],
        gaps: &mut [Jet<N>; 1],
    ) {
        gaps[0] = x.q[0];
    }
}

#[test]
fn a_failed_impact_projection_leaves_state_and_active_set_unchanged() {
    let y0 = 1.0;
    let model = FallingPoint {
        fault_below: Cell::new(1e-6),
        ..FallingPoint::default()
    };
    let (g, e) = (model.g, model.e);
    let t_impact = (2.0 * y0 / g).sqrt();
    let mut sim = EventDriven::new(
        model,
        EventOptions::default(),
        0.0,
        Vector::<1>::new(y0),
        Vector::<1>::zeros(),
    )
    .unwrap();
    let mut last_step = None;
    let err = sim
        .run(1.0, |r| {
            if let Report::Step {
                t, q, u, lambda, ..
            } = r
            {
                last_step = Some((t, *q, *u, *lambda));
            }
        })
        .expect_err("the projection at the impact must fail");
    assert!(
        matches!(err, EventError::MassMatrixNotPositiveDefinite { t, smallest_eigenvalue }
            if (t - t_impact).abs() < 1e-12 && smallest_eigenvalue == -1.0),
        "{err:?}, impact at {t_impact}"
    );
    // The integrator is still at the last accepted step, with nothing closed.
    let (t, q, u, lambda) = last_step.expect("steps before the impact");
    assert!(t < t_impact);
    assert_eq!(sim.t(), t);
    assert_eq!(sim.q(), &q);
    assert_eq!(sim.u(), &u);
    assert_eq!(sim.contact_multipliers(), &lambda);
    assert!(sim.active_set().is_empty(), "{:?}", sim.active_set());
    assert_eq!(sim.closed(), &[false]);
    assert!((sim.a()[0] + g).abs() <= 1e-14 * g);
    assert_eq!(sim.stats().events, 0);

    // Resumed without the fault, the first impact is the closed-form one.
    sim.model().fault_below.set(f64::NEG_INFINITY);
    let mut first_impact = None;
    sim.run(t_impact + 0.1, |r| {
        if let Report::Event(ev) = r
            && first_impact.is_none()
        {
            first_impact = Some(*ev);
        }
    })
    .unwrap();
    let ev = first_impact.expect("the impact");
    let v = g * t_impact;
    assert_eq!(ev.kind, EventKind::Impact);
    assert!((ev.t - t_impact).abs() < 1e-12, "t = {}", ev.t);
    assert!((ev.u_pre[0] + v).abs() < 1e-9 * v, "γ⁻ = {}", ev.u_pre[0]);
    assert!(
        (ev.u_post[0] - e * v).abs() < 1e-9 * v,
        "γ⁺ = {}",
        ev.u_post[0]
    );
    assert_eq!(ev.closed, [false]);
}

#[test]
fn friction_on_a_contact_without_tangent_is_refused() {
    let model = FallingPoint {
        mu: 0.3,
        ..FallingPoint::default()
    };
    let (q0, u0) = (Vector::<1>::new(1.0), Vector::<1>::zeros());
    let err = EventDriven::new(model, EventOptions::default(), 0.0, q0, u0)
        .err()
        .expect("μ > 0 without tangent must be refused");
    assert_eq!(
        err,
        EventError::ContactLaw(ContactLawError::FrictionWithoutTangent {
            contact: "floor",
            index: 0,
            friction: 0.3
        })
    );
    let msg = err.to_string();
    assert!(msg.contains("`floor`") && msg.contains("μ = 0.3"), "{msg}");
    // The frictionless model starts; given friction afterwards, it does not run.
    let mut sim = EventDriven::new(
        FallingPoint::default(),
        EventOptions::default(),
        0.0,
        q0,
        u0,
    )
    .expect("frictionless");
    sim.model_mut().mu = 0.3;
    let err = sim.run(1.0, |_| {}).expect_err("refused");
    assert!(matches!(
        err,
        EventError::ContactLaw(ContactLawError::FrictionWithoutTangent { .. })
    ));
    assert_eq!(sim.t(), 0.0);
}

#[test]
fn out_of_range_contact_laws_are_refused() {
    let (q0, u0) = (Vector::<1>::new(1.0), Vector::<1>::zeros());
    for (model, parameter, value) in [
        (
            FallingPoint {
                mu: -0.1,
                ..FallingPoint::default()
            },
            "μ",
            -0.1,
        ),
        (
            FallingPoint {
                mu: f64::NAN,
                ..FallingPoint::default()
            },
            "μ",
            f64::NAN,
        ),
        (
            FallingPoint {
                e: 1.5,
                ..FallingPoint::default()
            },
            "ε_N",
            1.5,
        ),
    ] {
        match EventDriven::new(model, EventOptions::default(), 0.0, q0, u0).err() {
            Some(EventError::ContactLaw(ContactLawError::OutOfRange {
                contact: "floor",
                index: 0,
                parameter: p,
                value: v,
            })) => {
                assert_eq!(p, parameter);
                assert!(v == value || (v.is_nan() && value.is_nan()), "{v}");
            }
            other => panic!("{parameter} = {value}: expected OutOfRange, got {other:?}"),
        }
    }
}
