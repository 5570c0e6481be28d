//! The fault suite: what korf does with damaged tables, odd directories and bad input.
//!
//! Each row of [`CASES`] is a set-up (a copy of the test tables with one file damaged, a
//! stdin), a command, the exit code it must end with and fragments its output must hold.
//! A row that regresses names itself.  Cases that need more than one command (a recorded
//! failed verification, concurrent generation, a full disk) are tests of their own below.

use crate::common;

use korf::tables::TableKind;
use std::path::Path;

/// A 9-move position and what its optimal solution prints as.
const P9: &str = "R U F D2 L B' R2 U' F2";
const P9_PROVEN: &str = "(9f*)";

/// What is done to the copy of the tables before the command runs.
#[derive(Clone, Copy)]
enum Damage {
    /// Nothing.
    None,
    /// Flip one bit of `file` at `offset` (negative: from the end).
    Flip(&'static str, i64),
    /// Cut `file` short by this many bytes.
    Truncate(&'static str, u64),
    /// Replace `file` by a directory.
    Directory(&'static str),
    /// Zero every byte of `file` after its header.
    ZeroPayload(&'static str),
    /// Set every byte of `file` after its header to this value.
    Fill(&'static str, u8),
    /// Make `file` a symbolic link to itself.
    SymlinkLoop(&'static str),
}

struct Case {
    name: &'static str,
    damage: Damage,
    args: &'static [&'static str],
    stdin: &'static [u8],
    code: i32,
    stderr: &'static [&'static str],
    stdout: &'static [&'static str],
}

const HEADER: i64 = 4096;

const CASES: &[Case] = &[
    Case {
        name: "intact tables prove the optimum",
        damage: Damage::None,
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 0,
        stderr: &[],
        stdout: &[P9_PROVEN],
    },
    Case {
        name: "a flipped header byte",
        damage: Damage::Flip("coset.pdb", 20),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["coset.pdb", "rebuild"],
        stdout: &[],
    },
    Case {
        name: "a flipped first payload byte",
        damage: Damage::Flip("coset.pdb", HEADER),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["coset.pdb is corrupt", "--only coset --force"],
        stdout: &[],
    },
    Case {
        name: "a flipped byte in the middle",
        damage: Damage::Flip("coset.pdb", 30_000_000),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["coset.pdb is corrupt"],
        stdout: &[],
    },
    Case {
        name: "a flipped last byte",
        damage: Damage::Flip("coset.pdb", -1),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["coset.pdb is corrupt"],
        stdout: &[],
    },
    Case {
        name: "a flipped byte in the corner table",
        damage: Damage::Flip("corners.pdb", 20_000_000),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["corners.pdb is corrupt", "--only corners"],
        stdout: &[],
    },
    Case {
        name: "a flipped byte in a two-phase table (--fast)",
        damage: Damage::Flip("phase1.pdb", 40_000_000),
        args: &["solve", "--fast", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["phase1.pdb is corrupt"],
        stdout: &[],
    },
    Case {
        name: "--trust-tables uses a damaged table but proves nothing with it",
        damage: Damage::Flip("coset.pdb", 30_000_000),
        args: &["solve", "--trust-tables", "-s", P9],
        stdin: b"",
        code: 0,
        stderr: &[],
        stdout: &["(9f)\n", "not proven optimal", "korf tables verify"],
    },
    Case {
        name: "a zeroed phase-1 table is refused even when trusted",
        damage: Damage::ZeroPayload("phase1.pdb"),
        args: &["solve", "--fast", "--trust-tables", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["phase1.pdb is corrupt"],
        stdout: &[],
    },
    Case {
        name: "a phase-2 table of 0xFF is refused even when trusted",
        damage: Damage::Fill("phase2.pdb", 0xff),
        args: &["solve", "--fast", "--trust-tables", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["phase2.pdb is corrupt"],
        stdout: &[],
    },
    Case {
        name: "a damaged two-phase table costs an optimal solve its upper bounds, not its proof",
        damage: Damage::Flip("phase1.pdb", 40_000_000),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 0,
        stderr: &[
            "solving without two-phase upper bounds",
            "phase1.pdb is corrupt",
            "--only phase1 --force",
            "always checked",
        ],
        stdout: &[P9_PROVEN],
    },
    Case {
        name: "a damaged two-phase table's advice is the rebuild, not --trust-tables",
        damage: Damage::Flip("phase2.pdb", 100_000),
        args: &["solve", "--fast", "--trust-tables", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &[
            "phase2.pdb is corrupt",
            "--only phase2 --force",
            "--trust-tables does not skip them",
        ],
        stdout: &[],
    },
    Case {
        name: "garbled facelets with a stray digit are facelets, not 20 moves (issue 38, 7)",
        damage: Damage::None,
        args: &[
            "solve",
            "BDBUULRRF2LURBURUFFUFFRLRLDDFLDBDDRDLDFLURUBUFRLBLBBF",
        ],
        stdin: b"",
        code: 2,
        stderr: &[
            "a facelet string has 54 characters",
            "this one has 53, and `2` at character 10 is no colour",
        ],
        stdout: &[],
    },
    Case {
        name: "garbled facelets with a stray digit in a batch",
        damage: Damage::None,
        args: &["solve", "-"],
        stdin: b"R U\nUUUUUUUUURRRRRRRRRFFFF'FFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n",
        code: 2,
        stderr: &["stdin line 2", "this one has 55"],
        stdout: &["(2f*)"],
    },
    Case {
        name: "a no-break space in a sticker's place is named (issue 57)",
        damage: Damage::None,
        args: &[
            "solve",
            "UUUUUUUUURRRRRRRRRFF\u{a0}FFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
        ],
        stdin: b"",
        code: 2,
        stderr: &["this one has 53, and U+00A0 (no-break space) at character 21"],
        stdout: &[],
    },
    Case {
        name: "a facelet string given to --scramble is refused, not turned 54 times (issue 57)",
        damage: Damage::None,
        args: &[
            "solve",
            "-s",
            "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
        ],
        stdin: b"",
        code: 2,
        stderr: &["--scramble takes moves, and this is a facelet string"],
        stdout: &[],
    },
    Case {
        name: "a byte-order mark before the first line is no character",
        damage: Damage::None,
        args: &["solve", "-"],
        stdin: b"\xef\xbb\xbfR U\n\xef\xbb\xbf# a comment\n",
        code: 0,
        stderr: &[],
        stdout: &["(2f*)"],
    },
    Case {
        name: "empty stdin is an error, as an empty bench file is",
        damage: Damage::None,
        args: &["solve", "-"],
        stdin: b"",
        code: 2,
        stderr: &["no positions on stdin"],
        stdout: &[],
    },
    Case {
        name: "stdin of comments only is empty too",
        damage: Damage::None,
        args: &["solve", "-"],
        stdin: b"# nothing here\n\n",
        code: 2,
        stderr: &["no positions on stdin"],
        stdout: &[],
    },
    Case {
        name: "--fast with a --heuristic",
        damage: Damage::None,
        args: &["solve", "--fast", "--heuristic", "coset", "-s", P9],
        stdin: b"",
        code: 2,
        stderr: &["--fast uses the two-phase tables only"],
        stdout: &[],
    },
    Case {
        name: "an unreadable table is not a missing one",
        damage: Damage::SymlinkLoop("coset.pdb"),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["coset.pdb", "symbolic links"],
        stdout: &[],
    },
    Case {
        name: "a tables path that is a file",
        damage: Damage::None,
        args: &["solve", "--tables", "/dev/null", "-s", P9],
        stdin: b"",
        code: 2,
        stderr: &["/dev/null is not a directory"],
        stdout: &[],
    },
    Case {
        name: "a truncated table",
        damage: Damage::Truncate("corners.pdb", 1000),
        args: &["solve", "-s", P9],
        stdin: b"",
        code: 1,
        stderr: &["corners.pdb is truncated"],
        stdout: &[],
    },
    Case {
        name: "a line of invalid UTF-8 among good ones",
        damage: Damage::None,
        args: &["solve", "--fast", "-"],
        stdin: b"R U\nF \xff\xfe D\nL2 B\n",
        code: 2,
        stderr: &[
            "stdin line 2",
            "not UTF-8",
            "1 of 3 input lines were not positions",
        ],
        stdout: &["U' R' (2f)\n", "B' L2 (2f)\n"],
    },
    Case {
        name: "a NUL byte is reported, not echoed",
        damage: Damage::None,
        args: &["solve", "--fast", "-"],
        stdin: b"R\0U\nR U\n",
        code: 2,
        stderr: &["stdin line 1", "NUL", "R\\u{0}U"],
        stdout: &["(2f)\n"],
    },
    Case {
        name: "an over-long line",
        damage: Damage::None,
        args: &["solve", "--fast", "-"],
        stdin: &[b'R'; 5000],
        code: 2,
        stderr: &["stdin line 1", "5000 bytes long"],
        stdout: &[],
    },
    Case {
        name: "a facelet line with a sticker missing is not read as moves",
        damage: Damage::None,
        args: &["solve", "--fast", "-"],
        stdin: b"UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB\n",
        code: 2,
        stderr: &["this one has 53"],
        stdout: &[],
    },
    Case {
        name: "facelets written face by face",
        damage: Damage::None,
        args: &[
            "solve",
            "UUUUUUUUU RRRRRRRRR FFFFFFFFF DDDDDDDDD LLLLLLLLL BBBBBBBBB",
        ],
        stdin: b"",
        code: 0,
        stderr: &[],
        stdout: &["(0f*)"],
    },
    Case {
        name: "absurd thread counts",
        damage: Damage::None,
        args: &["solve", "--threads", "100000", "-s", P9],
        stdin: b"",
        code: 2,
        stderr: &["--threads 100000", "at most 1024"],
        stdout: &[],
    },
    Case {
        name: "a bench file without positions",
        damage: Damage::None,
        args: &["bench", "/dev/null"],
        stdin: b"",
        code: 2,
        stderr: &["no positions in /dev/null"],
        stdout: &[],
    },
    Case {
        name: "a table path that is a directory",
        damage: Damage::Directory("corners.pdb"),
        args: &["tables", "generate", "--only", "corners"],
        stdin: b"",
        code: 1,
        stderr: &["corners.pdb exists and is not a file"],
        stdout: &[],
    },
    Case {
        name: "verify checks what is there and names what is not",
        damage: Damage::Flip("coset.pdb", 30_000_000),
        args: &["tables", "verify"],
        stdin: b"",
        code: 1,
        // The failure names the table in the command that rebuilds it (issue 38, 8).
        stderr: &["verification failed: coset", "--only coset --force"],
        stdout: &[
            "corners: 88179840 entries, checksum ok",
            "coset: 110540520 entries, checksum MISMATCH",
            "phase2: 1935360 entries, checksum ok",
            "absent (not built): edges7, edgeperm",
        ],
    },
];

/// A directory holding the test tables of the coset heuristic and the two-phase solver:
/// links to the shared files, except a private copy of the one `damage` names.
fn tables_with(damage: Damage) -> tempfile::TempDir {
    let source = common::tables_dir();
    common::twophase_dir();
    let dir = tempfile::tempdir().unwrap();
    let damaged = match damage {
        Damage::None => None,
        Damage::Flip(f, _)
        | Damage::Truncate(f, _)
        | Damage::Directory(f)
        | Damage::ZeroPayload(f)
        | Damage::Fill(f, _)
        | Damage::SymlinkLoop(f) => Some(f),
    };
    for f in [
        "corners.pdb",
        "coset.pdb",
        "edge-slices.pdb",
        "phase1.pdb",
        "phase2.pdb",
    ] {
        let to = dir.path().join(f);
        if Some(f) == damaged {
            std::fs::copy(source.join(f), &to).unwrap();
        } else {
            std::os::unix::fs::symlink(source.join(f), &to).unwrap();
        }
    }
    match damage {
        Damage::None => {}
        Damage::Flip(f, offset) => flip(&dir.path().join(f), offset),
        Damage::Truncate(f, by) => {
            let p = dir.path().join(f);
            let len = std::fs::metadata(&p).unwrap().len();
            let file = std::fs::OpenOptions::new().write(true).open(&p).unwrap();
            file.set_len(len - by).unwrap();
        }
        Damage::Directory(f) => {
            let p = dir.path().join(f);
            std::fs::remove_file(&p).unwrap();
            std::fs::create_dir(&p).unwrap();
        }
        Damage::SymlinkLoop(f) => {
            let p = dir.path().join(f);
            std::fs::remove_file(&p).unwrap();
            std::os::unix::fs::symlink(f, &p).unwrap();
        }
        Damage::ZeroPayload(f) => fill(&dir.path().join(f), 0),
        Damage::Fill(f, byte) => fill(&dir.path().join(f), byte),
    }
    dir
}

/// Set every payload byte of `path` to `byte`.
fn fill(path: &Path, byte: u8) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[HEADER as usize..].fill(byte);
    std::fs::write(path, bytes).unwrap();
}

/// Flip the low bit of the byte at `offset` of `path` (negative: from the end).
fn flip(path: &Path, offset: i64) {
    let mut bytes = std::fs::read(path).unwrap();
    let i = if offset < 0 {
        bytes.len() - offset.unsigned_abs() as usize
    } else {
        offset as usize
    };
    bytes[i] ^= 1;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn every_fault_gets_its_exit_code_and_message() {
    let mut failures = Vec::new();
    for case in CASES {
        let dir = tables_with(case.damage);
        let mut c = crate::korf_command();
        c.env("KORF_TABLES", dir.path());
        c.args(case.args);
        // The optimal solves must not build anything behind the test's back.
        if case.args[0] == "solve" || case.args[0] == "bench" {
            c.arg("--no-generate");
        }
        c.write_stdin(case.stdin.to_vec());
        c.timeout(std::time::Duration::from_secs(60));
        let out = c.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut wrong = Vec::new();
        if out.status.code() != Some(case.code) {
            wrong.push(format!(
                "exit {:?}, expected {}",
                out.status.code(),
                case.code
            ));
        }
        for f in case.stderr {
            if !stderr.contains(f) {
                wrong.push(format!("stderr lacks {f:?}"));
            }
        }
        for f in case.stdout {
            if !stdout.contains(f) {
                wrong.push(format!("stdout lacks {f:?}"));
            }
        }
        if out.stderr.contains(&0) || out.stdout.contains(&0) {
            wrong.push("a raw NUL byte in the output".into());
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "{}: {}\n--- stdout\n{stdout}--- stderr\n{stderr}",
                case.name,
                wrong.join("; ")
            ));
        }
        // Nothing half-written is left behind.
        for e in std::fs::read_dir(dir.path()).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".tmp") || name.contains("partial") {
                failures.push(format!("{}: left {name} behind", case.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_table_that_failed_verification_is_refused_even_when_trusted() {
    let dir = tables_with(Damage::Flip("coset.pdb", 30_000_000));
    let table = dir.path().join("coset.pdb");
    let run = |args: &[&str]| {
        let mut c = crate::korf_command();
        c.env("KORF_TABLES", dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["tables", "verify", "--only", "coset"]);
    assert_eq!(out.status.code(), Some(1));
    // Undo the damage: the file is sound again, but the record of its failure stands
    // (it is tied to the header, which the flip did not touch) until it is re-verified
    // or rebuilt.
    flip(&table, 30_000_000);
    let out = run(&["solve", "--no-generate", "--trust-tables", "-s", P9]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("failed `korf tables verify`"), "{stderr}");
    // Verified again (every table here), it passes, and a trusted solve is a proof.
    assert!(run(&["tables", "verify"]).status.success());
    let out = run(&["solve", "--no-generate", "--trust-tables", "-s", P9]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(P9_PROVEN), "{stdout}");
}

#[test]
fn two_generations_into_one_directory_end_with_one_valid_table() {
    let dir = tempfile::tempdir().unwrap();
    let spawn = || {
        crate::korf_process()
            .args(["tables", "generate", "--only", "corners", "--dir"])
            .arg(dir.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert!(a.status.success() && b.status.success());
    let stderr = |o: &std::process::Output| String::from_utf8_lossy(&o.stderr).into_owned();
    // Started together, one of them had to wait for the other.
    assert!(
        stderr(&a).contains("waiting for it to finish")
            || stderr(&b).contains("waiting for it to finish"),
        "{}\n{}",
        stderr(&a),
        stderr(&b)
    );
    // The one that waited found the table there when it got the lock (issue 38, 8).
    assert!(
        stderr(&a).contains("not built again") || stderr(&b).contains("not built again"),
        "{}\n{}",
        stderr(&a),
        stderr(&b)
    );
    let t = korf::tables::Table::open(TableKind::Corners, dir.path(), false).unwrap();
    let v = t.verify();
    assert!(v.checksum_ok && v.histogram_ok);
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp") || n.contains("partial"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

#[test]
fn a_full_disk_leaves_no_table_that_loads_and_says_so() {
    // A file-size limit stands in for a full disk: writes past it fail (EFBIG) as they
    // would with ENOSPC.  SIGXFSZ is ignored so that the write returns the error.
    let dir = tempfile::tempdir().unwrap();
    let binary = crate::korf_binary();
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!(
            "trap '' XFSZ; ulimit -f 20000; exec '{}' tables generate --only corners --dir '{}'",
            binary.display(),
            dir.path().display()
        ))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert!(korf::tables::Table::open(TableKind::Corners, dir.path(), false).is_err());
    let left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn an_unwritable_tables_directory_is_refused_before_any_work() {
    let file = tempfile::NamedTempFile::new().unwrap();
    let start = std::time::Instant::now();
    let out = crate::korf_command()
        .args(["tables", "generate", "--only", "corners", "--dir"])
        .arg(file.path().join("tables"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot be written"), "{stderr}");
    assert!(start.elapsed().as_secs() < 5, "refused only after working");
}

#[test]
fn randomly_damaged_tables_used_anyway_never_panic_hang_or_mislead() {
    // With the checks skipped (--trust-tables), damage of any kind to a pattern database
    // may cost time or optimality, never more: the solve ends within its time limit with
    // a solution that solves the position (unproven: no `*`) or a named failure.
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(26);
    let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves(P9).unwrap());
    for round in 0..6 {
        let file = ["corners.pdb", "coset.pdb"][round % 2];
        let dir = tables_with(Damage::Flip(file, HEADER)); // a private copy of `file`
        let path = dir.path().join(file);
        let mut bytes = std::fs::read(&path).unwrap();
        let payload = HEADER as usize..bytes.len();
        if rng.gen_bool(0.5) {
            for _ in 0..rng.gen_range(1..2000) {
                let i = rng.gen_range(payload.clone());
                bytes[i] = rng.gen();
            }
        } else {
            let start = rng.gen_range(payload.clone());
            let end = (start + rng.gen_range(1..1 << 22)).min(bytes.len());
            bytes[start..end].fill(rng.gen());
        }
        std::fs::write(&path, bytes).unwrap();
        let started = std::time::Instant::now();
        let out = crate::korf_command()
            .env("KORF_TABLES", dir.path())
            .args(["solve", "--no-generate", "--trust-tables", "--timeout", "5"])
            .args(["--heuristic", "coset", "-s", P9])
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let what = format!("round {round} ({file}): {stdout}{stderr}");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{what}");
        assert!(started.elapsed().as_secs() < 30, "{what}");
        if let Some(line) = stdout.lines().find(|l| l.ends_with("f)")) {
            assert!(!line.contains('*'), "{what}");
            let moves = korf::cube::parse_moves(line.rsplit_once(" (").unwrap().0).unwrap();
            assert!(cube.apply_moves(&moves).is_solved(), "{what}");
        } else {
            assert!(stderr.contains("korf: error:"), "{what}");
        }
    }
}

#[test]
fn a_build_removes_the_temporary_files_of_killed_builds_and_refuses_a_file_as_directory() {
    let dir = tempfile::tempdir().unwrap();
    // Left by a process that no longer exists (pid 4194304 is above Linux's limit).
    let stale = dir.path().join(".coset.pdb.partial.4194304.0.tmp");
    std::fs::write(&stale, b"half a checkpoint").unwrap();
    let mine = dir.path().join("notes.tmp");
    std::fs::write(&mine, b"not korf's").unwrap();
    crate::korf_command()
        .args(["tables", "generate", "--only", "phase2", "--dir"])
        .arg(dir.path())
        .assert()
        .success();
    assert!(!stale.exists(), "the stale temporary file is still there");
    assert!(mine.exists(), "a file korf did not write was removed");
    let out = crate::korf_command()
        .args(["tables", "generate", "--only", "phase2", "--dir"])
        .arg(&mine)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it is not a directory"));
}

#[test]
fn a_table_changed_after_its_verification_gives_no_proof_when_trusted() {
    // Issue 38, 4: a passing `korf tables verify`, then the coset payload overwritten in
    // place (header untouched, so its checksum and creation time still match the record).
    let dir = tables_with(Damage::Flip("coset.pdb", 30_000_000));
    let table = dir.path().join("coset.pdb");
    flip(&table, 30_000_000); // a private, sound copy
    let run = |args: &[&str]| {
        crate::korf_command()
            .env("KORF_TABLES", dir.path())
            .args(args)
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap()
    };
    let solve = [
        "solve",
        "--no-generate",
        "--trust-tables",
        "--heuristic",
        "coset",
        "-s",
        "R U",
    ];
    // Every table here verified: a trusted solve's answer is then a proof.
    assert!(run(&["tables", "verify"]).status.success());
    let out = run(&solve);
    assert!(String::from_utf8_lossy(&out.stdout).contains("(2f*)"));
    std::thread::sleep(std::time::Duration::from_millis(20));
    let modified = std::fs::metadata(&table).unwrap().modified().unwrap();
    let mut bytes = std::fs::read(&table).unwrap();
    bytes[HEADER as usize..].fill(0);
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .open(&table)
            .unwrap();
        f.write_all(&bytes).unwrap();
        // The modification time put back, as `touch -r` would: the change time still moves.
        f.set_modified(modified).unwrap();
    }
    let out = run(&solve);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stdout.contains('*'),
        "a proof from a changed table: {stdout}"
    );
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("coset.pdb has changed since it passed"),
        "{stderr}"
    );
    assert!(!stderr.contains("pass --trust-tables"), "{stderr}");
    // `tables list` says the record no longer covers the file.
    let list = run(&["tables", "list"]);
    let text = String::from_utf8_lossy(&list.stdout);
    assert!(text.contains("the file has changed since"), "{text}");
}

/// Whether this process may mount file systems (root in its own namespace, as CI runs).
fn can_mount_tmpfs(at: &Path, size: &str) -> bool {
    std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
        .arg(at)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn a_tables_directory_without_search_permission_is_not_called_missing() {
    // Issue 38, 6: as a user other than root (root passes every permission check).
    let base = tempfile::Builder::new()
        .prefix("korf-perm")
        .tempdir_in("/tmp")
        .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(base.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let tables = base.path().join("tables");
    std::fs::create_dir(&tables).unwrap();
    std::fs::write(tables.join("corners.pdb"), b"x").unwrap();
    std::fs::write(tables.join("coset.pdb"), b"x").unwrap();
    std::fs::set_permissions(&tables, std::fs::Permissions::from_mode(0o644)).unwrap();
    // The binary, copied where any user may run it.
    let binary = base.path().join("korf");
    std::fs::copy(crate::korf_binary(), &binary).unwrap();
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(&binary)
        .args(["solve", "--no-generate", "--heuristic", "coset", "--tables"])
        .arg(&tables)
        .args(["-s", "R U"])
        .output();
    let out = match out {
        Ok(o) if !String::from_utf8_lossy(&o.stderr).contains("setpriv:") => o,
        _ => {
            eprintln!("skipped: cannot run as another user here (setpriv, root)");
            return;
        }
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("Permission denied"), "{stderr}");
    assert!(!stderr.contains("missing"), "{stderr}");
    assert!(stderr.contains("check the permissions"), "{stderr}");
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn a_disk_too_small_for_checkpoints_builds_without_and_a_retry_continues_a_partial() {
        // Issue 38, 5, on a real 60 MB file system.  The corner table is 42 MiB: it fits, but
        // a checkpoint beside the next one does not.
        let mnt = tempfile::tempdir().unwrap();
        if !can_mount_tmpfs(mnt.path(), "60m") {
            eprintln!("skipped: cannot mount a tmpfs here (needs root)");
            return;
        }
        struct Unmount<'a>(&'a Path);
        impl Drop for Unmount<'_> {
            fn drop(&mut self) {
                let _ = std::process::Command::new("umount").arg(self.0).status();
            }
        }
        let _unmount = Unmount(mnt.path());
        let generate = |dir: &Path, every: &str| {
            crate::korf_process()
                .env("KORF_CHECKPOINT_SECS", every)
                .args(["tables", "generate", "--only", "corners", "--dir"])
                .arg(dir)
                .output()
                .unwrap()
        };
        let built_and_sound = |out: std::process::Output| {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let t = korf::tables::Table::open(TableKind::Corners, mnt.path(), false).unwrap();
            let v = t.verify();
            assert!(v.checksum_ok && v.histogram_ok);
        };
        // 1. No partial: it fits without checkpoints, and is built.
        built_and_sound(generate(mnt.path(), "0"));
        std::fs::remove_file(mnt.path().join("corners.pdb")).unwrap();

        // 2. A real partial build (killed after its first checkpoints) put where only 18 MB
        // are left: refused before any work, naming the partial file, which is kept.
        let big = tempfile::tempdir().unwrap();
        let mut child = crate::korf_process()
            .env("KORF_CHECKPOINT_SECS", "0")
            .args(["tables", "generate", "--only", "corners", "--dir"])
            .arg(big.path())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let partial = TableKind::Corners.checkpoint_path(big.path());
        let started = std::time::Instant::now();
        while !partial.exists() && started.elapsed().as_secs() < 60 {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        let _ = child.kill();
        let _ = child.wait();
        if !partial.exists() {
            eprintln!("skipped: the build finished before it could be killed");
            return;
        }
        let copied = TableKind::Corners.checkpoint_path(mnt.path());
        std::fs::copy(&partial, &copied).unwrap();
        let filler = mnt.path().join("filler");
        std::fs::write(&filler, vec![1u8; 1 << 20]).unwrap();
        let out = generate(mnt.path(), "0");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(".corners.pdb.partial"), "{stderr}");
        assert!(stderr.contains("continues from it"), "{stderr}");
        assert!(copied.exists(), "the partial build was lost");

        // 3. Room made (the file system grown): the retry continues from the partial.
        let grown = std::process::Command::new("mount")
            .args(["-o", "remount,size=200m"])
            .arg(mnt.path())
            .status()
            .unwrap();
        assert!(grown.success());
        built_and_sound(generate(mnt.path(), "0"));
        assert!(
            !copied.exists(),
            "the partial build is left after the table is written"
        );
    }

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn a_solve_killed_at_several_points_resumes_from_its_checkpoint() {
        // A 16-move position with the k = 0 coset table: a few seconds of search, saved every
        // 0.2 s, killed twice (SIGKILL) and run to the end a third time.
        let position = common::list_position("optimal-16.txt", 1);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("solve.json");
        let command = || {
            let mut c = crate::korf_process();
            c.env("KORF_TABLES", common::tables_dir())
                .env("KORF_CHECKPOINT_EVERY_SECS", "0.2")
                .args([
                    "solve",
                    "--no-generate",
                    "--heuristic",
                    "coset",
                    "--threads",
                    "2",
                ])
                .args(["--no-upper-bound", "--checkpoint"])
                .arg(&file)
                .args(["-s", &position])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::null());
            c
        };
        let progress = || -> Option<(u64, u64)> {
            let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).ok()?).ok()?;
            let finished: u64 = v["finished"]
                .as_array()?
                .iter()
                .map(|r| r[1].as_u64().unwrap() - r[0].as_u64().unwrap() + 1)
                .sum();
            Some((v["bound"].as_u64()?, finished))
        };
        // Each run is killed once its checkpoint reports progress past what the run
        // before saved (not after a fixed time: a slow machine may not have saved
        // anything yet, a fast one may have finished).
        let mut seen = Vec::new();
        for _ in 0..2 {
            let before = seen.last().copied().flatten();
            let mut child = command().spawn().unwrap();
            let started = std::time::Instant::now();
            while child.try_wait().unwrap().is_none()
                && progress() <= before
                && started.elapsed() < std::time::Duration::from_secs(120)
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            if child.try_wait().unwrap().is_none() {
                child.kill().unwrap();
            }
            let _ = child.wait();
            seen.push(progress());
        }
        // Each run got further than the one before (it did not start over).
        assert!(seen[0].is_some(), "no checkpoint after the first run");
        assert!(seen[1] > seen[0], "{seen:?}");
        let out = command().output().unwrap();
        assert!(out.status.success());
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("(16f*)"), "{stdout}");
        let moves = stdout.trim().rsplit_once(" (").unwrap().0;
        let cube = korf::cube::Cube::from_moves(&korf::cube::parse_moves(&position).unwrap());
        assert!(cube
            .apply_moves(&korf::cube::parse_moves(moves).unwrap())
            .is_solved());
        // The finished file answers at once, and belongs to this position only.
        let again = command().output().unwrap();
        assert_eq!(String::from_utf8_lossy(&again.stdout), stdout);
        let other = crate::korf_command()
            .env("KORF_TABLES", common::tables_dir())
            .args([
                "solve",
                "--no-generate",
                "--heuristic",
                "coset",
                "--checkpoint",
            ])
            .arg(&file)
            .args(["-s", "R U F"])
            .output()
            .unwrap();
        assert_eq!(other.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&other.stderr).contains("checkpoint of another solve"));
    }
}
