"""Overhead of a Ray chunk (not part of CI; run by bench/compare_python.sh).

A local Ray instance with 2 CPUs runs woodpecker sweeps (Glocker & Studer 2005, Table I) whose
runs are short (h = 1e-4, t_end = 1e-3 s: ten steps), so that the wall time of
``mb.cluster.sweep`` is almost all overhead: task submission, shipping the design, rebuilding the
model on the worker, the native call, the Arrow table and its return. Reported per chunk, against
the same sweep run in-process by ``mb.sweep``; then a 1-s sweep of 256 runs at h = 1e-4 in chunks
of 16 against ``mb.sweep`` on 2 threads (wall time both).

Usage: python ray_overhead.py [REPEATS]
"""

from __future__ import annotations

import sys
import time

import numpy as np
import ray

import mb
from mb import cluster

REPEATS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
RUN = dict(q0=[0.0, -0.1036, -0.2788], u0=[-0.3411, 0.0, -7.4583], h=1e-4)


def best(f):
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    model = mb.examples.Woodpecker()
    grid = {"mu": np.linspace(0.3, 0.5, 16), "c_phi": np.linspace(0.004, 0.008, 16)}
    cluster.sweep(model, grid=grid, chunk_size=16, t_end=1e-3, **RUN)  # warm the workers
    local = best(lambda: mb.sweep(model, grid=grid, threads=1, t_end=1e-3, **RUN))
    print(f"in-process sweep of 256 ten-step runs: {local * 1e3:.2f} ms")
    for chunk_size in (256, 64, 16, 4, 1):
        chunks = 256 // chunk_size
        wall = best(lambda: cluster.sweep(model, grid=grid, chunk_size=chunk_size, t_end=1e-3, **RUN))
        print(
            f"ray, {chunks:4d} chunks of {chunk_size:3d}: {wall * 1e3:8.2f} ms, "
            f"{(wall - local) / chunks * 1e3:.3f} ms overhead per chunk"
        )
    long_local = best(lambda: mb.sweep(model, grid=grid, threads=2, t_end=1.0, **RUN))
    long_ray = best(lambda: cluster.sweep(model, grid=grid, chunk_size=16, t_end=1.0, **RUN))
    print(
        f"256 runs of 1 s: mb.sweep on 2 threads {long_local:.3f} s, Ray (2 CPUs, 16 chunks) "
        f"{long_ray:.3f} s, ratio {long_ray / long_local:.3f}"
    )
    ray.shutdown()


if __name__ == "__main__":
    main()
