"""mb from Python: mechanical systems with impacts and friction, compiled to Rust.

- :mod:`mb.examples`: the example mechanisms as classes (``mb.examples.Woodpecker()``), with
  vectorised evaluations over numpy arrays of states (M, h, C, T, V, ∂h/∂q, ∂h/∂q̇, gaps, W_N,
  g, G), ``time_stepping`` and ``event_driven`` runs.
- :func:`sweep`: an ensemble of runs over a parameter grid or samples, as a pyarrow Table.
- :func:`compile_model`: a user's own ``mechanism!`` block as a class of the same kind;
  :func:`compile_urdf`: a robot's URDF file likewise; :func:`compile_mjcf` an MJCF model.
- :mod:`mb.errors`: every runtime error is an :class:`MbError` carrying the runtime's message.
"""

from __future__ import annotations

__version__ = "0.1.0"

from mb.errors import (
    CompileError,
    EnsembleError,
    EventError,
    MbError,
    ParameterError,
    TimeSteppingError,
)
from mb import examples
from mb.compile import compile_mjcf, compile_model, compile_stats, compile_urdf
from mb.sweep import design, read_parquet, sweep, sweep_rows, write_parquet

__all__ = [
    "CompileError",
    "EnsembleError",
    "EventError",
    "MbError",
    "ParameterError",
    "TimeSteppingError",
    "compile_model",
    "compile_stats",
    "compile_urdf",
    "compile_mjcf",
    "design",
    "examples",
    "read_parquet",
    "sweep",
    "sweep_rows",
    "write_parquet",
]
