#!/usr/bin/python3
"""The woodpecker toy (Glocker & Studer 2005, Sect. 4, Table I) in Siconos.

Moreau-Jean OSI with theta = 0.5, 2-D frictional contact solved by SICONOS_FRICTION_2D_LEMKE,
the same model as mb's `Woodpecker` (linearised kinematics, eqs (13)-(16)): a
LagrangianLinearTIDS with M, K and constant F_ext from (14), three LagrangianLinearTIR
contacts y = (g_N, g_T) = H q + b with H = [w_N^T; w_T^T] from (16).

Timing: `runs` bare runs (no Python-side recording or output), each on a fresh simulation whose
construction and Simulation::initialize() are excluded; per run the wall time (time.perf_counter)
and the CPU time of all the process's threads (time.process_time) of the
`computeOneStep(); nextStep()` loop; the medians per step are printed with the thread count of the
process read from /proc/self/status after the runs (bench/compare_timestepping.sh sets
OMP_NUM_THREADS and OPENBLAS_NUM_THREADS; one thread unless told otherwise). Then the limit-cycle
figures of a further, recorded run, with the same cycle definition as
examples/src/bin/woodpecker.rs (cycle = beak impact following a downward passage of phi_S through
-0.2788).

Prints
    TIMING siconos-jean(theta=0.5) h steps wall_us_per_step cpu_us_per_step runs threads
    FIGURES ...

Install: apt-get install -y python3-siconos; run with /usr/bin/python3.
Usage: woodpecker.py [h] [t_end] [runs]
"""
import sys
import time

import numpy as np
import siconos.kernel as sk
import siconos.numerics as sn

H_STEP = float(sys.argv[1]) if len(sys.argv) > 1 else 1e-5
T_END = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 5

# Table I
r_O, r_M, h_M, l_M, l_G, h_S, l_S = 0.0025, 0.0031, 0.0058, 0.010, 0.015, 0.02, 0.0201
m_M, m_S, J_M, J_S, c_phi, g = 0.0003, 0.0045, 5.0e-9, 7.0e-7, 0.0056, 9.81
e_N = [0.5, 0.0, 0.0]
mu = 0.3
Q0 = [0.0, -0.1036, -0.2788]
U0 = [-0.3411, 0.0, -7.4583]


def build():
    M = np.array([[m_S + m_M, m_S * l_M, m_S * l_G],
                  [m_S * l_M, J_M + m_S * l_M ** 2, m_S * l_M * l_G],
                  [m_S * l_G, m_S * l_M * l_G, J_S + m_S * l_G ** 2]])
    K = np.array([[0.0, 0.0, 0.0], [0.0, c_phi, -c_phi], [0.0, -c_phi, c_phi]])
    F = np.array([-(m_S + m_M) * g, -m_S * l_M * g, -m_S * l_G * g])
    ds = sk.LagrangianLinearTIDS(Q0, U0, M)
    ds.setKPtr(K)
    ds.setFExtPtr(F)
    # (15), (16): rows (w_N^T, w_T^T), offsets (gap constant, 0).
    contacts = [
        ([[0.0, 0.0, -h_S], [1.0, l_M, l_G - l_S]], [l_M + l_G - l_S - r_O, 0.0]),
        ([[0.0, h_M, 0.0], [1.0, r_M, 0.0]], [r_M - r_O, 0.0]),
        ([[0.0, -h_M, 0.0], [1.0, r_M, 0.0]], [r_M - r_O, 0.0]),
    ]
    nsds = sk.NonSmoothDynamicalSystem(0.0, T_END)
    nsds.insertDynamicalSystem(ds)
    inters = []
    for (Hm, b), e in zip(contacts, e_N):
        rel = sk.LagrangianLinearTIR(np.array(Hm), np.array(b))
        law = sk.NewtonImpactFrictionNSL(e, 0.0, mu, 2)
        inter = sk.Interaction(law, rel)
        nsds.link(inter, ds)
        inters.append(inter)
    td = sk.TimeDiscretisation(0.0, H_STEP)
    osi = sk.MoreauJeanOSI(0.5)
    osnspb = sk.FrictionContact(2, sn.SICONOS_FRICTION_2D_LEMKE)
    sim = sk.TimeStepping(nsds, td, osi, osnspb)
    sim.initialize()
    return ds, inters, sim


def bare_run():
    """(steps, wall seconds, CPU seconds) of the step loop of one fresh, initialised simulation."""
    ds, inters, sim = build()
    steps = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while sim.hasNextEvent():
        sim.computeOneStep()
        sim.nextStep()
        steps += 1
    return steps, time.perf_counter() - wall0, time.process_time() - cpu0


def threads():
    with open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("Threads")).split()[1])


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def recorded_run():
    ds, inters, sim = build()
    rows = []
    while sim.hasNextEvent():
        sim.computeOneStep()
        q = np.array(ds.q())
        v = np.array(ds.velocity())
        lam = [inters[i].lambda_(1)[0] if inters[i].lambda_(1) is not None else 0.0 for i in range(3)]
        rows.append((sim.nextTime(), *q, *v, *lam))
        sim.nextStep()
    return np.array(rows)


def figures(rows):
    """Cycle figures as in examples/src/bin/woodpecker.rs."""
    cycles, cur, armed, beak_was = [], None, False, False
    section = []
    prev = None
    for r in rows:
        t, y, pm, ps, v, wm, ws, l1, l2, l3 = r
        if prev is not None:
            ps0 = prev[3]
            if ps0 > Q0[2] >= ps and ws < 0:
                s = (ps0 - Q0[2]) / (ps0 - ps)
                section.append((prev[4] + s * (v - prev[4]), prev[6] + s * (ws - prev[6]), prev[2] + s * (pm - prev[2])))
                armed = True
        beak = l1 > 0.0
        impact = beak and not beak_was
        beak_was = beak
        dt = t - prev[0] if prev is not None else 0.0
        if impact and armed:
            if cur is not None:
                cur["t_end"], cur["y_end"] = t, y
                cycles.append(cur)
            cur = dict(t_start=t, y_start=y, impacts=0, phis=[ps, ps], phim=[pm, pm], ws=[ws, ws], closed=[0.0] * 3)
            armed = False
        if cur is not None:
            cur["impacts"] += int(impact)
            for key, x in (("phis", ps), ("phim", pm), ("ws", ws)):
                cur[key][0] = min(cur[key][0], x)
                cur[key][1] = max(cur[key][1], x)
            for i, lam in enumerate((l1, l2, l3)):
                if lam > 0.0:
                    cur["closed"][i] += dt
        prev = r
    settled = cycles[1:]
    if not settled:
        return None
    span = settled[-1]["t_end"] - settled[0]["t_start"]
    return dict(
        cycles=len(settled),
        period=span / len(settled),
        mean_v=(settled[-1]["y_end"] - settled[0]["y_start"]) / span,
        impacts=sum(c["impacts"] for c in settled) / len(settled),
        last=settled[-1],
        section=section[-1] if section else None,
    )


if __name__ == "__main__":
    runs = [bare_run() for _ in range(RUNS)]
    steps = runs[0][0]
    wall = median(r[1] for r in runs) * 1e6 / steps
    cpu = median(r[2] for r in runs) * 1e6 / steps
    print("TIMING siconos-jean(theta=0.5) %e %d %.4f %.4f %d %d" % (H_STEP, steps, wall, cpu, RUNS, threads()))
    f = figures(recorded_run())
    if f is None:
        print("FIGURES none (fewer than two complete cycles)")
    else:
        c = f["last"]
        print("FIGURES period=%.5f mean_v=%.5f impacts_per_cycle=%.2f phiS=%+.4f/%+.4f phiM=%+.4f/%+.4f omegaS=%+.3f/%+.3f"
              % (f["period"], f["mean_v"], f["impacts"], c["phis"][0], c["phis"][1], c["phim"][0], c["phim"][1],
                 c["ws"][0], c["ws"][1]))
        print("closed time per cycle (contact has a positive impulse) beak/lower/upper [ms]: %.2f / %.2f / %.2f"
              % tuple(1e3 * x for x in c["closed"]))
        if f["section"]:
            print("at phi_S = -0.2788 going down: v = %+.4f, omega_S = %+.4f, phi_M = %+.4f" % f["section"])
