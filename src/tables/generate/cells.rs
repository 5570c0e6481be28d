//! How a working table's entries are read and written during a step: nibbles or 2-bit
//! lines, through atomic bytes (see the module documentation of `generate`).

use super::EMPTY;
use crate::tables::packed::{LINE_BYTES, LINE_ENTRIES};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// The empty marker of the line layout.
pub(super) const LINE_EMPTY: u8 = 3;

pub(super) fn atomic_view(bytes: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: AtomicU8 has the same size and alignment as u8 (documented guarantee), and
    // the exclusive borrow of `bytes` guarantees no non-atomic access overlaps the returned
    // shared view for its lifetime.
    unsafe { &*(bytes as *mut [u8] as *const [AtomicU8]) }
}

/// Read and write access to the entries of a working table during one step.
pub(super) trait Cells: Sync {
    /// The empty code.
    const EMPTY: u8;
    /// The code of entry `i`.
    fn get(&self, i: u64) -> u8;
    /// Set an empty entry to `code`; true if this call changed it.
    fn set_if_empty(&self, i: u64, code: u8) -> bool;
    /// Hint that entry `i` will be read soon.
    fn prefetch(&self, i: u64);
    /// How many entries from `i` on are known not to hold `code` (0: test entry `i`).
    fn skip(&self, i: u64, code: u8) -> u64;
}

/// The nibble layout.
pub(super) struct Nibbles<'a>(pub(super) &'a [AtomicU8]);

impl Cells for Nibbles<'_> {
    const EMPTY: u8 = EMPTY;
    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        (self.0[(i >> 1) as usize].load(Relaxed) >> ((i & 1) * 4)) & 15
    }
    #[inline(always)]
    fn set_if_empty(&self, i: u64, code: u8) -> bool {
        let shift = (i & 1) * 4;
        let mask = !((EMPTY ^ code) << shift);
        let old = self.0[(i >> 1) as usize].fetch_and(mask, Relaxed);
        (old >> shift) & 15 == EMPTY
    }
    #[inline(always)]
    fn prefetch(&self, i: u64) {
        crate::tables::prefetch(self.0, (i >> 1) as usize);
    }
    #[inline(always)]
    fn skip(&self, i: u64, code: u8) -> u64 {
        let byte = self.0[(i >> 1) as usize].load(Relaxed);
        if i & 1 == 0 && byte & 15 != code && byte >> 4 != code {
            2
        } else {
            0
        }
    }
}

/// The line layout; `fallback` is the depth being written while it is at most the base
/// (each line's fallback byte keeps the smallest such depth).
pub(super) struct Lines<'a> {
    pub(super) table: &'a [AtomicU8],
    pub(super) fallback: Option<u8>,
}

impl Lines<'_> {
    #[inline(always)]
    pub(super) fn byte(i: u64) -> (usize, u32) {
        let line = (i / LINE_ENTRIES) as usize * LINE_BYTES;
        let j = (i % LINE_ENTRIES) as usize;
        (line + 1 + j / 4, ((j & 3) * 2) as u32)
    }
}

impl Cells for Lines<'_> {
    const EMPTY: u8 = LINE_EMPTY;
    #[inline(always)]
    fn get(&self, i: u64) -> u8 {
        let (b, shift) = Self::byte(i);
        (self.table[b].load(Relaxed) >> shift) & 3
    }
    #[inline(always)]
    fn set_if_empty(&self, i: u64, code: u8) -> bool {
        let (b, shift) = Self::byte(i);
        let mask = !((LINE_EMPTY ^ code) << shift);
        let old = self.table[b].fetch_and(mask, Relaxed);
        let changed = (old >> shift) & 3 == LINE_EMPTY;
        if changed {
            if let Some(depth) = self.fallback {
                self.table[(i / LINE_ENTRIES) as usize * LINE_BYTES].fetch_min(depth, Relaxed);
            }
        }
        changed
    }
    #[inline(always)]
    fn prefetch(&self, i: u64) {
        crate::tables::prefetch(self.table, Self::byte(i).0);
    }
    #[inline(always)]
    fn skip(&self, i: u64, code: u8) -> u64 {
        if (i % LINE_ENTRIES) & 3 != 0 {
            return 0;
        }
        // A 2-bit field equals `code` iff the XOR with `code` in every field leaves both
        // of its bits clear.
        let x = self.table[Self::byte(i).0].load(Relaxed) ^ (code * 0x55);
        if !(x | (x >> 1)) & 0x55 == 0 {
            4
        } else {
            0
        }
    }
}
