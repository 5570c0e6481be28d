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
    /// coordinate's masks; 0 without that table), their lines asked for, and the symmetry
    /// that took its corners to their class.
    #[inline(always)]
    fn coset_indices(&self, cube: &Cube) -> (u32, u32, u8) {
        let t = self.coset;
        let (i, masks, slices, sym) = t.coords.index_masks_and_sym(cube);
        t.prefetch(i);
        let ei = match self.edge_slices {
            Some(e) => {
                let ei = e.coords.index_with_slices(&masks, slices);
                e.prefetch(ei);
                ei
            }
            None => 0,
        };
        (i as u32, ei as u32, sym)
    }
}

/// What the second reads hand on: the position's indices, and the tracked cube's value
/// (with the order-parity table, also what a half-turn child of either cube starts from:
/// [`CosetProbe::kept`]).
#[derive(Clone, Copy)]
pub struct CosetSecond {
    /// The position's coset and edge-slices indices.
    position: (u32, u32),
    /// The tracked cube's value, the larger of its coset and edge-slices tables'; with the
    /// order-parity table, its high bit says a half turn is ruled out on its side.
    tracked: u8,
    /// The tracked cube's edge-slices value (order-parity table).
    tracked_slices: u8,
    /// The symmetries that took the tracked cube's and the position's corners to their
    /// classes (order-parity table).
    syms: (u8, u8),
    /// The tracked cube's coset index (order-parity table).
    tracked_index: u32,
}

impl<const CORNERS: bool, const HALF_TURNS: bool> PlainProbe
    for CosetProbe<'_, CORNERS, HALF_TURNS>
{
    const BOTH_SIDES: bool = true;
    /// The corner index (0 without corners; with the order-parity table, the class
    /// symmetry, or a kept child's mark), the coset and the edge-slices indices (each
    /// table has fewer than 2^32 entries: 12 bytes a child keep the frames small).
    type First = (u32, u32, u32);
    const NO_FIRST: (u32, u32, u32) = (0, 0, 0);

    #[inline(always)]
    fn first(&self, child: &Cube) -> (u32, u32, u32) {
        let ci = if CORNERS {
            let ci = child.corner_coord();
            prefetch_nibble(self.corners, ci);
            ci as u32
        } else {
            0
        };
        let (i, ei, sym) = self.coset_indices(child);
        (if HALF_TURNS { ci } else { sym as u32 }, i, ei)
    }

    type Second = CosetSecond;
    const NO_SECOND: CosetSecond = CosetSecond {
        position: (0, 0),
        tracked: 0,
        tracked_slices: 0,
        syms: (0, 0),
        tracked_index: 0,
    };

    /// The corners, the coset table on the tracked cube and the edge-slices table (or,
    /// for a half-turn child, what its parent's reads found, [`Self::kept`]); then the
    /// position's indices, their lines asked for.
    #[inline(always)]
    fn second(
        &self,
        _child: &Cube,
        &(ci, i, ei): &(u32, u32, u32),
        position: impl FnOnce() -> Cube,
        budget: u8,
    ) -> Option<(Cube, CosetSecond)> {
        if CORNERS && nibble(self.corners, ci as u64) > budget {
            return None;
        }
        let (tracked, tracked_slices) = if HALF_TURNS && Self::HALF_TURNS_KEEP_FIRST && i == KEPT {
            // A half turn's child, its parent's value: within the budget, since a value
            // at its parent's budget rules the half turns out (`survives`).
            debug_assert!(ei as u8 <= budget);
            (ei as u8, 0)
        } else {
            // A kept child of the order-parity table carries its edge-slices value.
            let kept = !HALF_TURNS && ci & KEPT_MARK != 0;
            let slices = kept.then_some((ci >> 8) as u8);
            let (value, slices) = self.values(i, (ei, slices), budget)?;
            // Without the half turns in the subgroup, whether they are ruled out is read
            // here, where the tracked cube's indices are at hand: the value's high bit.
            let tight = self.tight_without_half_turns(i, slices, value, budget);
            (value | (tight as u8) << 7, slices)
        };
        let position = position();
        let (pi, pei, psym) = self.coset_indices(&position);
        Some((
            position,
            CosetSecond {
                position: (pi, pei),
                tracked,
                tracked_slices,
                syms: (ci as u8, psym),
                tracked_index: i,
            },
        ))
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
        second: &CosetSecond,
        budget: u8,
    ) -> Option<Survivor> {
        let (pi, pei) = second.position;
        let (other, other_slices) = self.values(pi, (pei, None), budget)?;
        let tracked = second.tracked;
        if HALF_TURNS {
            return Some(Survivor {
                quarter_turns_only: tracked == budget,
                other_end_quarter_turns_only: other == budget,
                values: [tracked as u64, other as u64],
            });
        }
        let (tracked_sym, position_sym) = second.syms;
        Some(Survivor {
            quarter_turns_only: tracked >> 7 == 1,
            other_end_quarter_turns_only: self.tight_without_half_turns(
                pi,
                other_slices,
                other,
                budget,
            ),
            values: [
                self.kept_code(second.tracked_index, tracked_sym, second.tracked_slices),
                self.kept_code(pi, position_sym, other_slices),
            ],
        })
    }

    /// Without the corners, a half-turn child's first reads follow from its parent's:
    /// with the tables that hold the half turns the value is kept; with the order-parity
    /// table the coset index moves by the half turn's order parities within its group of
    /// eight (the parent's cache line) and the edge-slices value is kept.
    const HALF_TURNS_KEEP_FIRST: bool = !CORNERS;

    #[inline(always)]
    fn kept(&self, kept: u64, mi: usize) -> (u32, u32, u32) {
        if HALF_TURNS {
            return (0, KEPT, kept as u32);
        }
        let (i, sym, slices) = (kept as u32, (kept >> 32) as u8, (kept >> 40) as u8);
        let i = self.coset.coords.half_turn_index(i as u64, sym, mi / 3);
        self.coset.prefetch(i);
        (KEPT_MARK | (slices as u32) << 8 | sym as u32, i as u32, 0)
    }
}

/// The coset index that marks first reads not made: their value is the third field.
const KEPT: u32 = u32::MAX;
/// With the order-parity table, the first field's mark of a kept child: its edge-slices
/// value is bits 8–15 (not read again), its class symmetry bits 0–7.
const KEPT_MARK: u32 = 1 << 31;

impl<const CORNERS: bool, const HALF_TURNS: bool> CosetProbe<'_, CORNERS, HALF_TURNS> {
    /// Whether a cube whose coset index is `i`, edge-slices value `slices` and value
    /// `value` rules out a half turn on its side, where the coset table's subgroup leaves
    /// the half turns out: the coset table's floor over the half turns' subgroup
    /// ([`SymmetricTable::half_turn_floor`]) or the edge-slices table's value (whose
    /// subgroup holds them) at the budget.  Read only when the value is at the budget
    /// (the floor is at most the value).
    #[inline(always)]
    fn tight_without_half_turns(&self, i: u32, slices: u8, value: u8, budget: u8) -> bool {
        if HALF_TURNS || value != budget {
            return false;
        }
        slices == budget || self.coset.half_turn_floor(i as u64) == budget
    }

    /// What a half-turn child of a cube with coset index `i`, class symmetry `sym` and
    /// edge-slices value `slices` starts from (order-parity table): `u64::MAX` where `i`
    /// lies in a symmetric class, whose entries are not in groups of eight.
    #[inline(always)]
    fn kept_code(&self, i: u32, sym: u8, slices: u8) -> u64 {
        if self.coset.coords.is_flat_index(i as u64) {
            i as u64 | (sym as u64) << 32 | (slices as u64) << 40
        } else {
            u64::MAX
        }
    }

    /// The larger of the coset table's value at `i` and the edge-slices table's (its value
    /// given, or read at the index), with the edge-slices value; `None` past `budget` (the
    /// edge-slices table read only when the coset's is within).
    #[inline(always)]
    fn values(&self, i: u32, (ei, slices): (u32, Option<u8>), budget: u8) -> Option<(u8, u8)> {
        let coset = self.coset.at(i as u64);
        if coset > budget {
            return None;
        }
        let slices = slices.unwrap_or_else(|| self.edge_slices.map_or(0, |e| e.at(ei as u64)));
        (slices <= budget).then_some((coset.max(slices), slices))
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
