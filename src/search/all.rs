//! Every solution (`Options::all`): what the walks keep while a bound runs on, and the
//! list returned at the end, completed under the position's symmetries.
//!
//! A walk that reaches the solved state hands its sequence to [`Collected::keep`] instead
//! of ending the search; the driver runs the bound to the end, then stops at
//! optimal + `within` (or at the cap).  The rules that keep this sound are in
//! `docs/design/all-solutions.md`.

use super::options::{AllSolutions, SearchError};
use super::stats::{Listing, SolutionSet};
use crate::cube::{canonical_form, Cube, Move, MoveRules};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;

/// The solutions an all-solutions search has found so far, in canonical form.
pub(super) struct Collected {
    found: Mutex<HashSet<Vec<Move>>>,
    /// Stop when this many are found.
    cap: usize,
    capped: AtomicBool,
}

impl Collected {
    pub(super) fn new(all: AllSolutions) -> Self {
        Collected {
            found: Mutex::new(HashSet::new()),
            cap: all.max_solutions.unwrap_or(usize::MAX).max(1),
            capped: AtomicBool::new(false),
        }
    }

    /// Keep `sol` in canonical form (a sequence that has none, like `U D U'`, is a shorter
    /// solution in disguise and is dropped).  Returns whether the cap is now reached.
    pub(super) fn keep(&self, sol: &[Move]) -> bool {
        if let Some(canonical) = canonical_form(sol) {
            let mut found = self.found.lock().unwrap();
            found.insert(canonical);
            if found.len() >= self.cap {
                self.capped.store(true, Relaxed);
                return true;
            }
        }
        false
    }

    /// How many solutions are kept so far.
    pub(super) fn count(&self) -> usize {
        self.found.lock().unwrap().len()
    }

    /// Whether the search stopped at the cap.
    pub(super) fn capped(&self) -> bool {
        self.capped.load(Relaxed)
    }

    /// The list to return: the solutions kept, with their images under the position's
    /// symmetries (the tasks merged away stand for those), sorted by length then move
    /// order, each checked against the position, cut to the cap.  `None` if there are
    /// none.
    pub(super) fn to_set(
        &self,
        cube: &Cube,
        all: AllSolutions,
        rules: MoveRules,
        mut listing: Listing,
    ) -> Result<Option<SolutionSet>, SearchError> {
        use crate::cube::symmetry::conjugate_moves;
        let mut found = self.found.lock().unwrap().clone();
        // Only the symmetries the merged tasks were merged by.
        let symmetries = super::tasks::move_set_symmetries(cube, rules.moves.mask());
        if symmetries.len() > 1 {
            let kept: Vec<Vec<Move>> = found.iter().cloned().collect();
            for sol in &kept {
                for &s in &symmetries[1..] {
                    if let Some(image) = canonical_form(&conjugate_moves(sol, s)) {
                        found.insert(image);
                    }
                }
            }
        }
        let mut solutions: Vec<Vec<Move>> = found.into_iter().collect();
        let length = |s: &[Move]| rules.length(s);
        solutions.sort_by(|a, b| length(a).cmp(&length(b)).then_with(|| a.cmp(b)));
        if let Some(cap) = all.max_solutions {
            if solutions.len() > cap {
                solutions.truncate(cap);
                listing = Listing::Capped;
            }
        }
        for sol in &solutions {
            if !cube.apply_moves(sol).is_solved() || !rules.allows(sol) {
                return Err(SearchError::InvalidSolution(crate::cube::format_moves(sol)));
            }
        }
        Ok(solutions
            .first()
            .map(|first| length(first) as u8)
            .map(|optimal_length| SolutionSet {
                optimal_length,
                within: all.within,
                listing,
                solutions,
            }))
    }
}
