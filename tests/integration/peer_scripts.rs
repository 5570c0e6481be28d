//! `benches/side-by-side.sh` and `benches/peers.sh` end to end, with stand-in peers: small
//! programs in the work directory that answer in vcube's and nissy-core's output formats,
//! their solutions from a second `korf bench` run (the real peers are built from their
//! sources, which needs the network and hours of tables; docs/benchmarks.md has those
//! runs).  What is checked is the scripts' own work: the sort by optimal length, one list
//! per length, each peer's answers read and matched to korf's position by position, and
//! the summary table; and that a peer disagreeing on a length stops the run.

use crate::common;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A stand-in peer: solves its list with `korf bench` and prints what the real peer would.
/// `vcube`: "index seconds length moves" lines from standard input; `nissy`: nissy-core's
/// `solve_file` transcript for the list named on its command line.  `FAKE_PEER_SKEW` adds
/// to every length (a peer that disagrees).
const STAND_IN: &str = r#"#!/usr/bin/env python3
import csv, os, subprocess, sys, tempfile
kind = os.environ["FAKE_PEER_KIND"]
if "--no-input" in sys.argv:
    sys.exit(0)
if "FAKE_ORDER_LOG" in os.environ:
    open(os.environ["FAKE_ORDER_LOG"], "a").write("peer\n")
text = sys.stdin.read() if kind == "vcube" else open(sys.argv[-1]).read()
lines = [l for l in text.splitlines() if l.strip()]
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "list.txt")
    open(path, "w").write("\n".join(lines) + "\n")
    subprocess.run([os.environ.get("FAKE_PEER_KORF", os.environ["KORF"]), "bench", "--tables", os.environ["FAKE_PEER_TABLES"],
                    "--heuristic", "coset", "--csv", os.path.join(d, "out.csv"), path],
                   check=True, stdout=subprocess.DEVNULL)
    rows = list(csv.DictReader(open(os.path.join(d, "out.csv"))))
skew = int(os.environ.get("FAKE_PEER_SKEW", "0"))
for i, (line, row) in enumerate(zip(lines, rows)):
    moves = row["solution"].split() + ["U"] * skew
    if kind == "vcube":
        print(i, row["seconds"], len(moves), " ".join(moves), flush=True)
    else:
        print(f"{i + 1}. {line}\nSolving scramble {line}", flush=True)
        print("Solutions:\n" + " ".join(moves), flush=True)
"#;

/// A work directory outside the repository holding both stand-ins where the script looks
/// for its peers, and a list of short scrambles.
fn work_dir() -> (tempfile::TempDir, PathBuf) {
    let work = tempfile::tempdir().unwrap();
    let executable = |path: &Path| {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, STAND_IN).unwrap();
        fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
    };
    executable(&work.path().join("vcube/vc-optimal"));
    // nissy-core's tool is reached through its build script: `build.sh tool solve_file S L`.
    executable(&work.path().join("nissy-core/build.sh"));
    fs::create_dir_all(work.path().join("nissy-core/tables")).unwrap();
    fs::write(work.path().join("nissy-core/tables/h48h7"), "").unwrap();
    // Optimal lengths 2, 3 and 4, out of order, two of each.
    let list = work.path().join("list.txt");
    fs::write(
        &list,
        "R U F D\n# a comment\nR U\nR U F\nF2 L\nL B U' R2\n\nB D' L\n",
    )
    .unwrap();
    (work, list)
}

fn side_by_side(work: &Path, list: &Path, peers: &str, skew: u32, kind: &str) -> Output {
    let repo = crate::repo();
    Command::new("bash")
        .arg(repo.join("benches/side-by-side.sh"))
        .args(["--peers", peers, "--lengths", "3,4", "--per-length", "2"])
        .arg("--work")
        .arg(work)
        .arg("--list")
        .arg(list)
        .args([
            "--vcube-coord",
            "112",
            "--allow-small-pages",
            "--sort-threads",
            "1",
        ])
        .args(["--", "--heuristic", "coset", "--threads", "1", "--tables"])
        .arg(common::tables_dir())
        .env("KORF", crate::korf_binary())
        .env("FAKE_PEER_TABLES", common::tables_dir())
        .env("FAKE_PEER_SKEW", skew.to_string())
        .env("FAKE_PEER_KIND", kind)
        .output()
        .unwrap()
}

/// The summary rows: (length, peer, positions, faster-on column).
fn summary_rows(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| length"))
        .map(|l| l.split('|').map(|c| c.trim().to_string()).collect())
        .collect()
}

#[test]
fn side_by_side_sorts_by_length_and_tables_each_peer() {
    for (peer, kind) in [("vcube", "vcube"), ("nissy", "nissy")] {
        let (work, list) = work_dir();
        let out = side_by_side(work.path(), &list, peer, 0, kind);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{peer}: {stdout}\n{stderr}");
        let rows = summary_rows(&stdout);
        assert_eq!(rows.len(), 2, "{peer}: one row per length:\n{stdout}");
        for (row, length) in rows.iter().zip(["3", "4"]) {
            assert_eq!(&row[1], length, "{stdout}");
            assert_eq!(&row[2], peer, "{stdout}");
            assert_eq!(&row[3], "2", "two positions of each length: {stdout}");
            assert!(row[6].ends_with('x'), "a ratio of means: {stdout}");
            assert!(row[8].parse::<f64>().is_ok(), "the worst ratio: {stdout}");
            // Both sides' peak resident memory, in MiB and kB (GNU time, which .ci/run
            // installs; without it the column says so).
            let memory: Vec<&str> = row[10].split(", ").collect();
            assert_eq!(memory.len(), 2, "{stdout}");
            let measured = |m: &&str| {
                let Some((mib, kb)) = m.split_once(" MiB (") else {
                    return false;
                };
                let kb = kb.strip_suffix(" kB)").and_then(|n| n.parse::<u64>().ok());
                let mib = mib.parse::<u64>().ok();
                matches!((mib, kb), (Some(m), Some(k)) if m > 0 && k.abs_diff(m * 1024) <= 1024)
            };
            match Path::new("/usr/bin/time").exists() {
                true => assert!(memory.iter().all(measured), "{stdout}"),
                false => assert!(
                    memory.iter().all(|m| m.starts_with("not measured")),
                    "{stdout}"
                ),
            }
        }
        // The per-length lists hold the right positions, in the list's order.
        let results = fs::read_dir(work.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("results-")
            })
            .expect("a results directory");
        let read = |name: &str| fs::read_to_string(results.join(name)).unwrap();
        assert_eq!(read("list-3.txt"), "R U F\nB D' L\n");
        assert_eq!(read("list-4.txt"), "R U F D\nL B U' R2\n");
        // Every position's row: both solvers, the same length.
        let per_position = read(&format!("{peer}-4.txt"));
        let rows: Vec<&str> = per_position
            .lines()
            .filter(|l| {
                l.split_whitespace()
                    .next()
                    .is_some_and(|w| w.parse::<u32>().is_ok())
            })
            .collect();
        assert_eq!(rows.len(), 2, "{per_position}");
        assert!(rows
            .iter()
            .all(|r| r.split_whitespace().nth(1) == Some("4")));
    }
}

#[test]
fn a_peer_that_disagrees_on_a_length_stops_the_run() {
    let (work, list) = work_dir();
    let out = side_by_side(work.path(), &list, "vcube", 1, "vcube");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("korf 3 moves, peer 4"), "{stderr}");
}

#[test]
fn side_by_side_refuses_bad_options_with_exit_2() {
    let script = crate::repo().join("benches/side-by-side.sh");
    // Not under target/: CI makes target a symlink to a cache outside the clone.
    let inside = crate::repo().join("docs/peers-here");
    // The repository reached through a symlink is still the repository.
    let links = tempfile::tempdir().unwrap();
    let link = links.path().join("clone");
    std::os::unix::fs::symlink(crate::repo(), &link).unwrap();
    let script_via_link = link.join("benches/side-by-side.sh");
    let inside_via_link = link.join("docs/peers-here");
    for (args, message) in [
        (vec!["--peers", "cube20"], "unknown peer 'cube20'"),
        (vec!["--lengths", "17-18"], "--lengths must be like 17,18"),
        (
            vec!["--per-length", "0"],
            "--per-length must be a positive number",
        ),
        (
            vec!["--list", "/no/such/list"],
            "cannot read '/no/such/list'",
        ),
        (
            vec!["--work", inside.to_str().unwrap()],
            "inside the repository",
        ),
        (
            vec!["--work", inside_via_link.to_str().unwrap()],
            "inside the repository",
        ),
        (vec!["--threads", "2"], "korf bench options go after --"),
        (
            vec!["--turn", "five"],
            "--turn must be a number of positions",
        ),
    ] {
        for script in [&script, &script_via_link] {
            let out = Command::new("bash")
                .arg(script)
                .args(&args)
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains(message), "{args:?}: {stderr}");
        }
    }
    assert!(!inside.exists(), "nothing made inside the repository");
}

/// korf's binary behind a script that notes each `korf bench` run in `FAKE_ORDER_LOG`.
fn logged_korf(dir: &Path) -> PathBuf {
    let path = dir.join("korf-logged");
    let script = format!(
        "#!/bin/sh\n[ \"$1\" = bench ] && echo korf >> \"$FAKE_ORDER_LOG\"\nexec '{}' \"$@\"\n",
        crate::korf_binary().display()
    );
    fs::write(&path, script).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn peers_take_turns_and_swap_who_goes_first() {
    let (work, _) = work_dir();
    let list = work.path().join("three.txt");
    fs::write(&list, "R U F\nF2 L\nL B U' R2\n").unwrap();
    let log = work.path().join("order.log");
    for (turn, order) in [
        ("1", "korf peer peer korf korf peer"),
        ("2", "korf peer peer korf"),
        ("0", "korf peer"),
    ] {
        fs::write(&log, "").unwrap();
        let out = Command::new("bash")
            .arg(crate::repo().join("benches/peers.sh"))
            .arg(&list)
            .args(["--heuristic", "coset", "--threads", "1", "--tables"])
            .arg(common::tables_dir())
            .env("KORF", logged_korf(work.path()))
            .env("VCUBE", work.path().join("vcube/vc-optimal"))
            .env("TURN", turn)
            .env("FAKE_ORDER_LOG", &log)
            .env("FAKE_PEER_KORF", crate::korf_binary())
            .env("FAKE_PEER_TABLES", common::tables_dir())
            .env("FAKE_PEER_KIND", "vcube")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "TURN={turn}: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let ran = fs::read_to_string(&log).unwrap();
        assert_eq!(ran.split_whitespace().collect::<Vec<_>>().join(" "), order);
        // One row per position, numbered through the turns, each at its own length.
        let rows: Vec<Vec<&str>> = stdout
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|w| w.first().is_some_and(|w| w.parse::<u32>().is_ok()))
            .collect();
        let numbered: Vec<(&str, &str)> = rows.iter().map(|r| (r[0], r[1])).collect();
        assert_eq!(numbered, [("1", "3"), ("2", "2"), ("3", "4")], "{stdout}");
        assert!(stdout.contains("korf faster on"), "{stdout}");
        assert!(stdout.contains("(worst ratio "), "{stdout}");
        assert!(stdout.contains("peak resident memory: korf "), "{stdout}");
    }
}

#[test]
fn peers_refuses_an_empty_or_missing_list_with_exit_2() {
    let (work, _) = work_dir();
    let empty = work.path().join("empty.txt");
    fs::write(&empty, "# only a comment\n\n").unwrap();
    for (list, message) in [
        (empty.clone(), "holds no position"),
        (work.path().join("missing.txt"), "cannot read the list"),
    ] {
        let out = Command::new("bash")
            .arg(crate::repo().join("benches/peers.sh"))
            .arg(&list)
            .env("VCUBE", work.path().join("vcube/vc-optimal"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{list:?}: {stderr}");
        assert!(stderr.contains(message), "{list:?}: {stderr}");
    }
}
