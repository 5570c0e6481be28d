//! The U/D-layer coset family: cosets of subgroups that keep the U and D layers, in sizes
//! from 305 MiB up, one line each in the ladder ([`ladder`]).
//!
//! Every subgroup `H` of the family holds the positions in which the four U corners sit in
//! the U layer (so the D corners in the D layer), every corner is twisted 0, the four
//! E-slice edges (FR FL BL BR) sit in the E slice, and the eight U/D-layer edges are
//! unflipped; the sizes differ in what more they ask of the E edges — their order, and
//! how many of their flips ([`LayerCoords`]'s two parameters, as vcube's `ecoord<EP,EO>`
//! and nxopt's grid of EP and EO choices).  Every U and D turn is in each `H` (they move
//! no corner between layers, twist nothing, keep the E slice and flip nothing), and the 16
//! symmetries that keep the U–D axis map each `H` to itself.  The right coset `H x` is read
//! position by position ([`parts`]): which positions hold U corners (C(8,4) = 70), the
//! twists (3^7), which positions hold E edges (C(12,4) = 495), which E edge stands in each
//! (4! = 24, ordered sizes), and the flips.  The smallest size is Kociemba's phase-1
//! coordinate (twist, flip, E slice) with the corners' layer split added; Rokicki's nxopt
//! calls its subgroup EO3·EP1.
//!
//! The corner part (70 · 2,187 = 153,090 raw values) falls into 9,930 classes under the 16
//! symmetries.  An index conjugates the edge part by the symmetry that takes the corner
//! part to its class representative: `9,930 · edge values` entries at two bits each.  The
//! search probes a table along all three axes on both sides of the search (the position
//! conjugated so that each axis in turn plays U–D), computed straight from the cubies
//! through small per-axis tables ([`base::Base::axis_parts`]).
//!
//! Because each `H` holds U and D turns, a value `v` for the U–D probe also says that no
//! solution of length `v` ends in a U or D turn (dropping that turn would reach `H` in
//! `v - 1` moves); the search uses this on the probes of each axis (see
//! [`crate::search`]).

pub mod base;
pub mod coords;
pub mod ladder;
pub mod measured;
pub mod parts;
mod probe;
pub mod side;
pub mod with_phase1;

pub use coords::{LayerCoords, LayerSpace, ALL_FLIPS};
pub(crate) use ladder::layer_ladder;

use crate::tables::descriptor::Descriptor;
use crate::tables::family::{HeuristicSpec, Walk};

/// What a size's table indexes, in a line, from its shape.
pub const fn description(ordered: bool, flips: u8) -> &'static str {
    match (ordered, flips) {
        (false, ALL_FLIPS) => {
            "coset keeping the U/D layers: corner layers+twist class x E-slice x all flips"
        }
        (false, _) => "coset keeping the U/D layers: corner class x E-slice x U/D-layer flips",
        (true, 0) => {
            "coset keeping the U/D layers and E order: corner class x E-slice order x U/D flips"
        }
        (true, 1) => "sliceperm cosets split by the flip parity of opposite E edges: sliceperm x 2",
        (true, 2) => "sliceperm cosets split by the E edges' flips up to all four: sliceperm x 4",
        (true, _) => "coset keeping the U/D layers and E order: corner class x E order x all flips",
    }
}

/// Defines, for each line of the ladder, a module with what the registry reads of a
/// three-axis family: `TABLE`, `HEURISTIC`, `Coords` and `coords()`.
macro_rules! define_sizes {
    ($($(#[$doc:meta])* $variant:ident => $name:ident = $label:literal: $coords:ty,
        $metric:ident, $facts:expr;)*) => {$(
        $(#[$doc])*
        pub mod $name {
            #[allow(unused_imports)]
            use super::{measured, measured::Facts, LayerCoords, ALL_FLIPS};
            use super::{ladder, Descriptor, HeuristicSpec, LayerSpace, Walk};
            use crate::cube::Metric;
            use std::sync::OnceLock;

            /// Its coordinate.
            pub type Coords = $coords;
            /// What was measured of it.
            pub const FACTS: Facts = $facts;

            /// Its coordinate, built on first use.
            pub fn coords() -> &'static Coords {
                static COORDS: OnceLock<Coords> = OnceLock::new();
                COORDS.get_or_init(Coords::new)
            }

            /// Its table.
            pub const TABLE: Descriptor = Descriptor {
                name: $label,
                description: Coords::DESCRIPTION,
                entries: Coords::ENTRIES,
                bits: 2,
                mod3: false,
                default_build: false,
                expected: FACTS.expected,
                expected_states: &[],
                base: FACTS.base,
                base_before_recorded: FACTS.base_before_recorded,
                used_by: match Metric::$metric {
                    Metric::Htm | Metric::Stm => concat!("--heuristic ", $label),
                    Metric::Qtm => concat!("--metric qtm --heuristic ", $label),
                },
                on_demand: false,
                build_seconds: ladder::build_seconds(&FACTS, Coords::ENTRIES, Metric::$metric),
                built_here: FACTS.built(),
                generate: |layout, progress, cp| {
                    crate::tables::generate::generate_resumable(
                        &LayerSpace(coords(), Metric::$metric), layout, progress, cp,
                    )
                },
                states_per_entry: None,
                prepare: || {
                    coords();
                },
            };

            /// The corners and its table, three axes, position and inverse; for the small
            /// sizes ([`ladder::is_small`]) the edge-slices table in the corners' place.
            pub const HEURISTIC: HeuristicSpec = HeuristicSpec {
                name: $label,
                help: match Metric::$metric {
                    Metric::Htm | Metric::Stm => concat!("The ", $label, " U/D-layer coset table"),
                    Metric::Qtm => concat!(
                        "The ", $label, " U/D-layer coset table in quarter turns (--metric qtm only)"
                    ),
                },
                listed: true,
                tables: if ladder::is_small(Coords::ENTRIES) {
                    &[&crate::tables::edge_slices::TABLE, &TABLE]
                } else {
                    &[super::corners_in(Metric::$metric), &TABLE]
                },
                walk: Walk::Axis,
                metric: Metric::$metric,
                speed_rank: Some(ladder::speed_rank(Coords::ENTRIES)),
                auto: true,
                measured: FACTS.measured,
                model: ladder::model(&FACTS, Coords::ENTRIES),
                upper_bound_share: ladder::upper_bound_share(Coords::ENTRIES),
            };
        }
    )*};
}

layer_ladder!(define_sizes! {});

/// The corners table whose distances count in `metric`, which every size's heuristic
/// takes the maximum with.
pub const fn corners_in(metric: crate::cube::Metric) -> &'static Descriptor {
    match metric {
        crate::cube::Metric::Htm | crate::cube::Metric::Stm => &crate::tables::korf::CORNERS,
        crate::cube::Metric::Qtm => &crate::tables::korf::CORNERS_QTM,
    }
}

impl<const ORDERED: bool, const F: u8> LayerCoords<ORDERED, F> {
    /// What the table indexes, in a line.
    pub const DESCRIPTION: &'static str = description(ORDERED, F);
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_side;
#[cfg(test)]
mod tests_with_phase1;
