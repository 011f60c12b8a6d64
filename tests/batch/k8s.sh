#!/usr/bin/env bash
# `make test-batch`, part one: the Kubernetes examples. The committed Job files are what
# examples/batch/k8s-indexed-job.sh prints for them; every Job it prints is validated
# against the Kubernetes schema by kubernetes-validate (PyPI, installed into
# target/batch-venv, --strict: no unknown fields) and checked for what an indexed Job of
# parts needs: Indexed completions, one completion per part, `--part "$1/K"` of the same
# K, requests equal to limits, and as many threads as CPUs.
set -euo pipefail
cd "$(dirname "$0")/../.."
say() { printf '\033[1mtest-batch:\033[0m %s\n' "$*"; }
fail() { printf '\033[31mtest-batch: FAILED: %s\033[0m\n' "$*" >&2; exit 1; }
checks=0
ok() { checks=$((checks + 1)); say "ok: $*"; }
gen=examples/batch/k8s-indexed-job.sh

venv=target/batch-venv
if [ ! -x "$venv/bin/kubernetes-validate" ]; then
    if ! python3 -c 'import ensurepip' 2>/dev/null; then
        [ "$(id -u)" = 0 ] || fail "python3-venv is missing and only root can install it"
        say "installing Debian's python3-venv"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    fi
    say "installing kubernetes-validate from PyPI into $venv"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet kubernetes-validate==1.37.0
fi
validate() { "$venv/bin/kubernetes-validate" --strict --quiet "$1"; }

# Fields an indexed Job of K parts needs, with PARTS listing N parts.
fields() {
    local file=$1 k=$2 n=$3 cpus=$4
    grep -qx "  completionMode: Indexed" "$file" || fail "$file: not Indexed"
    grep -qx "  completions: $n" "$file" || fail "$file: completions is not $n"
    grep -qx "      restartPolicy: Never" "$file" || fail "$file: restartPolicy is not Never"
    grep -q 'shift "\$JOB_COMPLETION_INDEX"; exec puzzlelab .* --part "\$1/'"$k"'" --threads '"$cpus"'$' "$file" ||
        fail "$file: the pod does not count part \$1 of $k with $cpus threads"
    [ "$(grep -c "cpu: \"$cpus\"" "$file")" = 2 ] || fail "$file: cpu request and limit are not $cpus"
    local mems
    mems=$(grep -o 'memory: "[^"]*"' "$file" | sort -u | wc -l)
    [ "$mems" = 1 ] || fail "$file: memory request and limit differ"
    local parts
    parts=$(sed -n '/name: PARTS/{n;s/.*value: "\(.*\)"/\1/p}' "$file")
    [ "$(wc -w <<< "$parts")" = "$n" ] || fail "$file: PARTS '$parts' is not $n parts"
}

# The committed files are the generator's output.
NAME=queens-12 K=4 bash $gen queens --n 12 --count | diff - examples/batch/queens-indexed-job.yaml ||
    fail "examples/batch/queens-indexed-job.yaml is not what $gen prints for it"
NAME=knight-8x8-closed K=32 MEM=3Gi TIME=2:00:00 bash $gen knight-count --board 8x8 --closed |
    diff - examples/batch/knight-count-indexed-job.yaml ||
    fail "examples/batch/knight-count-indexed-job.yaml is not what $gen prints for it"
ok "the committed Job files are the generator's output"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for file in examples/batch/queens-indexed-job.yaml examples/batch/knight-count-indexed-job.yaml; do
    validate "$file" || fail "$file does not validate"
done
fields examples/batch/queens-indexed-job.yaml 4 4 1
fields examples/batch/knight-count-indexed-job.yaml 32 32 1
NAME=knight-6x6-closed K=3 PARTS=2 JOB=knight-6x6-closed-again CPUS=2 MEM=256Mi \
    bash $gen knight-count --board 6x6 --closed > "$tmp/rerun.yaml"
validate "$tmp/rerun.yaml" || fail "a rerun of part 2 does not validate"
fields "$tmp/rerun.yaml" 3 1 2
grep -q 'value: "2"' "$tmp/rerun.yaml" || fail "the rerun's PARTS is not 2"
ok "the Jobs validate against the Kubernetes schema ($("$venv/bin/kubernetes-validate" --version)) and have an indexed Job's fields"

# The checks fail when they should: an unknown field, and a K that disagrees.
sed 's/completionMode:/completionMod:/' examples/batch/queens-indexed-job.yaml > "$tmp/bad.yaml"
if validate "$tmp/bad.yaml" >/dev/null 2>&1; then fail "a misspelt field validated"; fi
sed 's|/4" --threads|/5" --threads|' examples/batch/queens-indexed-job.yaml > "$tmp/bad-k.yaml"
if (fields "$tmp/bad-k.yaml" 4 4 1) 2>/dev/null; then fail "a pod counting parts of 5 passed"; fi
ok "a misspelt field and a wrong K are caught"

# The pod's command, run here: index 1 of PARTS "1 3" counts part 3 of 4.
cmd=$(sed -n 's/^            - \(set -- .*\)$/\1/p' examples/batch/queens-indexed-job.yaml)
part=$(PATH="$PWD/target/release:$PATH" PARTS="1 3" JOB_COMPLETION_INDEX=1 sh -c "$cmd")
grep -q '"index":3,"of":4' <<< "$part" || fail "the pod's command did not count part 3 of 4: $part"
ok "the pod's command counts the part its index names"
# k8s-merge.sh against a stand-in kubectl: pods' logs are progress lines and a part each.
mkdir -p "$tmp/bin"
cat > "$tmp/bin/kubectl" <<'SHIM'
#!/bin/bash
case "$1" in
get) for i in $PODS; do echo "pod/queens-12-$i"; done ;;
logs) i=${2##*-}
      echo "puzzlelab: progress: queens 1/9 tasks (11.1%), 0:00:01 elapsed, ETA 0:00:08"
      puzzlelab queens --n 12 --count --part "$i/4" --threads 1 ;;
*) exit 1 ;;
esac
SHIM
chmod +x "$tmp/bin/kubectl"
export PATH="$tmp/bin:$PWD/target/release:$PATH"
if PODS="1 2 4" NAME=queens-12 K=4 bash examples/batch/k8s-merge.sh > "$tmp/answer.json" 2> "$tmp/err"; then
    fail "k8s-merge.sh merged with part 3 missing"
fi
grep -q 'parts 3 missing: run them alone with PARTS="3"' "$tmp/err" || fail "k8s-merge.sh said: $(cat "$tmp/err")"
PODS="4 3 2 1" NAME=queens-12 K=4 bash examples/batch/k8s-merge.sh > "$tmp/answer.json" ||
    fail "k8s-merge.sh did not merge all four parts"
got=$(python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print(v["solutions"], v["unique"])' "$tmp/answer.json")
want=$(python3 -c 'import json; r=json.load(open("tests/reference/queens.json")); print(r["solutions"][11], r["unique"][11])')
[ "$got" = "$want" ] || fail "k8s-merge.sh merged to $got, the reference says $want"
ok "k8s-merge.sh names the missing part, then merges the pods' logs to $got (reference: $want)"
echo "test-batch: $checks passed, 0 failed"
