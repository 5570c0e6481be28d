//! Which walk runs below a task: [`Worker::dfs`] hands it to the heuristic's probe once
//! per task ([`Heuristic::visit`](crate::tables::heuristic::Heuristic::visit)), so that
//! each walk's loop is compiled for its probe's type and no node pays for a dispatch.

use super::canonical::Turns;
use super::isa::Isa;
use super::walk::{AxisAndExact, Exact};
use super::worker::Worker;
use crate::cube::{Cube, Move};
use crate::tables::probe::{AxisCoords, AxisTable, ExactDepth, PlainProbe, ProbeVisitor};

impl Worker<'_> {
    /// Search below `start` (reached by `prefix`) for a solution of exactly `bound` moves in
    /// total.  Returns the full solution if found.
    /// `edge_depths`: the exact depths of `start` on both sides, if known.
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
        let h = self.h;
        h.visit(Descend {
            isa: Isa::detected(),
            worker: self,
            start,
            prefix,
            bound,
            edge_depths,
        })
    }
}

/// The walk below a task's root, for the heuristic's probe of whichever shape.
struct Descend<'w, 'h, 's> {
    /// The instruction set the walk runs in.
    isa: Isa,
    worker: &'w mut Worker<'h>,
    start: &'s Cube,
    prefix: &'s [Move],
    bound: usize,
    edge_depths: Option<[u8; 2]>,
}

impl<'h> ProbeVisitor<'h> for Descend<'_, 'h, '_> {
    type Out = Option<Vec<Move>>;

    fn plain<P: PlainProbe>(self, probe: P) -> Self::Out {
        (self.worker).dfs_plain(self.isa, &probe, self.start, self.prefix, self.bound)
    }

    fn axis<C: AxisCoords>(self, table: AxisTable<'h, C>) -> Self::Out {
        (self.worker).dfs_staged(self.isa, &table, self.start, self.prefix, self.bound, None)
    }

    fn exact<E: ExactDepth>(self, table: E) -> Self::Out {
        let depths = self.edge_depths;
        (self.worker).dfs_staged(
            self.isa,
            &Exact(table),
            self.start,
            self.prefix,
            self.bound,
            depths,
        )
    }

    fn axis_and_exact<C: AxisCoords, E: ExactDepth>(
        self,
        axis: AxisTable<'h, C>,
        exact: E,
    ) -> Self::Out {
        let both = AxisAndExact { axis, exact };
        let depths = self.edge_depths;
        (self.worker).dfs_staged(self.isa, &both, self.start, self.prefix, self.bound, depths)
    }
}
