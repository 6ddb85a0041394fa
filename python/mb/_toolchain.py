"""Finding and running the tools that turn a ``mechanism!`` block into an extension module: the
mb source tree, the generator ``mbcompile`` and ``cargo``; the symbolic engine's lock."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator, List, Mapping, Optional, Union

from mb.errors import CompileError

PathArg = Union[str, "os.PathLike[str]"]

#: The lock that serialises every run of the symbolic engine on a machine (``flock`` on it).
SYMBOLICA_LOCK = "/tmp/symbolica.lock"


def source_tree(explicit: Optional[PathArg] = None) -> Path:
    """The mb source tree: ``explicit``, else ``$MB_SOURCE``, else the tree the installed
    package was built from."""
    candidates = [explicit, os.environ.get("MB_SOURCE")]
    try:
        from mb import _native

        candidates.append(getattr(_native, "SOURCE_DIR", None))
    except ImportError:  # pragma: no cover - the package is always built with its extension
        pass
    for candidate in candidates:
        if candidate and (Path(candidate) / "mbruntime" / "Cargo.toml").is_file():
            return Path(candidate).resolve()
    raise CompileError(
        "cannot find the mb source tree (a folder holding mbruntime/Cargo.toml): pass "
        "mb_source= or set MB_SOURCE"
    )


def cargo() -> str:
    """The ``cargo`` executable."""
    found = shutil.which("cargo") or str(Path.home() / ".cargo" / "bin" / "cargo")
    if not Path(found).is_file():
        raise CompileError("cannot find cargo: install the Rust toolchain (https://rustup.rs)")
    return found


def target_dir(source: Path) -> Path:
    """The cargo target directory shared by every model build: ``$CARGO_TARGET_DIR`` if set,
    else the mb source tree's ``target``."""
    return Path(os.environ.get("CARGO_TARGET_DIR") or source / "target").resolve()


def mbcompile(source: Path, explicit: Optional[PathArg] = None) -> str:
    """The generator binary: ``explicit``, ``$MBCOMPILE``, ``mbcompile`` on PATH, or built from
    the source tree (``cargo build --release -p mbcompile``; the first build of the symbolic
    engine takes minutes and needs ``m4``)."""
    for candidate in (explicit, os.environ.get("MBCOMPILE"), shutil.which("mbcompile")):
        if candidate:
            if not Path(candidate).is_file():
                raise CompileError(f"the mbcompile binary {candidate} does not exist")
            return str(candidate)
    run(
        [cargo(), "build", "--release", "-p", "mbcompile"],
        cwd=source,
        env={"CARGO_TARGET_DIR": str(target_dir(source))},
        what="building mbcompile",
    )
    return str(target_dir(source) / "release" / "mbcompile")


@contextlib.contextmanager
def symbolic_engine_lock() -> Iterator[None]:
    """Holds the machine-wide lock of the symbolic engine (one generator run at a time)."""
    with open(SYMBOLICA_LOCK, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextlib.contextmanager
def directory_lock(path: Path) -> Iterator[None]:
    """Holds an exclusive lock on ``path/.lock`` (one build of a model directory at a time)."""
    path.mkdir(parents=True, exist_ok=True)
    with open(path / ".lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def run(
    command: List[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    what: str,
    log: Optional[Path] = None,
) -> str:
    """Runs ``command`` with ``env`` added to the environment; returns its stderr. On failure
    raises :class:`CompileError` with ``what`` and the command's diagnostics."""
    full_env = dict(os.environ)
    full_env.update(env)
    done = subprocess.run(
        command, cwd=cwd, env=full_env, capture_output=True, text=True, check=False
    )
    if log is not None:
        with open(log, "a") as handle:
            handle.write(f"$ {' '.join(command)}\n{done.stdout}{done.stderr}\n")
    if done.returncode != 0:
        raise CompileError(f"{what} failed:\n{diagnostics(done.stderr or done.stdout)}")
    return done.stderr


def diagnostics(stderr: str) -> str:
    """The diagnostics of a tool's stderr without cargo's progress lines."""
    noise = ("Compiling ", "Checking ", "Updating ", "Locking ", "Downloaded ", "Downloading ")
    kept = [line for line in stderr.splitlines() if not line.strip().startswith(noise)]
    return "\n".join(kept).strip()
