#!/usr/bin/env python3
"""Runs the test binaries of a `cargo test --no-run --message-format=json…` build.

    python3 tests/run_binaries.py <messages.json> [--jobs N] [--only DIR | --skip DIR]
                                  [-- <arguments of every binary>]

Each binary runs from its package's directory, as `cargo test` runs it, with the toolchain's
shared libraries and the build's dependency directory on the library path (a proc-macro crate's
test binary links libstd dynamically). Up to N binaries run at once (default 1); the output of
each is printed whole when it ends, so outputs never interleave. Every binary runs even after a
failure; the exit status is non-zero if any failed or if the messages name no test binary.
`--only DIR` runs the binaries of the package in directory DIR (its last component, e.g.
`mbcompile`) and `--skip DIR` all others; benchmark targets (built by `--all-targets` so that
their code is linted) never run. tests/run.sh runs the compiler's and the runtime's tests this
way, side by side.
"""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def binaries(messages, keep):
    """(package directory, executable) of every test binary the build wrote whose package
    directory's last component passes `keep`."""
    found = []
    with open(messages) as lines:
        for line in lines:
            try:
                m = json.loads(line)
            except ValueError:
                continue
            if (
                m.get("reason") == "compiler-artifact"
                and m.get("profile", {}).get("test")
                and m.get("executable")
                and "bench" not in m.get("target", {}).get("kind", [])
            ):
                directory = os.path.dirname(m["manifest_path"])
                if keep(os.path.basename(directory)):
                    found.append((directory, m["executable"]))
    return found


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1 :]
    else:
        extra = []
    jobs = 1
    if "--jobs" in argv:
        k = argv.index("--jobs")
        jobs = int(argv[k + 1])
        del argv[k : k + 2]
    keep = lambda package: True
    if "--only" in argv or "--skip" in argv:
        flag = "--only" if "--only" in argv else "--skip"
        k = argv.index(flag)
        chosen = argv[k + 1]
        del argv[k : k + 2]
        if flag == "--only":
            keep = lambda package: package == chosen
        else:
            keep = lambda package: package != chosen
    if len(argv) != 1:
        sys.exit(__doc__)
    tests = binaries(argv[0], keep)
    if not tests:
        print(f"no test binaries found in {argv[0]}")
        return 1
    libdir = subprocess.run(
        ["rustc", "--print", "target-libdir"], capture_output=True, text=True, check=True
    ).stdout.strip()
    env = dict(os.environ)
    paths = [libdir, os.path.dirname(tests[0][1]), env.get("LD_LIBRARY_PATH", "")]
    env["LD_LIBRARY_PATH"] = ":".join(p for p in paths if p)
    cwd = os.getcwd()

    def run(test):
        directory, exe = test
        done = subprocess.run(
            [exe, *extra], cwd=directory, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        shown = os.path.relpath(exe, cwd)
        output = done.stdout.decode(errors="replace")
        failed = f"FAILED: {shown}\n" if done.returncode != 0 else ""
        sys.stdout.write(f"     Running {shown}\n{output}{failed}")
        sys.stdout.flush()
        return done.returncode == 0

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        passed = list(pool.map(run, tests))
    return 0 if all(passed) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
