"""Bad input never crashes the interpreter: it raises an exception with a clear message.

Checked: arrays of the wrong shape or dtype, non-finite states, unknown parameter names and
non-finite parameter values (the runtime's own messages), unknown settings, the runtime's refusal
of an invalid θ or of an initial state that penetrates a contact (its exact message, as an
``mb.MbError``), and a design column the model does not have. After each, the model still works.
"""

from __future__ import annotations

import numpy as np
import pytest

import mb


def test_wrong_shape_names_the_expected_shape():
    p = mb.examples.DoublePendulum()
    with pytest.raises(ValueError, match=r"q must have shape \(n, 2\) or \(2,\), got shape \(4, 3\)"):
        p.mass_matrix(np.zeros((4, 3)))
    with pytest.raises(ValueError, match=r"got shape \(2, 2, 2\)"):
        p.mass_matrix(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match=r"q and qd must have the same shape, got \(3, 2\) and \(2,\)"):
        p.forces(np.zeros((3, 2)), np.zeros(2))
    with pytest.raises(ValueError, match=r"t must be a float or have shape \(3,\)"):
        p.forces(np.zeros((3, 2)), np.zeros((3, 2)), np.zeros(4))


def test_wrong_dtype_is_a_type_error():
    p = mb.examples.Pendulum()
    with pytest.raises(TypeError, match="q must be a float64 array .* got dtype int64"):
        p.mass_matrix(np.zeros((3, 1), dtype=np.int64))
    with pytest.raises(TypeError, match="got dtype float32"):
        p.potential_energy(np.zeros(1, dtype=np.float32))
    with pytest.raises(TypeError, match="q must be a float64 array"):
        p.mass_matrix("not a state")


def test_non_finite_states_are_refused():
    p = mb.examples.Pendulum()
    with pytest.raises(ValueError, match=r"qd\[1, 0\] must be finite, got NaN"):
        p.forces(np.zeros((2, 1)), np.array([[0.0], [np.nan]]))
    with pytest.raises(ValueError, match=r"q0\[0\] must be finite, got inf"):
        p.time_stepping([np.inf], [0.0], 1e-3, 1.0)


def test_parameter_errors_carry_the_runtime_message():
    w = mb.examples.Woodpecker()
    with pytest.raises(mb.ParameterError, match="^model has no parameter friction$"):
        w.get_parameter("friction")
    with pytest.raises(ValueError, match="^parameter `mu` must be finite, got NaN$"):
        w.set_parameter("mu", float("nan"))
    with pytest.raises(mb.MbError, match="model has no parameter nope"):
        mb.examples.Woodpecker(nope=1.0)
    assert w.get_parameter("mu") == 0.3


def test_settings_and_schemes_are_checked():
    b = mb.examples.BouncingBall()
    with pytest.raises(ValueError, match="unknown time-stepping setting `tolerance`; known: "):
        b.time_stepping([1.0], [0.0], 1e-3, 0.1, tolerance=1e-3)
    with pytest.raises(ValueError, match='unknown scheme `euler`: use "midpoint"'):
        b.time_stepping([1.0], [0.0], 1e-3, 0.1, scheme="euler")
    with pytest.raises(mb.TimeSteppingError, match=r"^Moreau–Jean θ must lie in \[0.5, 1\], got 2$"):
        b.time_stepping([1.0], [0.0], 1e-3, 0.1, scheme="jean", theta=2.0)
    with pytest.raises(mb.TimeSteppingError, match="^setting `penetration_tolerance` must be finite"):
        b.time_stepping([1.0], [0.0], 1e-3, 0.1, penetration_tolerance=-1.0)
    with pytest.raises(mb.TimeSteppingError, match="^time step must be finite and > 0, got 0$"):
        b.time_stepping([1.0], [0.0], 0.0, 0.1)
    with pytest.raises(ValueError, match="every must be at least 1"):
        b.time_stepping([1.0], [0.0], 1e-3, 0.1, every=0)
    with pytest.raises(ValueError, match="unknown event-driven option `step`"):
        b.event_driven([1.0], [0.0], 0.1, step=1e-3)
    with pytest.raises(ValueError, match="option `rtol` must be finite and > 0, got -1"):
        b.event_driven([1.0], [0.0], 0.1, rtol=-1.0)
    with pytest.raises(ValueError, match="option `max_events` must be at least 1, got 0"):
        b.event_driven([1.0], [0.0], 0.1, max_events=0)


def test_one_contact_law_rule_for_both_integrators():
    """Restitution 2 (energy injected at every impact) is refused by both integrators with the
    runtime's one message (``ContactLaw::validate``); the model works again once restored."""
    b = mb.examples.BouncingBall()
    b.set_parameter("e", 2.0)
    message = r"^contact `floor` \(index 0\) has ε_N = 2: restitution must lie in \[0, 1\]"
    with pytest.raises(mb.TimeSteppingError, match=message):
        b.time_stepping([1.0], [0.0], 1e-3, 0.1)
    with pytest.raises(mb.EventError, match=message):
        b.event_driven([1.0], [0.0], 0.1)
    b.set_parameter("e", 0.5)
    b.event_driven([1.0], [0.0], 0.1)


def test_runtime_refusals_are_mb_errors_with_the_runtime_message():
    b = mb.examples.BouncingBall()
    with pytest.raises(mb.TimeSteppingError, match="floor") as caught:
        b.time_stepping([-0.1], [0.0], 1e-3, 0.1)
    assert isinstance(caught.value, mb.MbError) and isinstance(caught.value, RuntimeError)
    with pytest.raises(mb.EventError, match="inconsistent initial data"):
        b.event_driven([-0.1], [0.0], 0.1)
    run = b.event_driven([1.0], [0.0], 0.1)
    assert run["t"][-1] == pytest.approx(0.1)


def test_sweep_refuses_a_design_the_model_cannot_run():
    w = mb.examples.Woodpecker()
    run = dict(q0=np.zeros(3), h=1e-4, t_end=1e-3)
    with pytest.raises(mb.EnsembleError, match="column `stiffness` is neither a parameter of Woodpecker"):
        mb.sweep(w, grid={"stiffness": [1.0]}, **run)
    with pytest.raises(mb.EnsembleError, match="design value of `mu` in run 1 must be finite, got NaN"):
        mb.sweep(w, samples={"mu": [0.3, np.nan]}, **run)
    with pytest.raises(mb.EnsembleError, match="grid axis `mu` has no values"):
        mb.sweep(w, grid={"mu": []}, **run)
    with pytest.raises(ValueError, match="section coordinate `psi` is not a coordinate"):
        mb.sweep(w, grid={"mu": [0.3]}, section=("psi", 0.0, "down"), **run)
    with pytest.raises(ValueError, match="give exactly one of grid= or samples="):
        mb.sweep(w, **run)
    with pytest.raises(ValueError, match="equal lengths"):
        mb.sweep(w, samples={"mu": [0.3], "c_phi": [0.1, 0.2]}, **run)
