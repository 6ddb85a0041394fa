"""The contact scene beside MuJoCo (bench/import/compare_mujoco.sh, step 5).

The ball of ball.xml (radius 0.1 m, 1 kg, friction 0.3) launched along y at v₀ = 2 m/s without
spin. Routh's closed form for a rigid ball with Coulomb friction (Routh 1905, "Dynamics of a
System of Rigid Bodies", elementary part, §§ 243–246): the slip speed falls at 7/2 μ g, rolling
starts at t_s = 2 v₀/(7 μ g) = 0.1942 s, then the ball rolls at 5/7 v₀ = 1.4286 m/s. mb's rigid
contact (the `scene` example: Moreau–Jean, θ = ½, h = 1e-4) against MuJoCo's soft contact
(mj_step at the file's 1e-4 s, its defaults: pyramidal cone, solref 0.02, solimp (0.9, 0.95,
0.001)). Trajectories are not expected to agree; both are reported: the time at which the slip
speed first falls below 1 % of v₀ (0.99 t_s in the closed form; mb's rows are every 10 steps),
the speed at t = 0.5 s, and the largest |y_mb − y_MuJoCo|.

Usage: python scene_mujoco.py XML MB_TRAJECTORY
"""

import sys

import mujoco
import numpy as np

V0, MU, G, R = 2.0, 0.3, 9.81, 0.1


def mujoco_run(xml, t_end):
    model = mujoco.MjModel.from_xml_path(xml)
    data = mujoco.MjData(model)
    data.qvel[1] = V0
    rows = []
    while data.time < t_end - 1e-12:
        mujoco.mj_step(model, data)
        v = data.qvel[:3]
        omega = data.xmat[1].reshape(3, 3) @ data.qvel[3:6]
        slip = v + np.cross(omega, [0.0, 0.0, -R])
        rows.append((data.time, data.qpos[1], v[1], np.hypot(slip[0], slip[1])))
    return np.array(rows)


def summary(rows):
    rolling = rows[rows[:, 3] < 0.01 * V0]
    t_roll = rolling[0, 0] if len(rolling) else float("nan")
    return t_roll, rows[-1, 2]


def main():
    xml, mb_file = sys.argv[1], sys.argv[2]
    mb = np.loadtxt(mb_file)
    mj = mujoco_run(xml, mb[-1, 0])
    t_s, v_roll = 2 * V0 / (7 * MU * G), 5 * V0 / 7
    print("side\tslip_below_1%_at_s\tspeed_at_end_m_s")
    # The slip speed v₀ − 7/2 μ g t falls below 1 % of v₀ at 0.99 t_s.
    print(f"Routh (closed form; t_s = {t_s:.4f})\t{0.99 * t_s:.4f}\t{v_roll:.4f}")
    for name, rows in (("mb (rigid, Moreau-Jean)", mb), ("MuJoCo (soft)", mj)):
        t, v = summary(rows)
        print(f"{name}\t{t:.4f}\t{v:.4f}")
    y_mj = np.interp(mb[:, 0], mj[:, 0], mj[:, 1])
    print(f"largest |y_mb - y_MuJoCo| over [0, {mb[-1, 0]:.1f}] s: {np.max(np.abs(mb[:, 1] - y_mj)):.2e} m")


main()
