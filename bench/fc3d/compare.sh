#!/usr/bin/env bash
# mb's spatial Coulomb friction solver (mbruntime::cone) versus Siconos' fc3d solvers on the same
# seeded problems; not part of CI.
#
# 1. gen_problems.py writes the problems (families spd and dyn, nc = 1, 4, 16, 50, 100, each with a
#    manufactured solution r*) to one text file.
# 2. The standalone crate here (release) solves each with ConeMethod::Newton and
#    ConeMethod::GaussSeidel from a zero start, tolerance 1e-10 on ‖r − proj_K(r − ũ)‖/(1 + ‖q‖),
#    and writes its solutions.
# 3. siconos_fc3d.py solves each with Siconos' NSN (Alart–Curnier) and NSGS at the same absolute
#    accuracy, and evaluates all four solutions with Siconos' own fc3d_compute_error.
# 4. One table: wall time per solve (median, single thread, warm-up excluded; see the two programs
#    for the exact protocol), iterations, residual (mb's normalisation, computed by Siconos' code),
#    max |r − r*|.
#
# Usage: bench/fc3d/compare.sh   (CARGO_TARGET_DIR defaults to target/bench of the clone;
# FC3D_SIZES, default "1,4,16,50,100"; FC3D_KEEP a directory that receives the raw outputs)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd ../.. && pwd)/target/bench}"
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
SIZES="${FC3D_SIZES:-1,4,16,50,100}"
OUT="$(mktemp -d)"
trap 'if [ -n "${FC3D_KEEP:-}" ]; then mkdir -p "$FC3D_KEEP" && cp -r "$OUT"/. "$FC3D_KEEP"/; fi; rm -rf "$OUT"' EXIT

../install_siconos.sh
echo "[1/4] problems" >&2
/usr/bin/python3 gen_problems.py "$OUT/problems.txt" --sizes "$SIZES"
echo "[2/4] mb (release build)" >&2
cargo build --release -q --manifest-path Cargo.toml
"$CARGO_TARGET_DIR/release/mb-bench-fc3d" "$OUT/problems.txt" "$OUT/mb_solutions.txt" > "$OUT/mb.tsv"
echo "[3/4] Siconos" >&2
/usr/bin/python3 siconos_fc3d.py "$OUT/problems.txt" "$OUT/mb_solutions.txt" > "$OUT/siconos.tsv"
echo "[4/4] table" >&2
/usr/bin/python3 - "$OUT" <<'PY'
import sys
out = sys.argv[1]
rows, checks, overhead = {}, {}, None
for path in (f"{out}/mb.tsv", f"{out}/siconos.tsv"):
    for line in open(path):
        f = line.rstrip("\n").split("\t")
        if f[0] == "RESULT":
            pid, family, nc, solver = int(f[1]), f[2], int(f[3]), f[4]
            rows[(pid, solver)] = dict(family=family, nc=nc, it=int(f[5]), t=float(f[6]),
                                       res=float(f[7]), err=float(f[8]), info=f[-1] if "INFO" in f[-1] else "")
        elif f[0] == "CHECK":
            checks[(int(f[1]), f[2])] = float(f[3])
        elif f[0] == "CALL_OVERHEAD":
            overhead = float(f[1])
solvers = ["mb_newton", "siconos_nsn_ac", "mb_gauss_seidel", "siconos_nsgs"]
ids = sorted({pid for pid, _ in rows})
def us(t):
    return f"{t * 1e6:.1f}" if t < 1e-4 else f"{t * 1e6:.0f}"
print("| family | nc | mb Newton | Siconos NSN-AC | mb Gauss–Seidel | Siconos NSGS |")
print("|---|---:|---:|---:|---:|---:|")
for pid in ids:
    r0 = rows[(pid, "mb_newton")]
    cells = [f"{us(rows[(pid, s)]['t'])} µs ({rows[(pid, s)]['it']}){' ' + rows[(pid, s)]['info'] if rows[(pid, s)]['info'] else ''}" for s in solvers]
    print(f"| {r0['family']} | {r0['nc']} | " + " | ".join(cells) + " |")
print()
print("Residual ‖r − proj_K(r − ũ)‖/(1 + ‖q‖) of each solution, computed by Siconos' fc3d_compute_error "
      "(mb's own certificate in brackets), and max |r − r*|:")
print()
print("| family | nc | mb Newton | Siconos NSN-AC | mb Gauss–Seidel | Siconos NSGS |")
print("|---|---:|---:|---:|---:|---:|")
for pid in ids:
    r0 = rows[(pid, "mb_newton")]
    cells = []
    for s in solvers:
        row = rows[(pid, s)]
        if s.startswith("mb_"):
            cells.append(f"{checks[(pid, s)]:.1e} [{row['res']:.1e}], {row['err']:.0e}")
        else:
            cells.append(f"{row['res']:.1e}, {row['err']:.0e}")
    print(f"| {r0['family']} | {r0['nc']} | " + " | ".join(cells) + " |")
if overhead is not None:
    print(f"\nPython → C call overhead of one siconos.numerics call (included in Siconos' times): {overhead * 1e6:.2f} µs")
PY
