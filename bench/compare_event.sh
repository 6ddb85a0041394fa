#!/usr/bin/env bash
# Bouncing ball (h0 = 1 m, e = 0.5, g = 9.81, to t = 2 s): mb's event-driven integrator
# (examples/src/bin/event_bouncing_ball.rs --timing, release build) against Siconos
# EventDriven + LsodarOSI (bench/event/siconos_bouncing_ball.py, /usr/bin/python3, package
# python3-siconos). Prints one Markdown table: max |t_k - closed form| over the first 10
# impacts, cost per event (µs; mb: wall time per run / events, Siconos: CPU time per run /
# impacts) and the ratio to Siconos. Target: error <= Siconos's and cost ratio <= 0.1.
#
# Usage: bench/compare_event.sh   (from anywhere; CARGO_TARGET_DIR is honoured)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash bench/install_siconos.sh
target="${CARGO_TARGET_DIR:-$root/target}"
cargo build --release -q -p mb-examples --bin event_bouncing_ball 2>/dev/null
mb_out="$("$target/release/event_bouncing_ball" --timing)"
sc_out="$(/usr/bin/python3 "$root/bench/event/siconos_bouncing_ball.py")"
field() { grep '^RESULT' <<<"$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
mb_err="$(field "$mb_out" max_err)"; mb_us="$(field "$mb_out" us_per_event)"
sc_err="$(field "$sc_out" max_err)"; sc_us="$(field "$sc_out" us_per_event)"
echo "$mb_out" | grep -v '^RESULT'
echo "$sc_out" | grep -v '^RESULT' | tail -3
echo
/usr/bin/python3 - "$mb_err" "$mb_us" "$sc_err" "$sc_us" <<'PY'
import sys
mb_err, mb_us, sc_err, sc_us = map(float, sys.argv[1:])
print("| code | max impact-time error, first 10 impacts [s] | µs per event | cost ratio to Siconos |")
print("|---|---|---|---|")
print(f"| mb EventDriven (Rust, release) | {mb_err:.2e} | {mb_us:.2f} | {mb_us / sc_us:.3f} |")
print(f"| Siconos EventDriven + LsodarOSI (Python) | {sc_err:.2e} | {sc_us:.1f} | 1 |")
ok_acc = mb_err <= sc_err
ok_cost = mb_us <= 0.1 * sc_us
print()
print(f"target: at least as accurate: {'met' if ok_acc else 'NOT met'}; "
      f"<= 0.1x cost per event: {'met' if ok_cost else 'NOT met'}")
PY
