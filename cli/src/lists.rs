//! What the commands that read a scramble list share: its lines read
//! ([`read_list`]), the summary printed after it ([`summary_line`]), the rows exported
//! ([`write_exports`]), a row's busy share, and the error for bad lines.  A leaf: `solve`,
//! `bench`, `batch` and `slices` call it, it calls none of them.

use crate::cli::CliError;
use anyhow::Context;
use korf::cube::MaskedCube;
use korf_front::report::{self, Exporter, SolveRecord};
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
    // reason a list's times spread (see lab/2026-11-26-where-the-18-move-time-goes-the.md).
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
    for line in korf_front::input::lines(std::io::BufReader::new(file)) {
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

/// A row's busy share as a table cell (`-` when not measured).
pub(crate) fn busy_cell(r: &SolveRecord) -> String {
    if r.utilisation.is_nan() {
        "-".to_string()
    } else {
        format!("{:.0}%", 100.0 * r.utilisation)
    }
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
