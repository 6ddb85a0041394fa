"""Imported MJCF models against MuJoCo on the same files (bench/import/compare_mujoco.sh).

For each model: the same random states go to mb (the `dump` example of the bench crate: M, h and
the articulated-body q̈ of the block `mbcompile import` wrote) and to MuJoCo loading the same
file (mj_forward, then mj_fullM of qM, qfrc_bias and qfrc_passive). Invariants, each to 1e-12 of
the largest entry of the reference at that state:

- M = Gᵀ M_mj G and h = Gᵀ (qfrc_passive − qfrc_bias) − Gᵀ M_mj Ġ q̇, where qvel = G(q) q̇ maps mb's
  velocities to MuJoCo's. G is the identity for hinges and slides (MuJoCo's qpos − ref is mb's
  coordinate). For a free joint mb's coordinates are (x, y, z, yaw, pitch, roll), R =
  R_z(yaw) R_y(pitch) R_x(roll), and MuJoCo's qvel is (ẋ, ẏ, ż, ω in body axes), so that block of
  G is diag(1, Rᵀ E) with ω_world = E (yaw˙, pitch˙, roll˙); a ball joint's (yaw, pitch, roll)
  likewise, its block Rᵀ E; Ġ q̇ is taken by central differences
  along q̇ (step 1e-5: error ~1e-10 of Ġ, far below the tolerance on h).
- q̈ (articulated-body algorithm) = M⁻¹ h solved with refinement.

A difference counts beyond a round-off floor of 1e-15 of the size of the terms h is made of,
‖M‖ (g + ‖q̇‖²) (for q̈ times ‖M⁻¹‖): where gravity and the velocity terms nearly cancel, or
sin q is near a zero, the inputs' own rounding is relative to the terms, not to their small sum.
The printed numbers are the worst excess over that floor, relative to the reference's largest
entry; `h_raw` and `aba_raw` are the worst differences without the floor, for the record.

MuJoCo's armature is in qM and the import writes it as the joints' `armature`, so it is compared;
joint damping and friction are zero on both sides (the dump zeroes mb's `d_`/`f_` parameters,
dof_damping is zeroed here; frictionloss is a constraint force in MuJoCo, not in qfrc_passive);
joint springs stay on both sides (qfrc_passive holds −k (qpos − springref)).

Usage: python check_mujoco.py DUMP STATES NAME:XML:BLOCK ...
"""

import re
import subprocess
import sys

import mujoco
import numpy as np

TOL = 1e-12
FLOOR = 1e-15


def mb_coordinates(block_path):
    text = open(block_path).read()
    m = re.search(r"coordinates \{ ([^}]*) \}", text)
    return [c.strip() for c in m.group(1).split(",")]


def rot(axis, a):
    c, s = np.cos(a), np.sin(a)
    if axis == "x":
        return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])
    if axis == "y":
        return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def free_rotation(yaw, pitch, roll):
    return rot("z", yaw) @ rot("y", pitch) @ rot("x", roll)


def free_rate_map(yaw, pitch, roll):
    """ω in body axes = Rᵀ E (yaw˙, pitch˙, roll˙)."""
    rz = rot("z", yaw)
    ry = rot("y", pitch)
    e = np.column_stack([[0, 0, 1], rz @ [0, 1, 0], rz @ ry @ [1, 0, 0]])
    return free_rotation(yaw, pitch, roll).T @ e


def velocity_map(model, q):
    """G with qvel = G q̇ at mb's coordinates q; complex q allowed (for Ġ q̇ by complex step)."""
    n = len(q)
    g = np.zeros((model.nv, n), dtype=q.dtype)
    k = 0
    for j in range(model.njnt):
        va = model.jnt_dofadr[j]
        if model.jnt_type[j] == mujoco.mjtJoint.mjJNT_FREE:
            g[va : va + 3, k : k + 3] = np.eye(3)
            g[va + 3 : va + 6, k + 3 : k + 6] = free_rate_map(*q[k + 3 : k + 6])
            k += 6
        elif model.jnt_type[j] == mujoco.mjtJoint.mjJNT_BALL:
            g[va : va + 3, k : k + 3] = free_rate_map(*q[k : k + 3])
            k += 3
        else:
            g[va, k] = 1.0
            k += 1
    assert k == n, f"mb has {n} coordinates, MuJoCo's joints {k}"
    return g


def mujoco_position(model, q):
    """qpos for mb's coordinates q."""
    qpos = model.qpos0.copy()
    k = 0
    for j in range(model.njnt):
        qa = model.jnt_qposadr[j]
        if model.jnt_type[j] == mujoco.mjtJoint.mjJNT_FREE:
            qpos[qa : qa + 3] = q[k : k + 3]
            quat = np.zeros(4)
            mujoco.mju_mat2Quat(quat, free_rotation(*q[k + 3 : k + 6]).flatten())
            qpos[qa + 3 : qa + 7] = quat
            k += 6
        elif model.jnt_type[j] == mujoco.mjtJoint.mjJNT_BALL:
            quat = np.zeros(4)
            mujoco.mju_mat2Quat(quat, free_rotation(*q[k : k + 3]).flatten())
            qpos[qa : qa + 4] = quat
            k += 3
        else:
            qpos[qa] = q[k] + model.qpos0[qa]
            k += 1
    return qpos


def mujoco_dynamics(model, data, q, v):
    g = velocity_map(model, q)
    # Ġ q̇ = d/dε G(q + ε q̇) q̇ by the complex step (Squire & Trapp 1998): exact to round-off.
    step = 1e-30
    gdot_v = velocity_map(model, q + 1j * step * v).imag @ v / step
    data.qpos[:] = mujoco_position(model, q)
    data.qvel[:] = g @ v
    data.qacc[:] = 0
    data.ctrl[:] = 0
    mujoco.mj_forward(model, data)
    m = np.zeros((model.nv, model.nv))
    if hasattr(data, "qM"):
        mujoco.mj_fullM(model, m, data.qM)
    else:
        # MuJoCo ≥ 3.4 takes the data itself.
        mujoco.mj_fullM(model, data, m)
    mg = g.T @ m @ g
    h = g.T @ (data.qfrc_passive - data.qfrc_bias) - g.T @ m @ gdot_v
    # The size of the terms h is made of, ‖M‖ (g + ‖q̇‖²): the round-off of the inputs (sin q
    # near a zero, say) is relative to it, not to h where they cancel.
    terms = np.max(np.abs(mg)) * (9.81 + np.max(np.abs(v)) ** 2)
    return mg, h, terms


def refined_solve(m, h):
    a = np.linalg.solve(m, h)
    r = h.astype(np.longdouble) - m.astype(np.longdouble) @ a.astype(np.longdouble)
    return a + np.linalg.solve(m, r.astype(np.float64))


def check(dump, n_states, name, xml, block, rng):
    coords = mb_coordinates(block)
    n = len(coords)
    model = mujoco.MjModel.from_xml_path(xml)
    model.dof_damping[:] = 0.0
    data = mujoco.MjData(model)
    # Positions of free joints in [−1, 1] m, pitches of free and ball joints in [−1.2, 1.2]
    # (away from the angles' singularity at ±π/2).
    positions, pitches, k = [], [], 0
    for j in range(model.njnt):
        if model.jnt_type[j] == mujoco.mjtJoint.mjJNT_FREE:
            positions += [k, k + 1, k + 2]
            pitches.append(k + 4)
            k += 6
        elif model.jnt_type[j] == mujoco.mjtJoint.mjJNT_BALL:
            pitches.append(k + 1)
            k += 3
        else:
            k += 1
    states = []
    for _ in range(n_states):
        q = rng.uniform(-np.pi, np.pi, n)
        q[positions] = rng.uniform(-1, 1, len(positions))
        q[pitches] = rng.uniform(-1.2, 1.2, len(pitches))
        states.append((q, rng.uniform(-2, 2, n)))
    lines = "".join(f"{name} " + " ".join(repr(float(x)) for x in np.concatenate(s)) + "\n" for s in states)
    out = subprocess.run([dump], input=lines, capture_output=True, text=True, check=True).stdout
    worst = [0.0] * 5
    for (q, v), row in zip(states, out.splitlines()):
        x = np.array([float(w) for w in row.split()])
        m_mb, h_mb, a_mb = x[: n * n].reshape(n, n), x[n * n : n * n + n], x[n * n + n :]
        m_mj, h_mj, terms = mujoco_dynamics(model, data, q, v)
        a_ref = refined_solve(m_mj, h_mj)
        for i, (a, b) in enumerate(((m_mb, m_mj), (h_mb, h_mj), (a_mb, a_ref))):
            # 1e-12 of the reference's largest entry, beyond a round-off floor of 1e-15 of the
            # terms' size for h, carried to q̈ by ‖M⁻¹‖.
            scale = np.max(np.abs(b))
            floor = (0.0, FLOOR * terms, FLOOR * terms * np.linalg.norm(np.linalg.inv(m_mj), 2))[i]
            worst[i] = max(worst[i], max(np.max(np.abs(a - b)) - floor, 0.0) / max(scale, 1e-300))
            if i > 0:
                worst[2 + i] = max(worst[2 + i], np.max(np.abs(a - b)) / max(scale, 1e-300))
    return n, worst


def main():
    dump, n_states = sys.argv[1], int(sys.argv[2])
    rng = np.random.default_rng(20261128)
    ok = True
    print("model\tn\tM\th\taba_vs_solve\th_raw\taba_raw")
    for spec in sys.argv[3:]:
        name, xml, block = spec.split(":")
        n, worst = check(dump, n_states, name, xml, block, rng)
        ok &= all(w <= TOL for w in worst[:3])
        print(f"{name}\t{n}\t" + "\t".join(f"{w:.1e}" for w in worst), flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
