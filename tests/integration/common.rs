//! The test tables: generated once into cargo's test scratch directory,
//! `target/tmp/tables` (or `$KORF_TEST_TABLES`), and reused by later runs while they stay
//! valid.  Shared by the integration tests and, through a `#[path]` include, by the
//! library's unit tests (`src/testing.rs`), so that both use one set; the directory's
//! generation lock (the one `korf tables generate` takes) makes test binaries run at once
//! (`cargo nextest`, or both tiers side by side) wait for each other's tables rather than
//! build them twice.
//!
//! The fast tier (`cargo test --release`) searches with the k = 0 coset heuristic, whose
//! tables (corners and coset) build in about 20 seconds; Korf's own three tables take
//! about 100 more and are the slow tier's (`korf_tables_dir`, `korf_table_set`).

#![allow(dead_code)]

use korf::search::{HeuristicKind, TableSet};
use korf::tables::{self, Table, TableKind};
use korf::twophase::TwoPhase;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn test_dir() -> PathBuf {
    match std::env::var_os("KORF_TEST_TABLES") {
        Some(d) => PathBuf::from(d),
        // cargo's CARGO_TARGET_TMPDIR for integration tests (the workspace's target/tmp);
        // the library's unit tests do not get that variable and use the same place under
        // the default target directory, beside their manifest at the workspace's root.
        None => match option_env!("CARGO_TARGET_TMPDIR") {
            Some(tmp) => PathBuf::from(tmp).join("tables"),
            None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/tmp/tables"),
        },
    }
}

/// Generate whichever of `kinds` are missing or invalid in `dir`.  One test thread at a
/// time: the others wait for the tables rather than build them again.
fn ensure(dir: &Path, kinds: &[TableKind]) {
    static BUILDING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let present = || kinds.iter().all(|&k| Table::open(k, dir, false).is_ok());
    // Tables already there need no turn: a test asking for them runs beside another
    // test's build (a table file appears only when it is complete).
    if present() {
        return;
    }
    let _one_at_a_time = BUILDING.lock().unwrap_or_else(|e| e.into_inner());
    if present() {
        return;
    }
    // Other test processes too: one builds, the others find its tables when it is done.
    let _lock = tables::GenerationLock::acquire(dir, &|| {
        eprintln!(
            "waiting for another test process building tables in {}",
            dir.display()
        )
    })
    .expect("the test tables directory can be locked");
    for &kind in kinds {
        if Table::open(kind, dir, false).is_err() {
            eprintln!("generating test table {} in {}", kind.name(), dir.display());
            tables::build_file(kind, dir, &|_| {}).expect("table generation");
        }
    }
}

/// The repository's root: the manifest's folder for the library's unit tests (`src/`), its
/// parent for the integration tests (package `cli/`).
pub fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    match manifest.join("benches").is_dir() {
        true => manifest.to_path_buf(),
        false => manifest.parent().unwrap_or(manifest).to_path_buf(),
    }
}

/// Whether the test tables directory holds a file for table `kind` (not checked).
pub fn has_table(kind: TableKind) -> bool {
    test_dir().join(kind.file_name()).exists()
}

/// Directory holding valid tables of the k = 0 coset heuristic (corners and coset), the
/// one `korf solve` takes there when none is named.
pub fn tables_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = test_dir();
        ensure(&dir, HeuristicKind::Coset.tables());
        dir
    })
}

/// Directory holding valid tables of the coset heuristic and Korf's three (corners, both
/// 7-edge groups, edge permutation): about 100 seconds more to build; the slow tier's.
pub fn korf_tables_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tables_dir().to_path_buf();
        ensure(&dir, &tables::DEFAULT_SET);
        dir
    })
}

/// Directory holding valid tables of the coset heuristic and the three slice-turn tables
/// (`korf::search::slice_turns`): about 80 seconds more to build; the slow tier's.
pub fn slice_turn_tables_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tables_dir().to_path_buf();
        ensure(&dir, &korf::search::slice_turns::SLICE_TURN_TABLES);
        dir
    })
}

/// Directory holding valid two-phase tables, both metrics' (about 15 seconds to build).
pub fn twophase_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = test_dir();
        ensure(&dir, tables::two_phase_set(korf::cube::Metric::Qtm));
        dir
    })
}

/// The loaded two-phase solver.
pub fn twophase() -> &'static TwoPhase {
    static TP: OnceLock<TwoPhase> = OnceLock::new();
    TP.get_or_init(|| TwoPhase::open(twophase_dir()).expect("two-phase tables load"))
}

/// The loaded tables of the coset heuristic (the fast tier's searches).
pub fn table_set() -> &'static TableSet {
    static SET: OnceLock<TableSet> = OnceLock::new();
    SET.get_or_init(|| {
        TableSet::open_for(
            tables_dir(),
            korf::tables::Residency::Mapped,
            HeuristicKind::Coset,
        )
        .expect("tables load")
    })
}

/// The loaded tables of Korf's heuristic (the slow tier's).
pub fn korf_table_set() -> &'static TableSet {
    static SET: OnceLock<TableSet> = OnceLock::new();
    SET.get_or_init(|| TableSet::open(korf_tables_dir()).expect("tables load"))
}

/// Open table `kind` from the test directory, generating it first if missing or invalid.
pub fn open_generated(kind: TableKind) -> Table {
    let dir = test_dir();
    ensure(&dir, &[kind]);
    Table::open(kind, &dir, true).expect("table loads")
}

/// The test tables directory's file of table `kind` (not built here).
pub fn test_table_path(kind: TableKind) -> PathBuf {
    test_dir().join(kind.file_name())
}

/// The tables of heuristic `kind`, generated if needed and loaded (mapped in place).
pub fn table_set_for(kind: HeuristicKind) -> TableSet {
    let dir = test_dir();
    ensure(&dir, kind.tables());
    TableSet::open_for(&dir, korf::tables::Residency::Mapped, kind).expect("tables load")
}

/// A fresh directory holding links to the test tables `kinds` (generated first if needed)
/// and nothing else: a tables directory in a chosen state, without copying gigabytes.
pub fn dir_with(kinds: &[TableKind]) -> tempfile::TempDir {
    let src = test_dir();
    ensure(&src, kinds);
    let dir = tempfile::tempdir().unwrap();
    for k in kinds {
        std::os::unix::fs::symlink(src.join(k.file_name()), dir.path().join(k.file_name()))
            .unwrap();
    }
    dir
}

/// Position `n` (from 0) of the scramble list `benches/scrambles/NAME`, comments and blank
/// lines skipped.
pub fn list_position(name: &str, n: usize) -> String {
    std::fs::read_to_string(repo_root().join(format!("benches/scrambles/{name}")))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .nth(n)
        .unwrap()
        .to_string()
}

/// Every solution of up to `within` moves more than the optimum, by the search with
/// `set` (`threads`, `lanes`, symmetric tasks merged or not).
pub fn all_solutions(
    set: &TableSet,
    cube: &korf::cube::Cube,
    within: u8,
    threads: usize,
    lanes: usize,
    merge_symmetries: bool,
) -> korf::search::SolutionSet {
    use korf::search::{self, AllSolutions, Options};
    let opts = Options {
        threads,
        lanes,
        merge_symmetries,
        all: Some(AllSolutions {
            within,
            max_solutions: None,
        }),
        ..Options::default()
    };
    let out = search::solve(set, cube, &opts, None).unwrap();
    let all = out.all.expect("a search for all solutions lists them");
    assert!(all.is_complete());
    assert_eq!(out.solution.as_ref().ok(), all.solutions.first());
    all
}

/// Every solution of `cube` of the optimal length and up to `within` more, by
/// heuristic-free enumeration (canonical sequences, sorted by length then moves).
pub fn enumerated_solutions(cube: &korf::cube::Cube, within: usize) -> Vec<Vec<korf::cube::Move>> {
    let optimal = (0..=9)
        .find(|&l| !korf::search::all_solutions_without_heuristic(cube, l).is_empty())
        .expect("the position is within reach of the reference");
    (optimal..=optimal + within)
        .flat_map(|l| korf::search::all_solutions_without_heuristic(cube, l))
        .collect()
}

/// On `count` random scrambles of 0–7 moves the optimal solutions `set`'s search lists
/// (on 1 or 2 threads, 1 to 5 lanes) are exactly those heuristic-free enumeration finds;
/// with `within = 1` on scrambles of up to 6 moves and `within = 2` up to 5 likewise.
pub fn assert_all_solutions_match_enumeration(set: &TableSet, seed: u64, count: usize) {
    use korf::cube::{Cube, ALL_MOVES};
    use rand::{Rng, SeedableRng};
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut listed, mut longer) = (0, 0);
    for i in 0..count {
        // Optimal only, then within 1 and within 2 (where longer solutions show up more).
        let within = [0, 0, 1, 2][i % 4];
        let len = r.gen_range(0..=[7, 7, 6, 5][i % 4]);
        let seq: Vec<_> = (0..len).map(|_| ALL_MOVES[r.gen_range(0..18)]).collect();
        let cube = Cube::from_moves(&seq);
        let (threads, lanes) = (1 + i % 2, 1 + i % 5);
        let found = all_solutions(set, &cube, within, threads, lanes, true);
        let expected = enumerated_solutions(&cube, within as usize);
        assert_eq!(
            found.solutions, expected,
            "{seq:?} within {within}, {threads} threads, {lanes} lanes"
        );
        assert_eq!(found.optimal_length as usize, expected[0].len());
        listed += expected.len();
        longer += expected
            .iter()
            .filter(|s| s.len() > expected[0].len())
            .count();
    }
    assert!(listed > count, "the positions have several solutions each");
    assert!(
        longer > 0,
        "some positions have solutions longer than optimal"
    );
}

/// Positions with many symmetries: pons asinorum (48), its halves, the six spots, a
/// cube in cube of a few moves.
const SYMMETRIC: [&str; 6] = [
    "U2 D2 R2 L2 F2 B2",
    "U2 D2",
    "R2 L2 U2 D2",
    "U D' R L' F B' U D'",
    "U D'",
    "R L U2 R' L'",
];

/// On positions with symmetries, the list is the same with symmetric tasks merged and
/// without, equals heuristic-free enumeration's, and each symmetry of the position maps
/// it onto itself.
pub fn assert_symmetric_positions_list_alike(set: &TableSet) {
    use korf::cube::symmetry::stabilizer;
    use korf::cube::{parse_moves, Cube};
    for (i, text) in SYMMETRIC.into_iter().enumerate() {
        let cube = Cube::from_moves(&parse_moves(text).unwrap());
        let symmetries = stabilizer(&cube);
        assert!(symmetries.len() > 1, "{text} is symmetric");
        let lanes = 1 + i % 4;
        let merged = all_solutions(set, &cube, 0, 2, lanes, true);
        let unmerged = all_solutions(set, &cube, 0, 2, lanes, false);
        assert_eq!(merged.solutions, unmerged.solutions, "{text}");
        assert_eq!(merged.solutions, enumerated_solutions(&cube, 0), "{text}");
        assert_closed_under_symmetries(&merged.solutions, &symmetries, text);
    }
}

/// Each symmetry in `symmetries` maps the list `solutions` onto itself (conjugated move
/// by move, then put in canonical form).
pub fn assert_closed_under_symmetries(
    solutions: &[Vec<korf::cube::Move>],
    symmetries: &[usize],
    what: &str,
) {
    use korf::cube::canonical_form;
    use korf::cube::symmetry::conjugate_moves;
    use std::collections::HashSet;
    let listed: HashSet<_> = solutions.iter().cloned().collect();
    assert_eq!(listed.len(), solutions.len(), "{what}: each solution once");
    for &s in symmetries {
        let image: HashSet<_> = solutions
            .iter()
            .map(|q| canonical_form(&conjugate_moves(q, s)).unwrap())
            .collect();
        assert_eq!(image, listed, "{what}, symmetry {s}");
    }
}

/// The move rules the tests of metrics and move sets cover, with the most a scramble of
/// each may cost: the quarter-turn metric with every turn, and ⟨R,U⟩, ⟨R,U,F⟩, ⟨R,U,D⟩
/// in both metrics.
pub fn rules_cases() -> Vec<(korf::cube::MoveRules, usize)> {
    use korf::cube::{Metric, MoveRules, MoveSet};
    let mut cases = vec![(
        MoveRules {
            metric: Metric::Qtm,
            moves: MoveSet::ALL,
        },
        9,
    )];
    for set in ["R,U", "R,U,F", "R,U,D"] {
        for metric in Metric::ALL {
            let moves = MoveSet::parse(set).unwrap();
            cases.push((MoveRules { metric, moves }, 10));
        }
    }
    cases
}

/// The positions within a radius of solved under `rules` (shared by every caller).
pub fn rules_ball(
    rules: korf::cube::MoveRules,
) -> (
    std::sync::Arc<std::collections::HashMap<korf::cube::Cube, u8>>,
    usize,
) {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};
    type Balls = HashMap<korf::cube::MoveRules, Arc<HashMap<korf::cube::Cube, u8>>>;
    static BALLS: OnceLock<Mutex<Balls>> = OnceLock::new();
    let radius = if rules.moves.is_all() { 6 } else { 7 };
    let mut balls = BALLS.get_or_init(Default::default).lock().unwrap();
    let ball = balls
        .entry(rules)
        .or_insert_with(|| Arc::new(korf::search::ball(rules, radius)))
        .clone();
    (ball, radius)
}

/// A random sequence of the allowed moves costing at most `max` under `rules`.
pub fn rules_scramble(
    rng: &mut impl rand::Rng,
    rules: korf::cube::MoveRules,
    max: usize,
) -> Vec<korf::cube::Move> {
    let moves: Vec<_> = rules.moves.moves().collect();
    let target = rng.gen_range(0..=max);
    let mut seq = Vec::new();
    while rules.length(&seq) < target {
        let m = moves[rng.gen_range(0..moves.len())];
        if rules.length(&seq) + rules.metric.cost(m) <= max {
            seq.push(m);
        }
    }
    seq
}

/// Solve `per_case` random positions of each of [`rules_cases`] with `set` and check
/// each against heuristic-free search under the same rules: the same length, a solution
/// of allowed moves that solves the position, in QTM of the position's parity, proven.
/// Returns how many positions were checked.
pub fn assert_rules_optimal(set: &TableSet, seed: u64, per_case: usize) -> usize {
    use korf::cube::{Cube, Metric};
    use korf::search::{self, Options};
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut checked = 0;
    let qtm_tables = set.kind().spec().metric == korf::cube::Metric::Qtm;
    for (rules, max) in rules_cases() {
        if qtm_tables && rules.metric != korf::cube::Metric::Qtm {
            // Quarter-turn tables bound only quarter-turn searches (refused otherwise).
            continue;
        }
        let (ball, radius) = rules_ball(rules);
        for n in 0..per_case {
            let seq = rules_scramble(&mut rng, rules, max);
            let cube = Cube::from_moves(&seq);
            let reference = search::distance_without_heuristic(&cube, rules, &ball, radius, max)
                .expect("the scramble itself is at most max");
            let opts = Options {
                threads: 1 + n % 2,
                rules,
                // From the root alone, and split into tasks at once.
                quick_phase: n % 4 < 2,
                ..Options::for_rules(rules)
            };
            let out = search::solve(set, &cube, &opts, None).unwrap();
            let sol = out.solution.clone().expect("solved");
            let what = format!(
                "{} ({}): {}",
                korf::cube::format_moves(&seq),
                rules.tag(),
                cube
            );
            assert!(cube.apply_moves(&sol).is_solved(), "{what}");
            assert!(rules.allows(&sol), "{what}: {sol:?} uses other turns");
            assert_eq!(rules.length(&sol), reference, "{what}: {sol:?}");
            assert_eq!(out.proven_lower as usize, reference, "{what}");
            if rules.metric == Metric::Qtm {
                assert_eq!(reference % 2, cube.corner_parity() as usize, "{what}");
            }
            checked += 1;
        }
    }
    checked
}

/// On `count` random quarter-turn scrambles of up to 7q, every solution within 0–2 quarter
/// turns of optimal that `set`'s search lists (two threads, one task at a time or
/// interleaved) is exactly what enumeration without tables finds.
pub fn assert_quarter_turn_solutions_match_enumeration(set: &TableSet, seed: u64, count: usize) {
    use korf::cube::{Cube, Metric, MoveRules, MoveSet};
    use korf::search::{self, AllSolutions, Options};
    use rand::SeedableRng;
    let qtm = MoveRules {
        metric: Metric::Qtm,
        moves: MoveSet::ALL,
    };
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for n in 0..count {
        let seq = rules_scramble(&mut r, qtm, 7);
        let x = Cube::from_moves(&seq);
        let within = (n % 3) as u8;
        let opts = Options {
            threads: 2,
            lanes: [1, 4][n % 2],
            all: Some(AllSolutions {
                within,
                max_solutions: None,
            }),
            ..Options::for_rules(qtm)
        };
        let all = search::solve(set, &x, &opts, None).unwrap().all.unwrap();
        assert!(all.is_complete());
        let optimal = all.optimal_length as usize;
        let mut expected = Vec::new();
        for length in optimal..=optimal + within as usize {
            expected.extend(search::all_solutions_under(&x, qtm, length));
        }
        let mut found = all.solutions.clone();
        found.sort();
        expected.sort();
        assert_eq!(found, expected, "{seq:?} within {within}");
    }
}
