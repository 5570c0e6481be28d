//! Shared by the integration tests that need the full default tables: they are generated
//! once (about a minute and a half on 2 cores) into cargo's test scratch directory and
//! reused by later runs while they stay valid.

#![allow(dead_code)]

use korf::tables::{self, Table, TableSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Directory holding a complete, valid default table set.
pub fn tables_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = match std::env::var_os("KORF_TEST_TABLES") {
            Some(d) => PathBuf::from(d),
            None => PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables"),
        };
        for kind in tables::DEFAULT_SET {
            if Table::open(kind, &dir, false).is_err() {
                eprintln!("generating test table {} in {}", kind.name(), dir.display());
                tables::build_file(kind, &dir, &|_| {}).expect("table generation");
            }
        }
        dir
    })
}

/// The loaded default set.
pub fn table_set() -> &'static TableSet {
    static SET: OnceLock<TableSet> = OnceLock::new();
    SET.get_or_init(|| TableSet::open(tables_dir()).expect("tables load"))
}
