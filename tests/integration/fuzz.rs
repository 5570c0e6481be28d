//! A fuzz harness for every parser that reads outside input: batch lines (as bytes),
//! positions (facelets or moves), move text, facelet strings and table headers.
//!
//! Inputs are drawn from a seeded generator (random bytes, random text over the cube's
//! alphabet and its near misses, and mutations of valid facelet strings, move sequences
//! and table headers).  Every input must be accepted or rejected with a named error —
//! never a panic, never a hang — and whatever is accepted must be what it claims: a
//! position that round-trips through its facelets, a header that re-encodes to itself.
//!
//! `KORF_FUZZ_COUNT` sets the number of inputs (default 1,000,000; `KORF_FUZZ_SEED` the
//! seed).  The run recorded in lab/2026-11-25-fault-suite-and-fuzzing.md used the default.

use korf::cube::{self, parse_moves, parse_position, Cube};
use korf::tables::{Header, HISTOGRAM_LEN};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

const ALPHABET: &[u8] = b"URFDLBurfdlb2'3 1\t#\r\n\0xyz0-()[]\xc3\xa9\xff";

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One input, of one of several kinds.
fn input(rng: &mut StdRng, valid_facelets: &str, valid_moves: &str) -> Vec<u8> {
    let mut v: Vec<u8> = match rng.gen_range(0..6) {
        // Random bytes.
        0 => (0..rng.gen_range(0..120)).map(|_| rng.gen()).collect(),
        // Text over the alphabet and its near misses.
        1 | 2 => (0..rng.gen_range(0..90))
            .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())])
            .collect(),
        // A valid facelet string, mutated.
        3 => valid_facelets.as_bytes().to_vec(),
        // A valid move sequence, mutated.
        4 => valid_moves.as_bytes().to_vec(),
        // Face letters only, of a length around 54.
        _ => (0..rng.gen_range(38..70))
            .map(|_| b"URFDLB"[rng.gen_range(0..6)])
            .collect(),
    };
    for _ in 0..rng.gen_range(0..4) {
        match rng.gen_range(0..4) {
            0 if !v.is_empty() => {
                let i = rng.gen_range(0..v.len());
                v[i] = ALPHABET[rng.gen_range(0..ALPHABET.len())];
            }
            1 if !v.is_empty() => {
                let (i, j) = (rng.gen_range(0..v.len()), rng.gen_range(0..v.len()));
                v.swap(i, j);
            }
            2 if !v.is_empty() => {
                v.remove(rng.gen_range(0..v.len()));
            }
            _ => {
                let i = rng.gen_range(0..=v.len());
                v.insert(i, ALPHABET[rng.gen_range(0..ALPHABET.len())]);
            }
        }
    }
    v
}

/// A header as korf writes them, for mutation.
fn sample_header() -> Vec<u8> {
    let mut histogram = [0u64; HISTOGRAM_LEN];
    histogram[..4].copy_from_slice(&[1, 18, 243, 2874]);
    Header {
        mod3: false,
        base: None,
        name: "corners".into(),
        entries: 3136,
        bits_per_entry: 4,
        max_depth: 3,
        payload_len: 1568,
        checksum: 0x1234_5678_9abc_def0,
        created_unix: 1_764_000_000,
        generation_millis: 7400,
        histogram,
        expanded: None,
        partial: None,
    }
    .to_bytes()
}

#[test]
fn no_parser_panics_hangs_or_accepts_nonsense() {
    let count = env_or("KORF_FUZZ_COUNT", 1_000_000);
    let mut rng = StdRng::seed_from_u64(env_or("KORF_FUZZ_SEED", 2026));
    let valid = cube::random_cube(&mut rng);
    let valid_facelets = valid.to_facelets();
    let valid_moves = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D' L B2 U' F";
    let header = sample_header();
    let path = std::path::Path::new("fuzz.pdb");
    let mut slowest = Duration::ZERO;
    let (mut accepted, mut rejected) = (0u64, 0u64);
    let mut batch = Vec::new();
    for n in 0..count {
        let start = Instant::now();
        if n % 10 == 9 {
            // A table header with a few bytes changed, or cut short.
            let mut h = header.clone();
            for _ in 0..rng.gen_range(1..4) {
                let i = rng.gen_range(0..h.len());
                h[i] = rng.gen();
            }
            if rng.gen_bool(0.1) {
                h.truncate(rng.gen_range(0..h.len()));
            }
            match Header::from_bytes(&h, path) {
                // Accepted only if its own checksums hold: it re-encodes to the same bytes.
                Ok(parsed) => {
                    assert_eq!(
                        parsed.to_bytes()[..],
                        h[..],
                        "header accepted but not canonical"
                    );
                    accepted += 1;
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    rejected += 1;
                }
            }
        } else {
            let bytes = input(&mut rng, &valid_facelets, valid_moves);
            match std::str::from_utf8(&bytes) {
                Ok(text) => {
                    match parse_position(text) {
                        Ok(c) => {
                            // A position is a solvable cube: it round-trips.
                            assert_eq!(Cube::from_facelets(&c.to_facelets()).unwrap(), c);
                            accepted += 1;
                        }
                        Err(e) => {
                            assert!(!e.to_string().is_empty());
                            rejected += 1;
                        }
                    }
                    if let Ok(seq) = parse_moves(text) {
                        assert_eq!(parse_moves(&cube::format_moves(&seq)).unwrap(), seq);
                    }
                    let _ = Cube::from_facelets(text);
                }
                Err(_) => rejected += 1,
            }
            // Every input is also one line of a batch read as bytes.
            batch.extend(bytes.iter().map(|&b| if b == b'\n' { b' ' } else { b }));
            batch.push(b'\n');
        }
        slowest = slowest.max(start.elapsed());
        if batch.len() > 1 << 20 || n + 1 == count {
            let lines = batch.iter().filter(|&&b| b == b'\n').count();
            let mut seen = 0;
            for line in korf_front::input::lines(&batch[..]) {
                let line = line.unwrap();
                assert!(line.number >= 1 && line.number <= lines);
                assert!(!line.text.contains('\0'));
                if let Err(e) = &line.position {
                    assert!(!e.to_string().is_empty());
                }
                seen += 1;
            }
            assert!(seen <= lines);
            batch.clear();
        }
    }
    eprintln!(
        "fuzz: {count} inputs, {accepted} accepted, {rejected} rejected, slowest {:.3} ms",
        slowest.as_secs_f64() * 1e3
    );
    assert!(
        slowest < Duration::from_secs(1),
        "an input took {slowest:?}"
    );
}

/// Standard base64 (`A–Z a–z 0–9 + /`, `=` padding), as `base64` writes the corpora.
fn from_base64(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let body = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for &c in body.as_bytes() {
        acc = acc << 6 | value(c)?;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[test]
fn base64_reads_as_the_coreutils_write_it() {
    assert_eq!(from_base64("aGVsbG8=").unwrap(), b"hello");
    assert_eq!(from_base64("AP8=").unwrap(), [0, 255]);
    assert_eq!(from_base64("YWJj").unwrap(), b"abc");
    assert!(from_base64("a b").is_none());
}

/// Every input of the coverage-guided fuzzers' committed corpora (`fuzz/corpus/<target>.b64`,
/// an input per line in base64, findings among them), replayed through the targets' own
/// bodies on the stable toolchain: a finding, once fixed, stays fixed.
#[test]
fn the_fuzz_corpora_replay_cleanly() {
    let fuzz = crate::repo().join("fuzz");
    let mut count = 0;
    for (name, target) in korf_front::fuzzing::TARGETS {
        let file = fuzz.join("corpus").join(format!("{name}.b64"));
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let mut inputs = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let data = from_base64(line)
                .unwrap_or_else(|| panic!("{} line {}: not base64", file.display(), i + 1));
            inputs.push((format!("{} line {}", file.display(), i + 1), data));
        }
        assert!(!inputs.is_empty(), "{}: no inputs", file.display());
        // The inputs that once failed, kept apart so that minimising a corpus never
        // drops them.
        let found = std::fs::read_dir(fuzz.join("regressions").join(name))
            .into_iter()
            .flatten()
            .flatten();
        for entry in found {
            inputs.push((
                entry.path().display().to_string(),
                std::fs::read(entry.path()).unwrap(),
            ));
        }
        for (from, data) in inputs {
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name}: {from} fails");
            count += 1;
        }
    }
    assert!(count >= korf_front::fuzzing::TARGETS.len(), "no corpus");
    eprintln!("{count} corpus inputs replayed");
}

/// The checkpoint target's seed (what its corpus started from) is a checkpoint it
/// accepts, and the same file for another position is refused, naming it.
#[test]
fn the_checkpoint_seed_is_accepted() {
    let seed = korf_front::fuzzing::checkpoint_seed();
    assert!(korf::search::checkpoint::fuzz_read(&seed).is_ok());
    let text = String::from_utf8(seed).unwrap();
    let solved = korf::cube::SOLVED_FACELETS;
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let other = text.replace(v["position"].as_str().unwrap(), solved);
    let why = korf::search::checkpoint::fuzz_read(other.as_bytes()).unwrap_err();
    assert!(why.contains("position"), "{why}");
}
