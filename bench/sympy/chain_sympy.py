#!/usr/bin/env python3
"""The planar n-link pendulum of bench/chain_model.py derived with SymPy, for comparison with mbcompile.

Per n, in a fresh worker process (so a slow n can be killed at the time limit):
  1. derivation: sympy.physics.mechanics.LagrangesMethod on the Lagrangian of n point masses at the
     link ends (absolute angles th_i; m_i = 1 − 0.3 i/n, l_i = 1 − 0.2 i/n rounded to 4 decimals
     exactly as chain_model.py prints them, g = 9.81; all kept as symbols, like mb's parameters),
     until the mass matrix M and the forcing vector f (M q̈ = f) are formed;
  2. `sympy.cse` of [all n² entries of M, all n entries of f] (timed separately);
  3. C emission of one function computing M and f from the cse result (sympy.printing.c.ccode).
The substitution of the dynamic symbols th_i(t), th_i'(t) by plain symbols between 1 and 2 is glue
and counted in neither time.

For n in the runtime set the C is compiled with `gcc -O3` (no -march, like rustc's defaults) into a
harness that (a) prints M and f at the fixed state q_i = 0.3 + 0.17 i, q̇_i = 0.5 − 0.13 i, which is
compared with mb's M and h from bench/chain/examples/dump.rs (max |difference| / max(1, |value|)
must be ≤ 1e-10), and (b) times ns/call over 1024 precomputed pseudo-random states
(q_i ∈ [−π, π], q̇_i ∈ [−2, 2]), median of 15 batches of ≥ 50 ms each.

Installs SymPy into bench/.venv on first use and re-executes itself there.

Usage: bench/sympy/chain_sympy.py [--tsv] [--ns 2,4,8,12,16,20] [--run-ns 2,4,8,10]
                                  [--timeout 300] [--dump PATH/TO/dump]
Output: a Markdown table, or with --tsv lines
  n  derive_s  cse_s  cse_ops  C_ns_per_call  max_rel_diff_vs_mb
with "timeout" / "-" where a figure is missing.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

import common
from common import parameter_values



def ensure_venv() -> None:
    """Creates bench/.venv with SymPy if needed and re-executes this script with it."""
    common.ensure_venv(__file__)


# ---------------------------------------------------------------------------------------------
# Worker: derivation, cse and C emission of one n.
# ---------------------------------------------------------------------------------------------

def derive(n: int, out_c: str) -> None:
    import sympy as sp
    from sympy.physics.mechanics import LagrangesMethod, Lagrangian

    t0 = time.perf_counter()
    th, thd, m, l, g, frame, particles = common.chain_particles(n)
    lag = Lagrangian(frame, *particles)
    method = LagrangesMethod(lag, th)
    method.form_lagranges_equations()
    mass = method.mass_matrix
    forcing = method.forcing
    t_derive = time.perf_counter() - t0

    # Glue (not timed): dynamic symbols -> plain symbols q_i, qd_i.
    q = sp.symbols(f"q0:{n}")
    qd = sp.symbols(f"qd0:{n}")
    sub = {thd[i]: qd[i] for i in range(n)}
    sub.update({th[i]: q[i] for i in range(n)})
    entries = [mass[r, c].xreplace(sub) for r in range(n) for c in range(n)]
    entries += [forcing[r].xreplace(sub) for r in range(n)]
    leftover = set().union(*[e.atoms(sp.Function) for e in entries]) - {
        f for e in entries for f in e.atoms(sp.sin, sp.cos)}
    if leftover:
        raise SystemExit(f"dynamic symbols left after substitution: {leftover}")

    t1 = time.perf_counter()
    replacements, reduced = sp.cse(entries)
    t_cse = time.perf_counter() - t1
    ops = sum(sp.count_ops(e) for _, e in replacements) + sum(sp.count_ops(e) for e in reduced)

    # C emission: p = [m_1..m_n, l_1..l_n, g]; M row-major.
    from sympy.printing.c import ccode
    pmap = {m[i]: sp.Symbol(f"p[{i}]") for i in range(n)}
    pmap.update({l[i]: sp.Symbol(f"p[{n + i}]") for i in range(n)})
    pmap[g] = sp.Symbol(f"p[{2 * n}]")
    pmap.update({q[i]: sp.Symbol(f"q[{i}]") for i in range(n)})
    pmap.update({qd[i]: sp.Symbol(f"qd[{i}]") for i in range(n)})
    body = []
    for s, e in replacements:
        body.append(f"    const double {s} = {ccode(e.xreplace(pmap))};")
    for k, e in enumerate(reduced):
        target = f"M[{k}]" if k < n * n else f"f[{k - n * n}]"
        body.append(f"    {target} = {ccode(e.xreplace(pmap))};")
    with open(out_c, "w") as fh:
        fh.write("#include <math.h>\n")
        fh.write(f"/* SymPy {sp.__version__}: planar {n}-link pendulum, M (row-major) and f with M qdd = f. */\n")
        fh.write("void chain_dynamics(const double *restrict q, const double *restrict qd, "
                 "const double *restrict p, double *restrict M, double *restrict f) {\n")
        fh.write("\n".join(body) + "\n}\n")
    print(f"RESULT {t_derive:.6f} {t_cse:.6f} {ops}", flush=True)


HARNESS = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#define N %(n)d
#define STATES 1024
void chain_dynamics(const double *restrict q, const double *restrict qd, const double *restrict p,
                    double *restrict M, double *restrict f);
static uint64_t state = 0x5EED + N;
static double uniform(double lo, double hi) {
    state += 0x9E3779B97F4A7C15ull;
    uint64_t z = state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return lo + (hi - lo) * ((double)(z >> 11) / 9007199254740992.0);
}
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
int main(void) {
    static const double p[2 * N + 1] = { %(params)s };
    static double qs[STATES][N], qds[STATES][N];
    double M[N * N], f[N];
    double q0[N], qd0[N];
    for (int i = 0; i < N; ++i) { q0[i] = 0.3 + 0.17 * (i + 1); qd0[i] = 0.5 - 0.13 * (i + 1); }
    chain_dynamics(q0, qd0, p, M, f);
    for (int r = 0; r < N; ++r) {
        printf("M %%d", r);
        for (int c = 0; c < N; ++c) printf(" %%.17e", M[r * N + c]);
        printf("\n");
    }
    printf("h");
    for (int r = 0; r < N; ++r) printf(" %%.17e", f[r]);
    printf("\n");
    for (int s = 0; s < STATES; ++s)
        for (int i = 0; i < N; ++i) { qs[s][i] = uniform(-3.14159265358979323846, 3.14159265358979323846); qds[s][i] = uniform(-2.0, 2.0); }
    volatile double sink = 0.0;
    long iters = 1024;
    for (;;) {
        double t0 = now();
        for (long k = 0; k < iters; ++k) { chain_dynamics(qs[k & (STATES - 1)], qds[k & (STATES - 1)], p, M, f); sink += M[N * N - 1] + f[0]; }
        if (now() - t0 > 0.05) break;
        iters *= 2;
    }
    double batch[15];
    for (int b = 0; b < 15; ++b) {
        double t0 = now();
        for (long k = 0; k < iters; ++k) { chain_dynamics(qs[k & (STATES - 1)], qds[k & (STATES - 1)], p, M, f); sink += M[N * N - 1] + f[0]; }
        batch[b] = (now() - t0) / iters * 1e9;
    }
    qsort(batch, 15, sizeof(double), cmp);
    printf("NS %%.3f %%.3f %%.3f\n", batch[7], batch[0], batch[14]);
    return sink == 12345.678;
}
"""


def parse_matrices(text: str, n: int):
    mat = [[0.0] * n for _ in range(n)]
    h = None
    for line in text.splitlines():
        parts = line.split()
        if parts and parts[0] == "M":
            mat[int(parts[1])] = [float(x) for x in parts[2:]]
        elif parts and parts[0] == "h":
            h = [float(x) for x in parts[1:]]
    return mat, h


def run_c(n: int, c_file: str, dump: str, workdir: str):
    """Compiles the emitted C with the harness; returns (max relative difference to mb, ns/call)."""
    m, l, g = parameter_values(n)
    harness = os.path.join(workdir, f"harness{n}.c")
    with open(harness, "w") as fh:
        fh.write(HARNESS % {"n": n, "params": ", ".join(repr(x) for x in m + l + [g])})
    exe = os.path.join(workdir, f"harness{n}")
    # Separate translation units: the timed call is not inlined into the loop (as mb's is not
    # guaranteed to be either); -O3 only, no -march.
    subprocess.run(["gcc", "-O3", "-o", exe, harness, c_file, "-lm"], check=True)
    out = subprocess.run([exe], check=True, capture_output=True, text=True).stdout
    ns = float(re.search(r"^NS ([0-9.]+)", out, re.M).group(1))
    diff = float("nan")
    if dump and os.path.exists(dump):
        ours = subprocess.run([dump, str(n)], check=True, capture_output=True, text=True).stdout
        mo, ho = parse_matrices(ours, n)
        ms, hs = parse_matrices(out, n)
        vals = [(mo[r][c], ms[r][c]) for r in range(n) for c in range(n)] + list(zip(ho, hs))
        diff = max(abs(a - b) / max(1.0, abs(a)) for a, b in vals)
    return diff, ns


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--worker":
        derive(int(args[1]), args[2])
        return
    ensure_venv()
    tsv = "--tsv" in args
    opts = {"--ns": "2,4,8,10,12,16,20", "--run-ns": "2,4,8,10", "--timeout": "300",
            "--dump": os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "bench")),
                                   "release", "examples", "dump")}
    for k in opts:
        if k in args:
            opts[k] = args[args.index(k) + 1]
    run_ns = [int(x) for x in opts["--run-ns"].split(",")]
    ns = sorted(set([int(x) for x in opts["--ns"].split(",")] + run_ns))
    timeout = float(opts["--timeout"])
    if not os.path.exists(opts["--dump"]):
        sys.stderr.write(f"warning: {opts['--dump']} missing: no cross-check against mb\n")
    if not tsv:
        print("| n | SymPy derive [s] | SymPy cse [s] | cse ops | SymPy-C gcc -O3 [ns/call] | max rel diff vs mb |")
        print("|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="mb-sympy-") as work:
        for n in ns:
            c_file = os.path.join(work, f"chain{n}.c")
            try:
                p = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", str(n), c_file],
                                   capture_output=True, text=True, timeout=timeout)
                res = re.search(r"^RESULT (\S+) (\S+) (\S+)", p.stdout, re.M)
                if p.returncode != 0 or not res:
                    sys.stderr.write(p.stderr)
                    row = [n, "error", "error", "-", "-", "-"]
                else:
                    row = [n, f"{float(res.group(1)):.3f}", f"{float(res.group(2)):.3f}", res.group(3), "-", "-"]
                    if n in run_ns:
                        diff, ns_call = run_c(n, c_file, opts["--dump"], work)
                        row[4], row[5] = f"{ns_call:.1f}", f"{diff:.1e}"
            except subprocess.TimeoutExpired:
                row = [n, "timeout", "timeout", "-", "-", "-"]
            line = "\t".join(map(str, row)) if tsv else "| " + " | ".join(map(str, row)) + " |"
            print(line, flush=True)


if __name__ == "__main__":
    main()
