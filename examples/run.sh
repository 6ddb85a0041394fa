#!/usr/bin/env bash
# Main job of mb: regenerate every example module (Rust, and C99 into examples/src/generated/c/ for the blocks
# whose `generate` item asks for it: `targets: [rust, c]`) from its
# `mechanism!` block, print the woodpecker's derived equations, and run the example programs
# (CSV and PNG into examples/out/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
export SYMBOLICA_HIDE_BANNER=1
flock /tmp/symbolica.lock cargo run -q -p mbcompile -- gen examples
flock /tmp/symbolica.lock cargo run -q -p mbcompile -- print examples --model Woodpecker
for bin in $(ls examples/src/bin 2>/dev/null | sed -n 's/\.rs$//p'); do
  echo "== $bin"
  cargo run -q --release -p mb-examples --bin "$bin" -- "examples/out/$bin"
done
