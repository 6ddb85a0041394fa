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

# Standard input of the builds below and the null device of every tool is /dev/null; a file in
# its place (left by a program that renamed a file over it) feeds whatever was last written to
# "/dev/null" to the compiler's probes. Checked before and after the run.
null_device() {
  if [ ! -c /dev/null ]; then
    echo "/dev/null is not the null device $1 (restore it: mknod -m 666 /dev/null c 1 3)" >&2
    exit 1
  fi
}
null_device "before the run"

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

# One build of every target of the workspace (benchmarks included), on both cores. Clippy is the
# compiler of the workspace's own crates in it (`RUSTC_WORKSPACE_WRAPPER`, with `-D warnings`), so
# the lints cost no separate check of the dependencies, and what `cargo clippy --workspace
# --all-targets -- -D warnings` reports fails this build. `--tests --benches --examples` rather
# than `--all-targets`: the latter also builds the unit-test binary of a library that declares it
# has none (`test = false`, `bench = false`: the examples' library, whose generated modules would
# be compiled a second time for no test). The target-information probe reads standard input,
# hence /dev/null. Cargo's timing report: target/cargo-timings/.
#
# The runtime's tests (no symbolic engine involved) run beside the build, each binary as soon as
# the build has written it, at the lowest priority (`nice`): they take what the build leaves idle
# (its longest chain, the symbolic engine and then the compiler, ends on one core) without slowing
# it — at normal priority they made the build 20 % longer. Two at a time, so that both cores
# serve them whenever both are idle (one at a time, 50 small binaries were still queued behind
# the long ones when everything else had ended).
stage "build, with the lints; beside it the runtime's tests"
export RUSTC_WORKSPACE_WRAPPER
RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
rm -f target/tests.json target/build.status
touch target/tests.json
(
  status=0
  cargo test --workspace --tests --benches --examples --no-run --timings \
    --message-format=json-render-diagnostics < /dev/null > target/tests.json || status=$?
  echo "$status" > target/build.status
) &
build=$!
# The Python package's environment (a virtual environment and its tools, mostly unpacking) in the
# same idle time.
nice -n 19 env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash python/run_tests.sh env < /dev/null \
  > target/python-env.log 2>&1 &
python_env=$!
nice -n 19 python3 tests/run_binaries.py target/tests.json --skip mbcompile --jobs 2 --until target/build.status \
  > target/runtime-tests.log 2>&1 &
runtime=$!
wait "$build"
if [ "$(cat target/build.status)" != "0" ]; then
  echo "the build failed (see above)" >&2
  exit 1
fi

# Then, beside the rest of the runtime's tests: the compiler's tests (the symbolic engine allows one
# thread and one process at a time: one thread, and the lock every generator run on this machine
# takes) and beside them, on the other core, the Python package's release build (its own
# artifacts, without the lints); then the doc tests (all packages at once, so that Cargo resolves
# the features of the build above and rebuilds nothing), the freshness check of the committed
# generated modules and the Python package's tests (which run the generator).
stage "the compiler's tests; beside them the Python package's build"
finish "$python_env" "the Python package's environment" target/python-env.log
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash python/run_tests.sh build < /dev/null \
  > target/python-build.log 2>&1 &
python_build=$!
flock /tmp/symbolica.lock python3 tests/run_binaries.py target/tests.json --only mbcompile \
  -- --test-threads=1 > target/compiler-tests.log 2>&1 &
finish "$!" "the compiler's tests" target/compiler-tests.log
stage "doc tests"
flock /tmp/symbolica.lock cargo test --doc --workspace < /dev/null
stage "freshness"
target/debug/mbcompile check examples
stage "the Python package's tests"
finish "$python_build" "the Python package's build" target/python-build.log
env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS bash python/run_tests.sh test < /dev/null
stage "waiting for the runtime's tests"
finish "$runtime" "the runtime's tests" target/runtime-tests.log
null_device "after the tests: one of them replaced it"
stage "done"
