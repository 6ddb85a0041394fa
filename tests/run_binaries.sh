#!/usr/bin/env bash
# Runs the test binaries of a `cargo test --no-run --message-format=json…` build (its messages in
# file $1), each from its package's directory as `cargo test` runs them, all of them even after a
# failure; exits non-zero if any failed. tests/run.sh runs the runtime's tests this way, in the
# background, while the compiler and its tests build.
set -uo pipefail
binaries=$(python3 - "$1" <<'PY'
import json, os, sys
for line in open(sys.argv[1]):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("profile", {}).get("test") and m.get("executable"):
        print(os.path.dirname(m["manifest_path"]) + "\t" + m["executable"])
PY
) || exit 1
# As cargo test does: the toolchain's shared libraries (a proc-macro crate's test binary links
# libstd dynamically) and the target's dependency directory on the library path.
deps_dir=$(python3 - "$1" <<'PY'
import json, os, sys
for line in open(sys.argv[1]):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") == "compiler-artifact" and m.get("executable"):
        print(os.path.dirname(m["executable"]))
        break
PY
)
export LD_LIBRARY_PATH="$(rustc --print target-libdir):${deps_dir}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
status=0
count=0
while IFS=$'\t' read -r dir exe; do
  [ -n "$exe" ] || continue
  count=$((count + 1))
  echo "     Running ${exe#"$PWD"/}"
  if ! (cd "$dir" && "$exe"); then
    echo "FAILED: $exe"
    status=1
  fi
done <<< "$binaries"
if [ "$count" -eq 0 ]; then
  echo "no test binaries found in $1"
  exit 1
fi
exit $status
