#!/usr/bin/env bash
# Robots no one here wrote, imported from their URDF files and checked against Pinocchio loading
# the same files; not part of CI.
#
# 1. A venv (bench/import/.venv) with Pinocchio 4.1 and example-robot-data 6.0.0 (the URDFs).
# 2. A fresh crate (mbcompile new), `mbcompile import` of each robot (UR5, Panda with its mimic
#    finger joint, Solo12 and Talos with a floating base), `mbcompile gen` of each with wall
#    time, peak RSS and module lines, then a release build of the crate's `dump` example.
# 3. check_pinocchio.py: M, h and the articulated-body q̈ against crba, nle and aba at 1 000
#    random states per robot (tolerances in its documentation).
# 4. ns per call at one fixed state, single thread each side (the minimum over 7 batches):
#    mb `dynamics` (M and h together) against Pinocchio crba + nle, mb's generated articulated-body
#    algorithm against Pinocchio's aba (pinocchio_urdf.cpp, g++ -O3 against the wheel's library).
#
# Usage: bench/import/compare_pinocchio.sh   (CARGO_TARGET_DIR defaults to target/bench of the
# clone; MBCOMPILE=path uses a compiler already built; about 10 minutes)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target/bench}"
export SYMBOLICA_HIDE_BANNER=1
VENV="$HERE/.venv"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

echo "[1/4] Pinocchio and the robot descriptions" >&2
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import pinocchio" 2>/dev/null \
  || "$VENV/bin/pip" install -q "pin==4.1.*" numpy "example-robot-data==6.0.0" >&2
PREFIX="$("$VENV/bin/python" -c 'import pinocchio, os; d = os.path.dirname(pinocchio.__file__)
while not os.path.isdir(os.path.join(d, "cmeel.prefix")): d = os.path.dirname(d)
print(os.path.join(d, "cmeel.prefix"))')"
R="$PREFIX/share/example-robot-data/robots"
# Eigen and urdfdom's model headers (the wheel ships the parser library, not these headers).
if [ ! -f /usr/include/eigen3/Eigen/Core ] || [ ! -f /usr/include/urdf_model/model.h ]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libeigen3-dev liburdfdom-headers-dev >&2
fi
mkdir -p "$HERE/build"
g++ -O3 -DNDEBUG -std=c++17 -DBOOST_MPL_LIMIT_LIST_SIZE=30 -DBOOST_MPL_LIMIT_VECTOR_SIZE=30 \
  -DBOOST_MPL_CFG_NO_PREPROCESSED_HEADERS -DBOOST_FUSION_INVOKE_MAX_ARITY=12 \
  -isystem "$PREFIX/include" -isystem /usr/include/eigen3 "$HERE/pinocchio_urdf.cpp" \
  -L "$PREFIX/lib" -Wl,-rpath,"$PREFIX/lib" -lpinocchio_parsers -lpinocchio_default \
  -o "$HERE/build/pinocchio_urdf"

# name : URDF : floating base : import flags
ROBOTS=(
  "ur5:$R/ur_description/urdf/ur5_robot.urdf:0:"
  "panda:$R/panda_description/urdf/panda.urdf:0:"
  "solo:$R/solo_description/robots/solo12.urdf:1:--dynamics-only"
  "talos:$R/talos_data/robots/talos_reduced.urdf:1:--dynamics-only"
)

echo "[2/4] import, generation, release build" >&2
# MBCOMPILE: a built compiler to use instead (the dev profile optimises it as release does).
MB="${MBCOMPILE:-}"
if [ -z "$MB" ]; then
  cargo build --release -q --manifest-path "$ROOT/Cargo.toml" -p mbcompile --bin mbcompile
  MB="$CARGO_TARGET_DIR/release/mbcompile"
fi
CRATE="$(mktemp -d)/robots"
trap 'rm -rf "$(dirname "$CRATE")"' EXIT
"$MB" new "$CRATE" --mb-path "$ROOT" 2>/dev/null
mkdir -p "$CRATE/examples"
cp "$HERE/dump.rs" "$CRATE/examples/dump.rs"
echo "robots! {" > "$CRATE/examples/robots.in"
printf "robot\tcoordinates\tgen_s\tgen_MB\tlines\n" > "$HERE/gen_cost.tsv"
CHECKS=()
for spec in "${ROBOTS[@]}"; do
  IFS=: read -r name urdf floating flags <<< "$spec"
  base=""
  [ "$floating" = 1 ] && base="--floating-base"
  struct="$(echo "${name:0:1}" | tr a-z A-Z)${name:1}"
  (cd "$CRATE" && "$MB" import "$urdf" --name "$struct" $base $flags --out "src/$name.rs" 2>/dev/null)
  echo "pub mod $name;" >> "$CRATE/src/lib.rs"
  echo "    \"$name\" => robots::$name::$name::$struct," >> "$CRATE/examples/robots.in"
  /usr/bin/time -f "%e %M" -o "$CRATE/time.txt" flock /tmp/symbolica.lock "$MB" gen "$CRATE" --model "$struct" >&2
  read -r secs kb < "$CRATE/time.txt"
  n="$(grep -o 'coordinates { [^}]*}' "$CRATE/src/$name.rs" | tr ',' '\n' | wc -l)"
  printf "%s\t%s\t%s\t%s\t%s\n" "$name" "$n" "$secs" "$((kb / 1024))" \
    "$(wc -l < "$CRATE/src/generated/$name.rs")" >> "$HERE/gen_cost.tsv"
  CHECKS+=("$name:$urdf:$floating:$CRATE/src/$name.rs")
done
echo "}" >> "$CRATE/examples/robots.in"
flock /tmp/symbolica.lock "$MB" gen "$CRATE" --model Pendulum >&2
column -t "$HERE/gen_cost.tsv" >&2
start=$(date +%s)
(cd "$CRATE" && cargo build --release -q --example dump)
echo "release build of the crate (all robots): $(( $(date +%s) - start )) s" >&2
DUMP="$CARGO_TARGET_DIR/release/examples/dump"

echo "[3/4] against Pinocchio at 1 000 random states" >&2
"$VENV/bin/python" "$HERE/check_pinocchio.py" "$DUMP" 1000 "${CHECKS[@]}" | tee "$HERE/check.tsv"

echo "[4/4] ns per call (single thread each)" >&2
printf "robot\tmb_dynamics_ns\tpin_crba_nle_ns\tmb_aba_ns\tpin_aba_ns\n" | tee "$HERE/timing.tsv"
for spec in "${ROBOTS[@]}"; do
  IFS=: read -r name urdf floating flags <<< "$spec"
  read -r mb_mh mb_aba <<< "$("$DUMP" time "$name" 20000)"
  read -r pin_mh pin_aba <<< "$("$HERE/build/pinocchio_urdf" "$urdf" "$floating" 20000)"
  printf "%s\t%s\t%s\t%s\t%s\n" "$name" "$mb_mh" "$pin_mh" "$mb_aba" "$pin_aba" | tee -a "$HERE/timing.tsv"
done
