//! The C functions of `Dynamics` and `Constraints` against the Rust methods.

use crate::compare::{Comparison, State};
use crate::library::CLibrary;
use mbruntime::{Constraints, Dynamics, Matrix, Vector};

/// The parameter struct (doubles in the block's order), a state vector, an output buffer.
pub type P = *const f64;
pub type V = *const f64;
pub type O = *mut f64;

/// T, V, M and h (together and apart), C, and the articulated-body q̈ where generated.
pub fn dynamics<M: Dynamics<N>, const N: usize>(
    lib: &CLibrary,
    model: &M,
    p: P,
    states: &[State<N>],
    cmp: &mut Comparison,
) {
    // SAFETY (every block below): the signatures are those of the C target's functions
    // (`mbcompile::codegen::c`), and each buffer has the size the function writes.
    unsafe {
        let kinetic = lib.function::<unsafe extern "C" fn(P, V, V, f64) -> f64>("kinetic_energy");
        let potential = lib.function::<unsafe extern "C" fn(P, V, f64) -> f64>("potential_energy");
        let both = lib.function::<unsafe extern "C" fn(P, V, V, f64, O, O)>("dynamics");
        let mass = lib.function::<unsafe extern "C" fn(P, V, f64, O)>("mass_matrix");
        let forces = lib.function::<unsafe extern "C" fn(P, V, V, f64, O)>("forces");
        let coriolis = lib.function::<unsafe extern "C" fn(P, V, V, f64, O)>("coriolis");
        let articulated = lib
            .optional::<unsafe extern "C" fn(P, V, V, f64, O) -> i32>("articulated_acceleration");
        let (mut m, mut h) = (Matrix::<N, N>::zeros(), Vector::<N>::zeros());
        let (mut cm, mut ch) = (vec![0.0; N * N], vec![0.0; N]);
        for s in states {
            let (q, qd) = (s.q.as_ptr(), s.qd.as_ptr());
            let t = kinetic(p, q, qd, s.t);
            cmp.entries(
                "kinetic_energy",
                &[t],
                &[model.kinetic_energy(&s.q, &s.qd, s.t)],
            );
            let v = potential(p, q, s.t);
            cmp.entries(
                "potential_energy",
                &[v],
                &[model.potential_energy(&s.q, s.t)],
            );
            both(p, q, qd, s.t, cm.as_mut_ptr(), ch.as_mut_ptr());
            model.dynamics(&s.q, &s.qd, s.t, &mut m, &mut h);
            cmp.matrix("dynamics (M)", &cm, &m);
            cmp.vector("dynamics (h)", &ch, &h);
            mass(p, q, s.t, cm.as_mut_ptr());
            model.mass_matrix(&s.q, s.t, &mut m);
            cmp.matrix("mass_matrix", &cm, &m);
            forces(p, q, qd, s.t, ch.as_mut_ptr());
            model.forces(&s.q, &s.qd, s.t, &mut h);
            cmp.vector("forces", &ch, &h);
            coriolis(p, q, qd, s.t, cm.as_mut_ptr());
            model.coriolis(&s.q, &s.qd, s.t, &mut m);
            cmp.matrix("coriolis", &cm, &m);
            if let Some(articulated) = &articulated {
                let c_ok = articulated(p, q, qd, s.t, ch.as_mut_ptr()) != 0;
                let rust_ok = model.articulated_acceleration(&s.q, &s.qd, s.t, &mut h);
                assert_eq!(c_ok, rust_ok, "{}: articulated_acceleration", cmp.module);
                if rust_ok {
                    cmp.vector("articulated_acceleration", &ch, &h);
                }
            }
        }
    }
}

/// The C contact law (`<module>_contact_law`).
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct ContactLaw {
    normal_restitution: f64,
    tangential_restitution: f64,
    friction: f64,
    has_tangent: i32,
}

/// g, G, gaps, W_N, W_T (W_T2 where generated), the drifts and the contact laws.
pub fn constraints<
    M: Constraints<NQ, NB, NU>,
    const NQ: usize,
    const NB: usize,
    const NU: usize,
>(
    lib: &CLibrary,
    model: &M,
    p: P,
    states: &[State<NQ>],
    cmp: &mut Comparison,
) {
    type Of<const R: usize> = Vector<R>;
    type Value = unsafe extern "C" fn(P, V, f64, O);
    type Jacobian = unsafe extern "C" fn(P, V, f64, O, O);
    type Drift = unsafe extern "C" fn(P, V, V, f64, O);
    // SAFETY: as in `dynamics`.
    unsafe {
        let value = |name: &str| lib.function::<Value>(name);
        let jacobian = |name: &str| lib.function::<Jacobian>(name);
        let drift = |name: &str| lib.function::<Drift>(name);
        let (bilateral, gaps) = (value("bilateral"), value("gaps"));
        let (g_jac, n_jac, t_jac) = (
            jacobian("bilateral_jacobian"),
            jacobian("gap_jacobian"),
            jacobian("slip_jacobian"),
        );
        let t2_jac = lib.optional::<Jacobian>("second_slip_jacobian");
        let (g_drift, n_drift, t_drift) = (
            drift("bilateral_drift"),
            drift("gap_drift"),
            drift("slip_drift"),
        );
        let t2_drift = lib.optional::<Drift>("second_slip_drift");
        let (mut cb, mut cu) = (vec![0.0; NB], vec![0.0; NU]);
        let (mut cgj, mut cuj) = (vec![0.0; NQ * NB], vec![0.0; NQ * NU]);
        let (mut b, mut u) = (Of::<NB>::zeros(), Of::<NU>::zeros());
        let (mut gj, mut uj) = (Matrix::<NQ, NB>::zeros(), Matrix::<NQ, NU>::zeros());
        for s in states {
            let (q, qd, t) = (s.q.as_ptr(), s.qd.as_ptr(), s.t);
            bilateral(p, q, t, cb.as_mut_ptr());
            model.bilateral(&s.q, t, &mut b);
            cmp.vector("bilateral", &cb, &b);
            gaps(p, q, t, cu.as_mut_ptr());
            model.gaps(&s.q, t, &mut u);
            cmp.vector("gaps", &cu, &u);
            g_jac(p, q, t, cgj.as_mut_ptr(), cb.as_mut_ptr());
            model.bilateral_jacobian(&s.q, t, &mut gj, &mut b);
            cmp.matrix("bilateral_jacobian", &cgj, &gj);
            cmp.vector("bilateral_jacobian (time)", &cb, &b);
            n_jac(p, q, t, cuj.as_mut_ptr(), cu.as_mut_ptr());
            model.gap_jacobian(&s.q, t, &mut uj, &mut u);
            cmp.matrix("gap_jacobian", &cuj, &uj);
            cmp.vector("gap_jacobian (time)", &cu, &u);
            t_jac(p, q, t, cuj.as_mut_ptr(), cu.as_mut_ptr());
            model.slip_jacobian(&s.q, t, &mut uj, &mut u);
            cmp.matrix("slip_jacobian", &cuj, &uj);
            cmp.vector("slip_jacobian (time)", &cu, &u);
            if let Some(f) = &t2_jac {
                f(p, q, t, cuj.as_mut_ptr(), cu.as_mut_ptr());
                model.second_slip_jacobian(&s.q, t, &mut uj, &mut u);
                cmp.matrix("second_slip_jacobian", &cuj, &uj);
                cmp.vector("second_slip_jacobian (time)", &cu, &u);
            }
            g_drift(p, q, qd, t, cb.as_mut_ptr());
            model.bilateral_drift(&s.q, &s.qd, t, &mut b);
            cmp.vector("bilateral_drift", &cb, &b);
            n_drift(p, q, qd, t, cu.as_mut_ptr());
            model.gap_drift(&s.q, &s.qd, t, &mut u);
            cmp.vector("gap_drift", &cu, &u);
            t_drift(p, q, qd, t, cu.as_mut_ptr());
            model.slip_drift(&s.q, &s.qd, t, &mut u);
            cmp.vector("slip_drift", &cu, &u);
            if let Some(f) = &t2_drift {
                f(p, q, qd, t, cu.as_mut_ptr());
                model.second_slip_drift(&s.q, &s.qd, t, &mut u);
                cmp.vector("second_slip_drift", &cu, &u);
            }
        }
        let laws = lib.function::<unsafe extern "C" fn(P, *mut ContactLaw)>("contact_laws");
        let mut c_laws = vec![ContactLaw::default(); NU];
        laws(p, c_laws.as_mut_ptr());
        for (c, rust) in c_laws.iter().zip(model.contact_laws()) {
            let values = [c.normal_restitution, c.tangential_restitution, c.friction];
            let expected = [
                rust.normal_restitution,
                rust.tangential_restitution,
                rust.friction,
            ];
            cmp.entries("contact_laws", &values, &expected);
            assert_eq!(
                c.has_tangent != 0,
                rust.has_tangent,
                "{}: has_tangent",
                cmp.module
            );
        }
    }
}
