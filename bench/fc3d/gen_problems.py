#!/usr/bin/env python3
"""Seeded frictional contact problems (Siconos' fc3d form) for bench/fc3d/compare.sh.

Two families, each with a manufactured solution (per contact a state open / stick / slip, a
reaction r* in the Coulomb cone K and a velocity u* with K* ∋ ũ* ⊥ r*, then q = u* − W r*):

* ``spd``: W = I + B Bᵀ / (2m), B uniform in [−1, 1] (m = 3 nc): eigenvalues in about
  [1.03, 1.97], the family of mbruntime's tests and criterion bench;
* ``dyn``: W = H M⁻¹ Hᵀ with f = 2m degrees of freedom, H uniform in [−1, 1]/√f and M⁻¹
  diagonal uniform in [0.5, 2]: a Delassus matrix of a random multibody system, condition
  number of order 10².

μ is 0 with probability 0.1, otherwise uniform in [0.1, 0.6]. Output: one text file, floats
written with Python's shortest round-trip repr (read back exactly), W column-major.

Usage: gen_problems.py OUT [--sizes 1,4,16,50,100] [--seed 20240611]
"""

import argparse

import numpy as np


def manufactured(rng, w, nc):
    r = np.zeros(3 * nc)
    u = np.zeros(3 * nc)
    mu = np.zeros(nc)
    for i in range(nc):
        mu[i] = 0.0 if rng.uniform() < 0.1 else rng.uniform(0.1, 0.6)
        p = rng.uniform()
        theta = rng.uniform(0.0, 2.0 * np.pi)
        e = np.array([np.cos(theta), np.sin(theta)])
        if p < 0.25:  # open: r = 0, u_N > 0
            u[3 * i] = rng.uniform(0.1, 1.0)
            u[3 * i + 1 : 3 * i + 3] = rng.uniform(-1.0, 1.0, 2)
        elif p < 0.6:  # stick: u = 0, r strictly inside the cone
            rn = rng.uniform(0.5, 2.0)
            r[3 * i] = rn
            r[3 * i + 1 : 3 * i + 3] = rng.uniform(0.0, 0.8) * mu[i] * rn * e
        else:  # slip: u_N = 0, u_T = α e, r_T = −μ r_N e
            rn = rng.uniform(0.5, 2.0)
            r[3 * i] = rn
            r[3 * i + 1 : 3 * i + 3] = -mu[i] * rn * e
            u[3 * i + 1 : 3 * i + 3] = rng.uniform(0.1, 1.0) * e
    return r, u, mu


def delassus(rng, family, m):
    if family == "spd":
        b = rng.uniform(-1.0, 1.0, (m, 2 * m))
        return np.eye(m) + b @ b.T / (2 * m)
    f = 2 * m
    h = rng.uniform(-1.0, 1.0, (m, f)) / np.sqrt(f)
    minv = rng.uniform(0.5, 2.0, f)
    w = (h * minv) @ h.T
    return 0.5 * (w + w.T)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--sizes", default="1,4,16,50,100")
    ap.add_argument("--seed", type=int, default=20240611)
    args = ap.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    with open(args.out, "w") as f:
        f.write("# fc3d problems: W column-major, q, mu, manufactured r*\n")
        pid = 0
        for family in ["spd", "dyn"]:
            for nc in sizes:
                rng = np.random.default_rng([args.seed, pid])
                m = 3 * nc
                w = delassus(rng, family, m)
                r, u, mu = manufactured(rng, w, nc)
                q = u - w @ r
                f.write(f"problem {pid} {family} {nc}\n")
                f.write("mu " + " ".join(repr(float(x)) for x in mu) + "\n")
                f.write("q " + " ".join(repr(float(x)) for x in q) + "\n")
                f.write("w " + " ".join(repr(float(x)) for x in w.flatten(order="F")) + "\n")
                f.write("rstar " + " ".join(repr(float(x)) for x in r) + "\n")
                pid += 1


if __name__ == "__main__":
    main()
