//! Where a 48-symmetry coset table keeps each corner class's entries, one entry per
//! position up to symmetry: no twins.
//!
//! A corner class whose representative no symmetry but the identity fixes has one entry per
//! edge value.  When symmetries fix the representative (its stabilizer `G`), conjugating by
//! any of them keeps the corners and moves the edge value within its `G`-orbit, so the
//! values of one orbit name the same position up to symmetry.  The table stores one entry
//! per orbit, at the rank of the orbit's least value among the least values of all orbits
//! ([`Orbits`]); a position's index conjugates its edge value by each symmetry of `G`
//! (one to 47 conjugations, for the 6 % of corner values in symmetric classes) and ranks
//! the least.  Against an entry for every edge value (the layout before 2026-12-05) this
//! drops 6 % of the entries: 3.5 MB of the 2-bit `coset-cp` table, 14 MB of `coset-fcp`.
//!
//! The classes with no symmetry come first, so their index is one multiplication, as
//! before; the symmetric classes follow, each with its start and its stabilizer's
//! [`Orbits`] (one per distinct stabilizer, shared by the classes that have it).

use rayon::prelude::*;

/// Edge values a line of [`Orbits`] marks: seven 64-bit words beside its count.
const LINE_VALUES: usize = 448;

/// One stabilizer's orbits on the edge values: which values are the least of their orbit,
/// in 64-byte lines (one cache line a rank reads): word 0 the least values before the
/// line, words 1–7 a bit per value.
pub struct Orbits {
    /// The stabilizer's symmetries other than the identity (`len` of them).
    syms: [u8; 47],
    len: u8,
    lines: Vec<Line>,
    /// Orbits in all.
    count: u32,
}

/// A line of [`Orbits`], aligned to a cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Line([u64; 8]);

impl Orbits {
    /// The orbits of `syms` (a stabilizer's symmetries other than the identity) with
    /// least values marked in `least` (bit `v`).
    fn new(syms: &[u8], least: &[u64]) -> Self {
        let mut lines = vec![Line::default(); (least.len() * 64).div_ceil(LINE_VALUES)];
        for (w, &bits) in least.iter().enumerate() {
            for b in 0..64 {
                let v = w * 64 + b;
                if bits >> b & 1 == 1 {
                    let (line, bit) = (v / LINE_VALUES, v % LINE_VALUES);
                    lines[line].0[1 + bit / 64] |= 1 << (bit % 64);
                }
            }
        }
        let mut count = 0u64;
        for line in &mut lines {
            line.0[0] = count;
            count += line.0[1..]
                .iter()
                .map(|w| u64::from(w.count_ones()))
                .sum::<u64>();
        }
        let mut inline = [0u8; 47];
        inline[..syms.len()].copy_from_slice(syms);
        Orbits {
            syms: inline,
            len: syms.len() as u8,
            lines,
            count: count as u32,
        }
    }

    /// The stabilizer's symmetries other than the identity.
    #[inline(always)]
    fn syms(&self) -> &[u8] {
        &self.syms[..self.len as usize]
    }

    /// The rank of `v` among the least values (`v` the least of its orbit).
    #[inline(always)]
    fn rank(&self, v: usize) -> u32 {
        let line = &self.lines[v / LINE_VALUES].0;
        let bit = v % LINE_VALUES;
        let word = 1 + bit / 64;
        let whole: u32 = line[1..word].iter().map(|w| w.count_ones()).sum();
        let part = (line[word] & ((1u64 << (bit % 64)) - 1)).count_ones();
        line[0] as u32 + whole + part
    }

    /// The least value of orbit `k` (the inverse of [`Self::rank`]).
    fn select(&self, k: u32) -> usize {
        let n = self.lines.partition_point(|l| l.0[0] <= u64::from(k)) - 1;
        let mut left = k - self.lines[n].0[0] as u32;
        for (w, &bits) in self.lines[n].0[1..].iter().enumerate() {
            let ones = bits.count_ones();
            if left < ones {
                let mut b = bits;
                for _ in 0..left {
                    b &= b - 1;
                }
                return n * LINE_VALUES + w * 64 + b.trailing_zeros() as usize;
            }
            left -= ones;
        }
        unreachable!("orbit {k} of {}", self.count)
    }
}

/// A symmetric class: where its entries start and which [`Orbits`] it reads.
#[derive(Clone, Copy)]
struct SymmetricClass {
    start: u64,
    orbits: u32,
}

/// The table's layout: the asymmetric classes' blocks, then each symmetric class's.
pub struct Packing {
    /// Classes `0..asymmetric` have no symmetry; the rest have some.
    pub asymmetric: usize,
    /// Edge values per class.
    values: u64,
    /// Edge values `v = w << shift | c`: no symmetry changes `c` (the corner parity of
    /// the parity variants that read it: `shift` 1; otherwise 0), so orbits are of `w`.
    /// A shift, not a division: the symmetric case divides once a symmetry.
    shift: u32,
    /// Symmetric class `asymmetric + k`'s start and orbits.
    classes: Vec<SymmetricClass>,
    /// Entries in all.
    entries: u64,
    /// One per distinct stabilizer.
    sets: Vec<Orbits>,
}

impl Packing {
    /// The layout of classes with stabilizers `stabilizers` (asymmetric ones first: bit 0
    /// alone), `values` edge values each of which the last factor `invariant` no symmetry
    /// changes, and `images(w)` the acted part `w` conjugated by each of the 48 symmetries.
    pub fn build(
        stabilizers: &[u64],
        values: usize,
        invariant: usize,
        images: &(dyn Fn(usize) -> [u32; 48] + Sync),
    ) -> Packing {
        let asymmetric = stabilizers.iter().take_while(|&&s| s == 1).count();
        assert!(
            stabilizers[asymmetric..].iter().all(|&s| s != 1),
            "asymmetric classes first"
        );
        let mut distinct: Vec<u64> = Vec::new();
        let orbits_of: Vec<u16> = stabilizers[asymmetric..]
            .iter()
            .map(|&st| match distinct.iter().position(|&d| d == st) {
                Some(k) => k as u16,
                None => {
                    distinct.push(st);
                    (distinct.len() - 1) as u16
                }
            })
            .collect();
        let syms: Vec<Vec<u8>> = distinct
            .iter()
            .map(|&st| (1..64u8).filter(|&s| st >> s & 1 == 1).collect())
            .collect();
        assert!(invariant.is_power_of_two(), "an invariant factor of 1 or 2");
        let acted = values / invariant;
        // A word of each set's bits at a time: every value's images made once.
        let words: Vec<Vec<u64>> = (0..acted.div_ceil(64))
            .into_par_iter()
            .map(|w| {
                let mut bits = vec![0u64; syms.len()];
                for v in w * 64..(w * 64 + 64).min(acted) {
                    let image = images(v);
                    for (b, set) in bits.iter_mut().zip(&syms) {
                        if set.iter().all(|&s| image[s as usize] as usize >= v) {
                            *b |= 1 << (v % 64);
                        }
                    }
                }
                bits
            })
            .collect();
        let sets: Vec<Orbits> = syms
            .iter()
            .enumerate()
            .map(|(k, syms)| Orbits::new(syms, &words.iter().map(|w| w[k]).collect::<Vec<_>>()))
            .collect();
        let mut next = asymmetric as u64 * values as u64;
        let classes = orbits_of
            .iter()
            .map(|&k| {
                let start = next;
                next += u64::from(sets[k as usize].count) * invariant as u64;
                SymmetricClass {
                    start,
                    orbits: u32::from(k),
                }
            })
            .collect();
        Packing {
            asymmetric,
            values: values as u64,
            shift: invariant.trailing_zeros(),
            classes,
            entries: next,
            sets,
        }
    }

    /// Entries in all.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// The entry of class `class` and edge value `edge`, `conj(s)` the edge value
    /// conjugated by symmetry `s` (read for a symmetric class only).  The search checks
    /// for an asymmetric class itself and calls [`Self::place_symmetric`].
    #[cfg(test)]
    pub fn place(&self, class: usize, edge: usize, conj: impl Fn(usize) -> usize) -> u64 {
        if class < self.asymmetric {
            return class as u64 * self.values + edge as u64;
        }
        self.place_symmetric(class, edge, conj)
    }

    /// [`Self::place`] for a class past the asymmetric ones: the rank of the least of the
    /// conjugates of `edge` by the class's stabilizer.
    #[inline(always)]
    pub fn place_symmetric(&self, class: usize, edge: usize, conj: impl Fn(usize) -> usize) -> u64 {
        let c = self.classes[class - self.asymmetric];
        let set = &self.sets[c.orbits as usize];
        let shift = self.shift;
        let least = set.syms().iter().fold(edge >> shift, |least, &s| {
            least.min(conj(s as usize) >> shift)
        });
        c.start + (u64::from(set.rank(least)) << shift) + (edge & ((1 << shift) - 1)) as u64
    }

    /// The class of entry `i` and the least edge value of its orbit.
    pub fn locate(&self, i: u64) -> (usize, usize) {
        let flat = self.asymmetric as u64 * self.values;
        if i < flat {
            return ((i / self.values) as usize, (i % self.values) as usize);
        }
        let k = self.classes.partition_point(|c| c.start <= i) - 1;
        let set = &self.sets[self.classes[k].orbits as usize];
        let local = (i - self.classes[k].start) as usize;
        let least = set.select((local >> self.shift) as u32);
        (
            self.asymmetric + k,
            least << self.shift | local & ((1 << self.shift) - 1),
        )
    }

    /// The symmetries (other than the identity) of class `class`'s stabilizer.
    #[cfg(test)]
    pub fn symmetries_of(&self, class: usize) -> &[u8] {
        match class.checked_sub(self.asymmetric) {
            None => &[],
            Some(k) => self.sets[self.classes[k].orbits as usize].syms(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy action on values 0..100: symmetry 1 swaps v and 99 - v; the others fix
    /// every value.
    fn images(v: usize) -> [u32; 48] {
        let mut out = [v as u32; 48];
        out[1] = 99 - v as u32;
        out
    }

    #[test]
    fn ranks_and_selects_agree_and_classes_without_symmetry_stay_flat() {
        let p = Packing::build(&[1, 1, 0b11, 0b101, 0b11], 100, 1, &images);
        assert_eq!(p.asymmetric, 2);
        assert_eq!(p.sets.len(), 2, "one set per distinct stabilizer");
        // Two flat classes, then 50 orbits, 100 orbits, 50 orbits.
        assert_eq!(p.entries(), 200 + 50 + 100 + 50);
        let mut seen = std::collections::HashSet::new();
        for class in 0..5 {
            for v in 0..100 {
                let i = p.place(class, v, |s| images(v)[s] as usize);
                assert!(i < p.entries());
                let (c, least) = p.locate(i);
                assert_eq!(c, class);
                let expect = if class == 2 || class == 4 {
                    v.min(99 - v)
                } else {
                    v
                };
                assert_eq!(least, expect, "class {class} value {v}");
                seen.insert(i);
            }
        }
        assert_eq!(
            seen.len() as u64,
            p.entries(),
            "every entry is some value's"
        );
    }

    #[test]
    fn an_invariant_last_factor_is_kept_beside_the_orbit() {
        // 200 values v = w * 2 + c, the symmetry acting on w alone.
        let p = Packing::build(&[0b11], 200, 2, &images);
        assert_eq!(p.entries(), 100);
        let mut seen = std::collections::HashSet::new();
        for v in 0..200 {
            let conj = |_s: usize| (99 - v / 2) * 2 + v % 2;
            let i = p.place(0, v, conj);
            let (_, least) = p.locate(i);
            assert_eq!(least, (v / 2).min(99 - v / 2) * 2 + v % 2);
            seen.insert(i);
        }
        assert_eq!(seen.len(), 100);
    }

    #[test]
    fn ranks_cross_block_boundaries() {
        let images = |v: usize| {
            let mut out = [v as u32; 48];
            out[1] = 1999 - v as u32;
            out
        };
        let p = Packing::build(&[0b11], 2000, 1, &images);
        assert_eq!(p.entries(), 1000);
        for k in 0..1000u32 {
            let (_, v) = p.locate(u64::from(k));
            assert_eq!(v, k as usize);
            assert_eq!(p.sets[0].rank(v), k);
        }
    }
}
