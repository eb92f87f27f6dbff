#!/usr/bin/env bash
# Opens what `explain -f html` and `hint -f svg` write in a real browser (headless Chromium) and
# checks what it shows: a screenshot that is not blank, a DOM that keeps one picture per step,
# and a printout (Chromium's own print to PDF, rasterised by pdftoppm) with a page per step.
#
#   scripts/browser-check.sh SUDOKU [OUTDIR]
#
# SUDOKU is the binary to check; the pictures, screenshots and printouts stay in OUTDIR (a new
# temporary directory by default). Needs chromium and pdftoppm (Debian: chromium,
# poppler-utils); .ci/run installs them. Exits 1 on the first failed check.
set -euo pipefail

bin=${1:?usage: scripts/browser-check.sh SUDOKU [OUTDIR]}
out=${2:-$(mktemp -d)}
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)

chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ] || ! command -v pdftoppm >/dev/null; then
  echo "browser-check: needs chromium and pdftoppm (apt-get install chromium poppler-utils)" >&2
  exit 1
fi

fail() {
  echo "browser-check: FAILED: $*" >&2
  exit 1
}

# Headless, no sandbox (CI runs as root), a profile of its own, nothing fetched.
browse() {
  timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --no-first-run --disable-extensions --disable-background-networking \
    --user-data-dir="$out/profile" "$@" 2>/dev/null
}

# The share of dark pixels (per mille) on page 1 of a PDF, rasterised in grey.
ink() {
  pdftoppm -r 20 -gray -f 1 -l 1 -singlefile "$1" "$out/raster"
  local header
  header=$(head -n 3 "$out/raster.pgm" | wc -c)
  tail -c +"$((header + 1))" "$out/raster.pgm" | od -An -v -tu1 |
    awk '{ for (i = 1; i <= NF; i++) { n++; if ($i < 160) dark++ } } END { print int(1000 * dark / n) }'
}

# The explanation: one section, one picture per step, and the solved grid.
"$bin" explain -f html "$root/puzzles/leetcode.txt" >"$out/steps.html"
steps=$("$bin" explain "$root/puzzles/leetcode.txt" | grep -c '   (')
browse --window-size=1000,1400 --screenshot="$out/steps.png" "file://$out/steps.html" >/dev/null
[ -s "$out/steps.png" ] || fail "no screenshot of the explain page"
browse --dump-dom "file://$out/steps.html" >"$out/steps.dom"
sections=$(grep -o '<section class="step">' "$out/steps.dom" | wc -l)
pictures=$(grep -o '<svg' "$out/steps.dom" | wc -l)
[ "$sections" -eq "$steps" ] || fail "explain page: $sections step sections in the DOM, $steps steps"
[ "$pictures" -eq "$((steps + 1))" ] || fail "explain page: $pictures pictures in the DOM, $steps steps and the end"
browse --no-pdf-header-footer --print-to-pdf="$out/steps.pdf" "file://$out/steps.html" >/dev/null
pages=$(pdfinfo "$out/steps.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }' || true)
if [ -n "$pages" ]; then
  [ "$pages" -ge "$steps" ] || fail "explain page prints on $pages pages for $steps steps"
fi
dark=$(ink "$out/steps.pdf")
[ "$dark" -ge 5 ] || fail "explain page prints blank ($dark per mille dark)"
echo "browser-check: explain page: $steps steps, $sections sections, $pictures pictures, ${pages:-?} printed pages, $dark per mille ink"

# A hint on a pencilmark grid: its candidates and the step, as one SVG.
grep -m1 -E '^[0-9.]{729}$' "$root/puzzles/pencilmarks.txt" >"$out/pencilmarks.txt"
"$bin" hint -f svg "$out/pencilmarks.txt" >"$out/hint.svg"
browse --window-size=560,600 --screenshot="$out/hint.png" "file://$out/hint.svg" >/dev/null
[ -s "$out/hint.png" ] || fail "no screenshot of the hint"
browse --dump-dom "file://$out/hint.svg" >"$out/hint.dom"
grep -q '<svg' "$out/hint.dom" || fail "hint: no picture in the DOM"
candidates=$(grep -o 'class="cand' "$out/hint.dom" | wc -l)
[ "$candidates" -gt 0 ] || fail "hint: no candidates drawn"
browse --no-pdf-header-footer --print-to-pdf="$out/hint.pdf" "file://$out/hint.svg" >/dev/null
dark=$(ink "$out/hint.pdf")
[ "$dark" -ge 5 ] || fail "hint prints blank ($dark per mille dark)"
echo "browser-check: hint picture: $candidates candidates, $dark per mille ink"
echo "browser-check: ok ($out)"
