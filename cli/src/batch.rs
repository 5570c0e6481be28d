//! Lists bigger than one run: the shard and result file a batch command uses, and
//! `korf merge`.

use crate::cli::{BatchArgs, CliError, MergeArgs};
use crate::lists::{read_list, summary_line, write_exports};
use crate::out;
use korf_front::batch::{ResultFile, ResultLine, Shard};
use korf_front::report::{self, SolveRecord};
use std::path::{Path, PathBuf};

/// The shard this run takes (`--shard`, else a job array's variables, else the whole
/// list) and the result file, `{shard}` in its name replaced.
pub fn batch_plan(b: &BatchArgs) -> Result<(Shard, Option<PathBuf>), CliError> {
    let shard = match &b.shard {
        Some(text) => Shard::parse(text).map_err(|e| CliError::Input(e.to_string()))?,
        None => Shard::from_env(|v| std::env::var(v).ok(), b.shards)
            .map_err(|e| CliError::Input(e.to_string()))?
            .unwrap_or(Shard::ALL),
    };
    let out = b.out.as_ref().map(|p| {
        PathBuf::from(
            p.to_string_lossy()
                .replace("{shard}", &shard.index.to_string()),
        )
    });
    Ok((shard, out))
}

/// What a run asks of each position: the goal, the metric and the allowed turns.  The
/// lines a result file already holds must answer the same question.
pub struct Question {
    pub goal: korf::Goal,
    pub rules: korf::cube::MoveRules,
}

impl Question {
    /// "face turns, turns R,U, to solved up to AUF at the end", as a person reads it.
    fn describe(
        goal: Option<&korf::Goal>,
        metric: korf::cube::Metric,
        moves: &Option<String>,
    ) -> String {
        let mut words = vec![match metric {
            korf::cube::Metric::Htm => "face turns".to_string(),
            other => other.unit().to_string(),
        }];
        words.push(
            moves
                .as_ref()
                .map_or("every turn".into(), |m| format!("turns {m}")),
        );
        words.push(match goal {
            None => "an unreadable target".into(),
            Some(g) if *g.target() == korf::Cube::SOLVED => "to solved".into(),
            Some(g) => format!("to {}", g.target().to_facelets()),
        });
        let auf = goal.map_or((false, false), |g| (g.start_auf(), g.end_auf()));
        words.extend(
            match auf {
                (true, true) => Some("AUF before and after"),
                (true, false) => Some("AUF before"),
                (false, true) => Some("AUF after"),
                (false, false) => None,
            }
            .map(String::from),
        );
        words.join(", ")
    }

    fn moves(&self) -> Option<String> {
        (!self.rules.moves.is_all()).then(|| self.rules.moves.to_string())
    }

    /// An error naming the first line of `file` that answers another question.
    fn check(&self, path: &Path, file: &ResultFile) -> Result<(), CliError> {
        for (line, r) in file.results() {
            let same = r.goal() == Some(self.goal)
                && r.metric == self.rules.metric
                && r.allowed_moves == self.moves();
            if !same {
                return Err(CliError::Input(format!(
                    "{} holds list line {line} answered for another question ({}); this run asks for {}: resume with the options that wrote it, or write to another file",
                    path.display(),
                    Question::describe(r.goal().as_ref(), r.metric, &r.allowed_moves),
                    Question::describe(Some(&self.goal), self.rules.metric, &self.moves()),
                )));
            }
        }
        Ok(())
    }
}

/// Open the result file for `list` (line numbers and texts of its positions), whose lines
/// must answer `question`; say what it already holds.
pub fn open_results(
    path: &Path,
    list: &[(usize, String)],
    question: &Question,
) -> Result<ResultFile, CliError> {
    let file = ResultFile::open(path, list).map_err(|e| match e {
        korf_front::batch::ResultError::Io { .. } => CliError::Failure(e.to_string()),
        _ => CliError::Input(e.to_string()),
    })?;
    question.check(path, &file)?;
    if file.repaired {
        eprintln!(
            "korf: {}: its last line was cut short (a run killed while writing it); that position is solved again",
            path.display()
        );
    }
    Ok(file)
}

/// Append a finished position's line (not one stopped by Ctrl-C: it is solved again).
pub fn record_result(
    file: &mut Option<ResultFile>,
    line: usize,
    r: &SolveRecord,
) -> Result<(), CliError> {
    if let Some(f) = file {
        if r.status != "interrupted" {
            f.append(ResultLine::new(line, r))
                .map_err(|e| CliError::Failure(e.to_string()))?;
        }
    }
    Ok(())
}

/// `korf merge`: the shards' result files against the list.
pub fn merge(a: MergeArgs) -> Result<(), CliError> {
    let mut bad = 0;
    let listed = read_list(&a.list, &mut bad)?;
    let list: Vec<(usize, String)> = listed
        .iter()
        .filter(|l| l.cube.is_some())
        .map(|l| (l.number, l.text.clone()))
        .collect();
    let m = korf_front::batch::merge(&list, &a.results).map_err(|e| match e {
        korf_front::batch::ResultError::Io { .. } => CliError::Failure(e.to_string()),
        _ => CliError::Input(e.to_string()),
    })?;
    for f in &m.torn {
        eprintln!(
            "korf: {}: its last line was cut short (a run killed while writing it) and is ignored",
            f.display()
        );
    }
    let rows: Vec<SolveRecord> = m
        .results
        .iter()
        .enumerate()
        .map(|(i, r)| r.record(i + 1))
        .collect();
    out(&format!(
        "# {} result files, list {} ({} positions)\n{:>5} {:>5} {:>6} {:>10} {:>15} {:>11}  host\n",
        a.results.len(),
        a.list.display(),
        list.len(),
        "#",
        "line",
        "length",
        "seconds",
        "nodes",
        "nodes/s"
    ));
    for (r, line) in rows.iter().zip(&m.results) {
        out(&format!(
            "{:>5} {:>5} {:>6} {:>10.3} {:>15} {:>11.3e}  {}\n",
            r.index,
            line.line,
            report::length_cell(r),
            r.seconds,
            r.nodes,
            r.nodes_per_second,
            line.host
        ));
    }
    out(&summary_line(&report::summarize(&rows)));
    write_exports(&rows, a.csv.as_ref(), a.json.as_ref())?;
    if m.is_exact() {
        out(&format!(
            "complete: every one of the {} positions exactly once\n",
            list.len()
        ));
        return Ok(());
    }
    let mut problems = Vec::new();
    if !m.missing.is_empty() {
        problems.push(format!(
            "{} positions missing (list lines {})",
            m.missing.len(),
            short_list(&m.missing)
        ));
    }
    if !m.duplicated.is_empty() {
        let lines: Vec<usize> = m.duplicated.iter().map(|(l, _)| *l).collect();
        let (line, files) = &m.duplicated[0];
        problems.push(format!(
            "{} positions found more than once (list lines {}; line {line} in {})",
            lines.len(),
            short_list(&lines),
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ));
    }
    Err(CliError::Failure(format!(
        "the result files do not cover the list exactly once: {}",
        problems.join("; ")
    )))
}

/// "3, 7, 11, … (40 in all)": a list of line numbers, cut after ten.
fn short_list(lines: &[usize]) -> String {
    let shown: Vec<String> = lines.iter().take(10).map(|l| l.to_string()).collect();
    if lines.len() > 10 {
        format!("{}, … ({} in all)", shown.join(", "), lines.len())
    } else {
        shown.join(", ")
    }
}
