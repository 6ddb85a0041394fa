//! Cost of the LCP layer on large instances (release profile).
//!
//! * `Lemke::solve` on symmetric positive definite P-matrices `A = L Lᵀ + c I` (n = 10, 30, 100,
//!   300), on symmetric PSD matrices `A = Wᵀ M⁻¹ W` with duplicated / dependent contact columns
//!   (n = 30, 150, 300; rank ≤ n/2, feasible `b = Wᵀ v + c`, `c ≥ 0`; Lötstedt 1982, Lemma 5.2)
//!   and on the planar Coulomb friction LCP of Glocker & Studer (2005), Sect. 6, eqs (27), (33)
//!   with k = 3, 10, 33, 100 contacts (n = 3k = 9, 30, 99, 300);
//! * `WarmStart::solve_with_basis` at n = 30 and 300 (friction and SPD): the basis recorded from
//!   the Lemke solution of an instance is tried on the same `A` with `b` perturbed by ~1e-6
//!   (relative; the third block of the friction `b` stays zero), as in time-stepping where
//!   consecutive LCPs differ by O(Δt).
//!
//! The instances are fixed (seeded ChaCha8), generated as in `tests/lcp_random.rs`
//! (`large_instances`). Each instance is solved once during setup, which prints its pivot count
//! and certificate error; the criterion throughput is the pivot count, so `thrpt` reads as
//! pivots per second.
//!
//! `cargo bench -p mbruntime --bench lcp -- --noplot`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use mbruntime::lcp::{BasisGuess, Lemke, WarmStart};
use nalgebra::{DMatrix, DVector};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
#[path = "../tests/common/lcp_instances.rs"]
mod lcp_instances;
use lcp_instances::{delassus, friction_copositive, friction_lcp, spd};
use std::hint::black_box;
use std::time::Duration;

/// An LCP(A, b) with `A` column-major.
struct Instance {
    n: usize,
    a: Vec<f64>,
    b: Vec<f64>,
}

/// SPD (hence P-) matrix `L Lᵀ + c I` with `b` uniform in `[−1, 1]ⁿ`: unique solution.
fn spd_instance(seed: u64, n: usize) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let a = spd(&mut rng, n);
    let b = (0..n).map(|_| rng.gen_range(-1.0..1.0)).collect();
    Instance {
        n,
        a: a.as_slice().to_vec(),
        b,
    }
}

/// `A = Wᵀ M⁻¹ W` with `f = n/2` degrees of freedom and about 30 % duplicated (possibly
/// rescaled) contact columns, `b = Wᵀ v + c` with `c ≥ 0` sparse: a feasible convex QP's KKT
/// system with redundant rows.
fn psd_instance(seed: u64, n: usize) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let f = (n / 2).max(1);
    let minv = spd(&mut rng, f);
    let mut w = DMatrix::from_fn(f, n, |_, _| rng.gen_range(-1.0..1.0));
    for j in 1..n {
        if rng.gen_bool(0.3) {
            let src = rng.gen_range(0..j);
            let scale = if rng.gen_bool(0.5) {
                1.0
            } else {
                rng.gen_range(0.2..2.0)
            };
            let col = w.column(src).clone_owned() * scale;
            w.set_column(j, &col);
        }
    }
    let a = w.transpose() * &minv * &w;
    let v = DVector::from_fn(f, |_, _| rng.gen_range(-1.0..1.0));
    let wv = w.transpose() * v;
    let b = (0..n)
        .map(|i| {
            wv[i]
                + if rng.gen_bool(0.3) {
                    rng.gen_range(0.0..0.5)
                } else {
                    0.0
                }
        })
        .collect();
    Instance {
        n,
        a: a.as_slice().to_vec(),
        b,
    }
}

/// Planar friction LCP of Glocker & Studer (2005), eq. (33) with the pairing (27):
/// `z = (Λ_N, Λ_R, ξ_L)`, `w = (ξ_N, ξ_R, Λ_L)`, `n = 3k`, with `f = 2k + 1` degrees of
/// freedom, random `W_N`, `W_T`, `M⁻¹`, `μ ∈ [0, 1)` halved until the matrix is copositive.
fn friction_instance(seed: u64, k: usize) -> Instance {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let f = 2 * k + 1;
    let minv = spd(&mut rng, f);
    let wn = DMatrix::from_fn(f, k, |_, _| rng.gen_range(-1.0..1.0));
    let wt = DMatrix::from_fn(f, k, |_, _| rng.gen_range(-1.0..1.0));
    let mut mu: Vec<f64> = (0..k)
        .map(|_| {
            if rng.gen_bool(0.1) {
                0.0
            } else {
                rng.gen_range(0.0..1.0)
            }
        })
        .collect();
    let g = delassus(&minv, &wn, &wt);
    while !friction_copositive(&g, &mu) {
        mu.iter_mut().for_each(|m| *m *= 0.5);
        if mu.iter().all(|&m| m < 1e-6) {
            mu.fill(0.0);
            break;
        }
    }
    let h_dt = DMatrix::from_fn(f, 1, |_, _| {
        rng.gen_range(-1.0..1.0) * if rng.gen_bool(0.2) { 0.0 } else { 0.1 }
    });
    let gna: Vec<f64> = (0..k).map(|_| rng.gen_range(-1.0..0.5)).collect();
    let gta: Vec<f64> = (0..k).map(|_| rng.gen_range(-1.0..1.0)).collect();
    let eps_n: Vec<f64> = (0..k).map(|_| rng.gen_range(0.0..1.0)).collect();
    let eps_t: Vec<f64> = (0..k).map(|_| rng.gen_range(0.0..1.0)).collect();
    let (a, b) = friction_lcp(&minv, &wn, &wt, &mu, &h_dt, &gna, &gta, &eps_n, &eps_t);
    Instance {
        n: 3 * k,
        a: a.as_slice().to_vec(),
        b,
    }
}

/// Solves `inst` once (setup, not timed) and prints its pivot count; returns the pivots, `z`
/// and `w`.
fn solve_once(label: &str, lemke: &mut Lemke, inst: &Instance) -> (usize, Vec<f64>, Vec<f64>) {
    let n = inst.n;
    let (mut z, mut w) = (vec![0.0; n], vec![0.0; n]);
    let sol = lemke
        .solve(n, &inst.a, &inst.b, &mut z, &mut w)
        .unwrap_or_else(|e| panic!("{label}: Lemke failed on the bench instance: {e}"));
    let active = z.iter().filter(|&&x| x > 0.0).count();
    println!(
        "setup {label}: n = {n}, pivots = {}, |z > 0| = {active}, certificate {:.1e}",
        sol.pivots,
        sol.certificate.relative_error()
    );
    (sol.pivots, z, w)
}

fn bench_lemke(c: &mut Criterion, group: &str, instances: &[(String, Instance)]) {
    let capacity = instances.iter().map(|(_, i)| i.n).max().unwrap_or(1);
    let mut lemke = Lemke::with_capacity(capacity);
    let mut g = c.benchmark_group(group);
    for (label, inst) in instances {
        let (pivots, _, _) = solve_once(&format!("{group}/{label}"), &mut lemke, inst);
        if inst.n >= 100 {
            g.sample_size(20);
        }
        g.throughput(Throughput::Elements(pivots.max(1) as u64));
        let (mut z, mut w) = (vec![0.0; inst.n], vec![0.0; inst.n]);
        g.bench_function(BenchmarkId::from_parameter(label), |bch| {
            bch.iter(|| {
                let sol = lemke.solve(
                    black_box(inst.n),
                    black_box(&inst.a),
                    black_box(&inst.b),
                    &mut z,
                    &mut w,
                );
                black_box(sol.map(|s| s.pivots))
            });
        });
    }
    g.finish();
}

/// Warm start: record the basis of the Lemke solution of `inst`, perturb `b` by ~1e-6
/// relative (entries `0..perturbed`), and time `solve_with_basis` on the perturbed problem.
fn bench_warm(c: &mut Criterion, instances: &[(String, Instance, usize)]) {
    let capacity = instances.iter().map(|(_, i, _)| i.n).max().unwrap_or(1);
    let mut lemke = Lemke::with_capacity(capacity);
    let mut warm = WarmStart::with_capacity(capacity);
    let mut g = c.benchmark_group("lcp_warm_start");
    for (label, inst, perturbed) in instances {
        let n = inst.n;
        let (pivots, z0, w0) =
            solve_once(&format!("lcp_warm_start/{label} (cold)"), &mut lemke, inst);
        let mut guess = BasisGuess::with_capacity(n);
        assert!(guess.record_basis(n, &lemke));
        let mut rng = ChaCha8Rng::seed_from_u64(0x3a7 + n as u64);
        let bmax = inst.b.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        let mut b = inst.b.clone();
        for x in &mut b[..*perturbed] {
            *x += 1e-6 * bmax * rng.gen_range(-1.0..1.0);
        }
        let (mut z, mut w) = (vec![0.0; n], vec![0.0; n]);
        let accepted = warm
            .solve_with_basis(n, &inst.a, &b, &guess, &mut z, &mut w)
            .unwrap_or_else(|e| panic!("{label}: warm start error {e}"));
        match accepted {
            Some(sol) => println!(
                "setup lcp_warm_start/{label}: n = {n}, |α| = {}, accepted, certificate {:.1e} \
                 (cold Lemke on the unperturbed b: {pivots} pivots)",
                guess.basic_z().iter().filter(|&&x| x).count(),
                sol.certificate.relative_error()
            ),
            None => {
                // Diagnose: does the recorded basis solve even the unperturbed b, and how many
                // rows of A_αα vanish identically (a structurally singular basic block)?
                let unperturbed = warm
                    .solve_with_basis(n, &inst.a, &inst.b, &guess, &mut z, &mut w)
                    .ok()
                    .flatten()
                    .is_some();
                let alpha: Vec<usize> = (0..n).filter(|&j| guess.basic_z()[j]).collect();
                let zero_rows: Vec<usize> = alpha
                    .iter()
                    .copied()
                    .filter(|&i| alpha.iter().all(|&j| inst.a[i + j * n] == 0.0))
                    .collect();
                let degenerate: Vec<usize> =
                    (0..n).filter(|&j| z0[j] == 0.0 && w0[j] == 0.0).collect();
                println!(
                    "setup lcp_warm_start/{label}: n = {n}, |α| = {}, guess REJECTED (timing the \
                     rejection); unperturbed b accepted: {unperturbed}; zero rows of A_αα at \
                     {zero_rows:?}; degenerate pairs z_j = w_j = 0 at {degenerate:?}",
                    alpha.len()
                );
            }
        }
        if n >= 100 {
            g.sample_size(20);
        }
        g.throughput(Throughput::Elements(1));
        g.bench_function(BenchmarkId::from_parameter(label), |bch| {
            bch.iter(|| {
                let sol = warm.solve_with_basis(
                    black_box(n),
                    black_box(&inst.a),
                    black_box(&b),
                    black_box(&guess),
                    &mut z,
                    &mut w,
                );
                black_box(sol.map(|s| s.is_some()))
            });
        });
    }
    g.finish();
}

fn bench(c: &mut Criterion) {
    let spd: Vec<_> = [10, 30, 100, 300]
        .into_iter()
        .map(|n| (format!("n{n}"), spd_instance(0x5bd_0000 + n as u64, n)))
        .collect();
    bench_lemke(c, "lemke_spd", &spd);

    let psd: Vec<_> = [30, 150, 300]
        .into_iter()
        .map(|n| (format!("n{n}"), psd_instance(0x95d_0000 + n as u64, n)))
        .collect();
    bench_lemke(c, "lemke_psd_redundant", &psd);

    let friction: Vec<_> = [3, 10, 33, 100]
        .into_iter()
        .map(|k| {
            (
                format!("k{k}_n{}", 3 * k),
                friction_instance(0xf51_0000 + k as u64, k),
            )
        })
        .collect();
    bench_lemke(c, "lemke_friction", &friction);

    let warm = vec![
        (
            "friction_k10_n30".to_string(),
            friction_instance(0xf51_0000 + 10, 10),
            20,
        ),
        (
            "friction_k100_n300".to_string(),
            friction_instance(0xf51_0000 + 100, 100),
            200,
        ),
        ("spd_n30".to_string(), spd_instance(0x5bd_0000 + 30, 30), 30),
        (
            "spd_n300".to_string(),
            spd_instance(0x5bd_0000 + 300, 300),
            300,
        ),
    ];
    bench_warm(c, &warm);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    targets = bench
}
criterion_main!(benches);
