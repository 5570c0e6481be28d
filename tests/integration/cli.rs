//! The real `korf` binary, driven end to end.

use crate::common;

use assert_cmd::Command;
use korf::tables::TableKind;
use predicates::prelude::*;

const SUPERFLIP: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
const SUPERFLIP_FACELETS: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

fn korf() -> Command {
    let mut c = crate::korf_command();
    c.env_remove("KORF_TABLES");
    c
}

fn with_tables() -> Command {
    let mut c = korf();
    c.env("KORF_TABLES", common::tables_dir());
    c
}

#[test]
fn help_lists_every_command() {
    let out = korf().arg("--help").assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    for cmd in ["solve", "bench", "show", "scramble", "check", "tables"] {
        assert!(text.contains(cmd), "{cmd} missing from --help");
    }
    korf()
        .args(["tables", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("generate").and(predicate::str::contains("verify")));
}

/// Issue 79: `korf bench --baseline` compares each position with an earlier run (the same
/// node counts on one thread: ratios of exactly 1), `--max-ratio` fails naming the
/// position past it, and a baseline that cannot be read is bad input.
#[test]
fn bench_against_a_baseline_reports_the_worst_position_and_enforces_a_limit() {
    common::table_set_for(korf::search::HeuristicKind::Coset);
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "R U F D' L2 B R'\nF2 L D B' R U2\n").unwrap();
    let before = dir.path().join("before.json");
    let bench = |extra: &[&str]| {
        let mut c = with_tables();
        c.args([
            "bench",
            "--no-generate",
            "--heuristic",
            "coset",
            "--threads",
            "1",
        ])
        .arg(&list)
        .args(extra);
        c
    };
    bench(&["--json", before.to_str().unwrap()])
        .assert()
        .success();
    let out = bench(&[
        "--baseline",
        before.to_str().unwrap(),
        "--max-ratio",
        "1.25",
    ])
    .assert()
    .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("(2 positions in both)"), "{text}");
    assert!(text.contains("work: mean 1.000×, worst 1.000×"), "{text}");
    // A baseline that did half the work on the first position: that one is named.
    let mut records: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&before).unwrap()).unwrap();
    let nodes = records[0]["nodes"].as_u64().unwrap();
    records[0]["nodes"] = (nodes / 2).into();
    let halved = dir.path().join("halved.json");
    std::fs::write(&halved, serde_json::to_string(&records).unwrap()).unwrap();
    bench(&[
        "--baseline",
        halved.to_str().unwrap(),
        "--max-ratio",
        "1.25",
    ])
    .assert()
    .code(1)
    .stderr(
        predicate::str::contains("1 of 2 positions")
            .and(predicate::str::contains("R U F D' L2 B R'")),
    );
    bench(&["--baseline", dir.path().join("none.json").to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--baseline"));
    bench(&["--max-ratio", "1.25"]).assert().code(2);
}

#[test]
fn usage_errors_exit_2() {
    korf().assert().code(2);
    korf().arg("frobnicate").assert().code(2);
    korf().args(["scramble", "-n", "x"]).assert().code(2);
}

#[test]
fn show_prints_facelets_of_a_scramble() {
    korf()
        .args(["show", "--scramble", SUPERFLIP, "--format", "facelets"])
        .assert()
        .success()
        .stdout(format!("{SUPERFLIP_FACELETS}\n"));
    // The net, uncoloured when not on a terminal.
    korf()
        .args(["show", "-s", "U"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            " F  F  F  R  R  R  B  B  B  L  L  L ",
        ))
        .stdout(predicate::str::contains("\x1b[").not());
    // Colour letters are accepted and printed back in face letters.
    let colours: String = SUPERFLIP_FACELETS
        .chars()
        .map(|c| match c {
            'U' => 'W',
            'F' => 'G',
            'D' => 'Y',
            'L' => 'O',
            x => x,
        })
        .collect();
    korf()
        .args(["show", &colours, "--format", "facelets"])
        .assert()
        .success()
        .stdout(format!("{SUPERFLIP_FACELETS}\n"));
}

#[test]
fn check_reports_each_problem_with_exit_2() {
    korf()
        .args(["check", SUPERFLIP_FACELETS])
        .assert()
        .success()
        .stdout("solvable\n");
    // A sticker that does not matter: solvable, and how many cubes fit is said.
    korf()
        .args([
            "check",
            "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBX",
        ])
        .assert()
        .success()
        .stdout("solvable (1 sticker does not matter; 1 cube fits the rest)\n");
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let cases = [
        (solved[..50].to_string(), "54 characters"),
        (
            // `X` marks a sticker that does not matter; `Z` is no colour.
            format!("{}Z", &solved[..53]),
            "not the colour of any centre",
        ),
        (
            format!("{}U{}", &solved[..9], &solved[10..]),
            "appears 10 times",
        ),
        (
            // Flip the UR edge in place.
            {
                let mut b = solved.as_bytes().to_vec();
                b.swap(5, 10);
                String::from_utf8(b).unwrap()
            },
            "flipped",
        ),
    ];
    for (input, needle) in cases {
        korf()
            .args(["check", &input])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(needle));
    }
    korf()
        .args(["check", "--scramble", "R U Mw"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`Mw` at position 5"));
    // Slices, wide turns and rotations are moves.
    korf()
        .args(["check", "--scramble", "R U M r x2"])
        .assert()
        .code(0);
    // A move sequence passed where facelets belong gets a hint.
    korf()
        .args(["check", "R U R' U'"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--scramble"));
}

fn with_twophase() -> Command {
    let mut c = korf();
    c.env("KORF_TABLES", common::twophase_dir());
    c
}

#[test]
fn scramble_is_reproducible_and_valid() {
    let run = |args: &[&str]| {
        let out = with_twophase().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let a = run(&["scramble", "-n", "20", "--seed", "9"]);
    let b = run(&["scramble", "-n", "20", "--seed", "9"]);
    assert_eq!(a, b);
    assert_ne!(a, run(&["scramble", "-n", "20", "--seed", "10"]));
    assert_eq!(a.lines().count(), 20);
    let mut moves_only = String::new();
    let mut facelets_only = String::new();
    for line in a.lines() {
        let (moves, facelets) = line.split_once('\t').expect("moves, tab, facelets");
        let seq = korf::cube::parse_moves(moves).unwrap();
        assert!(seq.len() <= 20, "{} moves", seq.len());
        // Applied to a solved cube, the moves give exactly the printed facelets.
        assert_eq!(korf::cube::Cube::from_moves(&seq).to_facelets(), facelets);
        moves_only.push_str(&format!("{moves}\n"));
        facelets_only.push_str(&format!("{facelets}\n"));
    }
    // The single formats print the same states for the same seed.
    assert_eq!(
        run(&["scramble", "-n", "20", "--seed", "9", "--format", "moves"]),
        moves_only
    );
    assert_eq!(
        korf()
            .args(["scramble", "-n", "20", "--seed", "9", "--format", "facelets"])
            .output()
            .unwrap()
            .stdout,
        facelets_only.into_bytes()
    );
}

#[test]
fn broken_pipe_is_a_normal_exit() {
    let bin = crate::korf_binary();
    let status = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "set -o pipefail; '{}' scramble --format facelets -n 200000 | head -n 1 >/dev/null",
            bin.display()
        ))
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn large_tables_are_never_built_behind_the_users_back() {
    // Every heuristic of the registry with a table not built on demand.
    let large = korf::search::HeuristicKind::ALL.iter().filter_map(|&h| {
        let table = h.tables().iter().find(|k| !k.descriptor().on_demand)?;
        // Each in the metric its tables count.
        Some((h.name(), table.name(), h.spec().metric.name()))
    });
    for (heuristic, table, metric) in large {
        let dir = tempfile::tempdir().unwrap();
        korf()
            .args([
                "solve",
                "--metric",
                metric,
                "--heuristic",
                heuristic,
                "--tables",
            ])
            .arg(dir.path())
            .args(["--scramble", "R U"])
            .assert()
            .code(1)
            .stderr(
                predicate::str::contains(format!("korf tables generate --only {table}"))
                    .and(predicate::str::contains(format!("--heuristic {heuristic}"))),
            );
        // Nothing was generated.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

#[test]
fn solve_without_tables_and_no_generate_names_the_command() {
    let dir = tempfile::tempdir().unwrap();
    korf()
        .args(["solve", "--no-generate", "--tables"])
        .arg(dir.path())
        .args(["--scramble", "R U"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("korf tables generate"));
}

#[test]
fn solve_rejects_bad_input_before_loading_tables() {
    let dir = tempfile::tempdir().unwrap();
    korf()
        .args(["solve", "--no-generate", "--tables"])
        .arg(dir.path())
        .arg("UUUU")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("54 characters"));
    korf()
        .args(["solve", "--fast", "--no-generate", "--tables"])
        .arg(dir.path())
        .args(["--time", "0", "-s", "R"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--time must be a positive"));
    // Two-phase options need --fast.
    korf()
        .args(["solve", "--max-length", "18", "-s", "R"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--fast"));
}

#[test]
fn solve_fast_prints_a_valid_unproven_solution() {
    let scramble = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D' L B2 U' F";
    let out = with_twophase()
        .args(["solve", "--fast", "--scramble", scramble])
        .output()
        .unwrap();
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).unwrap();
    let (moves, mark) = line.trim_end().rsplit_once(" (").unwrap();
    let seq = korf::cube::parse_moves(moves).unwrap();
    // Not proven optimal: "(Nf)" without the star.
    assert_eq!(mark, format!("{}f)", seq.len()));
    assert!(seq.len() <= 20);
    let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves(scramble).unwrap());
    assert!(cube.apply_moves(&seq).is_solved());
    // Its statistics name the two-phase search, and no instruction-set copy of the optimal
    // search's walks (it runs none).
    let stats = String::from_utf8(out.stderr).unwrap();
    assert!(
        stats.contains("heuristic two-phase:") && !stats.contains(" code)"),
        "{stats}"
    );

    // One JSON object per stdin line, marked not optimal.
    let out = with_twophase()
        .args([
            "solve",
            "--fast",
            "--json",
            "--max-length",
            "19",
            "--time",
            "3",
            "-",
        ])
        .write_stdin(format!("{scramble}\n# comment\n\n{SUPERFLIP_FACELETS}\n"))
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["optimal"], false);
    assert!(rows[0]["length"].as_u64().unwrap() <= 19);
    // The superflip has no solution shorter than 20: none found within the budget, exit 1.
    assert_eq!(rows[1]["status"], "timeout");
    assert!(rows[1]["solution"].is_null());
    assert_eq!(out.status.code(), Some(1));
}

/// The search's code is chosen at run time (x86-64-v3 where the processor has it), and the
/// baseline (`KORF_ISA=baseline`) counts the same nodes position by position: the two
/// copies of a walk are one walk.  `kind` names the heuristic, `tables` its directory.
fn assert_search_codes_agree(kind: korf::tables::HeuristicKind, tables: &std::path::Path) {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    let scrambles = [
        "R U2 F' L D2 B R' U F2 L'",
        "D' L2 F U' R B2 D F' L U2 R'",
        "F2 U' B L' D R2 F' U L2 B' D2",
    ];
    std::fs::write(&list, scrambles.join("\n")).unwrap();
    let run = |code: Option<&str>| {
        let mut c = korf();
        if let Some(code) = code {
            c.env("KORF_ISA", code);
        }
        let out = c
            .args([
                "bench",
                list.to_str().unwrap(),
                "--threads",
                "1",
                "--no-upper-bound",
            ])
            .args([
                "--heuristic",
                kind.name(),
                "--tables",
                tables.to_str().unwrap(),
            ])
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        let title = text.lines().next().unwrap_or_default().to_string();
        let nodes: Vec<u64> = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#') && !l.starts_with("solved"))
            .map(|l| l.split_whitespace().nth(3).unwrap().parse().unwrap())
            .collect();
        assert_eq!(nodes.len(), scrambles.len(), "{text}");
        (title, nodes)
    };
    let (detected, nodes) = run(None);
    let (baseline, baseline_nodes) = run(Some("baseline"));
    assert!(baseline.contains("baseline code"), "{baseline}");
    // The binary runs the copy the library detects on this processor.
    let wide = korf::search::instruction_set();
    assert!(detected.contains(&format!("{wide} code")), "{detected}");
    assert_eq!(nodes, baseline_nodes, "nodes of the two codes");
    assert!(nodes.iter().all(|&n| n > 0));
}

#[test]
fn the_plain_walk_counts_the_same_nodes_in_either_code() {
    assert_search_codes_agree(korf::tables::HeuristicKind::Coset, common::tables_dir());
}

#[test]
fn solve_prints_an_optimal_solution() {
    with_tables()
        .args(["solve", "--scramble", "R U R' U'"])
        .assert()
        .success()
        .stdout("U R U' R' (4f*)\n");
    let facelets =
        korf::cube::Cube::from_moves(&korf::cube::parse_moves("F2 D'").unwrap()).to_facelets();
    with_tables()
        .args(["solve", &facelets, "--stats"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("D F2 (2f*)\n").and(predicate::str::contains("bound")));
}

#[test]
fn solve_reads_positions_from_stdin() {
    let input = "# a comment\n\nR U\nF2 B2 # trailing comment\n";
    with_tables()
        .args(["solve", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout("U' R' (2f*)\nF2 B2 (2f*)\n");
    // A bad line is reported with its line number and exit 2, the good ones still solve.
    with_tables()
        .args(["solve", "-"])
        .write_stdin("R U\nR U X\n")
        .assert()
        .code(2)
        .stdout("U' R' (2f*)\n")
        .stderr(predicate::str::contains("stdin line 2"));
}

#[test]
fn solve_json_has_the_documented_fields() {
    let out = with_tables()
        .args(["solve", "--json", "-s", "R2 U"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["solution"], "U' R2");
    assert_eq!(v["length"], 2);
    assert_eq!(v["optimal"], true);
    assert!(v["nodes"].is_u64() && v["seconds"].is_f64() && v["depths"].is_array());
    assert_eq!(v["input"], "R2 U");
}

#[test]
fn solve_timeout_is_reported_as_unsolved() {
    with_tables()
        .args(["solve", "--timeout", "0.2", SUPERFLIP_FACELETS])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("timed out"));
}

#[test]
fn bench_writes_rows_and_summary() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "# three short ones\nR U\nF2 D' L\nU R2 F'\n").unwrap();
    let csv = dir.path().join("rows.csv");
    let json = dir.path().join("rows.json");
    with_tables()
        .arg("bench")
        .arg(&list)
        .arg("--csv")
        .arg(&csv)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("solved 3/3").and(predicate::str::contains("2f×1 3f×2")));
    let csv = std::fs::read_to_string(csv).unwrap();
    assert_eq!(csv.lines().count(), 4);
    assert!(csv.starts_with("index,status,length"));
    let rows: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 3);
    // A wrong expected length fails.
    with_tables()
        .arg("bench")
        .arg(&list)
        .args(["--expect-length", "3"])
        .assert()
        .code(1);
}

#[test]
fn bench_easy_list_solves() {
    with_tables()
        .args(["bench", "benches/scrambles/easy.txt"])
        .assert()
        .success()
        .stdout(predicate::str::contains("solved 10/10"));
}

#[test]
fn tables_list_and_verify() {
    with_tables()
        .args(["tables", "list"])
        .assert()
        .success()
        .stdout(predicate::str::contains("corners").and(predicate::str::contains("present")));
    let out = with_tables()
        .args(["tables", "verify", "--json", "--only", "corners"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["name"], "corners");
    assert_eq!(v[0]["checksum_ok"], true);
    assert_eq!(v[0]["histogram_ok"], true);
    assert_eq!(v[0]["histogram"][11], 64736);
    // The verification is remembered for `tables list`, tied to this very file.
    with_tables()
        .args(["tables", "list"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"corners .* verified \d{4}-\d{2}-\d{2}").unwrap());
    korf()
        .args(["tables", "verify", "--only", "nonsense"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("corners, edges7, edgeperm"));
    let empty = tempfile::tempdir().unwrap();
    korf()
        .args(["tables", "list", "--dir"])
        .arg(empty.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("missing"));
    // `--tables`, as `solve` and `bench` spell it, names the same directory.
    let by_dir = korf()
        .args(["tables", "list", "--dir"])
        .arg(common::tables_dir())
        .output()
        .unwrap();
    let by_tables = korf()
        .args(["tables", "list", "--tables"])
        .arg(common::tables_dir())
        .output()
        .unwrap();
    assert!(by_tables.status.success());
    assert_eq!(by_tables.stdout, by_dir.stdout);
    assert!(String::from_utf8_lossy(&by_tables.stdout).contains("present"));
}

#[test]
fn generate_does_not_overwrite_without_force() {
    with_tables()
        .args(["tables", "generate", "--only", "corners"])
        .assert()
        .success()
        .stderr(predicate::str::contains("already present"));
}

#[test]
fn a_missing_coset_table_is_named_with_no_generate() {
    let dir = tempfile::tempdir().unwrap();
    korf()
        .args(["solve", "--no-generate", "--heuristic", "coset", "--tables"])
        .arg(dir.path())
        .args(["-s", "R U"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("coset").and(predicate::str::contains("korf tables generate")),
        );
}

/// `korf solve --no-generate --heuristic HEURISTIC` in an empty tables directory: refused
/// with exit 1, and nothing built.
fn solve_in_an_empty_dir(heuristic: &str) -> assert_cmd::assert::Assert {
    let dir = tempfile::tempdir().unwrap();
    let assert = korf()
        .args([
            "solve",
            "--no-generate",
            "--heuristic",
            heuristic,
            "--tables",
        ])
        .arg(dir.path())
        .args(["-s", "R U"])
        .assert()
        .code(1);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    assert
}

#[test]
fn a_missing_table_outside_the_default_set_is_named_with_its_own_command() {
    // `korf tables generate` alone builds the default set, not the k = 3 table.
    solve_in_an_empty_dir("coset3").stderr(
        predicate::str::contains("korf tables generate --dir").and(predicate::str::contains(
            "korf tables generate --only coset3 --dir",
        )),
    );
}

#[test]
fn a_refused_heuristic_names_every_table_it_lacks_in_one_command() {
    solve_in_an_empty_dir("coset3+layerflips").stderr(
        // The large table refused, and one command for it and the smaller ones the
        // heuristic lacks too (which a solve would build on first use).
        predicate::str::contains("layerflips.pdb (about")
            .and(predicate::str::contains(
                "which is not built; build them once",
            ))
            .and(predicate::str::contains(
                "korf tables generate --only layerflips,edge-slices,coset3 --dir",
            )),
    );
}

#[test]
fn tables_generate_and_verify_take_several_tables_at_once() {
    let dir = tempfile::tempdir().unwrap();
    korf()
        .args([
            "tables",
            "generate",
            "--only",
            "edge-slices,phase2",
            "--dir",
        ])
        .arg(dir.path())
        .assert()
        .success();
    let mut built: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pdb"))
        .collect();
    built.sort();
    assert_eq!(built, ["edge-slices.pdb", "phase2.pdb"]);
    let out = korf()
        .args([
            "tables",
            "verify",
            "--json",
            "--only",
            "phase2,edge-slices",
            "--dir",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v[0]["name"], "phase2");
    assert_eq!(v[1]["name"], "edge-slices");
    assert_eq!(v[1]["checksum_ok"], true);
    // A bad name among them is refused before anything is built.
    korf()
        .args(["tables", "generate", "--only", "phase2,nonsense", "--dir"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nonsense"));
}

/// Build the coset table in a fresh directory with `env` setting the checkpoint intervals,
/// kill the process once `wanted` accepts the checkpoint header on disk, then run again:
/// the second run must print `resumed`, finish, remove the checkpoint, and the table must
/// verify against its expected distribution.  Returns what `wanted` returned.
fn kill_and_resume<T>(
    env: &[(&str, &str)],
    wanted: impl Fn(&korf::tables::Header) -> Option<T>,
    resumed: &str,
) -> T {
    let dir = tempfile::tempdir().unwrap();
    let partial = dir.path().join(".coset.pdb.partial");
    let exe = crate::korf_binary();
    let mut child = std::process::Command::new(&exe)
        .args(["tables", "generate", "--only", "coset", "--dir"])
        .arg(dir.path())
        .envs(env.iter().copied())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let killed = loop {
        if let Some(t) = korf::tables::Header::read(&partial)
            .ok()
            .and_then(|h| wanted(&h))
        {
            child.kill().unwrap();
            break t;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "generation finished before the checkpoint wanted was seen"
        );
        assert!(started.elapsed().as_secs() < 300, "no checkpoint appeared");
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    child.wait().unwrap();
    assert!(!dir.path().join("coset.pdb").exists());
    korf()
        .args(["tables", "generate", "--only", "coset", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .stderr(predicate::str::contains(resumed));
    assert!(
        !partial.exists(),
        "the checkpoint is removed when the table is written"
    );
    korf()
        .args(["tables", "verify", "--only", "coset", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    killed
}

#[test]
fn a_killed_generation_resumes_from_its_checkpoint() {
    // A checkpoint after every depth; killed once one from depth 7 or later is on disk.
    let depth = kill_and_resume(
        &[("KORF_CHECKPOINT_SECS", "0")],
        |h| (h.max_depth >= 7).then_some(h.max_depth),
        "resuming from the checkpoint after depth",
    );
    eprintln!("killed after the checkpoint of depth {depth}");
}

#[test]
fn a_generation_killed_in_the_middle_of_a_depth_resumes_there() {
    // Checkpoints only inside depths, after every 1/32 of the table; killed once one from
    // inside depth 8 or later is on disk.
    let (depth, chunk) = kill_and_resume(
        &[
            ("KORF_CHECKPOINT_SECS", "100000"),
            ("KORF_CHECKPOINT_WITHIN_SECS", "0"),
        ],
        |h| {
            h.partial
                .filter(|_| h.max_depth >= 7)
                .map(|p| (h.max_depth + 1, p.next_chunk))
        },
        "from a checkpoint in its middle",
    );
    eprintln!("killed in depth {depth} after chunk {chunk}");
}

#[test]
fn coset_sizes_other_than_0_and_4_are_refused() {
    korf()
        .args([
            "tables",
            "generate",
            "--coset",
            "6",
            "--dir",
            "/nonexistent",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("k = 0").and(predicate::str::contains("k = 4")));
}

#[test]
fn memory_budget_picks_the_fastest_set_or_says_why_not() {
    korf()
        .args([
            "tables",
            "generate",
            "--memory",
            "1M",
            "--dir",
            "/nonexistent",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "too little to build even the default tables",
        ));
    korf()
        .args([
            "tables",
            "generate",
            "--memory",
            "lots",
            "--dir",
            "/nonexistent",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a size").and(predicate::str::contains("auto")));
}

#[test]
fn memory_auto_follows_the_machine_it_sees() {
    // A simulated small machine (the override a container would set) and a large one: the
    // plan is said, and with --dry-run nothing is built.
    let dir = tempfile::tempdir().unwrap();
    // Each coset table of the registry, given just the memory its build needs (with the
    // headroom `Budget::available` keeps: a fifth, at least 1 GB), and at least what the
    // default set needs. The plan is the fastest table whose build fits: the table itself,
    // or a faster one that needs less (coset4's memory builds flipslice, built in its
    // lines). 3 GB (2 GB for building) builds layerflips, the smallest U/D-layer size
    // (0.3 GB to build), faster than the parity tables whose builds fit there.
    let mut plans: Vec<(String, &str)> = vec![("3G".into(), "layerflips")];
    let large: Vec<TableKind> = TableKind::coset_tables()
        .into_iter()
        .filter(|k| !k.descriptor().default_build)
        .collect();
    let floor = TableKind::default_builds(None)
        .iter()
        .map(|k| k.generation_peak())
        .max()
        .unwrap_or(0);
    for k in &large {
        let peak = k.generation_peak().max(floor);
        let memory = (peak + peak / 4).max(peak + 1_000_000_000) + 1_000_000;
        let fastest = large
            .iter()
            .find(|t| t.generation_peak() <= peak)
            .expect("the table itself fits");
        plans.push((memory.to_string(), fastest.name()));
    }
    for (memory, table) in plans {
        let memory = memory.as_str();
        // Disk enough for the largest (57 GiB): this test is about memory.
        let out = korf()
            .env("KORF_AVAILABLE_MEMORY", memory)
            .env("KORF_AVAILABLE_DISK", "1000000000000")
            .args([
                "tables",
                "generate",
                "--memory",
                "auto",
                "--dry-run",
                "--dir",
            ])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{memory}: {out:?}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stdout.contains("would build corners"), "{memory}: {stdout}");
        assert!(
            stdout.contains(&format!("would build {table} ")),
            "{memory}: {stdout}"
        );
        assert!(
            stderr.contains(&format!("the fastest table that fits is {table}")),
            "{stderr}"
        );
        // A faster table whose use fits where its build does not is named, with the
        // command that fetches it (issue 81): at 3 GB, coset4 (1.3 GiB; its build 3.9).
        if memory == "3G" {
            assert!(
                stderr.contains("coset4 (1.3 GiB) would be faster")
                    && stderr.contains("korf tables fetch URL --memory auto"),
                "{stderr}"
            );
        } else {
            // Never the table it builds.
            assert!(!stderr.contains(&format!("korf: {table} (")), "{stderr}");
        }
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a dry run built nothing"
    );
    korf()
        .env("KORF_AVAILABLE_MEMORY", "plenty")
        .args([
            "tables",
            "generate",
            "--memory",
            "auto",
            "--dry-run",
            "--dir",
        ])
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("KORF_AVAILABLE_MEMORY=plenty"));
}

#[test]
fn older_spellings_still_work() {
    // `--coset 4` is `--only coset4`, `--coset 0` is `--only coset`; both hidden from help.
    for (old, new) in [("4", "coset4"), ("0", "coset")] {
        let dir = tempfile::tempdir().unwrap();
        let run = |args: &[&str]| {
            korf()
                .args(["tables", "generate", "--dry-run", "--dir"])
                .arg(dir.path())
                .args(args)
                .output()
                .unwrap()
        };
        let a = run(&["--coset", old]);
        let b = run(&["--only", new]);
        assert!(a.status.success() && b.status.success());
        assert_eq!(a.stdout, b.stdout);
        assert!(String::from_utf8_lossy(&a.stdout).contains(&format!("would build {new} ")));
    }
    let help = korf()
        .args(["tables", "generate", "--help"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&help.stdout).contains("--coset"));
    // `--heuristic auto` is the default, spelled out.
    let auto = with_tables()
        .args([
            "solve",
            "--json",
            "--no-generate",
            "--heuristic",
            "auto",
            "-s",
            "R U",
        ])
        .output()
        .unwrap();
    let plain = with_tables()
        .args(["solve", "--json", "--no-generate", "-s", "R U"])
        .output()
        .unwrap();
    assert!(auto.status.success());
    let h = |o: &std::process::Output| {
        serde_json::from_slice::<serde_json::Value>(&o.stdout).unwrap()["heuristic"].clone()
    };
    assert_eq!(h(&auto), h(&plain));
}

#[test]
fn only_takes_checked_table_names() {
    korf()
        .args([
            "tables",
            "generate",
            "--only",
            "flipslic",
            "--dir",
            "/nonexistent",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("flipslice").and(predicate::str::contains("sliceperm")));
    // The older names of the 7-edge table still work.
    korf()
        .args([
            "tables",
            "generate",
            "--only",
            "edges7b",
            "--dry-run",
            "--dir",
            "/nonexistent",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("would build edges7 "));
}

#[test]
fn the_catalogue_lists_every_table_with_its_build_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = korf()
        .args(["tables", "list", "--dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for k in TableKind::ALL {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{} ", k.name())))
            .unwrap_or_else(|| panic!("no line for {}: {text}", k.name()));
        assert!(
            line.contains("missing;") && line.contains("build: korf tables generate"),
            "{line}"
        );
        // Sizes never built here say so, and mark their build time and memory estimated.
        let built = k.descriptor().built_here;
        assert_eq!(line.contains("never built"), !built, "{line}");
        assert_eq!(line.contains(" ~"), !built, "{line}");
        if !k.descriptor().default_build {
            assert!(line.contains(&format!("--only {}", k.name())), "{line}");
        }
        assert!(
            line.contains(&korf_front::report::human_bytes(k.file_size())),
            "{line}"
        );
    }
    for h in korf::search::HeuristicKind::fastest_first() {
        assert!(
            text.lines()
                .any(|l| l.starts_with(&format!("{} ", h.name()))),
            "mode {} missing: {text}",
            h.name()
        );
    }
    assert!(text.contains("korf tables generate --memory auto"));
    // The sizes the catalogue states are the real files' sizes.
    let real = common::tables_dir();
    let mut checked = 0;
    for k in TableKind::ALL {
        if let Ok(m) = std::fs::metadata(real.join(k.file_name())) {
            assert_eq!(m.len(), k.file_size(), "{}", k.name());
            checked += 1;
        }
    }
    assert!(checked >= 3, "the default set is there");
}

#[test]
fn a_first_run_builds_the_small_tables_and_says_what_a_hard_position_costs() {
    // A fresh directory with only the corner and two-phase tables (linked, to save their
    // build time): the corner-parity coset table is missing and is built on first use.
    let dir = common::dir_with(&[TableKind::Corners, TableKind::Phase1, TableKind::Phase2]);
    let hard = common::list_position("optimal-18.txt", 0);
    let out = korf()
        // A machine with room for the large tables, whatever runs the test.
        .env("KORF_AVAILABLE_MEMORY", "16G")
        .env("KORF_AVAILABLE_DISK", "100G")
        .args(["solve", "--threads", "2", "--timeout", "3", "--tables"])
        .arg(dir.path())
        .args(["-s", &hard])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    // The small table was built, and said so first.
    assert!(stderr.contains("first run: generating"), "{stderr}");
    assert!(dir.path().join("coset-cp.pdb").exists());
    // The estimate, and the single command of a faster table, once.
    assert!(stderr.contains("korf: estimate: about"), "{stderr}");
    assert!(stderr.contains("if the optimum is 18 moves"), "{stderr}");
    assert_eq!(stderr.matches("korf: hint:").count(), 1, "{stderr}");
    // Which large table wins depends on the measured rates; it is one of them.
    assert!(
        predicate::str::is_match(format!(
            "korf tables generate --only ({}) --dir",
            TableKind::coset_tables()
                .iter()
                .map(|k| k.name())
                .filter(|&n| n != "coset" && n != "coset-cp")
                .collect::<Vec<_>>()
                .join("|")
        ))
        .unwrap()
        .eval(&stderr),
        "{stderr}"
    );
    // Stopped by the time limit: the best solution known, marked unproven, exit 1.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let first = stdout.lines().next().unwrap_or("");
    assert!(first.ends_with("f)") && !first.contains('*'), "{stdout}");
    let moves = first.rsplit_once(" (").unwrap().0;
    let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves(&hard).unwrap());
    assert!(cube
        .apply_moves(&korf::cube::parse_moves(moves).unwrap())
        .is_solved());
    assert!(
        stdout.contains("not proven optimal: timed out after"),
        "{stdout}"
    );
    assert!(stdout.contains("or fewer moves"), "{stdout}");
    // Nothing large was built behind the user's back.
    for k in TableKind::ALL {
        if !k.descriptor().default_build {
            assert!(
                !dir.path().join(k.file_name()).exists(),
                "{} built",
                k.name()
            );
            assert!(!k.checkpoint_path(dir.path()).exists());
        }
    }
    // An easy position says no estimate at all.
    let out = korf()
        .args(["solve", "--no-generate", "--tables"])
        .arg(dir.path())
        .args(["-s", "R U F D2 L B' R2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("estimate"));
}

#[test]
fn json_carries_the_prediction_and_a_stopped_solve_its_best() {
    let hard = common::list_position("optimal-18.txt", 0);
    let out = with_tables()
        .args([
            "solve",
            "--json",
            "--no-generate",
            "--heuristic",
            "coset",
            "--timeout",
            "1",
            "-s",
            &hard,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "timeout");
    assert_eq!(v["optimal"], false);
    assert!(v["predicted_nodes"].as_f64().unwrap() > 1e6);
    assert!(v["predicted_seconds"].as_f64().unwrap() > 1.0);
    assert_eq!(v["prediction"]["length"], 18);
    assert!(v["proven_lower_bound"].as_u64().unwrap() >= 10);
    // A stopped solve still answers when the two-phase tables are there.
    if let Some(s) = v["solution"].as_str() {
        let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves(&hard).unwrap());
        assert!(cube
            .apply_moves(&korf::cube::parse_moves(s).unwrap())
            .is_solved());
        assert!(v["length"].as_u64().unwrap() >= 18);
    }
    let easy = with_tables()
        .args(["solve", "--json", "--no-generate", "-s", "R U F"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&easy.stdout).unwrap();
    assert_eq!(v["optimal"], true);
    assert_eq!(v["proven_lower_bound"], 3);
    assert!(v["predicted_nodes"].as_f64().unwrap() < 1e3);
}

#[test]
fn completions_man_page_and_version() {
    for shell in ["bash", "zsh", "fish"] {
        let out = korf().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("korf") && text.contains("solve") && text.contains("heuristic"),
            "{shell}"
        );
    }
    korf().args(["completions", "tcsh"]).assert().code(2);
    korf()
        .arg("man")
        .assert()
        .success()
        .stdout(predicate::str::contains(".TH korf 1").and(predicate::str::contains("tables")));
    korf()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "korf {} (commit {}, table format {})",
            env!("CARGO_PKG_VERSION"),
            option_env!("KORF_BUILD_COMMIT").unwrap_or("unknown"),
            korf::tables::FORMAT_VERSION
        )));
}

#[test]
fn solve_all_lists_every_optimal_solution_then_the_count() {
    // Pons asinorum: six optimal solutions (the three axes' half-turn pairs in any order).
    let out = with_tables()
        .args([
            "solve",
            "--heuristic",
            "coset",
            "--all",
            "-s",
            "U2 D2 R2 L2 F2 B2",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert_eq!(lines[6], "6 optimal solutions of 6 moves");
    let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves("U2 D2 R2 L2 F2 B2").unwrap());
    let listed: Vec<_> = lines[..6]
        .iter()
        .map(|line| {
            assert!(line.ends_with("(6f*)"), "{line}");
            korf::cube::parse_moves(line.trim_end_matches(" (6f*)")).unwrap()
        })
        .collect();
    for moves in &listed {
        assert!(cube.apply_moves(moves).is_solved(), "{moves:?}");
    }
    // Sorted move by move in the order U R F D L B.
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(listed, sorted);
    // Within two moves more: the optimal one first, and only it carries a `*`.
    let out = with_tables()
        .args([
            "solve",
            "--heuristic",
            "coset",
            "--within",
            "2",
            "-s",
            "R2 U2 D2 F' R",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].ends_with("(5f*)"), "{text}");
    assert!(lines[1].ends_with("(7f)"), "{text}");
    assert_eq!(lines[2], "2 solutions of 5 to 7 moves (1 optimal)");
}

#[test]
fn solve_all_json_carries_the_list_and_whether_it_is_complete() {
    let out = with_tables()
        .args([
            "solve",
            "--heuristic",
            "coset",
            "--max-solutions",
            "2",
            "--json",
            "-s",
            "U2 D2 R2 L2 F2 B2",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let all = &v["all"];
    assert_eq!(all["count"], 2);
    assert_eq!(all["solutions"].as_array().unwrap().len(), 2);
    assert_eq!(all["complete"], false);
    assert_eq!(all["listing"], "capped");
    assert_eq!(all["optimal_length"], 6);
    assert_eq!(v["solution"], all["solutions"][0]);
    // Without the flags there is no list.
    let out = with_tables()
        .args(["solve", "--heuristic", "coset", "--json", "-s", "R U"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert!(v.get("all").is_none());
}

#[test]
fn all_solution_flags_are_checked() {
    for args in [
        vec!["--all", "--fast"],
        vec!["--within", "5"],
        vec!["--max-solutions", "0"],
        vec!["--all", "--checkpoint", "c.json"],
    ] {
        let out = with_tables()
            .args(["solve", "-s", "R U"])
            .args(&args)
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(!err.is_empty(), "{args:?}");
    }
}

#[test]
fn bench_all_adds_a_count_column_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("list.txt");
    std::fs::write(&list, "U2 D2 R2 L2 F2 B2\nR U\n").unwrap();
    let csv = dir.path().join("rows.csv");
    let out = with_tables()
        .args(["bench", "--heuristic", "coset", "--all", "--csv"])
        .arg(&csv)
        .arg(&list)
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains(" solutions\n"), "{text}");
    assert!(
        text.contains("solutions per position: min 1, median 6, max 6, total 7"),
        "{text}"
    );
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert!(rows.lines().next().unwrap().ends_with(",solutions"));
    assert!(rows.lines().nth(1).unwrap().ends_with(",6"), "{rows}");
    assert!(rows.lines().nth(2).unwrap().ends_with(",1"), "{rows}");
}

/// A quarter-turn search stopped by `--timeout` says what it proved in quarter turns.
#[test]
fn a_stopped_quarter_turn_search_counts_in_quarter_turns() {
    let dir = common::dir_with(korf::search::HeuristicKind::CosetQtm.tables());
    let out = korf()
        .env("KORF_TABLES", dir.path())
        .args(["solve", "--metric", "qtm", "--heuristic", "coset-qtm"])
        .args([
            "--no-upper-bound",
            "--timeout",
            "2",
            "-j",
            "1",
            SUPERFLIP_FACELETS,
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("or fewer quarter turns; "), "{stdout}");
    assert!(!stdout.contains("moves"), "{stdout}");
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`).
mod slow {
    use super::*;

    /// The staged walk and its lanes, as above, on the smallest three-axis table (the
    /// k = 3 coset table, 671 MiB).
    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn the_staged_walk_counts_the_same_nodes_in_either_code() {
        let dir = common::dir_with(korf::tables::HeuristicKind::Coset3.tables());
        assert_search_codes_agree(korf::tables::HeuristicKind::Coset3, dir.path());
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn heuristics_agree_and_are_named_in_the_output() {
        // Make sure the coset table exists beside Korf's tables.
        common::table_set_for(korf::search::HeuristicKind::Coset);
        let scramble = "R U2 F' L D2 B R' U F2 D'";
        let mut lengths = Vec::new();
        for h in ["korf", "coset", "all"] {
            let out = with_tables()
                .args([
                    "solve",
                    "--json",
                    "--no-generate",
                    "--heuristic",
                    h,
                    "-s",
                    scramble,
                ])
                .output()
                .unwrap();
            assert!(out.status.success(), "{h}");
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["heuristic"], h);
            assert_eq!(v["optimal"], true);
            lengths.push(v["length"].as_u64().unwrap());
        }
        assert!(lengths.iter().all(|&l| l == lengths[0]), "{lengths:?}");
        with_tables()
            .args(["solve", "--heuristic", "fastest", "-s", "R"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--heuristic"));
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn bench_compare_runs_each_heuristic_side_by_side() {
        common::table_set_for(korf::search::HeuristicKind::Coset);
        let out = with_tables()
            .args([
                "bench",
                "--no-generate",
                "--no-upper-bound",
                "--compare",
                "korf,coset",
                "benches/scrambles/easy.txt",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains("heuristic korf (corners + edges7 + edgeperm)"),
            "{text}"
        );
        assert!(
            text.contains("heuristic coset (corners + coset + edge-slices)"),
            "{text}"
        );
        let side: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("# side by side"))
            .collect();
        assert_eq!(side.len(), 4, "{text}");
        assert!(
            side[2].starts_with("korf") && side[3].starts_with("coset"),
            "{text}"
        );
        // Both runs solved every position of the list.
        let n = std::fs::read_to_string(crate::repo().join("benches/scrambles/easy.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .count();
        assert!(side[2].contains(&format!("{n}/{n}")) && side[3].contains(&format!("{n}/{n}")));
        // Each run's time per position against the first's: the first is itself.
        assert!(
            side[1].contains("mean ×") && side[1].contains("worst ×"),
            "{text}"
        );
        assert!(side[2].trim_end().ends_with("1.000    1.000"), "{text}");
        with_tables()
            .args([
                "bench",
                "--compare",
                "korf",
                "--heuristic",
                "coset",
                "x.txt",
            ])
            .assert()
            .code(2);
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn a_memory_budget_for_the_default_set_only_builds_what_is_missing() {
        // Everything but the k = 0 coset table present, with the parity table that is the
        // fastest whose build 300 MB fits (layerflips needs 306 MiB, coset-fcp 636): k = 0
        // alone is built (quickly) into the directory, the parity table is kept, and
        // nothing larger is planned.
        let mut others: Vec<TableKind> = TableKind::default_builds(None);
        others.retain(|&k| k != TableKind::Coset);
        others.push(TableKind::CosetFp);
        let dir = common::dir_with(&others);
        korf()
            .args(["tables", "generate", "--memory", "300M", "--dir"])
            .arg(dir.path())
            .assert()
            .success()
            .stderr(predicate::str::contains(
                "the fastest table that fits is coset-fp (",
            ));
        assert!(dir.path().join("coset.pdb").exists());
        for larger in [
            TableKind::LayerFlips,
            TableKind::CosetFcp,
            TableKind::Coset4,
        ] {
            assert!(!dir.path().join(larger.file_name()).exists());
        }
    }
}
