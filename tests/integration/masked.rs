//! Stickers that do not matter (`X` in facelets, `korf::cube::MaskedCube`).  The reference
//! is a brute force over every canonical sequence on a sticker array whose turns are read
//! off the independent sticker model (`sticker.rs`): a sequence solves a masked position
//! when every given sticker ends on the face of its colour.  The whole set of optimal
//! (and near-optimal) solutions is compared, with and without AUF.

use crate::goals::{framings, listing, options, solver};
use crate::sticker::StickerCube;
use korf::cube::{
    parse_moves, FaceletError, MaskedCube, Metric, Move, MoveRules, MoveSet, ALLOWED_AFTER,
    NO_PREVIOUS,
};
use korf::goal::{Aufs, Framed};
use korf::search::Listing;
use korf::{Cube, Goal};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Stickers as bytes: a face letter, or `X`.
type Stickers = [u8; 54];

/// Per face, the slot each slot's sticker comes from after one clockwise quarter turn,
/// read off the sticker model by labelling every sticker with its slot.
fn quarter_turns() -> &'static [[usize; 54]; 6] {
    static TURNS: OnceLock<[[usize; 54]; 6]> = OnceLock::new();
    TURNS.get_or_init(|| {
        let labels: String = (0..54u8).map(|i| (b'0' + i) as char).collect();
        std::array::from_fn(|face| {
            let mut s = StickerCube::from_facelets(&labels);
            s.turn(face, 1);
            let after = s.facelets();
            std::array::from_fn(|slot| (after.as_bytes()[slot] - b'0') as usize)
        })
    })
}

fn turn(s: &Stickers, m: Move) -> Stickers {
    let perm = &quarter_turns()[m.face_index()];
    let mut out = *s;
    for _ in 0..m.quarter_turns() {
        let before = out;
        out = std::array::from_fn(|slot| before[perm[slot]]);
    }
    out
}

/// Every given sticker on the face of its colour.
fn solved(s: &Stickers) -> bool {
    s.iter()
        .enumerate()
        .all(|(i, &c)| c == b'X' || c == b"URFDLB"[i / 9])
}

fn stickers(facelets: &str) -> Stickers {
    facelets.as_bytes().try_into().unwrap()
}

/// Every canonical sequence of at most `max` (in the rules' metric) after which, with
/// some AUF framing (the first that does), the given stickers are home.
fn brute_force(
    facelets: &str,
    goal: &Goal,
    rules: MoveRules,
    max: usize,
) -> BTreeMap<Vec<Move>, Aufs> {
    let mut found = BTreeMap::new();
    for (before, after) in framings(goal) {
        let start = before.map_or(stickers(facelets), |m| turn(&stickers(facelets), m));
        let mut path = Vec::new();
        walk(&start, NO_PREVIOUS, max, rules, &mut path, &mut |p, s| {
            let end = after.map_or(*s, |m| turn(s, m));
            if solved(&end) {
                found.entry(p.to_vec()).or_insert((before, after));
            }
        });
    }
    // The first framing in preference order that works, as korf lists it.
    found
        .into_keys()
        .map(|p| {
            let f = framings(goal)
                .into_iter()
                .find(|&(b, a)| {
                    let mut s = b.map_or(stickers(facelets), |m| turn(&stickers(facelets), m));
                    for &m in &p {
                        s = turn(&s, m);
                    }
                    solved(&a.map_or(s, |m| turn(&s, m)))
                })
                .unwrap();
            (p, f)
        })
        .collect()
}

fn walk(
    s: &Stickers,
    last: usize,
    left: usize,
    rules: MoveRules,
    path: &mut Vec<Move>,
    visit: &mut dyn FnMut(&[Move], &Stickers),
) {
    visit(path, s);
    for m in rules.moves.moves() {
        let cost = rules.metric.cost(m);
        if ALLOWED_AFTER[last] & (1 << m.index()) != 0 && cost <= left {
            path.push(m);
            walk(&turn(s, m), m.face_index(), left - cost, rules, path, visit);
            path.pop();
        }
    }
}

/// The brute force as korf should list it: the optimum, then every sequence within
/// `within` of it, less those that are a shorter listed one with a free turn of U added.
fn expected(
    facelets: &str,
    goal: &Goal,
    rules: MoveRules,
    max: usize,
    within: usize,
) -> (usize, BTreeMap<Vec<Move>, Aufs>) {
    listing(brute_force(facelets, goal, rules, max), goal, rules, within)
}

/// The framed solution, replayed on the sticker model, leaves every given sticker home.
fn assert_replays(facelets: &str, f: &Framed) {
    let mut s = StickerCube::from_facelets(facelets);
    for m in f.before.iter().chain(&f.moves).chain(&f.after) {
        s.turn(m.face_index(), m.quarter_turns() as usize);
    }
    assert!(solved(&stickers(&s.facelets())), "{f:?} on {facelets}");
}

/// Solve the masked `facelets` and compare the whole list with the brute force.
fn check(facelets: &str, goal: &Goal, rules: MoveRules, max: usize, within: u8) {
    let position = MaskedCube::from_facelets(facelets).expect("a masked position");
    let got = solver()
        .solve_masked(&position, goal, &options(rules, Some(within)), None)
        .expect("solve");
    let w = within as usize;
    let (best, listed) = expected(facelets, goal, rules, max + w, w);
    let framed = got.framed().expect("a solution");
    assert!(got.outcome.is_proven());
    assert_eq!(rules.metric.length(&framed.moves), best, "{facelets}");
    assert_replays(facelets, &framed);
    let all = got.outcome.all.as_ref().expect("a list");
    assert_eq!(all.listing, Listing::Complete);
    let got_list: BTreeMap<Vec<Move>, Aufs> = got
        .listed()
        .into_iter()
        .map(|f| {
            assert_replays(facelets, &f);
            (f.moves, (f.before, f.after))
        })
        .collect();
    assert_eq!(got_list.len(), all.solutions.len(), "each once");
    assert_eq!(got_list, listed, "{facelets}");
}

/// Facelets of `cube` with the stickers at `slots` (0-based) marked `X`.
fn mask(cube: &Cube, slots: &[usize]) -> String {
    let mut f = cube.to_facelets().into_bytes();
    for &i in slots {
        f[i] = b'X';
    }
    String::from_utf8(f).unwrap()
}

/// The last layer's side stickers: R1-3, F1-3, L1-3, B1-3.
const LAST_LAYER_SIDES: [usize; 12] = [9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47];
/// The last layer's top stickers but the centre.
const LAST_LAYER_TOP: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];

fn position_of(moves: &str) -> Cube {
    Cube::from_moves(&parse_moves(moves).unwrap())
}

/// An orientation (OLL) case: every sticker of the last layer's pieces that is not the
/// U colour grey.
fn oll_case(cube: &Cube) -> String {
    let f = cube.to_facelets();
    let grey: Vec<usize> = LAST_LAYER_TOP
        .iter()
        .chain(&LAST_LAYER_SIDES)
        .copied()
        .filter(|&i| f.as_bytes()[i] != b'U')
        .collect();
    mask(cube, &grey)
}

#[test]
fn an_oll_case_in_r_and_u_up_to_auf_lists_every_optimal_sequence() {
    // Sune's orientation case.  In ⟨R,U⟩ its optimal algorithms are seven turns (eight
    // quarter turns).
    let case = oll_case(&position_of("R U R' U R U2 R'").inverse());
    let ru = MoveSet::parse("R,U").unwrap();
    for (metric, max, start, within) in [
        (Metric::Htm, 7, true, 1),
        (Metric::Htm, 7, false, 0),
        (Metric::Qtm, 8, true, 0),
    ] {
        let goal = Goal::SOLVED.with_start_auf(start).with_end_auf(true);
        check(&case, &goal, MoveRules { metric, moves: ru }, max, within);
    }
}

#[test]
fn side_stickers_grey_still_ask_for_the_top_colours_where_they_are() {
    // With only the side stickers grey, a twisted corner's side colour on top must go to
    // its own face: a different question from the orientation case, answered as asked.
    let case = mask(
        &position_of("R U R' U R U2 R'").inverse(),
        &LAST_LAYER_SIDES,
    );
    let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    let ru = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U").unwrap(),
    };
    check(&case, &goal, ru, 7, 0);
}

#[test]
fn a_permutation_case_with_its_top_grey_is_solved_by_its_stickers() {
    // A T permutation seen with the top stickers grey: only the sides matter.
    let t_perm = "R U R' U' R' F R2 U' R' U' R U R' F'";
    let case = mask(&position_of(t_perm).inverse(), &LAST_LAYER_TOP);
    let position = MaskedCube::from_facelets(&case).unwrap();
    assert_eq!(position.completion_count(), Ok(1));
    let got = solver()
        .solve_masked(
            &position,
            &Goal::SOLVED,
            &options(MoveRules::HTM, None),
            None,
        )
        .unwrap();
    let moves = got.outcome.moves().unwrap();
    assert!(position.solved_by(moves));
    let framed = got.framed().unwrap();
    assert_replays(&case, &framed);
    let full = solver()
        .solve_goal(
            &position_of(t_perm).inverse(),
            &Goal::SOLVED,
            &options(MoveRules::HTM, None),
            None,
        )
        .unwrap();
    assert_eq!(
        moves.len(),
        full.outcome.moves().unwrap().len(),
        "{moves:?} {case}"
    );
}

#[test]
fn random_masks_on_short_positions_match_the_brute_force() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(5757);
    let all: Vec<Move> = MoveSet::ALL.moves().collect();
    let mut checked = 0;
    while checked < 6 {
        let seq: Vec<Move> = (0..4).map(|_| all[rng.gen_range(0..all.len())]).collect();
        let cube = Cube::from_moves(&seq);
        let slots: Vec<usize> = (0..14)
            .map(|_| rng.gen_range(0..54))
            .filter(|i| i % 9 != 4)
            .collect();
        let facelets = mask(&cube, &slots);
        let Ok(p) = MaskedCube::from_facelets(&facelets) else {
            panic!("a masked real position always has a completion: {facelets}")
        };
        if p.completion_count().unwrap() > 2_000 {
            continue;
        }
        let goal = Goal::SOLVED.with_end_auf(checked % 2 == 1);
        check(&facelets, &goal, MoveRules::HTM, 4, (checked % 2) as u8);
        checked += 1;
    }
}

#[test]
fn completions_are_counted_and_each_agrees_with_the_stickers() {
    // The orientation mask has 4! × 4! / 2 completions (the parities must agree).
    let oll = mask(&Cube::SOLVED, &LAST_LAYER_SIDES);
    let p = MaskedCube::from_facelets(&oll).unwrap();
    assert_eq!(p.completion_count(), Ok(288));
    let cs = p.completions(1000).unwrap();
    assert_eq!(cs.len(), 288);
    let distinct: std::collections::HashSet<_> = cs.iter().collect();
    assert_eq!(distinct.len(), 288);
    for c in &cs {
        c.validate().unwrap();
        assert!(p.matches(c));
    }
    assert_eq!(p.to_facelets(), oll);
    assert_eq!(p.unknown_stickers(), 12);
    // A full position has itself as its one completion; `?` is read as `X`.
    let full = MaskedCube::from_facelets(&position_of("R U").to_facelets()).unwrap();
    assert_eq!(full.complete(), Some(position_of("R U")));
    let question = oll.replace('X', "?");
    assert_eq!(MaskedCube::from_facelets(&question), Ok(p));
}

#[test]
fn a_masked_position_no_cube_fits_is_refused_with_the_reason() {
    let solved = korf::cube::SOLVED_FACELETS;
    let with = |changes: &[(usize, char)]| {
        let mut f: Vec<char> = solved.chars().collect();
        for &(i, c) in changes {
            f[i] = c;
        }
        MaskedCube::from_facelets(&f.into_iter().collect::<String>())
    };
    // A centre cannot be grey.
    assert!(matches!(
        with(&[(4, 'X')]),
        Err(FaceletError::MaskedCentre { position: 5 })
    ));
    // Ten white stickers.
    assert!(matches!(
        with(&[(9, 'U'), (10, 'X')]),
        Err(FaceletError::TooManyOfColour { count: 10, .. })
    ));
    // One corner twisted in place and one edge sticker grey: every completion has a
    // twisted corner.
    let twisted = with(&[(8, 'R'), (9, 'F'), (20, 'U'), (10, 'X')]);
    assert!(
        matches!(twisted, Err(FaceletError::TwistedCorner { .. })),
        "{twisted:?}"
    );
    // Two edges swapped (UF and UR), the rest given: no completion has even parity.
    let swapped = with(&[(5, 'U'), (10, 'F'), (7, 'U'), (19, 'R'), (0, 'X')]);
    assert!(matches!(swapped, Err(FaceletError::Parity)), "{swapped:?}");
    // A corner whose given stickers no piece has.
    assert!(matches!(
        with(&[(9, 'D'), (20, 'X'), (27, 'X')]),
        Err(FaceletError::BadCorner { .. })
    ));
    // Everything grey but the centres: far too many cubes to search one by one.
    let grey: String = (0..54)
        .map(|i| {
            if i % 9 == 4 {
                solved.as_bytes()[i] as char
            } else {
                'X'
            }
        })
        .collect();
    let p = MaskedCube::from_facelets(&grey).unwrap();
    let err = p.completions(korf::cube::MAX_COMPLETIONS).unwrap_err();
    assert!(matches!(err, FaceletError::TooManyCompletions { .. }));
    assert!(err.to_string().contains("fewer `X`"), "{err}");
    let got = solver().solve_masked(&p, &Goal::SOLVED, &options(MoveRules::HTM, None), None);
    assert!(got.is_err_and(|e| e.is_input()));
}

#[test]
fn a_masked_position_takes_no_target() {
    let oll = mask(&Cube::SOLVED, &LAST_LAYER_SIDES);
    let p = MaskedCube::from_facelets(&oll).unwrap();
    let goal = Goal::to(position_of("R"));
    let got = solver().solve_masked(&p, &goal, &options(MoveRules::HTM, None), None);
    assert!(got.is_err_and(|e| e.is_input() && e.to_string().contains("--target")));
}
