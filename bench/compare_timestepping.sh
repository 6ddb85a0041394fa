#!/usr/bin/env bash
# Side-by-side time-stepping comparison with Siconos (not part of CI).
#
# Runs mb's woodpecker (Glocker & Studer 2005, Table I) and bouncing ball (e = 0.5) with the
# Moreau–Jean θ = 0.5 scheme (and mb's Moreau midpoint rule) and the same models in Siconos 4.4
# (Moreau–Jean θ = 0.5; woodpecker with SICONOS_FRICTION_2D_LEMKE, ball with LCP), then prints
# CPU µs per step, the ratio mb / Siconos (target ≤ 0.1) and both codes' limit-cycle figures.
#
# Installs python3-siconos when missing (bench/install_siconos.sh); scripts run with /usr/bin/python3.
# Usage: bench/compare_timestepping.sh [H_WOODPECKER] [H_BALL]
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/install_siconos.sh
HW="${1:-1e-5}"
HB="${2:-1e-3}"
cargo build --release -q -p mb-examples --bin woodpecker --bin bouncing_ball_timestepping
BIN="${CARGO_TARGET_DIR:-target}/release"

mb_wp_mid=$("$BIN/woodpecker" --timing --h "$HW")
mb_wp_jean=$("$BIN/woodpecker" --timing --scheme jean --h "$HW")
mb_bb_mid=$("$BIN/bouncing_ball_timestepping" --timing --h "$HB")
mb_bb_jean=$("$BIN/bouncing_ball_timestepping" --timing --scheme jean --h "$HB")
sc_wp=$(/usr/bin/python3 bench/siconos/woodpecker.py "$HW" 1.0)
sc_bb=$(/usr/bin/python3 bench/siconos/bouncing_ball.py "$HB" 2.0)

us() { echo "$1" | awk '/^TIMING/ {print $5}'; }
steps() { echo "$1" | awk '/^TIMING/ {print $4}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.4f", a / b}'; }

echo "| model | h | code / scheme | steps | CPU µs/step | ratio to Siconos |"
echo "|---|---|---|---|---|---|"
echo "| woodpecker | $HW | Siconos 4.4 Moreau–Jean θ=0.5, 2-D friction Lemke | $(steps "$sc_wp") | $(us "$sc_wp") | 1 |"
echo "| woodpecker | $HW | mb Moreau–Jean θ=0.5 | $(steps "$mb_wp_jean") | $(us "$mb_wp_jean") | $(ratio "$(us "$mb_wp_jean")" "$(us "$sc_wp")") |"
echo "| woodpecker | $HW | mb Moreau midpoint | $(steps "$mb_wp_mid") | $(us "$mb_wp_mid") | $(ratio "$(us "$mb_wp_mid")" "$(us "$sc_wp")") |"
echo "| bouncing ball | $HB | Siconos 4.4 Moreau–Jean θ=0.5, LCP | $(steps "$sc_bb") | $(us "$sc_bb") | 1 |"
echo "| bouncing ball | $HB | mb Moreau–Jean θ=0.5 | $(steps "$mb_bb_jean") | $(us "$mb_bb_jean") | $(ratio "$(us "$mb_bb_jean")" "$(us "$sc_bb")") |"
echo "| bouncing ball | $HB | mb Moreau midpoint | $(steps "$mb_bb_mid") | $(us "$mb_bb_mid") | $(ratio "$(us "$mb_bb_mid")" "$(us "$sc_bb")") |"
echo
echo "Limit-cycle figures (woodpecker, h = $HW, complete cycles after the first):"
echo "  Siconos Moreau–Jean:  $(echo "$sc_wp" | grep '^FIGURES' | cut -d' ' -f2-)"
echo "  mb Moreau–Jean:       $(echo "$mb_wp_jean" | grep '^FIGURES' | cut -d' ' -f2-)"
echo "  mb Moreau midpoint:   $(echo "$mb_wp_mid" | grep '^FIGURES' | cut -d' ' -f2-)"
echo "$sc_wp" | grep -v '^TIMING\|^FIGURES' | sed 's/^/  Siconos: /'
