#!/usr/bin/env bash
# Bring up a real single-node Slurm on this machine (Debian's slurm-wlm and munge:
# munged, slurmctld and slurmd on localhost, run as root, no systemd needed), run
# korf-array.sbatch as a 4-task array over a 40-position list, and check the shards
# with `korf merge`.  Needs root (it installs the packages if missing).
#
#   examples/cluster/slurm-local.sh [WORKDIR]     (default: target/tmp/slurm)
#
# KORF names the binary (default: the release build); the tables are the small default
# set, in KORF_TABLES or WORKDIR/tables.  Everything it starts is stopped at the end.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mkdir -p "${1:-$repo/target/tmp/slurm}" && cd "${1:-$repo/target/tmp/slurm}" && pwd)
korf=$(realpath "${KORF:-$repo/target/release/korf}")
export KORF_TABLES=${KORF_TABLES:-$work/tables}

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null
fi

host=$(hostname -s)
cpus=$(nproc)
mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
conf=$work/etc
mkdir -p "$conf" "$work/state" "$work/spool" "$work/log" "$work/munge"
cat > "$conf/slurm.conf" <<CONF
ClusterName=korf-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$conf/slurm.conf

# munge: a key and a daemon of our own.
key=$work/munge/munge.key
[ -f "$key" ] || dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
chmod 400 "$key"
munged --key-file="$key" --socket="$work/munge/socket" --pid-file="$work/munge/pid" \
    --log-file="$work/log/munged.log" --seed-file="$work/munge/seed" --force
cleanup() {
    kill "$(cat "$work/slurmd.pid" 2>/dev/null)" "$(cat "$work/slurmctld.pid" 2>/dev/null)" \
        "$(cat "$work/munge/pid" 2>/dev/null)" 2>/dev/null || true
}
trap cleanup EXIT
# Slurm finds munge's socket through the plugin's default path: point it there.
mkdir -p /run/munge
ln -sf "$work/munge/socket" /run/munge/munge.socket.2
rm -f "$work/state"/* 2>/dev/null || true
slurmctld -f "$conf/slurm.conf"
slurmd -f "$conf/slurm.conf"
for _ in $(seq 60); do
    sinfo -h -o %T 2>/dev/null | grep -q idle && break
    sleep 1
done
sinfo

# The tables once, before the array; the list: 40 scrambles of 8 to 11 moves.
"$korf" tables generate --dir "$KORF_TABLES" >/dev/null
cd "$work"
rm -f results-*.jsonl korf-*.log
python3 - > list.txt <<'PY'
import random
r = random.Random(2026)
print("# 40 scrambles for the single-node Slurm check")
for i in range(40):
    print(" ".join(r.choice("URFDLB") + r.choice(["", "2", "'"]) for _ in range(8 + i % 4)))
PY
job=$(KORF="$korf" sbatch --parsable --array=0-3 --cpus-per-task=1 \
    "$repo/examples/cluster/korf-array.sbatch" list.txt)
echo "submitted job array $job"
while squeue -h -j "$job" 2>/dev/null | grep -q .; do sleep 2; done
sacct -j "$job" 2>/dev/null || true
for f in korf-"${job}"_*.log; do echo "== $f"; tail -n 2 "$f"; done
"$korf" merge --list list.txt results-*.jsonl --csv all.csv | tail -n 3
