//! Per-position ratios between two runs of the same list — two heuristics (`korf bench
//! --compare`), or this build against an earlier run's records (`--baseline`) — with the
//! worst beside the mean: a user meets the worst position, not the mean.
//!
//! A position's *work* is the optimal search's nodes plus the two-phase upper bound's
//! nodes in the search's units (`korf::search::TWO_PHASE_NODES_PER_NODE` of them take
//! about as long as one): on one thread it is the same on every run, where the time is
//! not.

use crate::cli::CliError;
use korf::search::TWO_PHASE_NODES_PER_NODE;
use korf_front::report::SolveRecord;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

/// What a run measured of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The position as listed.
    pub input: String,
    /// Whether it was solved.
    pub solved: bool,
    /// Work, in nodes of the optimal search.
    pub work: f64,
    /// Wall time.
    pub seconds: f64,
}

impl Measured {
    /// What `r` measured.
    pub fn of(r: &SolveRecord) -> Measured {
        Measured {
            input: r.input.clone(),
            solved: r.status == "solved",
            work: r.nodes as f64 + r.upper_bound_nodes as f64 / TWO_PHASE_NODES_PER_NODE,
            seconds: r.seconds,
        }
    }

    /// What a record of a JSON export or a result file measured (records written before
    /// `upper_bound_nodes` existed count the optimal search's nodes alone).
    fn from_json(v: &serde_json::Value) -> Option<Measured> {
        let number = |k: &str| v.get(k).and_then(serde_json::Value::as_f64);
        Some(Measured {
            input: v.get("input")?.as_str()?.to_string(),
            solved: v.get("status")?.as_str()? == "solved",
            work: number("nodes")?
                + number("upper_bound_nodes").unwrap_or(0.0) / TWO_PHASE_NODES_PER_NODE,
            seconds: number("seconds")?,
        })
    }
}

/// Read a baseline: `korf bench --json`'s array, or `--out`'s lines.
pub fn read_baseline(path: &Path) -> Result<Vec<Measured>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError::Input(format!(
            "--baseline: cannot read {}: {e} (give the --json or --out file of an earlier run)",
            path.display()
        ))
    })?;
    let values: Vec<serde_json::Value> = if text.trim_start().starts_with('[') {
        serde_json::from_str(&text).map_err(|e| bad_baseline(path, &e.to_string()))?
    } else {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(serde_json::from_str)
            .collect::<Result<_, _>>()
            .map_err(|e| bad_baseline(path, &e.to_string()))?
    };
    let records: Vec<Measured> = values.iter().filter_map(Measured::from_json).collect();
    if records.len() < values.len() || records.is_empty() {
        return Err(bad_baseline(
            path,
            "every record needs input, status, nodes and seconds",
        ));
    }
    Ok(records)
}

fn bad_baseline(path: &Path, why: &str) -> CliError {
    CliError::Input(format!(
        "--baseline {}: not a `korf bench --json` or `--out` file ({why})",
        path.display()
    ))
}

/// One position's ratios, this run over the other.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratio {
    pub input: String,
    pub work: f64,
    pub seconds: f64,
}

/// The ratios of the positions both runs solved, matched by their input, in `run`'s order.
pub fn ratios(run: &[Measured], other: &[Measured]) -> Vec<Ratio> {
    let by_input: HashMap<&str, &Measured> = other
        .iter()
        .filter(|m| m.solved)
        .map(|m| (m.input.as_str(), m))
        .collect();
    run.iter()
        .filter(|m| m.solved)
        .filter_map(|m| {
            let o = by_input.get(m.input.as_str())?;
            Some(Ratio {
                input: m.input.clone(),
                work: m.work.max(1.0) / o.work.max(1.0),
                seconds: m.seconds.max(1e-6) / o.seconds.max(1e-6),
            })
        })
        .collect()
}

/// The mean (geometric, so that 2× and 0.5× cancel) and the worst of some ratios.
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    pub positions: usize,
    pub mean_work: f64,
    pub worst_work: f64,
    /// The position of the worst work ratio.
    pub worst_input: String,
    pub mean_seconds: f64,
    pub worst_seconds: f64,
}

/// The spread of `ratios` (`None` if there are none).
pub fn spread(ratios: &[Ratio]) -> Option<Spread> {
    let worst = ratios.iter().max_by(|a, b| a.work.total_cmp(&b.work))?;
    let n = ratios.len() as f64;
    let geo = |f: fn(&Ratio) -> f64| (ratios.iter().map(|r| f(r).ln()).sum::<f64>() / n).exp();
    Some(Spread {
        positions: ratios.len(),
        mean_work: geo(|r| r.work),
        worst_work: worst.work,
        worst_input: worst.input.clone(),
        mean_seconds: geo(|r| r.seconds),
        worst_seconds: ratios.iter().map(|r| r.seconds).fold(0.0, f64::max),
    })
}

/// `--baseline`'s report: a line per position, then the spread.
pub fn baseline_report(path: &Path, ratios: &[Ratio]) -> String {
    let mut text = format!(
        "\n# against {} ({} positions in both)\n{:>9} {:>9}  position\n",
        path.display(),
        ratios.len(),
        "work ×",
        "time ×"
    );
    for r in ratios {
        let _ = writeln!(text, "{:>9.3} {:>9.3}  {}", r.work, r.seconds, r.input);
    }
    if let Some(s) = spread(ratios) {
        let _ = writeln!(
            text,
            "work: mean {:.3}×, worst {:.3}× ({}); time: mean {:.3}×, worst {:.3}×",
            s.mean_work, s.worst_work, s.worst_input, s.mean_seconds, s.worst_seconds
        );
    }
    text
}

/// `--max-ratio`: an error naming every position whose work grew past `limit`.
pub fn check_limit(ratios: &[Ratio], limit: f64) -> Result<(), CliError> {
    let over: Vec<String> = ratios
        .iter()
        .filter(|r| r.work > limit)
        .map(|r| format!("{:.3}× {}", r.work, r.input))
        .collect();
    if over.is_empty() {
        return Ok(());
    }
    Err(CliError::Failure(format!(
        "{} of {} positions took more than {limit}× the baseline's work: {}",
        over.len(),
        ratios.len(),
        over.join("; ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(input: &str, nodes: f64, seconds: f64) -> Measured {
        Measured {
            input: input.into(),
            solved: true,
            work: nodes,
            seconds,
        }
    }

    #[test]
    fn the_worst_ratio_is_reported_beside_a_mean_that_hides_it() {
        let before = [m("a", 100.0, 1.0), m("b", 100.0, 1.0), m("c", 100.0, 1.0)];
        let after = [m("c", 50.0, 0.5), m("a", 400.0, 3.0), m("b", 50.0, 0.5)];
        let r = ratios(&after, &before);
        assert_eq!(
            r.iter().map(|r| r.input.as_str()).collect::<Vec<_>>(),
            ["c", "a", "b"]
        );
        let s = spread(&r).unwrap();
        assert!((s.mean_work - 1.0).abs() < 1e-9, "{s:?}");
        assert_eq!(s.worst_work, 4.0);
        assert_eq!(s.worst_input, "a");
        assert_eq!(s.worst_seconds, 3.0);
        assert!(check_limit(&r, 1.25)
            .unwrap_err()
            .to_string()
            .contains("4.000× a"));
        assert!(check_limit(&r, 4.0).is_ok());
        let text = baseline_report(Path::new("b.json"), &r);
        assert!(text.contains("worst 4.000× (a)"), "{text}");
    }

    #[test]
    fn unsolved_and_unmatched_positions_are_left_out() {
        let mut lost = m("b", 1.0, 1.0);
        lost.solved = false;
        let r = ratios(
            &[m("a", 2.0, 1.0), lost, m("z", 1.0, 1.0)],
            &[m("a", 1.0, 1.0), m("b", 1.0, 1.0)],
        );
        assert_eq!(r.len(), 1);
        assert!(spread(&[]).is_none());
    }

    #[test]
    fn baselines_are_read_from_json_arrays_and_result_lines_and_refused_otherwise() {
        let dir = std::env::temp_dir().join(format!("korf-ratios-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let array = dir.join("a.json");
        std::fs::write(
            &array,
            r#"[{"input":"R U","status":"solved","nodes":10,"seconds":0.5,"upper_bound_nodes":50}]"#,
        )
        .unwrap();
        let got = read_baseline(&array).unwrap();
        assert_eq!(got[0].work, 10.0 + 50.0 / TWO_PHASE_NODES_PER_NODE);
        let lines = dir.join("b.jsonl");
        std::fs::write(
            &lines,
            "{\"input\":\"R\",\"status\":\"timeout\",\"nodes\":3,\"seconds\":1}\n\n{\"input\":\"U\",\"status\":\"solved\",\"nodes\":4,\"seconds\":2}\n",
        )
        .unwrap();
        let got = read_baseline(&lines).unwrap();
        assert_eq!((got.len(), got[0].solved, got[1].work), (2, false, 4.0));
        let bad = dir.join("c.json");
        std::fs::write(&bad, "[{\"input\":\"R\"}]").unwrap();
        let err = read_baseline(&bad).unwrap_err().to_string();
        assert!(err.contains("--baseline") && err.contains("nodes"), "{err}");
        std::fs::write(&bad, "not json").unwrap();
        assert!(read_baseline(&bad).is_err());
        assert!(read_baseline(&dir.join("missing.json")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
