#!/usr/bin/env bash
# The test command of mb (see README.md): builds everything once and runs every test.
#
# Two cores are kept busy by overlapping independent work where one of them would idle; each
# stage says what runs beside what. A background job's output is printed when it is waited for,
# and its failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
export SYMBOLICA_HIDE_BANNER=1
export CARGO_TERM_COLOR=never
# A run starts from a cold target: incremental compilation would only write caches no later build
# reads (they were most of the target directory's size).
export CARGO_INCREMENTAL=0
mkdir -p target
started=$(date +%s)
stage() { echo "== $1 ($(( $(date +%s) - started )) s)"; }

# Waits for background job $1 (named $2, its output in $3): prints the output, fails on failure.
finish() {
  local status=0
  wait "$1" || status=$?
  cat "$3"
  if [ "$status" -ne 0 ]; then
    echo "$2 failed (see above)" >&2
    exit 1
  fi
}

# Formatting; the lints run inside the build below.
stage "formatting"
cargo fmt --all -- --check

# One build of every target of the workspace (benchmarks included), on both cores, Cargo
# scheduling the longest chain (the symbolic engine, then the compiler) first. Clippy is the
# compiler of the workspace's own crates in it (`RUSTC_WORKSPACE_WRAPPER`, with `-D warnings`), so
# the lints cost no separate check of the dependencies, and what `cargo clippy --workspace
# --all-targets -- -D warnings` reports fails this build. The target-information probe reads
# standard input, hence /dev/null.
stage "build, with the lints"
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
cargo test --workspace --all-targets --no-run --message-format=json-render-diagnostics \
  < /dev/null > target/tests.json

# The runtime's tests (no symbolic engine involved) take one core; beside them run, in order, the
# compiler's tests (the symbolic engine allows one thread and one process at a time: one
# thread, and the lock every generator run on this machine takes), the doc tests, the freshness
# check of the committed generated modules and the Python package (its own release build, without
# the lints, and its tests, which run the generator).
stage "tests: the runtime's beside the compiler's, the doc tests and the Python package"
python3 tests/run_binaries.py target/tests.json --skip mbcompile > target/runtime-tests.log 2>&1 &
runtime=$!
flock /tmp/symbolica.lock python3 tests/run_binaries.py target/tests.json --only mbcompile \
  -- --test-threads=1 > target/compiler-tests.log 2>&1 || {
  cat target/compiler-tests.log
  echo "the compiler's tests failed (see above)" >&2
  exit 1
}
cat target/compiler-tests.log
stage "doc tests (the runtime's tests still beside)"
cargo test --doc --workspace --exclude mbcompile < /dev/null
flock /tmp/symbolica.lock cargo test --doc -p mbcompile < /dev/null
stage "freshness"
target/debug/mbcompile check examples
stage "Python package and tests"
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash python/run_tests.sh < /dev/null
stage "waiting for the runtime's tests"
finish "$runtime" "the runtime's tests" target/runtime-tests.log
stage "done"
