//! The IFToMM problems as runs of either integrator, measured against their high-precision
//! references (`bench/iftomm/reference/`): the benchmark's quantity (A01 the bob, A02 the point
//! B0, A03 the seven angles, A04 the joint point P3, A05 the slider height) at every instant of
//! the reference up to the end of the run, interpolated between steps by cubic Hermite
//! interpolation of (q, q̇), and the drift of the energy (with the work of the driving torque
//! for A03; none for the damped A05). The tests, the example program `iftomm` and the benchmark
//! runner in `bench/iftomm/` use these.

use crate::iftomm_four_bar::{
    four_bar_chain2::FourBarChain2, four_bar_chain4::FourBarChain4,
    four_bar_chain40::FourBarChain40,
};
use crate::iftomm_models::{
    andrews_a03::AndrewsA03, bricard_a04::BricardA04, flyball_a05::FlyballA05,
    pendulum_a01::PendulumA01,
};
use crate::iftomm_reference::{Reference, four_bar_start};
use mbruntime::event::{EventDriven, EventError, EventOptions, Report};
use mbruntime::timestepping::{Scheme, Settings, TimeStepper, TimeSteppingError};
use mbruntime::{Constraints, Dynamics, Mechanism, Rates, Vector};
use std::f64::consts::FRAC_PI_6;

/// The conserved energy of a model at (q, q̇) given the initial positions q₀.
pub type Energy<M, const NQ: usize> = fn(&M, &Vector<NQ>, &Vector<NQ>, &Vector<NQ>) -> f64;

/// One problem set up: the model, its start, the reference and how to read it.
pub struct Setup<M, const NQ: usize> {
    /// Short name (`a01`, `a02_n40`, …).
    pub name: &'static str,
    /// The model.
    pub model: M,
    /// Initial positions and velocities at t = 0.
    pub start: (Vector<NQ>, Vector<NQ>),
    /// The reference table.
    pub reference: Reference,
    /// The reference columns of the benchmark's quantity.
    pub columns: Vec<usize>,
    /// The benchmark's quantity at a state.
    pub quantity: fn(&M, &Vector<NQ>) -> Vec<f64>,
    /// The conserved energy at (q, q̇) given q₀, if the model conserves one.
    pub energy: Option<Energy<M, NQ>>,
}

/// What a run measured.
#[derive(Debug, Clone, Default)]
pub struct Measured {
    /// Largest Euclidean distance of the quantity from the reference over the instants compared.
    pub error: f64,
    /// Largest |E − E₀| / max(|E₀|, 1), if the model conserves an energy.
    pub energy_drift: Option<f64>,
    /// Accepted steps.
    pub steps: u64,
    /// Rejected steps (event-driven integration only).
    pub rejected: usize,
    /// Reference instants compared.
    pub compared: usize,
    /// (t, quantity, reference quantity) at the instants compared, when asked for.
    pub trajectory: Vec<(f64, Vec<f64>, Vec<f64>)>,
}

/// Compares the reference instants in (t₀, t₁] with the Hermite interpolant of a step.
struct Comparison<'a, M, const NQ: usize> {
    setup: &'a Setup<M, NQ>,
    next: usize,
    t_end: f64,
    keep: bool,
    measured: Measured,
    e0: Option<f64>,
}

impl<'a, M, const NQ: usize> Comparison<'a, M, NQ> {
    fn new(setup: &'a Setup<M, NQ>, t_end: f64, keep: bool) -> Self {
        let (q0, u0) = setup.start;
        let e0 = setup.energy.map(|e| e(&setup.model, &q0, &u0, &q0));
        Comparison {
            setup,
            next: 0,
            t_end,
            keep,
            measured: Measured::default(),
            e0,
        }
    }

    /// A step from (t₀, q₀, u₀) to (t₁, q₁, u₁).
    fn step(
        &mut self,
        (t0, q0, u0): (f64, &Vector<NQ>, &Vector<NQ>),
        (t1, q1, u1): (f64, &Vector<NQ>, &Vector<NQ>),
    ) {
        let s = self.setup;
        self.measured.steps += 1;
        if let (Some(energy), Some(e0)) = (s.energy, self.e0) {
            let drift = (energy(&s.model, q1, u1, &s.start.0) - e0).abs() / e0.abs().max(1.0);
            let worst = self.measured.energy_drift.unwrap_or(0.0).max(drift);
            self.measured.energy_drift = Some(worst);
        }
        let rows = &s.reference.rows;
        while self.next < rows.len() && rows[self.next][0] <= t1.min(self.t_end) {
            let row = &rows[self.next];
            self.next += 1;
            if row[0] < t0 {
                continue;
            }
            let q = hermite((t0, q0, u0), (t1, q1, u1), row[0]);
            let value = (s.quantity)(&s.model, &q);
            let wanted: Vec<f64> = s.columns.iter().map(|&c| row[c]).collect();
            let distance = value
                .iter()
                .zip(&wanted)
                .map(|(a, b)| (a - b).powi(2))
                .sum::<f64>()
                .sqrt();
            self.measured.error = self.measured.error.max(distance);
            self.measured.compared += 1;
            if self.keep {
                self.measured.trajectory.push((row[0], value, wanted));
            }
        }
    }
}

/// q(t) by the cubic Hermite interpolant of (t₀, q₀, q̇₀) and (t₁, q₁, q̇₁), entry by entry.
fn hermite<const NQ: usize>(
    (t0, q0, u0): (f64, &Vector<NQ>, &Vector<NQ>),
    (t1, q1, u1): (f64, &Vector<NQ>, &Vector<NQ>),
    t: f64,
) -> Vector<NQ> {
    let h = t1 - t0;
    if h <= 0.0 {
        return *q1;
    }
    let s = (t - t0) / h;
    let (h00, h10) = (
        2.0 * s.powi(3) - 3.0 * s * s + 1.0,
        s.powi(3) - 2.0 * s * s + s,
    );
    let (h01, h11) = (-2.0 * s.powi(3) + 3.0 * s * s, s.powi(3) - s * s);
    q0 * h00 + u0 * (h10 * h) + q1 * h01 + u1 * (h11 * h)
}

/// The event-driven integrator on `setup` up to `t_end` with relative tolerance `rtol` (atol =
/// 1e-2 rtol); `keep` keeps the compared trajectory.
pub fn event_driven<M, const NQ: usize, const NB: usize, const NU: usize>(
    setup: &Setup<M, NQ>,
    rtol: f64,
    t_end: f64,
    keep: bool,
) -> Result<Measured, EventError>
where
    M: Rates<NQ, NB, NU> + Copy,
{
    let opts = EventOptions {
        rtol,
        atol: 1e-2 * rtol,
        ..EventOptions::default()
    };
    let (q0, u0) = setup.start;
    let mut sim = EventDriven::new(setup.model, opts, 0.0, q0, u0)?;
    let mut cmp = Comparison::new(setup, t_end, keep);
    let mut previous = (0.0, q0, u0);
    sim.run(t_end, |r| {
        if let Report::Step { t, q, u, .. } = r {
            cmp.step((previous.0, &previous.1, &previous.2), (t, q, u));
            previous = (t, *q, *u);
        }
    })?;
    cmp.measured.rejected = sim.stats().rejected;
    Ok(cmp.measured)
}

/// Time-stepping on `setup` up to `t_end` with step `h` and `scheme`.
pub fn time_stepping<M, const NQ: usize, const NB: usize, const NU: usize>(
    setup: &Setup<M, NQ>,
    scheme: Scheme,
    h: f64,
    t_end: f64,
) -> Result<Measured, TimeSteppingError>
where
    M: Mechanism<NQ, NB, NU> + Copy,
{
    let (q0, u0) = setup.start;
    let ts = TimeStepper::new(setup.model, scheme, Settings::default(), 0.0, q0, u0)?;
    stepped(setup, ts, h, t_end)
}

/// Moreau's midpoint rule on `setup` (a model without `Jacobians` too) up to `t_end` with step h.
pub fn moreau_midpoint<M, const NQ: usize, const NB: usize, const NU: usize>(
    setup: &Setup<M, NQ>,
    h: f64,
    t_end: f64,
) -> Result<Measured, TimeSteppingError>
where
    M: Dynamics<NQ> + Constraints<NQ, NB, NU> + Copy,
{
    let (q0, u0) = setup.start;
    let ts = TimeStepper::without_jacobians(
        setup.model,
        Scheme::MoreauMidpoint,
        Settings::default(),
        0.0,
        q0,
        u0,
    )?;
    stepped(setup, ts, h, t_end)
}

/// Runs `ts` with step h to `t_end`, comparing every step with the reference.
fn stepped<M, const NQ: usize, const NB: usize, const NU: usize>(
    setup: &Setup<M, NQ>,
    mut ts: TimeStepper<M, NQ, NB, NU>,
    h: f64,
    t_end: f64,
) -> Result<Measured, TimeSteppingError>
where
    M: Dynamics<NQ> + Constraints<NQ, NB, NU>,
{
    let mut cmp = Comparison::new(setup, t_end, false);
    ts.run(h, t_end, |r| {
        cmp.step((r.t - r.h, &r.q_start, &r.u_start), (r.t, &r.q, &r.u));
    })?;
    Ok(cmp.measured)
}

fn load(name: &str) -> Reference {
    Reference::load(name).unwrap_or_else(|e| panic!("the IFToMM references are committed: {e}"))
}

fn mechanical_energy<M: Dynamics<NQ>, const NQ: usize>(
    m: &M,
    q: &Vector<NQ>,
    u: &Vector<NQ>,
    _q0: &Vector<NQ>,
) -> f64 {
    m.kinetic_energy(q, u, 0.0) + m.potential_energy(q, 0.0)
}

/// A01: the bob at (−1, 0) at rest; the quantity is the bob's position (x, y).
pub fn a01() -> Setup<PendulumA01, 2> {
    Setup {
        name: "a01",
        model: PendulumA01::default(),
        start: (Vector::<2>::new(-1.0, 0.0), Vector::<2>::zeros()),
        reference: load("a01_pendulum"),
        columns: vec![1, 2],
        quantity: |_, q| vec![q[0], q[1]],
        energy: Some(mechanical_energy),
    }
}

/// The A02 setup of an N-four-bar chain: B0 = (cos φ₀, sin φ₀) (l = 1).
fn a02<M: Dynamics<NQ>, const NQ: usize>(name: &'static str, model: M, file: &str) -> Setup<M, NQ> {
    Setup {
        name,
        model,
        start: four_bar_start::<NQ>(),
        reference: load(file),
        columns: vec![1, 2],
        quantity: |_, q| vec![q[0].cos(), q[0].sin()],
        energy: Some(mechanical_energy),
    }
}

/// A02 with N = 2.
pub fn a02_n2() -> Setup<FourBarChain2, 5> {
    a02("a02_n2", FourBarChain2::default(), "a02_four_bar_n2")
}

/// A02 with N = 4.
pub fn a02_n4() -> Setup<FourBarChain4, 9> {
    a02("a02_n4", FourBarChain4::default(), "a02_four_bar_n4")
}

/// A02 with N = 40, the benchmark.
pub fn a02_n40() -> Setup<FourBarChain40, 81> {
    a02("a02_n40", FourBarChain40::default(), "a02_four_bar_n40")
}

/// A03 from the IVP test set's consistent start; the quantity is the seven angles; the energy
/// T + V less the work mom·(β − β₀) of the driving torque.
pub fn a03() -> Setup<AndrewsA03, 7> {
    let reference = load("a03_andrews");
    let first = &reference.rows[0];
    let q0 = Vector::<7>::from_fn(|i, _| first[1 + i]);
    Setup {
        name: "a03",
        model: AndrewsA03::default(),
        start: (q0, Vector::<7>::zeros()),
        columns: (1..=7).collect(),
        reference,
        quantity: |_, q| q.iter().copied().collect(),
        energy: Some(|m, q, u, q0| {
            m.kinetic_energy(q, u, 0.0) + m.potential_energy(q, 0.0) - m.mom * (q[0] - q0[0])
        }),
    }
}

/// A04 at rest in its initial configuration; the quantity is P3, the joint of links 2 and 3.
pub fn a04() -> Setup<BricardA04, 5> {
    Setup {
        name: "a04",
        model: BricardA04::default(),
        start: (Vector::<5>::zeros(), Vector::<5>::zeros()),
        reference: load("a04_bricard"),
        columns: vec![1, 2, 3],
        quantity: |m, q| {
            // P3 = R_y(q₁) [(l, 0, 0) + R_z(q₂) (0, −l, 0)].
            let (s1, c1) = q[0].sin_cos();
            let (s2, c2) = q[1].sin_cos();
            let local = [m.l + m.l * s2, -m.l * c2, 0.0];
            vec![
                c1 * local[0] + s1 * local[2],
                local[1],
                -s1 * local[0] + c1 * local[2],
            ]
        },
        energy: Some(mechanical_energy),
    }
}

/// A05 with the rods at 30° and the assembly turning at 2π rad/s; the quantity is the slider
/// height s. Damped: no conserved energy.
pub fn a05() -> Setup<FlyballA05, 4> {
    let q0 = Vector::<4>::new(0.0, 0.5, FRAC_PI_6, FRAC_PI_6);
    let u0 = Vector::<4>::new(2.0 * std::f64::consts::PI, 0.0, 0.0, 0.0);
    Setup {
        name: "a05",
        model: FlyballA05::default(),
        start: (q0, u0),
        reference: load("a05_flyball"),
        columns: vec![1],
        quantity: |_, q| vec![q[1]],
        energy: None,
    }
}
