#!/usr/bin/env bash
# The 21 cases of issue 38, rerun by hand: each command and what it printed.
# Usage: benches/fault-cases.sh (after `cargo build --release`; uses the test tables in
# target/tmp/tables, which `cargo test --release` builds). Results: lab/2026-11-26-the-last-faults-of-the-battery.md.
cd "$(dirname "$0")/.."
K=$PWD/target/release/korf; export KORF_TABLES=$PWD/target/tmp/tables
run() { echo "\$ korf $*"; "$K" "$@" > /tmp/b.out 2> /tmp/b.err; rc=$?; head -c 400 /tmp/b.out; grep -v "^  bound\|^heuristic" /tmp/b.err | head -c 400; echo "-> exit $rc"; echo; }
printf 'R U\nF2\n' > /tmp/two.txt
run solve --timeout 1e30 -s "R U"
run solve --timeout 1e19 -s "R U"
run solve --timeout 1.8e19 -s "R U"
run solve --fast --time 1e30 -s "R U"
run bench --timeout 1e30 /tmp/two.txt
run solve --timeout -inf -s "R U"
run solve --timeout NaN -s "R U"
P17=$(sed -n 1p benches/scrambles/optimal-17.txt)
echo "\$ korf solve --heuristic coset -s <17-move> & sleep 15; kill -TERM"
"$K" solve --heuristic coset -s "$P17" > /tmp/b.out 2>/tmp/b.err & pid=$!; sleep 15; kill -TERM $pid; wait $pid; echo "-> exit $?"; cat /tmp/b.out; echo
run solve BDBUULRRF2LURBURUFFUFFRLRLDDFLDBDDRDLDFLURUBUFRLBLBBF
echo "\$ printf 'BDBUULRRF2LURBURUFFUFFRLRLDDFLDBDDRDLDFLURUBUFRLBLBBF\n' | korf solve -"
printf 'BDBUULRRF2LURBURUFFUFFRLRLDDFLDBDDRDLDFLURUBUFRLBLBBF\n' | "$K" solve - 2>&1 | head -3; echo "-> exit ${PIPESTATUS[1]}"; echo
echo "\$ printf '\xef\xbb\xbfR U\n' | korf solve -"
printf '\xef\xbb\xbfR U\n' | "$K" solve - 2>/dev/null; echo "-> exit ${PIPESTATUS[1]}"; echo
echo "\$ korf solve - < /dev/null"
"$K" solve - < /dev/null; echo "-> exit $?"; echo
# 4: trust after verify, then the payload overwritten
D=$(mktemp -d); for f in corners coset phase1 phase2; do cp target/tmp/tables/$f.pdb $D/; done
"$K" tables verify --dir $D > /dev/null; echo "verified: $?"
echo "\$ korf solve --trust-tables --heuristic coset -s 'R U' (after verify)"; KORF_TABLES=$D "$K" solve --trust-tables --heuristic coset -s "R U" 2>/dev/null; echo "-> exit $?"
python3 -c "
import os; p='$D/coset.pdb'; f=open(p,'r+b'); f.seek(4096); f.write(bytes(1<<20)); f.close()"
echo "\$ (coset payload overwritten) korf solve --trust-tables --heuristic coset -s 'R U'"; KORF_TABLES=$D "$K" solve --trust-tables --heuristic coset -s "R U"; echo "-> exit $?"; echo
# 8: damaged phase1, optimal solve
cp target/tmp/tables/coset.pdb $D/; python3 -c "
p='$D/phase1.pdb'; f=open(p,'r+b'); f.seek(40000000); b=f.read(1); f.seek(40000000); f.write(bytes([b[0]^1])); f.close()"
echo "\$ (phase1 damaged) korf solve -s 'R U F D2 L B' R2 U' F2'"; KORF_TABLES=$D "$K" solve --heuristic coset -s "R U F D2 L B' R2 U' F2" 2>&1 | grep -v "^  bound\|^heuristic"; echo
echo "\$ korf tables verify (phase1 damaged)"; "$K" tables verify --dir $D 2>&1 | tail -1; echo
rm -rf $D
# 8: two generations at once
D=$(mktemp -d)
( time "$K" tables generate --dir $D --only corners ) > /tmp/g1.txt 2>&1 & ( sleep 0.5; time "$K" tables generate --dir $D --only corners ) > /tmp/g2.txt 2>&1; wait
echo "two concurrent generations of corners:"; grep -h "real\|not built again\|waiting" /tmp/g1.txt /tmp/g2.txt; rm -rf $D
