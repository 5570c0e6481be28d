//! The registry: every table family korf knows, one line each.  A family's facts live in
//! its folder — the descriptor of each table ([`Descriptor`]: size, encoding, expected
//! distribution, generator), the heuristic it offers ([`HeuristicSpec`]: name, tables,
//! walk, measured times, time model), its coordinate and probe — and this list names them.
//! From it come [`TableKind`] (the catalogue), [`HeuristicKind`] (what `--heuristic`, the
//! `auto` choice, `tables list`, the estimates and Python accept) and the probes the
//! search reads (`Probes`: each heuristic's probe type, named in its line), each a `match`
//! written once, here.
//!
//! **Adding a heuristic of another shape** (tables read per child, an exact-depth table) is
//! its table lines and one line in `heuristics`, `Name = family::SPEC => family::ProbeType`,
//! the type implementing `probe::FromTables` and `probe::Probe` in the family's folder.
//! **Adding a three-axis coset family** is a folder and one line in `axis_families`: the
//! folder exports `TABLE` (its descriptor), `HEURISTIC` (the corners and its table),
//! `Coords` (its coordinate, implementing `AxisCoords`) and `coords()` (built once).
//! **Adding a size of the U/D-layer family** is one line in its ladder
//! (`layers/ladder.rs`), which this list reads through `layer_ladder!`.
//! The search, the catalogue, the CLI, Python and the generic tests pick it up from here
//! (`docs/design/families.md`).

use super::descriptor::Descriptor;
use super::family::HeuristicSpec;
use super::probe::{
    AxisCoords, AxisHeuristic, AxisTable, FromTables, LoadedTable, Probe, ProbeVisitor,
};
use super::{coset, edge_slices, full_edge, korf, layers, phases};
use crate::cube::Cube;
use std::sync::OnceLock;

/// Generates the catalogue's and the heuristics' enums and their one `match` each from
/// the lists below.
macro_rules! registry {
    (
        tables: [$($(#[$tdoc:meta])* $table:ident = $descriptor:path,)*],
        heuristics: [$($(#[$hdoc:meta])* $heuristic:ident = $spec:path
            => $($probe:ident)::+,)*],
        axis_families: [$($(#[$adoc:meta])* $axis:ident => $($family:ident)::+,)*],
        ladder: $($(#[$ldoc:meta])* $rung:ident => $size:ident = $label:literal: $coords:ty,
                $metric:ident, $facts:expr;)*
    ) => {
        /// Every table korf can build: the families' tables, then the three-axis ones.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum TableKind {
            $($(#[$tdoc])* $table,)*
            $($(#[$adoc])* $axis,)*
            $($(#[$ldoc])* $rung,)*
        }

        impl TableKind {
            /// All kinds, in build order.
            pub const ALL: &'static [TableKind] =
                &[$(TableKind::$table,)* $(TableKind::$axis,)* $(TableKind::$rung,)*];

            /// Whether this is a three-axis coset table (one of `axis_families`).
            pub fn is_axis(self) -> bool {
                match self {
                    $(TableKind::$axis => true,)*
                    $(TableKind::$rung => true,)*
                    _ => false,
                }
            }

            /// The kind's descriptor, defined in its family's folder.
            // Never inlined into another crate: a descriptor holds its generator as a
            // closure, and a crate that inlined this function compiled every table's
            // generation again (the binary: a third of its own code).
            #[inline(never)]
            pub fn descriptor(self) -> &'static Descriptor {
                match self {
                    $(TableKind::$table => &$descriptor,)*
                    $(TableKind::$axis => &$($family)::+::TABLE,)*
                    $(TableKind::$rung => &layers::$size::TABLE,)*
                }
            }
        }

        /// Which tables the optimal search's heuristic takes the maximum over.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
        #[serde(rename_all = "snake_case")]
        pub enum HeuristicKind {
            $($(#[$hdoc])* $heuristic,)*
            $($(#[$adoc])* $axis,)*
            $($(#[$ldoc])* $rung,)*
        }

        impl HeuristicKind {
            /// Every heuristic.
            pub const ALL: &'static [HeuristicKind] =
                &[
                    $(HeuristicKind::$heuristic,)*
                    $(HeuristicKind::$axis,)*
                    $(HeuristicKind::$rung,)*
                ];

            /// What its family says of it.
            // Never inlined into another crate, as `TableKind::descriptor`.
            #[inline(never)]
            pub fn spec(self) -> &'static HeuristicSpec {
                match self {
                    $(HeuristicKind::$heuristic => &$spec,)*
                    $(HeuristicKind::$axis => &$($family)::+::HEURISTIC,)*
                    $(HeuristicKind::$rung => &layers::$size::HEURISTIC,)*
                }
            }
        }

        /// A heuristic's probe, of whichever heuristic: each its family's type (the
        /// three-axis families' [`AxisHeuristic`]), named in its registry line.
        #[derive(Clone, Copy)]
        pub(crate) enum Probes<'a> {
            $($(#[$hdoc])* $heuristic($($probe)::+<'a>),)*
            $($(#[$adoc])* $axis(AxisHeuristic<'a, $($family)::+::Coords>),)*
            $($(#[$ldoc])* $rung(AxisHeuristic<'a, layers::$size::Coords>),)*
        }

        impl<'a> Probes<'a> {
            /// The probe of heuristic `kind`, put together from its loaded `tables`.
            pub(crate) fn load(kind: HeuristicKind, tables: &[LoadedTable<'a>]) -> Self {
                match kind {
                    $(HeuristicKind::$heuristic =>
                        Probes::$heuristic(<$($probe)::+<'a> as FromTables<'a>>::load(tables)),)*
                    $(HeuristicKind::$axis => Probes::$axis(AxisHeuristic::load_for(
                        tables,
                        &$($family)::+::TABLE,
                        $($family)::+::coords(),
                    )),)*
                    $(HeuristicKind::$rung => Probes::$rung(AxisHeuristic::load_for(
                        tables,
                        &layers::$size::TABLE,
                        layers::$size::coords(),
                    )),)*
                }
            }
        }

        /// Each call goes to the heuristic's own probe (one `match`, then its own code).
        macro_rules! each_probe {
            ($self:expr, $p:ident => $body:expr) => {
                match $self {
                    $(Probes::$heuristic($p) => $body,)*
                    $(Probes::$axis($p) => $body,)*
                    $(Probes::$rung($p) => $body,)*
                }
            };
        }

        impl<'a> Probe<'a> for Probes<'a> {
            #[inline]
            fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
                each_probe!(self, p => p.hand_to(visitor))
            }
            fn value(&self, s: &Cube) -> u8 {
                each_probe!(self, p => p.value(s))
            }
            #[inline]
            fn exceeds(&self, s: &Cube, budget: u8) -> bool {
                each_probe!(self, p => p.exceeds(s, budget))
            }
            #[inline]
            fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
                each_probe!(self, p => p.exceeds_on(s, budget))
            }
            fn task_values(&self, s: &Cube, exact: u8) -> (u8, [u8; 3]) {
                each_probe!(self, p => p.task_values(s, exact))
            }
            fn task_values_of(&self, states: &[Cube], out: &mut Vec<(u8, [u8; 3])>) {
                each_probe!(self, p => p.task_values_of(states, out))
            }
            fn exact_depths(&self, s: &Cube) -> Option<[u8; 2]> {
                each_probe!(self, p => p.exact_depths(s))
            }
        }

        /// A loaded three-axis coset table, of whichever family: the search's walks are
        /// generic over [`AxisCoords`], and [`AxisProbe::visit`] calls the copy made for
        /// this family.
        #[derive(Clone, Copy)]
        pub(crate) enum AxisProbe<'a> {
            $($(#[$adoc])* $axis(AxisTable<'a, $($family)::+::Coords>),)*
            $($(#[$ldoc])* $rung(AxisTable<'a, layers::$size::Coords>),)*
        }

        impl<'a> AxisProbe<'a> {
            /// The probe of table `kind` with payload `payload` (2-bit lines with base
            /// `base`); `None` if `kind` is not a three-axis table.
            pub(crate) fn new(kind: TableKind, payload: &'a [u8], base: u8) -> Option<Self> {
                match kind {
                    $(TableKind::$axis => Some(AxisProbe::$axis(AxisTable {
                        payload,
                        base,
                        coords: $($family)::+::coords(),
                        edge_slices: None,
                        side: &[],
                        side_base: 0,
                    })),)*
                    $(TableKind::$rung => Some(AxisProbe::$rung(AxisTable {
                        payload,
                        base,
                        coords: layers::$size::coords(),
                        edge_slices: None,
                        side: &[],
                        side_base: 0,
                    })),)*
                    _ => None,
                }
            }

            /// Run `visitor` on the table, as its own type.
            #[inline(always)]
            pub(crate) fn visit<V: AxisVisitor<'a>>(&self, visitor: V) -> V::Out {
                match *self {
                    $(AxisProbe::$axis(t) => visitor.visit(t),)*
                    $(AxisProbe::$rung(t) => visitor.visit(t),)*
                }
            }
        }
    };
}

impl TableKind {
    /// The kind whose descriptor is `table` (a family names its heuristic's tables by
    /// their descriptors; the names are unique, which a test checks).
    pub(crate) fn of(table: &Descriptor) -> TableKind {
        TableKind::ALL
            .iter()
            .copied()
            .find(|k| k.descriptor().name == table.name)
            .unwrap_or_else(|| panic!("table {} is in the registry", table.name))
    }
}

/// The kinds of heuristic `h`'s tables, in its family's order (the corners first).
pub(crate) fn tables_of(h: HeuristicKind) -> &'static [TableKind] {
    static KINDS: OnceLock<Vec<Vec<TableKind>>> = OnceLock::new();
    let kinds = KINDS.get_or_init(|| {
        HeuristicKind::ALL
            .iter()
            .map(|h| h.spec().tables.iter().map(|d| TableKind::of(d)).collect())
            .collect()
    });
    let i = HeuristicKind::ALL.iter().position(|&k| k == h);
    &kinds[i.expect("every heuristic is in HeuristicKind::ALL")]
}

/// Work on a three-axis table, generic over its coordinate ([`AxisProbe::visit`]).
pub(crate) trait AxisVisitor<'a> {
    /// What the work returns.
    type Out;
    /// Do it.
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> Self::Out;
}

layers::layer_ladder!(registry! {
    tables: [
        /// All 8 corners: 8!·3^7 entries.
        Corners = korf::CORNERS,
        /// 7 edges (UR UF UL UB FR FL BR); also serves the z2-symmetric group DL DF DR DB
        /// FL FR BL: 12!/5!·2^7 entries.
        Edges7 = korf::EDGES7,
        /// Permutation of all 12 edges: 12! entries.
        EdgePerm = korf::EDGEPERM,
        /// Each edge position's slice and flip, reduced by the 48 symmetries
        /// (`crate::tables::edge_slices`).
        EdgeSlices = edge_slices::TABLE,
        /// Two-phase search, phase 1: (flip-slice symmetry class, twist).
        Phase1 = phases::PHASE1,
        /// Two-phase search, phase 2: (corner permutation, slice permutation) and (U/D
        /// edge permutation, slice permutation).
        Phase2 = phases::PHASE2,
        /// The symmetry-reduced coset table: corner tetrads and twist (48-symmetry class) ×
        /// edge slices (`crate::tables::coset`).
        Coset = coset::COSET,
        /// All 12 edges, position and flip, reduced by the 48 symmetries, two bits per
        /// entry (`crate::tables::full_edge`).
        FullEdge = full_edge::FULL_EDGE,
        /// The corners table in quarter turns.
        CornersQtm = korf::CORNERS_QTM,
        /// The k = 0 coset table in quarter turns.
        CosetQtm = coset::COSET_QTM,
        /// The k = 0 coset split by corner parity (`crate::tables::coset::parities`).
        CosetCp = coset::COSET_CP,
        /// The k = 0 coset split by the slices' flip parities.
        CosetFp = coset::COSET_FP,
        /// The k = 0 coset split by both.
        CosetFcp = coset::COSET_FCP,
        /// The k = 0 coset split by the flip parities and the slices' order parities.
        CosetFpp = coset::COSET_FPP,
        /// Two-phase search, phase 1 in quarter turns.
        Phase1Qtm = phases::PHASE1_QTM,
        /// The corners table in slice turns (slices as one turn relative to the centres).
        CornersStm = korf::CORNERS_STM,
        /// The 7-edge table in slice turns.
        Edges7Stm = korf::EDGES7_STM,
        /// The edge-permutation table in slice turns.
        EdgePermStm = korf::EDGEPERM_STM,
    ],
    heuristics: [
        /// Korf's four: corners, both 7-edge groups, edge permutation.
        Korf = korf::HEURISTIC => korf::KorfProbe,
        /// Corners and the coset table (probed on the position and its inverse).
        Coset = coset::HEURISTIC => coset::CosetBesideCorners,
        /// Korf's tables and the k = 0 coset table.
        All = coset::KORF_AND_COSET => coset::KorfAndCoset,
        /// Corners and the full-edge table (position and inverse).
        FullEdge = full_edge::HEURISTIC => full_edge::FullEdgeProbe,
        /// The k = 4 coset table and the full-edge table (position and inverse).
        Coset4FullEdge = full_edge::WITH_COSET4 => full_edge::Coset4AndFullEdge,
        /// The corners and k = 0 coset tables in quarter turns.
        CosetQtm = coset::HEURISTIC_QTM => coset::CosetBesideCorners,
        /// The corners and the corner-parity coset table.
        CosetCp = coset::COSET_CP_HEURISTIC => coset::CosetAlone,
        /// The corners and the flip-parity coset table.
        CosetFp = coset::COSET_FP_HEURISTIC => coset::CosetAlone,
        /// The corners and the flip- and corner-parity coset table.
        CosetFcp = coset::COSET_FCP_HEURISTIC => coset::CosetAlone,
        /// The edge-slices and the flip- and order-parity coset tables.
        CosetFpp = coset::COSET_FPP_HEURISTIC => coset::CosetOrdersAlone,
        /// The k = 3 coset table with the layerflips table beside it.
        Coset3LayerFlips = layers::side::WITH_COSET3 => layers::side::Coset3AndLayerFlips,
        /// The sliceperm table with the phase-1 table beside it.
        SlicePermPhase1 = layers::with_phase1::WITH_SLICEPERM => layers::with_phase1::SlicePermAndPhase1,
        /// The slicepair table with the phase-1 table beside it.
        SlicePairPhase1 = layers::with_phase1::WITH_SLICEPAIR => layers::with_phase1::SlicePairAndPhase1,
        /// The k = 3 coset table with the phase-1 table beside it.
        Coset3Phase1 = layers::with_phase1::WITH_COSET3 => layers::with_phase1::Coset3AndPhase1,
    ],
    // The three-axis coset tables; each is a table and the heuristic of the corners and
    // that table (three axes, position and inverse).
    axis_families: [
        /// The k = 4 coset table: corner tetrads and twist (16-symmetry class) × edge
        /// slices × flips of the E-slice edges, two bits per entry.
        Coset4 => coset::k4,
        /// The k = 4 coset table in quarter turns.
        Coset4Qtm => coset::k4_qtm,
        /// The k = 3 coset table: k = 4's with the E-slice flips read relative to one
        /// another (half its entries).
        Coset3 => coset::k3,
    ],
    // Then the sizes of the U/D-layer family, one line each in `layers/ladder.rs`.
    ladder:
});
