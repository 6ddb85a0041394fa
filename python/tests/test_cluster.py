"""Sweeps on a local Ray instance equal the single-machine sweep, bit for bit.

Invariant (the contract of :mod:`mb.cluster`): cutting a design into chunks run as Ray tasks in
other processes, and concatenating their tables in row order, gives exactly the table of
:func:`mb.sweep` run in this process — every run is one sequential computation from the same
values. Checked for the woodpecker of Glocker & Studer (2005), Sect. 4 (with a run that fails, to
see its error travel back), and for a model compiled with :func:`mb.compile_model`, whose
extension module the workers receive as bytes; that pendulum's period is also checked against
the exact T = 4√(l/g) K(sin(θ₀/2)) (Gauss's arithmetic–geometric mean).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import ray

import mb
from mb import cluster

from conftest import G, WOODPECKER_Q0, WOODPECKER_U0

WOODPECKER_RUN = dict(
    q0=WOODPECKER_Q0,
    u0=WOODPECKER_U0,
    h=1e-4,
    t_end=0.6,
    section=("phi_S", -0.2788, "down"),
    skip=1,
)

PENDULUM = """
mechanism! {
    /// A pendulum whose length the cluster test sweeps.
    struct RayPendulum;
    parameters { m: 1.0, l: 1.0, g: 9.81 }
    coordinates { theta }
    kinetic = 0.5 * m * l.powi(2) * dot(theta).powi(2);
    potential = -m * g * l * cos(theta);
}
"""


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray instance with 2 CPUs, started for these tests and shut down after them."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_chunks_cover_the_rows_in_order():
    assert cluster.chunk_bounds(10, 4) == [(0, 4), (4, 8), (8, 10)]
    assert cluster.chunk_bounds(3, 5) == [(0, 3)]
    with pytest.raises(ValueError, match="chunk_size must be at least 1"):
        cluster.chunk_bounds(3, 0)


def test_woodpecker_grid_on_ray_equals_the_local_sweep(local_ray):
    model = mb.examples.Woodpecker()
    samples = {
        "mu": [0.3, 0.3, 0.4, 0.5, 0.5, 0.4, 0.3],
        "c_phi": [0.0045, 0.0056, 0.007, 0.0056, 0.0045, 0.0056, 0.007],
        # Run 5 starts with the sleeve 0.2 rad past its jammed angle: it penetrates and fails.
        "q0.phi_M": [-0.1036, -0.1036, -0.1036, -0.1036, -0.1036, -0.3036, -0.1036],
    }
    local = mb.sweep(model, samples=samples, threads=1, **WOODPECKER_RUN)
    for chunk_size in (1, 3, None):
        remote = cluster.sweep(model, samples=samples, chunk_size=chunk_size, **WOODPECKER_RUN)
        assert remote.equals(local), f"chunk_size={chunk_size}"
    errors = local.column("error").to_pylist()
    assert [e is not None for e in errors] == [False] * 5 + [True, False]
    assert "penetrates contact" in errors[5]
    periods = local.column("period").to_pylist()
    assert all(0.05 < p < 0.2 for k, p in enumerate(periods) if k != 5)
    assert len(set(periods)) > 2, "the design took effect"


def _exact_period(l: float, theta0: float) -> float:
    a, b = 1.0, math.sqrt(1.0 - math.sin(0.5 * theta0) ** 2)
    for _ in range(40):
        a, b = 0.5 * (a + b), math.sqrt(a * b)
    return 4.0 * math.sqrt(l / G) * math.pi / (2.0 * a)


def test_a_compiled_model_is_shipped_to_the_workers(local_ray):
    pendulum = mb.compile_model(PENDULUM)()
    lengths = [0.5, 1.0, 1.5, 2.0]
    run = dict(q0=[1.0], h=1e-4, t_end=6.0, section=("theta", 0.0, "down"))
    local = mb.sweep(pendulum, grid={"l": lengths}, threads=1, **run)
    remote = cluster.sweep(pendulum, grid={"l": lengths}, chunk_size=1, **run)
    assert remote.equals(local)
    for l, period in zip(lengths, remote.column("period").to_pylist()):
        exact = _exact_period(l, 1.0)
        assert abs(period - exact) < 2e-7 * exact, (l, period, exact)
