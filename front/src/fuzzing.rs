//! The bodies of the fuzz targets (`fuzz/`, cargo-fuzz): untrusted bytes read as korf
//! reads them, with the properties every answer must have asserted (a violated one
//! panics, which is what the fuzzer looks for).  The integration tests replay the
//! committed corpora through the same functions on the stable toolchain.  Not part of the
//! API.

use korf::cube::{self, Cube};

/// Any text as a position (a command-line argument or a batch line): read as facelets or
/// moves by the one classifier, or refused with a named error.  What is accepted is a
/// solvable cube that round-trips through its facelets; a move text that parses is undone
/// by its inverse and prints as text that reads back to it.
pub fn position(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match cube::parse_position(&text) {
        Ok(c) => assert_eq!(
            Cube::from_facelets(&c.to_facelets()).ok(),
            Some(c),
            "{text:?}"
        ),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    if let Some(letters) = cube::facelet_attempt(&text) {
        let _ = Cube::from_facelets(&letters);
    }
    if let Ok(moves) = cube::parse_moves(&text) {
        let undo: Vec<_> = moves.iter().rev().map(|m| m.inverse()).collect();
        assert!(Cube::from_moves(&moves).apply_moves(&undo).is_solved());
        let again = cube::parse_moves(&cube::format_moves(&moves)).expect("own output parses");
        assert_eq!(&again[..], &moves[..]);
    }
}

/// Any bytes as a batch (stdin of `korf solve -`, a bench file): every line is a position
/// or one bad line with its number, the numbers only grow, and every error has words.
pub fn batch_lines(data: &[u8]) {
    let mut last = 0;
    for line in crate::input::lines(data) {
        let line = line.expect("reading a slice cannot fail");
        assert!(line.number > last);
        last = line.number;
        if let Err(e) = &line.position {
            assert!(!e.to_string().is_empty());
        }
    }
}

/// Any bytes as a table file's header: refused with a named error, or a header that
/// encodes back to the same bytes.
pub fn table_header(data: &[u8]) {
    match korf::tables::Header::from_bytes(data, std::path::Path::new("fuzz.pdb")) {
        Ok(h) => {
            let again = h.to_bytes();
            assert_eq!(&again[..], &data[..again.len()]);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

/// Any bytes as a solve's `--checkpoint` file: resumed from, or refused with a message.
pub fn checkpoint(data: &[u8]) {
    if let Err(why) = korf::search::checkpoint::fuzz_read(data) {
        assert!(!why.is_empty());
    }
}

/// A checkpoint [`checkpoint`] accepts, to start its corpus from.
pub fn checkpoint_seed() -> Vec<u8> {
    korf::search::checkpoint::fuzz_seed()
}

/// Any bytes as a run's `--out` result file: the lines done, or refused with a message.
pub fn results(data: &[u8]) {
    if let Err(why) = crate::batch::fuzz_read_results(data) {
        assert!(!why.is_empty());
    }
}

/// A fuzz target's body.
pub type Target = fn(&[u8]);

/// The targets by name, as `fuzz/` and the corpus replay know them.
pub const TARGETS: [(&str, Target); 5] = [
    ("position", position),
    ("batch_lines", batch_lines),
    ("table_header", table_header),
    ("checkpoint", checkpoint),
    ("results", results),
];
