//! Two bits per entry, relative to a base depth, with an in-line fallback (after nxopt's
//! design, our own layout).
//!
//! The payload is a run of 64-byte lines.  Byte 0 of a line holds the *fallback*: the
//! smallest depth among the line's entries stored as code 0.  Bytes 1..64 hold 252 entries,
//! four per byte, lowest bits first.  An entry of depth `d` is stored as
//!
//! * code 0 if `d <= base` — read back as the line's fallback, which is at most `d`;
//! * code 1, 2 if `d` is `base + 1`, `base + 2` — read back exactly;
//! * code 3 if `d >= base + 3` — read back as `base + 3`.
//!
//! Every value read is therefore a lower bound on the true depth, and a read touches one
//! cache line whatever the code.  The base is a function of the depth histogram alone
//! ([`choose_base`]), so it needs no field of its own in the file header: changing that
//! function for a distribution some table has would misread its files.

use rayon::prelude::*;

/// Bytes per line (one cache line).
pub const LINE_BYTES: usize = 64;
/// Entries per line: 63 bytes of four.
pub const LINE_ENTRIES: u64 = 252;

/// Payload bytes for `entries` entries.
pub const fn packed_len(entries: u64) -> u64 {
    entries.div_ceil(LINE_ENTRIES) * LINE_BYTES as u64
}

/// The base for a depth histogram: the one that maximises the mean value read back,
/// counting each code-0 entry as its likely fallback: `base - 2`, but never more than
/// the depth a line's shallowest entry typically has ([`typical_line_minimum`]).
///
/// Before 2026-11-27 the fallback was taken as `base - 2` whatever the base, which for
/// the quarter-turn k = 4 coset table chose base 14, above all but 22 of its entries: every
/// entry read back as its line's minimum, two quarter turns below its depth on average
/// (`a_base_above_the_entries_is_never_chosen`).  For every other table the two rules
/// choose the same base (`every_other_table_keeps_its_base`), so their files read
/// as before.
pub fn choose_base(histogram: &[u64]) -> u8 {
    let max = histogram.iter().rposition(|&n| n != 0).unwrap_or(0);
    let line_minimum = typical_line_minimum(histogram);
    let score = |b: usize| -> f64 {
        histogram
            .iter()
            .enumerate()
            .map(|(d, &n)| {
                let v = if d <= b {
                    b.saturating_sub(2).min(line_minimum)
                } else {
                    d.min(b + 3)
                };
                n as f64 * v as f64
            })
            .sum()
    };
    (0..=max.saturating_sub(1))
        .max_by(|&a, &b| score(a).total_cmp(&score(b)))
        .unwrap_or(0) as u8
}

/// The shallowest depth `d` with at least one entry in [`LINE_ENTRIES`] at depth `d` or
/// less: about what the shallowest of a line's entries is.
pub fn typical_line_minimum(histogram: &[u64]) -> usize {
    let total: u64 = histogram.iter().sum();
    let mut below = 0u64;
    for (d, &n) in histogram.iter().enumerate() {
        below += n;
        if below * LINE_ENTRIES >= total {
            return d;
        }
    }
    histogram.len().saturating_sub(1)
}

/// Whether a payload looks packed with a base above its entries: no entry but code 0 in
/// `samples` lines spread over it.  A table packed with the base [`choose_base`] gives
/// has most of its entries above the base; one built before that rule was mended (the
/// quarter-turn k = 4 table) reads as its lines' minima only.
pub fn codes_all_zero(payload: &[u8], samples: usize) -> bool {
    let lines = payload.len() / LINE_BYTES;
    let step = (lines / samples.max(1)).max(1);
    (0..lines).step_by(step).all(|l| {
        payload[l * LINE_BYTES + 1..(l + 1) * LINE_BYTES]
            .iter()
            .all(|&b| b == 0)
    })
}

/// The code-count histogram (codes 0..4) a depth histogram packs to with `base`.
pub fn collapse(histogram: &[u64], base: u8) -> [u64; 4] {
    let mut h = [0u64; 4];
    for (d, &n) in histogram.iter().enumerate() {
        h[code(d as u8, base) as usize] += n;
    }
    h
}

#[inline(always)]
fn code(depth: u8, base: u8) -> u8 {
    if depth <= base {
        0
    } else {
        (depth - base).min(3)
    }
}

/// Pack `entries` depths (`depth(i)`) into lines.
pub fn pack(entries: u64, base: u8, depth: impl Fn(u64) -> u8 + Sync) -> Vec<u8> {
    let mut out = vec![0u8; packed_len(entries) as usize];
    out.par_chunks_mut(LINE_BYTES)
        .enumerate()
        .for_each(|(line, bytes)| {
            let first = line as u64 * LINE_ENTRIES;
            let last = (first + LINE_ENTRIES).min(entries);
            let mut fallback = base;
            for i in first..last {
                let d = depth(i);
                let c = code(d, base);
                if c == 0 {
                    fallback = fallback.min(d);
                }
                let j = (i - first) as usize;
                bytes[1 + j / 4] |= c << ((j & 3) * 2);
            }
            bytes[0] = fallback;
        });
    out
}

/// Byte offset of the line holding entry `i` (for prefetching).
#[inline(always)]
pub fn line_offset(i: u64) -> usize {
    (i / LINE_ENTRIES) as usize * LINE_BYTES
}

/// The lower bound stored for entry `i`.
#[inline(always)]
pub fn get(payload: &[u8], base: u8, i: u64) -> u8 {
    let line = (i / LINE_ENTRIES) as usize * LINE_BYTES;
    let j = (i % LINE_ENTRIES) as usize;
    let c = (payload[line + 1 + j / 4] >> ((j & 3) * 2)) & 3;
    if c == 0 {
        payload[line]
    } else {
        base + c
    }
}

/// The stored code (0..4) of entry `i`.
#[inline(always)]
pub fn code_of(payload: &[u8], i: u64) -> u8 {
    let line = (i / LINE_ENTRIES) as usize * LINE_BYTES;
    let j = (i % LINE_ENTRIES) as usize;
    (payload[line + 1 + j / 4] >> ((j & 3) * 2)) & 3
}

/// Count the codes of a payload's `entries` entries.
pub fn code_histogram(payload: &[u8], entries: u64) -> [u64; 4] {
    payload
        .par_chunks(LINE_BYTES)
        .enumerate()
        .map(|(line, bytes)| {
            let first = line as u64 * LINE_ENTRIES;
            let n = (entries.saturating_sub(first)).min(LINE_ENTRIES) as usize;
            let mut h = [0u64; 4];
            for j in 0..n {
                h[((bytes[1 + j / 4] >> ((j & 3) * 2)) & 3) as usize] += 1;
            }
            h
        })
        .reduce(
            || [0u64; 4],
            |mut a, b| {
                for i in 0..4 {
                    a[i] += b[i];
                }
                a
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_back_are_lower_bounds_and_exact_above_the_base() {
        let entries = 1000u64;
        let depth = |i: u64| ((i * 7919) % 13) as u8;
        let base = 8;
        let p = pack(entries, base, depth);
        assert_eq!(p.len() as u64, packed_len(entries));
        for i in 0..entries {
            let (d, v) = (depth(i), get(&p, base, i));
            assert!(v <= d, "entry {i}: read {v}, depth {d}");
            if d > base && d < base + 3 {
                assert_eq!(v, d);
            }
            if d >= base + 3 {
                assert_eq!(v, base + 3);
            }
            if d <= base {
                // The fallback is the line's smallest code-0 depth.
                let line = i / LINE_ENTRIES;
                let lo = line * LINE_ENTRIES;
                let hi = (lo + LINE_ENTRIES).min(entries);
                let min = (lo..hi).map(depth).filter(|&x| x <= base).min().unwrap();
                assert_eq!(v, min);
            }
        }
        let mut hist = [0u64; 16];
        (0..entries).for_each(|i| hist[depth(i) as usize] += 1);
        assert_eq!(code_histogram(&p, entries), collapse(&hist, base));
    }

    #[test]
    fn the_base_covers_the_bulk_of_the_distribution() {
        // Most entries at 9..12: the base should put them in the exact codes.
        let h = [
            1, 10, 100, 1000, 10_000, 100_000, 10, 10, 10, 1_000_000, 5_000_000, 2_000_000,
            300_000, 10,
        ];
        let b = choose_base(&h);
        assert!((8..=9).contains(&b), "base {b}");
        // A flat tail is cut off at base + 3.
        assert!(choose_base(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 1000]) >= 6);
    }

    #[test]
    fn every_other_table_keeps_its_base() {
        // The rule before 2026-11-27: a code-0 entry counted as `base - 2`.  Files carry no
        // base, so a table whose base changed would be misread; only the quarter-turn k = 4
        // table's does, and its old files read as their lines' minima under either base
        // (every entry but 22 was code 0), a bound still.
        fn old_rule(histogram: &[u64]) -> u8 {
            let max = histogram.iter().rposition(|&n| n != 0).unwrap_or(0);
            let score = |b: usize| -> f64 {
                let v = |d: usize| {
                    if d <= b {
                        b.saturating_sub(2)
                    } else {
                        d.min(b + 3)
                    }
                };
                histogram
                    .iter()
                    .enumerate()
                    .map(|(d, &n)| n as f64 * v(d) as f64)
                    .sum()
            };
            (0..=max.saturating_sub(1))
                .max_by(|&a, &b| score(a).total_cmp(&score(b)))
                .unwrap_or(0) as u8
        }
        let mut changed = Vec::new();
        let mut checked = 0;
        for kind in crate::tables::TableKind::ALL {
            let d = kind.descriptor();
            if d.bits != 2 || d.mod3 || d.base.is_some() || d.expected.is_empty() {
                continue;
            }
            checked += 1;
            if choose_base(d.expected) != old_rule(d.expected) {
                changed.push(d.name);
            }
        }
        assert!(checked >= 2, "{checked} tables with a chosen base");
        // Tables first built after the change have no files packed by the old rule.
        const FIRST_BUILT_AFTER: [&str; 4] =
            ["flipslice-qtm", "coset-cp", "coset-fcp", "coset-fpp"];
        changed.retain(|name| !FIRST_BUILT_AFTER.contains(name));
        assert_eq!(changed, ["coset4-qtm"]);
    }

    #[test]
    fn a_base_above_the_entries_is_never_chosen() {
        // The quarter-turn k = 4 coset table's distribution: the bulk at 11–13, a thin
        // tail to 15.  A line's shallowest entry is about 10, so a base of 14 would read
        // almost every entry as about 10; base 10 reads 11, 12, 13 exactly.
        let h = [
            1, 2, 5, 49, 336, 2919, 25328, 232061, 2021885, 17871620, 146196431, 965927546,
            2990254052, 1407770546, 11479597, 22,
        ];
        assert_eq!(typical_line_minimum(&h), 10);
        assert_eq!(choose_base(&h), 10);
        let p = pack(10_000, 10, |i| [11, 12, 13, 9][i as usize % 4]);
        assert!(!codes_all_zero(&p, 64));
        let p = pack(10_000, 14, |i| [11, 12, 13, 9][i as usize % 4]);
        assert!(codes_all_zero(&p, 64));
    }
}
