#!/usr/bin/env bash
# Times the whole `sudoku` program against peer-bench (the `sudoku` crate, a JCZSolve port) on
# every standard set, alternating the two, and prints peer time / our time (>1: we are faster).
# Then checks every solution of every set with an independent checker (scripts/verify.py).
#
# usage: scripts/compare.sh [DATA_DIR]        (default ../shared/data)
#   ROUNDS=N    timed runs of each program per set and mode (default 5; the median is used)
#   SETS="..."  only these set files (default: every puzzles* file in DATA_DIR)
#   MODES="solve unique"   which comparisons to run; add "threads" for -j1 against -j$(nproc)
#
# solve : `peer-bench solve FILE`  vs  `sudoku solve -f line -j1 FILE`
# unique: `peer-bench unique FILE` vs  `sudoku check -j1 FILE`
# threads: `sudoku solve -f line -j1 FILE` vs `sudoku solve -f line -j$(nproc) FILE` (the ratio is
#          the speed-up of all cores over one; its output is also compared byte for byte)
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
ROUNDS=${ROUNDS:-5}
MODES=${MODES:-"solve unique"}
PEER_DIR=${PEER_DIR:-../shared/peer-bench}
PEER_TARGET=${PEER_TARGET:-/tmp/peer-bench}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

cargo build --release --locked --quiet
SUDOKU=target/release/sudoku
cargo build --release --quiet --manifest-path "$PEER_DIR/Cargo.toml" --target-dir "$PEER_TARGET"
PEER="$PEER_TARGET/release/peer-bench"

# Times are read from bash's own clock (EPOCHREALTIME, in microseconds), so no `date` process
# is started inside the timed span.
usec() { local t=${1/[.,]/}; echo $(( 10#$t )); }
# Runs "$@" with stdout to $RUN_OUT, prints elapsed nanoseconds.
# (A non-zero exit is expected: `check` exits 4 on the set whose puzzles are not unique.)
timed() {
  local t0=$EPOCHREALTIME t1
  "$@" > "$RUN_OUT" || true
  t1=$EPOCHREALTIME
  echo $(( ($(usec "$t1") - $(usec "$t0")) * 1000 ))
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
fastest() { sort -n | head -1; }

printf 'machine: %s, %s cores; rounds: %s\n' "$(uname -m)" "$(nproc)" "$ROUNDS"
grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/^.*: /cpu: /' || true
printf '\n%-34s %-7s %10s %10s %12s %12s %8s %8s\n' set mode puzzles "base ms" "sudoku ms" "sudoku p/s" ratio "fastest"
echo "(base: peer-bench for solve and unique, sudoku -j1 for threads; times and ratio are medians;"
echo " fastest: the ratio of each program's fastest run, the one least disturbed by other load)"
status=0
sets=${SETS:-$(cd "$DATA" && ls puzzles* )}
for set in $sets; do
  file="$DATA/$set"
  n=$(grep -c . "$file")
  for mode in $MODES; do
    case "$mode" in
      solve) ours=("$SUDOKU" solve -f line -j1 "$file"); base=("$PEER" solve "$file") ;;
      unique) ours=("$SUDOKU" check -j1 "$file"); base=("$PEER" unique "$file") ;;
      threads) ours=("$SUDOKU" solve -f line -j"$(nproc)" "$file"); base=("$SUDOKU" solve -f line -j1 "$file") ;;
    esac
    peer_times=(); our_times=()
    for ((r = 0; r < ROUNDS; r++)); do
      peer_times+=("$(RUN_OUT="$OUT/peer.out" timed "${base[@]}")")
      our_times+=("$(RUN_OUT="$OUT/ours.$mode" timed "${ours[@]}")")
    done
    p=$(printf '%s\n' "${peer_times[@]}" | median)
    o=$(printf '%s\n' "${our_times[@]}" | median)
    pf=$(printf '%s\n' "${peer_times[@]}" | fastest)
    of=$(printf '%s\n' "${our_times[@]}" | fastest)
    awk -v s="$set" -v m="$mode" -v n="$n" -v p="$p" -v o="$o" -v pf="$pf" -v of="$of" 'BEGIN {
      printf "%-34s %-7s %10d %10.1f %12.1f %12.0f %7.2fx %7.2fx\n", s, m, n, p/1e6, o/1e6, n/(o/1e9), p/o, pf/of }'
    # Correctness of what was timed.
    if [ "$mode" = threads ]; then
      cmp -s "$OUT/peer.out" "$OUT/ours.threads" || { echo "FAIL: -j$(nproc) output differs from -j1 on $set" >&2; status=1; }
    elif [ "$mode" = solve ]; then
      python3 scripts/verify.py "$file" "$OUT/ours.solve" >/dev/null || { echo "FAIL: invalid solutions for $set" >&2; status=1; }
    else
      expect=unique
      case "$set" in *serg*) expect="not unique" ;; esac
      bad=$(grep -vc ": $expect" "$OUT/ours.unique" || true)
      if [ "$bad" != 0 ] || [ "$(wc -l < "$OUT/ours.unique")" != "$n" ]; then
        echo "FAIL: $bad verdicts of $set are not '$expect'" >&2; status=1
      fi
    fi
  done
done
if [ $status = 0 ]; then
  echo; echo "every solution of every set checked by scripts/verify.py: ok; every verdict as documented: ok"
else
  echo; echo "FAILURES above" >&2
fi
exit $status
