#!/usr/bin/env bash
# Solve a scramble list one position at a time with `korf bench`, keeping each result, so
# that a list that takes hours (the published 20-move list: about 3 minutes per position
# with sliceperm on 2 threads, an hour and a quarter in all) survives being stopped: run it
# again and it continues with the first position that has no result yet.
#
#   benches/resumable-list.sh LIST OUT_DIR [korf bench options...]
#   e.g. benches/resumable-list.sh ../shared/data/scrambles/optimal-20.txt runs/list20 \
#          --threads 2 --heuristic sliceperm --expect-length 20
#
# OUT_DIR/N.csv holds position N's row (written only once it is solved, through a rename);
# OUT_DIR/log has a line per start and per result.  KORF names the binary (default: the
# release build).
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 LIST OUT_DIR [korf bench options...]" >&2
    exit 2
fi
list=$1
out=$2
shift 2
korf=${KORF:-$(dirname "$0")/../target/release/korf}
[ -f "$list" ] || { echo "$0: no scramble list at $list" >&2; exit 2; }
[ -x "$korf" ] || { echo "$0: no korf binary at $korf (cargo build --release, or set KORF)" >&2; exit 2; }
mkdir -p "$out"
n=0
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in '' | '#'*) continue ;; esac
    n=$((n + 1))
    [ -f "$out/$n.csv" ] && continue
    printf '%s\n' "$line" > "$out/$n.txt"
    echo "$(date -u +%FT%TZ) start $n" >> "$out/log"
    if "$korf" bench "$@" --csv "$out/$n.csv.tmp" "$out/$n.txt" > "$out/$n.out" 2>&1; then
        mv "$out/$n.csv.tmp" "$out/$n.csv"
        echo "$(date -u +%FT%TZ) done $n $(tail -n 1 "$out/$n.csv")" >> "$out/log"
    else
        status=$?
        echo "$(date -u +%FT%TZ) FAILED $n (exit $status; see $out/$n.out)" >> "$out/log"
        exit "$status"
    fi
done < "$list"
echo "$(date -u +%FT%TZ) all $n positions have results" >> "$out/log"
