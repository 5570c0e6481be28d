//! `korf bench`: a scramble list solved row by row, the summary and the exports.

use crate::batch::{batch_plan, open_results, record_result, Question};
use crate::cli::{BenchArgs, CliError, SearchArgs};
use crate::engine::{engine, positive_seconds, search_options, solve_one, Engine};
use crate::out;
use crate::ratios::{check_limit, ratios, spread, Measured};
use crate::solve::busy_cell;
use anyhow::Context;
use korf::batch::{ResultFile, Shard};
use korf::cube::MaskedCube;
use korf::report::{self, Exporter, SolveRecord};
use std::io::IsTerminal;
use std::path::PathBuf;

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
    // Where the two-phase bound proved a length, the last IDA* iteration never ran: the
    // reason a list's times spread (see docs/benchmarks-log.md, the 18-move time).
    let bound = if s.with_upper_bound == 0 {
        String::new()
    } else {
        format!(
            "; {} of {} proved by the two-phase bound",
            s.proved_by_bound, s.solved
        )
    };
    format!(
        "solved {}/{}; mean {}, median {}, mean nodes {:.4e}, {:.3e} nodes/s overall{busy}; lengths: {}{bound}\n",
        s.solved,
        s.count,
        duration(s.mean_seconds),
        duration(s.median_seconds),
        s.mean_nodes,
        s.nodes_per_second,
        s.lengths
            .iter()
            .map(|(l, c)| format!("{l}{}×{c}", s.metric.letter()))
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

/// The error a batch ends with when some of its lines were not positions (each was
/// reported where it occurred).
pub(crate) fn bad_input_summary(bad: usize, of: usize, what: &str) -> CliError {
    CliError::Input(format!(
        "{bad} of {of} {what} were not positions (each is reported above); the others were solved"
    ))
}

/// One position line of a list: its line number, text, and the position (`None` for a
/// bad line, already reported).
pub struct Listed {
    pub number: usize,
    pub text: String,
    /// The position (`X` marks a sticker that does not matter), if the line is one.
    pub cube: Option<MaskedCube>,
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
    let chosen = korf::batch::select(listed, shard, |l| l.number, results.as_ref());
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

/// `# optimal search, heuristic coset4 (corners + edge-slices + coset4)`: what a run is.
fn run_title(engine: &Engine) -> String {
    match engine {
        Engine::Optimal(solver) => format!(
            "# optimal search, heuristic {} ({}){}\n",
            engine.name(),
            solver
                .heuristic()
                .tables()
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(" + "),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(with_upper_bound: usize, proved_by_bound: usize) -> report::Summary {
        report::Summary {
            count: 25,
            solved: 25,
            mean_seconds: 3.2,
            median_seconds: 1.7,
            mean_nodes: 1.5e7,
            nodes_per_second: 4.6e6,
            utilisation: 0.85,
            lengths: vec![(18, 25)],
            metric: korf::cube::Metric::Htm,
            with_upper_bound,
            proved_by_bound,
        }
    }

    #[test]
    fn the_summary_line_says_how_many_the_two_phase_bound_proved() {
        let line = summary_line(&summary(25, 17));
        assert!(
            line.ends_with("lengths: 18f×25; 17 of 25 proved by the two-phase bound\n"),
            "{line}"
        );
        // No bound in the run (off, or --fast): nothing said.
        let line = summary_line(&summary(0, 0));
        assert!(line.ends_with("lengths: 18f×25\n"), "{line}");
    }
}
