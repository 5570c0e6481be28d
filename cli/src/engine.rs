//! The engine a command runs (optimal IDA* or the two-phase search), chosen from the
//! shared search flags, and one position solved with it: the live line, the estimate
//! announced when it is long.

use crate::cli::{CliError, FastArgs, SearchArgs};
use crate::tables::BuildDisplay;
use indicatif::{ProgressBar, ProgressStyle};
use korf::cube::{Cube, MaskedCube, Metric};
use korf::search::{self, Snapshot};
use korf::tables::{self, Residency};
use korf::twophase::{FastOptions, TwoPhase};
use korf::{Goal, Solver, SolverConfig};
use korf_front::report::{self, human_seconds, SolveRecord};
use std::path::PathBuf;
use std::time::Duration;

/// The solver a command runs: optimal IDA* or the two-phase search.
pub(crate) enum Engine {
    Optimal(Box<Solver>),
    Fast {
        solver: Box<TwoPhase>,
        opts: FastOptions,
        /// The metric its lengths are reported in.
        metric: Metric,
    },
}

impl Engine {
    /// The name its rows carry: the heuristic, or `two-phase`.
    pub(crate) fn name(&self) -> String {
        match self {
            Engine::Optimal(solver) => solver.heuristic().name().to_string(),
            Engine::Fast { .. } => report::FAST_SEARCH.to_string(),
        }
    }
}

pub(crate) fn positive_seconds(
    value: Option<f64>,
    flag: &str,
) -> Result<Option<Duration>, CliError> {
    Ok(korf::limits::optional_seconds(value, flag)?)
}

/// Check the options and load the tables of the chosen solver; an optimal solve saves
/// its progress to `checkpoint`, if given.
pub(crate) fn engine(
    s: &SearchArgs,
    fast: &FastArgs,
    checkpoint: Option<&PathBuf>,
) -> Result<Engine, CliError> {
    let mut opts = search_options(s)?;
    opts.checkpoint = checkpoint.map(|path| korf::search::checkpoint::CheckpointFile {
        path: path.clone(),
        every: checkpoint_interval(),
    });
    let dir = tables::resolve_dir(s.tables.as_deref());
    let display = BuildDisplay::new();
    let on_build = |e: korf::BuildEvent| display.show(e);
    if fast.fast {
        if s.heuristic != crate::cli::HeuristicArg::AUTO {
            return Err(CliError::Input(
                "--heuristic chooses the optimal search's tables; --fast uses the two-phase tables only: drop one of the two".into(),
            ));
        }
        let opts = FastOptions {
            max_length: fast
                .max_length
                .map_or(korf::twophase::default_max_length(s.metric), usize::from),
            time: positive_seconds(fast.time, "--time")?,
            threads: korf::limits::threads(s.threads, "--threads")?.max(1),
            timeout: positive_seconds(s.timeout, "--timeout")?,
            cancel: Some(crate::interrupt::flag()),
            ..FastOptions::default()
        };
        if s.moves.is_some() {
            return Err(CliError::Input(
                "--fast searches with all 18 turns; --moves needs the optimal search: drop --fast"
                    .into(),
            ));
        }
        let solver = korf::open_two_phase_for(&dir, s.metric, !s.no_generate, Some(&on_build))?;
        Ok(Engine::Fast {
            solver: Box::new(solver),
            opts: FastOptions {
                metric: s.metric,
                ..opts
            },
            metric: s.metric,
        })
    } else {
        let config = SolverConfig {
            heuristic: s.heuristic.kind(),
            residency: if s.no_huge_pages {
                Residency::Mapped
            } else if s.share_tables {
                Residency::Shared
            } else {
                Residency::HugePages
            },
            integrity: integrity(s),
            generate: !s.no_generate,
            upper_bounds: !s.no_upper_bound,
            search: &opts,
            on_build: Some(&on_build),
            // Slices counted one each with turns of every axis: Korf's tables in slice
            // turns too (built on first use, about 80 s).
            slice_turns: s
                .moves
                .is_some_and(|t| korf::turn_search::worth_slice_turn_tables(t, s.metric)),
        };
        let solver = Solver::open_with(&dir, &config)?;
        if let Some(why) = solver.upper_bounds_unavailable() {
            eprintln!("korf: warning: solving without two-phase upper bounds (the answers are still optimal; long solves may take longer): {why}");
        }
        // The tables are in: what ran to open them need not stay resident.
        crate::memory::drop_start_up_code();
        Ok(Engine::Optimal(Box::new(solver)))
    }
}

/// Time between checkpoint saves: `$KORF_CHECKPOINT_EVERY_SECS`, else 5 seconds.
fn checkpoint_interval() -> Duration {
    let every = korf::limits::env_seconds(
        "KORF_CHECKPOINT_EVERY_SECS",
        Duration::from_secs(5),
        Duration::from_secs(86_400),
    );
    if every.is_zero() {
        Duration::from_secs(5)
    } else {
        every
    }
}

/// Why a solve with `--trust-tables` proves nothing.
pub(crate) const UNCHECKED: &str = "the shortest these tables allow, but they were loaded with --trust-tables and have no passing `korf tables verify` on record; run `korf tables verify` once to make such answers proofs";

/// `--trust-tables`: skip the checksum of each table on load.
fn integrity(s: &SearchArgs) -> tables::Integrity {
    if s.trust_tables {
        tables::Integrity::Trust
    } else {
        tables::Integrity::Check
    }
}

pub(crate) fn search_options(s: &SearchArgs) -> Result<search::Options, CliError> {
    let timeout = positive_seconds(s.timeout, "--timeout")?;
    let threads = korf::limits::threads(s.threads, "--threads")?;
    Ok(search::Options {
        threads,
        max_depth: s.max_depth(),
        timeout,
        lanes: s.lanes,
        cancel: Some(crate::interrupt::flag()),
        checkpoint: None,
        all: s.all_solutions(),
        merge_symmetries: true,
        rules: s.rules(),
        quick_phase: true,
    })
}

/// Solve one position towards `goal` with the chosen engine and turn the outcome into a
/// record.  The two-phase engine takes a target but no AUF (the arguments refuse it).
pub(crate) fn solve_one(
    engine: &Engine,
    index: usize,
    input: &str,
    position: &MaskedCube,
    goal: &Goal,
    live: bool,
    announce: bool,
) -> Result<SolveRecord, CliError> {
    match engine {
        Engine::Optimal(solver) => {
            solve_optimal(solver, index, input, position, goal, live, announce)
        }
        Engine::Fast {
            solver,
            opts,
            metric,
        } => {
            let Some(cube) = &position.complete() else {
                return Err(CliError::Input(
                    "--fast solves whole positions: give every sticker (no `X`), or drop --fast to solve the stickers given".into(),
                ));
            };
            let towards = goal.cases(cube)[0].position;
            let outcome = solver.solve(&towards, opts).map_err(korf::Error::from)?;
            let record = SolveRecord::fast(index, input, &towards, &outcome, opts.threads, *metric)
                .towards(position, goal);
            let reached = record.framed().is_none_or(|f| goal.reached_by(cube, &f));
            match reached {
                true => Ok(record),
                false => Err(korf::Error::from(search::SearchError::InvalidSolution(
                    record.solution.unwrap_or_default(),
                ))
                .into()),
            }
        }
    }
}

/// Solve one position optimally, with a live line on a terminal.  `announce`: say the
/// estimate first when it is long, and once per run, a faster table that would fit.
fn solve_optimal(
    solver: &Solver,
    index: usize,
    input: &str,
    position: &MaskedCube,
    goal: &Goal,
    live: bool,
    announce: bool,
) -> Result<SolveRecord, CliError> {
    // The time model is calibrated on face-turn searches with every turn, one position a
    // solve: under other rules, with AUF cases or stickers that do not matter, no
    // estimate is claimed.
    let complete = position.complete();
    let one_case = !goal.start_auf() && !goal.end_auf() && complete.is_some();
    let prediction = complete
        .filter(|_| solver.options().rules.is_default() && one_case)
        .map(|cube| solver.predict(&goal.cases(&cube)[0].position));
    if let (true, Some(p)) = (announce, &prediction) {
        announce_estimate(solver, p);
    }
    let kind = solver.heuristic();
    let spinner = live.then(|| {
        let pb = ProgressBar::new_spinner();
        pb.set_style(ProgressStyle::with_template("{spinner} {msg}").unwrap());
        pb
    });
    let update = |s: Snapshot| {
        if let Some(pb) = &spinner {
            let secs = s.elapsed.as_secs_f64();
            let rate = s.nodes as f64 / secs.max(1e-9);
            let upper = match (s.solutions, s.upper) {
                (0, Some(u)) => format!("found {u}, proving… "),
                (0, None) => String::new(),
                (1, _) => "1 solution so far, ".to_string(),
                (n, _) => format!("{n} solutions so far, "),
            };
            let model = korf::search::estimate::next_bound_nodes(kind, s.previous_bound_nodes)
                .filter(|_| solver.options().rules.is_default());
            let eta = match model {
                Some(n) if rate > 0.0 => {
                    let left = (n - s.bound_nodes as f64) / rate;
                    if left > 0.0 {
                        format!(", bound done in about {}", human_seconds(left))
                    } else {
                        ", bound past its estimate".to_string()
                    }
                }
                _ => String::new(),
            };
            pb.set_message(format!(
                "{upper}depth bound {}, {} nodes, {:.2e} nodes/s, {:.1}s{eta}",
                s.bound, s.nodes, rate, secs
            ));
            pb.tick();
        }
    };
    let progress: Option<&(dyn Fn(Snapshot) + Sync)> = if live { Some(&update) } else { None };
    let found = solver.solve_masked(position, goal, solver.options(), progress)?;
    if let Some(pb) = spinner {
        pb.finish_and_clear();
    }
    let shown = complete.unwrap_or(Cube::SOLVED);
    let record = SolveRecord::optimal(index, input, &shown, found.outcome.clone(), kind)
        .with_goal(goal, &found)
        .towards(position, goal);
    Ok(match prediction {
        Some(p) => record.with_prediction(kind, p.likely),
        None => record,
    })
}

/// Estimates over this many seconds are said before the search.
const ANNOUNCE_SECONDS: f64 = 10.0;
/// Estimates over this many seconds also get the hint of a faster table, once.
const HINT_SECONDS: f64 = 30.0;

/// Say a long estimate on stderr, and (once) the table that would make it short.
fn announce_estimate(solver: &Solver, p: &korf::Prediction) {
    static HINTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if p.likely.seconds < ANNOUNCE_SECONDS {
        return;
    }
    let threads = solver.threads();
    eprintln!(
        "korf: estimate: about {} with --heuristic {} on {threads} thread{} if the optimum is {} moves (lower bound {}{}); typical positions vary 3x either way",
        human_seconds(p.likely.seconds),
        solver.heuristic().name(),
        if threads == 1 { "" } else { "s" },
        p.likely.length,
        p.lower_bound,
        p.upper_bound
            .map_or(String::new(), |u| format!(", a {u}-move solution known")),
    );
    if p.likely.seconds < HINT_SECONDS || HINTED.swap(true, std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    if let Some(s) = solver
        .faster_option(p.likely.length)
        .filter(|s| !s.build.is_empty())
    {
        let commands: Vec<String> = s
            .build
            .iter()
            .map(|k| {
                format!(
                    "korf tables generate --only {} --dir {}",
                    k.name(),
                    solver.dir().display()
                )
            })
            .collect();
        eprintln!(
            "korf: hint: the {} table would take this to about {}; it fits this machine and takes about {} to build, once: {}",
            s.heuristic.name(),
            human_seconds(s.estimate.seconds),
            human_seconds(s.build_seconds as f64),
            commands.join(" && ")
        );
    }
}
