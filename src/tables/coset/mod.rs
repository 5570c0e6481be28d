//! The coset coordinate of a subgroup that every symmetry of the cube keeps, reduced by all
//! 48 symmetries.
//!
//! The subgroup `H` holds every position in which each corner sits in its own tetrad and is
//! oriented, and each edge sits in its own slice:
//!
//! * corner tetrads: `{URF, ULB, DLF, DRB}` (tetrad A) and `{UFL, UBR, DFR, DBL}`;
//! * edge slices: M = `{UF, UB, DB, DF}`, S = `{UR, UL, DL, DR}`, E = `{FR, FL, BL, BR}`.
//!
//! A position `x` and `h · x` (for `h` in `H`) carry the same pieces-of-a-kind in each
//! position, so the right coset `H x` is named by three facts read position by position:
//! which positions hold tetrad-A corners (C(8,4) = 70), the corner twists (3^7), and which
//! slice each position's edge belongs to (C(12,4) · C(8,4) = 34,650).  A move acts on cosets
//! (`H x · m = H (x m)`), so the distance of `H x` from `H` by breadth-first search is a lower
//! bound on the distance of `x` from solved.
//!
//! Conjugating by a symmetry maps `H` to itself, hence cosets to cosets with the same
//! distance.  The corner part (70 · 2187 = 153,090 raw values) falls into 3,393 classes;
//! [`CosetCoords::index`] conjugates a position's edge part by the symmetry that takes its
//! corner part to the class representative.  When the representative is itself symmetric,
//! the symmetries that fix it move the edge value within an orbit whose values name one
//! position up to symmetry; the 48-symmetry tables keep one entry per orbit ([`packing`]):
//! 110,540,520 entries where an entry per class and edge value would be 117,567,450.  The
//! k = 4 table keeps an entry per edge value, the orbit's values *twins* held equal.
//!
//! [`Variant::SliceFlips`] (k = 4) also asks the four E-slice edges to be oriented.  Within
//! `H` those edges never leave the E slice, so this is again a subgroup, and every half
//! turn is in it; only the 16 symmetries that keep the U–D axis keep it.  Its coset adds
//! the flips found on the positions that hold E pieces (`h · x` changes no flip there when
//! `h` keeps its E edges oriented): 34,650 · 16 edge values, 9,996 corner classes.  The
//! other two axes are probed by conjugating with [`AXIS_SYMMETRIES`], computed from
//! [`EdgeMasks`] through small tables.

use crate::cube::symmetry::{conjugate, visit_twins, Twins, SYMMETRIES};
use crate::cube::{Cube, ALL_MOVES};
pub use crate::tables::slices::{
    e_flips, edge_cube, edge_cube_flipped, edge_slices, EdgeMasks, AXIS_SYMMETRIES, EDGE_SLICE,
    EDGE_SLICES,
};
pub use crate::tables::slices::{mask_symmetries, MaskSymmetries};
pub(crate) use crate::tables::slices::{
    symmetry_classes, unrank_combination, ClassSyms, COMBINATION_RANK,
};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Corner twist values.
pub const TWISTS: usize = 2187;
/// Ways to place the four tetrad-A corners: C(8,4).
pub const SPLITS: usize = 70;
/// Raw corner values: `split * TWISTS + twist`.
pub const CORNER_RAW: usize = SPLITS * TWISTS;
/// Corner classes under the 48 symmetries.
pub const CORNER_CLASSES: usize = 3393;
/// Entries of the k = 0 table: one per position up to symmetry ([`packing`]; an entry
/// per class and slice value, twins included, would be 3,393 · 34,650 = 117,567,450).
pub const ENTRIES: u64 = 110_540_520;

/// Tetrad A: URF, ULB, DLF, DRB (corner numbers 0, 2, 5, 7); the search reads it from
/// [`Cube::tetrad_a_positions`], the tests from this set.
#[cfg(test)]
pub const TETRAD_A: u8 = 0b1010_0101;
/// The raw corner value of `c`: tetrad-A positions and twist.
#[inline(always)]
pub fn corner_raw(c: &Cube) -> usize {
    let split = c.tetrad_a_positions();
    COMBINATION_RANK[split] as usize * TWISTS + c.twist_coord() as usize
}

/// A position with the given raw corner value (corners only; edges solved).
pub fn corner_cube(raw: usize) -> Cube {
    let split = unrank_combination(raw / TWISTS, 4, 8);
    let twists = crate::cube::coord::unrank_twist((raw % TWISTS) as u32);
    let (mut a, mut b) = ([0u8, 2, 5, 7].into_iter(), [1u8, 3, 4, 6].into_iter());
    let cp: [u8; 8] = std::array::from_fn(|i| {
        if split & (1 << i) != 0 {
            a.next().unwrap()
        } else {
            b.next().unwrap()
        }
    });
    let solved = Cube::SOLVED;
    Cube::from_parts(cp, twists, solved.edge_perm(), solved.edge_flips())
}

/// The coset tables korf builds: how many edges' orientation the subgroup also fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// k = 0: corners in their tetrads and oriented, edges in their slices.  Every symmetry
    /// keeps this subgroup, so the table is reduced by all 48: 110,540,520 entries.
    Slices,
    /// k = 4: also the four E-slice edges oriented.  Only the 16 symmetries that keep the
    /// U–D axis keep the E slice, so the table is reduced by those 16, and the search
    /// probes it along all three axes (conjugating the position so that each slice in turn
    /// plays the E slice): 16 times the edge values, about 47 times the entries.
    SliceFlips,
    /// k = 4 with each E-flip pattern taken together with its complement: the E-slice
    /// edges' flips relative to one another (three bits).  Within `H` an E edge stays in
    /// the E slice, so the positions whose four E flips are all equal (all oriented, or
    /// all flipped) are a subgroup holding k = 4's: the same 16 symmetries keep it, the
    /// same turns lie in it, and its table has half k = 4's entries (the ≤ 1 GiB rung).
    RelativeSliceFlips,
    /// k = 0 split by parities that every symmetry keeps ([`Parities`]): reduced by all 48
    /// symmetries, 2, 4, 8 or 32 times the k = 0 entries.
    Parities(Parities),
}

/// Corner classes under the 16 symmetries that keep the U–D axis.
pub const CORNER_CLASSES_UD: usize = 9996;

impl Variant {
    /// Symmetries the table is reduced by (the first `n` of [`crate::cube::symmetry`]).
    pub const fn symmetries(self) -> usize {
        match self {
            Variant::Slices | Variant::Parities(_) => SYMMETRIES,
            Variant::SliceFlips | Variant::RelativeSliceFlips => {
                crate::cube::symmetry::UD_SYMMETRIES
            }
        }
    }
    /// Values of the flip part: 1, 2^4, or the parities' values.
    pub const fn flip_values(self) -> usize {
        match self {
            Variant::Slices => 1,
            Variant::SliceFlips => 16,
            Variant::RelativeSliceFlips => 8,
            Variant::Parities(p) => p.values(),
        }
    }
    /// Edge values per corner class.
    pub const fn edge_values(self) -> usize {
        EDGE_SLICES * self.flip_values()
    }
    /// Corner classes.
    pub const fn corner_classes(self) -> usize {
        match self {
            Variant::Slices | Variant::Parities(_) => CORNER_CLASSES,
            Variant::SliceFlips | Variant::RelativeSliceFlips => CORNER_CLASSES_UD,
        }
    }
    /// Whether the variant reads the E-slice edges' flips (k = 4 and its relative form).
    pub(crate) const fn reads_e_flips(self) -> bool {
        matches!(self, Variant::SliceFlips | Variant::RelativeSliceFlips)
    }
    /// The flip part of E flips `f` (four bits by E position): `f` itself, or with
    /// relative flips the one of `f` and its complement whose fourth bit is clear.
    #[inline(always)]
    pub(crate) const fn e_flip_part(self, f: usize) -> usize {
        match self {
            Variant::RelativeSliceFlips if f & 8 != 0 => f ^ 15,
            _ => f,
        }
    }
    /// How many values the last factor of an edge value takes that no symmetry changes:
    /// 2 where it is the corner parity, otherwise 1 ([`Parities::compact`]).
    pub const fn invariant_values(self) -> usize {
        match self {
            Variant::Parities(Parities::Corners | Parities::FlipsAndCorners) => 2,
            _ => 1,
        }
    }
    /// Whether the table keeps one entry per position up to symmetry ([`packing`]): the
    /// 48-symmetry variants.  The k = 4 table keeps its twins.
    pub const fn is_packed(self) -> bool {
        !self.reads_e_flips()
    }
    /// Table entries: with [`packing`], the orbits of every class's edge values under
    /// its stabilizer, counted when the layout is built (which checks them here).
    pub const fn entries(self) -> u64 {
        match self {
            Variant::Slices => ENTRIES,
            Variant::Parities(Parities::Corners) => 221_081_040,
            Variant::Parities(Parities::Flips) => 442_148_562,
            Variant::Parities(Parities::FlipsAndCorners) => 884_297_124,
            Variant::Parities(Parities::FlipsAndPermutations) => 3_536_579_088,
            Variant::SliceFlips | Variant::RelativeSliceFlips => {
                self.corner_classes() as u64 * self.edge_values() as u64
            }
        }
    }
}

/// Move and symmetry tables of a coset coordinate.
pub struct CosetCoords {
    pub variant: Variant,
    /// Symmetries used (48 or 16).
    pub syms: usize,
    /// Flip values (1, 8 or 16; the parity variants: their values).
    pub flips: usize,
    /// Edge values per class.
    pub edge_values: usize,
    /// The corner and slice move tables, which only generation reads: built when it
    /// first asks, so that a search does not hold them ([`CosetCoords::moves`]).
    moves: OnceLock<MoveTables>,
    /// `edge_conj[s * EDGE_SLICES + value]`: the slice value of the conjugate by symmetry
    /// `s` (a slab per symmetry: a generation step reads a few slabs at a time, one per
    /// move of the entries it scans, whose corners and so symmetries repeat),
    /// which generation and the twins read (by slice value); built when first asked for
    /// ([`CosetCoords::edge_conj`]), so that a search, which conjugates a position's masks
    /// instead ([`MaskSymmetries`]), does not hold its 3.3 MB.
    edge_conj: OnceLock<Vec<u16>>,
    /// How the symmetries act on edge masks: the search's conjugation.
    actions: &'static MaskSymmetries,
    /// `flip_move[(e * 18 + m) * 16 + f]`: E flips after move `m`, from E positions of rank
    /// `e` (the slice value / 70) with flips `f`.
    pub flip_move: Vec<u8>,
    /// `flip_conj[(e * syms + s) * 16 + f]`: E flips of the conjugate by `s`.
    pub flip_conj: Vec<u8>,
    /// Class of each raw corner value (the unit tests' view; a search reads
    /// `corner_class_sym`).
    #[cfg(test)]
    pub corner_class: Vec<u16>,
    /// A symmetry that takes each raw corner value to its class representative.
    #[cfg(test)]
    pub corner_sym: Vec<u8>,
    /// `class << 8 | sym` of each raw corner value: one load for both.
    pub corner_class_sym: ClassSyms,
    /// `corner_axis_class_sym[raw * 2 + a - 1]`: the same for the conjugate by
    /// `AXIS_SYMMETRIES[a]` (k = 4 only).
    pub corner_axis_class_sym: Vec<u32>,
    /// Raw value of each class representative.
    pub class_rep: Vec<u32>,
    /// Symmetries that fix each representative (bit `s`), identity included.
    pub class_stabilizer: Vec<u64>,
    /// How moves and symmetries act on the parity bits (parity variants only), for
    /// generation and the twins: built when first asked for ([`CosetCoords::parities`]).
    parities: OnceLock<Option<ParityTables>>,
    /// How symmetries act on the order parities from edge masks (the variant that reads
    /// them: [`Parities::FlipsAndPermutations`]).
    orders: Option<&'static OrderSymmetries>,
    /// Where each class's entries lie, one per position up to symmetry (the 48-symmetry
    /// variants; [`packing`]); `None`: `class * edge_values + edge`, twins included (k = 4).
    packing: Option<Packing>,
    /// Classes `0..flat_classes` have an entry per edge value at `class * edge_values`:
    /// every class of an unpacked table, the asymmetric ones of a packed one (the
    /// packing's `asymmetric`, kept here so that the search's index reads one field, not
    /// the `Option` and then the field).
    flat_classes: usize,
}

impl CosetCoords {
    /// Build every table of `variant` (about half a second on 2 cores).
    pub fn build(variant: Variant) -> CosetCoords {
        let syms = variant.symmetries();
        let flips = variant.flip_values();
        let (mut flip_move, mut flip_conj) = (Vec::new(), Vec::new());
        let e_flips_part = variant.reads_e_flips();
        if e_flips_part {
            // Indexed by all 16 patterns; the values are flip parts.
            let part = |c: &Cube| variant.e_flip_part(e_flips(c)) as u8;
            for e in 0..495 {
                let cubes: Vec<Cube> = (0..16).map(|f| edge_cube_flipped(e * 70, f)).collect();
                for m in ALL_MOVES {
                    flip_move.extend(cubes.iter().map(|c| part(&c.apply_move(m))));
                }
                for s in 0..syms {
                    flip_conj.extend(cubes.iter().map(|c| part(&conjugate(c, s))));
                }
            }
        }

        let mut classes = symmetry_classes(CORNER_RAW, corner_cube, syms, corner_raw);
        let packed = variant.is_packed();
        if packed {
            classes.asymmetric_first();
        }
        assert_eq!(
            classes.rep.len(),
            variant.corner_classes(),
            "corner class count of {variant:?}"
        );
        let corner_axis: Vec<u32> = if e_flips_part {
            (0..CORNER_RAW)
                .into_par_iter()
                .flat_map_iter(|raw| {
                    let c = corner_cube(raw);
                    AXIS_SYMMETRIES[1..]
                        .iter()
                        .map(move |&s| corner_raw(&conjugate(&c, s)) as u32)
                })
                .collect()
        } else {
            Vec::new()
        };
        let corner_class_sym = classes.class_sym();
        let corner_axis_class_sym = corner_axis
            .iter()
            .map(|&r| corner_class_sym.get(r as usize))
            .collect();
        let mut coords = CosetCoords {
            corner_class_sym,
            corner_axis_class_sym,
            variant,
            syms,
            flips,
            edge_values: variant.edge_values(),
            moves: OnceLock::new(),
            edge_conj: OnceLock::new(),
            actions: mask_symmetries(),
            flip_move,
            flip_conj,
            #[cfg(test)]
            corner_class: classes.class,
            #[cfg(test)]
            corner_sym: classes.sym,
            class_rep: classes.rep,
            class_stabilizer: classes.stabilizer,
            parities: OnceLock::new(),
            orders: (variant == Variant::Parities(Parities::FlipsAndPermutations))
                .then(order_symmetries),
            packing: None,
            flat_classes: usize::MAX,
        };
        if packed {
            let invariant = variant.invariant_values();
            let images = |w: usize| coords.conjugates(w * invariant);
            let packing = Packing::build(
                &coords.class_stabilizer,
                coords.edge_values,
                invariant,
                &images,
            );
            assert_eq!(
                packing.entries(),
                variant.entries(),
                "entries of {variant:?}"
            );
            coords.flat_classes = packing.asymmetric;
            coords.packing = Some(packing);
        }
        coords
    }

    /// The edge value of a position with edge masks `image` and parities `extra` beside
    /// its masks (read by the parity variants only): its corner parity, or with the
    /// order parities, those.
    #[inline(always)]
    fn edge_value(&self, image: &EdgeMasks, extra: u8) -> usize {
        match self.variant {
            Variant::Slices => image.slices(),
            Variant::SliceFlips => image.slices() * 16 + image.flips_of(0),
            Variant::RelativeSliceFlips => {
                image.slices() * 8 + Variant::RelativeSliceFlips.e_flip_part(image.flips_of(0))
            }
            Variant::Parities(p) => {
                let bits = p.with_beside(parities::flip_parities(image), extra);
                image.slices() * p.values() + p.compact(bits) as usize
            }
        }
    }

    /// The parities beside a position's masks ([`Self::edge_value`]'s `extra`).
    #[inline(always)]
    fn extra_of(&self, c: &Cube) -> u8 {
        match self.variant {
            Variant::Parities(Parities::FlipsAndPermutations) => parities::permutation_parities(c),
            Variant::Parities(_) => c.corner_parity(),
            _ => 0,
        }
    }

    /// The `extra` of the conjugate by `s` of a position with masks `masks`: the corner
    /// parity, which no symmetry changes, or the order parities conjugated.
    #[inline(always)]
    fn conjugated_extra(&self, extra: u8, masks: &EdgeMasks, s: usize) -> u8 {
        match self.orders {
            Some(orders) => orders.conjugated(extra, masks, s),
            None => extra,
        }
    }

    /// The edge value of the conjugate by `s` of a position with masks `masks` and
    /// `extra`.
    #[inline(always)]
    fn conjugate_value(&self, masks: &EdgeMasks, extra: u8, s: usize) -> usize {
        let image = self.actions.conjugate(masks, s);
        self.edge_value(&image, self.conjugated_extra(extra, masks, s))
    }

    /// A position's edge masks and `extra` for edge value `v` (a 48-symmetry variant): the
    /// slices' pieces placed, one flip on a slice whose parity is odd.
    fn value_masks(&self, v: usize) -> (EdgeMasks, u8) {
        let (slices, part) = (v / self.flips, v % self.flips);
        let mut masks = EdgeMasks::of(&edge_cube(slices));
        let bits = match self.variant {
            Variant::Parities(p) => p.expand(part as u8),
            _ => 0,
        };
        for k in 0..3 {
            if bits >> k & 1 == 1 {
                masks.flips |= 1 << masks.slice[k].trailing_zeros();
            }
        }
        let extra = match self.variant {
            Variant::Parities(p) => p.beside_of(bits),
            _ => 0,
        };
        (masks, extra)
    }

    /// The edge value of the conjugate by `s` of a position with edge value `v`.
    #[cfg(test)]
    fn conjugated_value(&self, v: usize, s: usize) -> usize {
        let (masks, extra) = self.value_masks(v);
        self.conjugate_value(&masks, extra, s)
    }

    /// The acted part (`value / invariant`) of each conjugate of a position with edge
    /// value `v`, by symmetry.
    fn conjugates(&self, v: usize) -> [u32; SYMMETRIES] {
        let (masks, extra) = self.value_masks(v);
        let n = self.variant.invariant_values();
        std::array::from_fn(|s| (self.conjugate_value(&masks, extra, s) / n) as u32)
    }

    /// The class of entry `i` and an edge value it stands for (with [`packing`], the
    /// least of its orbit).
    pub fn locate(&self, i: u64) -> (usize, usize) {
        match &self.packing {
            Some(p) => p.locate(i),
            None => (
                (i / self.edge_values as u64) as usize,
                (i % self.edge_values as u64) as usize,
            ),
        }
    }

    /// The entry of class `class` and edge value `edge`: the flat layout's up to
    /// `flat_classes`; past it (a symmetric class of a packed table) the packing's, out of
    /// line (a few per cent of positions; each conjugation is work the search's loop
    /// should not carry inline).
    #[inline(always)]
    fn place(&self, class: usize, edge: usize, symmetric: impl FnOnce() -> u64) -> u64 {
        if class < self.flat_classes {
            class as u64 * self.edge_values as u64 + edge as u64
        } else {
            symmetric()
        }
    }

    /// Whether entry `i` lies in the flat layout (a class with an entry per edge value,
    /// at `class * edge_values + edge`).
    #[inline(always)]
    pub fn is_flat_index(&self, i: u64) -> bool {
        i < (self.flat_classes as u64).saturating_mul(self.edge_values as u64)
    }

    /// [`Self::place`] for a symmetric class, `conj(s)` the edge value conjugated by `s`.
    #[inline(never)]
    fn place_symmetric(&self, class: usize, edge: usize, conj: impl Fn(usize) -> usize) -> u64 {
        let p = self
            .packing
            .as_ref()
            .expect("classes past the flat ones are packed");
        p.place_symmetric(class, edge, conj)
    }

    /// The raw cosets entry `i` stands for: 48 (or 16) over the symmetries that fix its
    /// corner representative and edge value together.
    #[cfg(test)]
    pub fn raw_cosets(&self, i: u64) -> u64 {
        let (class, edge) = self.locate(i);
        let fixing = match &self.packing {
            Some(p) => {
                let syms = p.symmetries_of(class);
                1 + syms
                    .iter()
                    .filter(|&&s| self.conjugated_value(edge, s as usize) == edge)
                    .count()
            }
            None => self.class_stabilizer[class].count_ones() as usize,
        };
        (self.syms / fixing) as u64
    }

    /// Table index of a (raw corner, slice value, E flips) triple.
    #[inline(always)]
    pub fn index_of(&self, corner: usize, slices: usize, flips: usize) -> u64 {
        self.index_cs(self.corner_class_sym.get(corner), slices, flips)
    }

    /// Table index from a corner's `class << 8 | sym`, a slice value and E flips.
    #[inline(always)]
    fn index_cs(&self, class_sym: u32, slices: usize, flips: usize) -> u64 {
        let class = (class_sym >> 8) as usize;
        let s = (class_sym & 255) as usize;
        let edge = self.conj_edge(slices, flips, s);
        let conj = |t| self.conj_edge(edge / self.flips, edge % self.flips, t);
        self.place(class, edge, || self.place_symmetric(class, edge, conj))
    }

    /// The parity part of the conjugate by `s`, from a slice value and parity part.
    #[inline(always)]
    fn conj_parities(&self, p: Parities, slices: usize, v: usize, s: usize) -> usize {
        let t = self.parities().expect("a parity variant has its tables");
        p.compact(t.conjugated(p.expand(v as u8), slices, s)) as usize
    }

    /// The table index of position `c` (a 48-symmetry variant), its edge masks and slice
    /// value, which the edge-slices table reads too, and the symmetry that takes its
    /// corners to their class, which a half turn premoved keeps
    /// ([`Self::half_turn_index`]).
    #[inline(always)]
    pub fn index_masks_and_sym(&self, c: &Cube) -> (u64, EdgeMasks, usize, u8) {
        let masks = EdgeMasks::of(c);
        let class_sym = self.corner_class_sym.get(corner_raw(c));
        let i = self.index_from(class_sym, &masks, self.extra_of(c));
        (i, masks, masks.slices(), class_sym as u8)
    }

    /// The order-parity table's index of `h · c`, for `h` the half turn of face `face`,
    /// from `c`'s index `i` (in a class with an entry per edge value) and class symmetry
    /// `sym`: `h` lies in the subgroup of the coarser parity tables, so it keeps `c`'s
    /// corner class, slice value and flips, and changes only the order parities, by those
    /// of `h`'s conjugate (the edge value's last three bits).
    #[inline(always)]
    pub fn half_turn_index(&self, i: u64, sym: u8, face: usize) -> u64 {
        let orders = self.orders.expect("the order-parity table");
        i ^ orders.half_turn(sym as usize, face) as u64
    }

    /// Table index of position `c` given its edge masks: the corner's class and symmetry
    /// looked up, the masks conjugated by that symmetry ([`MaskSymmetries::conjugate`]),
    /// and the edge value read off the conjugate's masks.  Equal to [`Self::index_of`]
    /// (the tests check it), without its table by slice value and symmetry.
    #[inline(always)]
    pub fn index_with_masks(&self, c: &Cube, masks: &EdgeMasks) -> u64 {
        self.index_from(
            self.corner_class_sym.get(corner_raw(c)),
            masks,
            self.extra_of(c),
        )
    }

    /// Table index of a position from its corner's `class << 8 | sym`, its edge masks and
    /// the parities beside them (read by the parity variants only).
    #[inline(always)]
    fn index_from(&self, class_sym: u32, masks: &EdgeMasks, extra: u8) -> u64 {
        let class = (class_sym >> 8) as usize;
        let s = (class_sym & 255) as usize;
        let image = self.actions.conjugate(masks, s);
        let extra = self.conjugated_extra(extra, masks, s);
        let edge = self.edge_value(&image, extra);
        self.place(class, edge, move || {
            self.symmetric_index(class, edge, image, extra)
        })
    }

    /// [`Self::index_from`] for a symmetric class, out of line.  The masks come by value:
    /// a reference would keep the hot path's masks in memory rather than in registers
    /// (6–9 % of the search's time, measured).
    #[cold]
    #[inline(never)]
    fn symmetric_index(&self, class: usize, edge: usize, image: EdgeMasks, extra: u8) -> u64 {
        let conj = |t| self.conjugate_value(&image, extra, t);
        self.place_symmetric(class, edge, conj)
    }

    /// The slice-value tables of [`Self::index_of`], built on first use (half a second).
    pub fn edge_conj(&self) -> &[u16] {
        self.edge_conj.get_or_init(|| {
            let edge_cubes: Vec<Cube> = (0..EDGE_SLICES).into_par_iter().map(edge_cube).collect();
            (0..self.syms)
                .into_par_iter()
                .flat_map_iter(|s| {
                    edge_cubes
                        .iter()
                        .map(move |c| edge_slices(&conjugate(c, s)) as u16)
                })
                .collect()
        })
    }

    /// How moves and symmetries act on the parity bits (parity variants only; built on
    /// first use).
    pub fn parities(&self) -> Option<&ParityTables> {
        self.parities
            .get_or_init(|| match self.variant {
                Variant::Parities(_) => Some(ParityTables::build()),
                _ => None,
            })
            .as_ref()
    }

    /// Table index of position `c`.  When the corner class is symmetric, conjugates of `c`
    /// may land on twin entries (which hold the same value); see [`Self::canonical_index`].
    #[inline(always)]
    pub fn index(&self, c: &Cube) -> u64 {
        self.index_with_masks(c, &EdgeMasks::of(c))
    }

    /// Table index of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]` (k = 4 tables), given
    /// `corner = corner_raw(c)` and the edge masks of `c`.
    #[inline(always)]
    pub fn axis_index(&self, masks: &EdgeMasks, corner: usize, a: usize) -> u64 {
        if a == 0 {
            return self.index_from(self.corner_class_sym.get(corner), masks, 0);
        }
        let turned = self.actions.conjugate(masks, AXIS_SYMMETRIES[a]);
        self.index_from(self.corner_axis_class_sym[corner * 2 + a - 1], &turned, 0)
    }

    /// Edge value (slices · flips) of the conjugate by `s`.
    #[inline(always)]
    fn conj_edge(&self, slices: usize, flips: usize, s: usize) -> usize {
        let edge = self.edge_conj()[s * EDGE_SLICES + slices] as usize;
        match self.variant {
            Variant::Slices => edge,
            Variant::SliceFlips | Variant::RelativeSliceFlips => {
                edge * self.flips
                    + self.flip_conj[((slices / 70) * self.syms + s) * 16 + flips] as usize
            }
            Variant::Parities(p) => edge * p.values() + self.conj_parities(p, slices, flips, s),
        }
    }
}

impl Twins for CosetCoords {
    /// Entries of the same corner class whose edges one of its symmetries maps together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        if self.packing.is_some() {
            return;
        }
        let class = (i / self.edge_values as u64) as usize;
        let image = || {
            let edge = (i % self.edge_values as u64) as usize;
            let (slices, flips) = (edge / self.flips, edge % self.flips);
            move |s| {
                class as u64 * self.edge_values as u64 + self.conj_edge(slices, flips, s) as u64
            }
        };
        visit_twins(i, self.class_stabilizer[class], image, visit)
    }
}

/// The k = 0 coset tables, built on first use.
pub fn coset_coords() -> &'static CosetCoords {
    coords_for(Variant::Slices)
}

/// The tables of `variant`, built on first use.
pub fn coords_for(variant: Variant) -> &'static CosetCoords {
    static SLICES: OnceLock<CosetCoords> = OnceLock::new();
    static FLIPS: OnceLock<CosetCoords> = OnceLock::new();
    static RELATIVE_FLIPS: OnceLock<CosetCoords> = OnceLock::new();
    static PARITIES: [OnceLock<CosetCoords>; 4] = [const { OnceLock::new() }; 4];
    let cell = match variant {
        Variant::Slices => &SLICES,
        Variant::SliceFlips => &FLIPS,
        Variant::RelativeSliceFlips => &RELATIVE_FLIPS,
        Variant::Parities(Parities::Corners) => &PARITIES[0],
        Variant::Parities(Parities::Flips) => &PARITIES[1],
        Variant::Parities(Parities::FlipsAndCorners) => &PARITIES[2],
        Variant::Parities(Parities::FlipsAndPermutations) => &PARITIES[3],
    };
    cell.get_or_init(|| CosetCoords::build(variant))
}

mod descriptor;
pub use descriptor::*;
pub mod packing;
use packing::Packing;
mod space;
pub use space::{CosetSpace, MoveTables};
pub mod parities;
pub use parities::{OrderSymmetries, Parities, ParityTables};

/// How symmetries act on the order parities, read off the cube model on first use.
fn order_symmetries() -> &'static OrderSymmetries {
    static ORDERS: OnceLock<OrderSymmetries> = OnceLock::new();
    ORDERS.get_or_init(OrderSymmetries::build)
}

/// The k = 4 coset table as the registry names a three-axis family
/// (`crate::tables::registry`).
pub mod k4 {
    pub use super::descriptor::{COSET4 as TABLE, COSET4_HEURISTIC as HEURISTIC};
    /// Its coordinate.
    pub type Coords = super::CosetCoords;
    /// Its coordinate's tables, built on first use.
    pub fn coords() -> &'static Coords {
        super::coords_for(super::Variant::SliceFlips)
    }
}

/// The k = 3 coset table (the E flips relative to one another) as the registry names a
/// three-axis family.
pub mod k3 {
    pub use super::descriptor::{COSET3 as TABLE, COSET3_HEURISTIC as HEURISTIC};
    /// Its coordinate.
    pub type Coords = super::CosetCoords;
    /// Its coordinate's tables, built on first use.
    pub fn coords() -> &'static Coords {
        super::coords_for(super::Variant::RelativeSliceFlips)
    }
}

/// The k = 4 coset table in quarter turns: the same coordinate, searched by the 12
/// quarter turns.
pub mod k4_qtm {
    pub use super::descriptor::{COSET4_QTM as TABLE, COSET4_QTM_HEURISTIC as HEURISTIC};
    pub use super::k4::{coords, Coords};
}
mod probe;
pub use probe::SymmetricTable;
mod plain;
pub use plain::{CosetAlone, CosetBesideCorners, CosetOrdersAlone, KorfAndCoset};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_flips;
#[cfg(test)]
mod tests_packing;
#[cfg(test)]
mod tests_parities;
#[cfg(test)]
mod tests_relative_flips;
