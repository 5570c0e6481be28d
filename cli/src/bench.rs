//! `korf bench`: a scramble list solved row by row, the summary and the exports.

use crate::batch::{batch_plan, open_results, record_result, Question};
use crate::cli::{BenchArgs, CliError, SearchArgs};
use crate::engine::{engine, positive_seconds, search_options, solve_one, Engine};
use crate::lists::{bad_input_summary, busy_cell, read_list, summary_line, write_exports};
use crate::out;
use crate::ratios::{check_limit, ratios, spread, Measured};
use korf::cube::MaskedCube;
use korf_front::batch::{ResultFile, Shard};
use korf_front::report::{self, SolveRecord};
use std::io::IsTerminal;

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

/// `korf bench`: the positions chosen ([`positions`]), one run per heuristic compared (or
/// one run), the side-by-side table, the exports, and the exit status.
pub fn bench(a: BenchArgs) -> Result<(), CliError> {
    a.search.face_turns_only("bench")?;
    search_options(&a.search)?;
    let goal = a.goal.goal()?;
    positive_seconds(a.fast.time, "--time")?;
    let baseline = match &a.baseline {
        Some(p) => Some(crate::ratios::read_baseline(p)?),
        None => None,
    };
    let Some(Positions {
        positions,
        mut results,
        bad_lines,
    }) = positions(&a)?
    else {
        out("nothing left to solve\n");
        return Ok(());
    };
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
    let mut measured = Vec::new();
    for (run, search) in runs.iter().enumerate() {
        if run > 0 {
            out("\n");
        }
        let engine = engine(search, &a.fast, None)?;
        let listing_all = search.all_solutions().is_some() && !a.fast.fast;
        let run_rows = run_list(&engine, &positions, &goal, &mut results, listing_all)?;
        let s = report::summarize(&run_rows);
        out(&summary_line(&s));
        if listing_all {
            out(&solution_count_line(&run_rows));
        }
        summaries.push((engine.name(), s));
        measured.push(run_rows.iter().map(Measured::of).collect::<Vec<_>>());
        rows.extend(run_rows);
    }
    if summaries.len() > 1 {
        out(&side_by_side(&summaries, &measured, positions.len()));
    }
    let against_baseline = baseline.map(|base| ratios(&measured[0], &base));
    if let (Some(r), Some(p)) = (&against_baseline, &a.baseline) {
        out(&crate::ratios::baseline_report(p, r));
    }
    write_exports(&rows, a.csv.as_ref(), a.json.as_ref())?;
    if bad_lines > 0 {
        return Err(bad_input_summary(
            bad_lines,
            bad_lines + positions.len(),
            "position lines",
        ));
    }
    all_as_expected(&rows, a.expect_length)?;
    match (&against_baseline, a.max_ratio) {
        (Some(r), Some(limit)) => check_limit(r, limit),
        _ => Ok(()),
    }
}

/// The positions a bench run takes, with the result file that records them.
struct Positions {
    /// Line number, text and position, in list order.
    positions: Vec<(usize, String, MaskedCube)>,
    /// The `--out` file, if any.
    results: Option<ResultFile>,
    /// Position lines that do not parse (each reported as it was read).
    bad_lines: usize,
}

/// Read the lists and choose this run's positions: the shard's, less those `--out`
/// already holds.  `None` when every one of them is done.
fn positions(a: &BenchArgs) -> Result<Option<Positions>, CliError> {
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
    let question = Question {
        goal: a.goal.goal()?,
        rules: a.search.rules(),
    };
    let results = match &out_path {
        Some(p) => Some(open_results(p, &list, &question)?),
        None => None,
    };
    let lines = listed.len();
    let chosen = korf_front::batch::select(listed, shard, |l| l.number, results.as_ref());
    let positions: Vec<(usize, String, MaskedCube)> = chosen
        .todo
        .into_iter()
        .filter_map(|l| l.cube.map(|c| (l.number, l.text, c)))
        .collect();
    if shard != Shard::ALL {
        let of_shard = positions.len() + chosen.done;
        eprintln!("korf: shard {shard}: {of_shard} positions of the list's {lines}");
    }
    if let Some(p) = out_path.as_ref().filter(|_| chosen.done > 0) {
        let done = chosen.done;
        eprintln!(
            "korf: {}: {done} positions already done, skipped",
            p.display()
        );
    }
    if positions.is_empty() && chosen.done > 0 {
        return Ok(None);
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
    Ok(Some(Positions {
        positions,
        results,
        bad_lines,
    }))
}

/// `# optimal search, heuristic coset4 (corners + edge-slices + coset4), x86-64-v3 code`:
/// what a run is.
fn run_title(engine: &Engine) -> String {
    match engine {
        Engine::Optimal(solver) => format!(
            "# optimal search, heuristic {} ({}), {} code{}\n",
            engine.name(),
            solver
                .heuristic()
                .tables()
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(" + "),
            korf::search::instruction_set(),
            if solver.tables().in_gigantic_pages() {
                ", tables in 1 GiB pages"
            } else {
                ""
            }
        ),
        Engine::Fast { .. } => "# two-phase search (--fast)\n".to_string(),
    }
}

/// One run over the positions: a row printed (and recorded in `results`) per position.
fn run_list(
    engine: &Engine,
    positions: &[(usize, String, MaskedCube)],
    goal: &korf::Goal,
    results: &mut Option<ResultFile>,
    listing_all: bool,
) -> Result<Vec<SolveRecord>, CliError> {
    out(&run_title(engine));
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
    let live = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    crate::interrupt::solving();
    for (i, (number, text, cube)) in positions.iter().enumerate() {
        if crate::interrupt::requested() {
            // Stopped between two positions: the rows so far are printed and saved.
            return Err(CliError::Interrupted);
        }
        let r = solve_one(engine, i + 1, text, cube, goal, live, false)?;
        record_result(results, *number, &r)?;
        if r.status == "interrupted" {
            // Ctrl-C or SIGTERM: the rows so far are printed (and saved); the rest is left.
            let how = crate::interrupt::how();
            out(&format!("{:>5} {how} after {:.1}s\n", r.index, r.seconds));
            return Err(CliError::Interrupted);
        }
        out(&row(&r, listing_all));
        rows.push(r);
    }
    Ok(rows)
}

/// One position's row of the table.
fn row(r: &SolveRecord, listing_all: bool) -> String {
    let count = match &r.all {
        Some(all) if all.complete => format!(" {:>9}", all.count),
        Some(all) => format!(" {:>9}", format!("≥{}", all.count)),
        None if listing_all => format!(" {:>9}", "-"),
        None => String::new(),
    };
    format!(
        "{:>5} {:>6} {:>10.3} {:>15} {:>11.3e} {:>5}{count}\n",
        r.index,
        report::length_cell(r),
        r.seconds,
        r.nodes,
        r.nodes_per_second,
        busy_cell(r)
    )
}

/// `--compare`: the runs' summaries side by side, each run's time per position against
/// the first run's (the geometric mean of the ratios and the worst; `measured`: each
/// run's positions).
fn side_by_side(
    summaries: &[(String, report::Summary)],
    measured: &[Vec<Measured>],
    positions: usize,
) -> String {
    let mut text = format!(
        "\n# side by side, {positions} positions; time per position against the first run\n\
         {:<16} {:>9} {:>10} {:>10} {:>12} {:>11} {:>8} {:>8}\n",
        "heuristic", "solved", "mean s", "median s", "mean nodes", "nodes/s", "mean ×", "worst ×"
    );
    for ((name, s), m) in summaries.iter().zip(measured) {
        let (mean, worst) = match spread(&ratios(m, &measured[0])) {
            Some(r) => (
                format!("{:.3}", r.mean_seconds),
                format!("{:.3}", r.worst_seconds),
            ),
            None => ("-".into(), "-".into()),
        };
        text.push_str(&format!(
            "{:<16} {:>9} {:>10.3} {:>10.3} {:>12.4e} {:>11.3e} {:>8} {:>8}\n",
            name,
            format!("{}/{}", s.solved, s.count),
            s.mean_seconds,
            s.median_seconds,
            s.mean_nodes,
            s.nodes_per_second,
            mean,
            worst
        ));
    }
    text
}

/// The exit status of a bench: every position solved, at `--expect-length` if given.
fn all_as_expected(rows: &[SolveRecord], expect_length: Option<usize>) -> Result<(), CliError> {
    let s = report::summarize(rows);
    if s.solved < s.count {
        return Err(CliError::Failure(format!(
            "{} of {} positions were not solved within the limits",
            s.count - s.solved,
            s.count
        )));
    }
    if let Some(want) = expect_length {
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
