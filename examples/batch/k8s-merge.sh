#!/bin/bash
# Merges a count's parts from the logs of its pods that succeeded (every Job of the count,
# reruns included), or names the parts still missing and how to run them alone.
#
#   NAME=queens-12 K=4 bash examples/batch/k8s-merge.sh > queens-12.json
#
# A pod's log is its part (one JSON line) and its progress lines; only the JSON is kept.
set -euo pipefail
: "${NAME:?NAME must name the count}" "${K:?K must be the number of parts}"
parts=$(mktemp)
trap 'rm -f "$parts"' EXIT
kubectl get pods -l "puzzlelab/count=$NAME" --field-selector=status.phase=Succeeded -o name |
    while read -r pod; do kubectl logs "$pod" | grep '^{' || true; done > "$parts"
status=$(puzzlelab parts missing "$parts" --of "$K")
array=$(sed -n 's/.*"array":"\([^"]*\)".*/\1/p' <<< "$status")
if [ -n "$array" ]; then
    echo "$status" >&2
    echo "parts $array missing: run them alone with PARTS=\"$(tr ',' ' ' <<< "$array")\" (ranges a-b spelled out) and a new JOB name" >&2
    exit 1
fi
puzzlelab merge "$parts"
