#!/usr/bin/env bash
# mb's linearisation versus SymPy's linearizer on the planar n-link pendulum (bench/chain_model.py),
# n = 4, 8, 12, about the operating point th_i = 0.1 i rad, th'_i = 0 (not an equilibrium); not part of CI.
#
# 1. mb generation: per n a fresh temporary crate holding that one chain, `mbcompile gen` (release
#    build) under the symbolica lock and /usr/bin/time (10 ms resolution): wall and CPU (user +
#    system) time of the whole process, median of MB_GEN_RUNS fresh processes (which derives and emits dynamics, Jacobians, rates, Hessians, …). The module is
#    copied into bench/linearisation/src/generated/ (src/lib.rs is rewritten from chain_model.py).
# 2. mb linearisation: bench/linearisation's `linearise N` (release), CPU time of the first
#    `Linearisation::at` call of the process (and the median of repeated calls), and A.
# 3. SymPy: bench/sympy/linearize_chain.py — LagrangesMethod derivation + `linearize(…, A_and_B=True)`
#    at the same point (parameters and q̈* in the operating point) + conversion of A to floats, CPU
#    time of a fresh worker per n, killed after MB_SYMPY_TIMEOUT seconds (default 600).
# 4. One table: SymPy CPU time, mb gen CPU time, mb first-call CPU time, speed-up =
#    SymPy / (mb gen + mb linearisation) in CPU time (target ≥ 100× at n = 8; CPU time because the
#    machine is shared: a short process under load waits for a core), the same ratio in wall time,
#    and the max relative difference of the two A matrices, max_ij |A_mb − A_SymPy| / max(|A_SymPy,ij|, 1) (target ≤ 1e-12).
#    Compiling the generated Rust (rustc) is not counted in mb's time; its wall time is printed apart.
#
# Usage: bench/compare_linearisation.sh   (CARGO_TARGET_DIR defaults to target/bench of the clone;
# MB_SYMPY_TIMEOUT seconds per n for SymPy, MB_LIN_NS the sizes, default "4 8 12"; MB_GEN_RUNS fresh
# `mbcompile gen` processes per n, default 3, the median CPU time is used; MB_LIN_KEEP a directory
# that receives the raw outputs: the A matrices, the /usr/bin/time lines, SymPy's times)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd .. && pwd)/target/bench}"
export SYMBOLICA_HIDE_BANNER=1
NS="${MB_LIN_NS:-4 8 12}"
SYMPY_TIMEOUT="${MB_SYMPY_TIMEOUT:-600}"
GEN_RUNS="${MB_GEN_RUNS:-3}"
OUT="$(mktemp -d)"
trap 'if [ -n "${MB_LIN_KEEP:-}" ]; then mkdir -p "$MB_LIN_KEEP" && cp -r "$OUT"/. "$MB_LIN_KEEP"/; fi; rm -rf "$OUT"' EXIT

echo "[0/4] building the compiler (release profile)" >&2
cargo build --release -q --manifest-path ../Cargo.toml -p mbcompile --bin mbcompile
MBCOMPILE="$CARGO_TARGET_DIR/release/mbcompile"

echo "[1/4] mbcompile gen per n" >&2
{
    echo "//! Planar n-link pendulums (point masses at the link ends, absolute angles) for n = 4, 8, 12,"
    echo "//! written by \`bench/compare_linearisation.sh\` from \`bench/chain_model.py\`: the models linearised"
    echo "//! by the \`linearise\` binary. Masses m_i = 1 − 0.3 i/n, lengths l_i = 1 − 0.2 i/n, g = 9.81;"
    echo "//! T = Σ ½ m_i |v_i|², V = g Σ m_i y_i. The generated modules are not kept in the repository."
    echo
    echo "use mbmacros::mechanism;"
    for n in 4 8 12; do
        echo
        python3 chain_model.py "$n" | grep -v '^use mbmacros::mechanism;' | sed '/^$/d'
    done
} > linearisation/src/lib.rs
mkdir -p linearisation/src/generated
for n in $NS; do
    crate="$OUT/chain$n"
    mkdir -p "$crate/src"
    printf '[package]\nname = "mb-chain%s-lin"\nversion = "0.1.0"\nedition = "2024"\n' "$n" > "$crate/Cargo.toml"
    python3 chain_model.py "$n" > "$crate/src/lib.rs"
    for run in $(seq "$GEN_RUNS"); do
        rm -rf "$crate/src/generated"
        flock /tmp/symbolica.lock /usr/bin/time -f "TIME %e %U %S %M" -o "$OUT/gen$n.$run.time" \
            "$MBCOMPILE" gen "$crate" > /dev/null
        echo "  n = $n, run $run: $(grep ^TIME "$OUT/gen$n.$run.time")" >&2
    done
    cp "$crate/src/generated/chain$n.rs" linearisation/src/generated/
done

echo "[2/4] mb linearisation" >&2
build_start=$(date +%s.%N)
cargo build --release -q --manifest-path linearisation/Cargo.toml --bin linearise
build_end=$(date +%s.%N)
for n in $NS; do
    "$CARGO_TARGET_DIR/release/linearise" "$n" > "$OUT/mb$n.txt"
done

echo "[3/4] SymPy derivation + linearize + evaluation (timeout ${SYMPY_TIMEOUT} s per n)" >&2
python3 sympy/linearize_chain.py --ns "$(echo $NS | tr ' ' ,)" --timeout "$SYMPY_TIMEOUT" --out "$OUT" \
    | tee "$OUT/sympy.tsv" >&2

echo "[4/4] table" >&2
python3 - "$OUT" "$NS" "$build_start" "$build_end" <<'EOF'
import glob
import statistics
import sys
out, ns = sys.argv[1], [int(x) for x in sys.argv[2].split()]
build = float(sys.argv[4]) - float(sys.argv[3])

def matrix(path, prefix=""):
    rows = []
    for line in open(path):
        if line.startswith(prefix):
            rows.append([float(x) for x in line[len(prefix):].split()])
    return rows

sym = {}
for line in open(f"{out}/sympy.tsv"):
    f = line.rstrip("\n").split("\t")
    sym[int(f[0])] = f[1:]
print("| n | SymPy derive + linearize + evaluate, CPU [s] (wall) | mb gen, CPU [s] (wall) "
      "| mb `Linearisation::at`, CPU [µs] first call (median) | speed-up SymPy / mb (CPU) "
      "| speed-up (wall) | max rel. diff of A | |ÿ*|∞ at the point |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|")
for n in ns:
    runs = []
    for path in sorted(glob.glob(f"{out}/gen{n}.*.time")):
        line = next(l for l in open(path) if l.startswith("TIME "))
        wall_s, user, system = (float(x) for x in line.split()[1:4])
        runs.append((user + system, wall_s))
    gen_cpu, gen_wall = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    fields = {}
    for line in open(f"{out}/mb{n}.txt"):
        k, _, v = line.partition(" ")
        fields.setdefault(k, v.strip())
    if fields["INDEPENDENT"].split() != [str(i) for i in range(n)]:
        raise SystemExit(f"n = {n}: unexpected independent coordinates {fields['INDEPENDENT']}")
    lin_first, lin_median = float(fields["CPU_FIRST"]), float(fields["CPU_MEDIAN"])
    a_mb = matrix(f"{out}/mb{n}.txt", "A ")
    s = sym.get(n, ["error"])
    if s[0] == "ok":
        sym_cpu, sym_wall = float(s[4]), float(s[5])
        sym_cell = f"{sym_cpu:.2f} ({s[1]} + {s[2]} + {s[3]}) ({sym_wall:.1f})"
        speed = f"{sym_cpu / (gen_cpu + lin_first):.0f}×"
        speed_wall = f"{sym_wall / (gen_wall + lin_first):.0f}×"
        a_sym = matrix(f"{out}/sympy_A{n}.txt")
        diff = max(abs(x - y) / max(abs(y), 1.0) for rm, rs in zip(a_mb, a_sym) for x, y in zip(rm, rs))
        diff_cell = f"{diff:.1e}"
    elif s[0] == "timeout":
        killed_cpu = float(s[4].lstrip("> "))
        sym_cell = f"timeout: killed after {s[5].lstrip('> ')} s wall, {killed_cpu:.0f} s CPU"
        speed, diff_cell = f"> {killed_cpu / (gen_cpu + lin_first):.0f}×", "-"
        speed_wall = f"> {float(s[5].lstrip('> ')) / (gen_wall + lin_first):.0f}×"
    else:
        sym_cell, speed, speed_wall, diff_cell = "error", "-", "-", "-"
    print(f"| {n} | {sym_cell} | {gen_cpu:.2f} ({gen_wall:.2f}) | {lin_first * 1e6:.0f} ({lin_median * 1e6:.1f}) "
          f"| {speed} | {speed_wall} | {diff_cell} | {float(fields['RESIDUAL']):.2f} |")
print(f"\nrustc of bench/linearisation (release, the generated modules of n = {', '.join(map(str, ns))}): "
      f"{build:.0f} s wall (not counted above)")
EOF
