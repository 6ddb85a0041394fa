#!/usr/bin/env python3
"""High-precision reference for the pushed block (examples/src/friction3d_models.rs, PushedBlock)
under spatial Coulomb friction: a point mass m on a plane inclined by alpha, friction mu, pushed
along the plane by F(t) = f0 sin^2(nu t / 2) (cos w t, sin w t) in the plane's basis (up the
slope, across). In that basis the in-plane load is P(t) = F(t) - m g sin(alpha) e1 and the
normal force m g cos(alpha).

Sticking while |P| <= mu m g cos(alpha); the slip starts at the rising crossings of
|P| = mu m g cos(alpha) (bracketed on a grid of 1e-3 s, then solved by mpmath.findroot), from
rest; while sliding v' = P(t)/m - mu g cos(alpha) v/|v|, until |v| = 0; the block must then hold
(|P| below the bound at the stop, checked). Each sliding phase is integrated in 40-digit arithmetic
by the 3-stage Gauss-Legendre method (order 6, A-stable: the slip direction relaxes at the rate
mu g/|v|, which is unbounded where the slip starts and stops; the Gauss nodes are interior, so
v/|v| is never evaluated at v = 0), with Newton's method on the stage equations. Away from the
ends the step is H; near the stop the step is half the predicted time to stop, |v|/(-d|v|/dt),
and once |v| < 1e-25 the stop time is that prediction (its error is O(|v|^2)). The start is
taken with steps growing geometrically from 1e-12 s. The run is repeated with H and H/2: the
printed difference bounds the reference's error.

Prints, for the first two sliding phases: start time and direction, stop time and the position
(x, y, z) at the stop.
Usage: python3 bench/friction3d_event/pushed_block_reference.py   (needs mpmath)
"""
import mpmath as mp

mp.mp.dps = 40
m, alpha, mu, g, f0, nu, w = (mp.mpf(x) for x in ("1", "0.2", "0.5", "9.81", "8", "2", "1.5"))
HOLD = mu * m * g * mp.cos(alpha)
NODES = [mp.mpf(1) / 2 - mp.sqrt(15) / 10, mp.mpf(1) / 2, mp.mpf(1) / 2 + mp.sqrt(15) / 10]
A = [
    [mp.mpf(5) / 36, mp.mpf(2) / 9 - mp.sqrt(15) / 15, mp.mpf(5) / 36 - mp.sqrt(15) / 30],
    [mp.mpf(5) / 36 + mp.sqrt(15) / 24, mp.mpf(2) / 9, mp.mpf(5) / 36 - mp.sqrt(15) / 24],
    [mp.mpf(5) / 36 + mp.sqrt(15) / 30, mp.mpf(2) / 9 + mp.sqrt(15) / 15, mp.mpf(5) / 36],
]
B = [mp.mpf(5) / 18, mp.mpf(4) / 9, mp.mpf(5) / 18]


def push(t):
    """The in-plane load P(t) (push and the slope's share of gravity)."""
    f = f0 * mp.sin(nu * t / 2) ** 2
    return (f * mp.cos(w * t) - m * g * mp.sin(alpha), f * mp.sin(w * t))


def rhs(t, v):
    fx, fy = push(t)
    n = mp.sqrt(v[0] ** 2 + v[1] ** 2)
    return (fx / m - HOLD / m * v[0] / n, fy / m - HOLD / m * v[1] / n)


def jac(t, v):
    n = mp.sqrt(v[0] ** 2 + v[1] ** 2)
    c = HOLD / m / n
    return [[-c * (1 - v[0] ** 2 / n**2), c * v[0] * v[1] / n**2],
            [c * v[0] * v[1] / n**2, -c * (1 - v[1] ** 2 / n**2)]]


def gauss_step(t, x, v, h, guess):
    """One Gauss-Legendre step from (t, x, v): stage slopes K (velocity) by Newton."""
    k = [list(kk) for kk in guess]
    for _ in range(60):
        res, jm = [], mp.zeros(6, 6)
        for i in range(3):
            vi = [v[d] + h * sum(A[i][j] * k[j][d] for j in range(3)) for d in range(2)]
            f = rhs(t + NODES[i] * h, vi)
            jv = jac(t + NODES[i] * h, vi)
            for d in range(2):
                res.append(k[i][d] - f[d])
                for j in range(3):
                    for e in range(2):
                        jm[2 * i + d, 2 * j + e] = (1 if (i == j and d == e) else 0) - h * A[i][j] * jv[d][e]
        delta = mp.lu_solve(jm, mp.matrix(res))
        for i in range(3):
            for d in range(2):
                k[i][d] -= delta[2 * i + d]
        if mp.norm(delta) < mp.mpf(10) ** (-36) * (1 + mp.norm(mp.matrix([kk for row in k for kk in row]))):
            break
    vn = [v[d] + h * sum(B[i] * k[i][d] for i in range(3)) for d in range(2)]
    # Positions: x' = v, integrated with the same stages (exact for the collocation polynomial).
    xn = [x[d] + h * v[d] + h * h * sum(B[i] * (1 - NODES[i]) * k[i][d] for i in range(3)) for d in range(2)]
    return xn, vn, k


def slide(t0, x0, big):
    """The sliding phase from rest at t0 and x0: returns (stop time, position at the stop)."""
    fx, fy = push(t0)
    n = mp.sqrt(fx**2 + fy**2)
    direction = (fx / n, fy / n)
    t, x, v = t0, list(x0), [mp.mpf(0), mp.mpf(0)]
    h = mp.mpf("1e-12")
    guess = [[mp.mpf(0) * direction[0], mp.mpf(0)] for _ in range(3)]
    # The first stages need a direction: a tiny slip along F seeds Newton.
    v = [mp.mpf("1e-40") * direction[0], mp.mpf("1e-40") * direction[1]]
    while True:
        speed = mp.sqrt(v[0] ** 2 + v[1] ** 2)
        fx, fy = push(t)
        rate = (fx * v[0] + fy * v[1]) / (m * speed) - HOLD / m  # d|v|/dt
        if t > t0 + mp.mpf("0.01") and rate < 0:
            to_stop = speed / -rate
            if speed < mp.mpf("1e-25"):
                t_stop = t + to_stop
                return t_stop, [x[d] + v[d] * to_stop / 2 for d in range(2)]
            h = min(big, to_stop / 2)
        else:
            h = min(big, h * 2)
        x, v, k = gauss_step(t, x, v, h, guess)
        guess = k
        t += h


def excess(t):
    fx, fy = push(t)
    return fx**2 + fy**2 - HOLD**2


def next_slip(after):
    """The first rising crossing of |P| = HOLD after `after`."""
    step = mp.mpf("1e-3")
    t = after
    while not (excess(t) < 0 < excess(t + step)):
        t += step
    return mp.findroot(excess, (t, t + step), solver="anderson")


def run(big):
    x = [mp.mpf(0), mp.mpf(0)]
    out, t = [], mp.mpf(0)
    for _ in range(2):
        start = next_slip(t)
        stop, x = slide(start, x, big)
        assert excess(stop) < 0, "the block does not hold at its stop"
        out.append((start, stop, x))
        t = stop
    return out


coarse, fine = run(mp.mpf("2e-3")), run(mp.mpf("1e-3"))
for (s0, t0, x0), (s1, t1, x1) in zip(coarse, fine):
    fx, fy = push(s1)
    n = mp.sqrt(fx**2 + fy**2)
    print(f"slip from {mp.nstr(s1, 20)} s in direction ({mp.nstr(fx / n, 20)}, {mp.nstr(fy / n, 20)}) "
          f"to {mp.nstr(t1, 20)} s, stop at (x, y, z) = ({mp.nstr(x1[0] * mp.cos(alpha), 20)}, "
          f"{mp.nstr(x1[1], 20)}, {mp.nstr(x1[0] * mp.sin(alpha), 20)}) m; "
          f"H vs H/2: {mp.nstr(abs(t1 - t0), 3)} s, {mp.nstr(max(abs(x1[0] - x0[0]), abs(x1[1] - x0[1])), 3)} m")
