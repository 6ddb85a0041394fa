#!/usr/bin/python3
"""Siconos 4.4 event-driven runs of the bouncing ball and the hinged bar, timed per event.

Usage: /usr/bin/python3 bench/event/siconos_event.py ball|bar [runs]   (Debian python3-siconos)

Models (the same data as mb's examples):

* ball: unit mass, g = 9.81, dropped from rest at h0 = 1 m onto y >= 0, Newton's law e = 0.5, to
  t = 2 s (LagrangianLinearTIDS, LagrangianLinearTIR with H = [1], NewtonImpactNSL);
* bar: the hinged bar of Lötstedt (1982), Sect. 1 (mb: `HingedBar` in examples/src/event_models.rs,
  m = 1, l = 0.5, d = 0.8, e = 0.5), released at rest from θ = π/2, to t = 3 s. LsodarOSI accepts
  only NewtonImpactNSL (and MultipleImpactNSL) interactions: a hinge given as EqualityConditionNSL
  relations makes Simulation::initialize() throw in LsodarOSI::initializeWorkVectorsForInteraction
  (and EventDriven's index sets, impact and acceleration LCPs and LSODAR roots treat every
  interaction as unilateral). So the bar is written in its single angle θ: a LagrangianDS with
  I θ̈ = -m g l sin θ (I = 4/3 m l², F_int from a C plugin) and the floor as a
  LagrangianScleronomousR with h = d - 2l cos θ, ∇h and d/dt ∇h from the same plugin
  (bench/event/hinged_bar_plugin.c, compiled by bench/compare_event.sh into
  $SICONOS_PLUGIN_DIR/HingedBarPlugin.so). The motion is the same as mb's three coordinates with
  the hinge as two bilateral constraints. With Siconos' default event tolerance
  (EventDriven::_TOL_ED = 2.2e-12) this run throws in updateIndexSetsWithDoubleCondition at the
  accumulation point (t ≈ 1.33743); it passes with setToleranceED(1e-10), used here.

Settings: EventDriven + LsodarOSI, rtol 1e-10, atol 1e-12 (mb's defaults), impact and
acceleration-level LCPs. The TimeDiscretisation step is T/2: the EventsManager schedules t0 + h and
t0 + 2h at construction and integrates to both, so T/2 is the largest step with which the run
stops at T (a step of T would integrate on to 2T); the two output instants are the only
non-root events.

Timing: construction and initialize() excluded; wall time (time.perf_counter) of Simulation::run()
(the event loop in C++; its two banner lines are sent to /dev/null), median over `runs` fresh
simulations (default 21). The thread count of the process after the runs is printed (set
OMP_NUM_THREADS=1 for one thread). Events are counted on a separate, identical run driven from
Python (advanceToEvent / processEvents): non-smooth events (LSODAR roots; an impact when the impact
LCP's λ⁽¹⁾ > 0) and output instants.

Printed: a human-readable summary and machine-readable lines
    IMPACTS t1 t2 ...                (every impact time)
    RESULT us_per_run=… events=… nonsmooth=… impacts=… us_per_event=… us_per_nonsmooth=… threads=…
"""

import math
import os
import tempfile
import sys
import time

import siconos.kernel as sk

RTOL, ATOL = 1e-10, 1e-12
PLUGIN = os.path.join(os.environ.get("SICONOS_PLUGIN_DIR", tempfile.gettempdir()), "HingedBarPlugin")


def lsodar_simulation(ds, inter, t_end):
    """EventDriven + LsodarOSI over [0, t_end] for one system and one interaction, initialised."""
    nsds = sk.NonSmoothDynamicalSystem(0.0, t_end)
    nsds.insertDynamicalSystem(ds)
    nsds.link(inter, ds)
    sim = sk.EventDriven(nsds, sk.TimeDiscretisation(0.0, t_end / 2.0))
    osi = sk.LsodarOSI()
    osi.setTol(1, RTOL, ATOL)
    sim.insertIntegrator(osi)
    sim.insertNonSmoothProblem(sk.LCP(), sk.SICONOS_OSNSP_ED_IMPACT)
    sim.insertNonSmoothProblem(sk.LCP(), sk.SICONOS_OSNSP_ED_SMOOTH_ACC)
    sim.initialize()
    return sim


def bouncing_ball():
    h0, g, e, m = 1.0, 9.81, 0.5, 1.0
    ball = sk.LagrangianLinearTIDS([h0], [0.0], [[m]])
    ball.setFExtPtr([-m * g])
    inter = sk.Interaction(sk.NewtonImpactNSL(e), sk.LagrangianLinearTIR([[1.0]]))
    return lsodar_simulation(ball, inter, 2.0), inter


def hinged_bar():
    m, l, e = 1.0, 0.5, 0.5
    bar = sk.LagrangianDS([math.pi / 2.0], [0.0], [[4.0 / 3.0 * m * l * l]])
    bar.setComputeFIntFunction(PLUGIN, "fint")
    bar.setComputeJacobianFIntqFunction(PLUGIN, "jac_fint_q")
    bar.setComputeJacobianFIntqDotFunction(PLUGIN, "jac_fint_v")
    floor = sk.LagrangianScleronomousR(
        PLUGIN + ":gap", PLUGIN + ":gap_jacobian", PLUGIN + ":gap_jacobian_rate"
    )
    inter = sk.Interaction(sk.NewtonImpactNSL(e), floor)
    sim = lsodar_simulation(bar, inter, 3.0)
    sim.setToleranceED(1e-10)
    return sim, inter


CASES = {"ball": bouncing_ball, "bar": hinged_bar}


def counted_run(build):
    """One run driven from Python: (events, non-smooth events, impact times)."""
    sim, inter = build()
    manager = sim.eventsManager()
    events, nonsmooth, impacts = 0, 0, []
    while sim.hasNextEvent():
        sim.advanceToEvent()
        is_root = manager.nextEvent().getType() == 2  # NS_EVENT: a root found by LSODAR
        t = sim.nextTime()
        sim.processEvents()
        events += 1
        if is_root:
            nonsmooth += 1
            if inter.lambda_(1)[0] > 0.0:
                impacts.append(t)
    return events, nonsmooth, impacts


def timed_runs(build, runs):
    """Wall time of Simulation::run() on `runs` fresh simulations (construction excluded)."""
    samples = []
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        for _ in range(runs):
            sim, _ = build()
            sys.stdout.flush()
            os.dup2(devnull, 1)
            start = time.perf_counter()
            sim.run()
            samples.append(time.perf_counter() - start)
            os.dup2(saved, 1)
    finally:
        os.dup2(saved, 1)
        os.close(devnull)
        os.close(saved)
    samples.sort()
    return samples


def threads():
    with open("/proc/self/status") as status:
        return int(next(line for line in status if line.startswith("Threads")).split()[1])


def main():
    case = sys.argv[1] if len(sys.argv) > 1 else "ball"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 21
    build = CASES[case]
    events, nonsmooth, impacts = counted_run(build)
    samples = timed_runs(build, runs)
    us_run = samples[len(samples) // 2] * 1e6
    n_threads = threads()
    print(f"Siconos {case}: EventDriven + LsodarOSI, rtol={RTOL:g}, atol={ATOL:g}")
    print(
        f"  {events} events per run: {nonsmooth} LSODAR roots (non-smooth events, "
        f"{len(impacts)} impacts), {events - nonsmooth} output instants"
    )
    print(
        f"  wall per run: median {us_run:.1f} µs over {runs} runs "
        f"(min {samples[0] * 1e6:.1f}, max {samples[-1] * 1e6:.1f}); threads {n_threads}"
    )
    print(f"  last impact at t = {impacts[-1]:.13f}" if impacts else "  no impact")
    print("IMPACTS " + " ".join(f"{t:.17g}" for t in impacts))
    print(
        f"RESULT us_per_run={us_run:.6f} events={events} nonsmooth={nonsmooth} "
        f"impacts={len(impacts)} us_per_event={us_run / events:.6f} "
        f"us_per_nonsmooth={us_run / max(nonsmooth, 1):.6f} threads={n_threads}"
    )


if __name__ == "__main__":
    main()
