//! Batches of positions: one per line, read as bytes so that no line can stop the others.
//!
//! A batch (stdin, a scramble-list file) is read line by line.  A line that is not UTF-8,
//! holds a NUL byte, is longer than [`MAX_LINE`] bytes or is not a position is one bad
//! line, reported with its number; the lines before and after it are read as usual.  `#`
//! starts a comment; blank lines are skipped.  Each position line goes through the same
//! classifier as a command-line argument ([`korf::cube::parse_masked_position`]: facelets,
//! with `X` for grey stickers, or moves).

use korf::cube::{parse_masked_position, MaskedCube, PositionError};
use std::io::{self, BufRead};

/// The longest line read, in bytes (without its line end).  A facelet string is 54 bytes
/// and a 20-move sequence about 60; anything over this is not a position.
pub const MAX_LINE: usize = 4096;

/// Why one line of a batch is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The line is not valid UTF-8.
    #[error("not UTF-8 text (byte {offset} of the line starts an invalid sequence)")]
    NotUtf8 {
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// The line holds a NUL byte (a binary file?).
    #[error("holds a NUL byte at byte {offset} (is this a binary file?)")]
    Nul {
        /// Offset of the first NUL.
        offset: usize,
    },
    /// The line is longer than [`MAX_LINE`].
    #[error("{length} bytes long, over the {MAX_LINE}-byte limit of a line; a position is a 54-letter facelet string or a move sequence")]
    TooLong {
        /// Its length in bytes.
        length: usize,
    },
    /// The text is not a position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// One position line of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Its line number, from 1.
    pub number: usize,
    /// The text, without comment and surrounding blanks (for a bad line, a printable
    /// rendering with control characters escaped, cut to 80 characters).
    pub text: String,
    /// The position, or why the line is not one.
    pub position: Result<MaskedCube, LineError>,
}

/// The position lines of `reader` (comments and blank lines skipped), each read as bytes.
/// Only a failure to read at all (an I/O error) ends the iteration early, as its last item.
pub fn lines<R: BufRead>(reader: R) -> Lines<R> {
    Lines {
        reader,
        number: 0,
        buf: Vec::new(),
        done: false,
    }
}

/// The iterator of [`lines`].
pub struct Lines<R> {
    reader: R,
    number: usize,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Lines<R> {
    /// Read the next line into `buf` (at most `MAX_LINE + 1` bytes kept; the rest of an
    /// over-long line is skipped); its full length, or `None` at the end of input.
    fn next_raw(&mut self) -> io::Result<Option<usize>> {
        self.buf.clear();
        let mut length = 0usize;
        let mut any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then_some(length));
            }
            any = true;
            let (take, end) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = (MAX_LINE + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            length += take;
            self.reader.consume(take + end as usize);
            if end {
                return Ok(Some(length));
            }
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        while !self.done {
            let length = match self.next_raw() {
                Ok(Some(n)) => n,
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            self.number += 1;
            let mut bytes = &self.buf[..];
            if bytes.last() == Some(&b'\r') && length <= MAX_LINE {
                bytes = &bytes[..bytes.len() - 1];
            }
            if let Some(line) = classify(self.number, bytes, length) {
                return Some(Ok(line));
            }
        }
        None
    }
}

/// The line `number` with raw `bytes` (all of it when `length` is at most [`MAX_LINE`]),
/// or `None` for a blank or comment line.
fn classify(number: usize, bytes: &[u8], length: usize) -> Option<Line> {
    let bad = |error: LineError, bytes: &[u8]| Line {
        number,
        text: printable(bytes),
        position: Err(error),
    };
    if length > MAX_LINE {
        return Some(bad(LineError::TooLong { length }, bytes));
    }
    // The comment is cut at the first `#` byte: it never occurs inside a UTF-8 sequence,
    // so whatever follows it may be anything.
    let content = bytes.split(|&b| b == b'#').next().unwrap_or(&[]);
    if let Some(offset) = content.iter().position(|&b| b == 0) {
        return Some(bad(LineError::Nul { offset }, content));
    }
    let text = match std::str::from_utf8(content) {
        // A byte-order mark (at the start of a file some editors write) is no character.
        Ok(t) => t.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}'),
        Err(e) => {
            let offset = e.valid_up_to();
            return Some(bad(LineError::NotUtf8 { offset }, content));
        }
    };
    if text.is_empty() {
        return None;
    }
    Some(Line {
        number,
        text: text.to_string(),
        position: parse_masked_position(text).map_err(LineError::from),
    })
}

/// `bytes` for a message: invalid UTF-8 replaced, control characters escaped, at most 80
/// characters.
pub fn printable(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    for (i, c) in text.trim().chars().enumerate() {
        if i == 80 {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use korf::cube::Cube;

    fn read(input: &[u8]) -> Vec<(usize, Result<Cube, LineError>)> {
        lines(input)
            .map(|l| l.unwrap())
            .map(|l| (l.number, l.position.map(|p| p.complete().expect("whole"))))
            .collect()
    }

    #[test]
    fn lines_of_korf_scramble_are_the_position_both_halves_give() {
        // `korf scramble`'s lines: moves, a tab, the facelets.  Read as one move sequence
        // the facelet letters would be 54 more turns (a bug found by feeding its output
        // to `korf bench`).
        let moves = "B2 L' D2 B2 U2 R U2 L' U2 F2 U2 B' L D' B2 D2 R2 F' U2 R";
        let cube = Cube::from_moves(&korf::cube::parse_moves(moves).unwrap());
        let facelets = cube.to_facelets();
        let other = Cube::from_moves(&korf::cube::parse_moves("R U").unwrap());
        let text = format!(
            "{moves}\t{facelets}\n{moves}\t{}\n {moves} \t {facelets} \n",
            other.to_facelets()
        );
        let got = read(text.as_bytes());
        assert_eq!(got[0], (1, Ok(cube)));
        assert_eq!(
            got[1],
            (2, Err(LineError::Position(PositionError::Disagree)))
        );
        assert_eq!(got[2], (3, Ok(cube)));
    }

    #[test]
    fn bad_bytes_are_one_bad_line_each() {
        let mut input = b"R U\n# comment\n\n".to_vec();
        input.extend_from_slice(b"F \xff\xfe D\n");
        input.extend_from_slice(b"L\0B\n");
        input.extend_from_slice(&vec![b'U'; MAX_LINE + 10]);
        input.extend_from_slice(b"\nR2 # trailing comment \xff\r\nB'");
        let got = read(&input);
        let numbers: Vec<usize> = got.iter().map(|g| g.0).collect();
        assert_eq!(numbers, [1, 4, 5, 6, 7, 8]);
        assert!(got[0].1.is_ok());
        assert_eq!(got[1].1, Err(LineError::NotUtf8 { offset: 2 }));
        assert_eq!(got[2].1, Err(LineError::Nul { offset: 1 }));
        assert_eq!(
            got[3].1,
            Err(LineError::TooLong {
                length: MAX_LINE + 10
            })
        );
        let r2 = Cube::from_moves(&korf::cube::parse_moves("R2").unwrap());
        assert_eq!(got[4].1, Ok(r2));
        assert!(got[5].1.is_ok(), "the last line needs no line end");
    }

    #[test]
    fn a_line_at_the_limit_is_read_and_one_over_is_not() {
        let at = "U ".repeat(MAX_LINE / 2);
        let at = at.trim_end().to_string() + " ";
        assert_eq!(at.len(), MAX_LINE);
        let over = at.clone() + "U";
        let input = format!("{at}\n{over}\n");
        let got = read(input.as_bytes());
        assert!(got[0].1.is_ok());
        assert!(matches!(got[1].1, Err(LineError::TooLong { .. })));
    }

    #[test]
    fn messages_never_echo_control_bytes() {
        let t = printable(b"R\0U\x1b[31m");
        assert!(!t.chars().any(char::is_control), "{t:?}");
        assert!(printable(&[b'x'; 200]).chars().count() <= 81);
    }
}
