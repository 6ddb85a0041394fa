"""Connect and weld equalities against MuJoCo (bench/import/compare_mujoco.sh, step 6).

The block of scene/tether.xml (two `connect`s: an arm's tip to the world, a free body to the
arm; a `weld` of a second free body to the first) through the bench crate's `connects` example
(g and ∂g/∂q), against MuJoCo's kinematics of the same file at 1 000 random states:

- a connect: r = (x₁ + R₁ a₁) − (x₂ + R₂ a₂) with MuJoCo's anchors a₁, a₂ (eq_data: body2's
  computed by MuJoCo's compiler at qpos0), ∂r/∂q = (J₁ − J₂) G (mj_jac at the two points, G
  mapping mb's velocities to MuJoCo's as in check_mujoco.py);
- a weld: its position rows as a connect at body1's origin (body2's point from MuJoCo's pose at
  qpos0), its orientation rows (E₁₂ − E₂₁, E₂₀ − E₀₂, E₀₁ − E₁₀) with E = R₁ᵀ R₂ R₀ᵀ, R₀ = R₁ᵀ R₂ at
  qpos0, all from MuJoCo's body rotations (values only: the block's form of the orientation
  residual is mb's own, MuJoCo's constraint rows use a quaternion error).

Invariant: the values equal to 1e-12 m (1e-12 for the orientation rows) and the position rows'
Jacobians to 1e-12 of their largest entry.

Usage: python check_connect.py CONNECTS XML STATES
"""

import os
import subprocess
import sys

import mujoco
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from check_mujoco import mujoco_position, velocity_map  # noqa: E402

TOL = 1e-12


def main():
    exe, xml, n_states = sys.argv[1], sys.argv[2], int(sys.argv[3])
    model = mujoco.MjModel.from_xml_path(xml)
    data = mujoco.MjData(model)
    n = 4 + 6 + 6  # ball (3) + elbow hinge + two free bodies
    rng = np.random.default_rng(20261128)
    states = []
    for _ in range(n_states):
        q = rng.uniform(-np.pi, np.pi, n)
        q[1] = rng.uniform(-1.2, 1.2)  # the ball's pitch
        q[[4, 5, 6, 10, 11, 12]] = rng.uniform(-1, 1, 6)
        q[[8, 14]] = rng.uniform(-1.2, 1.2, 2)  # the free bodies' pitches
        states.append(q)
    lines = "".join(" ".join(repr(float(x)) for x in q) + "\n" for q in states)
    out = subprocess.run([exe], input=lines, capture_output=True, text=True, check=True).stdout
    worst_g, worst_jac = 0.0, 0.0
    # MuJoCo's own starting pose (qpos0): body2's point under body1's origin, and R₀, of a weld.
    data.qpos[:] = model.qpos0
    mujoco.mj_kinematics(model, data)
    start = {b: (data.xpos[b].copy(), data.xmat[b].reshape(3, 3).copy()) for b in range(model.nbody)}
    connect, weld = int(mujoco.mjtEq.mjEQ_CONNECT), int(mujoco.mjtEq.mjEQ_WELD)
    kinds = [int(model.eq_type[e]) for e in range(model.neq)]
    equalities = [e for e in range(model.neq) if kinds[e] in (connect, weld)]
    nb = sum(3 if kinds[e] == connect else 6 for e in equalities)
    for q, row in zip(states, out.splitlines()):
        x = np.array([float(w) for w in row.split()])
        g_mb, jac_mb = x[:nb], x[nb:].reshape(nb, n)
        data.qpos[:] = mujoco_position(model, q)
        mujoco.mj_kinematics(model, data)
        mujoco.mj_comPos(model, data)
        gmap = velocity_map(model, q)
        r = 0
        for e in equalities:
            b1, b2 = model.eq_obj1id[e], model.eq_obj2id[e]
            welded = kinds[e] == weld
            (o1s, r1s), (o2s, r2s) = start[b1], start[b2]
            if welded:
                a1, a2 = np.zeros(3), r2s.T @ (o1s - o2s)
            else:
                a1, a2 = model.eq_data[e][0:3], model.eq_data[e][3:6]
            r1, r2 = data.xmat[b1].reshape(3, 3), data.xmat[b2].reshape(3, 3)
            p1 = data.xpos[b1] + r1 @ a1
            p2 = data.xpos[b2] + r2 @ a2
            j1, j2 = np.zeros((3, model.nv)), np.zeros((3, model.nv))
            mujoco.mj_jac(model, data, j1, None, p1, b1)
            mujoco.mj_jac(model, data, j2, None, p2, b2)
            jac = (j1 - j2) @ gmap
            worst_g = max(worst_g, np.max(np.abs(g_mb[r : r + 3] - (p1 - p2))))
            worst_jac = max(worst_jac, np.max(np.abs(jac_mb[r : r + 3] - jac)) / np.max(np.abs(jac)))
            r += 3
            if welded:
                big_e = r1.T @ r2 @ (r1s.T @ r2s).T
                skew = np.array([big_e[1, 2] - big_e[2, 1], big_e[2, 0] - big_e[0, 2], big_e[0, 1] - big_e[1, 0]])
                worst_g = max(worst_g, np.max(np.abs(g_mb[r : r + 3] - skew)))
                r += 3
    print(f"equalities\t{len(equalities)}\tg\t{worst_g:.1e}\tposition rows' Jacobian (relative)\t{worst_jac:.1e}")
    sys.exit(0 if worst_g <= TOL and worst_jac <= TOL else 1)


main()
