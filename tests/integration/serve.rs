//! `korf serve` driven over HTTP as clients would: every endpoint, each error status, the
//! token, the origin rule, the queue limit, a client that leaves, many clients at once,
//! SIGTERM.  The server runs the real binary on an ephemeral port with the test tables.

use crate::common;
use korf::cube::{parse_moves, parse_position, Cube};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A running `korf serve`; killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    /// Start `korf serve` on an ephemeral loopback port with the coset tables and `extra`
    /// flags; wait until it listens.
    fn start(extra: &[&str]) -> Server {
        let dir = common::tables_dir();
        common::twophase_dir();
        let mut child = crate::korf_process()
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--heuristic",
                "coset",
                "--threads",
                "1",
                "--no-generate",
                "--tables",
            ])
            .arg(dir)
            .args(extra)
            .env_remove("KORF_TOKEN")
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let addr = loop {
            let line = lines
                .next()
                .expect("korf serve printed its address")
                .unwrap();
            if let Some(rest) = line.split("listening on http://").nth(1) {
                break rest.split('/').next().unwrap().parse().unwrap();
            }
        };
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                sink.lock().unwrap().push(line);
            }
        });
        Server { child, addr, log }
    }

    fn get(&self, path: &str) -> Reply {
        request(self.addr, "GET", path, &[], None)
    }

    fn post(&self, path: &str, body: &str) -> Reply {
        request(
            self.addr,
            "POST",
            path,
            &[("Content-Type", "application/json")],
            Some(body),
        )
    }

    fn health(&self) -> serde_json::Value {
        self.get("/v1/health").json()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, headers (names lower-case), body.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.0 request (the body then runs to the end of the connection: no chunks).
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Reply {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let mut head = format!("{method} {path} HTTP/1.0\r\nHost: {addr}\r\n");
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    let body = body.unwrap_or("");
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8(raw).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").expect("a response head");
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}

/// Send a request and leave the connection open (a client that is waiting; HTTP/1.1, as
/// browsers and curl speak it).
fn send_only(addr: SocketAddr, path: &str) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").as_bytes())
        .unwrap();
    s
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The solution in `record` solves the position in it.
fn assert_solves(record: &serde_json::Value) {
    let cube = Cube::from_facelets(record["facelets"].as_str().unwrap()).unwrap();
    let solution = parse_moves(record["solution"].as_str().expect("a solution")).unwrap();
    let mut c = cube;
    for m in &solution {
        c = c.apply_move(*m);
    }
    assert!(c.is_solved(), "{record}");
    assert_eq!(record["length"].as_u64().unwrap() as usize, solution.len());
}

/// A 17-move position: minutes with the coset tables on one thread.
fn hard() -> String {
    common::list_position("optimal-17.txt", 0)
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "waited 10 s for {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn it_solves_by_get_and_post_optimally_fast_and_all() {
    let s = Server::start(&[]);
    let r = s.get(&format!("/v1/solve?position={}", encode("R U R' U' F2")));
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    assert_eq!(
        (j["length"].as_u64(), j["optimal"].as_bool()),
        (Some(5), Some(true))
    );
    assert_eq!(j["status"], "solved");
    assert_solves(&j);

    let r = s.post(
        "/v1/solve",
        r#"{"position": "R U R' U' F2 D L", "mode": "fast"}"#,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    assert_eq!(
        (j["heuristic"].as_str(), j["optimal"].as_bool()),
        (Some("two-phase"), Some(false))
    );
    assert_solves(&j);

    let r = s.get(&format!("/v1/solve?position={}&mode=all", encode("R U")));
    let j = r.json();
    assert_eq!(j["all"]["optimal_length"], 2, "{j}");
    assert_eq!(j["all"]["solutions"].as_array().unwrap().len(), 1);

    // Facelets work as well as moves.
    let facelets = parse_position("F R").unwrap().to_facelets();
    let j = s.get(&format!("/v1/solve?position={facelets}")).json();
    assert_eq!(j["length"], 2);
    // One log line per request: method, path, status, time.
    wait_until("the log lines", || {
        s.log
            .lock()
            .unwrap()
            .iter()
            .filter(|l| l.contains("GET /v1/solve 200"))
            .count()
            >= 3
    });
}

/// The listed solutions of an answer's `all`, each with its AUF turns around it.
fn framed_solutions(all: &serde_json::Value) -> Vec<String> {
    let turns = |key: &str, i: usize| all[key][i].as_str().unwrap_or("").to_string();
    let solutions = all["solutions"].as_array().unwrap();
    (0..solutions.len())
        .map(|i| {
            let moves = solutions[i].as_str().unwrap();
            format!("{} {moves} {}", turns("start_auf", i), turns("end_auf", i))
        })
        .collect()
}

#[test]
fn it_reaches_a_target_and_solves_up_to_auf() {
    let s = Server::start(&[]);
    // A target: the solution takes the position there.
    let (scramble, target) = ("R U R' U' F2", "R U R' U' F2 D R2");
    let r = s.post(
        "/v1/solve",
        &format!(r#"{{"position": "{scramble}", "target": "{target}"}}"#),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    let moves = parse_moves(j["solution"].as_str().unwrap()).unwrap();
    let reached = parse_position(scramble).unwrap().apply_moves(&moves);
    assert_eq!(reached, parse_position(target).unwrap());
    assert_eq!(
        (j["length"].as_u64(), j["optimal"].as_bool()),
        (Some(2), Some(true))
    );
    assert_eq!(j["target"], parse_position(target).unwrap().to_facelets());
    // Up to AUF, every solution: each with its turns of U, each reaching solved.
    let position = "U R U R' U R U2 R' U2";
    let query = format!(
        "/v1/solve?position={}&mode=all&start_auf=true&end_auf=true",
        encode(position)
    );
    let j = s.get(&query).json();
    let all = &j["all"];
    assert_eq!(all["optimal_length"], 7, "{j}");
    let solutions = framed_solutions(all);
    assert!(!solutions.is_empty());
    for text in solutions {
        let c = parse_position(position).unwrap();
        assert!(
            c.apply_moves(&parse_moves(&text).unwrap()).is_solved(),
            "{text}"
        );
    }
    // AUF needs the optimal search; a bad target is named.
    let r = s.get("/v1/solve?position=R&mode=fast&end_auf=true");
    assert_eq!(r.status, 400, "{}", r.body);
    let r = s.post("/v1/solve", r#"{"position": "R", "target": "R Q"}"#);
    assert_eq!(r.status, 400);
    assert!(
        r.json()["error"].as_str().unwrap().starts_with("target: "),
        "{}",
        r.body
    );
}

#[test]
fn it_solves_stickers_that_do_not_matter_and_refuses_what_cannot_be() {
    let s = Server::start(&[]);
    // Sune's orientation case: every last-layer sticker that is not white is grey.
    let mut f: Vec<u8> = parse_position("R U2 R' U' R U' R'")
        .unwrap()
        .to_facelets()
        .into_bytes();
    for i in (0..9).chain([9, 10, 11, 18, 19, 20, 36, 37, 38, 45, 46, 47]) {
        if f[i] != b'U' {
            f[i] = b'X';
        }
    }
    let case = String::from_utf8(f).unwrap();
    let position = korf::cube::MaskedCube::from_facelets(&case).unwrap();
    let query = format!("/v1/solve?position={case}&mode=all&end_auf=true&start_auf=true");
    let r = s.get(&query);
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    assert_eq!(j["facelets"], case);
    let all = &j["all"];
    assert_eq!(all["optimal_length"], 7, "{j}");
    for text in framed_solutions(all) {
        assert!(position.solved_by(&parse_moves(&text).unwrap()), "{text}");
    }
    // The fast mode wants every sticker; a grey centre and all-grey are refused.
    let r = s.get(&format!("/v1/solve?position={case}&mode=fast"));
    assert_eq!(r.status, 400, "{}", r.body);
    let grey_centre = format!("{}X{}", &case[..4], &case[5..]);
    let r = s.get(&format!("/v1/solve?position={grey_centre}"));
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap().contains("centre"));
    let r = s.get(&format!("/v1/check?position={case}"));
    assert_eq!(r.json()["valid"], true, "{}", r.body);
    // Only R and U turns, per request.
    let r = s.get(&format!(
        "/v1/solve?position={case}&mode=all&end_auf=true&start_auf=true&moves=R,U"
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    assert_eq!(j["allowed_moves"], "U,R");
    for sol in j["all"]["solutions"].as_array().unwrap() {
        let moves = parse_moves(sol.as_str().unwrap()).unwrap();
        assert!(moves
            .iter()
            .all(|m| matches!(m.face(), korf::cube::Face::R | korf::cube::Face::U)));
    }
    let r = s.get("/v1/solve?position=R&mode=fast&moves=R,U");
    assert_eq!(r.status, 400, "{}", r.body);
    let r = s.get("/v1/solve?position=R&moves=R,Q");
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(
        r.json()["error"].as_str().unwrap().starts_with("moves: "),
        "{}",
        r.body
    );
}

#[test]
fn it_lists_slice_turn_solutions_in_the_metric_asked() {
    let s = Server::start(&[]);
    // A U permutation in M and U, counted in slice turns.
    let ua = encode("M2 U M U2 M' U M2");
    let r = s.get(&format!(
        "/v1/solve?position={ua}&mode=all&moves=M,U&metric=stm"
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    assert_eq!(
        (j["metric"].as_str(), j["length"].as_u64()),
        (Some("stm"), Some(7)),
        "{j}"
    );
    assert_eq!(j["allowed_moves"], "U,M");
    let listed: Vec<&str> = j["all"]["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(listed.contains(&"M2 U' M U2 M' U' M2"), "{listed:?}");
    let ua_cube = parse_position("M2 U M U2 M' U M2").unwrap();
    for text in &listed {
        let turns = korf::cube::parse_turns(text).unwrap();
        let after = korf::cube::Held::new(ua_cube).turns(&turns);
        assert!(after.cube.is_solved() && after.frame.is_home(), "{text}");
    }
    // QTM for face turns needs a server counting in quarter turns; a rotation in a move
    // set and an unknown metric are refused.
    for bad in ["moves=R,U&metric=qtm", "moves=M,x", "metric=etm"] {
        let r = s.get(&format!("/v1/solve?position=R&{bad}"));
        assert_eq!(r.status, 400, "{bad}: {}", r.body);
    }
    let r = s.get(&format!(
        "/v1/solve?position={}&moves=M,U&metric=qtm",
        encode("M U")
    ));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["solution"], "U' M' x'", "{}", r.body);
}

#[test]
fn health_openapi_tables_and_check_answer() {
    let s = Server::start(&[]);
    let h = s.health();
    assert_eq!(
        (h["status"].as_str(), h["heuristic"].as_str()),
        (Some("ok"), Some("coset"))
    );
    let doc = s.get("/v1/openapi.json").json();
    for path in [
        "/v1/health",
        "/v1/openapi.json",
        "/v1/solve",
        "/v1/solve/events",
        "/v1/solve/list",
        "/v1/check",
        "/v1/tables",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} undocumented");
    }
    let t = s.get("/v1/tables").json();
    assert!(t["tables"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["name"] == "coset" && x["in_use"] == true));
    // An impossible cube: the same words as `korf check`.
    let twisted = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".replacen(
        "UUUUUUUUUR",
        "UUUUUUUURU",
        1,
    );
    let c = s.get(&format!("/v1/check?position={twisted}")).json();
    assert_eq!(c["valid"], false);
    let cli = crate::korf_process()
        .args(["check", &twisted])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&cli.stderr);
    assert!(said.contains(c["error"].as_str().unwrap()), "{said} vs {c}");
    assert_eq!(s.get("/v1/check?position=R%20U").json()["valid"], true);
}

#[test]
fn bad_requests_get_json_errors_with_the_right_status() {
    let s = Server::start(&["--max-body", "2000", "--max-list", "3"]);
    let cases: &[(&str, &str, Option<&str>, u16, &str)] = &[
        ("GET", "/v1/solve?position=R%20X", None, 400, "X"),
        ("GET", "/v1/solve", None, 400, "position"),
        ("GET", "/v1/solve?position=R&mode=best", None, 400, "mode"),
        (
            "GET",
            "/v1/solve?position=R&within=1",
            None,
            400,
            "mode=all",
        ),
        (
            "GET",
            "/v1/solve?position=R&timeout=-1",
            None,
            400,
            "timeout",
        ),
        (
            "POST",
            "/v1/solve",
            Some(r#"{"position": "R", "colour": 1}"#),
            400,
            "colour",
        ),
        ("POST", "/v1/solve", Some("not json"), 400, ""),
        ("GET", "/v1/nothing", None, 404, "/v1/nothing"),
        ("DELETE", "/v1/solve", None, 405, "method"),
        (
            "POST",
            "/v1/solve/list",
            Some(r#"{"positions": ["R","U","F","B"]}"#),
            413,
            "limit",
        ),
        (
            "POST",
            "/v1/solve/list",
            Some(r#"{"positions": []}"#),
            400,
            "empty",
        ),
        (
            "POST",
            "/v1/solve/list",
            Some(r#"{"positions": ["R"], "timeout": 0}"#),
            400,
            "timeout",
        ),
        (
            "POST",
            "/v1/solve/list",
            Some(r#"{"positions": ["R"], "mode": "all"}"#),
            400,
            "mode=all",
        ),
    ];
    for &(method, path, body, status, words) in cases {
        let headers: &[(&str, &str)] = if body.is_some() {
            &[("Content-Type", "application/json")]
        } else {
            &[]
        };
        let r = request(s.addr, method, path, headers, body);
        assert_eq!(r.status, status, "{method} {path}: {}", r.body);
        let j = r.json();
        assert_eq!(j["status"], status);
        assert!(
            j["error"].as_str().unwrap().contains(words),
            "{method} {path}: {j}"
        );
    }
    let long = s.get(&format!("/v1/check?position={}", "R".repeat(4100)));
    assert_eq!(long.status, 400, "{}", long.body);
    assert!(long.json()["error"]
        .as_str()
        .unwrap()
        .contains("4096-byte limit"));
    let big = format!(r#"{{"position": "{}"}}"#, "R ".repeat(2000));
    assert_eq!(s.post("/v1/solve", &big).status, 413);
    let r = request(
        s.addr,
        "POST",
        "/v1/solve",
        &[],
        Some(r#"{"position": "R"}"#),
    );
    assert_eq!(r.status, 415, "{}", r.body);
    // The server is still up and answering.
    assert_eq!(s.health()["status"], "ok");
}

#[test]
fn a_token_guards_the_api_but_not_health() {
    let s = Server::start(&["--token", "s3cret"]);
    let path = "/v1/solve?position=R";
    assert_eq!(s.get(path).status, 401);
    let wrong = request(
        s.addr,
        "GET",
        path,
        &[("Authorization", "Bearer s3cre")],
        None,
    );
    assert_eq!(wrong.status, 401);
    assert!(wrong.json()["error"]
        .as_str()
        .unwrap()
        .contains("Authorization: Bearer"));
    let right = request(
        s.addr,
        "GET",
        path,
        &[("Authorization", "Bearer s3cret")],
        None,
    );
    assert_eq!(right.status, 200, "{}", right.body);
    assert_eq!(s.get("/v1/health").status, 200);
}

#[test]
fn another_address_needs_a_token_or_a_loud_opt_out() {
    let out = crate::korf_process()
        .args([
            "serve",
            "--listen",
            "0.0.0.0:0",
            "--no-generate",
            "--tables",
        ])
        .arg(common::tables_dir())
        .env_remove("KORF_TOKEN")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("--token") && said.contains("--no-token"),
        "{said}"
    );
}

#[test]
fn pages_of_other_origins_are_refused_unless_allowed() {
    let s = Server::start(&["--cors", "https://cube.example"]);
    let path = "/v1/solve?position=R";
    let other = request(
        s.addr,
        "GET",
        path,
        &[("Origin", "https://evil.example")],
        None,
    );
    assert_eq!(other.status, 403);
    assert!(other.json()["error"].as_str().unwrap().contains("--cors"));
    let allowed = request(
        s.addr,
        "GET",
        path,
        &[("Origin", "https://cube.example")],
        None,
    );
    assert_eq!(allowed.status, 200, "{}", allowed.body);
    let own = format!("http://{}", s.addr);
    assert_eq!(
        request(s.addr, "GET", path, &[("Origin", &own)], None).status,
        200
    );
}

#[test]
fn a_full_queue_answers_429_and_clients_that_leave_cancel_their_solves() {
    let s = Server::start(&["--workers", "1", "--queue", "1"]);
    let path = format!("/v1/solve?position={}", encode(&hard()));
    let a = send_only(s.addr, &path);
    wait_until("the first solve to run", || {
        s.health()["optimal_solves"]["running"] == 1
    });
    let b = send_only(s.addr, &path);
    wait_until("the second to wait", || {
        s.health()["optimal_solves"]["waiting"] == 1
    });
    let r = s.get(&path);
    assert_eq!(r.status, 429, "{}", r.body);
    assert!(r.header("retry-after").is_some());
    // Fast solves never wait behind optimal ones.
    let start = Instant::now();
    let f = s.get(&format!("{path}&mode=fast"));
    assert_eq!(f.status, 200);
    assert!(start.elapsed() < Duration::from_secs(2));
    drop(a);
    drop(b);
    wait_until("both solves cancelled", || {
        let h = s.health();
        h["optimal_solves"]["running"] == 0 && h["optimal_solves"]["waiting"] == 0
    });
}

#[test]
fn progress_streams_as_server_sent_events_then_the_result() {
    let s = Server::start(&[]);
    let r = s.get(&format!(
        "/v1/solve/events?position={}&timeout=1.5",
        encode(&hard())
    ));
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/event-stream"));
    let events: Vec<(&str, &str)> = r
        .body
        .split("\n\n")
        .filter_map(|e| {
            let kind = e.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = e.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((kind, data))
        })
        .collect();
    let progress: Vec<_> = events.iter().filter(|(k, _)| *k == "progress").collect();
    assert!(progress.len() >= 3, "{}", r.body);
    let p: serde_json::Value = serde_json::from_str(progress[0].1).unwrap();
    for field in [
        "bound",
        "nodes",
        "nodes_per_second",
        "estimated_seconds_left",
    ] {
        assert!(p.get(field).is_some(), "{field} in {p}");
    }
    let (kind, data) = events.last().unwrap();
    assert_eq!(*kind, "result");
    let result: serde_json::Value = serde_json::from_str(data).unwrap();
    assert_eq!(
        (result["status"].as_str(), result["optimal"].as_bool()),
        (Some("timeout"), Some(false))
    );
    assert_solves(&result);
}

#[test]
fn a_list_is_answered_line_by_line_in_order() {
    let s = Server::start(&[]);
    let r = s.post(
        "/v1/solve/list",
        r#"{"positions": ["R U", "R X", "F2 D'"], "mode": "optimal"}"#,
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/x-ndjson"));
    let lines: Vec<serde_json::Value> = r
        .body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["index"], 1);
    assert_solves(&lines[0]);
    assert_eq!(
        (lines[1]["index"].as_u64(), lines[1]["status"].as_u64()),
        (Some(2), Some(400))
    );
    assert_eq!(lines[2]["length"], 2);
}

#[test]
fn many_fast_solves_at_once_are_all_answered_correctly() {
    let s = Server::start(&[]);
    let addr = s.addr;
    let mut rng = 7u64;
    let positions: Vec<String> = (0..200)
        .map(|_| {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            korf::cube::random_cube(
                &mut <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(rng),
            )
            .to_facelets()
        })
        .collect();
    let threads: Vec<_> = positions
        .chunks(10)
        .map(|chunk| {
            let chunk = chunk.to_vec();
            std::thread::spawn(move || {
                for p in chunk {
                    let r = request(
                        addr,
                        "GET",
                        &format!("/v1/solve?mode=fast&position={p}"),
                        &[],
                        None,
                    );
                    assert_eq!(r.status, 200, "{}", r.body);
                    let j = r.json();
                    assert_eq!(j["facelets"].as_str(), Some(p.as_str()));
                    assert_solves(&j);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn sigterm_answers_the_solves_in_flight_as_interrupted_and_exits_0() {
    let mut s = Server::start(&[]);
    let addr = s.addr;
    let path = format!("/v1/solve?position={}", encode(&hard()));
    let client = std::thread::spawn(move || request(addr, "GET", &path, &[], None));
    wait_until("the solve to run", || {
        s.health()["optimal_solves"]["running"] == 1
    });
    let pid = s.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let r = client.join().unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["status"], "interrupted");
    let start = Instant::now();
    let code = loop {
        if let Some(st) = s.child.try_wait().unwrap() {
            break st.code();
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "still running 10 s after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(code, Some(0));
}
