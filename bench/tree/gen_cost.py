#!/usr/bin/env python3
"""Generation and compile cost of the benchmark arms arm(n) (bench/tree/README.md).

Every measurement uses a fresh temporary crate holding one `mechanism!` block (arm_block.py) and a
fresh `mbcompile gen` process, run under the symbolica lock and `/usr/bin/time -v` (the lock wait
is not timed). Measured:

  gen N         for every N of --ns, the block with `--dynamics-only` (M, h and C): wall time and
                peak resident set size of `mbcompile gen`, lines of the generated module;
  full N        for every N of --full, the block with all capabilities: the same;
  full+build N  for every N of --build (all capabilities): the same, then the release build of the
                crate (dependencies built beforehand, then `cargo clean -p` of the crate alone, then a
                timed `cargo build --release`): wall time and peak RSS, the largest process of the
                build being rustc compiling the generated module.

Usage: gen_cost.py [--ns 2,3,...] [--full 20] [--build 7] [--tsv]
  --tsv prints one tab-separated line per measurement:
        kind, n, gen wall [s], gen peak RSS [MB], generated lines[, build wall [s], build peak RSS [MB]]
Environment: MBCOMPILE (default: target/bench/release/mbcompile of this repository),
             CARGO_TARGET_DIR (default target/bench, shared with the benchmark crate),
             MB_GEN_TIMEOUT seconds per generation (default 600).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target", "bench"))
MBCOMPILE = os.environ.get("MBCOMPILE", os.path.join(TARGET, "release", "mbcompile"))
LOCK = "/tmp/symbolica.lock"
CRATE = "mb-arm-cost"
DEFAULT_NS = [2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30]


def timed(cmd, cwd=None, env=None, timeout=None):
    """(wall s, peak RSS MB) of cmd under /usr/bin/time -v; raises on failure."""
    p = subprocess.run(["/usr/bin/time", "-v"] + cmd, cwd=cwd, env=env, capture_output=True,
                       text=True, timeout=timeout)
    if p.returncode != 0:
        sys.stderr.write(p.stdout + p.stderr)
        raise RuntimeError(f"`{' '.join(cmd)}` exited with {p.returncode}")
    clock = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", p.stderr).group(1)
    wall = 0.0
    for part in clock.split(":"):
        wall = 60.0 * wall + float(part)
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr).group(1))
    return wall, rss_kb / 1024.0


def write_crate(crate, n, dynamics_only):
    with open(os.path.join(crate, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "{CRATE}"\nversion = "0.1.0"\nedition = "2024"\npublish = false\n\n'
                "[workspace]\n\n[dependencies]\n"
                f'mbmacros = {{ path = "{os.path.join(ROOT, "mbmacros")}" }}\n'
                f'mbruntime = {{ path = "{os.path.join(ROOT, "mbruntime")}" }}\n\n'
                "[profile.release]\ndebug = false\n")
    lock = os.path.join(HERE, "mb", "Cargo.lock")
    if os.path.exists(lock):  # the versions of the benchmark crate, so no resolution is needed
        shutil.copy(lock, os.path.join(crate, "Cargo.lock"))
    os.makedirs(os.path.join(crate, "src"))
    block = subprocess.run([sys.executable, os.path.join(HERE, "arm_block.py"), "--n", str(n)]
                           + (["--dynamics-only"] if dynamics_only else []),
                           check=True, capture_output=True, text=True).stdout
    with open(os.path.join(crate, "src", "lib.rs"), "w") as f:
        f.write(f"//! arm({n}) alone.\n\nuse mbmacros::mechanism;\n\n{block}")


def generated_lines(crate):
    gen = os.path.join(crate, "src", "generated")
    return sum(sum(1 for _ in open(os.path.join(gen, name))) for name in os.listdir(gen))


def build_cost(crate):
    """(wall s, peak RSS MB) of the release build of the crate alone, dependencies already built."""
    env = dict(os.environ, CARGO_TARGET_DIR=TARGET)
    cargo = ["cargo", "build", "--release", "-q"]
    subprocess.run(cargo, cwd=crate, env=env, check=True)  # dependencies (and a first build)
    subprocess.run(["cargo", "clean", "--release", "-q", "-p", CRATE], cwd=crate, env=env,
                   check=True)
    return timed(cargo, cwd=crate, env=env)


def measure(n, dynamics_only, build, timeout):
    with tempfile.TemporaryDirectory(prefix=f"mb-arm{n}-cost-") as crate:
        write_crate(crate, n, dynamics_only)
        env = dict(os.environ, SYMBOLICA_HIDE_BANNER="1")
        wall, rss = timed(["flock", LOCK, MBCOMPILE, "gen", crate], env=env, timeout=timeout)
        row = [wall, rss, generated_lines(crate)]
        if build:
            row += list(build_cost(crate))
        return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ints = lambda s: [int(x) for x in s.split(",") if x]  # noqa: E731
    parser.add_argument("--ns", type=ints, default=DEFAULT_NS, help="dynamics-only sizes")
    parser.add_argument("--full", type=ints, default=[20], help="all-capability sizes, gen only")
    parser.add_argument("--build", type=ints, default=[7], help="all-capability sizes, gen + build")
    parser.add_argument("--tsv", action="store_true")
    args = parser.parse_args()
    timeout = float(os.environ.get("MB_GEN_TIMEOUT", "600"))
    runs = ([("gen", n, True, False) for n in args.ns] + [("full", n, False, False) for n in args.full]
            + [("full+build", n, False, True) for n in args.build])
    if not args.tsv:
        print("| kind | n | gen wall [s] | gen peak RSS [MB] | generated lines | build wall [s] | build peak RSS [MB] |")
        print("|---|---:|---:|---:|---:|---:|---:|")
    for kind, n, dynamics_only, build in runs:
        try:
            row = measure(n, dynamics_only, build, timeout)
        except (RuntimeError, subprocess.SubprocessError) as e:
            sys.stderr.write(f"{kind} {n}: {e}\n")
            row = None
        if args.tsv:
            cells = ["failed"] if row is None else [f"{row[0]:.2f}", f"{row[1]:.0f}", str(row[2])] + \
                [f"{x:.1f}" if k == 0 else f"{x:.0f}" for k, x in enumerate(row[3:])]
            print("\t".join([kind, str(n)] + cells), flush=True)
        else:
            cells = ["failed"] * 5 if row is None else [f"{row[0]:.2f}", f"{row[1]:.0f}", str(row[2])] + \
                ([f"{row[3]:.1f}", f"{row[4]:.0f}"] if build else ["-", "-"])
            print(f"| {kind} | {n} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
