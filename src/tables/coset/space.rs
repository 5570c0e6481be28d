//! The coset coordinates as breadth-first search spaces: the move tables of their corner
//! and slice parts (built only when a table is generated) and each table's neighbours.

use super::{
    corner_cube, corner_raw, edge_cube, edge_slices, CosetCoords, Variant, CORNER_RAW, EDGE_SLICES,
};
use crate::cube::symmetry::Twins;
use crate::cube::{Cube, Metric, ALL_MOVES, MOVE_COUNT};
use rayon::prelude::*;

/// The move tables of the corner and slice parts.
pub struct MoveTables {
    /// `corner[raw * 18 + m]`: raw corner value after move `m`.
    pub corner: Vec<u32>,
    /// `edge[value * 18 + m]`: slice value after move `m`.
    pub edge: Vec<u16>,
}

impl CosetCoords {
    /// The move tables (12 MB), built on first use: generation and the tests read them,
    /// the search does not.
    pub fn moves(&self) -> &MoveTables {
        self.moves.get_or_init(|| MoveTables {
            corner: move_table(CORNER_RAW, corner_cube, |c| corner_raw(c) as u32),
            edge: move_table(EDGE_SLICES, edge_cube, |c| edge_slices(c) as u16),
        })
    }
}

/// `table[value * 18 + m]`: the value of a position of `value` (`cube_of`) after move `m`,
/// read by `value_of`.
fn move_table<T: Send>(
    values: usize,
    cube_of: fn(usize) -> Cube,
    value_of: impl Fn(&Cube) -> T + Sync,
) -> Vec<T> {
    (0..values)
        .into_par_iter()
        .flat_map_iter(|v| {
            let c = cube_of(v);
            ALL_MOVES.map(|m| value_of(&c.apply_move(m)))
        })
        .collect()
}

/// A coset table as a breadth-first search space, stepped by the moves of a metric (all
/// 18 turns, or the 12 quarter turns: distances in quarter turns).
pub struct CosetSpace<'a> {
    pub coords: &'a CosetCoords,
    pub metric: Metric,
}

impl<'a> CosetSpace<'a> {
    /// The space of `coords`, distances counted in `metric`.  Builds the move tables
    /// here, before any parallel work asks for them (a rayon worker that built them
    /// inside the search could be handed a task that asks again).
    pub fn new(coords: &'a CosetCoords, metric: Metric) -> Self {
        coords.moves();
        CosetSpace { coords, metric }
    }
}

impl crate::tables::generate::Space for CosetSpace<'_> {
    fn entries(&self) -> u64 {
        self.coords.variant.entries()
    }
    fn goal(&self) -> u64 {
        self.coords.index(&Cube::SOLVED)
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let c = self.coords;
        let (class, edge) = c.locate(i);
        let (slices, flips) = (edge / c.flips, edge % c.flips);
        let corner = c.class_rep[class] as usize;
        let e = slices / 70;
        let moves = c.moves();
        for m in self.metric.generators() {
            let m = m.index();
            let cr = moves.corner[corner * MOVE_COUNT + m] as usize;
            let sr = moves.edge[slices * MOVE_COUNT + m] as usize;
            let fr = match (c.variant, c.parities()) {
                (Variant::Slices, _) => 0,
                (Variant::Parities(p), Some(t)) => {
                    p.compact(t.after_move(p.expand(flips as u8), slices, m)) as usize
                }
                _ => c.flip_move[(e * MOVE_COUNT + m) * 16 + flips] as usize,
            };
            if visit(c.index_of(cr, sr, fr)) {
                return;
            }
        }
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.coords.twins(i, visit)
    }
}
