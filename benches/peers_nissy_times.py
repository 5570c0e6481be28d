"""Per-position times of nissy-core's `solve_file` tool, from its output on stdin.

The tool prints "N. SCRAMBLE", then "Solving scramble SCRAMBLE", and flushes; when the
search ends it prints "Solutions:" and the solution.  The time between the two is the
position's solve time (the tool prints only the total).  Writes "index seconds length"
lines, one per position, in order; a position without a solution is an error.
"""
import re
import sys
import time

MOVE = re.compile(r"^[URFDLB](2|')?$")

index, started, waiting_for_solution = None, None, False
for line in sys.stdin:
    now = time.monotonic()
    line = line.strip()
    m = re.match(r"^(\d+)\. ", line)
    if m:
        index = int(m.group(1))
    elif line.startswith("Solving scramble"):
        started = now
    elif line == "Solutions:":
        seconds = now - started
        waiting_for_solution = True
    elif waiting_for_solution:
        moves = [w for w in line.split() if MOVE.match(w)]
        print(f"{index} {seconds:.6f} {len(moves)}", flush=True)
        waiting_for_solution = False
    elif line in ("No solution found", "Invalid scramble"):
        sys.exit(f"nissy-core: position {index}: {line}")
