//! Pins korf's conventions (piece order, orientation, facelet order, move direction) against
//! an independent model: 54 stickers in 3-D space turned by rotation matrices.  Nothing here
//! uses korf's cubie tables, so agreement on random sequences checks both the move tables
//! and the facelet conversion.

use korf::cube::{parse_moves, Cube, Move, ALL_MOVES, SOLVED_FACELETS};
use rand::{Rng, SeedableRng};

type V = [i32; 3];

/// Outward normal of each face in facelet order U R F D L B (x = R, y = U, z = F).
const NORMALS: [V; 6] = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, 1],
    [0, -1, 0],
    [-1, 0, 0],
    [0, 0, -1],
];

/// Cubie position of facelet (face, row, col), as documented in `cube::facelet`.
fn facelet_position(face: usize, r: i32, c: i32) -> V {
    match face {
        0 => [c - 1, 1, r - 1],  // U seen from above, B at the top
        1 => [1, 1 - r, 1 - c],  // R seen from the right, U at the top
        2 => [c - 1, 1 - r, 1],  // F
        3 => [c - 1, -1, 1 - r], // D seen from below, F at the top
        4 => [-1, 1 - r, c - 1], // L
        5 => [1 - c, 1 - r, -1], // B seen from behind
        _ => unreachable!(),
    }
}

struct StickerCube {
    /// (position, normal, colour)
    stickers: Vec<(V, V, u8)>,
}

fn cross(a: V, b: V) -> V {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}
fn dot(a: V, b: V) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
/// Rotate by -90° about unit axis `a` (clockwise seen from outside along `a`).
fn rot(a: V, v: V) -> V {
    let c = cross(a, v);
    let d = dot(a, v);
    [-c[0] + a[0] * d, -c[1] + a[1] * d, -c[2] + a[2] * d]
}

impl StickerCube {
    fn solved() -> Self {
        let mut stickers = Vec::new();
        for (f, &normal) in NORMALS.iter().enumerate() {
            for r in 0..3 {
                for c in 0..3 {
                    stickers.push((facelet_position(f, r, c), normal, b"URFDLB"[f]));
                }
            }
        }
        StickerCube { stickers }
    }
    fn turn(&mut self, face: usize, quarter_turns: usize) {
        let a = NORMALS[face];
        for _ in 0..quarter_turns {
            for s in &mut self.stickers {
                if dot(s.0, a) == 1 {
                    s.0 = rot(a, s.0);
                    s.1 = rot(a, s.1);
                }
            }
        }
    }
    fn facelets(&self) -> String {
        let mut out = vec![b'?'; 54];
        for f in 0..6 {
            for r in 0..3 {
                for c in 0..3 {
                    let p = facelet_position(f, r, c);
                    let s = self
                        .stickers
                        .iter()
                        .find(|s| s.0 == p && s.1 == NORMALS[f])
                        .unwrap();
                    out[f * 9 + (r * 3 + c) as usize] = s.2;
                }
            }
        }
        String::from_utf8(out).unwrap()
    }
}

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
