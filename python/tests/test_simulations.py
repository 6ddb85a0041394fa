"""Time-stepping and event-driven runs against closed forms and conservation laws.

Invariants: a ball dropped from height y0 first hits the floor at t1 = √(2 y0/g) and leaves it
with velocity e √(2 g y0) (Newton's impact law), so it lands again at t1 + 2 e √(2 g y0)/g; in
free flight Moreau's midpoint rule is exact for constant gravity (q_E = q_A + Δt u_A − g Δt²/2);
the undamped pendulum conserves T + V (event-driven: to the integrator's tolerance; Moreau's
midpoint rule: to O(Δt²)); with damping c the energy decays at the rate dE/dt = −c θ̇².
"""

from __future__ import annotations

import numpy as np
import pytest

import mb
from conftest import G, WOODPECKER_Q0, WOODPECKER_U0


def test_event_driven_bouncing_ball_impacts_at_the_closed_form_times():
    e, y0 = 0.5, 1.2
    ball = mb.examples.BouncingBall(e=e)
    run = ball.event_driven([y0], [0.0], 1.5)
    impacts = [ev for ev in run["events"] if ev["kind"] == "impact"]
    accumulations = [ev for ev in run["events"] if ev["kind"] == "accumulation"]
    t1 = np.sqrt(2 * y0 / G)
    v1 = np.sqrt(2 * G * y0)
    assert impacts[0]["contact"] == "floor"
    assert impacts[0]["t"] == pytest.approx(t1, rel=1e-9)
    assert impacts[0]["u_pre"][0] == pytest.approx(-v1, rel=1e-9)
    assert impacts[0]["u_post"][0] == pytest.approx(e * v1, rel=1e-9)
    assert impacts[1]["t"] == pytest.approx(t1 + 2 * e * v1 / G, rel=1e-9)
    assert run["q"].shape == (len(run["t"]), 1) and run["lambda_n"].shape == (len(run["t"]), 1)
    assert np.all(np.diff(run["t"]) > 0) and run["t"][0] == 0.0
    assert run["stats"]["impacts"] == len(impacts) + len(accumulations)


def test_event_driven_pendulum_conserves_energy():
    p = mb.examples.Pendulum()
    run = p.event_driven([1.0], [0.0], 3.0)
    energy = p.kinetic_energy(run["q"], run["u"]) + p.potential_energy(run["q"])
    assert len(energy) > 10
    np.testing.assert_allclose(energy, energy[0], rtol=1e-8)
    assert run["events"] == []


def test_time_stepping_free_fall_is_exact_on_the_midpoint_rule():
    ball = mb.examples.BouncingBall()
    y0, h = 10.0, 1e-3
    run = ball.time_stepping([y0], [0.0], h, 0.5, every=10)
    t = run["t"]
    assert run["steps"] == 500
    assert len(t) == 51 and t[0] == 0.0 and t[-1] == 0.5
    np.testing.assert_allclose(run["q"][:, 0], y0 - 0.5 * G * t**2, rtol=0, atol=1e-12)
    np.testing.assert_allclose(run["u"][:, 0], -G * t, rtol=0, atol=1e-12)
    assert not run["active"].any() and np.all(run["lambda_n"] == 0.0)


@pytest.mark.parametrize("scheme", ["midpoint", "jean"])
def test_time_stepping_bouncing_ball_impact_time_and_rebound(scheme):
    e, y0, h = 0.5, 1.0, 1e-5
    ball = mb.examples.BouncingBall(e=e)
    run = ball.time_stepping([y0], [0.0], h, 0.6, scheme=scheme)
    hit = np.flatnonzero(run["lambda_n"][:, 0] > 0)[0]
    t1, v1 = np.sqrt(2 * y0 / G), np.sqrt(2 * G * y0)
    assert abs(run["t"][hit] - t1) <= 2 * h
    assert run["u"][hit, 0] == pytest.approx(e * v1, rel=1e-3)
    assert run["lambda_n"][hit, 0] == pytest.approx((1 + e) * v1, rel=1e-3)
    assert run["active"][hit, 0]


def test_time_stepping_pendulum_energy_error_is_second_order():
    p = mb.examples.Pendulum()
    drift = []
    for h in (2e-3, 1e-3):
        run = p.time_stepping([1.0], [0.0], h, 2.0)
        energy = p.kinetic_energy(run["q"], run["u"]) + p.potential_energy(run["q"])
        drift.append(np.max(np.abs(energy - energy[0])))
    assert drift[0] < 1e-3
    assert 3.0 < drift[0] / drift[1] < 5.0


def test_damped_pendulum_loses_energy_at_the_rate_c_thetadot_squared():
    c = 0.4
    p = mb.examples.Pendulum(c=c)
    run = p.event_driven([1.0], [0.0], 2.0, max_step=1e-3)
    t, q, u = run["t"], run["q"], run["u"]
    energy = p.kinetic_energy(q, u) + p.potential_energy(q)
    dissipated = np.concatenate([[0.0], np.cumsum(np.diff(t) * 0.5 * c * (u[1:, 0] ** 2 + u[:-1, 0] ** 2))])
    np.testing.assert_allclose(energy[0] - energy, dissipated, atol=1e-6)


def test_woodpecker_time_stepping_records_every_kth_step():
    w = mb.examples.Woodpecker()
    run = w.time_stepping(WOODPECKER_Q0, WOODPECKER_U0, 1e-4, 0.05, every=50)
    assert run["steps"] == 500
    assert run["q"].shape == (11, 3) and run["active"].shape == (11, 3)
    assert run["contacts"] == ["beak", "sleeve_lower", "sleeve_upper"]
    assert run["coordinates"] == ["y", "phi_M", "phi_S"]
    np.testing.assert_allclose(run["t"], np.linspace(0.0, 0.05, 11), atol=1e-12)
