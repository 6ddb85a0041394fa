//! Agreement of two generated modules of one model: every function of every capability both
//! implement, evaluated at the same random states, parameters at their defaults.
//!
//! The measure is per entry, scaled by the entry's magnitude: |a − b| / max(|a|, |b|), where an
//! entry smaller than `FLOOR` times the largest entry the function returned at any state is
//! scaled by that floor instead (an entry that is zero in exact arithmetic is round-off in
//! either module, and its relative error says nothing). Functions returning `false` (nothing
//! generated for that index) must do so in both modules.

use mbruntime::{Constraints, Dynamics, Jacobians, Jet, Matrix, Rates, StateJet, Statics, Vector};

/// Entries below this fraction of their output's largest are judged against that fraction.
pub const FLOOR: f64 = 1e-3;

/// The differences per function, judged when all states are in.
#[derive(Default)]
pub struct Agreement {
    /// (function, largest |entry| seen, (|a − b|, max(|a|, |b|)) of every differing entry).
    functions: Vec<(&'static str, f64, Vec<(f64, f64)>)>,
}

impl Agreement {
    /// Records the agreement of one output.
    pub fn record(&mut self, name: &'static str, a: &[f64], b: &[f64]) {
        assert_eq!(a.len(), b.len(), "{name}: lengths differ");
        let k = match self.functions.iter().position(|(n, _, _)| *n == name) {
            Some(k) => k,
            None => {
                self.functions.push((name, 0.0, Vec::new()));
                self.functions.len() - 1
            }
        };
        let (_, largest, differences) = &mut self.functions[k];
        for (x, y) in a.iter().zip(b) {
            if x.is_nan() && y.is_nan() {
                continue;
            }
            let magnitude = x.abs().max(y.abs());
            *largest = largest.max(magnitude);
            let d = (x - y).abs();
            if d != 0.0 {
                differences.push((if d.is_nan() { f64::INFINITY } else { d }, magnitude));
            }
        }
    }

    /// Records that both modules answer `has` alike (something generated or not).
    pub fn record_presence(&mut self, name: &'static str, a: bool, b: bool) {
        let e = if a == b { 0.0 } else { 1.0 };
        self.record(name, &[e], &[0.0]);
    }

    /// Prints one line per function and returns the worst agreement.
    pub fn report(&self, model: &str) -> f64 {
        let mut overall = 0.0_f64;
        for (name, largest, differences) in &self.functions {
            let floor = FLOOR * largest;
            let worst = differences
                .iter()
                .map(|(d, m)| d / m.max(floor))
                .fold(0.0_f64, f64::max);
            println!("{model:24} {name:40} {worst:.2e}");
            overall = overall.max(worst);
        }
        overall
    }
}

/// A small deterministic generator (SplitMix64), uniform in [lo, hi).
pub struct Uniform(u64);

impl Uniform {
    pub fn new(seed: u64) -> Self {
        Uniform(seed)
    }
    pub fn next(&mut self, lo: f64, hi: f64) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        lo + (hi - lo) * ((z >> 11) as f64 / (1u64 << 53) as f64)
    }
    pub fn vector<const N: usize>(&mut self, lo: f64, hi: f64) -> Vector<N> {
        Vector::<N>::from_fn(|_, _| self.next(lo, hi))
    }
}

/// One random state: q, q̇, t and a vector a (for M a).
pub struct Sample<const NQ: usize> {
    pub q: Vector<NQ>,
    pub qd: Vector<NQ>,
    pub t: f64,
    pub a: Vector<NQ>,
}

impl<const NQ: usize> Sample<NQ> {
    pub fn draw(u: &mut Uniform) -> Self {
        Sample {
            q: u.vector(-0.5, 0.5),
            qd: u.vector(-2.0, 2.0),
            t: u.next(0.0, 2.0),
            a: u.vector(-1.0, 1.0),
        }
    }
}

fn flat<const R: usize, const C: usize>(m: &Matrix<R, C>) -> Vec<f64> {
    m.iter().copied().collect()
}

/// `Dynamics`.
pub fn dynamics<const NQ: usize, A: Dynamics<NQ>, B: Dynamics<NQ>>(
    out: &mut Agreement,
    a: &A,
    b: &B,
    s: &Sample<NQ>,
) {
    let (q, qd, t) = (&s.q, &s.qd, s.t);
    out.record(
        "kinetic_energy",
        &[a.kinetic_energy(q, qd, t)],
        &[b.kinetic_energy(q, qd, t)],
    );
    out.record(
        "potential_energy",
        &[a.potential_energy(q, t)],
        &[b.potential_energy(q, t)],
    );
    let (mut ma, mut mb) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
    let (mut ha, mut hb) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
    a.mass_matrix(q, t, &mut ma);
    b.mass_matrix(q, t, &mut mb);
    out.record("mass_matrix", &flat(&ma), &flat(&mb));
    a.forces(q, qd, t, &mut ha);
    b.forces(q, qd, t, &mut hb);
    out.record("forces", ha.as_slice(), hb.as_slice());
    a.dynamics(q, qd, t, &mut ma, &mut ha);
    b.dynamics(q, qd, t, &mut mb, &mut hb);
    out.record("dynamics (M)", &flat(&ma), &flat(&mb));
    out.record("dynamics (h)", ha.as_slice(), hb.as_slice());
    let (mut xa, mut xb) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
    let (oka, okb) = (
        a.articulated_acceleration(q, qd, t, &mut xa),
        b.articulated_acceleration(q, qd, t, &mut xb),
    );
    out.record_presence("articulated_acceleration (has)", oka, okb);
    if oka && okb {
        // q̈ = M⁻¹h inherits the condition number of M: compared as M q̈ (≈ h), where the two
        // modules' summation orders show at the scale of h, not amplified by cond(M).
        a.mass_matrix(q, t, &mut ma);
        out.record(
            "articulated_acceleration (as M q̈)",
            (ma * xa).as_slice(),
            (ma * xb).as_slice(),
        );
    }
    a.coriolis(q, qd, t, &mut ma);
    b.coriolis(q, qd, t, &mut mb);
    out.record("coriolis", &flat(&ma), &flat(&mb));
}

/// `Constraints`.
pub fn constraints<
    const NQ: usize,
    const NB: usize,
    const NU: usize,
    A: Constraints<NQ, NB, NU>,
    B: Constraints<NQ, NB, NU>,
>(
    out: &mut Agreement,
    a: &A,
    b: &B,
    s: &Sample<NQ>,
) {
    let (q, qd, t) = (&s.q, &s.qd, s.t);
    let (mut ga, mut gb) = (Vector::<NB>::zeros(), Vector::<NB>::zeros());
    a.bilateral(q, t, &mut ga);
    b.bilateral(q, t, &mut gb);
    out.record("bilateral", ga.as_slice(), gb.as_slice());
    let (mut ja, mut jb) = (Matrix::<NQ, NB>::zeros(), Matrix::<NQ, NB>::zeros());
    a.bilateral_jacobian(q, t, &mut ja, &mut ga);
    b.bilateral_jacobian(q, t, &mut jb, &mut gb);
    out.record("bilateral_jacobian", &flat(&ja), &flat(&jb));
    out.record("bilateral_jacobian (time)", ga.as_slice(), gb.as_slice());
    a.bilateral_drift(q, qd, t, &mut ga);
    b.bilateral_drift(q, qd, t, &mut gb);
    out.record("bilateral_drift", ga.as_slice(), gb.as_slice());
    let (mut na, mut nb) = (Vector::<NU>::zeros(), Vector::<NU>::zeros());
    a.gaps(q, t, &mut na);
    b.gaps(q, t, &mut nb);
    out.record("gaps", na.as_slice(), nb.as_slice());
    let (mut wa, mut wb) = (Matrix::<NQ, NU>::zeros(), Matrix::<NQ, NU>::zeros());
    a.gap_jacobian(q, t, &mut wa, &mut na);
    b.gap_jacobian(q, t, &mut wb, &mut nb);
    out.record("gap_jacobian", &flat(&wa), &flat(&wb));
    out.record("gap_jacobian (time)", na.as_slice(), nb.as_slice());
    a.gap_drift(q, qd, t, &mut na);
    b.gap_drift(q, qd, t, &mut nb);
    out.record("gap_drift", na.as_slice(), nb.as_slice());
    a.slip_jacobian(q, t, &mut wa, &mut na);
    b.slip_jacobian(q, t, &mut wb, &mut nb);
    out.record("slip_jacobian", &flat(&wa), &flat(&wb));
    out.record("slip_jacobian (time)", na.as_slice(), nb.as_slice());
    a.slip_drift(q, qd, t, &mut na);
    b.slip_drift(q, qd, t, &mut nb);
    out.record("slip_drift", na.as_slice(), nb.as_slice());
    a.second_slip_jacobian(q, t, &mut wa, &mut na);
    b.second_slip_jacobian(q, t, &mut wb, &mut nb);
    out.record("second_slip_jacobian", &flat(&wa), &flat(&wb));
    out.record("second_slip_jacobian (time)", na.as_slice(), nb.as_slice());
    a.second_slip_drift(q, qd, t, &mut na);
    b.second_slip_drift(q, qd, t, &mut nb);
    out.record("second_slip_drift", na.as_slice(), nb.as_slice());
    let laws = |l: &[mbruntime::ContactLaw]| -> Vec<f64> {
        l.iter()
            .flat_map(|c| [c.normal_restitution, c.tangential_restitution, c.friction])
            .collect()
    };
    out.record(
        "contact_laws",
        &laws(&a.contact_laws()),
        &laws(&b.contact_laws()),
    );
}

/// `Statics`.
pub fn statics<
    const NQ: usize,
    const NB: usize,
    const NU: usize,
    A: Statics<NQ> + Constraints<NQ, NB, NU>,
    B: Statics<NQ> + Constraints<NQ, NB, NU>,
>(
    out: &mut Agreement,
    a: &A,
    b: &B,
    s: &Sample<NQ>,
) {
    let (q, t) = (&s.q, s.t);
    let (mut va, mut vb) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
    a.potential_gradient(q, t, &mut va);
    b.potential_gradient(q, t, &mut vb);
    out.record("potential_gradient", va.as_slice(), vb.as_slice());
    let (mut ha, mut hb) = (Matrix::<NQ, NQ>::zeros(), Matrix::<NQ, NQ>::zeros());
    a.potential_hessian(q, t, &mut ha);
    b.potential_hessian(q, t, &mut hb);
    out.record("potential_hessian", &flat(&ha), &flat(&hb));
    for k in 0..a.parameter_names().len() {
        let has = (
            a.potential_gradient_parameter(q, t, k, &mut va),
            b.potential_gradient_parameter(q, t, k, &mut vb),
        );
        out.record_presence("potential_gradient_parameter (has)", has.0, has.1);
        if has.0 && has.1 {
            out.record("potential_gradient_parameter", va.as_slice(), vb.as_slice());
        }
    }
    for i in 0..NB {
        let has = (
            a.bilateral_hessian(q, t, i, &mut ha),
            b.bilateral_hessian(q, t, i, &mut hb),
        );
        out.record_presence("bilateral_hessian (has)", has.0, has.1);
        if has.0 && has.1 {
            out.record("bilateral_hessian", &flat(&ha), &flat(&hb));
        }
    }
    for i in 0..NU {
        let has = (
            a.gap_hessian(q, t, i, &mut ha),
            b.gap_hessian(q, t, i, &mut hb),
        );
        out.record_presence("gap_hessian (has)", has.0, has.1);
        if has.0 && has.1 {
            out.record("gap_hessian", &flat(&ha), &flat(&hb));
        }
    }
}

/// `Jacobians`.
pub fn jacobians<
    const NQ: usize,
    const NB: usize,
    const NU: usize,
    A: Jacobians<NQ, NB, NU>,
    B: Jacobians<NQ, NB, NU>,
>(
    out: &mut Agreement,
    a: &A,
    b: &B,
    s: &Sample<NQ>,
) {
    let (q, qd, t) = (&s.q, &s.qd, s.t);
    let z = Matrix::<NQ, NQ>::zeros;
    let (mut pa, mut pb, mut va, mut vb) = (z(), z(), z(), z());
    a.force_jacobians(q, qd, t, &mut pa, &mut va);
    b.force_jacobians(q, qd, t, &mut pb, &mut vb);
    out.record("force_jacobians (q)", &flat(&pa), &flat(&pb));
    out.record("force_jacobians (qd)", &flat(&va), &flat(&vb));
    let (mut xa, mut xb) = (Vector::<NQ>::zeros(), Vector::<NQ>::zeros());
    a.force_time_partial(q, qd, t, &mut xa);
    b.force_time_partial(q, qd, t, &mut xb);
    out.record("force_time_partial", xa.as_slice(), xb.as_slice());
    a.mass_action_jacobian(q, t, &s.a, &mut pa);
    b.mass_action_jacobian(q, t, &s.a, &mut pb);
    out.record("mass_action_jacobian", &flat(&pa), &flat(&pb));
    for k in 0..a.parameter_names().len() {
        let has = (
            a.force_parameter_derivative(q, qd, t, k, &mut xa),
            b.force_parameter_derivative(q, qd, t, k, &mut xb),
        );
        out.record_presence("force_parameter_derivative (has)", has.0, has.1);
        if has.0 && has.1 {
            out.record("force_parameter_derivative", xa.as_slice(), xb.as_slice());
        }
        let has = (
            a.mass_action_parameter_derivative(q, t, &s.a, k, &mut xa),
            b.mass_action_parameter_derivative(q, t, &s.a, k, &mut xb),
        );
        out.record_presence("mass_action_parameter_derivative (has)", has.0, has.1);
        if has.0 && has.1 {
            out.record(
                "mass_action_parameter_derivative",
                xa.as_slice(),
                xb.as_slice(),
            );
        }
        out.record_presence(
            "parameter_enters_constraints",
            a.parameter_enters_constraints(k),
            b.parameter_enters_constraints(k),
        );
    }
    let zb = Matrix::<NB, NQ>::zeros;
    let (mut da, mut db, mut ea, mut eb) = (zb(), zb(), zb(), zb());
    a.bilateral_drift_jacobians(q, qd, t, &mut da, &mut ea);
    b.bilateral_drift_jacobians(q, qd, t, &mut db, &mut eb);
    out.record("bilateral_drift_jacobians (q)", &flat(&da), &flat(&db));
    out.record("bilateral_drift_jacobians (qd)", &flat(&ea), &flat(&eb));
    a.bilateral_velocity_jacobian(q, qd, t, &mut da);
    b.bilateral_velocity_jacobian(q, qd, t, &mut db);
    out.record("bilateral_velocity_jacobian", &flat(&da), &flat(&db));
    let zu = Matrix::<NU, NQ>::zeros;
    let (mut ua, mut ub, mut wa, mut wb) = (zu(), zu(), zu(), zu());
    a.gap_drift_jacobians(q, qd, t, &mut ua, &mut wa);
    b.gap_drift_jacobians(q, qd, t, &mut ub, &mut wb);
    out.record("gap_drift_jacobians (q)", &flat(&ua), &flat(&ub));
    out.record("gap_drift_jacobians (qd)", &flat(&wa), &flat(&wb));
}

/// `Rates`, on jets of three coefficients (value, first and second derivative).
pub fn rates<
    const NQ: usize,
    const NB: usize,
    const NU: usize,
    A: Rates<NQ, NB, NU>,
    B: Rates<NQ, NB, NU>,
>(
    out: &mut Agreement,
    a: &A,
    b: &B,
    s: &Sample<NQ>,
    u: &mut Uniform,
) {
    let mut jet = |x0: f64| Jet::<3>::from_coefficients([x0, u.next(-1.0, 1.0), u.next(-1.0, 1.0)]);
    let x = StateJet::<3, NQ> {
        t: jet(s.t),
        q: std::array::from_fn(|i| jet(s.q[i])),
        qd: std::array::from_fn(|i| jet(s.qd[i])),
        qdd: std::array::from_fn(|i| jet(s.a[i])),
    };
    let lambda_b: [Jet<3>; NB] = std::array::from_fn(|_| jet(0.3));
    let lambda_n: [Jet<3>; NU] = std::array::from_fn(|_| jet(0.7));
    let coefficients =
        |v: &[Jet<3>]| -> Vec<f64> { v.iter().flat_map(|j| *j.coefficients()).collect() };
    let (mut ra, mut rb) = ([Jet::<3>::ZERO; NQ], [Jet::<3>::ZERO; NQ]);
    a.motion_residual_jet(&x, &lambda_b, &lambda_n, &mut ra);
    b.motion_residual_jet(&x, &lambda_b, &lambda_n, &mut rb);
    out.record(
        "motion_residual_jet",
        &coefficients(&ra),
        &coefficients(&rb),
    );
    let (mut ga, mut gb) = ([Jet::<3>::ZERO; NB], [Jet::<3>::ZERO; NB]);
    let (mut na, mut nb) = ([Jet::<3>::ZERO; NU], [Jet::<3>::ZERO; NU]);
    a.constraint_jet(&x, &mut ga, &mut na);
    b.constraint_jet(&x, &mut gb, &mut nb);
    out.record(
        "constraint_jet (bilateral)",
        &coefficients(&ga),
        &coefficients(&gb),
    );
    out.record(
        "constraint_jet (gaps)",
        &coefficients(&na),
        &coefficients(&nb),
    );
}
