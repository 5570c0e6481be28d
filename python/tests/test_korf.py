"""The Python package against an independent cube model and the command line."""

import json
import os
import random
import signal
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import korf
from cube_model import AXES, Cube

FACES = "URFDLB"


def scramble(rng, n):
    return " ".join(rng.choice(FACES) + rng.choice(["", "2", "'"]) for _ in range(n))


def replays(position_moves, solution):
    """The solution solves the scramble on the independent model."""
    return Cube().apply(position_moves).apply(solution.moves).is_solved()


@pytest.fixture(scope="module")
def solver(tables_dir):
    return korf.Solver(tables_dir, heuristic="coset")


def test_solve_matches_the_command_line_and_replays(solver, tables_dir, korf_bin):
    rng = random.Random(7)
    for n in range(0, 9):
        s = scramble(rng, n)
        sol = korf.solve(s, tables=tables_dir, heuristic="coset")
        assert replays(s, sol), (s, str(sol))
        assert sol.optimal
        out = subprocess.run(
            [korf_bin, "solve", "--json", "--tables", tables_dir, "--heuristic", "coset", "-s", s],
            capture_output=True, text=True, check=True,
        )
        assert sol.length == json.loads(out.stdout)["length"], s
        assert sol.length <= n
        assert solver.solve(s).length == sol.length


def test_a_solution_reads_well(solver):
    sol = solver.solve("R U R' U' F2")
    assert sol.notation == " ".join(sol.moves)
    assert str(sol) == sol.notation + " (5f*)"
    assert len(sol) == sol.length == 5
    assert sol.optimal and sol.heuristic == "coset"
    assert "coset.pdb" in sol.tables
    assert sol.nodes >= 0 and sol.seconds >= 0
    assert repr(sol).startswith('Solution("')
    assert sol == solver.solve("R U R' U' F2")
    assert korf.solve(korf.facelets("R U"), tables=solver.tables_dir).notation == "U' R'"


def test_facelets_and_moves_give_the_same_position(solver):
    rng = random.Random(3)
    for _ in range(5):
        s = scramble(rng, 6)
        f = korf.apply(s)
        assert len(f) == 54 and korf.is_solvable(f)
        assert korf.facelets(s) == f
        assert solver.solve(f).moves == solver.solve(s).moves
        # Applying the solution to the position gives the solved cube.
        assert korf.apply(solver.solve(f).notation, f) == korf.apply("")


def test_solve_all_lists_every_optimal_solution(solver):
    pons = "U2 D2 R2 L2 F2 B2"
    every = solver.solve_all(pons)
    assert len(every) == 6 and every.complete and every.listing == "complete"
    assert every.optimal_length == 6
    assert len({s.notation for s in every.solutions}) == 6
    for s in every.solutions:
        assert replays(pons, s) and s.optimal
    capped = korf.solve_all(pons, max_solutions=2, tables=solver.tables_dir, heuristic="coset")
    assert len(capped) == 2 and not capped.complete and capped.listing == "capped"
    wider = solver.solve_all("R2 U2 D2 F' R", within=2)
    assert [s.length for s in wider.solutions] == [5, 7]
    assert [s.optimal for s in wider.solutions] == [True, False]
    assert replays("R2 U2 D2 F' R", wider[1]) and wider[-1] == wider[1]


def test_goals_reach_a_target_and_allow_auf(tables_dir):
    # A target: the solution takes the position to it, on the independent model.
    sol = korf.solve("R U R' U' F2", target="F2 D R2", tables=tables_dir, heuristic="coset")
    moved = Cube().apply("R U R' U' F2").apply(sol.moves)
    assert moved.stickers == Cube().apply("F2 D R2").stickers and sol.optimal
    # Sune from an angle, up to AUF, in <R,U>: seven moves, AUF turns outside them.
    position = "U R U R' U R U2 R' U2"
    every = korf.solve_all(
        position, moves="R,U", start_auf=True, end_auf=True, tables=tables_dir, heuristic="coset"
    )
    assert every.optimal_length == 7 and every.complete
    for s in every.solutions:
        framed = [t for t in [s.start_auf] if t] + s.moves + [t for t in [s.end_auf] if t]
        assert Cube().apply(position).apply(framed).is_solved(), str(s)
        assert s.start_auf is not None and s.end_auf is not None
        assert s.moves[0][0] != "U" and s.moves[-1][0] != "U"
        assert str(s).endswith("(7f*)")
    one = korf.solve(position, moves="R,U", end_auf=True, start_auf=True, tables=tables_dir)
    assert one.length == 7 and one in every.solutions
    plain = korf.solve("R U", tables=tables_dir, heuristic="coset")
    assert plain.start_auf is None and plain.end_auf is None


def test_stickers_that_do_not_matter_give_every_orientation_algorithm(tables_dir):
    # Sune's case as an orientation case: every sticker of the last layer's pieces that
    # is not white is grey (X).  A solution brings the white ones to the top and keeps
    # the first two layers.
    scramble = "R U2 R' U' R U' R'"
    facelets = list(korf.facelets(scramble))
    last_layer = list(range(9)) + [9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47]
    for i in last_layer:
        if facelets[i] != "U":
            facelets[i] = "X"
    case = "".join(facelets)
    assert korf.facelets(case) == case and korf.check(case) is None
    every = korf.solve_all(case, moves="R,U", end_auf=True, start_auf=True, tables=tables_dir)
    assert every.optimal_length == 7 and every.complete and len(every.solutions) >= 2
    face_of = {n: f for f, n in AXES.items()}
    for s in every.solutions:
        framed = [t for t in [s.start_auf] if t] + s.moves + [t for t in [s.end_auf] if t]
        cube = Cube().apply(scramble).apply(framed)
        for (p, n), colour in cube.stickers.items():
            if p[1] == 1 and colour != "U":
                continue  # a grey sticker of the last layer
            assert colour == face_of[n], (str(s), p, n, colour)
    # No cube fits: a centre cannot be grey.
    grey_centre = case[:4] + "X" + case[5:]
    assert "centre" in korf.check(grey_centre)
    with pytest.raises(korf.CubeError):
        korf.solve(grey_centre, tables=tables_dir)


def test_solve_fast_is_quick_and_unproven(tables_dir):
    state = korf.random_state(seed=11)
    sol = korf.solve_fast(state, tables=tables_dir)
    assert sol.length <= 20 and not sol.optimal and sol.heuristic == "two-phase"
    assert korf.apply(sol.notation, state) == korf.apply("")
    assert str(sol).endswith(f"({sol.length}f)")


EXTREMES = [
    0, -0.0, -1, 5e-324, 1e-300, 0.5, 1, 4, 30, 1e19, 1.8e19, 1e30, 1e300,
    float("inf"), float("-inf"), float("nan"),
    2**32, 2**63 - 1, 2**64 - 1, 2**64, -(2**63) - 1,
]


def test_extreme_numbers_are_answered_or_refused_never_a_panic(solver, tables_dir):
    """Every numeric argument, every extreme value: an answer, or a Python exception
    that names the argument (a Rust panic would be pyo3's PanicException, which is not
    an Exception and so fails the test)."""
    fast = korf.FastSolver(tables_dir)
    calls = {
        "timeout": lambda v: solver.solve("R U", timeout=v),
        "threads": lambda v: solver.solve("R U", threads=v),
        "within": lambda v: solver.solve_all("R U", within=v),
        "max_solutions": lambda v: solver.solve_all("R U", max_solutions=v),
        "max_length": lambda v: fast.solve("R U", max_length=v),
        "time": lambda v: fast.solve("R U", time=v),
        "timeout ": lambda v: fast.solve("R U", timeout=v),
        "threads ": lambda v: fast.solve("R U", threads=v),
        "seed": lambda v: korf.random_state(seed=v),
    }
    answered = refused = 0
    for name, call in calls.items():
        for v in EXTREMES:
            try:
                call(v)
                answered += 1
            except (TypeError, OverflowError):
                refused += 1  # not an integer, or out of the type's range
            except korf.SolveTimeout:
                answered += 1  # a limit of a nanosecond is a limit
            except (ValueError, korf.KorfError) as e:
                refused += 1
                assert name.strip() in str(e), (name, v, str(e))
    assert answered and refused


def test_random_states_are_reproducible_and_solvable():
    assert korf.random_state(seed=5) == korf.random_state(seed=5)
    assert korf.random_state(seed=5) != korf.random_state(seed=6)
    assert korf.is_solvable(korf.random_state())
    twisted = list(korf.apply(""))
    twisted[0], twisted[9] = twisted[9], twisted[0]
    assert not korf.is_solvable("".join(twisted))
    assert korf.check("".join(twisted))
    assert korf.check("R U") is None


def test_errors_are_python_exceptions_with_the_command_lines_messages(solver, tmp_path):
    with pytest.raises(korf.CubeError, match="54 characters"):
        solver.solve("U" * 55)
    with pytest.raises(ValueError):
        solver.solve("U" * 53 + "R")
    with pytest.raises(korf.MoveError, match="`Q` at position 3"):
        solver.solve("R Q")
    with pytest.raises(korf.MoveError, match="`Mw` at position 1"):
        korf.apply("Mw")
    # Slices are moves: M is R L' seen from the centres.
    assert korf.apply("M") == korf.apply("R L'")
    with pytest.raises(ValueError, match="unknown heuristic"):
        korf.Solver(solver.tables_dir, heuristic="nope")
    with pytest.raises(ValueError, match="threads must be at least 1"):
        solver.solve("R", threads=0)
    with pytest.raises(ValueError, match="timeout must be a positive"):
        solver.solve("R", timeout=-1)
    with pytest.raises(korf.TableError, match="korf tables generate"):
        korf.Solver(str(tmp_path), heuristic="coset", generate=False)
    with pytest.raises(korf.TableError, match="korf tables generate --only flipslice"):
        korf.Solver(str(tmp_path), heuristic="flipslice")
    # A damaged table is refused, naming the command that rebuilds it.
    src = os.path.join(solver.tables_dir, "corners.pdb")
    data = bytearray(open(src, "rb").read())
    data[len(data) // 2] ^= 0xFF
    for name in ["corners.pdb", "coset.pdb"]:
        target = tmp_path / name
        if name == "corners.pdb":
            target.write_bytes(bytes(data))
        else:
            os.symlink(os.path.join(solver.tables_dir, name), target)
    with pytest.raises(korf.TableError):
        korf.Solver(str(tmp_path), heuristic="coset", generate=False, upper_bounds=False)


def test_a_timeout_carries_the_best_solution(tables_dir):
    state = korf.random_state(seed=3)
    with pytest.raises(korf.SolveTimeout) as err:
        korf.solve(state, tables=tables_dir, heuristic="korf", timeout=0.05)
    assert isinstance(err.value, TimeoutError)
    best = err.value.best
    assert best is not None and not best.optimal
    assert korf.apply(best.notation, state) == korf.apply("")


def test_one_solver_serves_several_threads(solver):
    rng = random.Random(9)
    scrambles = [scramble(rng, 7) for _ in range(16)]
    with ThreadPoolExecutor(4) as pool:
        sols = list(pool.map(lambda s: solver.solve(s, threads=1), scrambles))
    for s, sol in zip(scrambles, sols):
        assert replays(s, sol)
        assert sol.length == solver.solve(s).length


@pytest.fixture
def ctrl_c_raises():
    """Ctrl-C's usual handler in place for the test: a process started in the background
    by a non-interactive shell inherits SIGINT ignored, and Python then installs none."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_interrupts_a_long_solve_and_the_solver_stays_usable(tables_dir, ctrl_c_raises):
    slow = korf.Solver(tables_dir, heuristic="korf", upper_bounds=False)
    state = korf.random_state(seed=21)  # about 18 moves: minutes with Korf's tables
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        slow.solve(state)
    elapsed = time.monotonic() - started
    assert elapsed < 1.5, elapsed
    assert slow.solve("R U").notation == "U' R'"


def test_tables_are_shared_with_the_command_line(tables_dir, tmp_path, korf_bin):
    listed = {t["name"]: t for t in korf.tables.list(tables_dir)}
    assert listed["corners"]["present"] and "korf tables generate --only" in listed["sliceperm"]["command"]
    events = []
    path = korf.tables.generate("phase2", str(tmp_path), progress=lambda *e: events.append(e))
    assert path.exists() and events[0][0] == "started" and events[-1][0] == "written"
    # The command line accepts the file the package built.
    subprocess.run([korf_bin, "tables", "verify", "--dir", str(tmp_path), "--only", "phase2"], check=True,
                   capture_output=True)
    (result,) = korf.tables.verify(str(tmp_path))
    assert result["name"] == "phase2" and result["ok"] and result["error"] is None
    assert korf.tables.default_dir(str(tmp_path)) == tmp_path


def test_opening_copies_no_table(tables_dir):
    def anon_kib():
        for line in open("/proc/self/status"):
            if line.startswith("RssAnon:"):
                return int(line.split()[1])
        return 0

    before = anon_kib()
    s = korf.Solver(tables_dir, heuristic="korf")
    s.solve("R U F D L B")
    grown = anon_kib() - before
    table_kib = sum(os.path.getsize(os.path.join(tables_dir, f)) for f in s.tables) // 1024
    assert table_kib > 400_000
    # The tables are mapped, not copied: the process grows by far less than one table.
    assert grown < 60_000, (grown, table_kib)


def test_quarter_turns_and_move_sets_match_the_command_line(tables_dir, korf_bin):
    rng = random.Random(11)
    for n in range(1, 7):
        s = scramble(rng, n)
        sol = korf.solve(s, tables=tables_dir, metric="qtm")
        assert replays(s, sol), (s, str(sol))
        assert sol.optimal and sol.metric == "qtm"
        assert sol.length == sum(2 if m.endswith("2") else 1 for m in sol.moves)
        assert str(sol).endswith(f"({sol.length}q*)")
        out = subprocess.run(
            [korf_bin, "solve", "--json", "--tables", tables_dir, "--metric", "qtm", "-s", s],
            capture_output=True, text=True, check=True,
        )
        record = json.loads(out.stdout)
        assert record["length"] == sol.length and record["metric"] == "qtm", s
    sune = "R U2 R' U' R U' R'"
    every = korf.solve_all(sune, within=1, tables=tables_dir, heuristic="coset", moves="R,U")
    assert every.optimal_length == 7
    assert all(set(m[0] for m in s.moves) <= {"R", "U"} for s in every.solutions)
    assert "R U R' U R U2 R'" in [s.notation for s in every.solutions]
    with pytest.raises(korf.KorfError, match="cannot solve"):
        korf.solve("F R U R' U' F'", tables=tables_dir, heuristic="coset", moves="R,U")
    with pytest.raises(ValueError, match="alone"):
        korf.Solver(tables_dir, heuristic="coset", moves="R'")
    with pytest.raises(ValueError, match="metric"):
        korf.Solver(tables_dir, heuristic="coset", metric="etm")
    with pytest.raises(ValueError, match="--metric qtm"):
        korf.Solver(tables_dir, heuristic="coset-qtm")
    fast = korf.solve_fast("R U2 F", tables=tables_dir, metric="qtm")
    assert fast.metric == "qtm" and fast.length >= 4
    # Both phases pruned in quarter turns: phase 1 by its own table.
    assert "phase1-qtm.pdb" in fast.tables, fast.tables
    assert "phase1-qtm.pdb" not in korf.solve_fast("R U2 F", tables=tables_dir).tables


def test_slice_turns_list_every_m_and_u_solution_in_stm(tables_dir, korf_bin):
    ua = "M2 U M U2 M' U M2"
    every = korf.solve_all(ua, tables=tables_dir, heuristic="coset", moves="M,U", metric="stm")
    assert every.optimal_length == 7 and every.listing == "complete"
    assert all(m[0] in "MU" for s in every.solutions for m in s.moves)
    assert "M2 U' M U2 M' U' M2" in [s.notation for s in every.solutions]
    best = every.solutions[0]
    assert best.metric == "stm" and best.optimal and str(best).endswith("(7s*)")
    assert (best.length_in("htm"), best.length_in("qtm")) == (11, 16)
    out = subprocess.run(
        [korf_bin, "solve", "--json", "--all", "--tables", tables_dir, "--heuristic", "coset",
         "--moves", "M,U", "--metric", "stm", "-s", ua],
        capture_output=True, text=True, check=True,
    )
    record = json.loads(out.stdout)
    assert record["metric"] == "stm" and record["allowed_moves"] == "U,M"
    assert sorted(record["all"]["solutions"]) == sorted(s.notation for s in every.solutions)
    # A solution that leaves the centres turned ends with the rotation back.
    one = korf.solve("M U", tables=tables_dir, heuristic="coset", moves="M,U", metric="stm")
    assert one.length == 2 and one.moves[-1][0] == "x", str(one)
    with pytest.raises(ValueError, match="rotation"):
        korf.Solver(tables_dir, heuristic="coset", moves="M,x")


# Each piece's stickers in Kociemba's facelet order (U1..U9 R1..R9 F1..F9 D1..D9 L1..L9
# B1..B9, 0-based): the corners URF UFL ULB UBR DFR DLF DBL DRB, then the twelve edges.
PIECES = [
    (8, 9, 20), (6, 18, 38), (0, 36, 47), (2, 45, 11), (29, 26, 15), (27, 44, 24),
    (33, 53, 42), (35, 17, 51), (5, 10), (7, 19), (3, 37), (1, 46), (32, 16), (28, 25),
    (30, 43), (34, 52), (23, 12), (21, 41), (50, 39), (48, 14),
]


def test_an_f2l_pair_with_the_last_layer_grey_is_solved_with_tables_built_for_it(tables_dir):
    # Every sticker of the last layer's pieces (those with a U sticker) grey, wherever
    # they are: 62,208 cubes fit, more than korf solves one by one, so it searches with
    # tables built for the question.
    scramble = "R U R' U' R U R'"
    facelets = list(korf.facelets(scramble))
    for piece in PIECES:
        if any(facelets[i] == "U" for i in piece):
            for i in piece:
                facelets[i] = "X"
    case = "".join(facelets)
    assert korf.check(case) is None
    every = korf.solve_all(case, moves="R,U", within=1, tables=tables_dir)
    assert every.optimal_length == 7 and every.complete
    assert "R U' R' U R U' R'" in [s.notation for s in every.solutions]
    face_of = {n: f for f, n in AXES.items()}
    for s in every.solutions:
        after = Cube().apply(scramble).apply(s.moves)
        last_layer = {p for (p, _), c in after.stickers.items() if c == "U"}
        for (p, n), colour in after.stickers.items():
            if p not in last_layer:
                assert colour == face_of[n], (str(s), p, n, colour)
