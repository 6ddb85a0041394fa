#!/usr/bin/python3
"""Bouncing ball with Siconos's event-driven scheme, for comparison with mb's EventDriven.

Model: unit mass, gravity g = 9.81, dropped from rest at h0 = 1 m onto the floor y >= 0
(LagrangianLinearTIDS + LagrangianLinearTIR with H = [1], NewtonImpactNSL e = 0.5),
integrated by Siconos's EventDriven simulation with the LsodarOSI integrator (impact LCP and
smooth-acceleration LCP) until t = 2.0 s.

Printed: the first 10 impact times, their errors against the closed form
    t_1 = sqrt(2 h0 / g),   t_{k+1} = t_k + 2 e^k sqrt(2 h0 / g),
the maximum |error| over them, the number of impacts, and the CPU time per impact
(time.process_time over the whole run, median of several runs, divided by the number of
impacts). The last line is machine-readable:
    RESULT max_err=<s> us_per_event=<us> impacts=<n>

Run with /usr/bin/python3 (Debian package python3-siconos).
Optional arguments: rtol atol (LSODAR tolerances; default 1e-10 1e-12, as mb's defaults).
"""

import sys
import time

import siconos.kernel as sk

H0, G, E, M = 1.0, 9.81, 0.5, 1.0
T0, T_END, DT = 0.0, 2.0, 0.01
N_SHOWN = 10


def run(rtol, atol):
    """One full simulation; returns the list of impact times."""
    ball = sk.LagrangianLinearTIDS([H0], [0.0], [[M]])
    ball.setFExtPtr([-M * G])
    law = sk.NewtonImpactNSL(E)
    relation = sk.LagrangianLinearTIR([[1.0]])
    inter = sk.Interaction(law, relation)
    nsds = sk.NonSmoothDynamicalSystem(T0, T_END)
    nsds.insertDynamicalSystem(ball)
    nsds.link(inter, ball)

    td = sk.TimeDiscretisation(T0, DT)
    sim = sk.EventDriven(nsds, td)
    osi = sk.LsodarOSI()
    osi.setTol(1, rtol, atol)
    sim.insertIntegrator(osi)
    sim.insertNonSmoothProblem(sk.LCP(), sk.SICONOS_OSNSP_ED_IMPACT)
    sim.insertNonSmoothProblem(sk.LCP(), sk.SICONOS_OSNSP_ED_SMOOTH_ACC)
    sim.initialize()

    events = sim.eventsManager()
    impacts = []
    while sim.hasNextEvent():
        sim.advanceToEvent()
        non_smooth = events.nextEvent().getType() == 2
        t = sim.nextTime()
        sim.processEvents()
        if non_smooth:
            impacts.append(t)
    return impacts


def closed_form(n):
    """First n impact times of the bouncing ball (no rest phase before t_inf)."""
    tau = (2.0 * H0 / G) ** 0.5
    ts = [tau]
    for k in range(1, n):
        ts.append(ts[-1] + 2.0 * E**k * tau)
    return ts


def main():
    rtol = float(sys.argv[1]) if len(sys.argv) > 1 else 1e-10
    atol = float(sys.argv[2]) if len(sys.argv) > 2 else 1e-12
    impacts = run(rtol, atol)
    exact = closed_form(N_SHOWN)
    print(f"Siconos {sk.__name__} EventDriven + LsodarOSI, rtol={rtol:g}, atol={atol:g}")
    print(f"{'k':>3} {'t_k':>20} {'closed form':>20} {'error':>12}")
    max_err = 0.0
    for k, (t, te) in enumerate(zip(impacts, exact), start=1):
        err = t - te
        max_err = max(max_err, abs(err))
        print(f"{k:>3} {t:20.15f} {te:20.15f} {err:12.3e}")
    if len(impacts) < N_SHOWN:
        print(f"only {len(impacts)} impacts found")
        max_err = float("nan")
    samples = []
    for _ in range(7):
        c0 = time.process_time()
        n = len(run(rtol, atol))
        samples.append((time.process_time() - c0) / max(n, 1))
    samples.sort()
    us_per_event = samples[len(samples) // 2] * 1e6
    print(f"impacts to t = {T_END}: {len(impacts)}, last at {impacts[-1] if impacts else None}")
    print(f"max |t_k - closed form| over first {N_SHOWN}: {max_err:.3e} s")
    print(f"CPU per impact: {us_per_event:.1f} us")
    print(f"RESULT max_err={max_err:.6e} us_per_event={us_per_event:.6f} impacts={len(impacts)}")


if __name__ == "__main__":
    main()
