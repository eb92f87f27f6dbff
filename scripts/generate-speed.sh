#!/usr/bin/env bash
# Puzzles per second of `sudoku generate` to order: one run per ER band, and one for the heart
# pattern in patterns/heart.txt, each on one thread (-j1) and on every core, with the acceptance
# rate (candidates kept / candidates tried). The output is the README's table.
#
# usage: scripts/generate-speed.sh        N=puzzles per request (default 100), SEED (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-100}
SEED=${SEED:-1}
cargo build --release --locked --quiet
S=target/release/sudoku
CORES=$(nproc)
echo "| request | puzzles | candidates tried | accepted | puzzles/s, -j1 | puzzles/s, -j$CORES |"
echo "|---|---:|---:|---:|---:|---:|"
run() {
    local label=$1; shift
    local one all
    one=$("$S" generate -n "$N" --seed "$SEED" -j1 -q --stats=json "$@" 2>&1 >/dev/null | tail -1)
    all=$("$S" generate -n "$N" --seed "$SEED" -j"$CORES" -q --stats=json "$@" 2>&1 >/dev/null | tail -1)
    python3 - "$label" "$one" "$all" <<'PY'
import json, sys
label, one, all_ = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
tried = one.get("candidates", one["puzzles"])
print(f"| {label} | {one['puzzles']} | {tried} | {100.0 * one['puzzles'] / max(tried, 1):.2f}% "
      f"| {one['puzzles_per_second']:.1f} | {all_['puzzles_per_second']:.1f} |")
PY
}
run "any (no rating)"
run "--rating 1.0..2.0" --rating 1.0..2.0
run "--rating 2.0..4.0" --rating 2.0..4.0
run "--rating 4.0..6.0" --rating 4.0..6.0
run "--rating 6.0..8.0" --rating 6.0..8.0
run "--rating 8.0.." --rating 8.0..
run "--pattern patterns/heart.txt" --pattern patterns/heart.txt
echo
echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $CORES cores; N=$N, seed $SEED"
