//! Lists bigger than one run: shards, result files that survive SIGKILL, `korf merge`.

use crate::common;

use assert_cmd::Command;
use korf::cube::{parse_moves, parse_position};
use korf_front::batch::{ResultLine, Shard};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

fn korf() -> Command {
    let mut c = crate::korf_command();
    for v in [
        "KORF_TABLES",
        "KORF_SHARDS",
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
    ] {
        c.env_remove(v);
    }
    c.env("KORF_TABLES", common::tables_dir());
    c
}

/// `korf bench --heuristic H --out OUT LIST`.
fn bench_out(heuristic: &str, out: &Path, list: &Path) -> Command {
    let mut c = korf();
    c.args(["bench", "--heuristic", heuristic])
        .arg("--out")
        .arg(out)
        .arg(list);
    c
}

/// A list of `n` short scrambles with a comment and a blank line among them.
fn write_list(path: &Path, n: usize, seed: u64, moves: usize) -> Vec<(usize, String)> {
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    let mut text = String::from("# a test list\n\n");
    let mut lines = Vec::new();
    for i in 0..n {
        let s: Vec<String> = (0..moves)
            .map(|_| {
                let m = korf::cube::ALL_MOVES[r.gen_range(0..18)];
                m.to_string()
            })
            .collect();
        let s = s.join(" ");
        text.push_str(&s);
        text.push('\n');
        lines.push((i + 3, s));
    }
    std::fs::write(path, text).unwrap();
    lines
}

/// The result lines of a file: whole lines only, each checked against its position.
fn read_results(path: &Path) -> Vec<ResultLine> {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.is_empty() || text.ends_with('\n'), "whole lines");
    text.lines()
        .map(|l| {
            let r: ResultLine = serde_json::from_str(l).unwrap();
            let cube = parse_position(&r.input).unwrap();
            let sol = parse_moves(r.solution.as_deref().unwrap()).unwrap();
            assert!(cube.apply_moves(&sol).is_solved(), "{l}");
            assert_eq!(r.status, "solved");
            assert!(r.optimal && !r.host.is_empty());
            r
        })
        .collect()
}

#[test]
fn shards_are_disjoint_and_cover_the_list() {
    for n in 1..=7 {
        let mut owner = vec![None; 50];
        for k in 0..n {
            let s = Shard::parse(&format!("{k}/{n}")).unwrap();
            for (i, o) in owner.iter_mut().enumerate() {
                if s.contains(i) {
                    assert!(o.is_none(), "position {i} in two shards of {n}");
                    *o = Some(k);
                }
            }
        }
        assert!(owner.iter().all(Option::is_some), "shards of {n} cover");
    }
    for bad in ["4/4", "1/0", "x/3", "3", "-1/2"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn job_array_variables_give_the_shard() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    };
    let slurm = env(&[
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ]);
    assert_eq!(
        Shard::from_env(slurm, None).unwrap(),
        Some(Shard { index: 2, count: 4 })
    );
    let k8s = env(&[("JOB_COMPLETION_INDEX", "5")]);
    assert_eq!(
        Shard::from_env(k8s, Some(7)).unwrap(),
        Some(Shard { index: 5, count: 7 })
    );
    let err = Shard::from_env(k8s, None).unwrap_err().to_string();
    assert!(err.contains("--shards"), "{err}");
    assert!(Shard::from_env(k8s, Some(5)).is_err(), "index 5 of 5");
    assert_eq!(Shard::from_env(env(&[]), None).unwrap(), None);
}

#[test]
fn shards_from_a_slurm_array_merge_into_the_whole_list() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let lines = write_list(&list, 13, 5, 6);
    // A four-task array 1-4, as Slurm numbers it; each task writes results-<shard>.jsonl.
    for id in 1..=4 {
        korf()
            .current_dir(dir.path())
            .env("SLURM_ARRAY_TASK_ID", id.to_string())
            .env("SLURM_ARRAY_TASK_MIN", "1")
            .env("SLURM_ARRAY_TASK_COUNT", "4")
            .args(["bench", "--heuristic", "coset", "--threads", "1"])
            .args(["--out", "results-{shard}.jsonl", "list.txt"])
            .assert()
            .success();
    }
    let mut seen = BTreeMap::new();
    for k in 0..4 {
        for r in read_results(&dir.path().join(format!("results-{k}.jsonl"))) {
            assert!(seen.insert(r.line, k).is_none(), "line {} twice", r.line);
        }
    }
    assert_eq!(seen.len(), 13);
    for (i, (line, _)) in lines.iter().enumerate() {
        assert_eq!(
            seen[line],
            i % 4,
            "position {i} (line {line}) in shard i mod 4"
        );
    }
    let csv = dir.path().join("all.csv");
    let out = korf()
        .current_dir(dir.path())
        .args(["merge", "--list", "list.txt", "--csv", "all.csv"])
        .args((0..4).map(|k| format!("results-{k}.jsonl")))
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        text.contains("complete: every one of the 13 positions exactly once"),
        "{text}"
    );
    assert!(text.contains("solved 13/13"), "{text}");
    assert_eq!(std::fs::read_to_string(csv).unwrap().lines().count(), 14);
}

#[test]
fn merge_names_a_missing_shard_and_a_duplicated_line() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let lines = write_list(&list, 6, 6, 5);
    for k in 0..3 {
        korf()
            .current_dir(dir.path())
            .args([
                "bench",
                "--heuristic",
                "coset",
                "--shard",
                &format!("{k}/3"),
            ])
            .args(["--out", &format!("r{k}.jsonl"), "list.txt"])
            .assert()
            .success();
    }
    // Shard 1 lost: its positions are named.
    let out = korf()
        .current_dir(dir.path())
        .args(["merge", "--list", "list.txt", "r0.jsonl", "r2.jsonl"])
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    let missing = format!(
        "2 positions missing (list lines {}, {})",
        lines[1].0, lines[4].0
    );
    assert!(err.contains(&missing), "{err}");
    // A line copied into another shard's file: named with both files.
    let first = std::fs::read_to_string(dir.path().join("r0.jsonl")).unwrap();
    let copied = first.lines().next().unwrap().to_string() + "\n";
    let mut r2 = std::fs::read_to_string(dir.path().join("r2.jsonl")).unwrap();
    r2.push_str(&copied);
    std::fs::write(dir.path().join("r2.jsonl"), r2).unwrap();
    let out = korf()
        .current_dir(dir.path())
        .args([
            "merge", "--list", "list.txt", "r0.jsonl", "r1.jsonl", "r2.jsonl",
        ])
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        err.contains(&format!(
            "1 positions found more than once (list lines {}; line {} in r0.jsonl and r2.jsonl)",
            lines[0].0, lines[0].0
        )),
        "{err}"
    );
    // The result file of another list is refused, not merged.
    std::fs::write(dir.path().join("other.txt"), "R U\n").unwrap();
    korf()
        .current_dir(dir.path())
        .args(["merge", "--list", "other.txt", "r0.jsonl"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("another list"));
}

#[test]
fn a_bench_killed_at_random_points_ends_with_one_line_per_position() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    // Positions of 11 moves with the coset heuristic on one thread: milliseconds each, so
    // that a kill a few milliseconds after a line lands mid-list (with 9 moves a run
    // could finish the list inside that window, and too few kills hit).
    let lines = write_list(&list, 24, 8, 11);
    let out = dir.path().join("results.jsonl");
    let bin = crate::korf_binary();
    let run = || {
        let mut c = std::process::Command::new(&bin);
        c.env("KORF_TABLES", common::tables_dir())
            .args([
                "bench",
                "--heuristic",
                "coset",
                "--threads",
                "1",
                "--no-upper-bound",
            ])
            .arg("--out")
            .arg(&out)
            .arg(&list)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        c
    };
    // Each run is killed after a random number (0, 1 or 2) of new result lines and a
    // random few milliseconds more: in its table load, between positions or during one,
    // whatever the machine's speed (fixed delays let a fast machine finish the list
    // before most kills).
    let finished_lines =
        |out: &Path| std::fs::read(out).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    let mut r = rand::rngs::StdRng::seed_from_u64(21);
    let mut kills = 0;
    for _ in 0..12 {
        let target = finished_lines(&out) + r.gen_range(0..3);
        let extra = Duration::from_millis(r.gen_range(0..8));
        let mut child = run().spawn().unwrap();
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none()
            && finished_lines(&out) < target
            && started.elapsed() < Duration::from_secs(60)
        {
            std::thread::sleep(Duration::from_millis(1));
        }
        std::thread::sleep(extra);
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL
            kills += 1;
        }
        child.wait().unwrap();
        // A kill in the middle of a write leaves at most a torn last line; simulate one
        // now and then.
        if r.gen_bool(0.3) {
            use std::io::Write;
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&out)
                .unwrap();
            f.write_all(b"{\"line\":3,\"input\":\"R U").unwrap();
        }
    }
    assert!(kills > 3, "the runs were killed mid-list ({kills})");
    korf()
        .args(["bench", "--heuristic", "coset", "--threads", "1"])
        .arg("--out")
        .arg(&out)
        .arg(&list)
        .assert()
        .success();
    let results = read_results(&out);
    let mut got: Vec<usize> = results.iter().map(|r| r.line).collect();
    got.sort_unstable();
    let want: Vec<usize> = lines.iter().map(|(n, _)| *n).collect();
    assert_eq!(got, want, "each position exactly once");
    // Run again: nothing left to do, nothing appended.
    let before = std::fs::read(&out).unwrap();
    bench_out("coset", &out, &list)
        .assert()
        .success()
        .stdout(predicates::str::contains("nothing left to solve"));
    assert_eq!(std::fs::read(&out).unwrap(), before);
}

#[test]
fn a_damaged_or_foreign_result_file_is_named_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    write_list(&list, 3, 9, 4);
    let out = dir.path().join("r.jsonl");
    bench_out("coset", &out, &list).assert().success();
    let good = std::fs::read_to_string(&out).unwrap();
    // Garbage in the middle (not a torn last line): refused, the file untouched.
    let bad = good.replacen("\"solved\"", "\"sol", 1);
    std::fs::write(&out, &bad).unwrap();
    bench_out("coset", &out, &list)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("line 1 is not a result line"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), bad);
    // A solution that does not solve its position.
    let wrong = good.replacen("\"solution\":\"", "\"solution\":\"U ", 1);
    std::fs::write(&out, wrong).unwrap();
    bench_out("coset", &out, &list)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("does not solve its position"));
    // The results of another list.
    std::fs::write(&out, &good).unwrap();
    let other = dir.path().join("other.txt");
    write_list(&other, 3, 10, 4);
    bench_out("coset", &out, &other)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("another list"));
}

#[test]
fn solve_from_stdin_resumes_from_its_result_file_too() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r.jsonl");
    let input = "R U\nF D'\nL2 B\n";
    // The first two positions done by an earlier run.
    korf()
        .args(["solve", "--heuristic", "coset", "-"])
        .arg("--out")
        .arg(&out)
        .write_stdin("R U\nF D'\n")
        .assert()
        .success();
    let run = korf()
        .args(["solve", "--heuristic", "coset", "-"])
        .arg("--out")
        .arg(&out)
        .write_stdin(input)
        .assert()
        .success();
    let text = String::from_utf8_lossy(&run.get_output().stdout).to_string();
    assert_eq!(text.lines().count(), 1, "only the third is solved: {text}");
    assert!(text.starts_with("B' L2 (2f*)"), "{text}");
    let lines: Vec<usize> = read_results(&out).iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 3]);
    // Usage: --out and --shard want one list.
    korf()
        .args(["bench", "--shard", "0/2", "a.txt", "b.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("one list"));
    korf()
        .args(["bench", "--shard", "2/2", "a.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("0 <= K < N"));
    korf()
        .env("JOB_COMPLETION_INDEX", "1")
        .args(["bench", "a.txt"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--shards N"));
}

#[test]
fn a_quarter_turn_result_file_resumes() {
    // Its lengths count a half turn as 2: a resumed run reads them as such, instead of
    // calling the file corrupt.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q.jsonl");
    let solve = |input: &str| {
        korf()
            .args(["solve", "--heuristic", "coset", "--metric", "qtm", "-"])
            .arg("--out")
            .arg(&out)
            .write_stdin(input.to_string())
            .assert()
            .success()
    };
    solve("R2 U\n");
    let run = solve("R2 U\nF2\n");
    let text = String::from_utf8_lossy(&run.get_output().stdout).to_string();
    assert_eq!(text, "F2 (2q*)\n", "only the second is solved");
    let lengths: Vec<Option<usize>> = read_results(&out).iter().map(|r| r.length).collect();
    assert_eq!(lengths, [Some(3), Some(2)]);
}

/// What `korf scramble` prints (moves, a tab, facelets) is a list `korf solve -` reads as
/// those positions: each answer is for the scramble's own facelets.
#[test]
fn the_output_of_korf_scramble_is_a_list_of_its_positions() {
    common::twophase_dir();
    let out = korf()
        .args(["scramble", "-n", "4", "--seed", "31"])
        .env("KORF_TABLES", common::twophase_dir())
        .output()
        .unwrap();
    assert!(out.status.success());
    let list = String::from_utf8(out.stdout).unwrap();
    let solved = korf()
        .args(["solve", "--fast", "--json", "--no-generate", "-"])
        .env("KORF_TABLES", common::twophase_dir())
        .write_stdin(list.clone())
        .output()
        .unwrap();
    assert!(
        solved.status.success(),
        "{}",
        String::from_utf8_lossy(&solved.stderr)
    );
    let records: Vec<serde_json::Value> = String::from_utf8(solved.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 4);
    for (line, record) in list.lines().zip(&records) {
        let facelets = line.split('\t').nth(1).unwrap();
        assert_eq!(record["facelets"], facelets, "{line}");
        let solution = parse_moves(record["solution"].as_str().unwrap()).unwrap();
        assert!(parse_position(facelets)
            .unwrap()
            .apply_moves(&solution)
            .is_solved());
    }
}
