//! A block on a rough horizontal floor pushed by a rotating force of pulsing magnitude
//! ([`PushedBlock`]: F(t) = F₀ sin²(νt/2) (cos ωt, sin ωt, 0), spatial Coulomb friction μ),
//! under the event-driven integrator, from rest: stick → slip → stick → slip → stick.
//!
//! Closed forms of the sticking phases: the friction force is −F(t) (the tangential
//! multipliers are (−F_x, −F_y), the normal one m g) until ‖F‖ = μ m g, i.e. at
//! t_k = (2/ν)(kπ + arcsin √(μ m g / F₀)); the slip then starts in the direction of F(t_k),
//! (cos ωt_k, sin ωt_k), with zero slip acceleration (the start the slaved slip direction of
//! `evaluate` makes integrable). The sliding phases have no closed form: their stops and the
//! positions there are the 40-digit Gauss–Legendre reference of
//! `bench/friction3d_event/pushed_block_reference.py` (its error, from H against H/2, is
//! 2e-11 s and 4e-15 m).
//!
//! Checked: the sticking forces against −F(t); both stick ends to 1e-10 s and their slip
//! directions to 1e-10; both stops to 1e-10 s and the positions there to the integrator's
//! relative tolerance, 1e-10 (1 + |x|).

use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mbruntime::Vector;
use mbruntime::event::{ContactMode, Event, EventDriven, EventKind, EventOptions, Report};

/// The reference stops: (time [s], x [m], y [m]) of the first two sliding phases.
const STOPS: [(f64, f64, f64); 2] = [
    (
        3.001_664_909_540_776,
        -2.380_090_715_623_787,
        1.073_389_339_215_049_6,
    ),
    (
        6.143_257_563_130_569,
        -1.306_701_376_408_737_6,
        3.453_480_054_838_837,
    ),
];

#[test]
fn a_pushed_block_sticks_and_slips_at_the_closed_form_and_reference_times() {
    let p = PushedBlock::default();
    let push = |t: f64| {
        let f = p.f0 * (0.5 * p.nu * t).sin().powi(2);
        [f * (p.w * t).cos(), f * (p.w * t).sin()]
    };
    let weight = p.m * p.g;
    let rise = (p.mu * weight / p.f0).sqrt().asin();
    let stick_ends = [0.0, 1.0].map(|k| 2.0 / p.nu * (k * std::f64::consts::PI + rise));
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<3>::zeros(),
        Vector::<3>::zeros(),
    )
    .expect("at rest on the floor");
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking]);
    let mut events: Vec<Event<3, 0, 1>> = Vec::new();
    let mut sticking_checked = 0;
    let mut t_end = 0.0;
    while t_end < 7.0 {
        t_end += 0.05;
        sim.run(t_end, |r| {
            if let Report::Event(ev) = r {
                events.push(*ev);
            }
        })
        .expect("sticks and slips");
        if sim.contact_modes() == [ContactMode::Sticking] {
            let f = push(sim.t());
            let (ln, lt1, lt2) = (
                sim.contact_multipliers()[0],
                sim.tangential_multipliers()[0],
                sim.second_tangential_multipliers()[0],
            );
            assert!((ln - weight).abs() <= 1e-12 * weight, "λ_N = {ln}");
            assert!(
                (lt1 + f[0]).abs() <= 1e-11 * weight && (lt2 + f[1]).abs() <= 1e-11 * weight,
                "t = {}: λ_T = ({lt1}, {lt2}) vs −F = ({}, {})",
                sim.t(),
                -f[0],
                -f[1]
            );
            sticking_checked += 1;
        }
    }
    assert!(
        sticking_checked >= 40,
        "{sticking_checked} sticking samples"
    );
    let kinds: Vec<EventKind> = events.iter().map(|ev| ev.kind).collect();
    use EventKind::{SlipStops, StickEnds};
    assert_eq!(
        kinds,
        [StickEnds, SlipStops, StickEnds, SlipStops],
        "{events:?}"
    );
    for k in 0..2 {
        let (start, stop) = (&events[2 * k], &events[2 * k + 1]);
        let t1 = stick_ends[k];
        assert!(
            (start.t - t1).abs() <= 1e-10,
            "stick end {k}: {} vs {t1}",
            start.t
        );
        let d = [(p.w * t1).cos(), (p.w * t1).sin()];
        let ContactMode::SlidingPlane { direction } = start.modes[0] else {
            panic!("{:?}", start.modes);
        };
        assert!(
            (direction[0] - d[0]).abs() <= 1e-10 && (direction[1] - d[1]).abs() <= 1e-10,
            "slip {k} starts along {direction:?}, F along {d:?}"
        );
        let (t_ref, x_ref, y_ref) = STOPS[k];
        assert!(
            (stop.t - t_ref).abs() <= 1e-10,
            "stop {k}: {} vs {t_ref}",
            stop.t
        );
        assert_eq!(stop.modes, [ContactMode::Sticking]);
        assert!(
            (stop.q[0] - x_ref).abs() <= 1e-10 * (1.0 + x_ref.abs())
                && (stop.q[1] - y_ref).abs() <= 1e-10 * (1.0 + y_ref.abs()),
            "stop {k} at ({}, {}) vs ({x_ref}, {y_ref})",
            stop.q[0],
            stop.q[1]
        );
    }
}
