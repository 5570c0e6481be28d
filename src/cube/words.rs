//! What the search reads of a position at every probe, computed a machine word at a time.
//!
//! A [`Cube`] keeps one byte per piece (corners `piece | twist << 3`, edges `piece | flip
//! << 4`), so the eight corners are one 64-bit word and the twelve edges a word and a
//! half.  The bit sets and small coordinates the coset tables index by — which positions
//! hold a slice's edges, which edges are flipped, which corners are of tetrad A, the twist
//! coordinate, the corners' permutation parity — are then a few shifts, masks and one
//! multiply per word instead of a loop over the pieces (lab/2026-12-06-the-probe-a-word-at-a-time.md:
//! those loops were a fifth of the search's instructions).  The loops they replace are
//! the tests' reference.

use super::Cube;

/// Bit 0 of every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The low bits of the eight bytes of `w` (`w` has no other bits set), packed: bit `i` of
/// the result is bit 0 of byte `i`.  Each byte's bit is multiplied up to bit `56 + i`; no
/// two partial products meet, so nothing carries into the top byte.
#[inline(always)]
const fn gather(w: u64) -> usize {
    (w.wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// `TWIST4[t0 | t1 << 2 | t2 << 4 | t3 << 6]` = `t0·27 + t1·9 + t2·3 + t3`: four base-3
/// digits of the twist coordinate, most significant first.
static TWIST4: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut x = 0;
    while x < 256 {
        t[x] = ((x & 3) * 27 + (x >> 2 & 3) * 9 + (x >> 4 & 3) * 3 + (x >> 6 & 3)) as u8;
        x += 1;
    }
    t
};

/// `INVERSIONS4` bit `a | b << 3 | c << 6 | d << 9`: the parity of the inversions among
/// the four values `a b c d` (in that order), as 4,096 bits.
static INVERSIONS4: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut key = 0;
    while key < 4096 {
        let v = [key & 7, key >> 3 & 7, key >> 6 & 7, key >> 9 & 7];
        let mut odd = 0;
        let mut i = 0;
        while i < 4 {
            let mut j = i + 1;
            while j < 4 {
                odd ^= (v[i] > v[j]) as u64;
                j += 1;
            }
            i += 1;
        }
        t[key >> 6] |= odd << (key & 63);
        key += 1;
    }
    t
};

impl Cube {
    /// The corners' bytes as one little-endian word (position `i` in byte `i`).
    #[inline(always)]
    fn corner_word(&self) -> u64 {
        u64::from_le_bytes(self.corners)
    }

    /// The edges' bytes as two little-endian words: positions 0–7, then 8–11.
    #[inline(always)]
    fn edge_words(&self) -> [u64; 2] {
        let e = self.edges;
        [
            u64::from_le_bytes([e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]]),
            u32::from_le_bytes([e[8], e[9], e[10], e[11]]) as u64,
        ]
    }

    /// Three sets of edge positions (bit `i` for position `i`): those holding E-slice
    /// pieces (FR FL BL BR, pieces 8–11: bit 3 of the piece), those holding M-slice pieces
    /// (UF UB DF DB, pieces 1, 3, 5, 7: odd and below 8), and those whose edge is flipped.
    #[inline(always)]
    pub(crate) fn edge_sets(&self) -> [usize; 3] {
        let both = |w: u64| {
            [
                gather(w >> 3 & ONES),
                gather(w & !(w >> 3) & ONES),
                gather(w >> 4 & ONES),
            ]
        };
        let [lo, hi] = self.edge_words().map(both);
        [lo[0] | hi[0] << 8, lo[1] | hi[1] << 8, lo[2] | hi[2] << 8]
    }

    /// The corner positions holding tetrad A's pieces (URF ULB DLF DRB: 0, 2, 5, 7, the
    /// pieces whose bits 0 and 2 agree), bit `i` for position `i`.
    #[inline(always)]
    pub(crate) fn tetrad_a_positions(&self) -> usize {
        let w = self.corner_word();
        gather(!(w ^ w >> 2) & ONES)
    }

    /// Corner twist coordinate (0..3^7): the first seven twists as base-3 digits, the
    /// first most significant (as [`rank_twist`](super::coord::rank_twist)).
    #[inline(always)]
    pub fn twist_coord(&self) -> u32 {
        let t = self.corner_word() >> 3 & 0x0303_0303_0303_0303;
        let pairs = (t | t >> 6) & 0x000F_000F_000F_000F;
        let quads = (pairs | pairs >> 12) & 0x0000_00FF_0000_00FF;
        let (first, last) = (quads as usize & 0xFF, (quads >> 32) as usize & 0xFF);
        // The last three digits are the first three of a four-digit group: TWIST4 of them
        // with the eighth twist left out (as digit 0), then its last digit dropped.
        TWIST4[first] as u32 * 27 + TWIST4[last & 63] as u32 / 3
    }

    /// The parity of the corners' permutation: 0 even, 1 odd.  The inversions within
    /// positions 0–3 and within 4–7 come from a table of four values each; those across
    /// the halves number the sum of the first half's pieces less 0 + 1 + 2 + 3, whatever
    /// their order, so their parity is that of the sum.
    #[inline(always)]
    pub fn corner_parity(&self) -> u8 {
        let p = self.corner_word() & 0x0707_0707_0707_0707;
        let pairs = (p | p >> 5) & 0x003F_003F_003F_003F;
        let quads = (pairs | pairs >> 10) & 0x0000_0FFF_0000_0FFF;
        let (first, last) = (quads as usize & 0xFFF, (quads >> 32) as usize & 0xFFF);
        let within = |key: usize| (INVERSIONS4[key >> 6] >> (key & 63)) as u32;
        let across = (p & 0x0101_0101).count_ones();
        ((within(first) ^ within(last) ^ across) & 1) as u8
    }
}

#[cfg(test)]
mod tests {
    use crate::cube::coord::rank_twist;
    use crate::cube::random_cube;
    use crate::cube::{Cube, ALL_MOVES};
    use rand::{rngs::StdRng, SeedableRng};

    /// The loops these replace, piece by piece.
    fn edge_sets_by_piece(c: &Cube) -> [usize; 3] {
        let (mut e, mut m, mut f) = (0, 0, 0);
        for i in 0..12 {
            let piece = c.edge(i) as usize;
            e |= ((0xF00 >> piece) & 1) << i;
            m |= ((0b1010_1010 >> piece) & 1) << i;
            f |= (c.flip(i) as usize) << i;
        }
        [e, m, f]
    }

    fn corner_parity_by_inversions(c: &Cube) -> u8 {
        let p = c.corner_perm();
        let mut odd = 0;
        for i in 0..8 {
            for j in i + 1..8 {
                odd ^= (p[i] > p[j]) as u8;
            }
        }
        odd
    }

    fn check(c: &Cube) {
        assert_eq!(c.edge_sets(), edge_sets_by_piece(c), "{c:?}");
        let tetrad = (0..8).fold(0, |s, i| s | ((0b1010_0101 >> c.corner(i)) & 1) << i);
        assert_eq!(c.tetrad_a_positions(), tetrad, "{c:?}");
        assert_eq!(c.twist_coord(), rank_twist(&c.corner_twists()), "{c:?}");
        assert_eq!(c.corner_parity(), corner_parity_by_inversions(c), "{c:?}");
    }

    #[test]
    fn words_agree_with_the_pieces_one_by_one() {
        check(&Cube::SOLVED);
        for m in ALL_MOVES {
            check(&Cube::SOLVED.apply_move(m));
        }
        let mut rng = StdRng::seed_from_u64(20_261_206);
        for _ in 0..20_000 {
            let c = random_cube(&mut rng);
            check(&c);
            check(&c.inverse());
        }
    }

    #[test]
    fn every_twist_and_every_corner_order_is_read_alike() {
        // All 2,187 twist values and all 40,320 corner orders, not only random ones.
        for raw in 0..crate::cube::coord::TWISTS {
            let t = crate::cube::coord::unrank_twist(raw);
            let edges = std::array::from_fn(|i| i as u8);
            let c = Cube::from_parts([0, 1, 2, 3, 4, 5, 6, 7], t, edges, [0; 12]);
            assert_eq!(c.twist_coord(), raw);
        }
        let mut perm = [0u8, 1, 2, 3, 4, 5, 6, 7];
        let mut seen = 0;
        permutations(&mut perm, 0, &mut |p| {
            let c = Cube::from_parts(*p, [0; 8], std::array::from_fn(|i| i as u8), [0; 12]);
            assert_eq!(c.corner_parity(), corner_parity_by_inversions(&c), "{p:?}");
            seen += 1;
        });
        assert_eq!(seen, 40_320);
    }

    fn permutations(p: &mut [u8; 8], k: usize, visit: &mut impl FnMut(&[u8; 8])) {
        if k == 8 {
            return visit(p);
        }
        for i in k..8 {
            p.swap(k, i);
            permutations(p, k + 1, visit);
            p.swap(k, i);
        }
    }
}
