//! When the upper-bound source (the two-phase search) is asked during an optimal search,
//! and how much it may spend, both counted in nodes so that a search on one thread runs
//! the same way every time.
//!
//! The rule: the source is asked before every bound (once the search has generated
//! [`UpperBoundBudget::first_after`] nodes), and inside a bound whenever the search has
//! four times the nodes it had at the last ask (the bound pauses, the source runs, the
//! bound goes on where it was); each ask may spend a share of every node generated so
//! far.  Since a bound generates many times the nodes of all before it, the source's whole
//! spend stays within a small multiple of its share of the search (the asks inside a bound
//! add at most 4/3 of it), whatever the position; and a position whose optimal solution
//! the source finds within `n` of its nodes is solved after at most about
//! `4 n / (share × TWO_PHASE_NODES_PER_NODE)` nodes of the optimal search, however unlucky
//! its last bound.
//!
//! Measured on 34 positions (16–18 moves, one thread, flipslice, 2026-12-04;
//! `docs/benchmarks.md`, *The tail*): asks at each doubling cut the worst position 5.1×
//! but cost 14 % more work at 17 moves; at each quadrupling, 2.9× and 5.6 %; at each
//! doubling with half the share, 2.8× and 8 %.  Asking only before each bound, with
//! a share of the bound just finished, left the last bound unguarded: one 18-move position
//! took 296 M nodes where the source, given a little more, had found and proven its 18
//! moves after 27.5 M (issue 79).

use crate::cube::Metric;
use crate::tables::HeuristicKind;
use std::time::Duration;

/// What one ask of the upper-bound source may spend: nodes of its own, and a time limit
/// (the search's deadline, or a stopped search's last brief ask).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spend {
    /// At most about this many nodes (with one thread, the same search every run).
    pub nodes: Option<u64>,
    /// At most this long.
    pub time: Option<Duration>,
}

/// What one ask of the upper-bound source returned.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// A solution (it is checked before use), if one was found.
    pub solution: Option<Vec<crate::cube::Move>>,
    /// The nodes the ask generated.
    pub nodes: u64,
}

/// Two-phase nodes that take about as long as one node of the optimal search with a
/// three-axis table on one thread (measured on 2026-12-04, one thread: the two-phase
/// search at 27 M nodes/s on an 18-move position, `flipslice` at 5.9 M nodes/s on the
/// same; `docs/benchmarks.md`, *The tail*).  A share of the search's time is this many
/// two-phase nodes per node.
pub const TWO_PHASE_NODES_PER_NODE: f64 = 5.0;

/// The most an ask inside a bound may spend: a tenth of the search so far (with the
/// whole, as the small tables give before a bound, `coset4` took up to twice as long on
/// the tail check's 17-move positions; 2026-12-04).
pub const INSIDE_SHARE: f64 = 0.1;

/// The upper-bound source's schedule in one search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UpperBoundBudget {
    /// The share of the search's work so far that an ask before a bound may spend.
    pub share: f64,
    /// The share an ask inside a bound may spend (at most `INSIDE_SHARE`: with the
    /// small tables' whole share, a bound the source cannot shorten took twice as long).
    pub inside_share: f64,
    /// From this bound on, an ask before the bound may spend at least the whole of the
    /// search's work so far.
    pub whole_from: usize,
    /// No ask before the search has generated this many nodes (short searches finish
    /// sooner without the source).
    pub first_after: u64,
}

impl UpperBoundBudget {
    /// Nodes before the first ask: about 0.2 s of a search on one thread.
    pub(crate) const FIRST_AFTER: u64 = 1_000_000;

    /// The whole of the search's work so far before every bound (`INSIDE_SHARE` of it
    /// inside one).
    pub const WHOLE: UpperBoundBudget = UpperBoundBudget {
        share: 1.0,
        inside_share: INSIDE_SHARE,
        whole_from: usize::MAX,
        first_after: Self::FIRST_AFTER,
    };

    /// The budget of a search with `heuristic` in `metric`.
    ///
    /// In face turns the share is the heuristic's (`HeuristicSpec::upper_bound_share`: 1.0
    /// for the small tables, 0.1 for the U/D-layer ladder, whose bounds are short beside
    /// the two-phase search), and from bound 19 the whole.  The two-phase search's time to
    /// an optimal solution falls with the length while a bound's time grows about 13-fold
    /// a move: one thread, 2026-12-02, it reached 17 moves within 15 s on 10 of 20 random
    /// 17-move states, 18 within 30 s on 17 of 20 at 18 moves, and 19 within 0.5 s on 12
    /// of the published 19-move list's first 20 (about 1 s and 6 s on four more).
    ///
    /// In quarter turns 0.1 at every bound: there the two-phase search rarely comes within
    /// reach of the optimum (on 8 random 19–21q states, two threads, 2026-11-27: 8.3 and
    /// 9.8 s a position with share 1.0, 7.1 and 6.7 s without the source, 6.5 and 6.7 s
    /// with 0.1) but gives a solution within 30q in milliseconds, kept for a search
    /// stopped early.
    pub(crate) fn for_search(heuristic: HeuristicKind, metric: Metric) -> UpperBoundBudget {
        match metric {
            Metric::Htm | Metric::Stm => UpperBoundBudget {
                share: heuristic.spec().upper_bound_share,
                inside_share: heuristic.spec().upper_bound_share.min(INSIDE_SHARE),
                whole_from: 19,
                first_after: Self::FIRST_AFTER,
            },
            Metric::Qtm => UpperBoundBudget {
                share: 0.1,
                inside_share: INSIDE_SHARE,
                whole_from: usize::MAX,
                first_after: Self::FIRST_AFTER,
            },
        }
    }

    /// The two-phase nodes an ask before (`inside` false) or inside `bound` may spend
    /// after `searched` nodes of the optimal search (at least one check's worth).
    pub fn nodes(&self, bound: usize, inside: bool, searched: u64) -> u64 {
        let share = match inside {
            true => self.inside_share,
            false if bound >= self.whole_from => self.share.max(1.0),
            false => self.share,
        };
        ((searched as f64 * share * TWO_PHASE_NODES_PER_NODE) as u64).max(4096)
    }

    /// [`UpperBoundBudget::nodes`], but at least twice what the last ask might spend
    /// (`last`): the source starts afresh at every ask and, on one thread, searches the
    /// same way each time, so an ask allowed no more than the last finds nothing the last
    /// did not.  With a share above the inside one (the small tables' whole), the first
    /// ask inside a bound was such an ask: a quarter of the one before the bound.
    pub(crate) fn nodes_after(&self, bound: usize, inside: bool, searched: u64, last: u64) -> u64 {
        self.nodes(bound, inside, searched)
            .max(last.saturating_mul(2))
    }

    /// After an ask at `searched` nodes, the nodes at which the next one inside a bound is
    /// due: four times as many, and never before [`UpperBoundBudget::first_after`].
    pub(crate) fn next_ask(&self, searched: u64) -> u64 {
        searched
            .saturating_mul(4)
            .max(searched + 4096)
            .max(self.first_after)
    }
}

impl Default for UpperBoundBudget {
    fn default() -> Self {
        UpperBoundBudget::WHOLE
    }
}

#[cfg(test)]
mod tests {
    use super::{UpperBoundBudget, TWO_PHASE_NODES_PER_NODE};
    use crate::cube::Metric;
    use crate::tables::HeuristicKind;

    /// The fastest heuristic and the slowest offered: the search names no family.
    fn fast_and_slow() -> (HeuristicKind, HeuristicKind) {
        let ranked = HeuristicKind::fastest_first();
        (ranked[0], *ranked.last().expect("heuristics are offered"))
    }

    /// The faster a heuristic's tables search, the smaller the share of the search the
    /// two-phase search is given; every share is a real budget.
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
        let (fast, slow) = fast_and_slow();
        assert!(share(fast) < share(slow));
        for h in [fast, slow] {
            assert_eq!(UpperBoundBudget::for_search(h, Metric::Qtm).share, 0.1);
            assert_eq!(UpperBoundBudget::for_search(h, Metric::Stm).share, share(h));
        }
    }

    /// A share below one holds up to bound 18 in face turns; from 19 the whole search before
    /// a bound, the share inside one.
    #[test]
    fn the_whole_search_from_bound_19_in_face_turns_only() {
        let searched = 10_000_000;
        let whole = (searched as f64 * TWO_PHASE_NODES_PER_NODE) as u64;
        let (fast, slow) = fast_and_slow();
        let htm = UpperBoundBudget::for_search(fast, Metric::Htm);
        assert_eq!(
            htm.nodes(18, false, searched),
            (searched as f64 * htm.share * TWO_PHASE_NODES_PER_NODE) as u64
        );
        assert!(htm.nodes(18, false, searched) < whole);
        assert_eq!(htm.nodes(19, false, searched), whole);
        assert_eq!(htm.nodes(19, true, searched), htm.nodes(18, true, searched));
        // Inside a bound at most a tenth, whatever the share before one.
        let slow = UpperBoundBudget::for_search(slow, Metric::Htm);
        assert_eq!(slow.nodes(17, false, searched), whole);
        assert_eq!(slow.nodes(17, true, searched), whole / 10);
        let qtm = UpperBoundBudget::for_search(fast, Metric::Qtm);
        assert_eq!(qtm.nodes(26, false, searched), whole / 10);
        assert_eq!(
            UpperBoundBudget::default().nodes(12, false, searched),
            whole
        );
    }

    /// Inside a bound, asks come each time the search has four times the nodes of the last
    /// ask, none before the first threshold, and their spends add up to at most 4/3 of
    /// the share of the search however long it runs.
    #[test]
    fn asks_inside_a_bound_spend_at_most_four_thirds_of_the_share() {
        let b = UpperBoundBudget::for_search(fast_and_slow().0, Metric::Htm);
        assert_eq!(b.next_ask(0), UpperBoundBudget::FIRST_AFTER);
        assert_eq!(b.next_ask(5_000_000), 20_000_000);
        for end in [2_000_000u64, 37_000_000, 5_000_000_000] {
            let (mut at, mut spent) = (b.next_ask(0), 0u64);
            while at <= end {
                spent += b.nodes(18, true, at);
                at = b.next_ask(at);
            }
            let cap = 4.0 / 3.0 * b.inside_share * TWO_PHASE_NODES_PER_NODE * end as f64;
            assert!(spent as f64 <= cap, "{end}: {spent} > {cap}");
        }
    }
}
