#!/usr/bin/env bash
# korf beside its peers, from nothing to the table: build each peer from its own public
# source outside this repository, make its tables, draw random positions, sort them by
# optimal length, and run korf and each peer on the same positions, one length at a time,
# in one run (through benches/peers.sh).  Prints one summary row per length and peer; the
# per-position rows of every run are kept under the work directory.
#
#   benches/side-by-side.sh [options] [-- korf bench options]
#
#   --peers LIST          vcube, nissy or vcube,nissy                 (default: vcube)
#   --lengths LIST        optimal lengths to compare, e.g. 17,18,19   (default: 17,18)
#   --per-length N        positions per length                        (default: 20)
#   --seed S              seed of the first batch of `korf scramble`  (default: 20261128)
#   --list FILE           sort these move sequences instead of random states
#   --work DIR            where peers are cloned and built, and positions and results kept
#                         (default: $KORF_PEERS, else ~/.cache/korf-peers; never inside
#                         this repository)
#   --vcube-coord C       vcube's table                               (default: 112)
#   --nissy-solver S      nissy-core's solver and table               (default: h48h7)
#   --sort-heuristic H    korf table that sorts the positions by length (default: the one
#                         after --heuristic, else korf's default)
#   --sort-threads N      threads for that sort                       (default: all cores)
#   --reserve-huge-pages  as root, reserve the 2 MiB pages vcube's README asks for, and
#                         give them back when the script ends (otherwise the script
#                         stops if they are missing)
#   --allow-small-pages   run vcube without them (slower than its README's set-up; the
#                         output says so)
#   --turn N              korf and the peer take turns of N positions, who goes first
#                         swapped each turn; 0: the whole list each    (default: 5)
#   after --, korf bench options for korf's side: --heuristic, --tables, --threads ...
#                         (--threads also sets the peers' threads; default 1)
#
# A peer already built under the work directory is reused, and so are its tables (vcube
# 112 takes minutes to make; nissy-core's h48h7 hours, h48h8 and up much longer).  The
# sources are cloned from GitHub unless the work directory already holds them: to use a
# checkout you have, put (or link) it at WORK/vcube or WORK/nissy-core.  Building needs git,
# clang, cmake and cpputest for vcube, a C compiler for nissy-core.
#
# Positions: batches of 100 `korf scramble` states (seeds S, S+1, ...) are solved by korf
# until every length has N positions or 20 batches are spent; the sorted positions are kept
# in WORK/positions-S.csv and reused.  A length with fewer than N positions is run with
# what there is, and the summary says how many.
set -Eeuo pipefail
trap 'echo "error: side-by-side.sh line $LINENO: \"$BASH_COMMAND\" failed (exit $?)" >&2' ERR
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd -P)
korf=${KORF:-$repo/target/release/korf}

peers=vcube lengths=17,18 per_length=20 seed=20261128
work=${KORF_PEERS:-$HOME/.cache/korf-peers}
vcube_coord=112 nissy_solver=h48h7 sort_heuristic= sort_threads=$(nproc) reserve=0
list= small_pages=0 turn=${TURN:-5}
usage() { sed -n '9,31p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
need_value() { [ $# -ge 2 ] || { echo "error: $1 needs a value" >&2; usage; }; }
while [ $# -gt 0 ]; do
    case $1 in
        --peers) need_value "$@"; peers=$2; shift 2 ;;
        --lengths) need_value "$@"; lengths=$2; shift 2 ;;
        --per-length) need_value "$@"; per_length=$2; shift 2 ;;
        --seed) need_value "$@"; seed=$2; shift 2 ;;
        --list) need_value "$@"; list=$2; shift 2 ;;
        --work) need_value "$@"; work=$2; shift 2 ;;
        --vcube-coord) need_value "$@"; vcube_coord=$2; shift 2 ;;
        --nissy-solver) need_value "$@"; nissy_solver=$2; shift 2 ;;
        --sort-heuristic) need_value "$@"; sort_heuristic=$2; shift 2 ;;
        --sort-threads) need_value "$@"; sort_threads=$2; shift 2 ;;
        --reserve-huge-pages) reserve=1; shift ;;
        --allow-small-pages) small_pages=1; shift ;;
        --turn) need_value "$@"; turn=$2; shift 2 ;;
        -h | --help) usage ;;
        --) shift; break ;;
        *) echo "error: unknown option '$1' (korf bench options go after --)" >&2; usage ;;
    esac
done
bench_args=("$@")
for p in ${peers//,/ }; do
    case $p in vcube | nissy) ;; *) echo "error: --peers: unknown peer '$p' (vcube, nissy)" >&2; exit 2 ;; esac
done
[[ $per_length =~ ^[1-9][0-9]*$ ]] || { echo "error: --per-length must be a positive number, not '$per_length'" >&2; exit 2; }
[[ $turn =~ ^[0-9]+$ ]] || { echo "error: --turn must be a number of positions (0: no turns), not '$turn'" >&2; exit 2; }
[[ $lengths =~ ^[0-9]+(,[0-9]+)*$ ]] || { echo "error: --lengths must be like 17,18, not '$lengths'" >&2; exit 2; }
[ -z "$list" ] || [ -r "$list" ] || { echo "error: --list: cannot read '$list'" >&2; exit 2; }
[ -z "$list" ] || list=$(realpath "$list")
[ -x "$korf" ] || { echo "error: no korf binary at $korf: run 'cargo build --release' or set KORF" >&2; exit 2; }
work=$(realpath -m "$work")
case $work/ in "$repo"/*) echo "error: --work $work is inside the repository; peers are kept outside it" >&2; exit 2 ;; esac
mkdir -p "$work"

# korf bench's --heuristic and --tables, for the sort.
heuristic= tables=
for ((i = 0; i < ${#bench_args[@]}; i++)); do
    case ${bench_args[$i]} in
        --heuristic) heuristic=${bench_args[$((i + 1))]:-} ;;
        --heuristic=*) heuristic=${bench_args[$i]#--heuristic=} ;;
        --tables) tables=${bench_args[$((i + 1))]:-} ;;
        --tables=*) tables=${bench_args[$i]#--tables=} ;;
    esac
done
sort_heuristic=${sort_heuristic:-$heuristic}

log() { echo "# $*" >&2; }

build_vcube() {
    local dir=$work/vcube
    if [ ! -d "$dir" ]; then
        log "cloning vcube into $dir"
        git clone -q https://github.com/Voltara/vcube "$dir"
    fi
    if [ ! -x "$dir/vc-optimal" ]; then
        log "building vcube (clang, cmake; log in $work/vcube-build.log)"
        (cd "$dir" && CC=clang CXX=clang++ cmake . && make -j"$(nproc)") > "$work/vcube-build.log" 2>&1 ||
            { tail "$work/vcube-build.log" >&2; echo "error: vcube did not build (needs clang, cmake, cpputest)" >&2; exit 1; }
    fi
    log "vcube: loading, or making, its coord $vcube_coord table (minutes the first time)"
    (cd "$dir" && ./vc-optimal --coord="$vcube_coord" --no-input) > "$work/vcube-table-$vcube_coord.log" 2>&1 ||
        { tail "$work/vcube-table-$vcube_coord.log" >&2; exit 1; }
}

# vcube's README asks for reserved 2 MiB pages; without them it runs on 4 KiB pages and
# is measured slower than it is.  Pages this script reserved go back when it ends: left
# reserved, they hold gigabytes no other process can use.
reserved_before=
give_back_huge_pages() {
    [ -n "$reserved_before" ] || return 0
    echo "$reserved_before" > /proc/sys/vm/nr_hugepages &&
        log "huge pages reserved again as before the run: $reserved_before"
}
vcube_huge_pages() {
    local need
    case $vcube_coord in 112) need=1300 ;; 208) need=3800 ;; *) need=0 ;; esac
    [ "$need" -gt 0 ] || { log "vcube coord $vcube_coord: reserve its huge pages yourself (its README)"; return; }
    local have
    have=$(awk '/HugePages_Free/ {print $2}' /proc/meminfo)
    [ "$have" -ge "$need" ] && return
    if [ "$small_pages" = 1 ]; then
        log "vcube on 4 KiB pages (--allow-small-pages): slower than its README's set-up"
        return
    fi
    if [ "$reserve" = 1 ]; then
        log "reserving $need huge pages for vcube (until the script ends)"
        reserved_before=$(cat /proc/sys/vm/nr_hugepages)
        trap give_back_huge_pages EXIT
        echo "$need" > /proc/sys/vm/nr_hugepages
        have=$(awk '/HugePages_Free/ {print $2}' /proc/meminfo)
        [ "$have" -ge "$need" ] && return
    fi
    echo "error: vcube coord $vcube_coord needs $need free 2 MiB pages, $have are free;" \
        "as root: echo $need > /proc/sys/vm/nr_hugepages (or pass --reserve-huge-pages," \
        "or --allow-small-pages to run it slower than it can)" >&2
    exit 2
}

build_nissy() {
    local dir=$work/nissy-core
    if [ ! -d "$dir" ]; then
        log "cloning nissy-core into $dir"
        git clone -q https://github.com/sebastianotronto/nissy-core "$dir"
    fi
    # peers.sh makes the table on first use with the tool's own gendata.
    if ! ls "$dir/tables/" 2>/dev/null | grep -q "$nissy_solver"; then
        log "nissy-core: making its $nissy_solver table (hours for h48h7, longer for h8 and up;" \
            "log in $work/nissy-gendata.log)"
        (cd "$dir" && THREADS=$(nproc) ./build.sh tool gendata "$nissy_solver") > "$work/nissy-gendata.log" 2>&1 ||
            { tail "$work/nissy-gendata.log" >&2; exit 1; }
    fi
}

# Sorted positions: "length<TAB>moves" lines in $positions.
if [ -n "$list" ]; then
    positions=$work/positions-list-$(sha1sum "$list" | cut -c1-12).csv
else
    positions=$work/positions-$seed.csv
fi
# Solve the positions in file $1 with korf and add their lengths to $positions.
sort_batch() {
    local opts=(--threads "$sort_threads")
    [ -n "$sort_heuristic" ] && opts+=(--heuristic "$sort_heuristic")
    [ -n "$tables" ] && opts+=(--tables "$tables")
    "$korf" bench "${opts[@]}" --csv "$work/batch.csv" "$1" > /dev/null
    python3 - "$work/batch.csv" >> "$positions" <<'PY'
import csv, sys
for row in csv.DictReader(open(sys.argv[1])):
    if row["status"] != "solved":
        sys.exit(f"position {row['index']} ({row['input']}): {row['status']}")
    print(f"{row['length']}\t{row['input']}")
PY
}
sort_positions() {
    if [ -n "$list" ]; then
        [ -e "$positions.done" ] && return
        log "sorting $list by optimal length"
        : > "$positions"
        sort_batch "$list"
        touch "$positions.done"
        return
    fi
    local batch=0
    touch "$positions"
    while :; do
        local short=0
        for l in ${lengths//,/ }; do
            [ "$(awk -F'\t' -v l="$l" '$1 == l' "$positions" | wc -l)" -ge "$per_length" ] || short=1
        done
        [ "$short" = 0 ] && return
        [ -e "$positions.batch$batch" ] || {
            log "sorting batch $((batch + 1)) (seed $((seed + batch))): 100 random positions by optimal length"
            "$korf" scramble -n 100 --seed $((seed + batch)) --format moves ${tables:+--tables "$tables"} > "$work/batch.txt"
            sort_batch "$work/batch.txt"
            touch "$positions.batch$batch"
        }
        batch=$((batch + 1))
        if [ "$batch" -ge 20 ]; then
            log "20 batches sorted; lengths short of $per_length positions run with what there is"
            return
        fi
    done
}

[ -n "${peers##*vcube*}" ] || { build_vcube; vcube_huge_pages; }
[ -n "${peers##*nissy*}" ] || build_nissy
sort_positions

results=$work/results-$(date -u +%Y%m%dT%H%M%SZ)
mkdir -p "$results"
log "per-position rows in $results"
summary=()
for l in ${lengths//,/ }; do
    # (awk alone: `| head` would end awk with SIGPIPE, which pipefail makes fatal.)
    awk -F'\t' -v l="$l" -v n="$per_length" '$1 == l && c < n {print $2; c++}' "$positions" > "$results/list-$l.txt"
    n=$(wc -l < "$results/list-$l.txt")
    [ "$n" -gt 0 ] || { summary+=("$l	-	no position of this length was drawn"); continue; }
    for p in ${peers//,/ }; do
        out=$results/$p-$l.txt
        log "$l moves, $n positions: korf beside $p"
        if [ "$p" = vcube ]; then
            TURN=$turn VCUBE=$work/vcube/vc-optimal VCUBE_COORD=$vcube_coord \
                "$here/peers.sh" "$results/list-$l.txt" "${bench_args[@]}" > "$out"
        else
            TURN=$turn NISSY=$work/nissy-core NISSY_SOLVER=$nissy_solver \
                "$here/peers.sh" "$results/list-$l.txt" "${bench_args[@]}" > "$out"
        fi
        summary+=("$l	$p	$(grep '^mean korf' "$out") $(grep '^peak resident' "$out") $(grep "^peer's reserved huge pages" "$out" || true)")
    done
done
echo "# $(date -u '+%Y-%m-%d %H:%M:%S') UTC on $(hostname): $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
# Which korf ran, as peers.sh names it in each run's header.
awk '/^# korf:/ {print; exit}' "$results"/*.txt
echo "# korf bench options: ${bench_args[*]:-(defaults)}"
printf '%s\n' "${summary[@]}" | python3 -c '
import re, sys
print(f"| length | peer | positions | korf mean | peer mean | ratio of means | geometric mean | worst ratio | korf faster on | peak memory: korf, peer |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
pat = re.compile(r"mean korf ([\d.]+) s, peer ([\d.]+) s, ratio of means ([\d.]+); per position: "
                 r"median ratio ([\d.]+), geometric mean ([\d.]+); korf faster on (\d+) of (\d+) "
                 r"\(worst ratio ([\d.]+)\)")
memory = re.compile(r"peak resident memory: korf (.*?), peer (.*?)(?: peer.s reserved huge pages.*)?$")
huge = re.compile(r"in all about (\d+) kB")
for line in sys.stdin:
    length, peer, rest = line.rstrip("\n").split("\t", 2)
    m = pat.search(rest)
    if not m:
        print(f"| {length} | {peer} | {rest} ||||||||")
        continue
    k, p, r, _, g, f, n, w = m.groups()
    mem = memory.search(rest)
    rss = f"{mem.group(1)}, {mem.group(2)}" if mem else "-"
    h = huge.search(rest)
    if mem and h:
        rss += f" (with its table in reserved huge pages: {h.group(1)} kB)"
    print(f"| {length} | {peer} | {n} | {k} s | {p} s | {r}x | {g} | {w} | {f} of {n} | {rss} |")
'
