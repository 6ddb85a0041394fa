#!/usr/bin/env bash
# Regenerates the reference values bench/tree/reference/arm3.json and arm7.json from Pinocchio
# (M, h = -nle and qdd = aba(q, v, 0) at the three states of reference.py), then checks them
# against the independent numpy route of check_pinocchio.py. Not part of CI; the JSON files are
# committed and read by mb's tests.
#
# Usage: bench/tree/reference.sh
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
BINARY="$("$HERE/build_pinocchio.sh")"
PYTHON="${PYTHON:-$HERE/.venv/bin/python}"
mkdir -p "$HERE/reference"
for n in 3 7; do
  "$PYTHON" "$HERE/reference.py" "$BINARY" "$n" "$HERE/reference/arm$n.json"
  echo "wrote $HERE/reference/arm$n.json" >&2
done
"$PYTHON" "$HERE/check_pinocchio.py"
