//! The heuristic: which tables a search takes the maximum over ([`HeuristicKind`]), those
//! tables loaded ([`TableSet`]), and their probes borrowed for the search
//! ([`Heuristic`]).

use crate::cube::coord;
use crate::cube::Cube;
use crate::tables::coset::{Coset4, CosetCoords};
use crate::tables::flipslice::FlipSlice;
use crate::tables::full_edge::FullEdge;
use crate::tables::korf::{edges7_b_state, Pattern, EDGES7_A};
use crate::tables::slicepair::SlicePair;
use crate::tables::sliceperm::SlicePerm;
use crate::tables::{Integrity, Residency, Table, TableError, TableKind, DEFAULT_SET};
use std::path::Path;

/// Which tables the optimal search's heuristic takes the maximum over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HeuristicKind {
    /// Korf's four: corners, both 7-edge groups, edge permutation.
    Korf,
    /// Corners and the coset table (probed on the position and its inverse).
    Coset,
    /// Corners and the k = 4 coset table (three axes, position and inverse).
    Coset4,
    /// Korf's tables and the k = 0 coset table.
    All,
    /// Corners and the full-edge table (position and inverse).
    FullEdge,
    /// The k = 4 coset table and the full-edge table (position and inverse).
    Coset4FullEdge,
    /// Corners and the flipslice coset table (three axes, position and inverse).
    FlipSlice,
    /// Corners and the sliceperm coset table (three axes, position and inverse).
    SlicePerm,
    /// Corners and the slicepair coset table (three axes, position and inverse).
    SlicePair,
}

impl HeuristicKind {
    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Korf => "korf",
            HeuristicKind::Coset => "coset",
            HeuristicKind::Coset4 => "coset4",
            HeuristicKind::All => "all",
            HeuristicKind::FullEdge => "full-edge",
            HeuristicKind::Coset4FullEdge => "coset4+full-edge",
            HeuristicKind::FlipSlice => "flipslice",
            HeuristicKind::SlicePerm => "sliceperm",
            HeuristicKind::SlicePair => "slicepair",
        }
    }

    /// Every heuristic, in the order `--heuristic` lists them.
    pub const ALL: [HeuristicKind; 9] = [
        HeuristicKind::Korf,
        HeuristicKind::Coset,
        HeuristicKind::Coset4,
        HeuristicKind::FlipSlice,
        HeuristicKind::SlicePerm,
        HeuristicKind::SlicePair,
        HeuristicKind::All,
        HeuristicKind::FullEdge,
        HeuristicKind::Coset4FullEdge,
    ];

    /// Look a heuristic up by its command-line name.
    pub fn from_name(name: &str) -> Option<HeuristicKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The heuristic a search uses when none is asked for, given which table files are
    /// present: the fastest coset table that is there (slicepair, sliceperm, flipslice,
    /// then k = 4), else the k = 0 coset table (small and quick to build), unless Korf's three
    /// tables are there without it.  This is the one place that rule is written.
    pub fn preferred(present: impl Fn(TableKind) -> bool) -> HeuristicKind {
        for (table, kind) in [
            (TableKind::SlicePair, HeuristicKind::SlicePair),
            (TableKind::SlicePerm, HeuristicKind::SlicePerm),
            (TableKind::FlipSlice, HeuristicKind::FlipSlice),
            (TableKind::Coset4, HeuristicKind::Coset4),
        ] {
            if present(table) {
                return kind;
            }
        }
        if DEFAULT_SET.iter().all(|&k| present(k)) && !present(TableKind::Coset) {
            HeuristicKind::Korf
        } else {
            HeuristicKind::Coset
        }
    }

    /// The heuristics `auto` chooses among, fastest first: the order of the catalogue.
    pub const FASTEST_FIRST: [HeuristicKind; 7] = [
        HeuristicKind::SlicePair,
        HeuristicKind::SlicePerm,
        HeuristicKind::FlipSlice,
        HeuristicKind::Coset4,
        HeuristicKind::Coset,
        HeuristicKind::FullEdge,
        HeuristicKind::Korf,
    ];

    /// What this heuristic was measured to take on the development machines (2 cores; the
    /// CPU varies by day; the runs, with their commands, are in `docs/benchmarks.md`).
    /// The one place these figures are written; `korf tables list` shows them.
    pub fn measured(self) -> Measured {
        let m = |seventeen, eighteen, threads, date| Measured {
            seventeen,
            eighteen,
            threads,
            date,
        };
        match self {
            HeuristicKind::SlicePerm => m(Some(1.34), Some(7.47), 1, "2026-11-24"),
            HeuristicKind::SlicePair => m(Some(0.48), Some(3.15), 1, "2026-11-26"),
            HeuristicKind::FlipSlice => m(Some(2.24), Some(11.2), 1, "2026-11-25"),
            HeuristicKind::Coset4 => m(Some(4.88), None, 1, "2026-11-25"),
            HeuristicKind::Coset => m(Some(123.0), None, 2, "2026-11-23"),
            HeuristicKind::FullEdge => m(Some(31.2), None, 2, "2026-11-23"),
            HeuristicKind::Coset4FullEdge => m(Some(7.85), None, 2, "2026-11-23"),
            HeuristicKind::Korf | HeuristicKind::All => m(None, None, 1, ""),
        }
    }

    /// [`HeuristicKind::preferred`] for the table files in `dir`.
    pub fn preferred_in(dir: &Path) -> HeuristicKind {
        // Something at the path counts, even if it cannot be read (a dangling link, a
        // loop, no permission): loading it then says what is wrong, rather than another
        // heuristic being chosen without a word.
        Self::preferred(|k| std::fs::symlink_metadata(dir.join(k.file_name())).is_ok())
    }

    /// The table files this heuristic needs.
    pub fn tables(self) -> &'static [TableKind] {
        match self {
            HeuristicKind::Korf => &DEFAULT_SET,
            HeuristicKind::Coset => &[TableKind::Corners, TableKind::Coset],
            HeuristicKind::Coset4 => &[TableKind::Corners, TableKind::Coset4],
            HeuristicKind::All => &[
                TableKind::Corners,
                TableKind::Edges7,
                TableKind::EdgePerm,
                TableKind::Coset,
            ],
            HeuristicKind::FullEdge => &[TableKind::Corners, TableKind::FullEdge],
            HeuristicKind::Coset4FullEdge => {
                &[TableKind::Corners, TableKind::Coset4, TableKind::FullEdge]
            }
            HeuristicKind::FlipSlice => &[TableKind::Corners, TableKind::FlipSlice],
            HeuristicKind::SlicePerm => &[TableKind::Corners, TableKind::SlicePerm],
            HeuristicKind::SlicePair => &[TableKind::Corners, TableKind::SlicePair],
        }
    }
}

/// Mean time per position of the published 17- and 18-move lists
/// (`../shared/data/scrambles/optimal-{17,18}.txt`), as measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// Mean seconds per 17-move position; `None`: not measured.
    pub seventeen: Option<f64>,
    /// Mean seconds per 18-move position; `None`: not measured.
    pub eighteen: Option<f64>,
    /// Threads of those runs.
    pub threads: u32,
    /// Date of the runs.
    pub date: &'static str,
}

/// The tables the optimal search uses, loaded.
pub struct TableSet {
    /// The heuristic these tables were loaded for.
    kind: HeuristicKind,
    /// The corner table (every heuristic uses it).
    pub corners: Table,
    /// Korf's edge tables (heuristics `korf` and `all`).
    pub edges7: Option<Table>,
    /// Korf's edge-permutation table (heuristics `korf` and `all`).
    pub edgeperm: Option<Table>,
    /// The coset table (heuristics `coset` and `all`).
    pub coset: Option<Table>,
    /// The k = 4 coset table (heuristic `coset4`).
    pub coset4: Option<Table>,
    /// The full-edge table (heuristic `full-edge`).
    pub full_edge: Option<Table>,
    /// The flipslice coset table (heuristic `flipslice`).
    pub flipslice: Option<Table>,
    /// The sliceperm coset table (heuristic `sliceperm`).
    pub sliceperm: Option<Table>,
    /// The slicepair coset table (heuristic `slicepair`).
    pub slicepair: Option<Table>,
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
    pub fn open_checked(
        dir: &Path,
        residency: Residency,
        kind: HeuristicKind,
        integrity: Integrity,
    ) -> Result<TableSet, TableError> {
        let load = |k: TableKind| -> Result<Option<Table>, TableError> {
            if !kind.tables().contains(&k) {
                return Ok(None);
            }
            Table::load(k, dir, residency, integrity).map(Some)
        };
        let set = TableSet {
            kind,
            corners: load(TableKind::Corners)?.expect("every heuristic uses the corners"),
            edges7: load(TableKind::Edges7)?,
            edgeperm: load(TableKind::EdgePerm)?,
            coset: load(TableKind::Coset)?,
            coset4: load(TableKind::Coset4)?,
            full_edge: load(TableKind::FullEdge)?,
            flipslice: load(TableKind::FlipSlice)?,
            sliceperm: load(TableKind::SlicePerm)?,
            slicepair: load(TableKind::SlicePair)?,
        };
        for &table in kind.tables() {
            (table.descriptor().prepare)();
        }
        Ok(set)
    }

    /// The heuristic these tables make.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// Every loaded table is checked ([`Table::checked`]): what the search proves with
    /// them is proven.
    pub fn checked(&self) -> bool {
        self.loaded().all(Table::checked)
    }

    /// Whether some loaded table sits in 1 GiB pages ([`Table::in_gigantic_pages`]).
    pub fn in_gigantic_pages(&self) -> bool {
        self.loaded().any(Table::in_gigantic_pages)
    }

    /// Every loaded table.
    fn loaded(&self) -> impl Iterator<Item = &Table> {
        [
            Some(&self.corners),
            self.edges7.as_ref(),
            self.edgeperm.as_ref(),
            self.coset.as_ref(),
            self.coset4.as_ref(),
            self.full_edge.as_ref(),
            self.flipslice.as_ref(),
            self.sliceperm.as_ref(),
            self.slicepair.as_ref(),
        ]
        .into_iter()
        .flatten()
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
    pub(super) kind: HeuristicKind,
    pub(super) corners: &'a [u8],
    pub(super) edges7: &'a [u8],
    pub(super) edgeperm: &'a [u8],
    /// The coset table's payload and coordinates, when it takes part.
    pub(super) coset: Option<(&'a [u8], &'static CosetCoords)>,
    /// The k = 4 coset table, when it takes part.
    pub(super) coset4: Option<Coset4<'a>>,
    /// The full-edge table, when it takes part.
    pub(super) full_edge: Option<FullEdge<'a>>,
    /// The flipslice coset table, when it takes part.
    pub(super) flipslice: Option<FlipSlice<'a>>,
    /// The sliceperm coset table, when it takes part.
    pub(super) sliceperm: Option<SlicePerm<'a>>,
    /// The slicepair coset table, when it takes part.
    pub(super) slicepair: Option<SlicePair<'a>>,
    /// Whether the three edge tables take part (always, unless the coset table replaces
    /// them).
    pub(super) korf_edges: bool,
}

/// Hint that 4-bit entry `index` of `table` will be read soon.
#[inline(always)]
pub(crate) fn prefetch_nibble(table: &[u8], index: u64) {
    crate::tables::prefetch(table, (index >> 1) as usize)
}

#[inline(always)]
pub(crate) fn nibble(table: &[u8], index: u64) -> u8 {
    (table[(index >> 1) as usize] >> ((index & 1) * 4)) & 15
}

impl<'a> Heuristic<'a> {
    /// Borrow the tables of a loaded set: Korf's four, and the coset table if loaded.
    pub fn new(set: &'a TableSet) -> Self {
        Heuristic {
            kind: set.kind,
            corners: set.corners.payload(),
            edges7: set.edges7.as_ref().map_or(&[][..], |t| t.payload()),
            edgeperm: set.edgeperm.as_ref().map_or(&[][..], |t| t.payload()),
            coset: set
                .coset
                .as_ref()
                .map(|t| (t.payload(), crate::tables::coset::coset_coords())),
            coset4: set.coset4.as_ref().map(|t| Coset4 {
                payload: t.payload(),
                base: t.base(),
                coords: crate::tables::coset::coords_for(crate::tables::coset::Variant::SliceFlips),
            }),
            flipslice: set.flipslice.as_ref().map(|t| FlipSlice {
                payload: t.payload(),
                base: t.base(),
                coords: crate::tables::flipslice::flipslice_coords(),
            }),
            sliceperm: set.sliceperm.as_ref().map(|t| SlicePerm {
                payload: t.payload(),
                base: t.base(),
                coords: crate::tables::sliceperm::sliceperm_coords(),
            }),
            slicepair: set.slicepair.as_ref().map(|t| SlicePair {
                payload: t.payload(),
                base: t.base(),
                coords: crate::tables::slicepair::slicepair_coords(),
            }),
            full_edge: set.full_edge.as_ref().map(|t| FullEdge {
                payload: t.payload(),
                coords: crate::tables::full_edge::full_edge_coords(),
            }),
            korf_edges: set.edges7.is_some() && set.edgeperm.is_some(),
        }
    }

    /// Coset table value of the inverse of `s` (0 when the table is not loaded).
    #[inline(always)]
    pub fn coset_inverse(&self, s: &Cube) -> u8 {
        match self.coset {
            Some(_) => self.coset(&s.inverse()),
            None => 0,
        }
    }

    /// Coset table value (0 when the table is not loaded); with the k = 4 table, the
    /// largest over its three axes.
    #[inline(always)]
    pub fn coset(&self, s: &Cube) -> u8 {
        let k0 = match self.coset {
            Some((t, co)) => nibble(t, co.index(s)),
            None => 0,
        };
        let k4 = match self.coset4 {
            Some(c) => k0.max(c.value(s)),
            None => k0,
        };
        let fs = match self.flipslice {
            Some(c) => k4.max(c.value(s)),
            None => k4,
        };
        let sp = match self.sliceperm {
            Some(c) => fs.max(c.value(s)),
            None => fs,
        };
        match self.slicepair {
            Some(c) => sp.max(c.value(s)),
            None => sp,
        }
    }

    /// Corner table value of an inverse-tracked state.
    #[inline(always)]
    pub fn corners(&self, s: &Cube) -> u8 {
        nibble(self.corners, coord::corner_index(&s.corners))
    }
    /// First 7-edge group.
    #[inline(always)]
    pub fn edges7a(&self, s: &Cube) -> u8 {
        nibble(self.edges7, EDGES7_A.rank(&EDGES7_A.project(s)))
    }
    /// Second 7-edge group, through the z2 symmetry.
    #[inline(always)]
    pub fn edges7b(&self, s: &Cube) -> u8 {
        nibble(self.edges7, coord::edge_group_index(&edges7_b_state(s)))
    }
    /// Edge permutation table.
    #[inline(always)]
    pub fn edgeperm(&self, s: &Cube) -> u8 {
        nibble(self.edgeperm, coord::edge_perm_index(&s.edges))
    }

    /// Full-edge table value of `s` and of its inverse, the larger (0 when the table is
    /// not loaded).
    #[inline(always)]
    pub fn full_edge(&self, s: &Cube) -> u8 {
        match self.full_edge {
            Some(f) => f.depth(s).max(f.depth(&s.inverse())),
            None => 0,
        }
    }

    /// The full heuristic value (maximum over all tables).
    pub fn value(&self, s: &Cube) -> u8 {
        self.value_with_full_edge(s, self.full_edge(s))
    }

    /// [`Heuristic::value`] with the full-edge part already known.
    pub(super) fn value_with_full_edge(&self, s: &Cube, full_edge: u8) -> u8 {
        let v = self
            .corners(s)
            .max(self.coset(s))
            .max(self.coset_inverse(s))
            .max(full_edge);
        if !self.korf_edges {
            return v;
        }
        v.max(self.edges7a(s))
            .max(self.edges7b(s))
            .max(self.edgeperm(s))
    }

    /// `true` if some table proves more than `budget` moves are needed.  Stops at the
    /// first table that does.
    #[inline(always)]
    pub fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.corners(s) > budget
            || self.coset(s) > budget
            || self.coset_inverse(s) > budget
            || self.full_edge(s) > budget
            || (self.korf_edges
                && (self.edges7a(s) > budget
                    || self.edges7b(s) > budget
                    || self.edgeperm(s) > budget))
    }
}
