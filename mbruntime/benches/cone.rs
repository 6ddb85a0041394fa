//! Cost of the spatial Coulomb friction solver (release profile).
//!
//! `ConeSolver::solve` from a zero start with `ConeMethod::Newton` (semismooth Newton on the
//! Alart–Curnier function) and `ConeMethod::GaussSeidel` (projected Gauss–Seidel with exact
//! local solves), default tolerance 1e-10 on the normalised natural-map residual, on seeded
//! random problems with nc = 1, 4, 16, 100 contacts: `W = I + B Bᵀ/(6 nc)` (SPD, eigenvalues in
//! about [1.03, 1.97]), `q_N ∈ [−1, 0.5]`, `q_T ∈ [−1, 1]²`, μ = 0 with probability 0.1 and
//! otherwise in [0.1, 0.6] (`mb_testsupport::cone_instances::random_q`). Each instance is solved
//! once during setup, which prints the iterations, the residual and the contact states.
//!
//! `cargo bench -p mbruntime --bench cone -- --noplot`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use mb_testsupport::cone_instances::random_q;
use mbruntime::cone::{ConeMethod, ConeOptions, ConeProblem, ConeSolver};
use std::hint::black_box;
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let instances: Vec<_> = [1, 4, 16, 100]
        .into_iter()
        .map(|nc| random_q(0xc0e_0000 + nc as u64, nc, 0.6))
        .collect();
    let mut solver = ConeSolver::with_capacity(100);
    for (method, name) in [
        (ConeMethod::Newton, "cone_newton"),
        (ConeMethod::GaussSeidel, "cone_gauss_seidel"),
    ] {
        let mut g = c.benchmark_group(name);
        let opts = ConeOptions::with_method(method);
        for inst in &instances {
            let nc = inst.contacts;
            let problem = ConeProblem::new(&inst.w, &inst.q, &inst.mu).expect("valid problem");
            let (mut r, mut u) = (vec![0.0; 3 * nc], vec![0.0; 3 * nc]);
            let report = solver
                .solve(&problem, &mut r, &mut u, &opts)
                .unwrap_or_else(|e| panic!("{name} nc = {nc}: {e}"));
            println!(
                "setup {name}/nc{nc}: {} iterations, residual {:.1e}, open/stick/slip {}/{}/{}",
                report.iterations, report.residual, report.open, report.stick, report.slip
            );
            if nc >= 100 {
                g.sample_size(20);
            }
            g.bench_function(BenchmarkId::from_parameter(format!("nc{nc}")), |b| {
                b.iter(|| {
                    r.fill(0.0);
                    let rep = solver.solve(black_box(&problem), &mut r, &mut u, &opts);
                    black_box(rep.map(|x| x.iterations))
                });
            });
        }
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
