//! The 54-character facelet string (Kociemba's order) and its validation.
//!
//! Facelets are numbered U1..U9, R1..R9, F1..F9, D1..D9, L1..L9, B1..B9 (0..54).  Each face
//! is read row by row as seen from outside the cube, with U seen with B at the top, D with F
//! at the top, and the four side faces with U at the top.  Each character names the face
//! whose centre has that sticker's colour.  Any six distinct characters are accepted; each
//! face's centre sticker defines its key.

use super::{Cube, CORNERS, CORNER_NAMES, EDGES, EDGE_NAMES};

/// The solved cube's facelet string.
pub const SOLVED_FACELETS: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

pub(super) const FACE_CHARS: [u8; 6] = *b"URFDLB";
pub(super) const CENTRES: [usize; 6] = [4, 13, 22, 31, 40, 49];

/// Facelets of each corner position, starting with its U/D sticker, then clockwise.
pub(super) const CORNER_FACELETS: [[usize; 3]; CORNERS] = [
    [8, 9, 20],   // URF: U9 R1 F3
    [6, 18, 38],  // UFL: U7 F1 L3
    [0, 36, 47],  // ULB: U1 L1 B3
    [2, 45, 11],  // UBR: U3 B1 R3
    [29, 26, 15], // DFR: D3 F9 R7
    [27, 44, 24], // DLF: D1 L9 F7
    [33, 53, 42], // DBL: D7 B9 L7
    [35, 17, 51], // DRB: D9 R9 B7
];
/// Facelets of each edge position, reference sticker first.
pub(super) const EDGE_FACELETS: [[usize; 2]; EDGES] = [
    [5, 10],  // UR
    [7, 19],  // UF
    [3, 37],  // UL
    [1, 46],  // UB
    [32, 16], // DR
    [28, 25], // DF
    [30, 43], // DL
    [34, 52], // DB
    [23, 12], // FR
    [21, 41], // FL
    [50, 39], // BL
    [48, 14], // BR
];
/// Colours (face indices U R F D L B = 0..6) of each corner piece, in facelet order.
pub(super) const CORNER_COLOURS: [[u8; 3]; CORNERS] = [
    [0, 1, 2],
    [0, 2, 4],
    [0, 4, 5],
    [0, 5, 1],
    [3, 2, 1],
    [3, 4, 2],
    [3, 5, 4],
    [3, 1, 5],
];
pub(super) const EDGE_COLOURS: [[u8; 2]; EDGES] = [
    [0, 1],
    [0, 2],
    [0, 4],
    [0, 5],
    [3, 1],
    [3, 2],
    [3, 4],
    [3, 5],
    [2, 1],
    [2, 4],
    [5, 4],
    [5, 1],
];

/// Everything that can be wrong with a facelet string or a cubie position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FaceletError {
    /// Not 54 characters long (the count found).
    #[error("a facelet string has 54 characters (9 per face, in the order U R F D L B), this one has {0}")]
    Length(usize),
    /// Not 54 characters long, with one among them that is likely a slip (a digit, a
    /// no-break space, a letter found nowhere else): the colours counted and that character.
    #[error("a facelet string has 54 characters (9 per face, in the order U R F D L B), this one has {count}, and {} at character {position} is no colour: type the sticker's colour letter in its place", describe_char(*ch))]
    StrayCharacter {
        /// How many characters other than blanks the string has, the stray one included.
        count: usize,
        /// The stray character.
        ch: char,
        /// Where it is in the text as given, surrounding blanks left out (1-based).
        position: usize,
    },
    /// Two centres share a colour (the six centre characters).
    #[error("the six centres (characters 5, 14, 23, 32, 41, 50) must be six different colours, found `{0}`")]
    Centres(String),
    /// A character that is no centre's colour.
    #[error("character {} at position {position} is not the colour of any centre (centres are `{centres}`)", describe_char(*ch))]
    UnknownColour {
        /// The character.
        ch: char,
        /// Where (1-based).
        position: usize,
        /// The six centre characters.
        centres: String,
    },
    /// A colour that does not appear exactly 9 times.
    #[error("colour `{ch}` ({}: the {face} centre's colour) appears {count} times; every colour must appear exactly 9 times", colour_name(*face))]
    ColourCount {
        /// The character.
        ch: char,
        /// The face whose centre has that colour.
        face: char,
        /// How often it appears.
        count: usize,
    },
    /// A corner whose colours no corner piece has.
    #[error("the corner at {position} has colours `{colours}`, which no corner piece has")]
    BadCorner {
        /// Where (1-based).
        position: &'static str,
        /// Its colours.
        colours: String,
    },
    /// An edge whose colours no edge piece has.
    #[error("the edge at {position} has colours `{colours}`, which no edge piece has")]
    BadEdge {
        /// Where (1-based).
        position: &'static str,
        /// Its colours.
        colours: String,
    },
    /// A corner piece that appears twice.
    #[error("corner piece {name} appears twice (so another corner is missing)")]
    DuplicateCorner {
        /// The piece.
        name: &'static str,
    },
    /// An edge piece that appears twice.
    #[error("edge piece {name} appears twice (so another edge is missing)")]
    DuplicateEdge {
        /// The piece.
        name: &'static str,
    },
    /// Corner twists that do not add up to 0 mod 3.
    #[error("a corner is twisted: the corner twists add up to {twist} (mod 3) instead of 0 — one corner has been turned in place")]
    TwistedCorner {
        /// The sum of the twists, mod 3.
        twist: u32,
    },
    /// Edge flips that do not add up to an even number.
    #[error("an edge is flipped: the edge flips add up to an odd number — one edge has been turned over in place")]
    FlippedEdge,
    /// A centre marked as not mattering (`X` or `?`): the centres name the colours.
    #[error("the centre at character {position} is marked as not mattering; the six centres name the colours, so each must be given")]
    MaskedCentre {
        /// Where (1-based).
        position: usize,
    },
    /// With stickers that do not matter: a colour given more than 9 times.
    #[error("colour `{ch}` ({}: the {face} centre's colour) appears {count} times; a colour appears at most 9 times", colour_name(*face))]
    TooManyOfColour {
        /// The character.
        ch: char,
        /// The face whose centre has that colour.
        face: char,
        /// How often it appears.
        count: usize,
    },
    /// With stickers that do not matter: no way to place each piece of a kind once.
    #[error("the given stickers leave no way to place every {kind} piece exactly once (two positions need the same piece, or a piece has no place left)")]
    NoPlacement {
        /// `corner` or `edge`.
        kind: &'static str,
    },
    /// With stickers that do not matter: more legal cubes agree with the given stickers
    /// than korf searches one by one.
    #[error("{count} different cubes agree with the given stickers, and korf searches at most {limit} (one solve each): give the colours of more stickers (fewer `X`)")]
    TooManyCompletions {
        /// How many cubes agree.
        count: u128,
        /// The most korf searches.
        limit: usize,
    },
    /// Corner and edge permutations of different parity.
    #[error("permutation parity mismatch: corners and edges are permuted with different parity (two pieces have been swapped)")]
    Parity,
}

/// The colour korf's pictures give the face `face` (`U R F D L B`): the page, the
/// animated cube and `korf show` paint the U centre white, R red, F green, D yellow, L
/// orange and B blue.
pub(crate) fn colour_name(face: char) -> &'static str {
    match face {
        'U' => "white",
        'R' => "red",
        'F' => "green",
        'D' => "yellow",
        'L' => "orange",
        'B' => "blue",
        _ => "no face's colour",
    }
}

/// A character as an error message shows it: printable ones in backquotes, blanks and
/// invisible ones by their code point and name (a no-break space looks like nothing).
pub(crate) fn describe_char(ch: char) -> String {
    let name = match ch {
        ' ' => "space",
        '\t' => "tab",
        '\u{a0}' => "no-break space",
        '\u{2007}' => "figure space",
        '\u{202f}' => "narrow no-break space",
        '\u{200b}' => "zero-width space",
        '\u{2060}' => "word joiner",
        '\u{feff}' => "byte-order mark",
        '\u{ad}' => "soft hyphen",
        c if c.is_ascii_graphic() => return format!("`{c}`"),
        c if c.is_whitespace() => "blank",
        c if c.is_control() => "control character",
        c => return format!("`{c}` (U+{:04X})", c as u32),
    };
    format!("U+{:04X} ({name})", ch as u32)
}

/// The error for a facelet text of `count` colours instead of 54: naming the character
/// that is most likely a slip, if there is one.  `text` is the text as given, surrounding
/// blanks trimmed; a character found fewer than three times in it (a colour is found about
/// nine times), other than the ASCII blanks that separate groups, is taken for a slip.
/// One pass to count, one to find: a line of any length is answered at once.
pub(crate) fn length_error(text: &str, count: usize) -> FaceletError {
    let mut seen = std::collections::HashMap::<char, usize>::new();
    for c in text.chars() {
        *seen.entry(c).or_default() += 1;
    }
    let stray = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c != ' ' && c != '\t' && seen[&c] < 3);
    match stray {
        Some((i, ch)) => FaceletError::StrayCharacter {
            count,
            ch,
            position: i + 1,
        },
        None => FaceletError::Length(count),
    }
}

impl Cube {
    /// Parse and validate a 54-character facelet string.
    pub fn from_facelets(text: &str) -> Result<Cube, FaceletError> {
        let text = text.trim();
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 54 {
            return Err(length_error(text, chars.len()));
        }
        let centres: Vec<char> = CENTRES.iter().map(|&i| chars[i]).collect();
        for i in 0..6 {
            if centres[..i].contains(&centres[i]) {
                return Err(FaceletError::Centres(centres.iter().collect()));
            }
        }
        let mut faces = [0u8; 54];
        let mut counts = [0usize; 6];
        for (i, &ch) in chars.iter().enumerate() {
            let Some(f) = centres.iter().position(|&c| c == ch) else {
                return Err(FaceletError::UnknownColour {
                    ch,
                    position: i + 1,
                    centres: centres.iter().collect(),
                });
            };
            faces[i] = f as u8;
            counts[f] += 1;
        }
        for f in 0..6 {
            if counts[f] != 9 {
                return Err(FaceletError::ColourCount {
                    ch: centres[f],
                    face: FACE_CHARS[f] as char,
                    count: counts[f],
                });
            }
        }
        let name = |cols: &[u8]| -> String { cols.iter().map(|&f| centres[f as usize]).collect() };
        let mut cube = Cube::SOLVED;
        for i in 0..CORNERS {
            let cols = CORNER_FACELETS[i].map(|fi| faces[fi]);
            let ori = cols.iter().position(|&c| c == 0 || c == 3);
            let piece = ori.and_then(|ori| {
                let c1 = cols[(ori + 1) % 3];
                let c2 = cols[(ori + 2) % 3];
                (0..CORNERS)
                    .find(|&j| CORNER_COLOURS[j][1] == c1 && CORNER_COLOURS[j][2] == c2)
                    .filter(|&j| CORNER_COLOURS[j][0] == cols[ori])
                    .map(|j| (j, ori))
            });
            let Some((piece, ori)) = piece else {
                return Err(FaceletError::BadCorner {
                    position: CORNER_NAMES[i],
                    colours: name(&cols),
                });
            };
            cube.corners[i] = super::pack_corner(piece as u8, ori as u8);
        }
        for i in 0..EDGES {
            let cols = EDGE_FACELETS[i].map(|fi| faces[fi]);
            let found = (0..EDGES).find_map(|j| {
                if EDGE_COLOURS[j] == cols {
                    Some((j, 0))
                } else if EDGE_COLOURS[j] == [cols[1], cols[0]] {
                    Some((j, 1))
                } else {
                    None
                }
            });
            let Some((piece, flip)) = found else {
                return Err(FaceletError::BadEdge {
                    position: EDGE_NAMES[i],
                    colours: name(&cols),
                });
            };
            cube.edges[i] = super::pack_edge(piece as u8, flip);
        }
        cube.validate()?;
        Ok(cube)
    }

    /// The facelet string of this position, in the `URFDLB` letters.
    pub fn to_facelets(&self) -> String {
        let mut f = [0u8; 54];
        for i in 0..6 {
            f[9 * i..9 * i + 9].fill(FACE_CHARS[i]);
        }
        for i in 0..CORNERS {
            let (j, ori) = (self.corner(i) as usize, self.twist(i) as usize);
            for n in 0..3 {
                f[CORNER_FACELETS[i][(n + ori) % 3]] =
                    FACE_CHARS[CORNER_COLOURS[j % 8][n] as usize];
            }
        }
        for i in 0..EDGES {
            let (j, ori) = (self.edge(i) as usize, self.flip(i) as usize);
            for n in 0..2 {
                f[EDGE_FACELETS[i][(n + ori) % 2]] = FACE_CHARS[EDGE_COLOURS[j % 12][n] as usize];
            }
        }
        String::from_utf8(f.to_vec()).expect("facelet letters are ASCII")
    }
}
