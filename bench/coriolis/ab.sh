#!/usr/bin/env bash
# ns per `coriolis` call of the iiwa arm and the quadruped (examples/src/tree_models.rs), the
# modules of commit BEFORE against those of the working tree; not part of CI.
#
# Two crates holding the same two blocks, one with each commit's generated modules, built in
# release (one target directory); each binary times 200 000 calls at one fixed state, the minimum
# over 7 batches, one thread.
#
# Usage: bench/coriolis/ab.sh BEFORE   (about 3 minutes)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BEFORE="${1:?usage: ab.sh BEFORE-COMMIT}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
export CARGO_TARGET_DIR="$WORK/target"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for v in before after; do
  mkdir -p "$WORK/$v/src/generated" "$WORK/$v/src/bin"
  cat > "$WORK/$v/Cargo.toml" <<TOML
[package]
name = "coriolis_$v"
version = "0.1.0"
edition = "2024"
publish = false

[workspace]

[dependencies]
mbmacros = { path = "$ROOT/mbmacros" }
mbruntime = { path = "$ROOT/mbruntime" }
TOML
  src="$ROOT/examples/src/tree_models.rs"
  {
    echo "use mbmacros::mechanism;"
    # The Iiwa and Quadruped blocks: from their `mechanism! {` to the closing brace.
    for s in Iiwa Quadruped; do
      awk -v S="    struct $s;" '/^mechanism! \{/{buf=""; on=1} on{buf=buf $0 "\n"} $0==S{keep=1}
        on && /^\}$/{if(keep){printf "%s", buf}; on=0; keep=0}' "$src"
    done
  } > "$WORK/$v/src/lib.rs"
  sed "s/coriolis_new/coriolis_$v/g" "$HERE/time.rs" > "$WORK/$v/src/bin/time_$v.rs"
  for f in iiwa quadruped; do
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
for v in before after; do
  echo "$v:"
  "$CARGO_TARGET_DIR/release/time_$v"
done
