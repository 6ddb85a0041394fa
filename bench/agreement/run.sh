#!/usr/bin/env bash
# Agreement of the example modules in the working tree with those of a git revision: every
# function of every capability both modules implement, at 1 000 random states (parameters at
# their defaults), per entry relative to the entry's magnitude (see compare.rs).
#
#   bench/agreement/run.sh REV [MODEL_FILE ...]     # e.g. bench/agreement/run.sh HEAD bicycle
#
# With no model files every module under examples/src/generated/ is compared. Exits non-zero
# when a function disagrees by more than the bound (default 5e-12: renumbering the intermediates
# alone reorders sums, and the Coriolis matrix of the 81-coordinate four-bar chain moves by
# 3e-12; AGREEMENT_BOUND overrides).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
rev=${1:?usage: bench/agreement/run.sh REV [MODEL_FILE ...]}
shift
bound=${AGREEMENT_BOUND:-5e-12}
states=${AGREEMENT_STATES:-1000}
if [ $# -eq 0 ]; then
  set -- $(ls examples/src/generated/*.rs | xargs -n1 basename | sed 's/\.rs$//')
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src/old" "$work/src/new"
cat >"$work/Cargo.toml" <<EOF
[package]
name = "agreement"
version = "0.0.0"
edition = "2024"
publish = false

[dependencies]
mbruntime = { path = "$root/mbruntime" }

[profile.release]
opt-level = 1

[workspace]
EOF
cp bench/agreement/compare.rs "$work/src/compare.rs"
main="$work/src/main.rs"
{
  echo "#![allow(dead_code, clippy::all)]"
  echo "mod compare;"
  echo "use compare::*;"
} >"$main"
body=""
for m in "$@"; do
  new=examples/src/generated/$m.rs
  [ -f "$new" ] || { echo "no module $new" >&2; exit 2; }
  if ! git show "$rev:$new" >"$work/src/old/$m.rs" 2>/dev/null; then
    echo "$m: not in $rev, skipped"
    continue
  fi
  for ext in equations.txt equations.tex; do
    git show "$rev:examples/src/generated/$m.$ext" >"$work/src/old/$m.$ext" 2>/dev/null || : >"$work/src/old/$m.$ext"
    cp "examples/src/generated/$m.$ext" "$work/src/new/$m.$ext" 2>/dev/null || : >"$work/src/new/$m.$ext"
  done
  cp "$new" "$work/src/new/$m.rs"
  ty=$(sed -n 's/^pub struct \([A-Za-z0-9_]*\) {.*/\1/p' "$new" | head -1)
  nq=$(sed -n 's/^pub const NQ: usize = \([0-9]*\);/\1/p' "$new")
  nb=$(sed -n 's/^pub const NB: usize = \([0-9]*\);/\1/p' "$new")
  nu=$(sed -n 's/^pub const NU: usize = \([0-9]*\);/\1/p' "$new")
  {
    echo "#[path = \"old/$m.rs\"] mod old_$m;"
    echo "#[path = \"new/$m.rs\"] mod new_$m;"
  } >>"$main"
  calls="compare::dynamics(&mut out, &a, &b, &s);"
  both() { grep -q "^impl $1" "$new" && grep -q "^impl $1" "$work/src/old/$m.rs"; }
  both "Constraints<" && calls="$calls compare::constraints::<$nq, $nb, $nu, _, _>(&mut out, &a, &b, &s);"
  both "Statics<" && both "Constraints<" && calls="$calls compare::statics::<$nq, $nb, $nu, _, _>(&mut out, &a, &b, &s);"
  both "Jacobians<" && calls="$calls compare::jacobians::<$nq, $nb, $nu, _, _>(&mut out, &a, &b, &s);"
  both "Rates<" && calls="$calls compare::rates::<$nq, $nb, $nu, _, _>(&mut out, &a, &b, &s, &mut u);"
  body="$body
    {
        let (a, b) = (old_$m::$ty::default(), new_$m::$ty::default());
        let mut out = Agreement::default();
        let mut u = Uniform::new(7);
        for _ in 0..$states {
            let s = Sample::<$nq>::draw(&mut u);
            $calls
        }
        worst = worst.max(out.report(\"$m\"));
    }"
done
cat >>"$main" <<EOF
fn main() {
    let mut worst = 0.0_f64;
    $body
    println!("worst agreement {worst:.2e} (bound $bound)");
    if !(worst <= $bound) {
        std::process::exit(1);
    }
}
EOF
export CARGO_TARGET_DIR="$root/target/agreement"
# Large modules need a large stack for their fixed-size workspaces in one frame.
RUST_MIN_STACK=268435456 cargo run -q --release --manifest-path "$work/Cargo.toml"
