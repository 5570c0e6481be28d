"""Provably shortest Rubik's Cube solutions (face turns, or quarter turns with metric="qtm") from Python.

    import korf
    s = korf.solve("R U R' U' F2")
    print(s)                          # F2 U R U' R' (5f*)
    print(s.moves, s.length, s.optimal)

A cube is a 54-character facelet string (Kociemba's order U R F D L B, as `korf show`
prints it) or a move sequence applied to a solved cube. The module-level functions open
the tables once per directory and heuristic and keep them; `Solver` does the same
explicitly. Tables live where the command line keeps them: `tables=` if given, else
$KORF_TABLES, else ./tables; the small ones are built there on first use (about 35 s),
the large ones with `korf.tables.generate`.
"""

from __future__ import annotations

import threading
from typing import Dict, Optional, Tuple

from . import tables
from ._korf import (
    CubeError,
    FastSolver,
    KorfError,
    MoveError,
    Solution,
    SolutionSet,
    SolveTimeout,
    Solver,
    TableError,
    __version__,
    apply,
    check,
    facelets,
    is_solvable,
    random_state,
)

__all__ = [
    "solve",
    "solve_all",
    "solve_fast",
    "Solver",
    "FastSolver",
    "Solution",
    "SolutionSet",
    "random_state",
    "apply",
    "is_solvable",
    "check",
    "facelets",
    "tables",
    "KorfError",
    "CubeError",
    "MoveError",
    "TableError",
    "SolveTimeout",
    "__version__",
]

_lock = threading.Lock()
_solvers: Dict[Tuple[str, str, str, Optional[str]], Solver] = {}
_fast: Dict[Tuple[str, str], FastSolver] = {}


def _solver(
    tables_dir: Optional[str], heuristic: str, metric: str = "htm", moves: Optional[str] = None
) -> Solver:
    key = (_dir_of(tables_dir), heuristic, metric, moves)
    with _lock:
        s = _solvers.get(key)
        if s is None:
            s = Solver(key[0], heuristic=heuristic, metric=metric, moves=moves)
            _solvers[key] = s
        return s


def solve(
    cube: str,
    *,
    tables: Optional[str] = None,
    heuristic: str = "auto",
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    metric: str = "htm",
    moves: Optional[str] = None,
    target: Optional[str] = None,
    start_auf: bool = False,
    end_auf: bool = False,
) -> Solution:
    """Solve `cube` optimally: a shortest solution, `optimal` True once proven.

    cube: a 54-character facelet string or a move sequence ("R U R' U'"). In facelets,
        `X` (or `?`) marks a sticker whose colour does not matter: the solution then
        brings every given sticker to the face of its colour (an OLL case: the last
        layer's side stickers X). Refused if more than 20,000 cubes fit the stickers.
    tables: the tables directory (default: $KORF_TABLES, else ./tables).
    heuristic: "auto" (the fastest whose tables are present) or a heuristic's name:
        "slicefull", "sliceflips", "slicepair", "sliceperm+phase1", "sliceperm",
        "flipslice", "coset4", "coset3", "layerflips", the coset tables ("coset-fpp", "coset-fcp", "coset-fp",
        "coset-cp", "coset"), "full-edge" or "korf" (`korf.tables.list()` and `korf tables
        list` give each one's tables).
    threads: worker threads (default: every core).
    timeout: seconds; on expiry raises SolveTimeout, whose `best` is the best
        solution known then (not proven optimal).
    metric: "htm" (every face turn counts 1; a slice 2), "qtm" (a half turn counts 2;
        the quarter-turn tables, built on first use, are then searched) or "stm" (a
        turn of a face, slice or wide layer counts 1).
    moves: only these turns, e.g. "R,U,F" (every turn of each face), "R,U,F2" (a
        half turn alone), slices and wide turns "M,U" or "R,r,U" (one thread; a
        solution that leaves the centres turned ends with the rotation back, "x'",
        counted in no metric; `Solution.length_in("htm")` gives other metrics); a
        position face turns cannot solve raises KorfError.
    target: reach this position (facelets or moves) instead of the solved cube.
    start_auf / end_auf: allow one turn of U before / after the moves, not counted in
        the length (speedcubers' AUF); the solution's `start_auf` and `end_auf` say
        which ("" for none).

    Raises CubeError / MoveError (ValueError) for a bad cube, TableError for
    missing or damaged tables, KeyboardInterrupt on Ctrl-C (within a second).
    """
    return _solver(tables, heuristic, metric, moves).solve(
        cube,
        timeout=timeout,
        threads=threads,
        target=target,
        start_auf=start_auf,
        end_auf=end_auf,
    )


def solve_all(
    cube: str,
    within: int = 0,
    max_solutions: Optional[int] = None,
    *,
    tables: Optional[str] = None,
    heuristic: str = "auto",
    threads: Optional[int] = None,
    timeout: Optional[float] = None,
    metric: str = "htm",
    moves: Optional[str] = None,
    target: Optional[str] = None,
    start_auf: bool = False,
    end_auf: bool = False,
) -> SolutionSet:
    """Every optimal solution of `cube` (and with `within=K` every solution up to K
    moves longer), canonical, each once, sorted.

    Canonical: no face turned twice in a row, and of two opposite faces in a row only
    U before D, R before L, F before B. `max_solutions=N` stops after N (the set's
    `listing` is then "capped"). With start_auf/end_auf, an algorithm that differs from
    another only by a turn of U at its start/end is listed once. Other arguments as for
    `solve`.
    """
    return _solver(tables, heuristic, metric, moves).solve_all(
        cube,
        within,
        max_solutions,
        timeout=timeout,
        threads=threads,
        target=target,
        start_auf=start_auf,
        end_auf=end_auf,
    )


def solve_fast(
    cube: str,
    *,
    tables: Optional[str] = None,
    max_length: Optional[int] = None,
    time: Optional[float] = None,
    timeout: Optional[float] = None,
    metric: str = "htm",
) -> Solution:
    """A solution of at most `max_length` moves in milliseconds (Kociemba's two-phase
    search; not proven optimal). With `time=SECONDS` it keeps looking for shorter ones
    that long. `max_length` counts in `metric` (default 20 face turns, 30 quarter
    turns); with metric="qtm" both phases search by quarter-turn cost.
    """
    key = (_dir_of(tables), metric)
    with _lock:
        f = _fast.get(key)
        if f is None:
            f = FastSolver(key[0], metric=metric)
            _fast[key] = f
    return f.solve(cube, max_length=max_length, time=time, timeout=timeout, metric=metric)


def _dir_of(dir: Optional[str]) -> str:
    """The tables directory a call uses (`dir`, else $KORF_TABLES, else ./tables)."""
    return str(globals()["tables"].default_dir(dir))
