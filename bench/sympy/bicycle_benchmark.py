#!/usr/bin/env python3
"""The linearised Whipple bicycle of Meijaard, Papadopoulos, Ruina & Schwab (2007), "Linearized
dynamics equations for the balance and steer of a bicycle: a benchmark and review", Proc. R. Soc.
A 463, 1955-1982, from the closed forms of its Appendix A, for checking bench/sympy/bicycle_kane.py
(and, through the test header of examples/tests/bicycle_reference.rs, the accuracy of the printed
benchmark values).

    M q'' + v C1 q' + (g K0 + v^2 K2) q = f,   q = (lean phi, steer delta)

Axes are the paper's: x forward, y right, z down, origin at the rear contact point.

Requirements: Python >= 3.9 and mpmath (installed with sympy); numpy for the double-precision
roots. Nothing else.

Usage: bench/sympy/bicycle_benchmark.py [--high-precision]
  Without options: prints the double-precision M, C1, K0, K2, the roots at v = 0..10 m/s and the
  weave and capsize speeds, and checks them against the published values (PUBLISHED below).
  --high-precision: the same at 40 significant digits (mpmath), with the deviation of every
  published value from the 40-digit one.
"""
import math
import sys

# Table 1 of Meijaard et al. (2007), exact values; inertia tensors in the paper's axes.
BENCHMARK = {
    "w": "1.02", "c": "0.08", "g": "9.81",
    "rR": "0.3", "mR": "2", "IRxx": "0.0603", "IRyy": "0.12",
    "xB": "0.3", "zB": "-0.9", "mB": "85", "IBxx": "9.2", "IByy": "11", "IBzz": "2.8", "IBxz": "2.4",
    "xH": "0.9", "zH": "-0.7", "mH": "4", "IHxx": "0.05892", "IHyy": "0.06", "IHzz": "0.00708",
    "IHxz": "-0.00756",
    "rF": "0.35", "mF": "3", "IFxx": "0.1405", "IFyy": "0.28",
}
# lambda = pi/10 is kept apart: it is irrational.

# The values the paper prints for the benchmark bicycle (matrices row-major (phiphi, phidelta,
# deltaphi, deltadelta); speeds and Table 2 eigenvalues).
PUBLISHED = {
    "M": [80.81722, 2.31941332208709, 2.31941332208709, 0.29784188199686],
    "C1": [0.0, 33.86641391492494, -0.85035641456978, 1.68540397397560],
    "K0": [-80.95, -2.59951685249872, -2.59951685249872, -0.80329488458618],
    "K2": [0.0, 76.59734589573222, 0.0, 2.65431523794604],
    "weave_speed": 4.29238253634111,
    "capsize_speed": 6.02426201538837,
    # v = 0..10 m/s: capsize-like real root, weave pair (re, |im|), castering root.
    "table2": [
        [(-3.13164324790656, 0.0), (3.13164324790656, 0.0), (-5.53094371765393, 0.0), (5.53094371765393, 0.0)],
        [(-3.13423125066578, 0.0), (3.52696170990070, 0.80774027519930), (-7.11008014637442, 0.0)],
        [(-3.07158645641514, 0.0), (2.68234517512745, 1.68066296590675), (-8.67387984831735, 0.0)],
        [(-2.63366137253667, 0.0), (1.70675605663975, 2.31582447384325), (-10.35101467245920, 0.0)],
        [(-1.42944427361326, 0.0), (0.41325331521125, 3.07910818603206), (-12.15861426576450, 0.0)],
        [(-0.32286642900409, 0.0), (-0.77534188219585, 4.46486771378823), (-14.07838969279820, 0.0)],
        [(-0.00406690076970, 0.0), (-1.52644486584142, 5.87673060598709), (-16.08537123098030, 0.0)],
        [(0.10268170574766, 0.0), (-2.13875644258362, 7.19525913329805), (-18.15788466125262, 0.0)],
        [(0.14327879765713, 0.0), (-2.69348683581097, 8.46037971396931), (-20.27940894394569, 0.0)],
        [(0.15790184030917, 0.0), (-3.21675402252485, 9.69377351531791), (-22.43788559040858, 0.0)],
        [(0.16105338653172, 0.0), (-3.72016840437287, 10.90681139476287), (-24.62459635017404, 0.0)],
    ],
}


def parameters(number=float):
    """Table 1 as numbers of the given type (float, or mpmath.mpf for exact decimal inputs)."""
    return {k: number(v) for k, v in BENCHMARK.items()}


def appendix_a(p, lam, sin, cos):
    """The intermediate quantities of Appendix A, in its symbols and order."""
    a = {}
    a["mT"] = mT = p["mR"] + p["mB"] + p["mH"] + p["mF"]
    a["xT"] = xT = (p["xB"] * p["mB"] + p["xH"] * p["mH"] + p["w"] * p["mF"]) / mT
    a["zT"] = (-p["rR"] * p["mR"] + p["zB"] * p["mB"] + p["zH"] * p["mH"] - p["rF"] * p["mF"]) / mT
    a["ITxx"] = (p["IRxx"] + p["IBxx"] + p["IHxx"] + p["IFxx"] + p["mR"] * p["rR"] ** 2
                 + p["mB"] * p["zB"] ** 2 + p["mH"] * p["zH"] ** 2 + p["mF"] * p["rF"] ** 2)
    a["ITxz"] = (p["IBxz"] + p["IHxz"] - p["mB"] * p["xB"] * p["zB"] - p["mH"] * p["xH"] * p["zH"]
                 + p["mF"] * p["w"] * p["rF"])
    # Axisymmetric wheels: IRzz = IRxx, IFzz = IFxx.
    a["ITzz"] = (p["IRxx"] + p["IBzz"] + p["IHzz"] + p["IFxx"] + p["mB"] * p["xB"] ** 2
                 + p["mH"] * p["xH"] ** 2 + p["mF"] * p["w"] ** 2)
    a["mA"] = mA = p["mH"] + p["mF"]
    a["xA"] = xA = (p["xH"] * p["mH"] + p["w"] * p["mF"]) / mA
    a["zA"] = zA = (p["zH"] * p["mH"] - p["rF"] * p["mF"]) / mA
    IAxx = p["IHxx"] + p["IFxx"] + p["mH"] * (p["zH"] - zA) ** 2 + p["mF"] * (p["rF"] + zA) ** 2
    IAxz = p["IHxz"] - p["mH"] * (p["xH"] - xA) * (p["zH"] - zA) + p["mF"] * (p["w"] - xA) * (p["rF"] + zA)
    IAzz = p["IHzz"] + p["IFxx"] + p["mH"] * (p["xH"] - xA) ** 2 + p["mF"] * (p["w"] - xA) ** 2
    sl, cl = sin(lam), cos(lam)
    a["uA"] = uA = (xA - p["w"] - p["c"]) * cl - zA * sl
    a["IAll"] = mA * uA ** 2 + IAxx * sl ** 2 + 2 * IAxz * sl * cl + IAzz * cl ** 2
    a["IAlx"] = -mA * uA * zA + IAxx * sl + IAxz * cl
    a["IAlz"] = mA * uA * xA + IAxz * sl + IAzz * cl
    a["mu"] = mu = p["c"] / p["w"] * cl
    a["SR"] = p["IRyy"] / p["rR"]
    a["SF"] = p["IFyy"] / p["rF"]
    a["ST"] = a["SR"] + a["SF"]
    a["SA"] = mA * uA + mu * mT * xT
    return a


def matrices(p, lam, sin, cos):
    """M, C1, K0, K2 (row-major lists of 4) from Appendix A."""
    a = appendix_a(p, lam, sin, cos)
    sl, cl, w, mu = sin(lam), cos(lam), p["w"], a["mu"]
    m_pd = a["IAlx"] + mu * a["ITxz"]
    M = [a["ITxx"], m_pd, m_pd, a["IAll"] + 2 * mu * a["IAlz"] + mu ** 2 * a["ITzz"]]
    K0 = [a["mT"] * a["zT"], -a["SA"], -a["SA"], -a["SA"] * sl]
    K2 = [0 * w, (a["ST"] - a["mT"] * a["zT"]) / w * cl, 0 * w, (a["SA"] + a["SF"] * sl) / w * cl]
    gyro = mu * a["ST"] + a["SF"] * cl
    C1 = [0 * w, gyro + a["ITxz"] * cl / w - mu * a["mT"] * a["zT"], -gyro,
          a["IAlz"] * cl / w + mu * (a["SA"] + a["ITzz"] * cl / w)]
    return {"M": M, "C1": C1, "K0": K0, "K2": K2}


def characteristic_polynomial(mats, g, v):
    """Coefficients (s^4 .. s^0) of det(M s^2 + v C1 s + g K0 + v^2 K2)."""
    A = mats["M"]
    B = [v * x for x in mats["C1"]]
    C = [g * k0 + v * v * k2 for k0, k2 in zip(mats["K0"], mats["K2"])]

    def cross(P, Q):
        return P[0] * Q[3] + Q[0] * P[3] - P[1] * Q[2] - Q[1] * P[2]

    def det(P):
        return P[0] * P[3] - P[1] * P[2]

    return [det(A), cross(A, B), cross(A, C) + det(B), cross(B, C), det(C)]


def benchmark_roots(v, mats=None):
    """The four roots at speed v in double precision (numpy), sorted by (re, im)."""
    import numpy as np
    if mats is None:
        mats = matrices(parameters(), math.pi / 10, math.sin, math.cos)
    roots = np.roots(characteristic_polynomial(mats, float(BENCHMARK["g"]), v))
    return sorted((complex(r) for r in roots), key=lambda z: (z.real, z.imag))


def bisect(f, lo, hi, rel=1e-13):
    """A zero of f in [lo, hi] (opposite signs at the ends) by bisection to rel * hi."""
    f_lo = f(lo)
    while hi - lo > rel * abs(hi):
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        if (f(mid) < 0) == (f_lo < 0):
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def self_stable_range(abscissa, v_max=10.0, h=0.01):
    """(v_w, v_c): the first speed where the spectral abscissa turns negative and the next where it
    turns positive, bracketed on a grid of step h and refined by bisection."""
    prev, stable_prev, weave = 0.0, abscissa(0.0) < 0, None
    k = 1
    while k * h <= v_max:
        v = k * h
        stable = abscissa(v) < 0
        if stable != stable_prev:
            crossing = bisect(abscissa, prev, v)
            if weave is None and stable:
                weave = crossing
            elif weave is not None and not stable:
                return weave, crossing
        prev, stable_prev = v, stable
        k += 1
    raise ValueError(f"no self-stable range below {v_max} m/s")


def high_precision_report(digits=40):
    """Evaluates everything at `digits` significant digits and prints the deviation of each
    published value from it."""
    import mpmath as mp
    mp.mp.dps = digits
    mats = matrices(parameters(mp.mpf), mp.pi / 10, mp.sin, mp.cos)
    g = mp.mpf(BENCHMARK["g"])
    worst = {}
    for name in ("M", "C1", "K0", "K2"):
        dev = max(abs(mp.mpf(x) - y) for x, y in zip(PUBLISHED[name], mats[name]))
        print(f"{name}: {[mp.nstr(x, 20) for x in mats[name]]}  max |published - exact| = {mp.nstr(dev, 3)}")
        worst["matrices"] = max(worst.get("matrices", 0), dev)

    def roots(v):
        return mp.polyroots(characteristic_polynomial(mats, g, v), maxsteps=200, extraprec=2 * digits)

    def abscissa(v):
        return max(mp.re(r) for r in roots(mp.mpf(v)))

    for v, printed in enumerate(PUBLISHED["table2"]):
        rs = roots(mp.mpf(v))
        dev = max(min(abs(mp.re(r) - re) + abs(abs(mp.im(r)) - im) for r in rs) for re, im in printed)
        print(f"v = {v:2d}: {[mp.nstr(r, 17) for r in rs]}  max |published - exact| = {mp.nstr(dev, 3)}")
        worst["eigenvalues"] = max(worst.get("eigenvalues", 0), dev)
    # The weave speed: the abscissa crosses zero through the weave pair; the capsize speed: the
    # constant coefficient det(g K0 + v^2 K2) vanishes (a real root at zero).
    vw = mp.findroot(abscissa, (mp.mpf("4.2"), mp.mpf("4.4")), solver="anderson")
    vc = mp.findroot(lambda v: characteristic_polynomial(mats, g, v)[4], mp.mpf("6.02"))
    for name, exact in (("weave_speed", vw), ("capsize_speed", vc)):
        dev = abs(mp.mpf(PUBLISHED[name]) - exact)
        print(f"{name}: {mp.nstr(exact, 20)}  |published - exact| = {mp.nstr(dev, 3)}")
        worst["speeds"] = max(worst.get("speeds", 0), dev)
    print("largest deviations of the published values:", {k: mp.nstr(x, 3) for k, x in worst.items()})


def double_precision_report():
    """Prints the double-precision matrices, roots and speeds and checks them against PUBLISHED."""
    mats = matrices(parameters(), math.pi / 10, math.sin, math.cos)
    ok = True
    for name in ("M", "C1", "K0", "K2"):
        dev = max(abs(x - y) for x, y in zip(PUBLISHED[name], mats[name]))
        ok &= dev <= 1e-13
        print(f"{name} = {mats[name]}  max |published - computed| = {dev:.1e}")
    for v, printed in enumerate(PUBLISHED["table2"]):
        rs = benchmark_roots(v, mats)
        dev = max(min(abs(r.real - re) + abs(abs(r.imag) - im) for r in rs) for re, im in printed)
        ok &= dev <= 1e-11
        print(f"v = {v:2d}: {[f'{r:.14f}' for r in rs]}  max dev {dev:.1e}")
    vw, vc = self_stable_range(lambda v: max(r.real for r in benchmark_roots(v, mats)))
    ok &= abs(vw - PUBLISHED["weave_speed"]) <= 1e-12 and abs(vc - PUBLISHED["capsize_speed"]) <= 1e-12
    print(f"weave speed {vw:.14f}, capsize speed {vc:.14f}")
    print("agrees with the published values" if ok else "DISAGREES with the published values")
    return ok


if __name__ == "__main__":
    if "--high-precision" in sys.argv[1:]:
        high_precision_report()
    else:
        sys.exit(0 if double_precision_report() else 1)
