"""What the SymPy comparison scripts share: their virtual environment and the chain's parameters."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
VENV = os.path.join(BENCH, ".venv")
VENV_PY = os.path.join(VENV, "bin", "python")


def ensure_venv(script: str) -> None:
    """Creates bench/.venv with SymPy if needed and re-executes `script` with its interpreter."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(VENV_PY):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    if subprocess.run([VENV_PY, "-c", "import sympy"], capture_output=True).returncode != 0:
        subprocess.run([VENV_PY, "-m", "pip", "install", "-q", "sympy"], check=True)
    os.execv(VENV_PY, [VENV_PY, os.path.abspath(script)] + sys.argv[1:])


def parameter_values(n: int):
    """Masses, lengths and gravity exactly as chain_model.py writes them."""
    m = [float(f"{1.0 - 0.3 * i / n:.4f}") for i in range(1, n + 1)]
    l = [float(f"{1.0 - 0.2 * i / n:.4f}") for i in range(1, n + 1)]
    return m, l, 9.81


def chain_particles(n: int):
    """The n-link pendulum of chain_model.py in sympy.physics.mechanics: the angles th, their
    rates thd, the symbols m, l, g, and one Particle per link end with its potential energy."""
    import sympy as sp
    from sympy.physics.mechanics import Particle, Point, ReferenceFrame, dynamicsymbols

    th = dynamicsymbols(f"th1:{n + 1}")
    thd = [sp.diff(x, dynamicsymbols._t) for x in th]
    m = sp.symbols(f"m1:{n + 1}")
    l = sp.symbols(f"l1:{n + 1}")
    g = sp.Symbol("g")
    frame = ReferenceFrame("N")
    origin = Point("O")
    origin.set_vel(frame, 0)
    prev = origin
    particles = []
    for i in range(n):
        p = prev.locatenew(f"P{i + 1}", l[i] * sp.sin(th[i]) * frame.x - l[i] * sp.cos(th[i]) * frame.y)
        # v_i = v_{i-1} + l_i th_i' (cos th_i, sin th_i), as in chain_model.py.
        p.set_vel(frame, prev.vel(frame) + l[i] * thd[i] * (sp.cos(th[i]) * frame.x + sp.sin(th[i]) * frame.y))
        particle = Particle(f"Pa{i + 1}", p, m[i])
        particle.potential_energy = m[i] * g * p.pos_from(origin).dot(frame.y)
        particles.append(particle)
        prev = p
    return th, thd, m, l, g, frame, particles
