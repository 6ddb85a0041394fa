//! A block sliding on a horizontal plane: the Coulomb cone keeps its path straight, a 4-facet
//! pyramid bends it.
//!
//! Invariant (Coulomb's law, maximal dissipation; Moreau 1988): a point mass m sliding on a
//! horizontal plane with isotropic friction μ feels a friction force −μ m g v̂ exactly opposite
//! its velocity, so it moves on a straight line at its launch angle, decelerates at μg and stops
//! at t* = v₀/(μg) after v₀²/(2μg). Here each step is Moreau's velocity-level step of one contact,
//! u⁺ = u + g Δt + r/m with the local velocity (u_N, u_T1, u_T2) = (u_z, u_x, u_y) (Delassus
//! matrix W = 1/m · 1, free velocity q = u + g Δt), solved once by the certified cone solver and
//! once by the faceted pyramid with 4 generators ±x̂, ±ŷ (Stewart & Trinkle 1996), and
//! x⁺ = x + Δt u⁺. The cone run must keep the lateral deviation from the launch line below
//! 1e-12 and stop within one step of t* and within ½ μ g Δt² · (steps) of the closed-form
//! distance; the pyramid run, launched at 30° (between a generator and a facet normal), must
//! leave the launch line by more than 1 % of the distance travelled, the bias the cone avoids.

use mbruntime::cone::{ConeMethod, ConeOptions, ConeProblem, ConeSolver, PyramidSolver};

const G: f64 = 9.81;
const MASS: f64 = 2.0;
const MU: f64 = 0.4;
const DT: f64 = 1e-3;
const V0: f64 = 3.0;

/// Where the block stops: (time, position in the plane).
fn slide(use_cone: bool, angle: f64) -> (f64, [f64; 2]) {
    let w = [
        1.0 / MASS,
        0.0,
        0.0,
        0.0,
        1.0 / MASS,
        0.0,
        0.0,
        0.0,
        1.0 / MASS,
    ];
    let mu = [MU];
    let mut cone = ConeSolver::with_capacity(1);
    let mut pyramid = PyramidSolver::with_capacity(1, 4).expect("4 facets");
    let options = ConeOptions::with_method(ConeMethod::Newton);
    let (mut x, mut u) = ([0.0_f64; 2], [V0 * angle.cos(), V0 * angle.sin()]);
    let mut r = [0.0_f64; 3];
    for step in 1..100_000 {
        // Local free velocity (normal, t1 = x, t2 = y): the block rests on the plane, u_z = 0.
        let q = [-G * DT, u[0], u[1]];
        let problem = ConeProblem::new(&w, &q, &mu).expect("valid problem");
        let mut local = [0.0_f64; 3];
        if use_cone {
            cone.solve(&problem, &mut r, &mut local, &options)
                .expect("certified cone solution");
        } else {
            pyramid
                .solve(&problem, &mut r, &mut local)
                .expect("pyramid LCP");
        }
        u = [local[1], local[2]];
        x = [x[0] + DT * u[0], x[1] + DT * u[1]];
        if u[0].hypot(u[1]) <= 1e-12 {
            return (step as f64 * DT, x);
        }
    }
    panic!("the block never stopped");
}

#[test]
fn the_cone_slides_straight_and_stops_where_coulomb_says() {
    for angle_deg in [30.0_f64, 137.0, -75.0] {
        let angle = angle_deg.to_radians();
        let (t_stop, x) = slide(true, angle);
        let t_star = V0 / (MU * G);
        assert!(
            (t_stop - t_star).abs() <= DT,
            "{angle_deg}°: stopped at {t_stop}, closed form {t_star}"
        );
        let (along, lateral) = (
            x[0] * angle.cos() + x[1] * angle.sin(),
            -x[0] * angle.sin() + x[1] * angle.cos(),
        );
        assert!(
            lateral.abs() <= 1e-12,
            "{angle_deg}°: lateral deviation {lateral:e}"
        );
        // Each step's position update uses the end-of-step velocity: the distance is short of
        // v₀²/(2μg) by ½ μ g Δt per unit time travelled, at most ½ v₀ Δt in all.
        let distance = V0 * V0 / (2.0 * MU * G);
        assert!(
            (along - distance).abs() <= 0.5 * V0 * DT,
            "{angle_deg}°: distance {along}, closed form {distance}"
        );
    }
}

#[test]
fn the_pyramid_bends_the_path() {
    let angle = 30f64.to_radians();
    let (_, x) = slide(false, angle);
    let lateral = -x[0] * angle.sin() + x[1] * angle.cos();
    let travelled = x[0].hypot(x[1]);
    assert!(
        lateral.abs() > 0.01 * travelled,
        "pyramid path: lateral {lateral}, travelled {travelled}"
    );
    // Along a generator both models agree: no lateral drift there.
    let (_, x) = slide(false, 0.0);
    assert!(x[1].abs() <= 1e-12, "along a generator: lateral {}", x[1]);
}
