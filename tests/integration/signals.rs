//! SIGTERM, SIGHUP and Ctrl-C (SIGINT) sent to `solve` and `bench` at several moments:
//! each is a stop, not a kill.  The best solution found is printed (unproven), with what
//! was proven; result lines and checkpoints are saved; the exit status is 128 + the
//! signal's number; and the stop is prompt wherever the search is, the two-phase
//! upper-bound step between two bounds included.

use crate::common;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const SIGINT: i32 = 2;
const SIGHUP: i32 = 1;
const SIGTERM: i32 = 15;

/// `korf solve` with the k = 0 coset table, the test tables only.
fn coset_solve() -> Command {
    let mut c = korf();
    c.args(["solve", "--no-generate", "--heuristic", "coset"]);
    c
}

fn korf() -> Command {
    let mut c = crate::korf_process();
    c.env("KORF_TABLES", common::tables_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Send `signal` to `child` and wait for it: its output and how long it took to end.
fn stop(child: Child, signal: i32) -> (Output, Duration) {
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let at = Instant::now();
    let out = child.wait_with_output().unwrap();
    (out, at.elapsed())
}

/// Wait (up to a minute: a loaded machine loads tables slowly) until `ready` holds, then a
/// little more, so that the signal finds the search running, not the tables loading.
fn once(ready: impl Fn() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < Duration::from_secs(60), "never ready");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(300));
}

/// The moves of the first solution line of `stdout`, checked to solve `position`, and
/// whether the line claims a proof.
fn checked_solution(stdout: &str, position: &str) -> bool {
    let line = stdout
        .lines()
        .find(|l| l.ends_with("f)") || l.ends_with("f*)"))
        .unwrap_or_else(|| panic!("no solution line in {stdout:?}"));
    let moves = korf::cube::parse_moves(line.rsplit_once(" (").unwrap().0).unwrap();
    let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves(position).unwrap());
    assert!(cube.apply_moves(&moves).is_solved(), "{line}");
    line.contains('*')
}

#[test]
fn sigterm_and_sighup_stop_a_solve_like_ctrl_c() {
    let hard = common::list_position("optimal-18.txt", 0);
    let dir = tempfile::tempdir().unwrap();
    for (signal, code, words) in [
        (SIGTERM, 143, "stopped by SIGTERM"),
        (SIGHUP, 129, "stopped by SIGHUP"),
        (SIGINT, 130, "interrupted"),
    ] {
        let checkpoint = dir.path().join(format!("{signal}.json"));
        let child = coset_solve()
            .env("KORF_CHECKPOINT_EVERY_SECS", "0.1")
            .arg("--checkpoint")
            .arg(&checkpoint)
            .args(["-s", &hard])
            .spawn()
            .unwrap();
        // The first checkpoint is written once the search runs.
        once(|| checkpoint.exists());
        let (out, took) = stop(child, signal);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{stdout}{stderr}");
        assert!(
            !checked_solution(&stdout, &hard),
            "a proof claimed: {stdout}"
        );
        assert!(
            stdout.contains(&format!("not proven optimal: {words} after")),
            "{stdout}"
        );
        assert!(
            stdout.contains("no solution of"),
            "what was proven: {stdout}"
        );
        assert!(checkpoint.exists(), "no checkpoint saved");
        assert!(took < Duration::from_secs(2), "took {took:?} to stop");
    }
}

#[test]
fn a_signal_at_any_moment_stops_a_solve_within_a_second() {
    // Sent at moments spread over the first bounds, some of them between two bounds, where
    // the two-phase upper-bound step runs (the search asks it after each bound of 200 ms
    // or more, for as long as that bound took).
    let hard = common::list_position("optimal-18.txt", 1);
    let mut slowest = Duration::ZERO;
    for (i, wait) in [300u64, 700, 1100, 1500, 1900, 2600, 3400]
        .into_iter()
        .enumerate()
    {
        let signal = if i % 2 == 0 { SIGTERM } else { SIGINT };
        let child = coset_solve().args(["-s", &hard]).spawn().unwrap();
        std::thread::sleep(Duration::from_millis(wait));
        let (out, took) = stop(child, signal);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(128 + signal),
            "at {wait} ms: {stdout}{stderr}"
        );
        if stdout.trim().is_empty() {
            // Before the search began (tables loading): the process ends at once.
            assert!(stderr.contains("quitting"), "at {wait} ms: {stderr}");
        } else {
            assert!(!checked_solution(&stdout, &hard), "{stdout}");
        }
        slowest = slowest.max(took);
        assert!(took < Duration::from_secs(1), "at {wait} ms: took {took:?}");
    }
    eprintln!("slowest stop: {slowest:?}");
}

#[test]
fn sigterm_stops_a_bench_keeping_its_finished_lines() {
    let list = tempfile::NamedTempFile::new().unwrap();
    let easy = "R U F";
    let hard = common::list_position("optimal-18.txt", 2);
    std::fs::write(list.path(), format!("{easy}\n{hard}\nR\n")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.jsonl");
    let child = korf()
        .args(["bench", "--no-generate", "--heuristic", "coset", "--out"])
        .arg(&results)
        .arg(list.path())
        .spawn()
        .unwrap();
    // The easy position's line is saved: the hard one is being solved.
    once(|| std::fs::read_to_string(&results).is_ok_and(|r| r.lines().count() == 1));
    let (out, _) = stop(child, SIGTERM);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(143), "{stdout}");
    assert!(stdout.contains("stopped by SIGTERM after"), "{stdout}");
    let saved = std::fs::read_to_string(&results).unwrap();
    assert_eq!(saved.lines().count(), 1, "{saved}");
    assert!(saved.contains("\"line\":1"), "{saved}");
}

#[test]
fn sigterm_stops_a_batch_from_stdin() {
    let hard = common::list_position("optimal-18.txt", 3);
    let mut child = coset_solve()
        .arg("-")
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "R U\n{hard}\nF").unwrap();
    }
    std::thread::sleep(Duration::from_secs(2));
    let (out, took) = stop(child, SIGTERM);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(143), "{stdout}");
    let mut lines = stdout.lines();
    assert!(lines.next().unwrap().ends_with("(2f*)"), "{stdout}");
    assert!(stdout.contains("stopped by SIGTERM after"), "{stdout}");
    // The third position is left, not solved.
    assert!(!stdout.contains("(1f*)"), "{stdout}");
    assert!(took < Duration::from_secs(1), "took {took:?}");
}
