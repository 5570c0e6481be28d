#!/usr/bin/env python3
"""Draw time per position against optimal length, one line per heuristic, from
`korf bench --json FILE` outputs of runs made side by side (one machine, one session:
figures from other machines or days would not compare, so none are drawn).

    python3 docs/plot.py time-by-length.png runs/*.json

Needs matplotlib (`pip install matplotlib`).  Each JSON file is a list of rows as
`korf bench --json` writes them; rows are grouped by their `heuristic` and `threads`, and
by the solution `length` of solved rows.  The y axis is logarithmic: each move multiplies
the time by about ten.
"""
import json
import math
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

def main(out, files):
    groups = defaultdict(lambda: defaultdict(list))
    for f in files:
        for row in json.load(open(f)):
            if row.get("status") != "solved" or row.get("length") is None:
                continue
            key = f"korf {row['heuristic']}, {row['threads']} thread" + (
                "s" if row["threads"] != 1 else ""
            )
            groups[key][row["length"]].append(row["seconds"])
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for key in sorted(groups):
        lengths = sorted(groups[key])
        means = [sum(groups[key][l]) / len(groups[key][l]) for l in lengths]
        (line,) = ax.plot(lengths, means, marker="o", label=key)
        for l in lengths:
            ax.scatter(
                [l] * len(groups[key][l]), groups[key][l], s=6, alpha=0.3, color=line.get_color()
            )
    ax.set_yscale("log")
    ax.set_xlabel("optimal length (moves)")
    ax.set_ylabel("seconds per position (mean; dots: each position)")
    ax.set_title("korf: time per position by optimal length")
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out, dpi=120)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
