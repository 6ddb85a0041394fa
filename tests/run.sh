#!/usr/bin/env bash
# The test command of mb (see README.md): builds everything once and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
export SYMBOLICA_HIDE_BANNER=1
export CARGO_TERM_COLOR=never

# Formatting first (it takes a second).
cargo fmt --all -- --check

# Two cargo processes for the two cores, each with its own target directory: in the background
# the lints (generated modules included) and then the compiler's test binaries, the only ones
# linking the symbolic engine, whose build is the longest (in target/symbolic, so that the lints'
# build of the engine's GMP is the one its tests use); in the foreground the runtime, examples
# and end-to-end tests (no symbolic engine involved) build and run in target/.
SYMBOLIC_TARGET="$PWD/target/symbolic"
mkdir -p "$SYMBOLIC_TARGET"
(
  export CARGO_TARGET_DIR="$SYMBOLIC_TARGET"
  cargo clippy --workspace --all-targets -- -D warnings
  cargo test -p mbcompile --no-run
) >"$SYMBOLIC_TARGET/background.log" 2>&1 &
background=$!
trap 'kill "$background" 2>/dev/null || true' EXIT

cargo test --workspace --exclude mbcompile

background_status=0
wait "$background" || background_status=$?
cat "$SYMBOLIC_TARGET/background.log"
if [ "$background_status" != 0 ]; then
  echo "lints or the compiler's test build failed (above)" >&2
  exit 1
fi

# The compiler's tests use the symbolic engine, which allows one thread (and one process) at a
# time: one thread here, and the lock every generator run on this machine takes.
flock /tmp/symbolica.lock env CARGO_TARGET_DIR="$SYMBOLIC_TARGET" \
  cargo test -p mbcompile -- --test-threads=1

# The committed generated modules must be fresh (the binary the tests just built).
"$SYMBOLIC_TARGET/debug/mbcompile" check examples

# The Python package: built into a virtual environment, then its pytest suite.
MBCOMPILE="$SYMBOLIC_TARGET/debug/mbcompile" bash python/run_tests.sh
