#!/usr/bin/env bash
# Side-by-side time-stepping comparison with Siconos (not part of CI).
#
# Runs mb's woodpecker (Glocker & Studer 2005, Table I) and bouncing ball (e = 0.5) with the
# Moreau–Jean θ = 0.5 scheme (and mb's Moreau midpoint rule) and the same models in Siconos 4.4
# (Moreau–Jean θ = 0.5; woodpecker with SICONOS_FRICTION_2D_LEMKE, ball with LCP), then prints
# wall µs per step, the ratio mb / Siconos (target ≤ 0.1) and both codes' limit-cycle figures.
#
# Like for like: the same horizon on both sides (woodpecker 1 s; ball 1.5 t∞ = 2.0319 s, the
# horizon of bouncing_ball_timestepping); model construction excluded on both (mb: the step loop
# of `TimeStepper::run` after `TimeStepper::new`; Siconos: the `computeOneStep(); nextStep()` loop
# after construction and `Simulation::initialize()`); no output inside either timed loop (mb's
# woodpecker keeps its in-memory limit-cycle bookkeeping in the step callback, which only adds to
# mb's time). Both sides report wall time per step, the median of MB_RUNS runs of the mb binary
# (default 7) and of the Siconos scripts' in-process runs (5 woodpecker, 21 ball); Siconos also
# reports the CPU time of all its threads. Threads: mb one (mbruntime spawns none); Siconos with
# OMP_NUM_THREADS = OPENBLAS_NUM_THREADS = SICONOS_THREADS (default 1), the thread count of its
# process read from /proc/self/status after the runs is printed.
#
# Installs python3-siconos when missing (bench/install_siconos.sh); scripts run with /usr/bin/python3.
# Usage: bench/compare_timestepping.sh [H_WOODPECKER] [H_BALL]   (CARGO_TARGET_DIR is honoured)
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/install_siconos.sh
HW="${1:-1e-5}"
HB="${2:-1e-3}"
RUNS="${MB_RUNS:-7}"
THREADS="${SICONOS_THREADS:-1}"
# rustc has overflowed its default stack on the examples crate (many mechanism! expansions).
export RUST_MIN_STACK="${RUST_MIN_STACK:-67108864}"
cargo build --release -q -p mb-examples --bin woodpecker --bin bouncing_ball_timestepping
BIN="${CARGO_TARGET_DIR:-target}/release"
# Horizon of bouncing_ball_timestepping: 1.5 t∞, t∞ = sqrt(2 h0 / g) (1 + e) / (1 - e).
T_BALL=$(awk 'BEGIN {printf "%.15g", 1.5 * sqrt(2 / 9.81) * 1.5 / 0.5}')

# Median wall µs per step of RUNS runs of an mb binary; prints its last run's output with the
# TIMING line's figure replaced by the median.
mb_median() {
  local out figures=()
  for _ in $(seq "$RUNS"); do
    out=$("$@")
    figures+=("$(echo "$out" | awk '/^TIMING/ {print $5}')")
  done
  local med
  med=$(printf '%s\n' "${figures[@]}" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  echo "$out" | awk -v m="$med" '/^TIMING/ {$5 = m} {print}'
}

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "machine: $(lscpu | sed -n 's/^Model name:[[:space:]]*//p'), $(nproc) cores; load before: $(uptime | sed 's/.*load average: //')"
mb_wp_mid=$(mb_median "$BIN/woodpecker" --timing --h "$HW")
mb_wp_jean=$(mb_median "$BIN/woodpecker" --timing --scheme jean --h "$HW")
mb_bb_mid=$(mb_median "$BIN/bouncing_ball_timestepping" --timing --h "$HB")
mb_bb_jean=$(mb_median "$BIN/bouncing_ball_timestepping" --timing --scheme jean --h "$HB")
export OMP_NUM_THREADS="$THREADS" OPENBLAS_NUM_THREADS="$THREADS"
sc_wp=$(/usr/bin/python3 bench/siconos/woodpecker.py "$HW" 1.0 5)
sc_bb=$(/usr/bin/python3 bench/siconos/bouncing_ball.py "$HB" "$T_BALL" 21)
echo "load after: $(uptime | sed 's/.*load average: //')"
us() { echo "$1" | awk '/^TIMING/ {print $5}'; }
cpu() { echo "$1" | awk '/^TIMING/ {print $6}'; }
threads() { echo "$1" | awk '/^TIMING/ {print $8}'; }
steps() { echo "$1" | awk '/^TIMING/ {print $4}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.4f", a / b}'; }

echo "threads: mb 1; Siconos OMP_NUM_THREADS=OPENBLAS_NUM_THREADS=$THREADS, process threads" \
  "$(threads "$sc_wp") (woodpecker) / $(threads "$sc_bb") (ball)"
echo

echo "| model | h | code / scheme | threads | steps | wall µs/step (median) | ratio to Siconos |"
echo "|---|---|---|---|---|---|---|"
echo "| woodpecker | $HW | Siconos 4.4 Moreau–Jean θ=0.5, 2-D friction Lemke | $(threads "$sc_wp") | $(steps "$sc_wp") | $(us "$sc_wp") (CPU $(cpu "$sc_wp")) | 1 |"
echo "| woodpecker | $HW | mb Moreau–Jean θ=0.5 | 1 | $(steps "$mb_wp_jean") | $(us "$mb_wp_jean") | $(ratio "$(us "$mb_wp_jean")" "$(us "$sc_wp")") |"
echo "| woodpecker | $HW | mb Moreau midpoint | 1 | $(steps "$mb_wp_mid") | $(us "$mb_wp_mid") | $(ratio "$(us "$mb_wp_mid")" "$(us "$sc_wp")") |"
echo "| bouncing ball | $HB | Siconos 4.4 Moreau–Jean θ=0.5, LCP | $(threads "$sc_bb") | $(steps "$sc_bb") | $(us "$sc_bb") (CPU $(cpu "$sc_bb")) | 1 |"
echo "| bouncing ball | $HB | mb Moreau–Jean θ=0.5 | 1 | $(steps "$mb_bb_jean") | $(us "$mb_bb_jean") | $(ratio "$(us "$mb_bb_jean")" "$(us "$sc_bb")") |"
echo "| bouncing ball | $HB | mb Moreau midpoint | 1 | $(steps "$mb_bb_mid") | $(us "$mb_bb_mid") | $(ratio "$(us "$mb_bb_mid")" "$(us "$sc_bb")") |"
echo
echo "Limit-cycle figures (woodpecker, h = $HW, complete cycles after the first):"
echo "  Siconos Moreau–Jean:  $(echo "$sc_wp" | grep '^FIGURES' | cut -d' ' -f2-)"
echo "  mb Moreau–Jean:       $(echo "$mb_wp_jean" | grep '^FIGURES' | cut -d' ' -f2-)"
echo "  mb Moreau midpoint:   $(echo "$mb_wp_mid" | grep '^FIGURES' | cut -d' ' -f2-)"
echo "$sc_wp" | grep -v '^TIMING\|^FIGURES' | sed 's/^/  Siconos: /'
echo
echo "Bouncing-ball impact times, Siconos (h = $HB):"
echo "$sc_bb" | grep -v '^TIMING'
