//! Case sets (`korf cases`, `korf_front::cases`) and case lists (`korf algs`): the generated
//! sets have the known number of cases and no two are the same case; every algorithm
//! `korf algs` lists solves its case (on the sticker check) at the lengths it gives, and is
//! exactly the list a single solve gives; `--out` resumes, checks what it keeps, and
//! refuses a file of another question.

use crate::common;
use korf::cube::{parse_moves, Face, MaskedCube, Metric, Move, MoveRules, MoveSet};
use korf::search::{AllSolutions, Options};
use korf::{Cube, Goal, Solver};
use korf_front::cases::{parse_case_line, CaseSet};

fn korf() -> assert_cmd::Command {
    let mut c = crate::korf_command();
    c.env("KORF_TABLES", common::tables_dir());
    c
}

fn u(q: u8) -> Cube {
    match q {
        0 => Cube::SOLVED,
        q => Cube::from_moves(&[Move::new(Face::U, q)]),
    }
}

#[test]
fn the_orientation_set_is_57_cases_none_a_turn_of_another() {
    let cases = CaseSet::Oll.cases();
    assert_eq!(cases.len(), 57);
    // Turning the top layer before the algorithm (AUF) shows a case from another side:
    // no case may be another one turned, nor the solved orientation.
    let turned = |p: &MaskedCube, q: u8| {
        let c = p.completions(1000).unwrap()[0].compose(&u(q));
        korf_front::cases::Mask::Oll.apply(&c)
    };
    let solved = korf_front::cases::Mask::Oll.apply(&Cube::SOLVED);
    for (i, (_, a)) in cases.iter().enumerate() {
        assert_eq!(a.completion_count(), Ok(288), "{}", a.to_facelets());
        for q in 0..4 {
            let t = turned(a, q);
            assert_ne!(t, solved);
            for (_, b) in &cases[i + 1..] {
                assert_ne!(&t, b, "{} turned is {}", a.to_facelets(), b.to_facelets());
            }
        }
    }
}

#[test]
fn the_permutation_set_is_21_cases_none_another_up_to_auf() {
    let cases: Vec<Cube> = CaseSet::Pll
        .cases()
        .iter()
        .map(|(_, p)| {
            let c = p.completions(10).unwrap();
            assert_eq!(c.len(), 1, "a PLL case with its top grey is one cube");
            c[0]
        })
        .collect();
    assert_eq!(cases.len(), 21);
    let class = |p: &Cube| -> Vec<Cube> {
        (0..4)
            .flat_map(|a| (0..4).map(move |b| u(a).compose(p).compose(&u(b))))
            .collect()
    };
    for (i, a) in cases.iter().enumerate() {
        let seen = class(a);
        assert!(!seen.contains(&Cube::SOLVED));
        for b in &cases[i + 1..] {
            assert!(!seen.contains(b));
        }
        // The last layer alone is permuted, nothing twisted or flipped.
        assert_eq!(a.corner_twists(), [0; 8]);
        assert_eq!(a.edge_flips(), [0; 12]);
    }
}

/// What one goal solve lists for `position`: the reference `korf algs` must match.
fn listed_by_solve(position: &MaskedCube, rules: MoveRules, within: u8) -> Vec<String> {
    let solver = Solver::open(common::tables_dir()).unwrap();
    let options = Options {
        all: Some(AllSolutions {
            within,
            max_solutions: None,
        }),
        threads: 1,
        ..Options::for_rules(rules)
    };
    let goal = Goal::SOLVED.with_start_auf(true).with_end_auf(true);
    let found = solver
        .solve_masked(position, &goal, &options, None)
        .unwrap();
    found
        .listed()
        .iter()
        .map(|f| {
            let t = |m: Option<Move>| m.map_or(String::new(), |m| korf::cube::format_moves(&[m]));
            format!(
                "{}|{}|{}",
                t(f.before),
                korf::cube::format_moves(&f.moves),
                t(f.after)
            )
        })
        .collect()
}

#[test]
fn algs_lists_every_algorithm_of_each_case_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("cases.txt");
    let sune = "oll R U2 R' U' R U' R'";
    let facelets = parse_case_line(sune).unwrap().position.to_facelets();
    std::fs::write(
        &list,
        format!("# two cases\nsune: {sune}\n\nby facelets: {facelets}\n"),
    )
    .unwrap();
    let out = dir.path().join("out.jsonl");
    let run = |extra: &[&str]| {
        let mut c = korf();
        c.args([
            "algs",
            list.to_str().unwrap(),
            "--moves",
            "R,U",
            "--within",
            "1",
        ])
        .args(["--start-auf", "--end-auf", "--out", out.to_str().unwrap()])
        .args(extra);
        c
    };
    let first = run(&[]).assert().success();
    let text = String::from_utf8(first.get_output().stdout.clone()).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    let rules = MoveRules {
        metric: Metric::Htm,
        moves: MoveSet::parse("R,U").unwrap(),
    };
    let position = MaskedCube::from_facelets(&facelets).unwrap();
    let expected = listed_by_solve(&position, rules, 1);
    for (r, (line, name)) in records.iter().zip([(2, "sune"), (4, "by facelets")]) {
        assert_eq!(
            (r["line"].as_u64(), r["name"].as_str()),
            (Some(line), Some(name))
        );
        assert_eq!(r["facelets"], facelets.as_str());
        assert_eq!(r["status"], "solved");
        assert_eq!(r["optimal_length"], 7);
        let algs = r["algorithms"].as_array().unwrap();
        let got: Vec<String> = algs
            .iter()
            .map(|a| {
                let s = |k: &str| a[k].as_str().unwrap().to_string();
                format!("{}|{}|{}", s("start_auf"), s("moves"), s("end_auf"))
            })
            .collect();
        assert_eq!(got, expected);
        for a in algs {
            let text = format!(
                "{} {} {}",
                a["start_auf"].as_str().unwrap(),
                a["moves"].as_str().unwrap(),
                a["end_auf"].as_str().unwrap()
            );
            assert!(position.solved_by(&parse_moves(&text).unwrap()), "{text}");
            let moves = parse_moves(a["moves"].as_str().unwrap()).unwrap();
            assert_eq!(a["htm"].as_u64(), Some(moves.len() as u64));
            assert_eq!(a["qtm"].as_u64(), Some(Metric::Qtm.length(&moves) as u64));
        }
    }
    // Run again: nothing is solved again, the same records are printed.
    let again = run(&[]).assert().success();
    assert_eq!(
        String::from_utf8(again.get_output().stdout.clone()).unwrap(),
        text
    );
    assert!(String::from_utf8_lossy(&again.get_output().stderr).contains("2 of 2 cases are in"));
    // A last line cut short (a run killed while writing) is dropped and solved again.
    let kept = std::fs::read_to_string(&out).unwrap();
    std::fs::write(&out, &kept[..kept.len() - 20]).unwrap();
    run(&[]).assert().success();
    let algorithms = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["algorithms"].clone())
            .collect()
    };
    assert_eq!(
        algorithms(&std::fs::read_to_string(&out).unwrap()),
        algorithms(&kept)
    );
    // A record whose algorithm does not solve its case is refused, as is another question.
    std::fs::write(
        &out,
        kept.replacen("R U R' U R U2 R'", "R U R' U R U2 R", 1),
    )
    .unwrap();
    run(&[]).assert().code(2);
    std::fs::write(&out, &kept).unwrap();
    run(&["--metric", "qtm"]).assert().code(2);
    // CSV: a header, then one row a solution.
    let csv = korf()
        .args([
            "algs",
            list.to_str().unwrap(),
            "--moves",
            "R,U",
            "--within",
            "1",
        ])
        .args(["--start-auf", "--end-auf", "--format", "csv"])
        .assert()
        .success();
    let rows = String::from_utf8(csv.get_output().stdout.clone()).unwrap();
    assert!(rows.starts_with("line,name,facelets,start_auf,moves,end_auf,htm,qtm"));
    assert_eq!(rows.lines().count(), 1 + 2 * expected.len());
}

#[test]
fn algs_refuses_a_bad_line_naming_it_and_cases_prints_a_list_algs_reads() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("bad.txt");
    std::fs::write(&list, "oll R U R'\nzzz: nothing\n").unwrap();
    korf()
        .args(["algs", list.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("line 2"));
    let printed = korf().args(["cases", "pll"]).assert().success();
    let text = String::from_utf8(printed.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 21);
    for l in lines {
        assert!(parse_case_line(l)
            .unwrap()
            .name
            .unwrap()
            .starts_with("pll-"));
    }
    korf()
        .args(["algs", list.to_str().unwrap(), "--fast"])
        .assert()
        .code(2);
}

#[test]
fn bench_takes_a_list_with_grey_stickers() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let sune = parse_case_line("oll R U2 R' U' R U' R'").unwrap().position;
    std::fs::write(&list, format!("{}\nR U R' U'\n", sune.to_facelets())).unwrap();
    let out = dir.path().join("out.jsonl");
    korf()
        .args([
            "bench",
            list.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
        .assert()
        .success();
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    let grey = lines.iter().find(|l| l["line"] == 1).unwrap();
    let moves = parse_moves(grey["solution"].as_str().unwrap()).unwrap();
    assert!(sune.solved_by(&moves));
    assert_eq!(
        grey["length"], 7,
        "Sune's orientation case, no AUF, is seven turns"
    );
}

#[test]
fn the_case_lists_in_docs_are_what_korf_cases_prints() {
    for set in CaseSet::ALL.map(CaseSet::name) {
        let printed = korf().args(["cases", set]).assert().success();
        let shipped =
            std::fs::read_to_string(crate::repo().join(format!("docs/cases/{set}.txt"))).unwrap();
        assert_eq!(
            String::from_utf8(printed.get_output().stdout.clone()).unwrap(),
            shipped,
            "docs/cases/{set}.txt: regenerate it with `korf cases {set} > docs/cases/{set}.txt`"
        );
    }
}

#[test]
fn a_checkpoint_is_refused_for_grey_stickers_rather_than_silently_not_kept() {
    let dir = tempfile::tempdir().unwrap();
    let sune = parse_case_line("oll R U2 R' U' R U' R'").unwrap().position;
    korf()
        .args(["solve", &sune.to_facelets(), "--checkpoint"])
        .arg(dir.path().join("c.json"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--checkpoint"));
    assert!(!dir.path().join("c.json").exists());
}

#[test]
fn the_2_look_sets_have_their_known_counts_none_another_up_to_auf() {
    for (set, count) in [
        (CaseSet::OllEdges, 3),
        (CaseSet::OllCorners, 7),
        (CaseSet::PllCorners, 2),
        (CaseSet::PllEdges, 4),
    ] {
        let cases = set.cases();
        assert_eq!(cases.len(), count, "{}", set.name());
        let mask = set.mask();
        // Every member of a case's class as the mask shows it: the case turned by U
        // before and after, from one cube that fits it.
        let class = |p: &MaskedCube| -> Vec<MaskedCube> {
            let c = p.any_completion().unwrap();
            (0..4)
                .flat_map(|a| (0..4).map(move |b| u(a).compose(&c).compose(&u(b))))
                .map(|v| mask.apply(&v))
                .collect()
        };
        let solved = mask.apply(&Cube::SOLVED);
        for (i, (name, a)) in cases.iter().enumerate() {
            let seen = class(a);
            assert!(!seen.contains(&solved), "{name} is solved up to AUF");
            for (other, b) in &cases[i + 1..] {
                assert!(!seen.contains(b), "{name} is {other} up to AUF");
            }
            let f = a.to_facelets().into_bytes();
            let edge_tops = [1, 3, 5, 7].map(|i| f[i]);
            match set {
                // The edges already oriented, or already in place.
                CaseSet::OllCorners | CaseSet::PllCorners => assert_eq!(edge_tops, [b'U'; 4]),
                CaseSet::PllEdges => {
                    let corners = a.any_completion().unwrap();
                    let turned = (0..4)
                        .any(|q| (0..8).all(|i| corners.compose(&u(q)).corner(i) as usize == i));
                    assert!(turned, "{name}: corners solved up to AUF");
                }
                _ => {}
            }
        }
    }
}

#[test]
fn algs_takes_slices_counts_slice_turns_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("lse.txt");
    std::fs::write(&list, "ua: lse M2 U M U2 M' U M2\npair: f2l-pair R U R'\n").unwrap();
    let out = dir.path().join("out.jsonl");
    let run = || {
        korf()
            .args([
                "algs",
                list.to_str().unwrap(),
                "--moves",
                "M,U,R",
                "--metric",
                "stm",
            ])
            .args(["--out", out.to_str().unwrap()])
            .assert()
            .success()
    };
    let first = run();
    let records: Vec<serde_json::Value> = String::from_utf8(first.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    let ua = &records[0];
    assert_eq!(ua["metric"], "stm");
    assert_eq!(ua["optimal_length"], 7);
    let algs = ua["algorithms"].as_array().unwrap();
    assert!(
        algs.iter().any(|a| a["moves"] == "M2 U' M U2 M' U' M2"),
        "{algs:?}"
    );
    for a in algs {
        // Each replayed, as held: its stated lengths, and the case solved.
        let turns = korf::cube::parse_turns(a["moves"].as_str().unwrap()).unwrap();
        for (metric, key) in [
            (Metric::Htm, "htm"),
            (Metric::Qtm, "qtm"),
            (Metric::Stm, "stm"),
        ] {
            assert_eq!(a[key], korf::cube::turns_length(&turns, metric), "{a}");
        }
        let setup = korf::cube::parse_turns("M2 U M U2 M' U M2").unwrap();
        let case = korf::cube::cube_from_turns(&setup);
        let held = korf::cube::Held::new(case).turns(&turns);
        assert!(held.frame.is_home() && held.cube.is_solved(), "{a}");
    }
    assert_eq!(records[1]["algorithms"][0]["moves"], "R U' R'");
    // Run again: both records are kept, checked, and not searched again.
    let again = run();
    let err = String::from_utf8(again.get_output().stderr.clone()).unwrap();
    assert!(err.contains("2 of 2 cases are in"), "{err}");
    // An `lse` case is set up by M and U alone.
    std::fs::write(&list, "lse M U R\n").unwrap();
    korf()
        .args([
            "algs",
            list.to_str().unwrap(),
            "--moves",
            "M,U",
            "--metric",
            "stm",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("`R` is not a turn of M or U"));
}

#[test]
fn bench_takes_goals_and_keeps_them_apart_in_its_results() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    // Sune, then a turn of U: one move more unless a first turn of U is free.
    std::fs::write(&list, "R U R' U R U2 R' U\n").unwrap();
    let length = |extra: &[&str], out: &std::path::Path| -> u64 {
        let json = dir.path().join("rows.json");
        korf()
            .args(["bench", list.to_str().unwrap(), "--moves", "R,U", "--out"])
            .arg(out)
            .arg("--json")
            .arg(&json)
            .args(extra)
            .assert()
            .success();
        let rows: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let row = &rows.as_array().map_or(&rows, |a| &a[0]);
        row["length"].as_u64().unwrap()
    };
    let plain = dir.path().join("plain.jsonl");
    let auf = dir.path().join("auf.jsonl");
    let with_auf = length(&["--start-auf"], &auf);
    assert_eq!(with_auf, 7);
    assert!(length(&[], &plain) > with_auf);
    // A results file written for one goal is refused for another.
    korf()
        .args(["bench", list.to_str().unwrap(), "--moves", "R,U", "--out"])
        .arg(&auf)
        .assert()
        .code(2);
}
