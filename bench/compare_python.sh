#!/usr/bin/env bash
# Python and Ray overheads of mb, and the woodpecker study from Python (not part of CI).
#
# Creates a virtual environment bench/.venv-mb (python3 -m venv; maturin, numpy, pyarrow, ray,
# matplotlib from the Python registry), builds the package `mb` into it (maturin develop
# --release), builds the Rust reference programs, then prints:
#   - the Python overhead of a 1-s woodpecker run and the batched `Chain3.dynamics` over 10⁶
#     states against the Rust loops (bench/python/overhead.py; single-threaded, best of 7);
#   - the overhead per chunk of `mb.cluster.sweep` on a local Ray with 2 CPUs
#     (bench/python/ray_overhead.py);
#   - the woodpecker study from Python (examples/python/woodpecker_study.py, into
#     examples/out/woodpecker_study_python).
# Usage: bench/compare_python.sh   (CARGO_TARGET_DIR is honoured)
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=bench/.venv-mb
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/pip" install -q maturin numpy pyarrow ray matplotlib
export RUST_MIN_STACK="${RUST_MIN_STACK:-67108864}"
(. "$VENV/bin/activate" && maturin develop --release -q -m python/Cargo.toml)
cargo build --release -q -p mb-examples --bin woodpecker --bin batched_dynamics
BIN="${CARGO_TARGET_DIR:-target}/release"
echo "== load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$VENV/bin/python" bench/python/overhead.py "$BIN"
"$VENV/bin/python" bench/python/ray_overhead.py
"$VENV/bin/python" examples/python/woodpecker_study.py examples/out/woodpecker_study_python
