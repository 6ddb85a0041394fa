#!/usr/bin/env bash
# mb versus Pinocchio on the serial arm arm(n) of bench/tree/README.md; not part of CI.
#
# 1. bench/tree/gen_cost.py: `mbcompile gen` wall time / peak RSS / generated lines for every n
#    (M, h and C only, `--dynamics-only`), for arm(20) with all capabilities, and for arm(7) with all
#    capabilities plus the release build of a crate holding just that module (wall time, peak RSS).
# 2. bench/tree/mb: setup.sh (re-)generates the arms (M, h and C only), the example `dump` is checked
#    against `pinocchio_arm dump` at two states per n (bench/tree/check_mb.py: M and h to 1e-12 of
#    their largest entry).
# 3. Timing, per n in turn so that both sides see the same machine load: the criterion benches
#    `dynamics` (M + h) and `forward` (M + h + Cholesky solve of M q̈ = h, and `aba/arm{n}`: the
#    generated articulated-body algorithm), then `pinocchio_arm time n`
#    (crba + nle, aba). All single-threaded, at the same fixed state; criterion's median versus the
#    harness's median of 9 repetitions.
# 4. One table (bench/tree/scaling.tsv, and markdown on stdout), the log-log plot
#    bench/tree/scaling.png (bin `plot_scaling` of bench/tree/mb), the generation/compile costs
#    (bench/tree/gen_cost.tsv). Readings of the targets: mb M + h ≤ Pinocchio crba + nle and
#    mb forward dynamics (the better of M + h + Cholesky and the generated ABA) ≤ Pinocchio aba for
#    every n; gen of arm(7) (all capabilities) ≤ 2 s and
#    ≤ 200 MB; gen of arm(20) (all capabilities) ≤ 10 s; build of the arm(7) module ≤ 30 s, ≤ 1 GB.
#
# Usage: bench/compare_tree.sh   (CARGO_TARGET_DIR defaults to target/bench of the clone; the compiler
# is built there in the release profile; ARM_NS overrides the sizes, e.g. ARM_NS="2 7")
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd .. && pwd)/target/bench}"
export ARM_NS="${ARM_NS:-2 3 4 5 6 7 8 10 12 15 20 25 30}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

echo "[0/4] building the compiler (release profile) and the Pinocchio harness" >&2
cargo build --release -q --manifest-path ../Cargo.toml -p mbcompile --bin mbcompile
export MBCOMPILE="$CARGO_TARGET_DIR/release/mbcompile"
PINOCCHIO="$(tree/build_pinocchio.sh)"
echo "Pinocchio $("$PINOCCHIO" version)" >&2

echo "[1/4] generation and compile cost" >&2
python3 tree/gen_cost.py --tsv --ns "${ARM_NS// /,}" --full 20 --build 7 | tee tree/gen_cost.tsv >&2

echo "[2/4] mb arms: generation, build, check against Pinocchio" >&2
tree/mb/setup.sh >&2
(cd tree/mb && cargo build --release -q --example dump --bin plot_scaling \
    && cargo bench -q --no-run --bench dynamics --bench forward) >&2
python3 tree/check_mb.py "$PINOCCHIO" "$CARGO_TARGET_DIR/release/examples/dump" $ARM_NS \
    | tee "$OUT/check.tsv" >&2 || echo "WARNING: mb and Pinocchio disagree beyond 1e-12 (see above)" >&2

echo "[3/4] timing, n by n: mb dynamics and forward (criterion), Pinocchio crba + nle and aba" >&2
for n in $ARM_NS; do
    (cd tree/mb && cargo bench -q --bench dynamics --bench forward -- --noplot "^(dynamics|forward|aba)/arm$n\$") \
        >> "$OUT/criterion.txt"
    "$PINOCCHIO" time "$n" | tee -a "$OUT/pinocchio.tsv" >&2
done

echo "[4/4] table and plot" >&2
python3 - "$OUT" "$CARGO_TARGET_DIR/criterion" tree/gen_cost.tsv > tree/scaling.tsv <<'PY'
import glob, json, os, sys
out, crit_dir, gen_path = sys.argv[1:]
gen = {}
for line in open(gen_path):
    f = line.split("\t")
    if f[0] == "gen" and len(f) >= 5:
        gen[int(f[1])] = (f[2], f[4].strip())
pin = {}
for line in open(f"{out}/pinocchio.tsv"):
    n, crba_nle, aba = line.split()
    pin[int(n)] = (float(crba_nle), float(aba))
median = {}  # criterion's median of the sample (ns per iteration), by benchmark id
for path in glob.glob(f"{crit_dir}/**/new/benchmark.json", recursive=True):
    full_id = json.load(open(path))["full_id"]
    estimates = json.load(open(os.path.join(os.path.dirname(path), "estimates.json")))
    median[full_id] = estimates["median"]["point_estimate"]
print("n\tgen_s\tlines\tmb_mh_ns\tpin_crba_nle_ns\tratio_mh\tmb_fwd_ns\tmb_aba_ns\tpin_aba_ns"
      "\tratio_fwd\tratio_aba")
for n in sorted(pin):
    mh, fwd = median.get(f"dynamics/arm{n}"), median.get(f"forward/arm{n}")
    art = median.get(f"aba/arm{n}")
    crba_nle, aba = pin[n]
    g = gen.get(n, ("-", "-"))
    cell = lambda x: f"{x:.1f}" if x is not None else "-"
    ratio = lambda a, b: f"{a / b:.2f}" if a is not None else "-"
    print("\t".join([str(n), g[0], g[1], cell(mh), cell(crba_nle), ratio(mh, crba_nle),
                     cell(fwd), cell(art), cell(aba), ratio(fwd, aba), ratio(art, aba)]))
PY
"$CARGO_TARGET_DIR/release/plot_scaling" tree/scaling.tsv tree/scaling.png
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

python3 - tree/scaling.tsv tree/gen_cost.tsv "$OUT/check.tsv" <<'PY'
import sys
table, gen_path, check_path = sys.argv[1:]
rows = [l.rstrip("\n").split("\t") for l in open(table)][1:]
print("| n | mb gen [s] | lines | mb M+h [ns] | Pinocchio crba+nle [ns] | ratio | "
      "mb M+h+Cholesky [ns] | mb ABA [ns] | Pinocchio aba [ns] | ratio Cholesky | ratio ABA |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for r in rows:
    print("| " + " | ".join(r) + " |")
print()
print("| kind | n | gen wall [s] | gen peak RSS [MB] | generated lines | build wall [s] | build peak RSS [MB] |")
print("|---|---:|---:|---:|---:|---:|---:|")
for line in open(gen_path):
    f = line.rstrip("\n").split("\t")
    print("| " + " | ".join(f + ["-"] * (7 - len(f))) + " |")
print()
print("| n | rel. error M | rel. error h | rel. error q̈ (information) |")
print("|---:|---:|---:|---:|")
for line in open(check_path):
    print("| " + " | ".join(line.rstrip("\n").split("\t")) + " |")
PY
