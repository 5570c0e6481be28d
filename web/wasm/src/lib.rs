//! korf in a browser: the library compiled to WebAssembly, with the few bindings the page's
//! Web Worker and the npm package call (`web/js/korf.js` wraps them).
//!
//! Everything here is the library's own code: the position check, the two-phase search and
//! the optimal search over the corner and coset tables, the tables built in memory
//! ([`korf::tables::build_image`]) and taken back from the browser's storage checked
//! against their checksums ([`korf::tables::Table::from_image`]).  No threads (the solve
//! runs on the worker's thread; cancelling is ending the worker), no files.
//!
//! Answers cross to JavaScript as JSON text: the same records `korf serve` answers with.

use korf::cube::{parse_masked_position, MaskedCube};
use korf::search::{AllSolutions, Options, TableSet};
use korf::tables::{Progress, Table, TableKind};
use korf::twophase::{FastOptions, TwoPhase};
use korf::{Cube, HeuristicKind, Solver};
use korf_front::report::SolveRecord;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The heuristics of the optimal search in a browser, the first whose tables are all
/// loaded taking the solve (the library's list: the large one fetched, then the one a
/// first solve builds).
const OPTIMAL: [HeuristicKind; 2] = HeuristicKind::IN_A_BROWSER;

/// Most solutions an "every solution" solve lists.
const MAX_SOLUTIONS: usize = 1000;

/// The longest position text read (a scramble of a few hundred moves).
const MAX_POSITION: usize = 4096;

/// korf's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Check a position (54 facelets, or moves from the solved cube): JSON
/// `{"valid": true, "facelets": …}` or `{"valid": false, "error": …}`, the error naming
/// what is wrong (a twisted corner, a colour used ten times…), as `korf serve` says it.
#[wasm_bindgen]
pub fn check(position: &str) -> String {
    match read_masked(position) {
        Ok(cube) => serde_json::json!({"valid": true, "facelets": cube.to_facelets()}),
        Err(e) => serde_json::json!({"valid": false, "error": e}),
    }
    .to_string()
}

fn read_position(position: &str) -> Result<Cube, String> {
    read_masked(position)?.complete().ok_or_else(|| {
        "this needs every sticker (no `X`): the optimal search takes stickers that do not matter".to_string()
    })
}

/// A position in which `X` or `?` may mark stickers that do not matter.
fn read_masked(position: &str) -> Result<MaskedCube, String> {
    if position.len() > MAX_POSITION {
        return Err(format!(
            "the position is {} characters long; give 54 facelets or at most {MAX_POSITION} characters of moves",
            position.len()
        ));
    }
    parse_masked_position(position).map_err(|e| e.to_string())
}

/// The tables `mode` needs, in the order to make them: `fast` the two-phase tables;
/// `optimal` (and `all`) those too, for its upper bounds, then the corner and coset tables
/// (with `large`, the k = 4 coset table in place of the corner-parity one).
#[wasm_bindgen]
pub fn tables_for(mode: &str, large: bool) -> Result<Vec<String>, JsError> {
    let kinds = kinds_for(mode, large)?;
    Ok(kinds.iter().map(|k| k.name().to_string()).collect())
}

fn kinds_for(mode: &str, large: bool) -> Result<Vec<TableKind>, JsError> {
    let fast = korf::tables::TWOPHASE_SET;
    let optimal = OPTIMAL[if large { 0 } else { 1 }];
    match mode {
        "fast" => Ok(fast.to_vec()),
        "optimal" | "all" => Ok(fast.iter().chain(optimal.tables()).copied().collect()),
        _ => Err(JsError::new(&format!(
            "unknown mode `{mode}`: use fast, optimal or all"
        ))),
    }
}

/// A table's name, file size in bytes and build time on korf's reference machine
/// (natively, two threads), as JSON `{"name", "bytes", "build_seconds"}`.
#[wasm_bindgen]
pub fn table_info(name: &str) -> Result<String, JsError> {
    let kind = kind_named(name)?;
    let d = kind.descriptor();
    Ok(serde_json::json!({
        "name": d.name,
        "bytes": kind.file_size(),
        "build_seconds": d.build_seconds,
        "format": korf::tables::FORMAT_VERSION,
    })
    .to_string())
}

fn kind_named(name: &str) -> Result<TableKind, JsError> {
    TableKind::from_name(name).ok_or_else(|| JsError::new(&format!("no table named `{name}`")))
}

/// The solver with whatever tables it holds so far.
#[wasm_bindgen]
pub struct Engine {
    /// Tables taken in but not yet part of a solver.
    loose: Vec<Table>,
    /// The two-phase solver, until the optimal one takes it for its upper bounds.
    fast: Option<TwoPhase>,
    optimal: Option<Solver>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

#[wasm_bindgen]
impl Engine {
    /// An engine with no tables: it can check positions; it solves once given tables.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Engine {
        Engine {
            loose: Vec::new(),
            fast: None,
            optimal: None,
        }
    }

    /// Whether table `name` is loaded.
    pub fn has(&self, name: &str) -> bool {
        let Some(kind) = TableKind::from_name(name) else {
            return false;
        };
        self.loose.iter().any(|t| t.kind() == kind)
            || self.two_phase().is_some() && korf::tables::TWOPHASE_SET.contains(&kind)
            || self
                .optimal
                .as_ref()
                .is_some_and(|s| s.tables().table(kind).is_some())
    }

    /// Build table `name` here, calling `progress(fraction)` as it goes (fraction from 0
    /// to 1), and keep it.  Returns the table's file image (header and payload) for the
    /// caller to store and give back with [`Engine::add`] next time.
    pub fn build(&mut self, name: &str, progress: &js_sys::Function) -> Result<Vec<u8>, JsError> {
        let kind = kind_named(name)?;
        let d = kind.descriptor();
        let tracker = BuildProgress::new(d.expected, d.entries);
        let report = |p: Progress| {
            if let Some(fraction) = tracker.update(p) {
                let _ = progress.call1(&JsValue::NULL, &JsValue::from_f64(fraction));
            }
        };
        let image = korf::tables::build_image(kind, &report).map_err(error)?;
        let table = Table::from_image(kind, image.clone()).map_err(error)?;
        self.take(table);
        Ok(image)
    }

    /// Take in table `name` from its file image (kept from an earlier [`Engine::build`],
    /// or fetched): refused unless its header is that of the table and its payload matches
    /// the header's checksum.
    pub fn add(&mut self, name: &str, image: Vec<u8>) -> Result<(), JsError> {
        let kind = kind_named(name)?;
        let table = Table::from_image(kind, image).map_err(error)?;
        self.take(table);
        Ok(())
    }

    /// Solve `position` with the two-phase search (a short solution, not proven
    /// shortest): the JSON record `korf serve` gives for `mode=fast`.
    pub fn solve_fast(&self, position: &str) -> Result<String, JsError> {
        let cube = read_position(position).map_err(|e| JsError::new(&e))?;
        let two_phase = self.two_phase().ok_or_else(|| missing("fast"))?;
        let options = FastOptions {
            threads: 1,
            ..FastOptions::default()
        };
        let outcome = two_phase.solve(&cube, &options).map_err(error)?;
        let record = SolveRecord::fast(1, position, &cube, &outcome, 1, korf::cube::Metric::Htm);
        Ok(serde_json::to_string(&record).expect("a record serialises"))
    }

    /// Solve `position` optimally (`mode` = `optimal`), or list every optimal solution
    /// (`all`), stopping after `timeout_seconds` (0: no limit) with the best solution
    /// known, a turn of U allowed before (`start_auf`) or after (`end_auf`) it, only the
    /// turns `moves` names (`R,U`, `M,U`; empty: every face turn), lengths counted in
    /// `metric` (`htm`, `stm`; `qtm` only with slices or wide turns): the JSON record
    /// `korf serve` gives.
    // The JavaScript API passes each option positionally (korf.js names them).
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        &self,
        position: &str,
        mode: &str,
        timeout_seconds: f64,
        start_auf: bool,
        end_auf: bool,
        moves: &str,
        metric: &str,
    ) -> Result<String, JsError> {
        let masked = read_masked(position).map_err(|e| JsError::new(&e))?;
        kinds_for(mode, false)?;
        let solver = self.optimal.as_ref().ok_or_else(|| missing(mode))?;
        let options = Options {
            threads: 1,
            timeout: (timeout_seconds > 0.0).then(|| Duration::from_secs_f64(timeout_seconds)),
            all: (mode == "all").then_some(AllSolutions {
                within: 0,
                max_solutions: Some(MAX_SOLUTIONS),
            }),
            ..solver.options().clone()
        };
        let mut options = options;
        let turns = match moves.trim() {
            "" => korf::cube::TurnSet::FACES,
            text => korf::cube::TurnSet::parse(text)
                .map_err(|e| JsError::new(&format!("turns: {e}")))?,
        };
        let metric = korf::cube::Metric::from_name(metric)
            .ok_or_else(|| JsError::new(&format!("metric {metric:?}: use htm, stm or qtm")))?;
        let goal = korf::Goal::SOLVED
            .with_start_auf(start_auf)
            .with_end_auf(end_auf);
        options.rules.metric = metric;
        let Some(face_moves) = turns.face_moves() else {
            let outcome = solver
                .solve_turns(&masked, &goal, turns, &options)
                .map_err(error)?;
            let record =
                SolveRecord::turns(1, position, &masked, &goal, &outcome, solver.heuristic());
            return Ok(serde_json::to_string(&record).expect("a record serialises"));
        };
        if metric == korf::cube::Metric::Qtm {
            return Err(JsError::new(
                "metric qtm: the page's tables count face turns; quarter turns need slices or wide turns in the turns box, or the command line's --metric qtm",
            ));
        }
        options.rules.moves = face_moves;
        let complete = masked.complete();
        let prediction = complete.map(|c| solver.predict(&c));
        let found = solver
            .solve_masked(&masked, &goal, &options, None)
            .map_err(error)?;
        let mut record = SolveRecord::optimal(
            1,
            position,
            &complete.unwrap_or(Cube::SOLVED),
            found.outcome.clone(),
            solver.heuristic(),
        )
        .with_goal(&goal, &found)
        .towards(&masked, &goal);
        record.prediction = prediction.map(|p| p.likely);
        Ok(serde_json::to_string(&record).expect("a record serialises"))
    }

    /// What an optimal solve of `position` is expected to cost, before it starts: JSON
    /// `{"lower_bound", "upper_bound", "seconds"}` (the time model's estimate for this
    /// machine's native build, one thread; a browser is slower by the factor in
    /// docs/benchmarks.md).
    pub fn predict(&self, position: &str) -> Result<String, JsError> {
        let cube = read_position(position).map_err(|e| JsError::new(&e))?;
        let solver = self.optimal.as_ref().ok_or_else(|| missing("optimal"))?;
        let p = solver.predict(&cube);
        Ok(serde_json::json!({
            "lower_bound": p.lower_bound,
            "upper_bound": p.upper_bound,
            "seconds": p.likely.seconds,
        })
        .to_string())
    }
}

impl Engine {
    /// Keep `table`, and make the solvers its arrival completes.
    fn take(&mut self, table: Table) {
        let kind = table.kind();
        if !self.has(kind.name()) {
            self.loose.push(table);
        }
        let loose = |kinds: &[TableKind], loose: &[Table]| {
            kinds.iter().all(|&k| loose.iter().any(|t| t.kind() == k))
        };
        let [phase1, phase2] = korf::tables::TWOPHASE_SET;
        if self.two_phase().is_none() && loose(&[phase1, phase2], &self.loose) {
            let p1 = self.take_loose(phase1).expect("checked above");
            let p2 = self.take_loose(phase2).expect("checked above");
            self.fast = TwoPhase::from_tables(p1, p2).ok();
        }
        let ready = OPTIMAL.into_iter().find(|h| loose(h.tables(), &self.loose));
        if let (None, Some(_), Some(heuristic)) = (&self.optimal, &self.fast, ready) {
            let loose = std::mem::take(&mut self.loose);
            let (mine, rest) = loose
                .into_iter()
                .partition(|t| heuristic.tables().contains(&t.kind()));
            self.loose = rest;
            let tables = TableSet::from_tables(heuristic, mine).expect("every table is there");
            let options = Options {
                threads: 1,
                ..Options::default()
            };
            self.optimal = Some(Solver::from_tables(tables, self.fast.take(), options));
        }
    }

    /// Remove and return the loose table of `kind`, if there is one.
    fn take_loose(&mut self, kind: TableKind) -> Option<Table> {
        let at = self.loose.iter().position(|t| t.kind() == kind)?;
        Some(self.loose.swap_remove(at))
    }

    /// The two-phase solver, wherever it is now.
    fn two_phase(&self) -> Option<&TwoPhase> {
        self.fast
            .as_ref()
            .or_else(|| self.optimal.as_ref().and_then(|s| s.two_phase()))
    }
}

fn missing(mode: &str) -> JsError {
    let names =
        kinds_for(mode, false).map(|k| k.iter().map(|k| k.name()).collect::<Vec<_>>().join(", "));
    JsError::new(&format!(
        "the {mode} search needs its tables ({}): build or load them first",
        names.unwrap_or_default()
    ))
}

fn error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A table build's progress as a fraction: each depth weighted by the entries it is
/// expected to find, and within a depth by its work units done.
struct BuildProgress {
    expected: &'static [u64],
    entries: u64,
    /// `(entries filled before this depth, its index, its work units)`.
    depth: std::sync::Mutex<(u64, usize, u64)>,
}

impl BuildProgress {
    fn new(expected: &'static [u64], entries: u64) -> BuildProgress {
        BuildProgress {
            expected,
            entries: entries.max(1),
            depth: std::sync::Mutex::new((0, 0, 1)),
        }
    }

    /// The fraction done after `p`, when it moves.
    fn update(&self, p: Progress) -> Option<f64> {
        let mut depth = self.depth.lock().unwrap_or_else(|e| e.into_inner());
        match p {
            Progress::DepthStart { depth: d, work, .. } => {
                depth.1 = d as usize;
                depth.2 = work.max(1);
                None
            }
            Progress::Work { done } => {
                let here = self.expected.get(depth.1).copied().unwrap_or(0);
                let within = here as f64 * (done as f64 / depth.2 as f64).min(1.0);
                Some(((depth.0 as f64 + within) / self.entries as f64).min(1.0))
            }
            Progress::DepthDone { filled, .. } => {
                depth.0 = filled;
                Some((filled as f64 / self.entries as f64).min(1.0))
            }
            _ => None,
        }
    }
}
