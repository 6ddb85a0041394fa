#!/usr/bin/env python3
"""High-precision reference for the pushed block (examples/src/friction3d_models.rs, PushedBlock)
under spatial Coulomb friction: a point mass m on the floor z = 0, friction mu, pushed by
F(t) = f0 sin^2(nu t / 2) (cos w t, sin w t).

Sticking while |F| <= mu m g; the slip starts at the rising crossings of |F| = mu m g,
t_k = (2/nu)(k pi + asin(sqrt(mu m g / f0))), from rest; while sliding
v' = F(t)/m - mu g v/|v|, until |v| = 0. Each sliding phase is integrated in 40-digit arithmetic
by the 3-stage Gauss-Legendre method (order 6, A-stable: the slip direction relaxes at the rate
mu g/|v|, which is unbounded where the slip starts and stops; the Gauss nodes are interior, so
v/|v| is never evaluated at v = 0), with Newton's method on the stage equations. Away from the
ends the step is H; near the stop the step is half the predicted time to stop, |v|/(-d|v|/dt),
and once |v| < 1e-25 the stop time is that prediction (its error is O(|v|^2)). The start is
taken with steps growing geometrically from 1e-12 s. The run is repeated with H and H/2: the
printed difference bounds the reference's error.

Prints, for the first two sliding phases: start time, stop time and position at the stop.
Usage: python3 bench/friction3d_event/pushed_block_reference.py   (needs mpmath)
"""
import mpmath as mp

mp.mp.dps = 40
m, mu, g, f0, nu, w = (mp.mpf(x) for x in ("1", "0.5", "9.81", "8", "2", "1.5"))
NODES = [mp.mpf(1) / 2 - mp.sqrt(15) / 10, mp.mpf(1) / 2, mp.mpf(1) / 2 + mp.sqrt(15) / 10]
A = [
    [mp.mpf(5) / 36, mp.mpf(2) / 9 - mp.sqrt(15) / 15, mp.mpf(5) / 36 - mp.sqrt(15) / 30],
    [mp.mpf(5) / 36 + mp.sqrt(15) / 24, mp.mpf(2) / 9, mp.mpf(5) / 36 - mp.sqrt(15) / 24],
    [mp.mpf(5) / 36 + mp.sqrt(15) / 30, mp.mpf(2) / 9 + mp.sqrt(15) / 15, mp.mpf(5) / 36],
]
B = [mp.mpf(5) / 18, mp.mpf(4) / 9, mp.mpf(5) / 18]


def push(t):
    f = f0 * mp.sin(nu * t / 2) ** 2
    return (f * mp.cos(w * t), f * mp.sin(w * t))


def rhs(t, v):
    fx, fy = push(t)
    n = mp.sqrt(v[0] ** 2 + v[1] ** 2)
    return (fx / m - mu * g * v[0] / n, fy / m - mu * g * v[1] / n)


def jac(t, v):
    n = mp.sqrt(v[0] ** 2 + v[1] ** 2)
    c = mu * g / n
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
        rate = (fx * v[0] + fy * v[1]) / (m * speed) - mu * g  # d|v|/dt
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


def run(big):
    ratio = mp.sqrt(mu * m * g / f0)
    x = [mp.mpf(0), mp.mpf(0)]
    out = []
    for k in range(2):
        start = 2 / nu * (k * mp.pi + mp.asin(ratio))
        stop, x = slide(start, x, big)
        out.append((start, stop, x))
    return out


coarse, fine = run(mp.mpf("2e-3")), run(mp.mpf("1e-3"))
for (s0, t0, x0), (s1, t1, x1) in zip(coarse, fine):
    print(f"slip from {mp.nstr(s1, 20)} s to {mp.nstr(t1, 20)} s, "
          f"stop at ({mp.nstr(x1[0], 20)}, {mp.nstr(x1[1], 20)}) m; "
          f"H vs H/2: {mp.nstr(abs(t1 - t0), 3)} s, {mp.nstr(max(abs(x1[0] - x0[0]), abs(x1[1] - x0[1])), 3)} m")
