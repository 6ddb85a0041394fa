#!/usr/bin/env bash
# The test command of mb (see README.md): builds everything once and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
export SYMBOLICA_HIDE_BANNER=1
export CARGO_TERM_COLOR=never

# Formatting and lints, generated modules included.
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

# The compiler's test binaries (the only ones linking the symbolic engine, whose build is the
# longest) build in a target directory of their own while the runtime, examples and end-to-end
# tests build and run in target/: two cargo processes for the two cores.
SYMBOLIC_TARGET=target/symbolic
mkdir -p "$SYMBOLIC_TARGET"
CARGO_TARGET_DIR="$SYMBOLIC_TARGET" cargo test -p mbcompile --no-run \
  >"$SYMBOLIC_TARGET/build.log" 2>&1 &
symbolic_build=$!
trap 'kill "$symbolic_build" 2>/dev/null || true' EXIT

# Runtime, examples and end-to-end tests (no symbolic engine involved).
cargo test --workspace --exclude mbcompile

if ! wait "$symbolic_build"; then
  cat "$SYMBOLIC_TARGET/build.log"
  exit 1
fi
cat "$SYMBOLIC_TARGET/build.log"

# The compiler's tests use the symbolic engine, which allows one thread (and one process) at a
# time: one thread here, and the lock every generator run on this machine takes.
flock /tmp/symbolica.lock env CARGO_TARGET_DIR="$SYMBOLIC_TARGET" \
  cargo test -p mbcompile -- --test-threads=1

# The committed generated modules must be fresh (the binary the tests just built).
"$SYMBOLIC_TARGET/debug/mbcompile" check examples

# The Python package: built into a virtual environment, then its pytest suite.
MBCOMPILE="$SYMBOLIC_TARGET/debug/mbcompile" bash python/run_tests.sh
