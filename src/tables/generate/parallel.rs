//! The generator's parallel loops, written once for every space.
//!
//! Each breadth-first step splits its work into chunks of thousands of entries and runs
//! them with rayon.  Written inside the generic steps, rayon's machinery (its jobs,
//! bridges and folders) was compiled again for every space and cell layout, 26 times:
//! about a fifth of the library's compiled code.  Here the chunk's work comes in as a
//! `dyn Fn`, one indirect call per chunk or per listed entry, whose body stays generic
//! and inlined; rayon is compiled once.

use rayon::prelude::*;
use std::ops::Range;

/// A tally of a step's work: entries found and their weight.
pub(super) type Tally = (u64, u64);

/// `f` of every index of `range`, in parallel, summed.
pub(super) fn sum_over(range: Range<u64>, f: &(dyn Fn(u64) -> Tally + Sync)) -> Tally {
    range
        .into_par_iter()
        .map(f)
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
}

/// `f` of every index of `range`, in parallel, in index order.
pub(super) fn collect_over<T: Send>(range: Range<u64>, f: &(dyn Fn(u64) -> T + Sync)) -> Vec<T> {
    range.into_par_iter().map(f).collect()
}

/// `f` of every chunk of `items` (`len` long, the last shorter), in parallel, in order.
pub(super) fn collect_chunks<T: Send>(
    items: &[u64],
    len: usize,
    f: &(dyn Fn(&[u64]) -> T + Sync),
) -> Vec<T> {
    items.par_chunks(len).map(f).collect()
}

/// `f` of every item, in parallel, in order.
pub(super) fn collect_items<T: Send>(items: &[u64], f: &(dyn Fn(u64) -> T + Sync)) -> Vec<T> {
    items.par_iter().map(|&i| f(i)).collect()
}

/// `f` of every item, in parallel, summed.
pub(super) fn sum_items(items: &[u64], f: &(dyn Fn(u64) -> u64 + Sync)) -> u64 {
    items.par_iter().map(|&i| f(i)).sum()
}
