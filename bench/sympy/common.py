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
