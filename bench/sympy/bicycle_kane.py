#!/usr/bin/env python3
"""The Whipple bicycle in sympy.physics.mechanics (KanesMethod), linearised about upright straight
running, for comparison with mb (bench/compare_bicycle.sh).

Requirements: Python >= 3.9, sympy 1.14 (the version measured; with its mpmath) and numpy.
bench/compare_bicycle.sh installs them into a virtual environment under the repository's target/
and runs this script. The linearisation takes about 10 CPU minutes (the derivation a few
seconds).

The model: four rigid bodies, rear wheel R, rear frame B (with the rider), front frame H (fork and
handlebar), front wheel F, two knife-edge wheels rolling without slipping on flat ground, the
benchmark parameters of Meijaard, Papadopoulos, Ruina & Schwab (2007), "Linearized dynamics
equations for the balance and steer of a bicycle: a benchmark and review", Proc. R. Soc. A 463,
Table 1, in the paper's axes (x forward, y right, z down, gravity along +z).

  coordinates  q1, q2  rear contact point in the ground plane      q5  pitch of B
               q3      yaw (about the vertical)                     q6  rear wheel angle
               q4      lean/roll phi                                q7  steer delta
                                                                    q8  front wheel angle
  B = yaw(q3) about z, then lean(q4) about x, then pitch(q5) about y; H = B turned by q7 about the
  steer axis (sin lambda, 0, cos lambda) of B (pointing down, through the ground point a trail c
  ahead of the front contact); R and F spin about the axles B.y and H.y.
  speeds        u_i = q_i'.
  constraints   holonomic: the front contact point (the point of the front wheel's rim lowest in
                z) is on the ground; nonholonomic: the material points of both wheels at their
                contacts have zero velocity: the rear one in x and y, the front one laterally and
                longitudinally (axes of the heading frame) and in z (the time derivative of the
                holonomic constraint): 5 velocity constraints, dependent speeds u1, u2, u3, u5,
                u8; independent speeds u4 (lean rate), u6 (rear wheel rate), u7 (steer rate).

All 26 parameters stay symbols through the derivation (KanesMethod construction and
kanes_equations). The linearisation (KanesMethod.to_linearizer + Linearizer.linearize with
A_and_B=True; its linear solves substitute the operating point before solving, see `linearise`)
is about the steady motion q = 0 (upright, straight, pitch 0), u6 = -v/rR,
u1 = v, u8 = -v/rF, all other speeds and all accelerations 0, with the parameter values of Table
1 in the operating point and the forward speed v kept as a symbol (so A(v) is one symbolic
matrix valid at every speed). The state of A is (q_ind, u_ind) = (q1, q2, q3, q4, q6, q7, q8,
u4, u6, u7); the lean-steer block (q4, q7, u4, u7) is checked to be decoupled from the others
and its eigenvalues are the four roots of the benchmark. Evaluating A at a speed means
substituting v and converting to floats.

Output (stdout): one JSON object
  tool, sympy_version,
  derive_seconds, linearize_seconds, evaluate_seconds  CPU time (time.process_time) of the three
      steps (evaluate: median over the speeds 1..10 of substituting v into A, converting it to
      floats and taking the lean-steer block), and *_wall_seconds the same in wall time,
  speeds [1, ..., 10], eigenvalues [[[re, im] x 4] per speed] (sorted by real part, then
      imaginary part), weave_speed, capsize_speed (bisection on the largest real part of A(v)
      evaluated through sympy.lambdify, bracketed on a 0.01 m/s grid, refined to 1e-13 relative),
  benchmark_max_abs_difference  the largest difference of eigenvalues and speeds from the roots of
      the Appendix A characteristic polynomial (bench/sympy/bicycle_benchmark.py),
  benchmark_check "pass" if that is below 1e-8, "fail" otherwise (the exit status is then 1).
Progress goes to stderr.
"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import numpy as np
    import sympy as sm
    import sympy.physics.mechanics as me
except ImportError as err:  # pragma: no cover - environment problem
    sys.exit(f"{err}: run bench/compare_bicycle.sh, which installs sympy and numpy into a venv")

import bicycle_benchmark as bench

TOLERANCE = 1e-8


def log(message):
    print(message, file=sys.stderr, flush=True)


class Timer:
    """CPU (process) and wall time of a with-block."""

    def __enter__(self):
        self.cpu0, self.wall0 = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.cpu = time.process_time() - self.cpu0
        self.wall = time.perf_counter() - self.wall0


def symbols():
    """The parameters as symbols, named as in Table 1 (lam = lambda)."""
    names = "w c lam g rR mR IRxx IRyy xB zB mB IBxx IByy IBzz IBxz xH zH mH IHxx IHyy IHzz IHxz rF mF IFxx IFyy"
    return dict(zip(names.split(), sm.symbols(names, real=True)))


def kinematics(p):
    """Frames, points, coordinates and speeds of the bicycle, and its constraints."""
    q = me.dynamicsymbols("q1:9")
    u = me.dynamicsymbols("u1:9")
    qd_to_u = {qi.diff(me.dynamicsymbols._t): ui for qi, ui in zip(q, u)}
    N = me.ReferenceFrame("N")
    yaw = N.orientnew("A", "Axis", (q[2], N.z))
    lean = yaw.orientnew("L", "Axis", (q[3], yaw.x))
    B = lean.orientnew("B", "Axis", (q[4], lean.y))
    steer_axis = sm.sin(p["lam"]) * B.x + sm.cos(p["lam"]) * B.z
    H = B.orientnew("H", "Axis", (q[6], steer_axis))
    R = B.orientnew("R", "Axis", (q[5], B.y))
    F = H.orientnew("F", "Axis", (q[7], H.y))
    for frame in (lean, B, H, R, F):
        frame.set_ang_vel(N, frame.ang_vel_in(N).subs(qd_to_u))

    origin = me.Point("O")
    origin.set_vel(N, 0)
    rear_contact = origin.locatenew("P", q[0] * N.x + q[1] * N.y)
    # The rear hub is r_R above the contact, along the wheel plane's line of steepest ascent.
    rear_hub = rear_contact.locatenew("Rc", -p["rR"] * lean.z)
    rear_com = rear_hub.locatenew("Bo", p["xB"] * B.x + (p["zB"] + p["rR"]) * B.z)
    # A point of the steer axis fixed in B and H: its ground point in the reference configuration.
    steer_point = rear_hub.locatenew("S", (p["w"] + p["c"]) * B.x + p["rR"] * B.z)
    front_com = steer_point.locatenew("Ho", (p["xH"] - p["w"] - p["c"]) * H.x + p["zH"] * H.z)
    front_hub = steer_point.locatenew("Fc", -p["c"] * H.x - p["rF"] * H.z)
    # The front contact: from the hub, r_F along the unit vector of the wheel plane closest to z.
    down_in_plane = N.z - N.z.dot(H.y) * H.y
    front_contact = front_hub.locatenew("Fn", p["rF"] * down_in_plane.normalize())
    for point in (rear_hub, rear_com, steer_point, front_com, front_hub):
        point.set_vel(N, point.pos_from(origin).dt(N).subs(qd_to_u))

    holonomic = front_contact.pos_from(rear_contact).dot(N.z)
    rear_slip = rear_hub.vel(N) + R.ang_vel_in(N).cross(rear_contact.pos_from(rear_hub))
    front_slip = front_hub.vel(N) + F.ang_vel_in(N).cross(front_contact.pos_from(front_hub))
    # Order matters: KanesMethod solves these for (u1, u2, u3, u5, u8) by LU without pivoting,
    # and each leading minor must be nonzero at the upright configuration (there the front
    # longitudinal slip does not involve the yaw rate u3, the lateral one does).
    nonholonomic = [rear_slip.dot(N.x), rear_slip.dot(N.y), front_slip.dot(yaw.y),
                    front_slip.dot(N.z), front_slip.dot(yaw.x)]
    frames = {"N": N, "B": B, "H": H, "R": R, "F": F}
    points = {"Rc": rear_hub, "Bo": rear_com, "Ho": front_com, "Fc": front_hub}
    return q, u, frames, points, holonomic, nonholonomic


def bodies_and_loads(p, frames, points):
    """The four rigid bodies (inertia about their centres of mass) and gravity along +z."""
    B, H, R, F, N = (frames[k] for k in "BHRFN")
    inertia_b = me.inertia(B, p["IBxx"], p["IByy"], p["IBzz"], 0, 0, p["IBxz"])
    inertia_h = me.inertia(H, p["IHxx"], p["IHyy"], p["IHzz"], 0, 0, p["IHxz"])
    bodies = [
        me.RigidBody("rear_wheel", points["Rc"], R, p["mR"], (me.inertia(R, p["IRxx"], p["IRyy"], p["IRxx"]), points["Rc"])),
        me.RigidBody("rear_frame", points["Bo"], B, p["mB"], (inertia_b, points["Bo"])),
        me.RigidBody("front_frame", points["Ho"], H, p["mH"], (inertia_h, points["Ho"])),
        me.RigidBody("front_wheel", points["Fc"], F, p["mF"], (me.inertia(F, p["IFxx"], p["IFyy"], p["IFxx"]), points["Fc"])),
    ]
    loads = [(body.masscenter, body.mass * p["g"] * N.z) for body in bodies]
    return bodies, loads


def derive(p):
    """KanesMethod with the rolling constraints, and kanes_equations."""
    q, u, frames, points, holonomic, nonholonomic = kinematics(p)
    bodies, loads = bodies_and_loads(p, frames, points)
    t = me.dynamicsymbols._t
    kane = me.KanesMethod(
        frames["N"],
        q_ind=[q[0], q[1], q[2], q[3], q[5], q[6], q[7]],
        u_ind=[u[3], u[5], u[6]],
        kd_eqs=[qi.diff(t) - ui for qi, ui in zip(q, u)],
        q_dependent=[q[4]],
        configuration_constraints=[holonomic],
        u_dependent=[u[0], u[1], u[2], u[4], u[7]],
        velocity_constraints=nonholonomic,
    )
    kane.kanes_equations(bodies, loads)
    return kane, q, u


def operating_point(q, u, p, v):
    """Upright straight running at speed v: q = 0, u6 = -v/rR, u1 = v, u8 = -v/rF, every other
    speed and every acceleration 0; the parameters at their Table 1 values (lambda = pi/10)."""
    t = me.dynamicsymbols._t
    values = bench.parameters()
    op = {p[k]: sm.Float(values[k], 17) for k in p if k != "lam"}
    op[p["lam"]] = sm.pi / 10
    speeds = {ui: 0 for ui in u}
    speeds.update({u[0]: v, u[5]: -v / op[p["rR"]], u[7]: -v / op[p["rF"]]})
    op.update({qi: 0 for qi in q})
    op.update(speeds)
    op.update({qi.diff(t): speeds[ui] for qi, ui in zip(q, u)})
    op.update({ui.diff(t): 0 for ui in u})
    return op


def linearise(kane, q, u, p, v):
    """A(v) about upright straight running at speed v, parameters of Table 1.

    SymPy's Linearizer solves the constraint Jacobians symbolically (LU) before it substitutes the
    operating point; with symbolic parameters that takes about 15 CPU minutes here and gives NaN,
    because LU pivots that are not identically zero vanish at the upright configuration. Every
    one of those solves is only used at the operating point, so the solver given to the
    Linearizer (its documented `linear_solver` hook) substitutes the operating point into the
    system first and then solves by LU: the same A, without the 0/0.
    """
    op = operating_point(q, u, p, v)

    def solve_at_operating_point(matrix, rhs):
        return me.msubs(matrix, op).LUsolve(me.msubs(rhs, op))

    linearizer = kane.to_linearizer(linear_solver=solve_at_operating_point)
    A, _ = linearizer.linearize(op_point=op, A_and_B=True)
    return A


LEAN_STEER = [3, 5, 7, 9]  # q4, q7, u4, u7 in (q1, q2, q3, q4, q6, q7, q8, u4, u6, u7)


def lean_steer_block(A_numeric):
    """The 4 x 4 block of (q4, q7, u4, u7), after checking that those rows do not depend on the
    other states (yaw, position, wheel angles and the perturbation of the rear wheel rate)."""
    others = [k for k in range(A_numeric.shape[1]) if k not in LEAN_STEER]
    coupling = np.abs(A_numeric[np.ix_(LEAN_STEER, others)]).max()
    if coupling > 1e-12 * max(1.0, np.abs(A_numeric).max()):
        raise RuntimeError(f"lean-steer rows couple to other states ({coupling:.2e})")
    return A_numeric[np.ix_(LEAN_STEER, LEAN_STEER)]


def sorted_eigenvalues(block):
    return sorted((complex(z) for z in np.linalg.eigvals(block)), key=lambda z: (z.real, z.imag))


def main():
    p = symbols()
    v = sm.Symbol("v", real=True)
    log("deriving the Kane equations (symbolic parameters)")
    with Timer() as derive_time:
        kane, q, u = derive(p)
    log(f"  {derive_time.cpu:.1f} s CPU; linearising about upright straight running")
    with Timer() as linearise_time:
        A = linearise(kane, q, u, p, v)
    log(f"  {linearise_time.cpu:.1f} s CPU; evaluating A at v = 1..10 m/s")
    speeds = list(range(1, 11))
    eigenvalues, cpu_evals, wall_evals = [], [], []
    for speed in speeds:
        with Timer() as eval_time:
            A_v = np.array(A.subs(v, speed).evalf(), dtype=float)
            block = lean_steer_block(A_v)
        cpu_evals.append(eval_time.cpu)
        wall_evals.append(eval_time.wall)
        eigenvalues.append(sorted_eigenvalues(block))
    A_fast = sm.lambdify(v, A, modules="numpy")

    def abscissa(speed):
        return max(z.real for z in sorted_eigenvalues(lean_steer_block(np.array(A_fast(speed), dtype=float))))

    weave, capsize = bench.self_stable_range(abscissa)

    # The same quantities from the Appendix A closed forms.
    ref_weave, ref_capsize = bench.self_stable_range(lambda s: max(z.real for z in bench.benchmark_roots(s)))
    diffs = [abs(a - b) for speed, got in zip(speeds, eigenvalues) for a, b in zip(got, bench.benchmark_roots(speed))]
    diffs += [abs(weave - ref_weave), abs(capsize - ref_capsize)]
    worst = max(diffs)
    result = {
        "tool": "sympy",
        "sympy_version": sm.__version__,
        "derive_seconds": derive_time.cpu,
        "linearize_seconds": linearise_time.cpu,
        "evaluate_seconds": statistics.median(cpu_evals),
        "derive_wall_seconds": derive_time.wall,
        "linearize_wall_seconds": linearise_time.wall,
        "evaluate_wall_seconds": statistics.median(wall_evals),
        "speeds": speeds,
        "eigenvalues": [[[z.real, z.imag] for z in eig] for eig in eigenvalues],
        "weave_speed": weave,
        "capsize_speed": capsize,
        "benchmark_max_abs_difference": worst,
        "benchmark_check": "pass" if worst <= TOLERANCE else "fail",
    }
    print(json.dumps(result, indent=1))
    return 0 if worst <= TOLERANCE else 1


if __name__ == "__main__":
    sys.exit(main())
