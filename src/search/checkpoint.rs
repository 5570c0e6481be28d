//! Solves that survive interruption: what an optimal search has proven, saved to a file
//! every few seconds and read back by a later run of the same solve.
//!
//! The file records the position, the heuristic, a fingerprint of the parallel driver's
//! task list (the same tables give the same list), the IDA* bound being searched — every
//! smaller bound was searched to the end without a solution — and which of that bound's
//! tasks were searched to the end.  A later run starts at that bound and skips those
//! tasks: whatever it finds there is as short as a run from scratch would find.  Once the
//! solve ends with a proof, the file holds the solution, and a rerun returns it at once
//! (after checking that it solves the position).
//!
//! The file is JSON, written to a temporary file, flushed to disk and renamed over the
//! old one: a crash leaves the previous checkpoint or the new one, never a torn one.

use crate::cube::{format_moves, parse_moves, Cube, Move};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where and how often a solve saves what it has proven ([`super::Options::checkpoint`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckpointFile {
    /// The file (created, or resumed from if it holds this very solve).
    pub path: PathBuf,
    /// Time between saves; the state is also saved after each bound and when the search
    /// stops.
    pub every: Duration,
}

/// Version of the checkpoint file's fields.
const VERSION: u32 = 1;

/// What a checkpoint file holds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Saved {
    /// The version of these fields (1).
    pub korf_checkpoint: u32,
    /// The position, as facelets.
    pub position: String,
    /// The heuristic's name.
    pub heuristic: String,
    /// The parallel driver's tasks, and a hash of their order.
    pub tasks: usize,
    /// xxh3 of the tasks' prefixes, in order, as hex.
    pub fingerprint: String,
    /// The bound being searched: none shorter has a solution.
    pub bound: u8,
    /// Of that bound's tasks, those searched to the end: ascending `[first, last]` ranges.
    pub finished: Vec<[usize; 2]>,
    /// The best solution known (not proven), if any.
    pub best: Option<String>,
    /// The proven optimal solution, once the solve has ended.
    pub solution: Option<String>,
}

/// Why a checkpoint file cannot be used for this solve.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// It cannot be read or written.
    #[error("checkpoint {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: std::io::Error,
    },
    /// It is not a checkpoint, or is damaged.
    #[error("{path} is not a korf solve checkpoint ({why}); remove it or choose another file")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// It belongs to another solve.
    #[error("{path} is the checkpoint of another solve ({why}); remove it or choose another file")]
    Mismatch {
        /// The file.
        path: PathBuf,
        /// What differs.
        why: String,
    },
}

/// The identity of one solve: a checkpoint resumes only the solve it was written by.
pub(super) struct Identity {
    pub position: String,
    pub heuristic: String,
    pub tasks: usize,
    pub fingerprint: String,
}

impl Identity {
    /// The identity of solving `cube` with `heuristic` over `prefixes` (the task list).
    pub fn new<'a>(
        cube: &Cube,
        heuristic: &str,
        prefixes: impl Iterator<Item = &'a [Move]>,
    ) -> Identity {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        let mut tasks = 0;
        for p in prefixes {
            let bytes: Vec<u8> = p.iter().map(|m| m.index() as u8).collect();
            h.update(&[bytes.len() as u8]);
            h.update(&bytes);
            tasks += 1;
        }
        Identity {
            position: cube.to_facelets(),
            heuristic: heuristic.to_string(),
            tasks,
            fingerprint: format!("{:016x}", h.digest()),
        }
    }

    /// Read `path` if it exists: `None` if it does not, the saved state if it belongs to
    /// this solve, an error otherwise.
    pub fn load(&self, path: &Path, cube: &Cube) -> Result<Option<Saved>, CheckpointError> {
        let text = match std::fs::read(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(CheckpointError::Io {
                    path: path.to_path_buf(),
                    source,
                })
            }
        };
        self.check(path, &text, cube).map(Some)
    }

    /// The saved state in `text` (the contents of `path`), if it belongs to this solve.
    pub fn check(&self, path: &Path, text: &[u8], cube: &Cube) -> Result<Saved, CheckpointError> {
        let unreadable = |why: String| CheckpointError::Unreadable {
            path: path.to_path_buf(),
            why,
        };
        let saved: Saved = serde_json::from_slice(text).map_err(|e| unreadable(e.to_string()))?;
        if saved.korf_checkpoint != VERSION {
            return Err(unreadable(format!(
                "version {}, this korf writes {VERSION}",
                saved.korf_checkpoint
            )));
        }
        let mismatch = |why: String| CheckpointError::Mismatch {
            path: path.to_path_buf(),
            why,
        };
        if saved.position != self.position {
            return Err(mismatch(format!("position {}", saved.position)));
        }
        if saved.heuristic != self.heuristic {
            return Err(mismatch(format!("--heuristic {}", saved.heuristic)));
        }
        if saved.tasks != self.tasks || saved.fingerprint != self.fingerprint {
            return Err(mismatch(
                "its task list differs: the tables, or how korf splits a search into tasks, changed since it was written".into(),
            ));
        }
        // Ranges inside the task list, ascending.
        let mut last = None;
        for &[a, b] in &saved.finished {
            if a > b || b >= self.tasks || last.is_some_and(|l| a <= l) {
                return Err(unreadable(format!("bad task range [{a}, {b}]")));
            }
            last = Some(b);
        }
        for (what, moves) in [("best", &saved.best), ("solution", &saved.solution)] {
            if let Some(m) = moves {
                let ok = parse_moves(m).is_ok_and(|s| cube.apply_moves(&s).is_solved());
                if !ok {
                    return Err(unreadable(format!(
                        "its {what} `{m}` does not solve the position"
                    )));
                }
            }
        }
        Ok(saved)
    }

    /// The state to save: searching `bound`, with `finished` (one bit per task) done.
    pub fn state(
        &self,
        bound: u8,
        finished: impl Fn(usize) -> bool,
        best: Option<&[Move]>,
        solution: Option<&[Move]>,
    ) -> Saved {
        let mut ranges: Vec<[usize; 2]> = Vec::new();
        for i in (0..self.tasks).filter(|&i| finished(i)) {
            match ranges.last_mut() {
                Some(r) if r[1] + 1 == i => r[1] = i,
                _ => ranges.push([i, i]),
            }
        }
        Saved {
            korf_checkpoint: VERSION,
            position: self.position.clone(),
            heuristic: self.heuristic.clone(),
            tasks: self.tasks,
            fingerprint: self.fingerprint.clone(),
            bound,
            finished: ranges,
            best: best.map(format_moves),
            solution: solution.map(format_moves),
        }
    }
}

impl Saved {
    /// Whether task `i` is among the finished ones.
    pub(crate) fn is_finished(&self, i: usize) -> bool {
        self.finished.iter().any(|&[a, b]| a <= i && i <= b)
    }

    /// Write to `path` atomically: a temporary file beside it, flushed, renamed over it.
    pub fn save(&self, path: &Path) -> Result<(), CheckpointError> {
        use std::io::Write;
        let io = |source| CheckpointError::Io {
            path: path.to_path_buf(),
            source,
        };
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let result = (|| {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(&serde_json::to_vec_pretty(self).expect("serializable"))?;
            f.write_all(b"\n")?;
            f.sync_all()?;
            std::fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(io)
    }

    /// The moves of `solution` or `best`.
    pub fn moves(text: &Option<String>) -> Option<Vec<Move>> {
        text.as_deref().and_then(|m| parse_moves(m).ok())
    }
}

/// The fuzz target's solve: `R U F` with the coset heuristic over 100 tasks.
fn fuzz_identity() -> (Identity, Cube) {
    let cube = Cube::from_moves(&parse_moves("R U F").expect("moves"));
    let prefixes: Vec<Vec<Move>> = (0..100).map(|i| vec![Move::from_index(i % 18)]).collect();
    (
        Identity::new(&cube, "coset", prefixes.iter().map(Vec::as_slice)),
        cube,
    )
}

/// Read untrusted checkpoint bytes as a resumed solve would (the `checkpoint` fuzz
/// target): accepted, or refused with a message.  Not part of the API.
#[doc(hidden)]
pub fn fuzz_read(bytes: &[u8]) -> Result<(), String> {
    let (identity, cube) = fuzz_identity();
    let saved = identity
        .check(Path::new("fuzz.json"), bytes, &cube)
        .map_err(|e| e.to_string())?;
    // What the search then asks of it.
    let _ = (0..identity.tasks)
        .filter(|&i| saved.is_finished(i))
        .count();
    let _ = Saved::moves(&saved.best);
    Ok(())
}

/// A checkpoint [`fuzz_read`] accepts, to start the fuzzer's corpus from.
#[doc(hidden)]
pub fn fuzz_seed() -> Vec<u8> {
    let (identity, _) = fuzz_identity();
    let best = parse_moves("F' U' R'").expect("moves");
    let saved = identity.state(2, |i| i % 3 != 1, Some(&best), None);
    serde_json::to_vec_pretty(&saved).expect("serializable")
}
