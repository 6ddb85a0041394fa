"""The small Rust crate that holds a user's ``mechanism!`` block and wraps its generated model
into a Python extension module."""

from __future__ import annotations

import hashlib
import re
import sys
import sysconfig
from pathlib import Path
from typing import Tuple

from mb.errors import CompileError

#: Version of the layout of the generated crate; part of every cache key.
CRATE_LAYOUT = "2"


def block_text(source: str) -> str:
    """The ``mechanism! { ... }`` invocation: ``source`` itself when it holds one, else the
    block's body wrapped in one."""
    if re.search(r"\bmechanism\s*!", source):
        if len(re.findall(r"\bmechanism\s*!", source)) > 1:
            raise CompileError("give one mechanism! block per compile_model call")
        return source.strip() + "\n"
    return "mechanism! {\n" + source.strip() + "\n}\n"


def model_name(block: str) -> str:
    """The struct name declared by the block (``struct Name;``)."""
    found = re.search(r"\bstruct\s+([A-Za-z_][A-Za-z0-9_]*)\s*;", block)
    if not found:
        raise CompileError("the block declares no model: it must contain `struct Name;`")
    return found.group(1)


def cache_key(block: str, source: Path, version: str) -> str:
    """The fingerprint of everything a build depends on: the block, the mb source tree, the
    package version, the layout of the crate and the Python ABI."""
    digest = hashlib.sha256()
    for part in (
        block,
        str(source),
        version,
        CRATE_LAYOUT,
        sysconfig.get_config_var("EXT_SUFFIX") or "",
        sys.version,
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def write_crate(crate: Path, block: str, module_name: str, source: Path) -> None:
    """Writes the crate (Cargo.toml, Cargo.lock of the mb tree, src/lib.rs with the block
    only: the generator reads it before the wrapper is added)."""
    (crate / "src").mkdir(parents=True, exist_ok=True)
    for stale in (crate / "src" / "generated").glob("*.rs"):
        stale.unlink()
    deps = {
        "mbruntime": source / "mbruntime",
        "mbmacros": source / "mbmacros",
        "mb-python-bindings": source / "python" / "bindings",
    }
    lines = [
        "[package]",
        f'name = "{module_name}"',
        'version = "0.1.0"',
        'edition = "2024"',
        "publish = false",
        "",
        "[lib]",
        'crate-type = ["cdylib"]',
        "",
        "[dependencies]",
    ]
    lines += [f'{name} = {{ path = "{path.as_posix()}" }}' for name, path in deps.items()]
    lines += ["", "# Not part of any enclosing workspace.", "[workspace]", ""]
    (crate / "Cargo.toml").write_text("\n".join(lines))
    lock = source / "Cargo.lock"
    if lock.is_file():
        (crate / "Cargo.lock").write_text(lock.read_text())
    (crate / "src" / "lib.rs").write_text(_header(block))


def add_wrapper(crate: Path, block: str, module_name: str) -> Tuple[str, bool]:
    """Appends the Python class and module to src/lib.rs once the generator has written the
    model's module; returns the model's name and whether it has ``Rates``."""
    name = model_name(block)
    generated = sorted((crate / "src" / "generated").glob("*.rs"))
    if len(generated) != 1:
        raise CompileError(
            f"the generator wrote {len(generated)} modules, expected one for `{name}`"
        )
    module, text = generated[0].stem, generated[0].read_text()
    if "impl Jacobians<" not in text:
        raise CompileError(
            f"model {name} was generated without Jacobians, which the Python classes need: "
            "add `jacobians` to the block's `generate { capabilities: [...] }` item"
        )
    rates = "impl Rates<" in text
    with_rates = " with rates" if rates else ""
    wrapper = f"""
mb_python_bindings::python_model!(model_class: crate::{module} => {name}{with_rates} in "{module_name}");

/// The extension module of `{name}`.
#[mb_python_bindings::pyo3::pymodule]
#[pyo3(crate = "mb_python_bindings::pyo3", name = "{module_name}")]
fn extension(m: &mb_python_bindings::pyo3::Bound<'_, mb_python_bindings::pyo3::types::PyModule>) -> mb_python_bindings::pyo3::PyResult<()> {{
    use mb_python_bindings::pyo3::types::PyModuleMethods;
    m.add_class::<model_class::{name}>()
}}
"""
    (crate / "src" / "lib.rs").write_text(_header(block) + wrapper)
    return name, rates


def _header(block: str) -> str:
    return (
        "//! A model compiled from Python by `mb.compile_model`.\n"
        "#![allow(missing_docs)]\n\n"
        "use mbmacros::mechanism;\n\n" + block
    )


def library_file(target: Path, module_name: str) -> Path:
    """The cdylib cargo builds for the crate."""
    suffix = {"darwin": ".dylib", "win32": ".dll"}.get(sys.platform, ".so")
    prefix = "" if sys.platform == "win32" else "lib"
    return target / "release" / f"{prefix}{module_name}{suffix}"


def extension_file(directory: Path, module_name: str) -> Path:
    """Where the extension module is kept in the cache."""
    return directory / (module_name + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))

