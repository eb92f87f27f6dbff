#!/usr/bin/env bash
# Times the whole `sudoku` program against tdoku-cli (tdoku's own solver, the fastest published,
# behind our small reader ../shared/peer-bench/tdoku/tdoku_cli.cc) and against peer-bench (the
# `sudoku` crate, a JCZSolve port) on every standard set, alternating the programs, and prints each
# peer's time / ours (>1: we are faster). Then checks every solution of every set with an
# independent checker (scripts/verify.py) and every verdict against the set's documented uniqueness.
#
# The peers are measured, never built here: no file of this repository compiles a peer's code.
# Each is given by path, built by hand in /tmp as ../shared/peer-bench/README.md says:
#   TDOKU_CLI=PATH   tdoku-cli: t-dillon/tdoku fetched into /tmp and built as its own README says
#                    (-O3 -march=native, or the instruction set you compare against), linked with
#                    ../shared/peer-bench/tdoku/tdoku_cli.cc. Required for solve, unique and count.
#   PEER_BENCH=PATH  peer-bench, the `sudoku` crate's reader in ../shared/peer-bench, built there by
#                    hand with cargo (default /tmp/peer-bench/release/peer-bench when it exists);
#                    without it the crate column is left out.
#
# usage: TDOKU_CLI=/tmp/tdoku/tdoku-cli scripts/compare.sh [DATA_DIR]   (default ../shared/data)
#   ROUNDS=N    timed runs of each program per set and mode (default 5; the median is used)
#   SETS="..."  only these set files (default: every puzzles* file in DATA_DIR)
#   MODES="solve unique"   which comparisons to run; add "count" (see below), and "threads" for
#                          -j1 against -j$(nproc) (which needs no peer)
#   TDOKU_MARCH=FLAGS      the -march TDOKU_CLI was built with (default native), for the report
#                          line of the instructions it uses: to time an instruction set against tdoku's code
#                          for the same instruction set, as a CPU without AVX-512 (or without AVX2)
#                          would run both, build tdoku-cli so and say so:
#                            SUDOKU_ENGINE=avx2 TDOKU_MARCH="native -mno-avx512f" TDOKU_CLI=... scripts/compare.sh
#                            SUDOKU_ENGINE=portable TDOKU_MARCH=x86-64 TDOKU_CLI=... scripts/compare.sh
#
# solve : `tdoku-cli solve < FILE`, `peer-bench solve FILE`  vs  `sudoku solve -f line -j1 FILE`
# unique: `tdoku-cli unique < FILE`, `peer-bench unique FILE` vs  `sudoku check -j1 FILE`
# count : the same peers vs `sudoku count -j1 --limit 2 FILE`: the same search as `check`, but it
#         answers `1` or `2+` as tdoku-cli answers `unique` or `several`, where `check` also names
#         the cells where two solutions differ (serg's output is then 19 times the size)
# threads: `sudoku solve -f line -j1 FILE` vs `sudoku solve -f line -j$(nproc) FILE` (the ratio is
#          the speed-up of all cores over one; its output is also compared byte for byte)
#
# Small sets are repeated so that process start-up does not decide the ratio: magictour x20,
# forum hardest 1106 x40, serg x3; of forum hardest 11+ the first 10,000 are used.
# `sudoku` is the shipped release build (no target-cpu flags), whose vector engine's instruction
# set is chosen at run time (or by SUDOKU_ENGINE).
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
ROUNDS=${ROUNDS:-5}
MODES=${MODES:-"solve unique"}
TDOKU_MARCH=${TDOKU_MARCH:-}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

PEER=${PEER_BENCH:-/tmp/peer-bench/release/peer-bench}
[ -x "$PEER" ] || PEER=""
TDOKU=${TDOKU_CLI:-}
# The peers are needed only for the modes that time them (threads times sudoku alone).
case " $MODES " in
  *" solve "* | *" unique "* | *" count "*)
    if [ -z "$TDOKU" ] || [ ! -x "$TDOKU" ]; then
      echo "compare.sh: TDOKU_CLI is ${TDOKU:+not an executable: }${TDOKU:-not set}." >&2
      echo "  It is tdoku-cli: tdoku (t-dillon/tdoku) fetched into /tmp and built by hand as its own" >&2
      echo "  README says, linked with ../shared/peer-bench/tdoku/tdoku_cli.cc (our reader around its" >&2
      echo "  solver). No script here builds it. Or run MODES=threads, which needs no peer." >&2
      exit 2
    fi
    [ -n "$PEER" ] || echo "compare.sh: no peer-bench (PEER_BENCH; built by hand from ../shared/peer-bench): the crate column is left out" >&2
    ;;
esac
cargo build --release --locked --quiet
SUDOKU=target/release/sudoku

# Times are read from bash's own clock (EPOCHREALTIME, in microseconds), so no `date` process
# is started inside the timed span.
usec() { local t=${1/[.,]/}; echo $(( 10#$t )); }
# Runs "$@" with stdout to $RUN_OUT, prints elapsed nanoseconds.
# (A non-zero exit is expected: `check` exits 4 on the set whose puzzles are not unique.)
# $RUN_IN (default /dev/null) is its stdin.
timed() {
  local t0=$EPOCHREALTIME t1
  "$@" < "${RUN_IN:-/dev/null}" > "$RUN_OUT" || true
  t1=$EPOCHREALTIME
  echo $(( ($(usec "$t1") - $(usec "$t0")) * 1000 ))
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
fastest() { sort -n | head -1; }

printf 'machine: %s, %s cores; rounds: %s\n' "$(uname -m)" "$(nproc)" "$ROUNDS"
# The CPU, with what decides tdoku's code path (-march=native): its widest vector extension.
if [ -r /proc/cpuinfo ]; then
  cpu_field() { grep -m1 "^$1[[:space:]]*:" /proc/cpuinfo | sed 's/^[^:]*: //'; }
  flags=" $(cpu_field flags) "
  vec=sse2
  case "$flags" in *" avx2 "*) vec=avx2 ;; esac
  case "$flags" in *" avx512f "*) vec=avx512 ;; esac
  printf 'cpu: %s (family %s, model %s; widest vectors: %s)\n' \
    "$(cpu_field 'model name')" "$(cpu_field 'cpu family')" "$(cpu_field model)" "$vec"
fi
# The instructions each program was compiled to use: tdoku's as its builder says (TDOKU_MARCH),
# ours with the flags cargo used for the release build above
# (RUSTFLAGS, if set; the shipped build sets none, so it is the x86-64 baseline).
features_of() { tr ' ' '\n' | grep -E '^(sse2|sse4_1|sse4_2|popcnt|bmi2|avx|avx2|avx512[a-z0-9_]*)$' | tr '\n' ' '; }
[ -z "$TDOKU" ] || printf 'tdoku-cli built with: -march=%s (TDOKU_MARCH: as you built it)\n' "${TDOKU_MARCH:-native}"
# shellcheck disable=SC2086
printf 'sudoku compiled for:    %s\n' "$(rustc --print cfg -C opt-level=3 ${RUSTFLAGS:-} \
  | sed -n 's/^target_feature="\(.*\)"$/\1/p' | sort | features_of)"
printf 'sudoku %s\n' "$("$SUDOKU" --version | grep '^instruction set:')"
printf '\n%-40s %-7s %8s %9s %9s %9s %9s %8s %8s\n' set mode puzzles "tdoku ms" "crate ms" "ours ms" "ours p/s" "tdoku/us" "crate/us"
echo "(medians of $ROUNDS alternating runs; tdoku/us and crate/us: the peer's time / ours, above 1: sudoku is faster;"
echo " for threads the columns are sudoku -j1 and sudoku -j$(nproc))"
status=0
# The file each set is timed on: small sets repeated, the 11+ set cut to 10,000.
prepare() {
  local set=$1 file="$DATA/$1" reps=1
  case "$set" in
    *magictour*) reps=20 ;;
    *1106*) reps=40 ;;
    *serg*) reps=3 ;;
    *1905*) head -n 10000 "$file" > "$OUT/$set"; echo "$OUT/$set"; return ;;
  esac
  if [ $reps = 1 ]; then echo "$file"; return; fi
  for ((i = 0; i < reps; i++)); do cat "$file"; done > "$OUT/$set"
  echo "$OUT/$set"
}
sets=${SETS:-$(cd "$DATA" && ls puzzles* )}
for set in $sets; do
  file=$(prepare "$set")
  n=$(grep -c . "$file")
  label=$set
  [ "$file" != "$DATA/$set" ] && label="$set ($n)"
  for mode in $MODES; do
    case "$mode" in
      solve) ours=("$SUDOKU" solve -f line -j1 "$file"); tdoku=("$TDOKU" solve); base=(${PEER:+"$PEER" solve "$file"}) ;;
      unique) ours=("$SUDOKU" check -j1 "$file"); tdoku=("$TDOKU" unique); base=(${PEER:+"$PEER" unique "$file"}) ;;
      count) ours=("$SUDOKU" count -j1 --limit 2 "$file"); tdoku=("$TDOKU" unique); base=(${PEER:+"$PEER" unique "$file"}) ;;
      # threads: the first column is sudoku -j1 itself; there is no crate column.
      threads) ours=("$SUDOKU" solve -f line -j"$(nproc)" "$file"); tdoku=("$SUDOKU" solve -f line -j1 "$file"); base=() ;;
    esac
    tdoku_times=(); peer_times=(); our_times=()
    for ((r = 0; r < ROUNDS; r++)); do
      tdoku_times+=("$(RUN_IN="$file" RUN_OUT="$OUT/tdoku.out" timed "${tdoku[@]}")")
      [ ${#base[@]} = 0 ] || peer_times+=("$(RUN_OUT="$OUT/peer.out" timed "${base[@]}")")
      our_times+=("$(RUN_OUT="$OUT/ours.$mode" timed "${ours[@]}")")
    done
    t=$(printf '%s\n' "${tdoku_times[@]}" | median)
    p=$( [ ${#peer_times[@]} = 0 ] || printf '%s\n' "${peer_times[@]}" | median)
    o=$(printf '%s\n' "${our_times[@]}" | median)
    awk -v s="$label" -v m="$mode" -v n="$n" -v t="$t" -v p="$p" -v o="$o" 'BEGIN {
      if (p == "") printf "%-40s %-7s %8d %9.1f %9s %9.1f %9.0f %7.2fx %8s\n", s, m, n, t/1e6, "-", o/1e6, n/(o/1e9), t/o, "-"
      else printf "%-40s %-7s %8d %9.1f %9.1f %9.1f %9.0f %7.2fx %7.2fx\n", s, m, n, t/1e6, p/1e6, o/1e6, n/(o/1e9), t/o, p/o }'
    # Correctness of what was timed.
    if [ "$mode" = threads ]; then
      cmp -s "$OUT/tdoku.out" "$OUT/ours.threads" || { echo "FAIL: -j$(nproc) output differs from -j1 on $set" >&2; status=1; }
    elif [ "$mode" = solve ]; then
      python3 scripts/verify.py "$file" "$OUT/ours.solve" >/dev/null || { echo "FAIL: invalid solutions for $set" >&2; status=1; }
    else
      expect=": unique"
      case "$set" in *serg*) expect=": not unique" ;; esac
      if [ "$mode" = count ]; then
        expect="^1$"
        case "$set" in *serg*) expect="^2[+]$" ;; esac
      fi
      bad=$(grep -vc "$expect" "$OUT/ours.$mode" || true)
      if [ "$bad" != 0 ] || [ "$(wc -l < "$OUT/ours.$mode")" != "$n" ]; then
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
