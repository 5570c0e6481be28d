//! What the process keeps resident beside the tables (Linux with glibc; a no-op
//! elsewhere).  At the smallest rung of the memory ladder the tables are 55 MB and the
//! process around them is the margin: two settings here take 3.9 MB off a list's peak
//! (`korf bench` of 12 published 16-movers with `coset-cp`: 68,152 → 64,272 kB; see
//! lab/2026-12-05-what-the-process-keeps-beside-the-table.md).

/// Large buffers (a search's root tasks and their tallies, about 1.5 MB at four moves,
/// made on a pool thread) go back to the system when freed, every time.  glibc serves
/// them by `mmap` at first but, once one is freed, raises that threshold to its size and
/// serves the next ones from per-thread arenas that keep their pages: a list of 12
/// positions ended 1.4 MB above a list of one.  Fixing the threshold stops the raise.
pub(crate) fn give_back_large_buffers() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt sets an allocator parameter; it is called first in main, before any
    // other thread exists; a refusal (0) leaves glibc's defaults, which are also correct.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

/// Let go of the binary's code pages once the tables are loaded.  Parsing, opening and
/// checking tables and building their coordinates leave about 4 MB of the 8.6 MB of code
/// resident (the kernel maps 64 kB around each page that runs), where a search runs about
/// 0.4 MB of it.  The pages are paged out (`MADV_PAGEOUT`: never written, so nothing is
/// lost and nothing is written back) and the mapping marked for random access, so that
/// the code that runs again comes back a page at a time, not in 64 kB windows from the
/// page cache: a search then holds about 0.9 MB of code.  Kernels before 5.4 have no
/// `MADV_PAGEOUT`: there the pages are only unmapped (`MADV_DONTNEED`), which keeps
/// about 2.6 MB.  Returns the bytes let go (0 where this does nothing).
pub(crate) fn drop_start_up_code() -> usize {
    #[cfg(target_os = "linux")]
    return code::page_out();
    #[cfg(not(target_os = "linux"))]
    0
}

/// The executable's own code on Linux: from the linker-defined `__executable_start` to
/// `etext` (GNU ld, gold and lld all define both).
#[cfg(target_os = "linux")]
mod code {
    /// Page the code out ([`super::drop_start_up_code`]); the bytes let go, or 0.
    pub(super) fn page_out() -> usize {
        let (start, end) = range();
        let len = end.saturating_sub(start);
        // SAFETY: [start, end) lies inside the executable's own code (page-aligned inward
        // from the linker's bounds); its pages are read-only and never written, so paging
        // them out or unmapping them only makes the next run of that code fault them in
        // again; the access hint changes no contents.
        let advise = |advice| unsafe { libc::madvise(start as *mut _, len, advice) } == 0;
        let done = len > 0
            && advise(libc::MADV_RANDOM)
            && (advise(libc::MADV_PAGEOUT) || advise(libc::MADV_DONTNEED));
        if done {
            len
        } else {
            0
        }
    }

    /// The code's addresses, page-aligned inward.
    fn range() -> (usize, usize) {
        extern "C" {
            static __executable_start: u8;
            static etext: u8;
        }
        // SAFETY: sysconf reads a constant of the system.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        let page = usize::try_from(page)
            .ok()
            .filter(|&p| p > 0)
            .unwrap_or(4096);
        let start = std::ptr::addr_of!(__executable_start) as usize;
        let end = std::ptr::addr_of!(etext) as usize;
        (start.next_multiple_of(page), end / page * page)
    }

    #[cfg(test)]
    mod tests {
        /// Resident kB of the mappings of this executable that may run code.
        fn resident_code_kb() -> u64 {
            let exe = std::fs::read_link("/proc/self/exe").unwrap();
            let exe = exe.to_str().unwrap().to_string();
            let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
            let (mut in_code, mut total) = (false, 0);
            for line in smaps.lines() {
                if line.split_whitespace().nth(1).is_some_and(|p| p.len() == 4) {
                    in_code = line.contains(" r-xp ") && line.ends_with(&exe);
                } else if let Some(kb) = line.strip_prefix("Rss:") {
                    if in_code {
                        total += kb
                            .trim()
                            .trim_end_matches(" kB")
                            .trim()
                            .parse::<u64>()
                            .unwrap();
                    }
                }
            }
            total
        }

        #[test]
        fn dropped_code_pages_leave_residence_and_come_back_when_run() {
            // Run some of the library's code first: parsing moves, making a cube.
            let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves("R U F'").unwrap());
            // The other tests of this binary run beside this one and bring code pages
            // back as they go: a round whose figures they moved is tried again.
            let mut rounds = Vec::new();
            for _ in 0..5 {
                let before = resident_code_kb();
                let dropped = super::super::drop_start_up_code();
                let after = resident_code_kb();
                assert!(dropped > 1 << 20, "{dropped} bytes");
                // The dropped code still runs: the same cube is made again, and is the same.
                let again =
                    korf::cube::Cube::from_moves(&korf::cube::parse_moves("R U F'").unwrap());
                assert_eq!(format!("{cube:?}"), format!("{again:?}"));
                let back = resident_code_kb();
                if after < before && back > after {
                    return;
                }
                rounds.push((before, after, back));
            }
            panic!("resident code (before, after the drop, after running again), kB: {rounds:?}");
        }
    }
}
