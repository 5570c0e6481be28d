//! The heuristic: which tables a search takes the maximum over ([`HeuristicKind`], listed
//! by the registry, `crate::tables::registry`), those tables loaded ([`TableSet`]), and
//! their probe borrowed for the search ([`Heuristic`]: the probe type its registry line
//! names, put together from the tables).  The search reads it through
//! [`Heuristic::visit`] (its walks, one per shape of probe: `crate::tables::probe`) and the
//! values below, and names no family.

use crate::cube::Cube;
use crate::tables::korf::KorfProbe;
use crate::tables::probe::{LoadedTable, Probe, ProbeVisitor};
use crate::tables::registry::Probes;
use crate::tables::HeuristicKind;
use crate::tables::{Integrity, Residency, Table, TableError, TableKind, Walk, DEFAULT_SET};
use std::path::Path;

/// The tables the optimal search uses, loaded.
pub struct TableSet {
    /// The heuristic these tables were loaded for.
    kind: HeuristicKind,
    /// Its tables, in the order of [`HeuristicKind::tables`] (the corners first).
    tables: Vec<(TableKind, Table)>,
}

impl TableSet {
    /// Load Korf's four tables from `dir`, held as [`Residency::default`] says.
    pub fn open(dir: &Path) -> Result<TableSet, TableError> {
        Self::open_with(dir, Residency::default())
    }

    /// Load Korf's four tables from `dir`, held as `residency` says.
    pub fn open_with(dir: &Path, residency: Residency) -> Result<TableSet, TableError> {
        Self::open_for(dir, residency, HeuristicKind::Korf)
    }

    /// Load the tables of heuristic `kind` from `dir`, held as `residency` says, each
    /// checked against its checksum ([`Integrity::Check`]).
    pub fn open_for(
        dir: &Path,
        residency: Residency,
        kind: HeuristicKind,
    ) -> Result<TableSet, TableError> {
        Self::open_checked(dir, residency, kind, Integrity::Check)
    }

    /// Load the tables of heuristic `kind` from `dir`, held as `residency` says and
    /// checked as `integrity` says ([`Table::load`]).
    pub(crate) fn open_checked(
        dir: &Path,
        residency: Residency,
        kind: HeuristicKind,
        integrity: Integrity,
    ) -> Result<TableSet, TableError> {
        let mut tables = Vec::new();
        for &table in kind.tables() {
            tables.push((table, Table::load(table, dir, residency, integrity)?));
        }
        for &table in kind.tables() {
            (table.descriptor().prepare)();
        }
        Ok(TableSet { kind, tables })
    }

    /// The tables of heuristic `kind` from loaded tables (in any order; those it does not
    /// use are dropped), such as tables held in memory ([`Table::from_image`]).  Fails
    /// naming a table `kind` needs that is not among them.
    pub fn from_tables(kind: HeuristicKind, tables: Vec<Table>) -> Result<TableSet, TableError> {
        let mut tables: Vec<Option<Table>> = tables.into_iter().map(Some).collect();
        let mut set = Vec::new();
        for &table in kind.tables() {
            let found = tables
                .iter_mut()
                .find(|t| t.as_ref().is_some_and(|t| t.kind() == table))
                .and_then(Option::take)
                .ok_or_else(|| TableError::NotLoaded {
                    name: table.descriptor().name,
                    heuristic: kind.name(),
                })?;
            set.push((table, found));
        }
        for &table in kind.tables() {
            (table.descriptor().prepare)();
        }
        Ok(TableSet { kind, tables: set })
    }

    /// The heuristic these tables make.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// The loaded table of `kind`, if this set holds it.
    pub fn table(&self, kind: TableKind) -> Option<&Table> {
        self.tables.iter().find(|(k, _)| *k == kind).map(|(_, t)| t)
    }

    /// Every loaded table is checked ([`Table::checked`]): what the search proves with
    /// them is proven.
    pub fn checked(&self) -> bool {
        self.tables.iter().all(|(_, t)| t.checked())
    }

    /// Whether some loaded table sits in 1 GiB pages ([`Table::in_gigantic_pages`]).
    pub fn in_gigantic_pages(&self) -> bool {
        self.tables.iter().any(|(_, t)| t.in_gigantic_pages())
    }

    /// The tables whose files are missing from `dir`.
    pub fn missing(dir: &Path) -> Vec<TableKind> {
        DEFAULT_SET
            .into_iter()
            .filter(|k| !dir.join(k.file_name()).exists())
            .collect()
    }
}

/// The maximum-of-tables heuristic, borrowing the mapped payloads.
#[derive(Clone, Copy)]
pub struct Heuristic<'a> {
    /// Which heuristic this is: the search picks its walk by it.
    kind: HeuristicKind,
    /// Its tables put together, as its family's probe type.
    probe: Probes<'a>,
}

impl<'a> Heuristic<'a> {
    /// Borrow the tables of a loaded set.
    pub fn new(set: &'a TableSet) -> Self {
        let tables: Vec<LoadedTable<'a>> = set
            .tables
            .iter()
            .map(|(k, t)| LoadedTable {
                descriptor: k.descriptor(),
                payload: t.payload(),
                base: t.base(),
            })
            .collect();
        Heuristic {
            kind: set.kind,
            probe: Probes::load(set.kind, &tables),
        }
    }

    /// Korf's tables in slice turns (or any three of Korf's tables): the heuristic of the
    /// held search in that metric.
    pub(crate) fn of_korf_tables(corners: &'a [u8], edges7: &'a [u8], edgeperm: &'a [u8]) -> Self {
        Heuristic {
            kind: HeuristicKind::Korf,
            probe: Probes::Korf(KorfProbe {
                corners,
                edges7,
                edgeperm,
            }),
        }
    }

    /// Hand the heuristic's probe to `visitor` as its own type: the walk of its shape is
    /// compiled for it (no dispatch per node).
    #[inline]
    pub(crate) fn visit<V: ProbeVisitor<'a>>(&self, visitor: V) -> V::Out {
        self.probe.hand_to(visitor)
    }

    /// The exact depths of `state` and of its inverse, when an exact-depth table takes
    /// part (a descent each: once per task, not per node).
    pub(crate) fn exact_depths(&self, state: &Cube) -> Option<[u8; 2]> {
        self.probe.exact_depths(state)
    }

    /// Whether an exact-depth table takes part ([`Heuristic::exact_depths`]).
    pub(crate) fn has_exact_depths(&self) -> bool {
        matches!(self.walk(), Walk::Exact | Walk::AxisAndExact)
    }

    /// Which heuristic this is.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// How the search reads these tables.
    pub(crate) fn walk(&self) -> Walk {
        self.kind.spec().walk
    }

    /// The full heuristic value (maximum over all tables, each on every side the search
    /// reads it on).
    pub fn value(&self, s: &Cube) -> u8 {
        self.probe.value(s)
    }

    /// `true` if some table proves more than `budget` moves are needed.  Stops at the
    /// first table that does.
    #[inline(always)]
    pub fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.probe.exceeds(s, budget)
    }

    /// `true` if some table, read on `s` alone, proves more than `budget` moves are
    /// needed (the walk under move rules reads both sides itself).  Stops at the first
    /// table that does.
    #[inline(always)]
    pub(crate) fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        self.probe.exceeds_on(s, budget)
    }

    /// A task's value, with the larger of its exact depths already known (0 without an
    /// exact-depth table), and its three-axis table's values on each axis (`[0; 3]` when
    /// no such table takes part), which the task's root starts from at every bound.
    pub(crate) fn task_values(&self, s: &Cube, exact: u8) -> (u8, [u8; 3]) {
        self.probe.task_values(s, exact)
    }

    /// [`Heuristic::task_values`] of each of `states` (without exact depths), into
    /// `out`: with large tables, the lines of all of them are asked for before any is
    /// read, so that their misses overlap.
    pub(crate) fn task_values_of(&self, states: &[Cube], out: &mut Vec<(u8, [u8; 3])>) {
        self.probe.task_values_of(states, out)
    }
}
