"""Solve a list of scrambles optimally and write a CSV: one row per position.

    python python/examples/solve_list.py benches/scrambles/easy.txt results.csv

Each line of the list is a facelet string or a move sequence; blank lines and `#`
comments are skipped. The tables are opened once (KORF_TABLES or ./tables).
"""

import csv
import sys

import korf


def main(list_path: str, out_path: str) -> None:
    solver = korf.Solver()
    with open(list_path) as lines, open(out_path, "w", newline="") as out:
        rows = csv.writer(out)
        rows.writerow(["line", "input", "solution", "length", "optimal", "seconds"])
        for number, line in enumerate(lines, 1):
            text = line.split("#")[0].strip()
            if not text:
                continue
            try:
                sol = solver.solve(text)
            except ValueError as e:  # a bad cube or bad moves: say which, go on
                print(f"{list_path}:{number}: {e}", file=sys.stderr)
                continue
            rows.writerow([number, text, sol.notation, sol.length, sol.optimal, f"{sol.seconds:.3f}"])
            print(f"{number}: {sol}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: solve_list.py LIST OUT.csv")
    main(sys.argv[1], sys.argv[2])
