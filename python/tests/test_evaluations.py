"""Vectorised evaluations against closed forms.

Invariants: the generated M, h, T, V of the pendulum, the double pendulum, the 3-link chain and
the woodpecker equal their closed forms (a point mass on a rod: M = m l², h = −m g l sin θ − c θ̇;
the n-link chain of point masses: M_jk = μ_max(j,k) l_j l_k cos(θ_j − θ_k), μ_k = Σ_{i≥k} m_i;
the woodpecker: Glocker & Studer 2005, eq. (14)–(16)); ∂h/∂q and ∂h/∂q̇ equal central
differences of h; C + Cᵀ = Σ_k ∂M/∂q_k q̇_k (Christoffel symbols) by central differences of M; the
gaps and constraint functions equal their closed forms; and a batch of states gives bit for bit
the single-state results, whatever the memory layout of the input array.
"""

from __future__ import annotations

import numpy as np
import pytest

import mb
from conftest import G


def test_pendulum_mass_matrix_and_forces_are_the_closed_form(rng):
    m, l, c = 1.7, 0.8, 0.3
    p = mb.examples.Pendulum(m=m, l=l, c=c)
    q = rng.uniform(-3, 3, size=(50, 1))
    qd = rng.uniform(-5, 5, size=(50, 1))
    M, h = p.dynamics(q, qd)
    assert M.shape == (50, 1, 1) and h.shape == (50, 1)
    np.testing.assert_allclose(M[:, 0, 0], m * l**2, rtol=1e-15)
    np.testing.assert_allclose(
        h[:, 0], -m * G * l * np.sin(q[:, 0]) - c * qd[:, 0], rtol=1e-13, atol=1e-13
    )
    np.testing.assert_array_equal(p.mass_matrix(q), M)
    np.testing.assert_array_equal(p.forces(q, qd), h)


def test_pendulum_energies_are_the_closed_form(rng):
    m, l = 2.0, 1.3
    p = mb.examples.Pendulum(m=m, l=l)
    q = rng.uniform(-3, 3, size=(20, 1))
    qd = rng.uniform(-5, 5, size=(20, 1))
    np.testing.assert_allclose(
        p.kinetic_energy(q, qd), 0.5 * m * l**2 * qd[:, 0] ** 2, rtol=1e-14
    )
    np.testing.assert_allclose(
        p.potential_energy(q), -m * G * l * np.cos(q[:, 0]), rtol=1e-14, atol=1e-14
    )


def chain_closed_form(masses, lengths, th, thd):
    """M and h of a planar chain of point masses at the link ends (absolute angles)."""
    n = len(masses)
    mu = [sum(masses[k:]) for k in range(n)]
    M = np.empty((n, n))
    h = np.empty(n)
    for j in range(n):
        for k in range(n):
            M[j, k] = mu[max(j, k)] * lengths[j] * lengths[k] * np.cos(th[j] - th[k])
        h[j] = -G * mu[j] * lengths[j] * np.sin(th[j]) - sum(
            mu[max(j, k)] * lengths[j] * lengths[k] * np.sin(th[j] - th[k]) * thd[k] ** 2
            for k in range(n)
        )
    return M, h


@pytest.mark.parametrize(
    "cls, masses, lengths",
    [
        (mb.examples.DoublePendulum, [1.0, 0.5], [1.0, 0.7]),
        (mb.examples.Chain3, [1.0, 0.8, 0.6], [1.0, 0.9, 0.8]),
    ],
)
def test_chains_are_the_closed_form(cls, masses, lengths, rng):
    model = cls()
    n = len(masses)
    q = rng.uniform(-np.pi, np.pi, size=(10, n))
    qd = rng.uniform(-3, 3, size=(10, n))
    M, h = model.dynamics(q, qd)
    for i in range(10):
        M_ref, h_ref = chain_closed_form(masses, lengths, q[i], qd[i])
        np.testing.assert_allclose(M[i], M_ref, rtol=1e-13, atol=1e-13)
        np.testing.assert_allclose(h[i], h_ref, rtol=1e-12, atol=1e-12)


def test_woodpecker_is_glocker_and_studer_eq_14_to_16(rng):
    w = mb.examples.Woodpecker()
    par = w.parameters
    mM, mS, JM, JS = par["m_M"], par["m_S"], par["J_M"], par["J_S"]
    lM, lG, c = par["l_M"], par["l_G"], par["c_phi"]
    M_ref = np.array(
        [
            [mM + mS, mS * lM, mS * lG],
            [mS * lM, JM + mS * lM**2, mS * lM * lG],
            [mS * lG, mS * lM * lG, JS + mS * lG**2],
        ]
    )
    q = rng.uniform(-0.3, 0.3, size=(8, 3))
    qd = rng.uniform(-5, 5, size=(8, 3))
    M, h = w.dynamics(q, qd)
    for i in range(8):
        spring = c * (q[i, 1] - q[i, 2])
        h_ref = -np.array([(mM + mS) * G, mS * lM * G + spring, mS * lG * G - spring])
        np.testing.assert_allclose(M[i], M_ref, rtol=1e-14)
        np.testing.assert_allclose(h[i], h_ref, rtol=1e-12, atol=1e-15)


def test_woodpecker_gaps_are_the_contact_geometry(rng):
    w = mb.examples.Woodpecker()
    p = w.parameters
    q = rng.uniform(-0.3, 0.3, size=(6, 3))
    gaps = w.gaps(q)
    beak = (p["l_M"] + p["l_G"] - p["l_S"] - p["r_O"]) - p["h_S"] * q[:, 2]
    lower = (p["r_M"] - p["r_O"]) + p["h_M"] * q[:, 1]
    upper = (p["r_M"] - p["r_O"]) - p["h_M"] * q[:, 1]
    np.testing.assert_allclose(gaps, np.stack([beak, lower, upper], axis=1), atol=1e-16)
    W = w.gap_jacobian(q)
    W_ref = np.array([[0.0, 0.0, 0.0], [0.0, p["h_M"], -p["h_M"]], [-p["h_S"], 0.0, 0.0]])
    for i in range(6):
        np.testing.assert_allclose(W[i], W_ref, atol=1e-16)


def test_slider_crank_loop_closure_and_its_jacobian(rng):
    s = mb.examples.SliderCrank()
    r, L = s.get_parameter("r"), s.get_parameter("L")
    q = rng.uniform(-2, 2, size=(5, 3))
    phi, psi, x = q.T
    g = s.bilateral(q)
    g_ref = np.stack([r * np.cos(phi) + L * np.cos(psi) - x, r * np.sin(phi) - L * np.sin(psi)], 1)
    np.testing.assert_allclose(g, g_ref, atol=1e-15)
    G_ = s.bilateral_jacobian(q)
    assert G_.shape == (5, 3, 2)
    for i in range(5):
        G_ref = np.array(
            [
                [-r * np.sin(phi[i]), r * np.cos(phi[i])],
                [-L * np.sin(psi[i]), -L * np.cos(psi[i])],
                [-1.0, 0.0],
            ]
        )
        np.testing.assert_allclose(G_[i], G_ref, atol=1e-15)
    assert s.constraints == ["loop_x", "loop_y"]


def test_force_jacobians_are_central_differences_of_h(rng):
    model = mb.examples.Chain3()
    q = rng.uniform(-1, 1, size=3)
    qd = rng.uniform(-1, 1, size=3)
    dq, dqd = model.force_jacobians(q, qd)
    eps = 1e-6
    for k in range(3):
        e = np.zeros(3)
        e[k] = eps
        col_q = (model.forces(q + e, qd) - model.forces(q - e, qd)) / (2 * eps)
        col_qd = (model.forces(q, qd + e) - model.forces(q, qd - e)) / (2 * eps)
        np.testing.assert_allclose(dq[:, k], col_q, rtol=1e-7, atol=1e-7)
        np.testing.assert_allclose(dqd[:, k], col_qd, rtol=1e-7, atol=1e-7)


def test_coriolis_matrix_matches_the_derivative_of_the_mass_matrix(rng):
    model = mb.examples.DoublePendulum()
    q = rng.uniform(-1, 1, size=2)
    qd = rng.uniform(-2, 2, size=2)
    C = model.coriolis(q, qd)
    eps = 1e-6
    Mdot = sum(
        (model.mass_matrix(q + eps * e) - model.mass_matrix(q - eps * e)) / (2 * eps) * qd[k]
        for k, e in enumerate(np.eye(2))
    )
    np.testing.assert_allclose(C + C.T, Mdot, rtol=1e-7, atol=1e-8)


def test_batched_evaluation_is_bitwise_the_single_state_one(rng):
    model = mb.examples.Woodpecker()
    q = rng.uniform(-0.3, 0.3, size=(7, 3))
    qd = rng.uniform(-5, 5, size=(7, 3))
    M, h = model.dynamics(q, qd)
    C = model.coriolis(q, qd)
    T = model.kinetic_energy(q, qd)
    for i in range(7):
        Mi, hi = model.dynamics(q[i], qd[i])
        assert Mi.shape == (3, 3) and hi.shape == (3,)
        assert M[i].tobytes() == Mi.tobytes()
        assert h[i].tobytes() == hi.tobytes()
        assert C[i].tobytes() == model.coriolis(q[i], qd[i]).tobytes()
        assert T[i].tobytes() == model.kinetic_energy(q[i], qd[i]).tobytes()


def test_memory_layout_does_not_matter(rng):
    model = mb.examples.Chain3()
    q = rng.uniform(-1, 1, size=(6, 3))
    reference = model.mass_matrix(q)
    fortran = np.asfortranarray(q)
    assert fortran.flags.f_contiguous and not fortran.flags.c_contiguous
    assert model.mass_matrix(fortran).tobytes() == reference.tobytes()
    strided = np.zeros((12, 3))
    strided[::2] = q
    assert model.mass_matrix(strided[::2]).tobytes() == reference.tobytes()
    assert model.mass_matrix(q.tolist()).tobytes() == reference.tobytes()


def test_time_may_be_one_per_state(rng):
    model = mb.examples.Pendulum()
    q = rng.uniform(-1, 1, size=(4, 1))
    by_array = model.potential_energy(q, np.linspace(0.0, 1.0, 4))
    assert by_array.tobytes() == model.potential_energy(q, 0.5).tobytes()


def test_parameters_by_name():
    w = mb.examples.Woodpecker(mu=0.2)
    assert w.get_parameter("mu") == 0.2
    w.set_parameter("c_phi", 0.007)
    assert w.parameters["c_phi"] == 0.007
    assert w.parameter_names[0] == "r_O" and len(w.parameter_names) == 16
    assert w.name == "Woodpecker" and len(w.fingerprint) == 32
    assert repr(mb.examples.BouncingBall()) == "BouncingBall(m=1.0, g=9.81, e=0.5)"
