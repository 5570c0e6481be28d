//! How long the upper-bound source (the two-phase search) is asked for a solution before
//! each IDA* bound: a share of the iteration just finished, set by the heuristic and the
//! metric.

use crate::cube::Metric;
use crate::tables::HeuristicKind;
use std::time::Duration;

/// The upper-bound source's budget before a bound.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UpperBoundBudget {
    /// The share of the iteration just finished.
    pub share: f64,
    /// From this bound on, at least the whole iteration just finished.
    pub whole_from: usize,
}

impl UpperBoundBudget {
    /// The whole iteration just finished, at every bound.
    pub const WHOLE: UpperBoundBudget = UpperBoundBudget {
        share: 1.0,
        whole_from: usize::MAX,
    };

    /// The budget of a search with `heuristic` in `metric`.
    ///
    /// In face turns the share is the heuristic's (`HeuristicSpec::upper_bound_share`: 1.0
    /// for the small tables, 0.1 for the U/D-layer ladder, whose iterations are short
    /// beside the two-phase search), and from bound 19 the whole iteration.  The two-phase
    /// search's time to an optimal solution falls with the length while an iteration's
    /// time grows about 13-fold a move: one thread, 2026-12-02, it reached 17 moves within
    /// 15 s on 10 of 20 random 17-move states, 18 within 30 s on 17 of 20 at 18 moves, and
    /// 19 within 0.5 s on 12 of the published 19-move list's first 20 (about 1 s and 6 s on
    /// four more), where a missed 19 costs part of a 19-move iteration.
    ///
    /// In quarter turns 0.1 at every bound: there the two-phase search rarely comes within
    /// reach of the optimum (on 8 random 19–21q states, two threads, 2026-11-27: 8.3 and
    /// 9.8 s a position with share 1.0, 7.1 and 6.7 s without the source, 6.5 and 6.7 s
    /// with 0.1) but gives a solution within 30q in milliseconds, kept for a search
    /// stopped early.
    pub fn for_search(heuristic: HeuristicKind, metric: Metric) -> UpperBoundBudget {
        match metric {
            Metric::Htm | Metric::Stm => UpperBoundBudget {
                share: heuristic.spec().upper_bound_share,
                whole_from: 19,
            },
            Metric::Qtm => UpperBoundBudget {
                share: 0.1,
                whole_from: usize::MAX,
            },
        }
    }

    /// The time the source gets before `bound`, after an iteration of `last`.
    pub fn before(&self, bound: usize, last: Duration) -> Duration {
        let share = if bound >= self.whole_from {
            self.share.max(1.0)
        } else {
            self.share
        };
        last.mul_f64(share)
    }
}

impl Default for UpperBoundBudget {
    fn default() -> Self {
        UpperBoundBudget::WHOLE
    }
}

#[cfg(test)]
mod tests {
    use super::UpperBoundBudget;
    use crate::cube::Metric;
    use crate::tables::HeuristicKind;
    use std::time::Duration;

    /// The faster a heuristic's tables search, the smaller the share of an iteration's
    /// time the two-phase search is given; every share is a real budget.
    #[test]
    fn faster_tables_give_the_upper_bound_no_larger_a_share() {
        let shares: Vec<(HeuristicKind, f64)> = HeuristicKind::fastest_first()
            .into_iter()
            .map(|h| (h, UpperBoundBudget::for_search(h, Metric::Htm).share))
            .collect();
        assert!(
            shares.iter().all(|&(_, s)| s > 0.0 && s <= 1.0),
            "{shares:?}"
        );
        assert!(
            shares.windows(2).all(|w| w[0].1 <= w[1].1),
            "fastest first: {shares:?}"
        );
        let share = |h| UpperBoundBudget::for_search(h, Metric::Htm).share;
        assert!(share(HeuristicKind::FlipSlice) < share(HeuristicKind::Coset));
        for h in [HeuristicKind::FlipSlice, HeuristicKind::Coset] {
            assert_eq!(UpperBoundBudget::for_search(h, Metric::Qtm).share, 0.1);
            assert_eq!(UpperBoundBudget::for_search(h, Metric::Stm).share, share(h));
        }
    }

    /// A share below one holds up to bound 18 in face turns; from 19 the whole iteration.
    #[test]
    fn the_whole_iteration_from_bound_19_in_face_turns_only() {
        let second = Duration::from_secs(1);
        let htm = UpperBoundBudget::for_search(HeuristicKind::FlipSlice, Metric::Htm);
        assert_eq!(htm.before(18, second), second.mul_f64(htm.share));
        assert!(htm.before(18, second) < second);
        assert_eq!(htm.before(19, second), second);
        let qtm = UpperBoundBudget::for_search(HeuristicKind::FlipSlice, Metric::Qtm);
        assert_eq!(qtm.before(26, second), second.mul_f64(0.1));
        assert_eq!(UpperBoundBudget::default().before(12, second), second);
    }
}
