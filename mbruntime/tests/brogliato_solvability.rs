//! Solvability of the contact problem with a singular Delassus matrix: Brogliato (2013),
//! "Inertial couplings between unilateral and bilateral holonomic constraints in frictionless
//! Lagrangian systems", Proposition 3 (i), Lemma 4 (i) and Remark 3 (the LCP (20) is solvable
//! when H₄ ∈ 𝒬*_{A_c}), Proposition 11 (i) (H₄ ∈ R(A_c) suffices for the programme (53)).
//!
//! Model (written here by hand): a point (x, y) of mass m under gravity, squeezed between a
//! floor and a ceiling that move with the accelerations α and β: g₁ = y − ½αt² ≥ 0 and
//! g₂ = ½βt² − y ≥ 0, both closed at t = 0 (y = ẏ = 0), and the guide x − κy = 0. With
//! ∇h = [(0, 1), (0, −1)] and M_c⁻¹ = (I − ĝĝᵀ)/m (ĝ = (1, −κ)/√(1 + κ²)),
//!
//! ```text
//! A_c = [[1, −1], [−1, 1]] / (m(1 + κ²)),   H₄ = (−c − α, c + β),   c = g/(1 + κ²),
//! ```
//!
//! so 𝒬_{A_c} = {t (1, 1), t ≥ 0}, 𝒬*_{A_c} = {b : b₁ + b₂ ≥ 0} and H₄ ∈ 𝒬* ⇔ β ≥ α: the walls
//! must not close on the point faster than it can follow. H₄ ∈ R(A_c) only for β = α. For
//! β > α the acceleration-level problem is solved (ÿ between α and β, complementary forces);
//! for β = α (Proposition 11) too; for β < α no force can keep both gaps open and the runtime
//! must say so (`FrictionModeError::Inconsistent`: Lemke's method ends on a ray, which for a
//! positive semidefinite, hence copositive-plus, matrix proves the LCP infeasible).

use mbruntime::event::{FrictionModeError, FrictionalContactLcp, ModeTolerances};
use mbruntime::{Constraints, ContactLaw, Dynamics, Matrix, Vector};

struct Squeezed {
    m: f64,
    g: f64,
    alpha: f64,
    beta: f64,
    kappa: f64,
}

impl Dynamics<2> for Squeezed {
    const NAME: &'static str = "Squeezed";
    const FINGERPRINT: &'static str = "hand-written";
    const COORDINATES: [&'static str; 2] = ["x", "y"];
    const RHEONOMIC: bool = true;
    fn kinetic_energy(&self, _: &Vector<2>, u: &Vector<2>, _: f64) -> f64 {
        0.5 * self.m * u.norm_squared()
    }
    fn potential_energy(&self, q: &Vector<2>, _: f64) -> f64 {
        self.m * self.g * q[1]
    }
    fn mass_matrix(&self, _: &Vector<2>, _: f64, m: &mut Matrix<2, 2>) {
        *m = Matrix::<2, 2>::identity() * self.m;
    }
    fn forces(&self, _: &Vector<2>, _: &Vector<2>, _: f64, h: &mut Vector<2>) {
        *h = Vector::<2>::new(0.0, -self.m * self.g);
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

impl Constraints<2, 1, 2> for Squeezed {
    const BILATERAL: [&'static str; 1] = ["guide"];
    const CONTACTS: [&'static str; 2] = ["floor", "ceiling"];
    fn bilateral(&self, q: &Vector<2>, _: f64, g: &mut Vector<1>) {
        g[0] = q[0] - self.kappa * q[1];
    }
    fn bilateral_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 1>, p: &mut Vector<1>) {
        *w = Matrix::<2, 1>::new(1.0, -self.kappa);
        p.fill(0.0);
    }
    fn bilateral_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<1>) {
        d.fill(0.0);
    }
    fn gaps(&self, q: &Vector<2>, t: f64, g: &mut Vector<2>) {
        g[0] = q[1] - 0.5 * self.alpha * t * t;
        g[1] = 0.5 * self.beta * t * t - q[1];
    }
    fn gap_jacobian(&self, _: &Vector<2>, t: f64, w: &mut Matrix<2, 2>, p: &mut Vector<2>) {
        *w = Matrix::<2, 2>::new(0.0, 0.0, 1.0, -1.0);
        *p = Vector::<2>::new(-self.alpha * t, self.beta * t);
    }
    fn gap_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<2>) {
        *d = Vector::<2>::new(-self.alpha, self.beta);
    }
    fn slip_jacobian(&self, _: &Vector<2>, _: f64, w: &mut Matrix<2, 2>, p: &mut Vector<2>) {
        w.fill(0.0);
        p.fill(0.0);
    }
    fn slip_drift(&self, _: &Vector<2>, _: &Vector<2>, _: f64, d: &mut Vector<2>) {
        d.fill(0.0);
    }
    fn contact_laws(&self) -> [ContactLaw; 2] {
        [ContactLaw {
            normal_restitution: 0.0,
            tangential_restitution: 0.0,
            friction: 0.0,
            has_tangent: false,
        }; 2]
    }
}

fn solve(model: &Squeezed) -> Result<(f64, [f64; 2]), FrictionModeError> {
    let mut lcp = FrictionalContactLcp::<2, 2>::default();
    let (q, u) = (Vector::<2>::zeros(), Vector::<2>::zeros());
    let sol = lcp.solve::<_, 1>(model, &[true; 2], &ModeTolerances::default(), 0.0, &q, &u)?;
    Ok((sol.qdd[1], [sol.lambda_n[0], sol.lambda_n[1]]))
}

/// H₄ ∈ 𝒬*_{A_c} (β ≥ α): solvable, with α ≤ ÿ ≤ β, non-negative forces, each force zero
/// where its gap opens, and the guide kept (ẍ = κÿ); β < α: the typed infeasibility. Every
/// combination of α, β ∈ {−12, −5, 0, 3, 9.81, 20} and κ ∈ {0, 0.5, −2}.
#[test]
fn squeezed_point_is_solvable_exactly_when_the_drift_lies_in_the_dual_cone() {
    let values = [-12.0, -5.0, 0.0, 3.0, 9.81, 20.0];
    for &alpha in &values {
        for &beta in &values {
            for kappa in [0.0, 0.5, -2.0] {
                let model = Squeezed {
                    m: 1.3,
                    g: 9.81,
                    alpha,
                    beta,
                    kappa,
                };
                match solve(&model) {
                    Ok((ydd, [l1, l2])) => {
                        assert!(beta >= alpha, "α = {alpha}, β = {beta}: solved outside 𝒬*");
                        let tol = 1e-9 * (1.0 + alpha.abs() + beta.abs() + model.g);
                        assert!(ydd >= alpha - tol && ydd <= beta + tol, "α ≤ ÿ = {ydd} ≤ β");
                        assert!(l1 >= -tol && l2 >= -tol);
                        assert!(
                            l1 * (ydd - alpha) <= tol * (1.0 + l1)
                                && l2 * (beta - ydd) <= tol * (1.0 + l2)
                        );
                    }
                    Err(FrictionModeError::Inconsistent { .. }) => {
                        assert!(beta < alpha, "α = {alpha}, β = {beta}: refused inside 𝒬*");
                    }
                    Err(e) => panic!("α = {alpha}, β = {beta}, κ = {kappa}: {e}"),
                }
            }
        }
    }
}

/// The free fall between the walls in closed form: with β > α and the point free to follow
/// (α < ÿ_free = −g/(1 + κ²) < β) no wall pushes; below the floor's acceleration (ÿ_free < α)
/// the floor carries it at ÿ = α with λ₁ = m(1 + κ²)(α + g/(1 + κ²)) — the force along the
/// constrained direction, written out here from A_c and H₄ of the module docs.
#[test]
fn squeezed_point_accelerations_in_closed_form() {
    for kappa in [0.0, 0.5, -2.0] {
        let k2 = 1.0 + kappa * kappa;
        let (m, g) = (1.3, 9.81);
        let free = -g / k2;
        let model = Squeezed {
            m,
            g,
            alpha: free - 1.0,
            beta: free + 1.0,
            kappa,
        };
        let (ydd, lambda) = solve(&model).unwrap();
        assert!((ydd - free).abs() < 1e-12 * g && lambda.iter().all(|l| l.abs() < 1e-12 * m * g));
        let model = Squeezed {
            m,
            g,
            alpha: free + 2.0,
            beta: free + 5.0,
            kappa,
        };
        let (ydd, [l1, l2]) = solve(&model).unwrap();
        assert!((ydd - (free + 2.0)).abs() < 1e-12 * g, "ÿ = α");
        assert!(
            (l1 - m * k2 * 2.0).abs() < 1e-10 * m * g && l2.abs() < 1e-12 * m * g,
            "λ₁ = {l1}"
        );
    }
}
