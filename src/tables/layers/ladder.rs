//! The ladder: every size of the U/D-layer family, one line each, smallest first.
//!
//! A line reads `Variant => name: LayerCoords<ORDERED, FLIPS>, facts;`.  The registry
//! (`crate::tables::registry`) reads this list as it reads its own: each line becomes a
//! table, a heuristic (the corners and that table, three axes, position and inverse) and a
//! three-axis probe, under `name` on the command line, in file names and in Python.
//! `facts` is what was measured when the size was built here ([`super::measured`]), or
//! [`Facts::unbuilt`] with the base depth its 2-bit encoding starts from: such a size is
//! generated, verified and searched by the same code as its built siblings, and `korf
//! tables list` says its build time and memory are estimates.

/// Calls `$callback! { $($args)* <the ladder> }`: how the registry and [`super`] read the
/// list without a second copy of it.
macro_rules! layer_ladder {
    ($callback:ident! { $($args:tt)* }) => {
        $callback! {
            $($args)*
            /// E-slice positions and every flip (Kociemba's phase-1 coordinate with the
            /// corners' layers; nxopt's EO3·EP1): 2.34 GiB.
            FlipSlice => flipslice: LayerCoords<false, ALL_FLIPS>, measured::FLIPSLICE;
            /// E-slice order and the U/D-layer flips (nxopt's EO2·EP2): 7.03 GiB.
            SlicePerm => sliceperm: LayerCoords<true, 0>, measured::SLICEPERM;
            /// Sliceperm and the flip parity of the opposite E edges FR and BL: 14.1 GiB.
            SlicePair => slicepair: LayerCoords<true, 1>, measured::SLICEPAIR;
            /// Slicepair and the flip parity of FR and FL (the E flips up to all four at
            /// once): 28.1 GiB.
            SliceFlips => sliceflips: LayerCoords<true, 2>, Facts::unbuilt(10);
            /// E-slice order and every flip: 56.2 GiB.
            SliceFull => slicefull: LayerCoords<true, ALL_FLIPS>, Facts::unbuilt(10);
        }
    };
}
pub(crate) use layer_ladder;

use crate::tables::family::{Measured, Model};

/// What was measured of a size when it was built here.
pub struct Facts {
    /// Entries by depth (twins included) as first generated; empty: never built here.
    pub expected: &'static [u64],
    /// The 2-bit encoding's base depth, fixed before the first build (`None`: chosen from
    /// `expected`).
    pub base: Option<u8>,
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

/// Slicepair's entries and build time: what the estimates of unbuilt sizes scale.
const SLICEPAIR_ENTRIES: u64 = 60_399_820_800;

/// Build seconds: measured, or slicepair's scaled by entries (generation is a
/// breadth-first search whose time grows with the entries; the larger sizes need a
/// machine with more memory, whose speed is not known).
pub const fn build_seconds(facts: &Facts, entries: u64) -> u64 {
    match facts.build_seconds {
        Some(s) => s,
        None => {
            let pair = match super::measured::SLICEPAIR.build_seconds {
                Some(s) => s,
                None => 0,
            };
            (pair as u128 * entries as u128 / SLICEPAIR_ENTRIES as u128) as u64
        }
    }
}

/// The time model: measured, or slicepair's with half the nodes per doubling of entries
/// (a search's nodes fall about in proportion to its table's size; the measured step from
/// sliceperm to slicepair was 0.37, from flipslice to sliceperm 0.64 for a factor 3).
pub const fn model(facts: &Facts, entries: u64) -> Model {
    if let Some(m) = facts.model {
        return m;
    }
    let pair = match super::measured::SLICEPAIR.model {
        Some(m) => m,
        None => panic!("slicepair's model is measured"),
    };
    let doublings = ((entries / SLICEPAIR_ENTRIES) | 1).ilog2();
    Model {
        nodes_17: pair.nodes_17 / (1u64 << doublings) as f64,
        ..pair
    }
}

/// Place among the heuristics, fastest first: in the ladder a larger table is faster, one
/// rank per doubling of its entries (ranks up to 11 are the ladder's; the other families
/// come after).
pub const fn speed_rank(entries: u64) -> u8 {
    11 - ((entries >> 30) | 1).ilog2() as u8
}
