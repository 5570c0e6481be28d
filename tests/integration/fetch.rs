//! `korf tables fetch` against a local HTTP server: a plain fetch, a connection dropped
//! mid-file (resumed with a Range request), a server that ignores Range, a damaged file
//! (refused and deleted), a missing one, and a URL that is not one.

use crate::common;
use korf::tables::TableKind;
use predicates::prelude::*;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

/// How the test server misbehaves.
#[derive(Clone, Copy, PartialEq)]
enum Host {
    /// Honours Range.
    Good,
    /// Closes the first connection a third of the way into the file; honours Range after.
    Drops,
    /// Closes the first connection part-way, then answers every request with the whole
    /// file (200), whatever Range asked.
    IgnoresRange,
    /// Serves the file with one payload byte changed.
    Damaged,
}

/// A server of `file` as `/tables/edge-slices.pdb` on a free port: its base URL, and the
/// Range header of each request it answered (`None` where there was none).
fn serve(file: Vec<u8>, host: Host) -> (String, Arc<Mutex<Vec<Option<String>>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/tables/", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    std::thread::spawn(move || {
        for (n, stream) in listener.incoming().enumerate() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let (mut path, mut range) = (String::new(), None);
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap_or(0) > 2 {
                if line.starts_with("GET ") {
                    path = line.split_whitespace().nth(1).unwrap_or("").to_string();
                }
                if let Some(v) = line
                    .strip_prefix("Range: bytes=")
                    .or(line.strip_prefix("range: bytes="))
                {
                    range = Some(v.trim().trim_end_matches('-').to_string());
                }
                line.clear();
            }
            log.lock().unwrap().push(range.clone());
            if path != "/tables/edge-slices.pdb" {
                let _ = stream.write_all(
                    b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
                );
                continue;
            }
            let mut body = file.clone();
            if host == Host::Damaged {
                let last = body.len() - 1;
                body[last] ^= 0x11;
            }
            let from: usize = match (host, &range) {
                (Host::IgnoresRange, _) => 0,
                (_, Some(r)) => r.parse().unwrap(),
                (_, None) => 0,
            };
            let status = if from > 0 {
                "206 Partial Content"
            } else {
                "200 OK"
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nContent-Range: bytes {from}-{}/{}\r\nConnection: close\r\n\r\n",
                body.len() - from,
                body.len() - 1,
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let cut = n == 0 && matches!(host, Host::Drops | Host::IgnoresRange);
            let end = if cut { body.len() / 3 } else { body.len() };
            let _ = stream.write_all(&body[from..end.max(from)]);
            let _ = stream.flush();
        }
    });
    (url, seen)
}

fn published() -> Vec<u8> {
    common::open_generated(TableKind::EdgeSlices);
    std::fs::read(common::test_table_path(TableKind::EdgeSlices)).unwrap()
}

fn fetch(url: &str, dir: &std::path::Path) -> assert_cmd::assert::Assert {
    crate::korf_command()
        .args(["tables", "fetch", url, "--only", "edge-slices", "--dir"])
        .arg(dir)
        .assert()
}

fn assert_installed(dir: &std::path::Path, file: &[u8]) {
    assert_eq!(std::fs::read(dir.join("edge-slices.pdb")).unwrap(), file);
    crate::korf_command()
        .args(["tables", "verify", "--only", "edge-slices", "--dir"])
        .arg(dir)
        .assert()
        .success();
}

#[test]
fn a_published_table_is_fetched_verified_and_then_not_fetched_again() {
    let file = published();
    let (url, seen) = serve(file.clone(), Host::Good);
    let dir = tempfile::tempdir().unwrap();
    fetch(&url, dir.path())
        .success()
        .stderr(predicate::str::contains(
            "edge-slices: verified and installed",
        ));
    assert_installed(dir.path(), &file);
    // Present and verified: the host is not asked again.
    fetch(&url, dir.path())
        .success()
        .stderr(predicate::str::contains("present").and(predicate::str::contains("not fetched")));
    assert_eq!(seen.lock().unwrap().len(), 1);
}

#[test]
fn a_dropped_connection_is_resumed_from_the_bytes_kept() {
    let file = published();
    let (url, seen) = serve(file.clone(), Host::Drops);
    let dir = tempfile::tempdir().unwrap();
    fetch(&url, dir.path())
        .success()
        .stderr(predicate::str::contains("resuming"));
    assert_installed(dir.path(), &file);
    let seen = seen.lock().unwrap();
    assert_eq!(seen[0].as_deref(), Some("0"));
    let resumed: u64 = seen[1].as_deref().unwrap().parse().unwrap();
    assert_eq!(resumed, file.len() as u64 / 3, "{seen:?}");
}

#[test]
fn a_server_that_ignores_range_sends_the_whole_file_again() {
    let file = published();
    let (url, _) = serve(file.clone(), Host::IgnoresRange);
    let dir = tempfile::tempdir().unwrap();
    fetch(&url, dir.path()).success();
    assert_installed(dir.path(), &file);
}

#[test]
fn a_damaged_file_is_refused_and_deleted() {
    let (url, _) = serve(published(), Host::Damaged);
    let dir = tempfile::tempdir().unwrap();
    fetch(&url, dir.path()).code(1).stderr(
        predicate::str::contains("failed its check").and(predicate::str::contains("not used")),
    );
    assert!(!dir.path().join("edge-slices.pdb").exists());
    assert!(!dir.path().join(".fetch").join("edge-slices.pdb").exists());
}

#[test]
fn a_table_the_host_does_not_publish_and_a_bad_url_are_named() {
    let (url, _) = serve(published(), Host::Good);
    let dir = tempfile::tempdir().unwrap();
    crate::korf_command()
        .args(["tables", "fetch", &url, "--only", "phase2", "--dir"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("not found (404)").and(predicate::str::contains(
                "korf tables generate --only phase2",
            )),
        );
    crate::korf_command()
        .args(["tables", "fetch", "tables/", "--dir"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not an http:// or https:// address",
        ));
    crate::korf_command()
        .args([
            "tables",
            "fetch",
            "http://:80/",
            "--only",
            "edge-slices",
            "--dir",
        ])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a valid URL"));
    assert!(
        !dir.path().join(".fetch").exists(),
        "no staging folder left empty"
    );
}

#[test]
fn a_run_stopped_part_way_resumes_from_its_part_file() {
    let file = published();
    let (url, seen) = serve(file.clone(), Host::Good);
    let dir = tempfile::tempdir().unwrap();
    // What a run killed after 100,000 bytes leaves.
    let staging = dir.path().join(".fetch");
    std::fs::create_dir_all(&staging).unwrap();
    std::fs::write(staging.join("edge-slices.pdb"), &file[..100_000]).unwrap();
    fetch(&url, dir.path()).success();
    assert_installed(dir.path(), &file);
    assert_eq!(*seen.lock().unwrap(), [Some("100000".to_string())]);
    assert!(
        !staging.exists(),
        "the staging folder is removed once empty"
    );
}

/// `--memory`: the fastest set a search can hold, chosen by the files' size and not by what
/// building them takes; `--dry-run` fetches nothing.
#[test]
fn memory_chooses_the_fastest_set_a_search_can_hold_even_where_its_build_would_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let plan = |memory: &str, env: &[(&str, &str)]| {
        let mut c = crate::korf_command();
        c.args([
            "tables",
            "fetch",
            "http://127.0.0.1:9/tables/",
            "--dry-run",
            "--memory",
            memory,
            "--dir",
        ])
        .arg(dir.path());
        for (k, v) in env {
            c.env(k, v);
        }
        c.assert()
    };
    // 3 GB available, less the headroom of --memory auto: the k = 4 table (1.4 GiB with
    // its set) is used within it, though building it takes 3.9 GiB.
    plan(
        "auto",
        &[
            ("KORF_AVAILABLE_MEMORY", "3G"),
            ("KORF_AVAILABLE_DISK", "100G"),
        ],
    )
    .success()
    .stdout(predicate::str::contains("coset4: would fetch"))
    .stderr(predicate::str::contains("building it here would need"));
    plan("250M", &[])
        .success()
        .stdout(
            predicate::str::contains("coset-fp: would fetch")
                .and(predicate::str::contains("phase1")),
        )
        .stderr(predicate::str::contains("its build would fit here too"));
    plan("10M", &[])
        .code(2)
        .stderr(predicate::str::contains("too little for any set"));
    plan("lots", &[])
        .code(2)
        .stderr(predicate::str::contains("not a size"));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "a dry run writes nothing"
    );
}
