//! `korf solve` and `korf bench`: the engine a command runs (optimal or two-phase), the
//! live line, and the printed rows and summaries.

use crate::batch::{batch_plan, open_results, record_result};
use crate::cli::{BenchArgs, CliError, FastArgs, SearchArgs, SolveArgs};
use crate::cube::facelets_argument;
use crate::out;
use crate::tables::BuildDisplay;
use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use korf::batch::Shard;
use korf::cube::{parse_moves, Cube};
use korf::report::{self, human_seconds, Exporter, SolveRecord};
use korf::search::{self, Snapshot};
use korf::tables::{self, Residency};
use korf::twophase::{FastOptions, TwoPhase};
use korf::{Solver, SolverConfig};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// The one-line summary `korf bench` prints after a list.
pub fn summary_line(s: &report::Summary) -> String {
    let duration = |secs: f64| {
        if secs < 1.0 {
            format!("{:.2} ms", secs * 1000.0)
        } else {
            format!("{secs:.3}s")
        }
    };
    let busy = if s.utilisation.is_nan() {
        String::new()
    } else {
        format!(", {:.0}% busy", 100.0 * s.utilisation)
    };
    format!(
        "solved {}/{}; mean {}, median {}, mean nodes {:.4e}, {:.3e} nodes/s overall{busy}; lengths: {}\n",
        s.solved,
        s.count,
        duration(s.mean_seconds),
        duration(s.median_seconds),
        s.mean_nodes,
        s.nodes_per_second,
        s.lengths
            .iter()
            .map(|(l, c)| format!("{l}f×{c}"))
            .collect::<Vec<_>>()
            .join(" ")
    )
}

/// The line `korf bench --all` adds: solutions per position.
fn solution_count_line(rows: &[SolveRecord]) -> String {
    let mut counts: Vec<usize> = rows
        .iter()
        .filter_map(|r| r.all.as_ref().map(|a| a.count))
        .collect();
    if counts.is_empty() {
        return "solutions per position: none listed\n".to_string();
    }
    counts.sort_unstable();
    let incomplete = rows
        .iter()
        .filter(|r| r.all.as_ref().is_some_and(|a| !a.complete))
        .count();
    format!(
        "solutions per position: min {}, median {}, max {}, total {}{}\n",
        counts[0],
        counts[counts.len() / 2],
        counts[counts.len() - 1],
        counts.iter().sum::<usize>(),
        if incomplete > 0 {
            format!(" ({incomplete} lists incomplete: counts are lower bounds)")
        } else {
            String::new()
        }
    )
}

/// The solver a command runs: optimal IDA* or the two-phase search.
enum Engine {
    Optimal(Box<Solver>),
    Fast {
        solver: Box<TwoPhase>,
        opts: FastOptions,
    },
}

impl Engine {
    /// The name its rows carry: the heuristic, or `two-phase`.
    fn name(&self) -> String {
        match self {
            Engine::Optimal(solver) => solver.heuristic().name().to_string(),
            Engine::Fast { .. } => "two-phase".to_string(),
        }
    }
}

fn positive_seconds(value: Option<f64>, flag: &str) -> Result<Option<Duration>, CliError> {
    match value {
        None => Ok(None),
        Some(t) if t.is_finite() && t > 0.0 => Ok(Some(Duration::from_secs_f64(t))),
        Some(t) => Err(CliError::Input(format!(
            "{flag} must be a positive number of seconds, got {t}"
        ))),
    }
}

/// Check the options and load the tables of the chosen solver; an optimal solve saves
/// its progress to `checkpoint`, if given.
fn engine(
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
        if s.heuristic != crate::cli::HeuristicArg::Auto {
            return Err(CliError::Input(
                "--heuristic chooses the optimal search's tables; --fast uses the two-phase tables only: drop one of the two".into(),
            ));
        }
        let opts = FastOptions {
            max_length: fast.max_length as usize,
            time: positive_seconds(fast.time, "--time")?,
            threads: s.threads.unwrap_or(1),
            timeout: positive_seconds(s.timeout, "--timeout")?,
            ..FastOptions::default()
        };
        let solver = korf::open_two_phase(&dir, !s.no_generate, Some(&on_build))?;
        Ok(Engine::Fast {
            solver: Box::new(solver),
            opts,
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
        };
        Ok(Engine::Optimal(Box::new(Solver::open_with(&dir, &config)?)))
    }
}

/// Time between checkpoint saves: `$KORF_CHECKPOINT_EVERY_SECS`, else 5 seconds.
fn checkpoint_interval() -> Duration {
    std::env::var("KORF_CHECKPOINT_EVERY_SECS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(Duration::from_secs(5), Duration::from_secs_f64)
}

/// Why a solve with `--trust-tables` proves nothing.
const UNCHECKED: &str = "the shortest these tables allow, but they were loaded with --trust-tables and have no passing `korf tables verify` on record; run `korf tables verify` once to make such answers proofs";

/// `--trust-tables`: skip the checksum of each table on load.
fn integrity(s: &SearchArgs) -> tables::Integrity {
    if s.trust_tables {
        tables::Integrity::Trust
    } else {
        tables::Integrity::Check
    }
}

/// The most worker threads korf starts: far more than any machine it runs on has cores,
/// far fewer than a system allows.
const MAX_THREADS: usize = 1024;

fn search_options(s: &SearchArgs) -> Result<search::Options, CliError> {
    let timeout = positive_seconds(s.timeout, "--timeout")?;
    match s.threads {
        Some(0) => return Err(CliError::Input("--threads must be at least 1".into())),
        Some(n) if n > MAX_THREADS => {
            return Err(CliError::Input(format!(
                "--threads {n} is more than korf starts (at most {MAX_THREADS}); leave it out to use every core"
            )))
        }
        _ => {}
    }
    Ok(search::Options {
        threads: s.threads.unwrap_or(0),
        max_depth: s.max_depth,
        timeout,
        lanes: s.lanes,
        cancel: Some(crate::interrupt::flag()),
        checkpoint: None,
        all: s.all_solutions(),
        merge_symmetries: true,
    })
}

/// Solve one position with the chosen engine and turn the outcome into a record.
fn solve_one(
    engine: &Engine,
    index: usize,
    input: &str,
    cube: &Cube,
    live: bool,
    announce: bool,
) -> Result<SolveRecord, CliError> {
    match engine {
        Engine::Optimal(solver) => solve_optimal(solver, index, input, cube, live, announce),
        Engine::Fast { solver, opts } => {
            let outcome = solver.solve(cube, opts).map_err(korf::Error::from)?;
            Ok(SolveRecord::fast(
                index,
                input,
                cube,
                &outcome,
                opts.threads,
            ))
        }
    }
}

/// Solve one position optimally, with a live line on a terminal.  `announce`: say the
/// estimate first when it is long, and once per run, a faster table that would fit.
fn solve_optimal(
    solver: &Solver,
    index: usize,
    input: &str,
    cube: &Cube,
    live: bool,
    announce: bool,
) -> Result<SolveRecord, CliError> {
    let prediction = solver.predict(cube);
    if announce {
        announce_estimate(solver, &prediction);
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
            let eta = match korf::search::estimate::next_bound_nodes(kind, s.previous_bound_nodes) {
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
    let outcome = crate::interrupt::searching(|| {
        solver.solve_with_progress(cube, if live { Some(&update) } else { None })
    })?;
    if let Some(pb) = spinner {
        pb.finish_and_clear();
    }
    Ok(SolveRecord::optimal(index, input, cube, outcome, kind)
        .with_prediction(kind, prediction.likely))
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
    if let Some(s) = solver.faster_option(p.likely.length) {
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

/// Why a list of every solution is incomplete (a time limit or an interrupt), if it is.
fn incomplete_note(all: &report::AllSolutionsRecord, r: &SolveRecord) -> Option<String> {
    use korf::search::Listing;
    let stopped = match all.listing {
        Listing::Timeout => format!("timed out after {:.1}s", r.seconds),
        Listing::Interrupted => format!("interrupted after {:.1}s", r.seconds),
        Listing::Complete | Listing::Capped => return None,
    };
    Some(format!(
        "{stopped}: the list may be incomplete (the solutions listed are checked; those of {} moves are optimal)",
        all.optimal_length
    ))
}

/// What a stopped optimal solve proved: "timed out after 25.0s; no solution of 15 or fewer
/// moves; 16 moves: about 70 % searched" (the share of that bound's tasks begun).
fn stopped_note(r: &SolveRecord) -> String {
    let mut note = match r.status.as_str() {
        "interrupted" => format!("interrupted after {:.1}s", r.seconds),
        _ => format!("timed out after {:.1}s", r.seconds),
    };
    if let Some(lower) = r.proven_lower_bound.filter(|&l| l > 0) {
        note.push_str(&format!("; no solution of {} or fewer moves", lower - 1));
        if let Some(share) = r.searched_share {
            note.push_str(&format!(
                "; {lower} moves: about {:.0} % searched",
                100.0 * share
            ));
        }
    }
    note
}

fn busy_cell(r: &SolveRecord) -> String {
    if r.utilisation.is_nan() {
        "-".to_string()
    } else {
        format!("{:.0}%", 100.0 * r.utilisation)
    }
}

fn stats_text(r: &SolveRecord) -> String {
    let mut s = format!(
        "heuristic {}: nodes {} in {:.3}s ({:.3e} nodes/s, {} threads, {} busy)\n",
        r.heuristic,
        r.nodes,
        r.seconds,
        r.nodes_per_second,
        r.threads,
        busy_cell(r)
    );
    if let Some(u) = &r.upper_bound {
        s.push_str(&format!(
            "two-phase upper bound: {} moves ({:.3}s spent){}\n",
            u.length,
            u.seconds,
            if u.proved_by_bound {
                "; every shorter bound exhausted, so the last iteration was skipped"
            } else {
                ""
            }
        ));
    }
    if let Some(sym) = r.symmetry.as_ref().filter(|s| s.symmetries > 1) {
        s.push_str(&format!(
            "symmetry: the position has {} symmetries; {} of {} tasks searched (each other \
             one is the image of one of these under a symmetry)\n",
            sym.symmetries, sym.tasks, sym.all_tasks
        ));
    }
    for d in &r.depths {
        s.push_str(&format!(
            "  bound {:>2}: {:>14} nodes {:>10.3}s\n",
            d.bound, d.nodes, d.seconds
        ));
    }
    s
}

pub fn solve(a: SolveArgs) -> Result<(), CliError> {
    // Check the options first.
    search_options(&a.search)?;
    positive_seconds(a.fast.time, "--time")?;
    // Read every position before loading tables, so bad input fails fast.
    let mut inputs: Vec<(usize, String, Result<Cube, CliError>)> = Vec::new();
    match (&a.position, &a.scramble) {
        (_, Some(m)) => inputs.push((
            1,
            m.clone(),
            parse_moves(m)
                .map(|s| Cube::from_moves(&s))
                .map_err(Into::into),
        )),
        (Some(p), None) if p == "-" => {
            // Byte by byte: a line that is not text is one bad line, not the end of input.
            for line in korf::input::lines(std::io::stdin().lock()) {
                let line = line.map_err(|e| CliError::Input(format!("cannot read stdin: {e}")))?;
                let parsed = line.position.map_err(|e| {
                    CliError::Input(format!("stdin line {} ({}): {e}", line.number, line.text))
                });
                inputs.push((line.number, line.text, parsed));
            }
        }
        (Some(p), None) => inputs.push((1, p.clone(), facelets_argument(p))),
        (None, None) => unreachable!("clap requires a position"),
    }
    if inputs.len() == 1 {
        if let Err(e) = &inputs[0].2 {
            return Err(CliError::Input(e.to_string()));
        }
    }
    // A shard of the input, and the positions a result file already holds, are left out.
    let (shard, out_path) = batch_plan(&a.batch)?;
    let list: Vec<(usize, String)> = inputs
        .iter()
        .filter(|(_, _, c)| c.is_ok())
        .map(|(n, t, _)| (*n, t.clone()))
        .collect();
    let mut results = match &out_path {
        Some(p) => Some(open_results(p, &list)?),
        None => None,
    };
    let all_inputs = inputs.len();
    let inputs: Vec<(usize, String, Result<Cube, CliError>)> = inputs
        .into_iter()
        .enumerate()
        .filter(|(i, (n, _, _))| shard.contains(*i) && !results.as_ref().is_some_and(|f| f.has(*n)))
        .map(|(_, x)| x)
        .collect();
    if inputs.len() < all_inputs && (shard != Shard::ALL || results.is_some()) {
        eprintln!(
            "korf: {} of {all_inputs} positions to solve ({})",
            inputs.len(),
            match (&out_path, shard != Shard::ALL) {
                (Some(p), true) => format!("shard {shard}, less those in {}", p.display()),
                (Some(p), false) => format!("those in {} are done", p.display()),
                (None, _) => format!("shard {shard}"),
            }
        );
    }
    if a.checkpoint.is_some() && a.search.all_solutions().is_some() {
        return Err(CliError::Input(
            "--checkpoint saves the proof of one solution and cannot resume a list of them: drop --checkpoint, or --all/--within/--max-solutions".into(),
        ));
    }
    if a.checkpoint.is_some() && inputs.len() != 1 {
        return Err(CliError::Input(format!(
            "--checkpoint saves one solve; the input has {} positions (solve them one at a time, each with its own file)",
            inputs.len()
        )));
    }
    let engine = engine(&a.search, &a.fast, a.checkpoint.as_ref())?;
    let live = std::io::stderr().is_terminal();
    let mut failure = None;
    let mut bad_lines = 0;
    for (i, (number, text, parsed)) in inputs.iter().enumerate() {
        let cube = match parsed {
            Ok(c) => c,
            Err(e) => {
                // Reported here, in its place among the answers; counted at the end.
                eprintln!("korf: error: {e}");
                bad_lines += 1;
                continue;
            }
        };
        let r = solve_one(&engine, i + 1, text, cube, live, true)?;
        record_result(&mut results, *number, &r)?;
        if a.json {
            out(&(serde_json::to_string(&r).expect("serializable") + "\n"));
            if let Some(why) = r.all.as_ref().and_then(|all| incomplete_note(all, &r)) {
                failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
            }
        } else if let Some(all) = &r.all {
            // Every solution, then the count.
            for s in &all.solutions {
                let moves = parse_moves(s).expect("own output parses");
                let optimal = r.optimal && moves.len() == all.optimal_length as usize;
                out(&format!("{}\n", report::solution_line(&moves, optimal)));
            }
            let mut count = all.count_phrase();
            if let Some(why) = incomplete_note(all, &r) {
                count.push_str(&format!("; {why}"));
                failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
            } else if all.listing == korf::search::Listing::Capped {
                count.push_str(&format!(
                    "; stopped at --max-solutions {}",
                    a.search.max_solutions.unwrap_or(all.count)
                ));
            }
            out(&format!("{count}\n"));
            if !r.optimal {
                out(&format!("not proven optimal: {UNCHECKED}\n"));
            }
            let stats = stats_text(&r);
            if a.stats {
                out(&stats);
            } else {
                eprint!("{stats}");
            }
        } else {
            match &r.solution {
                Some(s) => {
                    let moves = parse_moves(s).expect("own output parses");
                    out(&format!("{}\n", report::solution_line(&moves, r.optimal)));
                    if r.status != "solved" {
                        let mut why = stopped_note(&r);
                        if let Some(path) = &a.checkpoint {
                            why.push_str(&format!(
                                "; progress saved in {}: run the same command to resume",
                                path.display()
                            ));
                        }
                        out(&format!("not proven optimal: {why}\n"));
                        failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
                    } else if matches!(engine, Engine::Optimal(_)) && !r.optimal {
                        out(&format!("not proven optimal: {UNCHECKED}\n"));
                    }
                }
                None => {
                    let why = match (&engine, r.status.as_str()) {
                        (Engine::Optimal(_), "timeout" | "interrupted") => stopped_note(&r),
                        (Engine::Optimal(solver), _) => {
                            format!("no solution of at most {} moves", solver.options().max_depth)
                        }
                        (Engine::Fast { opts, .. }, "timeout") => format!(
                            "the two-phase search found no solution of at most {} moves in {:.1}s; raise --max-length or --time",
                            opts.max_length, r.seconds
                        ),
                        (Engine::Fast { opts, .. }, _) => format!(
                            "the two-phase search found no solution of at most {} moves (it is not exhaustive: drop --fast to decide); raise --max-length",
                            opts.max_length
                        ),
                    };
                    out(&format!("no solution: {why}\n"));
                    failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
                }
            }
            let stats = stats_text(&r);
            if a.stats {
                out(&stats);
            } else {
                eprint!("{stats}");
            }
        }
        let listing = r.all.as_ref().map(|a| a.listing);
        if r.status == "interrupted" || listing == Some(korf::search::Listing::Interrupted) {
            // Ctrl-C: what was found is printed; the rest of the input is left.
            return Err(CliError::Interrupted);
        }
        if r.status != "solved" && failure.is_none() {
            let why = match r.status.as_str() {
                "timeout" | "interrupted" if !matches!(engine, Engine::Fast { .. }) => {
                    stopped_note(&r)
                }
                status => status.to_string(),
            };
            failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
        }
    }
    if bad_lines > 0 {
        return Err(bad_input_summary(bad_lines, inputs.len(), "input lines"));
    }
    failure.map_or(Ok(()), Err)
}

/// The error a batch ends with when some of its lines were not positions (each was
/// reported where it occurred).
fn bad_input_summary(bad: usize, of: usize, what: &str) -> CliError {
    CliError::Input(format!(
        "{bad} of {of} {what} were not positions (each is reported above); the others were solved"
    ))
}

/// One position line of a list: its line number, text, and the position (`None` for a
/// bad line, already reported).
pub struct Listed {
    pub number: usize,
    pub text: String,
    pub cube: Option<Cube>,
}

/// The position lines of a scramble-list file.  A bad line is reported now, on stderr,
/// and counted in `bad`; the lines around it are read as usual.
pub fn read_list(path: &PathBuf, bad: &mut usize) -> Result<Vec<Listed>, CliError> {
    let cannot = |e: std::io::Error| {
        CliError::Input(format!("cannot read scramble list {}: {e}", path.display()))
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut v = Vec::new();
    for line in korf::input::lines(std::io::BufReader::new(file)) {
        let line = line.map_err(cannot)?;
        let (number, text) = (line.number, line.text.clone());
        match line.position {
            Ok(cube) => v.push(Listed {
                number,
                text,
                cube: Some(cube),
            }),
            Err(e) => {
                v.push(Listed {
                    number,
                    text: text.clone(),
                    cube: None,
                });
                eprintln!(
                    "korf: error: {} line {} ({}): {e}",
                    path.display(),
                    line.number,
                    line.text
                );
                *bad += 1;
            }
        }
    }
    Ok(v)
}

pub fn bench(a: BenchArgs) -> Result<(), CliError> {
    search_options(&a.search)?;
    positive_seconds(a.fast.time, "--time")?;
    let (shard, out_path) = batch_plan(&a.batch)?;
    if out_path.is_some() && !a.compare.is_empty() {
        return Err(CliError::Input(
            "--out records one run per position; --compare runs the list once per heuristic: use one of the two".into(),
        ));
    }
    if (out_path.is_some() || shard != Shard::ALL) && a.files.len() != 1 {
        return Err(CliError::Input(format!(
            "--out and --shard work on one list; {} files were given (concatenate them first)",
            a.files.len()
        )));
    }
    let mut listed = Vec::new();
    let mut bad_lines = 0;
    for f in &a.files {
        listed.extend(read_list(f, &mut bad_lines)?);
    }
    let list: Vec<(usize, String)> = listed
        .iter()
        .filter(|l| l.cube.is_some())
        .map(|l| (l.number, l.text.clone()))
        .collect();
    let mut results = match &out_path {
        Some(p) => Some(open_results(p, &list)?),
        None => None,
    };
    // This shard's positions (counted over every position line, bad ones too, so that a
    // shard's share does not move when a line is fixed), less those already done.
    let in_shard = listed
        .iter()
        .enumerate()
        .filter(|(i, _)| shard.contains(*i))
        .filter_map(|(_, l)| l.cube.map(|c| (l.number, l.text.clone(), c)));
    let mut skipped = 0;
    let positions: Vec<(usize, String, Cube)> = in_shard
        .filter(|(n, _, _)| {
            let done = results.as_ref().is_some_and(|f| f.has(*n));
            skipped += done as usize;
            !done
        })
        .collect();
    if shard != Shard::ALL {
        eprintln!(
            "korf: shard {shard}: {} positions of the list's {}",
            positions.len() + skipped,
            listed.len()
        );
    }
    if let Some(p) = out_path.as_ref().filter(|_| skipped > 0) {
        eprintln!(
            "korf: {}: {skipped} positions already done, skipped",
            p.display()
        );
    }
    if positions.is_empty() && skipped > 0 {
        out("nothing left to solve\n");
        return Ok(());
    }
    if positions.is_empty() {
        return Err(CliError::Input(format!(
            "no positions in {} (one position per line: facelets or moves; `#` comments and blank lines are skipped)",
            a.files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let live = std::io::stderr().is_terminal();
    // One run per heuristic with --compare, else one run as the options say.
    let runs: Vec<SearchArgs> = if a.compare.is_empty() {
        vec![a.search.clone()]
    } else {
        a.compare
            .iter()
            .map(|&h| SearchArgs {
                heuristic: h,
                ..a.search.clone()
            })
            .collect()
    };
    let mut rows = Vec::new();
    let mut summaries = Vec::new();
    for (run, search) in runs.iter().enumerate() {
        let engine = engine(search, &a.fast, None)?;
        let name = engine.name();
        if run > 0 {
            out("\n");
        }
        out(&format!(
            "# {}\n",
            match &engine {
                Engine::Optimal(solver) => format!(
                    "optimal search, heuristic {name} ({})",
                    solver
                        .heuristic()
                        .tables()
                        .iter()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
                Engine::Fast { .. } => "two-phase search (--fast)".to_string(),
            }
        ));
        let listing_all = search.all_solutions().is_some() && !a.fast.fast;
        out(&format!(
            "{:>5} {:>6} {:>10} {:>15} {:>11} {:>5}{}\n",
            "#",
            "length",
            "seconds",
            "nodes",
            "nodes/s",
            "busy",
            if listing_all { " solutions" } else { "" }
        ));
        let mut run_rows = Vec::new();
        for (i, (number, text, cube)) in positions.iter().enumerate() {
            let r = solve_one(&engine, i + 1, text, cube, live, false)?;
            record_result(&mut results, *number, &r)?;
            if r.status == "interrupted" {
                // Ctrl-C: the rows so far are printed (and saved); the rest is left.
                out(&format!(
                    "{:>5} interrupted after {:.1}s\n",
                    r.index, r.seconds
                ));
                return Err(CliError::Interrupted);
            }
            let count = match &r.all {
                Some(all) if all.complete => format!(" {:>9}", all.count),
                Some(all) => format!(" {:>9}", format!("≥{}", all.count)),
                None if listing_all => format!(" {:>9}", "-"),
                None => String::new(),
            };
            out(&format!(
                "{:>5} {:>6} {:>10.3} {:>15} {:>11.3e} {:>5}{count}\n",
                r.index,
                report::length_cell(&r),
                r.seconds,
                r.nodes,
                r.nodes_per_second,
                busy_cell(&r)
            ));
            run_rows.push(r);
        }
        let s = report::summarize(&run_rows);
        out(&summary_line(&s));
        if listing_all {
            out(&solution_count_line(&run_rows));
        }
        summaries.push((name, s));
        rows.extend(run_rows);
    }
    if summaries.len() > 1 {
        out(&format!(
            "\n# side by side, {} positions\n{:<16} {:>9} {:>10} {:>10} {:>12} {:>11}\n",
            positions.len(),
            "heuristic",
            "solved",
            "mean s",
            "median s",
            "mean nodes",
            "nodes/s"
        ));
        for (name, s) in &summaries {
            out(&format!(
                "{:<16} {:>9} {:>10.3} {:>10.3} {:>12.4e} {:>11.3e}\n",
                name,
                format!("{}/{}", s.solved, s.count),
                s.mean_seconds,
                s.median_seconds,
                s.mean_nodes,
                s.nodes_per_second
            ));
        }
    }
    let s = report::summarize(&rows);
    write_exports(&rows, a.csv.as_ref(), a.json.as_ref())?;
    if bad_lines > 0 {
        return Err(bad_input_summary(
            bad_lines,
            bad_lines + positions.len(),
            "position lines",
        ));
    }
    if s.solved < s.count {
        return Err(CliError::Failure(format!(
            "{} of {} positions were not solved within the limits",
            s.count - s.solved,
            s.count
        )));
    }
    if let Some(want) = a.expect_length {
        let wrong: Vec<usize> = rows
            .iter()
            .filter(|r| r.length != Some(want))
            .map(|r| r.index)
            .collect();
        if !wrong.is_empty() {
            return Err(CliError::Failure(format!(
                "positions {wrong:?} have a solution length different from the expected {want}"
            )));
        }
    }
    Ok(())
}

/// Write the rows as CSV and as JSON where asked.
pub fn write_exports(
    rows: &[SolveRecord],
    csv: Option<&PathBuf>,
    json: Option<&PathBuf>,
) -> Result<(), CliError> {
    let exports: [(Option<&PathBuf>, &dyn Exporter); 2] =
        [(csv, &report::Csv), (json, &report::Json)];
    for (path, exporter) in exports {
        if let Some(p) = path {
            std::fs::write(p, exporter.render(rows))
                .with_context(|| format!("cannot write {}", p.display()))?;
        }
    }
    Ok(())
}
