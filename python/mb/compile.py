"""A user's own model from Python: :func:`compile_model` turns a ``mechanism!`` block into a
Python class, with the same methods as the example classes (:mod:`mb.examples`);
:func:`compile_urdf` does the same for a robot's URDF file and :func:`compile_mjcf` for an MJCF
model (through ``mbcompile import``).

The first call for a block writes a small crate into the cache (``~/.cache/mb/models/<key>/``,
or ``$MB_CACHE/<key>/``, or ``cache_dir/<key>/``; ``<key>`` fingerprints the block, the mb source
tree and the Python ABI), runs the generator ``mbcompile gen`` on it under the symbolic engine's
lock, builds it with ``cargo build --release`` (in a target directory shared by all models, so
that the dependencies are compiled once), keeps the extension module in the cache and imports
it. Later calls with the same block, in this process or another, import the kept module without
generating or building anything (:func:`compile_stats` counts what was done).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, Optional, Union

from mb import _model_crate as crate_files
from mb import _toolchain as tools
from mb.errors import CompileError

PathArg = Union[str, "os.PathLike[str]"]

_STATS: Dict[str, int] = {"generated": 0, "built": 0, "cache_hits": 0}


def compile_model(
    source: Union[str, PathArg],
    *,
    cache_dir: Optional[PathArg] = None,
    mbcompile: Optional[PathArg] = None,
    mb_source: Optional[PathArg] = None,
    verbose: bool = False,
) -> type:
    """Compiles a ``mechanism!`` block and returns its Python class.

    ``source`` is the block's text (``mechanism! { struct Name; ... }``, or only what goes
    between the braces) or a path to a file holding it. ``cache_dir`` overrides the cache root
    (default ``$MB_CACHE`` or ``~/.cache/mb/models``); ``mbcompile`` the generator binary (default
    ``$MBCOMPILE``, ``mbcompile`` on PATH, or built from the source tree); ``mb_source`` the mb
    source tree (default ``$MB_SOURCE`` or the tree this package was built from). ``verbose``
    prints each stage to stderr.

    Raises :class:`mb.CompileError` carrying the generator's or the compiler's located
    diagnostic (``file:line:col``, the source line and a caret) when the block does not compile.
    """
    block = crate_files.block_text(_read_source(source))
    name = crate_files.model_name(block)
    tree = tools.source_tree(mb_source)
    from mb import __version__

    key = crate_files.cache_key(block, tree, __version__)
    module_name = f"mb_model_{key}"
    if module_name in sys.modules:
        _STATS["cache_hits"] += 1
        return getattr(sys.modules[module_name], name)
    directory = _cache_root(cache_dir) / key
    extension = crate_files.extension_file(directory, module_name)
    with tools.directory_lock(directory):
        if extension.is_file():
            _STATS["cache_hits"] += 1
        else:
            _build(block, tree, directory, module_name, mbcompile, verbose)
    return getattr(_import(module_name, extension), name)


def compile_urdf(
    path: PathArg,
    *,
    name: Optional[str] = None,
    floating_base: bool = False,
    limit_restitution: Optional[float] = None,
    joint_friction: str = "regularised",
    dynamics_only: bool = False,
    point_mass_for_invalid_inertia: bool = False,
    cache_dir: Optional[PathArg] = None,
    mbcompile: Optional[PathArg] = None,
    mb_source: Optional[PathArg] = None,
    verbose: bool = False,
) -> type:
    """Imports a URDF robot description and compiles it like :func:`compile_model`.

    Runs ``mbcompile import`` (the options are its flags: ``name`` the class name,
    ``floating_base`` a free root link, ``limit_restitution`` the joint limits as contacts,
    ``joint_friction`` ``"regularised"`` or ``"none"``, ``dynamics_only`` M, h, C and the
    articulated-body algorithm only, ``point_mass_for_invalid_inertia`` a link whose inertia is not
    positive definite as a point mass), then :func:`compile_model` on the block it writes, through
    the same cache. Raises :class:`mb.CompileError` with the importer's message (the file, line
    and element) for a description it cannot import.
    """
    flags = ["--floating-base"] if floating_base else []
    return _compile_description(
        path, name, flags, limit_restitution, joint_friction, dynamics_only,
        point_mass_for_invalid_inertia, cache_dir, mbcompile, mb_source, verbose,
    )


def compile_mjcf(
    path: PathArg,
    *,
    name: Optional[str] = None,
    limit_restitution: Optional[float] = None,
    contact_restitution: Optional[float] = None,
    joint_friction: str = "regularised",
    dynamics_only: bool = False,
    point_mass_for_invalid_inertia: bool = False,
    cache_dir: Optional[PathArg] = None,
    mbcompile: Optional[PathArg] = None,
    mb_source: Optional[PathArg] = None,
    verbose: bool = False,
) -> type:
    """Imports an MJCF model (MuJoCo's XML, the subset ``mbcompile import`` reads) and compiles
    it like :func:`compile_model`; the options and errors are :func:`compile_urdf`'s (free joints
    come from the file, so there is no ``floating_base``), and ``contact_restitution`` imports the
    contacts of sphere, capsule and box geoms with the world's planes with that restitution."""
    flags = []
    if contact_restitution is not None:
        flags += ["--contact-restitution", repr(float(contact_restitution))]
    return _compile_description(
        path, name, flags, limit_restitution, joint_friction, dynamics_only,
        point_mass_for_invalid_inertia, cache_dir, mbcompile, mb_source, verbose,
    )


def _compile_description(
    path, name, flags, limit_restitution, joint_friction, dynamics_only,
    point_mass_for_invalid_inertia, cache_dir, mbcompile, mb_source, verbose,
) -> type:
    """``mbcompile import`` of a description with the given flags, then :func:`compile_model`."""
    if joint_friction not in ("regularised", "none"):
        raise CompileError(
            f"joint_friction is {joint_friction!r}: it must be 'regularised' or 'none'"
        )
    tree = tools.source_tree(mb_source)
    generator = tools.mbcompile(tree, mbcompile)
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "robot.rs"
        command = [generator, "import", str(Path(path)), "--out", str(out)]
        command += ["--joint-friction", joint_friction] + flags
        if name is not None:
            command += ["--name", name]
        if limit_restitution is not None:
            command += ["--limit-restitution", repr(float(limit_restitution))]
        if dynamics_only:
            command.append("--dynamics-only")
        if point_mass_for_invalid_inertia:
            command.append("--point-mass-for-invalid-inertia")
        notes = tools.run(command, cwd=Path(scratch), env={}, what="importing the robot")
        _say(verbose, notes.strip())
        text = out.read_text()
    # The block alone: the file's header and `use` line belong to a source file of its own.
    block = text[text.index("mechanism! {") :]
    return compile_model(
        block, cache_dir=cache_dir, mbcompile=generator, mb_source=mb_source, verbose=verbose
    )


def compile_stats() -> Dict[str, int]:
    """What :func:`compile_model` did in this process: blocks ``generated`` (generator runs),
    ``built`` (cargo builds) and ``cache_hits`` (calls answered from the cache)."""
    return dict(_STATS)


def _build(
    block: str,
    tree: Path,
    directory: Path,
    module_name: str,
    mbcompile: Optional[PathArg],
    verbose: bool,
) -> None:
    crate = directory / "crate"
    log = directory / "build.log"
    crate_files.write_crate(crate, block, module_name, tree)
    generator = tools.mbcompile(tree, mbcompile)
    _say(verbose, f"generating {crate} with {generator}")
    with tools.symbolic_engine_lock():
        tools.run(
            [generator, "gen", str(crate)],
            cwd=crate,
            env={"SYMBOLICA_HIDE_BANNER": "1"},
            what="generating the model (mbcompile gen)",
            log=log,
        )
    _STATS["generated"] += 1
    crate_files.add_wrapper(crate, block, module_name)
    target = tools.target_dir(tree)
    _say(verbose, f"building {crate} into {target}")
    started = time.monotonic()
    tools.run(
        [tools.cargo(), "build", "--release", "--lib"],
        cwd=crate,
        env={
            "CARGO_TARGET_DIR": str(target),
            "PYO3_PYTHON": sys.executable,
            "PYO3_BUILD_EXTENSION_MODULE": "1",
        },
        what="compiling the model (cargo build)",
        log=log,
    )
    _STATS["built"] += 1
    _say(verbose, f"built in {time.monotonic() - started:.1f} s")
    built = crate_files.library_file(target, module_name)
    extension = crate_files.extension_file(directory, module_name)
    partial = extension.with_name(extension.name + ".partial")
    partial.write_bytes(built.read_bytes())
    partial.replace(extension)


def _import(module_name: str, path: Path):
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise CompileError(f"cannot import the compiled model {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[module_name] = module
    return module


def _cache_root(explicit: Optional[PathArg]) -> Path:
    if explicit is not None:
        return Path(explicit).expanduser().resolve()
    if os.environ.get("MB_CACHE"):
        return Path(os.environ["MB_CACHE"]).expanduser().resolve()
    return Path.home() / ".cache" / "mb" / "models"


def _read_source(source: Union[str, PathArg]) -> str:
    if isinstance(source, os.PathLike):
        return Path(source).read_text()
    if "\n" not in source and "{" not in source and Path(source).is_file():
        return Path(source).read_text()
    return source


def _say(verbose: bool, message: str) -> None:
    if verbose:
        print(f"mb.compile_model: {message}", file=sys.stderr)


__all__ = ["compile_mjcf", "compile_model", "compile_stats", "compile_urdf"]
