//! Choosing a heuristic: the registry's heuristics by name and by speed, the rule that
//! picks one for a tables directory ([`HeuristicKind::preferred`]), and the page's list
//! ([`HeuristicKind::IN_A_BROWSER`]).  The rules name heuristics of the families; the
//! search, which runs whichever is chosen, names none of them here.

use super::{HeuristicKind, Measured, TableKind, DEFAULT_SET};
use crate::cube::Metric;
use std::path::Path;

impl HeuristicKind {
    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Look a heuristic up by its command-line name.
    pub fn from_name(name: &str) -> Option<HeuristicKind> {
        Self::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The face-turn heuristics offered by `tables list` and the faster-table hints,
    /// fastest first (as measured: the families' speed ranks).
    pub fn fastest_first() -> Vec<HeuristicKind> {
        Self::fastest_first_in(Metric::Htm)
    }

    /// The heuristics offered for searches in `metric`, fastest first.
    pub fn fastest_first_in(metric: Metric) -> Vec<HeuristicKind> {
        let mut ranked: Vec<HeuristicKind> = Self::ALL
            .iter()
            .copied()
            .filter(|k| k.spec().speed_rank.is_some() && k.spec().metric == metric.of_face_turns())
            .collect();
        ranked.sort_by_key(|k| k.spec().speed_rank);
        ranked
    }

    /// The heuristic a first solve builds (no tables yet) and the smallest offered: the
    /// corner-parity coset table with the edge-slices table (58 MiB, built in about 15 s).
    pub const FIRST_SOLVE: HeuristicKind = HeuristicKind::CosetCp;

    /// The heuristics a browser tab offers, the first whose tables are all loaded taking a
    /// solve: the corners with the k = 4 coset table (1.3 GiB, only fetched, where a host
    /// publishes it beside the page), then the heuristic a first solve builds (the
    /// corner-parity coset table and the edge-slices table: 58 MiB in all, built in the
    /// browser in about half a minute).
    pub const IN_A_BROWSER: [HeuristicKind; 2] = [HeuristicKind::Coset4, Self::FIRST_SOLVE];

    /// The heuristics `--heuristic` lists, in its help's order: the offered ones fastest
    /// first (face turns, then quarter turns), then the others listed.
    pub fn listed() -> Vec<HeuristicKind> {
        let mut listed = Self::fastest_first();
        listed.extend(Self::fastest_first_in(Metric::Qtm));
        let others: Vec<HeuristicKind> = Self::ALL
            .iter()
            .copied()
            .filter(|k| k.spec().listed && !listed.contains(k))
            .collect();
        listed.extend(others);
        listed
    }

    /// The heuristic a face-turn search uses when none is asked for, given which table
    /// files are present: the fastest offered heuristic whose own table is there, else the
    /// corner-parity coset table's (small and quick to build), unless an older tables
    /// directory holds Korf's three tables or the k = 0 coset table without it (those are
    /// used as they are; `korf tables generate` adds the newer table).  This is the one
    /// place that rule is written.
    pub fn preferred(present: impl Fn(TableKind) -> bool) -> HeuristicKind {
        if let Some(kind) = Self::fastest_present(Metric::Htm, &present) {
            return kind;
        }
        if present(TableKind::Coset) {
            HeuristicKind::Coset
        } else if DEFAULT_SET.iter().all(|&k| present(k)) {
            HeuristicKind::Korf
        } else {
            Self::FIRST_SOLVE
        }
    }

    /// The heuristic a quarter-turn search uses when none is asked for: the fastest
    /// quarter-turn three-axis table that is there, else the k = 0 quarter-turn tables
    /// (small, built on first use).
    pub fn preferred_qtm(present: impl Fn(TableKind) -> bool) -> HeuristicKind {
        Self::fastest_present(Metric::Qtm, &present).unwrap_or(HeuristicKind::CosetQtm)
    }

    /// The fastest heuristic offered for `metric` whose own table is present.
    fn fastest_present(
        metric: Metric,
        present: &impl Fn(TableKind) -> bool,
    ) -> Option<HeuristicKind> {
        let own_table = |k: HeuristicKind| *k.tables().last().expect("a heuristic has tables");
        Self::fastest_first_in(metric)
            .into_iter()
            .filter(|k| k.spec().auto)
            .find(|&k| present(own_table(k)))
    }

    /// What this heuristic was measured to take on the development machines (2 cores; the
    /// CPU varies by day; the runs, with their commands, are in `lab/`).
    /// Written in the family's folder; `korf tables list` shows them.
    pub fn measured(self) -> Measured {
        self.spec().measured
    }

    /// [`HeuristicKind::preferred`] for the table files in `dir`.
    pub fn preferred_in(dir: &Path) -> HeuristicKind {
        // Something at the path counts, even if it cannot be read (a dangling link, a
        // loop, no permission): loading it then says what is wrong, rather than another
        // heuristic being chosen without a word.
        Self::preferred(|k| std::fs::symlink_metadata(dir.join(k.file_name())).is_ok())
    }

    /// [`HeuristicKind::preferred_qtm`] for the table files in `dir`.
    pub(crate) fn preferred_qtm_in(dir: &Path) -> HeuristicKind {
        Self::preferred_qtm(|k| std::fs::symlink_metadata(dir.join(k.file_name())).is_ok())
    }

    /// The table files this heuristic needs.
    pub fn tables(self) -> &'static [TableKind] {
        crate::tables::registry::tables_of(self)
    }
}
