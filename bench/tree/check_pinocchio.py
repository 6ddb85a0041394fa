#!/usr/bin/env python3
"""Checks the Pinocchio harness (pinocchio_arm dump) against an independent numpy route.

The independent route: the kinematics of arm(n) (arm_model.py) as rotation matrices and position
vectors; the kinetic energy T(q, v) = sum_i 1/2 m_i |d r_i/dt|^2 + 1/2 w_i^T I_i w_i with the
centre-of-mass velocity d r_i/dt and the body angular velocity [w_i]x = R_i^T dR_i/dt obtained by
complex-step differentiation of r_i(q + s v) and R_i(q + s v) in s (exact to rounding); the mass
matrix from the polarisation of the quadratic form T(q, .); the potential V = sum_i m_i g z_i; and
Lagrange's equations M q'' = h with
    h_j = 1/2 v^T (dM/dq_j) v - sum_k (dM/dq_k) v_k v - dV/dq_j,
the q-derivatives by fourth-order central differences (step 1e-3). Nothing of it uses spatial
algebra or Pinocchio. The forward dynamics is then q'' = M^-1 h.

Checked: n = 2 at the timing state and at random states (M and h from `dump`), and every state of
the reference files reference/arm3.json and reference/arm7.json when present (M, h and q'' = aba).
Run: bench/tree/.venv/bin/python bench/tree/check_pinocchio.py  (exit status 1 on disagreement)
"""

import json
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import arm_model  # noqa: E402

BINARY = os.path.join(HERE, "build", "pinocchio_arm")
TOLERANCE = 1e-9  # relative to the largest entry of the quantity compared
FD_STEP = 1e-3
CS_STEP = 1e-20


def rotation(axis, angle):
    """Rodrigues' formula for a unit axis (works for complex angles)."""
    k = np.array(axis, dtype=float)
    kx = np.array([[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]])
    return np.eye(3) + np.sin(angle) * kx + (1.0 - np.cos(angle)) * (kx @ kx)


def kinematics(q):
    """Per link: (R_i, centre of mass r_i in world coordinates); q may be complex."""
    rot = np.eye(3, dtype=q.dtype)
    origin = np.zeros(3, dtype=q.dtype)
    links = []
    for i in range(len(q)):
        origin = origin + rot @ np.array(arm_model.offset(i))
        rot = rot @ rotation(arm_model.axis(i), q[i])
        links.append((rot, origin + rot @ np.array(arm_model.COM)))
    return links


def kinetic_energy(q, v):
    moved = kinematics(q + 1j * CS_STEP * v)
    total = 0.0
    for i, (rot_c, com_c) in enumerate(moved):
        rot, rdot = rot_c.real, rot_c.imag / CS_STEP
        com_dot = com_c.imag / CS_STEP
        w_skew = rot.T @ rdot
        w = np.array([w_skew[2, 1], w_skew[0, 2], w_skew[1, 0]])
        inertia = np.diag(arm_model.inertia_diagonal(i))
        total += 0.5 * arm_model.mass(i) * com_dot @ com_dot + 0.5 * w @ inertia @ w
    return total


def mass_matrix(q):
    """M from T(q, .) being the quadratic form 1/2 v^T M v."""
    n = len(q)
    e = np.eye(n)
    t = [kinetic_energy(q.astype(complex), e[j]) for j in range(n)]
    m = np.zeros((n, n))
    for j in range(n):
        m[j, j] = 2.0 * t[j]
        for k in range(j + 1, n):
            m[j, k] = m[k, j] = kinetic_energy(q.astype(complex), e[j] + e[k]) - t[j] - t[k]
    return m


def potential_energy(q):
    links = kinematics(q.astype(complex))
    return sum(arm_model.mass(i) * arm_model.GRAVITY * com[2].real for i, (_, com) in enumerate(links))


def derivative(f, q, j):
    """Fourth-order central difference of f along q_j."""
    e = np.zeros(len(q))
    e[j] = FD_STEP
    return (f(q - 2 * e) - 8 * f(q - e) + 8 * f(q + e) - f(q + 2 * e)) / (12 * FD_STEP)


def lagrange(q, v):
    """(M, h) with M q'' = h, from T and V."""
    n = len(q)
    m = mass_matrix(q)
    dm = [derivative(mass_matrix, q, j) for j in range(n)]
    mdot_v = sum(dm[k] * v[k] for k in range(n)) @ v
    h = np.array([0.5 * v @ dm[j] @ v - derivative(potential_energy, q, j) for j in range(n)])
    return m, h - mdot_v


def harness_dump(n, q, v):
    args = [BINARY, "dump", str(n)] + [repr(float(x)) for x in q] + [repr(float(x)) for x in v]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    rows = {"M": [], "h": [], "qdd": []}
    for line in out.splitlines():
        fields = line.split("\t")
        rows[fields[0]].append([float(x) for x in fields[1:]])
    return np.array(rows["M"]), np.array(rows["h"][0]), np.array(rows["qdd"][0])


def harness_state(n):
    out = subprocess.run([BINARY, "state", str(n)], check=True, capture_output=True, text=True).stdout
    lines = dict((l.split("\t")[0], [float(x) for x in l.split("\t")[1:]]) for l in out.splitlines())
    return np.array(lines["q"]), np.array(lines["v"])


def relative_error(a, b):
    return float(np.max(np.abs(a - b)) / max(np.max(np.abs(b)), 1e-300))


class Report:
    def __init__(self):
        self.worst = 0.0

    def compare(self, label, quantities):
        errs = {name: relative_error(a, b) for name, (a, b) in quantities.items()}
        self.worst = max([self.worst] + list(errs.values()))
        text = "  ".join(f"{name} {err:.1e}" for name, err in errs.items())
        print(f"{label:<40} {text}")


def main():
    if not os.path.exists(BINARY):
        subprocess.run([os.path.join(HERE, "build_pinocchio.sh")], check=True, stdout=subprocess.DEVNULL)
    report = Report()
    print("relative error max|pinocchio - numpy| / max|numpy| per quantity")
    rng = np.random.default_rng(7)
    states = [("n=2 timing state", *harness_state(2))]
    states += [("n=2 q = 0, v = 0", np.zeros(2), np.zeros(2))]
    states += [(f"n=2 random state {k}", rng.uniform(-np.pi, np.pi, 2), rng.uniform(-3, 3, 2)) for k in range(5)]
    for label, q, v in states:
        m_pin, h_pin, _ = harness_dump(2, q, v)
        m_np, h_np = lagrange(q, v)
        report.compare(label, {"M": (m_pin, m_np), "h": (h_pin, h_np)})
    for name in ("arm3.json", "arm7.json"):
        path = os.path.join(HERE, "reference", name)
        if not os.path.exists(path):
            print(f"{name}: absent, skipped")
            continue
        with open(path) as f:
            ref = json.load(f)
        for state in ref["states"]:
            q, v = np.array(state["q"]), np.array(state["v"])
            m_np, h_np = lagrange(q, v)
            report.compare(
                f"{name} {state['name']}",
                {
                    "M": (np.array(state["M"]), m_np),
                    "h": (np.array(state["h"]), h_np),
                    "qdd": (np.array(state["qdd"]), np.linalg.solve(m_np, h_np)),
                },
            )
    ok = report.worst <= TOLERANCE
    print(f"worst {report.worst:.1e} (tolerance {TOLERANCE:.0e}): {'agree' if ok else 'DISAGREE'}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
