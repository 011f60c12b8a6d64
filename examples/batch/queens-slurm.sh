#!/bin/bash
# Count every solution of N queens as a Slurm array job of K parts, then merge them.
#
#   N=12 K=4 bash examples/batch/queens-slurm.sh     # on the login node
#
# The answer lands in queens-N/answer.json, the same JSON as `puzzlelab queens --n N
# --count`. Run it again after a part failed: only the missing parts are submitted. CPUS,
# MEM, TIME, OUT, PROGRESS_EVERY: per part, as in slurm-parts.sh (defaults: 1 CPU, 1G,
# one hour). Needs the `puzzlelab` binary on PATH on every node (cargo install --path .).
set -euo pipefail
N="${N:-12}"
export NAME="${NAME:-queens-$N}" K="${K:-4}"
exec bash "$(dirname "$0")/slurm-parts.sh" queens --n "$N" --count
