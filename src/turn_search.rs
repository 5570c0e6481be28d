//! Solving with slices and wide turns ([`TurnSet`]): a [`Goal`]'s cases (AUF turns, a
//! target, the cubes that fit grey stickers) searched together by the held search
//! ([`crate::search::held`]), the solutions written in WCA notation, each checked.
//!
//! The goal is reached when the pieces are solved relative to the centres.  A solution
//! that leaves the centres turned (an odd number of `M` turns, say) ends with the
//! rotation that brings the cube back to how it was held (`… M' x'`), counted in no
//! metric; a turn of U after the solution (`--end-auf`) is made after that rotation.
//!
//! Listing every solution, a sequence is listed once: one that begins with a turn of U
//! (with `start_auf`) or ends with a face turn that turns the U centre's face (with
//! `end_auf`) is the same algorithm as a cheaper one with another AUF and is left out; a
//! sequence that reaches the goal before its end is left out too.

use crate::cube::PieceGoals;
use crate::cube::{
    format_turns, turns_length, Face, Held, MaskedCube, Metric, Move, Turn, TurnKind, TurnSet,
};
use crate::cube::{Cube, MoveSet};
use crate::goal::{Framed, Goal};
use crate::search::held::{
    search_held, search_held_with, Both, HeldQuery, HeldSolution, TablesBound,
};
use crate::search::pinned::PinnedBound;
use crate::search::slice_turns::SliceTurnTables;
use crate::search::{Listing, Options, TableSet, Unsolved};
use web_time::Instant;

/// A solution with slices or wide turns, framed by the AUF turns its goal allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnSolution {
    /// The turn of U made first (`start_auf`), if any.
    pub before: Option<Move>,
    /// The turns; their cost is the solution's length.
    pub turns: Vec<Turn>,
    /// The rotation that brings the cube back at the end (empty if the centres are home);
    /// counted in no metric.
    pub rotation: Vec<Turn>,
    /// The turn of U made last, after the rotation (`end_auf`), if any.
    pub after: Option<Move>,
}

impl TurnOutcome {
    /// How complete the list is: cut at `max_solutions`, by the time limit or by the
    /// caller, or every solution.
    pub fn listing(&self) -> Listing {
        match (&self.solution, self.capped) {
            (_, true) => Listing::Capped,
            (Err(Unsolved::Timeout), _) => Listing::Timeout,
            (Err(Unsolved::Interrupted), _) => Listing::Interrupted,
            _ => Listing::Complete,
        }
    }
}

impl TurnSolution {
    /// Its length in `metric` (the AUF turns and the rotation not counted).
    pub fn length(&self, metric: Metric) -> usize {
        turns_length(&self.turns, metric)
    }

    /// The turns and the closing rotation, as written: `M2 U M U2 M' U M2`, `M' U2 M x2`.
    pub fn written(&self) -> String {
        let mut all = self.turns.clone();
        all.extend(&self.rotation);
        format_turns(&all)
    }

    /// The same solution as face turns relative to the centres, framed by its AUF
    /// turns: what it does to the pieces, for a check independent of the notation.
    pub fn relative(&self) -> Framed {
        Framed {
            before: self.before,
            moves: crate::cube::relative_moves(&self.turns),
            after: self.after,
        }
    }
}

/// What [`crate::Solver::solve_turns`] found.
#[derive(Debug, Clone)]
pub struct TurnOutcome {
    /// A cheapest solution, or why there is none.
    pub solution: Result<TurnSolution, Unsolved>,
    /// With every solution asked for: every solution found, cheapest first (a list cut
    /// short when `solution` is an error or `capped`).
    pub listed: Option<Vec<TurnSolution>>,
    /// The list stopped at `max_solutions`.
    pub capped: bool,
    /// No solution costs less than this.
    pub proven_lower: usize,
    /// Nodes generated.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
    /// Every table passed its check: the solution is proven shortest.
    pub tables_checked: bool,
    /// The metric lengths are counted in.
    pub metric: Metric,
    /// The turns allowed.
    pub turns: TurnSet,
    /// The bound was tables built for this query ([`crate::search::pinned`]).
    pub query_tables: bool,
    /// Threads searched with.
    pub threads: usize,
}

/// Solve `position` for `goal` with `turns` (see the [module docs](self)); `options`
/// give the metric (`rules.metric`), the longest solution searched (`max_depth`, in the
/// metric), the time limit, cancel flag and listing (`all`).  A position with too many
/// completions to search one by one is searched from one of them, bound by tables built
/// for the query ([`crate::search::pinned`]).
pub fn solve_turns(
    tables: &TableSet,
    slice_turns: Option<&SliceTurnTables>,
    position: &MaskedCube,
    goal: &Goal,
    turns: TurnSet,
    options: &Options,
) -> Result<TurnOutcome, crate::Error> {
    if goal.too_many_cases(position)? {
        return solve_pinned(position, goal, turns, options, false);
    }
    let start = Instant::now();
    let cases = goal.cases_of(position)?;
    let roots: Vec<_> = cases.iter().map(|c| c.position).collect();
    let query = held_query(turns, options, false);
    let slices_as_one = counts_slices_as_one(turns, options.rules.metric);
    let found = match slices_as_one {
        // The face-turn tables' value is halved for slices in STM; tables counted in
        // slice turns bound it better where they are larger: Korf's three where they are
        // loaded, and small ones built here over each corner and its edges (which see
        // what the others cannot: the edges of an H permutation are those of `U2`).
        true => {
            let built =
                PinnedBound::new(PieceGoals::SOLVED, MoveSet::ALL, Metric::Htm, false, true);
            let tables = TablesBound::new(tables, turns, options.rules.metric);
            match slice_turns {
                // `Both` tries its second bound first: the slice-turn tables, which
                // prune most for the least work.
                Some(stm) => {
                    search_held_with(Both(Both(built, tables), stm.bound()), &roots, &query)
                }
                None => search_held_with(Both(tables, built), &roots, &query),
            }
        }
        false => search_held(tables, &roots, &query),
    };
    let frame = |s: &HeldSolution| (cases[s.root].before, cases[s.root].after);
    let checked = tables.checked() && (!slices_as_one || slice_turns.is_none_or(|t| t.checked()));
    finish(
        position,
        goal,
        turns,
        options,
        &query,
        (found, checked, false),
        frame,
        start,
    )
}

/// [`solve_turns`] for a position with more completions than are searched one by one:
/// from one completion (turned by each start AUF), bound by the pinned pieces' tables
/// ([`PinnedBound`]), done when every piece is where the given stickers want it.
///
/// `through_goal`: list sequences that pass the goal before their end too, as face-turn
/// searches of masked positions do ([`crate::Solver::solve_masked`]).
pub(crate) fn solve_pinned(
    position: &MaskedCube,
    goal: &Goal,
    turns: TurnSet,
    options: &Options,
    through_goal: bool,
) -> Result<TurnOutcome, crate::Error> {
    let start = Instant::now();
    if *goal.target() != crate::Cube::SOLVED {
        return Err(crate::Error::Input(
            "a position with stickers that do not matter (`X`) is solved to the solved cube: drop --target, or give every sticker".into(),
        ));
    }
    let completion = position.any_completion()?;
    let goals = position.piece_goals(&completion);
    let metric = options.rules.metric;
    let moves = turns.face_moves().unwrap_or(MoveSet::ALL);
    let slices = counts_slices_as_one(turns, metric);
    let bound = PinnedBound::new(goals, moves, metric.of_face_turns(), goal.end_auf(), slices);
    let befores: Vec<Option<Move>> = match goal.start_auf() {
        true => vec![None, Some(u(1)), Some(u(2)), Some(u(3))],
        false => vec![None],
    };
    let roots: Vec<Cube> = befores
        .iter()
        .map(|b| b.map_or(completion, |m| completion.apply_move(m)))
        .collect();
    let query = held_query(turns, options, through_goal);
    let found = search_held_with(bound, &roots, &query);
    let frame = |s: &HeldSolution| {
        let end = roots[s.root].apply_moves(&crate::cube::relative_moves(&s.turns));
        let after = match goals.allows(&end) {
            true => None,
            false => (1..4).find(|&q| goals.allows(&end.apply_move(u(q)))).map(u),
        };
        (befores[s.root], after)
    };
    // The tables are built here, in memory, for this query: nothing to check.
    finish(
        position,
        goal,
        turns,
        options,
        &query,
        (found, true, true),
        frame,
        start,
    )
}

/// Whether the search counts a slice as one turn: the slice-turn metric, with slices.
/// Whether the slice-turn tables ([`crate::search::slice_turns`]) are worth building
/// for a search of `turns` in `metric`: it counts slices one each and turns layers of
/// all three axes (every face and slice, say).  Smaller sets (⟨M,U⟩, ⟨R,M,U⟩) solve in
/// milliseconds without them, and use them only when they are there.
pub fn worth_slice_turn_tables(turns: TurnSet, metric: Metric) -> bool {
    let mut axes = [false; 3];
    for t in turns.turns() {
        axes[t.axis()] = true;
    }
    counts_slices_as_one(turns, metric) && axes.iter().all(|&a| a)
}

/// Whether a search of `turns` in `metric` counts slices one each, and so is bound by
/// the slice-turn tables ([`crate::search::slice_turns`]) where they are loaded.
pub(crate) fn counts_slices_as_one(turns: TurnSet, metric: Metric) -> bool {
    metric == Metric::Stm && turns.turns().any(|t| t.kind() == TurnKind::Slice)
}

fn u(quarter_turns: u8) -> Move {
    Move::new(Face::U, quarter_turns)
}

/// The held search's question from the options.
fn held_query(turns: TurnSet, options: &Options, through_goal: bool) -> HeldQuery<'_> {
    HeldQuery {
        turns,
        metric: options.rules.metric,
        within: options.all.map(|a| a.within as usize),
        max_solutions: options.all.and_then(|a| a.max_solutions),
        max_cost: options.max_depth as usize,
        timeout: options.timeout,
        cancel: options.cancel.as_deref(),
        through_goal,
        threads: options.threads,
    }
}

/// The outcome of a held search (with whether its tables passed their check and whether
/// they were built for the query): each
/// solution framed by its AUF turns (`frame`), listed once, checked.
#[allow(clippy::too_many_arguments)]
fn finish(
    position: &MaskedCube,
    goal: &Goal,
    turns: TurnSet,
    options: &Options,
    query: &HeldQuery,
    (found, tables_checked, query_tables): (crate::search::held::HeldOutcome, bool, bool),
    frame: impl Fn(&HeldSolution) -> (Option<Move>, Option<Move>),
    start: Instant,
) -> Result<TurnOutcome, crate::Error> {
    let framed = |s: &HeldSolution| {
        let (before, after) = frame(s);
        TurnSolution {
            before,
            turns: s.turns.clone(),
            rotation: s.rotation.clone(),
            after,
        }
    };
    let mut listed: Vec<TurnSolution> = Vec::new();
    for s in &found.solutions {
        let s = framed(s);
        if !redundant(goal, &s) && !listed.iter().any(|l| l.turns == s.turns) {
            listed.push(s);
        }
    }
    for s in &listed {
        check(goal, position, s)?;
    }
    let capped = found.stopped.is_some()
        && query
            .max_solutions
            .is_some_and(|m| found.solutions.len() >= m);
    let solution = match (listed.first(), found.stopped) {
        (Some(s), None) => Ok(s.clone()),
        (Some(s), Some(_)) if capped => Ok(s.clone()),
        (_, Some(why)) if !capped => Err(why),
        _ => Err(Unsolved::MaxDepth),
    };
    Ok(TurnOutcome {
        solution,
        listed: options.all.map(|_| listed),
        capped,
        proven_lower: found.proven_lower,
        nodes: found.nodes,
        seconds: start.elapsed().as_secs_f64(),
        tables_checked,
        metric: options.rules.metric,
        turns,
        query_tables,
        threads: crate::threads::count(options.threads),
    })
}

/// Whether a listed solution is another one with a different AUF: it begins with a turn
/// of U (with `start_auf`), or its last axis's turns include a face turn of the face the
/// U centre is on (with `end_auf`).
fn redundant(goal: &Goal, s: &TurnSolution) -> bool {
    let is_face = |t: &Turn| t.kind() == TurnKind::Face;
    if goal.start_auf()
        && s.turns
            .first()
            .is_some_and(|t| is_face(t) && t.face() == Face::U)
    {
        return true;
    }
    if !goal.end_auf() {
        return false;
    }
    let Some(last_axis) = s.turns.last().map(|t| t.axis()) else {
        return false;
    };
    let block_start = s.turns.len()
        - s.turns
            .iter()
            .rev()
            .take_while(|t| t.axis() == last_axis)
            .count();
    let frame = Held::new(crate::Cube::SOLVED)
        .turns(&s.turns[..block_start])
        .frame;
    s.turns[block_start..]
        .iter()
        .any(|t| is_face(t) && frame.centre(t.face()) == Face::U)
}

/// A solution's check: with its rotation the centres come home, and what it does to the
/// pieces reaches the goal from the position.
fn check(goal: &Goal, position: &MaskedCube, s: &TurnSolution) -> Result<(), crate::Error> {
    let held = Held::new(crate::Cube::SOLVED)
        .turns(&s.turns)
        .turns(&s.rotation);
    if held.frame.is_home() && goal.reached_from(position, &s.relative()) {
        return Ok(());
    }
    Err(crate::search::SearchError::InvalidSolution(s.written()).into())
}

/// A face-turn search's outcome as [`crate::Solver::solve_masked`] gives it: the solutions
/// as moves, sorted by length and then move by move, each with its AUF turns.
pub(crate) fn as_goal_outcome(found: TurnOutcome, options: &Options) -> crate::GoalOutcome {
    use crate::search::{Outcome, SolutionSet, TaskMerge};
    let rules = options.rules;
    let moves =
        |s: &TurnSolution| -> Vec<Move> { s.turns.iter().filter_map(|t| t.as_move()).collect() };
    let mut listed: Vec<(Vec<Move>, crate::goal::Aufs)> = found
        .listed
        .iter()
        .flatten()
        .map(|s| (moves(s), (s.before, s.after)))
        .collect();
    listed
        .sort_by(|a, b| (rules.length(&a.0).cmp(&rules.length(&b.0))).then_with(|| a.0.cmp(&b.0)));
    let best = found.solution.as_ref().ok();
    let (before, after) = best.map_or((None, None), |s| (s.before, s.after));
    let listing = found.listing();
    let all = options.all.map(|a| {
        let optimal = listed.first().map_or(0, |(m, _)| rules.length(m) as u8);
        SolutionSet {
            solutions: listed.iter().map(|(m, _)| m.clone()).collect(),
            optimal_length: optimal,
            within: a.within,
            listing,
        }
    });
    let outcome = Outcome {
        solution: found.solution.as_ref().map(moves).map_err(|&e| e),
        tables_checked: found.tables_checked,
        nodes: found.nodes,
        upper_bound_nodes: 0,
        seconds: found.seconds,
        depths: Vec::new(),
        busy_seconds: found.seconds,
        threads: found.threads,
        upper_bound: None,
        symmetry: TaskMerge {
            symmetries: 1,
            tasks: 1,
            all_tasks: 1,
        },
        unproven: None,
        proven_lower: found.proven_lower.min(u8::MAX as usize) as u8,
        taken_share: None,
        all,
        rules,
        query_tables: found.query_tables,
    };
    crate::GoalOutcome {
        outcome,
        before,
        after,
        framing: listed.into_iter().map(|(_, f)| f).collect(),
    }
}
