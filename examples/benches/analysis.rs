//! Cost of the analysis tools (`mbruntime::analysis`), measured by criterion:
//!
//! * `couplings/rod_line`: Delassus matrix W_Nᵀ M⁻¹ W_N, constrained Delassus matrix A_c
//!   (Brogliato 2013, (16)–(19)) and the kinetic angle (9) between the wall contact and the guide
//!   of the rod of Sect. 4.3 (`RodLine`, α = 0.5) at θ = 0.7.
//! * `friction/painleve_p_matrix` and `friction/painleve_mu_star`: the P-matrix test of the
//!   sliding-friction contact LCP (Lötstedt 1982, (6.4)–(6.5)) for Painlevé's rod at θ = 1 and
//!   the bound μ* (sufficient and exact).
//! * `path/truss_step`: one continuation step (predictor, Newton corrector, tangent, inertia of
//!   H_+; Schulz & Pellegrino 2000) on the smooth pre-buckling segment of the von Mises truss
//!   (k = 3, a = 1, h = 0.5), timed step by step with a fresh tracer whenever one ends.
//! * `path/truss_whole`, `path/bar_spring_whole`: whole paths of the examples
//!   `analysis_truss` (step 0.01: a common and a corner limit point) and `analysis_bar_spring`
//!   (step 0.02: Sect. 6, corner limit point), including setup.
//!
//! `cargo bench -p mb-examples --bench analysis`

use criterion::{Criterion, criterion_group, criterion_main};
use mb_examples::analysis_models::bar_spring_stop::BarSpringStop;
use mb_examples::analysis_models::painleve_rod::PainleveRod;
use mb_examples::analysis_models::von_mises_truss_stop::VonMisesTrussStop;
use mb_examples::event_models::rod_line::RodLine;
use mbruntime::Vector;
use mbruntime::analysis::{
    ConstraintRef, EquilibriumPathTracer, InertialCouplings, PathOptions, SlidingContactProblem,
    trace_equilibrium_path,
};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn truss() -> VonMisesTrussStop {
    VonMisesTrussStop {
        k: 3.0,
        a: 1.0,
        h: 0.5,
        y_stop: 0.1,
        p: 0.0,
    }
}

fn truss_options(step: f64) -> PathOptions {
    PathOptions {
        parameter: 4,
        step,
        parameter_range: (-1.0, 0.4),
        max_steps: 2000,
        ..Default::default()
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("analysis");

    let rod = RodLine::default();
    let theta: f64 = 0.7;
    let q = Vector::<3>::new(rod.l * theta.cos(), 1.0 - 0.5 * rod.l * theta.cos(), theta);
    g.bench_function("couplings/rod_line", |b| {
        b.iter(|| {
            let c = InertialCouplings::at(black_box(&rod), black_box(&q), 0.0).unwrap();
            let a = c.delassus();
            let a_c = c.constrained_delassus().unwrap();
            let angle = c
                .kinetic_angle(ConstraintRef::Unilateral(0), ConstraintRef::Bilateral(0))
                .unwrap();
            black_box((a, a_c, angle))
        })
    });

    let painleve = PainleveRod::default();
    let th: f64 = 1.0;
    let qp = Vector::<3>::new(0.0, painleve.l * th.sin(), th);
    let qdp = Vector::<3>::new(-1.0, 0.0, 0.0);
    let prob = SlidingContactProblem::at(&painleve, &qp, &qdp, 0.0, &[0]).unwrap();
    g.bench_function("friction/painleve_p_matrix", |b| {
        b.iter(|| black_box(prob.well_posedness(black_box(&[0.5])).unwrap()))
    });
    g.bench_function("friction/painleve_mu_star", |b| {
        b.iter(|| {
            let p = SlidingContactProblem::at(&painleve, black_box(&qp), &qdp, 0.0, &[0]).unwrap();
            black_box(p.common_friction_bound().unwrap())
        })
    });

    g.bench_function("path/truss_step", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0;
            let opts = PathOptions {
                parameter_range: (-1.0, 0.11),
                ..truss_options(0.002)
            };
            while done < iters {
                let mut model = truss();
                let q0 = Vector::<2>::new(0.0, model.h);
                let mut tracer = EquilibriumPathTracer::new(&mut model, &q0, &opts).unwrap();
                while done < iters {
                    let start = Instant::now();
                    let t = tracer.step();
                    total += start.elapsed();
                    done += 1;
                    if t.is_some() {
                        break;
                    }
                }
            }
            total
        })
    });

    g.bench_function("path/truss_whole", |b| {
        b.iter(|| {
            let mut model = truss();
            let q0 = Vector::<2>::new(0.0, model.h);
            black_box(trace_equilibrium_path(&mut model, &q0, &truss_options(0.01)).unwrap())
        })
    });

    let bar_opts = PathOptions {
        parameter: 2,
        step: 0.02,
        parameter_range: (-3.0, 1.0),
        ..Default::default()
    };
    g.bench_function("path/bar_spring_whole", |b| {
        b.iter(|| {
            let mut bar = BarSpringStop {
                k: 1.0,
                L: 1.0,
                p: -1.0,
            };
            black_box(trace_equilibrium_path(&mut bar, &Vector::<1>::new(0.0), &bar_opts).unwrap())
        })
    });
    g.finish();

    // Work counts, so per-path times can be divided by the number of points.
    let mut model = truss();
    let q0 = Vector::<2>::new(0.0, model.h);
    let path = trace_equilibrium_path(&mut model, &q0, &truss_options(0.01)).unwrap();
    println!(
        "truss path (step 0.01): {} points, {} special points",
        path.points.len(),
        path.special_points.len()
    );
    let mut bar = BarSpringStop {
        k: 1.0,
        L: 1.0,
        p: -1.0,
    };
    let path = trace_equilibrium_path(&mut bar, &Vector::<1>::new(0.0), &bar_opts).unwrap();
    println!(
        "bar-spring path (step 0.02): {} points, {} special points",
        path.points.len(),
        path.special_points.len()
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
