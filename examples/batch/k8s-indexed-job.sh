#!/bin/bash
# A split count as a Kubernetes Indexed Job: prints the Job's YAML for `kubectl apply -f -`.
# Pod i (JOB_COMPLETION_INDEX = i, from 0) counts the i-th part of PARTS (default: all K)
# and prints it on stdout; progress lines go to stderr. k8s-merge.sh merges the logs.
#
#   NAME=queens-12 K=4 bash examples/batch/k8s-indexed-job.sh queens --n 12 --count | kubectl apply -f -
#   NAME=knight-8x8-closed K=32 MEM=3Gi TIME=2:00:00 \
#     bash examples/batch/k8s-indexed-job.sh knight-count --board 8x8 --closed | kubectl apply -f -
#
# After a part failed for good (each index is retried 3 times first), k8s-merge.sh names the
# missing parts; run them alone as another Job of the same count:
#   NAME=queens-12 K=4 PARTS="3" JOB=queens-12-again bash examples/batch/k8s-indexed-job.sh ...
#
# From the environment: NAME (the count's name, a DNS label), K (parts, default 4), PARTS
# (the parts this Job runs, default 1..K), JOB (the Job's name, default NAME), CPUS (per
# part, default 1), MEM (per part, default 1Gi), TIME (h:mm:ss per part, default 1:00:00),
# IMAGE (any image with `puzzlelab` on PATH), PARALLELISM (pods at once, default: all),
# PROGRESS_EVERY (seconds between progress lines, default 60).
set -euo pipefail
: "${NAME:?NAME must name the count (a DNS label: lower case, digits, -)}"
K="${K:-4}"
PARTS="${PARTS:-$(seq -s ' ' 1 "$K")}"
JOB="${JOB:-$NAME}"
CPUS="${CPUS:-1}"
MEM="${MEM:-1Gi}"
TIME="${TIME:-1:00:00}"
IMAGE="${IMAGE:-registry.example.com/puzzlelab:0.1.0}"
PROGRESS_EVERY="${PROGRESS_EVERY:-60}"
[ "$#" -gt 0 ] || { echo "usage: NAME=name K=k bash $0 COUNT-COMMAND [ARGS...]" >&2; exit 2; }
read -r -a list <<< "$PARTS"
completions=${#list[@]}
PARALLELISM="${PARALLELISM:-$completions}"
IFS=: read -r h m s <<< "$TIME"
deadline=$((10#$h * 3600 + 10#${m:-0} * 60 + 10#${s:-0}))
command=""
for word in "$@"; do
    if [[ "$word" =~ ^[A-Za-z0-9._/:=,-]+$ ]]; then command+=" $word"
    else command+=" '${word//\'/\'\\\'\'}'"; fi
done

cat <<YAML
# puzzlelab$command in $K parts: parts $PARTS (examples/batch/k8s-indexed-job.sh)
apiVersion: batch/v1
kind: Job
metadata:
  name: $JOB
  labels:
    puzzlelab/count: $NAME
spec:
  completionMode: Indexed
  completions: $completions
  parallelism: $PARALLELISM
  backoffLimitPerIndex: 3
  maxFailedIndexes: $completions
  template:
    metadata:
      labels:
        puzzlelab/count: $NAME
    spec:
      restartPolicy: Never
      activeDeadlineSeconds: $deadline
      containers:
        - name: part
          image: $IMAGE
          env:
            - name: PARTS
              value: "$PARTS"
            - name: PUZZLELAB_PROGRESS_EVERY
              value: "$PROGRESS_EVERY"
          command: ["sh", "-c"]
          args:
            - set -- \$PARTS; shift "\$JOB_COMPLETION_INDEX"; exec puzzlelab$command --part "\$1/$K" --threads $CPUS
          resources:
            requests:
              cpu: "$CPUS"
              memory: "$MEM"
            limits:
              cpu: "$CPUS"
              memory: "$MEM"
YAML
