#!/usr/bin/python3
"""The spatial-friction examples of mb (InclineBlock, SlidingBlock, RollingBall; the `Default`
parameters of the generated structs) in Siconos 4.4, for bench/compare_friction3d.sh.

Each model: one LagrangianLinearTIDS (constant M, constant external force F = gravity), one
LagrangianLinearTIR y = H q + b whose rows are (normal, t1, t2) exactly as in mb (same tangent
directions and orientation), NewtonImpactFrictionNSL(e_N, 0, mu, 3), FrictionContact(3) solved by
NSGS (SICONOS_FRICTION_3D_NSGS) or semismooth Newton on the Alart-Curnier function
(SICONOS_FRICTION_3D_NSN_AC), MoreauJeanOSI(theta = 0.5), TimeStepping with a constant step h.

  incline  point mass on the 30 deg slope n.r = 0, n = (-sin a, 0, cos a), t1 = (cos a, 0, sin a),
           t2 = (0, 1, 0); m = 2.5, mu = tan(a)/2; released at rest 1 nm inside the plane.
  sliding  point mass on z = 0, t1 = e_x, t2 = e_y; m = 2.5, mu = 0.4; 1 nm inside the floor,
           launched at 2 m/s at 30 deg to the x axis.
  ball     (x, y, z, phi_x, phi_y, phi_z), M = diag(m, m, m, I, I, I) with I = 2/5 m r^2,
           m = 0.17, r = 0.0286, mu = 0.2, e_N = 0; gap z - r, slips (x - r phi_y, y + r phi_x);
           centre 1 nm below r, launched at 1.5 m/s at 30 deg to the x axis with no spin.

Tolerance: Siconos 4.4's fc3d solvers stop when ||r - proj_K(r - u~)|| / max(||q||, ||r||, ||u||)
<= tol (its fc3d_compute_error; NSGS checks this full error at the end of its sweeps); mb's cone
solver stops when ||r - proj_K(r - u~)|| / (1 + ||q||) <= 1e-10. Here tol = 1e-10, so Siconos is
at least as accurate in absolute terms as mb whenever max(||q||, ||r||, ||u||) <= 1 + ||q||, which
holds at every step of these runs (impulses ||r|| <= m g h < 1).

Timing: one untimed warm-up run, then whole runs (at least REPEATS, default 5, until 1 s of CPU
time) of the bare `computeOneStep(); nextStep()` loop, CPU time of the process
(time.process_time: every thread of the process), the simulation built outside the timed region;
the median per step is printed. The number of threads of the process after the loop
(/proc/self/task) is printed too.

Usage: friction3d.py MODEL H T_END SOLVER [--csv PATH] [--repeats N]   (SOLVER: nsgs | nsn)
       friction3d.py MODEL --describe          (M, F, H, b_n, mu, e_n, q0, u0 as mb prints them)
Prints: TIMING model siconos-SOLVER h steps cpu_us_per_step wall_us_per_step runs threads
"""
import math
import os
import statistics
import sys
import time

import numpy as np
import siconos.kernel as sk
import siconos.numerics as sn

G = 9.81
DEPTH = 1e-9
LAUNCH = math.radians(30.0)
TOL = 1e-10
MAX_ITER = 1000


def model(name):
    """(M, F, H, b_n, mu, e_n, q0, u0) of the named model, as mb defines it."""
    if name == "incline":
        m, a = 2.5, 0.5235987755982988
        mu = 0.28867513459481287
        n = np.array([-math.sin(a), 0.0, math.cos(a)])
        t1 = np.array([math.cos(a), 0.0, math.sin(a)])
        t2 = np.array([0.0, 1.0, 0.0])
        return (m * np.eye(3), np.array([0.0, 0.0, -m * G]), np.vstack([n, t1, t2]), 0.0, mu, 0.0,
                -DEPTH * n, np.zeros(3))
    if name == "sliding":
        m, mu = 2.5, 0.4
        return (m * np.eye(3), np.array([0.0, 0.0, -m * G]), np.eye(3)[[2, 0, 1]], 0.0, mu, 0.0,
                np.array([0.0, 0.0, -DEPTH]), 2.0 * np.array([math.cos(LAUNCH), math.sin(LAUNCH), 0.0]))
    if name == "ball":
        m, r, mu, e = 0.17, 0.0286, 0.2, 0.0
        inertia = 0.4 * m * r * r
        H = np.array([[0.0, 0.0, 1.0, 0.0, 0.0, 0.0],
                      [1.0, 0.0, 0.0, 0.0, -r, 0.0],
                      [0.0, 1.0, 0.0, r, 0.0, 0.0]])
        q0 = np.array([0.0, 0.0, r - DEPTH, 0.0, 0.0, 0.0])
        u0 = np.array([1.5 * math.cos(LAUNCH), 1.5 * math.sin(LAUNCH), 0.0, 0.0, 0.0, 0.0])
        return (np.diag([m, m, m, inertia, inertia, inertia]), np.array([0.0, 0.0, -m * G, 0.0, 0.0, 0.0]),
                H, -r, mu, e, q0, u0)
    raise SystemExit(f"unknown model {name} (incline, sliding, ball)")


def build(name, h, t_end, solver):
    M, F, H, b_n, mu, e_n, q0, u0 = model(name)
    ds = sk.LagrangianLinearTIDS(q0, u0, M)
    ds.setFExtPtr(F)
    rel = sk.LagrangianLinearTIR(H, np.array([b_n, 0.0, 0.0]))
    inter = sk.Interaction(sk.NewtonImpactFrictionNSL(e_n, 0.0, mu, 3), rel)
    nsds = sk.NonSmoothDynamicalSystem(0.0, t_end)
    nsds.insertDynamicalSystem(ds)
    nsds.link(inter, ds)
    sid = {"nsgs": sn.SICONOS_FRICTION_3D_NSGS, "nsn": sn.SICONOS_FRICTION_3D_NSN_AC}[solver]
    osnspb = sk.FrictionContact(3, sid)
    opts = osnspb.numericsSolverOptions()
    opts.dparam[sn.SICONOS_DPARAM_TOL] = TOL
    opts.iparam[sn.SICONOS_IPARAM_MAX_ITER] = MAX_ITER
    sim = sk.TimeStepping(nsds, sk.TimeDiscretisation(0.0, h), sk.MoreauJeanOSI(0.5), osnspb)
    return ds, inter, osnspb, sim


def bare_run(args):
    ds, inter, osnspb, sim = build(*args)
    steps = 0
    c0, w0 = time.process_time(), time.perf_counter()
    while sim.hasNextEvent():
        sim.computeOneStep()
        sim.nextStep()
        steps += 1
    return steps, time.process_time() - c0, time.perf_counter() - w0


def recorded_run(args, path):
    ds, inter, osnspb, sim = build(*args)
    n = len(ds.q())
    opts = osnspb.numericsSolverOptions()
    rows = [[0.0, 0.0, *ds.q(), *ds.velocity(), 0.0, 0.0, 0.0, 0.0, 0.0]]
    step = 0
    while sim.hasNextEvent():
        sim.computeOneStep()
        step += 1
        lam = inter.lambda_(1)
        lam = [0.0, 0.0, 0.0] if lam is None else list(lam)
        active = osnspb.getSizeOutput() > 0
        iters = opts.iparam[sn.SICONOS_IPARAM_ITER_DONE] if active else 0
        resid = opts.dparam[sn.SICONOS_DPARAM_RESIDU] if active else 0.0
        rows.append([step, sim.nextTime(), *ds.q(), *ds.velocity(), *lam, iters, resid])
        sim.nextStep()
    head = ["step", "t"] + [f"q{i}" for i in range(n)] + [f"v{i}" for i in range(n)]
    head += ["lambda_n", "lambda_t1", "lambda_t2", "iterations", "siconos_residual"]
    np.savetxt(path, np.array(rows), delimiter=",", header=",".join(head), comments="", fmt="%.17e")


def describe(name):
    M, F, H, b_n, mu, e_n, q0, u0 = model(name)
    for key, x in [("M", M.ravel()), ("F", F), ("H", H.ravel()), ("b_n", [b_n]), ("mu", [mu]),
                   ("e_n", [e_n]), ("q0", q0), ("u0", u0)]:
        print(key, " ".join("%.17e" % v for v in x))


def main():
    argv = sys.argv[1:]
    if len(argv) == 2 and argv[1] == "--describe":
        describe(argv[0])
        return
    name, h, t_end, solver = argv[0], float(argv[1]), float(argv[2]), argv[3]
    rest = argv[4:]
    csv = rest[rest.index("--csv") + 1] if "--csv" in rest else None
    repeats = int(rest[rest.index("--repeats") + 1]) if "--repeats" in rest else 5
    args = (name, h, t_end, solver)
    bare_run(args)  # warm-up
    cpu, wall, steps = [], [], 0
    budget = time.process_time()
    while len(cpu) < repeats or (time.process_time() - budget < 1.0 and len(cpu) < 200):
        steps, c, w = bare_run(args)
        cpu.append(c)
        wall.append(w)
    threads = len(os.listdir("/proc/self/task"))
    print("TIMING\t%s\tsiconos-%s\t%e\t%d\t%.4f\t%.4f\t%d\t%d"
          % (name, solver, h, steps, statistics.median(cpu) * 1e6 / steps,
             statistics.median(wall) * 1e6 / steps, len(cpu), threads))
    if csv:
        recorded_run(args, csv)


if __name__ == "__main__":
    main()
