#!/usr/bin/env python3
"""SymPy's linearizer on the planar n-link pendulum of bench/chain_model.py, for comparison with
mb's `Linearisation::at` (bench/compare_linearisation.sh).

Per n, in a fresh worker process (so a slow n can be killed at the time limit), timed in CPU time
of that process (time.process_time) and in wall time:
  1. derivation: sympy.physics.mechanics.LagrangesMethod on the Lagrangian of n point masses at the
     link ends (absolute angles th_i; m_i = 1 − 0.3 i/n, l_i = 1 − 0.2 i/n rounded to 4 decimals
     exactly as chain_model.py prints them, g = 9.81; all kept as symbols, like mb's parameters),
     until the equations of motion are formed (the same derivation as bench/sympy/chain_sympy.py);
  2. linearisation: `LagrangesMethod.linearize(q_ind=th, qd_ind=th', op_point=…, A_and_B=True)`
     about the operating point th_i = 0.1 i rad, th_i' = 0. That point is not an equilibrium, so the
     operating point also gives the accelerations th_i'' = q̈* (SymPy's Linearizer needs them there:
     they multiply ∂M/∂q); q̈* is solved from the numeric M and forcing at the point, inside the
     timed section. The parameter values are part of the operating point, so A comes out numeric;
  3. numeric evaluation: A converted to floats.
The worker prints A (2n × 2n, state x = (th, th'), the order of mb's `Linearisation::a`) in
`{:.17e}` and the three times.

Installs SymPy into bench/.venv on first use and re-executes itself there.

Usage: bench/sympy/linearize_chain.py [--ns 4,8,12] [--timeout 600] [--out DIR]
Output: one tab-separated line per n:
  n  status  derive_cpu  linearize_cpu  evaluate_cpu  total_cpu  total_wall
status is "ok", "timeout" or "error"; after a timeout the CPU column is "> c", c the CPU time the
killed worker had used, and the wall column "> timeout". The times exclude the interpreter start and
the import of SymPy. With --out DIR the matrix A of every finished n is written to
DIR/sympy_A<n>.txt (one row per line).
"""
import os
import re
import resource
import subprocess
import sys
import time

import common
from common import parameter_values



def ensure_venv() -> None:
    """Creates bench/.venv with SymPy if needed and re-executes this script with it."""
    common.ensure_venv(__file__)


def operating_angles(n: int):
    """th_i = 0.1 i rad (i = 1..n); the velocities are zero."""
    return [0.1 * i for i in range(1, n + 1)]


def worker(n: int) -> None:
    import sympy as sp
    from sympy.physics.mechanics import LagrangesMethod, Lagrangian, dynamicsymbols

    c0, w0 = time.process_time(), time.perf_counter()
    t = dynamicsymbols._t
    th, thd, m, l, g, frame, particles = common.chain_particles(n)
    thdd = [sp.diff(x, t) for x in thd]
    method = LagrangesMethod(Lagrangian(frame, *particles), th)
    method.form_lagranges_equations()
    c1 = time.process_time()

    # Operating point: parameters, th*, th'* = 0, and th''* = M⁻¹ f there (not an equilibrium).
    mv, lv, gv = parameter_values(n)
    op = {m[i]: mv[i] for i in range(n)}
    op.update({l[i]: lv[i] for i in range(n)})
    op[g] = gv
    op.update({th[i]: a for i, a in enumerate(operating_angles(n))})
    op.update({thd[i]: 0.0 for i in range(n)})
    # Velocities first (so that derivatives are not replaced inside them), then the rest.
    at_point = lambda e: e.xreplace({k: v for k, v in op.items() if k in thd}).xreplace(op)
    mass = at_point(method.mass_matrix)
    forcing = at_point(method.forcing)
    qdd_star = mass.LUsolve(forcing)
    op.update({thdd[i]: qdd_star[i] for i in range(n)})
    a_sym, _b, _inputs = method.linearize(q_ind=th, qd_ind=thd, op_point=op, A_and_B=True)
    c2 = time.process_time()

    a = [[float(a_sym[r, c]) for c in range(2 * n)] for r in range(2 * n)]
    c3, w3 = time.process_time(), time.perf_counter()
    for row in a:
        print("A " + " ".join(f"{v:.17e}" for v in row))
    print(f"RESULT {c1 - c0:.6f} {c2 - c1:.6f} {c3 - c2:.6f} {c3 - c0:.6f} {w3 - w0:.6f}", flush=True)


def children_cpu() -> float:
    """User + system CPU time of the terminated and waited-for child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--worker":
        worker(int(args[1]))
        return
    ensure_venv()
    opts = {"--ns": "4,8,12", "--timeout": "600", "--out": ""}
    for k in opts:
        if k in args:
            opts[k] = args[args.index(k) + 1]
    timeout = float(opts["--timeout"])
    for n in [int(x) for x in opts["--ns"].split(",")]:
        cpu_before = children_cpu()
        try:
            p = subprocess.run([sys.executable, os.path.abspath(__file__), "--worker", str(n)],
                               capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            # The killed worker has been waited for: its CPU time is a lower bound of SymPy's.
            print(f"{n}\ttimeout\t-\t-\t-\t> {children_cpu() - cpu_before:.0f}\t> {timeout:.0f}", flush=True)
            continue
        res = re.search(r"^RESULT (\S+) (\S+) (\S+) (\S+) (\S+)", p.stdout, re.M)
        if p.returncode != 0 or not res:
            sys.stderr.write(p.stderr)
            print(f"{n}\terror\t-\t-\t-\t-\t-", flush=True)
            continue
        if opts["--out"]:
            rows = [line[2:] for line in p.stdout.splitlines() if line.startswith("A ")]
            with open(os.path.join(opts["--out"], f"sympy_A{n}.txt"), "w") as fh:
                fh.write("\n".join(rows) + "\n")
        print(f"{n}\tok\t" + "\t".join(f"{float(x):.3f}" for x in res.groups()), flush=True)


if __name__ == "__main__":
    main()
