//! Writing a table: generation with checkpoints, then an atomic write of the file.

use super::format::{self, Header, TableError};
use super::generate;
use super::packed;
use super::{Progress, TableKind};
use std::path::{Path, PathBuf};
use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// The tables directory: `--dir`/`--tables` if given, else `$KORF_TABLES`, else `tables`.
pub fn resolve_dir(explicit: Option<&Path>) -> PathBuf {
    if let Some(p) = explicit {
        return p.to_path_buf();
    }
    match std::env::var_os("KORF_TABLES") {
        Some(v) if !v.is_empty() => PathBuf::from(v),
        _ => PathBuf::from("tables"),
    }
}

/// Generate `kind` and write it atomically to `dir`.  Returns the header written.
///
/// Generation saves a checkpoint beside the table after every depth that took longer than
/// writing the checkpoint would (one second plus a second per 100 MB of working table), and
/// continues from it when run again: a killed run loses at most about two depths' work.
pub fn build_file(
    kind: TableKind,
    dir: &Path,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Header, TableError> {
    let path = dir.join(kind.file_name());
    let start = Instant::now();
    let checkpoint_path = kind.checkpoint_path(dir);
    let room = check_destination(kind, dir)?;
    // Without room for a second checkpoint, one left by a killed run is still continued
    // from, but no new one is written.
    let never = std::time::Duration::MAX;
    let checkpoint = generate::Checkpoint {
        path: &checkpoint_path,
        name: kind.name(),
        min_depth_time: match room {
            Room::WithCheckpoints => checkpoint_interval(kind),
            Room::TableOnly => never,
        },
        within_depth_time: match room {
            Room::WithCheckpoints => within_depth_interval(kind),
            Room::TableOnly => never,
        },
    };
    let (header, payload) = generate_table(kind, start, progress, Some(&checkpoint), &path)?;
    format::write_atomic(&path, &header, &payload)
        .map_err(|e| format::write_error(&path, e, kind.file_size()))?;
    let _ = std::fs::remove_file(&checkpoint_path);
    Ok(header)
}

/// Generate `kind` in memory, with nothing written anywhere: the table's file as bytes
/// (header and payload), for [`Table::from_image`](super::Table::from_image).  For a
/// program with no file system (korf in a browser) or one that keeps tables elsewhere.
pub fn build_image(
    kind: TableKind,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Vec<u8>, TableError> {
    let path = PathBuf::from(kind.file_name());
    let (header, payload) = generate_table(kind, Instant::now(), progress, None, &path)?;
    let mut image = header.to_bytes();
    image.extend_from_slice(&payload);
    Ok(image)
}

/// Generate `kind` (continuing from `checkpoint`'s file if it has one, and saving there as
/// it goes) and pack its payload: the header and payload of its file.  `path` names the
/// table in errors.
fn generate_table(
    kind: TableKind,
    start: Instant,
    progress: &(dyn Fn(Progress) + Sync),
    checkpoint: Option<&generate::Checkpoint>,
    path: &Path,
) -> Result<(Header, Vec<u8>), TableError> {
    let g = kind.generate(progress, checkpoint).map_err(|e| {
        let at = checkpoint.map_or(path, |c| c.path);
        format::write_error(at, e, kind.working_len())
    })?;
    let d = kind.descriptor();
    let expanded = kind.states_per_entry().map(|_| g.weighted);
    // A base-and-fallback table's base, recorded in its header.
    let base = (d.bits == 2 && !d.mod3).then(|| d.base_for(&g.histogram));
    if let (generate::Layout::Lines { base: generated }, Some(derived)) = (g.layout, base) {
        if derived != generated {
            return Err(TableError::Corrupt {
                path: path.to_path_buf(),
                what: format!(
                    "generated with base {generated} but its distribution gives base \
                     {derived}; the table's expected distribution is out of date"
                ),
            });
        }
    }
    let payload = if g.layout != generate::Layout::Nibbles {
        g.payload
    } else if let Some(base) = base {
        let nibbles = g.payload;
        packed::pack(d.entries, base, |i| {
            (nibbles[(i >> 1) as usize] >> ((i & 1) * 4)) & 15
        })
    } else {
        g.payload
    };
    let header = Header {
        mod3: d.mod3,
        base,
        name: kind.name().to_string(),
        entries: d.entries,
        bits_per_entry: d.bits,
        max_depth: g.max_depth,
        payload_len: payload.len() as u64,
        checksum: format::checksum(&payload),
        created_unix: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0),
        generation_millis: start.elapsed().as_millis() as u64,
        histogram: g.histogram,
        expanded,
        partial: None,
    };
    Ok((header, payload))
}

/// How long a depth runs before a checkpoint is saved in the middle of it:
/// `$KORF_CHECKPOINT_WITHIN_SECS` if set, else ten times [`checkpoint_interval`] (a save of
/// the 10 GB full-edge working table costs about 100 s; every 17 minutes keeps that under
/// 10 %).
fn within_depth_interval(kind: TableKind) -> std::time::Duration {
    crate::limits::env_seconds(
        "KORF_CHECKPOINT_WITHIN_SECS",
        checkpoint_interval(kind) * 10,
        ENV_SECONDS_CAP,
    )
}

/// How long a depth must take before a checkpoint follows it: `$KORF_CHECKPOINT_SECS` if
/// set (0 saves after every depth), else one second plus a second per 100 MB of working
/// table (about what writing the checkpoint costs).
fn checkpoint_interval(kind: TableKind) -> std::time::Duration {
    let default = std::time::Duration::from_secs_f64(1.0 + kind.working_len() as f64 / 100e6);
    crate::limits::env_seconds("KORF_CHECKPOINT_SECS", default, ENV_SECONDS_CAP)
}

/// The longest interval the checkpoint variables set: a day (any more means never).
const ENV_SECONDS_CAP: std::time::Duration = std::time::Duration::from_secs(86_400);

/// What the disk has room for while a table is built ([`check_destination`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Room {
    /// The table and its checkpoints: a killed build continues where it stopped.
    WithCheckpoints,
    /// The table, but not a new checkpoint beside the last one: built without saving any.
    TableOnly,
}

/// The disk space a build of `kind` needs beyond what its files already hold:
/// `(with checkpoints, without)`, given `partial` bytes of a killed build's checkpoint.
///
/// Every file is written beside the one it replaces and renamed over it, so at its peak a
/// build holds the last checkpoint and the next one, or the last checkpoint and the new
/// table (a table it replaces, already on disk, stays until the rename).
pub(crate) fn space_needed(kind: TableKind, partial: u64) -> (u64, u64) {
    let working = format::HEADER_SIZE as u64 + kind.working_len();
    let file = kind.file_size();
    let with = (2 * working).max(working + file).saturating_sub(partial);
    (with, file)
}

/// Before any work: `dir` must be a writable directory with room for the table, and the
/// table's path must not be something else (a directory, say).  Says whether there is
/// room for checkpoints as well.
fn check_destination(kind: TableKind, dir: &Path) -> Result<Room, TableError> {
    let fail = |why: String| TableError::Destination {
        dir: dir.to_path_buf(),
        name: kind.name(),
        why,
    };
    let path = dir.join(kind.file_name());
    if let Ok(m) = std::fs::metadata(&path) {
        if !m.is_file() {
            return Err(fail(format!(
                "{} exists and is not a file; move it away or choose another directory with --dir",
                path.display()
            )));
        }
    }
    let checkpoint = kind.checkpoint_path(dir);
    let partial = std::fs::metadata(&checkpoint).map_or(0, |m| m.len());
    let (with, without) = space_needed(kind, partial);
    let Ok(free) = crate::tables::budget::available_space(dir) else {
        return Ok(Room::WithCheckpoints);
    };
    if free >= with {
        return Ok(Room::WithCheckpoints);
    }
    if free >= without {
        return Ok(Room::TableOnly);
    }
    let human = crate::units::human_bytes;
    let kept = if partial > 0 {
        format!(
            "; {} ({}) holds the progress of an earlier build: it is kept, and a retry with enough space continues from it (delete it to start over)",
            checkpoint.display(),
            human(partial)
        )
    } else {
        String::new()
    };
    Err(fail(format!(
        "it needs {} of free disk ({} to save checkpoints as it goes) and {} has {}{kept}; free some space or choose another directory with --dir",
        human(without),
        human(with),
        dir.display(),
        human(free)
    )))
}

/// An exclusive hold on a tables directory for building: two korf processes never build
/// into one directory at once.  Held until dropped (the lock file stays, empty).
#[derive(Debug)]
pub struct GenerationLock {
    _file: std::fs::File,
}

/// Name of the lock file in a tables directory.
const LOCK_FILE: &str = ".korf-generate.lock";

impl GenerationLock {
    /// Lock `dir` (created if needed) for building, waiting for another korf that holds
    /// it; `waiting` is called once if it must wait.  Fails at once, before any work, if
    /// `dir` cannot be created or written.  Leftover temporary files of dead processes are
    /// removed once the lock is held.
    pub fn acquire(dir: &Path, waiting: &dyn Fn()) -> Result<GenerationLock, TableError> {
        let unwritable = |e: std::io::Error| {
            TableError::Destination {
            dir: dir.to_path_buf(),
            name: "tables",
            why: format!(
                "the directory cannot be written ({e}); choose a writable one with --dir or $KORF_TABLES"
            ),
        }
        };
        if dir.exists() && !dir.is_dir() {
            return Err(TableError::Destination {
                dir: dir.to_path_buf(),
                name: "tables",
                why: "it is not a directory; give a directory with --dir or $KORF_TABLES".into(),
            });
        }
        std::fs::create_dir_all(dir).map_err(unwritable)?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(LOCK_FILE))
            .map_err(unwritable)?;
        lock_exclusive(&file, waiting).map_err(|e| format::io_error(&dir.join(LOCK_FILE), e))?;
        remove_stale_temporaries(dir);
        Ok(GenerationLock { _file: file })
    }
}

/// Lock `file` for this process alone, calling `waiting` first if another holds it.
/// Through fs4 (flock, LockFileEx), which the compilers Debian packages (1.85, the page's
/// build) have where std's `File::lock` (1.89) is missing.
#[cfg(not(target_family = "wasm"))]
fn lock_exclusive(file: &std::fs::File, waiting: &dyn Fn()) -> std::io::Result<()> {
    match fs4::FileExt::try_lock(file) {
        Ok(()) => Ok(()),
        Err(fs4::TryLockError::WouldBlock) => {
            waiting();
            fs4::FileExt::lock(file)
        }
        Err(fs4::TryLockError::Error(e)) => Err(e),
    }
}

/// In a browser no other process shares a directory (and there is no file system).
#[cfg(target_family = "wasm")]
fn lock_exclusive(_file: &std::fs::File, _waiting: &dyn Fn()) -> std::io::Result<()> {
    Ok(())
}

/// Remove `.NAME.PID.N.tmp` files in `dir` whose process is gone (a build or checkpoint
/// killed while writing).  Only on Linux, where a process's liveness is `/proc/PID`.
fn remove_stale_temporaries(dir: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(stem) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
            continue;
        };
        // `.<file>.<pid>.<n>.tmp`: the pid is the second-to-last field.
        let fields: Vec<&str> = stem.rsplitn(3, '.').collect();
        let (Some(n), Some(pid)) = (fields.first(), fields.get(1)) else {
            continue;
        };
        let (Ok(_), Ok(pid)) = (n.parse::<u64>(), pid.parse::<u32>()) else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}
