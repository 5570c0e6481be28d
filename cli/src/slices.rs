//! `korf solve` with slices or wide turns in --moves: the held search
//! ([`korf::Solver::solve_turns`]), one position after another, printed as `korf solve`
//! prints (`--json` gives the same objects, the solutions in WCA notation).

use crate::cli::{CliError, SolveArgs};
use crate::engine::{engine, search_options, Engine, UNCHECKED};
use crate::out;
use korf::cube::{MaskedCube, TurnSet};
use korf::Goal;
use korf_front::report::{self, SolveRecord};

/// One input: its line number, its text, the position or why it is not one.
type Input = (usize, String, Result<MaskedCube, CliError>);

/// Solve every input with `turns`.  The options that keep or split work (`--out`,
/// `--shard`, `--checkpoint`) and `--fast` are refused: this search keeps nothing
/// between runs.
pub(crate) fn solve(
    a: &SolveArgs,
    inputs: Vec<Input>,
    goal: &Goal,
    turns: TurnSet,
) -> Result<(), CliError> {
    let refused = [
        (a.fast.fast, "--fast"),
        (a.checkpoint.is_some(), "--checkpoint"),
        (a.batch.out.is_some(), "--out"),
        (
            a.batch.shard.is_some() || a.batch.shards.is_some(),
            "--shard",
        ),
    ];
    if let Some((_, flag)) = refused.iter().find(|r| r.0) {
        return Err(CliError::Input(format!(
            "{flag} is not available with slices or wide turns in --moves ({turns}): drop {flag}, or list face turns only"
        )));
    }
    let options = search_options(&a.search)?;
    let Engine::Optimal(solver) = engine(&a.search, &a.fast, None)? else {
        unreachable!("--fast is refused above")
    };
    crate::interrupt::solving();
    let mut failure = None;
    let mut bad_lines = 0;
    for (i, (_, text, parsed)) in inputs.iter().enumerate() {
        let position = match parsed {
            Ok(p) => p,
            Err(e) => {
                // Reported in its place among the answers; counted at the end.
                eprintln!("korf: error: {e}");
                bad_lines += 1;
                continue;
            }
        };
        let outcome = solver.solve_turns(position, goal, turns, &options)?;
        let record = SolveRecord::turns(i + 1, text, position, goal, &outcome, solver.heuristic());
        let why = print(a, &outcome, &record);
        if record.status == "interrupted" {
            return Err(CliError::Interrupted);
        }
        if let Some(why) = why {
            failure.get_or_insert(CliError::Failure(format!("position {}: {why}", i + 1)));
        }
    }
    if bad_lines > 0 {
        return Err(crate::lists::bad_input_summary(
            bad_lines,
            inputs.len(),
            "input lines",
        ));
    }
    failure.map_or(Ok(()), Err)
}

/// Print one outcome; returns why it is a failure, if it is.
fn print(
    a: &SolveArgs,
    outcome: &korf::turn_search::TurnOutcome,
    r: &SolveRecord,
) -> Option<String> {
    if a.json {
        out(&(serde_json::to_string(r).expect("serializable") + "\n"));
    } else {
        let one = outcome.solution.as_ref().ok().map(std::slice::from_ref);
        let shown = outcome.listed.as_deref().or(one).unwrap_or_default();
        let best = outcome
            .solution
            .as_ref()
            .map(|s| s.length(outcome.metric))
            .ok();
        for s in shown {
            let optimal = r.optimal && Some(s.length(outcome.metric)) == best;
            out(&format!(
                "{}\n",
                report::turn_line(s, outcome.metric, optimal)
            ));
        }
        if let Some(all) = &r.all {
            out(&format!("{}\n", all.count_phrase()));
        }
        if a.stats {
            out(&format!(
                "{} nodes in {:.3} s, {} threads, turns {}\n",
                r.nodes, r.seconds, outcome.threads, outcome.turns
            ));
        }
    }
    match &outcome.solution {
        Ok(_) => {
            if !r.optimal && !a.json {
                out(&format!("not proven optimal: {UNCHECKED}\n"));
            }
            None
        }
        Err(why) => {
            let why = match why {
                korf::search::Unsolved::MaxDepth => format!(
                    "no solution of at most {} {} with the turns {} (raise --max-depth)",
                    a.search.max_depth(),
                    outcome.metric.unit(),
                    outcome.turns
                ),
                korf::search::Unsolved::Timeout => "the time limit ran out (--timeout)".into(),
                other => format!("{other:?}").to_lowercase(),
            };
            if !a.json {
                out(&format!("no solution: {why}\n"));
            }
            Some(why)
        }
    }
}
