"""Types of the compiled extension (the `korf` package re-exports these)."""

from os import PathLike
from typing import Callable, List, Optional, Union

_Path = Union[str, PathLike]

__version__: str

class KorfError(Exception):
    """Base class of korf's own errors."""

class CubeError(ValueError):
    """A facelet string that is not a solvable position (which sticker, piece or parity)."""

class MoveError(ValueError):
    """Move text that does not parse (the token and its column)."""

class TableError(KorfError):
    """A missing or damaged table; the message names the command that fixes it."""

class SolveTimeout(TimeoutError):
    """The time limit ran out before the proof."""

    best: Optional[Solution]
    """The best solution known then (not proven optimal), or None."""

class Solution:
    """One solution. `str(s)` is as the command line prints it, "R U R' U' (4f*)"
    (`*`: proven optimal); `s.notation` is the moves alone."""

    moves: List[str]
    """The moves, e.g. ["R", "U", "R'", "U'"]."""
    optimal: bool
    """Proven optimal: the search ended and its tables were checked."""
    nodes: int
    """Search nodes generated."""
    seconds: float
    """Wall time of the search."""
    heuristic: str
    """The heuristic searched ("sliceperm", …, "two-phase")."""
    tables: List[str]
    """The table files searched."""
    start_auf: Optional[str]
    """With start_auf=True: the turn of U made before the moves ("" for none)."""
    end_auf: Optional[str]
    """With end_auf=True: the turn of U made after the moves ("" for none)."""
    @property
    def length(self) -> int:
        """The length in `metric`: moves, or quarter turns (a half turn counting 2).
        `len(s)` is always the number of moves."""
    @property
    def metric(self) -> str:
        """"htm" (face turns) or "qtm" (quarter turns): how `length` counts."""
    @property
    def notation(self) -> str:
        """The moves in standard notation, e.g. "R U R' U'"."""
    def __len__(self) -> int: ...

class SolutionSet:
    """Every solution of a position, canonical, each once, sorted by length then moves."""

    solutions: List[Solution]
    optimal_length: int
    within: int
    listing: str
    """"complete", "capped" (max_solutions reached) or "timeout"."""
    nodes: int
    seconds: float
    @property
    def complete(self) -> bool:
        """Every solution of the lengths looked for is listed."""
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> Solution: ...

class Solver:
    """The optimal solver with its tables loaded (mapped, shared with other processes
    through the page cache). Usable from several Python threads at once; each solve
    releases the GIL, and Ctrl-C raises KeyboardInterrupt within a second, leaving the
    solver usable."""

    def __init__(
        self,
        tables_dir: Optional[_Path] = None,
        heuristic: str = "auto",
        threads: Optional[int] = None,
        generate: bool = True,
        trust_tables: bool = False,
        upper_bounds: bool = True,
        metric: str = "htm",
        moves: Optional[str] = None,
    ) -> None:
        """Open the tables of `heuristic` in `tables_dir` (default $KORF_TABLES, else
        ./tables), building missing small ones when `generate`.  Every solve counts
        lengths in `metric` ("htm" or "qtm") and uses only the turns in `moves` ("R,U,F";
        None: all)."""
    @property
    def heuristic(self) -> str: ...
    @property
    def tables_dir(self) -> str: ...
    @property
    def tables(self) -> List[str]: ...
    def lower_bound(self, cube: str) -> int:
        """The tables' lower bound on the optimal length."""
    def solve(
        self,
        cube: str,
        *,
        timeout: Optional[float] = None,
        threads: Optional[int] = None,
        target: Optional[str] = None,
        start_auf: bool = False,
        end_auf: bool = False,
    ) -> Solution:
        """A shortest solution (see korf.solve)."""
    def solve_all(
        self,
        cube: str,
        within: int = 0,
        max_solutions: Optional[int] = None,
        *,
        timeout: Optional[float] = None,
        threads: Optional[int] = None,
        target: Optional[str] = None,
        start_auf: bool = False,
        end_auf: bool = False,
    ) -> SolutionSet:
        """Every solution of the optimal length, and up to `within` moves more."""

class FastSolver:
    """The two-phase solver (not optimal; milliseconds)."""

    def __init__(
        self, tables_dir: Optional[_Path] = None, generate: bool = True, metric: str = "htm"
    ) -> None:
        """Load (or first build) the two-phase tables; with metric="qtm" also the
        quarter-turn phase-1 table, which makes quarter-turn searches fast (without it they
        use the face-turn one: the same kind of answer, found more slowly)."""
    def solve(
        self,
        cube: str,
        *,
        max_length: Optional[int] = None,
        time: Optional[float] = None,
        timeout: Optional[float] = None,
        threads: int = 1,
        metric: str = "htm",
    ) -> Solution: ...

def random_state(seed: Optional[int] = None) -> str:
    """A uniformly random solvable position as a facelet string."""

def apply(moves: str, cube: Optional[str] = None) -> str:
    """The facelet string of `cube` (solved if None) after `moves`."""

def is_solvable(cube: str) -> bool:
    """Whether `cube` (facelets or moves) is a solvable position."""

def check(cube: str) -> Optional[str]:
    """What is wrong with `cube`, or None."""

def facelets(cube: str) -> str:
    """The facelet string of `cube` (facelets or moves)."""

def default_tables_dir(dir: Optional[str] = None) -> str: ...
def tables_list(dir: Optional[str] = None) -> List[dict]: ...
def tables_generate(
    kind: str,
    dir: Optional[str] = None,
    progress: Optional[Callable[[str, str, Optional[int]], None]] = None,
    force: bool = False,
) -> str: ...
def tables_verify(dir: Optional[str] = None) -> List[dict]: ...
