#!/usr/bin/env python3
"""Checks mb's generated arms (bench/tree/mb, example `dump`) against the Pinocchio harness.

For every n given: (1) the timing state printed by mb's `dump N` must equal, bit for bit, the one
printed by `pinocchio_arm state N` (both sides are timed at it); (2) at that state and at a second
state (q_i uniform in [-pi, pi], v_i uniform in [-2, 2], Python's random.Random(7)), M and h of mb's
`dump N q v` are compared with `pinocchio_arm dump N q v`: relative error = max |mb - pinocchio| /
max |pinocchio| per quantity, which must not exceed 1e-12 (q̈ = M⁻¹h is printed for information,
its error is that of h times the condition number of M).

Usage: check_mb.py PINOCCHIO_ARM MB_DUMP N [N ...]   (prints a TSV line per n:
       n, rel. error M, rel. error h, rel. error qdd; exit status 1 when a tolerance is exceeded)
"""
import math
import random
import subprocess
import sys

TOLERANCE = 1e-12


def parse(text):
    """{label: list of rows} of a dump or state output."""
    rows = {}
    for line in text.splitlines():
        fields = line.split("\t")
        rows.setdefault(fields[0], []).append([float(x) for x in fields[1:]])
    return rows


def run(*cmd):
    return subprocess.run([str(c) for c in cmd], check=True, capture_output=True, text=True).stdout


def relative_error(mine, reference):
    flat_m = [x for row in mine for x in row]
    flat_r = [x for row in reference for x in row]
    if len(flat_m) != len(flat_r):
        raise SystemExit(f"shape mismatch: {len(flat_m)} versus {len(flat_r)} numbers")
    scale = max(abs(x) for x in flat_r)
    return max(abs(a - b) for a, b in zip(flat_m, flat_r)) / scale


def compare(pinocchio, dump, n, q, v):
    numbers = [repr(x) for x in q + v]
    ref = parse(run(pinocchio, "dump", n, *numbers))
    mine = parse(run(dump, n, *numbers))
    if mine["q"][0] != q or mine["v"][0] != v:
        raise SystemExit(f"n={n}: mb's dump did not read the state it was given")
    return tuple(relative_error(mine[k], ref[k]) for k in ("M", "h", "qdd"))


def check(pinocchio, dump, n):
    state = parse(run(pinocchio, "state", n))
    mine = parse(run(dump, n))
    q, v = state["q"][0], state["v"][0]
    if mine["q"][0] != q or mine["v"][0] != v:
        raise SystemExit(f"n={n}: mb's timing state differs from the harness's `state {n}`")
    rng = random.Random(7)
    q2 = [rng.uniform(-math.pi, math.pi) for _ in range(n)]
    v2 = [rng.uniform(-2.0, 2.0) for _ in range(n)]
    errors = [compare(pinocchio, dump, n, q, v), compare(pinocchio, dump, n, q2, v2)]
    return tuple(max(e[k] for e in errors) for k in range(3))


def main():
    if len(sys.argv) < 4:
        raise SystemExit(__doc__)
    pinocchio, dump = sys.argv[1], sys.argv[2]
    failed = False
    for n in (int(a) for a in sys.argv[3:]):
        m, h, qdd = check(pinocchio, dump, n)
        bad = m > TOLERANCE or h > TOLERANCE
        failed |= bad
        print(f"{n}\t{m:.1e}\t{h:.1e}\t{qdd:.1e}" + ("\tEXCEEDS 1e-12" if bad else ""), flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
