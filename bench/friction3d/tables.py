#!/usr/bin/python3
"""Tables of bench/compare_friction3d.sh from the CSVs and TIMING lines it collected.

  tables.py OUT H...                 one Markdown table per model
  tables.py --same-data A B          exits non-zero unless the two `--describe` outputs (mb's and
                                     the Siconos script's) agree to 1e-15 relative

Closed forms (the docs of examples/src/friction3d_models.rs; g = 9.81):
  incline  slides down the steepest descent with a = g (sin a - mu cos a): distance a T^2 / 2 and
           speed a T at the end time T;
  sliding  v0 = 2 m/s: stops at t* = v0 / (mu g) after v0^2 / (2 mu g) (distance at T > t*);
  ball     v0 = 1.5 m/s: slips until t_s = 2 v0 / (7 mu g) while the centre decelerates at mu g,
           then rolls at 5 v0 / 7: distance v0 t_s - mu g t_s^2 / 2 + 5 v0 / 7 (T - t_s).
Transition times (stop, end of slipping) are read as the first step end at which the speed (slip
speed) is at most 1e-9 v0, so they are resolved to one step.
"""
import math
import sys

import numpy as np

G = 9.81
SOURCES = ["mb_jean", "mb_midpoint", "siconos_nsgs", "siconos_nsn"]


def same_data(a, b):
    def read(path):
        return {l.split()[0]: np.array([float(x) for x in l.split()[1:]]) for l in open(path)}
    da, db = read(a), read(b)
    for key in da.keys() | db.keys():
        x, y = da.get(key), db.get(key)
        if x is None or y is None or x.shape != y.shape or np.max(np.abs(x - y), initial=0.0) > 1e-15 * max(1.0, np.max(np.abs(x), initial=0.0)):
            sys.exit(f"model data differ in {key}: mb {x}, Siconos {y}")


def closed_form(model, rows, n):
    """(transition time error or None, distance error, speed error) against the closed form."""
    t, q, v = rows["t"], np.column_stack([rows[f"q{i}"] for i in range(n)]), np.column_stack([rows[f"v{i}"] for i in range(n)])
    T = t[-1]
    if model == "incline":
        alpha, mu = 0.5235987755982988, 0.28867513459481287
        a = G * (math.sin(alpha) - mu * math.cos(alpha))
        down = -np.array([math.cos(alpha), 0.0, math.sin(alpha)])
        return None, down @ (q[-1] - q[0]) - 0.5 * a * T * T, down @ v[-1] - a * T
    launch = math.radians(30.0)
    d = np.array([math.cos(launch), math.sin(launch), 0.0])
    if model == "sliding":
        v0, mu = 2.0, 0.4
        t_star = v0 / (mu * G)
        speed = np.linalg.norm(v, axis=1)
        stopped = t[np.argmax(speed <= 1e-9 * v0)] if np.any(speed <= 1e-9 * v0) else math.nan
        return stopped - t_star, d @ (q[-1] - q[0]) - v0 * v0 / (2 * mu * G), speed[-1]
    v0, mu, r = 1.5, 0.2, 0.0286
    t_s = 2 * v0 / (7 * mu * G)
    slip = np.linalg.norm(np.column_stack([v[:, 0] - r * v[:, 4], v[:, 1] + r * v[:, 3]]), axis=1)
    rolling = t[np.argmax(slip <= 1e-9 * v0)] if np.any(slip <= 1e-9 * v0) else math.nan
    dist = v0 * t_s - 0.5 * mu * G * t_s ** 2 + 5 * v0 / 7 * (T - t_s)
    return rolling - t_s, d @ (q[-1, :3] - q[0, :3]) - dist, d @ v[-1, :3] - 5 * v0 / 7


def order(e_coarse, e_fine, h_coarse, h_fine):
    """log(e_coarse/e_fine)/log(h_coarse/h_fine); "rounding" when either error is below 1e-11
    (rounding of the exact discrete motion, no discretisation error to measure)."""
    if not (math.isfinite(e_coarse) and math.isfinite(e_fine)):
        return "—"
    if min(abs(e_coarse), abs(e_fine)) < 1e-11:
        return "rounding"
    return "%.2f" % (math.log(abs(e_coarse / e_fine)) / math.log(h_coarse / h_fine))


def pair(a, b):
    """One closed-form error cell: the value once when mb and Siconos print the same, else both."""
    x, y = f"{a:+.2e}", f"{b:+.2e}"
    return x if x == y else f"{x} / {y}"


def tables(out, hs):
    timing = {}
    for line in open(f"{out}/timing.tsv"):
        f = line.rstrip("\n").split("\t")
        timing[(f[1], f[2], float(f[3]))] = dict(steps=int(f[4]), cpu=float(f[5]), wall=float(f[6]), threads=int(f[8]))
    names = dict(incline="InclineBlock, T = 1 s", sliding="SlidingBlock, T = 0.7 s", ball="RollingBall, T = 0.4 s")
    what = dict(incline=(None, "distance at T", "speed at T"), sliding=("stop time", "distance", "speed at T"),
                ball=("slip-end time", "distance at T", "rolling speed"))
    for model in ["incline", "sliding", "ball"]:
        n = 3 if model != "ball" else 6
        w = what[model]
        print(f"\n**{names[model]}**\n")
        head = "| h | steps | max Δq, Δv mb MJ − Siconos NSGS | mb midpoint − NSGS |"
        head += (f" {w[0]} error |" if w[0] else "") + f" {w[1]} error |"
        head += " µs/step mb MJ | mb midpoint | Siconos NSGS | Siconos NSN | mb MJ / NSGS | mb MJ / NSN |"
        print(head)
        print("|" + "---|" * 2 + "---|" * (3 + (1 if w[0] else 0)) + "---:|" * 6)
        errs, notes = [], []
        for h in hs:
            rows = {s: np.genfromtxt(f"{out}/{model}.{h}.{s}.csv", delimiter=",", names=True) for s in SOURCES}
            steps = len(rows["mb_jean"]) - 1
            assert all(len(r) == steps + 1 for r in rows.values()), "different step counts"

            def diff(a, b):
                dq = max(np.max(np.abs(rows[a][f"q{i}"] - rows[b][f"q{i}"])) for i in range(n))
                dv = max(np.max(np.abs(rows[a][f"v{i}"] - rows[b][f"v{i}"])) for i in range(n))
                return dq, dv
            cf = {s: closed_form(model, rows[s], n) for s in ("mb_jean", "siconos_nsgs")}
            errs.append((float(h), cf))
            cells = [pair(cf["mb_jean"][k], cf["siconos_nsgs"][k]) for k in range(3) if cf["mb_jean"][k] is not None]
            t = {s: timing[(model, s2, float(h))] for s, s2 in [("mb_jean", "jean"), ("mb_midpoint", "midpoint"),
                                                               ("siconos_nsgs", "siconos-nsgs"), ("siconos_nsn", "siconos-nsn")]}
            it = {s: np.mean(rows[s]["iterations"][1:]) for s in SOURCES}
            d1, d2, d3 = diff("mb_jean", "siconos_nsgs"), diff("mb_midpoint", "siconos_nsgs"), diff("siconos_nsn", "siconos_nsgs")
            print(f"| {h} | {steps} | {d1[0]:.1e}, {d1[1]:.1e} | {d2[0]:.1e}, {d2[1]:.1e} | " + " | ".join(cells[:-1])
                  + f" | {t['mb_jean']['cpu']:.3f} | {t['mb_midpoint']['cpu']:.3f} "
                  f"| {t['siconos_nsgs']['cpu']:.2f} | {t['siconos_nsn']['cpu']:.2f} "
                  f"| {t['mb_jean']['cpu'] / t['siconos_nsgs']['cpu']:.3f} | {t['mb_jean']['cpu'] / t['siconos_nsn']['cpu']:.3f} |")
            notes.append(f"h = {h}: {w[2]} error {cells[-1]}; NSN − NSGS {d3[0]:.1e}, {d3[1]:.1e}; mean iterations "
                         f"per step mb MJ {it['mb_jean']:.2f}, NSGS {it['siconos_nsgs']:.2f}, NSN {it['siconos_nsn']:.2f}; "
                         f"wall µs/step mb MJ {t['mb_jean']['wall']:.3f}, NSGS {t['siconos_nsgs']['wall']:.2f}")
        print()
        for (h1, c1), (h2, c2) in zip(errs, errs[1:]):
            # A transition time is resolved to the step grid: report whether it falls in the right step.
            o = [("in the step containing the exact time" if all(0 <= c["mb_jean"][0] < h for h, c in ((h1, c1), (h2, c2)))
                  else "NOT within one step") if k == 0 else order(c1["mb_jean"][k], c2["mb_jean"][k], h1, h2)
                 for k in range(3) if c1["mb_jean"][k] is not None]
            labels = [x for x in w if x]
            notes.append(f"observed order of the closed-form errors, h = {h1:g} → {h2:g}: "
                         + "; ".join(f"{a}: {b}" for a, b in zip(labels, o)))
        res = max(np.max(np.genfromtxt(f"{out}/{model}.{h}.siconos_{s}.csv", delimiter=",", names=True)["siconos_residual"])
                  for h in hs for s in ("nsgs", "nsn"))
        thr = {timing[k]["threads"] for k in timing if k[0] == model and k[1].startswith("siconos")}
        notes.append(f"largest residual Siconos reported (its normalisation): {res:.1e}; threads of the Siconos process: "
                     + ", ".join(map(str, sorted(thr))) + "; mb: 1")
        for note in notes:
            print(f"- {note}")


if __name__ == "__main__":
    if sys.argv[1] == "--same-data":
        same_data(sys.argv[2], sys.argv[3])
    else:
        tables(sys.argv[1], sys.argv[2:])
