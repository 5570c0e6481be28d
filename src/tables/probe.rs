//! What the search needs of a family's tables: the interface between the families and
//! the search's walks, which name no family.  A heuristic is searched in one of four
//! shapes, each a trait a family implements in its own `probe.rs`:
//!
//! * [`PlainProbe`]: tables read per child, the first reads prefetched for all siblings
//!   (Korf's tables, the 48-symmetry coset tables);
//! * [`AxisCoords`]: a 2-bit coset table read along all three axes ([`AxisTable`]), in
//!   stages;
//! * [`ExactDepth`]: a table of exact depths stored mod 3, read in two prefetched stages
//!   behind a cheap first table (the full-edge table behind the corners);
//! * a three-axis table and an exact-depth table together.
//!
//! The loaded heuristic ([`super::heuristic::Heuristic`]) hands its probe to a
//! [`ProbeVisitor`] as its own type, so that each walk is compiled for it: no dispatch per
//! node.

use super::descriptor::Descriptor;
use super::edge_slices::EdgeSlicesTable;
use super::packed;
use super::slices::EdgeMasks;
use crate::cube::Cube;

/// All 18 moves, as a move bit set.
pub const ALL_MOVE_BITS: u32 = (1 << 18) - 1;

/// The quarter turns, as a move bit set.
pub const QUARTER_TURNS: u32 = {
    let mut m = 0u32;
    let mut i = 0;
    while i < 18 {
        if i % 3 != 1 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// The coordinates of a 2-bit coset table reduced by the 16 symmetries that keep the U–D
/// axis and probed along all three axes.
pub trait AxisCoords: crate::cube::symmetry::Twins + Sync + 'static {
    /// What a probe computes once per position and shares among its three axes.
    type Parts: Copy;
    /// A placeholder value of `Parts`.
    const NO_PARTS: Self::Parts;
    /// The moves a solution of exactly the probed length cannot end with, given which
    /// axes' probes were tight (bit `a` for axis `a`): moves of the subgroup (of that
    /// axis' frame) could be dropped from the end, giving a shorter way into it.
    fn excluded(&self, tight_axes: u8) -> u32;
    /// The axes whose inverse-side value a child made by move `mi` shares with its node
    /// (bit `a`): those whose subgroup holds the move, which then acts on the tracked
    /// inverse from the left and leaves its coset unchanged.
    fn inherited(&self, mi: usize) -> u8;
    fn parts(&self, x: &Cube) -> Self::Parts;
    /// The edge masks among `p`, if the coordinate computes them (the edge-slices table
    /// reads them too).
    #[inline(always)]
    fn edge_masks(_p: &Self::Parts) -> Option<&EdgeMasks> {
        None
    }
    /// Table index of `S · x · S⁻¹` for the `a`-th axis symmetry, `p = parts(x)`.
    fn axis_index(&self, x: &Cube, p: &Self::Parts, a: usize) -> u64;
    /// A second three-axis table the walk reads beside this coordinate's, after every
    /// other probe of a child (a coordinate that pairs two families', as
    /// `coset3+layerflips`); `None` for the rest, whose walks compile it out.
    const SIDE_TABLE: Option<&'static Descriptor> = None;
    /// The side table's index of `S · x · S⁻¹` for the `a`-th axis symmetry.
    #[inline(always)]
    fn side_index(&self, _x: &Cube, _a: usize) -> u64 {
        0
    }
    /// The side table's largest value: a child whose budget is at least this is not
    /// read there, as no entry could rule it out.
    const SIDE_MAX: u8 = u8::MAX;
    /// How many moves of its budget a child's own table must leave unused for the walk to
    /// read the side table too: a child the main table bounds tightly is one the side
    /// table (weaker on most positions) rarely rules out.
    #[inline(always)]
    fn side_slack(&self) -> u8 {
        0
    }
    /// The side table's entry `i` (the 2-bit encoding with base `base` unless the side
    /// table stores its entries another way).
    #[inline(always)]
    fn side_entry(side: &[u8], base: u8, i: u64) -> u8 {
        packed::get(side, base, i)
    }
    /// The byte of the side table that holds entry `i`, to ask for its line.
    #[inline(always)]
    fn side_offset(i: u64) -> usize {
        packed::line_offset(i)
    }
}

/// A table read beside a three-axis coordinate's own ([`Beside`]): how it is indexed along
/// each axis and how its entries are stored.
pub trait SideTable: Sync + 'static {
    /// Its descriptor.
    const TABLE: &'static Descriptor;
    /// Its largest value ([`AxisCoords::SIDE_MAX`]).
    const MAX: u8 = u8::MAX;
    /// Its index of `S · x · S⁻¹` for the `a`-th axis symmetry.
    fn index(&self, x: &Cube, a: usize) -> u64;
    /// Entry `i` ([`AxisCoords::side_entry`]).
    #[inline(always)]
    fn entry(side: &[u8], base: u8, i: u64) -> u8 {
        packed::get(side, base, i)
    }
    /// The byte holding entry `i` ([`AxisCoords::side_offset`]).
    #[inline(always)]
    fn offset(i: u64) -> usize {
        packed::line_offset(i)
    }
    /// [`AxisCoords::side_slack`].
    #[inline(always)]
    fn slack(&self) -> u8 {
        0
    }
}

/// A three-axis coordinate `M` with side table `S` read beside it by the same walk: the
/// pairing of two families' tables (`coset3+layerflips`, `sliceperm+phase1`, …).
pub struct Beside<M: 'static, S: 'static> {
    /// The coordinate whose table the walk indexes.
    pub main: &'static M,
    /// The table read last.
    pub side: &'static S,
}

impl<M: AxisCoords, S: SideTable> crate::cube::symmetry::Twins for Beside<M, S> {
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.main.twins(i, visit)
    }
}

impl<M: AxisCoords, S: SideTable> AxisCoords for Beside<M, S> {
    type Parts = M::Parts;
    const NO_PARTS: Self::Parts = M::NO_PARTS;
    const SIDE_TABLE: Option<&'static Descriptor> = Some(S::TABLE);
    const SIDE_MAX: u8 = S::MAX;
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        self.main.excluded(tight_axes)
    }
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        self.main.inherited(mi)
    }
    #[inline(always)]
    fn parts(&self, x: &Cube) -> Self::Parts {
        self.main.parts(x)
    }
    #[inline(always)]
    fn edge_masks(p: &Self::Parts) -> Option<&EdgeMasks> {
        M::edge_masks(p)
    }
    #[inline(always)]
    fn axis_index(&self, x: &Cube, p: &Self::Parts, a: usize) -> u64 {
        self.main.axis_index(x, p, a)
    }
    #[inline(always)]
    fn side_index(&self, x: &Cube, a: usize) -> u64 {
        self.side.index(x, a)
    }
    #[inline(always)]
    fn side_slack(&self) -> u8 {
        self.side.slack()
    }
    #[inline(always)]
    fn side_entry(side: &[u8], base: u8, i: u64) -> u8 {
        S::entry(side, base, i)
    }
    #[inline(always)]
    fn side_offset(i: u64) -> usize {
        S::offset(i)
    }
}

/// A loaded 2-bit three-axis coset table: payload, base depth, coordinates, and the
/// small edge-slices table probed after it when that takes part.
pub struct AxisTable<'a, C: AxisCoords> {
    pub(crate) payload: &'a [u8],
    pub(crate) base: u8,
    pub(crate) coords: &'static C,
    pub(crate) edge_slices: Option<EdgeSlicesTable<'a>>,
    /// The entries of the coordinate's side table ([`AxisCoords::SIDE_TABLE`]; empty
    /// without one) and the base of their 2-bit encoding.
    pub(crate) side: &'a [u8],
    pub(crate) side_base: u8,
}

impl<C: AxisCoords> Clone for AxisTable<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: AxisCoords> Copy for AxisTable<'_, C> {}

impl<C: AxisCoords> AxisTable<'_, C> {
    /// The largest value over the three axes.
    #[inline(always)]
    pub fn value(&self, x: &Cube) -> u8 {
        let p = self.coords.parts(x);
        (0..3)
            .map(|a| packed::get(self.payload, self.base, self.coords.axis_index(x, &p, a)))
            .max()
            .unwrap_or(0)
    }
}

impl<C: AxisCoords> AxisTable<'_, C> {
    /// The values of `state` on the three axes.
    pub(crate) fn root_values(&self, state: &Cube) -> [u8; 3] {
        self.values_at(self.indices(state))
    }

    /// The table indices of `state` on the three axes.
    pub(crate) fn indices(&self, state: &Cube) -> [u64; 3] {
        let p = self.coords.parts(state);
        [0, 1, 2].map(|a| self.coords.axis_index(state, &p, a))
    }

    /// Hint that the lines of `indices` will be read soon.
    pub(crate) fn prefetch(&self, indices: [u64; 3]) {
        for i in indices {
            super::prefetch(self.payload, packed::line_offset(i));
        }
    }

    /// The values at `indices` (of [`AxisTable::indices`]).
    pub(crate) fn values_at(&self, indices: [u64; 3]) -> [u8; 3] {
        indices.map(|i| packed::get(self.payload, self.base, i))
    }

    /// Whether the walk reads a side table ([`AxisCoords::SIDE_TABLE`]).
    #[inline(always)]
    pub(crate) fn has_side(&self) -> bool {
        C::SIDE_TABLE.is_some() && !self.side.is_empty()
    }

    /// Whether the walk reads the side table for a child with `budget` moves left whose
    /// own table's values known so far reach `value`: there is one, it could rule the
    /// child out ([`AxisCoords::SIDE_MAX`]), and the child is loosely bounded enough
    /// ([`AxisCoords::side_slack`]).
    #[inline(always)]
    pub(crate) fn reads_side(&self, budget: u8, value: u8) -> bool {
        self.has_side() && budget < C::SIDE_MAX && value + self.coords.side_slack() <= budget
    }

    /// The side table's indices of `x` on the three axes, their lines asked for.
    #[inline(always)]
    pub(crate) fn side_indices(&self, x: &Cube) -> [u64; 3] {
        let indices = [0, 1, 2].map(|a| self.coords.side_index(x, a));
        for i in indices {
            super::prefetch(self.side, C::side_offset(i));
        }
        indices
    }

    /// Whether the side table's entry at one of `indices` exceeds `budget`.
    #[inline(always)]
    pub(crate) fn side_exceeds(&self, indices: &[u64; 3], budget: u8) -> bool {
        indices
            .iter()
            .any(|&i| C::side_entry(self.side, self.side_base, i) > budget)
    }

    /// The side table's largest value at `indices` (of [`AxisTable::side_indices`]).
    #[inline(always)]
    pub(crate) fn side_value_at(&self, indices: &[u64; 3]) -> u8 {
        indices
            .iter()
            .map(|&i| C::side_entry(self.side, self.side_base, i))
            .max()
            .unwrap_or(0)
    }

    /// The side table's largest value over the three axes of `x` (0 without one).
    pub(crate) fn side_value(&self, x: &Cube) -> u8 {
        if !self.has_side() {
            return 0;
        }
        self.side_value_at(&[0, 1, 2].map(|a| self.coords.side_index(x, a)))
    }
}

/// What a plain walk reads of one child, how it is pruned and what it hands to the
/// child's own children.  Implemented by each family whose tables are read per child
/// (statically dispatched: one copy of the walk per probe type).
///
/// A node's children are probed in three stages, each over all siblings before the next
/// (after H48's pipeline, our own code), so that the misses of one stage overlap: the
/// first reads' lines asked for ([`PlainProbe::first`]), then the first reads read and
/// the second reads' lines asked for ([`PlainProbe::second`]), then the second reads read
/// as each child's turn comes ([`PlainProbe::survives`]).
pub trait PlainProbe: Copy + Sync {
    /// Whether the walk keeps each node as a position beside the tracked inverse (for
    /// tables probed on both sides); without it the position given to
    /// [`PlainProbe::second`] is never computed.
    const BOTH_SIDES: bool;
    /// What a child's first reads need: their indices, computed as the child is made.
    type First: Copy;
    /// A placeholder value of `First`.
    const NO_FIRST: Self::First;
    /// What a child's second reads need.
    type Second: Copy;
    /// A placeholder value of `Second`.
    const NO_SECOND: Self::Second;
    /// The indices of the first reads of `child` (inverse-tracked), their table lines
    /// asked for: the walk makes all siblings before it reads any.
    fn first(&self, child: &Cube) -> Self::First;
    /// Whether the first reads let `child` lie within `budget` moves of solved, and if so
    /// the child as a position (`position`, called at most once, and only with
    /// [`PlainProbe::BOTH_SIDES`]; otherwise anything) and its second reads' indices,
    /// their lines asked for.
    fn second(
        &self,
        child: &Cube,
        first: &Self::First,
        position: impl FnOnce() -> Cube,
        budget: u8,
    ) -> Option<(Cube, Self::Second)>;
    /// Whether `child` (inverse-tracked, `position` the same child as a position) may lie
    /// within `budget` moves of solved by its second reads, and if so what its children
    /// need to know.
    fn survives(
        &self,
        child: &Cube,
        position: &Cube,
        second: &Self::Second,
        budget: u8,
    ) -> Option<Survivor>;
    /// Whether a half-turn child's first reads follow from what its parent's found on the
    /// cube premoved (tables of a subgroup that holds the half turns: a half turn made on
    /// that side moves the cube within its coset, so their value is kept; or tables whose
    /// index a half turn changes by a known step). The walk then does not make them for a
    /// half-turn child: it hands [`PlainProbe::kept`] what its parent's reads found on
    /// that cube ([`Survivor::values`]) and the move.
    const HALF_TURNS_KEEP_FIRST: bool = false;
    /// The first reads of the child made by half turn `mi` from a cube whose reads found
    /// `kept` ([`Survivor::values`]).
    #[inline(always)]
    fn kept(&self, kept: u64, mi: usize) -> Self::First {
        let _ = (kept, mi);
        Self::NO_FIRST
    }
}

/// A child that survived a plain probe: the moves its children may take.
#[derive(Clone, Copy)]
pub struct Survivor {
    /// Its children are made by quarter turns only: a tight bound of a table of a
    /// subgroup that holds the half turns, read on the tracked cube, rules them out as
    /// the next move on this side.
    pub quarter_turns_only: bool,
    /// The same rule for the other end of the solution: a tight bound read on the
    /// position rules out a half turn as the solution's last move (the next move of a
    /// walk that extends the solution from its end, on the inverse).
    pub other_end_quarter_turns_only: bool,
    /// With [`PlainProbe::HALF_TURNS_KEEP_FIRST`]: what the first reads found on the
    /// child's tracked cube and on its other cube, as [`PlainProbe::kept`] reads it (`u64::MAX`:
    /// nothing to keep); otherwise unread.
    pub values: [u64; 2],
}

/// A table of exact depths stored mod 3 (2-bit codes, [`exact_step`]), read in two
/// prefetched stages, behind a cheap first table read per child before it (the full-edge
/// table behind the corners).
pub trait ExactDepth: Copy + Sync {
    /// The first table's index of `x`, its line asked for.
    fn first(&self, x: &Cube) -> u64;
    /// The first table's value at `i`.
    fn first_value(&self, i: u64) -> u8;
    /// First stage of a probe of `x`: what the second needs, its line asked for.
    fn start_probe(&self, x: &Cube) -> usize;
    /// Second stage: the table index of `x`, its line asked for.
    fn locate(&self, x: &Cube, started: usize) -> u64;
    /// The code at `i`: the depth mod 3.
    fn code(&self, i: u64) -> u8;
    /// The exact depth of `x` (by descent: once per task, not per node).
    fn depth(&self, x: &Cube) -> u8;
}

/// The exact depth of a state one move away from one at exact depth `parent`, whose entry
/// holds `code`: of `parent - 1`, `parent` and `parent + 1`, the one congruent to `code`
/// mod 3.  (A move on either side changes a state's distance from solved by at most one.)
#[inline(always)]
pub fn exact_step(parent: u8, code: u8) -> u8 {
    match (code + 3 - parent % 3) % 3 {
        0 => parent,
        1 => parent + 1,
        _ => parent.saturating_sub(1),
    }
}

/// Work on a loaded heuristic's probe, generic over its shape and type
/// ([`super::heuristic::Heuristic::visit`]): one method per shape.
pub trait ProbeVisitor<'a> {
    /// What the work returns.
    type Out;
    /// Tables read per child.
    fn plain<P: PlainProbe>(self, probe: P) -> Self::Out;
    /// A three-axis coset table (beside the corners).
    fn axis<C: AxisCoords>(self, table: AxisTable<'a, C>) -> Self::Out;
    /// An exact-depth table behind its first table.
    fn exact<E: ExactDepth>(self, table: E) -> Self::Out;
    /// A three-axis coset table and an exact-depth table.
    fn axis_and_exact<C: AxisCoords, E: ExactDepth>(
        self,
        axis: AxisTable<'a, C>,
        exact: E,
    ) -> Self::Out;
}

/// The 4-bit entry `index` of `table` (two a byte, the lower first).
#[inline(always)]
pub fn nibble(table: &[u8], index: u64) -> u8 {
    (table[(index >> 1) as usize] >> ((index & 1) * 4)) & 15
}

/// Hint that 4-bit entry `index` of `table` will be read soon.
#[inline(always)]
pub fn prefetch_nibble(table: &[u8], index: u64) {
    super::prefetch(table, (index >> 1) as usize)
}

/// One of a heuristic's tables as loaded: what a family's probe is put together from.
#[derive(Clone, Copy)]
pub struct LoadedTable<'a> {
    /// Which table.
    pub descriptor: &'static Descriptor,
    /// Its entries.
    pub payload: &'a [u8],
    /// The base of its 2-bit encoding (0 for 4-bit tables).
    pub base: u8,
}

/// The payload of `table` among `tables` (empty when it is not there).
pub fn payload_of<'a>(tables: &[LoadedTable<'a>], table: &Descriptor) -> &'a [u8] {
    find_table(tables, table).map_or(&[][..], |t| t.payload)
}

/// `table` among `tables`, if it is there.
pub fn find_table<'a>(tables: &[LoadedTable<'a>], table: &Descriptor) -> Option<LoadedTable<'a>> {
    tables
        .iter()
        .find(|t| t.descriptor.name == table.name)
        .copied()
}

/// The edge-slices table among `tables`, if it is there.
pub fn edge_slices_of<'a>(tables: &[LoadedTable<'a>]) -> Option<EdgeSlicesTable<'a>> {
    find_table(tables, &super::edge_slices::TABLE).map(|t| EdgeSlicesTable {
        payload: t.payload,
        coords: super::edge_slices::edge_slices_coords(),
    })
}

/// A heuristic's tables put together: everything the search reads of it.  Each heuristic
/// names its probe type in its registry line; the type lives in its family's folder (the
/// three-axis families share [`AxisHeuristic`]).
pub trait Probe<'a>: Copy + Sync + Sized {
    /// Hand itself to `visitor`'s walk of its shape.
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out;
    /// The heuristic's value of `s`: the largest over its tables, each read on every side
    /// the search reads it on (exact depths by descent).
    fn value(&self, s: &Cube) -> u8;
    /// Whether [`Probe::value`] exceeds `budget`, stopping at the first table that does.
    fn exceeds(&self, s: &Cube, budget: u8) -> bool;
    /// Whether some table read on `s` alone (not its inverse) puts it beyond `budget`
    /// (the walks under move rules read both sides themselves).
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool;
    /// A task's value with the larger of its exact depths already known (`exact`, 0
    /// without an exact-depth table), and its three-axis values (`[0; 3]` without a
    /// three-axis table), which the task's root starts from at every bound.
    fn task_values(&self, s: &Cube, exact: u8) -> (u8, [u8; 3]) {
        (self.value(s).max(exact), [0; 3])
    }
    /// [`Probe::task_values`] of each of `states` without exact depths, into `out` (a
    /// probe of large tables asks for all their lines before it reads any).
    fn task_values_of(&self, states: &[Cube], out: &mut Vec<(u8, [u8; 3])>) {
        out.extend(states.iter().map(|s| self.task_values(s, 0)));
    }
    /// The exact depths of `s` and of its inverse, when an exact-depth table takes part.
    fn exact_depths(&self, _s: &Cube) -> Option<[u8; 2]> {
        None
    }
}

/// A probe a registry line names: put together from the heuristic's loaded tables (found
/// by their descriptors).  The three-axis families' shared [`AxisHeuristic`] is put
/// together by [`AxisHeuristic::load_for`] instead, from the table and coordinate their
/// line names.
pub trait FromTables<'a>: Probe<'a> {
    /// Put together from the heuristic's loaded tables.
    fn load(tables: &[LoadedTable<'a>]) -> Self;
}

/// The corner table's value of `s` (0 when the table does not take part: empty).
#[inline(always)]
pub fn corner_value(corners: &[u8], s: &Cube) -> u8 {
    if corners.is_empty() {
        return 0;
    }
    nibble(corners, s.corner_coord())
}

/// The heuristic of a three-axis family: the corners and its table (read along the three
/// axes, with the edge-slices table beside it when that takes part).
pub struct AxisHeuristic<'a, C: AxisCoords> {
    /// The corner table (empty when it does not take part).
    pub corners: &'a [u8],
    /// The three-axis table.
    pub table: AxisTable<'a, C>,
}

impl<C: AxisCoords> Clone for AxisHeuristic<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: AxisCoords> Copy for AxisHeuristic<'_, C> {}

impl<'a, C: AxisCoords> AxisHeuristic<'a, C> {
    /// Put together from `tables`: the three-axis table `table` with coordinate `coords`,
    /// the edge-slices table if it is there, and the corners (a heuristic names its
    /// corner table first: `HeuristicSpec::tables`).
    pub fn load_for(tables: &[LoadedTable<'a>], table: &Descriptor, coords: &'static C) -> Self {
        let axis = find_table(tables, table).expect("the heuristic's three-axis table is loaded");
        let edge_slices = edge_slices_of(tables);
        let side = C::SIDE_TABLE.and_then(|d| find_table(tables, d));
        let corners = tables
            .first()
            .filter(|t| {
                t.descriptor.name != table.name
                    && t.descriptor.name != super::edge_slices::TABLE.name
            })
            .map_or(&[][..], |t| t.payload);
        AxisHeuristic {
            corners,
            table: AxisTable {
                payload: axis.payload,
                base: axis.base,
                coords,
                edge_slices,
                side: side.map_or(&[][..], |t| t.payload),
                side_base: side.map_or(0, |t| t.base),
            },
        }
    }

    /// The edge-slices and side tables' value of `s` and of its inverse, the largest.
    #[inline(always)]
    fn small_tables_both(&self, s: &Cube) -> u8 {
        let side = self
            .table
            .side_value(s)
            .max(self.table.side_value(&s.inverse()));
        self.table
            .edge_slices
            .map_or(0, |t| t.value_both(s))
            .max(side)
    }

    /// The value of `s` with its three axes' values known (`axes`: their largest) and the
    /// larger exact depth (`exact`).
    #[inline(always)]
    pub fn value_given(&self, s: &Cube, axes: u8, exact: u8) -> u8 {
        self.value_but_side(s, axes, exact)
            .max(self.table.side_value(s))
            .max(self.table.side_value(&s.inverse()))
    }

    /// [`AxisHeuristic::value_given`] without the side table's value.
    #[inline(always)]
    fn value_but_side(&self, s: &Cube, axes: u8, exact: u8) -> u8 {
        corner_value(self.corners, s)
            .max(axes)
            .max(self.table.edge_slices.map_or(0, |t| t.value_both(s)))
            .max(exact)
    }
}

impl<'a, C: AxisCoords> Probe<'a> for AxisHeuristic<'a, C> {
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
        visitor.axis(self.table)
    }
    fn value(&self, s: &Cube) -> u8 {
        self.value_given(s, self.table.value(s), 0)
    }
    #[inline(always)]
    fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        corner_value(self.corners, s) > budget
            || self.table.value(s) > budget
            || self.small_tables_both(s) > budget
    }
    #[inline(always)]
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        corner_value(self.corners, s) > budget
            || self.table.value(s) > budget
            || self.table.edge_slices.is_some_and(|t| t.value(s) > budget)
            || self.table.side_value(s) > budget
    }
    fn task_values(&self, s: &Cube, exact: u8) -> (u8, [u8; 3]) {
        let axes = self.table.root_values(s);
        let value = self.value_given(s, axes[0].max(axes[1]).max(axes[2]), exact);
        (value, axes)
    }
    /// The table lines of all of `states` are asked for before any is read, so that
    /// their misses overlap (a task's lines are random in a table of gigabytes).
    fn task_values_of(&self, states: &[Cube], out: &mut Vec<(u8, [u8; 3])>) {
        let mut indices = Vec::with_capacity(states.len());
        for s in states {
            let i = self.table.indices(s);
            self.table.prefetch(i);
            if !self.corners.is_empty() {
                prefetch_nibble(self.corners, s.corner_coord());
            }
            indices.push(i);
        }
        // The side table's lines (both sides), a chunk of tasks at a time: asked for, then
        // read.  Without a side table its value is 0 and nothing is asked for.
        let has_side = self.table.has_side();
        let mut side = [[[0u64; 3]; 2]; 32];
        for (chunk, chunk_indices) in states.chunks(32).zip(indices.chunks(32)) {
            if has_side {
                for (s, k) in chunk.iter().zip(&mut side) {
                    *k = [
                        self.table.side_indices(s),
                        self.table.side_indices(&s.inverse()),
                    ];
                }
            }
            for ((s, &i), k) in chunk.iter().zip(chunk_indices).zip(&side) {
                let axes = self.table.values_at(i);
                let mut value = self.value_but_side(s, axes[0].max(axes[1]).max(axes[2]), 0);
                if has_side {
                    value = value
                        .max(self.table.side_value_at(&k[0]))
                        .max(self.table.side_value_at(&k[1]));
                }
                out.push((value, axes));
            }
        }
    }
}
