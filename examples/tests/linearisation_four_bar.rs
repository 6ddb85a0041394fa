//! Small oscillations of the generated `FourBar` (crank a, coupler b, rocker c, ground d,
//! three uniform bars, gravity, a spring from B to E and a crank torque τ), a one-degree-of-
//! freedom closed loop, against the energy method along the constraint manifold.
//!
//! Independent route (no generated derivative is used): the loop is closed by geometry — for a
//! crank angle θ₁, B is the intersection of the circles |B − A| = b and |B − D| = c, so θ₂, θ₃
//! and the bar centres are functions of θ₁. Along this one-DoF manifold
//! T = ½ m_eff(θ₁) θ̇₁² with m_eff = Σ m_i |dr_i/dθ₁|² + I_i (dθ_i/dθ₁)² (I_i = m_i l_i²/12)
//! and V(θ₁) = g Σ m_i y_i + ½ k (|B − E| − s₀)², differentiated by central differences. The
//! torque τ* = V′(θ₁*) holds the mechanism at rest at θ₁*, and Lagrange's equation for θ₁,
//! m_eff θ̈₁ + ½ m_eff′ θ̇₁² + V′ − τ = 0, linearises there to m_eff δθ̈₁ = −V″ δθ₁ + δτ:
//! λ² = −V″(θ₁*)/m_eff(θ₁*) and B = 1/m_eff in the δθ̈₁ row (for any chart of the manifold the
//! eigenvalues are the same).

use mb_examples::kinematic_models::four_bar::FourBar;
use mb_testsupport::{derivative, second_derivative};
use mbruntime::Vector;
use mbruntime::analysis::linearisation::{
    Linearisation, LinearisationOptions, OperatingPoint, ParameterInput,
};
use nalgebra::Complex;

/// (θ₂, θ₃) closing the loop for crank angle θ₁ (the assembly with B above the line A–D).
fn closure(bar: &FourBar, th1: f64) -> (f64, f64) {
    let a = [bar.a * th1.cos(), bar.a * th1.sin()];
    let (dx, dy) = (bar.d - a[0], -a[1]);
    let e = dx.hypot(dy);
    let (ux, uy) = (dx / e, dy / e);
    let p = (bar.b * bar.b - bar.c * bar.c + e * e) / (2.0 * e);
    let h = (bar.b * bar.b - p * p).sqrt();
    let b = [a[0] + p * ux - h * uy, a[1] + p * uy + h * ux];
    ((b[1] - a[1]).atan2(b[0] - a[0]), b[1].atan2(b[0] - bar.d))
}

/// Bar centres (x, y) and angles of crank, coupler and rocker at crank angle θ₁.
fn bars(bar: &FourBar, th1: f64) -> [(f64, f64, f64); 3] {
    let (th2, th3) = closure(bar, th1);
    let (ax, ay) = (bar.a * th1.cos(), bar.a * th1.sin());
    [
        (0.5 * ax, 0.5 * ay, th1),
        (
            ax + 0.5 * bar.b * th2.cos(),
            ay + 0.5 * bar.b * th2.sin(),
            th2,
        ),
        (
            bar.d + 0.5 * bar.c * th3.cos(),
            0.5 * bar.c * th3.sin(),
            th3,
        ),
    ]
}

fn potential(bar: &FourBar, th1: f64) -> f64 {
    let [c1, c2, c3] = bars(bar, th1);
    let (th2, _) = closure(bar, th1);
    let bx = bar.a * th1.cos() + bar.b * th2.cos();
    let by = bar.a * th1.sin() + bar.b * th2.sin();
    let stretch = (bx - bar.e_x).hypot(by - bar.e_y) - bar.s0;
    bar.g * (bar.m1 * c1.1 + bar.m2 * c2.1 + bar.m3 * c3.1) + 0.5 * bar.k * stretch * stretch
}

fn effective_mass(bar: &FourBar, th1: f64) -> f64 {
    let masses = [(bar.m1, bar.a), (bar.m2, bar.b), (bar.m3, bar.c)];
    (0..3)
        .map(|i| {
            let vx = derivative(|s| bars(bar, th1 + s)[i].0, 1e-3);
            let vy = derivative(|s| bars(bar, th1 + s)[i].1, 1e-3);
            let w = derivative(|s| bars(bar, th1 + s)[i].2, 1e-3);
            let (m, l) = masses[i];
            m * (vx * vx + vy * vy) + m * l * l / 12.0 * w * w
        })
        .sum()
}

#[test]
fn four_bar_frequency_matches_the_energy_method() {
    for th1 in [0.6_f64, 1.4, 2.5] {
        let mut bar = FourBar::default();
        bar.tau = derivative(|s| potential(&bar, th1 + s), 1e-3);
        let k_eff = second_derivative(|s| potential(&bar, th1 + s), 1e-3);
        let m_eff = effective_mass(&bar, th1);
        let lambda2 = -k_eff / m_eff;
        let (th2, th3) = closure(&bar, th1);
        let op = OperatingPoint {
            q: Vector::<3>::new(th1, th2, th3),
            qd: Vector::<3>::zeros(),
            t: 0.0,
        };
        let inputs = [ParameterInput::Name("tau")];
        let crank = [0];
        let options = LinearisationOptions {
            inputs: &inputs,
            independent: Some(&crank),
            ..Default::default()
        };
        let lin = Linearisation::at(&bar, &op, &options).unwrap();
        assert_eq!(lin.degrees_of_freedom(), 1);
        assert!(
            lin.residual() <= 1e-8,
            "θ₁* = {th1}: |θ̈₁*| = {}",
            lin.residual()
        );
        assert!(
            (lin.a[(1, 0)] - lambda2).abs() <= 1e-7 * lambda2.abs(),
            "θ₁* = {th1}: A₂₁ = {} vs −V″/m_eff = {lambda2}",
            lin.a[(1, 0)]
        );
        assert!(lin.a[(1, 1)].abs() <= 1e-12 * lambda2.abs());
        assert!((lin.b[(1, 0)] - 1.0 / m_eff).abs() <= 1e-8 / m_eff);
        // The rocker angle as the chart, and the automatic choice: the same eigenvalues.
        let rocker = [2];
        for independent in [Some(&rocker[..]), None] {
            let options = LinearisationOptions {
                independent,
                ..Default::default()
            };
            let other = Linearisation::at(&bar, &op, &options).unwrap();
            let product: Complex<f64> = other.eigen().unwrap().eigenvalues().iter().product();
            assert!(
                (product.re + lambda2).abs() <= 1e-7 * lambda2.abs()
                    && product.im.abs() <= 1e-7 * lambda2.abs(),
                "θ₁* = {th1}, chart {:?}: λ₁λ₂ = {product} vs {}",
                other.independent,
                -lambda2
            );
        }
    }
}
