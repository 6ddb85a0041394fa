#!/usr/bin/env python3
"""Runs the test binaries of a `cargo test --no-run --message-format=json…` build.

    python3 tests/run_binaries.py <messages.json> [--jobs N] [--only DIR | --skip DIR]
                                  [--until FILE] [-- <arguments of every binary>]

Each binary runs from its package's directory, as `cargo test` runs it, with the toolchain's
shared libraries and the build's dependency directory on the library path (a proc-macro crate's
test binary links libstd dynamically). Up to N binaries run at once (default 1); the output of
each is printed whole when it ends, so outputs never interleave. Every binary runs even after a
failure; the exit status is non-zero if any failed or if the messages name no test binary.

`--only DIR` runs the binaries of the package in directory DIR (its last component, e.g.
`mbcompile`) and `--skip DIR` all others; benchmark targets (built by `--benches` so that
their code is linted) never run. `--until FILE` follows a build still writing the messages: each
binary runs as soon as the build reports it, and the messages end when FILE exists (the build's
exit status, which the caller writes) and everything before it has been read. tests/run.sh runs
the runtime's tests this way while the rest builds.
"""

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor


def message_lines(path, until):
    """The lines of `path`; with `until`, also those written later, until that file exists."""
    with open(path) as lines:
        if until is None:
            yield from lines
            return
        pending = ""
        while True:
            finished = os.path.exists(until)
            line = lines.readline()
            while line:
                pending += line
                if pending.endswith("\n"):
                    yield pending
                    pending = ""
                line = lines.readline()
            if finished:
                if pending:
                    yield pending
                return
            time.sleep(0.5)


def binaries(lines, keep):
    """(package directory, executable) of every test binary in the messages `lines` whose
    package directory's last component passes `keep`, as they come."""
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
                yield directory, m["executable"]


def take_option(argv, flag):
    """Removes `flag VALUE` from argv and returns VALUE (None when absent)."""
    if flag not in argv:
        return None
    k = argv.index(flag)
    value = argv[k + 1]
    del argv[k : k + 2]
    return value


def package_filter(argv):
    """The package filter of `--only DIR` / `--skip DIR` (every package without them)."""
    only, skip = take_option(argv, "--only"), take_option(argv, "--skip")
    if only is not None:
        return lambda package: package == only
    if skip is not None:
        return lambda package: package != skip
    return lambda package: True


def runner(extra, cwd):
    """A function running one (directory, executable) pair and printing its whole output, with
    when it started (seconds since the runner started) and how long it ran."""
    started = time.monotonic()
    libdir = subprocess.run(
        ["rustc", "--print", "target-libdir"], capture_output=True, text=True, check=True
    ).stdout.strip()

    def run(test):
        directory, exe = test
        env = dict(os.environ)
        paths = [libdir, os.path.dirname(exe), env.get("LD_LIBRARY_PATH", "")]
        env["LD_LIBRARY_PATH"] = ":".join(p for p in paths if p)
        begun = time.monotonic()
        done = subprocess.run(
            [exe, *extra], cwd=directory, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        shown = os.path.relpath(exe, cwd)
        output = done.stdout.decode(errors="replace")
        failed = f"FAILED: {shown}\n" if done.returncode != 0 else ""
        ended = time.monotonic()
        timing = f"at {begun - started:.0f} s, for {ended - begun:.1f} s"
        sys.stdout.write(f"     Running {shown} ({timing})\n{output}{failed}")
        sys.stdout.flush()
        return done.returncode == 0

    return run


def main(argv):
    if "--" in argv:
        split = argv.index("--")
        argv, extra = argv[:split], argv[split + 1 :]
    else:
        extra = []
    jobs = int(take_option(argv, "--jobs") or 1)
    until = take_option(argv, "--until")
    keep = package_filter(argv)
    if len(argv) != 1:
        sys.exit(__doc__)
    run = runner(extra, os.getcwd())
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run, test) for test in binaries(message_lines(argv[0], until), keep)]
        passed = [f.result() for f in futures]
    if not passed:
        print(f"no test binaries found in {argv[0]}")
        return 1
    if until is not None and open(until).read().strip() != "0":
        print("the build failed: the tests of the binaries it wrote ran, the others did not")
        return 1
    return 0 if all(passed) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
