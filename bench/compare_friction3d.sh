#!/usr/bin/env bash
# Spatial Coulomb friction under time-stepping, mb versus Siconos 4.4, side by side (not part of CI).
#
# The three examples of examples/src/friction3d_models.rs (InclineBlock, SlidingBlock, RollingBall,
# default parameters; initial states in bench/friction3d/src/main.rs and bench/siconos/friction3d.py)
# with mb's Moreau–Jean θ = ½ and Moreau midpoint (bench/friction3d, release, cone solver Auto,
# tolerance 1e-10) and Siconos' MoreauJeanOSI(0.5) + FrictionContact(3) with NSGS and with NSN-AC
# (tolerance 1e-10 in Siconos' normalisation), for each step h. First checks that both sides
# build the same data (M, F, H, b, μ, ε, q₀, u₀), then prints one table per model: max |Δq| and
# max |Δv| between mb and Siconos NSGS over the whole run (same step index), the error of each
# against the closed form of the model docs, CPU µs per step (median of whole runs, setup
# excluded; mb one thread; Siconos with OPENBLAS_NUM_THREADS / OMP_NUM_THREADS = SICONOS_THREADS,
# default 1, or its own default thread pool with SICONOS_THREADS=default; CPU time of all its
# threads) and the ratio mb / Siconos.
#
# Installs python3-siconos when missing (bench/install_siconos.sh); scripts run with /usr/bin/python3.
# Usage: bench/compare_friction3d.sh [H …]   (default 1e-2 1e-3 1e-4; FRICTION3D_KEEP a directory
# that receives the CSVs and raw timing lines; CARGO_TARGET_DIR defaults to target/bench)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target/bench}"
bash bench/install_siconos.sh
HS="${*:-1e-2 1e-3 1e-4}"
THREADS="${SICONOS_THREADS:-1}"
OUT="$(mktemp -d)"
trap 'if [ -n "${FRICTION3D_KEEP:-}" ]; then mkdir -p "$FRICTION3D_KEEP" && cp -r "$OUT"/. "$FRICTION3D_KEEP"/; fi; rm -rf "$OUT"' EXIT

cargo build --release -q --manifest-path bench/friction3d/Cargo.toml
MB="$CARGO_TARGET_DIR/release/mb-bench-friction3d"
if [ "$THREADS" = default ]; then
  SC=(/usr/bin/python3 bench/siconos/friction3d.py)
else
  SC=(env OPENBLAS_NUM_THREADS="$THREADS" OMP_NUM_THREADS="$THREADS" /usr/bin/python3 bench/siconos/friction3d.py)
fi

declare -A T_END=([incline]=1.0 [sliding]=0.7 [ball]=0.4)
for model in incline sliding ball; do
  "$MB" "$model" --describe > "$OUT/$model.mb.describe"
  "${SC[@]}" "$model" --describe > "$OUT/$model.siconos.describe"
  /usr/bin/python3 bench/friction3d/tables.py --same-data "$OUT/$model.mb.describe" "$OUT/$model.siconos.describe"
  for h in $HS; do
    t="${T_END[$model]}"
    echo "[$model h=$h]" >&2
    "$MB" "$model" --scheme jean --h "$h" --t-end "$t" --csv "$OUT/$model.$h.mb_jean.csv" >> "$OUT/timing.tsv"
    "$MB" "$model" --scheme midpoint --h "$h" --t-end "$t" --csv "$OUT/$model.$h.mb_midpoint.csv" >> "$OUT/timing.tsv"
    "${SC[@]}" "$model" "$h" "$t" nsgs --csv "$OUT/$model.$h.siconos_nsgs.csv" >> "$OUT/timing.tsv"
    "${SC[@]}" "$model" "$h" "$t" nsn --csv "$OUT/$model.$h.siconos_nsn.csv" >> "$OUT/timing.tsv"
  done
done
/usr/bin/python3 bench/friction3d/tables.py "$OUT" $HS
