//! `korf._korf`: the Python extension over the `korf` library.  The Python package
//! (`python/korf/`) re-exports these names and adds the module-level conveniences.
//!
//! Every solve runs on a worker thread while the calling thread waits without the GIL,
//! waking every 100 ms to let Python handle signals: Ctrl-C sets the search's stop flag,
//! waits for the search to wind down (it checks the flag every few thousand nodes) and
//! raises `KeyboardInterrupt`; the solver stays usable.

use korf::cube::{self, Cube, MaskedCube, Metric, Move, MoveRules, MoveSet, TurnSet};
use korf::search::{AllSolutions, HeuristicKind, Listing, Options, Outcome, Unsolved};
use korf::tables::{self, Integrity, Residency, Table, TableKind};
use korf::turn_search::{TurnOutcome, TurnSolution};
use korf::twophase::{FastOptions, TwoPhase};
use korf::{Error, Goal, GoalOutcome, SolverConfig};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

create_exception!(
    _korf,
    KorfError,
    PyException,
    "Base class of korf's own errors."
);
create_exception!(
    _korf,
    CubeError,
    PyValueError,
    "A facelet string that is not a solvable position (the message says which sticker, \
     piece or parity is wrong)."
);
create_exception!(
    _korf,
    MoveError,
    PyValueError,
    "Move text that does not parse (the message names the token and its column)."
);
create_exception!(
    _korf,
    TableError,
    KorfError,
    "A table that is missing, damaged or cannot be built; the message names the command \
     or call that fixes it."
);
create_exception!(
    _korf,
    SolveTimeout,
    PyTimeoutError,
    "The time limit ran out before the proof; `best` holds the best solution known then \
     (not proven optimal), or None."
);

/// The Python exception for a library error, with the command line's message.
fn py_error(e: Error) -> PyErr {
    let text = e.to_string();
    match e {
        Error::Facelets(_) => CubeError::new_err(text),
        Error::Moves(_) => MoveError::new_err(text),
        Error::Input(_) => PyValueError::new_err(text),
        Error::Table(_)
        | Error::TablesMissing(_)
        | Error::TablesDir { .. }
        | Error::TableAccess { .. } => TableError::new_err(text),
        Error::Search(korf::search::SearchError::MetricMismatch { .. }) => {
            PyValueError::new_err(text)
        }
        Error::Search(_) | Error::TwoPhase(_) => KorfError::new_err(text),
    }
}

/// `metric="htm"|"qtm"|"stm"` and `moves="R,U,F"` (or None: every turn); the turns too
/// when they include slices or wide turns (`"M,U"`, `"R,r,U"`).
fn move_rules(metric: &str, moves: Option<&str>) -> PyResult<(MoveRules, Option<TurnSet>)> {
    let metric = Metric::from_name(metric).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown metric {metric:?}: use \"htm\" (face turns), \"qtm\" (quarter turns) or \"stm\" (slice turns)"
        ))
    })?;
    let turns = match moves {
        None => TurnSet::FACES,
        Some(text) => TurnSet::parse(text)
            .map_err(|e| PyValueError::new_err(format!("moves={text:?}: {e}")))?,
    };
    let moves = turns.face_moves().unwrap_or(MoveSet::ALL);
    let slices = turns.face_moves().is_none().then_some(turns);
    Ok((MoveRules { metric, moves }, slices))
}

/// A position from a facelet string or a move sequence (the command line's one rule).
fn parse_cube(text: &str) -> PyResult<Cube> {
    cube::parse_position(text).map_err(|e| match e {
        cube::PositionError::Facelets(f) => py_error(Error::Facelets(f)),
        cube::PositionError::Moves(m) => py_error(Error::Moves(m)),
        e @ cube::PositionError::Disagree => py_error(Error::Input(e.to_string())),
    })
}

/// A position in which `X` or `?` may mark stickers that do not matter.
fn parse_masked(text: &str) -> PyResult<MaskedCube> {
    cube::parse_masked_position(text).map_err(|e| match e {
        cube::PositionError::Facelets(f) => py_error(Error::Facelets(f)),
        cube::PositionError::Moves(m) => py_error(Error::Moves(m)),
        e @ cube::PositionError::Disagree => py_error(Error::Input(e.to_string())),
    })
}

/// The goal of `target` (a position; solved if None) and the AUF switches.
fn goal(target: Option<&str>, start_auf: bool, end_auf: bool) -> PyResult<Goal> {
    let target = target.map(parse_cube).transpose()?.unwrap_or(Cube::SOLVED);
    Ok(Goal::to(target)
        .with_start_auf(start_auf)
        .with_end_auf(end_auf))
}

fn tables_dir(dir: Option<PathBuf>) -> PathBuf {
    tables::resolve_dir(dir.as_deref())
}

fn heuristic(name: &str) -> PyResult<Option<HeuristicKind>> {
    if name == "auto" {
        return Ok(None);
    }
    HeuristicKind::from_name(name).map(Some).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown heuristic {name:?}: use \"auto\" or one of {}",
            HeuristicKind::listed()
                .iter()
                .map(|k| format!("{:?}", k.name()))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

fn seconds(value: Option<f64>, name: &str) -> PyResult<Option<Duration>> {
    korf::limits::optional_seconds(value, name).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn threads(value: Option<usize>) -> PyResult<usize> {
    korf::limits::threads(value, "threads").map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Run `work` on a worker thread; wait for it without the GIL, and stop it through
/// `cancel` if a Python signal handler raises (Ctrl-C: `KeyboardInterrupt`).
fn run_interruptibly<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        scope.spawn(move || {
            let _ = tx.send(work());
        });
        let mut rx = rx;
        loop {
            let (back, got) = py.detach(move || {
                let got = rx.recv_timeout(Duration::from_millis(100));
                (rx, got)
            });
            rx = back;
            match got {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        // The search stops within milliseconds; its result is dropped.
                        py.detach(move || {
                            let _ = rx.recv();
                        });
                        return Err(e);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(KorfError::new_err(
                        "internal error: the solve ended without a result; please report this",
                    ))
                }
            }
        }
    })
}

/// One solution: its moves, length, whether it is proven optimal, and what it cost.
#[pyclass(frozen, module = "korf", name = "Solution")]
#[derive(Clone)]
struct Solution {
    /// The moves in standard notation, e.g. ["R", "U", "R'", "U'"].
    #[pyo3(get)]
    moves: Vec<String>,
    /// Proven optimal: the search ended and its tables were checked.
    #[pyo3(get)]
    optimal: bool,
    /// Search nodes generated.
    #[pyo3(get)]
    nodes: u64,
    /// Wall time of the search, in seconds.
    #[pyo3(get)]
    seconds: f64,
    /// The heuristic searched ("sliceperm", …, or "two-phase").
    #[pyo3(get)]
    heuristic: String,
    /// The table files searched.
    #[pyo3(get)]
    tables: Vec<String>,
    /// How `length` counts: face turns, or quarter turns (a half turn 2).
    metric_: Metric,
    /// The length in that metric.
    cost: usize,
    /// With `start_auf`: the turn of U made before the moves ("" for none), not counted.
    #[pyo3(get)]
    start_auf: Option<String>,
    /// With `end_auf`: the turn of U made after them ("" for none), not counted.
    #[pyo3(get)]
    end_auf: Option<String>,
}

impl Solution {
    fn new(moves: &[Move], optimal: bool, nodes: u64, secs: f64, h: &str, t: &[String]) -> Self {
        Solution {
            metric_: Metric::Htm,
            cost: moves.len(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            optimal,
            nodes,
            seconds: secs,
            heuristic: h.to_string(),
            tables: t.to_vec(),
            start_auf: None,
            end_auf: None,
        }
    }

    /// The same solution, framed by the AUF turns `goal` allows.
    fn framed(self, goal: &Goal, (before, after): korf::goal::Aufs) -> Self {
        let turn = |m: Option<Move>| m.map_or(String::new(), |m| m.to_string());
        Solution {
            start_auf: goal.start_auf().then(|| turn(before)),
            end_auf: goal.end_auf().then(|| turn(after)),
            ..self
        }
    }
}

#[pymethods]
impl Solution {
    /// The length in `metric`: moves, or quarter turns (a half turn counting 2).
    #[getter]
    fn length(&self) -> usize {
        self.cost
    }

    /// "htm" (face turns) or "qtm" (quarter turns): how `length` counts.
    #[getter]
    fn metric(&self) -> &'static str {
        self.metric_.name()
    }

    /// The length in another metric: `"htm"`, `"qtm"` or `"stm"` (a closing rotation
    /// counts in none).
    fn length_in(&self, metric: &str) -> PyResult<usize> {
        let (rules, _) = move_rules(metric, None)?;
        let turns = korf::cube::parse_turns(&self.moves.join(" ")).expect("korf's own notation");
        Ok(korf::cube::turns_length(&turns, rules.metric))
    }

    fn __len__(&self) -> usize {
        self.moves.len()
    }

    /// The moves in standard notation, e.g. "R U R' U'" (no length mark).
    #[getter]
    fn notation(&self) -> String {
        self.moves.join(" ")
    }

    /// As the command line prints it: "R U R' U' (4f*)", `*` marking a proven optimum,
    /// AUF turns in brackets: "(U) R U2 R' (U') (3f*)".
    fn __str__(&self) -> String {
        let aufs = |t: &Option<String>| {
            t.as_ref()
                .filter(|t| !t.is_empty())
                .map(|t| format!("({t})"))
        };
        let mut words: Vec<String> = aufs(&self.start_auf).into_iter().collect();
        if !self.moves.is_empty() {
            words.push(self.moves.join(" "));
        }
        words.extend(aufs(&self.end_auf));
        let mark = if self.optimal { "*" } else { "" };
        words.push(format!("({}{}{mark})", self.cost, self.metric_.letter()));
        words.join(" ")
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(\"{}\", length={}, optimal={})",
            self.moves.join(" "),
            self.cost,
            if self.optimal { "True" } else { "False" }
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Solution>()
            .is_ok_and(|o| o.get().moves == self.moves)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.moves.hash(&mut h);
        h.finish()
    }
}

/// Every solution of a position ([`Solver.solve_all`]).
#[pyclass(frozen, module = "korf", name = "SolutionSet")]
struct SolutionSet {
    /// The solutions, canonical, each once, sorted by length then move by move.
    #[pyo3(get)]
    solutions: Vec<Solution>,
    /// The optimal length.
    #[pyo3(get)]
    optimal_length: u8,
    /// Solutions of up to optimal_length + within moves were looked for.
    #[pyo3(get)]
    within: u8,
    /// "complete", "capped" (max_solutions reached), "timeout" or "interrupted".
    #[pyo3(get)]
    listing: String,
    /// Search nodes generated.
    #[pyo3(get)]
    nodes: u64,
    /// Wall time of the search, in seconds.
    #[pyo3(get)]
    seconds: f64,
}

#[pymethods]
impl SolutionSet {
    /// Whether every solution of the lengths looked for is listed.
    #[getter]
    fn complete(&self) -> bool {
        self.listing == "complete"
    }

    fn __len__(&self) -> usize {
        self.solutions.len()
    }

    fn __getitem__(&self, i: isize) -> PyResult<Solution> {
        let n = self.solutions.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if (0..n).contains(&j) {
            Ok(self.solutions[j as usize].clone())
        } else {
            Err(pyo3::exceptions::PyIndexError::new_err(
                "solution index out of range",
            ))
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "SolutionSet({} solutions, optimal_length={}, within={}, listing='{}')",
            self.solutions.len(),
            self.optimal_length,
            self.within,
            self.listing
        )
    }
}

/// The optimal solver with its tables loaded; see the `korf` package for the Python
/// documentation.
#[pyclass(frozen, module = "korf", name = "Solver")]
struct Solver {
    inner: korf::Solver,
    table_files: Vec<String>,
    /// `moves` with slices or wide turns: searched by the held search.
    slices: Option<TurnSet>,
}

impl Solver {
    fn options(
        &self,
        threads_: Option<usize>,
        timeout: Option<f64>,
        all: Option<AllSolutions>,
    ) -> PyResult<(Options, Arc<AtomicBool>)> {
        let cancel = Arc::new(AtomicBool::new(false));
        let mut o = self.inner.options().clone();
        if threads_.is_some() {
            o.threads = threads(threads_)?;
        }
        o.timeout = seconds(timeout, "timeout")?;
        o.cancel = Some(cancel.clone());
        o.all = all;
        Ok((o, cancel))
    }

    fn run(
        &self,
        py: Python<'_>,
        position: &MaskedCube,
        goal: &Goal,
        opts: &Options,
        cancel: &AtomicBool,
    ) -> PyResult<GoalOutcome> {
        let inner = &self.inner;
        run_interruptibly(py, cancel, || {
            inner.solve_masked(position, goal, opts, None)
        })?
        .map_err(py_error)
    }

    fn run_turns(
        &self,
        py: Python<'_>,
        position: &MaskedCube,
        goal: &Goal,
        turns: TurnSet,
        opts: &Options,
        cancel: &AtomicBool,
    ) -> PyResult<TurnOutcome> {
        let inner = &self.inner;
        run_interruptibly(py, cancel, || {
            inner.solve_turns(position, goal, turns, opts)
        })?
        .map_err(py_error)
    }

    /// A solution with slices or wide turns (its closing rotation among its moves).
    fn turn_solution(&self, s: &TurnSolution, o: &TurnOutcome, goal: &Goal) -> Solution {
        let best = o.solution.as_ref().map_or(0, |b| b.length(o.metric));
        let turn = |m: Option<Move>| m.map_or(String::new(), |m| m.to_string());
        Solution {
            moves: s
                .turns
                .iter()
                .chain(&s.rotation)
                .map(|t| t.to_string())
                .collect(),
            optimal: o.tables_checked && s.length(o.metric) == best,
            nodes: o.nodes,
            seconds: o.seconds,
            heuristic: self.inner.heuristic().name().to_string(),
            tables: self.table_files.clone(),
            metric_: o.metric,
            cost: s.length(o.metric),
            start_auf: goal.start_auf().then(|| turn(s.before)),
            end_auf: goal.end_auf().then(|| turn(s.after)),
        }
    }

    /// The exception of a search with slices that ended without its answer.
    fn turns_unsolved(&self, o: &TurnOutcome, why: Unsolved) -> PyErr {
        match why {
            Unsolved::Timeout => SolveTimeout::new_err(format!(
                "timed out after {:.1}s; no solution of fewer than {} {}",
                o.seconds,
                o.proven_lower,
                o.metric.unit()
            )),
            Unsolved::Interrupted => {
                pyo3::exceptions::PyKeyboardInterrupt::new_err("solve interrupted")
            }
            _ => KorfError::new_err(format!(
                "no solution of at most {} {} with the turns {}",
                self.inner.options().max_depth,
                o.metric.unit(),
                o.turns
            )),
        }
    }

    /// `solve_all` with slices or wide turns.
    fn turn_set(
        &self,
        py: Python<'_>,
        cube: &MaskedCube,
        goal: &Goal,
        turns: TurnSet,
        opts: &Options,
        cancel: &AtomicBool,
    ) -> PyResult<SolutionSet> {
        let found = self.run_turns(py, cube, goal, turns, opts, cancel)?;
        let listed = found.listed.clone().unwrap_or_default();
        match (&found.solution, found.capped) {
            (Err(Unsolved::Interrupted), false) => {
                return Err(self.turns_unsolved(&found, Unsolved::Interrupted))
            }
            (Err(why), false) if listed.is_empty() => return Err(self.turns_unsolved(&found, *why)),
            _ => {}
        }
        let listing = match (&found.solution, found.capped) {
            (_, true) => "capped",
            (Err(_), _) => "timeout",
            _ => "complete",
        };
        let best = listed.first().map_or(0, |s| s.length(found.metric));
        let most = listed
            .iter()
            .map(|s| s.length(found.metric))
            .max()
            .unwrap_or(0);
        Ok(SolutionSet {
            solutions: listed
                .iter()
                .map(|s| self.turn_solution(s, &found, goal))
                .collect(),
            optimal_length: best as u8,
            within: opts.all.map_or((most - best) as u8, |a| a.within),
            listing: listing.to_string(),
            nodes: found.nodes,
            seconds: found.seconds,
        })
    }

    fn solution(&self, moves: &[Move], optimal: bool, o: &Outcome) -> Solution {
        Solution {
            metric_: o.rules.metric,
            cost: o.rules.length(moves),
            ..Solution::new(
                moves,
                optimal,
                o.nodes,
                o.seconds,
                self.inner.heuristic().name(),
                &self.table_files,
            )
        }
    }

    /// The exception of a search that ended without its answer.
    fn unsolved(&self, o: &Outcome, why: Unsolved) -> PyErr {
        match why {
            Unsolved::Timeout => {
                let best = o.unproven.as_ref().map(|b| self.solution(b, false, o));
                let lower = o.proven_lower;
                Python::attach(|py| {
                    let e = SolveTimeout::new_err(format!(
                        "timed out after {:.1}s; no solution of fewer than {lower} {}{}",
                        o.seconds,
                        o.rules.metric.unit(),
                        best.as_ref().map_or(String::new(), |b| format!(
                            "; best known: {} ({} {}, not proven optimal)",
                            b.moves.join(" "),
                            b.cost,
                            o.rules.metric.unit()
                        ))
                    ));
                    let _ = e.value(py).setattr("best", best);
                    e
                })
            }
            Unsolved::Interrupted => {
                pyo3::exceptions::PyKeyboardInterrupt::new_err("solve interrupted")
            }
            Unsolved::MaxDepth => KorfError::new_err(format!(
                "no solution of at most {} {}",
                self.inner.options().max_depth,
                o.rules.metric.unit()
            )),
            Unsolved::Unreachable => KorfError::new_err(format!(
                "the turns {} cannot solve this position",
                o.rules.moves
            )),
        }
    }
}

#[pymethods]
impl Solver {
    #[new]
    #[pyo3(signature = (tables_dir=None, heuristic="auto", threads=None, generate=true, trust_tables=false, upper_bounds=true, metric="htm", moves=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        tables_dir: Option<PathBuf>,
        heuristic: &str,
        threads: Option<usize>,
        generate: bool,
        trust_tables: bool,
        upper_bounds: bool,
        metric: &str,
        moves: Option<&str>,
    ) -> PyResult<Self> {
        let kind = self::heuristic(heuristic)?;
        let (rules, slices) = move_rules(metric, moves)?;
        let search = Options {
            threads: self::threads(threads)?,
            ..Options::for_rules(rules)
        };
        let dir = self::tables_dir(tables_dir);
        let inner = py
            .detach(|| {
                korf::Solver::open_with(
                    &dir,
                    &SolverConfig {
                        heuristic: kind,
                        // The files mapped in place, with huge pages where the kernel
                        // can: processes share one copy, and opening copies nothing.
                        residency: Residency::Shared,
                        integrity: if trust_tables {
                            Integrity::Trust
                        } else {
                            Integrity::Check
                        },
                        generate,
                        upper_bounds,
                        search: &search,
                        on_build: None,
                        // The slice-turn tables are read when their files are there.
                        slice_turns: false,
                    },
                )
            })
            .map_err(py_error)?;
        let table_files = inner
            .heuristic()
            .tables()
            .iter()
            .map(|k| k.file_name())
            .collect();
        Ok(Solver {
            inner,
            table_files,
            slices,
        })
    }

    /// The heuristic searched.
    #[getter]
    fn heuristic(&self) -> &'static str {
        self.inner.heuristic().name()
    }

    /// The tables directory.
    #[getter]
    fn tables_dir(&self) -> PathBuf {
        self.inner.dir().to_path_buf()
    }

    /// The table files searched.
    #[getter]
    fn tables(&self) -> Vec<String> {
        self.table_files.clone()
    }

    /// The tables' lower bound on the optimal length of `cube`.
    fn lower_bound(&self, cube: &str) -> PyResult<u8> {
        Ok(self.inner.lower_bound(&parse_cube(cube)?))
    }

    #[pyo3(signature = (cube, *, timeout=None, threads=None, target=None, start_auf=false, end_auf=false))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        cube: &str,
        timeout: Option<f64>,
        threads: Option<usize>,
        target: Option<&str>,
        start_auf: bool,
        end_auf: bool,
    ) -> PyResult<Solution> {
        let cube = parse_masked(cube)?;
        let goal = goal(target, start_auf, end_auf)?;
        let (opts, cancel) = self.options(threads, timeout, None)?;
        if let Some(turns) = self.slices {
            let found = self.run_turns(py, &cube, &goal, turns, &opts, &cancel)?;
            return match &found.solution {
                Ok(s) => Ok(self.turn_solution(s, &found, &goal)),
                Err(why) => Err(self.turns_unsolved(&found, *why)),
            };
        }
        let found = self.run(py, &cube, &goal, &opts, &cancel)?;
        let o = &found.outcome;
        let framing = (found.before, found.after);
        match &o.solution {
            Ok(moves) => Ok(self
                .solution(moves, o.is_proven(), o)
                .framed(&goal, framing)),
            Err(why) => Err(self.unsolved(o, *why)),
        }
    }

    #[pyo3(signature = (cube, within=0, max_solutions=None, *, timeout=None, threads=None, target=None, start_auf=false, end_auf=false))]
    #[allow(clippy::too_many_arguments)]
    fn solve_all(
        &self,
        py: Python<'_>,
        cube: &str,
        within: u8,
        max_solutions: Option<usize>,
        timeout: Option<f64>,
        threads: Option<usize>,
        target: Option<&str>,
        start_auf: bool,
        end_auf: bool,
    ) -> PyResult<SolutionSet> {
        let goal = goal(target, start_auf, end_auf)?;
        let within = korf::limits::within(within, "within").map_err(|e| py_error(e.into()))?;
        let max_solutions = korf::limits::max_solutions(max_solutions, "max_solutions")
            .map_err(|e| py_error(e.into()))?;
        let cube = parse_masked(cube)?;
        let all = AllSolutions {
            within,
            max_solutions,
        };
        let (opts, cancel) = self.options(threads, timeout, Some(all))?;
        if let Some(turns) = self.slices {
            return self.turn_set(py, &cube, &goal, turns, &opts, &cancel);
        }
        let found = self.run(py, &cube, &goal, &opts, &cancel)?;
        let o = &found.outcome;
        let Some(set) = &o.all else {
            return Err(match &o.solution {
                Err(why) => self.unsolved(o, *why),
                Ok(_) => {
                    KorfError::new_err("internal error: no list of solutions; please report this")
                }
            });
        };
        if set.listing == Listing::Interrupted {
            return Err(pyo3::exceptions::PyKeyboardInterrupt::new_err(
                "solve interrupted",
            ));
        }
        let optimal = set.optimal_length as usize;
        Ok(SolutionSet {
            solutions: set
                .solutions
                .iter()
                .zip(&found.framing)
                .map(|(s, &framing)| {
                    let proven = o.tables_checked && o.rules.length(s) == optimal;
                    self.solution(s, proven, o).framed(&goal, framing)
                })
                .collect(),
            optimal_length: set.optimal_length,
            within: set.within,
            listing: serde_listing(set.listing),
            nodes: o.nodes,
            seconds: o.seconds,
        })
    }
}

fn serde_listing(l: Listing) -> String {
    match l {
        Listing::Complete => "complete",
        Listing::Capped => "capped",
        Listing::Timeout => "timeout",
        Listing::Interrupted => "interrupted",
    }
    .to_string()
}

/// The two-phase solver (near-optimal solutions in milliseconds), its tables loaded.
#[pyclass(frozen, module = "korf", name = "FastSolver")]
struct FastSolver {
    inner: TwoPhase,
}

#[pymethods]
impl FastSolver {
    #[new]
    #[pyo3(signature = (tables_dir=None, generate=true, metric="htm"))]
    fn new(
        py: Python<'_>,
        tables_dir: Option<PathBuf>,
        generate: bool,
        metric: &str,
    ) -> PyResult<Self> {
        let dir = self::tables_dir(tables_dir);
        let metric = move_rules(metric, None)?.0.metric;
        let inner = py
            .detach(|| korf::open_two_phase_for(&dir, metric, generate, None))
            .map_err(py_error)?;
        Ok(FastSolver { inner })
    }

    #[pyo3(signature = (cube, *, max_length=None, time=None, timeout=None, threads=1, metric="htm"))]
    #[allow(clippy::too_many_arguments)]
    fn solve(
        &self,
        py: Python<'_>,
        cube: &str,
        max_length: Option<usize>,
        time: Option<f64>,
        timeout: Option<f64>,
        threads: usize,
        metric: &str,
    ) -> PyResult<Solution> {
        let cube = parse_cube(cube)?;
        let metric = move_rules(metric, None)?.0.metric;
        let max_length = max_length.unwrap_or(korf::twophase::default_max_length(metric));
        let cancel = Arc::new(AtomicBool::new(false));
        let opts = FastOptions {
            max_length: korf::limits::fast_max_length(max_length, "max_length")
                .map_err(|e| py_error(e.into()))?,
            time: seconds(time, "time")?,
            timeout: seconds(timeout, "timeout")?,
            threads: self::threads(Some(threads))?,
            cancel: Some(cancel.clone()),
            metric,
            ..FastOptions::default()
        };
        let inner = &self.inner;
        let o = run_interruptibly(py, &cancel, || inner.solve(&cube, &opts))?
            .map_err(|e| py_error(Error::from(e)))?;
        match &o.solution {
            Some(moves) => Ok(Solution {
                metric_: metric,
                cost: metric.length(moves),
                ..Solution::new(
                    moves,
                    false,
                    o.nodes,
                    o.seconds,
                    "two-phase",
                    &inner
                        .tables(metric)
                        .iter()
                        .map(|k| k.file_name())
                        .collect::<Vec<_>>(),
                )
            }),
            None if o.timed_out => Err(SolveTimeout::new_err(format!(
                "the two-phase search found no solution of at most {max_length} moves in {:.1}s",
                o.seconds
            ))),
            None => Err(KorfError::new_err(format!(
                "the two-phase search found no solution of at most {max_length} moves (it is not exhaustive: use solve() to decide); raise max_length"
            ))),
        }
    }
}

/// A uniformly random solvable position, as a facelet string.
#[pyfunction]
#[pyo3(signature = (seed=None))]
fn random_state(seed: Option<u64>) -> String {
    use rand::SeedableRng;
    let mut rng = match seed {
        Some(s) => rand::rngs::StdRng::seed_from_u64(s),
        None => rand::rngs::StdRng::from_entropy(),
    };
    cube::random_cube(&mut rng).to_facelets()
}

/// Apply `moves` (face turns, slices, wide turns, rotations) to `cube` (solved if None):
/// the facelet string of the result, as seen held the way the moves leave it.
#[pyfunction]
#[pyo3(signature = (moves, cube=None))]
fn apply(moves: &str, cube: Option<&str>) -> PyResult<String> {
    let start = match cube {
        Some(c) => parse_cube(c)?,
        None => Cube::SOLVED,
    };
    let seq = cube::parse_turns(moves).map_err(|e| py_error(Error::Moves(e)))?;
    Ok(cube::Held::new(start).turns(&seq).seen().to_facelets())
}

/// Whether `cube` (a facelet string or moves) is a solvable position.
#[pyfunction]
fn is_solvable(cube: &str) -> bool {
    cube::parse_masked_position(cube).is_ok()
}

/// What is wrong with `cube`, or None if it is a solvable position.
#[pyfunction]
fn check(cube: &str) -> Option<String> {
    cube::parse_masked_position(cube)
        .err()
        .map(|e| e.to_string())
}

/// The facelet string of `cube` (facelets or moves), in Kociemba's order.
#[pyfunction]
fn facelets(cube: &str) -> PyResult<String> {
    Ok(parse_masked(cube)?.to_facelets())
}

/// The directory the tables are looked for in: `dir`, else $KORF_TABLES, else ./tables.
#[pyfunction]
#[pyo3(signature = (dir=None))]
fn default_tables_dir(dir: Option<PathBuf>) -> PathBuf {
    tables_dir(dir)
}

fn table_kind(name: &str) -> PyResult<TableKind> {
    TableKind::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown table {name:?}: one of {}",
            // Opaque to the optimiser: with the catalogue's names folded in, LLVM unrolled
            // this list into every caller and its constraint-elimination pass took over a
            // minute of one core per caller (lab/2026-11-28-the-wheel-s-4-minutes-and-warm.md).
            std::hint::black_box(TableKind::ALL)
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// Every table of the catalogue with its file, size, build cost and whether it is present.
#[pyfunction]
#[pyo3(signature = (dir=None))]
fn tables_list<'py>(py: Python<'py>, dir: Option<PathBuf>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let dir = tables_dir(dir);
    TableKind::ALL
        .iter()
        .map(|&k| {
            let d = PyDict::new(py);
            let path = dir.join(k.file_name());
            d.set_item("name", k.name())?;
            d.set_item("path", &path)?;
            d.set_item("present", path.exists())?;
            d.set_item("bytes", k.file_size())?;
            d.set_item("build", korf::build_cost(k.descriptor()))?;
            d.set_item(
                "command",
                format!(
                    "korf tables generate --only {} --dir {}",
                    k.name(),
                    dir.display()
                ),
            )?;
            Ok(d)
        })
        .collect()
}

/// Build table `kind` into `dir` (skipped if present and valid, unless `force`).
/// `progress(event, table, depth)` is called as it goes: ("started", name, None),
/// ("depth_done", name, depth) after each depth, ("written", name, None).
#[pyfunction]
#[pyo3(signature = (kind, dir=None, progress=None, force=false))]
fn tables_generate(
    py: Python<'_>,
    kind: &str,
    dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
    force: bool,
) -> PyResult<PathBuf> {
    let kind = table_kind(kind)?;
    let dir = tables_dir(dir);
    if !force && Table::open(kind, &dir, false).is_ok() {
        return Ok(dir.join(kind.file_name()));
    }
    let report = |e: korf::BuildEvent| {
        let Some(cb) = &progress else { return };
        let (event, table, depth) = match e {
            korf::BuildEvent::Started(k) => ("started", k.name(), None),
            korf::BuildEvent::Progress(k, tables::Progress::DepthDone { depth, .. }) => {
                ("depth_done", k.name(), Some(depth))
            }
            korf::BuildEvent::Written { table, .. } => ("written", table.name(), None),
            _ => return,
        };
        Python::attach(|py| {
            if let Err(err) = cb.call1(py, (event, table, depth)) {
                err.print(py);
            }
        });
    };
    let never = AtomicBool::new(false);
    run_interruptibly(py, &never, || korf::build_tables(&[kind], &dir, &report))?
        .map_err(py_error)?;
    Ok(dir.join(kind.file_name()))
}

/// Recount every present table (checksum, depth histogram against the published
/// distribution) and record the result; one dict per table.
#[pyfunction]
#[pyo3(signature = (dir=None))]
fn tables_verify<'py>(py: Python<'py>, dir: Option<PathBuf>) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let dir = tables_dir(dir);
    let mut out = Vec::new();
    for &k in TableKind::ALL.iter() {
        let path = dir.join(k.file_name());
        if std::fs::symlink_metadata(&path).is_err() {
            continue;
        }
        let d = PyDict::new(py);
        d.set_item("name", k.name())?;
        d.set_item("path", &path)?;
        let result = py.detach(|| {
            Table::open(k, &dir, false).map(|t| {
                let v = t.verify();
                let _ = t.record_verification(&v);
                v
            })
        });
        match result {
            Ok(v) => {
                d.set_item("ok", v.checksum_ok && v.histogram_ok)?;
                d.set_item("checksum_ok", v.checksum_ok)?;
                d.set_item("histogram_ok", v.histogram_ok)?;
                d.set_item("histogram", v.histogram)?;
                d.set_item("error", None::<String>)?;
            }
            Err(e) => {
                d.set_item("ok", false)?;
                d.set_item("error", e.to_string())?;
            }
        }
        out.push(d);
    }
    Ok(out)
}

#[pymodule]
fn _korf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Solution>()?;
    m.add_class::<SolutionSet>()?;
    m.add_class::<Solver>()?;
    m.add_class::<FastSolver>()?;
    m.add("KorfError", py.get_type::<KorfError>())?;
    m.add("CubeError", py.get_type::<CubeError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("TableError", py.get_type::<TableError>())?;
    m.add("SolveTimeout", py.get_type::<SolveTimeout>())?;
    m.add_function(wrap_pyfunction!(random_state, m)?)?;
    m.add_function(wrap_pyfunction!(apply, m)?)?;
    m.add_function(wrap_pyfunction!(is_solvable, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(facelets, m)?)?;
    m.add_function(wrap_pyfunction!(default_tables_dir, m)?)?;
    m.add_function(wrap_pyfunction!(tables_list, m)?)?;
    m.add_function(wrap_pyfunction!(tables_generate, m)?)?;
    m.add_function(wrap_pyfunction!(tables_verify, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
