#!/usr/bin/env bash
# Writes src/arms.rs (the arms arm(n) of bench/tree/README.md for n = 2, 3, 4, 5, 6, 7, 8, 10, 12,
# 15, 20, 25, 30, from bench/tree/arm_block.py --dynamics-only: M, h and C only) and generates their
# modules into src/generated/ with mbcompile (under the symbolica lock).
# Usage: bench/tree/mb/setup.sh   (MBCOMPILE overrides the compiler binary; by default it is built
# from this workspace in the release profile, in CARGO_TARGET_DIR or target/bench)
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd ../../.. && pwd)"
if [ -z "${MBCOMPILE:-}" ]; then
    export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target/bench}"
    cargo build --release -q --manifest-path "$ROOT/Cargo.toml" -p mbcompile --bin mbcompile
    MBCOMPILE="$CARGO_TARGET_DIR/release/mbcompile"
fi
NS="${ARM_NS:-2 3 4 5 6 7 8 10 12 15 20 25 30}"
{
    echo "//! The serial arms arm(n) of bench/tree/README.md for n = ${NS// /, }, written by \`setup.sh\`"
    echo "//! from \`bench/tree/arm_block.py --dynamics-only\` (only M, h and C are generated): the models"
    echo "//! of the \`dynamics\` and \`forward\` benchmarks."
    echo
    echo "use mbmacros::mechanism;"
    for n in $NS; do
        echo
        python3 ../arm_block.py --n "$n" --dynamics-only
    done
    echo
    echo "/// The sizes n of the arms of this crate, in increasing order."
    echo "pub const ARM_SIZES: &[usize] = &[${NS// /, }];"
    echo
    echo "/// Expands \`\$callback!(n, Arm)\` for every arm of this crate, in increasing n, with \`Arm\` the"
    echo "/// path of its generated struct."
    echo "#[macro_export]"
    echo "macro_rules! for_each_arm {"
    echo "    (\$callback:ident) => {"
    for n in $NS; do
        echo "        \$callback!($n, \$crate::arms::arm$n::Arm$n);"
    done
    echo "    };"
    echo "}"
} > src/arms.rs
SYMBOLICA_HIDE_BANNER=1 flock /tmp/symbolica.lock "$MBCOMPILE" gen .
