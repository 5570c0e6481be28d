//! Slice, wide and rotation notation (`korf::cube::Turn`) and the search with slices and
//! wide turns (`Solver::solve_turns`).  The references use no korf search: every turn
//! and random sequences are replayed on the independent sticker model (`sticker.rs`),
//! whose layers are turned in 3-D space; and the whole set of optimal (and
//! near-optimal) solutions is compared with a brute force over every sequence on a
//! sticker array whose turns are read off that model.

use crate::goals::{framings, solver};
use crate::sticker::StickerCube;
use korf::cube::{
    parse_turns, turns_length, Face, Held, MaskedCube, Metric, Move, Turn, TurnKind, TurnSet,
    TURN_COUNT,
};
use korf::goal::Aufs;
use korf::search::slice_turns::SliceTurnTables;
use korf::search::{AllSolutions, Options};
use korf::{Cube, Goal};
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The sticker model's face, depths and quarter turns for one turn.
fn model_turn(t: Turn) -> (usize, Vec<i32>, usize) {
    let depths = match t.kind() {
        TurnKind::Face => vec![1],
        TurnKind::Slice => vec![0],
        TurnKind::Wide => vec![1, 0],
        TurnKind::Rotation => vec![1, 0, -1],
    };
    (t.face() as usize, depths, t.quarter_turns() as usize)
}

fn model_apply(s: &mut StickerCube, turns: &[Turn]) {
    for &t in turns {
        let (face, depths, q) = model_turn(t);
        s.turn_layers(face, &depths, q);
    }
}

/// korf's cube as held after `turns`, against the sticker model after the same: the same
/// stickers seen as held (each colour named by the face its centre is on), and after the
/// rotation korf writes, the centres home.
fn agree(turns: &[Turn]) {
    let held = Held::new(Cube::SOLVED).turns(turns);
    let mut model = StickerCube::solved();
    model_apply(&mut model, turns);
    let text = korf::cube::format_turns(turns);
    let name = |c: u8| b"URFDLB"[(0..6).find(|&f| model.centre(f) == c).unwrap()];
    let seen: Vec<u8> = model.facelets().bytes().map(name).collect();
    assert_eq!(
        String::from_utf8(seen).unwrap(),
        held.seen().to_facelets(),
        "{text}"
    );
    // A scramble with these turns is that cube.
    assert_eq!(
        korf::cube::parse_position(&text).unwrap(),
        held.seen(),
        "{text}"
    );
    model_apply(&mut model, &held.frame.home_rotation());
    for f in 0..6 {
        assert_eq!(model.centre(f), b"URFDLB"[f], "{text}: centres not home");
    }
    assert_eq!(model.facelets(), held.cube.to_facelets(), "{text}");
}

#[test]
fn every_turn_and_random_sequences_agree_with_the_sticker_model() {
    for i in 0..TURN_COUNT {
        agree(&[Turn::from_index(i)]);
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(57);
    for _ in 0..200 {
        let n = rng.gen_range(1..25);
        let seq: Vec<Turn> = (0..n)
            .map(|_| Turn::from_index(rng.gen_range(0..TURN_COUNT)))
            .collect();
        agree(&seq);
    }
}

type Stickers = [u8; 54];

/// Per turn index, the slot each slot's sticker comes from, read off the sticker model.
fn turn_perms() -> &'static Vec<[usize; 54]> {
    static PERMS: OnceLock<Vec<[usize; 54]>> = OnceLock::new();
    PERMS.get_or_init(|| {
        let labels: String = (0..54u8).map(|i| (b'0' + i) as char).collect();
        (0..TURN_COUNT)
            .map(|i| {
                let mut s = StickerCube::from_facelets(&labels);
                model_apply(&mut s, &[Turn::from_index(i)]);
                let after = s.facelets();
                std::array::from_fn(|slot| (after.as_bytes()[slot] - b'0') as usize)
            })
            .collect()
    })
}

fn turned(s: &Stickers, t: Turn) -> Stickers {
    let perm = &turn_perms()[t.index()];
    std::array::from_fn(|slot| s[perm[slot]])
}

/// Solved in any orientation: each face one colour (the centre's), but for grey
/// stickers (`X`), which may be anywhere.
fn uniform(s: &Stickers) -> bool {
    (0..6).all(|f| {
        s[f * 9..f * 9 + 9]
            .iter()
            .all(|&c| c == b'X' || c == s[f * 9 + 4])
    })
}

/// A block's signature: its axis and the three layers' amounts.
type Signature = Vec<(usize, [u8; 3])>;

fn signature(turns: &[Turn]) -> Signature {
    let mut sig: Signature = Vec::new();
    for t in turns {
        let l = t.layers();
        match sig.last_mut() {
            Some((axis, amounts)) if *axis == l.axis() => {
                for (a, b) in amounts.iter_mut().zip(l.amounts()) {
                    *a = (*a + b) % 4;
                }
            }
            _ => sig.push((l.axis(), l.amounts())),
        }
    }
    sig
}

/// Every sequence of allowed turns (a run of one axis turns each layer kind at most once,
/// in index order) costing at most `max`, that solves `start` with some AUF framing and
/// does not pass through solved on the way; by block signature, the least cost and the
/// first framing that works.
fn brute_force(
    start: &Stickers,
    goal: &Goal,
    set: TurnSet,
    metric: Metric,
    max: usize,
) -> BTreeMap<Signature, (usize, Aufs)> {
    let allowed: Vec<Turn> = set.turns().collect();
    let mut found: BTreeMap<Signature, (usize, Aufs)> = BTreeMap::new();
    for (before, after) in framings(goal) {
        let u = |s: &Stickers, m: Option<Move>| m.map_or(*s, |m| turned(s, Turn::face_turn(m)));
        // The turn after is of the layer the U centre is on (korf writes it after the
        // rotation that brings the centres home).
        let u_centre = |s: &Stickers, m: Option<Move>| {
            m.map_or(*s, |m| {
                let face = (0..6).find(|&f| s[f * 9 + 4] == b'U').unwrap();
                turned(
                    s,
                    Turn::face_turn(Move::new(Face::ALL[face], m.quarter_turns())),
                )
            })
        };
        let s0 = u(start, before);
        let mut path = Vec::new();
        let mut visit = |p: &[Turn], s: &Stickers| {
            if !p.is_empty() && uniform(&u_centre(s, after)) {
                let cost = turns_length(p, metric);
                let e = found.entry(signature(p)).or_insert((cost, (before, after)));
                if cost < e.0 {
                    e.0 = cost;
                }
                return true;
            }
            false
        };
        walk(&s0, None, max, metric, &allowed, &mut path, &mut visit);
    }
    found
}

fn walk(
    s: &Stickers,
    last: Option<Turn>,
    left: usize,
    metric: Metric,
    allowed: &[Turn],
    path: &mut Vec<Turn>,
    visit: &mut dyn FnMut(&[Turn], &Stickers) -> bool,
) {
    if visit(path, s) {
        return; // solved: nothing passes through it
    }
    for &t in allowed {
        let cost = t.cost(metric);
        let layer_of = |t: Turn| t.index() / 3;
        let ok = last.is_none_or(|l| l.axis() != t.axis() || layer_of(l) < layer_of(t));
        if ok && cost <= left {
            path.push(t);
            walk(
                &turned(s, t),
                Some(t),
                left - cost,
                metric,
                allowed,
                path,
                visit,
            );
            path.pop();
        }
    }
}

/// What korf should list: the signatures within `within` of the optimum, less those that
/// repeat a cheaper one with another AUF (starting with U, or ending with a face turn of
/// the layer the U centre is on).
fn expected(
    start: &Stickers,
    goal: &Goal,
    set: TurnSet,
    metric: Metric,
    max: usize,
    within: usize,
) -> (usize, BTreeSet<Signature>) {
    let all = brute_force(start, goal, set, metric, max);
    let best = all
        .values()
        .map(|v| v.0)
        .min()
        .expect("the brute force solves it");
    let kept = all
        .into_iter()
        .filter(|(_, (c, _))| *c <= best + within)
        .map(|(sig, _)| sig)
        .filter(|sig| !(goal.start_auf() && sig[0].0 == 0 && sig[0].1[0] != 0))
        .filter(|sig| !(goal.end_auf() && ends_with_u(sig)))
        .collect();
    (best, kept)
}

/// Whether the last block turns, as a face, the layer the U centre is on then.
fn ends_with_u(sig: &Signature) -> bool {
    let mut model = StickerCube::solved();
    for &(axis, amounts) in &sig[..sig.len() - 1] {
        for (depth, &k) in [1, 0, -1].iter().zip(&amounts) {
            model.turn_layers(axis, &[*depth], k as usize);
        }
    }
    let (axis, [near, _, far]) = sig[sig.len() - 1];
    (near != 0 && model.centre(axis) == b'U') || (far != 0 && model.centre(axis + 3) == b'U')
}

fn solve(
    position: &MaskedCube,
    goal: &Goal,
    set: TurnSet,
    metric: Metric,
    within: u8,
) -> korf::turn_search::TurnOutcome {
    solve_bounded(None, position, goal, set, metric, within)
}

/// [`solve`], bound in slice turns by the slice-turn tables if given (else by the
/// face-turn tables and tables built for the query, whatever the directory holds).
fn solve_bounded(
    slice_tables: Option<&SliceTurnTables>,
    position: &MaskedCube,
    goal: &Goal,
    set: TurnSet,
    metric: Metric,
    within: u8,
) -> korf::turn_search::TurnOutcome {
    let options = Options {
        all: Some(AllSolutions {
            within,
            max_solutions: None,
        }),
        max_depth: 16,
        ..Options::for_rules(korf::cube::MoveRules {
            metric,
            ..Default::default()
        })
    };
    let tables = solver().tables();
    korf::turn_search::solve_turns(tables, slice_tables, position, goal, set, &options).unwrap()
}

/// korf's list against the brute force, for a position given by a scramble.
fn compare(scramble: &str, goal: Goal, set: &str, metric: Metric, within: u8) {
    let cube = korf::cube::parse_position(scramble).unwrap();
    compare_masked(&MaskedCube::from(cube), scramble, goal, set, metric, within);
}

/// korf's list against the brute force, for a position some of whose stickers may be
/// grey (`label` names it in failures).
fn compare_masked(
    position: &MaskedCube,
    label: &str,
    goal: Goal,
    set: &str,
    metric: Metric,
    within: u8,
) {
    compare_bounded(None, position, label, (goal, set, metric, within));
}

/// [`compare_masked`], bound by the slice-turn tables if given.
fn compare_bounded(
    slice_tables: Option<&SliceTurnTables>,
    position: &MaskedCube,
    label: &str,
    (goal, set, metric, within): (Goal, &str, Metric, u8),
) {
    let scramble = label;
    let set = TurnSet::parse(set).unwrap();
    let facelets = position.to_facelets();
    let out = solve_bounded(slice_tables, position, &goal, set, metric, within);
    let listed = out.listed.clone().unwrap();
    let best = listed[0].length(metric);
    let start: Stickers = facelets.as_bytes().try_into().unwrap();
    let (want_best, want) = expected(
        &start,
        &goal,
        set,
        metric,
        best + within as usize,
        within as usize,
    );
    assert_eq!(best, want_best, "{scramble}: optimum");
    let got: BTreeSet<Signature> = listed.iter().map(|s| signature(&s.turns)).collect();
    assert_eq!(
        got.len(),
        listed.len(),
        "{scramble}: a signature listed twice"
    );
    assert_eq!(
        got, want,
        "{scramble} ({set}, {metric}, {goal:?}): the listed set"
    );
    assert_eq!(out.solution.as_ref().unwrap().length(metric), best);
    for s in &listed {
        // Replayed on the sticker model: solved, and home after the rotation.
        let mut model = StickerCube::from_facelets(&facelets);
        let aufs = |m: Option<Move>| m.map(Turn::face_turn).into_iter().collect::<Vec<_>>();
        model_apply(&mut model, &aufs(s.before));
        model_apply(&mut model, &s.turns);
        model_apply(&mut model, &s.rotation);
        model_apply(&mut model, &aufs(s.after));
        let home = model
            .facelets()
            .bytes()
            .zip(korf::cube::SOLVED_FACELETS.bytes())
            .all(|(got, want)| got == b'X' || got == want);
        assert!(home, "{}: {}", s.written(), model.facelets());
    }
}

#[test]
fn open_masks_with_slices_match_the_brute_force() {
    // A last-six-edges position with the U-layer corners and the UL and UR edges grey:
    // more completions (times the AUF cases) than are searched one by one, so searched
    // from one of them with tables built for the pinned pieces.
    for (scramble, set, metric, start, end, within) in [
        ("M' U M U2 M' U", "M,U", Metric::Stm, true, true, 1),
        ("M U2 M' U' M2", "M,U", Metric::Htm, true, true, 0),
        ("R U r' U' M U", "R,r,U", Metric::Stm, true, true, 0),
    ] {
        let cube = korf::cube::cube_from_turns(&parse_turns(scramble).unwrap());
        let grey = MaskedCube::with_pieces_grey(&cube, 0x0f, 0b101);
        let goal = Goal::SOLVED.with_start_auf(start).with_end_auf(end);
        assert!(goal.too_many_cases(&grey).unwrap(), "{scramble}");
        let out = solve(&grey, &goal, TurnSet::parse(set).unwrap(), metric, within);
        assert!(out.query_tables);
        compare_masked(&grey, scramble, goal, set, metric, within);
    }
}

#[test]
fn the_slice_turn_tables_are_built_for_searches_that_span_every_axis() {
    use korf::turn_search::worth_slice_turn_tables as worth;
    let set = |s: &str| TurnSet::parse(s).unwrap();
    assert!(worth(set("U,R,F,D,L,B,M,E,S"), Metric::Stm));
    assert!(worth(set("R,U,F,M"), Metric::Stm));
    // Small sets solve at once without them; other metrics never count a slice as one.
    assert!(!worth(set("M,U"), Metric::Stm));
    assert!(!worth(set("R,M,U"), Metric::Stm));
    assert!(!worth(set("R,r,U,F"), Metric::Stm));
    assert!(!worth(set("U,R,F,D,L,B,M,E,S"), Metric::Htm));
    // A fresh tables directory: an ⟨M,U⟩ solve builds nothing in slice turns, and every
    // turn with --no-generate goes on without them.
    let dir = tempfile::tempdir().unwrap();
    let base = crate::common::tables_dir();
    for kind in korf::HeuristicKind::Coset.tables() {
        std::fs::copy(
            base.join(kind.file_name()),
            dir.path().join(kind.file_name()),
        )
        .unwrap();
    }
    let tables = dir.path().to_str().unwrap();
    for moves in ["M,U", "U,R,F,D,L,B,M,E,S"] {
        korf()
            .args([
                "solve",
                "--tables",
                tables,
                "--heuristic",
                "coset",
                "--no-upper-bound",
            ])
            .args([
                "--no-generate",
                "--moves",
                moves,
                "--metric",
                "stm",
                "-s",
                "M2 U M U2 M' U M2",
            ])
            .assert()
            .success()
            .stdout(predicates::str::contains("(7s*"));
    }
    let stm = korf::search::slice_turns::SLICE_TURN_TABLES;
    assert!(stm.iter().all(|k| !dir.path().join(k.file_name()).exists()));
}

#[test]
fn the_lists_do_not_depend_on_the_thread_count() {
    // The held search shares its tasks (a root and its first block) out to threads and
    // puts the solutions back in one thread's order: the same list, in the same order,
    // on one thread and on three, capped or not.
    let aufs = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    let position = |s: &str| MaskedCube::from(korf::cube::parse_position(s).unwrap());
    let open = MaskedCube::with_pieces_grey(
        &korf::cube::cube_from_turns(&parse_turns("M' U M U2 M' U").unwrap()),
        0x0f,
        0b101,
    );
    for (at, goal, set, metric, within, cap) in [
        (
            position("M' U M U2 M' U M"),
            aufs,
            "M,U",
            Metric::Stm,
            Some(1),
            Some(2),
        ),
        (
            position("R M' U R' U' M"),
            Goal::SOLVED,
            "R,M,U",
            Metric::Htm,
            Some(1),
            None,
        ),
        (
            position("r U R' U' r' F R F'"),
            aufs,
            "R,r,U,F",
            Metric::Stm,
            Some(0),
            None,
        ),
        (open, aufs, "M,U", Metric::Stm, Some(1), None),
        (
            position("M2 U M U2 M' U M2"),
            aufs,
            "M,U",
            Metric::Stm,
            None,
            None,
        ),
    ] {
        let set = TurnSet::parse(set).unwrap();
        let run = |threads: usize| {
            let options = Options {
                threads,
                all: within.map(|within| AllSolutions {
                    within,
                    max_solutions: cap,
                }),
                max_depth: 16,
                ..Options::for_rules(korf::cube::MoveRules {
                    metric,
                    ..Default::default()
                })
            };
            solver().solve_turns(&at, &goal, set, &options).unwrap()
        };
        let (one, three) = (run(1), run(3));
        assert_eq!(one.solution, three.solution, "{set}");
        assert_eq!(one.listed, three.listed, "{set}");
        assert_eq!(one.capped, three.capped, "{set}");
        assert_eq!(one.capped, cap.is_some(), "{set}");
        assert_eq!(one.proven_lower, three.proven_lower, "{set}");
    }
}

#[test]
fn a_u_permutation_takes_seven_slice_turns_in_m_and_u() {
    let set = TurnSet::parse("M,U").unwrap();
    let ua = korf::cube::cube_from_turns(&parse_turns("M2 U M U2 M' U M2").unwrap()).inverse();
    let out = solve(&MaskedCube::from(ua), &Goal::SOLVED, set, Metric::Stm, 0);
    let listed = out.listed.unwrap();
    assert_eq!(listed[0].length(Metric::Stm), 7);
    assert!(
        listed.iter().any(|s| s.written() == "M2 U M U2 M' U M2"),
        "{listed:?}"
    );
    // Face turns alone never move a centre: no rotation at the end.
    let faces = solve(
        &MaskedCube::from(ua),
        &Goal::SOLVED,
        TurnSet::parse("R,U").unwrap(),
        Metric::Stm,
        0,
    );
    assert!(faces.listed.unwrap().iter().all(|s| s.rotation.is_empty()));
}

#[test]
fn m_and_u_lists_match_the_brute_force() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(5757);
    for n in [4, 6, 8] {
        let turns: Vec<&str> = (0..n)
            .map(|i| match i % 2 {
                0 => ["M", "M2", "M'"][rng.gen_range(0..3)],
                _ => ["U", "U2", "U'"][rng.gen_range(0..3)],
            })
            .collect();
        let scramble = turns.join(" ");
        compare(&scramble, Goal::SOLVED, "M,U", Metric::Stm, 1);
        compare(
            &scramble,
            Goal::SOLVED.with_end_auf(true),
            "M,U",
            Metric::Stm,
            1,
        );
        compare(
            &scramble,
            Goal::SOLVED.with_start_auf(true).with_end_auf(true),
            "M,U",
            Metric::Htm,
            0,
        );
    }
}

#[test]
fn mixed_axes_wide_turns_and_quarter_turns_match_the_brute_force() {
    compare("R M' U R' U' M", Goal::SOLVED, "R,M,U", Metric::Stm, 1);
    compare(
        "r U R' U' r' F R F'",
        Goal::SOLVED,
        "R,r,U,F",
        Metric::Stm,
        0,
    );
    compare(
        "M U M' U2 M U M'",
        Goal::SOLVED.with_end_auf(true),
        "M,U",
        Metric::Qtm,
        1,
    );
    compare("Rw U2 Rw' U'", Goal::SOLVED, "Rw,U", Metric::Htm, 1);
}

#[test]
fn the_search_bound_is_a_lower_bound() {
    // The held search's bound (the tables' value over how far a unit of the metric can
    // move it) never exceeds the cost of a solution the brute force finds.
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    let set = TurnSet::parse("M,U").unwrap();
    for _ in 0..30 {
        let n = rng.gen_range(1..9);
        let seq: Vec<Turn> = (0..n)
            .map(|i| {
                Turn::from_index(if i % 2 == 0 {
                    21 + rng.gen_range(0..3)
                } else {
                    rng.gen_range(0..3)
                })
            })
            .collect();
        let cube = korf::cube::cube_from_turns(&seq);
        let out = solve(&MaskedCube::from(cube), &Goal::SOLVED, set, Metric::Stm, 0);
        let best = out.listed.unwrap()[0].length(Metric::Stm);
        assert!(best <= turns_length(&seq, Metric::Stm));
        let start: Stickers = cube.to_facelets().as_bytes().try_into().unwrap();
        let (want, _) = expected(&start, &Goal::SOLVED, set, Metric::Stm, best, 0);
        assert_eq!(best, want);
        let h = solver().lower_bound(&cube) as usize;
        assert!(h.div_ceil(2) <= best, "bound {h}/2 over {best}");
    }
}

#[test]
fn grey_stickers_and_the_m_slice() {
    // The last six edges with the U-layer corners and every other piece given: a whole
    // cube; the same with the top colour's stickers of the U-layer edges grey.
    let ua = korf::cube::cube_from_turns(&parse_turns("M2 U M U2 M' U M2").unwrap()).inverse();
    let f = ua.to_facelets();
    let set = TurnSet::parse("M,U").unwrap();
    let full = solve(&MaskedCube::from(ua), &Goal::SOLVED, set, Metric::Stm, 0);
    let mut grey = f.clone().into_bytes();
    for i in [1, 3, 5, 7] {
        grey[i] = b'X';
    }
    let grey = MaskedCube::from_facelets(std::str::from_utf8(&grey).unwrap()).unwrap();
    let out = solve(&grey, &Goal::SOLVED, set, Metric::Stm, 0);
    let best = out.listed.as_ref().unwrap()[0].length(Metric::Stm);
    assert!(best <= full.listed.unwrap()[0].length(Metric::Stm));
    for s in out.listed.unwrap() {
        assert!(
            Goal::SOLVED.reached_from(&grey, &s.relative()),
            "{}",
            s.written()
        );
    }
}

fn korf() -> assert_cmd::Command {
    let mut c = crate::korf_command();
    c.env("KORF_TABLES", crate::common::tables_dir());
    c
}

#[test]
fn the_command_line_lists_slice_solutions_and_refuses_what_it_cannot() {
    let ua = "M2 U M U2 M' U M2";
    let out = korf()
        .args([
            "solve", "--moves", "M,U", "--metric", "stm", "--all", "--json", "-s", ua,
        ])
        .assert()
        .success();
    let j: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        (j["length"].as_u64(), j["metric"].as_str()),
        (Some(7), Some("stm"))
    );
    assert_eq!(j["all"]["optimal_length"], 7);
    let lines = korf()
        .args(["solve", "--moves", "M,U", "--metric", "stm", "-s", "M U"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&lines.get_output().stdout).to_string();
    assert_eq!(text, "U' M' x' (2s*, 3f, 3q)\n");
    // Options that keep or split work, other commands, rotations in a set: exit 2, the
    // flag named.
    for (args, needle) in [
        (
            vec!["solve", "--moves", "M,U", "--fast", "-s", "M"],
            "--fast",
        ),
        (
            vec![
                "solve",
                "--moves",
                "M,U",
                "--out",
                "/nonexistent/x",
                "-s",
                "M",
            ],
            "--out",
        ),
        (vec!["solve", "--moves", "M,x", "-s", "M"], "rotation"),
        (vec!["bench", "--moves", "M,U", "-"], "korf bench"),
    ] {
        korf()
            .args(&args)
            .write_stdin("M\n")
            .assert()
            .code(2)
            .stderr(predicates::str::contains(needle));
    }
    // A bad line among good ones: the good ones answered, exit 2, each named.
    korf()
        .args(["solve", "--moves", "M,U", "-"])
        .write_stdin("M U\nR Q\n")
        .assert()
        .code(2)
        .stdout(predicates::str::contains("U' M' x'"))
        .stderr(predicates::str::contains("`Q` at position 3"));
}

/// The slow tier: the slice-turn tables (`korf::search::slice_turns`, 540 MB, about 80
/// seconds to build) against the brute force.
mod slow {
    use super::*;
    use korf::search::held::Bound;
    use korf::tables::{Integrity, Residency};

    fn slice_turn_tables() -> &'static SliceTurnTables {
        static TABLES: OnceLock<SliceTurnTables> = OnceLock::new();
        TABLES.get_or_init(|| {
            let dir = crate::common::slice_turn_tables_dir();
            SliceTurnTables::open(dir, Residency::Mapped, Integrity::Check).unwrap()
        })
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn the_slice_turn_tables_are_a_lower_bound_and_list_what_the_brute_force_lists() {
        let tables = slice_turn_tables();
        assert!(tables.checked());
        let bound = tables.bound();
        // Never above the brute force's optimum in slice turns, on the position or its
        // inverse, in ⟨M,U⟩ and in ⟨R,M,U,r⟩.
        let mut rng = rand::rngs::StdRng::seed_from_u64(2911);
        let mut reached = 0;
        for set in ["M,U", "R,M,U,r"] {
            let set = TurnSet::parse(set).unwrap();
            let all: Vec<Turn> = set.turns().collect();
            for _ in 0..25 {
                let n = rng.gen_range(1..8);
                let seq: Vec<Turn> = (0..n).map(|_| all[rng.gen_range(0..all.len())]).collect();
                // The position as held after the scramble: its inverse undoes it.
                let text: Vec<String> = seq.iter().map(ToString::to_string).collect();
                let cube = korf::cube::parse_position(&text.join(" ")).unwrap();
                if cube.is_solved() {
                    continue; // the brute force lists no empty sequence
                }
                let start: Stickers = cube.to_facelets().as_bytes().try_into().unwrap();
                let most = turns_length(&seq, Metric::Stm);
                let (best, _) = expected(&start, &Goal::SOLVED, set, Metric::Stm, most, 0);
                let h = bound.value(&cube, &cube.inverse()) as usize;
                assert!(h <= best, "{seq:?}: bound {h} over the optimum {best}");
                reached += usize::from(h == best);
            }
        }
        // The tables are not trivially low: many bounds meet the optimum.
        assert!(reached >= 10, "{reached}");
        // The whole lists, bound by these tables, as the brute force gives them.
        let position = |s: &str| MaskedCube::from(korf::cube::parse_position(s).unwrap());
        let aufs = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
        for (scramble, goal, set, within) in [
            ("M' U M U2 M' U M", Goal::SOLVED, "M,U", 1),
            ("M2 U M U2 M' U M2", aufs, "M,U", 1),
            ("R M' U R' U' M", Goal::SOLVED, "R,M,U", 1),
            ("r U R' U' r' F R F'", aufs, "R,r,U,F", 0),
        ] {
            let at = position(scramble);
            compare_bounded(
                Some(tables),
                &at,
                scramble,
                (goal, set, Metric::Stm, within),
            );
        }
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn every_turn_lists_alike_with_either_bound() {
        // With every face and slice turn, too many sequences for the brute force: the
        // lists bound by the slice-turn tables equal those bound without them.
        let set = TurnSet::parse("U,R,F,D,L,B,M,E,S").unwrap();
        let aufs = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
        for scramble in ["M2 U M U2 M' U M2", "M2 U M2 U2 M2 U M2"] {
            let at = MaskedCube::from(korf::cube::parse_position(scramble).unwrap());
            let with = solve_bounded(Some(slice_turn_tables()), &at, &aufs, set, Metric::Stm, 0);
            let without = solve_bounded(None, &at, &aufs, set, Metric::Stm, 0);
            assert_eq!(with.listed, without.listed, "{scramble}");
            // The larger bound never searches more.
            assert!(
                with.nodes <= without.nodes,
                "{scramble}: {} and {}",
                with.nodes,
                without.nodes
            );
        }
    }
}
