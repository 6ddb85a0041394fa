//! The reduced-coordinates method: Brogliato (2013), "Inertial couplings between unilateral and
//! bilateral holonomic constraints in frictionless Lagrangian systems", Sect. 5, Example 2
//! (64), the reduced Delassus matrix A_r (69), Proposition 15 and Corollary 7.
//!
//! Example 2 (McClamroch & Wang 1988, Sect. 7): a planar Cartesian manipulator q = (q₁, q₂),
//! M = I, on the ellipse g(q) = 4q₁² + q₂² − 1 = 0, reduced by q₁ = Ω(x₂) = ½(1 − x₂²)^½ (the
//! upper half), x₂ = q₂. With Ω' = −½x₂(1 − x₂²)^−½ and Ω'' = −½(1 − x₂²)^−³ᐟ², Lagrange's
//! equation on the manifold is (1 + Ω'²)ẍ₂ + Ω'Ω''ẋ₂² = Λ_u,2, which is the second line of (64):
//! [1 + ¼x₂²(1 − x₂²)⁻¹]ẍ₂ + ¼x₂(1 − x₂²)⁻²ẋ₂² = Λ_u,2. (The paper prints the (1, 2) entry of
//! T(x) as −½[1 − q₂²]^½; the Jacobian of Q is Ω' = −½x₂(1 − x₂²)^−½, which is what (64) uses.)
//! The first line, Ω'ẍ₂ + Ω''ẋ₂² = Λ_u,1 + Λ_b,1, gives the multiplier λ_b = q̈₁/(8q₁) of g.
//!
//! The runtime integrates the same system in the full coordinates with the constraint kept by a
//! multiplier (M_c⁻¹, the KKT system); its q̈ and λ_b are compared with (64). For a unilateral
//! constraint h(q) = a·q − c, A_r = (E₂Tᵀ∇h)ᵀ(E₂M̄E₂ᵀ)⁻¹(E₂Tᵀ∇h) (69) with M̄ = TᵀMT is computed
//! here from the reduced coordinates and compared with the runtime's constrained Delassus matrix
//! A_c = ∇hᵀM_c⁻¹∇h (16): two routes to the same number. Proposition 15: A_r > 0 ⇔
//! ∇h_{n−p} + ∇Ω∇h_p = a₂ + Ω'a₁ ≠ 0; Corollary 7: where ∇h is colinear with ∇g (h = q₁ − c at
//! x₂ = 0, ∇g = (4, 0)), A_r = A_c = 0.

use mbruntime::analysis::InertialCouplings;
use mbruntime::event::{FrictionalContactLcp, ModeTolerances};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

/// The manipulator on the ellipse with the contact a·q ≥ c (never closed in the dynamics test).
struct Ellipse {
    a: [f64; 2],
    c: f64,
}

impl Dynamics<2> for Ellipse {
    const NAME: &'static str = "Ellipse";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["q1", "q2"];
    const RHEONOMIC: bool = false;
    fn kinetic_energy(&self, _: &Vector<2>, u: &Vector<2>, _: f64) -> f64 {
        0.5 * u.norm_squared()
    }
    fn potential_energy(&self, _: &Vector<2>, _: f64) -> f64 {
        0.0
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity();
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        h.fill(0.0);
    }
    fn dynamics(
        &self,
        q: &Vector<2>,
        u: &Vector<2>,
        t: f64,
        m: &mut Matrix<2, 2>,
        h: &mut Vector<2>,
    ) {
        self.mass_matrix(q, t, m);
        self.forces(q, u, t, h);
    }
    fn coriolis(&self, _: &Vector<2>, _: &Vector<2>, _: f64, c: &mut Matrix<2, 2>) {
        c.fill(0.0);
    }
}

impl Constraints<2, 1, 1> for Ellipse {
    const BILATERAL: [&'static str; 1] = ["ellipse"];
    const CONTACTS: [&'static str; 1] = ["stop"];
    fn bilateral(&self, q: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g[0] = 4.0 * q[0] * q[0] + q[1] * q[1] - 1.0;
    }
    fn bilateral_jacobian(&self, q: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        *w = Matrix::<2, 1>::new(8.0 * q[0], 2.0 * q[1]);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<2>, u: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d[0] = 8.0 * u[0] * u[0] + 2.0 * u[1] * u[1];
    }
    fn gaps(&self, q: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g[0] = self.a[0] * q[0] + self.a[1] * q[1] - self.c;
    }
    fn gap_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        *w = Matrix::<2, 1>::new(self.a[0], self.a[1]);
        p.fill(0.0);
    }
    fn gap_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 1] {
        [ContactLaw {
            normal_restitution: 0.0,
            tangential_restitution: 0.0,
            friction: 0.0,
            has_tangent: false,
        }]
    }
}

/// Ω, Ω', Ω'' at x₂.
fn omega(x2: f64) -> [f64; 3] {
    let s = 1.0 - x2 * x2;
    [0.5 * s.sqrt(), -0.5 * x2 / s.sqrt(), -0.5 / s.powf(1.5)]
}

/// (64) with Λ_u = 0: the runtime's q̈ and λ_b on the ellipse equal the reduced dynamics, at
/// points x₂ ∈ [−0.9, 0.9] and speeds ẋ₂ ∈ {−2, 0.7, 3}, to 1e-12 relative.
#[test]
fn example_2_reduced_dynamics_equals_the_constrained_accelerations() {
    let model = Ellipse {
        a: [0.0, 1.0],
        c: -10.0,
    };
    let mut lcp = FrictionalContactLcp::<2, 1>::default();
    for k in 0..=18 {
        let x2 = -0.9 + 0.1 * k as f64;
        let [om, om1, om2] = omega(x2);
        for x2d in [-2.0, 0.7, 3.0] {
            let q = Vector::<2>::new(om, x2);
            let u = Vector::<2>::new(om1 * x2d, x2d);
            let sol = lcp
                .solve::<_, 1>(&model, &[false], &ModeTolerances::default(), 0.0, &q, &u)
                .expect("no contact closed: the bilateral KKT system");
            let s = 1.0 - x2 * x2;
            // Second line of (64) with Λ_u,2 = 0.
            let x2dd = -(0.25 * x2 / (s * s) * x2d * x2d) / (1.0 + 0.25 * x2 * x2 / s);
            // First line: q̈₁ = Ω'ẍ₂ + Ω''ẋ₂² = Λ_b,1 = 8q₁λ_b.
            let q1dd = om1 * x2dd + om2 * x2d * x2d;
            let scale = 1.0 + x2d * x2d / (s * s);
            assert!(
                (sol.qdd[1] - x2dd).abs() <= 1e-12 * scale,
                "ẍ₂ at x₂ = {x2}, ẋ₂ = {x2d}"
            );
            assert!(
                (sol.qdd[0] - q1dd).abs() <= 1e-12 * scale,
                "q̈₁ at x₂ = {x2}, ẋ₂ = {x2d}"
            );
            let lambda_b = q1dd / (8.0 * om);
            assert!(
                (sol.lambda_b[0] - lambda_b).abs() <= 1e-12 * scale / om,
                "λ_b"
            );
        }
    }
}

/// A_r (69) from the reduced coordinates equals A_c (16) from the runtime's M_c⁻¹, for several
/// stops a·q = c, and is positive exactly where a₂ + Ω'a₁ ≠ 0 (Proposition 15); for a = (1, 0)
/// it vanishes at x₂ = 0, where ∇h ∥ ∇g (Corollary 7).
#[test]
fn reduced_delassus_equals_constrained_delassus_and_proposition_15() {
    for a in [[1.0, 0.0], [0.0, 1.0], [0.6, -0.8], [2.0, 1.0]] {
        for k in 0..=18 {
            let x2 = -0.9 + 0.1 * k as f64;
            let [om, om1, _] = omega(x2);
            let q = Vector::<2>::new(om, x2);
            // Reduced route: T = [[1, Ω'], [0, 1]], M̄ = TᵀT, E₂ = (0, 1).
            let t = Matrix::<2, 2>::new(1.0, om1, 0.0, 1.0);
            let m_bar = t.transpose() * t;
            let grad_h = Vector::<2>::new(a[0], a[1]);
            let reduced_row = (t.transpose() * grad_h)[1]; // E₂Tᵀ∇h = a₂ + Ω'a₁
            let a_r = reduced_row * reduced_row / m_bar[(1, 1)];
            // The runtime's route.
            let couplings = InertialCouplings::from_matrices(
                Matrix::<2, 2>::identity(),
                Matrix::<2, 1>::new(a[0], a[1]),
                Matrix::<2, 1>::new(8.0 * q[0], 2.0 * q[1]),
            )
            .unwrap();
            let a_c = couplings.constrained_delassus().unwrap()[(0, 0)];
            assert!(
                (a_r - a_c).abs() <= 1e-13 * (1.0 + a_c),
                "a = {a:?}, x₂ = {x2}: {a_r} {a_c}"
            );
            let rank_condition = (a[1] + om1 * a[0]).abs() > 1e-12;
            assert_eq!(
                a_c > 1e-13,
                rank_condition,
                "Proposition 15 at a = {a:?}, x₂ = {x2}"
            );
            if a == [1.0, 0.0] && x2.abs() < 1e-12 {
                assert!(a_c.abs() <= 1e-15, "Corollary 7: ∇h ∥ ∇g");
            }
        }
    }
}
