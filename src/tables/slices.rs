//! Which slice each edge stands in: the edge coordinates every coset family reads (the
//! pieces of each slice as bit sets, [`EdgeMasks`]; the slice value, C(12,4) · C(8,4);
//! ranks of bit sets), positions built from them, and the classing of a raw coordinate
//! under the symmetries that the coset, edge-slices, full-edge and U/D-layer tables
//! share.  A leaf of `tables`: it reads the cube model only.

use crate::cube::coord::binomial;
use crate::cube::symmetry::{conjugate, symmetries, SYMMETRIES};
use crate::cube::Cube;
use std::sync::OnceLock;

/// Edge values: which slice each position's edge belongs to.
pub const EDGE_SLICES: usize = 495 * 70;

/// Slice of each edge piece: 0 = E, 1 = M, 2 = S.
pub const EDGE_SLICE: [u8; 12] = [2, 1, 2, 1, 2, 1, 2, 1, 0, 0, 0, 0];

/// Rank of a bit set of `n` bits with exactly `k` ones, among all such sets in the order of
/// the combinatorial number system (0 for the lowest `k` bits).  Built for masks < 4096.
const fn combination_ranks() -> [u16; 4096] {
    let mut table = [u16::MAX; 4096];
    let mut mask = 0usize;
    while mask < 4096 {
        let mut rank = 0;
        let mut ones = 0;
        let mut bit = 0;
        while bit < 12 {
            if mask & (1 << bit) != 0 {
                ones += 1;
                rank += binomial(bit, ones);
            }
            bit += 1;
        }
        table[mask] = rank as u16;
        mask += 1;
    }
    table
}

pub(crate) static COMBINATION_RANK: [u16; 4096] = combination_ranks();

/// Inverse of the ranking for `k` ones among `n` bits: the mask of rank `r`, its ones
/// taken from the highest down (each the largest bit `b` with `C(b, i) <= r` left).
pub(crate) fn unrank_combination(r: usize, k: u32, n: usize) -> u16 {
    assert!(r < binomial(n, k as usize), "rank in range");
    let (mut rest, mut mask, mut bit) = (r, 0u16, n);
    for ones in (1..=k as usize).rev() {
        // Terminates: C(ones - 1, ones) = 0 <= rest.
        bit -= 1;
        while binomial(bit, ones) > rest {
            bit -= 1;
        }
        mask |= 1 << bit;
        rest -= binomial(bit, ones);
    }
    mask
}

/// The edge value of `c`: the four E-slice positions (C(12,4)), then the four M-slice
/// positions among the remaining eight (C(8,4)).
#[inline(always)]
pub fn edge_slices(c: &Cube) -> usize {
    EdgeMasks::of(c).slices()
}

/// Edge pieces of the E slice (FR FL BL BR), as a bit set.
const IS_E: usize = 0xF00;

/// The edges of a position as bit sets over the 12 positions: which hold E, M and S pieces,
/// and which are flipped.  Every edge coordinate of the coset tables, along any axis, is
/// read from these by small tables.
#[derive(Clone, Copy, Debug)]
pub struct EdgeMasks {
    pub slice: [usize; 3],
    pub flips: usize,
}

impl EdgeMasks {
    #[inline(always)]
    pub fn of(c: &Cube) -> EdgeMasks {
        let [e, m, f] = c.edge_sets();
        EdgeMasks {
            slice: [e, m, !(e | m) & 0xFFF],
            flips: f,
        }
    }

    /// The slice value ([`edge_slices`]).
    #[inline(always)]
    pub fn slices(&self) -> usize {
        let [e, m, _] = self.slice;
        let keep = !e & 0xFFF;
        let (lo, lo_n) = SQUEEZE[(m & 63) << 6 | (keep & 63)];
        let (hi, _) = SQUEEZE[(m >> 6) << 6 | (keep >> 6)];
        let m8 = lo as usize | (hi as usize) << lo_n;
        COMBINATION_RANK[e] as usize * 70 + COMBINATION_RANK[m8] as usize
    }

    /// The flips at the positions of slice `s`'s pieces, in position order (4 bits).
    #[inline(always)]
    pub fn flips_of(&self, s: usize) -> usize {
        let mask = self.slice[s];
        let (lo, lo_n) = SQUEEZE[(self.flips & 63) << 6 | (mask & 63)];
        let (hi, _) = SQUEEZE[(self.flips >> 6) << 6 | (mask >> 6)];
        lo as usize | (hi as usize) << lo_n
    }
}

/// `SQUEEZE[bits << 6 | keep]`: the bits of `bits` at the positions set in `keep`, packed
/// to the bottom, and how many positions `keep` has (a six-bit parallel bit extract).
static SQUEEZE: [(u8, u8); 4096] = {
    let mut t = [(0u8, 0u8); 4096];
    let mut i = 0;
    while i < 4096 {
        let (bits, keep) = (i >> 6, i & 63);
        let (mut out, mut n, mut b) = (0u8, 0u8, 0);
        while b < 6 {
            if keep & (1 << b) != 0 {
                out |= (((bits >> b) & 1) as u8) << n;
                n += 1;
            }
            b += 1;
        }
        t[i] = (out, n);
        i += 1;
    }
    t
};

/// The classes of a raw coordinate under the first `syms` symmetries (the first 16
/// preserve the U/D axis; all 48 are every symmetry): for each raw value its class and the
/// symmetry taking it to its class's representative; for each class its representative's
/// raw value and the symmetries that fix it (bit s).  The coset tables class their corner
/// part, the edge-slices table its slice value.
pub(crate) struct SymmetryClasses {
    pub class: Vec<u16>,
    pub sym: Vec<u8>,
    pub rep: Vec<u32>,
    pub stabilizer: Vec<u64>,
}

/// `class << 8 | sym` of each raw value of a coordinate, three bytes each: the search
/// reads one per child at random, and at three bytes the corners' (153,090 values) take
/// 459 kB rather than 612 kB, which keeps more of them in the core's second-level cache
/// and 153 kB less resident.
#[derive(Clone, Debug, Default)]
pub struct ClassSyms {
    /// Little-endian 3-byte entries, and one byte of padding so that the last entry reads
    /// as four.
    bytes: Vec<u8>,
}

impl ClassSyms {
    /// The table of `(class, sym)` by raw value.
    pub fn new(entries: impl ExactSizeIterator<Item = (u16, u8)>) -> ClassSyms {
        let mut bytes = Vec::with_capacity(entries.len() * 3 + 1);
        for (class, sym) in entries {
            let v = (class as u32) << 8 | sym as u32;
            bytes.extend_from_slice(&v.to_le_bytes()[..3]);
        }
        bytes.push(0);
        ClassSyms { bytes }
    }

    /// `class << 8 | sym` of raw value `raw`: one unaligned four-byte load.
    #[inline(always)]
    pub fn get(&self, raw: usize) -> u32 {
        let at = raw * 3;
        let word: [u8; 4] = self.bytes[at..at + 4].try_into().expect("four bytes");
        u32::from_le_bytes(word) & 0xFF_FFFF
    }
}

impl SymmetryClasses {
    /// `class << 8 | sym` of each raw value: what a table index reads.
    pub fn class_sym(&self) -> ClassSyms {
        ClassSyms::new(self.class.iter().zip(&self.sym).map(|(&c, &s)| (c, s)))
    }

    /// Number the classes again, those that no symmetry but the identity fixes first
    /// (in their order), then the others (a twin-free table's layout,
    /// `coset::packing`).
    pub fn asymmetric_first(&mut self) {
        let mut order: Vec<usize> = (0..self.rep.len()).collect();
        order.sort_by_key(|&c| self.stabilizer[c] != 1);
        let mut renumber = vec![0u16; order.len()];
        for (new, &old) in order.iter().enumerate() {
            renumber[old] = new as u16;
        }
        for c in &mut self.class {
            *c = renumber[*c as usize];
        }
        self.rep = order.iter().map(|&c| self.rep[c]).collect();
        self.stabilizer = order.iter().map(|&c| self.stabilizer[c]).collect();
    }
}

/// [`SymmetryClasses`] of the `raws` raw values `raw_of` reads, `cube_of(raw)` a position
/// of each.  Positions are made only for the class representatives: a search that builds
/// its coset coordinates need not hold a position for every raw value (153,090 corner
/// values, 3 MB, where the 64 MiB rung has none to spare).
pub(crate) fn symmetry_classes(
    raws: usize,
    cube_of: impl Fn(usize) -> Cube,
    syms: usize,
    raw_of: impl Fn(&Cube) -> usize,
) -> SymmetryClasses {
    let inverse = &symmetries().inverse;
    let (mut class, mut sym) = (vec![u16::MAX; raws], vec![0u8; raws]);
    let (mut rep, mut stabilizer) = (Vec::new(), Vec::new());
    for raw in 0..raws {
        if class[raw] != u16::MAX {
            continue;
        }
        let c = rep.len() as u16;
        let mut fixes = 0u64;
        let cube = cube_of(raw);
        for (s, &inverse_s) in inverse.iter().enumerate().take(syms) {
            let image = raw_of(&conjugate(&cube, s));
            if image == raw {
                fixes |= 1 << s;
            }
            if class[image] == u16::MAX {
                class[image] = c;
                // S_s · rep · S_s⁻¹ = image, so conjugating image by s⁻¹ gives rep.
                sym[image] = inverse_s;
            }
        }
        rep.push(raw as u32);
        stabilizer.push(fixes);
    }
    SymmetryClasses {
        class,
        sym,
        rep,
        stabilizer,
    }
}

/// A position with the given edge value (edges only, unflipped; corners solved).
pub fn edge_cube(value: usize) -> Cube {
    let e = unrank_combination(value / 70, 4, 12);
    let m = unrank_combination(value % 70, 4, 8);
    let (mut es, mut ms, mut ss) = (
        [8u8, 9, 10, 11].into_iter(),
        [1u8, 3, 5, 7].into_iter(),
        [0u8, 2, 4, 6].into_iter(),
    );
    let mut k = 0;
    let ep: [u8; 12] = std::array::from_fn(|i| {
        if e & (1 << i) != 0 {
            es.next().unwrap()
        } else {
            k += 1;
            if m & (1 << (k - 1)) != 0 {
                ms.next().unwrap()
            } else {
                ss.next().unwrap()
            }
        }
    });
    let solved = Cube::SOLVED;
    Cube::from_parts(solved.corner_perm(), solved.corner_twists(), ep, [0; 12])
}

/// The flips of the edges standing in the positions that hold E-slice pieces, packed in
/// position order (4 bits).  With the slices of [`edge_slices`] this names the coset of the
/// subgroup in which the E-slice edges are also oriented
/// ([`Variant::SliceFlips`](crate::tables::coset::Variant::SliceFlips)).
#[inline(always)]
pub fn e_flips(c: &Cube) -> usize {
    EdgeMasks::of(c).flips_of(0)
}

/// A position with the given edge value and E-slice flips (corners solved; the first
/// non-E edge carries whatever flip keeps the total even).
pub fn edge_cube_flipped(slices: usize, flips: usize) -> Cube {
    let base = edge_cube(slices);
    let mut eo = [0u8; 12];
    let mut k = 0;
    for (i, f) in eo.iter_mut().enumerate() {
        if IS_E >> base.edge(i) & 1 == 1 {
            *f = (flips >> k & 1) as u8;
            k += 1;
        }
    }
    let odd = eo.iter().sum::<u8>() & 1;
    let first_other = (0..12).find(|&i| IS_E >> base.edge(i) & 1 == 0).unwrap();
    eo[first_other] ^= odd;
    Cube::from_parts(
        base.corner_perm(),
        base.corner_twists(),
        base.edge_perm(),
        eo,
    )
}

/// Symmetries that carry each of the three axes onto the U–D axis: identity, `URF3`,
/// `URF3²`.  Probing `S · x · S⁻¹` for each gives the distance of `x` to the subgroup of
/// each axis.
pub const AXIS_SYMMETRIES: [usize; 3] = [0, 16, 32];

/// How each of the 48 symmetries acts on [`EdgeMasks`]: where it carries each position (as
/// two 6-bit halves of a 12-bit set), which slice each slice's pieces become, and which
/// slices' pieces it flips at each position.  With these a coset index conjugates a
/// position's masks in a few lookups into tables of 12 KB, where a table by slice value
/// and symmetry (34,650 · 48 entries) costs a miss in the search's every probe.
pub struct MaskSymmetries {
    image: [[[u16; 64]; 2]; SYMMETRIES],
    /// `source[s][t]`: the slice whose pieces the conjugate by `s` puts in slice `t`.
    source: [[u8; 3]; SYMMETRIES],
    /// `turned[s][slice]`: the positions whose edge symmetry `s` flips when that edge's
    /// piece belongs to `slice` (0 = E, 1 = M, 2 = S).
    turned: [[u16; 3]; SYMMETRIES],
}

/// Slice values the actions are read off and checked on: every 97th (358 of them, which
/// put each slice's pieces on every position).
const SAMPLE_STRIDE: usize = 97;

impl MaskSymmetries {
    /// Read the actions off conjugated positions, checking that a symmetry's flip and the
    /// slice it gives a piece depend on the position and the piece's slice alone (the
    /// tests check whole indices against conjugated random positions).
    fn read() -> MaskSymmetries {
        let mut image = [[[0u16; 64]; 2]; SYMMETRIES];
        let mut source = [[0u8; 3]; SYMMETRIES];
        let mut turned = [[0u16; 3]; SYMMETRIES];
        for s in 0..SYMMETRIES {
            let target = position_images(s);
            image[s] = std::array::from_fn(|half| {
                std::array::from_fn(|bits| {
                    (0..6)
                        .filter(|b| bits >> b & 1 == 1)
                        .fold(0, |acc, b| acc | target[half * 6 + b])
                })
            });
            let mut flipped = [[None::<bool>; 3]; 12];
            let mut becomes = [None::<usize>; 3];
            for v in (0..EDGE_SLICES).step_by(SAMPLE_STRIDE) {
                let c = edge_cube(v);
                let out = EdgeMasks::of(&conjugate(&c, s));
                for (p, row) in flipped.iter_mut().enumerate() {
                    let slice = EDGE_SLICE[c.edge(p) as usize] as usize;
                    let flips = out.flips as u16 & target[p] != 0;
                    let was = row[slice].get_or_insert(flips);
                    assert_eq!(
                        *was, flips,
                        "a symmetry's flip depends on position and slice"
                    );
                    let to = (0..3)
                        .find(|&t| out.slice[t] as u16 & target[p] != 0)
                        .expect("every position holds a piece of some slice");
                    let was = becomes[slice].get_or_insert(to);
                    assert_eq!(*was, to, "a symmetry takes a slice to a slice");
                }
            }
            for (p, row) in flipped.iter().enumerate() {
                for (slice, f) in row.iter().enumerate() {
                    if f.expect("every slice is seen at every position") {
                        turned[s][slice] |= 1 << p;
                    }
                }
            }
            for (slice, to) in becomes.iter().enumerate() {
                source[s][to.expect("every slice is seen")] = slice as u8;
            }
        }
        MaskSymmetries {
            image,
            source,
            turned,
        }
    }

    /// The 12-bit set `bits` carried position by position as symmetry `s` carries them.
    #[inline(always)]
    fn carry(&self, bits: usize, s: usize) -> usize {
        let image = &self.image[s];
        (image[0][bits & 63] | image[1][bits >> 6]) as usize
    }

    /// The flips (12-bit set by position) of `S · x · S⁻¹`, from the masks of `x`.
    #[inline(always)]
    pub fn conjugate_flips(&self, masks: &EdgeMasks, s: usize) -> usize {
        let [e, m, sl] = masks.slice;
        let t = &self.turned[s];
        let x = masks.flips ^ (e & t[0] as usize | m & t[1] as usize | sl & t[2] as usize);
        self.carry(x, s)
    }

    /// The masks of `S · x · S⁻¹`, from the masks of `x`.
    #[inline(always)]
    pub fn conjugate(&self, masks: &EdgeMasks, s: usize) -> EdgeMasks {
        let from = &self.source[s];
        let e = self.carry(masks.slice[from[0] as usize], s);
        let m = self.carry(masks.slice[from[1] as usize], s);
        EdgeMasks {
            slice: [e, m, !(e | m) & 0xFFF],
            flips: self.conjugate_flips(masks, s),
        }
    }
}

/// Where symmetry `s` carries each position's flip: the bit that the conjugates of two
/// positions flipped in pairs through it share.
fn position_images(s: usize) -> [u16; 12] {
    let flipped = |pair: [usize; 2]| {
        let mut eo = [0u8; 12];
        eo[pair[0]] = 1;
        eo[pair[1]] = 1;
        let c = Cube::SOLVED;
        Cube::from_parts(c.corner_perm(), c.corner_twists(), c.edge_perm(), eo)
    };
    std::array::from_fn(|p| {
        let (a, b) = ((p + 1) % 12, (p + 2) % 12);
        let fa = EdgeMasks::of(&conjugate(&flipped([p, a]), s)).flips;
        let fb = EdgeMasks::of(&conjugate(&flipped([p, b]), s)).flips;
        let bit = fa & fb;
        assert_eq!(
            bit.count_ones(),
            1,
            "a symmetry moves one flip to one position"
        );
        bit as u16
    })
}

/// The symmetries' action on edge masks, read off the cube model on first use
/// (milliseconds).
pub fn mask_symmetries() -> &'static MaskSymmetries {
    static ACTIONS: OnceLock<MaskSymmetries> = OnceLock::new();
    ACTIONS.get_or_init(MaskSymmetries::read)
}
