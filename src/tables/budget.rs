//! How much memory and disk a table build may use, and the fastest set of tables that fits
//! (`korf tables generate --memory SIZE|auto`).  This layer knows no family: it reads each
//! table's [`Descriptor`](super::Descriptor) through the catalogue.

use super::TableKind;
use crate::units::parse_size;
use std::path::Path;

/// Memory and disk space a table build may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes of memory a generation may hold at its peak.
    pub memory: u64,
    /// Bytes of disk the new files (and their checkpoints) may take; `None`: not checked.
    pub disk: Option<u64>,
}

/// Memory left to the rest of the machine by `--memory auto`: a fifth of what is
/// available, and at least 1 GB.
const MEMORY_HEADROOM_MIN: u64 = 1_000_000_000;
/// Disk left free by `--memory auto`.
const DISK_HEADROOM: u64 = 2_000_000_000;

/// Environment variable that overrides the memory `--memory auto` sees as available (a
/// size such as `6G`): for containers whose `/proc/meminfo` shows the host's memory.
pub const MEMORY_OVERRIDE_VAR: &str = "KORF_AVAILABLE_MEMORY";
/// The same for the free disk space of the tables directory.
pub const DISK_OVERRIDE_VAR: &str = "KORF_AVAILABLE_DISK";

/// A size from environment variable `var`, if set.
fn size_from_env(var: &str) -> std::io::Result<Option<u64>> {
    match std::env::var(var) {
        Ok(text) => parse_size(&text).map(Some).ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{var}={text}: not a size; write it like 8G or 500M"),
            )
        }),
        Err(_) => Ok(None),
    }
}

impl Budget {
    /// What this machine can give a build now, leaving headroom: the available memory
    /// (`MemAvailable`, capped by a cgroup limit, or `$KORF_AVAILABLE_MEMORY`) less a fifth
    /// (at least 1 GB), and the free space of the file system holding `dir` (or
    /// `$KORF_AVAILABLE_DISK`) less 2 GB.
    pub fn available(dir: &Path) -> std::io::Result<Budget> {
        let memory = match size_from_env(MEMORY_OVERRIDE_VAR)? {
            Some(m) => m,
            None => available_memory()?,
        };
        let headroom = (memory / 5).max(MEMORY_HEADROOM_MIN);
        let disk = match size_from_env(DISK_OVERRIDE_VAR)? {
            Some(d) => d,
            None => crate::tables::budget::available_space(existing_ancestor(dir))?,
        };
        Ok(Budget {
            memory: memory.saturating_sub(headroom),
            disk: Some(disk.saturating_sub(DISK_HEADROOM)),
        })
    }

    /// Whether `kind` can be built within this budget, given the files already in `dir`:
    /// its generation peak fits in memory and its file, with the checkpoint an
    /// interrupted build keeps, fits on disk.
    pub fn fits(&self, kind: TableKind) -> bool {
        kind.generation_peak() <= self.memory
            && self
                .disk
                .is_none_or(|d| kind.file_size() + kind.working_len() <= d)
    }
}

impl TableKind {
    /// The tables that give the fastest search within `budget`: those built by default
    /// and the largest coset table that fits (files already in `dir` cost nothing).
    /// `None` when not even the smallest coset table fits.
    pub fn fastest_set_within(budget: Budget, dir: &Path) -> Option<Vec<TableKind>> {
        let present = |k: TableKind| dir.join(k.file_name()).exists();
        let mut left = budget;
        let mut set = Vec::new();
        for k in TableKind::default_builds(None) {
            if !present(k) {
                if !left.fits(k) {
                    return None;
                }
                left.disk = left.disk.map(|d| d - k.file_size());
            }
            set.push(k);
        }
        let large = Self::coset_tables()
            .into_iter()
            .filter(|k| !set.contains(k))
            .find(|&k| present(k) || left.fits(k));
        set.extend(large);
        Some(set)
    }
}

/// The smallest ancestor of `dir` that exists (the tables directory may not exist yet).
fn existing_ancestor(dir: &Path) -> &Path {
    let mut d = dir;
    loop {
        if d.exists() {
            return d;
        }
        match d.parent() {
            Some(p) if !p.as_os_str().is_empty() => d = p,
            _ => return Path::new("."),
        }
    }
}

/// Available memory: `MemAvailable` from `/proc/meminfo`, capped by the cgroup (v2)
/// limit when one is set.
fn available_memory() -> std::io::Result<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo")?;
    let available = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map(|kb| kb * 1024)
        .ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "no MemAvailable line in /proc/meminfo",
            )
        })?;
    let limit = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|t| t.trim().parse::<u64>().ok());
    let used = std::fs::read_to_string("/sys/fs/cgroup/memory.current")
        .ok()
        .and_then(|t| t.trim().parse::<u64>().ok())
        .unwrap_or(0);
    Ok(match limit {
        Some(l) => available.min(l.saturating_sub(used)),
        None => available,
    })
}

/// Free space on the file system holding `dir`.  In a browser (WebAssembly) there is no
/// file system: an error, which callers read as "unknown".
pub(crate) fn available_space(dir: &Path) -> std::io::Result<u64> {
    #[cfg(not(target_family = "wasm"))]
    return fs4::available_space(dir);
    #[cfg(target_family = "wasm")]
    {
        let _ = dir;
        Err(std::io::ErrorKind::Unsupported.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty_dir() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn the_fastest_set_grows_with_memory() {
        let dir = empty_dir();
        let large = |memory: u64| {
            let set = TableKind::fastest_set_within(Budget { memory, disk: None }, dir.path())
                .expect("the default set fits");
            for k in TableKind::default_builds(None) {
                assert!(set.contains(&k), "{} missing at {memory}", k.name());
            }
            set.into_iter().find(|k| !k.descriptor().default_build)
        };
        // A gigabyte builds layerflips (352 MB to build; faster than the parity-split coset
        // tables that fit), 600 MB the same, 300 MB the largest parity-split table that fits.
        assert_eq!(large(1_000_000_000), Some(TableKind::LayerFlips));
        assert_eq!(large(600_000_000), Some(TableKind::LayerFlips));
        assert_eq!(large(300_000_000), Some(TableKind::CosetFp));
        // Each coset table of the registry, given just the memory its build needs: the
        // fastest table whose build fits that (itself, or a faster one that needs less).
        let by_size = TableKind::coset_tables();
        let large_tables = || by_size.iter().filter(|k| !k.descriptor().default_build);
        // (At least what the default set needs: the smaller parity tables need less.)
        let floor = TableKind::default_builds(None)
            .iter()
            .map(|k| k.generation_peak())
            .max()
            .unwrap_or(0);
        for &k in large_tables() {
            let memory = k.generation_peak().max(floor);
            let fastest = large_tables()
                .find(|t| t.generation_peak() <= memory)
                .copied();
            assert_eq!(large(memory), fastest, "{}", k.name());
            assert!(fastest.is_some_and(|f| f == k || f.generation_peak() < memory));
        }
        // flipslice, built in its 2-bit lines since 2026-12-01, needs less than coset4
        // and is faster: coset4's memory builds flipslice.
        assert_eq!(
            large(TableKind::Coset4.generation_peak()),
            Some(TableKind::FlipSlice)
        );
        // The largest, given all the memory it could want.
        assert_eq!(large(u64::MAX / 2), Some(by_size[0]));
        // Too little memory for even the default set.
        assert_eq!(
            TableKind::fastest_set_within(
                Budget {
                    memory: 1_000_000,
                    disk: None
                },
                dir.path()
            ),
            None
        );
    }

    #[test]
    fn disk_space_limits_the_choice_too() {
        let dir = empty_dir();
        let defaults: u64 = TableKind::default_builds(None)
            .iter()
            .map(|k| k.file_size())
            .sum();
        let set = TableKind::fastest_set_within(
            Budget {
                memory: 16_000_000_000,
                disk: Some(defaults + 5_000_000_000),
            },
            dir.path(),
        )
        .unwrap();
        // coset4 (1.3 GiB and its 2.8 GB working checkpoint) fits in 5 GB; flipslice (2.4 GiB
        // twice) and sliceperm do not.
        assert!(set.contains(&TableKind::Coset4), "{set:?}");
        assert!(!set.contains(&TableKind::SlicePerm) && !set.contains(&TableKind::FlipSlice));
    }

    #[test]
    fn a_present_table_costs_nothing() {
        let dir = empty_dir();
        std::fs::write(dir.path().join(TableKind::FlipSlice.file_name()), b"x").unwrap();
        let set = TableKind::fastest_set_within(
            Budget {
                memory: 500_000_000,
                disk: Some(1_000_000_000),
            },
            dir.path(),
        )
        .unwrap();
        assert!(set.contains(&TableKind::FlipSlice), "{set:?}");
    }

    #[test]
    fn the_machine_has_a_budget() {
        let b = Budget::available(Path::new("no/such/dir/yet")).unwrap();
        assert!(b.memory > 0 && b.disk.is_some());
    }
}
