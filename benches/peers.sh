#!/usr/bin/env bash
# korf and a locally built peer solver on the same list, in one run: per-position times,
# their ratio (korf / peer), and the means.  Nothing of a peer is in this repository:
# build it yourself from its own public source, as its README says, or let
# benches/side-by-side.sh build it, make its tables, draw and sort the positions and call
# this script once per length and peer.
#
# vcube (github.com/Voltara/vcube):
#
#   git clone https://github.com/Voltara/vcube && cd vcube
#   CC=clang CXX=clang++ cmake . && make -j      # needs clang, cmake, cpputest
#   ./vc-optimal --coord=112 --no-input          # its 2.4 GiB table (208: 7.3 GiB)
#
# and give it huge pages, as its README's tuning section says (korf gets transparent huge
# pages by itself; vcube asks for reserved ones and otherwise runs on 4 KiB pages, which
# made vcube 208 1.6x slower on this project's machine): before the run, as root,
#
#   echo 3800 > /proc/sys/vm/nr_hugepages        # 2 MiB pages: 208 needs 3724, 112 1241
#
#   VCUBE=/path/to/vcube/vc-optimal VCUBE_COORD=112 \
#     benches/peers.sh LIST --threads 1 --heuristic flipslice --tables DIR
#
# nissy-core's H48 (github.com/sebastianotronto/nissy-core):
#
#   git clone https://github.com/sebastianotronto/nissy-core && cd nissy-core
#   THREADS=1 ./build.sh                         # its own build script
#   THREADS=2 ./build.sh tool gendata h48h7      # its table, into tables/ (h7: 3.5 GiB,
#                                                # over two hours on two cores)
#
#   NISSY=/path/to/nissy-core NISSY_SOLVER=h48h7 \
#     benches/peers.sh LIST --threads 1 --heuristic flipslice --tables DIR
#
# nissy-core's `solve_file` tool loads the table once and prints each solution as it
# finds it; its per-position time is read here as the time between the line that starts
# a scramble and the line of its solution (the tool itself prints only the total).  A
# missing table is generated first (`gendata`), which takes hours for h7 and up.
#
# LIST: one move sequence per line (`#` comments and blank lines skipped).  The other
# arguments go to `korf bench`; the peer runs with as many threads as --threads says
# (default 1).  KORF names korf's binary (default: the release build).
#
# TURN=N (default 5): korf and the peer take turns, N positions at a time, and swap who
# goes first each turn (korf, peer; peer, korf; ...), so that a change in the host's speed
# during the run (this project's machines move by a fifth within minutes) falls on both
# alike.  Each turn loads the tables again (not timed: the times are per position).
# TURN=0 runs the whole list with korf, then with the peer.
#
# Memory: each side's peak resident memory (tables included; GNU time's %M, Debian's
# package `time`) over all its turns is printed under the table, since equal memory means
# equal peak resident memory, not equal table files.  nissy-core's build script compiles
# its tool before each run, and the compiler's peak is larger than H48 h1's: there the
# tool's own peak (`runtool`'s VmHWM, read every 0.1 s while it runs) is taken, and the
# whole call's only where no `runtool` process was seen.  vcube's table lives in the
# reserved huge pages, which its resident count leaves out: the most of them in use while it
# runs (read every 0.1 s) is printed beside it, and the two together are what it holds.
set -euo pipefail
if [ $# -lt 1 ] || { [ -z "${VCUBE:-}" ] && [ -z "${NISSY:-}" ]; }; then
    echo "usage: VCUBE=/path/to/vc-optimal [VCUBE_COORD=112] $0 LIST [korf bench options...]" >&2
    echo "   or: NISSY=/path/to/nissy-core [NISSY_SOLVER=h48h7] $0 LIST [korf bench options...]" >&2
    exit 2
fi
list=$1
shift
korf=${KORF:-$(dirname "$0")/../target/release/korf}
here=$(cd "$(dirname "$0")" && pwd)
threads=1
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    case ${args[$i]} in
        --threads | -j) threads=${args[$((i + 1))]} ;;
        --threads=*) threads=${args[$i]#--threads=} ;;
    esac
done
turn=${TURN:-5}
[[ $turn =~ ^[0-9]+$ ]] || { echo "error: TURN must be a number of positions (0: no turns), not '$turn'" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -r "$list" ] || { echo "error: cannot read the list '$list'" >&2; exit 2; }
awk '!/^[[:space:]]*(#|$)/' "$list" > "$tmp/list.txt"
[ -s "$tmp/list.txt" ] || { echo "error: $list holds no position (one move sequence a line)" >&2; exit 2; }
[ "$turn" -gt 0 ] || turn=$(wc -l < "$tmp/list.txt")

# Run a command, adding its peak resident memory (kB) as a line to file $1 where GNU time
# is at hand.
peak() {
    local to=$1
    shift
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -a -o "$to" "$@"
    else
        "$@"
    fi
}

# korf on the positions in file $1: its CSV rows appended to $tmp/korf.csv (one header).
run_korf() {
    peak "$tmp/korf.rss" "$korf" bench "${args[@]}" --csv "$tmp/korf-turn.csv" "$1" >/dev/null
    [ -e "$tmp/korf.csv" ] || head -n 1 "$tmp/korf-turn.csv" > "$tmp/korf.csv"
    tail -n +2 "$tmp/korf-turn.csv" >> "$tmp/korf.csv"
}

# Each peer's start_ says which build runs (and makes its table if missing); its run_
# appends "index seconds length" lines for the positions in file $1 to $tmp/peer.txt.
start_vcube() {
    echo "# peer: vcube $(git -C "$(dirname "$VCUBE")" rev-parse --short HEAD 2>/dev/null || echo '?') coord ${VCUBE_COORD:-112}, $threads thread(s)"
    echo "# reserved huge pages for the peer: $(awk '/HugePages_Total/ {t=$2} /HugePages_Free/ {f=$2} END {print t " (" f " free)"}' /proc/meminfo), of $(awk '/Hugepagesize/ {print $2 " " $3}' /proc/meminfo)"
}
run_vcube() {
    touch "$tmp/watching"
    watch_max "$tmp/peer.huge" huge_pages_in_use &
    local watcher=$!
    # The peer loads (or builds) its table in its own directory.
    (cd "$(dirname "$VCUBE")" && peak "$tmp/peer.rss" "$VCUBE" --coord="${VCUBE_COORD:-112}" --workers="$threads" --ordered < "$1") |
        awk '$1 ~ /^[0-9]+$/ {print $1, $2, $3}' >> "$tmp/peer.txt"
    rm -f "$tmp/watching"
    wait "$watcher"
}

start_nissy() {
    local solver=${NISSY_SOLVER:-h48h7}
    echo "# peer: nissy-core $(git -C "$NISSY" rev-parse --short HEAD 2>/dev/null || echo '?') $solver, $threads thread(s)"
    if ! ls "$NISSY/tables/" 2>/dev/null | grep -q "$solver"; then
        echo "# generating nissy-core's $solver table (its gendata tool; hours for h7 and up)"
        (cd "$NISSY" && THREADS=$threads ./build.sh tool gendata "$solver") > "$tmp/gendata.log" 2>&1 ||
            { tail "$tmp/gendata.log" >&2; exit 1; }
    fi
}
run_nissy() {
    # Solutions arrive line by line (the tool flushes after each): stamp each line.
    touch "$tmp/watching"
    watch_max "$tmp/tool.rss" runtool_hwm &
    local watcher=$!
    (cd "$NISSY" && THREADS=$threads peak "$tmp/call.rss" ./build.sh tool solve_file "${NISSY_SOLVER:-h48h7}" "$1" 2>/dev/null) |
        python3 "$here/peers_nissy_times.py" >> "$tmp/peer.txt"
    rm -f "$tmp/watching"
    wait "$watcher"
    if [ -s "$tmp/tool.rss" ] && [ "$(tail -n 1 "$tmp/tool.rss")" -gt 0 ]; then
        tail -n 1 "$tmp/tool.rss" >> "$tmp/peer.rss"
    elif [ -s "$tmp/call.rss" ]; then
        tail -n 1 "$tmp/call.rss" >> "$tmp/peer.rss"
    fi
}
# The largest number COMMAND prints while $tmp/watching exists (read every 0.1 s), appended
# to file $1 (0 if it never printed more).
watch_max() {
    local to=$1 max=0 v
    shift
    while [ -e "$tmp/watching" ]; do
        v=$("$@")
        if [ "$v" -gt "$max" ]; then max=$v; fi
        sleep 0.1
    done
    echo "$max" >> "$to"
}
# The largest VmHWM (kB) of nissy-core's `runtool` processes now (0 if none runs).
runtool_hwm() {
    local max=0 pid hwm
    for pid in $(pgrep -x runtool || true); do
        hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
        if [ -n "$hwm" ] && [ "$hwm" -gt "$max" ]; then max=$hwm; fi
    done
    echo "$max"
}
# The reserved huge pages in use now (kB): vcube maps its table there, and a process's
# resident count leaves those out.
huge_pages_in_use() {
    awk '/HugePages_Total/ {t = $2} /HugePages_Free/ {f = $2} /Hugepagesize/ {s = $2} END {print (t - f) * s}' /proc/meminfo
}

echo "# $(date -u '+%Y-%m-%d %H:%M:%S') UTC on $(hostname): $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
if [ -z "${KORF:-}" ]; then
    # A plain `cargo build` does not stamp the commit (only dist.sh does): name the tree's.
    echo "# korf: $("$korf" --version), the release build of $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$here/.." diff --quiet HEAD 2>/dev/null || echo ' with local changes')"
else
    echo "# korf: $("$korf" --version), $korf"
fi
if [ -n "${VCUBE:-}" ]; then peer=vcube; else peer=nissy; fi
"start_$peer"
echo "# turns of $turn position(s), who goes first swapped each turn"
split -l "$turn" -d -a 4 "$tmp/list.txt" "$tmp/turn-"
: > "$tmp/peer.txt"
first=korf
for part in "$tmp"/turn-*; do
    if [ "$first" = korf ]; then
        run_korf "$part"; "run_$peer" "$part"; first=peer
    else
        "run_$peer" "$part"; run_korf "$part"; first=korf
    fi
done
python3 - "$tmp/korf.csv" "$tmp/peer.txt" <<'PY'
import csv, statistics, sys
korf = list(csv.DictReader(open(sys.argv[1])))
peer = [l.split() for l in open(sys.argv[2]) if l.strip()]
assert len(korf) == len(peer), (len(korf), len(peer))
print(f"{'#':>3} {'length':>6} {'korf s':>9} {'peer s':>9} {'korf/peer':>9}")
ratios, ks, ps = [], [], []
for i, (k, p) in enumerate(zip(korf, peer), 1):
    kl, pl = int(k["length"]), int(p[2])
    assert kl == pl, f"position {i}: korf {kl} moves, peer {pl}"
    kt, pt = float(k["seconds"]), float(p[1])
    ratios.append(kt / pt); ks.append(kt); ps.append(pt)
    print(f"{i:>3} {kl:>6} {kt:>9.3f} {pt:>9.3f} {kt / pt:>9.2f}")
faster = sum(r < 1 for r in ratios)
print(f"mean korf {statistics.mean(ks):.3f} s, peer {statistics.mean(ps):.3f} s, "
      f"ratio of means {statistics.mean(ks) / statistics.mean(ps):.2f}; per position: median ratio "
      f"{statistics.median(ratios):.2f}, geometric mean "
      f"{statistics.geometric_mean(ratios):.2f}; korf faster on {faster} of {len(ratios)}"
      f" (worst ratio {max(ratios):.2f})")
PY
# The largest number (kB) in file $1: a side's peak over its turns (0 if none).
max_kb() { awk '$1 ~ /^[0-9]+$/ && $1 > m {m = $1} END {print m + 0}' "$1" 2>/dev/null || echo 0; }
rss() { [ -s "$1" ] && awk -v m="$(max_kb "$1")" 'BEGIN {printf "%.0f MiB (%d kB)", m / 1024, m}' || echo "not measured (no /usr/bin/time)"; }
echo "peak resident memory: korf $(rss "$tmp/korf.rss"), peer $(rss "$tmp/peer.rss")"
# vcube's table in reserved huge pages, beside its resident count: what it holds in all.
huge=$(max_kb "$tmp/peer.huge")
if [ "$huge" -gt 0 ]; then
    echo "peer's reserved huge pages in use (not in its resident count): $huge kB; in all about $((huge + $(max_kb "$tmp/peer.rss"))) kB"
fi
