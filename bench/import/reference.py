"""Pinocchio's M, h and articulated-body q̈ for a URDF at random states: the reference data of
examples/tests/urdf_ur5.rs (examples/urdf/ur5_pinocchio.csv).

Usage (Pinocchio 4.1 from pip, e.g. the venv bench/import/compare_pinocchio.sh makes):
    python bench/import/reference.py examples/urdf/ur5_robot.urdf 20 > examples/urdf/ur5_pinocchio.csv

Columns: q (n), q̇ (n), M row by row (crba, upper triangle mirrored), h = −nle (C q̇ + g with
gravity (0, 0, −9.81)), q̈ = aba(q, q̇, τ = 0); q in [−π, π], q̇ in [−2, 2], seed 20261127.
Coordinates in Pinocchio's joint order, which for a serial arm is the URDF's (and mb's).
"""

import sys

import numpy as np
import pinocchio as pin

path, count = sys.argv[1], int(sys.argv[2])
model = pin.buildModelFromUrdf(path)
data = model.createData()
assert model.nq == model.nv, "revolute joints with limits only"
rng = np.random.default_rng(20261127)
n = model.nv
names = [model.names[j] for j in range(1, model.njoints)]
print("# joints: " + " ".join(names))
print("# pinocchio " + pin.__version__)
for _ in range(count):
    q = rng.uniform(-np.pi, np.pi, n)
    v = rng.uniform(-2, 2, n)
    m = pin.crba(model, data, q)
    m = np.triu(m) + np.triu(m, 1).T
    h = -pin.nonLinearEffects(model, data, q, v)
    a = pin.aba(model, data, q, v, np.zeros(n))
    row = np.concatenate([q, v, m.ravel(), h, a])
    print(",".join(repr(float(x)) for x in row))
