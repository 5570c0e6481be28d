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
    // Everything grey but the centres: far too many cubes to list, and solved as it is
    // (searched from one of them, `korf::search::pinned`).
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
    let got = solver()
        .solve_masked(&p, &Goal::SOLVED, &options(MoveRules::HTM, None), None)
        .unwrap();
    assert_eq!(got.outcome.moves(), Some(&[][..]));
    assert!(got.outcome.query_tables);
}

#[test]
fn a_masked_position_takes_no_target() {
    let oll = mask(&Cube::SOLVED, &LAST_LAYER_SIDES);
    let p = MaskedCube::from_facelets(&oll).unwrap();
    let goal = Goal::to(position_of("R"));
    let got = solver().solve_masked(&p, &goal, &options(MoveRules::HTM, None), None);
    assert!(got.is_err_and(|e| e.is_input() && e.to_string().contains("--target")));
}

// Open masks: more completions than are searched one by one, searched from one of them
// bound by tables over the pieces the mask pins (`korf::search::pinned`).

/// An F2L-pair case: every sticker of the last layer's pieces grey, wherever they are.
fn f2l_pair_case(setup: &str) -> String {
    korf_front::cases::Mask::F2lPair
        .apply(&position_of(setup))
        .to_facelets()
}

/// `check`, and the search was the one for open masks.
fn check_open(facelets: &str, goal: &Goal, rules: MoveRules, max: usize, within: u8) {
    let position = MaskedCube::from_facelets(facelets).unwrap();
    assert!(goal.too_many_cases(&position).unwrap(), "{facelets}");
    let got = solver()
        .solve_masked(&position, goal, &options(rules, Some(within)), None)
        .unwrap();
    assert!(got.outcome.query_tables, "{facelets}");
    check(facelets, goal, rules, max, within);
}

#[test]
fn an_f2l_pair_with_the_last_layer_grey_matches_the_brute_force() {
    let ru = MoveSet::parse("R,U").unwrap();
    let case = f2l_pair_case("R U R' U' R U R'");
    let p = MaskedCube::from_facelets(&case).unwrap();
    assert_eq!(p.completion_count(), Ok(62_208), "4!·4!·3³·2³/2");
    for (metric, max, start, end, within) in [
        (Metric::Htm, 7, true, true, 1),
        (Metric::Htm, 7, false, false, 2),
        (Metric::Qtm, 7, true, false, 1),
    ] {
        let goal = Goal::SOLVED.with_start_auf(start).with_end_auf(end);
        check_open(&case, &goal, MoveRules { metric, moves: ru }, max, within);
    }
    // Every turn: a short pair, and a pair that F and R set up together.
    for setup in ["R U R'", "F R' F' R"] {
        let case = f2l_pair_case(setup);
        check_open(&case, &Goal::SOLVED, MoveRules::HTM, 4, 1);
    }
}

#[test]
fn random_open_masks_on_short_positions_match_the_brute_force() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2911);
    let all: Vec<Move> = MoveSet::ALL.moves().collect();
    let mut checked = 0;
    while checked < 6 {
        let seq: Vec<Move> = (0..3).map(|_| all[rng.gen_range(0..all.len())]).collect();
        let cube = Cube::from_moves(&seq);
        // Some pieces grey (by identity), and some single stickers.
        let corners: u8 = rng.gen::<u8>() & rng.gen::<u8>();
        let edges: u16 = rng.gen::<u16>() & rng.gen::<u16>() & 0xfff;
        let mut facelets = MaskedCube::with_pieces_grey(&cube, corners, edges)
            .to_facelets()
            .into_bytes();
        for _ in 0..4 {
            let i = rng.gen_range(0..54);
            if i % 9 != 4 {
                facelets[i] = b'X';
            }
        }
        let facelets = String::from_utf8(facelets).unwrap();
        let goal = Goal::SOLVED
            .with_start_auf(checked % 3 == 1)
            .with_end_auf(checked % 2 == 1);
        let p = MaskedCube::from_facelets(&facelets).unwrap();
        if !goal.too_many_cases(&p).unwrap() {
            continue;
        }
        check_open(&facelets, &goal, MoveRules::HTM, 3, (checked % 2) as u8);
        checked += 1;
    }
}

#[test]
fn the_pinned_bound_is_a_lower_bound() {
    use korf::search::held::Bound;
    use korf::search::pinned::PinnedBound;
    let mut rng = rand::rngs::StdRng::seed_from_u64(57);
    let all: Vec<Move> = MoveSet::ALL.moves().collect();
    let ru = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U").unwrap(),
    };
    let ru_moves: Vec<Move> = ru.moves.moves().collect();
    for trial in 0..40 {
        // Half the trials in ⟨R,U⟩ (tables of those turns only), half with every turn.
        let (rules, pool) = match trial % 2 {
            0 => (MoveRules::HTM, &all),
            _ => (ru, &ru_moves),
        };
        let n = rng.gen_range(1..=4);
        let seq: Vec<Move> = (0..n).map(|_| pool[rng.gen_range(0..pool.len())]).collect();
        let cube = Cube::from_moves(&seq);
        let grey = MaskedCube::with_pieces_grey(&cube, 0x0f, 0x00f);
        let end_auf = trial % 3 == 0;
        let goal = Goal::SOLVED.with_end_auf(end_auf);
        let facelets = grey.to_facelets();
        let optimum = expected(&facelets, &goal, rules, n, 0).0;
        let completion = grey.any_completion().unwrap();
        assert!(grey.matches(&completion));
        let bound = PinnedBound::new(
            grey.piece_goals(&completion),
            rules.moves,
            rules.metric,
            end_auf,
            false,
        );
        let h = bound.value(&completion, &completion.inverse()) as usize;
        assert!(h <= optimum, "bound {h} over {optimum}: {seq:?}");
    }
}

#[test]
fn a_pair_that_r_and_u_cannot_reach_is_proven_unreachable() {
    // F' U' F takes the front-right pair out of its slot with its edge flipped: a flip
    // that R and U never change (Kociemba's edge orientation), so ⟨R,U⟩ cannot solve it.
    let case = f2l_pair_case("F' U' F");
    let position = MaskedCube::from_facelets(&case).unwrap();
    let cube = position_of("F' U' F");
    let r_and_u_keep_flips = MoveSet::parse("R,U")
        .unwrap()
        .moves()
        .all(|m| (0..12).all(|i| Cube::from_moves(&[m]).flip(i) == 0));
    assert!(r_and_u_keep_flips);
    let pinned_edge_flipped = (0..12).any(|i| cube.edge(i) >= 4 && cube.flip(i) == 1);
    assert!(pinned_edge_flipped);
    let ru = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U").unwrap(),
    };
    let got = solver()
        .solve_masked(&position, &Goal::SOLVED, &options(ru, Some(0)), None)
        .unwrap();
    assert_eq!(
        got.outcome.solution,
        Err(korf::search::Unsolved::Unreachable)
    );
    // With F allowed, it is three turns.
    let ruf = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U,F").unwrap(),
    };
    check_open(&case, &Goal::SOLVED, ruf, 3, 0);
}

#[test]
fn an_edge_orientation_case_with_interchangeable_edges_matches_the_brute_force() {
    use korf::search::held::Bound;
    use korf::search::pinned::PinnedBound;
    // The first look of 2-look OLL: the last layer's corners all grey, its edges' top
    // stickers given. The four edges may end in any order: tables over them as a class.
    let ruf = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U,F").unwrap(),
    };
    for setup in ["F R U R' U' F'", "F U R U' R' F'"] {
        let case = korf_front::cases::Mask::OllEdges.apply(&position_of(setup));
        let facelets = case.to_facelets();
        let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
        check_open(&facelets, &goal, ruf, 6, 1);
        let completion = case.any_completion().unwrap();
        let goals = case.piece_goals(&completion);
        let top_edges = goals.edges[..4].iter().all(|&a| a == goals.edges[0]);
        assert!(
            top_edges && goals.edges[0].count_ones() == 4,
            "one class of four"
        );
        let bound = PinnedBound::new(goals, ruf.moves, Metric::Htm, true, false);
        let optimum = expected(&facelets, &goal, ruf, 6, 0).0;
        assert!(bound.value(&completion, &completion.inverse()) as usize <= optimum);
    }
}

/// The completions of a masked position are deepened together: the Sune's orientation
/// case in ⟨R, U⟩ is seven moves, and no completion the two faces solve only far deeper
/// (the first one searched went to bound 20, 26 million nodes) holds the answer up.
#[test]
fn completions_are_deepened_together() {
    let sune = "XUXUUUUUXXXURRRRRRXXUFFFFFFDDDDDDDDDXXXLLLLLLXXUBBBBBB";
    let p = MaskedCube::from_facelets(sune).unwrap();
    let rules = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U").unwrap(),
    };
    let o = korf::search::Options {
        threads: 1,
        ..options(rules, None)
    };
    let got = solver().solve_masked(&p, &Goal::SOLVED, &o, None).unwrap();
    let moves = got.outcome.moves().expect("solved").to_vec();
    assert_eq!(moves.len(), 7);
    assert!(p.solved_by(&moves));
    let deepest = got.outcome.depths.iter().map(|d| d.bound).max();
    assert_eq!(deepest, Some(7), "{:?}", got.outcome.depths);
    assert!(got.outcome.nodes < 100_000, "{} nodes", got.outcome.nodes);
}
