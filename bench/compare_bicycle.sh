#!/usr/bin/env bash
# The Whipple bicycle benchmark (Meijaard, Papadopoulos, Ruina & Schwab 2007, "Linearized dynamics
# equations for the balance and steer of a bicycle: a benchmark and review"): SymPy's Kane model
# linearised about upright straight running versus mb's; not part of CI.
#
# 1. A virtual environment with SymPy and NumPy (default target/venv-bicycle in this clone, or
#    $MB_BICYCLE_VENV), created on first use.
# 2. bench/sympy/bicycle_benchmark.py: the Appendix A closed forms against the published values.
# 3. bench/sympy/bicycle_kane.py: KanesMethod with the rolling constraints (symbolic parameters),
#    linearisation about upright straight running at symbolic speed v (parameters of Table 1), A(v)
#    evaluated at v = 1..10 m/s, weave and capsize speeds; checked against the Appendix A roots to
#    1e-8. Its JSON goes to stdout.
# 4. mb: if mb-examples has a binary `bicycle_linearisation`, `cargo run --release -p mb-examples
#    --bin bicycle_linearisation -- --json`, whose stdout must be one JSON object with
#        eigenvalues   the four lateral eigenvalues [[re, im], ...] per speed: either a list in
#                      the order of a list `speeds`, or an object keyed by the speed ("1": ...)
#        weave_speed or weave, capsize_speed or capsize   (m/s)
#    and any timings as numbers under keys ending in `_seconds` or `_s` (other keys are printed
#    as they are). Then both sides side by side: times, eigenvalues per speed with the largest
#    difference, weave and capsize speeds. Without that binary the script says so and exits with
#    status 2 after the SymPy side.
#
# Exit status: 0 when both sides ran and agree to 1e-8 (eigenvalues and speeds), 1 when they
# disagree or the SymPy side fails its benchmark check, 2 when the mb binary is missing.
#
# Usage: bench/compare_bicycle.sh   (CARGO_TARGET_DIR defaults to target/bench of the clone;
# MB_BICYCLE_VENV the virtual environment; MB_BICYCLE_KEEP a directory that receives both JSONs)
set -euo pipefail
cd "$(dirname "$0")"
REPO="$(cd .. && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target/bench}"
VENV="${MB_BICYCLE_VENV:-$REPO/target/venv-bicycle}"
OUT="$(mktemp -d)"
trap 'if [ -n "${MB_BICYCLE_KEEP:-}" ]; then mkdir -p "$MB_BICYCLE_KEEP" && cp -r "$OUT"/. "$MB_BICYCLE_KEEP"/; fi; rm -rf "$OUT"' EXIT

echo "[1/4] Python environment $VENV" >&2
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"
if ! "$PY" -c "import sympy, numpy" 2> /dev/null; then
    "$PY" -m pip install -q "sympy==1.14.0" numpy
fi

echo "[2/4] Appendix A closed forms against the published benchmark values" >&2
"$PY" sympy/bicycle_benchmark.py >&2

echo "[3/4] SymPy: KanesMethod, linearize, evaluate (uptime: $(uptime))" >&2
"$PY" sympy/bicycle_kane.py > "$OUT/sympy.json" || sympy_status=$?
cat "$OUT/sympy.json"
if [ "${sympy_status:-0}" -ne 0 ]; then
    echo "SymPy side failed (status $sympy_status)" >&2
    exit 1
fi

echo "[4/4] mb: bicycle_linearisation" >&2
has_binary=$(cargo metadata --no-deps --format-version 1 --manifest-path "$REPO/Cargo.toml" | "$PY" -c '
import json, sys
meta = json.load(sys.stdin)
print(any(t["name"] == "bicycle_linearisation" and "bin" in t["kind"]
          for p in meta["packages"] if p["name"] == "mb-examples" for t in p["targets"]))')
if [ "$has_binary" != "True" ]; then
    echo "mb side not run: mb-examples has no binary bicycle_linearisation" \
        "(examples/src/bin/bicycle_linearisation.rs); only the SymPy side above was measured." >&2
    exit 2
fi
if ! cargo run --release -q --manifest-path "$REPO/Cargo.toml" -p mb-examples --bin bicycle_linearisation \
    -- --json > "$OUT/mb.json"; then
    echo "mb side failed: bicycle_linearisation did not build or run" >&2
    exit 1
fi

"$PY" - "$OUT/sympy.json" "$OUT/mb.json" <<'EOF'
import json
import sys

sym, mb = (json.load(open(path)) for path in sys.argv[1:3])
TOLERANCE = 1e-8


def normalised(side):
    """speed -> sorted eigenvalues, weave, capsize and the timings of one side's JSON."""
    eig = side.get("eigenvalues", {})
    pairs = eig.items() if isinstance(eig, dict) else zip(side.get("speeds", []), eig)
    roots = {float(v): sorted((complex(re, im) for re, im in z), key=lambda c: (c.real, c.imag))
             for v, z in pairs}
    times = {k: x for k, x in side.items()
             if isinstance(x, (int, float)) and (k.endswith("_seconds") or k.endswith("_s"))}
    return roots, side.get("weave_speed", side.get("weave")), side.get("capsize_speed", side.get("capsize")), times


(sym_roots, sym_weave, sym_capsize, sym_times) = normalised(sym)
(mb_roots, mb_weave, mb_capsize, mb_times) = normalised(mb)
print("| side | timing | [s] |")
print("|---|---|---:|")
for name, times in (("SymPy", sym_times), ("mb", mb_times)):
    for key, x in times.items():
        print(f"| {name} | {key} | {x:.4g} |")
print()
print("| v [m/s] | SymPy eigenvalues | mb eigenvalues | max diff |")
print("|---:|---|---|---:|")
worst = 0.0
for speed, mine in sym_roots.items():
    theirs = mb_roots.get(speed)
    if theirs is None or len(theirs) != len(mine):
        print(f"| {speed:g} | {', '.join(f'{z:.10f}' for z in mine)} | - | - |")
        worst = float("inf")
        continue
    diff = max(abs(a - b) for a, b in zip(mine, theirs))
    worst = max(worst, diff)
    print(f"| {speed:g} | {', '.join(f'{z:.10f}' for z in mine)} | {', '.join(f'{z:.10f}' for z in theirs)} | {diff:.1e} |")
print()
for key, a, b in (("weave speed", sym_weave, mb_weave), ("capsize speed", sym_capsize, mb_capsize)):
    diff = abs(a - b) if isinstance(b, (int, float)) else float("inf")
    worst = max(worst, diff)
    print(f"{key}: SymPy {a:.12f}, mb {'-' if b is None else f'{b:.12f}'}, diff {diff:.1e}")
known = {"speeds", "eigenvalues", "weave_speed", "weave", "capsize_speed", "capsize", *mb_times}
others = {k: x for k, x in mb.items() if k not in known}
if others:
    print("mb, other fields:", json.dumps(others))
print(f"largest difference {worst:.1e} ({'agree' if worst <= TOLERANCE else 'DISAGREE'} to {TOLERANCE:g})")
sys.exit(0 if worst <= TOLERANCE else 1)
EOF
