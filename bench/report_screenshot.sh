#!/usr/bin/env bash
# The HTML equations report (`mbcompile print --format html`) in a headless browser; not part of
# CI.
#
# 1. Installs Debian's chromium and libjs-katex with apt-get when either is missing.
# 2. Writes the HTML report of an example mechanism (default DoublePendulum) with KaTeX taken
#    from libjs-katex (`--katex file:///usr/share/javascript/katex`).
# 3. Runs headless Chromium twice on it: a screenshot of the first screen, kept in
#    bench/results/report_<Model>.png, and the DOM after the page's scripts ran (--dump-dom).
# 4. Checks the DOM: as many equations typeset (`equation typeset`, each holding a
#    `katex-display`) as the page has equations, and no element marked `katex-error`.
# 5. Checks the fallback: the same report with KaTeX at a directory that does not exist keeps
#    every equation's text form and shows the notice that KaTeX could not be loaded.
#
# Exit status: 0 when every check passes, 1 otherwise.
#
# Usage: bench/report_screenshot.sh [Model [more `mbcompile print` options, e.g. --jacobians]]
#   MB_SCREENSHOT_SIZE  window size of the screenshot, default 1200,1150
# The report derives the model with the symbolic engine: on a machine where only one process may
# run it at a time, run this script under the same lock as the other generator commands.
set -euo pipefail
cd "$(dirname "$0")"
REPO="$(cd .. && pwd)"
MODEL="${1:-DoublePendulum}"
shift || true
KATEX_DIR=/usr/share/javascript/katex
SIZE="${MB_SCREENSHOT_SIZE:-1200,1150}"
RESULTS="$REPO/bench/results"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

missing=()
command -v chromium >/dev/null || missing+=(chromium)
[ -f "$KATEX_DIR/katex.min.js" ] || missing+=(libjs-katex)
if [ ${#missing[@]} -gt 0 ]; then
    echo "[1/5] installing ${missing[*]}" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
else
    echo "[1/5] chromium and libjs-katex present" >&2
fi

echo "[2/5] HTML report of $MODEL" >&2
print_report() {
    (cd "$REPO" && cargo run --release -q -p mbcompile -- print examples --model "$MODEL" \
        --format html --katex "$1" "${@:2}")
}
print_report "file://$KATEX_DIR" "$@" > "$OUT/report.html"
print_report "file://$OUT/no-katex-here" "$@" > "$OUT/fallback.html"

CHROMIUM=(chromium --headless --disable-gpu --hide-scrollbars --allow-file-access-from-files
    --no-first-run --user-data-dir="$OUT/profile")
[ "$(id -u)" -ne 0 ] || CHROMIUM+=(--no-sandbox)

echo "[3/5] headless Chromium" >&2
mkdir -p "$RESULTS"
PNG="$RESULTS/report_$MODEL.png"
"${CHROMIUM[@]}" --window-size="$SIZE" --screenshot="$PNG" "file://$OUT/report.html" 2>/dev/null
"${CHROMIUM[@]}" --window-size="$SIZE" --dump-dom "file://$OUT/report.html" 2>/dev/null \
    > "$OUT/report.dom"
"${CHROMIUM[@]}" --dump-dom "file://$OUT/fallback.html" 2>/dev/null > "$OUT/fallback.dom"

count() { { grep -o -- "$1" "$2" || true; } | wc -l; }
equations=$(count 'class="equation"' "$OUT/report.html")
typeset=$(count 'class="equation typeset"' "$OUT/report.dom")
displays=$(count 'class="katex-display"' "$OUT/report.dom")
errors=$(count 'class="[^"]*katex-error' "$OUT/report.dom")
echo "[4/5] $equations equations, $typeset typeset, $displays KaTeX displays, $errors errors" >&2
status=0
if [ "$equations" -eq 0 ] || [ "$typeset" -ne "$equations" ] || [ "$displays" -ne "$equations" ] \
    || [ "$errors" -ne 0 ]; then
    echo "FAIL: not every equation was typeset by KaTeX" >&2
    status=1
fi

texts=$(count '<code class="text">' "$OUT/fallback.dom")
untypeset=$(count 'class="equation"' "$OUT/fallback.dom")
notice=$(count '<p id="katex-missing" class="notice">' "$OUT/fallback.dom")
echo "[5/5] without KaTeX: $untypeset equations in text form ($texts), notice shown: $notice" >&2
if [ "$texts" -ne "$equations" ] || [ "$untypeset" -ne "$equations" ] || [ "$notice" -ne 1 ]; then
    echo "FAIL: the text fallback is incomplete" >&2
    status=1
fi
echo "screenshot: ${PNG#"$REPO"/} ($(wc -c < "$PNG") bytes)" >&2
exit $status
