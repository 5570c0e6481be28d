//! Writing a table: generation with checkpoints, then an atomic write of the file.

use super::format::{self, Header, TableError};
use super::generate;
use super::packed;
use super::{Progress, TableKind};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

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
    let checkpoint = generate::Checkpoint {
        path: &checkpoint_path,
        name: kind.name(),
        min_depth_time: checkpoint_interval(kind),
        within_depth_time: within_depth_interval(kind),
    };
    let g = kind
        .generate(progress, Some(&checkpoint))
        .map_err(|e| format::io_error(&checkpoint_path, e))?;
    let d = kind.descriptor();
    let expanded = kind.states_per_entry().map(|_| g.weighted);
    if let generate::Layout::Lines { base } = g.layout {
        let derived = kind.descriptor().base_for(&g.histogram);
        if derived != base {
            return Err(TableError::Corrupt {
                path: path.clone(),
                what: format!(
                    "generated with base {base} but its distribution gives base {derived}; \
                     the table's expected distribution is out of date"
                ),
            });
        }
    }
    let payload = if g.layout != generate::Layout::Nibbles {
        g.payload
    } else if d.bits == 2 {
        let base = packed::choose_base(&g.histogram);
        let nibbles = g.payload;
        packed::pack(d.entries, base, |i| {
            (nibbles[(i >> 1) as usize] >> ((i & 1) * 4)) & 15
        })
    } else {
        g.payload
    };
    let header = Header {
        mod3: d.mod3,
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
    format::write_atomic(&path, &header, &payload).map_err(|e| format::io_error(&path, e))?;
    let _ = std::fs::remove_file(&checkpoint_path);
    Ok(header)
}

/// How long a depth runs before a checkpoint is saved in the middle of it:
/// `$KORF_CHECKPOINT_WITHIN_SECS` if set, else ten times [`checkpoint_interval`] (a save of
/// the 10 GB full-edge working table costs about 100 s; every 17 minutes keeps that under
/// 10 %).
fn within_depth_interval(kind: TableKind) -> std::time::Duration {
    match std::env::var("KORF_CHECKPOINT_WITHIN_SECS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
    {
        Some(secs) => std::time::Duration::from_secs_f64(secs),
        None => checkpoint_interval(kind) * 10,
    }
}

/// How long a depth must take before a checkpoint follows it: `$KORF_CHECKPOINT_SECS` if
/// set (0 saves after every depth), else one second plus a second per 100 MB of working
/// table (about what writing the checkpoint costs).
fn checkpoint_interval(kind: TableKind) -> std::time::Duration {
    let secs = std::env::var("KORF_CHECKPOINT_SECS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(1.0 + kind.working_len() as f64 / 100e6);
    std::time::Duration::from_secs_f64(secs)
}
