//! Shared by the unit tests of the table families: the test tables (see
//! `tests/integration/common.rs`, included here) and the checks every coset-style
//! coordinate gets.

#[path = "../tests/integration/common.rs"]
mod dirs;
pub use dirs::*;

use korf::search::{HeuristicKind, TableSet};
use korf::tables::format::{checksum, write_atomic, Header};
use korf::tables::Table;

/// Write `DIR/NAME.pdb`: a valid header naming table `name` with `entries` entries of
/// `bits` bits, over `payload` (the header checks read no more).
pub fn write_table_header(
    dir: &std::path::Path,
    name: &str,
    entries: u64,
    bits: u32,
    payload: &[u8],
) -> std::path::PathBuf {
    let h = Header {
        name: name.into(),
        entries,
        bits_per_entry: bits,
        max_depth: 11,
        payload_len: payload.len() as u64,
        checksum: checksum(payload),
        created_unix: 0,
        generation_millis: 0,
        expanded: None,
        partial: None,
        mod3: false,
        base: None,
        histogram: [0; 16],
    };
    let path = dir.join(format!("{name}.pdb"));
    write_atomic(&path, &h, payload).unwrap();
    path
}

/// A random element of the coset tables' subgroup: corners unturned in their own tetrads,
/// edges in their own slices, flips at random but even in total; with `e_oriented` the
/// E-slice edges are unflipped too (the k = 4 subgroup).
pub fn random_in_subgroup(rng: &mut impl rand::Rng, e_oriented: bool) -> korf::cube::Cube {
    use korf::tables::coset::{EDGE_SLICE, TETRAD_A};
    use rand::seq::SliceRandom;
    let mut a = [0u8, 2, 5, 7];
    let mut b = [1u8, 3, 4, 6];
    a.shuffle(rng);
    b.shuffle(rng);
    let (mut ai, mut bi) = (a.into_iter(), b.into_iter());
    let cp: [u8; 8] = std::array::from_fn(|i| {
        if TETRAD_A >> i & 1 == 1 {
            ai.next().unwrap()
        } else {
            bi.next().unwrap()
        }
    });
    let mut slices = [vec![8u8, 9, 10, 11], vec![1, 3, 5, 7], vec![0, 2, 4, 6]];
    for s in &mut slices {
        s.shuffle(rng);
    }
    let mut next = [0usize; 3];
    let ep: [u8; 12] = std::array::from_fn(|i| {
        let s = EDGE_SLICE[i] as usize;
        next[s] += 1;
        slices[s][next[s] - 1]
    });
    let mut eo: [u8; 12] = std::array::from_fn(|i| {
        if e_oriented && EDGE_SLICE[i] == 0 {
            0
        } else {
            rng.gen_range(0..2)
        }
    });
    // Position 0 (UR) is in the S slice: fixing the parity there keeps the E edges as set.
    eo[0] ^= eo.iter().sum::<u8>() & 1;
    korf::cube::Cube::from_parts(cp, [0; 8], ep, eo)
}

/// Solve random scrambles of 0–8 moves with `set`, on 1 and 2 threads, and check every
/// answer solves its position at the length plain heuristic-free search finds.
pub fn assert_optimal_on_short_scrambles(set: &TableSet, seed: u64) {
    use korf::cube::{Cube, ALL_MOVES};
    use korf::search::{self, Options};
    use rand::{Rng, SeedableRng};
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for len in 0..=8 {
        for _ in 0..5 {
            let seq: Vec<_> = (0..len).map(|_| ALL_MOVES[r.gen_range(0..18)]).collect();
            let x = Cube::from_moves(&seq);
            let reference = search::solve_without_heuristic(&x, 7).map(|s| s.len());
            // From the root alone (the quick phase), one task at a time, and interleaved
            // (which the three-axis coset tables do): the same lengths whatever the thread
            // and lane counts.
            for (threads, lanes) in [(1, 1), (2, 1), (1, 4), (2, 7)] {
                let opts = Options {
                    threads,
                    lanes,
                    quick_phase: (threads, lanes) == (1, 1),
                    ..Options::default()
                };
                let out = search::solve(set, &x, &opts, None).unwrap();
                let sol = out.solution.unwrap();
                assert!(x.apply_moves(&sol).is_solved());
                assert_eq!(
                    sol.len(),
                    reference.unwrap_or(8),
                    "{seq:?}, {threads} threads, {lanes} lanes"
                );
            }
        }
    }
    // The same tables under other move rules: quarter turns, ⟨R,U⟩, ⟨R,U,F⟩, ⟨R,U,D⟩.
    assert!(assert_rules_optimal(set, seed + 100, 2) >= 14);
}

/// Breadth-first search over a table's entries (twins included), as the generator walks
/// them, up to `depth`: the depth of every entry reached.
pub fn entry_depths<S: korf::tables::generate::Space>(
    space: &S,
    depth: usize,
) -> std::collections::HashMap<u64, usize> {
    use std::collections::hash_map::Entry;
    let goal = space.goal();
    let mut seen = std::collections::HashMap::from([(goal, 0)]);
    space.twins(goal, |t| {
        seen.insert(t, 0);
    });
    let mut frontier: Vec<u64> = seen.keys().copied().collect();
    for d in 1..=depth {
        let mut next = Vec::new();
        for &i in &frontier {
            space.neighbours(i, |n| {
                if let Entry::Vacant(e) = seen.entry(n) {
                    e.insert(d);
                    next.push(n);
                    space.twins(n, |t| {
                        if let Entry::Vacant(e) = seen.entry(t) {
                            e.insert(d);
                            next.push(t);
                        }
                    });
                }
                false
            });
        }
        frontier = next;
    }
    seen
}

/// Distance of `x` to the subgroup whose positions `index` maps to `index(solved)`,
/// counted in `metric`, by plain iterative deepening (no tables).
pub fn subgroup_distance(
    index: &dyn Fn(&korf::cube::Cube) -> u64,
    x: &korf::cube::Cube,
    metric: korf::cube::Metric,
    limit: usize,
) -> Option<usize> {
    use korf::cube::{Cube, Move};
    fn dfs(
        index: &dyn Fn(&Cube) -> u64,
        x: &Cube,
        moves: &[Move],
        depth: usize,
        goal: u64,
    ) -> bool {
        index(x) == goal
            || (depth > 0
                && moves
                    .iter()
                    .any(|&m| dfs(index, &x.apply_move(m), moves, depth - 1, goal)))
    }
    let goal = index(&Cube::SOLVED);
    (0..=limit).find(|&d| dfs(index, x, metric.generators(), d, goal))
}

/// Calls its second argument with every twin of the entry given as the first.
pub type Twins<'a> = &'a dyn Fn(u64, &mut dyn FnMut(u64));

/// Check a generated 2-bit coset table against a sparse breadth-first search of its first
/// depths (`depths`: entry → depth) and against its twins: the header's first counts
/// equal the search's, no entry reads above its depth, and twins read alike above the
/// base.  `random_entry` draws the index of a random position; `twins` lists an entry's
/// twins.
pub fn assert_table_matches_sparse_search(
    t: &Table,
    depths: &std::collections::HashMap<u64, usize>,
    random_entry: &mut dyn FnMut() -> u64,
    twins: Twins,
) {
    let v = t.verify();
    assert!(v.checksum_ok && v.header_histogram_ok, "{v:?}");
    let deepest = depths.values().copied().max().unwrap_or(0);
    let mut counts = vec![0u64; deepest + 1];
    for (&i, &d) in depths {
        counts[d] += 1;
        assert!(
            t.get(i) as usize <= d,
            "entry {i} reads above its depth {d}"
        );
    }
    assert_eq!(&t.header().histogram[..=deepest], &counts[..]);
    let base = t.base();
    let exact = |v: u8| if v > base { v } else { 0 };
    for _ in 0..20_000 {
        let i = random_entry();
        twins(i, &mut |j| assert_eq!(exact(t.get(j)), exact(t.get(i))));
    }
}

/// Solve random scrambles with heuristics `a` and `b`, in the metric their tables count
/// (10–13 face turns, or up to 16 quarter turns): both answers solve their position, at
/// the same length.
pub fn assert_same_lengths(a: HeuristicKind, b: HeuristicKind, seed: u64) {
    use korf::cube::{Cube, MoveRules, MoveSet};
    use korf::search;
    use rand::SeedableRng;
    let metric = a.spec().metric;
    assert_eq!(
        metric,
        b.spec().metric,
        "both heuristics count in one metric"
    );
    let rules = MoveRules {
        metric,
        moves: MoveSet::ALL,
    };
    let sets = [table_set_for(a), table_set_for(b)];
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for n in 0..24 {
        let seq = match metric {
            korf::cube::Metric::Htm | korf::cube::Metric::Stm => {
                random_face_turns(&mut r, 10 + n / 6)
            }
            // 12–16 quarter turns.
            korf::cube::Metric::Qtm => loop {
                let seq = rules_scramble(&mut r, rules, 16);
                if rules.length(&seq) >= 12 {
                    break seq;
                }
            },
        };
        let x = Cube::from_moves(&seq);
        let lengths = sets.each_ref().map(|set| {
            let opts = search::Options::for_rules(rules);
            let out = search::solve(set, &x, &opts, None).unwrap();
            let sol = out.solution.unwrap();
            assert!(x.apply_moves(&sol).is_solved());
            rules.length(&sol)
        });
        assert_eq!(lengths[0], lengths[1], "{seq:?}");
    }
}

/// `len` random face turns.
fn random_face_turns(r: &mut impl rand::Rng, len: usize) -> Vec<korf::cube::Move> {
    (0..len)
        .map(|_| korf::cube::ALL_MOVES[r.gen_range(0..18)])
        .collect()
}

/// Along random walks of 20 moves of the metric its tables count, heuristic `kind` never
/// exceeds the walk's length.
pub fn assert_admissible_on_random_walks(kind: HeuristicKind, seed: u64) {
    use korf::cube::Cube;
    use rand::{Rng, SeedableRng};
    let set = table_set_for(kind);
    let h = korf::search::Heuristic::new(&set);
    let moves = kind.spec().metric.generators();
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..500 {
        let mut inv = Cube::SOLVED;
        for i in 0..20 {
            let m = moves[r.gen_range(0..moves.len())];
            inv = inv.premove(m.inverse());
            assert!(h.value(&inv) as usize <= i + 1, "h exceeds the walk length");
        }
    }
}

/// Whether a permutation is odd.
pub fn parity(p: &[u8]) -> bool {
    let mut odd = false;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            odd ^= p[i] > p[j];
        }
    }
    odd
}

/// A table index of a cube, and the smallest index among an entry's twins.
pub type IndexFns<'a> = (&'a dyn Fn(&korf::cube::Cube) -> u64, &'a dyn Fn(u64) -> u64);

/// Conjugating random cubes by each of the first `symmetries` symmetries leaves their
/// entry (up to twins) unchanged.
pub fn assert_invariant_under_symmetries(f: IndexFns, symmetries: usize, seed: u64) {
    use rand::SeedableRng;
    let (index, canonical) = f;
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..300 {
        let x = korf::cube::random_cube(&mut r);
        let i = canonical(index(&x));
        for s in 0..symmetries {
            let j = canonical(index(&korf::cube::symmetry::conjugate(&x, s)));
            assert_eq!(j, i, "symmetry {s}");
        }
    }
}

/// The neighbours a table's search space lists for a random cube's entry are the entries
/// of the cube after each move of `metric` (up to twins).
pub fn assert_neighbours_are_moved_entries<S: korf::tables::generate::Space>(
    space: &S,
    metric: korf::cube::Metric,
    f: IndexFns,
    seed: u64,
) {
    use rand::SeedableRng;
    use std::collections::HashSet;
    let (index, canonical) = f;
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..2000 {
        let x = korf::cube::random_cube(&mut r);
        let moved: HashSet<u64> = metric
            .generators()
            .iter()
            .map(|&m| canonical(index(&x.apply_move(m))))
            .collect();
        let mut listed = HashSet::new();
        space.neighbours(index(&x), |n| {
            listed.insert(canonical(n));
            false
        });
        assert_eq!(listed, moved);
    }
}

/// The cube an entry stands for (`entry_cube`) has that entry again (up to twins), for
/// the entries of random cubes.
pub fn assert_entries_stand_for_their_cube(
    f: IndexFns,
    entry_cube: &dyn Fn(u64) -> korf::cube::Cube,
    seed: u64,
) {
    use rand::SeedableRng;
    let (index, canonical) = f;
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for _ in 0..3000 {
        let i = index(&korf::cube::random_cube(&mut r));
        assert_eq!(canonical(index(&entry_cube(i))), canonical(i));
    }
}

/// The depths a breadth-first search over a table's entries by the moves of `metric` gave
/// (`depths`, searched to depth 4) equal the distance to the subgroup by plain search,
/// for scrambles of up to 6 of those moves; some of them at depths 3 and 4.
pub fn assert_depths_equal_brute_force(
    depths: &std::collections::HashMap<u64, usize>,
    index: &dyn Fn(&korf::cube::Cube) -> u64,
    metric: korf::cube::Metric,
    seed: u64,
) {
    use korf::cube::Cube;
    use rand::{Rng, SeedableRng};
    let moves = metric.generators();
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    let mut checked = [0usize; 5];
    for len in 0..=6 {
        for _ in 0..40 {
            let seq: Vec<_> = (0..len)
                .map(|_| moves[r.gen_range(0..moves.len())])
                .collect();
            let x = Cube::from_moves(&seq);
            let brute = subgroup_distance(index, &x, metric, 4);
            let found = depths.get(&index(&x)).copied();
            assert_eq!(found, brute, "{seq:?}");
            if let Some(d) = brute {
                checked[d] += 1;
            }
        }
    }
    assert!(checked[3] > 0 && checked[4] > 0, "{checked:?}");
}

/// For a three-axis coordinate: premoving the inverse of a move (what the search does to
/// its tracked inverse) keeps the entry (`axis_index`) of every random cube on the axes
/// whose subgroup holds the move (`inherited`, bit per axis), and changes the other axes'
/// entries of most.
pub fn assert_axis_moves_keep_tracked_inverse_entries(
    axis_index: &dyn Fn(&korf::cube::Cube, usize) -> u64,
    inherited: &dyn Fn(usize) -> u8,
    seed: u64,
) {
    use korf::cube::{Cube, ALL_MOVES};
    use rand::SeedableRng;
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    let xs: Vec<Cube> = (0..200).map(|_| korf::cube::random_cube(&mut r)).collect();
    for (mi, &m) in ALL_MOVES.iter().enumerate() {
        let bits = inherited(mi);
        for a in 0..3 {
            let same = xs
                .iter()
                .filter(|x| axis_index(&x.premove(m.inverse()), a) == axis_index(x, a))
                .count();
            if bits >> a & 1 == 1 {
                assert_eq!(same, xs.len(), "{m} axis {a}");
            } else {
                assert!(same < xs.len() / 2, "{m} axis {a}");
            }
        }
    }
}

/// Entries by depth weighted by the raw cosets each stands for (`orbit`) equal the counts
/// of a plain breadth-first search from the solved cube over raw cosets (`key` of each
/// cube reached) by the moves of `metric`, at every depth of `entries`.
pub fn assert_expanded_counts_match_raw_cosets<K: std::hash::Hash + Eq>(
    entries: &std::collections::HashMap<u64, usize>,
    orbit: &dyn Fn(u64) -> u64,
    key: impl Fn(&korf::cube::Cube) -> K,
    metric: korf::cube::Metric,
    min_last: u64,
) {
    use korf::cube::Cube;
    let depth = entries.values().copied().max().unwrap_or(0);
    let mut expanded = vec![0u64; depth + 1];
    for (&i, &d) in entries {
        expanded[d] += orbit(i);
    }
    let mut seen = std::collections::HashSet::from([key(&Cube::SOLVED)]);
    let mut frontier = vec![Cube::SOLVED];
    for (d, &count) in expanded.iter().enumerate() {
        assert_eq!(frontier.len() as u64, count, "depth {d}");
        let mut next = Vec::new();
        for c in &frontier {
            for &m in metric.generators() {
                let y = c.apply_move(m);
                if seen.insert(key(&y)) {
                    next.push(y);
                }
            }
        }
        frontier = next;
    }
    assert!(expanded[depth] > min_last, "the check reaches a real depth");
}

/// The `#[ignore]`d checks of a large three-axis table, written once for every family that
/// has one.  They need the table: built into the test tables directory on first use, or
/// reused from `$KORF_TEST_TABLES`.  The calling module provides `coords()`, `rng(seed)`,
/// `entry_depths(coords, depth)` (a sparse breadth-first search over the entries) and
/// `common` (this module).
///
/// * the file verifies, its entries match the sparse search to `sparse_depth`, and twins
///   read alike;
/// * searches with its heuristic are optimal against heuristic-free search, and list
///   every optimal (and near-optimal) solution that enumeration without it finds;
/// * the heuristic is admissible on random walks;
/// * with `same_lengths_as`, the lengths found agree with another heuristic's.
macro_rules! large_table_checks {
    (table: $kind:expr, heuristic: $h:expr, sparse_depth: $depth:expr, seeds: $seed:expr
     $(, same_lengths_as: $other:expr)?) => {
        #[test]
        #[ignore]
        fn table_verifies_and_matches_the_sparse_search() {
            use korf::cube::random_cube;
            use korf::cube::symmetry::Twins;
            let t = common::open_generated($kind);
            let v = t.verify();
            assert!(v.checksum_ok && v.histogram_ok, "{v:?}");
            if let Some(base) = $kind.descriptor().base {
                assert_eq!(t.base(), base, "the base fixed in the descriptor");
            }
            let co = coords();
            let mut r = rng($seed);
            common::assert_table_matches_sparse_search(
                &t,
                &entry_depths(co, $depth),
                &mut || co.index(&random_cube(&mut r)),
                &|i, visit| co.twins(i, visit),
            );
        }

        #[test]
        #[ignore]
        fn searches_are_optimal_against_heuristic_free_search() {
            let set = common::table_set_for($h);
            assert_eq!(set.kind(), $h);
            match $h.spec().metric {
                korf::cube::Metric::Htm | korf::cube::Metric::Stm => {
                    common::assert_optimal_on_short_scrambles(&set, $seed + 1)
                }
                // Quarter-turn tables bound quarter-turn searches only: every move set.
                korf::cube::Metric::Qtm => {
                    assert!(common::assert_rules_optimal(&set, $seed + 1, 40) >= 150)
                }
            }
        }

        #[test]
        #[ignore]
        fn all_solutions_match_heuristic_free_enumeration() {
            let set = common::table_set_for($h);
            match $h.spec().metric {
                korf::cube::Metric::Htm | korf::cube::Metric::Stm => {
                    common::assert_all_solutions_match_enumeration(&set, $seed + 4, 300);
                    common::assert_symmetric_positions_list_alike(&set);
                }
                korf::cube::Metric::Qtm => {
                    common::assert_quarter_turn_solutions_match_enumeration(&set, $seed + 4, 40)
                }
            }
        }

        #[test]
        #[ignore]
        fn heuristic_is_admissible_on_random_walks() {
            common::assert_admissible_on_random_walks($h, $seed + 2);
        }

        $(
            #[test]
            #[ignore]
            fn finds_the_lengths_another_heuristic_finds() {
                common::assert_same_lengths($h, $other, $seed + 3);
            }
        )?
    };
}
pub(crate) use large_table_checks;
