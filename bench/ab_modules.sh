#!/usr/bin/env bash
# Times generated modules of two commits side by side; not part of CI.
#
# Usage: bench/ab_modules.sh BEFORE TIME_RS STRUCT...
#
# Two crates holding the same `mechanism!` blocks of examples/src/tree_models.rs (the blocks of
# the structs named), one with commit BEFORE's generated modules, one with the working tree's,
# both built in release (one target directory) with the timing binary TIME_RS, which names the
# crate `modules_new` and prints lines `<model>: <function> <value> ns, ...`. The two binaries
# alternate ROUNDS times (default 5): this machine's speed drifts by up to 2x between minutes,
# so each figure compared is the minimum over the rounds (`minimum.py`).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BEFORE="${1:?usage: ab_modules.sh BEFORE TIME_RS STRUCT...}"
TIME_RS="${2:?usage: ab_modules.sh BEFORE TIME_RS STRUCT...}"
shift 2
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export CARGO_TARGET_DIR="$WORK/target"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
src="$ROOT/examples/src/tree_models.rs"
for v in before after; do
  mkdir -p "$WORK/$v/src/generated" "$WORK/$v/src/bin"
  cat > "$WORK/$v/Cargo.toml" <<TOML
[package]
name = "modules_$v"
version = "0.1.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
mbmacros = { path = "$ROOT/mbmacros" }
mbruntime = { path = "$ROOT/mbruntime" }
TOML
  {
    echo "use mbmacros::mechanism;"
    # Each block: from its `mechanism! {` to the closing brace.
    for s in "$@"; do
      awk -v S="    struct $s;" '/^mechanism! \{/{buf=""; on=1} on{buf=buf $0 "\n"} $0==S{keep=1}
        on && /^\}$/{if(keep){printf "%s", buf}; on=0; keep=0}' "$src"
    done
  } > "$WORK/$v/src/lib.rs"
  sed "s/modules_new/modules_$v/g" "$TIME_RS" > "$WORK/$v/src/bin/time_$v.rs"
  for s in "$@"; do
    f=$(echo "$s" | sed -E 's/([a-z0-9])([A-Z])/\1_\2/g' | tr 'A-Z' 'a-z')
    for e in rs equations.txt equations.tex; do
      if [ "$v" = before ]; then
        git -C "$ROOT" show "$BEFORE:examples/src/generated/$f.$e" > "$WORK/$v/src/generated/$f.$e"
      else
        cp "$ROOT/examples/src/generated/$f.$e" "$WORK/$v/src/generated/"
      fi
    done
  done
  (cd "$WORK/$v" && cargo build --release -q --bin "time_$v")
done
for round in $(seq "${ROUNDS:-5}"); do
  for v in before after; do
    "$CARGO_TARGET_DIR/release/time_$v" | sed "s/^/$v /"
  done
done | python3 "$HERE/minimum.py"
