#!/usr/bin/env bash
# Builds the Pinocchio harness bench/tree/build/pinocchio_arm (header-only, single thread).
#
# Pinocchio comes from the pip wheel `pin` 4.1 (installed into bench/tree/.venv when missing; set
# PYTHON to use another interpreter that has it); its C++ headers ship inside the wheel and are
# located through the Python package. Eigen comes from the system (libeigen3-dev, installed with
# apt-get when missing). Not part of CI.
#
# Usage: bench/tree/build_pinocchio.sh   (prints the path of the binary on stdout; about 2 minutes)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="$HERE/.venv"
PYTHON="${PYTHON:-$VENV/bin/python}"

if [ "$PYTHON" = "$VENV/bin/python" ] && [ ! -x "$PYTHON" ]; then
  python3 -m venv "$VENV"
fi
if ! "$PYTHON" -c "import pinocchio" >/dev/null 2>&1; then
  "$PYTHON" -m pip install -q "pin==4.1.*" numpy >&2
fi

# The wheel's prefix: the first ancestor of the pinocchio package holding include/pinocchio.
PREFIX="$("$PYTHON" -c '
import os, pinocchio
d = os.path.dirname(os.path.abspath(pinocchio.__file__))
while d != os.path.dirname(d) and not os.path.isfile(os.path.join(d, "include", "pinocchio", "config.hpp")):
    d = os.path.dirname(d)
if not os.path.isfile(os.path.join(d, "include", "pinocchio", "config.hpp")):
    raise SystemExit("the installed pinocchio package ships no C++ headers")
print(d)
')"

EIGEN="$(pkg-config --cflags-only-I eigen3 2>/dev/null | sed 's/^-I//; s/ *$//' || true)"
if [ -z "$EIGEN" ] || [ ! -f "$EIGEN/Eigen/Core" ]; then
  EIGEN=/usr/include/eigen3
fi
if [ ! -f "$EIGEN/Eigen/Core" ]; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libeigen3-dev >&2
fi

mkdir -p "$HERE/build"
OUT="$HERE/build/pinocchio_arm"
# Up to date: newer than the source and this script (FORCE=1 rebuilds anyway).
if [ "${FORCE:-0}" != 1 ] && [ "$OUT" -nt "$HERE/pinocchio_arm.cpp" ] && [ "$OUT" -nt "$0" ]; then
  echo "$OUT"
  exit 0
fi
# The compile definitions are those of the wheel's CMake target pinocchio::pinocchio_headers.
g++ -O3 -DNDEBUG -std=c++17 \
  -DBOOST_MPL_LIMIT_LIST_SIZE=30 -DBOOST_MPL_LIMIT_VECTOR_SIZE=30 \
  -DBOOST_MPL_CFG_NO_PREPROCESSED_HEADERS -DBOOST_FUSION_INVOKE_MAX_ARITY=12 \
  -isystem "$PREFIX/include" -isystem "$EIGEN" \
  "$HERE/pinocchio_arm.cpp" -o "$OUT"
echo "$OUT"
