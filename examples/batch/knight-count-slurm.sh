#!/bin/bash
# Count knight's tours as a Slurm array job of K parts, then merge them. By default the
# 8x8 closed tours (13,267,364,410,532 cycles) in 32 parts by path structures, each part
# asking for 1 CPU, 3G of memory (a part peaks at 2.7 GB, measured: see the README) and
# 2 hours:
#
#   bash examples/batch/knight-count-slurm.sh                       # 8x8 closed, 32 parts
#   BOARD=6x6 CLOSED=1 K=3 MEM=256M bash examples/batch/knight-count-slurm.sh
#   BOARD=6x6 START=a1 K=8 bash examples/batch/knight-count-slurm.sh   # open tours from a1
#
# BOARD, CLOSED (1 or empty), START (a square, or empty) and METHOD (depth-first or
# frontier; empty: the command's own choice) name the count; K, CPUS, MEM, TIME, OUT and
# PROGRESS_EVERY are per part, as in slurm-parts.sh. The answer lands in
# knight-BOARD[-closed][-from-START]/answer.json. Run it again after a part failed: only
# the missing parts are submitted. Needs `puzzlelab` on PATH on every node.
set -euo pipefail
BOARD="${BOARD:-8x8}"
CLOSED="${CLOSED-1}"
args=(knight-count --board "$BOARD")
name="knight-$BOARD"
if [ -n "$CLOSED" ] && [ "$CLOSED" != 0 ]; then args+=(--closed); name+="-closed"; fi
if [ -n "${START:-}" ]; then args+=(--start "$START"); name+="-from-$START"; fi
if [ -n "${METHOD:-}" ]; then args+=(--method "$METHOD"); fi
if [ "$BOARD" = 8x8 ]; then
    : "${K:=32}" "${MEM:=3G}" "${TIME:=2:00:00}"
fi
export NAME="${NAME:-$name}" K="${K:-4}" MEM="${MEM:-1G}" TIME="${TIME:-1:00:00}"
exec bash "$(dirname "$0")/slurm-parts.sh" "${args[@]}"
