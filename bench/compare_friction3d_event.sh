#!/usr/bin/env bash
# Spatial Coulomb friction: the event-driven integrator against Moreau's midpoint time-stepping,
# transition-time error versus CPU time (not part of CI).
#
# RollingBall launched with spin (slip stop at 2‖s₀‖/(7μg)) and PushedBlock from rest (two stick
# ends in closed form, two stops from bench/friction3d_event/pushed_block_reference.py), event-driven
# at rtol = 1e-6 … 1e-12 and time-stepping at h = 1e-2 … 1e-5 (release, one thread). Prints the
# tables; writes error_vs_cost.csv and error_vs_cost.png into FRICTION3D_EVENT_OUT (default
# bench/friction3d_event).
#
# Usage: bench/compare_friction3d_event.sh [--runs N]   (CARGO_TARGET_DIR defaults to target/bench)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target/bench}"
OUT="${FRICTION3D_EVENT_OUT:-$ROOT/bench/friction3d_event}"

cargo build --release -q --manifest-path bench/friction3d_event/Cargo.toml
"$CARGO_TARGET_DIR/release/mb-bench-friction3d-event" --out "$OUT" "$@"
