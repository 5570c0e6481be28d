//! Pins korf's conventions (piece order, orientation, facelet order, move direction) against
//! an independent model: 54 stickers in 3-D space turned by rotation matrices.  Nothing here
//! uses korf's cubie tables, so agreement on random sequences checks both the move tables
//! and the facelet conversion.

use korf::cube::{parse_moves, Cube, Move, ALL_MOVES, SOLVED_FACELETS};
use rand::{Rng, SeedableRng};

use crate::sticker::StickerCube;

#[test]
fn solved_cube_facelets() {
    assert_eq!(Cube::SOLVED.to_facelets(), SOLVED_FACELETS);
    assert_eq!(StickerCube::solved().facelets(), SOLVED_FACELETS);
}

#[test]
fn single_u_turn_is_clockwise_seen_from_above() {
    // Front's top row takes the right face's colours.
    let expected = "UUUUUUUUUBBBRRRRRRRRRFFFFFFDDDDDDDDDFFFLLLLLLLLLBBBBBB";
    assert_eq!(
        Cube::from_moves(&parse_moves("U").unwrap()).to_facelets(),
        expected
    );
    let mut s = StickerCube::solved();
    s.turn(0, 1);
    assert_eq!(s.facelets(), expected);
}

#[test]
fn superflip_matches_published_string() {
    let seq = parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap();
    assert_eq!(
        Cube::from_moves(&seq).to_facelets(),
        "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"
    );
}

#[test]
fn every_move_agrees_with_the_sticker_model() {
    for m in ALL_MOVES {
        let mut s = StickerCube::solved();
        s.turn(m.face_index(), m.quarter_turns() as usize);
        assert_eq!(
            Cube::from_moves(&[m]).to_facelets(),
            s.facelets(),
            "move {m}"
        );
    }
}

#[test]
fn random_sequences_agree_with_the_sticker_model() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for _ in 0..200 {
        let len = rng.gen_range(0..40);
        let seq: Vec<Move> = (0..len).map(|_| ALL_MOVES[rng.gen_range(0..18)]).collect();
        let mut s = StickerCube::solved();
        for m in &seq {
            s.turn(m.face_index(), m.quarter_turns() as usize);
        }
        let f = s.facelets();
        let c = Cube::from_moves(&seq);
        assert_eq!(c.to_facelets(), f);
        // And back: the facelets parse to the same cubie state.
        assert_eq!(Cube::from_facelets(&f).unwrap(), c);
    }
}

#[test]
fn piece_order_and_orientation_conventions() {
    // Piece numbering: after R, the URF position holds DFR (piece 4) twisted by 2, and the
    // UR edge position holds FR (piece 8) unflipped.
    let r = Cube::from_moves(&parse_moves("R").unwrap());
    assert_eq!((r.corner(0), r.twist(0)), (4, 2));
    assert_eq!((r.edge(0), r.flip(0)), (8, 0));
    // F quarter turns flip the four F edges; U, D, R, L, and half turns do not flip edges.
    let f = Cube::from_moves(&parse_moves("F").unwrap());
    assert_eq!(f.edge_flips(), [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]);
    for text in ["U", "D", "R", "L", "F2", "B2"] {
        assert_eq!(
            Cube::from_moves(&parse_moves(text).unwrap()).edge_flips(),
            [0; 12]
        );
    }
    // Kociemba's twist/flip coordinates of single moves.
    assert_eq!(r.twist_coord(), 1494);
    assert_eq!(f.flip_coord(), 550);
}
