//! Kociemba's two-phase search: near-optimal solutions in milliseconds.
//!
//! Phase 1 takes the position into the subgroup ⟨U, D, R2, L2, F2, B2⟩; phase 2 solves it
//! with those moves only.  Both are IDA* over small coordinates with exact distance tables
//! (the family folder `tables/phases/`).  The search keeps going after the first solution, with longer
//! phase-1 solutions and shorter phase-2 tails, until the target length is met.

pub(crate) mod search;

pub use search::{default_max_length, FastOptions, FastOutcome};

use crate::cube::Cube;
use crate::tables::phases::coords;
use crate::tables::{Integrity, Residency, Table, TableError, TableKind};
use std::path::Path;
use std::time::Duration;

/// Time the exhaustive short pass may take ([`TwoPhase::solve`]); it needs far less
/// (positions of up to 10 moves are covered in microseconds to a millisecond).
const SHORT_PASS_BUDGET: Duration = Duration::from_millis(200);

/// The two-phase solver: its two table files, memory-mapped, and the in-memory move and
/// symmetry tables.
pub struct TwoPhase {
    phase1: Table,
    phase2: Table,
    /// Phase 1 in quarter turns, for `--metric qtm` (without it the face-turn table, a
    /// weaker bound there, serves); phase 2's quarter-turn distances are built in memory
    /// on first use.
    phase1_qtm: Option<Table>,
    coords: &'static crate::tables::phases::coords::Coords,
}

/// A two-phase solution that does not solve its position: a bug, reported rather than
/// printed.
#[derive(Debug, thiserror::Error)]
#[error("internal error: the two-phase search returned {moves}, which does not solve the position; please report this")]
pub struct InvalidSolution {
    /// The sequence it returned.
    pub moves: String,
}

impl TwoPhase {
    /// Map the two-phase tables from `dir` (checked as every table is, checksum too) and
    /// build the move tables.  The checksum is never skipped here (`--trust-tables` is for
    /// the large pattern databases): hashing these 70 MB costs a few milliseconds, and a
    /// damaged two-phase table could otherwise send the search out of its coordinates or
    /// searching forever.
    pub fn open(dir: &Path) -> Result<TwoPhase, TableError> {
        Self::open_beside(dir, None)
    }

    /// [`TwoPhase::open`], reading the phase-1 table of a heuristic that holds it already
    /// (`phase1`, checked here if it was loaded without its checksum) rather than a second
    /// copy of it.
    pub(crate) fn open_beside(dir: &Path, phase1: Option<&Table>) -> Result<TwoPhase, TableError> {
        let phase1 = match phase1 {
            Some(t) => {
                let mut t = t.share();
                t.ensure_checked()?;
                t
            }
            None => Table::load(TableKind::Phase1, dir, Residency::Mapped, Integrity::Check)?,
        };
        let phase2 = Table::load(TableKind::Phase2, dir, Residency::Mapped, Integrity::Check)?;
        // Absent from a tables directory made before it existed: then not used.  What
        // cannot even be looked at (permission denied) is loaded, so that loading says why.
        let path = dir.join(TableKind::Phase1Qtm.file_name());
        let phase1_qtm = match path.try_exists().unwrap_or(true) {
            true => Some(Table::load(
                TableKind::Phase1Qtm,
                dir,
                Residency::Mapped,
                Integrity::Check,
            )?),
            false => None,
        };
        Ok(TwoPhase {
            phase1,
            phase2,
            phase1_qtm,
            coords: coords(),
        })
    }

    /// The two-phase solver from its two tables already loaded (held in memory, say:
    /// [`Table::from_image`]); fails if they are not the phase 1 and phase 2 tables.
    pub fn from_tables(phase1: Table, phase2: Table) -> Result<TwoPhase, TableError> {
        for (table, kind) in [(&phase1, TableKind::Phase1), (&phase2, TableKind::Phase2)] {
            if table.kind() != kind {
                return Err(TableError::NotLoaded {
                    name: kind.descriptor().name,
                    heuristic: "two-phase",
                });
            }
        }
        Ok(TwoPhase {
            phase1,
            phase2,
            phase1_qtm: None,
            coords: coords(),
        })
    }

    /// The tables a search in `metric` reads.
    pub fn tables(&self, metric: crate::cube::Metric) -> &'static [TableKind] {
        match self.phase1_qtm {
            Some(_) => crate::tables::two_phase_set(metric),
            None => &crate::tables::TWOPHASE_SET,
        }
    }

    /// The phase-1 table of `metric` (in face turns if the quarter-turn one is absent: a
    /// lower bound all the same).
    fn phase1_of(&self, metric: crate::cube::Metric) -> &[u8] {
        match (metric, &self.phase1_qtm) {
            (crate::cube::Metric::Qtm, Some(t)) => t.payload(),
            _ => self.phase1.payload(),
        }
    }

    /// Search `cube` as `options` say.  Any solution returned has been checked to solve it.
    ///
    /// With [`FastOptions::short_pass`] = K > 0 it first searches for a solution of at most
    /// K moves to the end (a time budget, but no early stop): phase 1 enumerates every
    /// sequence into the subgroup ending in a quarter turn of R, L, F or B, and phase 2 every
    /// tail of subgroup moves, which together cover every sequence of at most K moves (cut
    /// any solution after its last move outside the subgroup).  So a solution found there
    /// is a shortest one; only when there is none does the usual search run.
    pub fn solve(
        &self,
        cube: &Cube,
        options: &FastOptions,
    ) -> Result<FastOutcome, InvalidSolution> {
        let short = options
            .short_pass
            .min(options.max_length)
            .min(search::phase2_cap(options.metric));
        let mut spent = (0, 0.0);
        if short > 0 {
            let limit = SHORT_PASS_BUDGET.min(options.timeout.unwrap_or(SHORT_PASS_BUDGET));
            let pass = FastOptions {
                max_length: short,
                time: Some(limit),
                timeout: Some(limit),
                target: 0,
                short_pass: 0,
                ..options.clone()
            };
            let out = search::solve(
                self.coords,
                self.phase1_of(options.metric),
                self.phase2.payload(),
                cube,
                &pass,
                search::Views::Strongest,
            );
            if let Some(s) = &out.solution {
                if !cube.apply_moves(s).is_solved() {
                    return Err(InvalidSolution {
                        moves: crate::cube::format_moves(s),
                    });
                }
                return Ok(out);
            }
            spent = (out.nodes, out.seconds);
        }
        // The time limits count from the start of the whole call.
        let rest = FastOptions {
            time: options
                .time
                .map(|t| t.saturating_sub(Duration::from_secs_f64(spent.1))),
            timeout: options
                .timeout
                .map(|t| t.saturating_sub(Duration::from_secs_f64(spent.1))),
            max_nodes: options.max_nodes.map(|n| n.saturating_sub(spent.0)),
            ..options.clone()
        };
        let mut out = search::solve(
            self.coords,
            self.phase1_of(options.metric),
            self.phase2.payload(),
            cube,
            &rest,
            search::Views::All,
        );
        out.nodes += spent.0;
        out.seconds += spent.1;
        if let Some(s) = &out.solution {
            if !cube.apply_moves(s).is_solved() {
                return Err(InvalidSolution {
                    moves: crate::cube::format_moves(s),
                });
            }
        }
        Ok(out)
    }

    /// The optimal search's upper-bound source for `cube` ([`crate::search::Hooks`]): asked
    /// for a solution shorter than `shorter_than` within `spend` (nodes, time or both),
    /// stopping early at one of `lower` moves (which is then optimal), on `threads` threads
    /// (0 = all cores).
    pub fn upper_bound_source(
        &self,
        cube: Cube,
        threads: usize,
        metric: crate::cube::Metric,
    ) -> impl Fn(
        usize,
        usize,
        crate::search::Spend,
        Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) -> crate::search::Answer
           + Sync
           + '_ {
        let threads = crate::threads::count(threads);
        move |lower, shorter_than, spend, stop| {
            let fast = FastOptions {
                max_length: shorter_than.saturating_sub(1).min(match metric {
                    crate::cube::Metric::Htm | crate::cube::Metric::Stm => 30,
                    crate::cube::Metric::Qtm => 38,
                }),
                // Keep improving until the spend runs out or a solution of `lower` moves.
                time: Some(spend.time.unwrap_or(Duration::MAX)),
                threads,
                target: lower,
                // A shorter solution may not exist: the spend is a hard limit here.
                timeout: spend.time,
                max_nodes: spend.nodes,
                // The optimal search covers short lengths itself.
                short_pass: 0,
                cancel: stop,
                metric,
            };
            match self.solve(&cube, &fast) {
                Ok(out) => crate::search::Answer {
                    solution: out.solution,
                    nodes: out.nodes,
                },
                Err(_) => crate::search::Answer::default(),
            }
        }
    }

    /// Phase-1 distance of `cube` (a lower bound on its two-phase solution length).
    #[cfg(test)]
    fn phase1_distance(&self, cube: &Cube) -> u8 {
        let c = self.coords;
        let i = c.phase1_index(
            cube.twist_coord() as u16,
            cube.flip_coord() as u16,
            coords::slice_coord(cube),
        ) as u64;
        self.phase1.get(i)
    }
}

#[cfg(test)]
mod tests;
