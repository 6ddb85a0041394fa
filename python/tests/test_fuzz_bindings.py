"""The bindings on inputs no test chose (hypothesis): every evaluation method of three example
models called with arrays of random shapes (including empty and three-dimensional), dtypes
(float64, float32, int64, bool, object) and values (finite, NaN, ±∞, huge), random parameter
names and values, and random integrator arguments. The property: every call returns finite
arrays of the documented shape, or raises a Python exception (``ValueError``, ``TypeError`` or an
``mb.MbError``) whose message names the offending argument — never a crash, never a NaN
returned for finite input. After every failure the model still answers a valid call.

``MB_FUZZ_SCALE`` multiplies the number of examples of every test (1 in the test command; the
long campaign of BENCHMARKS.md runs it with 1000).
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mb

SCALE = int(os.environ.get("MB_FUZZ_SCALE", "1"))

MODELS = [mb.examples.Pendulum, mb.examples.BouncingBall, mb.examples.Woodpecker]
STATE_METHODS = ["mass_matrix", "potential_energy", "gaps", "bilateral"]
STATE_VELOCITY_METHODS = ["forces", "dynamics", "coriolis", "kinetic_energy", "force_jacobians"]
ERRORS = (ValueError, TypeError, mb.MbError)

values = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 1e300, -1e300, 1e-300]),
)


@st.composite
def arrays(draw, n: int):
    """An argument meant to hold states of n coordinates: mostly right, often not."""
    shape = draw(
        st.sampled_from([(n,), (3, n), (n + 1,), (2, n + 1), (0, n), (2, 2, n), (), (1,)])
    )
    dtype = draw(st.sampled_from([np.float64, np.float64, np.float64, np.float32, np.int64, bool]))
    size = int(np.prod(shape)) if shape else 1
    data = draw(st.lists(values, min_size=size, max_size=size))
    array = np.array(data, dtype=np.float64).reshape(shape)
    if dtype is not np.float64:
        with np.errstate(all="ignore"):
            array = np.nan_to_num(array).astype(dtype)
    # Mostly a numpy array; sometimes a nested list, a string or None.
    kind = draw(st.integers(0, 9))
    return {0: array.tolist(), 1: "text", 2: None}.get(kind, array)


def valid_call(model):
    n = len(model.coordinates)
    return model.mass_matrix(np.zeros(n))


def check_result(result, inputs_finite: bool):
    if not inputs_finite:
        return
    for part in result if isinstance(result, tuple) else (result,):
        a = np.asarray(part, dtype=np.float64)
        assert np.all(np.isfinite(a)), f"non-finite result for finite input: {a}"


def finite_input(*args) -> bool:
    for a in args:
        try:
            arr = np.asarray(a, dtype=np.float64)
        except (TypeError, ValueError):
            return False
        if arr.size and not np.all(np.isfinite(arr)):
            return False
    return True


@settings(max_examples=300 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_evaluations_return_finite_arrays_or_raise(data):
    model = data.draw(st.sampled_from(MODELS))()
    n = len(model.coordinates)
    name = data.draw(st.sampled_from(STATE_METHODS + STATE_VELOCITY_METHODS))
    q = data.draw(arrays(n))
    args = [q]
    if name in STATE_VELOCITY_METHODS:
        args.append(data.draw(arrays(n)))
    try:
        result = getattr(model, name)(*args)
    except ERRORS as error:
        assert str(error), f"{name}: an exception without a message"
    else:
        # Huge but finite inputs may overflow to ±∞ in the model's own formulas; NaN must not
        # appear from finite input whose magnitude stays moderate.
        moderate = all(np.all(np.abs(np.asarray(a, dtype=np.float64)) < 1e100) for a in args)
        check_result(result, finite_input(*args) and moderate)
    assert np.all(np.isfinite(valid_call(model)))


@settings(max_examples=200 * SCALE, deadline=None)
@given(
    which=st.sampled_from(MODELS),
    key=st.one_of(st.sampled_from(["m", "g", "e", "mu", "l", "c_phi"]), st.text(max_size=8)),
    value=values,
)
def test_parameters_are_set_or_refused_by_name(which, key, value):
    model = which()
    try:
        model.set_parameter(key, value)
    except ERRORS as error:
        message = str(error)
        assert key in message or "finite" in message, message
    else:
        assert key in model.parameter_names and np.isfinite(value)
        assert model.get_parameter(key) == value
    assert np.all(np.isfinite(valid_call(which())))


@settings(max_examples=60 * SCALE, deadline=None)
@given(
    h=st.one_of(st.floats(1e-5, 1e-2), st.sampled_from([0.0, -1e-3, float("nan"), float("inf")])),
    t_end=st.one_of(st.floats(0.0, 0.05), st.sampled_from([-1.0, float("nan"), float("inf")])),
    y0=st.one_of(st.floats(-1.0, 2.0), st.sampled_from([float("nan"), 1e300])),
    setting=st.sampled_from([{}, {"penetration_tolerance": -1.0}, {"nonsense": 1.0}, {"penetration_tolerance": 1e-6}]),
)
def test_time_stepping_returns_or_raises(h, t_end, y0, setting):
    ball = mb.examples.BouncingBall()
    try:
        out = ball.time_stepping([y0], [0.0], h, t_end, **setting)
    except ERRORS as error:
        assert str(error)
    else:
        for key in ("t", "q", "u"):
            a = np.asarray(out[key] if isinstance(out, dict) else getattr(out, key))
            assert np.all(np.isfinite(a)), key


@settings(max_examples=60 * SCALE, deadline=None)
@given(
    which=st.sampled_from([mb.examples.BouncingBall, mb.examples.Woodpecker]),
    t_end=st.one_of(st.floats(0.0, 0.05), st.sampled_from([-1.0, float("nan"), float("inf")])),
    scale=st.sampled_from([0.0, 1e-3, 0.3, 1.0, 1e6, float("nan")]),
    option=st.sampled_from(
        [
            {},
            {"rtol": 1e-6},
            {"rtol": -1.0},
            {"impact_energy_gain": 0.0},
            {"impact_energy_gain": float("inf")},
            {"impact_energy_gain": float("nan")},
            {"max_events": 3},
            {"nonsense": 1.0},
        ]
    ),
    data=st.data(),
)
def test_event_driven_returns_or_raises(which, t_end, scale, option, data):
    """The event-driven entry point: random starts (penetrating, at every scale, NaN), horizons
    and options (within event and step budgets); a result of finite arrays whose impacts never
    raise the kinetic energy beyond the allowance in force, or an exception with a message."""
    model = which()
    n = len(model.coordinates)
    q0 = [scale * data.draw(st.floats(-1.0, 1.0)) for _ in range(n)]
    u0 = [scale * data.draw(st.floats(-1.0, 1.0)) for _ in range(n)]
    budgets = {"max_events": 200, "max_steps": 20_000}  # every run ends soon, or says so
    try:
        out = model.event_driven(q0, u0, t_end, **{**budgets, **option})
    except ERRORS as error:
        assert str(error)
    else:
        for key in ("t", "q", "u", "lambda_n"):
            assert np.all(np.isfinite(np.asarray(out[key]))), key
        gain = option.get("impact_energy_gain", 1e-9)
        for event in out["events"]:
            if event["kind"] in ("impact", "accumulation"):
                pre, post = event["kinetic_energy_pre"], event["kinetic_energy_post"]
                slack = 0.5e-10 * float(np.sum(np.abs(event["impulse"])))
                assert post <= (1.0 + gain) * pre + slack, event
