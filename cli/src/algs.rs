//! `korf cases SET` (a generated case set, one case a line) and `korf algs FILE` (every
//! optimal algorithm of each case, one JSON line or CSV rows a case; resumable with
//! `--out`).

use crate::cli::{AlgsArgs, CasesArgs, CliError};
use crate::engine::{engine, Engine};
use crate::out;
use korf::search::AllSolutions;
use korf_front::cases::{parse_case_line, CaseLine, CaseRecord, CaseSet, Question};
use std::io::{BufRead, Write};
use std::path::Path;

/// `korf cases SET`.
pub fn cases(a: CasesArgs) -> Result<(), CliError> {
    let set = CaseSet::from_name(&a.set).expect("clap checks the name");
    let mut text = format!(
        "# korf cases {}: one representative a case (korf's order, not the wiki's numbers)\n",
        set.name()
    );
    for (name, position) in set.cases() {
        text += &format!("{name}: {}\n", position.to_facelets());
    }
    out(&text);
    Ok(())
}

/// A case of the list: its line number and the case.
struct Case {
    line: usize,
    case: CaseLine,
}

/// `korf algs FILE`.
pub fn algs(a: AlgsArgs) -> Result<(), CliError> {
    let turns = a.search.slice_turns();
    if a.fast.fast {
        return Err(CliError::Input(
            "korf algs lists every optimal algorithm, which the two-phase search cannot prove: drop --fast".into(),
        ));
    }
    let cases = read_cases(&a.file)?;
    let rules = a.search.rules();
    let question = Question {
        metric: rules.metric,
        moves: match turns {
            Some(t) => Some(t.to_string()),
            None => (!rules.moves.is_all()).then(|| rules.moves.to_string()),
        },
        within: a.search.within.unwrap_or(0),
        start_auf: a.start_auf,
        end_auf: a.end_auf,
    };
    let done = match &a.out {
        Some(path) => kept_records(path, &cases, &question)?,
        None => Vec::new(),
    };
    let engine = engine(&a.search, &a.fast, None)?;
    let Engine::Optimal(solver) = &engine else {
        unreachable!("--fast is refused above")
    };
    let mut options = solver.options().clone();
    options.all = Some(AllSolutions {
        within: question.within,
        max_solutions: a.search.max_solutions,
    });
    let csv = a.format == "csv";
    if csv {
        out(CaseRecord::CSV_HEADER);
    }
    let mut file = a.out.as_deref().map(open_append).transpose()?;
    let mut failure = None;
    for c in &cases {
        let record = match done.iter().find(|r| r.line == c.line) {
            Some(r) => r.clone(),
            None => {
                if crate::interrupt::requested() {
                    return Err(CliError::Interrupted);
                }
                let (position, goal) = (&c.case.position, &question.goal());
                let r = match turns {
                    Some(t) => {
                        let found = solver.solve_turns(position, goal, t, &options)?;
                        CaseRecord::from_turns(c.line, &c.case, &question, &found)
                    }
                    None => {
                        let found = solver.solve_masked(position, goal, &options, None)?;
                        CaseRecord::new(c.line, &c.case, &question, &found)
                    }
                };
                if r.status == "interrupted" || r.listing.as_deref() == Some("interrupted") {
                    return Err(CliError::Interrupted);
                }
                if let Some(f) = &mut file {
                    append(f, &r)?;
                }
                r
            }
        };
        match csv {
            true => out(&record.csv_rows()),
            false => out(&(serde_json::to_string(&record).expect("serializable") + "\n")),
        }
        if record.status != "solved" && failure.is_none() {
            failure = Some(CliError::Failure(format!(
                "line {}: {} (no proven list)",
                record.line, record.status
            )));
        }
    }
    failure.map_or(Ok(()), Err)
}

/// Every case of the list, or the first line that is none.
fn read_cases(file: &str) -> Result<Vec<Case>, CliError> {
    let reader: Box<dyn BufRead> = match file {
        "-" => Box::new(std::io::stdin().lock()),
        path => Box::new(std::io::BufReader::new(std::fs::File::open(path).map_err(
            |e| CliError::Input(format!("cannot open case list {path}: {e}")),
        )?)),
    };
    let mut cases = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let text = line.map_err(|e| CliError::Input(format!("{file} line {}: {e}", i + 1)))?;
        let t = text.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let case = parse_case_line(t)
            .map_err(|e| CliError::Input(format!("{file} line {}: {e}", i + 1)))?;
        cases.push(Case { line: i + 1, case });
    }
    if cases.is_empty() {
        return Err(CliError::Input(format!(
            "no cases in {file} (one a line: [NAME: ]POSITION; `korf cases oll` prints a list)"
        )));
    }
    Ok(cases)
}

/// The records an `--out` file already holds, each checked against its case and the
/// question; a last line cut short (a run killed while writing) is dropped from the file.
fn kept_records(
    path: &Path,
    cases: &[Case],
    question: &Question,
) -> Result<Vec<CaseRecord>, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(CliError::Failure(format!(
                "cannot read {}: {e}",
                path.display()
            )))
        }
    };
    let whole = text.rfind('\n').map_or(0, |i| i + 1);
    let mut kept = Vec::new();
    for (i, line) in text[..whole].lines().enumerate() {
        let bad = |why: &str| {
            CliError::Input(format!(
                "{} line {}: {why}; it was written for another list or question (move it away to start afresh)",
                path.display(),
                i + 1
            ))
        };
        let r: CaseRecord =
            serde_json::from_str(line).map_err(|e| bad(&format!("not a case record ({e})")))?;
        let case = cases
            .iter()
            .find(|c| c.line == r.line && c.case.input == r.input);
        let Some(case) = case else {
            return Err(bad("no case of this list at its line"));
        };
        if !r.answers(&case.case, question) {
            return Err(bad("it does not answer this question for its case"));
        }
        kept.push(r);
    }
    // Only a file found to be this list's loses its cut last line.
    if whole < text.len() {
        let f = std::fs::OpenOptions::new().write(true).open(path);
        f.and_then(|f| f.set_len(whole as u64))
            .map_err(|e| CliError::Failure(format!("cannot trim {}: {e}", path.display())))?;
    }
    if !kept.is_empty() {
        eprintln!(
            "korf: {} of {} cases are in {}; solving the rest",
            kept.len(),
            cases.len(),
            path.display()
        );
    }
    Ok(kept)
}

fn open_append(path: &Path) -> Result<std::fs::File, CliError> {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| CliError::Failure(format!("cannot write {}: {e}", path.display())))
}

/// One record, one line, on disk before the next case starts.
fn append(file: &mut std::fs::File, r: &CaseRecord) -> Result<(), CliError> {
    let line = serde_json::to_string(r).expect("serializable") + "\n";
    file.write_all(line.as_bytes())
        .and_then(|_| file.sync_data())
        .map_err(|e| CliError::Failure(format!("cannot append a case record: {e}")))
}
