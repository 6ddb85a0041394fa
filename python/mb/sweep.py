"""Ensembles from Python: many time-stepping runs of one model over a design, as a pyarrow Table.

A design is a set of named columns with one row per run. A column names a parameter of the model
(``"mu"``) or an initial-state entry (``"q0.phi_S"``, ``"u0.y"``). :func:`design` builds one from
a full factorial ``grid`` (first axis slowest, as ``numpy.meshgrid(..., indexing="ij")`` raveled
in C order) or from ``samples`` (equal-length arrays, e.g. Monte Carlo draws).

:func:`sweep` runs every row in parallel (Rust threads, the GIL released) and returns one table
row per run: ``run`` (the row index), the design columns, ``steps``, ``q_end.<c>``, ``u_end.<c>``
and, with a Poincaré ``section``, ``crossings``, ``cycles``, ``period``, ``period_min``,
``period_max`` and ``rate.<c>`` (mean rate of each coordinate over whole cycles), and ``error``
(null when the run succeeded; its message otherwise, with every output of that row null).
Results are bit-identical for any thread count, and :func:`sweep_rows` on a slice of rows gives
exactly those rows of the whole table (the unit of work of a cluster).
"""

from __future__ import annotations

import os
from typing import Any, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from mb import _native

Section = Tuple[str, float, str]
Design = Tuple[list, np.ndarray]

_INTEGER_COLUMNS = ("run", "steps", "crossings", "cycles")


def design(
    grid: Optional[Mapping[str, Sequence[float]]] = None,
    samples: Optional[Mapping[str, Sequence[float]]] = None,
) -> Design:
    """The design of a sweep: column names and a float64 array of shape (runs, columns).

    Give exactly one of ``grid`` (axis name → values; the full factorial product, first axis
    slowest) or ``samples`` (column name → values, all of the same length, one run per index).
    """
    if (grid is None) == (samples is None):
        raise ValueError("give exactly one of grid= or samples=")
    if grid is not None:
        axes = [(str(name), _floats(name, values)) for name, values in grid.items()]
        names, values = _native.grid(axes)
        return list(names), np.asarray(values, dtype=np.float64)
    assert samples is not None
    names = [str(name) for name in samples]
    if not names:
        raise ValueError("samples= needs at least one column")
    columns = [np.asarray(_floats(name, samples[name]), dtype=np.float64) for name in names]
    lengths = {len(c) for c in columns}
    if len(lengths) != 1:
        shown = ", ".join(f"{n}: {len(c)}" for n, c in zip(names, columns))
        raise ValueError(f"samples= columns must have equal lengths, got {shown}")
    return names, np.ascontiguousarray(np.stack(columns, axis=1))


def sweep(
    model: Any,
    *,
    grid: Optional[Mapping[str, Sequence[float]]] = None,
    samples: Optional[Mapping[str, Sequence[float]]] = None,
    q0: Any,
    u0: Any = None,
    h: float,
    t_end: float,
    scheme: str = "midpoint",
    theta: float = 0.5,
    section: Optional[Section] = None,
    skip: int = 0,
    threads: Optional[int] = None,
    **settings: float,
) -> pa.Table:
    """Runs ``model`` over a design (``grid=`` or ``samples=``, see :func:`design`).

    Every run starts at t = 0 from ``q0``, ``u0`` (zeros by default) with the row's values
    written in, and takes time steps ``h`` to ``t_end`` with ``scheme`` ("midpoint" or "jean",
    with ``theta``) and the time-stepping ``settings`` (e.g. ``penetration_tolerance``).
    ``section = (coordinate, level, "down" | "up" | "both")`` observes a Poincaré section,
    ignoring its first ``skip`` crossings. ``threads`` sets the size of the sweep's own thread
    pool (default: all cores). Returns a :class:`pyarrow.Table`, one row per run (see the module
    documentation). A run that fails has its message in ``error``; the others go on. Ctrl-C
    (``KeyboardInterrupt``) stops the sweep after the few runs per thread in flight, discarding
    them.
    """
    names, values = design(grid=grid, samples=samples)
    return sweep_rows(
        model,
        names,
        values,
        0,
        values.shape[0],
        q0=q0,
        u0=u0,
        h=h,
        t_end=t_end,
        scheme=scheme,
        theta=theta,
        section=section,
        skip=skip,
        threads=threads,
        **settings,
    )


def sweep_rows(
    model: Any,
    names: Sequence[str],
    values: np.ndarray,
    start: int,
    stop: int,
    *,
    q0: Any,
    u0: Any = None,
    h: float,
    t_end: float,
    scheme: str = "midpoint",
    theta: float = 0.5,
    section: Optional[Section] = None,
    skip: int = 0,
    threads: Optional[int] = None,
    **settings: float,
) -> pa.Table:
    """Rows ``start:stop`` of the sweep over the design (``names``, ``values``): exactly those
    rows of the table :func:`sweep` returns for the whole design (``run`` keeps the row index)."""
    q0 = np.asarray(q0, dtype=np.float64)
    u0 = np.zeros_like(q0) if u0 is None else np.asarray(u0, dtype=np.float64)
    result = model._sweep(
        list(names),
        np.asarray(values, dtype=np.float64),
        int(start),
        int(stop),
        q0,
        u0,
        float(h),
        float(t_end),
        scheme=scheme,
        theta=float(theta),
        section=None if section is None else (str(section[0]), float(section[1]), str(section[2])),
        skip=int(skip),
        threads=threads,
        settings=dict(settings) or None,
    )
    return _table(result, list(names))


def write_parquet(table: pa.Table, path: Union[str, "os.PathLike[str]"]) -> None:
    """Writes a sweep's table to a Parquet file (``pyarrow.parquet.write_table``).

    The file is written beside ``path`` (``<path>.partial``) and renamed over it when complete, so
    an interrupted or failing write leaves the previous file (or none), never a truncated one. A
    symbolic link is followed (the file it names is replaced); a destination that exists and is
    not a regular file (``/dev/null``, a FIFO) is written in place, since a file renamed over it
    would replace the device itself.
    """
    target = os.path.realpath(os.fspath(path))
    if os.path.exists(target) and not os.path.isfile(target):
        pq.write_table(table, target)
        return
    partial = target + ".partial"
    try:
        pq.write_table(table, partial)
        os.replace(partial, target)
    except BaseException:
        if os.path.exists(partial):
            os.remove(partial)
        raise


def read_parquet(path: Union[str, "os.PathLike[str]"]) -> pa.Table:
    """Reads a table written by :func:`write_parquet`."""
    return pq.read_table(path)


def _table(result: Mapping[str, Any], names: Sequence[str]) -> pa.Table:
    """The native result (``columns``, ``ok``, ``errors``) as a table: outputs of failed runs and
    missing cycle data null, integer columns as int64."""
    ok = np.asarray(result["ok"], dtype=bool)
    arrays = {}
    for name, column in result["columns"].items():
        column = np.asarray(column)
        if name in names:
            arrays[name] = pa.array(column, type=pa.float64())
            continue
        if name == "run":
            arrays[name] = pa.array(column.astype(np.int64), type=pa.int64())
            continue
        missing = ~ok | np.isnan(column)
        if name in _INTEGER_COLUMNS:
            filled = np.where(missing, 0, column).astype(np.int64)
            arrays[name] = pa.array(filled, type=pa.int64(), mask=missing)
        else:
            arrays[name] = pa.array(column, type=pa.float64(), mask=missing)
    arrays["error"] = pa.array(list(result["errors"]), type=pa.string())
    return pa.table(arrays)


def _floats(name: Any, values: Any) -> list:
    array = np.asarray(values, dtype=np.float64)
    if array.ndim != 1:
        raise ValueError(f"design column {name!r} must be one-dimensional, got shape {array.shape}")
    return [float(x) for x in array]


__all__ = ["design", "sweep", "sweep_rows", "write_parquet", "read_parquet"]
