#!/usr/bin/python3
"""Bouncing ball (h0 = 1 m, e = 0.5, g = 9.81) in Siconos: Moreau-Jean theta = 0.5, LCP.

Same model as mb's `BouncingBall` example. Timing as in woodpecker.py: `runs` bare runs on fresh
simulations (construction and Simulation::initialize() excluded), medians of the wall and CPU time
of the step loop per step, and the process's thread count from /proc/self/status. Then the first
impact times of a recorded run next to the closed form t_1 = sqrt(2 h0 / g),
t_{k+1} = t_k + 2 e^k sqrt(2 g h0) / g. Impact time estimate: the midpoint of the first step
with a positive impulse (as in examples/src/bin/bouncing_ball_timestepping.rs).

Prints
    TIMING siconos-jean(theta=0.5) h steps wall_us_per_step cpu_us_per_step runs threads
    (a Markdown table of impact times)

Usage: bouncing_ball.py [h] [t_end] [runs]
"""
import math
import sys
import time

import numpy as np
import siconos.kernel as sk

H_STEP = float(sys.argv[1]) if len(sys.argv) > 1 else 1e-3
T_END = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
RUNS = int(sys.argv[3]) if len(sys.argv) > 3 else 21
M, G, E, H0 = 1.0, 9.81, 0.5, 1.0


def build():
    ds = sk.LagrangianLinearTIDS([H0], [0.0], np.array([[M]]))
    ds.setFExtPtr(np.array([-M * G]))
    rel = sk.LagrangianLinearTIR(np.array([[1.0]]))
    inter = sk.Interaction(sk.NewtonImpactNSL(E), rel)
    nsds = sk.NonSmoothDynamicalSystem(0.0, T_END)
    nsds.insertDynamicalSystem(ds)
    nsds.link(inter, ds)
    sim = sk.TimeStepping(nsds, sk.TimeDiscretisation(0.0, H_STEP), sk.MoreauJeanOSI(0.5), sk.LCP())
    sim.initialize()
    return ds, inter, sim


def bare_run():
    """(steps, wall seconds, CPU seconds) of the step loop of one fresh, initialised simulation."""
    ds, inter, sim = build()
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


def impact_times():
    ds, inter, sim = build()
    out, was = [], False
    while sim.hasNextEvent():
        sim.computeOneStep()
        lam = inter.lambda_(1)
        now = lam is not None and lam[0] > 0.0
        if now and not was:
            out.append(sim.nextTime() - 0.5 * H_STEP)
        was = now
        sim.nextStep()
    return out


if __name__ == "__main__":
    runs = [bare_run() for _ in range(RUNS)]
    steps = runs[0][0]
    wall = median(r[1] for r in runs) * 1e6 / steps
    cpu = median(r[2] for r in runs) * 1e6 / steps
    print("TIMING siconos-jean(theta=0.5) %e %d %.4f %.4f %d %d" % (H_STEP, steps, wall, cpu, RUNS, threads()))
    v1 = math.sqrt(2 * G * H0)
    t = math.sqrt(2 * H0 / G)
    print("| k | t_k closed form [s] | t_k Siconos [s] | error [s] |")
    print("|---|---|---|---|")
    for k, tn in enumerate(impact_times()[:8]):
        print("| %d | %.6f | %.6f | %+.2e |" % (k + 1, t, tn, tn - t))
        t += 2 * E ** (k + 1) * v1 / G
