#!/usr/bin/env bash
# Every <R,U,F> algorithm within one move of optimal for 20 last-layer cases: each case
# is the position a well-known algorithm solves (the algorithm's inverse applied to the
# solved cube); korf lists every solution of that case with R, U and F turns only, up to
# one move longer than the shortest.  Prints one line per case (length, count, seconds)
# and the total time.  Usage: benches/last-layer.sh [KORF_BIN] [TABLES_DIR] [METRIC]
set -euo pipefail
korf=${1:-target/release/korf}
tables=${2:-tables}
metric=${3:-htm}
algorithms=(
  "R U R' U R U2 R'"                        # Sune
  "R U2 R' U' R U' R'"                      # Antisune
  "F R U R' U' F'"                          # OLL 45
  "F U R U' R' F'"                          # OLL 44
  "R U R' U' R' F R F'"                     # OLL 33
  "F R' F' R U R U' R'"                     # OLL 37
  "F R U R' U' R U R' U' F'"                # OLL 48
  "R U2 R' U' R U R' U' R U' R'"            # OLL 21 (H)
  "R U2 R2 U' R2 U' R2 U2 R"                # OLL 22 (Pi)
  "F R U R' U' R U R' U' R U R' U' F'"      # OLL 2-style triple
  "R U R' U R U' R' U R U2 R'"              # OLL 21, another way
  "R U R' U' R' F R2 U' R' U' R U R' F'"    # T-perm
  "R U' R U R U R U' R' U' R2"              # Ua-perm
  "R2 U R U R' U' R' U' R' U R'"            # Ub-perm
  "R U R' F' R U R' U' R' F R2 U' R'"       # Jb-perm
  "F R U' R' U' R U R' F' R U R' U' R' F R F'"  # Y-perm
  "R U R' U R U2 R' U R U R' U R U2 R'"     # Sune twice (U-layer only)
  "R U2 R' U' R U' R' U2 R U R' U R U2 R'"  # Antisune then Sune
  "F R U R' U' F' R U R' U R U2 R'"         # OLL 45 then Sune
  "R U R' U' R' F R2 U' R' U' R U R' F' U"  # T-perm then U
)
inverse() {
  python3 -c '
import sys
out = []
for m in reversed(sys.argv[1].split()):
    out.append(m[0] if m.endswith("'"'"'") else (m if m.endswith("2") else m + "'"'"'"))
print(" ".join(out))' "$1"
}
start=$(date +%s.%N)
n=0
for alg in "${algorithms[@]}"; do
  n=$((n + 1))
  case=$(inverse "$alg")
  t0=$(date +%s.%N)
  out=$("$korf" solve --tables "$tables" --metric "$metric" --moves R,U,F --all --within 1 \
    --threads 2 -s "$case" 2>/dev/null)
  t1=$(date +%s.%N)
  count=$(tail -n 1 <<<"$out")
  first=$(head -n 1 <<<"$out")
  printf '%2d  %-48s %-34s %6.2f s\n' "$n" "$alg" "$count" "$(echo "$t1 - $t0" | bc)"
  # The algorithm itself, when it is within one move of optimal, must be in the list.
  optimal=$(sed -E 's/.*\(([0-9]+)[fq]\*?\)$/\1/' <<<"$first")
  length=$(wc -w <<<"$alg")
  if [ "$metric" = htm ] && [ "$length" -le $((optimal + 1)) ]; then
    grep -qE "^$alg \(" <<<"$out" || { echo "missing: $alg" >&2; exit 1; }
  fi
done
echo "total $(echo "$(date +%s.%N) - $start" | bc) s for $n cases"
