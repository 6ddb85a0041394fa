#!/usr/bin/env python3
"""Siconos side of bench/fc3d/compare.sh: solves the problems of gen_problems.py with
siconos.numerics fc3d NSGS and NSN (Alart–Curnier) and re-evaluates mb's solutions.

Timing: wall clock (time.perf_counter) around the solver call only (problem built once,
r = u = 0 reset outside the timed region), one untimed warm-up solve, then repeats (at least 5,
until 0.3 s have passed, at most 2000); the median is reported. Run single-threaded
(OPENBLAS_NUM_THREADS=1, OMP_NUM_THREADS=1; compare.sh sets them). The Python → C call adds
about a microsecond per solve (printed as CALL_OVERHEAD: the median time of a call of
fc3d_compute_error on the one-contact problem).

Accuracy: the numerator of every residual is ‖r − proj_K(r − ũ)‖₂, computed by Siconos'
fc3d_compute_error on u = W r + q (its own product). Siconos 4.4 divides it by
max(norm, ‖r‖, ‖u‖) (norm = ‖q‖ in its solvers); mb divides by 1 + ‖q‖. The script calls
fc3d_compute_error with norm = 1 + ‖q‖, multiplies the result back by
max(1 + ‖q‖, ‖r‖, ‖u‖) (u as written by Siconos) and divides by 1 + ‖q‖: mb's normalisation,
evaluated by Siconos' code, for Siconos' solutions and for mb's (read from the file written by
the mb bench binary) alike. Siconos' stopping test error/max(‖q‖, ‖r‖, ‖u‖) ≤ tol is given
tol = 1e-10 (1 + ‖q‖) / max(‖q‖, ‖r*‖, ‖u*‖) with the manufactured solution r*, u* = W r* + q,
so that both libraries aim at the same absolute accuracy. Siconos' own 4.4 measure
(norm = ‖q‖) is printed as well.

Usage: siconos_fc3d.py PROBLEMS MB_SOLUTIONS — prints tab-separated lines
  RESULT id family nc solver iterations median_seconds residual max_abs_error repeats
         siconos_own_error
  CHECK id solver residual siconos_own_error
"""

import statistics
import sys
import time

import numpy as np
import siconos.numerics as sn

TOL = 1e-10


def read_problems(path):
    problems = []
    with open(path) as f:
        lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
    i = 0
    while i < len(lines):
        _, pid, family, nc = lines[i].split()
        vals = {}
        for k in range(1, 5):
            key, *rest = lines[i + k].split()
            vals[key] = np.array([float(x) for x in rest])
        nc = int(nc)
        m = 3 * nc
        problems.append(
            dict(
                id=int(pid),
                family=family,
                nc=nc,
                mu=vals["mu"],
                q=vals["q"],
                w=vals["w"].reshape((m, m), order="F"),
                rstar=vals["rstar"],
            )
        )
        i += 5
    return problems


def read_solutions(path):
    sols = {}
    with open(path) as f:
        for line in f:
            _, pid, solver, *rest = line.split()
            sols[(int(pid), solver)] = np.array([float(x) for x in rest])
    return sols


def siconos_error(problem, r, q):
    """(mb-normalised residual, Siconos 4.4's own relative error), both from fc3d_compute_error."""
    qn = np.linalg.norm(q)
    opts = sn.SolverOptions(sn.SICONOS_FRICTION_3D_NSGS)
    r = np.array(r)
    u = np.zeros_like(r)
    _, err = sn.fc3d_compute_error(problem, r, u, TOL, opts, 1.0 + qn)
    absolute = err * max(1.0 + qn, np.linalg.norm(r), np.linalg.norm(u))
    _, own = sn.fc3d_compute_error(problem, r, u, TOL, opts, qn)
    return absolute / (1.0 + qn), own


def timed(fn, r, u):
    r[:] = 0.0
    u[:] = 0.0
    fn(r, u)  # warm-up
    times = []
    start = time.perf_counter()
    while len(times) < 5 or (time.perf_counter() - start < 0.3 and len(times) < 2000):
        r[:] = 0.0
        u[:] = 0.0
        t = time.perf_counter()
        fn(r, u)
        times.append(time.perf_counter() - t)
    return statistics.median(times), len(times)


def main():
    problems = read_problems(sys.argv[1])
    mb = read_solutions(sys.argv[2])
    for p in problems:
        m = 3 * p["nc"]
        fcp = sn.FrictionContactProblem(3, p["w"], p["q"], p["mu"])
        qn = np.linalg.norm(p["q"])
        ustar = p["w"] @ p["rstar"] + p["q"]
        tol = TOL * (1.0 + qn) / max(qn, np.linalg.norm(p["rstar"]), np.linalg.norm(ustar), 1e-300)
        for name, sid, call in [
            ("siconos_nsn_ac", sn.SICONOS_FRICTION_3D_NSN_AC, sn.fc3d_nonsmooth_Newton_AlartCurnier),
            ("siconos_nsgs", sn.SICONOS_FRICTION_3D_NSGS, sn.fc3d_nsgs),
        ]:
            opts = sn.SolverOptions(sid)
            opts.iparam[sn.SICONOS_IPARAM_MAX_ITER] = 100000
            opts.dparam[sn.SICONOS_DPARAM_TOL] = tol
            info = []

            def solve(r, u):
                info.append(call(fcp, r, u, opts))

            r = np.zeros(m)
            u = np.zeros(m)
            median, reps = timed(solve, r, u)
            iters = opts.iparam[sn.SICONOS_IPARAM_ITER_DONE]
            res, own = siconos_error(fcp, r, p["q"])
            err = float(np.max(np.abs(r - p["rstar"]))) if m else 0.0
            status = "" if all(x == 0 for x in info) else f"\tINFO {sorted(set(info))}"
            print(
                f"RESULT\t{p['id']}\t{p['family']}\t{p['nc']}\t{name}\t{iters}\t{median:.6e}"
                f"\t{res:.3e}\t{err:.3e}\t{reps}\t{own:.3e}{status}",
                flush=True,
            )
        for solver in ["mb_newton", "mb_gauss_seidel"]:
            r = mb[(p["id"], solver)]
            res, own = siconos_error(fcp, r, p["q"])
            print(f"CHECK\t{p['id']}\t{solver}\t{res:.3e}\t{own:.3e}", flush=True)
    # Python → C call overhead on the smallest problem.
    p = min(problems, key=lambda p: p["nc"])
    fcp = sn.FrictionContactProblem(3, p["w"], p["q"], p["mu"])
    opts = sn.SolverOptions(sn.SICONOS_FRICTION_3D_NSGS)
    r = np.zeros(3 * p["nc"])
    u = np.zeros(3 * p["nc"])
    median, _ = timed(lambda r, u: sn.fc3d_compute_error(fcp, r, u, TOL, opts, 1.0), r, u)
    print(f"CALL_OVERHEAD\t{median:.3e}")


if __name__ == "__main__":
    main()
