#!/usr/bin/env bash
# The test command of mb (see README.md): builds everything once and runs every test.
#
# Two cores are kept busy by overlapping independent work; each stage says what runs beside what.
# Every background job's output is printed when it is waited for, and its failure fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/setup.sh
export SYMBOLICA_HIDE_BANNER=1
export CARGO_TERM_COLOR=never
# A run starts from a cold target: incremental compilation would only write caches no later build
# reads (they were most of the target directory's size).
export CARGO_INCREMENTAL=0
mkdir -p target
stage() { echo "== $1 ($(( $(date +%s) - started )) s)"; }
started=$(date +%s)

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

stage "formatting"
cargo fmt --all -- --check

# 1. The compiler and its tests build from the start: the symbolic engine is the longest chain of
#    the build (one crate of about six minutes). Beside it, clippy checks the workspace, generated
#    modules included, in a target directory of its own (a check shares no artifacts with a build,
#    and cargo would otherwise wait for the build's lock).
stage "compiler build (background), lints"
cargo test -p mbcompile --no-run --message-format=json-render-diagnostics \
  > target/compiler-tests.json 2> target/compiler-build.log &
compiler_build=$!
cargo clippy --workspace --all-targets --target-dir target/clippy -- -D warnings
finish "$compiler_build" "the compiler's build" target/compiler-build.log

# 2. The compiler's tests use the symbolic engine, which allows one thread (and one process) at a
#    time: one thread, and the lock every generator run on this machine takes. They run while the
#    runtime, the examples and the end-to-end tests build.
stage "compiler tests (background), runtime build"
flock /tmp/symbolica.lock python3 tests/run_binaries.py target/compiler-tests.json \
  -- --test-threads=1 > target/compiler-tests.log 2>&1 &
compiler_tests=$!
cargo test --workspace --exclude mbcompile --no-run --message-format=json-render-diagnostics \
  > target/runtime-tests.json
finish "$compiler_tests" "the compiler's tests" target/compiler-tests.log

# 3. The runtime's tests, two binaries at a time, while the Python package builds (release, its
#    own profile directory).
stage "runtime tests, Python build (background)"
bash python/run_tests.sh build > target/python-build.log 2>&1 &
python_build=$!
python3 tests/run_binaries.py target/runtime-tests.json --jobs 2
finish "$python_build" "the Python package's build" target/python-build.log

stage "doc tests"
cargo test --doc --workspace --exclude mbcompile
flock /tmp/symbolica.lock cargo test --doc -p mbcompile

# The committed generated modules must be fresh (the binary the compiler's build wrote).
stage "freshness"
target/debug/mbcompile check examples

stage "Python tests"
bash python/run_tests.sh test
stage "done"
