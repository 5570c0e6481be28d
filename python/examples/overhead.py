"""Per-call cost of the Python layer: wall time of `Solver.solve` from Python minus the
time the Rust search reports for the same call (`Solution.seconds`), over many short
positions with the tables already open.

    python python/examples/overhead.py [TABLES_DIR] [CALLS]
"""

import random
import statistics
import sys
import time

import korf

tables = sys.argv[1] if len(sys.argv) > 1 else None
calls = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
solver = korf.Solver(tables, heuristic="coset", threads=1)
rng = random.Random(1)
scrambles = [" ".join(rng.choice("URFDLB") + rng.choice(["", "2", "'"]) for _ in range(4)) for _ in range(calls)]
for s in scrambles[:50]:
    solver.solve(s)  # warm the page cache and the code
wall, inside = [], []
for s in scrambles:
    t = time.perf_counter()
    sol = solver.solve(s)
    wall.append(time.perf_counter() - t)
    inside.append(sol.seconds)
over = [w - i for w, i in zip(wall, inside)]
ms = lambda xs: f"median {1000 * statistics.median(xs):.3f} ms, mean {1000 * statistics.mean(xs):.3f} ms"
print(f"{calls} calls of 4-move scrambles, heuristic coset, 1 thread")
print(f"wall per call from Python:   {ms(wall)}")
print(f"search inside (Rust):        {ms(inside)}")
print(f"Python layer (wall - inside): {ms(over)}, p99 {1000 * sorted(over)[int(0.99 * len(over))]:.3f} ms")
