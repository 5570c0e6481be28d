#!/usr/bin/env python3
"""Predicted against actual nodes, from `korf bench --json FILE` outputs.

    python3 benches/estimate-accuracy.py runs/flipslice-17.json ...

For each file: positions, the median and geometric mean of predicted/actual nodes (the
prediction is the time model's figure for the position's optimal length, the
`predicted_nodes` field), and the share of positions predicted within a factor of 2.
Prints a Markdown table.
"""
import json
import math
import statistics
import sys


def main(files):
    print("| file | heuristic | positions | median predicted/actual | geometric mean | within 2x |")
    print("|---|---|---:|---:|---:|---:|")
    for f in files:
        rows = [r for r in json.load(open(f)) if r.get("predicted_nodes") and r["nodes"] > 0]
        if not rows:
            continue
        ratios = [r["predicted_nodes"] / r["nodes"] for r in rows]
        geo = math.exp(statistics.mean(math.log(x) for x in ratios))
        within = sum(1 for x in ratios if 0.5 <= x <= 2.0)
        print(
            f"| {f} | {rows[0]['heuristic']} | {len(rows)} | {statistics.median(ratios):.2f} "
            f"| {geo:.2f} | {within} of {len(rows)} |"
        )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
