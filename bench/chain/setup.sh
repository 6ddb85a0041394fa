#!/usr/bin/env bash
# Writes src/lib.rs (planar n-link pendulums, n = 2, 4, 8, 10, from bench/chain_model.py) and
# generates their modules into src/generated/ and their C into src/generated/c/ with mbcompile
# (under the symbolica lock). None of these files is committed: this script makes them.
# Usage: bench/chain/setup.sh   (MBCOMPILE overrides the compiler binary; by default it is built
# from this workspace)
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${MBCOMPILE:-}" ]; then
    cargo build -q --manifest-path ../../Cargo.toml -p mbcompile --bin mbcompile
    MBCOMPILE="$(cd ../.. && pwd)/target/debug/mbcompile"
fi
NS="2 4 8 10"
{
    echo "//! Planar n-link pendulums (point masses at the link ends, absolute angles) for n = 2, 4, 8, 10,"
    echo "//! written by \`setup.sh\` from \`bench/chain_model.py\`: the models of the \`dynamics\` benchmark."
    echo "//! Masses m_i = 1 − 0.3 i/n, lengths l_i = 1 − 0.2 i/n, g = 9.81; T = Σ ½ m_i |v_i|², V = g Σ m_i y_i."
    echo
    echo "use mbmacros::mechanism;"
    for n in $NS; do
        echo
        python3 ../chain_model.py "$n" | grep -v '^use mbmacros::mechanism;' | sed '/^$/d'
    done
} > src/lib.rs
# The Rust modules, and the same chains in C99 (src/generated/c/chain{n}.h, .c) for the
# `c_dynamics` benchmark, from one derivation of each chain.
flock /tmp/symbolica.lock "$MBCOMPILE" gen . --target rust,c --out src/generated/c
