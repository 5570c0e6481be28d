#!/usr/bin/env bash
# Time every optimal solution against one, on the same list in the same run: `korf bench`
# once for the first solution and once with --all, then the per-position time ratio, the
# mean of the ratios and the ratio of the means, and the solution counts.
#
#   benches/all-solutions.sh LIST [korf bench options...]
#   e.g. benches/all-solutions.sh benches/scrambles/optimal-17.txt --threads 2 \
#          --heuristic sliceperm --tables tables
#
# KORF names the binary (default: the release build).
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: $0 LIST [korf bench options...]" >&2
    exit 2
fi
list=$1
shift
korf=${KORF:-$(dirname "$0")/../target/release/korf}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$korf" bench "$@" --csv "$tmp/one.csv" "$list" >/dev/null
"$korf" bench "$@" --all --csv "$tmp/all.csv" "$list" >/dev/null
python3 - "$tmp/one.csv" "$tmp/all.csv" <<'PY'
import csv, statistics, sys
one = list(csv.DictReader(open(sys.argv[1])))
every = list(csv.DictReader(open(sys.argv[2])))
print(f"{'#':>3} {'length':>6} {'one s':>8} {'all s':>8} {'ratio':>6} {'solutions':>9}")
ratios = []
for a, b in zip(one, every):
    assert a["input"] == b["input"] and a["length"] == b["length"], (a, b)
    r = float(b["seconds"]) / float(a["seconds"])
    ratios.append(r)
    print(f"{a['index']:>3} {a['length']:>6} {float(a['seconds']):>8.3f} {float(b['seconds']):>8.3f} {r:>6.2f} {b['solutions']:>9}")
m1 = statistics.mean(float(a["seconds"]) for a in one)
m2 = statistics.mean(float(b["seconds"]) for b in every)
counts = [int(b["solutions"]) for b in every]
print(f"mean one {m1:.3f} s, mean all {m2:.3f} s, ratio of means {m2 / m1:.2f}; "
      f"ratios: mean {statistics.mean(ratios):.2f}, median {statistics.median(ratios):.2f}, "
      f"max {max(ratios):.2f}")
print(f"solutions per position: {counts} (total {sum(counts)})")
PY
