//! Goals other than the solved cube (`korf::Goal`): a target position, and a turn of U
//! before or after the sequence (AUF).  The reference is plain enumeration of every
//! canonical sequence, checked on the cube model against every AUF framing, and every
//! listed solution is replayed on the independent sticker model.

use crate::common;
use crate::sticker::StickerCube;
use korf::cube::{parse_moves, Face, Metric, Move, MoveRules, MoveSet, ALLOWED_AFTER, NO_PREVIOUS};
use korf::goal::{Aufs, Framed};
use korf::search::{AllSolutions, Listing, Options};
use korf::tables::Residency;
use korf::{Cube, Goal, Solver, SolverConfig};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::sync::OnceLock;

pub(crate) fn solver() -> &'static Solver {
    static SOLVER: OnceLock<Solver> = OnceLock::new();
    SOLVER.get_or_init(|| {
        let options = Options::default();
        let config = SolverConfig {
            residency: Residency::Mapped,
            search: &options,
            ..SolverConfig::default()
        };
        Solver::open_with(common::tables_dir(), &config).expect("test tables open")
    })
}

pub(crate) fn options(rules: MoveRules, within: Option<u8>) -> Options {
    Options {
        threads: 2,
        all: within.map(|within| AllSolutions {
            within,
            max_solutions: None,
        }),
        ..Options::for_rules(rules)
    }
}

/// The AUF framings in the order a goal prefers them: fewest turns, then by the turn
/// before, then after.
pub(crate) fn framings(goal: &Goal) -> Vec<Aufs> {
    let aufs = |on: bool| -> Vec<Option<Move>> {
        let mut v = vec![None];
        if on {
            v.extend((1..=3).map(|q| Some(Move::new(Face::U, q))));
        }
        v
    };
    let mut all = Vec::new();
    for b in aufs(goal.start_auf()) {
        for a in aufs(goal.end_auf()) {
            all.push((b, a));
        }
    }
    all.sort_by_key(|(b, a)| b.is_some() as u8 + a.is_some() as u8);
    all
}

/// Every canonical sequence of at most `max` (in the rules' metric) that reaches the goal
/// with some framing (the first that does), by length: plain enumeration.
fn brute_force(
    position: &Cube,
    goal: &Goal,
    rules: MoveRules,
    max: usize,
) -> BTreeMap<Vec<Move>, Aufs> {
    let frames = framings(goal);
    let reaches = |moves: &[Move]| {
        frames.iter().copied().find(|&(before, after)| {
            goal.reached_by(
                position,
                &Framed {
                    before,
                    moves: moves.to_vec(),
                    after,
                },
            )
        })
    };
    let mut found = BTreeMap::new();
    fn walk(
        last: usize,
        left: usize,
        rules: MoveRules,
        path: &mut Vec<Move>,
        visit: &mut dyn FnMut(&[Move]),
    ) {
        visit(path);
        for m in rules.moves.moves() {
            let cost = rules.metric.cost(m);
            if ALLOWED_AFTER[last] & (1 << m.index()) != 0 && cost <= left {
                path.push(m);
                walk(m.face_index(), left - cost, rules, path, visit);
                path.pop();
            }
        }
    }
    walk(
        NO_PREVIOUS,
        max,
        rules,
        &mut Vec::new(),
        &mut |p: &[Move]| {
            if let Some(f) = reaches(p) {
                found.insert(p.to_vec(), f);
            }
        },
    );
    found
}

/// The brute force's answer as the goal search should list it: the shortest length, then
/// every sequence within `within` of it that no other AUF makes shorter.
fn expected(
    position: &Cube,
    goal: &Goal,
    rules: MoveRules,
    max: usize,
    within: usize,
) -> (usize, BTreeMap<Vec<Move>, Aufs>) {
    listing(brute_force(position, goal, rules, max), goal, rules, within)
}

/// What a goal search should list of `all` (every sequence that reaches the goal, with
/// its first AUF framing): the shortest length, then every sequence within `within` of it
/// that is not a shorter one with a free turn of U added (judged by the cube effects).
pub(crate) fn listing(
    all: BTreeMap<Vec<Move>, Aufs>,
    goal: &Goal,
    rules: MoveRules,
    within: usize,
) -> (usize, BTreeMap<Vec<Move>, Aufs>) {
    let best = all
        .keys()
        .map(|m| rules.metric.length(m))
        .min()
        .expect("the brute force reaches the goal");
    let in_reach: BTreeMap<_, _> = all
        .into_iter()
        .filter(|(m, _)| rules.metric.length(m) <= best + within)
        .collect();
    // A sequence whose effect is a shorter listed one's with a turn of U before (start
    // AUF) or after it (end AUF) is that algorithm again.
    let effect = |m: &[Move]| Cube::from_moves(m);
    let u = |q: u8| Cube::from_moves(&[Move::new(Face::U, q)]);
    let repeats = |m: &[Move]| {
        in_reach.keys().any(|shorter| {
            let e = effect(shorter);
            rules.metric.length(shorter) < rules.metric.length(m)
                && (1..=3).any(|q| {
                    (goal.start_auf() && effect(m) == u(q).compose(&e))
                        || (goal.end_auf() && effect(m) == e.compose(&u(q)))
                })
        })
    };
    let listed = in_reach
        .iter()
        .filter(|(m, _)| !repeats(m))
        .map(|(m, f)| (m.clone(), *f))
        .collect();
    (best, listed)
}

/// Replay a framed solution on the sticker model: the position's stickers end as the
/// target's.
fn assert_replays(position: &Cube, goal: &Goal, f: &Framed) {
    let mut s = StickerCube::from_facelets(&position.to_facelets());
    let all = f.before.iter().chain(&f.moves).chain(&f.after);
    for m in all {
        s.turn(m.face_index(), m.quarter_turns() as usize);
    }
    assert_eq!(s.facelets(), goal.target().to_facelets(), "{f:?}");
}

/// Solve `position` towards `goal` and compare the whole list (or the length alone)
/// with the brute force.
fn check_goal(position: &Cube, goal: &Goal, rules: MoveRules, max: usize, within: Option<u8>) {
    let got = solver()
        .solve_goal(position, goal, &options(rules, within), None)
        .expect("solve");
    let within_k = within.unwrap_or(0) as usize;
    let (best, listed) = expected(position, goal, rules, max + within_k, within_k);
    let framed = got.framed().expect("a solution");
    assert!(got.outcome.is_proven());
    assert_eq!(rules.metric.length(&framed.moves), best, "{position:?}");
    assert_replays(position, goal, &framed);
    let Some(all) = &got.outcome.all else { return };
    assert_eq!(all.listing, Listing::Complete);
    assert_eq!(all.optimal_length as usize, best);
    let got_list: BTreeMap<Vec<Move>, Aufs> = got
        .listed()
        .into_iter()
        .map(|f| {
            assert_replays(position, goal, &f);
            (f.moves, (f.before, f.after))
        })
        .collect();
    assert_eq!(got_list.len(), all.solutions.len(), "each once");
    assert_eq!(got_list, listed);
}

fn scramble(rng: &mut impl Rng, moves: &[Move], n: usize) -> Cube {
    let seq: Vec<Move> = (0..n)
        .map(|_| moves[rng.gen_range(0..moves.len())])
        .collect();
    Cube::from_moves(&seq)
}

#[test]
fn a_target_position_is_reached_in_the_fewest_moves() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(57);
    let all: Vec<Move> = MoveSet::ALL.moves().collect();
    for _ in 0..6 {
        let target = scramble(&mut rng, &all, 3);
        let away = rng.gen_range(0..=4);
        let position = target.compose(&scramble(&mut rng, &all, away));
        // The brute force starts from the position and compares with the target.
        check_goal(&position, &Goal::to(target), MoveRules::HTM, 4, Some(1));
    }
}

#[test]
fn up_to_auf_every_optimal_sequence_is_listed_once() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let all: Vec<Move> = MoveSet::ALL.moves().collect();
    for i in 0..8 {
        let core = scramble(&mut rng, &all, 4);
        let u = Cube::from_moves(&[Move::new(Face::U, rng.gen_range(1..=3))]);
        let position = u.compose(&core).compose(&u);
        let goal = Goal::SOLVED
            .with_start_auf(i % 3 != 1)
            .with_end_auf(i % 3 != 0);
        check_goal(&position, &goal, MoveRules::HTM, 4, Some((i % 2) as u8));
    }
}

#[test]
fn sune_up_to_auf_in_r_and_u_is_seven_moves_in_every_metric_listing() {
    // Sune, R U R' U R U2 R', set up from any angle, then seen up to AUF: seven face
    // turns (eight quarter turns) in ⟨R,U⟩, and the brute force lists the same sequences.
    let sune = parse_moves("R U R' U R U2 R'").unwrap();
    let ru = MoveSet::parse("R,U").unwrap();
    for (angle, metric, max) in [
        (0, Metric::Htm, 7),
        (1, Metric::Htm, 7),
        (2, Metric::Qtm, 8),
    ] {
        let u = match angle {
            0 => Cube::SOLVED,
            q => Cube::from_moves(&[Move::new(Face::U, q)]),
        };
        let position = u.compose(&Cube::from_moves(&sune).inverse());
        let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
        let rules = MoveRules { metric, moves: ru };
        check_goal(&position, &goal, rules, max, Some(0));
        let got = solver()
            .solve_goal(&position, &goal, &options(rules, None), None)
            .unwrap();
        assert_eq!(metric.length(got.outcome.moves().unwrap()), max);
    }
}

#[test]
fn a_sequence_several_aufs_share_is_listed_once_with_the_fewest() {
    // `D` commutes with U: with both AUFs on, every U^a · D · U^-a solves D'.  Listed
    // once, with no AUF turn.
    let position = Cube::from_moves(&parse_moves("D' U2").unwrap());
    let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    check_goal(&position, &goal, MoveRules::HTM, 1, Some(1));
    let got = solver()
        .solve_goal(&position, &goal, &options(MoveRules::HTM, Some(0)), None)
        .unwrap();
    let listed = got.listed();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0].moves, parse_moves("D").unwrap());
    assert_eq!(
        (listed[0].before, listed[0].after),
        (None, Some(Move::new(Face::U, 2)))
    );
}

#[test]
fn a_goal_with_a_depth_limit_says_so() {
    let position = Cube::from_moves(&parse_moves("R U F D L B").unwrap());
    let goal = Goal::SOLVED.with_end_auf(true);
    let mut o = options(MoveRules::HTM, None);
    o.max_depth = 3;
    let got = solver().solve_goal(&position, &goal, &o, None).unwrap();
    assert_eq!(got.outcome.solution, Err(korf::search::Unsolved::MaxDepth));
    assert!(got.framed().is_none());
}

#[test]
fn a_sequence_ending_in_u_is_absorbed_by_the_auf() {
    let goal = Goal::SOLVED.with_end_auf(true);
    let m = |s: &str| parse_moves(s).unwrap();
    assert!(goal.absorbs(&m("R U")));
    assert!(goal.absorbs(&m("R U D'")));
    assert!(!goal.absorbs(&m("R D")));
    assert!(!goal.absorbs(&m("U R")));
    assert!(Goal::SOLVED.with_start_auf(true).absorbs(&m("U R")));
    assert!(!Goal::SOLVED.absorbs(&m("U R U")));
}

/// The binary with the test tables.
fn korf() -> assert_cmd::Command {
    let mut c = crate::korf_command();
    c.env("KORF_TABLES", common::tables_dir());
    c
}

/// A printed line `(U) R U R' (U2) (3f*)` as a framed solution.
fn read_line(line: &str) -> Framed {
    let words: Vec<&str> = line.split_whitespace().collect();
    let (body, _length) = words.split_at(words.len() - 1);
    let turn = |w: Option<&&str>| {
        w.filter(|w| w.starts_with('('))
            .map(|w| parse_moves(w.trim_matches(['(', ')'])).unwrap()[0])
    };
    let before = turn(body.first());
    let after = turn(body.last()).filter(|_| body.len() > 1 || before.is_none());
    let start = before.is_some() as usize;
    let end = body.len() - after.is_some() as usize;
    Framed {
        before,
        moves: parse_moves(&body[start..end.max(start)].join(" ")).unwrap(),
        after,
    }
}

#[test]
fn the_binary_lists_every_algorithm_up_to_auf() {
    let scramble = "U R U R' U R U2 R' U2";
    let position = Cube::from_moves(&parse_moves(scramble).unwrap());
    let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    let rules = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U").unwrap(),
    };
    let (best, expected) = expected(&position, &goal, rules, 8, 1);
    let out = korf()
        .args(["solve", "-s", scramble, "--start-auf", "--end-auf"])
        .args(["--moves", "R,U", "--within", "1"])
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (solutions, count) = lines.split_at(lines.len() - 1);
    assert_eq!(solutions.len(), expected.len(), "{text}");
    for line in solutions {
        let f = read_line(line);
        assert_replays(&position, &goal, &f);
        assert_eq!(expected.get(&f.moves), Some(&(f.before, f.after)), "{line}");
        assert_eq!(
            line.ends_with(&format!("({best}f*)")),
            f.moves.len() == best,
            "{line}"
        );
    }
    let phrase = format!("{} solution", expected.len());
    assert!(count[0].starts_with(&phrase), "{}", count[0]);
}

#[test]
fn the_binary_reaches_a_target_and_says_which() {
    // Three turns apart: the scramble, then D R2 B'.
    let (scramble, target) = ("R U R' U' F2", "R U R' U' F2 D R2 B'");
    let position = Cube::from_moves(&parse_moves(scramble).unwrap());
    let goal = Goal::to(Cube::from_moves(&parse_moves(target).unwrap()));
    for fast in [false, true] {
        let mut c = korf();
        c.args(["solve", "-s", scramble, "--target", target, "--json"]);
        if fast {
            c.env("KORF_TABLES", common::twophase_dir()).arg("--fast");
        }
        let out = c.assert().success();
        let record: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(record["target"], goal.target().to_facelets());
        assert_eq!(record["facelets"], position.to_facelets());
        let moves = parse_moves(record["solution"].as_str().unwrap()).unwrap();
        let framed = Framed {
            before: None,
            moves,
            after: None,
        };
        assert_replays(&position, &goal, &framed);
        if !fast {
            let (best, _) = expected(&position, &goal, MoveRules::HTM, 4, 0);
            assert_eq!(record["length"], best);
        }
    }
}

#[test]
fn the_binary_refuses_what_a_goal_cannot_do() {
    korf()
        .args(["solve", "-s", "R U", "--target", "R Q"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--target"));
    korf()
        .args(["solve", "-s", "R U", "--start-auf", "--fast"])
        .assert()
        .code(2);
}

#[test]
fn a_list_of_cases_up_to_auf_resumes_and_refuses_another_question() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("algs.jsonl");
    let cases = ["R U R' U R U2 R'", "U R U2 R' U' R U' R'", "F R U R' U' F'"];
    let run = |lines: &[&str], extra: &[&str]| {
        korf()
            .args(["solve", "-", "--start-auf", "--end-auf", "--all", "--out"])
            .arg(&out)
            .args(extra)
            .write_stdin(lines.join("\n") + "\n")
            .assert()
    };
    run(&cases[..2], &[]).success();
    let text = String::from_utf8(run(&cases, &[]).success().get_output().stdout.clone()).unwrap();
    // Only the third case is solved again; its lines (AUF turns in brackets) replay.
    let position = Cube::from_moves(&parse_moves(cases[2]).unwrap());
    let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    let lines: Vec<&str> = text.lines().collect();
    for line in &lines[..lines.len() - 1] {
        assert_replays(&position, &goal, &read_line(line));
    }
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().count(), 3);
    for line in written.lines() {
        let r: korf_front::batch::ResultLine = serde_json::from_str(line).unwrap();
        assert!(r.is_consistent(), "{line}");
        assert_eq!(
            (r.start_auf.is_some(), r.end_auf.is_some()),
            (true, true),
            "{line}"
        );
    }
    // The same file, asked without the AUF (or in quarter turns): refused, nothing solved.
    korf()
        .args(["solve", "-", "--out"])
        .arg(&out)
        .write_stdin(cases.join("\n") + "\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("another question"));
    run(&cases, &["--metric", "qtm"])
        .code(2)
        .stderr(predicates::str::contains("quarter turns"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), written);
}

#[test]
fn a_goal_stopped_by_its_time_limit_proves_only_what_every_case_has() {
    // A random state is far beyond a quarter of a second with these tables.
    let position = korf::cube::random_cube(&mut rand::rngs::StdRng::seed_from_u64(5));
    let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    let mut o = options(MoveRules::HTM, Some(0));
    o.timeout = Some(std::time::Duration::from_millis(250));
    let got = solver().solve_goal(&position, &goal, &o, None).unwrap();
    assert_eq!(got.outcome.solution, Err(korf::search::Unsolved::Timeout));
    assert!(
        got.outcome.all.is_none(),
        "no list without a proven optimum"
    );
    // What is proven holds for every case: at least the least of the cases' table bounds
    // (each case proves at least its own), and no more than a solution known.
    let least = goal
        .cases(&position)
        .iter()
        .map(|c| solver().lower_bound(&c.position))
        .min()
        .unwrap();
    assert!(
        got.outcome.proven_lower >= least,
        "{} < {least}",
        got.outcome.proven_lower
    );
    if let Some(f) = got.framed() {
        assert_replays(&position, &goal, &f);
        assert!(got.outcome.proven_lower as usize <= f.moves.len());
        assert!(!got.outcome.is_proven());
    }
}
