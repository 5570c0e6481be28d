//! Output: the coloured net, solution lines, and the bench exporters (CSV, JSON, Markdown).

use korf::cube::{format_moves, Cube, Metric, Move};
use korf::search::{DepthStats, HeuristicKind, Outcome, Unsolved};
use korf::twophase::FastOutcome;
use std::fmt::Write as _;

/// ANSI background colours for U R F D L B (white, red, green, yellow, orange, blue).
const ANSI: [&str; 6] = [
    "\x1b[30;107m",
    "\x1b[97;41m",
    "\x1b[30;42m",
    "\x1b[30;103m",
    "\x1b[30;48;5;208m",
    "\x1b[97;44m",
];

/// ANSI colours of a sticker that does not matter (`X`): black on grey.
const ANSI_GREY: &str = "\x1b[30;47m";

/// The position as an unfolded net: U on top, then L F R B, then D.
pub fn net(cube: &Cube, colour: bool) -> String {
    masked_net(&korf::cube::MaskedCube::from(*cube), colour)
}

/// A position with stickers that may not matter as an unfolded net, those shown as `X`
/// (grey in colour).
pub fn masked_net(position: &korf::cube::MaskedCube, colour: bool) -> String {
    let f: Vec<u8> = position.to_facelets().into_bytes();
    let cell = |i: usize| -> String {
        let ch = f[i] as char;
        if colour {
            let paint = "URFDLB".find(ch).map_or(ANSI_GREY, |k| ANSI[k]);
            format!("{paint} {ch} \x1b[0m")
        } else {
            format!(" {ch} ")
        }
    };
    let row =
        |face: usize, r: usize| -> String { (0..3).map(|c| cell(face * 9 + r * 3 + c)).collect() };
    let pad = " ".repeat(9);
    let mut out = String::new();
    for r in 0..3 {
        let _ = writeln!(out, "{pad}{}", row(0, r));
    }
    for r in 0..3 {
        // Facelet-order face indices: U0 R1 F2 D3 L4 B5; the net shows L F R B.
        let _ = writeln!(out, "{}{}{}{}", row(4, r), row(2, r), row(1, r), row(5, r));
    }
    for r in 0..3 {
        let _ = writeln!(out, "{pad}{}", row(3, r));
    }
    out
}

pub use korf::units::{human_bytes, human_seconds};

/// The words of a sequence `body` (left out if empty) between its AUF turns in brackets.
fn aufs_around(before: Option<Move>, body: String, after: Option<Move>) -> Vec<String> {
    let turn = |m: Option<Move>| m.map(|m| format!("({})", format_moves(&[m])));
    let mut words: Vec<String> = turn(before).into_iter().collect();
    if !body.is_empty() {
        words.push(body);
    }
    words.extend(turn(after));
    words
}

/// A solution framed by its AUF turns, as `korf solve` prints it: `(U) R U R' (U2) (3f*)`
/// — the turns of U in brackets, the length that of the sequence between them.
pub fn framed_line(framed: &korf::goal::Framed, metric: Metric, optimal: bool) -> String {
    let mut words = aufs_around(framed.before, format_moves(&framed.moves), framed.after);
    let mark = if optimal { "*" } else { "" };
    let (length, letter) = (metric.length(&framed.moves), metric.letter());
    words.push(format!("({length}{letter}{mark})"));
    words.join(" ")
}

/// A solution with slices or wide turns as `korf solve` prints it: `(U) M2 U M U2 M' U M2
/// (U') (7s*, 11f, 16q)` — its length in the search's metric first, then in the others.
pub fn turn_line(s: &korf::turn_search::TurnSolution, metric: Metric, optimal: bool) -> String {
    let mut words = aufs_around(s.before, s.written(), s.after);
    let mark = if optimal { "*" } else { "" };
    let mut lengths = vec![format!("{}{}{mark}", s.length(metric), metric.letter())];
    for m in [Metric::Stm, Metric::Htm, Metric::Qtm] {
        if m != metric {
            lengths.push(format!("{}{}", s.length(m), m.letter()));
        }
    }
    words.push(format!("({})", lengths.join(", ")));
    words.join(" ")
}

/// The name a `--fast` (two-phase) solve's record carries where an optimal one names its
/// heuristic.
pub const FAST_SEARCH: &str = "two-phase";

/// One solved (or abandoned) position, as printed by `solve --json` and written by `bench`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct SolveRecord {
    /// Position number in its input, from 1.
    pub index: usize,
    /// The input as given (facelets or moves).
    pub input: String,
    /// The position as a facelet string.
    pub facelets: String,
    /// `solved`, `timeout`, `interrupted`, `max_depth` (or `max_length` for `--fast`).
    pub status: String,
    /// The solution in standard notation, if found.  A search stopped by its time limit
    /// or an interrupt gives the shortest solution it knew, with `optimal` false.
    pub solution: Option<String>,
    /// Its length in the record's metric.
    pub length: Option<usize>,
    /// How lengths are counted: `htm` (face turns) or `qtm` (quarter turns, a half turn
    /// counting 2).
    pub metric: Metric,
    /// The turns a solution could use (`R,U,F`), when not all of them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allowed_moves: Option<String>,
    /// Whether it is proven optimal.
    pub optimal: bool,
    /// Nodes generated.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
    /// Nodes per second of wall time.
    pub nodes_per_second: f64,
    /// Worker threads used.
    pub threads: usize,
    /// Share of the threads' time spent searching (1.0 = no imbalance or start-up loss).
    pub utilisation: f64,
    /// One entry per IDA* iteration (optimal solves).
    pub depths: Vec<DepthStats>,
    /// The tables searched: `korf`, `coset`, `all`, or `two-phase` for `--fast`.
    pub heuristic: String,
    /// Optimal solves: the two-phase upper bound, if one was found.
    pub upper_bound: Option<korf::search::UpperBound>,
    /// Optimal solves: nodes the two-phase upper-bound search generated (beside `nodes`,
    /// the optimal search's own).
    pub upper_bound_nodes: u64,
    /// Optimal solves: how many symmetries the position has and the parallel driver's
    /// tasks left after merging symmetric ones, of how many.
    pub symmetry: Option<korf::search::TaskMerge>,
    /// Optimal solves: no solution has fewer moves than this (proven by search).
    pub proven_lower_bound: Option<u8>,
    /// Optimal solves stopped inside a bound: the share of that bound's tasks begun.
    pub searched_share: Option<f64>,
    /// Optimal solves: the time model's nodes for a position of this optimal length (the
    /// solution's length; for an unsolved position, the length assumed before the search).
    pub predicted_nodes: Option<f64>,
    /// The same in seconds, on the threads used.
    pub predicted_seconds: Option<f64>,
    /// Optimal solves: what was predicted before searching ([`korf::Solver::predict`]).
    pub prediction: Option<korf::search::Estimate>,
    /// With every solution asked for: the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all: Option<AllSolutionsRecord>,
    /// With a target position (`--target`): the position the solution reaches, as a
    /// facelet string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// With `--start-auf`: the turn of U made before the solution (`""` for none), not
    /// counted in its length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_auf: Option<String>,
    /// With `--end-auf`: the turn of U made after the solution (`""` for none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_auf: Option<String>,
}

/// Every solution of a position, as `solve --all --json` prints it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct AllSolutionsRecord {
    /// The solutions in standard notation: canonical sequences, each once, sorted by
    /// length and then move by move (U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B').
    pub solutions: Vec<String>,
    /// How many are listed (at least this many exist).
    pub count: usize,
    /// Of them, how many have the optimal length.
    pub optimal_count: usize,
    /// The optimal length.
    pub optimal_length: u8,
    /// Solutions of up to `optimal_length + within` moves were looked for.
    pub within: u8,
    /// Whether the list is every such solution.
    pub complete: bool,
    /// The metric the lengths are counted in.
    pub metric: Metric,
    /// `complete`, `capped` (--max-solutions reached), `timeout` or `interrupted`.
    pub listing: korf::search::Listing,
    /// With `--start-auf`: each solution's turn of U before it (`""` for none), in the
    /// order of `solutions`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_auf: Option<Vec<String>>,
    /// With `--end-auf`: each solution's turn of U after it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_auf: Option<Vec<String>>,
}

impl AllSolutionsRecord {
    fn new(set: &korf::search::SolutionSet, metric: Metric) -> Self {
        AllSolutionsRecord {
            solutions: set.solutions.iter().map(|s| format_moves(s)).collect(),
            count: set.solutions.len(),
            optimal_count: set.count_of_length(metric, set.optimal_length as usize),
            optimal_length: set.optimal_length,
            within: set.within,
            complete: set.is_complete(),
            metric,
            listing: set.listing,
            start_auf: None,
            end_auf: None,
        }
    }

    /// Listed solution `i`, framed by its AUF turns.
    pub fn framed(&self, i: usize) -> Option<korf::goal::Framed> {
        fn column(c: &Option<Vec<String>>, i: usize) -> Option<&str> {
            c.as_ref().map(|c| c[i].as_str())
        }
        korf::goal::Framed::from_text(
            column(&self.start_auf, i),
            &self.solutions[i],
            column(&self.end_auf, i),
        )
    }

    /// "4 optimal solutions", "at least 100 solutions (3 optimal)": the count as a phrase.
    pub fn count_phrase(&self) -> String {
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let at_least = if self.complete { "" } else { "at least " };
        let unit = self.metric.unit();
        if self.within == 0 {
            format!(
                "{at_least}{} optimal solution{} of {} {unit}",
                self.count,
                plural(self.count),
                self.optimal_length
            )
        } else {
            format!(
                "{at_least}{} solution{} of {} to {} {unit} ({} optimal)",
                self.count,
                plural(self.count),
                self.optimal_length,
                self.optimal_length + self.within,
                self.optimal_count
            )
        }
    }
}

/// The heuristic a record names: the tables' family, or the tables built for the query
/// over the pieces a masked position pins.
fn heuristic_name(kind: HeuristicKind, query_tables: bool) -> String {
    match query_tables {
        true => "pinned pieces (built for the query)".to_string(),
        false => kind.name().to_string(),
    }
}

impl SolveRecord {
    /// The record of an optimal solve of `cube` (input line `index`, text `input`).
    pub fn optimal(
        index: usize,
        input: &str,
        cube: &Cube,
        outcome: Outcome,
        heuristic: HeuristicKind,
    ) -> SolveRecord {
        let (status, solution) = match &outcome.solution {
            Ok(s) => ("solved", Some(s.clone())),
            Err(Unsolved::Timeout) => ("timeout", outcome.unproven.clone()),
            Err(Unsolved::Interrupted) => ("interrupted", outcome.unproven.clone()),
            Err(Unsolved::MaxDepth) => ("max_depth", None),
            Err(Unsolved::Unreachable) => ("unreachable", None),
        };
        let rules = outcome.rules;
        let optimal = outcome.is_proven();
        let all = outcome
            .all
            .as_ref()
            .map(|set| AllSolutionsRecord::new(set, outcome.rules.metric));
        SolveRecord {
            index,
            input: input.to_string(),
            facelets: cube.to_facelets(),
            status: status.to_string(),
            length: solution.as_ref().map(|s| rules.length(s)),
            metric: rules.metric,
            allowed_moves: (!rules.moves.is_all()).then(|| rules.moves.to_string()),
            solution: solution.as_ref().map(|s| format_moves(s)),
            optimal,
            nodes: outcome.nodes,
            seconds: outcome.seconds,
            nodes_per_second: outcome.nodes as f64 / outcome.seconds.max(1e-9),
            threads: outcome.threads,
            utilisation: outcome.busy_seconds
                / (outcome.threads as f64 * outcome.seconds).max(1e-9),
            depths: outcome.depths,
            heuristic: heuristic_name(heuristic, outcome.query_tables),
            upper_bound: outcome.upper_bound,
            upper_bound_nodes: outcome.upper_bound_nodes,
            symmetry: Some(outcome.symmetry),
            proven_lower_bound: Some(outcome.proven_lower),
            searched_share: outcome.taken_share,
            predicted_nodes: None,
            predicted_seconds: None,
            prediction: None,
            all,
            target: None,
            start_auf: None,
            end_auf: None,
        }
    }

    /// The record of a solve with slices or wide turns ([`korf::Solver::solve_turns`]):
    /// the same fields, the solutions in WCA notation ending with their closing rotation,
    /// `depths`, `symmetry` and the upper bound left empty (one thread, no split).
    pub fn turns(
        index: usize,
        input: &str,
        position: &korf::cube::MaskedCube,
        goal: &korf::Goal,
        outcome: &korf::turn_search::TurnOutcome,
        heuristic: HeuristicKind,
    ) -> SolveRecord {
        let metric = outcome.metric;
        let status = outcome
            .solution
            .as_ref()
            .map_or_else(|e| e.name(), |_| "solved");
        let solution = outcome.solution.as_ref().ok();
        let turn = |m: Option<Move>| m.map_or(String::new(), |m| format_moves(&[m]));
        let all = outcome.listed.as_ref().map(|listed| {
            let optimal_length = solution.map_or(0, |s| s.length(metric));
            let within = listed
                .iter()
                .map(|s| s.length(metric) - optimal_length)
                .max()
                .unwrap_or(0);
            let complete = outcome.solution.is_ok() && !outcome.capped;
            AllSolutionsRecord {
                solutions: listed.iter().map(|s| s.written()).collect(),
                count: listed.len(),
                optimal_count: listed
                    .iter()
                    .filter(|s| s.length(metric) == optimal_length)
                    .count(),
                optimal_length: optimal_length as u8,
                within: within as u8,
                complete,
                metric,
                listing: outcome.listing(),
                start_auf: goal
                    .start_auf()
                    .then(|| listed.iter().map(|s| turn(s.before)).collect()),
                end_auf: goal
                    .end_auf()
                    .then(|| listed.iter().map(|s| turn(s.after)).collect()),
            }
        });
        SolveRecord {
            index,
            input: input.to_string(),
            facelets: position.to_facelets(),
            status: status.to_string(),
            solution: solution.map(|s| s.written()),
            length: solution.map(|s| s.length(metric)),
            metric,
            allowed_moves: Some(outcome.turns.to_string()),
            optimal: solution.is_some() && outcome.tables_checked,
            nodes: outcome.nodes,
            seconds: outcome.seconds,
            nodes_per_second: outcome.nodes as f64 / outcome.seconds.max(1e-9),
            threads: 1,
            utilisation: 1.0,
            depths: Vec::new(),
            heuristic: heuristic_name(heuristic, outcome.query_tables),
            upper_bound: None,
            upper_bound_nodes: 0,
            symmetry: None,
            proven_lower_bound: Some(outcome.proven_lower as u8),
            searched_share: None,
            predicted_nodes: None,
            predicted_seconds: None,
            prediction: None,
            all,
            target: (*goal.target() != Cube::SOLVED).then(|| goal.target().to_facelets()),
            start_auf: goal
                .start_auf()
                .then(|| turn(solution.and_then(|s| s.before))),
            end_auf: goal.end_auf().then(|| turn(solution.and_then(|s| s.after))),
        }
    }

    /// Say what a goal other than the solved cube asked for ([`korf::Goal`]): its target,
    /// and the AUF turns of the solution and of each listed one (`""` for none).
    pub fn with_goal(mut self, goal: &korf::Goal, found: &korf::GoalOutcome) -> Self {
        let turn = |m: Option<Move>| m.map_or(String::new(), |m| format_moves(&[m]));
        if *goal.target() != Cube::SOLVED {
            self.target = Some(goal.target().to_facelets());
        }
        // Present whenever the goal allows the turn (`""`: none, or no solution), so that
        // a record says which question it answers.
        let shown = self.solution.is_some();
        if goal.start_auf() {
            self.start_auf = Some(turn(found.before.filter(|_| shown)));
        }
        if goal.end_auf() {
            self.end_auf = Some(turn(found.after.filter(|_| shown)));
        }
        if let Some(all) = &mut self.all {
            let column = |f: fn(&korf::goal::Aufs) -> Option<Move>| {
                found.framing.iter().map(|a| turn(f(a))).collect()
            };
            if goal.start_auf() {
                all.start_auf = Some(column(|a| a.0));
            }
            if goal.end_auf() {
                all.end_auf = Some(column(|a| a.1));
            }
        }
        self
    }

    /// The solution shown, framed by its AUF turns (none without `--start-auf` or
    /// `--end-auf`).
    pub fn framed(&self) -> Option<korf::goal::Framed> {
        korf::goal::Framed::from_text(
            self.start_auf.as_deref(),
            self.solution.as_deref()?,
            self.end_auf.as_deref(),
        )
    }

    /// The record of a solve of `position` made towards `goal` through the position its
    /// target stands for ([`korf::goal::Case`]): it names the position as given, and
    /// the target.
    pub fn towards(mut self, position: &korf::cube::MaskedCube, goal: &korf::Goal) -> Self {
        self.facelets = position.to_facelets();
        if *goal.target() != Cube::SOLVED {
            self.target = Some(goal.target().to_facelets());
        }
        self
    }

    /// Add the time model's figures: `before` as predicted before the search, and the
    /// estimate at the length found (or, unsolved, at the length `before` assumed).
    pub fn with_prediction(
        mut self,
        heuristic: HeuristicKind,
        before: korf::search::Estimate,
    ) -> Self {
        let length = match (&self.status[..], self.length) {
            ("solved", Some(l)) => l as u8,
            _ => before.length,
        };
        let at = heuristic.estimate(length, self.threads);
        self.predicted_nodes = Some(at.nodes);
        self.predicted_seconds = Some(at.seconds);
        self.prediction = Some(before);
        self
    }

    /// The record of a two-phase solve of `cube` on `threads` threads.
    pub fn fast(
        index: usize,
        input: &str,
        cube: &Cube,
        outcome: &FastOutcome,
        threads: usize,
        metric: Metric,
    ) -> SolveRecord {
        let status = match (&outcome.solution, outcome.timed_out) {
            (Some(_), _) => "solved",
            (None, _) if outcome.interrupted => "interrupted",
            (None, true) => "timeout",
            (None, false) => "max_length",
        };
        SolveRecord {
            index,
            input: input.to_string(),
            facelets: cube.to_facelets(),
            status: status.to_string(),
            length: outcome.solution.as_ref().map(|s| metric.length(s)),
            metric,
            allowed_moves: None,
            solution: outcome.solution.as_ref().map(|s| format_moves(s)),
            optimal: false,
            nodes: outcome.nodes,
            seconds: outcome.seconds,
            nodes_per_second: outcome.nodes as f64 / outcome.seconds.max(1e-9),
            threads,
            utilisation: f64::NAN,
            depths: Vec::new(),
            heuristic: FAST_SEARCH.to_string(),
            upper_bound: None,
            upper_bound_nodes: 0,
            symmetry: None,
            proven_lower_bound: None,
            searched_share: None,
            predicted_nodes: None,
            predicted_seconds: None,
            prediction: None,
            all: None,
            target: None,
            start_auf: None,
            end_auf: None,
        }
    }
}

/// Writes bench rows in one format.
pub trait Exporter {
    /// Render all rows.
    fn render(&self, rows: &[SolveRecord]) -> String;
}

/// CSV with a header line.
pub struct Csv;
/// A JSON array.
pub struct Json;
/// A Markdown table.
pub struct Markdown;

/// The length column of a row: `17`, `17? timeout` (a solution not proven optimal), or
/// the status when there is no solution.
pub fn length_cell(r: &SolveRecord) -> String {
    match r.length {
        Some(l) if r.status == "solved" => l.to_string(),
        // Stopped with a solution it could not prove optimal.
        Some(l) => format!("{l}? {}", r.status),
        None => r.status.clone(),
    }
}

/// One row of the CSV export: the columns, in order, as their text.
#[derive(serde::Serialize)]
struct CsvRow<'a> {
    index: usize,
    status: &'a str,
    length: Option<usize>,
    seconds: String,
    nodes: u64,
    nodes_per_second: String,
    threads: usize,
    utilisation: String,
    upper_bound: Option<u8>,
    solution: &'a str,
    input: &'a str,
    /// With every solution asked for: how many were listed.
    solutions: Option<usize>,
}

impl<'a> CsvRow<'a> {
    fn of(r: &'a SolveRecord) -> Self {
        CsvRow {
            index: r.index,
            status: &r.status,
            length: r.length,
            seconds: format!("{:.6}", r.seconds),
            nodes: r.nodes,
            nodes_per_second: format!("{:.0}", r.nodes_per_second),
            threads: r.threads,
            utilisation: format!("{:.3}", r.utilisation),
            upper_bound: r.upper_bound.as_ref().map(|u| u.length),
            solution: r.solution.as_deref().unwrap_or(""),
            input: &r.input,
            solutions: r.all.as_ref().map(|a| a.count),
        }
    }
}

impl Exporter for Csv {
    fn render(&self, rows: &[SolveRecord]) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        for r in rows {
            w.serialize(CsvRow::of(r)).expect("a row serializes");
        }
        if rows.is_empty() {
            // The header alone (serde writes it with the first row).
            w.write_record([
                "index",
                "status",
                "length",
                "seconds",
                "nodes",
                "nodes_per_second",
                "threads",
                "utilisation",
                "upper_bound",
                "solution",
                "input",
                "solutions",
            ])
            .expect("writes to memory");
        }
        let bytes = w.into_inner().expect("writes to memory");
        String::from_utf8(bytes).expect("the fields are text")
    }
}

impl Exporter for Json {
    fn render(&self, rows: &[SolveRecord]) -> String {
        serde_json::to_string_pretty(rows).expect("records serialize") + "\n"
    }
}

impl Exporter for Markdown {
    fn render(&self, rows: &[SolveRecord]) -> String {
        let mut s = String::from(
            "| # | length | seconds | nodes | nodes/s |\n|---:|---:|---:|---:|---:|\n",
        );
        for r in rows {
            let _ = writeln!(
                s,
                "| {} | {} | {:.3} | {} | {:.3e} |",
                r.index,
                length_cell(r),
                r.seconds,
                r.nodes,
                r.nodes_per_second
            );
        }
        s
    }
}

/// Summary statistics of a bench run.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Summary {
    /// Positions in the run.
    pub count: usize,
    /// Positions solved.
    pub solved: usize,
    /// Mean time per solved position.
    pub mean_seconds: f64,
    /// Median time per solved position.
    pub median_seconds: f64,
    /// Mean nodes per solved position.
    pub mean_nodes: f64,
    /// All nodes over all time.
    pub nodes_per_second: f64,
    /// Mean thread utilisation over solved positions.
    pub utilisation: f64,
    /// (length, count) pairs.
    pub lengths: Vec<(usize, usize)>,
    /// The metric of those lengths (that of the first row; `htm` for none).
    pub metric: Metric,
    /// Solved positions that had a two-phase upper bound (optimal solves with it on).
    pub with_upper_bound: usize,
    /// Of those, the ones the bound proved: every shorter IDA* bound came up empty, so the
    /// last iteration never ran.
    pub proved_by_bound: usize,
}

/// Summarise bench rows (means over solved positions).
pub fn summarize(rows: &[SolveRecord]) -> Summary {
    let solved: Vec<&SolveRecord> = rows.iter().filter(|r| r.status == "solved").collect();
    // Means over no position are 0 (an empty f64 sum is -0.0, which prints as "-0.00"),
    // and the utilisation is not a number, which the summary line leaves out.
    let mean = |sum: f64| {
        if solved.is_empty() {
            0.0
        } else {
            sum / solved.len() as f64
        }
    };
    let mut secs: Vec<f64> = solved.iter().map(|r| r.seconds).collect();
    secs.sort_by(|a, b| a.total_cmp(b));
    let median = if secs.is_empty() {
        0.0
    } else if secs.len() % 2 == 1 {
        secs[secs.len() / 2]
    } else {
        (secs[secs.len() / 2 - 1] + secs[secs.len() / 2]) / 2.0
    };
    let total_secs: f64 = rows.iter().map(|r| r.seconds).sum();
    let total_nodes: u64 = rows.iter().map(|r| r.nodes).sum();
    let mut lengths = std::collections::BTreeMap::new();
    for r in &solved {
        *lengths.entry(r.length.unwrap()).or_insert(0) += 1;
    }
    Summary {
        count: rows.len(),
        solved: solved.len(),
        mean_seconds: mean(solved.iter().map(|r| r.seconds).sum()),
        median_seconds: median,
        mean_nodes: mean(solved.iter().map(|r| r.nodes as f64).sum()),
        nodes_per_second: if total_secs > 0.0 {
            total_nodes as f64 / total_secs
        } else {
            0.0
        },
        utilisation: if solved.is_empty() {
            f64::NAN
        } else {
            mean(solved.iter().map(|r| r.utilisation).sum())
        },
        lengths: lengths.into_iter().collect(),
        metric: rows.first().map_or(Metric::Htm, |r| r.metric),
        with_upper_bound: solved.iter().filter(|r| r.upper_bound.is_some()).count(),
        proved_by_bound: solved
            .iter()
            .filter(|r| r.upper_bound.as_ref().is_some_and(|u| u.proved_by_bound))
            .count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use korf::cube::parse_moves;
    use korf::search::UpperBound;

    /// A solved record of `moves`, with the two-phase bound given.
    fn record(index: usize, moves: &str, upper_bound: Option<UpperBound>) -> SolveRecord {
        let solution = parse_moves(moves).unwrap();
        let cube = Cube::from_moves(&solution).inverse();
        let outcome = FastOutcome {
            solution: Some(solution),
            timed_out: false,
            interrupted: false,
            nodes: 1000,
            seconds: 0.5,
        };
        SolveRecord {
            upper_bound,
            ..SolveRecord::fast(index, moves, &cube, &outcome, 1, Metric::Htm)
        }
    }

    #[test]
    fn the_summary_counts_positions_proved_by_the_two_phase_bound() {
        let bound = |proved_by_bound| {
            Some(UpperBound {
                length: 3,
                seconds: 0.1,
                proved_by_bound,
            })
        };
        let rows = [
            record(1, "R U F", bound(true)),
            record(2, "R U F", bound(false)),
            record(3, "R U F", bound(true)),
            record(4, "R U", None),
        ];
        let s = summarize(&rows);
        assert_eq!((s.solved, s.with_upper_bound, s.proved_by_bound), (4, 3, 2));
        // Without a bound anywhere (the bound off, or `--fast`), nothing is counted.
        let s = summarize(&rows[3..]);
        assert_eq!((s.with_upper_bound, s.proved_by_bound), (0, 0));
    }

    #[test]
    fn a_summary_of_nothing_solved_has_no_negative_means_and_no_utilisation() {
        let mut row = record(1, "R U F", None);
        row.status = "timeout".to_string();
        for rows in [&[][..], &[row][..]] {
            let s = summarize(rows);
            assert_eq!(s.solved, 0);
            for mean in [s.mean_seconds, s.median_seconds, s.mean_nodes] {
                assert!(mean == 0.0 && mean.is_sign_positive(), "{mean}");
            }
            assert!(s.utilisation.is_nan());
        }
    }

    #[test]
    fn csv_rows_read_back_with_their_columns() {
        let mut quoted = record(2, "R U", None);
        quoted.input = "R U, \"twice\"".to_string();
        let text = Csv.render(&[record(1, "R U F", None), quoted]);
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(header[..3], ["index", "status", "length"]);
        assert_eq!(header.len(), 12);
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[0][0], "1");
        assert_eq!(&rows[0][2], "3");
        assert_eq!(&rows[0][3], "0.500000");
        assert_eq!(&rows[1][10], "R U, \"twice\"");
        assert_eq!(&rows[1][11], "");
        assert_eq!(Csv.render(&[]).lines().count(), 1);
    }
}
