//! The one memory hint every table probe gives: a cache line asked for before it is read.
//! A leaf of `tables`.

/// Hint that the byte `table[offset]` will be needed soon (`T` is `u8` or `AtomicU8`).
#[inline(always)]
pub(crate) fn prefetch<T>(table: &[T], offset: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = table.as_ptr().wrapping_add(offset);
        // SAFETY: a prefetch is only a hint: it never faults and has no architectural
        // effect, whatever the address; callers pass an entry's offset, inside the table.
        unsafe { std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, offset);
}
