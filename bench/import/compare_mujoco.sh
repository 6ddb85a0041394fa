#!/usr/bin/env bash
# MJCF models no one here wrote (dm_control's suite and two of its walkers), imported and checked against MuJoCo loading
# the same files; not part of CI.
#
# 1. A venv (bench/import/.venv-mujoco) with MuJoCo and dm_control (the MJCF files).
# 2. A fresh crate (mbcompile new), `mbcompile import` of each model, `mbcompile gen` of each
#    with wall time, peak RSS and module lines, then a release build of the crate's `dump`
#    example (the one bench/import/compare_pinocchio.sh uses).
# 3. check_mujoco.py: M, h and the articulated-body q̈ against mj_fullM, qfrc_bias and
#    qfrc_passive at 1 000 random states per model (conventions in its documentation).
# 4. The models dm_control ships that the import refuses, each with the error it gives.
# 5. One contact scene (scene/ball.xml, imported with --contact-restitution 0): mb's
#    time-stepping beside MuJoCo's mj_step, with Routh's closed form (scene/scene_mujoco.py).
# 6. Connect equalities (scene/tether.xml): g and ∂g/∂q against MuJoCo's anchors and mj_jac
#    (scene/check_connect.py).
#
# Usage: bench/import/compare_mujoco.sh   (CARGO_TARGET_DIR defaults to target/bench of the
# clone; MBCOMPILE=path uses a compiler already built; about 5 minutes)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target/bench}"
export SYMBOLICA_HIDE_BANNER=1
VENV="$HERE/.venv-mujoco"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

echo "[1/6] MuJoCo and dm_control" >&2
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import mujoco, dm_control" 2>/dev/null \
  || "$VENV/bin/pip" install -q "mujoco==3.*" dm_control numpy >&2
DMC="$("$VENV/bin/python" -c 'import dm_control, os; print(os.path.dirname(dm_control.__file__))')"
SUITE="$DMC/suite"
echo "MuJoCo $("$VENV/bin/python" -c 'import mujoco; print(mujoco.__version__)')" >&2

# name : file under dm_control/ (@: under bench/import/) : the struct name written (its module
# is mj_<name>); the spherical pendulum is ours, since no model of dm_control has a ball joint
MODELS=(cartpole:suite/cartpole.xml:MjCartpole acrobot:suite/acrobot.xml:MjAcrobot
  pendulum:suite/pendulum.xml:MjPendulum reacher:suite/reacher.xml:MjReacher
  point_mass:suite/point_mass.xml:MjPointMass hopper:suite/hopper.xml:MjHopper
  walker:suite/walker.xml:MjWalker cheetah:suite/cheetah.xml:MjCheetah
  finger:suite/finger.xml:MjFinger humanoid:suite/humanoid.xml:MjHumanoid
  humanoid_cmu:suite/humanoid_CMU.xml:MjHumanoidCmu
  rodent:locomotion/walkers/assets/rodent.xml:MjRodent
  cmu2020:locomotion/walkers/assets/humanoid_CMU_V2020.xml:MjCmu2020
  spherical:@scene/spherical_pendulum.xml:MjSpherical)
REFUSED=(swimmer manipulator quadruped ball_in_cup fish stacker dog lqr)

echo "[2/6] import, generation, release build" >&2
MB="${MBCOMPILE:-}"
if [ -z "$MB" ]; then
  cargo build --release -q --manifest-path "$ROOT/Cargo.toml" -p mbcompile --bin mbcompile
  MB="$CARGO_TARGET_DIR/release/mbcompile"
fi
CRATE="$(mktemp -d)/models"
trap 'rm -rf "$(dirname "$CRATE")"' EXIT
"$MB" new "$CRATE" --mb-path "$ROOT" 2>/dev/null
mkdir -p "$CRATE/examples"
cp "$HERE/dump.rs" "$CRATE/examples/dump.rs"
echo "robots! {" > "$CRATE/examples/robots.in"
printf "model\tcoordinates\tgen_s\tgen_MB\tlines\n" > "$HERE/mujoco_gen_cost.tsv"
CHECKS=()
for spec in "${MODELS[@]}"; do
  IFS=: read -r name file struct <<< "$spec"
  module="mj_$name"
  case "$file" in @*) file="$HERE/${file#@}" ;; *) file="$DMC/$file" ;; esac
  (cd "$CRATE" && "$MB" import "$file" --name "$struct" --dynamics-only --out "src/$module.rs" 2>/dev/null)
  echo "pub mod $module;" >> "$CRATE/src/lib.rs"
  echo "    \"$name\" => models::$module::$module::$struct," >> "$CRATE/examples/robots.in"
  /usr/bin/time -f "%e %M" -o "$CRATE/time.txt" flock /tmp/symbolica.lock "$MB" gen "$CRATE" --model "$struct" >&2
  read -r secs kb < "$CRATE/time.txt"
  n="$(grep -o 'coordinates { [^}]*}' "$CRATE/src/$module.rs" | tr ',' '\n' | wc -l)"
  printf "%s\t%s\t%s\t%s\t%s\n" "$name" "$n" "$secs" "$((kb / 1024))" \
    "$(wc -l < "$CRATE/src/generated/$module.rs")" >> "$HERE/mujoco_gen_cost.tsv"
  CHECKS+=("$name:$file:$CRATE/src/$module.rs")
done
echo "}" >> "$CRATE/examples/robots.in"
(cd "$CRATE" && "$MB" import "$HERE/scene/ball.xml" --name MjSceneBall --contact-restitution 0 \
  --out src/mj_scene_ball.rs 2>/dev/null)
echo "pub mod mj_scene_ball;" >> "$CRATE/src/lib.rs"
cp "$HERE/scene/scene.rs" "$CRATE/examples/scene.rs"
flock /tmp/symbolica.lock "$MB" gen "$CRATE" --model MjSceneBall >&2
(cd "$CRATE" && "$MB" import "$HERE/scene/tether.xml" --name MjTether --dynamics-only \
  --out src/mj_tether.rs 2>/dev/null)
echo "pub mod mj_tether;" >> "$CRATE/src/lib.rs"
cp "$HERE/scene/connects.rs" "$CRATE/examples/connects.rs"
flock /tmp/symbolica.lock "$MB" gen "$CRATE" --model MjTether >&2
flock /tmp/symbolica.lock "$MB" gen "$CRATE" --model Pendulum >&2
column -t "$HERE/mujoco_gen_cost.tsv" >&2
start=$(date +%s)
(cd "$CRATE" && cargo build --release -q --example dump --example scene --example connects)
echo "release build of the crate (all models): $(( $(date +%s) - start )) s" >&2
DUMP="$CARGO_TARGET_DIR/release/examples/dump"

echo "[3/6] against MuJoCo at 1 000 random states" >&2
# From the crate's directory: MuJoCo writes its warnings (cheetah's deprecated `settotalmass`) to
# MUJOCO_LOG.TXT in the working directory.
(cd "$CRATE" && "$VENV/bin/python" "$HERE/check_mujoco.py" "$DUMP" 1000 "${CHECKS[@]}") | tee "$HERE/mujoco_check.tsv"

echo "[4/6] models the import refuses" >&2
for name in "${REFUSED[@]}"; do
  [ -f "$SUITE/$name.xml" ] || continue
  msg="$("$MB" import "$SUITE/$name.xml" --out /dev/null --force 2>&1 | grep '^error' || true)"
  echo "$name: ${msg#*suite/}"
done | tee "$HERE/mujoco_refused.txt"

echo "[5/6] a contact scene beside MuJoCo" >&2
"$CARGO_TARGET_DIR/release/examples/scene" > "$CRATE/scene_mb.txt"
(cd "$CRATE" && "$VENV/bin/python" "$HERE/scene/scene_mujoco.py" "$HERE/scene/ball.xml" scene_mb.txt) \
  | tee "$HERE/mujoco_scene.tsv"

echo "[6/6] connect equalities against MuJoCo" >&2
(cd "$CRATE" && "$VENV/bin/python" "$HERE/scene/check_connect.py" \
  "$CARGO_TARGET_DIR/release/examples/connects" "$HERE/scene/tether.xml" 1000) \
  | tee "$HERE/mujoco_connect.tsv"
