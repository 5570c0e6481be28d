//! Coordinates: dense ranks of permutations, partial permutations and orientations, and the
//! inverse unranking, all in linear time (bitmask + popcount for the Lehmer code).
//!
//! * Permutations are ranked lexicographically (the identity is 0, the reversed order is
//!   `n! - 1`).
//! * A partial permutation — `k` distinct values out of `0..n` in order — is ranked
//!   lexicographically among the `n!/(n-k)!` such sequences.
//! * Corner twist (3^7) and edge flip (2^11) use Kociemba's coordinates: the first 7 twists
//!   (resp. 11 flips) read as a base-3 (base-2) number, position 0 most significant; the last
//!   orientation follows from the others.

use crate::cube::{Cube, Cubies};

/// `FACT[n] = n!` for n ≤ 12.
pub const FACT: [u64; 13] = {
    let mut f = [1u64; 13];
    let mut i = 1;
    while i < 13 {
        f[i] = f[i - 1] * i as u64;
        i += 1;
    }
    f
};

/// Number of corner twist coordinates, 3^7.
pub const TWISTS: u32 = 2187;
/// Number of edge flip coordinates, 2^11.
pub const FLIPS: u32 = 2048;
/// Number of corner permutations, 8!.
pub(crate) const CORNER_PERMS: u32 = 40320;
/// Number of edge permutations, 12!.
pub const EDGE_PERMS: u32 = 479_001_600;
/// Number of full corner states, 8!·3^7.
pub const CORNER_STATES: u64 = CORNER_PERMS as u64 * TWISTS as u64;

/// `n!/(n-k)!`: the number of ordered selections of `k` out of `n`.
pub const fn pick(n: u64, k: u64) -> u64 {
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r *= n - i;
        i += 1;
    }
    r
}

/// `C(n, k)`: the number of `k`-element subsets of `n` (0 when `k > n`).
pub(crate) const fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// Lexicographic rank of a permutation of `0..values.len()`.
#[inline(always)]
pub fn rank_perm(values: &[u8]) -> u32 {
    rank_partial(values, values.len())
}

/// Lexicographic rank of `values` (distinct, each `< n`) among all ordered selections of
/// `values.len()` out of `0..n`.
#[inline(always)]
pub(crate) fn rank_partial(values: &[u8], n: usize) -> u32 {
    let mut used = 0u32;
    let mut rank = 0u32;
    for (i, &v) in values.iter().enumerate() {
        let below = (used & ((1u32 << v) - 1)).count_ones();
        rank = rank * (n - i) as u32 + (v as u32 - below);
        used |= 1 << v;
    }
    rank
}

/// Inverse of [`rank_perm`] for permutations of `0..N`.
#[inline]
pub fn unrank_perm<const N: usize>(rank: u32) -> [u8; N] {
    unrank_partial::<N>(rank, N)
}

/// Inverse of [`rank_partial`]: the `K` values out of `0..n` with the given rank.
#[inline]
pub(crate) fn unrank_partial<const K: usize>(mut rank: u32, n: usize) -> [u8; K] {
    let mut digits = [0u8; K];
    for i in (0..K).rev() {
        let base = (n - i) as u32;
        digits[i] = (rank % base) as u8;
        rank /= base;
    }
    let mut free = (1u32 << n) - 1;
    let mut out = [0u8; K];
    for i in 0..K {
        let v = nth_set_bit(free, digits[i] as u32);
        out[i] = v as u8;
        free &= !(1 << v);
    }
    out
}

/// Index of the `n`-th (0-based) set bit of `x`.
#[inline(always)]
fn nth_set_bit(mut x: u32, n: u32) -> u32 {
    for _ in 0..n {
        x &= x - 1;
    }
    x.trailing_zeros()
}

/// Parity of a permutation: 0 even, 1 odd.
pub fn parity(values: &[u8]) -> u8 {
    let mut p = 0;
    for i in 0..values.len() {
        for j in i + 1..values.len() {
            p ^= (values[i] > values[j]) as u8;
        }
    }
    p
}

/// Kociemba's corner twist coordinate from the twists by position.
#[inline(always)]
pub fn rank_twist(twists: &[u8; 8]) -> u32 {
    twists[..7].iter().fold(0u32, |r, &t| r * 3 + t as u32)
}

/// Inverse of [`rank_twist`]; the last twist makes the sum ≡ 0 (mod 3).
pub fn unrank_twist(mut rank: u32) -> [u8; 8] {
    let mut t = [0u8; 8];
    let mut sum = 0;
    for i in (0..7).rev() {
        t[i] = (rank % 3) as u8;
        sum += t[i];
        rank /= 3;
    }
    t[7] = (3 - sum % 3) % 3;
    t
}

/// Kociemba's edge flip coordinate from the flips by position.
#[inline(always)]
pub fn rank_flip(flips: &[u8; 12]) -> u32 {
    flips[..11].iter().fold(0u32, |r, &f| r * 2 + f as u32)
}

/// Inverse of [`rank_flip`]; the last flip makes the sum even.
pub fn unrank_flip(mut rank: u32) -> [u8; 12] {
    let mut f = [0u8; 12];
    let mut sum = 0;
    for i in (0..11).rev() {
        f[i] = (rank & 1) as u8;
        sum += f[i];
        rank >>= 1;
    }
    f[11] = sum & 1;
    f
}

/// The combined corner index `perm * 3^7 + twist` (thesis eq. 3.4), in `0..8!·3^7`.
#[inline(always)]
pub fn corner_index(corners: &Cubies<8>) -> u64 {
    let mut used = 0u32;
    let mut perm = 0u32;
    let mut twist = 0u32;
    for (i, &b) in corners.0.iter().enumerate() {
        let v = (b & 7) as u32;
        perm = perm * (8 - i) as u32 + v - (used & ((1 << v) - 1)).count_ones();
        used |= 1 << v;
        if i < 7 {
            twist = twist * 3 + (b >> 3) as u32;
        }
    }
    perm as u64 * TWISTS as u64 + twist as u64
}

/// Inverse of [`corner_index`].
pub fn unrank_corners(index: u64) -> Cubies<8> {
    let perm = unrank_perm::<8>((index / TWISTS as u64) as u32);
    let twist = unrank_twist((index % TWISTS as u64) as u32);
    Cubies(std::array::from_fn(|i| {
        crate::cube::pack_corner(perm[i], twist[i])
    }))
}

/// Index of `K` edge cubies (distinct pieces) as `rank_partial(pieces) * 2^K + flips`
/// (the first edge's flip most significant), in `0..12!/(12-K)!·2^K`.
#[inline(always)]
pub fn edge_group_index<const K: usize>(edges: &Cubies<K>) -> u64 {
    let mut used = 0u32;
    let mut perm = 0u32;
    let mut flips = 0u32;
    for (i, &b) in edges.0.iter().enumerate() {
        let v = (b & 15) as u32;
        perm = perm * (12 - i) as u32 + v - (used & ((1 << v) - 1)).count_ones();
        used |= 1 << v;
        flips = flips << 1 | (b >> 4) as u32;
    }
    ((perm as u64) << K) | flips as u64
}

/// Inverse of [`edge_group_index`].
pub fn unrank_edge_group<const K: usize>(index: u64) -> Cubies<K> {
    let pieces = unrank_partial::<K>((index >> K) as u32, 12);
    Cubies(std::array::from_fn(|i| {
        crate::cube::pack_edge(pieces[i], ((index >> (K - 1 - i)) & 1) as u8)
    }))
}

/// Rank of the permutation of 12 edge cubies, ignoring flips, in `0..12!`.
#[inline(always)]
pub fn edge_perm_index(edges: &Cubies<12>) -> u64 {
    let mut used = 0u32;
    let mut perm = 0u32;
    for (i, &b) in edges.0.iter().enumerate().take(11) {
        let v = (b & 15) as u32;
        perm = perm * (12 - i) as u32 + v - (used & ((1 << v) - 1)).count_ones();
        used |= 1 << v;
    }
    perm as u64
}

/// Inverse of [`edge_perm_index`]: the twelve edges, unflipped.
pub(crate) fn unrank_edge_perm(index: u64) -> Cubies<12> {
    Cubies(unrank_perm::<12>(index as u32).map(|p| crate::cube::pack_edge(p, 0)))
}

impl Cube {
    /// Edge flip coordinate (0..2^11).
    pub fn flip_coord(&self) -> u32 {
        rank_flip(&self.edge_flips())
    }
    /// Corner permutation coordinate (0..8!).
    pub fn corner_perm_coord(&self) -> u32 {
        rank_perm(&self.corner_perm())
    }
    /// Edge permutation coordinate (0..12!), flips ignored: the edge-permutation table's
    /// index, computed at every node of a search with that table.
    #[inline(always)]
    pub fn edge_perm_coord(&self) -> u32 {
        edge_perm_index(&self.all_edge_cubies()) as u32
    }
    /// Combined corner coordinate (0..8!·3^7): the corner table's index, computed at every
    /// node of every search.
    #[inline(always)]
    pub fn corner_coord(&self) -> u64 {
        corner_index(&self.corner_cubies())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identity_ranks_zero_and_reverse_ranks_last() {
        assert_eq!(rank_perm(&[0, 1, 2, 3, 4, 5, 6, 7]), 0);
        assert_eq!(rank_perm(&[7, 6, 5, 4, 3, 2, 1, 0]), 40319);
        assert_eq!(
            rank_perm(&[11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]),
            EDGE_PERMS - 1
        );
    }

    #[test]
    fn permutation_ranks_are_dense_and_ordered() {
        // All 5! permutations of 0..5 in lexicographic order get ranks 0, 1, 2, ...
        let mut perms = Vec::new();
        for r in 0..120 {
            perms.push(unrank_perm::<5>(r));
        }
        for r in 0..120u32 {
            assert_eq!(rank_perm(&perms[r as usize]), r);
            if r > 0 {
                assert!(perms[r as usize - 1] < perms[r as usize]);
            }
        }
    }

    #[test]
    fn partial_ranks_are_dense() {
        let total = pick(6, 3) as u32;
        let mut seen = vec![false; total as usize];
        for a in 0..6u8 {
            for b in 0..6u8 {
                for c in 0..6u8 {
                    if a != b && b != c && a != c {
                        let r = rank_partial(&[a, b, c], 6);
                        assert!(r < total);
                        assert!(!seen[r as usize]);
                        seen[r as usize] = true;
                        assert_eq!(unrank_partial::<3>(r, 6), [a, b, c]);
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
