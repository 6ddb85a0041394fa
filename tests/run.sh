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

# Runtime, examples and end-to-end tests (no symbolic engine involved).
cargo test --workspace --exclude mbcompile

# The compiler's tests use the symbolic engine, which allows one thread (and one process) at a
# time: one thread here, and the lock every generator run on this machine takes. (Building them
# in a second target directory beside the runtime's tests was measured slower on two cores:
# 1775 s against 1624 s for the whole run, the engine's GMP then being built twice.)
flock /tmp/symbolica.lock cargo test -p mbcompile -- --test-threads=1

# The committed generated modules must be fresh (the binary the tests just built).
target/debug/mbcompile check examples

# The Python package: built into a virtual environment, then its pytest suite.
bash python/run_tests.sh
