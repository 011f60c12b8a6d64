#!/usr/bin/env bash
# The optimal solver over random states: per state the optimal length (or the lower bound
# reached), the two-phase length, nodes, wall and user CPU seconds, and the load average.
#   benches/rubik_optimal_states.sh [FIRST_SEED] [LAST_SEED] [SECONDS_PER_STATE] [THREADS]
# A state still unproven after SECONDS_PER_STATE is stopped (SIGINT: the CLI prints what it
# proved; --foreground, so the signal reaches it once: a second Ctrl-C ends the CLI at once,
# printing nothing). Tables come from the user's cache directory (built on the first run).
# OPTIMAL_ARGS=--small-table measures with the page's 35 MB table instead of the 833 MB one,
# OPTIMAL_ARGS="--h16 2" with the 7.97 GB tetrad-slice table. proof_s is the proof alone
# (after the tables are read: tables_s); crates/cli/examples/optimal_states.rs proves many
# states in one process, reading the tables once.
set -uo pipefail
first=${1:-0}
last=${2:-19}
limit=${3:-600}
threads=${4:-2}
bin=${PUZZLELAB:-target/release/puzzlelab}
printf 'seed\tstatus\tlength\tlower\ttwo_phase\tnodes\twall_s\tuser_s\tproof_s\ttables_s\tload\tper_depth\n'
for seed in $(seq "$first" "$last"); do
  state=$("$bin" rubik scramble --seed "$seed" | sed 's/.*"state":"\([A-Z]*\)".*/\1/')
  load=$(cut -d' ' -f1 /proc/loadavg)
  out=$( { /usr/bin/time -f 'TIME %e %U' timeout --foreground -s INT "$limit" "$bin" rubik solve \
      --state "$state" --optimal --threads "$threads" ${OPTIMAL_ARGS:-} 2>&1 1>&3 | grep '^TIME'; } 3>&1 || true)
  json=$(grep '^{' <<<"$out" || echo '{}')
  read -r _ wall user < <(grep '^TIME' <<<"$out" || echo 'TIME ? ?')
  # The first occurrence: the top level's, before per_depth's own "nodes".
  field() { grep -o "\"$1\":\(\"[^\"]*\"\|[0-9.]*\)" <<<"$json" | head -1 | cut -d: -f2- | tr -d '"'; }
  depths=$(grep -o '"depth":[0-9]*,"nodes":[0-9]*' <<<"$json" | sed 's/"depth":\([0-9]*\),"nodes":/\1:/' | paste -sd' ')
  secs() { awk -v ms="$(field "$1")" 'BEGIN { if (ms == "") print "?"; else printf "%.2f", ms / 1000 }'; }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$seed" "$(field status)" "$(field length)" \
    "$(field lower_bound)" "$(field two_phase_length)" "$(field nodes)" "$wall" "$user" \
    "$(secs ms)" "$(secs tables_ms)" "$load" "$depths"
done
