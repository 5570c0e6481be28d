//! Which walk runs below a task: [`Worker::dfs`] picks it once per task from the
//! heuristic's [`Walk`], so that each walk's loop is compiled for its own tables and no
//! node pays for a dispatch.

use super::canonical::Turns;
use super::plain::{ALL, COSET, COSET_ALONE, KORF};
use super::walk::AxisAndFullEdge;
use super::worker::Worker;
use crate::cube::{Cube, Move};
use crate::tables::full_edge::FullEdge;
use crate::tables::probe::{AxisCoords, AxisTable};
use crate::tables::{AxisVisitor, PlainTables, Walk};

impl Worker<'_> {
    /// Search below `start` (reached by `prefix`) for a solution of exactly `bound` moves in
    /// total.  Returns the full solution if found.
    /// `edge_depths`: the exact full-edge depths of `start` on both sides, if known.
    pub(super) fn dfs(
        &mut self,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
        edge_depths: Option<[u8; 2]>,
    ) -> Option<Vec<Move>> {
        if !Turns::walk_takes(self.h.walk(), self.shared.rules) {
            return self.dfs_ruled(start, prefix, bound);
        }
        // One copy of the loop per walk and table type: no per-node dispatch.
        let h = self.h;
        let table = "the heuristic's tables are loaded";
        match h.walk() {
            Walk::Plain(PlainTables::Korf) => self.dfs_with::<KORF>(start, prefix, bound),
            Walk::Plain(PlainTables::Coset) => self.dfs_with::<COSET>(start, prefix, bound),
            Walk::Plain(PlainTables::CosetAlone) => {
                self.dfs_with::<COSET_ALONE>(start, prefix, bound)
            }
            Walk::Plain(PlainTables::KorfAndCoset) => self.dfs_with::<ALL>(start, prefix, bound),
            Walk::FullEdge => {
                let f = h.full_edge.expect(table);
                self.dfs_staged(&f, start, prefix, bound, edge_depths)
            }
            Walk::Axis => h.axis.expect(table).visit(Descend {
                worker: self,
                start,
                prefix,
                bound,
                full_edge: None,
                edge_depths: None,
            }),
            Walk::AxisAndFullEdge => h.axis.expect(table).visit(Descend {
                worker: self,
                start,
                prefix,
                bound,
                full_edge: Some(h.full_edge.expect(table)),
                edge_depths,
            }),
        }
    }
}

/// A staged walk below a task's root, on a three-axis table (with the full-edge table,
/// when it takes part) of whichever family ([`AxisProbe::visit`](crate::tables::AxisProbe)).
struct Descend<'w, 'h, 's> {
    worker: &'w mut Worker<'h>,
    start: &'s Cube,
    prefix: &'s [Move],
    bound: usize,
    full_edge: Option<FullEdge<'h>>,
    edge_depths: Option<[u8; 2]>,
}

impl<'h> AxisVisitor<'h> for Descend<'_, 'h, '_> {
    type Out = Option<Vec<Move>>;
    fn visit<C: AxisCoords>(self, axis: AxisTable<'h, C>) -> Self::Out {
        let Descend {
            worker,
            start,
            prefix,
            bound,
            full_edge,
            edge_depths,
        } = self;
        match full_edge {
            None => worker.dfs_staged(&axis, start, prefix, bound, None),
            Some(full_edge) => {
                let both = AxisAndFullEdge { axis, full_edge };
                worker.dfs_staged(&both, start, prefix, bound, edge_depths)
            }
        }
    }
}
