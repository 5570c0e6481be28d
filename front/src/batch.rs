//! Lists bigger than one run: shards of a list for job arrays, result files that resume,
//! and the merge that checks that the shards covered the list exactly once.
//!
//! * A [`Shard`] `K/N` takes the list's positions `K, K+N, K+2N, …` (counted from 0 in
//!   list order: comments and blank lines do not count).  The shards `0/N … N-1/N` are
//!   disjoint and cover the list.  Without an explicit shard, [`Shard::from_env`] reads
//!   the job-array variables of Slurm and of Kubernetes Indexed Jobs.
//! * A [`ResultFile`] holds one JSON line per finished position ([`ResultLine`]: its line
//!   number in the list, the input, the solution, length, nodes, seconds, host).  Each line
//!   is written with one `write` call to a file opened for appending, so a process killed
//!   at any moment leaves whole lines and at most one torn last line, which
//!   [`ResultFile::open`] detects and cuts off; the positions already there are skipped.
//! * [`merge`] reads the result files of all shards against the list and reports missing
//!   and duplicated positions.

use crate::report::SolveRecord;
use korf::cube::{parse_masked_position, parse_position, Cube, Metric};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One shard of a list: the positions whose index (from 0) is `index` modulo `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: usize,
    /// How many shards.
    pub count: usize,
}

/// Why a shard cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShardError(pub String);

impl Shard {
    /// The whole list.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parse `K/N` (0 ≤ K < N).
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || {
            ShardError(format!(
                "--shard {text:?}: write K/N with 0 <= K < N, e.g. 0/4 for the first of four shards"
            ))
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The shard a job array gives this process, if any: Slurm's
    /// `SLURM_ARRAY_TASK_ID` − `SLURM_ARRAY_TASK_MIN` (0 if unset) of
    /// `SLURM_ARRAY_TASK_COUNT`, or a Kubernetes Indexed Job's `JOB_COMPLETION_INDEX` of
    /// `count` (the job's `completions`, which Kubernetes does not pass on: given with
    /// `--shards`).  `var` reads a variable (`std::env::var` in the binary).
    pub fn from_env(
        var: impl Fn(&str) -> Option<String>,
        count: Option<usize>,
    ) -> Result<Option<Shard>, ShardError> {
        let number = |name: &str| -> Result<Option<usize>, ShardError> {
            match var(name) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| ShardError(format!("${name} is {v:?}, not a whole number"))),
            }
        };
        let shard = if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
            let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let n = match (count, number("SLURM_ARRAY_TASK_COUNT")?) {
                (Some(n), _) | (None, Some(n)) => n,
                (None, None) => {
                    return Err(ShardError(
                        "$SLURM_ARRAY_TASK_ID is set but $SLURM_ARRAY_TASK_COUNT is not: give --shards N".into(),
                    ))
                }
            };
            let index = id.checked_sub(min).ok_or_else(|| {
                ShardError(format!(
                    "$SLURM_ARRAY_TASK_ID {id} is below $SLURM_ARRAY_TASK_MIN {min}"
                ))
            })?;
            (
                index,
                n,
                "the Slurm array (use a contiguous --array range such as 0-3, no step)",
            )
        } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
            let n = count.ok_or_else(|| {
                ShardError(
                    "$JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job): give the job's completions with --shards N".into(),
                )
            })?;
            (
                index,
                n,
                "the Indexed Job (--shards must equal its completions)",
            )
        } else {
            return Ok(None);
        };
        let (index, count, source) = shard;
        if count == 0 || index >= count {
            return Err(ShardError(format!(
                "shard {index} of {count} from {source} is out of range"
            )));
        }
        Ok(Some(Shard { index, count }))
    }

    /// Whether the position at `index` (from 0, in list order) belongs to this shard.
    pub fn contains(&self, index: usize) -> bool {
        index % self.count == self.index
    }
}

/// What one run of a list takes ([`select`]).
#[derive(Debug)]
pub struct Selection<T> {
    /// The entries to work on, in list order.
    pub todo: Vec<T>,
    /// Entries of the shard that a result file already holds (left out of `todo`).
    pub done: usize,
}

/// The entries of `list` that a run takes: those of `shard` — counted by their place in
/// the whole list, bad lines too, so that a shard's share does not move when a line is
/// fixed — less those whose line number (`line_of`) the result file `results` holds.
/// `korf solve -` and `korf bench` both select so.
pub fn select<T>(
    list: Vec<T>,
    shard: Shard,
    line_of: impl Fn(&T) -> usize,
    results: Option<&ResultFile>,
) -> Selection<T> {
    let mut done = 0;
    let todo = list
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.contains(*i))
        .map(|(_, entry)| entry)
        .filter(|entry| {
            let finished = results.is_some_and(|f| f.has(line_of(entry)));
            done += finished as usize;
            !finished
        })
        .collect();
    Selection { todo, done }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// One finished position in a result file.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct ResultLine {
    /// Its line number in the list (from 1).
    pub line: usize,
    /// The list's text on that line.
    pub input: String,
    /// `solved`, `timeout`, `max_depth`, …
    pub status: String,
    /// The solution in standard notation, if any.
    pub solution: Option<String>,
    /// Its length, in `metric`.
    pub length: Option<usize>,
    /// How the length is counted (files written before metrics existed: `htm`).
    #[serde(default)]
    pub metric: Metric,
    /// The turns a solution could use, when not all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allowed_moves: Option<String>,
    /// Proven optimal.
    pub optimal: bool,
    /// Search nodes.
    pub nodes: u64,
    /// Nodes of the two-phase upper-bound search (files written before it was recorded:
    /// 0).
    #[serde(default)]
    pub upper_bound_nodes: u64,
    /// Wall time of the solve.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
    /// The heuristic (or `two-phase`).
    pub heuristic: String,
    /// With every solution asked for: how many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<usize>,
    /// With a target position: its facelets ([`korf::Goal`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// With a turn of U allowed before the solution: that turn (`""` for none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_auf: Option<String>,
    /// With a turn of U allowed after it: that turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_auf: Option<String>,
    /// The machine that solved it.
    pub host: String,
}

impl ResultLine {
    /// The line for `record`, list line `line`.
    pub fn new(line: usize, record: &SolveRecord) -> ResultLine {
        ResultLine {
            line,
            input: record.input.clone(),
            status: record.status.clone(),
            solution: record.solution.clone(),
            length: record.length,
            metric: record.metric,
            allowed_moves: record.allowed_moves.clone(),
            optimal: record.optimal,
            nodes: record.nodes,
            upper_bound_nodes: record.upper_bound_nodes,
            seconds: record.seconds,
            threads: record.threads,
            heuristic: record.heuristic.clone(),
            solutions: record.all.as_ref().map(|a| a.count),
            target: record.target.clone(),
            start_auf: record.start_auf.clone(),
            end_auf: record.end_auf.clone(),
            host: host_name(),
        }
    }

    /// The bench record of this result (position `index` of a merged list), for the
    /// exporters and the summary.
    pub fn record(&self, index: usize) -> SolveRecord {
        SolveRecord {
            index,
            input: self.input.clone(),
            facelets: parse_masked_position(&self.input)
                .map(|c| c.to_facelets())
                .unwrap_or_default(),
            status: self.status.clone(),
            solution: self.solution.clone(),
            length: self.length,
            metric: self.metric,
            allowed_moves: self.allowed_moves.clone(),
            optimal: self.optimal,
            nodes: self.nodes,
            seconds: self.seconds,
            nodes_per_second: self.nodes as f64 / self.seconds.max(1e-9),
            threads: self.threads,
            utilisation: f64::NAN,
            depths: Vec::new(),
            heuristic: self.heuristic.clone(),
            upper_bound: None,
            upper_bound_nodes: self.upper_bound_nodes,
            symmetry: None,
            proven_lower_bound: None,
            searched_share: None,
            predicted_nodes: None,
            predicted_seconds: None,
            prediction: None,
            all: None,
            target: self.target.clone(),
            start_auf: self.start_auf.clone(),
            end_auf: self.end_auf.clone(),
        }
    }

    /// The goal its solution was asked to reach: solved, or its target, with the AUF
    /// turns it allowed.  `None` if the target is no position.
    pub fn goal(&self) -> Option<korf::Goal> {
        let target = match &self.target {
            Some(t) => parse_position(t).ok()?,
            None => Cube::SOLVED,
        };
        Some(
            korf::Goal::to(target)
                .with_start_auf(self.start_auf.is_some())
                .with_end_auf(self.end_auf.is_some()),
        )
    }

    /// Whether its solution (if any) takes its input's position to its goal, with the
    /// AUF turns it names, at the length it gives.
    pub fn is_consistent(&self) -> bool {
        let (Ok(position), Some(goal)) = (parse_masked_position(&self.input), self.goal()) else {
            return false;
        };
        let Some(s) = &self.solution else {
            return self.status != "solved";
        };
        let framed =
            korf::goal::Framed::from_text(self.start_auf.as_deref(), s, self.end_auf.as_deref());
        let Some(framed) = framed else {
            return false;
        };
        let length = self.metric.length(&framed.moves);
        goal.reached_from(&position, &framed) && self.length == Some(length)
    }
}

/// This machine's name (for result lines), or `unknown`.
pub fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".to_string())
}

/// What is wrong with a result file.
#[derive(Debug, thiserror::Error)]
pub enum ResultError {
    /// It cannot be read or written.
    #[error("cannot use result file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A line before the last is not a result line.
    #[error("{path} line {line} is not a result line of korf ({why}); fix or remove that line, or write to another file")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// Its line number.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// A line records a position that is not on the list at that line.
    #[error("{path} line {line} is list line {list_line} {input:?}, which the list does not have there: is this the result file of another list?")]
    OtherList {
        /// The file.
        path: PathBuf,
        /// Its line number.
        line: usize,
        /// The list line it names.
        list_line: usize,
        /// Its input text.
        input: String,
    },
}

/// A result file opened for a list: what it already holds, ready to append.
pub struct ResultFile {
    path: PathBuf,
    file: std::fs::File,
    done: BTreeMap<usize, ResultLine>,
    /// A torn last line was cut off on opening (a run was killed while writing it).
    pub repaired: bool,
}

impl ResultFile {
    /// Open (or create) `path` for the list whose position lines are `list` (line number
    /// and text).  Whole lines are checked (each a result of this list whose solution
    /// solves its position); a torn last line (no line end, or not JSON) is cut off.
    pub fn open(path: &Path, list: &[(usize, String)]) -> Result<ResultFile, ResultError> {
        let io = |source| ResultError::Io {
            path: path.to_path_buf(),
            source,
        };
        let text = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(io(e)),
        };
        let read = read_results(path, &text, list)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        if read.torn {
            file.set_len(read.whole_bytes as u64).map_err(io)?;
        }
        Ok(ResultFile {
            path: path.to_path_buf(),
            file,
            done: read.done,
            repaired: read.torn,
        })
    }

    /// Whether list line `line` already has a result.
    pub fn has(&self, line: usize) -> bool {
        self.done.contains_key(&line)
    }

    /// The results already in the file, by list line.
    pub fn results(&self) -> &BTreeMap<usize, ResultLine> {
        &self.done
    }

    /// Append `r` as one line, in one write (so a kill leaves it whole or torn at the end).
    pub fn append(&mut self, r: ResultLine) -> Result<(), ResultError> {
        let mut bytes = serde_json::to_vec(&r).expect("result lines serialize");
        bytes.push(b'\n');
        self.file
            .write_all(&bytes)
            .and_then(|_| self.file.flush())
            .map_err(|source| ResultError::Io {
                path: self.path.clone(),
                source,
            })?;
        self.done.insert(r.line, r);
        Ok(())
    }
}

/// The whole result lines of a file's bytes, checked against the list.
struct ReadResults {
    done: BTreeMap<usize, ResultLine>,
    /// Bytes up to the end of the last whole line.
    whole_bytes: usize,
    /// The last line is torn (no line end, or not a result).
    torn: bool,
}

fn read_results(
    path: &Path,
    text: &[u8],
    list: &[(usize, String)],
) -> Result<ReadResults, ResultError> {
    let on_list: BTreeMap<usize, &str> = list.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let mut read = ReadResults {
        done: BTreeMap::new(),
        whole_bytes: 0,
        torn: false,
    };
    let (mut start, mut number) = (0, 0);
    while start < text.len() {
        number += 1;
        let end = text[start..].iter().position(|&b| b == b'\n');
        let (line, next) = match end {
            Some(e) => (&text[start..start + e], start + e + 1),
            None => (&text[start..], text.len()),
        };
        let parsed = std::str::from_utf8(line)
            .map_err(|e| e.to_string())
            .and_then(|l| serde_json::from_str::<ResultLine>(l).map_err(|e| e.to_string()));
        match parsed {
            Ok(r) if end.is_some() => {
                if on_list.get(&r.line) != Some(&r.input.as_str()) {
                    return Err(ResultError::OtherList {
                        path: path.to_path_buf(),
                        line: number,
                        list_line: r.line,
                        input: r.input,
                    });
                }
                if !r.is_consistent() {
                    return Err(ResultError::Corrupt {
                        path: path.to_path_buf(),
                        line: number,
                        why: "its solution does not solve its position".into(),
                    });
                }
                read.done.insert(r.line, r);
                read.whole_bytes = next;
            }
            // The last line, torn by a kill while it was written: its position is solved
            // again.
            _ if next == text.len() => read.torn = true,
            Ok(_) => unreachable!("only the last line can lack its line end"),
            Err(why) => {
                return Err(ResultError::Corrupt {
                    path: path.to_path_buf(),
                    line: number,
                    why,
                })
            }
        }
        start = next;
    }
    Ok(read)
}

/// The list the `results` fuzz target's files belong to.
const FUZZ_LIST: [(usize, &str); 3] = [(1, "R U"), (2, "F2"), (3, "R U F")];

/// Read untrusted result-file bytes as a resumed run would (the `results` fuzz target):
/// the list lines done, or the refusal's message; whole lines are then records again.
/// Not part of the API.
#[doc(hidden)]
pub fn fuzz_read_results(bytes: &[u8]) -> Result<usize, String> {
    let list: Vec<(usize, String)> = FUZZ_LIST.iter().map(|(n, t)| (*n, t.to_string())).collect();
    let read = read_results(Path::new("fuzz.jsonl"), bytes, &list).map_err(|e| e.to_string())?;
    assert!(read.whole_bytes <= bytes.len());
    for (i, r) in read.done.values().enumerate() {
        let _ = r.record(i + 1);
    }
    Ok(read.done.len())
}

/// What [`merge`] found.
#[derive(Debug, Default)]
pub struct Merged {
    /// One result per list line that has one (the first met), in list order.
    pub results: Vec<ResultLine>,
    /// List lines with no result.
    pub missing: Vec<usize>,
    /// List lines with more than one result, with the files they are in.
    pub duplicated: Vec<(usize, Vec<PathBuf>)>,
    /// Files whose torn last line was ignored.
    pub torn: Vec<PathBuf>,
}

impl Merged {
    /// Every position of the list has exactly one result.
    pub fn is_exact(&self) -> bool {
        self.missing.is_empty() && self.duplicated.is_empty()
    }
}

/// Read the result files `files` of the shards of `list` and check that they cover it
/// exactly once.  A file that is not a result file of this list is an error; a torn last
/// line is ignored (and named).
pub fn merge(list: &[(usize, String)], files: &[PathBuf]) -> Result<Merged, ResultError> {
    let mut by_line: BTreeMap<usize, Vec<(ResultLine, PathBuf)>> = BTreeMap::new();
    let mut merged = Merged::default();
    for f in files {
        // Read only: a merge never changes the files.
        let text = std::fs::read(f).map_err(|source| ResultError::Io {
            path: f.clone(),
            source,
        })?;
        let read = read_results(f, &text, list)?;
        if read.torn {
            merged.torn.push(f.clone());
        }
        for (line, r) in read.done {
            by_line.entry(line).or_default().push((r, f.clone()));
        }
    }
    for (line, _) in list {
        match by_line.remove(line) {
            None => merged.missing.push(*line),
            Some(mut rs) => {
                if rs.len() > 1 {
                    merged
                        .duplicated
                        .push((*line, rs.iter().map(|(_, f)| f.clone()).collect()));
                }
                merged.results.push(rs.swap_remove(0).0);
            }
        }
    }
    Ok(merged)
}
