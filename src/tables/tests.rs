//! Pattern-database machinery: index functions against the cube model, generation against
//! brute-force BFS, the z2 symmetry shared by the two 7-edge groups, and the file format's
//! checks.  The full default set is checked by the `#[ignore]`d test at the end.

use korf::cube::{random_cube, Cube, Move, ALL_MOVES};
use korf::search::TableSet;
use korf::tables::format::{self, Header, HEADER_SIZE};
use korf::tables::generate::{self, Progress};
use korf::tables::korf::{
    edges7_b_state, z2_cube, Corners, EdgeGroup, EdgePerm, Pattern, EDGES7_A, EDGES7_B_POSITIONS,
};
use korf::tables::{Table, TableError, TableKind};
use rand::SeedableRng;
use std::collections::{HashMap, VecDeque};

fn quiet(_: Progress) {}

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// The pattern's own move action agrees with projecting the cube after the move, and
/// rank/unrank are inverse and in range.
fn check_pattern<P: Pattern>(p: &P)
where
    P::State: PartialEq + std::fmt::Debug,
{
    let mut r = rng(5);
    for _ in 0..300 {
        let c = random_cube(&mut r);
        let s = p.project(&c);
        let i = p.rank(&s);
        assert!(i < p.entries());
        assert_eq!(p.rank(&p.unrank(i)), i);
        for m in ALL_MOVES {
            assert_eq!(
                p.rank(&p.premove(&s, m)),
                p.rank(&p.project(&c.premove(m))),
                "move {m}"
            );
        }
    }
}

#[test]
fn table_indices_agree_with_the_cube_model() {
    check_pattern(&Corners);
    check_pattern(&EDGES7_A);
    check_pattern(&EdgePerm);
    check_pattern(&EdgeGroup {
        positions: [4, 5, 6, 7],
    });
}

#[test]
fn solved_state_is_unique_at_depth_zero() {
    assert_eq!(Corners.rank(&Corners.project(&Cube::SOLVED)), 0);
    assert_eq!(EdgePerm.rank(&EdgePerm.project(&Cube::SOLVED)), 0);
}

/// Brute-force BFS over the cube model, with a hash map from projected state to depth.
fn bfs_histogram<P: Pattern>(p: &P) -> Vec<u64>
where
    P::State: Eq + std::hash::Hash,
{
    let mut seen: HashMap<P::State, u32> = HashMap::new();
    let mut q = VecDeque::new();
    seen.insert(p.project(&Cube::SOLVED), 0);
    q.push_back(Cube::SOLVED);
    while let Some(c) = q.pop_front() {
        let d = seen[&p.project(&c)];
        for m in ALL_MOVES {
            let n = c.premove(m);
            let key = p.project(&n);
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key) {
                e.insert(d + 1);
                q.push_back(n);
            }
        }
    }
    let max = *seen.values().max().unwrap() as usize;
    let mut h = vec![0u64; max + 1];
    for d in seen.values() {
        h[*d as usize] += 1;
    }
    h
}

fn generated_histogram<P: Pattern>(p: &P) -> Vec<u64> {
    let g = korf::tables::korf::generate(p, &p.project(&Cube::SOLVED), &quiet);
    let h = generate::histogram(&g.payload, p.entries());
    assert_eq!(h, g.histogram, "recount equals the generator's own count");
    h[..=g.max_depth as usize].to_vec()
}

#[test]
fn small_edge_group_generation_matches_brute_force_bfs() {
    // 4 edges: 12·11·10·9·16 = 190,080 states; mixes U-layer and middle-layer positions.
    let p = EdgeGroup {
        positions: [0, 1, 8, 11],
    };
    let bfs = bfs_histogram(&p);
    assert_eq!(bfs.iter().sum::<u64>(), p.entries());
    assert_eq!(generated_histogram(&p), bfs);
}

#[test]
fn slice_turn_generation_matches_a_breadth_first_search_of_the_cube_model() {
    // Distances in slice turns relative to the centres: the 18 face turns and the 9 pairs
    // of opposite face turns a slice makes, stepped on whole cubes of the model.  Every
    // entry of the generated 4-edge table equals the depth the model's search finds.
    use korf::cube::{Face, Metric};
    let p = EdgeGroup {
        positions: [0, 2, 8, 5],
    };
    let mut steps: Vec<Vec<Move>> = ALL_MOVES.iter().map(|&m| vec![m]).collect();
    for axis in 0..3 {
        for q in 1..4 {
            let near = Move::new(Face::ALL[axis], q);
            steps.push(vec![near, Move::new(Face::ALL[axis + 3], 4 - q)]);
        }
    }
    let mut seen: HashMap<korf::cube::Cubies<4>, u8> =
        HashMap::from([(p.project(&Cube::SOLVED), 0)]);
    let mut q = VecDeque::from([Cube::SOLVED]);
    while let Some(c) = q.pop_front() {
        let d = seen[&p.project(&c)];
        for step in &steps {
            let n = step.iter().fold(c, |n, &m| n.premove(m));
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(p.project(&n)) {
                e.insert(d + 1);
                q.push_back(n);
            }
        }
    }
    assert_eq!(seen.len() as u64, p.entries());
    let solved = p.project(&Cube::SOLVED);
    let g = korf::tables::korf::generate_in(&p, &solved, Metric::Stm, &quiet);
    for (state, &depth) in &seen {
        let i = p.rank(state);
        let entry = (g.payload[(i / 2) as usize] >> ((i % 2) * 4)) & 15;
        assert_eq!(entry, depth, "{state:?}");
    }
    // A slice pair is one step: the slice-turn table is below the face-turn one.
    assert!(g.max_depth < korf::tables::korf::generate(&p, &solved, &quiet).max_depth);
}

#[test]
fn five_edge_group_generation_matches_brute_force_bfs() {
    // 5 edges: 3,041,280 states — deep enough to exercise the backward scan.
    let p = EdgeGroup {
        positions: [4, 5, 6, 7, 9],
    };
    let bfs = bfs_histogram(&p);
    assert_eq!(generated_histogram(&p), bfs);
}

#[test]
fn corner_generation_matches_thesis_table_3_2() {
    // The test tables' corners file, built by `build_file` as `korf tables generate` builds
    // it (once a run, shared with every test that needs it), its entries counted by depth.
    let t = crate::testing::open_generated(TableKind::Corners);
    let v = t.verify();
    assert!(v.checksum_ok, "{v:?}");
    assert_eq!(v.histogram, TableKind::Corners.descriptor().expected);
}

#[test]
fn generation_is_deterministic() {
    let p = EdgeGroup {
        positions: [2, 3, 10, 11, 6],
    };
    let solved = p.project(&Cube::SOLVED);
    let a = korf::tables::korf::generate(&p, &solved, &quiet).payload;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let b = pool.install(|| korf::tables::korf::generate(&p, &solved, &quiet).payload);
    assert!(a == b, "one thread and many threads give the same bytes");
}

#[test]
fn z2_is_a_symmetry_that_maps_group_a_onto_group_b() {
    let s = z2_cube();
    assert!((s * s).is_solved(), "z2 is an involution");
    // Conjugating each move by z2 gives a move: U↔D, R↔L, F→F, B→B, same direction.
    for m in ALL_MOVES {
        let conj = s * Cube::from_moves(&[m]) * s;
        let image = ALL_MOVES
            .into_iter()
            .find(|&n| Cube::from_moves(&[n]) == conj)
            .unwrap_or_else(|| panic!("z2 {m} z2 is not a move"));
        assert_eq!(image.quarter_turns(), m.quarter_turns());
    }
    // The B-group state read through the symmetry is the A-group state of z2·c·z2.
    let mut r = rng(9);
    for _ in 0..200 {
        let c = random_cube(&mut r);
        assert_eq!(edges7_b_state(&c), EDGES7_A.project(&(s * c * s)));
    }
    let b: Vec<u8> = EDGES7_B_POSITIONS.to_vec();
    let mut sorted = b.clone();
    sorted.sort();
    assert_eq!(sorted, vec![4, 5, 6, 7, 8, 9, 10], "DR DF DL DB FR FL BL");
}

#[test]
fn symmetric_lookup_equals_a_directly_generated_table() {
    // A 4-edge group and its z2 image, each generated directly: looking the image up
    // through the symmetry gives the same distance for every cube.
    let a = EdgeGroup {
        positions: [0, 1, 8, 11],
    };
    let z2 = korf::tables::korf::Z2_EDGES;
    let b = EdgeGroup {
        positions: a.positions.map(|p| z2[p as usize]),
    };
    let ta = korf::tables::korf::generate(&a, &a.project(&Cube::SOLVED), &quiet).payload;
    let tb = korf::tables::korf::generate(&b, &b.project(&Cube::SOLVED), &quiet).payload;
    let get = |t: &[u8], i: u64| (t[(i / 2) as usize] >> ((i & 1) * 4)) & 15;
    let s = z2_cube();
    let mut r = rng(11);
    for _ in 0..2000 {
        let c = random_cube(&mut r);
        let direct = get(&tb, b.rank(&b.project(&c)));
        let through = get(&ta, a.rank(&a.project(&(s * c * s))));
        assert_eq!(direct, through);
    }
}

// ---------------------------------------------------------------------------------------
// File format

fn write_small(dir: &std::path::Path) -> std::path::PathBuf {
    // A syntactically valid corners header over a tiny fake payload is enough for the
    // header checks; size checks use the real expected size.
    crate::testing::write_table_header(dir, "corners", 88_179_840, 4, &[0x21u8; 1000])
}

#[test]
fn header_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_small(dir.path());
    let h = Header::read(&path).unwrap();
    assert_eq!(h.name, "corners");
    assert_eq!(h.payload_len, 1000);
    assert!(!h.mod3);
    // The encoding field round-trips, and a table read with the other encoding is
    // refused by name, with the command that rebuilds it.
    let mut m = h.clone();
    m.mod3 = true;
    assert!(Header::from_bytes(&m.to_bytes(), &path).unwrap().mod3);
    format::write_atomic(&path, &m, &vec![0x21u8; 1000]).unwrap();
    let err = Table::open(TableKind::Corners, dir.path(), false)
        .err()
        .unwrap()
        .to_string();
    assert!(
        err.contains("depth mod 3") && err.contains("korf tables generate --only corners --force"),
        "{err}"
    );
    assert_eq!(
        std::fs::metadata(&path).unwrap().len(),
        HEADER_SIZE as u64 + 1000
    );
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn a_table_of_another_layout_is_named_so_with_the_command_that_rebuilds_it() {
    // The coset-cp table as korf wrote it before 2026-12-05 (its twins kept): the same
    // name and bits, another count of entries.
    let dir = tempfile::tempdir().unwrap();
    crate::testing::write_table_header(dir.path(), "coset-cp", 235_134_900, 2, &[0x21u8; 1000]);
    let err = Table::open(TableKind::CosetCp, dir.path(), false)
        .err()
        .unwrap();
    assert!(
        matches!(
            err,
            TableError::Layout {
                found: 235_134_900,
                ..
            }
        ),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("another layout")
            && text.contains("korf tables generate --only coset-cp --force")
            && !text.contains("corrupt"),
        "{text}"
    );
}

#[test]
fn the_base_is_recorded_and_a_file_without_it_reads_with_the_base_it_was_packed_with() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_small(dir.path());
    let h = Header::read(&path).unwrap();
    assert_eq!(h.base, None);
    for base in [0, 8, 9, 255] {
        let mut b = h.clone();
        b.base = Some(base);
        assert_eq!(
            Header::from_bytes(&b.to_bytes(), &path).unwrap().base,
            Some(base)
        );
    }
    // A damaged field is refused, not read as another base.
    let mut b = h.clone();
    b.base = Some(9);
    let mut bytes = b.to_bytes();
    bytes[392] ^= 1;
    let err = Header::from_bytes(&bytes, &path).unwrap_err().to_string();
    assert!(err.contains("base field"), "{err}");
    let mut bytes = b.to_bytes();
    bytes[393] = 0;
    assert!(Header::from_bytes(&bytes, &path).is_err());

    // flipslice is packed with base 9 now; its files from before (no base recorded) were
    // packed with 8, the rule's choice for its distribution, and are read so.
    let d = TableKind::FlipSlice.descriptor();
    let mut old = h.clone();
    old.histogram[..d.expected.len()].copy_from_slice(d.expected);
    assert_eq!(d.base_for(d.expected), 9);
    assert_eq!(d.unrecorded_base(d.expected), 8);
    assert_eq!(d.base_of_file(&old), 8);
    old.base = Some(9);
    assert_eq!(d.base_of_file(&old), 9);
    // sliceperm's base was fixed before its first build: the same either way.
    let d = TableKind::SlicePerm.descriptor();
    let mut old = h;
    old.histogram[..d.expected.len()].copy_from_slice(d.expected);
    assert_eq!(d.base_of_file(&old), 9);
}

#[test]
fn missing_truncated_and_corrupt_files_give_their_errors() {
    let dir = tempfile::tempdir().unwrap();
    let open = |d: &std::path::Path| Table::open(TableKind::Corners, d, false).err().unwrap();
    assert!(matches!(open(dir.path()), TableError::Missing { .. }));

    let path = write_small(dir.path());
    // Right header, wrong size (truncated payload).
    assert!(matches!(open(dir.path()), TableError::Size { .. }));
    let msg = open(dir.path()).to_string();
    assert!(
        msg.contains("corners.pdb") && msg.contains("korf tables generate"),
        "{msg}"
    );

    let bytes = std::fs::read(&path).unwrap();
    let patch = |offset: usize, value: u8| {
        let mut b = bytes.clone();
        b[offset] ^= value;
        std::fs::write(&path, &b).unwrap();
    };
    patch(0, 0xFF);
    assert!(matches!(open(dir.path()), TableError::Magic { .. }));
    patch(8, 0x02);
    assert!(matches!(
        open(dir.path()),
        TableError::Version { found: 3, .. }
    ));
    patch(33, 0x01); // entry count: caught by the header checksum
    assert!(matches!(open(dir.path()), TableError::Corrupt { .. }));
    std::fs::write(&path, &bytes[..100]).unwrap();
    assert!(matches!(open(dir.path()), TableError::Size { .. }));
    std::fs::write(&path, b"hello").unwrap();
    assert!(matches!(open(dir.path()), TableError::Magic { .. }));
}

#[test]
fn convention_version_mismatch_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_small(dir.path());
    let mut b = std::fs::read(&path).unwrap();
    b[12] = 99;
    // Re-seal the header checksum so only the convention differs.
    let hc = xxhash_rust::xxh3::xxh3_64(&b[..208]);
    b[208..216].copy_from_slice(&hc.to_le_bytes());
    std::fs::write(&path, &b).unwrap();
    let e = Table::open(TableKind::Corners, dir.path(), false)
        .err()
        .unwrap();
    assert!(matches!(e, TableError::Convention { found: 99, .. }), "{e}");
}

#[test]
fn real_corner_table_verifies_and_detects_a_flipped_payload_byte() {
    // A copy of the test tables' corners file (built once a run), damaged below.
    let dir = tempfile::tempdir().unwrap();
    crate::testing::open_generated(TableKind::Corners);
    let shared = crate::testing::test_table_path(TableKind::Corners);
    std::fs::copy(&shared, dir.path().join("corners.pdb")).unwrap();
    let t = Table::open(TableKind::Corners, dir.path(), false).unwrap();
    let v = t.verify();
    assert!(v.checksum_ok && v.histogram_ok, "{v:?}");
    assert_eq!(v.histogram, TableKind::Corners.descriptor().expected);
    drop(t);
    let path = dir.path().join("corners.pdb");
    let mut b = std::fs::read(&path).unwrap();
    b[HEADER_SIZE + 12345] ^= 0x10;
    std::fs::write(&path, &b).unwrap();
    let v = Table::open(TableKind::Corners, dir.path(), false)
        .unwrap()
        .verify();
    assert!(!v.checksum_ok && !v.histogram_ok);
}

/// The whole default set against thesis Tables 3.2–3.4.  Needs the tables:
/// `korf tables generate` then
/// `cargo test --release --lib tables::tests -- --ignored full_default_set`.
#[test]
#[ignore]
fn full_default_set_matches_published_distributions() {
    let dir = korf::tables::resolve_dir(None);
    let set = TableSet::open(&dir).expect("run `korf tables generate` first");
    for t in [
        set.table(TableKind::Corners).unwrap(),
        set.table(TableKind::Edges7).unwrap(),
        set.table(TableKind::EdgePerm).unwrap(),
    ] {
        let v = t.verify();
        assert!(v.checksum_ok, "{}", v.name);
        assert_eq!(v.histogram, t.kind().descriptor().expected, "{}", v.name);
    }
}

#[test]
fn published_distributions_sum_to_the_entry_counts() {
    for &k in TableKind::ALL {
        let d = k.descriptor();
        if d.expected.is_empty() {
            // Only the states behind the entries are published (full-edge: thesis Table
            // 4.1); they sum to every state, which `src/tables/full_edge/tests.rs` checks.
            // A size never built here has no distribution on record.
            assert!(!d.expected_states.is_empty() || !d.built_here, "{}", d.name);
            continue;
        }
        assert_eq!(d.expected.iter().sum::<u64>(), d.entries, "{}", d.name);
    }
    let _ = Move::from_index(0);
}

/// The phase-2 space with made-up weights, to check the weighted histogram.
struct Weighted<'a>(korf::tables::phases::prune::Phase2Space<'a>);

impl generate::Space for Weighted<'_> {
    fn entries(&self) -> u64 {
        self.0.entries()
    }
    fn goal(&self) -> u64 {
        self.0.goal()
    }
    fn neighbours(&self, i: u64, visit: impl FnMut(u64) -> bool) {
        self.0.neighbours(i, visit)
    }
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.0.twins(i, visit)
    }
    fn weight(&self, i: u64) -> u64 {
        1 + i % 7
    }
}

fn nibble_at(payload: &[u8], i: u64) -> u8 {
    (payload[(i >> 1) as usize] >> ((i & 1) * 4)) & 15
}

#[test]
fn generating_in_lines_gives_the_packed_nibble_table() {
    // The line layout writes the final 2-bit format in place (depth mod 3, then codes
    // relative to the base, the rest only counted): it must give byte for byte what packing
    // the exact nibble table gives, for every base, including ones that leave a long tail.
    use generate::{generate_resumable, Layout};
    let space = Weighted(korf::tables::phases::prune::Phase2Space(
        korf::tables::phases::coords(),
    ));
    let entries = generate::Space::entries(&space);
    let exact = generate_resumable(&space, Layout::Nibbles, &quiet, None).unwrap();
    let mut weighted = [0u64; korf::tables::HISTOGRAM_LEN];
    for i in 0..entries {
        weighted[nibble_at(&exact.payload, i) as usize] += 1 + i % 7;
    }
    assert_eq!(exact.weighted, weighted);
    let chosen = korf::tables::packed::choose_base(&exact.histogram);
    for base in [0, 1, 4, chosen, exact.max_depth as u8] {
        let lines = generate_resumable(&space, Layout::Lines { base }, &quiet, None).unwrap();
        let packed = korf::tables::packed::pack(entries, base, |i| nibble_at(&exact.payload, i));
        assert!(lines.payload == packed, "base {base}: payloads differ");
        assert_eq!(lines.histogram, exact.histogram, "base {base}");
        assert_eq!(lines.weighted, exact.weighted, "base {base}");
        assert_eq!(lines.max_depth, exact.max_depth, "base {base}");
    }
    // Depth mod 3 in the same geometry: every code is the exact depth mod 3, the fallback
    // bytes stay 0.
    let mod3 = generate_resumable(&space, Layout::Mod3, &quiet, None).unwrap();
    assert_eq!(mod3.histogram, exact.histogram);
    assert_eq!(mod3.weighted, exact.weighted);
    for i in 0..entries {
        let code = korf::tables::packed::code_of(&mod3.payload, i);
        assert_eq!(code, nibble_at(&exact.payload, i) % 3, "entry {i}");
    }
    assert!(mod3.payload.chunks(64).all(|line| line[0] == 0));
}

#[test]
fn a_line_layout_generation_interrupted_anywhere_resumes_to_the_same_table() {
    // Checkpoints after every chunk and every depth; the run is stopped (a panic out of the
    // progress callback, as a kill would) after the n-th save, resumed, and compared with
    // an uninterrupted run.
    use generate::Layout;
    let space = korf::tables::phases::prune::Phase2Space(korf::tables::phases::coords());
    for layout in [Layout::Lines { base: 7 }, Layout::Mod3] {
        interrupt_and_resume(&space, layout);
    }
}

fn interrupt_and_resume(
    space: &korf::tables::phases::prune::Phase2Space,
    layout: generate::Layout,
) {
    use generate::{generate_resumable, Checkpoint};
    let whole = generate_resumable(space, layout, &quiet, None).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("phase2.partial");
    let checkpoint = Checkpoint {
        path: &path,
        name: "phase2",
        min_depth_time: std::time::Duration::ZERO,
        within_depth_time: std::time::Duration::ZERO,
    };
    // How many saves an uninterrupted run makes, of which inside a depth: the stops are
    // spread over them.
    let (all, inside) = (
        std::sync::atomic::AtomicUsize::new(0),
        std::sync::atomic::AtomicUsize::new(0),
    );
    let count = |p: Progress| match p {
        Progress::Checkpoint { .. } => {
            all.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Progress::PartialCheckpoint { .. } => {
            all.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            inside.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        _ => {}
    };
    let _ = std::fs::remove_file(&path);
    let counted = generate_resumable(space, layout, &count, Some(&checkpoint)).unwrap();
    assert!(counted.payload == whole.payload);
    let (saves, inside) = (all.into_inner(), inside.into_inner());
    assert!(
        saves >= 20 && inside >= 10,
        "{saves} saves, {inside} inside a depth"
    );
    for stop_after in [1, 5, saves / 3, saves / 2, saves - 1] {
        let _ = std::fs::remove_file(&path);
        let saves = std::sync::atomic::AtomicUsize::new(0);
        let stopping = |p: Progress| {
            if matches!(
                p,
                Progress::Checkpoint { .. } | Progress::PartialCheckpoint { .. }
            ) && saves.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1 == stop_after
            {
                std::panic::resume_unwind(Box::new("stopped"));
            }
        };
        let first = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            generate_resumable(space, layout, &stopping, Some(&checkpoint))
        }));
        assert!(
            first.is_err(),
            "run was not stopped after {stop_after} saves"
        );
        let resumed_from = std::sync::Mutex::new(None);
        let note = |p: Progress| {
            if let Progress::Resumed { depth, done, .. } = p {
                *resumed_from.lock().unwrap() = Some((depth, done));
            }
        };
        let rest = generate_resumable(space, layout, &note, Some(&checkpoint)).unwrap();
        assert!(
            resumed_from.lock().unwrap().is_some(),
            "stop after {stop_after}: did not resume"
        );
        assert!(rest.payload == whole.payload, "stop after {stop_after}");
        assert_eq!(rest.histogram, whole.histogram);
        assert_eq!(rest.weighted, whole.weighted);
    }
}

#[test]
fn two_bit_tables_generate_in_place_when_they_can() {
    use generate::Layout;
    // The full-edge table is stored as depth mod 3: generated in place.  Coset4 (base 8)
    // has 366 million of 5.5 billion entries past base + 3: nibbles, packed at the end.
    assert_eq!(TableKind::FullEdge.working_layout(), Layout::Mod3);
    assert_eq!(TableKind::Coset4.working_layout(), Layout::Nibbles);
    assert!(TableKind::FullEdge.generation_peak() < 5_300_000_000);
    assert_eq!(
        TableKind::Coset4.generation_peak(),
        TableKind::Coset4.working_len() + TableKind::Coset4.payload_len()
    );
    // Flipslice (base 9 since 2026-12-01) has 2,655 of 10 billion past base + 3: in
    // place, in its 2.4 GiB of lines (with base 8, 533 million were, so it worked in
    // nibbles and peaked at 7.4 GB).
    assert_eq!(
        TableKind::FlipSlice.working_layout(),
        Layout::Lines { base: 9 }
    );
    let peak = TableKind::FlipSlice.generation_peak();
    let payload = TableKind::FlipSlice.payload_len();
    assert!(peak >= payload && peak < payload + 100_000_000, "{peak}");
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn quarter_turn_corners_match_a_breadth_first_search_over_corner_states() {
        use korf::cube::Metric;
        // Independent of the pattern's ranking and of the generator: corner states of the
        // cube model, stepped by quarter turns, to depth 8 (3.8 million states).
        let t = crate::testing::open_generated(TableKind::CornersQtm);
        let v = t.verify();
        assert!(v.checksum_ok && v.histogram_ok, "{v:?}");
        let corners = |c: &Cube| (c.corner_perm(), c.corner_twists());
        let mut seen = std::collections::HashSet::from([corners(&Cube::SOLVED)]);
        let mut frontier = vec![Cube::SOLVED];
        for depth in 0..=8 {
            assert_eq!(frontier.len() as u64, v.histogram[depth], "depth {depth}");
            let mut next = Vec::new();
            for c in &frontier {
                for &m in Metric::Qtm.generators() {
                    let y = c.apply_move(m);
                    if seen.insert(corners(&y)) {
                        next.push(y);
                    }
                }
            }
            frontier = next;
        }
        // The face-turn corners never exceed the quarter-turn ones.
        let htm = crate::testing::open_generated(TableKind::Corners);
        for i in (0..TableKind::CornersQtm.descriptor().entries).step_by(9973) {
            assert!(htm.get(i) <= t.get(i), "entry {i}");
        }
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn slice_turn_tables_match_a_breadth_first_search_and_stay_below_face_turns() {
        use korf::cube::Metric;
        // Corner states of the cube model stepped by face turns and slice pairs, to depth
        // 6 (1.4 million states), against the corners table in slice turns.
        let t = crate::testing::open_generated(TableKind::CornersStm);
        let v = t.verify();
        assert!(v.checksum_ok && v.histogram_ok, "{v:?}");
        let mut steps: Vec<Vec<Move>> = ALL_MOVES.iter().map(|&m| vec![m]).collect();
        for &(a, b) in Metric::Stm.slice_pairs() {
            assert_eq!(a.face() as usize + 3, b.face() as usize);
            steps.push(vec![a, b]);
        }
        assert_eq!(steps.len(), 27);
        let corners = |c: &Cube| (c.corner_perm(), c.corner_twists());
        let mut seen = std::collections::HashSet::from([corners(&Cube::SOLVED)]);
        let mut frontier = vec![Cube::SOLVED];
        for depth in 0..=6 {
            assert_eq!(frontier.len() as u64, v.histogram[depth], "depth {depth}");
            let mut next = Vec::new();
            for c in &frontier {
                for step in &steps {
                    let y = step.iter().fold(*c, |y, &m| y.apply_move(m));
                    if seen.insert(corners(&y)) {
                        next.push(y);
                    }
                }
            }
            frontier = next;
        }
        // Each slice-turn table is at most its face-turn sibling, entry by entry.
        for (stm, htm) in [
            (TableKind::CornersStm, TableKind::Corners),
            (TableKind::Edges7Stm, TableKind::Edges7),
            (TableKind::EdgePermStm, TableKind::EdgePerm),
        ] {
            let (s, h) = (
                crate::testing::open_generated(stm),
                crate::testing::open_generated(htm),
            );
            assert!(s.verify().histogram_ok, "{}", stm.name());
            for i in (0..stm.descriptor().entries).step_by(7919) {
                assert!(s.get(i) <= h.get(i), "{} entry {i}", stm.name());
            }
        }
    }
}

/// Each heuristic's probe type (named in its registry line) is of the shape its spec
/// declares, which decides the move rules its walk takes.  The exact-depth heuristics are
/// left out: their coordinate takes 300 MB and seconds to build (the ignored full-edge
/// tests search with them).
#[test]
fn every_heuristics_probe_is_of_its_declared_shape() {
    use crate::tables::probe::{
        AxisCoords, AxisTable, ExactDepth, LoadedTable, PlainProbe, Probe, ProbeVisitor,
    };
    use crate::tables::registry::Probes;
    use crate::tables::{HeuristicKind, Walk};
    struct Shape;
    impl<'a> ProbeVisitor<'a> for Shape {
        type Out = Walk;
        fn plain<P: PlainProbe>(self, _: P) -> Walk {
            Walk::Plain
        }
        fn axis<C: AxisCoords>(self, _: AxisTable<'a, C>) -> Walk {
            Walk::Axis
        }
        fn exact<E: ExactDepth>(self, _: E) -> Walk {
            Walk::Exact
        }
        fn axis_and_exact<C: AxisCoords, E: ExactDepth>(self, _: AxisTable<'a, C>, _: E) -> Walk {
            Walk::AxisAndExact
        }
    }
    let mut checked = 0;
    for &h in HeuristicKind::ALL {
        let walk = h.spec().walk;
        if matches!(walk, Walk::Exact | Walk::AxisAndExact) {
            continue;
        }
        let tables: Vec<LoadedTable> = h
            .tables()
            .iter()
            .map(|k| LoadedTable {
                descriptor: k.descriptor(),
                payload: &[],
                base: 0,
            })
            .collect();
        assert_eq!(
            Probes::load(h, &tables).hand_to(Shape),
            walk,
            "{}",
            h.name()
        );
        if walk == Walk::Plain {
            // The plain probes keep a child's indices in 32 bits.
            for k in h.tables() {
                let entries = k.descriptor().entries;
                assert!(entries < 1 << 32, "{}: {entries}", k.descriptor().name);
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 10,
        "plain and three-axis heuristics checked: {checked}"
    );
}
