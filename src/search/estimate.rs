//! How long a solve will take, before and while it runs.
//!
//! An empirical model, chosen by measurement (`lab/2026-11-25-time-estimates.md`): for
//! each heuristic, the typical (geometric-mean) nodes a whole solve generates for a
//! position whose optimal length is 17, and the factor each further move multiplies that
//! by, both measured on the published lists.  The root's lower bound was tried as a third
//! input and dropped: on those lists it takes only the values 10 and 11 and its
//! correlation with the nodes is below 0.3.  Time is nodes over a node rate: the one this
//! machine showed for the heuristic, per thread.
//!
//! While a solve runs, the current bound's nodes are predicted from the bound before it
//! (the per-bound growth of the same lists), which is closer than the model for the
//! position at hand.

use crate::tables::HeuristicKind;

pub use crate::tables::Model;

/// A prediction for one optimal length.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The optimal length it assumes.
    pub length: u8,
    /// Predicted nodes of the whole solve.
    pub nodes: f64,
    /// Predicted wall time on the given threads.
    pub seconds: f64,
}

impl HeuristicKind {
    /// The heuristic's time model (see the module documentation for where each figure
    /// comes from; the figures are written in the family's folder, beside its tables).
    pub fn model(self) -> Model {
        self.spec().model
    }

    /// The predicted cost of solving a position of optimal length `length` on `threads`
    /// threads.
    pub fn estimate(self, length: u8, threads: usize) -> Estimate {
        let m = self.model();
        let nodes = if length >= 17 {
            m.nodes_17 * m.per_move_up.powi(length as i32 - 17)
        } else {
            m.nodes_17 / m.per_move_down.powi(17 - length as i32)
        };
        Estimate {
            length,
            nodes,
            seconds: nodes / (m.rate * threads.max(1) as f64),
        }
    }
}

/// The predicted nodes of IDA* bound `bound`, given the nodes of the complete bound before
/// it (`None` if there was none worth extrapolating from), for a position of heuristic
/// `kind`.  The bound that finds the solution stops early; this predicts a full one.
pub fn next_bound_nodes(kind: HeuristicKind, previous: Option<u64>) -> Option<f64> {
    previous
        .filter(|&n| n >= 10_000)
        .map(|n| n as f64 * kind.model().per_bound)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_grow_with_length_and_shrink_with_threads() {
        for &h in HeuristicKind::ALL {
            let a = h.estimate(17, 1);
            let b = h.estimate(18, 1);
            assert!(b.nodes > a.nodes && b.seconds > a.seconds, "{}", h.name());
            let two = h.estimate(17, 2);
            assert!((two.seconds * 2.0 - a.seconds).abs() < 1e-9 * a.seconds);
        }
        // The catalogue's order is the models' order at 18 moves (of the heuristics that
        // read one table with or without a side table, the first: they share its model).
        let mut ranked = HeuristicKind::fastest_first();
        ranked.dedup_by_key(|h| h.tables().last().copied());
        let t: Vec<f64> = ranked[..4]
            .iter()
            .map(|h| h.estimate(18, 1).seconds)
            .collect();
        assert!(t.windows(2).all(|w| w[0] < w[1]), "{t:?}");
    }

    #[test]
    fn the_next_bound_is_extrapolated_only_from_a_real_one() {
        let fastest = HeuristicKind::fastest_first()[0];
        assert_eq!(next_bound_nodes(fastest, None), None);
        assert_eq!(next_bound_nodes(fastest, Some(50)), None);
        let n = next_bound_nodes(fastest, Some(1_000_000)).unwrap();
        assert!(n > 1e6 && n < 1e8);
    }
}
