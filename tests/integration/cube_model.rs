//! Group laws, coordinates, notation, facelet validation and random states.

use korf::cube::coord::{self, FACT};
use korf::cube::{
    format_moves, parse_moves, parse_position, random_cube, Cube, FaceletError, Move,
    MoveParseError, ALL_MOVES,
};
use proptest::prelude::*;
use rand::SeedableRng;

fn arb_moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec((0usize..18).prop_map(Move::from_index), 0..30)
}

fn arb_cube() -> impl Strategy<Value = Cube> {
    any::<u64>().prop_map(|s| random_cube(&mut rand::rngs::StdRng::seed_from_u64(s)))
}

#[test]
fn move_group_laws() {
    for m in ALL_MOVES {
        let c = Cube::from_moves(&[m]);
        // M^4 = I
        assert!(Cube::from_moves(&[m, m, m, m]).is_solved(), "{m}^4");
        // M · M⁻¹ = I
        assert!(c.apply_move(m.inverse()).is_solved(), "{m} {}", m.inverse());
        assert_eq!(c.inverse(), Cube::from_moves(&[m.inverse()]));
        assert_eq!(m.inverse().inverse(), m);
        // A quarter turn has order 4, a half turn order 2.
        let order = if m.quarter_turns() == 2 { 2 } else { 4 };
        assert!(Cube::from_moves(&vec![m; order]).is_solved());
        assert!(!Cube::from_moves(&vec![m; order - 1]).is_solved());
    }
    // Opposite faces commute; adjacent faces do not.
    for a in ALL_MOVES {
        for b in ALL_MOVES {
            let ab = Cube::from_moves(&[a, b]);
            let ba = Cube::from_moves(&[b, a]);
            let commute = a.face() == b.face() || a.face().opposite() == b.face();
            assert_eq!(ab == ba, commute, "{a} {b}");
        }
    }
}

#[test]
fn sexy_move_has_order_six() {
    let seq = parse_moves("R U R' U'").unwrap();
    let mut c = Cube::SOLVED;
    for i in 1..=6 {
        c = c.apply_moves(&seq);
        assert_eq!(c.is_solved(), i == 6);
    }
}

proptest! {
    #[test]
    fn inverse_and_composition(a in arb_cube(), b in arb_cube()) {
        prop_assert!((a * a.inverse()).is_solved());
        prop_assert!((a.inverse() * a).is_solved());
        prop_assert_eq!((a * b).inverse(), b.inverse() * a.inverse());
        prop_assert!((a * b).validate().is_ok());
    }

    #[test]
    fn apply_move_is_right_multiplication(c in arb_cube(), m in 0usize..18) {
        // `apply_move` has its own code (no division for the twists); `*` is `compose`.
        let m = Move::from_index(m);
        prop_assert_eq!(c.apply_move(m), c * Cube::from_moves(&[m]));
        prop_assert_eq!(c.apply_move(m).apply_move(m.inverse()), c);
    }

    #[test]
    fn premove_is_left_multiplication(c in arb_cube(), m in 0usize..18) {
        let m = Move::from_index(m);
        prop_assert_eq!(c.premove(m), Cube::from_moves(&[m]) * c);
        // Tracking the inverse: premove by m⁻¹ on c⁻¹ is the inverse of c·m.
        prop_assert_eq!(c.inverse().premove(m.inverse()), c.apply_move(m).inverse());
    }

    #[test]
    fn sequence_then_inverse_sequence_is_identity(seq in arb_moves()) {
        let inv: Vec<Move> = seq.iter().rev().map(|m| m.inverse()).collect();
        prop_assert!(Cube::from_moves(&seq).apply_moves(&inv).is_solved());
        prop_assert_eq!(Cube::from_moves(&inv), Cube::from_moves(&seq).inverse());
    }

    #[test]
    fn facelets_round_trip(c in arb_cube()) {
        let f = c.to_facelets();
        prop_assert_eq!(Cube::from_facelets(&f).unwrap(), c);
        // Any six distinct characters work, keyed by the centres.
        let recoloured: String = f.chars().map(|ch| match ch {
            'U' => 'W', 'R' => 'R', 'F' => 'G', 'D' => 'Y', 'L' => 'O', 'B' => 'B', x => x,
        }).collect();
        prop_assert_eq!(Cube::from_facelets(&recoloured).unwrap(), c);
    }

    #[test]
    fn notation_round_trip(seq in arb_moves()) {
        let text = format_moves(&seq);
        prop_assert_eq!(parse_moves(&text).unwrap(), seq.clone());
        let compact: String = text.split_whitespace().collect();
        prop_assert_eq!(parse_moves(&compact).unwrap(), seq);
    }

    #[test]
    fn permutation_rank_round_trip(r in 0u32..479_001_600) {
        let p = coord::unrank_perm::<12>(r);
        prop_assert_eq!(coord::rank_perm(&p), r);
        let r8 = r % 40320;
        prop_assert_eq!(coord::rank_perm(&coord::unrank_perm::<8>(r8)), r8);
    }

    #[test]
    fn orientation_rank_round_trip(t in 0u32..2187, f in 0u32..2048) {
        let tw = coord::unrank_twist(t);
        prop_assert_eq!(tw.iter().map(|&x| x as u32).sum::<u32>() % 3, 0);
        prop_assert_eq!(coord::rank_twist(&tw), t);
        let fl = coord::unrank_flip(f);
        prop_assert_eq!(fl.iter().map(|&x| x as u32).sum::<u32>() % 2, 0);
        prop_assert_eq!(coord::rank_flip(&fl), f);
    }

    #[test]
    fn cube_coordinates_round_trip(c in arb_cube()) {
        let ci = c.corner_coord();
        prop_assert!(ci < coord::CORNER_STATES);
        prop_assert_eq!(coord::unrank_corners(ci), c.corner_cubies());
        prop_assert!(c.twist_coord() < coord::TWISTS && c.flip_coord() < coord::FLIPS);
        prop_assert_eq!(coord::unrank_twist(c.twist_coord()), c.corner_twists());
        prop_assert_eq!(coord::unrank_flip(c.flip_coord()), c.edge_flips());
        prop_assert_eq!(coord::unrank_perm::<8>(c.corner_perm_coord()), c.corner_perm());
        prop_assert_eq!(coord::unrank_perm::<12>(c.edge_perm_coord()), c.edge_perm());
        prop_assert_eq!(coord::rank_perm(&c.edge_perm()), c.edge_perm_coord());
    }

    #[test]
    fn edge_group_rank_round_trip(c in arb_cube(), k in 1usize..=4) {
        // Groups of 7 (the tables) and of 10 (larger groups for later tables).
        let g7 = c.edge_cubies(&std::array::from_fn::<u8, 7, _>(|i| ((i + k) % 12) as u8));
        let i7 = coord::edge_group_index(&g7);
        prop_assert!(i7 < coord::pick(12, 7) << 7);
        prop_assert_eq!(coord::unrank_edge_group::<7>(i7), g7);
        let g10 = c.edge_cubies(&std::array::from_fn::<u8, 10, _>(|i| ((i + k) % 12) as u8));
        let i10 = coord::edge_group_index(&g10);
        prop_assert!(i10 < coord::pick(12, 10) << 10);
        prop_assert_eq!(coord::unrank_edge_group::<10>(i10), g10);
    }

    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,80}") {
        let _ = Cube::from_facelets(&s);
        let _ = parse_moves(&s);
        let _ = parse_position(&s);
    }

    #[test]
    fn facelet_like_strings_never_panic(s in "[URFDLB]{54}") {
        if let Ok(c) = Cube::from_facelets(&s) {
            prop_assert!(c.validate().is_ok());
            prop_assert_eq!(c.to_facelets(), s);
        }
    }
}

#[test]
fn corner_index_is_dense_over_a_slice() {
    // Consecutive indices unrank to distinct corner states that rank back.
    for i in (0..coord::CORNER_STATES).step_by(9973) {
        assert_eq!(coord::corner_index(&coord::unrank_corners(i)), i);
    }
    assert_eq!(FACT[12], 479_001_600);
}

#[test]
fn notation_variants() {
    let p = |s: &str| format_moves(&parse_moves(s).unwrap());
    assert_eq!(p("R U R' U'"), "R U R' U'");
    assert_eq!(p("RUR'U'"), "R U R' U'");
    assert_eq!(p("R2 U2'"), "R2 U2");
    assert_eq!(p("U3 U1 F’"), "U' U F'");
    assert_eq!(p(""), "");
}

#[test]
fn notation_errors_name_token_and_position() {
    let e = |s: &str| parse_moves(s).unwrap_err();
    assert_eq!(
        e("R U M"),
        MoveParseError::Slice {
            token: "M".into(),
            position: 5
        }
    );
    assert!(matches!(
        e("R x"),
        MoveParseError::Rotation { position: 3, .. }
    ));
    assert!(matches!(e("Rw"), MoveParseError::Wide { .. }));
    assert!(matches!(e("r"), MoveParseError::Wide { .. }));
    assert!(matches!(e("u2"), MoveParseError::Wide { .. }));
    assert!(matches!(
        e("R Q"),
        MoveParseError::Unknown { position: 3, .. }
    ));
    assert!(matches!(e("R4"), MoveParseError::Amount { .. }));
    assert!(matches!(e("R''"), MoveParseError::Amount { .. }));
    let msg = e("F  E2").to_string();
    assert!(msg.contains("`E2`") && msg.contains("position 4"), "{msg}");
}

fn swap(s: &str, i: usize, j: usize) -> String {
    let mut b = s.as_bytes().to_vec();
    b.swap(i, j);
    String::from_utf8(b).unwrap()
}

/// A wrong count names the character most likely typed by mistake, at its place in the
/// text as given; a count wrong by a missing sticker alone names none.
#[test]
fn a_stray_character_in_facelets_is_named_where_it_is() {
    let solved = Cube::SOLVED.to_facelets();
    let stray = |s: &str| match korf::cube::parse_facelets(s).unwrap_err() {
        FaceletError::StrayCharacter {
            count,
            ch,
            position,
        } => Some((count, ch, position)),
        FaceletError::Length(_) => None,
        e => panic!("{s:?}: {e}"),
    };
    // A digit typed for two stickers (53 characters).
    let digit = format!("{}2{}", &solved[..9], &solved[11..]);
    assert_eq!(stray(&digit), Some((53, '2', 10)));
    // In one sticker's place, the count is right and the character is named as no colour.
    let one = format!("{}2{}", &solved[..9], &solved[10..]);
    assert!(matches!(
        korf::cube::parse_facelets(&one),
        Err(FaceletError::UnknownColour {
            ch: '2',
            position: 10,
            ..
        })
    ));
    // A digit typed between two stickers (55 characters).
    let extra = format!("{}2{}", &solved[..20], &solved[20..]);
    assert_eq!(stray(&extra), Some((55, '2', 21)));
    // A no-break space in a sticker's place: blanks separate groups, so 53 colours.
    let nbsp = format!("{}\u{a0}{}", &solved[..4], &solved[5..]);
    assert_eq!(stray(&nbsp), Some((53, '\u{a0}', 5)));
    let message = korf::cube::parse_facelets(&nbsp).unwrap_err().to_string();
    assert!(
        message.contains("U+00A0 (no-break space) at character 5"),
        "{message}"
    );
    // Groups apart by no-break spaces are one string; a sticker missing names nothing.
    let groups: Vec<&str> = (0..6).map(|f| &solved[9 * f..9 * f + 9]).collect();
    assert!(korf::cube::parse_facelets(&groups.join("\u{a0}"))
        .unwrap()
        .is_solved());
    assert_eq!(stray(&solved[..53]), None);
    // A line of any length is answered at once (counted in one pass, not once a character).
    let long = "U".repeat(1_000_000) + "2";
    assert_eq!(stray(&long), Some((1_000_001, '2', 1_000_001)));
    assert_eq!(stray(&groups.join(" ")[1..]), None);
}

/// Read as turns, a facelet string would be 54 moves of another position: refused.
#[test]
fn a_facelet_string_is_no_move_sequence() {
    let solved = Cube::SOLVED.to_facelets();
    assert_eq!(
        parse_moves(&solved),
        Err(korf::cube::MoveParseError::Facelets { letters: 54 })
    );
    let grouped: Vec<&str> = (0..6).map(|f| &solved[9 * f..9 * f + 9]).collect();
    assert!(parse_moves(&grouped.join(" ")).is_err());
    // Moves written together or apart, however many, stay moves.
    assert_eq!(parse_moves("RUR'U'").unwrap().len(), 4);
    let apart = "R U F D L B ".repeat(8);
    assert_eq!(parse_moves(&apart).unwrap().len(), 48);
}

#[test]
fn every_facelet_error_class() {
    let solved = Cube::SOLVED.to_facelets();
    let err = |s: &str| Cube::from_facelets(s).unwrap_err();
    assert_eq!(err(&solved[..53]), FaceletError::Length(53));
    // Two centres the same colour.
    let mut s = solved.clone().into_bytes();
    s[13] = b'U';
    assert!(matches!(
        err(std::str::from_utf8(&s).unwrap()),
        FaceletError::Centres(_)
    ));
    // A character that is no centre's colour.
    let mut s = solved.clone().into_bytes();
    s[0] = b'X';
    assert!(matches!(
        err(std::str::from_utf8(&s).unwrap()),
        FaceletError::UnknownColour {
            ch: 'X',
            position: 1,
            ..
        }
    ));
    // Ten U stickers, eight R; the colour is named as korf's pictures paint it.
    let mut s = solved.clone().into_bytes();
    s[9] = b'U';
    let e = err(std::str::from_utf8(&s).unwrap());
    assert!(matches!(e, FaceletError::ColourCount { .. }));
    assert!(
        e.to_string()
            .contains("colour `U` (white: the U centre's colour) appears 10 times"),
        "{e}"
    );
    // Impossible corner colours: swap the U and D stickers of two corners (counts stay 9).
    // URF's U9 (8) with DFR's D3 (29): URF becomes D,R,F — not a corner.
    assert!(matches!(
        err(&swap(&solved, 8, 29)),
        FaceletError::BadCorner { .. }
    ));
    // UR's U6 (5) with DR's D6 (32): the two edges trade places, an odd permutation.
    assert_eq!(err(&swap(&solved, 5, 32)), FaceletError::Parity);
    // UF's F2 (19) with DB's B8 (52): UF shows U,B and DB shows D,F — UB and DF twice.
    assert_eq!(
        err(&swap(&solved, 19, 52)),
        FaceletError::DuplicateEdge { name: "UB" }
    );
    // UF's F2 (19) with UB's U2 (1): UF shows U,U — no edge has that.
    assert!(matches!(
        err(&swap(&solved, 19, 1)),
        FaceletError::BadEdge { .. }
    ));
    // Twisted corner: rotate URF's stickers.
    let mut s = solved.clone().into_bytes();
    let (a, b, c) = (s[8], s[9], s[20]);
    (s[8], s[9], s[20]) = (c, a, b);
    assert!(matches!(
        err(std::str::from_utf8(&s).unwrap()),
        FaceletError::TwistedCorner { .. }
    ));
    // Flipped edge.
    assert_eq!(err(&swap(&solved, 5, 10)), FaceletError::FlippedEdge);
    // Two corners swapped: parity.
    let c = Cube::from_parts(
        [1, 0, 2, 3, 4, 5, 6, 7],
        [0; 8],
        std::array::from_fn(|i| i as u8),
        [0; 12],
    );
    assert_eq!(
        Cube::from_facelets(&c.to_facelets()).unwrap_err(),
        FaceletError::Parity
    );
    // A corner piece twice (URF and ULB twice, UFL and UBR missing: colour counts stay 9).
    let c = Cube::from_parts(
        [0, 0, 2, 2, 4, 5, 6, 7],
        [0; 8],
        std::array::from_fn(|i| i as u8),
        [0; 12],
    );
    assert!(matches!(
        Cube::from_facelets(&c.to_facelets()).unwrap_err(),
        FaceletError::DuplicateCorner { name: "URF" }
    ));
    // An edge piece twice (DR and UF twice, UR and DF missing).
    let c = Cube::from_parts(
        std::array::from_fn(|i| i as u8),
        [0; 8],
        [4, 1, 2, 3, 4, 1, 6, 7, 8, 9, 10, 11],
        [0; 12],
    );
    assert!(matches!(
        Cube::from_facelets(&c.to_facelets()).unwrap_err(),
        FaceletError::DuplicateEdge { name: "DR" }
    ));
}

#[test]
fn random_states_are_solvable_and_reproducible() {
    let mut a = rand::rngs::StdRng::seed_from_u64(42);
    let mut b = rand::rngs::StdRng::seed_from_u64(42);
    for _ in 0..2000 {
        let c = random_cube(&mut a);
        assert_eq!(c, random_cube(&mut b));
        assert!(c.validate().is_ok());
        assert_eq!(
            coord::parity(&c.corner_perm()),
            coord::parity(&c.edge_perm())
        );
    }
}

#[test]
fn random_states_are_roughly_uniform() {
    // Chi-square on the piece in URF (8 outcomes), its twist (3), the piece in UR (12) and
    // the joint corner/edge parity (2): each far below the 0.1% critical value.
    let mut rng = rand::rngs::StdRng::seed_from_u64(1234);
    let n = 48_000;
    let mut corner = [0f64; 8];
    let mut twist = [0f64; 3];
    let mut edge = [0f64; 12];
    let mut parity = [0f64; 2];
    for _ in 0..n {
        let c = random_cube(&mut rng);
        corner[c.corner(0) as usize] += 1.0;
        twist[c.twist(0) as usize] += 1.0;
        edge[c.edge(0) as usize] += 1.0;
        parity[coord::parity(&c.corner_perm()) as usize] += 1.0;
    }
    let chi = |obs: &[f64]| {
        let e = n as f64 / obs.len() as f64;
        obs.iter().map(|o| (o - e) * (o - e) / e).sum::<f64>()
    };
    assert!(chi(&corner) < 24.3, "corner {corner:?}");
    assert!(chi(&twist) < 13.8, "twist {twist:?}");
    assert!(chi(&edge) < 31.3, "edge {edge:?}");
    assert!(chi(&parity) < 10.8, "parity {parity:?}");
}
