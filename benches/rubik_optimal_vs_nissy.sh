#!/usr/bin/env bash
# PuzzleLab's optimal solver against nissy-core's H48, side by side on the same random
# states (seeds as `puzzlelab rubik scramble --seed`), each given the same threads, one
# state after the other (PuzzleLab first, then nissy), so load hits both alike.
#   NISSY_CORE=/path/to/nissy-core benches/rubik_optimal_vs_nissy.sh [FIRST] [LAST] [CAP_S] [THREADS]
# NISSY_CORE is a built nissy-core checkout (`./build.sh shell` gives its `run`; its table
# in tables/, from `./run gendata -solver $NISSY_SOLVER`). Nothing of nissy is in this repo.
# NISSY_SOLVER picks nissy's table (default h48h2, 120 MB; h48h1 is 61 MB, h48h5 950 MB;
# `./run solverinfo -solver X` prints its size). OPTIMAL_ARGS picks ours (default
# --small-table: the 35 MB flip-slice-twist table with the 44 MB corner table; "" the
# 833 MB flip-sorted one; "--h16 0" the 1.33 GB tetrad-slice one).
# Times are whole commands, wall clock, tables read from the page cache included (ours
# also print proof_s alone). A side still running after CAP_S is stopped and its time
# counts as at least CAP_S ("≥"), which still bounds the median when fewer than half are.
# Every nissy solution is applied to the state by our own `rubik apply` (an independent
# model of the cube from nissy's) and must solve it; the two lengths must agree.
set -uo pipefail
first=${1:-0}
last=${2:-19}
cap=${3:-300}
threads=${4:-2}
bin=$(realpath "${PUZZLELAB:-target/release/puzzlelab}")
nissy=${NISSY_CORE:?set NISSY_CORE to a built nissy-core checkout}
solver=${NISSY_SOLVER:-h48h2}
ours_args=${OPTIMAL_ARGS---small-table}
solved=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB

json_field() { grep -o "\"$2\":\(\"[^\"]*\"\|[0-9.]*\)" <<<"$1" | head -1 | cut -d: -f2- | tr -d '"'; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

echo "# ours: puzzlelab rubik solve --optimal $ours_args --threads $threads"
echo "# nissy: $nissy/run solve_scramble -solver $solver -M 20 -t $threads ($(cd "$nissy" && ./run solverinfo -solver "$solver" 2>/dev/null | head -1) B table)"
printf 'seed\tlength\tours_s\tours_proof_s\tours_nodes\tnissy_length\tnissy_s\tnissy_nodes\tload\n'
ours_times=() nissy_times=()
for seed in $(seq "$first" "$last"); do
  scramble=$("$bin" rubik scramble --seed "$seed")
  state=$(json_field "$scramble" state)
  moves=$(json_field "$scramble" moves)
  load=$(cut -d' ' -f1 /proc/loadavg)

  began=$(now)
  # shellcheck disable=SC2086
  ours=$(timeout --foreground -s INT "$cap" "$bin" rubik solve --state "$state" --optimal \
    --threads "$threads" $ours_args 2>/dev/null)
  ours_s=$(since "$began")
  length=$(json_field "$ours" length)
  if [ "$(json_field "$ours" status)" != "proven optimal" ]; then ours_s="≥$cap" length="?"; fi

  began=$(now)
  nissy_out=$(cd "$nissy" && timeout -s KILL "$cap" ./run solve_scramble -solver "$solver" \
    -M 20 -t "$threads" -moves "$moves" 2>&1)
  nissy_s=$(since "$began")
  solution=$(grep -v '^\[' <<<"$nissy_out" | grep -m1 '^[URFDLB]' || true)
  nissy_nodes=$(grep -o 'Nodes visited: [0-9]*' <<<"$nissy_out" | grep -o '[0-9]*$' || echo '?')
  if [ -z "$solution" ]; then
    nissy_s="≥$cap" nissy_length="?"
  else
    nissy_length=$(wc -w <<<"$solution")
    after=$(json_field "$("$bin" rubik apply --state "$state" --moves "$solution")" state)
    if [ "$after" != "$solved" ]; then
      echo "seed $seed: nissy's solution '$solution' does not solve the state" >&2
      exit 1
    fi
    if [ "$length" != "?" ] && [ "$nissy_length" != "$length" ]; then
      echo "seed $seed: lengths disagree: ours $length, nissy's $nissy_length" >&2
      exit 1
    fi
  fi
  ours_times+=("${ours_s#≥}") nissy_times+=("${nissy_s#≥}")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$seed" "$length" "$ours_s" \
    "$(awk -v ms="$(json_field "$ours" ms)" 'BEGIN { if (ms == "") print "?"; else printf "%.2f", ms / 1000 }')" \
    "$(json_field "$ours" nodes)" "$nissy_length" "$nissy_s" "$nissy_nodes" "$load"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "median_s ours $(median "${ours_times[@]}") nissy $(median "${nissy_times[@]}") (a capped side counts as $cap)"
