//! A block (point mass, [`InclineBlock`]) launched across a rough inclined plane under the
//! event-driven integrator with spatial Coulomb friction: the curved path of a body sliding on
//! an incline, against its closed form.
//!
//! Closed form. With a = g sin α, b = μ g cos α, k = b/a = μ/tan α, the speed v and the angle φ
//! between the velocity and the line of steepest descent obey v̇ = a cos φ − b and
//! v φ̇ = −a sin φ (the friction force −b m v̂ is along the velocity, gravity's in-plane part
//! a m downhill). Hence dv/dφ = −v (cos φ − k)/sin φ, so
//! v sin φ / tan(φ/2)ᵏ = C is conserved, and with u = tan(φ/2) (sin φ = 2u/(1 + u²),
//! dφ = 2du/(1 + u²)) the time and the displacements are elementary integrals in u:
//!
//! ```text
//! t(u)     = C/(2a) [F(u₀) − F(u)],          F(u) = u^{k−1}/(k−1) + u^{k+1}/(k+1),
//! across(u) = C²/(2a) [G(u₀) − G(u)],        G(u) = u^{2k−1}/(2k−1) + u^{2k+1}/(2k+1),
//! down(u)   = C²/(4a) [H(u₀) − H(u)],        H(u) = u^{2k−2}/(2k−2) − u^{2k+2}/(2k+2),
//! ```
//!
//! (k ≠ ½, 1). For k < 1 the block turns downhill for ever (t → ∞ as u → 0); for k > 1 it stops
//! at t* = C F(u₀)/(2a), where u, v → 0, and sticks (μ > tan α).
//!
//! Checked at every step of the integrator: the invariant C, the time t(u), both
//! displacements; for k > 1 the stop to 1e-10 s and sticking afterwards.

use mb_examples::friction3d_models::incline_block::InclineBlock;
use mbruntime::Vector;
use mbruntime::event::{ContactMode, EventDriven, EventKind, EventOptions, Report};

/// A reported step: (t, q, u).
type Sample = (f64, [f64; 3], [f64; 3]);

/// The closed form for launch speed `v0` across the slope (φ₀ = π/2, u₀ = 1).
struct Path {
    a: f64,
    k: f64,
    c: f64,
}

impl Path {
    fn new(p: &InclineBlock, v0: f64) -> Self {
        let a = p.g * p.alpha.sin();
        let k = p.mu / p.alpha.tan();
        Self { a, k, c: v0 }
    }
    fn f(&self, u: f64) -> f64 {
        let k = self.k;
        u.powf(k - 1.0) / (k - 1.0) + u.powf(k + 1.0) / (k + 1.0)
    }
    fn g(&self, u: f64) -> f64 {
        let k = self.k;
        u.powf(2.0 * k - 1.0) / (2.0 * k - 1.0) + u.powf(2.0 * k + 1.0) / (2.0 * k + 1.0)
    }
    fn h(&self, u: f64) -> f64 {
        let k = self.k;
        u.powf(2.0 * k - 2.0) / (2.0 * k - 2.0) - u.powf(2.0 * k + 2.0) / (2.0 * k + 2.0)
    }
    fn time(&self, u: f64) -> f64 {
        self.c / (2.0 * self.a) * (self.f(1.0) - self.f(u))
    }
    fn across(&self, u: f64) -> f64 {
        self.c * self.c / (2.0 * self.a) * (self.g(1.0) - self.g(u))
    }
    fn down(&self, u: f64) -> f64 {
        self.c * self.c / (4.0 * self.a) * (self.h(1.0) - self.h(u))
    }
}

/// (down-slope displacement, across displacement, speed, φ) of a state of the block.
fn on_slope(p: &InclineBlock, q: &[f64; 3], u: &[f64; 3]) -> (f64, f64, f64, f64) {
    let (s, c) = p.alpha.sin_cos();
    let up = |v: &[f64; 3]| c * v[0] + s * v[2];
    let (v_down, v_across) = (-up(u), u[1]);
    let speed = v_down.hypot(v_across);
    (-up(q), q[1], speed, v_across.atan2(v_down))
}

fn launch(
    p: InclineBlock,
    v0: f64,
    t_end: f64,
) -> (Vec<Sample>, Vec<(f64, EventKind, ContactMode)>) {
    let q0 = Vector::<3>::zeros();
    let u0 = Vector::<3>::new(0.0, v0, 0.0);
    let mut sim = EventDriven::new(p, EventOptions::default(), 0.0, q0, u0).expect("on the slope");
    let mut steps = Vec::new();
    let mut events = Vec::new();
    sim.run(t_end, |r| match r {
        Report::Step { t, q, u, .. } => steps.push((
            t,
            std::array::from_fn(|i| q[i]),
            std::array::from_fn(|i| u[i]),
        )),
        Report::Event(ev) => events.push((ev.t, ev.kind, ev.modes[0])),
    })
    .expect("the block slides");
    (steps, events)
}

fn check_path(p: &InclineBlock, path: &Path, steps: &[Sample], until: f64) {
    let mut checked = 0;
    for (t, q, u) in steps.iter().filter(|s| s.0 < until) {
        let (down, across, v, phi) = on_slope(p, q, u);
        let w = (0.5 * phi).tan();
        let scale = 1.0 + path.c;
        // C and t(u) are ill-conditioned in the state where v and φ both vanish (the stop,
        // dt/du ∝ u^{k−2} → ∞): checked while v ≥ C/20.
        if v >= 0.05 * path.c {
            let invariant = v * phi.sin() / w.powf(path.k);
            assert!(
                (invariant - path.c).abs() <= 1e-8 * scale,
                "t = {t}: C = {invariant}"
            );
            let tu = path.time(w);
            assert!((t - tu).abs() <= 1e-8 * (1.0 + t), "t = {t} vs t(u) = {tu}");
        }
        assert!(
            (across - path.across(w)).abs() <= 1e-8 * scale,
            "t = {t}: across {across}"
        );
        assert!(
            (down - path.down(w)).abs() <= 1e-8 * scale,
            "t = {t}: down {down}"
        );
        checked += 1;
    }
    assert!(checked >= 5, "{checked} steps checked");
}

#[test]
fn a_block_launched_across_a_steep_incline_curves_downhill_as_the_closed_form() {
    let mut p = InclineBlock::default();
    // k = 0.3 (the default μ = ½ tan α has 2k − 1 = 0, where G is a logarithm).
    p.mu = 0.3 * p.alpha.tan();
    let path = Path::new(&p, 2.0);
    let (steps, events) = launch(p, 2.0, 1.5);
    assert!(events.is_empty(), "it slides throughout: {events:?}");
    check_path(&p, &path, &steps, f64::INFINITY);
}

#[test]
fn a_block_launched_across_a_gentle_incline_stops_at_the_closed_form_time_and_sticks() {
    let mut p = InclineBlock::default();
    p.mu = 1.5 * p.alpha.tan();
    let path = Path::new(&p, 2.0);
    let t_stop = path.c * path.f(1.0) / (2.0 * path.a);
    let (steps, events) = launch(p, 2.0, 1.5 * t_stop);
    let &(t, kind, mode) = events.first().expect("the slip stops");
    assert_eq!(kind, EventKind::SlipStops);
    assert!((t - t_stop).abs() <= 1e-10, "t* = {t} vs {t_stop}");
    assert_eq!(mode, ContactMode::Sticking, "μ > tan α holds it");
    assert_eq!(events.len(), 1, "{events:?}");
    check_path(&p, &path, &steps, t_stop);
    let last = steps.last().expect("steps after the stop");
    assert!(
        last.0 > t_stop && last.2.iter().all(|v| v.abs() <= 1e-12),
        "at rest: {last:?}"
    );
}

/// Released at rest with μ < tan α the block starts to slide from rest (the acceleration-level
/// cone problem at the start: slip along the line of steepest descent) and covers
/// ½ g (sin α − μ cos α) t² down the slope, without turning.
#[test]
fn a_block_released_at_rest_on_a_steep_incline_slides_down_the_line_of_steepest_descent() {
    let p = InclineBlock::default();
    let sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<3>::zeros(),
        Vector::<3>::zeros(),
    )
    .expect("at rest on the slope");
    let [ContactMode::SlidingPlane { direction }] = sim.contact_modes() else {
        panic!("{:?}", sim.contact_modes());
    };
    assert_eq!(direction, [-1.0, 0.0], "down the slope (−t̂1)");
    let a = p.g * (p.alpha.sin() - p.mu * p.alpha.cos());
    let (steps, events) = launch(p, 0.0, 2.0);
    assert!(events.is_empty(), "{events:?}");
    assert!(steps.len() >= 5);
    for (t, q, u) in &steps {
        let (down, across, v, _) = on_slope(&p, q, u);
        assert!(
            (down - 0.5 * a * t * t).abs() <= 1e-10 * (1.0 + down),
            "t = {t}: {down}"
        );
        assert!(across.abs() <= 1e-14 && (v - a * t).abs() <= 1e-10 * (1.0 + v));
    }
}
