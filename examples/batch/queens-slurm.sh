#!/bin/bash
# Count every solution of N queens as a Slurm array job of K parts, then merge them.
#
#   N=20 K=16 bash examples/batch/queens-slurm.sh     # on the login node
#
# Run by hand, the script submits itself as the array (tasks 1..K, one part each) and a
# merge job that starts once every part has succeeded. The answer lands in
# queens-N/answer.json, the same JSON as `puzzlelab queens --n N --count`.
# Needs the `puzzlelab` binary on PATH on every node (cargo install --path .).
#SBATCH --job-name=queens-part
#SBATCH --cpus-per-task=4
#SBATCH --time=04:00:00
#SBATCH --output=queens-part-%A-%a.log
set -euo pipefail

N="${N:-20}"
K="${K:-16}"
OUT="${OUT:-$PWD/queens-$N}"

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    mkdir -p "$OUT"
    array=$(sbatch --parsable --array="1-$K" --export="ALL,N=$N,K=$K,OUT=$OUT" "$0")
    sbatch --dependency="afterok:$array" --job-name=queens-merge \
        --output="$OUT/merge.log" \
        --wrap="puzzlelab merge $OUT/part-*.json > $OUT/answer.json"
    exit 0
fi

# Array task I counts part I of K. Written under a temporary name, so a part that was
# interrupted never looks finished.
I="$SLURM_ARRAY_TASK_ID"
mkdir -p "$OUT"
puzzlelab queens --n "$N" --count --threads "${SLURM_CPUS_PER_TASK:-1}" --part "$I/$K" \
    > "$OUT/part-$I.json.partial"
mv "$OUT/part-$I.json.partial" "$OUT/part-$I.json"
