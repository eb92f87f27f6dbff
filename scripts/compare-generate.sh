#!/usr/bin/env bash
# Generation and canonicalization speed, side by side with the `sudoku` crate (AGPL): a peer,
# measured and never kept. No file here builds it; give its measuring program by path:
#   PEER_GEN=PATH   a small program around the crate, built by hand in /tmp (never a dependency of
#                   this project, none of its code in the repository), that answers
#                   `PEER_GEN generate N` with N of the crate's minimal puzzles with no symmetry
#                   (`generate_with_symmetry(Symmetry::None)`), one line each, and
#                   `PEER_GEN canon FILE` with each line's `canonicalized()` form.
#
# usage: PEER_GEN=/tmp/peer-gen/target/release/peer-gen scripts/compare-generate.sh [N]
#                                             (default 5000 puzzles per run)
#   ROUNDS=N   timed runs per program (default 3, median used)
#   DATA=DIR   data sets for the canon timing (default ../shared/data)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-5000}
ROUNDS=${ROUNDS:-3}
DATA=${DATA:-../shared/data}
PEERBIN=${PEER_GEN:-}
if [ -z "$PEERBIN" ] || [ ! -x "$PEERBIN" ]; then
  echo "compare-generate.sh: PEER_GEN is ${PEERBIN:+not an executable: }${PEERBIN:-not set}: the \`sudoku\` crate's" >&2
  echo "  measuring program, built by hand in /tmp (see the top of this script for what it answers)." >&2
  exit 2
fi

cargo build --release --locked --quiet
SUDOKU=target/release/sudoku

# Times are read from bash's own clock (EPOCHREALTIME, in microseconds), so no `date` process
# is started inside the timed span.
usec() { local t=${1/[.,]/}; echo $(( 10#$t )); }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_it() {
  local t0=$EPOCHREALTIME t1
  "$@" > /tmp/compare-generate.out
  t1=$EPOCHREALTIME
  echo $(( ($(usec "$t1") - $(usec "$t0")) * 1000 ))
}
measure() { # label count command...   (prints the report line on stderr, the median ns on stdout)
  local label=$1 count=$2; shift 2
  local times=()
  for ((r = 0; r < ROUNDS; r++)); do times+=("$(time_it "$@")"); done
  local t; t=$(printf '%s\n' "${times[@]}" | median)
  awk -v l="$label" -v n="$count" -v t="$t" 'BEGIN { printf "%-44s %10.1f ms %12.0f puzzles/s\n", l, t/1e6, n/(t/1e9) }' >&2
  echo "$t"
}

echo "machine: $(uname -m), $(nproc) cores; N=$N; rounds=$ROUNDS"
ours1=$(measure "sudoku generate -j1 (minimal, no symmetry)" "$N" "$SUDOKU" generate -n "$N" --seed 1 -j1)
"$SUDOKU" check -q /tmp/compare-generate.out || { echo "FAIL: a generated puzzle is not unique" >&2; exit 1; }
oursj=$(measure "sudoku generate -j$(nproc)" "$N" "$SUDOKU" generate -n "$N" --seed 1)
peer=$(measure "sudoku crate generate_with_symmetry(None)" "$N" "$PEERBIN" generate "$N")
awk -v o="$ours1" -v j="$oursj" -v p="$peer" 'BEGIN {
  printf "\ngenerate, one thread: crate time / our time = %.2fx\n", p/o
  printf "generate, all threads: crate time / our time = %.2fx (threads speed-up %.2fx)\n", p/j, o/j }' 2>/dev/null || true

set17="$DATA/puzzles2_17_clue"
if [ -f "$set17" ]; then
  n=$(grep -c . "$set17")
  c1=$(measure "sudoku canon -j1 (17-clue set)" "$n" "$SUDOKU" canon -j1 "$set17")
  distinct=$(sort -u /tmp/compare-generate.out | wc -l)
  echo "  distinct canonical forms: $distinct of $n"
  cp=$(measure "sudoku crate canonicalized() (17-clue set)" "$n" "$PEERBIN" canon "$set17")
  awk -v o="$c1" -v p="$cp" 'BEGIN { printf "canon: crate time / our time = %.2fx (the crate canonicalizes the solution grid, we the puzzle itself)\n", p/o }'
fi
