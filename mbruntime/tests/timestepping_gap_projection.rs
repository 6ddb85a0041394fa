//! The opt-in gap projection (`Settings::gap_projection_iterations`) removes the drift of
//! closed contacts into curved surfaces and touches nothing else.
//!
//! Model: `mb_testsupport::models::Bowl`, a particle of mass m sliding without friction inside
//! a circular bowl of radius R (gravity −g e_y), gap g_N = R − ‖q‖ ≥ 0. While it stays in
//! contact its exact motion is a pendulum of length R, with g_N ≡ 0. Invariants:
//! (1) without projection both schemes impose γ_N ≥ 0 at velocity level only, so the particle
//!     leaves the circle at O(Δt²) per step into the wall (the linearised gap misses the
//!     centripetal term ‖u‖²/R): the penetration after a fixed time is O(Δt), roughly halving
//!     with Δt (Acary 2013, "Projected event-capturing time-stepping schemes for nonsmooth
//!     mechanical systems with unilateral contact and Coulomb's friction", Comput. Methods
//!     Appl. Mech. Engrg. 256, Sect. 4);
//! (2) with the projection the M-metric projection of the end position onto the circle is, for
//!     M = m𝟙, the nearest point R q/‖q‖ (closed form), and the velocities are those of the
//!     unprojected step bit for bit;
//! (3) over a run every closed contact ends its step with g_N ≥ −10⁻¹²; the energy error,
//!     which the drift enlarged by about m g × penetration, is smaller than without projection
//!     and of first order in Δt (the schemes' own error for a persistent contact);
//! (4) a non-finite or negative tolerance is refused; (5) projected steps allocate nothing.

use mb_testsupport::models::Bowl;
use mb_testsupport::{CountingAllocator, allocations_on_this_thread};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Dynamics, Vector};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

const SCHEMES: [Scheme; 2] = [Scheme::MoreauMidpoint, Scheme::MoreauJean { theta: 0.5 }];

/// The bowl of the runs.
const BOWL: Bowl = Bowl {
    m: 0.5,
    radius: 0.8,
    g: 9.81,
};

/// Released at rest 60° up the wall, touching it.
fn start() -> (Vector<2>, Vector<2>) {
    let a = 60f64.to_radians();
    (
        BOWL.radius * Vector::<2>::new(a.sin(), -a.cos()),
        Vector::<2>::zeros(),
    )
}

fn projected(iterations: usize) -> Settings {
    Settings {
        gap_projection_iterations: iterations,
        ..Settings::default()
    }
}

/// The smallest gap at the end of a step in which the contact was closed, over a run of 1 s,
/// and the final energy.
fn run(scheme: Scheme, dt: f64, settings: Settings) -> (f64, f64) {
    let (q0, u0) = start();
    let mut ts = TimeStepper::new(BOWL, scheme, settings, 0.0, q0, u0).unwrap();
    let mut smallest = f64::INFINITY;
    ts.run(dt, 1.0, |r| {
        if r.impulses.active[0] {
            smallest = smallest.min(BOWL.radius - r.q.norm());
        }
    })
    .unwrap();
    let energy = BOWL.kinetic_energy(ts.q(), ts.u(), 1.0) + BOWL.potential_energy(ts.q(), 1.0);
    (smallest, energy)
}

#[test]
fn without_projection_the_particle_drifts_into_the_wall_at_first_order() {
    for scheme in SCHEMES {
        let (coarse, _) = run(scheme, 1e-3, Settings::default());
        let (fine, _) = run(scheme, 5e-4, Settings::default());
        assert!(coarse < -1e-4, "{scheme:?}: drift {coarse:e}");
        let ratio = coarse / fine;
        assert!(
            (1.6..=2.4).contains(&ratio),
            "{scheme:?}: {coarse:e} / {fine:e} = {ratio}"
        );
    }
}

#[test]
fn the_projection_is_the_nearest_point_and_leaves_the_velocities() {
    let (q0, _) = start();
    let u0 = Vector::<2>::new(1.5, 0.9);
    for scheme in SCHEMES {
        let mut plain = TimeStepper::new(BOWL, scheme, Settings::default(), 0.0, q0, u0).unwrap();
        let mut proj = TimeStepper::new(BOWL, scheme, projected(5), 0.0, q0, u0).unwrap();
        let a = *plain.step(1e-2).unwrap();
        let b = *proj.step(1e-2).unwrap();
        assert!(
            a.impulses.active[0] && a.impulses.lambda_n[0] > 0.0,
            "{scheme:?}: contact closed"
        );
        assert!(
            BOWL.radius - a.q.norm() < -1e-5,
            "{scheme:?}: the plain step penetrates"
        );
        assert_eq!(a.u, b.u, "{scheme:?}: velocities untouched");
        let nearest = a.q * (BOWL.radius / a.q.norm());
        assert!(
            (b.q - nearest).amax() < 1e-14,
            "{scheme:?}: {} vs {nearest}",
            b.q
        );
    }
}

#[test]
fn projected_runs_keep_every_closed_contact_on_the_wall() {
    for scheme in SCHEMES {
        let (q0, _) = start();
        let e0 = BOWL.potential_energy(&q0, 0.0);
        let (smallest, energy) = run(scheme, 1e-3, projected(3));
        assert!(smallest >= -1e-12, "{scheme:?}: gap {smallest:e}");
        let (_, e_half) = run(scheme, 5e-4, projected(3));
        let (_, plain_energy) = run(scheme, 1e-3, Settings::default());
        // Without projection the energy falls by about m g times the penetration on top of the
        // schemes' own O(Δt) error; with it only the latter remains, still of first order.
        let (error, error_half) = (energy - e0, e_half - e0);
        assert!(
            error.abs() < (plain_energy - e0).abs(),
            "{scheme:?}: {error:e} vs {:e}",
            plain_energy - e0
        );
        let ratio = error / error_half;
        assert!(
            (1.6..=2.4).contains(&ratio),
            "{scheme:?}: {error:e} / {error_half:e}"
        );
    }
}

#[test]
fn bad_gap_projection_tolerances_are_refused() {
    let (q0, u0) = start();
    for value in [f64::NAN, -1e-9, f64::INFINITY] {
        let settings = Settings {
            gap_projection_tolerance: value,
            ..projected(3)
        };
        let err = TimeStepper::new(BOWL, Scheme::MoreauMidpoint, settings, 0.0, q0, u0)
            .expect_err("refused");
        assert!(
            matches!(
                err,
                TimeSteppingError::InvalidSetting {
                    name: "gap_projection_tolerance",
                    ..
                }
            ),
            "{err:?}"
        );
    }
}

#[test]
fn projected_steps_do_not_allocate() {
    let (q0, u0) = start();
    for scheme in SCHEMES {
        let mut ts = TimeStepper::new(BOWL, scheme, projected(3), 0.0, q0, u0).unwrap();
        let before = allocations_on_this_thread();
        for _ in 0..300 {
            ts.step(1e-3).unwrap();
        }
        assert_eq!(
            allocations_on_this_thread() - before,
            0,
            "{scheme:?} allocated"
        );
    }
}
