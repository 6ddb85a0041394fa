#!/usr/bin/env bash
# The test command of mb (see README.md): builds everything once and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
export SYMBOLICA_HIDE_BANNER=1
export CARGO_TERM_COLOR=never
# A run starts from a cold target: incremental compilation would only write caches no later build
# reads (they were most of the target directory's size).
export CARGO_INCREMENTAL=0

# Formatting and lints, generated modules included.
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

# Runtime, examples and end-to-end tests (no symbolic engine involved): built here, then run in
# the background while the compiler and its tests build and run below (the compiler's build
# leaves a core idle for long stretches; the two overlap on two cores). Their doc tests follow.
cargo test --workspace --exclude mbcompile --no-run --message-format=json-render-diagnostics \
  > target/runtime-tests.json
bash tests/run_binaries.sh target/runtime-tests.json > target/runtime-tests.log 2>&1 &
runtime_tests=$!

# The compiler's tests use the symbolic engine, which allows one thread (and one process) at a
# time: one thread here, and the lock every generator run on this machine takes. (Building them
# in a second target directory beside the runtime's tests was measured slower on two cores:
# 1775 s against 1624 s for the whole run, the engine's GMP then being built twice.)
flock /tmp/symbolica.lock cargo test -p mbcompile -- --test-threads=1

if wait "$runtime_tests"; then
  cat target/runtime-tests.log
else
  cat target/runtime-tests.log
  echo "runtime tests failed (see above)" >&2
  exit 1
fi
cargo test --doc --workspace --exclude mbcompile

# The committed generated modules must be fresh (the binary the tests just built).
target/debug/mbcompile check examples

# The Python package: built into a virtual environment, then its pytest suite.
bash python/run_tests.sh
