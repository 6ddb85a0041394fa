"""Sweeps as pyarrow Tables.

Invariants: one row per design run in design order (the grid's first axis slowest, as
``itertools.product``), with the design columns, the outputs and ``error``; a run that fails (a
penetrating initial state) has its runtime message and null outputs while the others complete;
the table is bit-identical for 1 and 2 threads and equals the concatenation of its chunks; a
Parquet round trip keeps it exactly; and the pendulum's period from the Poincaré section equals
the closed form T = 4√(l/g) K(sin(θ₀/2)) (complete elliptic integral by Gauss's
arithmetic–geometric mean), its mean rate over whole cycles is zero.
"""

from __future__ import annotations

import importlib
import itertools
import math
import os

import pyarrow as pa
import pytest

import mb
from conftest import G, WOODPECKER_Q0, WOODPECKER_U0

WOODPECKER = dict(
    q0=WOODPECKER_Q0,
    u0=WOODPECKER_U0,
    h=1e-4,
    t_end=0.5,
    section=("phi_S", -0.2788, "down"),
    skip=1,
)
GRID = {"mu": [0.3, 0.4, 0.5], "c_phi": [0.0045, 0.0056]}


@pytest.fixture(scope="module")
def woodpecker_table() -> pa.Table:
    return mb.sweep(mb.examples.Woodpecker(), grid=GRID, threads=1, **WOODPECKER)


def test_table_has_one_row_per_run_with_the_design_and_outputs(woodpecker_table):
    table = woodpecker_table
    assert table.num_rows == 6
    expected = ["run", "mu", "c_phi", "steps"]
    expected += [f"{s}.{c}" for c in ("y", "phi_M", "phi_S") for s in ("q_end", "u_end")]
    expected += ["crossings", "cycles", "period", "period_min", "period_max"]
    expected += ["rate.y", "rate.phi_M", "rate.phi_S", "error"]
    assert table.column_names == expected
    assert table.schema.field("steps").type == pa.int64()
    assert table.schema.field("error").type == pa.string()
    rows = list(itertools.product(GRID["mu"], GRID["c_phi"]))
    assert list(zip(table["mu"].to_pylist(), table["c_phi"].to_pylist())) == rows
    assert table["run"].to_pylist() == list(range(6))
    assert table["error"].null_count == 6
    assert table["steps"].to_pylist() == [5000] * 6
    # The woodpecker descends (Glocker & Studer 2005, Sect. 4): y decreases over whole cycles.
    periods = table["period"].to_pylist()
    rates = table["rate.y"].to_pylist()
    assert all(0.05 < p < 0.2 for p in periods)
    assert all(r < 0 for r in rates)
    assert all(a <= p <= b for a, p, b in zip(table["period_min"].to_pylist(), periods, table["period_max"].to_pylist()))


def test_threads_do_not_change_a_bit(woodpecker_table):
    two = mb.sweep(mb.examples.Woodpecker(), grid=GRID, threads=2, **WOODPECKER)
    assert two.equals(woodpecker_table)


def test_chunks_are_exactly_the_rows_of_the_whole_table(woodpecker_table):
    names, values = mb.design(grid=GRID)
    model = mb.examples.Woodpecker()
    chunks = [mb.sweep_rows(model, names, values, a, b, threads=1, **WOODPECKER) for a, b in [(0, 1), (1, 4), (4, 6)]]
    assert pa.concat_tables(chunks).equals(woodpecker_table)
    assert chunks[1].equals(woodpecker_table.slice(1, 3))


def test_parquet_round_trip_is_exact(woodpecker_table, tmp_path):
    path = tmp_path / "woodpecker.parquet"
    mb.write_parquet(woodpecker_table, path)
    assert mb.read_parquet(path).equals(woodpecker_table)


def test_an_interrupted_parquet_write_leaves_the_previous_file(woodpecker_table, tmp_path, monkeypatch):
    path = tmp_path / "woodpecker.parquet"
    mb.write_parquet(woodpecker_table, path)
    before = path.read_bytes()

    def half_then_fail(table, where, **_):
        with open(where, "wb") as handle:
            handle.write(before[: len(before) // 2])
        raise KeyboardInterrupt

    sweep_module = importlib.import_module("mb.sweep")
    monkeypatch.setattr(sweep_module.pq, "write_table", half_then_fail)
    with pytest.raises(KeyboardInterrupt):
        mb.write_parquet(woodpecker_table.slice(0, 2), path)
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]


def test_parquet_writes_follow_links_and_leave_devices_in_place(woodpecker_table, tmp_path):
    """Through a symbolic link the file it names is replaced and the link stays; into a device
    (``/dev/null``) the table is written in place: a file renamed over it would replace the
    device itself."""
    import stat

    real, link = tmp_path / "real.parquet", tmp_path / "link.parquet"
    real.write_bytes(b"old")
    link.symlink_to(real)
    mb.write_parquet(woodpecker_table, link)
    assert link.is_symlink()
    assert mb.read_parquet(real).num_rows == woodpecker_table.num_rows
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    mb.write_parquet(woodpecker_table, "/dev/null")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode), "the null device was replaced"


def test_ctrl_c_stops_a_long_sweep_promptly():
    """A KeyboardInterrupt (SIGINT) during a sweep is raised after the chunk of runs in flight
    (a few per thread), not after the whole sweep; the interpreter goes on."""
    import os
    import signal
    import threading
    import time

    model = mb.examples.Woodpecker()
    started = time.monotonic()
    mb.sweep(model, samples={"mu": [0.3] * 8}, threads=2, **WOODPECKER)
    per_run = (time.monotonic() - started) / 8
    runs = max(64, int(40.0 / max(per_run, 1e-4)))  # a sweep of at least ~20 s on two threads
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        mb.sweep(model, samples={"mu": [0.3] * runs}, threads=2, **WOODPECKER)
    elapsed = time.monotonic() - started
    timer.cancel()
    # One chunk is 8 runs on two threads: a few times per_run, far below the whole sweep.
    assert elapsed < 0.3 + 20 * per_run + 1.0, (elapsed, per_run, runs)
    assert mb.sweep(model, samples={"mu": [0.3]}, threads=1, **WOODPECKER).num_rows == 1


def test_a_failing_run_reports_its_error_and_the_others_complete():
    ball = mb.examples.BouncingBall()
    table = mb.sweep(ball, samples={"q0.y": [1.0, -0.5, 2.0], "e": [0.5, 0.5, 0.9]}, q0=[1.0], h=1e-3, t_end=0.2)
    errors = table["error"].to_pylist()
    assert errors[0] is None and errors[2] is None
    assert "floor" in errors[1] and "penetrat" in errors[1]
    assert table["q_end.y"].to_pylist()[1] is None and table["steps"].to_pylist()[1] is None
    # Free fall without contact before t = 0.2 s: y = y0 − g t²/2 (exact on the midpoint rule).
    assert table["q_end.y"].to_pylist()[0] == pytest.approx(1.0 - 0.5 * G * 0.04, abs=1e-12)
    assert table["q_end.y"].to_pylist()[2] == pytest.approx(2.0 - 0.5 * G * 0.04, abs=1e-12)


def elliptic_k(k: float) -> float:
    """Complete elliptic integral of the first kind K(k) = π / (2 AGM(1, √(1 − k²)))."""
    a, b = 1.0, math.sqrt(1.0 - k * k)
    for _ in range(40):  # quadratic convergence: a few iterations reach round-off
        a, b = 0.5 * (a + b), math.sqrt(a * b)
    return math.pi / (2.0 * a)


def test_pendulum_period_is_the_elliptic_closed_form():
    amplitudes = [0.3, 1.0, 2.0]
    lengths = [0.5, 1.0, 2.0]
    table = mb.sweep(
        mb.examples.Pendulum(),
        samples={"q0.theta": amplitudes, "l": lengths},
        q0=[0.0],
        h=1e-4,
        t_end=12.0,
        section=("theta", 0.0, "down"),
    )
    for theta0, l, period, rate, cycles in zip(
        amplitudes, lengths, table["period"].to_pylist(), table["rate.theta"].to_pylist(), table["cycles"].to_pylist()
    ):
        exact = 4.0 * math.sqrt(l / G) * elliptic_k(math.sin(theta0 / 2.0))
        assert cycles >= 2
        assert period == pytest.approx(exact, rel=1e-5)
        assert abs(rate) < 1e-6
