#!/usr/bin/env bash
# `make test-batch`: the README's Slurm examples on a real one-node Slurm cluster.
#
# Installs Debian's slurm-wlm and munge if they are missing (as root, like tools/setup.sh),
# starts munged, slurmctld and slurmd on localhost with a node of this machine's CPUs and
# most of its memory (their files, sockets and ports in a temporary folder: the machine's
# own /etc/slurm is not used), then through sbatch:
#   1. queens N=12 in 4 parts to the merged answer, checked against tests/reference;
#   2. knight-count 6x6 closed in 3 parts, part 2 killed (SIGKILL) while it runs: no
#      part-2.json is left, `puzzlelab parts missing` names part 2 alone, the merge job is
#      cancelled with its dependency; run again, only part 2 is submitted, and the merged
#      answer is checked against tests/reference.
# The daemons are stopped at the end, whatever happened.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
say() { printf '\033[1mtest-batch:\033[0m %s\n' "$*"; }
fail() { printf '\033[31mtest-batch: FAILED: %s\033[0m\n' "$*" >&2; exit 1; }
checks=0
ok() { checks=$((checks + 1)); say "ok: $*"; }

# --- packages ---------------------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
   ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    [ "$(id -u)" = 0 ] || fail "slurm-wlm and munge are missing and only root can install them"
    say "installing Debian's slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurm-wlm munge >/dev/null
fi
say "$(slurmctld -V)"

# --- puzzlelab ----------------------------------------------------------------------------
say "building puzzlelab (release)"
cargo build --release --quiet --bin puzzlelab
export PATH="$root/target/release:$PATH"

# --- a one-node cluster -------------------------------------------------------------------
work=$(mktemp -d /tmp/puzzlelab-slurm.XXXXXX)
chmod 755 "$work"
pids=()
cleanup() {
    local status=$?
    # Jobs first (while slurmd can still end them), then the daemons, then whatever this
    # cluster started that outlived them (job step daemons and their tasks: the processes
    # whose environment names this cluster's slurm.conf).
    if [ -n "${SLURM_CONF:-}" ] && [ -f "$SLURM_CONF" ]; then
        scancel --quiet --user="$(id -un)" 2>/dev/null || true
        for _ in $(seq 30); do
            [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
            sleep 0.5
        done
    fi
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    for environ in /proc/[0-9]*/environ; do
        pid=${environ#/proc/}; pid=${pid%/environ}
        [ "$pid" = $$ ] && continue
        # A process may end (or be another user's) between the glob and the read.
        if { tr '\0' '\n' < "$environ"; } 2>/dev/null | grep -qx "SLURM_CONF=$work/slurm.conf"; then
            kill -9 "$pid" 2>/dev/null || true
        fi
    done
    if [ "$status" != 0 ]; then
        say "logs kept in $work"
        for log in "$work"/*.log; do echo "== $log"; tail -20 "$log"; done
    else
        rm -rf "$work"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
cpus=$(nproc)
mem_mb=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)
host=$(hostname -s)
mkdir -p "$work/state" "$work/spool"
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
munged --force --key-file="$work/munge.key" --socket="$work/munge.sock" \
    --pid-file="$work/munged.pid" --log-file="$work/munged.log" --seed-file="$work/munge.seed"
for _ in $(seq 50); do [ -s "$work/munged.pid" ] && break; sleep 0.1; done
pids+=("$(cat "$work/munged.pid")")

cat > "$work/slurm.conf" <<CONF
ClusterName=puzzlelab
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge.sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
KillWait=5
MpiDefault=none
NodeName=puzzlelab-node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=batch Nodes=puzzlelab-node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -D -i > "$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N puzzlelab-node > "$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 60); do
    state=$(sinfo -h -N -o %t 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 1
done
[ "$state" = idle ] || fail "the node is '$state', not idle, after 60 s"
ok "one-node cluster up: $(sinfo -h -N -o '%N %c CPUs %m MB %t')"

# Waits until none of the given jobs is in the queue (at most $2... seconds).
wait_gone() {
    local jobs=$1 limit=$2
    for _ in $(seq "$limit"); do
        [ -z "$(squeue -h -j "$jobs" -o %i 2>/dev/null)" ] && return 0
        sleep 1
    done
    squeue -j "$jobs" >&2 || true
    fail "jobs $jobs still queued after $limit s"
}
jobs_of() { sed -n 's/^jobs: *//p' <<< "$1" | tr ' ' ','; }
field() { python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print(v[sys.argv[2]])' "$@"; }
reference() { python3 -c "import json; r=json.load(open('tests/reference/$1.json')); print($2)"; }

# --- 1. queens N=12 in 4 parts ------------------------------------------------------------
out="$work/queens-12"
text=$(N=12 K=4 OUT="$out" PROGRESS_EVERY=1 bash examples/batch/queens-slurm.sh)
echo "$text"
grep -q "^parts 1-4 of 4: job" <<< "$text" || fail "the queens array was not 1-4"
wait_gone "$(jobs_of "$text")" 120
[ -f "$out/answer.json" ] || fail "no queens answer: $(cat "$out"/logs/*.log)"
want="$(reference queens "r['solutions'][11]"), $(reference queens "r['unique'][11]")"
got="$(field "$out/answer.json" solutions), $(field "$out/answer.json" unique)"
[ "$got" = "$want" ] || fail "queens 12 merged to $got, the reference says $want"
ok "queens 12 in 4 parts merged to $got solutions, unique (reference: $want)"
for i in 1 2 3 4; do
    grep -q "part $i/4 of 'queens --n 12 --count'" "$out/logs/part-$i.log" || fail "part $i log has no start line"
    grep -q "^puzzlelab: progress: queens .* done in" "$out/logs/part-$i.log" || fail "part $i log has no progress line"
done
ok "each queens part's log has its start and progress lines"

# --- 2. knight-count 6x6 closed in 3 parts, part 2 killed while it runs -------------------
out="$work/knight-6x6-closed"
# Part 2 is made slow (its binary is a shim that writes half a part and then waits), so that
# it is surely running when it is killed; parts 1 and 3 are the real thing.
cat > "$work/slow-part-2" <<SHIM
#!/bin/bash
case " \$* " in
*" --part 2/3 "*) printf '{"board":"6x6","closed":true,'; sleep 600 ;;
esac
exec "$root/target/release/puzzlelab" "\$@"
SHIM
chmod +x "$work/slow-part-2"
run_knight() { BOARD=6x6 CLOSED=1 K=3 MEM=256M OUT="$out" PROGRESS_EVERY=1 bash examples/batch/knight-count-slurm.sh; }
text=$(PUZZLELAB="$work/slow-part-2" run_knight)
echo "$text"
grep -q "^parts 1-3 of 3: job" <<< "$text" || fail "the knight array was not 1-3"
array=$(sed -n 's/^parts .* job \([0-9]*\)$/\1/p' <<< "$text")
for _ in $(seq 60); do
    [ "$(squeue -h -j "${array}_2" -o %T 2>/dev/null)" = RUNNING ] && [ -n "$(ls "$out"/part-2.json.tmp.* 2>/dev/null)" ] && break
    sleep 1
done
[ "$(squeue -h -j "${array}_2" -o %T)" = RUNNING ] || fail "part 2 never ran"
# SIGKILL to every process of the task, its batch shell too, as the OOM killer would:
# nothing can tidy up after that, so the half-written part stays under its temporary name.
task_job=$(squeue -h -j "${array}_2" -o %A)
task_pids=$(scontrol listpids "$task_job" | awk 'NR > 1 && $1 ~ /^[0-9]+$/ { print $1 }')
[ -n "$task_pids" ] || fail "scontrol listpids found no process of part 2"
kill -9 $task_pids
wait_gone "$(jobs_of "$text")" 120
[ ! -e "$out/part-2.json" ] || fail "the killed part left part-2.json"
[ ! -e "$out/answer.json" ] || fail "the merge ran although part 2 was killed"
status=$(puzzlelab parts missing "$out" --of 3)
echo "$status"
python3 - "$status" <<'PY' || fail "parts missing did not name part 2 alone"
import json, sys
s = json.loads(sys.argv[1])
assert s["missing"] == [2] and s["array"] == "2" and s["done"] == [1, 3], s
assert [u.split("/")[-1].split(".tmp.")[0] for u in s["unfinished"]] == ["part-2.json"], s
PY
ok "part 2 killed while running: no part-2.json, parts missing says array '2' and names its temporary file"
if merge_text=$(puzzlelab merge "$out"/part-*.json 2>&1); then fail "merge took 2 of 3 parts"; fi
grep -q "1 of 3 parts missing: part 2" <<< "$merge_text" || fail "merge said: $merge_text"
ok "merge names the missing part: $merge_text"
part1_log=$(cat "$out/logs/part-1.log")
text=$(run_knight)
echo "$text"
grep -q "^parts 2 of 3: job" <<< "$text" || fail "the rerun did not submit part 2 alone"
wait_gone "$(jobs_of "$text")" 120
[ "$(cat "$out/logs/part-1.log")" = "$part1_log" ] || fail "part 1 ran again"
[ -f "$out/answer.json" ] || fail "no knight answer: $(cat "$out"/logs/*.log)"
want=$(reference knight "[c for c in r['closed_counts'] if c['board'] == '6x6'][0]['undirected']")
got=$(field "$out/answer.json" undirected)
[ "$got" = "$want" ] || fail "knight 6x6 closed merged to $got cycles, the reference says $want"
[ "$(field "$out/answer.json" directed)" = "$((2 * want))" ] || fail "directed is not twice the cycles"
grep -q "^puzzlelab: progress: tours .* done in" "$out/logs/part-2.log" || fail "part 2 log has no progress line"
ok "rerun of part 2 alone; knight 6x6 closed merged to $got cycles (reference: $want)"

echo "test-batch: $checks passed, 0 failed"
