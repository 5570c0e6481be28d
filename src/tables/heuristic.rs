//! The heuristic: which tables a search takes the maximum over ([`HeuristicKind`], listed
//! by the registry, `crate::tables::registry`), those tables loaded ([`TableSet`]), and
//! their probes borrowed for the search ([`Heuristic`]).  This is where the families'
//! probes are put together; the search reads them through [`Heuristic::visit`] (its walks,
//! one per shape of probe: `crate::tables::probe`) and the values below, and names no
//! family.

use crate::cube::Cube;
use crate::tables::coset::{CosetProbe, KorfAndCoset, SymmetricTable};
use crate::tables::edge_slices::{edge_slices_coords, EdgeSlicesTable};
use crate::tables::full_edge::{FullEdge, FullEdgeProbe};
use crate::tables::korf::KorfProbe;
use crate::tables::probe::{prefetch_nibble, AxisCoords, AxisTable, ExactDepth, ProbeVisitor};
use crate::tables::HeuristicKind;
use crate::tables::{
    AxisProbe, AxisVisitor, Integrity, PlainTables, Residency, Table, TableError, TableKind, Walk,
    DEFAULT_SET,
};
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
    pub fn open_checked(
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
    /// Korf's tables (the corners alone, empty edge tables, where only they take part;
    /// the corners empty where they do not).
    korf: KorfProbe<'a>,
    /// The 48-symmetry coset table (k = 0 or a parity refinement), when one takes part.
    coset: Option<SymmetricTable<'a>>,
    /// The three-axis coset table, when one takes part.
    axis: Option<AxisProbe<'a>>,
    /// The full-edge table, when it takes part.
    full_edge: Option<FullEdge<'a>>,
    /// Whether the three edge tables take part (always, unless the coset table replaces
    /// them).
    korf_edges: bool,
    /// The edge-slices table, when it takes part (beside a coset table: it sees the edges
    /// of positions the coset tables read as solved).
    edge_slices: Option<EdgeSlicesTable<'a>>,
}

impl<'a> Heuristic<'a> {
    /// Borrow the tables of a loaded set.
    pub fn new(set: &'a TableSet) -> Self {
        let payload = |k: TableKind| set.table(k).map_or(&[][..], |t| t.payload());
        // A quarter-turn table takes its face-turn sibling's place (its metric is the
        // heuristic's, which the search checks against its own).
        let coset = set
            .tables
            .iter()
            .find_map(|(k, t)| SymmetricTable::new(k.descriptor(), t.payload(), t.base()));
        let edge_slices = set.table(TableKind::EdgeSlices).map(|t| EdgeSlicesTable {
            payload: t.payload(),
            coords: edge_slices_coords(),
        });
        Heuristic {
            kind: set.kind,
            korf: KorfProbe {
                corners: match set.table(TableKind::CornersQtm) {
                    Some(t) => t.payload(),
                    None => payload(TableKind::Corners),
                },
                edges7: payload(TableKind::Edges7),
                edgeperm: payload(TableKind::EdgePerm),
            },
            coset,
            axis: set
                .tables
                .iter()
                .find_map(|(k, t)| AxisProbe::new(*k, t.payload(), t.base()))
                .map(|probe| probe.with_edge_slices(edge_slices)),
            full_edge: set.table(TableKind::FullEdge).map(|t| FullEdge {
                payload: t.payload(),
                coords: crate::tables::full_edge::full_edge_coords(),
            }),
            korf_edges: set.table(TableKind::Edges7).is_some()
                && set.table(TableKind::EdgePerm).is_some(),
            edge_slices,
        }
    }

    /// Korf's tables in slice turns (or any three of Korf's tables): the heuristic of the
    /// held search in that metric.
    pub(crate) fn of_korf_tables(corners: &'a [u8], edges7: &'a [u8], edgeperm: &'a [u8]) -> Self {
        Heuristic {
            kind: HeuristicKind::Korf,
            korf: KorfProbe {
                corners,
                edges7,
                edgeperm,
            },
            coset: None,
            axis: None,
            full_edge: None,
            korf_edges: true,
            edge_slices: None,
        }
    }

    /// Hand the heuristic's probe to `visitor` as its own type: the walk of its shape is
    /// compiled for it (no dispatch per node).
    #[inline]
    pub(crate) fn visit<V: ProbeVisitor<'a>>(&self, visitor: V) -> V::Out {
        let table = "the heuristic's tables are loaded";
        let korf = self.korf;
        let coset = || self.coset.expect(table);
        match self.walk() {
            Walk::Plain(PlainTables::Korf) => visitor.plain(korf),
            Walk::Plain(PlainTables::Coset) => visitor.plain(CosetProbe::<true> {
                corners: korf.corners,
                coset: coset(),
                edge_slices: self.edge_slices,
            }),
            Walk::Plain(PlainTables::CosetAlone) => visitor.plain(CosetProbe::<false> {
                corners: korf.corners,
                coset: coset(),
                edge_slices: self.edge_slices,
            }),
            Walk::Plain(PlainTables::KorfAndCoset) => visitor.plain(KorfAndCoset {
                korf,
                coset: coset(),
            }),
            Walk::FullEdge => visitor.exact(self.exact().expect(table)),
            Walk::Axis => self.axis.expect(table).visit(AxisAlone(visitor)),
            Walk::AxisAndFullEdge => {
                let exact = self.exact().expect(table);
                self.axis.expect(table).visit(AxisAndExact(visitor, exact))
            }
        }
    }

    /// The exact-depth table's probe, when one takes part.
    fn exact(&self) -> Option<FullEdgeProbe<'a>> {
        self.full_edge.map(|table| FullEdgeProbe {
            corners: self.korf.corners,
            table,
        })
    }

    /// The exact depths of `state` and of its inverse, when an exact-depth table takes
    /// part (a descent each: once per task, not per node).
    pub(crate) fn exact_depths(&self, state: &Cube) -> Option<[u8; 2]> {
        self.exact()
            .map(|e| [e.depth(state), e.depth(&state.inverse())])
    }

    /// Whether an exact-depth table takes part ([`Heuristic::exact_depths`]).
    pub(crate) fn has_exact_depths(&self) -> bool {
        self.full_edge.is_some()
    }

    /// Which heuristic this is.
    pub fn kind(&self) -> HeuristicKind {
        self.kind
    }

    /// The three-axis table, when one takes part (the interleaved walk's).
    pub(crate) fn axis(&self) -> Option<AxisProbe<'a>> {
        self.axis
    }

    /// The edge-slices table's value of `s` (0 when it is not loaded).
    #[inline(always)]
    fn edge_slices(&self, s: &Cube) -> u8 {
        self.edge_slices.map_or(0, |t| t.value(s))
    }

    /// The edge-slices table's value of `s` and of its inverse, the larger (0 when it is
    /// not loaded).
    #[inline(always)]
    fn edge_slices_both(&self, s: &Cube) -> u8 {
        self.edge_slices
            .map_or(0, |t| t.value(s).max(t.value(&s.inverse())))
    }

    /// How the search reads these tables.
    pub(crate) fn walk(&self) -> Walk {
        self.kind.spec().walk
    }

    /// Coset table value of the inverse of `s` (0 when the table is not loaded).
    #[inline(always)]
    pub fn coset_inverse(&self, s: &Cube) -> u8 {
        match self.coset {
            Some(_) => self.coset(&s.inverse()),
            None => 0,
        }
    }

    /// Coset table value (0 when the table is not loaded); with a three-axis table, the
    /// largest over its three axes.
    #[inline(always)]
    pub fn coset(&self, s: &Cube) -> u8 {
        let k0 = self.coset_k0(s);
        match self.axis {
            Some(probe) => k0.max(probe.visit(AxisValue(s))),
            None => k0,
        }
    }

    /// The k = 0 coset table's value (0 when it is not loaded).
    #[inline(always)]
    fn coset_k0(&self, s: &Cube) -> u8 {
        self.coset.map_or(0, |t| t.value(s))
    }

    /// Corner table value of an inverse-tracked state (0 when the table does not take
    /// part).
    #[inline(always)]
    pub fn corners(&self, s: &Cube) -> u8 {
        self.korf.corners(s)
    }
    /// First 7-edge group.
    #[inline(always)]
    pub fn edges7a(&self, s: &Cube) -> u8 {
        self.korf.edges7a(s)
    }
    /// Second 7-edge group, through the z2 symmetry.
    #[inline(always)]
    pub fn edges7b(&self, s: &Cube) -> u8 {
        self.korf.edges7b(s)
    }
    /// Edge permutation table.
    #[inline(always)]
    pub fn edgeperm(&self, s: &Cube) -> u8 {
        self.korf.edgeperm(s)
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
    pub(crate) fn value_with_full_edge(&self, s: &Cube, full_edge: u8) -> u8 {
        let axes = self.axis.map_or(0, |probe| probe.visit(AxisValue(s)));
        self.value_given_axes(s, full_edge, axes)
    }

    /// [`Heuristic::value`] with the full-edge part and the three-axis table's value of
    /// `s` (`axes`) already known.
    fn value_given_axes(&self, s: &Cube, full_edge: u8, axes: u8) -> u8 {
        let v = self
            .corners(s)
            .max(self.coset_k0(s))
            .max(axes)
            .max(self.coset_inverse(s))
            .max(self.edge_slices_both(s))
            .max(full_edge);
        if !self.korf_edges {
            return v;
        }
        v.max(self.edges7a(s))
            .max(self.edges7b(s))
            .max(self.edgeperm(s))
    }

    /// A task's [`Heuristic::value_with_full_edge`] and its three-axis table's values on
    /// each axis (`[0; 3]` when no such table takes part), which the task's root starts
    /// from at every bound: the axes are read once for both.
    pub(crate) fn task_values(&self, s: &Cube, full_edge: u8) -> (u8, [u8; 3]) {
        let axes = self.axis.map_or([0; 3], |probe| probe.visit(AxisValues(s)));
        let value = self.value_given_axes(s, full_edge, axes[0].max(axes[1]).max(axes[2]));
        (value, axes)
    }

    /// [`Heuristic::task_values`] of each of `states` (without the full-edge table), into
    /// `out`: the table lines of all of them are asked for before any is read, so that
    /// their misses overlap (a task's lines are random in a table of gigabytes).
    pub(crate) fn task_values_of(&self, states: &[Cube], out: &mut Vec<(u8, [u8; 3])>) {
        let Some(probe) = self.axis else {
            out.extend(states.iter().map(|s| self.task_values(s, 0)));
            return;
        };
        let mut indices = Vec::with_capacity(states.len());
        for s in states {
            let i = probe.visit(AxisIndices(s));
            probe.visit(AxisPrefetch(i));
            if !self.korf.corners.is_empty() {
                prefetch_nibble(self.korf.corners, s.corner_coord());
            }
            if let Some(t) = self.coset {
                t.prefetch(t.coords.index(s));
            }
            indices.push(i);
        }
        for (s, &i) in states.iter().zip(&indices) {
            let axes = probe.visit(AxisValuesAt(i));
            let value = self.value_given_axes(s, 0, axes[0].max(axes[1]).max(axes[2]));
            out.push((value, axes));
        }
    }

    /// `true` if some table proves more than `budget` moves are needed.  Stops at the
    /// first table that does.
    #[inline(always)]
    pub fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.corners(s) > budget
            || self.coset(s) > budget
            || self.coset_inverse(s) > budget
            || self.full_edge(s) > budget
            || self.edge_slices_both(s) > budget
            || (self.korf_edges
                && (self.edges7a(s) > budget
                    || self.edges7b(s) > budget
                    || self.edgeperm(s) > budget))
    }
}

impl Heuristic<'_> {
    /// `true` if some table, read on `s` alone, proves more than `budget` moves are
    /// needed (the walk under move rules reads both sides itself).  Stops at the first
    /// table that does.
    #[inline(always)]
    pub(crate) fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        self.corners(s) > budget
            || self.coset(s) > budget
            || self.edge_slices(s) > budget
            || self.full_edge.is_some_and(|f| f.depth(s) > budget)
            || (self.korf_edges
                && (self.edges7a(s) > budget
                    || self.edges7b(s) > budget
                    || self.edgeperm(s) > budget))
    }
}

/// A three-axis table's value of a position: the largest over its axes.
struct AxisValue<'c>(&'c Cube);

impl<'a> AxisVisitor<'a> for AxisValue<'_> {
    type Out = u8;
    #[inline(always)]
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> u8 {
        table.value(self.0)
    }
}

/// A three-axis table's indices of a position, axis by axis.
struct AxisIndices<'c>(&'c Cube);

impl<'a> AxisVisitor<'a> for AxisIndices<'_> {
    type Out = [u64; 3];
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> [u64; 3] {
        table.indices(self.0)
    }
}

/// A three-axis table's lines at some indices, asked for.
struct AxisPrefetch([u64; 3]);

impl<'a> AxisVisitor<'a> for AxisPrefetch {
    type Out = ();
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) {
        table.prefetch(self.0)
    }
}

/// A three-axis table's values at some indices.
struct AxisValuesAt([u64; 3]);

impl<'a> AxisVisitor<'a> for AxisValuesAt {
    type Out = [u8; 3];
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> [u8; 3] {
        table.values_at(self.0)
    }
}

/// A three-axis table's values of a position, axis by axis.
struct AxisValues<'c>(&'c Cube);

impl<'a> AxisVisitor<'a> for AxisValues<'_> {
    type Out = [u8; 3];
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> [u8; 3] {
        table.root_values(self.0)
    }
}

/// A three-axis table handed on to a [`ProbeVisitor`] as its own type.
struct AxisAlone<V>(V);

impl<'a, V: ProbeVisitor<'a>> AxisVisitor<'a> for AxisAlone<V> {
    type Out = V::Out;
    #[inline(always)]
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> V::Out {
        self.0.axis(table)
    }
}

/// A three-axis table and an exact-depth table handed on to a [`ProbeVisitor`].
struct AxisAndExact<V, E>(V, E);

impl<'a, V: ProbeVisitor<'a>, E: ExactDepth> AxisVisitor<'a> for AxisAndExact<V, E> {
    type Out = V::Out;
    #[inline(always)]
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> V::Out {
        self.0.axis_and_exact(table, self.1)
    }
}
