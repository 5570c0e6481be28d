//! Shared by the integration tests that need the full default tables: they are generated
//! once (about a minute and a half on 2 cores) into cargo's test scratch directory and
//! reused by later runs while they stay valid.

#![allow(dead_code)]

use korf::tables::{self, Table, TableKind, TableSet};
use korf::twophase::TwoPhase;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn test_dir() -> PathBuf {
    match std::env::var_os("KORF_TEST_TABLES") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables"),
    }
}

/// Generate whichever of `kinds` are missing or invalid in `dir`.
fn ensure(dir: &Path, kinds: &[TableKind]) {
    for &kind in kinds {
        if Table::open(kind, dir, false).is_err() {
            eprintln!("generating test table {} in {}", kind.name(), dir.display());
            tables::build_file(kind, dir, &|_| {}).expect("table generation");
        }
    }
}

/// Directory holding a complete, valid default table set.
pub fn tables_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = test_dir();
        ensure(&dir, &tables::DEFAULT_SET);
        dir
    })
}

/// Directory holding valid two-phase tables (about 5 seconds to build).
pub fn twophase_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = test_dir();
        ensure(&dir, &tables::TWOPHASE_SET);
        dir
    })
}

/// The loaded two-phase solver.
pub fn twophase() -> &'static TwoPhase {
    static TP: OnceLock<TwoPhase> = OnceLock::new();
    TP.get_or_init(|| TwoPhase::open(twophase_dir()).expect("two-phase tables load"))
}

/// The loaded default set.
pub fn table_set() -> &'static TableSet {
    static SET: OnceLock<TableSet> = OnceLock::new();
    SET.get_or_init(|| TableSet::open(tables_dir()).expect("tables load"))
}

/// Open table `kind` from the test directory, generating it first if missing or invalid.
pub fn open_generated(kind: TableKind) -> Table {
    let dir = test_dir();
    ensure(&dir, &[kind]);
    Table::open(kind, &dir, true).expect("table loads")
}

/// The tables of heuristic `kind`, generated if needed and loaded (mapped in place).
pub fn table_set_for(kind: korf::tables::HeuristicKind) -> TableSet {
    let dir = test_dir();
    ensure(&dir, kind.tables());
    TableSet::open_for(&dir, korf::tables::Residency::Mapped, kind).expect("tables load")
}
