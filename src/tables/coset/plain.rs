//! The 48-symmetry coset tables as the plain walk reads them (k = 0 and its parity
//! refinements): on the tracked inverse and on the position, with the edge-slices table
//! read off the same edge masks, beside the corners or alone; and beside Korf's tables.

use super::SymmetricTable;
use crate::cube::Cube;
use crate::tables::edge_slices::EdgeSlicesTable;
use crate::tables::korf::KorfProbe;
use crate::tables::probe::{
    corner_value, edge_slices_of, nibble, prefetch_nibble, FromTables, LoadedTable, PlainProbe,
    Probe, ProbeVisitor, Survivor,
};

/// The coset table beside the corners (`coset`, `coset-qtm`).
pub type CosetBesideCorners<'a> = CosetProbe<'a, true>;
/// The coset table without the corners (the parity tables whose subgroup holds the half
/// turns).
pub type CosetAlone<'a> = CosetProbe<'a, false>;
/// The order-parity table without the corners: its subgroup leaves the half turns out, so
/// a half-turn child reads its values, and a tight bound rules the half turns out by the
/// coarser value that keeps them ([`SymmetricTable::half_turn_floor`]).
pub type CosetOrdersAlone<'a> = CosetProbe<'a, false, false>;

/// The 48-symmetry coset table among `tables`.
fn coset_of<'a>(tables: &[LoadedTable<'a>]) -> SymmetricTable<'a> {
    tables
        .iter()
        .find_map(|t| SymmetricTable::new(t.descriptor, t.payload, t.base))
        .expect("the heuristic's coset table is loaded")
}

/// A 48-symmetry coset table with the edge-slices table (when it takes part), beside the
/// corner table (`CORNERS`) or alone; `HALF_TURNS`: whether the coset table's subgroup
/// holds every half turn (all but the order-parity table's).
#[derive(Clone, Copy)]
pub struct CosetProbe<'a, const CORNERS: bool, const HALF_TURNS: bool = true> {
    pub(crate) corners: &'a [u8],
    pub(crate) coset: SymmetricTable<'a>,
    pub(crate) edge_slices: Option<EdgeSlicesTable<'a>>,
}

impl<const CORNERS: bool, const HALF_TURNS: bool> CosetProbe<'_, CORNERS, HALF_TURNS> {
    /// The coset and edge-slices indices of `cube` (the edge-slices index from the coset
    /// coordinate's masks; 0 without that table), their lines asked for.
    #[inline(always)]
    fn coset_indices(&self, cube: &Cube) -> (u32, u32) {
        let t = self.coset;
        let (i, masks, slices) = t.coords.index_and_masks(cube);
        t.prefetch(i);
        let ei = match self.edge_slices {
            Some(e) => {
                let ei = e.coords.index_with_slices(&masks, slices);
                e.prefetch(ei);
                ei
            }
            None => 0,
        };
        (i as u32, ei as u32)
    }
}

impl<const CORNERS: bool, const HALF_TURNS: bool> PlainProbe
    for CosetProbe<'_, CORNERS, HALF_TURNS>
{
    const BOTH_SIDES: bool = true;
    /// The corner index (0 without corners), the coset and the edge-slices indices (each
    /// table has fewer than 2^32 entries: 12 bytes a child keep the frames small).
    type First = (u32, u32, u32);
    const NO_FIRST: (u32, u32, u32) = (0, 0, 0);

    #[inline(always)]
    fn first(&self, child: &Cube) -> (u32, u32, u32) {
        let ci = if CORNERS {
            let ci = child.corner_coord();
            prefetch_nibble(self.corners, ci);
            ci
        } else {
            0
        };
        let (i, ei) = self.coset_indices(child);
        (ci as u32, i, ei)
    }

    /// The position's coset and edge-slices indices, and the first reads' value of the
    /// tracked cube (the larger of the coset and edge-slices tables').
    type Second = (u32, u32, u8);
    const NO_SECOND: (u32, u32, u8) = (0, 0, 0);

    /// The corners, the coset table on the tracked cube and the edge-slices table (or,
    /// for a half-turn child, its parent's value of them, [`Self::kept`]); then the
    /// position's indices, their lines asked for.
    #[inline(always)]
    fn second(
        &self,
        _child: &Cube,
        &(ci, i, ei): &(u32, u32, u32),
        position: impl FnOnce() -> Cube,
        budget: u8,
    ) -> Option<(Cube, (u32, u32, u8))> {
        if CORNERS && nibble(self.corners, ci as u64) > budget {
            return None;
        }
        let tracked = if Self::HALF_TURNS_KEEP_FIRST && i == KEPT {
            // A half turn's child, its parent's value: within the budget, since a value
            // at its parent's budget rules the half turns out (`survives`).
            debug_assert!(ei as u8 <= budget);
            ei as u8
        } else {
            let value = self.values(i, ei, budget)?;
            // Without the half turns in the subgroup, whether they are ruled out is read
            // here, where the tracked cube's indices are at hand: the value's high bit.
            value | (self.tight_without_half_turns(i, ei, value, budget) as u8) << 7
        };
        let position = position();
        let (i, ei) = self.coset_indices(&position);
        Some((position, (i, ei, tracked)))
    }

    /// The coset and edge-slices tables' value of a cube, when it equals the budget, rules
    /// out a half turn as the next move on its side: the solution read backwards solves
    /// the cube by right moves ending in that half turn, which lies in both tables'
    /// subgroups, so the cube would be one move closer to them than the tables say. Read
    /// on the tracked cube it rules out a half turn at this end of the solution; read on
    /// the other, at the other end.  With the order-parity table (`HALF_TURNS` false),
    /// whose subgroup leaves the half turns out, the value that rules is the coarser one
    /// of the subgroup that holds them ([`Self::tight_without_half_turns`]).
    #[inline(always)]
    fn survives(
        &self,
        _child: &Cube,
        _position: &Cube,
        &(i, ei, tracked): &(u32, u32, u8),
        budget: u8,
    ) -> Option<Survivor> {
        let other = self.values(i, ei, budget)?;
        if !HALF_TURNS {
            return Some(Survivor {
                quarter_turns_only: tracked >> 7 == 1,
                other_end_quarter_turns_only: self.tight_without_half_turns(i, ei, other, budget),
                values: [tracked & 127, other],
            });
        }
        Some(Survivor {
            quarter_turns_only: tracked == budget,
            other_end_quarter_turns_only: other == budget,
            values: [tracked, other],
        })
    }

    /// Without the corners, every table read first (the coset and edge-slices tables)
    /// keeps its value under a half turn premoved, if their subgroups hold the half
    /// turns: a half-turn child reads none.
    const HALF_TURNS_KEEP_FIRST: bool = !CORNERS && HALF_TURNS;

    #[inline(always)]
    fn kept(&self, value: u8) -> (u32, u32, u32) {
        (0, KEPT, value as u32)
    }
}

/// The coset index that marks first reads not made: their value is the third field.
const KEPT: u32 = u32::MAX;

impl<const CORNERS: bool, const HALF_TURNS: bool> CosetProbe<'_, CORNERS, HALF_TURNS> {
    /// Whether a cube whose coset and edge-slices indices are `i` and `ei` and whose value
    /// is `value` rules out a half turn on its side, where the coset table's subgroup
    /// leaves the half turns out: the coset table's floor over the half turns' subgroup
    /// ([`SymmetricTable::half_turn_floor`]) or the edge-slices table's value (whose
    /// subgroup holds them) at the budget.  Read only when the value is at the budget
    /// (the floor is at most the value).
    #[inline(always)]
    fn tight_without_half_turns(&self, i: u32, ei: u32, value: u8, budget: u8) -> bool {
        if HALF_TURNS || value != budget {
            return false;
        }
        let slices = self.edge_slices.map_or(0, |e| e.at(ei as u64));
        slices == budget || self.coset.half_turn_floor(i as u64) == budget
    }

    /// The larger of the coset table's value at `i` and the edge-slices table's at `ei`,
    /// `None` past `budget` (the edge-slices table read only when the coset's is within).
    #[inline(always)]
    fn values(&self, i: u32, ei: u32, budget: u8) -> Option<u8> {
        let coset = self.coset.at(i as u64);
        if coset > budget {
            return None;
        }
        let slices = self.edge_slices.map_or(0, |e| e.at(ei as u64));
        (slices <= budget).then_some(coset.max(slices))
    }
}

impl<'a, const CORNERS: bool, const HALF_TURNS: bool> FromTables<'a>
    for CosetProbe<'a, CORNERS, HALF_TURNS>
{
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        CosetProbe {
            corners: KorfProbe::corners_of(tables),
            coset: coset_of(tables),
            edge_slices: edge_slices_of(tables),
        }
    }
}

impl<'a, const CORNERS: bool, const HALF_TURNS: bool> Probe<'a>
    for CosetProbe<'a, CORNERS, HALF_TURNS>
{
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
        visitor.plain(self)
    }
    fn value(&self, s: &Cube) -> u8 {
        corner_value(self.corners, s)
            .max(self.coset.value(s))
            .max(self.coset.value(&s.inverse()))
            .max(self.edge_slices.map_or(0, |t| t.value_both(s)))
    }
    #[inline(always)]
    fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        corner_value(self.corners, s) > budget
            || self.coset.value(s) > budget
            || self.coset.value(&s.inverse()) > budget
            || self.edge_slices.map_or(0, |t| t.value_both(s)) > budget
    }
    #[inline(always)]
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        corner_value(self.corners, s) > budget
            || self.coset.value(s) > budget
            || self.edge_slices.is_some_and(|t| t.value(s) > budget)
    }
}

/// Korf's tables and the k = 0 coset table (on both sides).
#[derive(Clone, Copy)]
pub struct KorfAndCoset<'a> {
    pub(crate) korf: KorfProbe<'a>,
    pub(crate) coset: SymmetricTable<'a>,
}

impl PlainProbe for KorfAndCoset<'_> {
    const BOTH_SIDES: bool = true;
    type First = (u32, u32);
    const NO_FIRST: (u32, u32) = (0, 0);

    #[inline(always)]
    fn first(&self, child: &Cube) -> (u32, u32) {
        self.korf.first_reads(child)
    }

    /// Whether the coset table's value of the tracked inverse equals the budget.
    type Second = bool;
    const NO_SECOND: bool = false;

    /// Korf's first reads and the coset table on the tracked inverse.
    #[inline(always)]
    fn second(
        &self,
        child: &Cube,
        first: &(u32, u32),
        position: impl FnOnce() -> Cube,
        budget: u8,
    ) -> Option<(Cube, bool)> {
        if self.korf.first_exceed(first, budget) {
            return None;
        }
        let inverse = self.coset.value(child);
        (inverse <= budget).then(|| (position(), inverse == budget))
    }

    /// As [`CosetProbe::survives`] for the half turns.
    #[inline(always)]
    fn survives(
        &self,
        child: &Cube,
        position: &Cube,
        &inverse_tight: &bool,
        budget: u8,
    ) -> Option<Survivor> {
        let coset = self.coset.value(position);
        if coset > budget || self.korf.edges7b(child) > budget || self.korf.edgeperm(child) > budget
        {
            return None;
        }
        Some(Survivor {
            quarter_turns_only: inverse_tight,
            other_end_quarter_turns_only: coset == budget,
            values: [0; 2],
        })
    }
}

impl<'a> FromTables<'a> for KorfAndCoset<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        KorfAndCoset {
            korf: KorfProbe::load(tables),
            coset: coset_of(tables),
        }
    }
}

impl<'a> Probe<'a> for KorfAndCoset<'a> {
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
        visitor.plain(self)
    }
    fn value(&self, s: &Cube) -> u8 {
        self.korf
            .value(s)
            .max(self.coset.value(s))
            .max(self.coset.value(&s.inverse()))
    }
    #[inline(always)]
    fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.korf.exceeds(s, budget)
            || self.coset.value(s) > budget
            || self.coset.value(&s.inverse()) > budget
    }
    #[inline(always)]
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        self.korf.exceeds(s, budget) || self.coset.value(s) > budget
    }
}
