#!/usr/bin/env bash
# Event-driven integrators side by side, per processed event (never run by CI):
#
# * bouncing ball: h0 = 1 m, e = 0.5, g = 9.81, from rest to t = 2 s (through the accumulation
#   point t_inf = sqrt(2 h0/g)(1 + e)/(1 - e) and into rest);
# * hinged bar (Lötstedt 1982, Sect. 1; mb `HingedBar`): released at rest from θ = π/2, to t = 3 s.
#
# mb: examples/src/bin/event_bouncing_ball.rs and event_hinged_bar.rs with --timing (release
# build, one thread; wall time per run = median of 5 batch means of 200 runs; events = the
# integrator's `stats().events`). Siconos 4.4 (Debian python3-siconos, /usr/bin/python3):
# bench/event/siconos_event.py (EventDriven + LsodarOSI, same rtol/atol 1e-10/1e-12, no output
# instants inside the horizon, construction and initialize() excluded, wall time of
# Simulation::run(), median of 21 runs, OMP_NUM_THREADS=1 unless SICONOS_THREADS is set).
# References: the closed form of the ball's impact times; for the bar, the mpmath quadrature of
# bench/event/hinged_bar_accumulation.py (python3 with mpmath).
#
# The bar is timed in mb twice: `HingedBarAngle` (its single angle θ, the formulation Siconos
# runs; see siconos_event.py) and `HingedBar` (x, y, θ with the hinge as two bilateral
# constraints). Prints one Markdown table and the ratios. Target: mb <= 0.1x Siconos per event.
#
# Usage: bench/compare_event.sh   (from anywhere; CARGO_TARGET_DIR is honoured)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash bench/install_siconos.sh
target="${CARGO_TARGET_DIR:-$root/target}"
# rustc has overflowed its default stack on the examples crate (many mechanism! expansions).
export RUST_MIN_STACK="${RUST_MIN_STACK:-67108864}"
cargo build --release -q -p mb-examples --bin event_bouncing_ball --bin event_hinged_bar 2>/dev/null
plugin_dir="$(mktemp -d)"
trap 'rm -rf "$plugin_dir"' EXIT
cc -O2 -shared -fPIC -o "$plugin_dir/HingedBarPlugin.so" bench/event/hinged_bar_plugin.c -lm

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(lscpu | sed -n 's/^Model name:[[:space:]]*//p'), $(nproc) cores; load: $(uptime | sed 's/.*load average: //')"
bar_ref="$(python3 bench/event/hinged_bar_accumulation.py | grep '^REFERENCE')"
mb_ball="$("$target/release/event_bouncing_ball" --timing)"
mb_bar="$("$target/release/event_hinged_bar" --timing)"
export SICONOS_PLUGIN_DIR="$plugin_dir" OMP_NUM_THREADS="${SICONOS_THREADS:-1}"
sc_ball="$(/usr/bin/python3 bench/event/siconos_event.py ball 21)"
sc_bar="$(/usr/bin/python3 bench/event/siconos_event.py bar 21)"
echo "load after: $(uptime | sed 's/.*load average: //')"
echo
printf '%s\n' "$mb_ball" "$mb_bar" | grep -v '^IMPACTS\|^REST\|^RESULT'
printf '%s\n' "$sc_ball" "$sc_bar" | grep -v '^IMPACTS\|^RESULT'
echo

/usr/bin/python3 - "$bar_ref" "$mb_ball" "$mb_bar" "$sc_ball" "$sc_bar" <<'PY'
import sys

bar_ref, mb_ball, mb_bar, sc_ball, sc_bar = sys.argv[1:]


def line(out, key):
    return next((l.split(None, 1)[1] if " " in l else "" for l in out.splitlines()
                 if l.startswith(key + " ") or l == key), "")


def fields(out, suffix=""):
    return dict(kv.split("=") for kv in line(out, "RESULT" + suffix).split())


def impacts(out, suffix=""):
    return [float(x) for x in line(out, "IMPACTS" + suffix).split()]


# Ball: closed form t_1 = sqrt(2 h0/g), t_{k+1} = t_k + 2 e^k sqrt(2 h0/g); t_inf.
h0, g, e = 1.0, 9.81, 0.5
tau = (2 * h0 / g) ** 0.5
ball_ref = [tau]
for k in range(1, 40):
    ball_ref.append(ball_ref[-1] + 2 * e**k * tau)
ball_inf = tau * (1 + e) / (1 - e)
ref = dict(kv.split("=") for kv in bar_ref.split()[1:])
bar_inf = float(ref["t_inf"])
bar_impacts = [float(x) for x in ref["impacts"].split(",")]


def errors(ts, exact, n=10):
    if len(ts) < n:
        return float("nan")
    return max(abs(t - x) for t, x in zip(ts[:n], exact[:n]))


def row(name, out, exact, t_inf, is_mb, suffix=""):
    f = fields(out, suffix)
    ts = impacts(out, suffix)
    us_run = float(f["us_per_run"])
    events = int(f["events"])
    if is_mb:
        rest = float(line(out, "REST" + suffix) or "nan")
        nonsmooth = events
    else:
        rest = ts[-1] if ts else float("nan")  # the contact is persistent from its last impact
        nonsmooth = int(f["nonsmooth"])
    return {
        "name": name, "us_run": us_run, "events": events, "nonsmooth": nonsmooth,
        "impacts": len(ts), "per_event": us_run / events, "per_ns": us_run / nonsmooth,
        "first": abs(ts[0] - exact[0]) if ts else float("nan"),
        "err10": errors(ts, exact), "acc": abs(rest - t_inf),
        "threads": f.get("threads", "1"),
    }


ball_sc = row("Siconos EventDriven + LsodarOSI", sc_ball, ball_ref, ball_inf, False)
bar_sc = row("Siconos EventDriven + LsodarOSI (θ)", sc_bar, bar_impacts, bar_inf, False)
cases = [
    ("bouncing ball to 2 s",
     row("mb EventDriven (y)", mb_ball, ball_ref, ball_inf, True), ball_sc),
    ("hinged bar to 3 s",
     row("mb EventDriven (θ, `HingedBarAngle`)", mb_bar, bar_impacts, bar_inf, True, "_ANGLE"),
     bar_sc),
    ("hinged bar to 3 s",
     row("mb EventDriven (x, y, θ + 2 bilateral, `HingedBar`)", mb_bar, bar_impacts, bar_inf, True),
     bar_sc),
]
print("| case | code (coordinates) | threads | events per run (roots/impacts) | µs per run | µs per event "
      "| µs per root | \\|t₁ − ref\\| [s] | max \\|tₖ − ref\\|, k ≤ 10 [s] | \\|t∞ − ref\\| [s] |")
print("|---|---|---|---|---|---|---|---|---|---|")
printed = set()
for case, mb, sc in cases:
    for r in (mb, sc):
        if (case, r["name"]) in printed:
            continue
        printed.add((case, r["name"]))
        print(f"| {case} | {r['name']} | {r['threads']} | {r['events']} ({r['nonsmooth']}/{r['impacts']}) "
              f"| {r['us_run']:.1f} | {r['per_event']:.2f} | {r['per_ns']:.2f} | {r['first']:.1e} "
              f"| {r['err10']:.1e} | {r['acc']:.1e} |")
print()
print("| case | mb model | mb / Siconos per event | per root | per run |")
print("|---|---|---|---|---|")
for case, mb, sc in cases:
    print(f"| {case} | {mb['name']} | {mb['per_event'] / sc['per_event']:.3f} "
          f"| {mb['per_ns'] / sc['per_ns']:.3f} | {mb['us_run'] / sc['us_run']:.3f} |")
print()
for case, mb, sc in cases:
    ok = mb["per_event"] <= 0.1 * sc["per_event"]
    print(f"target <= 0.1x Siconos per event, {case}, {mb['name']}: {'met' if ok else 'NOT met'}")
PY
