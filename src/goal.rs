//! What a solution must reach: the solved cube, or another position (`--target`), and
//! speedcubers' free turn of the top layer before the sequence (`--start-auf`) or after it
//! (`--end-auf`, "up to AUF").
//!
//! A goal is reduced to ordinary solves: a sequence `s` takes `p`, after the turn `Uᵃ`,
//! to the target `t` before the turn `Uᵇ` exactly when it solves `Uᵇ · t⁻¹ · p · Uᵃ`, so
//! each choice of `(a, b)` is one position (a *case*) for the optimal search, with every
//! table as it is (a position with grey stickers adds a case for each completion).  The
//! cases are deepened together, most promising first at each depth, until one has a
//! solution; listing every solution, each case within `within` of it is then searched
//! that deep.  The turns before and after are not counted in the length.
//!
//! With every solution asked for, a sequence is listed once: a sequence that begins with a
//! turn of U (with `start_auf`) or ends with one (with `end_auf`) is the same algorithm as
//! a shorter one with another AUF, and is left out; a sequence that several cases share
//! (one that commutes with U, such as `D`) is listed with the first of them, the fewest
//! and smallest AUF turns.

use crate::cube::{Cube, Face, MaskedCube, Metric, Move};
use crate::search::{self, Listing, Outcome, SearchError, SolutionSet, Unsolved};
use web_time::Instant;

/// What a solution must reach ([`crate::Solver::solve_goal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Goal {
    target: Cube,
    start_auf: bool,
    end_auf: bool,
}

impl Default for Goal {
    fn default() -> Self {
        Goal::SOLVED
    }
}

/// A sequence framed by the turns of U before and after it that a [`Goal`] allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Framed {
    /// The turn of U made first (`start_auf`), if any.
    pub before: Option<Move>,
    /// The sequence itself; its length is the solution's length.
    pub moves: Vec<Move>,
    /// The turn of U made last (`end_auf`), if any.
    pub after: Option<Move>,
}

impl Framed {
    /// A framed solution as records write it: the AUF turns as text (`""` or absent for
    /// none) around the moves.  `None` if any part is not what korf writes.
    pub fn from_text(before: Option<&str>, moves: &str, after: Option<&str>) -> Option<Framed> {
        let turn = |t: Option<&str>| match t.filter(|t| !t.is_empty()) {
            None => Some(None),
            Some(t) => match crate::cube::parse_moves(t).ok()?[..] {
                [m] => Some(Some(m)),
                _ => None,
            },
        };
        Some(Framed {
            before: turn(before)?,
            moves: crate::cube::parse_moves(moves).ok()?,
            after: turn(after)?,
        })
    }
}

/// One choice of AUF turns, and the position whose solutions are the goal's with them.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// The turn of U before the sequence.
    pub before: Option<Move>,
    /// The turn of U after it.
    pub after: Option<Move>,
    /// What the sequence must solve.
    pub position: Cube,
}

impl Goal {
    /// The solved cube, no AUF: an ordinary solve.
    pub const SOLVED: Goal = Goal {
        target: Cube::SOLVED,
        start_auf: false,
        end_auf: false,
    };

    /// Reach `target` instead of the solved cube.
    pub fn to(target: Cube) -> Goal {
        Goal {
            target,
            ..Goal::SOLVED
        }
    }

    /// Allow (or not) one turn of U before the sequence, not counted in its length.
    pub fn with_start_auf(self, on: bool) -> Goal {
        Goal {
            start_auf: on,
            ..self
        }
    }

    /// Allow (or not) one turn of U after the sequence, not counted in its length.
    pub fn with_end_auf(self, on: bool) -> Goal {
        Goal {
            end_auf: on,
            ..self
        }
    }

    /// The position to reach.
    pub fn target(&self) -> &Cube {
        &self.target
    }

    /// Whether a turn of U is allowed before the sequence.
    pub fn start_auf(&self) -> bool {
        self.start_auf
    }

    /// Whether a turn of U is allowed after the sequence.
    pub fn end_auf(&self) -> bool {
        self.end_auf
    }

    /// The cases, no AUF turn first, then by the turn before and the turn after.
    pub fn cases(&self, position: &Cube) -> Vec<Case> {
        let aufs = |on: bool| match on {
            true => vec![None, Some(u(1)), Some(u(2)), Some(u(3))],
            false => vec![None],
        };
        let towards = self.target.inverse().compose(position);
        let mut cases = Vec::new();
        for before in aufs(self.start_auf) {
            for after in aufs(self.end_auf) {
                let mut q = towards;
                if let Some(m) = before {
                    q = q.apply_move(m);
                }
                if let Some(m) = after {
                    q = Cube::from_moves(&[m]).compose(&q);
                }
                cases.push(Case {
                    before,
                    after,
                    position: q,
                });
            }
        }
        cases.sort_by_key(preference);
        cases
    }

    /// The cases of a position some of whose stickers may not matter: those of each of its
    /// completions (see [`MaskedCube`]), each position once (the first by AUF preference).
    /// Refused if the position has stickers that do not matter and a target other than
    /// the solved cube, or more completions than korf searches.
    pub(crate) fn cases_of(&self, position: &MaskedCube) -> Result<Vec<Case>, crate::Error> {
        if let Some(cube) = position.complete() {
            return Ok(self.cases(&cube));
        }
        if self.target != Cube::SOLVED {
            return Err(crate::Error::Input(
                "a position with stickers that do not matter (`X`) is solved to the solved cube: drop --target, or give every sticker".into(),
            ));
        }
        let aufs = (1 + 3 * self.start_auf as usize) * (1 + 3 * self.end_auf as usize);
        let completions = position.completions(crate::cube::MAX_COMPLETIONS / aufs)?;
        let mut cases: Vec<Case> = completions.iter().flat_map(|c| self.cases(c)).collect();
        cases.sort_by_key(preference);
        let mut seen = std::collections::HashSet::new();
        cases.retain(|c| seen.insert(c.position));
        Ok(cases)
    }

    /// Whether `position` has more completions (times the AUF cases) than are searched
    /// one by one ([`crate::cube::MAX_COMPLETIONS`]); an error if it has none.
    pub fn too_many_cases(&self, position: &MaskedCube) -> Result<bool, crate::Error> {
        if position.is_complete() {
            return Ok(false);
        }
        let aufs = (1 + 3 * self.start_auf as u128) * (1 + 3 * self.end_auf as u128);
        let count = position.completion_count()?;
        Ok(count.saturating_mul(aufs) > crate::cube::MAX_COMPLETIONS as u128)
    }

    /// Whether `solution` takes `position` to the goal: on the cube model for a complete
    /// position, else by where the given stickers land.
    pub fn reached_from(&self, position: &MaskedCube, solution: &Framed) -> bool {
        if let Some(cube) = position.complete() {
            return self.reached_by(&cube, solution);
        }
        let sequence: Vec<Move> = solution
            .before
            .into_iter()
            .chain(solution.moves.iter().copied())
            .chain(solution.after)
            .collect();
        *self.target() == Cube::SOLVED && position.solved_by(&sequence)
    }

    /// Whether `solution` takes `position` to the goal, checked on the cube model.
    pub fn reached_by(&self, position: &Cube, solution: &Framed) -> bool {
        let mut c = *position;
        c = solution.before.map_or(c, |m| c.apply_move(m));
        c = c.apply_moves(&solution.moves);
        c = solution.after.map_or(c, |m| c.apply_move(m));
        c == self.target
    }

    /// Whether a listed `moves` would repeat an algorithm listed with other AUF turns: it
    /// begins with a turn of U (with `start_auf`), or ends with one, possibly followed by
    /// a turn of D (with `end_auf`).
    pub fn absorbs(&self, moves: &[Move]) -> bool {
        let is_u = |m: Option<&Move>| m.is_some_and(|m| m.face() == Face::U);
        let n = moves.len();
        let ends_in_u = is_u(moves.last())
            || (n >= 2 && moves[n - 1].face() == Face::D && is_u(moves.get(n - 2)));
        (self.start_auf && is_u(moves.first())) || (self.end_auf && ends_in_u)
    }
}

/// The order in which AUF choices are preferred: fewest turns, then the turn before, then
/// the turn after (U, U2, U').  A sequence that several cases share is listed with the
/// first.
fn preference(c: &Case) -> (u8, Option<u8>, Option<u8>) {
    let turns = c.before.is_some() as u8 + c.after.is_some() as u8;
    let q = |m: Option<Move>| m.map(Move::quarter_turns);
    (turns, q(c.before), q(c.after))
}

/// A quarter turn count of U as a move.
fn u(quarter_turns: u8) -> Move {
    Move::new(Face::U, quarter_turns)
}

/// The turns of U before and after a sequence.
pub type Aufs = (Option<Move>, Option<Move>);

/// What [`crate::Solver::solve_goal`] found: the outcome (its solution, or the best it knew
/// when stopped, is the sequence between the AUF turns; nodes and time are the whole
/// goal's), the AUF turns of that solution, and those of each listed solution.
#[derive(Debug, Clone)]
pub struct GoalOutcome {
    /// The search's outcome, as for a plain solve.
    pub outcome: Outcome,
    /// The turn of U before the solution shown (solution or unproven).
    pub before: Option<Move>,
    /// The turn of U after it.
    pub after: Option<Move>,
    /// With every solution asked for: the AUF turns of each listed solution, in the order
    /// of `outcome.all`'s list.
    pub framing: Vec<Aufs>,
}

impl GoalOutcome {
    /// The solution shown, framed by its AUF turns.
    pub fn framed(&self) -> Option<Framed> {
        let moves = match &self.outcome.solution {
            Ok(s) => s.clone(),
            Err(_) => self.outcome.unproven.clone()?,
        };
        Some(Framed {
            before: self.before,
            moves,
            after: self.after,
        })
    }

    /// The listed solutions, framed by their AUF turns.
    pub fn listed(&self) -> Vec<Framed> {
        let Some(all) = &self.outcome.all else {
            return Vec::new();
        };
        all.solutions
            .iter()
            .zip(&self.framing)
            .map(|(s, &(before, after))| Framed {
                before,
                moves: s.clone(),
                after,
            })
            .collect()
    }
}

/// The outcome of one case searched, kept for merging.
pub(crate) struct Searched {
    pub(crate) case: Case,
    pub(crate) outcome: Outcome,
}

/// What stopped a goal's searches early, if anything.
#[derive(Clone, Copy)]
struct Stops {
    /// Before the shortest solution was proven: the solution shown is not proven.
    solve: Option<Unsolved>,
    /// While listing every solution: the list is incomplete.
    list: Option<Unsolved>,
    /// The least table bound of the cases not searched.
    unsearched: u8,
}

/// Merge the searched cases' outcomes into the goal's: nodes, time and iterations summed,
/// the solution of the best case (proven only if no search was stopped before the proof),
/// every listed solution of at most `longest` moves once.
fn merge(
    goal: &Goal,
    position: &MaskedCube,
    searched: Vec<Searched>,
    seconds: f64,
    stops: Stops,
    longest: Option<usize>,
) -> Result<GoalOutcome, SearchError> {
    let metric = searched[0].outcome.rules.metric;
    let best = pick_best(&searched, metric);
    let mut outcome = searched[best].outcome.clone();
    let case = searched[best].case;
    outcome.nodes = searched.iter().map(|s| s.outcome.nodes).sum();
    outcome.busy_seconds = searched.iter().map(|s| s.outcome.busy_seconds).sum();
    outcome.seconds = seconds;
    outcome.depths = summed_depths(&searched);
    outcome.tables_checked = searched.iter().all(|s| s.outcome.tables_checked);
    let stop = stops.solve;
    if let Some(why) = stop {
        if let Ok(s) = &outcome.solution {
            outcome.unproven = Some(s.clone());
        }
        outcome.solution = Err(why);
    }
    if outcome.solution.is_err() {
        let lowest = searched.iter().map(|s| s.outcome.proven_lower).min();
        let shown_case = outcome.proven_lower;
        outcome.proven_lower = lowest.unwrap_or(0).min(stops.unsearched);
        if outcome.proven_lower != shown_case {
            // The share searched was of the shown case's bound, not of this one.
            outcome.taken_share = None;
        }
        if stop.is_none() {
            outcome.solution = Err(unsolved_reason(&searched));
        }
    }
    let mut merged = GoalOutcome {
        outcome,
        before: case.before,
        after: case.after,
        framing: Vec::new(),
    };
    if let Some(l) = longest {
        merge_lists(goal, &searched, l, stops.list, &mut merged);
    }
    check(goal, position, &merged)?;
    Ok(merged)
}

/// The case whose outcome is shown: the shortest solution, else the shortest unproven
/// one of a stopped case, else the first.
fn pick_best(searched: &[Searched], metric: Metric) -> usize {
    let length = |s: &Searched| match &s.outcome.solution {
        Ok(m) => (0, metric.length(m)),
        Err(_) => (
            1,
            s.outcome
                .unproven
                .as_ref()
                .map_or(usize::MAX, |m| metric.length(m)),
        ),
    };
    (0..searched.len())
        .min_by_key(|&i| length(&searched[i]))
        .unwrap_or(0)
}

/// The stop (interrupt first, then time limit) of a case that was stopped, if any.
fn case_stop(searched: &[Searched]) -> Option<Unsolved> {
    let stopped = |r: Unsolved| {
        searched
            .iter()
            .any(|s| s.outcome.solution.as_ref().err() == Some(&r))
    };
    [Unsolved::Interrupted, Unsolved::Timeout]
        .into_iter()
        .find(|&r| stopped(r))
}

/// Why no case has a solution, none having been stopped: the depth limit, or (every case
/// ruled out by the allowed turns) unreachable.
fn unsolved_reason(searched: &[Searched]) -> Unsolved {
    let depth = searched
        .iter()
        .any(|s| s.outcome.solution.as_ref().err() == Some(&Unsolved::MaxDepth));
    match depth {
        true => Unsolved::MaxDepth,
        false => Unsolved::Unreachable,
    }
}

/// The iterations of every case, summed bound by bound.
fn summed_depths(searched: &[Searched]) -> Vec<search::DepthStats> {
    let mut depths: Vec<search::DepthStats> = Vec::new();
    for d in searched.iter().flat_map(|s| &s.outcome.depths) {
        match depths.iter_mut().find(|x| x.bound == d.bound) {
            Some(x) => {
                x.nodes += d.nodes;
                x.seconds += d.seconds;
            }
            None => depths.push(d.clone()),
        }
    }
    depths.sort_by_key(|d| d.bound);
    depths
}

/// Every case's listed solutions of at most `longest` moves, each algorithm once, sorted
/// as a plain list is (by length, then move by move).
fn merge_lists(
    goal: &Goal,
    searched: &[Searched],
    longest: usize,
    stop: Option<Unsolved>,
    into: &mut GoalOutcome,
) {
    let metric = into.outcome.rules.metric;
    let mut seen = std::collections::HashSet::new();
    let mut listed: Vec<(Vec<Move>, Aufs)> = Vec::new();
    let mut listing = match stop {
        Some(Unsolved::Interrupted) => Listing::Interrupted,
        Some(_) => Listing::Timeout,
        None => Listing::Complete,
    };
    let mut by_preference: Vec<&Searched> = searched.iter().collect();
    by_preference.sort_by_key(|s| preference(&s.case));
    for s in by_preference {
        let Some(set) = &s.outcome.all else { continue };
        listing = worse(listing, set.listing);
        for m in &set.solutions {
            if metric.length(m) <= longest && !goal.absorbs(m) && seen.insert(m.clone()) {
                listed.push((m.clone(), (s.case.before, s.case.after)));
            }
        }
    }
    listed.sort_by(|a, b| {
        (metric.length(&a.0).cmp(&metric.length(&b.0))).then_with(|| a.0.cmp(&b.0))
    });
    let optimal = listed.first().map_or(0, |(m, _)| metric.length(m) as u8);
    into.framing = listed.iter().map(|(_, f)| *f).collect();
    into.outcome.all = Some(SolutionSet {
        solutions: listed.into_iter().map(|(m, _)| m).collect(),
        optimal_length: optimal,
        within: (longest as u8).saturating_sub(optimal),
        listing,
    });
}

/// The less complete of two listings.
fn worse(a: Listing, b: Listing) -> Listing {
    let rank = |l: Listing| match l {
        Listing::Complete => 0,
        Listing::Capped => 1,
        Listing::Timeout => 2,
        Listing::Interrupted => 3,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Every solution shown reaches the goal from `position` (a bug otherwise, reported
/// rather than printed).
fn check(goal: &Goal, position: &MaskedCube, o: &GoalOutcome) -> Result<(), SearchError> {
    let shown = o.framed().into_iter().chain(o.listed());
    let whole = position.complete();
    for f in shown {
        let reached = match &whole {
            Some(cube) => goal.reached_by(cube, &f),
            None => goal.reached_from(position, &f),
        };
        if !reached {
            return Err(SearchError::InvalidSolution(crate::cube::format_moves(
                &f.moves,
            )));
        }
    }
    Ok(())
}

/// What a goal's search needs of a solver: one optimal solve of a position under given
/// options, and the tables' lower bound of a position.
pub(crate) trait CaseSolver {
    /// An optimal solve of `position` under `options`.
    fn solve_case(
        &self,
        position: &Cube,
        options: &search::Options,
        progress: Option<&(dyn Fn(search::Snapshot) + Sync)>,
    ) -> Result<Outcome, crate::Error>;
    /// The tables' lower bound on the length of `position`.
    fn bound(&self, position: &Cube) -> u8;
}

/// [`crate::Solver::solve_goal`]: the cases deepened together, most promising first at
/// each depth (lowest table bound, then fewest AUF turns); with every solution asked for,
/// each case whose optimum is within reach is then listed.
pub(crate) fn solve(
    solver: &impl CaseSolver,
    position: &MaskedCube,
    goal: &Goal,
    options: &search::Options,
    progress: Option<&(dyn Fn(search::Snapshot) + Sync)>,
) -> Result<GoalOutcome, crate::Error> {
    let start = Instant::now();
    let cases = goal.cases_of(position)?;
    if cases.len() == 1 {
        let outcome = solver.solve_case(&cases[0].position, options, progress)?;
        let framing = vec![(None, None); outcome.all.as_ref().map_or(0, |a| a.solutions.len())];
        let merged = GoalOutcome {
            outcome,
            before: None,
            after: None,
            framing,
        };
        check(goal, position, &merged)?;
        return Ok(merged);
    }
    let bounds: Vec<u8> = cases.iter().map(|c| solver.bound(&c.position)).collect();
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&i| bounds[i]);
    let run = Run {
        solver,
        options,
        progress,
        deadline: options.timeout.map(|t| start + t),
    };
    let (mut searched, stop, unsearched) = run.shortest(&cases, &bounds, &order)?;
    let stop = stop.or_else(|| case_stop(&searched));
    let (mut longest, mut list_stop) = (None, None);
    if let (Some(all), Some(l), None) = (
        options.all,
        best_length(&searched, options.rules.metric),
        stop,
    ) {
        let n = l + all.within as usize;
        list_stop = run.list(&mut searched, n, all)?;
        longest = Some(n);
    }
    let stops = Stops {
        solve: stop,
        list: list_stop,
        unsearched,
    };
    let seconds = start.elapsed().as_secs_f64();
    // Without a proven optimum there is no list, as in a plain solve stopped early.
    Ok(merge(goal, position, searched, seconds, stops, longest)?)
}

/// The length of the shortest solution any searched case found.
fn best_length(searched: &[Searched], metric: Metric) -> Option<usize> {
    searched
        .iter()
        .filter_map(|s| s.outcome.solution.as_ref().ok())
        .map(|m| metric.length(m))
        .min()
}

/// The cases' searches so far, deepened together ([`Run::shortest`]).
struct Deepening {
    /// Each case searched, in the order first searched.
    searched: Vec<Searched>,
    /// Where each case is in `searched`, if searched.
    slot: Vec<Option<usize>>,
    /// How deep each case was searched last.
    depth: Vec<usize>,
    /// What stopped the searches, if anything did.
    stop: Option<Unsolved>,
}

impl Deepening {
    fn new(cases: usize) -> Deepening {
        Deepening {
            searched: Vec::new(),
            slot: vec![None; cases],
            depth: vec![0; cases],
            stop: None,
        }
    }
}

/// One goal's searches: the solver, the caller's options and their shared deadline.
struct Run<'a, S> {
    solver: &'a S,
    options: &'a search::Options,
    progress: Option<&'a (dyn Fn(search::Snapshot) + Sync)>,
    deadline: Option<Instant>,
}

impl<S: CaseSolver> Run<'_, S> {
    /// The options for one case: at most `max_depth` long, in the time left.  `None` if
    /// the goal has been stopped (its time is up, or the caller's stop flag is set).
    fn case_options(&self, max_depth: usize) -> Result<search::Options, Unsolved> {
        let cancelled = self.options.cancel.as_ref();
        if cancelled.is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed)) {
            return Err(Unsolved::Interrupted);
        }
        let mut o = self.options.clone();
        if let Some(d) = self.deadline {
            let left = d.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Unsolved::Timeout);
            }
            o.timeout = Some(left);
        }
        o.max_depth = max_depth.min(self.options.max_depth as usize) as u8;
        o.all = None;
        o.checkpoint = None;
        Ok(o)
    }

    /// The shortest solution over the cases, deepened together: at each depth from the
    /// least table bound on, each case whose bound allows it is searched to that depth, in
    /// `order`, until one has a solution.  (A case searched first to its own optimum could
    /// run far past the others': a completion of a masked position that the allowed turns
    /// solve in twenty moves, where another completion takes seven.)  Listing every
    /// solution, each case within `within` of the best is then searched that deep.
    /// Returns the cases searched, the stop that cut the goal short if any, and the least
    /// table bound of the cases not searched.
    fn shortest(
        &self,
        cases: &[Case],
        bounds: &[u8],
        order: &[usize],
    ) -> Result<(Vec<Searched>, Option<Unsolved>, u8), crate::Error> {
        let metric = self.options.rules.metric;
        let mut run = Deepening::new(cases.len());
        let least = order.first().map_or(0, |&i| bounds[i] as usize);
        'deepening: for depth in least..=self.options.max_depth as usize {
            for &i in order.iter().filter(|&&i| bounds[i] as usize <= depth) {
                self.search_to(&mut run, cases, i, depth)?;
                if run.stop.is_some() || best_length(&run.searched, metric).is_some() {
                    break 'deepening;
                }
            }
        }
        if let (true, None, Some(&i)) = (run.searched.is_empty(), run.stop, order.first()) {
            // Every table bound past the depth limit: the first case says so.
            self.search_to(&mut run, cases, i, self.options.max_depth as usize)?;
        }
        if let (Some(best), Some(all), None) = (
            best_length(&run.searched, metric),
            self.options.all,
            run.stop,
        ) {
            let limit = best + all.within as usize;
            for &i in order.iter().filter(|&&i| bounds[i] as usize <= limit) {
                self.search_to(&mut run, cases, i, limit)?;
                if run.stop.is_some() {
                    break;
                }
            }
        }
        let unsearched = match run.stop {
            Some(_) => order
                .iter()
                .filter(|&&i| run.slot[i].is_none())
                .map(|&i| bounds[i])
                .min()
                .unwrap_or(u8::MAX),
            None => u8::MAX,
        };
        Ok((run.searched, run.stop, unsearched))
    }

    /// Search case `i` to `depth`, unless an earlier search of it ended otherwise than at
    /// its depth limit (a solution, the allowed turns ruling it out, a stop) or went as
    /// deep.  A search again replaces the case's outcome, the earlier work added to it.
    fn search_to(
        &self,
        run: &mut Deepening,
        cases: &[Case],
        i: usize,
        depth: usize,
    ) -> Result<(), crate::Error> {
        if let Some(k) = run.slot[i] {
            let limited =
                run.searched[k].outcome.solution.as_ref().err() == Some(&Unsolved::MaxDepth);
            if !limited || run.depth[i] >= depth {
                return Ok(());
            }
        }
        let options = match self.case_options(depth) {
            Ok(o) => o,
            Err(why) => {
                run.stop = Some(why);
                return Ok(());
            }
        };
        let outcome = self
            .solver
            .solve_case(&cases[i].position, &options, self.progress)?;
        if let Err(why @ (Unsolved::Timeout | Unsolved::Interrupted)) = outcome.solution {
            run.stop = Some(why);
        }
        run.depth[i] = depth;
        match run.slot[i] {
            Some(k) => {
                let earlier = std::mem::replace(&mut run.searched[k].outcome, outcome);
                let now = &mut run.searched[k].outcome;
                now.nodes += earlier.nodes;
                now.busy_seconds += earlier.busy_seconds;
                now.depths.extend(earlier.depths);
            }
            None => {
                run.slot[i] = Some(run.searched.len());
                run.searched.push(Searched {
                    case: cases[i],
                    outcome,
                });
            }
        }
        Ok(())
    }

    /// Replace each searched case's outcome whose solution is at most `longest` moves by
    /// the list of its solutions up to `longest` (nodes and time of both kept).  Returns
    /// the stop that cut the listing short, if any.
    fn list(
        &self,
        searched: &mut [Searched],
        longest: usize,
        all: search::AllSolutions,
    ) -> Result<Option<Unsolved>, crate::Error> {
        let metric = self.options.rules.metric;
        for s in searched.iter_mut() {
            let Ok(l) = s.outcome.solution.as_ref().map(|m| metric.length(m)) else {
                continue;
            };
            if l > longest {
                continue;
            }
            let mut o = match self.case_options(longest) {
                Ok(o) => o,
                Err(why) => return Ok(Some(why)),
            };
            o.all = Some(search::AllSolutions {
                within: (longest - l) as u8,
                ..all
            });
            let listed = self
                .solver
                .solve_case(&s.case.position, &o, self.progress)?;
            let first = std::mem::replace(&mut s.outcome, listed);
            s.outcome.nodes += first.nodes;
            s.outcome.busy_seconds += first.busy_seconds;
            s.outcome.depths.extend(first.depths);
            // The optimum stays proven by the first search, whatever stopped the list.
            s.outcome.solution = first.solution;
            match s.outcome.all.as_ref().map(|a| a.listing) {
                Some(Listing::Timeout) => return Ok(Some(Unsolved::Timeout)),
                Some(Listing::Interrupted) => return Ok(Some(Unsolved::Interrupted)),
                _ => {}
            }
        }
        Ok(None)
    }
}
