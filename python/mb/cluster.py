"""Sweeps on a Ray cluster: the design is cut into chunks of rows, each chunk runs as one Ray task
with the Rust ensemble inside it (:func:`mb.sweep_rows`), and the chunks' tables are
concatenated in row order. The result is identical, bit for bit, to :func:`mb.sweep` on one
machine: every run is computed by one thread from the same values, whichever worker runs it.

Ray is the engine; this module only cuts the design and gathers the tables::

    import ray, mb
    from mb import cluster
    ray.init(address="auto")              # or "ray://<head>:10001", or nothing for a local Ray
    table = cluster.sweep(mb.examples.Woodpecker(), grid={"mu": mus, "c_phi": cs},
                          q0=q0, u0=u0, h=1e-4, t_end=1.0,
                          section=("phi_S", -0.2788, "down"), skip=2)

What every node needs: Python with the same version as the driver, numpy, pyarrow, ray, and the
``mb`` package installed (``pip install <mb>/python`` builds it). A model compiled with
:func:`mb.compile_model` is shipped to the workers as the bytes of its extension module through
Ray's object store, so the workers need no Rust toolchain, only the same operating system, CPU
architecture and Python ABI as the driver.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence

import numpy as np
import pyarrow as pa

from mb.sweep import design as make_design
from mb.sweep import sweep_rows

_SHIPPED_DIR = "mb-ray-models"


def sweep(
    model: Any,
    *,
    grid: Optional[Mapping[str, Sequence[float]]] = None,
    samples: Optional[Mapping[str, Sequence[float]]] = None,
    chunk_size: Optional[int] = None,
    threads_per_chunk: int = 1,
    **run: Any,
) -> pa.Table:
    """Runs ``model`` over a design (``grid=`` or ``samples=``, as :func:`mb.sweep`) on the Ray
    cluster this process is connected to (``ray.init`` is called with no arguments, i.e. a local
    Ray, if it was not called before).

    ``chunk_size`` runs form one Ray task (default: the runs spread over four tasks per CPU of the
    cluster); each task asks Ray for ``threads_per_chunk`` CPUs and runs its chunk on that many
    threads. ``run`` holds the keyword arguments of :func:`mb.sweep` (``q0``, ``u0``, ``h``,
    ``t_end``, ``scheme``, ``section``, ``skip``, settings). Returns the same table as
    :func:`mb.sweep`.
    """
    import ray

    if not ray.is_initialized():
        ray.init()
    names, values = make_design(grid=grid, samples=samples)
    chunks = _chunks(values.shape[0], chunk_size, threads_per_chunk, ray.cluster_resources())
    spec = _model_spec(model)
    payload = ray.put(_extension_bytes(model))
    values_ref = ray.put(values)
    task = ray.remote(num_cpus=threads_per_chunk)(_run_chunk)
    run = dict(run, threads=threads_per_chunk)
    refs = [task.remote(spec, payload, names, values_ref, a, b, run) for a, b in chunks]
    return pa.concat_tables(ray.get(refs))


def chunk_bounds(runs: int, chunk_size: int) -> List[tuple]:
    """The row ranges ``(start, stop)`` of chunks of ``chunk_size`` runs (the last may be
    shorter)."""
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    return [(a, min(a + chunk_size, runs)) for a in range(0, runs, chunk_size)]


def _chunks(
    runs: int, chunk_size: Optional[int], threads: int, resources: Mapping[str, float]
) -> List[tuple]:
    if threads < 1:
        raise ValueError(f"threads_per_chunk must be at least 1, got {threads}")
    if chunk_size is None:
        tasks = max(1, 4 * int(resources.get("CPU", 1)) // threads)
        chunk_size = max(1, math.ceil(runs / tasks))
    return chunk_bounds(runs, chunk_size)


def _model_spec(model: Any) -> Dict[str, Any]:
    """What a worker needs to rebuild ``model``: its class's module and name and its
    parameters."""
    cls = type(model)
    if not hasattr(model, "parameters") or not hasattr(model, "_sweep"):
        raise TypeError(f"cluster.sweep needs an mb model, got {cls.__name__}")
    module = sys.modules[cls.__module__]
    return {
        "module": cls.__module__,
        "class": cls.__name__,
        "file_name": Path(module.__file__).name if _is_compiled_model(cls) else None,
        "parameters": dict(model.parameters),
    }


def _is_compiled_model(cls: type) -> bool:
    """Models of :func:`mb.compile_model` live in modules of their own, outside the package."""
    return not cls.__module__.startswith("mb.") and cls.__module__ != "mb"


def _extension_bytes(model: Any) -> Optional[bytes]:
    cls = type(model)
    if not _is_compiled_model(cls):
        return None
    return Path(sys.modules[cls.__module__].__file__).read_bytes()


def _run_chunk(
    spec: Dict[str, Any],
    payload: Optional[bytes],
    names: List[str],
    values: np.ndarray,
    start: int,
    stop: int,
    run: Dict[str, Any],
) -> pa.Table:
    """One Ray task: rebuild the model on this worker and run rows ``start:stop``."""
    cls = getattr(_load_module(spec, payload), spec["class"])
    model = cls(**spec["parameters"])
    return sweep_rows(model, names, values, start, stop, **run)


def _load_module(spec: Dict[str, Any], payload: Optional[bytes]):
    name = spec["module"]
    if name in sys.modules:
        return sys.modules[name]
    if payload is None:
        return importlib.import_module(name)
    digest = hashlib.sha256(payload).hexdigest()[:16]
    path = Path(tempfile.gettempdir()) / _SHIPPED_DIR / digest / spec["file_name"]
    if not path.is_file():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + f".{id(payload)}.partial")
        partial.write_bytes(payload)
        partial.replace(path)
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise ImportError(f"cannot import the shipped model module {path}")
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


__all__ = ["sweep", "chunk_bounds"]
