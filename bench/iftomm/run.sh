#!/usr/bin/env bash
# Builds and runs the IFToMM benchmark runner (not part of the test command): the table of
# BENCHMARKS.md, "IFToMM benchmark problems". Arguments go to the runner (e.g. --runs 3).
set -euo pipefail
cd "$(dirname "$0")"
cargo run --release -q -- "$@"
