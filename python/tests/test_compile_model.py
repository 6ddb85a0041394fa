"""A user's own model compiled from Python.

Invariants: a damped pendulum written as a ``mechanism!`` block has M = m l² and
h = −m g l sin θ − c θ̇ (closed form of a point mass on a massless rod with viscous damping at
the pivot), its parameters are set by name, and its event-driven run dissipates energy at the
rate c θ̇²; a second call with the same block, in this process or in a new one, generates and
builds nothing (the cache is keyed by the block's fingerprint), and two processes asking at once
build it once; a block that does not compile
raises ``mb.CompileError`` with the located diagnostic (file:line:col and a caret), and the
interpreter goes on.

The generator binary comes from ``$MBCOMPILE`` (``python/run_tests.sh`` exports the one the test
command built) or ``mbcompile`` on PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import mb
from conftest import G

pytestmark = pytest.mark.skipif(
    not (os.environ.get("MBCOMPILE") or shutil.which("mbcompile")),
    reason="needs the mbcompile binary: set MBCOMPILE (python/run_tests.sh does)",
)

DAMPED_PENDULUM = """
mechanism! {
    /// A pendulum with viscous damping at the pivot.
    struct DampedPendulum;
    parameters { m: 1.0, l: 1.0, g: 9.81, c: 0.1 }
    coordinates { theta }
    kinetic = 0.5 * m * l.powi(2) * dot(theta).powi(2);
    potential = -m * g * l * cos(theta);
    forces { theta: -c * dot(theta) }
}
"""


@pytest.fixture(scope="module")
def cache(tmp_path_factory) -> str:
    """A fresh cache root: the first compilation in it generates and builds."""
    return str(tmp_path_factory.mktemp("mb-cache"))


@pytest.fixture(scope="module")
def damped_pendulum(cache):
    before = mb.compile_stats()
    cls = mb.compile_model(DAMPED_PENDULUM, cache_dir=cache)
    after = mb.compile_stats()
    assert after["generated"] == before["generated"] + 1
    assert after["built"] == before["built"] + 1
    return cls


def test_compiled_model_is_the_closed_form(damped_pendulum, rng):
    m, l, c = 0.7, 1.4, 0.25
    p = damped_pendulum(m=m, l=l)
    p.set_parameter("c", c)
    assert p.name == "DampedPendulum" and p.coordinates == ["theta"]
    assert p.parameters == {"m": m, "l": l, "g": 9.81, "c": c}
    q = rng.uniform(-3, 3, size=(20, 1))
    qd = rng.uniform(-4, 4, size=(20, 1))
    M, h = p.dynamics(q, qd)
    np.testing.assert_allclose(M[:, 0, 0], m * l**2, rtol=1e-15)
    np.testing.assert_allclose(h[:, 0], -m * G * l * np.sin(q[:, 0]) - c * qd[:, 0], rtol=1e-13, atol=1e-13)
    with pytest.raises(mb.ParameterError, match="model has no parameter k"):
        p.set_parameter("k", 1.0)


def test_compiled_model_runs_and_dissipates_at_the_rate_c_thetadot_squared(damped_pendulum):
    c = 0.5
    p = damped_pendulum(c=c)
    run = p.event_driven([1.0], [0.0], 2.0, max_step=1e-3)
    t, q, u = run["t"], run["q"], run["u"]
    energy = p.kinetic_energy(q, u) + p.potential_energy(q)
    rate = 0.5 * c * (u[1:, 0] ** 2 + u[:-1, 0] ** 2)
    dissipated = np.concatenate([[0.0], np.cumsum(np.diff(t) * rate)])
    np.testing.assert_allclose(energy[0] - energy, dissipated, atol=1e-6)
    steps = p.time_stepping([1.0], [0.0], 1e-3, 0.5, scheme="jean")
    assert steps["steps"] == 500


def test_second_call_hits_the_cache(damped_pendulum, cache):
    before = mb.compile_stats()
    again = mb.compile_model(DAMPED_PENDULUM, cache_dir=cache)
    after = mb.compile_stats()
    assert again is damped_pendulum
    assert after["built"] == before["built"] and after["generated"] == before["generated"]
    assert after["cache_hits"] == before["cache_hits"] + 1


def test_a_new_process_loads_the_cached_module_without_building(damped_pendulum, cache):
    script = (
        "import json, sys, mb\n"
        "cls = mb.compile_model(sys.argv[1], cache_dir=sys.argv[2])\n"
        "print(json.dumps([mb.compile_stats(), cls(m=2.0).mass_matrix([0.0]).tolist()]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, DAMPED_PENDULUM, cache],
        capture_output=True,
        text=True,
        check=True,
    )
    stats, mass = __import__("json").loads(done.stdout)
    assert stats == {"generated": 0, "built": 0, "cache_hits": 1}
    assert mass == [[2.0]]


def test_two_processes_compiling_one_block_build_it_once(tmp_path):
    """Two interpreters ask for the same new block at once (a fresh cache): one generates and
    builds while the other waits on the model directory's lock and then loads the kept module;
    neither crashes (the generator runs one at a time)."""
    script = (
        "import json, sys, mb\n"
        "cls = mb.compile_model(sys.argv[1], cache_dir=sys.argv[2])\n"
        "print(json.dumps([mb.compile_stats(), cls(m=3.0).mass_matrix([0.0]).tolist()]))\n"
    )
    cache = str(tmp_path / "shared-cache")
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script, DAMPED_PENDULUM, cache],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = []
    for run in runs:
        out, err = run.communicate(timeout=600)
        assert run.returncode == 0, err
        results.append(__import__("json").loads(out))
    assert sum(stats["generated"] for stats, _ in results) == 1
    assert sum(stats["built"] for stats, _ in results) == 1
    assert sum(stats["cache_hits"] for stats, _ in results) == 1
    assert all(mass == [[3.0]] for _, mass in results)


def test_a_broken_block_raises_the_located_diagnostic(cache):
    broken = """
struct Broken;
parameters { m: 1.0 }
coordinates { x }
kinetic = 0.5 * m * dot(y).powi(2);
"""
    with pytest.raises(mb.CompileError) as caught:
        mb.compile_model(broken, cache_dir=cache)
    message = str(caught.value)
    assert "unknown name `y`" in message
    assert "lib.rs:" in message and "^" in message
    line = next(l for l in message.splitlines() if "lib.rs:" in l)
    assert line.split("lib.rs:")[1].split(":")[0].isdigit()
    # The interpreter goes on, and so does the compiled model.
    assert mb.examples.Pendulum().mass_matrix([0.0])[0, 0] == 1.0


def test_a_block_without_a_model_is_refused(cache):
    with pytest.raises(mb.CompileError, match="struct Name;"):
        mb.compile_model("parameters { m: 1.0 }", cache_dir=cache)


# A rod of mass m = 2 on a hinge about y with its centre of mass l = 0.5 below the pivot and
# I_yy = 0.03 about it, viscous damping d = 0.1 at the hinge (URDF <dynamics damping>).
PENDULUM_URDF = """<robot name="urdf_pendulum">
  <link name="base"/>
  <link name="rod">
    <inertial><origin xyz="0 0 -0.5"/><mass value="2"/>
      <inertia ixx="0.02" ixy="0" ixz="0" iyy="0.03" iyz="0" izz="0.01"/></inertial>
  </link>
  <joint name="hinge" type="continuous">
    <parent link="base"/><child link="rod"/><axis xyz="0 1 0"/><dynamics damping="0.1"/>
  </joint>
</robot>
"""


def test_a_urdf_compiles_to_its_closed_form(cache, tmp_path, rng):
    # Invariant: M = I_yy + m l² and h = −m g l sin θ − d θ̇ (rigid pendulum, viscous hinge).
    path = tmp_path / "pendulum.urdf"
    path.write_text(PENDULUM_URDF)
    cls = mb.compile_urdf(path, cache_dir=cache)
    p = cls()
    assert p.name == "UrdfPendulum" and p.coordinates == ["hinge"]
    assert p.parameters == {"g": 9.81, "d_hinge": 0.1}
    q = rng.uniform(-3, 3, size=(20, 1))
    qd = rng.uniform(-4, 4, size=(20, 1))
    M, h = p.dynamics(q, qd)
    np.testing.assert_allclose(M[:, 0, 0], 0.03 + 2 * 0.5**2, rtol=1e-15)
    expected = -2 * G * 0.5 * np.sin(q[:, 0]) - 0.1 * qd[:, 0]
    np.testing.assert_allclose(h[:, 0], expected, rtol=1e-13, atol=1e-13)


def test_a_broken_urdf_raises_the_importers_located_message(cache, tmp_path):
    path = tmp_path / "broken.urdf"
    path.write_text(PENDULUM_URDF.replace('<mass value="2"/>', '<mass value="-2"/>'))
    with pytest.raises(mb.CompileError) as caught:
        mb.compile_urdf(path, cache_dir=cache)
    message = str(caught.value)
    assert "broken.urdf:4:" in message and "inertial/mass" in message
    assert "negative mass -2" in message
    with pytest.raises(mb.CompileError, match="joint_friction"):
        mb.compile_urdf(path, joint_friction="coulomb", cache_dir=cache)


MJCF_PENDULUM = """<mujoco model="mjcf_pendulum">
  <compiler angle="radian"/>
  <worldbody>
    <body name="rod">
      <joint name="hinge" axis="0 1 0" damping="0.1" armature="0.05" stiffness="0.3" springref="0.2"/>
      <inertial pos="0 0 -0.5" mass="2" diaginertia="0.01 0.03 0.02"/>
    </body>
  </worldbody>
</mujoco>
"""


def test_an_mjcf_model_compiles_to_its_closed_form(cache, tmp_path, rng):
    # Invariant: a rigid pendulum about y with its centre of mass l = 0.5 below the hinge, an
    # armature a, viscous damping d and a spring k about θ_ref (MuJoCo XML reference, joint):
    # M = I_yy + m l² + a and h = −m g l sin θ − d θ̇ − k (θ − θ_ref).
    path = tmp_path / "pendulum.xml"
    path.write_text(MJCF_PENDULUM)
    cls = mb.compile_mjcf(path, cache_dir=cache)
    p = cls()
    assert p.name == "MjcfPendulum" and p.coordinates == ["hinge"]
    assert p.parameters == {"g": 9.81, "d_hinge": 0.1, "a_hinge": 0.05, "k_hinge": 0.3}
    q = rng.uniform(-3, 3, size=(20, 1))
    qd = rng.uniform(-4, 4, size=(20, 1))
    M, h = p.dynamics(q, qd)
    np.testing.assert_allclose(M[:, 0, 0], 0.03 + 2 * 0.5**2 + 0.05, rtol=1e-15)
    expected = -2 * G * 0.5 * np.sin(q[:, 0]) - 0.1 * qd[:, 0] - 0.3 * (q[:, 0] - 0.2)
    np.testing.assert_allclose(h[:, 0], expected, rtol=1e-13, atol=1e-13)
    with pytest.raises(mb.CompileError) as caught:
        broken = tmp_path / "ball.xml"
        broken.write_text(MJCF_PENDULUM.replace('name="hinge"', 'name="hinge" type="ball"'))
        mb.compile_mjcf(broken, cache_dir=cache)
    assert "ball.xml:5:" in str(caught.value) and "`damping` on a ball joint" in str(caught.value)
