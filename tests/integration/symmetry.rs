//! The 48 symmetries: group structure, action on moves, and agreement with rotating and
//! mirroring a 3-D sticker model of the cube.

use korf::cube::symmetry::{conjugate, symmetries, SymCube, SYMMETRIES, UD_SYMMETRIES};
use korf::cube::{Cube, Move, ALL_MOVES};
use rand::{Rng, SeedableRng};

use crate::sticker::{Linear, StickerCube};

fn random_sequence(rng: &mut impl Rng, len: usize) -> Vec<Move> {
    (0..len).map(|_| ALL_MOVES[rng.gen_range(0..18)]).collect()
}

fn sticker_cube(seq: &[Move]) -> StickerCube {
    let mut s = StickerCube::solved();
    for m in seq {
        s.turn(m.face_index(), m.quarter_turns() as usize);
    }
    s
}

/// The spatial maps of the generators (x = R, y = U, z = F), with their symmetry indices.
fn generator_maps() -> [(usize, &'static str, Linear); 4] {
    [
        // 120° about the URF–DBL diagonal: U → R → F → U.
        (
            16,
            "URF3",
            Linear {
                x: [0, 0, 1],
                y: [1, 0, 0],
                z: [0, 1, 0],
            },
        ),
        // Half turn about the F–B axis.
        (
            8,
            "F2",
            Linear {
                x: [-1, 0, 0],
                y: [0, -1, 0],
                z: [0, 0, 1],
            },
        ),
        // Quarter turn about the U–D axis, clockwise seen from above (R → F → L → B).
        (
            2,
            "U4",
            Linear {
                x: [0, 0, 1],
                y: [0, 1, 0],
                z: [-1, 0, 0],
            },
        ),
        // Reflection swapping L and R.
        (
            1,
            "LR2",
            Linear {
                x: [-1, 0, 0],
                y: [0, 1, 0],
                z: [0, 0, 1],
            },
        ),
    ]
}

#[test]
fn generators_agree_with_the_sticker_model() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(48);
    for _ in 0..50 {
        let seq = random_sequence(&mut rng, 25);
        let c = Cube::from_moves(&seq);
        let s = sticker_cube(&seq);
        for (index, name, map) in generator_maps() {
            let expected = s.transformed(&map).facelets();
            // Moving the cube by a map is conjugation by the inverse element:
            // S⁻¹ · c · S, i.e. `conjugate(c, inverse[s])`.
            let inv = symmetries().inverse[index] as usize;
            assert_eq!(conjugate(&c, inv).to_facelets(), expected, "{name}");
        }
    }
}

#[test]
fn the_symmetries_form_a_group() {
    let syms = symmetries();
    assert_eq!(syms.elements[0], SymCube::IDENTITY);
    let mut distinct = syms.elements.to_vec();
    distinct.sort_by_key(|e| (e.cp, e.co, e.ep, e.eo));
    distinct.dedup();
    assert_eq!(distinct.len(), SYMMETRIES);
    for a in 0..SYMMETRIES {
        assert_eq!(syms.product[a][syms.inverse[a] as usize], 0);
        assert_eq!(syms.product[0][a] as usize, a);
        for b in 0..SYMMETRIES {
            for c in [0, 7, 19, 47] {
                let ab_c = syms.product[syms.product[a][b] as usize][c];
                let a_bc = syms.product[a][syms.product[b][c] as usize];
                assert_eq!(ab_c, a_bc, "associativity");
            }
        }
    }
    // Half of them are mirrors; the first 16 fix the U-D axis.
    let mirrors = syms.elements.iter().filter(|e| e.is_mirrored()).count();
    assert_eq!(mirrors, 24);
    for s in 0..UD_SYMMETRIES {
        for b in 0..UD_SYMMETRIES {
            assert!((syms.product[s][b] as usize) < UD_SYMMETRIES);
        }
    }
}

#[test]
fn symmetries_map_moves_to_moves() {
    let syms = symmetries();
    for s in 0..SYMMETRIES {
        let mut seen = [false; 18];
        for m in ALL_MOVES {
            let image = syms.move_conj[s][m.index()];
            assert!(!seen[image.index()], "two moves map to {image} under {s}");
            seen[image.index()] = true;
            // Half turns stay half turns; a mirror swaps clockwise and anticlockwise.
            let expected_power = match (m.quarter_turns(), syms.elements[s].is_mirrored()) {
                (2, _) => 2,
                (q, false) => q,
                (q, true) => 4 - q,
            };
            assert_eq!(image.quarter_turns(), expected_power, "{m} under {s}");
            if s < UD_SYMMETRIES && (m.face_index() % 3 == 0) {
                assert_eq!(
                    image.face_index() % 3,
                    0,
                    "UD symmetries keep U and D moves"
                );
            }
            let c = Cube::from_moves(&[m]);
            assert_eq!(conjugate(&c, s), Cube::from_moves(&[image]));
        }
    }
}

#[test]
fn conjugation_is_a_homomorphism() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(4);
    for _ in 0..100 {
        let a = Cube::from_moves(&random_sequence(&mut rng, 20));
        let b = Cube::from_moves(&random_sequence(&mut rng, 20));
        let s = rng.gen_range(0..SYMMETRIES);
        assert_eq!(
            conjugate(&a.compose(&b), s),
            conjugate(&a, s).compose(&conjugate(&b, s))
        );
        let t = rng.gen_range(0..SYMMETRIES);
        let st = symmetries().product[s][t] as usize;
        // (S·T)·c·(S·T)⁻¹ = S·(T·c·T⁻¹)·S⁻¹
        assert_eq!(conjugate(&a, st), conjugate(&conjugate(&a, t), s));
        assert!(conjugate(&a, s).validate().is_ok());
    }
}

#[test]
fn a_positions_symmetries_form_a_subgroup() {
    use korf::cube::parse_moves;
    use korf::cube::symmetry::stabilizer;
    let syms = symmetries();
    let superflip = Cube::from_moves(
        &parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap(),
    );
    assert_eq!(stabilizer(&Cube::SOLVED).len(), SYMMETRIES);
    assert_eq!(stabilizer(&superflip).len(), SYMMETRIES);
    // The checkerboard: every symmetry maps a half-turn pair of opposite faces to another.
    let checkerboard = Cube::from_moves(&parse_moves("U2 D2 F2 B2 L2 R2").unwrap());
    assert_eq!(stabilizer(&checkerboard).len(), SYMMETRIES);
    // U turns are kept by the four rotations about the U–D axis, no mirror.
    let u = stabilizer(&Cube::from_moves(&parse_moves("U").unwrap()));
    assert_eq!(u, vec![0, 2, 4, 6]);
    let mut rng = rand::rngs::StdRng::seed_from_u64(4);
    for _ in 0..20 {
        let c = Cube::from_moves(&random_sequence(&mut rng, 25));
        let stab = stabilizer(&c);
        assert_eq!(stab[0], 0, "the identity is always a symmetry");
        for &a in &stab {
            assert!(stab.contains(&(syms.inverse[a] as usize)));
            for &b in &stab {
                assert!(stab.contains(&(syms.product[a][b] as usize)));
            }
        }
        assert_eq!(conjugate(&c, stab[stab.len() - 1]), c);
    }
}

#[test]
fn move_sets_conjugate_move_by_move() {
    use korf::cube::symmetry::conjugate_move_set;
    let syms = symmetries();
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for s in 0..SYMMETRIES {
        let set: u32 = rng.gen_range(0..1 << 18);
        let image = conjugate_move_set(set, s);
        assert_eq!(image.count_ones(), set.count_ones());
        for m in ALL_MOVES {
            let target = syms.move_conj[s][m.index()].index();
            assert_eq!(set >> m.index() & 1, image >> target & 1, "{m} under {s}");
        }
    }
}
