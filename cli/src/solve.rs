//! `korf solve`: one position or a list from stdin, printed as solution lines or JSON,
//! and the notes a row gets (stopped, incomplete list, statistics).

use crate::batch::{batch_plan, open_results, record_result, Question};
use crate::cli::{CliError, SolveArgs};
use crate::cube::masked_facelets_argument;
use crate::engine::{engine, positive_seconds, search_options, solve_one, Engine, UNCHECKED};
use crate::lists::{bad_input_summary, busy_cell};
use crate::out;
use korf::cube::MaskedCube;
use korf_front::batch::{ResultFile, Shard};
use korf_front::report::{self, AllSolutionsRecord as AllRecord, SolveRecord};
use std::io::IsTerminal;

/// Why a list of every solution is incomplete (a time limit or an interrupt), if it is.
fn incomplete_note(all: &report::AllSolutionsRecord, r: &SolveRecord) -> Option<String> {
    use korf::search::Listing;
    let stopped = match all.listing {
        Listing::Timeout => format!("timed out after {:.1}s", r.seconds),
        Listing::Interrupted => format!("{} after {:.1}s", crate::interrupt::how(), r.seconds),
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
        "interrupted" => format!("{} after {:.1}s", crate::interrupt::how(), r.seconds),
        _ => format!("timed out after {:.1}s", r.seconds),
    };
    if let Some(lower) = r.proven_lower_bound.filter(|&l| l > 0) {
        let unit = r.metric.unit();
        note.push_str(&format!("; no solution of {} or fewer {unit}", lower - 1));
        if let Some(share) = r.searched_share {
            note.push_str(&format!(
                "; {lower} {unit}: about {:.0} % searched",
                100.0 * share
            ));
        }
    }
    note
}

fn stats_text(r: &SolveRecord) -> String {
    let mut s = format!(
        "heuristic {}: nodes {} in {:.3}s ({:.3e} nodes/s, {} threads, {} busy{})\n",
        r.heuristic,
        r.nodes,
        r.seconds,
        r.nodes_per_second,
        r.threads,
        busy_cell(r),
        // The optimal search's walks run in the code named (`korf::search::isa`).
        if r.heuristic == report::FAST_SEARCH {
            String::new()
        } else {
            format!(", {} code", korf::search::instruction_set())
        }
    );
    if let Some(u) = &r.upper_bound {
        s.push_str(&format!(
            "two-phase upper bound: {} {} ({:.3}s and {} nodes spent){}\n",
            u.length,
            r.metric.unit(),
            u.seconds,
            r.upper_bound_nodes,
            if u.proved_by_bound {
                "; every shorter bound exhausted, so the rest of the search was skipped"
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

/// A position of the input: its line number, its text, and the cube or why it is none.
type Input = (usize, String, Result<MaskedCube, CliError>);

/// The positions to solve: the `-s` moves, the facelets argument, or stdin's lines (bad
/// lines kept, to be reported in their place).  A single bad position, or an empty stdin,
/// is an error at once.
fn read_inputs(a: &SolveArgs) -> Result<Vec<Input>, CliError> {
    let mut inputs: Vec<Input> = Vec::new();
    match (&a.position, &a.scramble) {
        (_, Some(m)) => inputs.push((
            1,
            m.clone(),
            crate::cube::scramble_argument(m).map(MaskedCube::from),
        )),
        (Some(p), None) if p == "-" => {
            // Byte by byte: a line that is not text is one bad line, not the end of input.
            for line in korf_front::input::lines(std::io::stdin().lock()) {
                let line = line.map_err(|e| CliError::Input(format!("cannot read stdin: {e}")))?;
                let parsed = line.position.map_err(|e| {
                    CliError::Input(format!("stdin line {} ({}): {e}", line.number, line.text))
                });
                inputs.push((line.number, line.text, parsed));
            }
            if inputs.is_empty() {
                // As `korf bench` says of an empty file: nothing to solve is a mistake.
                return Err(CliError::Input(
                    "no positions on stdin (one position per line: facelets or moves; `#` comments and blank lines are skipped)".into(),
                ));
            }
        }
        (Some(p), None) => inputs.push((1, p.clone(), masked_facelets_argument(p))),
        (None, None) => unreachable!("clap requires a position"),
    }
    if inputs.len() == 1 {
        if let Err(e) = &inputs[0].2 {
            return Err(CliError::Input(e.to_string()));
        }
    }
    Ok(inputs)
}

/// `korf solve`: the positions read and chosen, the tables loaded once, then each position
/// solved and its answer printed; the exit status says whether all were solved.
pub fn solve(a: SolveArgs) -> Result<(), CliError> {
    // Check the options first.
    search_options(&a.search)?;
    positive_seconds(a.fast.time, "--time")?;
    let goal = a.goal.goal()?;
    // Read every position before loading tables, so bad input fails fast.
    let inputs = read_inputs(&a)?;
    if let Some(turns) = a.search.slice_turns() {
        return crate::slices::solve(&a, inputs, &goal, turns);
    }
    let question = Question {
        goal,
        rules: a.search.rules(),
    };
    let (inputs, mut results) = this_run(&a, inputs, &question)?;
    if a.checkpoint.is_some() && a.search.all_solutions().is_some() {
        return Err(CliError::Input(
            "--checkpoint saves the proof of one solution and cannot resume a list of them: drop --checkpoint, or --all/--within/--max-solutions".into(),
        ));
    }
    if a.checkpoint.is_some() && (a.goal.start_auf || a.goal.end_auf) {
        return Err(CliError::Input(
            "--checkpoint saves the search of one position; --start-auf/--end-auf search up to sixteen: drop --checkpoint, or the AUF options".into(),
        ));
    }
    if a.checkpoint.is_some() && inputs.len() != 1 {
        return Err(CliError::Input(format!(
            "--checkpoint saves one solve; the input has {} positions (solve them one at a time, each with its own file)",
            inputs.len()
        )));
    }
    let grey = inputs
        .iter()
        .any(|(_, _, p)| p.as_ref().is_ok_and(|p| !p.is_complete()));
    if a.checkpoint.is_some() && grey {
        return Err(CliError::Input(
            "--checkpoint saves the search of one whole cube; a position with grey stickers (X) is searched as every cube that fits them: drop --checkpoint, or give every sticker".into(),
        ));
    }
    let engine = engine(&a.search, &a.fast, a.checkpoint.as_ref())?;
    crate::interrupt::solving();
    let live = std::io::stderr().is_terminal();
    let mut failure = None;
    let mut bad_lines = 0;
    for (i, (number, text, parsed)) in inputs.iter().enumerate() {
        if crate::interrupt::requested() {
            // Stopped between two positions: the rest of the input is left.
            return Err(CliError::Interrupted);
        }
        let cube = match parsed {
            Ok(c) => c,
            Err(e) => {
                // Reported here, in its place among the answers; counted at the end.
                eprintln!("korf: error: {e}");
                bad_lines += 1;
                continue;
            }
        };
        let r = solve_one(&engine, i + 1, text, cube, &goal, live, true)?;
        record_result(&mut results, *number, &r)?;
        let why = match &r.all {
            _ if a.json => print_json(&r),
            Some(all) => print_listing(&a, &r, all),
            None => print_answer(&a, &engine, &r),
        };
        let listing = r.all.as_ref().map(|a| a.listing);
        if r.status == "interrupted" || listing == Some(korf::search::Listing::Interrupted) {
            // Ctrl-C or SIGTERM: what was found is printed; the rest of the input is left.
            return Err(CliError::Interrupted);
        }
        let why = match why {
            Some(why) => Some(why),
            // Not solved, and its printing said nothing: the first failure stands.
            None if r.status != "solved" && failure.is_none() => Some(unsolved_note(&engine, &r)),
            None => None,
        };
        if let Some(why) = why {
            failure = Some(CliError::Failure(format!("position {}: {why}", i + 1)));
        }
    }
    if bad_lines > 0 {
        return Err(bad_input_summary(bad_lines, inputs.len(), "input lines"));
    }
    failure.map_or(Ok(()), Err)
}

/// The inputs this run solves — the shard's, less those the `--out` file holds — and that
/// file.
fn this_run(
    a: &SolveArgs,
    inputs: Vec<Input>,
    question: &Question,
) -> Result<(Vec<Input>, Option<ResultFile>), CliError> {
    let (shard, out_path) = batch_plan(&a.batch)?;
    let list: Vec<(usize, String)> = inputs
        .iter()
        .filter(|(_, _, c)| c.is_ok())
        .map(|(n, t, _)| (*n, t.clone()))
        .collect();
    let results = match &out_path {
        Some(p) => Some(open_results(p, &list, question)?),
        None => None,
    };
    let all_inputs = inputs.len();
    let inputs = korf_front::batch::select(inputs, shard, |x| x.0, results.as_ref()).todo;
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
    Ok((inputs, results))
}

/// `--json`: the record as one line.  Returns why the position is a failure, if it is.
fn print_json(r: &SolveRecord) -> Option<String> {
    out(&(serde_json::to_string(r).expect("serializable") + "\n"));
    r.all.as_ref().and_then(|all| incomplete_note(all, r))
}

/// Every solution, then the count and the statistics.  Returns why the position is a
/// failure, if it is.
fn print_listing(a: &SolveArgs, r: &SolveRecord, all: &AllRecord) -> Option<String> {
    for i in 0..all.solutions.len() {
        let framed = all.framed(i).expect("own output parses");
        let optimal = r.optimal && r.metric.length(&framed.moves) == all.optimal_length as usize;
        out(&format!(
            "{}\n",
            report::framed_line(&framed, r.metric, optimal)
        ));
    }
    let mut count = all.count_phrase();
    let why = incomplete_note(all, r);
    if let Some(why) = &why {
        count.push_str(&format!("; {why}"));
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
    print_stats(a, r);
    why
}

/// The solution (or why there is none), then the statistics.  Returns why the position is
/// a failure, if it is.
fn print_answer(a: &SolveArgs, engine: &Engine, r: &SolveRecord) -> Option<String> {
    let mut failure = None;
    match &r.solution {
        Some(_) => {
            let framed = r.framed().expect("own output parses");
            out(&format!(
                "{}\n",
                report::framed_line(&framed, r.metric, r.optimal)
            ));
            if r.status != "solved" {
                let mut why = stopped_note(r);
                if let Some(path) = &a.checkpoint {
                    why.push_str(&format!(
                        "; progress saved in {}: run the same command to resume",
                        path.display()
                    ));
                }
                out(&format!("not proven optimal: {why}\n"));
                failure = Some(why);
            } else if matches!(engine, Engine::Optimal(_)) && !r.optimal {
                out(&format!("not proven optimal: {UNCHECKED}\n"));
            }
        }
        None => {
            let why = no_solution_note(engine, r);
            out(&format!("no solution: {why}\n"));
            failure = Some(why);
        }
    }
    print_stats(a, r);
    failure
}

/// Why a search ended without a solution.
fn no_solution_note(engine: &Engine, r: &SolveRecord) -> String {
    match (engine, r.status.as_str()) {
        (Engine::Optimal(_), "timeout" | "interrupted") => stopped_note(r),
        (Engine::Optimal(_), "unreachable") => {
            let rules = solver_rules(engine);
            let position = korf::cube::parse_position(&r.facelets).ok();
            let why = position.and_then(|c| rules.moves.unreachable(&c));
            format!(
                "the turns {} cannot solve this position: {}; allow more faces with --moves",
                rules.moves,
                why.unwrap_or_default()
            )
        }
        (Engine::Optimal(solver), _) => {
            let rules = solver.options().rules;
            let with = match rules.moves.is_all() {
                true => String::new(),
                false => format!(" with the turns {}", rules.moves),
            };
            format!(
                "no solution of at most {} {}{with}; raise --max-depth to search further",
                solver.options().max_depth,
                rules.metric.unit()
            )
        }
        (Engine::Fast { opts, .. }, "timeout") => format!(
            "the two-phase search found no solution of at most {} moves in {:.1}s; raise --max-length or --time",
            opts.max_length, r.seconds
        ),
        (Engine::Fast { opts, .. }, _) => format!(
            "the two-phase search found no solution of at most {} moves (it is not exhaustive: drop --fast to decide); raise --max-length",
            opts.max_length
        ),
    }
}

/// The move rules of an optimal engine.
fn solver_rules(engine: &Engine) -> korf::cube::MoveRules {
    match engine {
        Engine::Optimal(solver) => solver.options().rules,
        Engine::Fast { .. } => korf::cube::MoveRules::HTM,
    }
}

/// Why a position that is not solved is a failure, when its printing said nothing.
fn unsolved_note(engine: &Engine, r: &SolveRecord) -> String {
    match r.status.as_str() {
        "timeout" | "interrupted" if !matches!(engine, Engine::Fast { .. }) => stopped_note(r),
        status => status.to_string(),
    }
}

/// The statistics: on stdout with `--stats`, else on stderr.
fn print_stats(a: &SolveArgs, r: &SolveRecord) {
    let stats = stats_text(r);
    if a.stats {
        out(&stats);
    } else {
        eprint!("{stats}");
    }
}
