#!/usr/bin/env bash
# Stick–slip with planar Coulomb friction: the event-driven integrator against Moreau–Jean
# time-stepping, error versus cost (not part of CI).
#
# SpringDraggedBlock (examples/src/friction_event_models.rs, default parameters; Den Hartog 1931,
# the motion with stops) from rest over its first 12 stick–slip transitions, against the
# piecewise closed form (examples/src/stick_slip_reference/driven_spring.rs): the event-driven
# integrator at rtol = 1e-6 … 1e-12 (atol = rtol·1e-2) and Moreau–Jean θ = 1 and θ = ½ at
# h = 1e-2, 3e-3, 1e-3, … (bench/stick_slip, release, one thread). Prints the table (max
# transition-time error, median CPU time per run, steps / events), the observed orders and the
# headline; writes error_vs_cost.csv and error_vs_cost.png into STICK_SLIP_OUT (default
# bench/stick_slip).
#
# Usage: bench/compare_stick_slip.sh [--runs N] [--min-h H]   (CARGO_TARGET_DIR defaults to
# target/bench)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target/bench}"
OUT="${STICK_SLIP_OUT:-$ROOT/bench/stick_slip}"

cargo build --release -q --manifest-path bench/stick_slip/Cargo.toml
"$CARGO_TARGET_DIR/release/mb-bench-stick-slip" --out "$OUT" "$@"
