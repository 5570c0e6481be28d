//! What was measured of the sizes built here ([`Facts`]): their distributions as first generated,
//! base depths, build times, times on the published lists and time models.  The dated
//! runs are in `lab/` (`lab/README.md` lists them).

use crate::tables::family::{Measured, Model};

/// What was measured of a size when it was built here.
pub struct Facts {
    /// Entries by depth (twins included) as first generated; empty: never built here.
    pub expected: &'static [u64],
    /// The 2-bit encoding's base depth, fixed before the first build (`None`: chosen from
    /// `expected`).
    pub base: Option<u8>,
    /// The base its files were packed with before headers recorded it, where `base` has
    /// changed since (`Descriptor::base_before_recorded`).
    pub base_before_recorded: Option<u8>,
    /// Build time on the reference machine; `None`: never built there.
    pub build_seconds: Option<u64>,
    /// Times on the published lists.
    pub measured: Measured,
    /// The time model's constants; `None`: extrapolated from slicepair's.
    pub model: Option<Model>,
}

impl Facts {
    /// A size not built here: its encoding starts at depth `base`.
    pub const fn unbuilt(base: u8) -> Facts {
        Facts {
            expected: &[],
            base: Some(base),
            base_before_recorded: None,
            build_seconds: None,
            measured: Measured::NONE,
            model: None,
        }
    }

    /// Whether the size was built on the reference machine.
    pub const fn built(&self) -> bool {
        self.build_seconds.is_some()
    }
}

/// Flipslice: entries by depth (twins included) as generated on the development machine;
/// depths 0–5 match a breadth-first search over raw cosets through whole cubes
/// (`src/tables/layers/tests.rs`).  Its base follows from the distribution.
pub const FLIPSLICE: Facts = Facts {
    expected: &[
        1, 2, 16, 132, 1471, 17126, 207125, 2538885, 30763005, 349466252, 2878994435, 6272091236,
        532554459, 2655,
    ],
    // Fixed at 9 on 2026-12-01, as vcube packs its table of the same subgroup: fewer
    // nodes (lab/2026-12-01-flipslice-s-base-pathmax-what-vcube-reads.md), and built in place since, 457 s
    // that day.  Files from before were packed with 8, the rule's choice for this
    // distribution, and are read so.
    base: Some(9),
    base_before_recorded: Some(8),
    build_seconds: Some(457),
    measured: Measured::new(Some(2.24), Some(11.2), 1, "2026-11-25"),
    // Measured on the published lists, one thread, upper bounds on (`korf bench --threads
    // 1 --heuristic flipslice --json`, 2026-11-25; `lab/2026-11-25-earlier-measurements.md`): geometric-mean
    // nodes of the 17-move list, the ratios (17 over 16, 18 over 17) of the lists'
    // geometric means, and the node rate of the same runs.
    model: Some(Model::new(1.07e7, (8.7, 5.0), 9.6, 6.6e6)),
};

/// Layerflips: entries by depth as first generated (2026-12-07, 46 s on two threads of the
/// Intel Xeon guest, 352 MB peak resident); base 8, fixed before the first build (one
/// below flipslice's for a distribution one depth shallower: depths 9-11, 98 % of the
/// entries, read exactly; base 9 took 1.28 times its nodes on ten 17-movers).  Times:
/// `docs/benchmarks.md` (the memory ladder, between the ≤ 256 MiB and ≤ 1 GiB rungs).
pub const LAYERFLIPS: Facts = Facts {
    expected: &[
        1, 2, 16, 132, 1465, 16918, 202563, 2434377, 27823247, 248775102, 800387573, 178660990,
        27214,
    ],
    base: Some(8),
    base_before_recorded: None,
    build_seconds: Some(46),
    measured: Measured::NONE,
    // Measured 2026-12-07 with the edge-slices table, one thread, no upper bound (`korf
    // bench --threads 1 --heuristic layerflips --no-upper-bound`): geometric-mean nodes of
    // the first 6 of the published 17-move list (46.9 M) and their ratio to the first 12 of
    // the 16-move list's (4.34 M); the 18-move ratio and the per-bound factor are the k = 4
    // coset table's (not measured); the node rate of the same runs.
    model: Some(Model::new(4.69e7, (10.8, 6.0), 11.4, 8.4e6)),
};

/// Sliceperm: base 9 fixed before it was first generated (nxopt's choice for the same
/// subgroup; the distribution then confirmed it); depths 0–5 match a sparse breadth-first
/// search over the entries.
pub const SLICEPERM: Facts = Facts {
    expected: &[
        1,
        2,
        22,
        200,
        2137,
        23903,
        287698,
        3560276,
        44164674,
        530379944,
        5233704011,
        19675963236,
        4711576986,
        247310,
    ],
    base: Some(9),
    base_before_recorded: None,
    build_seconds: Some(1429),
    measured: Measured::new(Some(1.34), Some(7.47), 1, "2026-11-24"),
    // Older runs (2026-11-23/24, means rather than geometric means).
    model: Some(Model::new(6.9e6, (8.7, 4.5), 9.0, 4.2e6)),
};

/// Slicepair: sliceperm's base 9, fixed before it was first generated (it is written
/// straight in its final layout).  Base 9 reads depths 10 and 11 exactly and 12 and beyond
/// as 12; the distribution then found (55.5 % of entries at 11, 33.7 % at 12, 0.05 % at
/// 13) loses almost nothing to that.  Depths 0–5 match a sparse breadth-first search over
/// the entries, and up to depth 5 they equal sliceperm's: no coset that splits off is
/// nearer than 6 moves.
pub const SLICEPAIR: Facts = Facts {
    expected: &[
        1,
        2,
        22,
        200,
        2137,
        23903,
        287759,
        3565146,
        44381285,
        542005164,
        5876726193,
        33522936064,
        20380924716,
        28968208,
    ],
    base: Some(9),
    base_before_recorded: None,
    build_seconds: Some(1881),
    measured: Measured::new(Some(0.48), Some(3.15), 1, "2026-11-26"),
    // Measured 2026-11-26 (`korf bench --threads 1 --compare sliceperm,slicepair`, the 17-
    // and 18-move lists; `lab/2026-11-26-the-next-size-up-the-slicepair-table.md`): geometric-mean nodes
    // at 17 moves and the 18-over-17 ratio; the 16-move list was not run, sliceperm's factor
    // below 17 is assumed.
    model: Some(Model::new(2.55e6, (8.7, 4.45), 9.0, 5.0e6)),
};

/// Flipslice in quarter turns: entries by depth as first generated (2026-11-27; depths
/// 0–14 by a first run in nibbles, which cannot hold depth 15, and the 3 entries past it
/// by the run in lines, 819 s with a compile sharing the machine); its base (10) follows
/// from the distribution.  Times: `docs/benchmarks.md` (the published lists are in face
/// turns, so none are recorded here).
pub const FLIPSLICE_QTM: Facts = Facts {
    expected: &[
        1, 1, 9, 54, 465, 4031, 36680, 328953, 2983247, 26789075, 232424735, 1691922386,
        5793130198, 2313854017, 5162945, 3,
    ],
    base: None,
    base_before_recorded: None,
    build_seconds: Some(819),
    measured: Measured::NONE,
    model: None,
};

/// Sliceperm in quarter turns: entries by depth as first generated (2026-11-27, one run
/// of 2,514 s, the test suite sharing the machine for part of depth 12); base 11, fixed
/// before the first build (nxopt's for EO2·EP2 in quarter turns), which leaves depth
/// 15's 624 entries to the lists.  Times: `docs/benchmarks.md`.
pub const SLICEPERM_QTM: Facts = Facts {
    expected: &[
        1,
        1,
        9,
        58,
        503,
        4337,
        39570,
        355145,
        3244862,
        29467343,
        264241225,
        2179721873,
        12052877874,
        15089139088,
        580817887,
        624,
    ],
    base: Some(11),
    base_before_recorded: None,
    build_seconds: Some(2514),
    measured: Measured::NONE,
    model: None,
};

/// Slicepair in quarter turns: entries by depth as first generated (2026-11-27, in three
/// runs resumed from checkpoints; 4,061 s of generation by the file's own count, which
/// leaves out work redone after a stop); base 11, fixed before the first build (nxopt's
/// for EO2·EP2 in quarter turns), which leaves depth 15's 279,405 entries to the lists.
/// Times: `docs/benchmarks.md`.
pub const SLICEPAIR_QTM: Facts = Facts {
    expected: &[
        1,
        1,
        9,
        58,
        503,
        4337,
        39576,
        355216,
        3247102,
        29538458,
        266957539,
        2292516167,
        15488972142,
        36743846569,
        5574063717,
        279405,
    ],
    base: Some(11),
    base_before_recorded: None,
    build_seconds: Some(4061),
    measured: Measured::NONE,
    model: None,
};
