//! A block on a rough incline pushed along it by a rotating force of pulsing magnitude
//! ([`PushedBlock`]: slope α, F(t) = F₀ sin²(νt/2) (cos ωt t̂1 + sin ωt t̂2), spatial Coulomb
//! friction μ > tan α), under the event-driven integrator, from rest: stick → slip → stick →
//! slip → stick.
//!
//! Closed forms of the sticking phases: with the in-plane load P(t) = F(t) − m g sin α t̂1 the
//! friction force is −P(t) (tangential multipliers (−P₁, −P₂), normal one m g cos α) until
//! ‖P(t)‖ = μ m g cos α — a root of an explicit function of t, bracketed here by bisection to
//! round-off; the slip then starts in the direction of P there, with zero slip acceleration
//! (the start the slaved slip direction of `evaluate` makes integrable). The sliding phases
//! have no closed form: their stops and the positions there are the 40-digit Gauss–Legendre
//! reference of `bench/friction3d_event/pushed_block_reference.py` (its error, from H against
//! H/2, below 2e-12 s and 1e-13 m).
//!
//! Checked: the sticking forces against −P(t); both stick ends to 1e-10 s and their slip
//! directions to 1e-10; both stops to 1e-10 s and the positions there to the integrator's
//! relative tolerance, 1e-10 (1 + |x|); and that the run, slaved slip directions included,
//! allocates nothing once the integrator exists.

use mb_examples::friction3d_models::pushed_block::PushedBlock;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::Vector;
use mbruntime::event::{ContactMode, Event, EventDriven, EventKind, EventOptions, Report};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The reference stops: (time [s], x, y, z [m]) of the first two sliding phases.
const STOPS: [(f64, [f64; 3]); 2] = [
    (
        3.944_508_253_804_871,
        [
            -6.723_317_040_850_775,
            1.600_945_972_880_47,
            -1.362_883_836_086_923_3,
        ],
    ),
    (
        6.303_244_304_521_141,
        [
            -7.117_110_174_389_951,
            3.106_643_354_200_63,
            -1.442_709_656_169_721,
        ],
    ),
];

/// The in-plane load P(t) of the block in the basis (t̂1, t̂2).
fn load(p: &PushedBlock, t: f64) -> [f64; 2] {
    let f = p.f0 * (0.5 * p.nu * t).sin().powi(2);
    [
        f * (p.w * t).cos() - p.m * p.g * p.alpha.sin(),
        f * (p.w * t).sin(),
    ]
}

/// The first t in (a, a + 2) where ‖P‖ rises through μ m g cos α, by a scan of 1e-3 s and
/// bisection to adjacent floating-point numbers.
fn slip_start(p: &PushedBlock, a: f64) -> f64 {
    let hold = p.mu * p.m * p.g * p.alpha.cos();
    let excess = |t: f64| {
        let [x, y] = load(p, t);
        x.hypot(y) - hold
    };
    let mut lo = a;
    while !(excess(lo) < 0.0 && excess(lo + 1e-3) >= 0.0) {
        lo += 1e-3;
        assert!(lo < a + 2.0, "no slip start after {a}");
    }
    let mut hi = lo + 1e-3;
    while hi - lo > 2.0 * f64::EPSILON * hi {
        let mid = 0.5 * (lo + hi);
        if excess(mid) < 0.0 {
            lo = mid
        } else {
            hi = mid
        }
    }
    hi
}

#[test]
fn a_block_pushed_on_an_incline_sticks_and_slips_at_the_closed_form_and_reference_times() {
    let p = PushedBlock::default();
    let normal = p.m * p.g * p.alpha.cos();
    let mut sim = EventDriven::new(
        p,
        EventOptions::default(),
        0.0,
        Vector::<3>::zeros(),
        Vector::<3>::zeros(),
    )
    .expect("at rest on the slope");
    assert_eq!(sim.contact_modes(), [ContactMode::Sticking]);
    let mut events: Vec<Event<3, 0, 1>> = Vec::new();
    let mut sticking_checked = 0;
    // To 7 s: the third slip starts at 7.02 s.
    for k in 1..=140 {
        let t_end = k as f64 * 0.05;
        sim.run(t_end, |r| {
            if let Report::Event(ev) = r {
                events.push(*ev);
            }
        })
        .expect("sticks and slips");
        if sim.contact_modes() == [ContactMode::Sticking] {
            let pl = load(&p, sim.t());
            let (ln, lt1, lt2) = (
                sim.contact_multipliers()[0],
                sim.tangential_multipliers()[0],
                sim.second_tangential_multipliers()[0],
            );
            assert!((ln - normal).abs() <= 1e-12 * normal, "λ_N = {ln}");
            assert!(
                (lt1 + pl[0]).abs() <= 1e-11 * normal && (lt2 + pl[1]).abs() <= 1e-11 * normal,
                "t = {}: λ_T = ({lt1}, {lt2}) vs −P = ({}, {})",
                sim.t(),
                -pl[0],
                -pl[1]
            );
            sticking_checked += 1;
        }
    }
    assert!(
        sticking_checked >= 30,
        "{sticking_checked} sticking samples"
    );
    let kinds: Vec<EventKind> = events.iter().map(|ev| ev.kind).collect();
    use EventKind::{SlipStops, StickEnds};
    assert_eq!(
        kinds,
        [StickEnds, SlipStops, StickEnds, SlipStops],
        "{events:?}"
    );
    let mut after = 0.0;
    for k in 0..2 {
        let (start, stop) = (&events[2 * k], &events[2 * k + 1]);
        let t1 = slip_start(&p, after);
        assert!(
            (start.t - t1).abs() <= 1e-10,
            "stick end {k}: {} vs {t1}",
            start.t
        );
        let [px, py] = load(&p, t1);
        let d = [px / px.hypot(py), py / px.hypot(py)];
        let ContactMode::SlidingPlane { direction } = start.modes[0] else {
            panic!("{:?}", start.modes);
        };
        assert!(
            (direction[0] - d[0]).abs() <= 1e-10 && (direction[1] - d[1]).abs() <= 1e-10,
            "slip {k} starts along {direction:?}, P along {d:?}"
        );
        let (t_ref, x_ref) = STOPS[k];
        assert!(
            (stop.t - t_ref).abs() <= 1e-10,
            "stop {k}: {} vs {t_ref}",
            stop.t
        );
        assert_eq!(stop.modes, [ContactMode::Sticking]);
        for (i, want) in x_ref.iter().enumerate() {
            let got = stop.q[i];
            assert!(
                (got - want).abs() <= 1e-10 * (1.0 + want.abs()),
                "stop {k}: q[{i}] = {got} vs {want}"
            );
        }
        after = stop.t;
    }
}

#[test]
fn sticking_slipping_and_the_slaved_slip_starts_do_not_allocate() {
    let zero = Vector::<3>::zeros();
    let opts = EventOptions::default();
    let mut sim = EventDriven::new(PushedBlock::default(), opts, 0.0, zero, zero).expect("rest");
    let (mut events, mut steps) = (0usize, 0usize);
    let before = allocations_on_this_thread();
    sim.set_state(0.0, zero, zero).expect("restart");
    sim.run(7.0, |r| match r {
        Report::Event(_) => events += 1,
        Report::Step { .. } => steps += 1,
    })
    .expect("sticks and slips");
    assert_eq!(allocations_on_this_thread() - before, 0);
    assert_eq!(events, 4, "two stick ends, two stops");
    assert!(steps > 1000, "{steps} steps");
}
