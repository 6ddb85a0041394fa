"""Python overhead of mb (not part of CI; run by bench/compare_python.sh).

1. A 1-s woodpecker run (Glocker & Studer 2005, Table I, Moreau's midpoint rule, h = 1e-5) from
   Python, ``Woodpecker().time_stepping(..., every=10**9)`` (only the end state returned),
   against the Rust program ``woodpecker --timing`` (the step loop of ``TimeStepper::run``): wall
   time of the whole Python call (argument conversion, stepper construction, GIL release,
   results) against the Rust loop's wall time. Target: ≤ 5 % overhead.
2. ``Chain3().dynamics(q, qd)`` over 10⁶ states held in numpy arrays against the Rust loop of
   ``batched_dynamics`` over flat arrays (both allocate their outputs in the timed region). Target:
   within 1.5× of the Rust loop.

Both sides single-threaded; best of REPEATS (default 7) wall times.
Usage: python overhead.py <directory of the release binaries> [REPEATS]
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

import numpy as np

import mb

BIN = sys.argv[1]
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 7
Q0 = [0.0, -0.1036, -0.2788]
U0 = [-0.3411, 0.0, -7.4583]


def best(f, repeats=REPEATS):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def rust_woodpecker_seconds() -> float:
    runs = []
    for _ in range(REPEATS):
        out = subprocess.run(
            [f"{BIN}/woodpecker", "--timing", "--h", "1e-5"], capture_output=True, text=True, check=True
        ).stdout
        _, _, _, steps, us = re.search(r"TIMING (\S+) (\S+) (\d+) (\S+)", out).group(0).split()
        runs.append(int(steps) * float(us) * 1e-6)
    return min(runs)


def python_woodpecker_seconds() -> float:
    model = mb.examples.Woodpecker()
    return best(lambda: model.time_stepping(Q0, U0, 1e-5, 1.0, every=10**9))


def rust_batched_ns(n: int) -> float:
    out = subprocess.run(
        [f"{BIN}/batched_dynamics", "--n", str(n), "--repeats", str(REPEATS)], capture_output=True, text=True, check=True
    ).stdout
    return float(re.search(r"best_ns_per_state=(\S+)", out).group(1))


def python_batched_ns(n: int) -> float:
    rng = np.random.default_rng(1)
    q = rng.uniform(-3.0, 3.0, (n, 3))
    qd = rng.uniform(-2.0, 2.0, (n, 3))
    model = mb.examples.Chain3()
    return best(lambda: model.dynamics(q, qd)) * 1e9 / n


def main() -> None:
    rust = rust_woodpecker_seconds()
    python = python_woodpecker_seconds()
    print(
        f"woodpecker 1 s at h = 1e-5: Rust loop {rust * 1e3:.2f} ms, Python call {python * 1e3:.2f} ms, "
        f"overhead {100 * (python / rust - 1):+.2f} %"
    )
    n = 1_000_000
    rust_ns = rust_batched_ns(n)
    python_ns = python_batched_ns(n)
    print(
        f"Chain3.dynamics over {n} states: Rust loop {rust_ns:.1f} ns/state, numpy call "
        f"{python_ns:.1f} ns/state, ratio {python_ns / rust_ns:.3f}"
    )


if __name__ == "__main__":
    main()
