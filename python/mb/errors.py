"""The exceptions of mb.

Every error of the Rust runtime reaches Python as one of these, carrying exactly the runtime
error's message. The extension modules (the examples and every model compiled with
:func:`mb.compile_model`) import these classes, so ``except mb.MbError`` catches all of them.
"""

from __future__ import annotations


class MbError(RuntimeError):
    """Base class of every error raised by mb."""


class ParameterError(MbError, ValueError):
    """A parameter name the model does not have, or a non-finite parameter value."""


class TimeSteppingError(MbError):
    """The time-stepping integrator refused its input or could not complete a step."""


class EventError(MbError):
    """The event-driven integrator refused its input or could not go on."""


class EnsembleError(MbError):
    """An ensemble (a sweep) could not be set up; nothing has run."""


class CompileError(MbError):
    """A ``mechanism!`` block that could not be generated or compiled.

    The message holds the located diagnostic of the generator or of the Rust compiler
    (``file:line:col``, the source line and a caret).
    """


__all__ = [
    "MbError",
    "ParameterError",
    "TimeSteppingError",
    "EventError",
    "EnsembleError",
    "CompileError",
]
