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

# Formatting and lints, generated modules included (both cores).
stage "formatting, lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings

# The runtime, examples and end-to-end tests (no symbolic engine involved), built on both cores.
stage "runtime build"
cargo test --workspace --exclude mbcompile --no-run --message-format=json-render-diagnostics \
  > target/runtime-tests.json

# The compiler and its tests build next. The symbolic engine is the longest chain of that build
# (one crate of about six minutes, mostly on one core), so the runtime's tests run beside it.
# Measured cold (BENCHMARKS.md, "The test command's wall time"): the lints beside this build
# instead, or the Python package's release build beside it as well, made the run longer.
stage "compiler build; beside it the runtime tests"
python3 tests/run_binaries.py target/runtime-tests.json > target/runtime-tests.log 2>&1 &
runtime=$!
cargo test -p mbcompile --no-run --message-format=json-render-diagnostics \
  > target/compiler-tests.json

# The compiler's tests use the symbolic engine, which allows one thread (and one process) at a
# time: one thread, and the lock every generator run on this machine takes; the doc tests build
# and run beside them.
stage "compiler tests; beside them the doc tests"
flock /tmp/symbolica.lock python3 tests/run_binaries.py target/compiler-tests.json \
  -- --test-threads=1 > target/compiler-tests.log 2>&1 &
compiler=$!
cargo test --doc --workspace --exclude mbcompile
finish "$runtime" "the runtime's tests" target/runtime-tests.log
finish "$compiler" "the compiler's tests" target/compiler-tests.log
flock /tmp/symbolica.lock cargo test --doc -p mbcompile

# The committed generated modules must be fresh (the binary the compiler's build wrote).
stage "freshness"
target/debug/mbcompile check examples

stage "Python package and tests"
bash python/run_tests.sh
stage "done"
