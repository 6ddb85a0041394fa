#!/usr/bin/env bash
# mbcompile versus SymPy on the planar n-link pendulum (bench/chain_model.py); not part of CI.
#
# 1. bench/gen_scaling.py: `mbcompile gen` wall time / peak RSS / derivation vs code-generation split
#    for n = 2 … 64 (fresh process per n, under the symbolica lock).
# 2. bench/chain: setup.sh (re-)generates the n = 2, 4, 8, 10 chains, then the criterion bench
#    `dynamics` gives mb's ns/call of `dynamics` (M and h), and examples/dump prints M, h at a fixed state.
# 3. bench/sympy/chain_sympy.py: SymPy LagrangesMethod derivation + cse (n ≤ 20, 300 s limit per n),
#    C emission compiled with gcc -O3, its ns/call, and the check of its M, f against mb's M, h.
# 4. One table. Readings of the targets:
#    - generation: speed-up = (SymPy derive + cse) / (mb gen wall time of the whole process, which also
#      derives and emits Coriolis, rates, Hessians, …); target ≥ 100 at n = 12;
#    - mb gen at n = 64: wall time < 30 s;
#    - runtime: ratio = t_mb / t_C (ns/call); target "mb no slower than 0.6× SymPy-C's speed", i.e.
#      speed_mb ≥ 0.6 speed_C ⇔ t_mb ≤ t_C / 0.6 ⇔ ratio ≤ 1.667 at n = 8.
#
# Usage: bench/compare_chain.sh   (CARGO_TARGET_DIR defaults to target/bench of the clone; the compiler is
# built there in the release profile and used for the generation timings)
set -euo pipefail
cd "$(dirname "$0")"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$(cd .. && pwd)/target/bench}"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

echo "[0/3] building the compiler (release profile)" >&2
cargo build --release -q --manifest-path ../Cargo.toml -p mbcompile --bin mbcompile
export MBCOMPILE="$CARGO_TARGET_DIR/release/mbcompile"

echo "[1/3] mbcompile gen scaling" >&2
python3 gen_scaling.py --tsv 2 4 8 10 12 16 20 32 64 | tee "$OUT/gen.tsv" >&2

echo "[2/3] mb dynamics (criterion)" >&2
chain/setup.sh >&2
(cd chain && cargo build --release -q --example dump && cargo bench -q --bench dynamics -- --noplot) \
    | tee "$OUT/criterion.txt" >&2

echo "[3/3] SymPy derivation + cse, SymPy-C timing" >&2
python3 sympy/chain_sympy.py --tsv --ns 2,4,8,10,12,16,20 --run-ns 2,4,8,10 --timeout 300 \
    --dump "$CARGO_TARGET_DIR/release/examples/dump" | tee "$OUT/sympy.tsv" >&2

python3 - "$OUT" <<'EOF'
import re, sys
out = sys.argv[1]
gen = {}
for line in open(f"{out}/gen.tsv"):
    f = line.split()
    gen[int(f[0])] = f[1:]
sym = {}
for line in open(f"{out}/sympy.tsv"):
    f = line.split("\t")
    sym[int(f[0])] = [x.strip() for x in f[1:]]
crit = {}
scale = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6}
text = open(f"{out}/criterion.txt").read()
for m in re.finditer(r"dynamics/chain(\d+)\s+time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", text):
    crit[int(m.group(1))] = float(m.group(2)) * scale[m.group(3)]

def num(x):
    try:
        return float(x)
    except (TypeError, ValueError):
        return None

print("| n | mb gen wall [s] | mb derivation / codegen [s] | mb peak RSS [MB] | SymPy derive + cse [s] "
      "| speed-up SymPy/mb | mb dynamics [ns/call] | SymPy-C -O3 [ns/call] | t_mb / t_C | max rel diff M,h |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for n in sorted(set(gen) | set(sym) | set(crit)):
    g = gen.get(n)
    if g and len(g) >= 6:
        wall, rss, der, cg = g[0], g[1], g[2], g[3]
        gen_cells = [wall, f"{der} / {cg}", rss]
    else:
        wall = g[0] if g else "-"
        gen_cells = [wall, "-", "-"]
    s = sym.get(n)
    if s is None:
        sym_cell, speed = ("-" if n <= 20 else "not run (n > 20)"), "-"
    elif s[0] in ("timeout", "error"):
        sym_cell, speed = s[0], "-"
    else:
        total = float(s[0]) + float(s[1])
        sym_cell = f"{total:.2f} ({s[0]} + {s[1]})"
        speed = f"{total / float(wall):.0f}×" if num(wall) else "-"
    mb_ns = crit.get(n)
    c_ns = num(s[3]) if s and len(s) > 3 else None
    ratio = f"{mb_ns / c_ns:.2f}" if mb_ns and c_ns else "-"
    diff = s[4] if s and len(s) > 4 else "-"
    print(f"| {n} | " + " | ".join(gen_cells + [sym_cell, speed, f"{mb_ns:.1f}" if mb_ns else "-",
                                              f"{c_ns:.1f}" if c_ns else "-", ratio, diff]) + " |")
EOF
