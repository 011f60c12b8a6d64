#!/bin/bash
# A split count as a Slurm array job (one task per part) and a merge job that waits for it.
# queens-slurm.sh and knight-count-slurm.sh call this with their count; any count that
# takes --part I/K can be given the same way:
#
#   NAME=queens-12 K=4 bash examples/batch/slurm-parts.sh queens --n 12 --count
#
# Run by hand (on the login node), it submits the parts that are not done yet and the
# merge. Run it again after a part failed or was killed: it submits only the missing
# parts (`puzzlelab parts missing` lists them) and a new merge. The answer lands in
# $OUT/answer.json; each part in $OUT/part-I.json; logs in $OUT/logs/.
#
# Per part, from the environment (defaults run on a small node):
#   K     parts (default 4)             CPUS  CPUs per part (default 1)
#   MEM   memory per part (default 1G)  TIME  time limit per part (default 1:00:00)
#   OUT   where parts go ($PWD/$NAME)   PARTITION, ACCOUNT  passed to sbatch if set
#   PROGRESS_EVERY  seconds between progress lines in a part's log (default 60)
#   PUZZLELAB  the puzzlelab binary (default: the one on PATH)
# Needs `puzzlelab` on every node and $OUT on a file system every node sees.
set -euo pipefail

: "${NAME:?NAME must name the count (the job name and the default folder)}"
K="${K:-4}"
CPUS="${CPUS:-1}"
MEM="${MEM:-1G}"
TIME="${TIME:-1:00:00}"
OUT="${OUT:-$PWD/$NAME}"
PROGRESS_EVERY="${PROGRESS_EVERY:-60}"
PUZZLELAB="${PUZZLELAB:-puzzlelab}"
[ "$#" -gt 0 ] || { echo "usage: NAME=name K=k bash $0 COUNT-COMMAND [ARGS...]" >&2; exit 2; }

case "${PUZZLELAB_BATCH_ROLE:-submit}" in
part)
    # Array task I counts part I of K into a temporary name and renames it when done, so a
    # part that fails or is killed leaves no finished-looking part-I.json.
    I="$SLURM_ARRAY_TASK_ID"
    tmp="$OUT/part-$I.json.tmp.${SLURM_JOB_ID:-$$}"
    trap 'rm -f "$tmp"' EXIT
    echo "$(date -Is) part $I/$K of '$*' on $(hostname), job ${SLURM_JOB_ID:-?}, ${SLURM_CPUS_PER_TASK:-1} CPUs"
    PUZZLELAB_PROGRESS_EVERY="$PROGRESS_EVERY" "$PUZZLELAB" "$@" --part "$I/$K" \
        --threads "${SLURM_CPUS_PER_TASK:-1}" > "$tmp"
    mv "$tmp" "$OUT/part-$I.json"
    echo "$(date -Is) part $I/$K done: $OUT/part-$I.json"
    exit 0
    ;;
merge)
    echo "$(date -Is) merging $K parts in $OUT"
    "$PUZZLELAB" parts missing "$OUT" --of "$K"
    "$PUZZLELAB" merge "$OUT"/part-*.json > "$OUT/answer.json.tmp"
    mv "$OUT/answer.json.tmp" "$OUT/answer.json"
    echo "$(date -Is) answer: $(cat "$OUT/answer.json")"
    exit 0
    ;;
submit) ;;
*) echo "unknown PUZZLELAB_BATCH_ROLE '$PUZZLELAB_BATCH_ROLE'" >&2; exit 2 ;;
esac

mkdir -p "$OUT/logs"
OUT=$(cd "$OUT" && pwd)
self=$(readlink -f "$0")
# The folder holds one count: refuse to mix in another.
if [ -f "$OUT/command" ] && [ "$(cat "$OUT/command")" != "$* in $K parts" ]; then
    echo "$OUT holds parts of '$(cat "$OUT/command")', not '$* in $K parts': set OUT or NAME" >&2
    exit 2
fi
echo "$* in $K parts" > "$OUT/command"

status=$("$PUZZLELAB" parts missing "$OUT" --of "$K")
array=$(sed -n 's/.*"array":"\([^"]*\)".*/\1/p' <<< "$status")
extra=()
[ -n "${PARTITION:-}" ] && extra+=(--partition="$PARTITION")
[ -n "${ACCOUNT:-}" ] && extra+=(--account="$ACCOUNT")
export NAME K CPUS MEM TIME OUT PROGRESS_EVERY PUZZLELAB
dependency=()
if [ -n "$array" ]; then
    parts=$(sbatch --parsable --job-name="$NAME" --array="$array" \
        --cpus-per-task="$CPUS" --mem="$MEM" --time="$TIME" "${extra[@]}" \
        --output="$OUT/logs/part-%a.log" --export="ALL,PUZZLELAB_BATCH_ROLE=part" \
        "$self" "$@")
    parts="${parts%%;*}"
    dependency=(--dependency="afterok:$parts" --kill-on-invalid-dep=yes)
    echo "parts $array of $K: job $parts"
else
    echo "all $K parts are done"
fi
merge=$(sbatch --parsable --job-name="$NAME-merge" "${dependency[@]}" \
    --cpus-per-task=1 --mem=256M --time=0:10:00 "${extra[@]}" \
    --output="$OUT/logs/merge.log" --export="ALL,PUZZLELAB_BATCH_ROLE=merge" \
    "$self" "$@")
merge="${merge%%;*}"
echo "merge: job $merge; answer in $OUT/answer.json"
echo "jobs: ${parts:-} $merge"
