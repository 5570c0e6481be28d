//! Tables held in memory, as korf's WebAssembly build holds them (no files, no mmap): built
//! by `build_image`, taken back by `Table::from_image` only when header and checksum
//! match, and a `Solver` over them that answers as the one over the files does.

use crate::common;
use korf::cube::{parse_moves, random_cube};
use korf::search::{Options, TableSet};
use korf::tables::{build_image, Table, TableError, TableKind};
use korf::twophase::{FastOptions, TwoPhase};
use korf::{Cube, HeuristicKind, Solver};
use rand::{Rng, SeedableRng};

/// The test directory's file of `kind` (built first if needed), as bytes.
fn image_of(kind: TableKind) -> Vec<u8> {
    common::open_generated(kind);
    std::fs::read(common::tables_dir().join(kind.file_name())).expect("the table file reads")
}

#[test]
fn a_table_built_in_memory_is_the_table_built_to_a_file() {
    let image = build_image(TableKind::Phase2, &|_| {}).expect("phase 2 builds in memory");
    let table = Table::from_image(TableKind::Phase2, image.clone()).expect("its image loads");
    assert!(table.checked(), "an image is hashed as it is taken in");
    let file = common::open_generated(TableKind::Phase2);
    assert_eq!(table.payload(), file.payload());
    assert_eq!(table.header().checksum, file.header().checksum);
    assert_eq!(table.image(), &image[..]);
    let v = table.verify();
    assert!(v.checksum_ok && v.histogram_ok);
}

#[test]
fn a_damaged_or_foreign_image_is_refused() {
    let image = build_image(TableKind::Phase2, &|_| {}).unwrap();
    let mut damaged = image.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let e = Table::from_image(TableKind::Phase2, damaged)
        .err()
        .expect("refused");
    assert!(matches!(e, TableError::Checksum { .. }), "{e}");
    let e = Table::from_image(TableKind::Phase2, image[..image.len() - 1].to_vec()).err();
    assert!(matches!(e, Some(TableError::Size { .. })), "{e:?}");
    let e = Table::from_image(TableKind::Phase1, image).err();
    assert!(matches!(e, Some(TableError::Corrupt { .. })), "{e:?}");
    let e = Table::from_image(TableKind::Phase2, b"not a table".to_vec()).err();
    assert!(matches!(e, Some(TableError::Magic { .. })), "{e:?}");
}

#[test]
fn a_table_set_names_the_table_it_lacks() {
    let corners = Table::from_image(TableKind::Corners, image_of(TableKind::Corners)).unwrap();
    let e = TableSet::from_tables(HeuristicKind::Coset, vec![corners]).err();
    let message = e.expect("the coset table is missing").to_string();
    assert!(message.contains("`coset`"), "{message}");
}

#[test]
fn a_solver_over_tables_in_memory_answers_as_the_one_over_files() {
    let load = |k: TableKind| Table::from_image(k, image_of(k)).unwrap();
    let tables = TableSet::from_tables(
        HeuristicKind::Coset,
        vec![
            load(TableKind::Coset),
            load(TableKind::EdgeSlices),
            load(TableKind::Corners),
        ],
    )
    .unwrap();
    let two_phase =
        TwoPhase::from_tables(load(TableKind::Phase1), load(TableKind::Phase2)).unwrap();
    assert!(TwoPhase::from_tables(load(TableKind::Phase2), load(TableKind::Phase1)).is_err());
    let options = Options {
        threads: 1,
        ..Options::default()
    };
    let memory = Solver::from_tables(tables, Some(two_phase), options);
    assert!(memory.tables().checked());
    let files = common::table_set_for(HeuristicKind::Coset);
    let mut rng = rand::rngs::StdRng::seed_from_u64(41);
    let mut cubes: Vec<Cube> = (0..12)
        .map(|_| {
            let moves: Vec<_> = (0..9)
                .map(|_| korf::cube::ALL_MOVES[rng.gen_range(0..korf::cube::ALL_MOVES.len())])
                .collect();
            Cube::from_moves(&moves)
        })
        .collect();
    cubes.push(Cube::from_moves(
        &parse_moves("R U R' U' F2 D B L2 U F").unwrap(),
    ));
    for cube in &cubes {
        let outcome = memory.solve(cube).unwrap();
        let solution = outcome.moves().expect("solved");
        assert!(cube.apply_moves(solution).is_solved());
        assert!(outcome.tables_checked, "proven with checked tables");
        let reference = korf::search::solve(&files, cube, &Options::default(), None).unwrap();
        assert_eq!(solution.len(), reference.moves().unwrap().len());
        let fast = memory
            .two_phase()
            .unwrap()
            .solve(cube, &FastOptions::default())
            .unwrap();
        assert!(fast
            .solution
            .is_some_and(|s| cube.apply_moves(&s).is_solved()));
    }
    // A random position's two-phase answer, from the tables in memory.
    let random = random_cube(&mut rng);
    let fast = memory
        .two_phase()
        .unwrap()
        .solve(&random, &FastOptions::default());
    assert!(fast.unwrap().solution.is_some());
    assert!(
        memory.faster_option(18).is_none(),
        "no directory to build into"
    );
}
